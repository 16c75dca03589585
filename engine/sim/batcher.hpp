// Seed 004's sprite batcher: a frame window (begin → declare → build → draw ranges), a stable
// sort by key, one draw range per run of one (atlas page, material, blend), and a budget that
// drops the oldest declarations. Sized once; a frame allocates nothing.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/diagnostic.hpp"
#include "sim/model.hpp"
#include "sim/sort.hpp"
#include "sim/system.hpp"

namespace kiln::sim {

struct SpriteDeclaration {
  std::uint32_t key = 0;   // ascending = drawn first (backToFrontKey, isoDepthKey, or 0)
  Float3 position;
  std::uint32_t item = 0;  // the caller's index (for particles: the render buffer entry)
  std::uint16_t atlasPage = 0;
  std::uint16_t material = 0;
  BlendMode blend = BlendMode::LightMatter;
};

// Consecutive sorted declarations sharing one (atlas page, material, blend): one draw call.
struct DrawRange {
  std::uint32_t first = 0;
  std::uint32_t count = 0;
  std::uint16_t atlasPage = 0;
  std::uint16_t material = 0;
  BlendMode blend = BlendMode::LightMatter;
};

class SpriteBatcher {
 public:
  // A batcher never created, or created with a budget of 0, is stopped (seed 004): it holds
  // nothing, and every declare() answers BudgetExhausted.
  SpriteBatcher() = default;
  explicit SpriteBatcher(std::uint32_t maxSprites);

  std::uint32_t maxSprites() const { return max_; }
  bool stopped() const { return max_ == 0; }

  // Opens the window. `levelTime` (seconds) paces the drop warning: at most one per second of
  // level time, so a replay warns on the same frames; going backwards re-arms it.
  void beginFrame(double levelTime);
  // Declared beyond max_sprites, the oldest declaration of the frame is dropped and counted.
  // Returns BudgetExhausted when stopped, else WindowClosed outside beginFrame … build (and
  // declares nothing either way).
  [[nodiscard]] std::optional<core::Code> declare(const SpriteDeclaration& d);
  // Sorts (stable, by key), forms the draw ranges and closes the window.
  void build();

  bool windowOpen() const { return open_; }
  // After build: the kept declarations in draw order, and the draw ranges over them.
  std::span<const SpriteDeclaration> sorted() const { return {sorted_.data(), count_}; }
  std::span<const DrawRange> ranges() const { return {ranges_.data(), rangeCount_}; }
  std::uint32_t droppedThisFrame() const { return dropped_; }
  // How many of `declared` sprites one frame drops under a budget of `maxSprites`, exactly as
  // declare() counts them: for hosts that predict drops without batching (the viewer's graph).
  static std::uint64_t dropsFor(std::uint64_t declared, std::uint32_t maxSprites) {
    const std::uint64_t budget = std::max<std::uint32_t>(maxSprites, 1);
    return declared > budget ? declared - budget : 0;
  }
  std::uint64_t droppedTotal() const { return droppedTotal_; }
  // True when build() of this frame raised the (rate-limited) drop warning.
  bool warnedThisFrame() const { return warned_; }
  // The warning as a diagnostic, for the host to print when warnedThisFrame() (allocates).
  core::Diagnostic dropWarning() const;

 private:
  std::uint32_t max_ = 0;
  std::vector<SpriteDeclaration> ring_;  // the frame's declarations; the oldest at head_
  std::uint32_t head_ = 0;
  std::uint32_t count_ = 0;
  std::vector<std::uint32_t> keys_;
  std::vector<SpriteDeclaration> sorted_;
  std::vector<DrawRange> ranges_;
  std::uint32_t rangeCount_ = 0;
  KeySorter sorter_{0};
  bool open_ = false;
  double frameTime_ = 0.0;
  std::optional<double> lastWarning_;
  std::uint32_t dropped_ = 0;
  std::uint64_t droppedTotal_ = 0;
  bool warned_ = false;
};

// The per-frame view for particle declarations.
struct ParticleView {
  SortMode sort = SortMode::View;
  Float3 eye;                    // view: the view point
  Float3 forward{0.0f, 0.0f, -1.0f};  // view: the view direction
};

// Per recipe: where its sprite lives and how it blends (the recipe's blend unless set).
using SpriteGroup = ParticleDeclareOptions;

// The sort key one particle declares with: view → backToFrontKey(depth); iso →
// isoDepthKey(x, y, particleDepthToStepHeight(z), layer); none → 0 (spawn order survives).
std::uint32_t particleSortKey(const ParticleView& view, Float3 p, std::int32_t layer = 0);

// The same for a particle of `recipe` at p in the backend's numbers: the recipe's
// depth_override when it has one (in every sort mode), else the key above with the recipe's
// layer, the iso step height taken in the backend (view depths are float32, from
// the position as drawn).
template <class M>
std::uint32_t particleSortKey(const ParticleView& view, const typename M::Vec3& p, const Recipe& recipe);

// One declaration per render buffer entry, in spawn order (item = entry index); an empty
// system declares nothing and succeeds. Missing `options` entries mean page 0, material 0,
// the recipe's blend. Returns the batcher's first error (BudgetExhausted from a stopped
// batcher, WindowClosed outside its window).
template <class M>
[[nodiscard]] std::optional<core::Code> declareParticles(SpriteBatcher& batcher, const ParticleSystemT<M>& system,
                                                         const EventRenderBuffers& buffers, const ParticleView& view,
                                                         std::span<const ParticleDeclareOptions> options = {});
extern template std::optional<core::Code> declareParticles(SpriteBatcher&, const ParticleSystemT<Fp32Math>&,
                                                           const EventRenderBuffers&, const ParticleView&,
                                                           std::span<const ParticleDeclareOptions>);
extern template std::optional<core::Code> declareParticles(SpriteBatcher&, const ParticleSystemT<Fx16Math>&,
                                                           const EventRenderBuffers&, const ParticleView&,
                                                           std::span<const ParticleDeclareOptions>);

}  // namespace kiln::sim
