// The scene-transparency pass's cost: one llvmpipe frame at 1280×720 with 10,000 live event
// particles (render buffers, view sort, batcher, upload, draws) beside the same frame with
// `FrameOptions::events = false`, in the same run. Level time is held, so the simulation does
// no steps in the loop: what is measured is the per-frame work of drawing a live pool.
// Run in Release with LP_NUM_THREADS set; report medians (--benchmark_repetitions=5).
#include <benchmark/benchmark.h>
#include <glad/gl.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <variant>

#include "headless_gl.hpp"
#include "render/renderer.hpp"
#include "sim/model.hpp"

namespace {

using namespace kiln;

constexpr std::uint32_t kWidth = 1280, kHeight = 720;

using bench::context;

// Five bursts of 2,000 at T = 0 with lifetimes of minutes: 10,000 live at T = 1, half light
// (additive-looking sparks), half matter (normal-blended dust), spread over a few metres.
sim::Events tenThousand() {
  sim::Events e;
  e.capacity = 10000;
  for (int i = 0; i < 2; ++i) {
    sim::Recipe r;
    r.name = i == 0 ? "spark" : "dust";
    r.count = 2000;
    r.speed = 1.5;
    r.spread = 2.5;
    r.lifetime = 600;
    r.size = 0.12;
    r.gravity = 0;
    r.drag = 1.0;
    r.color = i == 0 ? sim::Vec3{5, 1.1, 0.12} : sim::Vec3{0.5, 0.46, 0.4};
    r.opacity = 0.6;
    r.glows = i == 0;
    if (i == 1) r.sprite = sim::EventSprite{"", sim::BlendMode::Normal};
    e.recipes.push_back(r);
  }
  e.recipes[1].sprite.reset();  // matter in light_matter: a plain white quad
  for (std::uint32_t k = 0; k < 5; ++k)
    e.script.push_back({0.0, k % 2 ? "dust" : "spark", {-2.0 + k, 0.0, 1.0}, k});
  return e;
}

struct Scene {
  render::HeadlessContext& gl = context();  // first: the members below need a current context
  render::Renderer renderer;
  render::RenderTarget target{kWidth, kHeight};
  render::Camera camera;
  Scene() {
    const sim::Events events = tenThousand();
    if (!renderer.prepare(world::World{}, nullptr, {}).empty() || !renderer.prepareEvents(&events, {}).empty()) {
      std::fprintf(stderr, "prepare failed\n");
      std::exit(2);
    }
    camera.eye = {0, -9, 3};
    camera.target = {0, 0, 1};
  }
};

Scene& scene() {
  static Scene s;
  return s;
}

void frame(benchmark::State& state, bool events) {
  Scene& s = scene();
  render::FrameOptions options;
  options.events = events;
  s.renderer.drawFrame(1.0, s.camera, options, s.target);
  glFinish();
  for (auto _ : state) {
    s.renderer.drawFrame(1.0, s.camera, options, s.target);
    glFinish();
  }
  state.counters["live"] = events ? s.renderer.stats().events.live : 0;
  state.counters["draws"] = s.renderer.stats().passDrawCalls[static_cast<std::size_t>(render::Pass::SceneTransparency)];
}

void BM_Frame_10000EventParticles(benchmark::State& state) { frame(state, true); }
void BM_Frame_WithoutEvents(benchmark::State& state) { frame(state, false); }

}  // namespace

BENCHMARK(BM_Frame_10000EventParticles)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Frame_WithoutEvents)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
