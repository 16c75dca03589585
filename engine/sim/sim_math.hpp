// Seed 004's two math backends for event particles: fp32 (IEEE float32, Kiln's default and the
// arithmetic it always had) and fpx16_16 (16.16 fixed point, the same bits on every platform).
// The simulation, the look and the depth conversion are written once over a backend `M`; the
// backend decides only how a number is held and how each operation rounds (docs/events.md
// "Math backends" lists every rule).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <compare>
#include <cstdint>
#include <limits>

#include "sim/model.hpp"

namespace kiln::sim {

struct Float3 {
  float x = 0.0f, y = 0.0f, z = 0.0f;
  friend bool operator==(const Float3&, const Float3&) = default;
};

// --- 16.16 fixed point ------------------------------------------------------------------------

// value = raw / 65536, raw a signed 32-bit integer: −32768 .. 32768 − 2^−16 in steps of 2^−16.
// Every operation is exact integer arithmetic followed by at most one rounding, to nearest with
// ties to even, and a result outside the range saturates to its nearest end (never wraps).
struct Fx16 {
  std::int32_t raw = 0;

  static constexpr std::int32_t kOne = 1 << 16;
  static constexpr Fx16 fromRaw(std::int32_t r) { return Fx16{r}; }

  friend constexpr bool operator==(Fx16, Fx16) = default;
  friend constexpr auto operator<=>(Fx16 a, Fx16 b) { return a.raw <=> b.raw; }

  // Saturates a wide intermediate to the 32-bit raw range.
  static constexpr std::int32_t saturate(std::int64_t v) {
    constexpr std::int64_t lo = std::numeric_limits<std::int32_t>::min();
    constexpr std::int64_t hi = std::numeric_limits<std::int32_t>::max();
    return static_cast<std::int32_t>(v < lo ? lo : v > hi ? hi : v);
  }
  // n / 2^s rounded to nearest, ties to even (s ≥ 1), on a wide integer.
  static constexpr std::int64_t shiftRoundEven(std::int64_t n, int s) {
    const std::int64_t q = n >> s;  // floor (arithmetic shift)
    const std::int64_t rem = n - (q << s);
    const std::int64_t half = std::int64_t{1} << (s - 1);
    if (rem > half || (rem == half && (q & 1) != 0)) return q + 1;
    return q;
  }
  // n / d rounded to nearest, ties to even, d > 0.
  static constexpr std::int64_t divRoundEven(std::int64_t n, std::int64_t d) {
    std::int64_t q = n / d;  // truncates toward zero
    std::int64_t r = n % d;  // same sign as n
    if (r < 0) {             // make it floor division
      q -= 1;
      r += d;
    }
    // r in [0, d): compare 2r with d.
    if (2 * r > d || (2 * r == d && (q & 1) != 0)) return q + 1;
    return q;
  }

  friend constexpr Fx16 operator+(Fx16 a, Fx16 b) { return {saturate(std::int64_t{a.raw} + b.raw)}; }
  friend constexpr Fx16 operator-(Fx16 a, Fx16 b) { return {saturate(std::int64_t{a.raw} - b.raw)}; }
  friend constexpr Fx16 operator-(Fx16 a) { return {saturate(-std::int64_t{a.raw})}; }
  // The 64-bit product is exact; one rounding brings it back to 16 fraction bits.
  friend constexpr Fx16 operator*(Fx16 a, Fx16 b) {
    return {saturate(shiftRoundEven(std::int64_t{a.raw} * b.raw, 16))};
  }
  // (a·2^16) / b rounded to nearest, ties to even. Division by zero saturates by the sign of a
  // (0 / 0 is 0): the simulation never divides by zero (a lifetime is at least 1 ms).
  friend constexpr Fx16 operator/(Fx16 a, Fx16 b) {
    if (b.raw == 0) return {a.raw > 0 ? std::numeric_limits<std::int32_t>::max()
                                      : a.raw < 0 ? std::numeric_limits<std::int32_t>::min() : 0};
    std::int64_t n = std::int64_t{a.raw} * Fx16::kOne;
    std::int64_t d = b.raw;
    if (d < 0) n = -n, d = -d;
    return {saturate(divRoundEven(n, d))};
  }
  Fx16& operator+=(Fx16 b) { return *this = *this + b; }
  Fx16& operator-=(Fx16 b) { return *this = *this - b; }
  Fx16& operator*=(Fx16 b) { return *this = *this * b; }
};

struct Fx3 {
  Fx16 x, y, z;
  friend bool operator==(const Fx3&, const Fx3&) = default;
};

// --- the backends -------------------------------------------------------------------------------

// fp32: every operation is one IEEE-754 binary32 operation, rounded to nearest even, with the
// engine's -ffp-contract=off (no fused multiply-add) and denormals flushed in the step.
struct Fp32Math {
  using Scalar = float;
  using Vec3 = Float3;
  static constexpr MathBackend kBackend = MathBackend::Fp32;

