// The palette blend's cost: one llvmpipe frame of the glass sample at 1280×720 (its iso camera,
// t = 1.2 s: 24 dust puffs and 14 shards drawn through the translucency table, one draw and one
// texture barrier per shard) beside the same frame with the shards in the normal blend (one
// instanced draw for all of them, the baseline), and both again with 200 shards, in the same run.
// Run in Release with LP_NUM_THREADS set; report medians (--benchmark_repetitions=5).
#include <benchmark/benchmark.h>
#include <glad/gl.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>

#include "headless_gl.hpp"
#include "loader/loader.hpp"
#include "render/renderer.hpp"

namespace {

using namespace kiln;

constexpr std::uint32_t kWidth = 1280, kHeight = 720;

struct Scene {
  render::HeadlessContext& gl = bench::context();  // first: the members below need a current context
  loader::LoadResult level = loader::loadAny(KILN_SOURCE_DIR "/assets/levels/glass.yaml");
  std::vector<core::NamedImage> textures;
  render::Renderer renderer;
  render::RenderTarget target{kWidth, kHeight};
  render::Camera camera;
  Scene() {
    for (const auto& t : level.textures) textures.push_back(t.image);
    if (!level.ok() || !level.level.events || !renderer.prepare(level.level, textures).empty()) {
      std::fprintf(stderr, "the glass sample did not load or prepare\n");
      std::exit(2);
    }
    // docs/samples.md "Cameras that show them": glass from (9, 9, 5), 5 m tall.
    camera.eye = {9, 9, 5};
    camera.target = {4, 4, -0.5};
    camera.up = {0, 0, 1};
    camera.orthographic = true;
    camera.orthoHeight = 5;
  }
  // The sample's section with its shards in `blend` and `shards` of them per burst.
  void prepare(sim::BlendMode blend, std::int64_t shards) {
    sim::Events e = *level.level.events;
    for (sim::Recipe& r : e.recipes)
      if (r.name == "shard") {
        r.count = shards;
        r.sprite->blend = blend;
        if (blend != sim::BlendMode::Palette) r.sprite->palette.clear();
      }
    if (!renderer.prepareEvents(&e, textures).empty()) {
      std::fprintf(stderr, "the glass section did not prepare\n");
      std::exit(2);
    }
  }
};

Scene& scene() {
  static Scene s;
  return s;
}

void frame(benchmark::State& state, sim::BlendMode blend, std::int64_t shards) {
  Scene& s = scene();
  s.prepare(blend, shards);
  const render::FrameOptions o;  // LDR: the table's entries land as they are
  for (int i = 0; i < 3; ++i) s.renderer.drawFrame(1.2, s.camera, o, s.target);
  glFinish();
  for (auto _ : state) {
    s.renderer.drawFrame(1.2, s.camera, o, s.target);
    glFinish();
  }
  state.counters["drawn"] = s.renderer.stats().events.drawn;
  state.counters["draws"] = s.renderer.stats().passDrawCalls[static_cast<std::size_t>(render::Pass::SceneTransparency)];
}

void BM_Glass14Normal(benchmark::State& state) { frame(state, sim::BlendMode::Normal, 14); }
void BM_Glass14Palette(benchmark::State& state) { frame(state, sim::BlendMode::Palette, 14); }
void BM_Glass200Normal(benchmark::State& state) { frame(state, sim::BlendMode::Normal, 200); }
void BM_Glass200Palette(benchmark::State& state) { frame(state, sim::BlendMode::Palette, 200); }

}  // namespace

BENCHMARK(BM_Glass14Normal)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Glass14Palette)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Glass200Normal)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Glass200Palette)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
