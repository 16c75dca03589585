// Stepping, writing and batching the event particles of one frame.
#include "render/cpu/event_scene.hpp"

#include <chrono>
#include <utility>

#include "core/assert.hpp"
#include "sim/look.hpp"
#include "sim/system.hpp"

namespace kiln::render {
namespace {

double msSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

EventScene::EventScene(sim::Scene scene)
    : system_(std::move(scene)), buffers_(system_.capacity(), system_.dimensions()), batcher_(system_.scene().maxSprites) {
  groups_.resize(system_.scene().events.recipes.size());
}

void EventScene::assignDrawClasses() {
  // A recipe's material is the first recipe drawn with the same blend and texture: the GPU
  // state of a draw. Texture alpha and alpha test travel with each sprite, so recipes that
  // differ only there share draws, and two recipes interleaved in depth stay one range.
  const auto& scene = system_.scene();
  const auto& recipes = scene.events.recipes;
  auto texture = [&](std::size_t r) { return r < scene.recipeTexture.size() ? scene.recipeTexture[r] : -1; };
  for (std::size_t i = 0; i < groups_.size(); ++i) {
    std::size_t first = i;
    for (std::size_t j = 0; j < i; ++j)
      if (sim::blendOf(recipes[j]) == sim::blendOf(recipes[i]) && texture(j) == texture(i)) {
        first = j;
        break;
      }
    groups_[i].material = static_cast<std::uint16_t>(first);
  }
}

sim::ParticleView particleView(const Camera& camera, sim::SortMode sort) {
  const glm::vec3 f = camera.target - camera.eye;
  return {sort, {camera.eye.x, camera.eye.y, camera.eye.z}, {f.x, f.y, f.z}};
}

void EventScene::update(double levelTime, const Camera& camera, std::optional<sim::SortMode> sort,
                        std::optional<double> stepBudget) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::int64_t target = sim::ParticleSystem::stepsAt(levelTime, system_.stepHz());
  stats_.targetStep = target;
  // Counted from the scene as it is now, so live tuning (a rate, a count) is counted too.
  stats_.beyondBudget = !sim::withinSimulationBudget(system_.scene(), levelTime);
  stats_.catchingUp = stats_.stepOverFrameBudget = false;
  stats_.nextStepCost = 0;
  if (!stats_.beyondBudget && stepBudget) {
    using P = sim::ParticleSystem::Progress;
    const P progress = system_.advanceWithin(levelTime, *stepBudget);
    stats_.catchingUp = progress == P::Partial;
    stats_.stepOverFrameBudget = progress == P::StepOverBudget;
    if (stats_.stepOverFrameBudget) stats_.nextStepCost = system_.nextStepCost();
  } else if (!stats_.beyondBudget) {
    system_.advanceTo(levelTime);
  }
  stats_.step = system_.step();
  stats_.simMs = msSince(t0);
  const auto t1 = std::chrono::steady_clock::now();
  sim::writeRenderBuffers(system_, buffers_);
  assignDrawClasses();  // per frame: live tuning may change a recipe's blend
  batcher_.beginFrame(levelTime);
  // Not at T yet (or never): declare nothing rather than another moment's particles.
  if (!stats_.beyondBudget && !stats_.catchingUp && !stats_.stepOverFrameBudget) {
    const auto view = particleView(camera, sort.value_or(system_.scene().events.sort));
    // The window was just opened, so declaring cannot fail (WindowClosed is its only error).
    const auto err = sim::declareParticles(batcher_, system_, buffers_, view, groups_);
    KILN_ASSERT(!err);
  }
  batcher_.build();
  stats_.batchMs = msSince(t1);
  stats_.live = system_.liveCount();
  stats_.declared = static_cast<std::uint32_t>(batcher_.sorted().size());
  stats_.ranges = static_cast<std::uint32_t>(batcher_.ranges().size());
  stats_.droppedThisFrame = batcher_.droppedThisFrame();
  stats_.droppedTotal = batcher_.droppedTotal();
}

EventMaterial EventScene::material(std::uint32_t recipe) const {
  const auto& scene = system_.scene();
  EventMaterial m;
  if (recipe >= scene.events.recipes.size()) return m;
  const auto& sprite = scene.events.recipes[recipe].sprite;
  if (sprite) {
    m.blend = sprite->blend;
    m.textureAlpha = sprite->textureAlpha;
    m.alphaTest = static_cast<float>(sprite->alphaTest);
  }
  m.texture = recipe < scene.recipeTexture.size() ? scene.recipeTexture[recipe] : -1;
  return m;
}

}  // namespace kiln::render
