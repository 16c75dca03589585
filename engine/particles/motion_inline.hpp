// Internal to engine/particles: the motion hot path as inline functions, so the evaluator can
// inline them. Included only by files of kiln_particles, which all build with
// -ffp-contract=off, so every copy computes the same bits as the public functions.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>

#include "particles/motion.hpp"

namespace kiln::particles::detail {

inline DragFactors dragFactorsInline(double drag, double age) {
  if (drag == 0) return {age, age * age * 0.5};
  const double q = drag * age;
  if (q < 0.5) {
    // The seed's fifth-order series: the exponential form cancels badly for small q.
    const double f = age * (1.0 + q * (-1.0 / 2 + q * (1.0 / 6 + q * (-1.0 / 24 + q * (1.0 / 120 + q * (-1.0 / 720))))));
    const double g = age * age *
                     (1.0 / 2 + q * (-1.0 / 6 + q * (1.0 / 24 + q * (-1.0 / 120 + q * (1.0 / 720 + q * (-1.0 / 5040))))));
    return {f, g};
  }
  const double f = -std::expm1(-q) / drag;
  return {f, (age - f) / drag};
}

inline Vec3 displacementInline(const Vec3& velocity, const Vec3& acceleration, double drag, double age) {
  const DragFactors k = dragFactorsInline(drag, age);
  return {velocity.x * k.f + acceleration.x * k.g, velocity.y * k.f + acceleration.y * k.g,
          velocity.z * k.f + acceleration.z * k.g};
}

inline Vec3 rotateYawInline(const Vec3& v, const YawBasis& b) {
  return {b.c * v.x - b.s * v.y, b.s * v.x + b.c * v.y, v.z};
}

// Where a curve of at most four keys splits: the ages of its interior keys, padded with +inf
// to two, so the segment search below is the same two comparisons for 2, 3 or 4 keys. An
// evaluator prepares them once per emitter.
struct CurveSplits {
  double first = std::numeric_limits<double>::infinity();
  double second = std::numeric_limits<double>::infinity();
};

template <class Key>
inline CurveSplits curveSplits(std::span<const Key> keys) {
  CurveSplits s;
  if (keys.size() > 2 && keys.size() <= 4) s.first = keys[1].age;
  if (keys.size() > 3 && keys.size() <= 4) s.second = keys[2].age;
  return s;
}

// The segment [i, i+1] holding t (already clamped to [0, 1]) and the interpolation weight
// inside it; keys are validated (2..4 keys, ages strictly increasing from 0 to 1), `splits` are
// curveSplits(keys).
template <class Key>
inline std::pair<std::size_t, double> locateClamped(std::span<const Key> keys, const CurveSplits& splits, double t) {
  // The first interior key at or above t ends the search, without a branch on t (a fresh
  // random value for every particle, so such a branch would mispredict half the time).
  std::size_t i = 0;
  if (keys.size() <= 4) {
    const bool above1 = t > splits.first;
    i = static_cast<std::size_t>(above1) + static_cast<std::size_t>(above1 & (t > splits.second));
  } else {
    bool below = true;
    for (std::size_t j = 1; j + 1 < keys.size(); ++j) {
      below &= t > keys[j].age;
      i += below;
    }
  }
  const double a0 = keys[i].age, a1 = keys[i + 1].age;
  const double w = a1 > a0 ? (t - a0) / (a1 - a0) : 0.0;
  return {i, std::clamp(w, 0.0, 1.0)};
}

// The curves at t, clamped to [0, 1] first; `splits` are curveSplits(keys).
inline double sampleSizeClamped(std::span<const SizeKey> keys, const CurveSplits& splits, double t) {
  if (keys.empty()) return 0;
  if (keys.size() == 1) return keys[0].value;
  const auto [i, w] = locateClamped(keys, splits, t);
  return keys[i].value + (keys[i + 1].value - keys[i].value) * w;
}

inline std::array<double, 4> sampleColorClamped(std::span<const ColorKey> keys, const CurveSplits& splits, double t) {
  if (keys.empty()) return {};
  if (keys.size() == 1) return keys[0].rgba;
  const auto [i, w] = locateClamped(keys, splits, t);
  std::array<double, 4> out{};
  for (int c = 0; c < 4; ++c) out[c] = keys[i].rgba[c] + (keys[i + 1].rgba[c] - keys[i].rgba[c]) * w;
  return out;
}

inline double sampleSizeInline(std::span<const SizeKey> keys, double t) {
  return sampleSizeClamped(keys, curveSplits(keys), std::clamp(t, 0.0, 1.0));
}

inline std::array<double, 4> sampleColorInline(std::span<const ColorKey> keys, double t) {
  return sampleColorClamped(keys, curveSplits(keys), std::clamp(t, 0.0, 1.0));
}

inline std::uint32_t flipbookFrameInline(std::size_t frameCount, Flipbook flipbook, double fps, double age) {
  if (frameCount <= 1 || !(fps > 0) || !(age > 0)) return 0;
  // Clamp before converting: age·fps can exceed any integer type for long lifetimes.
  const auto i = static_cast<std::uint64_t>(std::min(age * fps, 9007199254740992.0));
  if (flipbook == Flipbook::Once) return static_cast<std::uint32_t>(std::min<std::uint64_t>(i, frameCount - 1));
  // A 32-bit division where the frame index fits (every realistic age): the same remainder.
  if (i <= 0xffffffffu && frameCount <= 0xffffffffu)
    return static_cast<std::uint32_t>(i) % static_cast<std::uint32_t>(frameCount);
  return static_cast<std::uint32_t>(i % frameCount);
}

}  // namespace kiln::particles::detail
