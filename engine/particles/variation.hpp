// Per-particle variation: an integer hash of (seed, cycle, birth, stream), identical in GLSL.
#pragma once

#include <cstdint>

namespace kiln::particles {

// The independent random streams of one particle.
enum class Stream : std::uint32_t {
  SpawnX = 0, SpawnY, SpawnZ,
  VelocityX, VelocityY, VelocityZ,
  Lifetime, Angle, Spin,
};

// uint32 arithmetic only (no sin-based hash), the same in C++ and GLSL.
std::uint32_t variationHash(std::uint32_t seed, std::uint32_t cycle, std::uint32_t birth, std::uint32_t stream);
// Top 24 bits mapped to [0,1).
float unitFromHash(std::uint32_t h);
inline float variation(std::uint32_t seed, std::uint32_t cycle, std::uint32_t birth, Stream s) {
  return unitFromHash(variationHash(seed, cycle, birth, static_cast<std::uint32_t>(s)));
}

}  // namespace kiln::particles
