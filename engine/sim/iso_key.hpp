// Seed 004's isometric depth key: the layer in the top 10 bits, the screen row in the low 22,
// so ascending keys draw back to front on an isometric grid.
#pragma once

#include <cstdint>

namespace kiln::sim {

inline constexpr std::int32_t kIsoMaxStepHeight = 2047;
inline constexpr std::int32_t kIsoGroundLayer = 0;
inline constexpr std::int64_t kIsoRowBias = std::int64_t{1} << 21;
inline constexpr std::uint32_t kIsoRowMask = (1u << 22) - 1u;

// A particle's height (world z) as a step height: clamped to ±2047 first, then rounded half to
// even (0.5 → 0, 1.5 → 2); NaN → +2047.
std::int32_t particleDepthToStepHeight(float depth);

// (layer + 512) << 22 | (round((x + y)·16) − stepHeight·16 + 2^21), with x + y summed in
// float64 (exact for float32 inputs) and rounded half to even. A row outside 0..2^22 − 1
// saturates to that range (it stays inside its layer instead of wrapping into the next), and
// a NaN row saturates high. Layers lie in −512..511.
std::uint32_t isoDepthKey(float x, float y, std::int32_t stepHeight, std::int32_t layer = kIsoGroundLayer);

}  // namespace kiln::sim
