// Conservative emitter bounds, and why each face is where it is.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "particles/model.hpp"

namespace kiln::particles {

// What put one face of the box where it is.
struct FaceReason {
  std::string_view term;  // a literal, e.g. "spawn+velocity endpoint", "trajectory extremum", "end of lifetime"
  double age = 0;         // the particle age (seconds) that produced the face
  double lifetime = 0;    // the lifetime candidate used
  double extent = 0;      // the local-space extent along the axis before billboard and margin
};

struct BoundsExplanation {
  Bounds bounds;                       // what conservativeEmitterBounds returns
  std::array<FaceReason, 6> faces{};   // -x, +x, -y, +y, -z, +z
  double billboardRadius = 0;          // largest half-diagonal, world units (scale applied)
  double margin = 0;                   // documented float32/approximation margin added per face
};

// The world-space box that contains every billboard corner of every particle the emitter can
// produce. Deterministic: the same inputs give the same bits on every build.
Bounds conservativeEmitterBounds(const Preset& p, const Emitter& e);
BoundsExplanation explainEmitterBounds(const Preset& p, const Emitter& e);

// The stored-bounds rule: stored bounds must equal the recomputed ones bit for bit (no
// tolerance, so -0 and +0 differ). One check for the validator and the decoder.
bool sameBits(const Bounds& a, const Bounds& b);
// Each face where `stored` and `recomputed` differ in bits, as
// "bounds.max.z: stored 2.958791, recomputed 3.208791 (-0.25, 1048576 float32 steps)", joined by
// "; ". Values print with the fewest digits that give back the same float32 (17 digits when a
// value is not a float32); the steps count the float32 values between the two. Empty when same.
std::string boundsDifference(const Bounds& stored, const Bounds& recomputed);

// One face of a stored box against the recomputed one, in BoundsExplanation's face order
// (face f: axis f / 2, the min side when f is even). The texts are boundsDifference's numbers.
struct FaceDifference {
  enum class Kind { Same, SignOfZero, NotFloat32, Steps };
  int face = 0;
  std::string name;           // "min.x" … "max.z"
  double stored = 0, recomputed = 0;
  Kind kind = Kind::Same;
  std::int64_t steps = 0;     // float32 values between the two (Kind::Steps), never negative
  std::string storedText, recomputedText, differenceText;  // differenceText signed: stored − recomputed
  bool differs() const { return kind != Kind::Same; }
  // The stored face lies inside the recomputed one: real particles can reach past it.
  bool tooTight() const { return face % 2 == 0 ? stored > recomputed : stored < recomputed; }
};
std::array<FaceDifference, 6> faceDifferences(const Bounds& stored, const Bounds& recomputed);

// The eight corners, index bit 0 → x max, bit 1 → y max, bit 2 → z max.
std::array<Vec3, 8> corners(const Bounds& b);

}  // namespace kiln::particles
