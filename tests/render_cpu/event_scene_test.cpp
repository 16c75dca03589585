// The event scene's draw classes: recipes drawn with the same blend and texture share draw
// ranges, so two recipes interleaved in depth stay one range; a different blend or texture
// still splits them (each range is one GPU state).
#include <catch2/catch.hpp>
#include <cmath>
#include <memory>
#include <vector>

#include "render/cpu/event_scene.hpp"
#include "sim/render_buffers.hpp"

using namespace kiln;

namespace {

// Two recipes, bursts alternating along the view axis so the back-to-front order interleaves
// them: eight bursts of 8 particles each, 2 m apart in depth, still (no speed or spread).
sim::Events interleaved(std::optional<sim::EventSprite> first, std::optional<sim::EventSprite> second) {
  sim::Events e;
  e.capacity = 256;
  for (int i = 0; i < 2; ++i) {
    sim::Recipe r;
    r.name = i == 0 ? "a" : "b";
    r.count = 8;
    r.lifetime = 60;
    r.size = 0.1;
    r.gravity = 0;
    r.drag = 0;
    r.color = {1, 1, 1};
    r.sprite = i == 0 ? first : second;
    e.recipes.push_back(r);
  }
  for (std::uint32_t k = 0; k < 8; ++k) e.script.push_back({0.0, k % 2 ? "b" : "a", {0.0, 2.0 * k, 1.0}, k});
  return e;
}

// The scene at 1 s, seen down the row of bursts (view sort: back to front).
std::unique_ptr<render::EventScene> sceneOf(const sim::Events& events, const std::vector<std::string>& textures) {
  auto compiled = sim::compileEvents(events, textures);
  REQUIRE(compiled.scene);
  auto scene = std::make_unique<render::EventScene>(std::move(*compiled.scene));
  render::Camera camera;
  camera.eye = {0, -10, 1};
  camera.target = {0, 0, 1};
  scene->update(1.0, camera);
  REQUIRE(scene->stats().live == 64);
  return scene;
}

std::size_t rangesOf(const sim::Events& events, const std::vector<std::string>& textures = {}) {
  return sceneOf(events, textures)->batcher().ranges().size();
}

}  // namespace

TEST_CASE("interleaved recipes of one blend and texture draw as one range") {
  // Both plain light_matter quads; and both textured alike but with different texture alpha
  // and alpha test (those travel with each sprite).
  CHECK(rangesOf(interleaved(std::nullopt, std::nullopt)) == 1);
  const sim::EventSprite alpha{"t", sim::BlendMode::Normal, sim::TextureAlpha::Alpha, 0.0};
  const sim::EventSprite brightness{"t", sim::BlendMode::Normal, sim::TextureAlpha::Brightness, 0.5};
  CHECK(rangesOf(interleaved(alpha, brightness), {"t"}) == 1);
}

TEST_CASE("interleaved recipes of another blend or texture split into one range per run") {
  const sim::EventSprite additive{"t", sim::BlendMode::Additive, sim::TextureAlpha::Alpha, 0.0};
  const sim::EventSprite normal{"t", sim::BlendMode::Normal, sim::TextureAlpha::Alpha, 0.0};
  CHECK(rangesOf(interleaved(additive, normal), {"t"}) == 8);
  const sim::EventSprite onU{"u", sim::BlendMode::Normal, sim::TextureAlpha::Alpha, 0.0};
  CHECK(rangesOf(interleaved(normal, onU), {"t", "u"}) == 8);
  // A plain quad and a textured one of the same blend are two GPU states as well.
  CHECK(rangesOf(interleaved(std::nullopt, sim::EventSprite{"t"}), {"t"}) == 8);
}

