// ValidateForWorld: every corner of every emitter's stored bounds inside its compiled sector.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "particles/escapes.hpp"
#include "particles/model.hpp"
#include "world/world.hpp"

namespace kiln::world {

// One corner of an emitter's bounds against its sector: the plane it is farthest outside of (or
// closest to, when inside) and that signed distance (world units, positive = outside).
struct CornerFit {
  int corner = 0;        // bit 0 → max x, bit 1 → max y, bit 2 → max z (as particles::corners)
  std::string plane;     // "wall 2", "floor" or "ceiling"
  double distance = 0;   // > 0 means outside
  double x = 0, y = 0, z = 0;  // the corner itself
  bool inside() const { return distance <= 0; }
};

struct EmitterFit {
  std::uint32_t emitter = 0;
  std::uint32_t sector = 0;
  bool sectorExists = false;        // false: corners are left default
  std::array<CornerFit, 8> corners{};
  bool inside() const;
  // The corner farthest outside (largest distance).
  const CornerFit& worst() const;
};

// Why an envelope corner is outside a plane: the emitter position's own signed distance plus
// what each term of the bounds (docs/particles.md, "Conservative bounds") adds along the
// plane's outward normal. The terms sum to the corner's distance up to float32 rounding.
struct FitTerms {
  double position = 0;   // the emitter position's signed distance (negative = inside)
  double spawn = 0;      // spawn box half extents (scaled)
  double motion = 0;     // velocity, acceleration and drag over the lifetime (scaled)
  double billboard = 0;  // the sprite's half-diagonal (largest size key, scaled)
  double margin = 0;     // the float32 evaluation margin
};

// The terms for `fit.worst()` of an emitter that lies outside; the preset must be valid.
FitTerms explainCorner(const Sector& s, const particles::Preset& p, const particles::Emitter& e,
                       const CornerFit& corner);

// "(max x, min y, max z)"
std::string cornerName(int corner);

// The sector's walls, floor and ceiling as planes named as CornerFit names them ("wall 0" …,
// "floor", "ceiling"), each measuring the same signed distance as planeDistances.
std::vector<particles::Plane> sectorPlanes(const Sector& s);

// One emitter (document index `index`) against its sector.
EmitterFit fitEmitter(const World& w, const particles::Emitter& e, std::uint32_t index);

// The structured form the viewer draws: one entry per emitter, in document order.
// The world must be valid.
std::vector<EmitterFit> fitEmitters(const World& w, const particles::Document& doc);

// missing-sector when an emitter's sector index is out of range; outside-sector when any corner
// lies outside, naming the emitter, the worst corner, its plane and distance. Paths are
// "emitters.NAME.sector" and "emitters.NAME.bounds".
core::Diagnostics validateForWorld(const World& w, const particles::Document& doc);

}  // namespace kiln::world
