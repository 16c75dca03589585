// The CPU-side render buffers of seed 003: allocated once for `capacity` particles, rewritten
// every frame with the live particles in spawn order (oldest first). The renderer uploads them.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sim/system.hpp"

namespace kiln::sim {

// A normalized atlas region: top-left corner (y down), width, height.
struct AtlasRect {
  float x = 0.0f, y = 0.0f, width = 1.0f, height = 1.0f;
};

class EventRenderBuffers {
 public:
  explicit EventRenderBuffers(std::uint32_t capacity);

  std::uint32_t capacity() const { return capacity_; }
  std::uint32_t count() const { return count_; }  // valid entries, from index 0
  // Floats per particle: position 3, size 2, rotation 1, color 4, uv 4, extra 4.
  std::span<const float> position() const { return position_; }
  std::span<const float> size() const { return size_; }
  std::span<const float> rotation() const { return rotation_; }
  std::span<const float> color() const { return color_; }
  std::span<const float> uv() const { return uv_; }
  std::span<const float> extra() const { return extra_; }
  // The pool slot each entry came from (not uploaded; ties entries back to particle ids).
  std::span<const std::uint32_t> slot() const { return slot_; }

 private:
  friend void writeRenderBuffers(const ParticleSystem&, EventRenderBuffers&, std::span<const AtlasRect>);
  std::uint32_t capacity_;
  std::uint32_t count_ = 0;
  std::vector<float> position_, size_, rotation_, color_, uv_, extra_;
  std::vector<std::uint32_t> slot_;
};

// Writes the live particles (at most buffers.capacity(), the oldest first). Per particle:
// position = p; size = (s, s); rotation = 0; color = (rgb, coverage) of its look; uv = the
// recipe's atlas rectangle (`recipeRects[recipe]`, the whole texture when absent); extra =
// (t, age, lifetime, recipe index). No allocation.
void writeRenderBuffers(const ParticleSystem& system, EventRenderBuffers& buffers,
                        std::span<const AtlasRect> recipeRects = {});

// FNV-1a 64 of: count as a little-endian u32, then the first count entries of position, size,
// rotation, color, uv and extra, array after array, each float as its little-endian bits.
std::uint64_t renderBuffersHash(const EventRenderBuffers& buffers);

}  // namespace kiln::sim