TEST_CASE("a range's material names the first recipe of its class, each recipe keeps its own material") {
  const sim::EventSprite alpha{"t", sim::BlendMode::Normal, sim::TextureAlpha::Alpha, 0.0};
  const sim::EventSprite brightness{"t", sim::BlendMode::Normal, sim::TextureAlpha::Brightness, 0.5};
  const auto owned = sceneOf(interleaved(alpha, brightness), {"t"});
  const render::EventScene& scene = *owned;
  CHECK(scene.drawClass(0) == 0);
  CHECK(scene.drawClass(1) == 0);
  REQUIRE(scene.batcher().ranges().size() == 1);
  CHECK(scene.batcher().ranges()[0].material == 0);
  CHECK(scene.material(1).textureAlpha == sim::TextureAlpha::Brightness);
  CHECK(scene.material(1).alphaTest == 0.5f);
}

TEST_CASE("the simulation budget: accepted at the last step within 2^31 and refused one past it") {
  // A pool of 1024 at 60 Hz, two recipes, eight bursts of 8 at T = 0: at most those 64 particles
  // are ever alive, so every step costs 64 + 2, and step 0 also 8 × 4 (bursts) + 64 × 32 (births).
  sim::Events events = interleaved(std::nullopt, std::nullopt);
  events.capacity = 1024;
  auto compiled = sim::compileEvents(events, {});
  REQUIRE(compiled.scene);
  const double limit = 2147483648.0, first = 8 * 4 + 64 * 32;
  const auto lastStep = static_cast<std::int64_t>(std::floor((limit - first) / 66));
  REQUIRE(lastStep == 32537599);
  const double last = (static_cast<double>(lastStep) + 0.5) / 60,
               past = (static_cast<double>(lastStep) + 1.5) / 60;
  REQUIRE(sim::ParticleSystem::stepsAt(last, 60) == lastStep);
  CHECK(sim::withinSimulationBudget(*compiled.scene, last));
  CHECK_FALSE(sim::withinSimulationBudget(*compiled.scene, past));
  CHECK(sim::simulationHorizon(*compiled.scene) == Approx(static_cast<double>(lastStep) / 60));
  // A pool smaller than what the script throws caps the live particles: 32 + 2 a step.
  events.capacity = 32;
  CHECK(sim::simulationHorizon(*sim::compileEvents(events, {}).scene) == Approx(63161222.0 / 60));
  CHECK(sim::withinSimulationBudget(*compiled.scene, 0));
}

TEST_CASE("a step budget reaches T over several updates, draws nothing on the way, and ends where one update would") {
  const sim::Events events = interleaved(std::nullopt, std::nullopt);
  auto compiled = sim::compileEvents(events, {});
  REQUIRE(compiled.scene);
  render::EventScene exact(*compiled.scene), budgeted(*compiled.scene);
  render::Camera camera;
  camera.eye = {0, -10, 1};
  camera.target = {0, 0, 1};
  exact.update(2.0, camera);  // 120 steps
  // Step 0 costs its two recipe visits and its bursts, 2 + 8 × 4 + 64 × 32 = 2114 (nothing is
  // alive before it); every later step the 64 live particles and the visits, 66. A budget of
  // 66 · 40 + 2114 runs step 0 and 40 more, then ⌊4754 / 66⌋ = 72, then the last 7.
  const double budget = 66.0 * 40 + 2114;
  int updates = 0;
  std::vector<std::int64_t> steps;
  do {
    budgeted.update(2.0, camera, std::nullopt, budget);
    ++updates;
    steps.push_back(budgeted.stats().step);
    if (budgeted.stats().catchingUp) CHECK(budgeted.batcher().sorted().empty());
  } while (budgeted.stats().catchingUp && updates < 10);
  CHECK(steps == std::vector<std::int64_t>{41, 113, 120});
  CHECK(budgeted.stats().step == 120);
  CHECK(sim::renderBuffersHash(budgeted.buffers()) == sim::renderBuffersHash(exact.buffers()));
  CHECK(budgeted.batcher().sorted().size() == exact.batcher().sorted().size());
  // Past the simulation budget nothing is simulated or drawn, and the call returns at once.
  budgeted.update(1e12, camera, std::nullopt, budget);
  CHECK(budgeted.stats().beyondBudget);
  CHECK(budgeted.stats().step == 120);
  CHECK(budgeted.batcher().sorted().empty());
}