  static Scalar zero() { return 0.0f; }
  static Scalar one() { return 1.0f; }
  // An authored float64 value: one rounding to the nearest float32.
  static Scalar fromDouble(double v) { return static_cast<float>(v); }
  static Scalar fromInt(std::int32_t v) { return static_cast<float>(v); }
  static float toFloat(Scalar v) { return v; }
  static double toDouble(Scalar v) { return v; }
  static Scalar max(Scalar a, Scalar b) { return std::max(a, b); }
  static Scalar pow(Scalar base, Scalar e) { return std::pow(base, e); }
  // Nearest integer, ties to even (the default rounding mode, which Kiln never changes). The
  // caller has clamped v into the int32 range.
  static std::int32_t toInt32(Scalar v) { return static_cast<std::int32_t>(std::nearbyint(static_cast<double>(v))); }
  static bool isNaN(Scalar v) { return std::isnan(v); }

  // The colour a recipe's float64 colour becomes: float32 per channel.
  using Color = Float3;
  static Color color(const std::array<double, 3>& c) {
    return {static_cast<float>(c[0]), static_cast<float>(c[1]), static_cast<float>(c[2])};
  }
  // The colour as drawn with no opacity applied (the classic blends' tint).
  static Float3 tint(const Color& c) { return c; }
  // colour·opacity per channel, in float32.
  static Float3 shade(const Color& c, Scalar opacity) { return {c.x * opacity, c.y * opacity, c.z * opacity}; }
  // (colour·light)·opacity per channel, light rounded to float32 first.
  static Float3 shade(const Color& c, const std::array<double, 3>& light, Scalar opacity) {
    return {c.x * static_cast<float>(light[0]) * opacity, c.y * static_cast<float>(light[1]) * opacity,
            c.z * static_cast<float>(light[2]) * opacity};
  }
};

// fpx16_16: seed 004's fixed point. Conversions in and out round once, to nearest even.
struct Fx16Math {
  using Scalar = Fx16;
  using Vec3 = Fx3;
  static constexpr MathBackend kBackend = MathBackend::Fpx16_16;

  static constexpr Scalar zero() { return {0}; }
  static constexpr Scalar one() { return {Fx16::kOne}; }
  // v·2^16 (exact in float64) rounded to nearest even, saturated; NaN → 0.
  static Scalar fromDouble(double v) {
    if (std::isnan(v)) return {0};
    const double r = std::nearbyint(v * 65536.0);
    if (r <= static_cast<double>(std::numeric_limits<std::int32_t>::min())) return {std::numeric_limits<std::int32_t>::min()};
    if (r >= static_cast<double>(std::numeric_limits<std::int32_t>::max())) return {std::numeric_limits<std::int32_t>::max()};
    return {static_cast<std::int32_t>(r)};
  }
  static Scalar fromInt(std::int32_t v) { return {Fx16::saturate(std::int64_t{v} * Fx16::kOne)}; }
  // Exact in float64, then one rounding to the nearest float32 (exact while |raw| < 2^24).
  static float toFloat(Scalar v) { return static_cast<float>(static_cast<double>(v.raw) / 65536.0); }
  static double toDouble(Scalar v) { return static_cast<double>(v.raw) / 65536.0; }  // exact
  static Scalar max(Scalar a, Scalar b) { return a.raw >= b.raw ? a : b; }
  // Nearest integer, ties to even: fpx16_16's toInt32.
  static std::int32_t toInt32(Scalar v) { return static_cast<std::int32_t>(Fx16::shiftRoundEven(v.raw, 16)); }
  static bool isNaN(Scalar) { return false; }

