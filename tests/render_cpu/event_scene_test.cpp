// The event scene's draw classes: recipes drawn with the same blend and texture share draw
// ranges, so two recipes interleaved in depth stay one range; a different blend or texture
// still splits them (each range is one GPU state).
#include <catch2/catch.hpp>

#include <memory>

#include "render/event_scene.hpp"
#include "sim/render_buffers.hpp"

using namespace kiln;

namespace {

// Two recipes, bursts alternating along the view axis so the back-to-front order interleaves
// them: eight bursts of 8 particles each, 2 m apart in depth, still (no speed or spread).
sim::Events interleaved(std::optional<sim::Sprite> first, std::optional<sim::Sprite> second) {
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
  const sim::Sprite alpha{"t", sim::BlendMode::Normal, sim::TextureAlpha::Alpha, 0.0};
  const sim::Sprite brightness{"t", sim::BlendMode::Normal, sim::TextureAlpha::Brightness, 0.5};
  CHECK(rangesOf(interleaved(alpha, brightness), {"t"}) == 1);
}

TEST_CASE("interleaved recipes of another blend or texture split into one range per run") {
  const sim::Sprite additive{"t", sim::BlendMode::Additive, sim::TextureAlpha::Alpha, 0.0};
  const sim::Sprite normal{"t", sim::BlendMode::Normal, sim::TextureAlpha::Alpha, 0.0};
  CHECK(rangesOf(interleaved(additive, normal), {"t"}) == 8);
  const sim::Sprite onU{"u", sim::BlendMode::Normal, sim::TextureAlpha::Alpha, 0.0};
  CHECK(rangesOf(interleaved(normal, onU), {"t", "u"}) == 8);
  // A plain quad and a textured one of the same blend are two GPU states as well.
  CHECK(rangesOf(interleaved(std::nullopt, sim::Sprite{"t"}), {"t"}) == 8);
}

TEST_CASE("a range's material names the first recipe of its class; each recipe keeps its own material") {
  const sim::Sprite alpha{"t", sim::BlendMode::Normal, sim::TextureAlpha::Alpha, 0.0};
  const sim::Sprite brightness{"t", sim::BlendMode::Normal, sim::TextureAlpha::Brightness, 0.5};
  const auto owned = sceneOf(interleaved(alpha, brightness), {"t"});
  const render::EventScene& scene = *owned;
  CHECK(scene.drawClass(0) == 0);
  CHECK(scene.drawClass(1) == 0);
  REQUIRE(scene.batcher().ranges().size() == 1);
  CHECK(scene.batcher().ranges()[0].material == 0);
  CHECK(scene.material(1).textureAlpha == sim::TextureAlpha::Brightness);
  CHECK(scene.material(1).alphaTest == 0.5f);
}

TEST_CASE("the simulation budget: 2^34 particle-steps, accepted at the last step and refused one past it") {
  // A pool of 1024 at 60 Hz: 2^34 / 1024 = 16,777,216 steps.
  const double last = 16777216.0 / 60.0, past = 16777217.0 / 60.0;
  REQUIRE(sim::ParticleSystem::stepsAt(last + 1e-7, 60) == 16777216);
  CHECK(sim::withinSimulationBudget(last + 1e-7, 60, 1024));
  CHECK_FALSE(sim::withinSimulationBudget(past + 1e-7, 60, 1024));
  CHECK(sim::simulationHorizon(60, 1024) == Approx(last));
  // The pool counts: the same time with twice the pool is past it.
  CHECK_FALSE(sim::withinSimulationBudget(last + 1e-7, 60, 2048));
  CHECK(sim::withinSimulationBudget(0, 1000, 65536));
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
  // 256 slots: a budget of 256 · 50 particle-steps is 50 steps per update.
  int updates = 0;
  do {
    budgeted.update(2.0, camera, std::nullopt, 256.0 * 50);
    ++updates;
    if (budgeted.stats().catchingUp) CHECK(budgeted.batcher().sorted().empty());
  } while (budgeted.stats().catchingUp && updates < 10);
  CHECK(updates == 3);  // 50 + 50 + 20
  CHECK(budgeted.stats().step == 120);
  CHECK(sim::renderBuffersHash(budgeted.buffers()) == sim::renderBuffersHash(exact.buffers()));
  CHECK(budgeted.batcher().sorted().size() == exact.batcher().sorted().size());
  // Past the simulation budget nothing is simulated or drawn, and the call returns at once.
  budgeted.update(1e12, camera, std::nullopt, 256.0 * 50);
  CHECK(budgeted.stats().beyondBudget);
  CHECK(budgeted.stats().step == 120);
  CHECK(budgeted.batcher().sorted().empty());
}