TEST_CASE("finding: a step that alone costs more than a frame's budget is not run, the frame says so and returns") {
  // 256 bursts of 65,536 at T = 0: step 0 costs 1 + 256 × 4 + 2^24 × 32, far over the viewer's
  // 2^23 a frame, though within the whole simulation's budget (2^31).
  sim::Events events;
  events.capacity = 65536;
  sim::Recipe big;
  big.name = "big", big.count = 65536, big.lifetime = 1, big.size = 0.1;
  events.recipes = {big};
  for (std::uint32_t i = 0; i < 256; ++i) events.script.push_back({0.0, "big", {0, 0, 1}, i});
  auto compiled = sim::compileEvents(events, {});
  REQUIRE(compiled.scene);
  REQUIRE(sim::withinSimulationBudget(*compiled.scene, 1.0));
  render::EventScene scene(std::move(*compiled.scene));
  render::Camera camera;
  scene.update(1.0, camera, std::nullopt, 8388608.0);
  CHECK_FALSE(scene.stats().beyondBudget);
  CHECK(scene.stats().stepOverFrameBudget);
  CHECK_FALSE(scene.stats().catchingUp);
  CHECK(scene.stats().nextStepCost == 1 + 256 * 4.0 + 256 * 65536 * 32.0);
  CHECK(scene.stats().step == 0);
  CHECK(scene.counters().spawned == 0);
  CHECK(scene.batcher().sorted().empty());
  // Before the step is due nothing is owed, and the frame is drawn (empty) as usual.
  scene.update(0.0, camera, std::nullopt, 8388608.0);
  CHECK_FALSE(scene.stats().stepOverFrameBudget);
}

TEST_CASE("a section in fpx16_16 is drawn from the fixed-point simulation, the state kiln sim prints") {
  // A burst with speed, spread and drag (non-dyadic values): the two backends round apart.
  sim::Events e;
  e.capacity = 64;
  sim::Recipe r;
  r.name = "puff";
  r.count = 16;
  r.lifetime = 3;
  r.size = 0.1;
  r.speed = 1.3;
  r.spread = 0.7;
  r.drag = 0.9;
  e.recipes.push_back(r);
  e.script.push_back({0.0, "puff", {0.1, 0.2, 1.0}, 7});
  render::Camera camera;
  camera.eye = {0, -10, 1};
  camera.target = {0, 0, 1};
  const auto drawnAt = [&](sim::MathBackend math) {
    sim::Events x = e;
    x.math = math;
    auto compiled = sim::compileEvents(x, {});
    REQUIRE(compiled.scene);
    render::EventScene scene(std::move(*compiled.scene));
    scene.update(1.0, camera);
    REQUIRE(scene.stats().live == 16);
    const auto p = scene.buffers().position();
    return std::vector<float>(p.begin(), p.end());
  };
  // The reference: each backend's own system, stepped and written directly.
  const auto directly = [&](auto system) {
    system.advanceTo(1.0);
    sim::EventRenderBuffers buffers(system.capacity());
    sim::writeRenderBuffers(system, buffers);
    const auto p = buffers.position();
    return std::vector<float>(p.begin(), p.end());
  };
  sim::Events fx = e;
  fx.math = sim::MathBackend::Fpx16_16;
  const std::vector<float> fixedDirect = directly(sim::FixedParticleSystem(*sim::compileEvents(fx, {}).scene));
  const std::vector<float> floatDirect = directly(sim::ParticleSystem(*sim::compileEvents(e, {}).scene));
  REQUIRE(fixedDirect != floatDirect);  // so the check below can tell the backends apart
  CHECK(drawnAt(sim::MathBackend::Fpx16_16) == fixedDirect);
  CHECK(drawnAt(sim::MathBackend::Fp32) == floatDirect);
}