  // √v for v ≥ 0 (0 for v < 0): the integer square root of raw·2^16, rounded to nearest.
  static Scalar sqrt(Scalar v) {
    if (v.raw <= 0) return {0};
    const std::uint64_t n = static_cast<std::uint64_t>(v.raw) << 16;
    std::uint64_t r = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(n)));
    while (r * r > n) --r;                  // exact floor, whatever the double sqrt gave
    while ((r + 1) * (r + 1) <= n) ++r;
    if (n - r * r > r) ++r;                 // n ≥ (r + ½)² ⇔ n − r² > r (n and r are integers)
    return {static_cast<std::int32_t>(r)};
  }
  // base^e for e ≥ 0, in fixed point only. The whole part of e multiplies base by itself
  // (binary powering from the lowest bit, each product rounded as *); each of the 16 fraction
  // bits k (weight 2^−k) multiplies in base^(2^−k), taken as k repeated square roots. e = 0
  // gives 1; base ≤ 0 gives 0 otherwise; e < 0 reads as 0.
  static Scalar pow(Scalar base, Scalar e) {
    if (e.raw <= 0) return one();
    if (base.raw <= 0) return zero();
    Scalar result = one();
    Scalar square = base;
    for (std::uint32_t n = static_cast<std::uint32_t>(e.raw) >> 16; n != 0; n >>= 1) {
      if (n & 1u) result = result * square;
      square = square * square;
    }
    Scalar root = base;
    for (int k = 1; k <= 16; ++k) {
      root = sqrt(root);
      if ((e.raw >> (16 - k)) & 1) result = result * root;
    }
    return result;
  }

  // Seed 004's tint: u8 per channel, drawn as tint / 255. Kiln's colours are linear and may
  // exceed 1, so the brightest channel is kept apart as a 16.16 intensity and each channel is
  // a u8 share of it: tint = round-half-even(channel / intensity · 255), in float64.
  struct Color {
    std::array<std::uint8_t, 3> tint{};
    Fx16 intensity;
  };
  static Color color(const std::array<double, 3>& c) {
    Color out;
    const double brightest = std::max({c[0], c[1], c[2], 0.0});
    out.intensity = fromDouble(brightest);
    if (!(brightest > 0)) return out;
    for (std::size_t i = 0; i < 3; ++i) {
      const double share = std::clamp(c[i] / brightest, 0.0, 1.0);
      out.tint[i] = static_cast<std::uint8_t>(std::nearbyint(share * 255.0));
    }
    return out;
  }
  // Each channel: (tint / 255) · float(scale), two float32 operations after the exact integer
  // ones; a tint of 0 or 255 adds no rounding.
  static Float3 channels(const Color& c, const std::array<Fx16, 3>& scale) {
    return {static_cast<float>(c.tint[0]) / 255.0f * toFloat(scale[0]),
            static_cast<float>(c.tint[1]) / 255.0f * toFloat(scale[1]),
            static_cast<float>(c.tint[2]) / 255.0f * toFloat(scale[2])};
  }
  static Float3 tint(const Color& c) { return channels(c, {c.intensity, c.intensity, c.intensity}); }
  // The fade is applied in fixed point (intensity ⊗ fadeAlpha) and converted once per channel.
  static Float3 shade(const Color& c, Scalar opacity) {
    const Fx16 s = c.intensity * opacity;
    return channels(c, {s, s, s});
  }
  static Float3 shade(const Color& c, const std::array<double, 3>& light, Scalar opacity) {
    return channels(c, {(c.intensity * fromDouble(light[0])) * opacity, (c.intensity * fromDouble(light[1])) * opacity,
                        (c.intensity * fromDouble(light[2])) * opacity});
  }
};

// Seed 004's fade alpha: the opacity as an exact u32 on the 16.16 scale (65536 = opaque).
inline std::uint32_t fadeAlpha(Fx16 opacity) { return static_cast<std::uint32_t>(std::max(opacity.raw, 0)); }

template <class M>
inline typename M::Vec3 toVec3(const std::array<double, 3>& v) {
  return {M::fromDouble(v[0]), M::fromDouble(v[1]), M::fromDouble(v[2])};
}
template <class M>
inline Float3 toFloat3(const typename M::Vec3& v) {
  return {M::toFloat(v.x), M::toFloat(v.y), M::toFloat(v.z)};
}

}  // namespace kiln::sim
