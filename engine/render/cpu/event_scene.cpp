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

namespace {

EventScene::System makeSystem(sim::Scene scene) {
  if (scene.events.math == sim::MathBackend::Fpx16_16)
    return EventScene::System(std::in_place_type<sim::FixedParticleSystem>, std::move(scene));
  return EventScene::System(std::in_place_type<sim::ParticleSystem>, std::move(scene));
}

}  // namespace

EventScene::EventScene(sim::Scene scene)
    : system_(makeSystem(std::move(scene))),
      buffers_(capacity(), visitSystem([](const auto& sys) { return sys.dimensions(); })),
      batcher_(this->scene().maxSprites) {
  groups_.resize(this->scene().events.recipes.size());
}

const sim::Scene& EventScene::scene() const {
  return visitSystem([](const auto& sys) -> const sim::Scene& { return sys.scene(); });
}
std::uint32_t EventScene::capacity() const {
  return visitSystem([](const auto& sys) { return sys.capacity(); });
}
sim::Counters EventScene::counters() const {
  return visitSystem([](const auto& sys) { return sys.counters(); });
}
std::int64_t EventScene::step() const {
  return visitSystem([](const auto& sys) { return sys.step(); });
}
std::uint32_t EventScene::recipeOf(std::uint32_t slot) const {
  return visitSystem([slot](const auto& sys) { return sys.birth(slot).recipe; });
}
float EventScene::opacityOf(std::uint32_t slot) const {
  return visitSystem([slot](const auto& sys) {
    using M = typename std::decay_t<decltype(sys)>::Math;
    return M::toFloat(sim::particleLook(sys, slot).opacity);
  });
}

void EventScene::assignDrawClasses() {
  // A recipe's material is the first recipe drawn with the same blend and texture: the GPU
  // state of a draw. Texture alpha and alpha test travel with each sprite, so recipes that
  // differ only there share draws, and two recipes interleaved in depth stay one range.
  const auto& scene = this->scene();
  const auto& recipes = scene.events.recipes;
  // A material snippet is a program of its own, so it splits draw classes too.
  auto texture = [&](std::size_t r) { return r < scene.recipeTexture.size() ? scene.recipeTexture[r] : -1; };
  auto shader = [&](std::size_t r) { return recipes[r].sprite ? recipes[r].sprite->material : std::string(); };
  // A palette table is bound per draw like the sprite texture.
  auto palette = [&](std::size_t r) { return r < scene.recipePalette.size() ? scene.recipePalette[r] : -1; };
  for (std::size_t i = 0; i < groups_.size(); ++i) {
    std::size_t first = i;
    for (std::size_t j = 0; j < i; ++j)
      if (sim::blendOf(recipes[j]) == sim::blendOf(recipes[i]) && texture(j) == texture(i) && shader(j) == shader(i) &&
          palette(j) == palette(i)) {
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
  std::visit([&](auto& system) { update(system, levelTime, camera, sort, stepBudget); }, system_);
}

template <class S>
void EventScene::update(S& system, double levelTime, const Camera& camera, std::optional<sim::SortMode> sort,
                        std::optional<double> stepBudget) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::int64_t target = S::stepsAt(levelTime, system.stepHz());
  stats_.targetStep = target;
  // Counted from the scene as it is now, so live tuning (a rate, a count) is counted too.
  stats_.beyondBudget = !sim::withinSimulationBudget(system.scene(), levelTime);
  stats_.catchingUp = stats_.stepOverFrameBudget = false;
  stats_.nextStepCost = 0;
  if (!stats_.beyondBudget && stepBudget) {
    using P = typename S::Progress;
    const P progress = system.advanceWithin(levelTime, *stepBudget);
    stats_.catchingUp = progress == P::Partial;
    stats_.stepOverFrameBudget = progress == P::StepOverBudget;
    if (stats_.stepOverFrameBudget) stats_.nextStepCost = system.nextStepCost();
  } else if (!stats_.beyondBudget) {
    system.advanceTo(levelTime);
  }
  stats_.step = system.step();
  stats_.simMs = msSince(t0);
  const auto t1 = std::chrono::steady_clock::now();
  sim::writeRenderBuffers(system, buffers_);
  assignDrawClasses();  // per frame: live tuning may change a recipe's blend
  batcher_.beginFrame(levelTime);
  // Not at T yet (or never): declare nothing rather than another moment's particles.
  if (!stats_.beyondBudget && !stats_.catchingUp && !stats_.stepOverFrameBudget) {
    const auto view = particleView(camera, sort.value_or(system.scene().events.sort));
    // The window was just opened, so declaring cannot fail (WindowClosed is its only error).
    const auto err = sim::declareParticles(batcher_, system, buffers_, view, groups_);
    KILN_ASSERT(!err);
  }
  batcher_.build();
  stats_.batchMs = msSince(t1);
  stats_.live = system.liveCount();
  stats_.declared = static_cast<std::uint32_t>(batcher_.sorted().size());
  stats_.ranges = static_cast<std::uint32_t>(batcher_.ranges().size());
  stats_.droppedThisFrame = batcher_.droppedThisFrame();
  stats_.droppedTotal = batcher_.droppedTotal();
}

EventMaterial EventScene::material(std::uint32_t recipe) const {
  const auto& scene = this->scene();
  EventMaterial m;
  if (recipe >= scene.events.recipes.size()) return m;
  const auto& sprite = scene.events.recipes[recipe].sprite;
  if (sprite) {
    m.blend = sprite->blend;
    m.textureAlpha = sprite->textureAlpha;
    m.alphaTest = static_cast<float>(sprite->alphaTest);
    const auto& materials = scene.events.materials;
    for (std::size_t i = 0; i < materials.size(); ++i)
      if (!sprite->material.empty() && materials[i].name == sprite->material) m.shader = static_cast<std::int32_t>(i);
  }
  m.texture = recipe < scene.recipeTexture.size() ? scene.recipeTexture[recipe] : -1;
  m.palette = recipe < scene.recipePalette.size() ? scene.recipePalette[recipe] : -1;
  return m;
}

}  // namespace kiln::render
