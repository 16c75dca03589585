// Float helpers for the contract's float32 rules (uploads are float32; authoring is float64).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace kiln::core {

// 2^-126: the smallest normal float32. Differences below it can flush to zero on GPUs.
inline constexpr double kMinNormalF32 = 1.1754943508222875e-38;

// The value a float64 becomes when uploaded (round to nearest even).
inline float toF32(double v) { return static_cast<float>(v); }

// What the GPU receives, promoted back to double: the value CPU references compute with.
inline double up(double v) { return static_cast<double>(toF32(v)); }

inline bool finite(double v) { return std::isfinite(v); }

// True when v survives float32 conversion as a finite value.
inline bool finiteAsF32(double v) { return std::isfinite(v) && std::isfinite(static_cast<float>(v)); }

}  // namespace kiln::core
