// Per-particle variation: an integer hash of (seed, cycle, birth, stream), identical in GLSL.
// Defined inline: the evaluator draws nine values per particle on its hot path.
#pragma once

#include <cstdint>

#include "core/hash.hpp"

namespace kiln::particles {

// The independent random streams of one particle.
enum class Stream : std::uint32_t {
  SpawnX = 0, SpawnY, SpawnZ,
  VelocityX, VelocityY, VelocityZ,
  Lifetime, Angle, Spin,
};

// The integer mix lives in core so event particles (engine/sim) share it without depending on
// this layer.
using core::mixHash;

// The hash chain up to the stream: mix(mix(mix(seed) ^ cycle) ^ birth). One particle's nine
// streams share it, so variationHash(s, c, b, k) == mixHash(variationPrefix(s, c, b) ^ k).
constexpr std::uint32_t variationPrefix(std::uint32_t seed, std::uint32_t cycle, std::uint32_t birth) {
  return mixHash(mixHash(mixHash(seed) ^ cycle) ^ birth);
}

// uint32 arithmetic only (no sin-based hash), the same in C++ and GLSL.
constexpr std::uint32_t variationHash(std::uint32_t seed, std::uint32_t cycle, std::uint32_t birth,
                                      std::uint32_t stream) {
  return mixHash(variationPrefix(seed, cycle, birth) ^ stream);
}

// Top 24 bits mapped to [0,1): 24 bits fit a float32 mantissa, so the value is exact and < 1.
constexpr float unitFromHash(std::uint32_t h) { return static_cast<float>(h >> 8) * (1.0f / 16777216.0f); }

inline float variation(std::uint32_t seed, std::uint32_t cycle, std::uint32_t birth, Stream s) {
  return unitFromHash(variationHash(seed, cycle, birth, static_cast<std::uint32_t>(s)));
}

// One particle's draw from a precomputed prefix.
inline float variationFromPrefix(std::uint32_t prefix, Stream s) {
  return unitFromHash(mixHash(prefix ^ static_cast<std::uint32_t>(s)));
}

}  // namespace kiln::particles
