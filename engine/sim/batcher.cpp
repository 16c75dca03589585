// The frame window, budget, sort and draw ranges of the sprite batcher.
#include "sim/batcher.hpp"

#include <algorithm>
#include "core/assert.hpp"

#include "sim/iso_key.hpp"
#include "sim/look.hpp"

namespace kiln::sim {

SpriteBatcher::SpriteBatcher(std::uint32_t maxSprites)
    : max_(maxSprites),
      ring_(max_),
      keys_(max_),
      sorted_(max_),
      ranges_(max_),
      sorter_(max_) {}

void SpriteBatcher::beginFrame(double levelTime) {
  open_ = true;
  frameTime_ = levelTime;
  head_ = 0;
  count_ = 0;
  rangeCount_ = 0;
  dropped_ = 0;
  warned_ = false;
}

std::optional<core::Code> SpriteBatcher::declare(const SpriteDeclaration& d) {
  if (stopped()) return core::Code::BudgetExhausted;
  if (!open_) return core::Code::WindowClosed;
  // The ring only wraps once full, so until then head_ is 0 and entries sit in order.
  if (count_ < max_) {
    ring_[count_++] = d;
  } else {
    ring_[head_] = d;  // overwrite the oldest; the newest is what the player just caused
    head_ = head_ + 1 == max_ ? 0 : head_ + 1;
    ++dropped_;
  }
  return std::nullopt;
}

void SpriteBatcher::build() {
  KILN_ASSERT(open_ && "build() without beginFrame()");
  open_ = false;
  // Unroll the ring, oldest first, so declaration order is index order for the stable sort.
  if (head_ != 0) std::rotate(ring_.begin(), ring_.begin() + head_, ring_.begin() + count_);
  head_ = 0;
  for (std::uint32_t i = 0; i < count_; ++i) keys_[i] = ring_[i].key;
  const auto order = sorter_.sort({keys_.data(), count_});
  for (std::uint32_t i = 0; i < count_; ++i) sorted_[i] = ring_[order[i]];
  rangeCount_ = 0;
  for (std::uint32_t i = 0; i < count_; ++i) {
    const SpriteDeclaration& d = sorted_[i];
    if (rangeCount_ > 0) {
      DrawRange& last = ranges_[rangeCount_ - 1];
      if (last.atlasPage == d.atlasPage && last.material == d.material && last.blend == d.blend) {
        ++last.count;
        continue;
      }
    }
    ranges_[rangeCount_++] = {i, 1, d.atlasPage, d.material, d.blend};
  }
  droppedTotal_ += dropped_;
  if (dropped_ > 0 && (!lastWarning_ || frameTime_ - *lastWarning_ >= 1.0 || frameTime_ < *lastWarning_)) {
    warned_ = true;
    lastWarning_ = frameTime_;
  }
}

core::Diagnostic SpriteBatcher::dropWarning() const {
  return {core::Code::SpritesDropped, "events.max_sprites",
          std::to_string(dropped_) + " sprites over the budget of " + std::to_string(max_) +
              " were dropped this frame (the oldest first)",
          core::Severity::Warning};
}

std::uint32_t particleSortKey(const ParticleView& view, Float3 p, std::int32_t layer) {
  switch (view.sort) {
    case SortMode::View: return backToFrontKey(viewDepth(p, view.eye, view.forward));
    case SortMode::Iso: return isoDepthKey(p.x, p.y, particleDepthToStepHeight(p.z), layer);
    case SortMode::None: break;
  }
  return 0;
}

template <class M>
std::uint32_t particleSortKey(const ParticleView& view, const typename M::Vec3& p, const Recipe& recipe) {
  if (recipe.depthOverride) return static_cast<std::uint32_t>(*recipe.depthOverride);
  const auto layer = static_cast<std::int32_t>(recipe.layer);
  if (view.sort == SortMode::Iso) return isoDepthKey<M>(p.x, p.y, particleDepthToStepHeight<M>(p.z), layer);
  return particleSortKey(view, toFloat3<M>(p), layer);
}

template <class M>
std::optional<core::Code> declareParticles(SpriteBatcher& batcher, const ParticleSystemT<M>& system,
                                           const EventRenderBuffers& buffers, const ParticleView& view,
                                           std::span<const ParticleDeclareOptions> options) {
  const auto pos = buffers.position();
  const std::uint32_t dims = buffers.dimensions();
  const auto slots = buffers.slot();
  const auto& recipes = system.scene().events.recipes;
  for (std::uint32_t i = 0; i < buffers.count(); ++i) {
    // The drawn position is the buffer's (a 2D one at z = 0); the key is taken from the
    // backend's own numbers.
    const Float3 p{pos[dims * i], pos[dims * i + 1], dims == 3 ? pos[dims * i + 2] : 0.0f};
    const ParticleMotionT<M>& m = system.motion(slots[i]);
    const Recipe& r = recipes[m.recipe];
    const ParticleDeclareOptions o = m.recipe < options.size() ? options[m.recipe] : ParticleDeclareOptions{};
    if (auto err = batcher.declare({particleSortKey<M>(view, m.position, r), p, i, o.atlasPage, o.material,
                                    o.blend.value_or(blendOf(r))}))
      return err;
  }
  return std::nullopt;
}

template std::uint32_t particleSortKey<Fp32Math>(const ParticleView&, const Float3&, const Recipe&);
template std::uint32_t particleSortKey<Fx16Math>(const ParticleView&, const Fx3&, const Recipe&);
template std::optional<core::Code> declareParticles(SpriteBatcher&, const ParticleSystemT<Fp32Math>&,
                                                    const EventRenderBuffers&, const ParticleView&,
                                                    std::span<const ParticleDeclareOptions>);
template std::optional<core::Code> declareParticles(SpriteBatcher&, const ParticleSystemT<Fx16Math>&,
                                                    const EventRenderBuffers&, const ParticleView&,
                                                    std::span<const ParticleDeclareOptions>);

}  // namespace kiln::sim
