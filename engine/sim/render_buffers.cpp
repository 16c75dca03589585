// Filling and hashing the render buffers.
#include "sim/render_buffers.hpp"

#include <algorithm>

#include "core/assert.hpp"
#include "core/hash.hpp"
#include "sim/look.hpp"

namespace kiln::sim {

EventRenderBuffers::EventRenderBuffers(std::uint32_t capacity, std::uint32_t dimensions)
    : capacity_(capacity),
      dimensions_(dimensions),
      position_(dimensions * static_cast<std::size_t>(capacity)),
      size_(2 * static_cast<std::size_t>(capacity)),
      rotation_(capacity),
      color_(4 * static_cast<std::size_t>(capacity)),
      uv_(4 * static_cast<std::size_t>(capacity)),
      extra_(4 * static_cast<std::size_t>(capacity)),
      slot_(capacity) {
  KILN_ASSERT(dimensions == 2 || dimensions == 3);
}

// rectOf(recipe) gives a recipe's atlas rectangle.
template <class M, class RectOf>
void writeRenderBuffersWith(const ParticleSystemT<M>& system, EventRenderBuffers& b, RectOf rectOf) {
  KILN_ASSERT(b.dimensions_ == system.dimensions());
  const auto live = system.liveSlots();
  // More live particles than entries keeps the newest (the oldest are the ones to lose).
  const std::size_t skip = live.size() > b.capacity_ ? live.size() - b.capacity_ : 0;
  b.count_ = static_cast<std::uint32_t>(live.size() - skip);
  for (std::uint32_t i = 0; i < b.count_; ++i) {
    const std::uint32_t slot = live[skip + i];
    const ParticleMotionT<M>& m = system.motion(slot);
    const ParticleLookT<M> l = particleLook(system, slot);
    const AtlasRect r = rectOf(m.recipe);
    float* p = &b.position_[b.dimensions_ * i];
    p[0] = M::toFloat(m.position.x), p[1] = M::toFloat(m.position.y);
    if (b.dimensions_ == 3) p[2] = M::toFloat(m.position.z);
    b.size_[2 * i] = b.size_[2 * i + 1] = M::toFloat(l.size);
    b.rotation_[i] = 0.0f;
    float* c = &b.color_[4 * i];
    c[0] = l.rgb.x, c[1] = l.rgb.y, c[2] = l.rgb.z, c[3] = l.coverage;
    float* u = &b.uv_[4 * i];
    u[0] = r.x, u[1] = r.y, u[2] = r.width, u[3] = r.height;
    float* e = &b.extra_[4 * i];
    e[0] = M::toFloat(l.t), e[1] = M::toFloat(m.age), e[2] = M::toFloat(m.lifetime);
    e[3] = static_cast<float>(m.recipe);
    b.slot_[i] = slot;
  }
}

template <class M>
void writeRenderBuffers(const ParticleSystemT<M>& system, EventRenderBuffers& b, std::span<const AtlasRect> recipeRects) {
  writeRenderBuffersWith(system, b, [recipeRects](std::uint32_t r) {
    return r < recipeRects.size() ? recipeRects[r] : AtlasRect{};
  });
}

template <class M>
void writeRenderBuffers(const ParticleSystemT<M>& system, EventRenderBuffers& b,
                        std::span<const ParticleDeclareOptions> recipeOptions) {
  writeRenderBuffersWith(system, b, [recipeOptions](std::uint32_t r) {
    return r < recipeOptions.size() ? recipeOptions[r].uv : AtlasRect{};
  });
}

template void writeRenderBuffers(const ParticleSystemT<Fp32Math>&, EventRenderBuffers&,
                                 std::span<const ParticleDeclareOptions>);
template void writeRenderBuffers(const ParticleSystemT<Fx16Math>&, EventRenderBuffers&,
                                 std::span<const ParticleDeclareOptions>);
template void writeRenderBuffers(const ParticleSystemT<Fp32Math>&, EventRenderBuffers&, std::span<const AtlasRect>);
template void writeRenderBuffers(const ParticleSystemT<Fx16Math>&, EventRenderBuffers&, std::span<const AtlasRect>);

std::uint64_t renderBuffersHash(const EventRenderBuffers& b) {
  core::Fnv1a h;
  h.u32(b.count());
  for (auto [values, width] : {std::pair{b.position(), b.dimensions()}, std::pair{b.size(), 2u}, std::pair{b.rotation(), 1u},
                               std::pair{b.color(), 4u}, std::pair{b.uv(), 4u}, std::pair{b.extra(), 4u}}) {
    for (std::size_t i = 0; i < std::size_t{width} * b.count(); ++i) h.f32(values[i]);
  }
  return h.value();
}

}  // namespace kiln::sim
