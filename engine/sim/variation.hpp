// Per-particle random values of a burst: an integer hash of (seed, index, stream) mapped to
// [0, 1) with 24 bits. No sin, no clock: the same burst gives the same particles everywhere.
#pragma once

#include <cstdint>

#include "core/hash.hpp"

namespace kiln::sim {

// The five draws h0…h4 of the burst formula (docs/events.md "Burst").
enum class BurstStream : std::uint32_t { Angle = 0, Radius = 1, Speed = 2, Lifetime = 3, Size = 4 };

// mix(mix(mix(seed) ^ index) ^ stream): the worldparticles chain with (index, stream) in the
// places of (cycle, birth), so both systems share one audited mix and its GLSL copy.
constexpr std::uint32_t burstHash(std::uint32_t seed, std::uint32_t index, std::uint32_t stream) {
  return core::mixHash(core::mixHash(core::mixHash(seed) ^ index) ^ stream);
}

// The top 24 bits over 2^24: exact in float32, so the value is in [0, 1) and never 1.
constexpr float unit24(std::uint32_t h) { return static_cast<float>(h >> 8) * (1.0f / 16777216.0f); }

constexpr float burstDraw(std::uint32_t seed, std::uint32_t index, BurstStream s) {
  return unit24(burstHash(seed, index, static_cast<std::uint32_t>(s)));
}

}  // namespace kiln::sim
