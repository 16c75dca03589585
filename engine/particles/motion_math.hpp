// Internal to engine/particles: the particle model's arithmetic, written once as templates over
// a value type T, and instantiated for
//   - double: the reference evaluator (evaluate.cpp) and the public functions of motion.hpp,
//     which the closed-form bounds use;
//   - float: the precision the shaders compute in (motion_math_test.cpp checks the series
//     against the text the GLSL generator writes);
//   - detail::lanes::Lanes, four doubles in an AVX2 register (evaluate_wide.cpp).
// A value type supplies + − × ÷ and unary −, construction from a double constant, < and > giving
// a mask, and the functions maxOf, minOf, select, truncate and floorOf below (the double and
// float ones are here, the lane ones in wide_lanes.hpp). Each template is the IEEE basic
// operations in one written order, never fused (kiln_particles builds with -ffp-contract=off),
// so every value type computes, lane by lane, the bits the double instantiation computes.
// std::expm1 is the one library call; the wide path calls it one particle at a time.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <type_traits>
#include <utility>

#include "particles/motion.hpp"

// Every function here is inlined into its caller, so the AVX2 path compiles it in its own
// target and the scalar path pays no call.
#define KILN_MATH [[gnu::always_inline]] inline

namespace kiln::particles::detail {

// --- the value-type operations for double and float -----------------------------------------
// maxOf(a, b) is a > b ? a : b and minOf(a, b) is a < b ? a : b: the operand order of x86's
// max/min instructions, so minOf(hi, maxOf(lo, v)) is std::clamp(v, lo, hi) and minOf(cap, v)
// is std::min(v, cap), NaN and ±0 ties included.
template <class T>
  requires std::is_floating_point_v<T>
KILN_MATH T maxOf(T a, T b) {
  return a > b ? a : b;
}
template <class T>
  requires std::is_floating_point_v<T>
KILN_MATH T minOf(T a, T b) {
  return a < b ? a : b;
}
template <class T>
  requires std::is_floating_point_v<T>
KILN_MATH T select(bool mask, T a, T b) {
  return mask ? a : b;
}
template <class T>
  requires std::is_floating_point_v<T>
KILN_MATH T truncate(T v) {
  return std::trunc(v);
}
template <class T>
  requires std::is_floating_point_v<T>
KILN_MATH T floorOf(T v) {
  return std::floor(v);
}

// --- constants shared with the shaders ---------------------------------------------------------
// A coefficient as a fraction, so C++ (num/den in double, the value the literal -1.0 / 720
// has) and the GLSL generator (the text "(-1.0 / 720.0)") write the same number.
struct Fraction {
  int num = 0, den = 1;
  constexpr double value() const { return static_cast<double>(num) / den; }
};

// The drag-factor series for q = drag·age below kDragSeriesLimit (the seed's fifth-order
// expansions of f/age = (1 − e^−q)/q and g/age² = (q − 1 + e^−q)/q²), lowest power first:
// f = age·(c0 + q·(c1 + q·(… + q·c5))).
inline constexpr double kDragSeriesLimit = 0.5;
inline constexpr std::array<Fraction, 6> kDragSeriesF{{{1, 1}, {-1, 2}, {1, 6}, {-1, 24}, {1, 120}, {-1, 720}}};
inline constexpr std::array<Fraction, 6> kDragSeriesG{{{1, 2}, {-1, 6}, {1, 24}, {-1, 120}, {1, 720}, {-1, 5040}}};

// age·fps is capped at 2^53 before truncation: every integer up to it is exact in double.
inline constexpr double kMaxExactInteger = 9007199254740992.0;

// --- value-type templates ----------------------------------------------------------------------

// c0 + q·(c1 + q·(c2 + …)), innermost product first.
template <std::size_t I = 0, class T, std::size_t N>
KILN_MATH T horner(const std::array<Fraction, N>& c, T q) {
  if constexpr (I + 1 == N) {
    return T(c[I].value());
  } else {
    return T(c[I].value()) + q * horner<I + 1>(c, q);
  }
}

template <class T>
struct Vec3Of {
  T x, y, z;
};

template <class T>
KILN_MATH T clampUnit(T v) {
  return minOf(T(1.0), maxOf(T(0.0), v));
}

// A drawn range at a unit draw u: lo + u·width.
template <class T>
KILN_MATH T spanAt(T lo, T width, T u) {
  return lo + u * width;
}

// A box spawn coordinate: (2u − 1)·half.
template <class T>
KILN_MATH T boxSpawn(T u, T half) {
  return (T(2.0) * u - T(1.0)) * half;
}

// A spinning angle after age seconds.
template <class T>
KILN_MATH T spinAngle(T angle, T spin, T age) {
  return angle + spin * age;
}

// The drag factors without drag, in the series range (q = drag·age), and from
// expm1NegQ = expm1(−q) elsewhere.
template <class T>
KILN_MATH DragFactorsOf<T> dragFree(T age) {
  return {age, age * age * T(0.5)};
}
template <class T>
KILN_MATH DragFactorsOf<T> dragSeries(T q, T age) {
  return {age * horner(kDragSeriesF, q), age * age * horner(kDragSeriesG, q)};
}
template <class T>
KILN_MATH DragFactorsOf<T> dragExponential(T expm1NegQ, T drag, T age) {
  const T f = -expm1NegQ / drag;
  return {f, (age - f) / drag};
}

// position + scale·R(yaw)·(spawn + velocity·f + acceleration·g), R rotating about +Z with
// x' = c·x − s·y, y' = s·x + c·y.
template <class T>
KILN_MATH Vec3Of<T> displacement(const Vec3Of<T>& velocity, const Vec3Of<T>& acceleration, const DragFactorsOf<T>& k) {
  return {velocity.x * k.f + acceleration.x * k.g, velocity.y * k.f + acceleration.y * k.g,
          velocity.z * k.f + acceleration.z * k.g};
}
template <class T>
KILN_MATH Vec3Of<T> rotateYaw(const Vec3Of<T>& v, T c, T s) {
  return {c * v.x - s * v.y, s * v.x + c * v.y, v.z};
}
template <class T>
KILN_MATH Vec3Of<T> worldPosition(const Vec3Of<T>& position, T scale, T c, T s, const Vec3Of<T>& spawn,
                                  const Vec3Of<T>& d) {
  const Vec3Of<T> r = rotateYaw(Vec3Of<T>{spawn.x + d.x, spawn.y + d.y, spawn.z + d.z}, c, s);
  return {position.x + scale * r.x, position.y + scale * r.y, position.z + scale * r.z};
}

// The clamped weight of t inside a curve segment [start, start + span]: 0 where the segment is
// empty (its keys' ages, as stored, are equal).
template <class T, class Mask>
KILN_MATH T segmentWeight(T t, T start, T span, Mask nonEmpty) {
  return clampUnit(select(nonEmpty, (t - start) / span, T(0.0)));
}
// A key's value plus the weighted step to the next key's.
template <class T>
KILN_MATH T lerpStep(T value, T step, T weight) {
  return value + step * weight;
}

// Flipbook: the frame index trunc(min(age·fps, 2^53)), then once clamps to the last of n
// frames and cycle wraps. Both are exact in double: the index and n are integers below 2^53,
// so floor(i / n) rounds to the true quotient and i − floor(i / n)·n is the remainder.
template <class T>
KILN_MATH T flipbookIndex(T age, T fps) {
  return truncate(minOf(T(kMaxExactInteger), age * fps));
}
template <class T>
KILN_MATH T onceFrame(T index, T n) {
  return minOf(index, n - T(1.0));
}
template <class T>
KILN_MATH T cycleFrame(T index, T n) {
  return index - floorOf(index / n) * n;
}

// --- double: the scalar forms ------------------------------------------------------------------

KILN_MATH Vec3Of<double> of(const Vec3& v) { return {v.x, v.y, v.z}; }
KILN_MATH Vec3 toVec3(const Vec3Of<double>& v) { return {v.x, v.y, v.z}; }

KILN_MATH DragFactors dragFactors(double drag, double age) {
  if (drag == 0) return dragFree(age);
  const double q = drag * age;
  // The exponential form cancels badly for small q.
  if (q < kDragSeriesLimit) return dragSeries(q, age);
  return dragExponential(std::expm1(-q), drag, age);
}

KILN_MATH std::uint32_t flipbookFrame(std::size_t frameCount, Flipbook flipbook, double fps, double age) {
  if (frameCount <= 1 || !(fps > 0) || !(age > 0)) return 0;
  const double index = flipbookIndex(age, fps), n = static_cast<double>(frameCount);
  return static_cast<std::uint32_t>(flipbook == Flipbook::Once ? onceFrame(index, n) : cycleFrame(index, n));
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

// The segment [i, i+1] holding t (already clamped to [0, 1]): the first interior key at or
// above t ends it. Keys are validated (2..4 keys, ages increasing from 0 to 1); `splits` are
// curveSplits(keys). The wide path finds the same segment with the same two comparisons.
template <class Key>
KILN_MATH std::size_t curveSegment(std::span<const Key> keys, const CurveSplits& splits, double t) {
  // No branch on t (a fresh random value for every particle would mispredict half the time).
  if (keys.size() <= 4) {
    const bool above1 = t > splits.first;
    return static_cast<std::size_t>(above1) + static_cast<std::size_t>(above1 & (t > splits.second));
  }
  std::size_t i = 0;
  bool below = true;
  for (std::size_t j = 1; j + 1 < keys.size(); ++j) {
    below &= t > keys[j].age;
    i += below;
  }
  return i;
}

template <class Key>
KILN_MATH double curveWeight(std::span<const Key> keys, std::size_t i, double t) {
  const double a0 = keys[i].age, a1 = keys[i + 1].age;
  return segmentWeight(t, a0, a1 - a0, a1 > a0);
}

// The curves at t, already clamped to [0, 1]; `splits` are curveSplits(keys).
KILN_MATH double sampleSize(std::span<const SizeKey> keys, const CurveSplits& splits, double t) {
  if (keys.empty()) return 0;
  if (keys.size() == 1) return keys[0].value;
  const std::size_t i = curveSegment(keys, splits, t);
  return lerpStep(keys[i].value, keys[i + 1].value - keys[i].value, curveWeight(keys, i, t));
}

KILN_MATH std::array<double, 4> sampleColor(std::span<const ColorKey> keys, const CurveSplits& splits, double t) {
  if (keys.empty()) return {};
  if (keys.size() == 1) return keys[0].rgba;
  const std::size_t i = curveSegment(keys, splits, t);
  const double w = curveWeight(keys, i, t);
  std::array<double, 4> out{};
  for (int c = 0; c < 4; ++c) out[c] = lerpStep(keys[i].rgba[c], keys[i + 1].rgba[c] - keys[i].rgba[c], w);
  return out;
}

}  // namespace kiln::particles::detail
