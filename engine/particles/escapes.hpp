// Where and when an actual particle leaves a region: the evidence behind a forged bound or a
// sector misfit. The search is analytic (each birth's distance to each plane is unimodal between
// size keys, so its extremum and first crossing are solved, not sampled), and every moment it
// reports is re-measured through the reference evaluator, so `kiln eval` at that time shows it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "particles/model.hpp"

namespace kiln::particles {

// One side of a convex region: the signed distance n·p − offset is positive outside.
// `normal` has unit length.
struct Plane {
  std::string name;  // "max.z", "wall 3", "floor", …
  Vec3 normal;
  double offset = 0;
  double distance(const Vec3& p) const { return normal.x * p.x + normal.y * p.y + normal.z * p.z - offset; }
};

// The six faces of a box with outward normals, in the order min.x, max.x, min.y, max.y, min.z,
// max.z (as particles::corners and the bounds inspector name them).
std::vector<Plane> boxPlanes(const Bounds& b);

// A billboard's half-diagonal: a square of edge `size` turned any way keeps its corners on the
// sphere of this radius about its centre, so this is how far it reaches past its centre along
// any direction.
double halfDiagonal(double size);

// One particle at one moment against one plane, as the reference evaluator computes it.
struct EscapeMoment {
  double time = 0;  // level time
  std::uint32_t slot = 0, birth = 0;
  std::int64_t cycle = 0;
  double age = 0, lifetime = 0;
  Vec3 position;            // the billboard's centre, world space
  double halfDiagonal = 0;  // of its size at that age (scale applied)
  std::size_t plane = 0;    // index into the planes searched
  double distance = 0;      // plane.distance(position) + halfDiagonal: > 0 means outside
};

struct EscapeOptions {
  // A cycling emitter draws fresh particles every cycle, forever: the cycles that start before
  // this level time are searched (at least the first), each particle over its whole life.
  double until = 60;
  // At most this many particles are followed; a horizon that would pass it stops at the last
  // whole cycle that fits (EscapeSearch::until says where).
  std::uint64_t maxParticles = 2'000'000;
};

struct EscapeSearch {
  // The earliest moment any particle's billboard is outside any of the planes: a crossing is
  // reported at the first time the evaluator puts it 1e-9 or more outside (within nanoseconds
  // of the crossing at any real speed), so a recomputation from the printed state agrees.
  std::optional<EscapeMoment> first;
  // The largest distance any particle reaches: the worst moment when it is positive, otherwise
  // the closest approach (the smallest margin left). None when the emitter throws nothing.
  std::optional<EscapeMoment> extreme;
  // The same per plane, in the order searched: how close the particles come to each face.
  std::vector<EscapeMoment> planes;
  std::uint64_t particles = 0;  // particles followed
  std::int64_t cycles = 0;      // cycles searched (1 for a once emitter)
  double until = 0;             // cycles starting before this level time were searched
  bool exhaustive = false;      // a once emitter: every particle it will ever throw
};

// Searches emitter `emitterIndex` (its preset must be valid; its stored bounds need not be).
EscapeSearch findEscapes(const Document& doc, std::size_t emitterIndex, std::span<const Plane> planes,
                         const EscapeOptions& options = {});

}  // namespace kiln::particles
