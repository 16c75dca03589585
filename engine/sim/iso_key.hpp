// Seed 004's isometric depth key: the layer in the top 10 bits, the screen row in the low 22,
// so ascending keys draw back to front on an isometric grid. The step height is taken in the
// system's math backend (sim/sim_math.hpp), each with its own rounding rule.
#pragma once

#include <cstdint>

#include "sim/sim_math.hpp"

namespace kiln::sim {

inline constexpr std::int32_t kIsoMaxStepHeight = 2047;
inline constexpr std::int32_t kIsoGroundLayer = 0;
inline constexpr std::int64_t kIsoRowBias = std::int64_t{1} << 21;
inline constexpr std::uint32_t kIsoRowMask = (1u << 22) - 1u;

// A particle's height (world z) as a step height: clamped to ±2047 first (by the backend's own
// order: float32 compares floats, 16.16 its raw integers), then rounded to nearest with ties to
// even (0.5 → 0, 1.5 → 2): fp32 by nearbyint, fpx16_16 by Fx16Math::toInt32. NaN (fp32 only)
// → +2047. The two agree on every value both hold exactly.
template <class M>
std::int32_t particleDepthToStepHeight(typename M::Scalar depth) {
  if (M::isNaN(depth)) return kIsoMaxStepHeight;
  if (depth < M::fromInt(-kIsoMaxStepHeight)) return -kIsoMaxStepHeight;
  if (depth > M::fromInt(kIsoMaxStepHeight)) return kIsoMaxStepHeight;
  return M::toInt32(depth);
}
inline std::int32_t particleDepthToStepHeight(float depth) { return particleDepthToStepHeight<Fp32Math>(depth); }

// (layer + 512) << 22 | (round((x + y)·16) − stepHeight·16 + 2^21), with x + y summed in
// float64 (exact for float32 and 16.16 inputs) and rounded half to even. A row outside
// 0..2^22 − 1 saturates to that range (it stays inside its layer instead of wrapping into the
// next), and a NaN row saturates high. Layers lie in −512..511.
std::uint32_t isoDepthKeyOfSum(double xPlusY, std::int32_t stepHeight, std::int32_t layer = kIsoGroundLayer);

template <class M>
std::uint32_t isoDepthKey(typename M::Scalar x, typename M::Scalar y, std::int32_t stepHeight,
                          std::int32_t layer = kIsoGroundLayer) {
  return isoDepthKeyOfSum(M::toDouble(x) + M::toDouble(y), stepHeight, layer);
}
inline std::uint32_t isoDepthKey(float x, float y, std::int32_t stepHeight, std::int32_t layer = kIsoGroundLayer) {
  return isoDepthKey<Fp32Math>(x, y, stepHeight, layer);
}

}  // namespace kiln::sim
