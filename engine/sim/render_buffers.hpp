// The CPU-side render buffers of seed 003: allocated once for `capacity` particles, rewritten
// every frame with the live particles in spawn order (oldest first). The renderer uploads them.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "sim/system.hpp"

namespace kiln::sim {

// A normalized atlas region: top-left corner (y down), width, height.
struct AtlasRect {
  float x = 0.0f, y = 0.0f, width = 1.0f, height = 1.0f;
};

// One emitter set's shared render attributes, as one value (seed 004's declare options): the
// atlas page and material it is drawn with, its blend (default: the recipe's) and its atlas
// rectangle. Kiln's emitter set is a recipe: hosts pass one per recipe, by recipe index.
struct ParticleDeclareOptions {
  std::uint16_t atlasPage = 0;
  std::uint16_t material = 0;
  std::optional<BlendMode> blend;
  AtlasRect uv;
};

class EventRenderBuffers;

// Writes the live particles (at most buffers.capacity(), the oldest first). Per particle:
// position = p, its first buffers.dimensions() coordinates; size = (s, s); rotation = 0; color = (rgb, coverage) of its look; uv = the
// recipe's atlas rectangle (`recipeRects[recipe]`, the whole texture when absent); extra =
// (t, age, lifetime, recipe index). No allocation. The fixed-point backend's values cross into
// these floats by Fx16Math::toFloat, one rounding each (seed 004's render boundary). The buffers'
// dimensions must be the system's (a contract, asserted).
template <class M>
void writeRenderBuffers(const ParticleSystemT<M>& system, EventRenderBuffers& buffers,
                        std::span<const AtlasRect> recipeRects = {});

class EventRenderBuffers {
 public:
  // `dimensions` is 3 or 2 (seed 003's createParticleRenderBuffers): the floats per position.
  // A system's own count is ParticleSystemT::dimensions().
  explicit EventRenderBuffers(std::uint32_t capacity, std::uint32_t dimensions = 3);

  std::uint32_t capacity() const { return capacity_; }
  std::uint32_t dimensions() const { return dimensions_; }
  std::uint32_t count() const { return count_; }  // valid entries, from index 0
  // Floats per particle: position `dimensions` (x, y[, z]), size 2, rotation 1, color 4, uv 4,
  // extra 4.
  std::span<const float> position() const { return position_; }
  std::span<const float> size() const { return size_; }
  std::span<const float> rotation() const { return rotation_; }
  std::span<const float> color() const { return color_; }
  std::span<const float> uv() const { return uv_; }
  std::span<const float> extra() const { return extra_; }
  // The pool slot each entry came from (not uploaded; ties entries back to particle ids).
  std::span<const std::uint32_t> slot() const { return slot_; }

 private:
  template <class M, class RectOf>
  friend void writeRenderBuffersWith(const ParticleSystemT<M>&, EventRenderBuffers&, RectOf rectOf);
  std::uint32_t capacity_;
  std::uint32_t dimensions_;
  std::uint32_t count_ = 0;
  std::vector<float> position_, size_, rotation_, color_, uv_, extra_;
  std::vector<std::uint32_t> slot_;
};

// The same with each recipe's rectangle taken from its options (`uv`).
template <class M>
void writeRenderBuffers(const ParticleSystemT<M>& system, EventRenderBuffers& buffers,
                        std::span<const ParticleDeclareOptions> recipeOptions);
extern template void writeRenderBuffers(const ParticleSystemT<Fp32Math>&, EventRenderBuffers&,
                                        std::span<const ParticleDeclareOptions>);
extern template void writeRenderBuffers(const ParticleSystemT<Fx16Math>&, EventRenderBuffers&,
                                        std::span<const ParticleDeclareOptions>);
extern template void writeRenderBuffers(const ParticleSystemT<Fp32Math>&, EventRenderBuffers&, std::span<const AtlasRect>);
extern template void writeRenderBuffers(const ParticleSystemT<Fx16Math>&, EventRenderBuffers&, std::span<const AtlasRect>);

// FNV-1a 64 of: count as a little-endian u32, then the first count entries (`dimensions` floats of
// position each) of position, size,
// rotation, color, uv and extra, array after array, each float as its little-endian bits.
std::uint64_t renderBuffersHash(const EventRenderBuffers& buffers);

}  // namespace kiln::sim
