// Renderer cost on a stress-level-like scene (256 emitters, 65,536 slots) at 1280×720 on the
// headless context, beside an empty frame (clear only) measured in the same run.
// Run in Release with LP_NUM_THREADS set; report medians (--benchmark_repetitions=5).
#include <benchmark/benchmark.h>
#include <epoxy/gl.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <variant>

#include "particles/bounds.hpp"
#include "render/headless_context.hpp"
#include "render/particle_tables.hpp"
#include "render/renderer.hpp"

namespace {

using namespace kiln;
namespace wp = kiln::particles;

constexpr std::uint32_t kWidth = 1280, kHeight = 720;

render::HeadlessContext& context() {
  static std::unique_ptr<render::HeadlessContext> ctx = [] {
    auto made = render::HeadlessContext::create();
    if (auto* d = std::get_if<core::Diagnostic>(&made)) {
      std::fprintf(stderr, "no GL context: %s\n", d->message.c_str());
      std::exit(2);
    }
    return std::make_unique<render::HeadlessContext>(std::move(std::get<render::HeadlessContext>(made)));
  }();
  return *ctx;
}

// 8 presets (all four blends, both facings) × 32 emitters each; every emitter needs 256 slots
// (128 births per 1.3 s cycle, lifetimes up to 2 s → 2 groups), 65,536 in total.
wp::Document stressDocument(bool halfIdle = false) {
  wp::Document doc;
  doc.version = wp::AlphaVersion;
  for (int i = 0; i < 8; ++i) {
    wp::Preset p;
    p.name = "preset" + std::to_string(i);
    p.capacity = 256;
    p.spawnShape = wp::SpawnShape::Box;
    p.spawnHalfExtents = {0.3, 0.3, 0.1};
    p.velocity = {{-0.4, -0.4, 0.5}, {0.4, 0.4, 1.5}};
    p.lifetime = {1.5, 2.0};
    p.acceleration = {0, 0, -0.3};
    p.drag = i % 2 ? 0.8 : 0.0;
    p.rotationAngle = {0, 360};
    p.rotationSpeed = {-60, 60};
    p.size = {{0, 0.15}, {0.5, 0.3}, {1, 0.05}};
    p.color = {{0, {1, 0.7, 0.3, 0.9}}, {1, {0.4, 0.2, 0.1, 0}}};
    p.sprite.frames = {"f" + std::to_string(i % 4), "f" + std::to_string((i + 1) % 4)};
    p.sprite.fps = 6;
    p.sprite.flipbook = wp::Flipbook::Cycle;
    p.sprite.facing = i % 3 ? wp::Facing::Camera : wp::Facing::Upright;
    p.sprite.blend = static_cast<wp::Blend>(i % 4);
    doc.presets.push_back(p);
  }
  for (int i = 0; i < 256; ++i) {
    wp::Emitter e;
    e.name = "e" + std::to_string(i);
    e.preset = static_cast<std::uint32_t>(i % 8);
    e.position = {-15.0 + (i % 16) * 2.0, -15.0 + (i / 16) * 2.0, 1.0};
    e.seed = static_cast<std::uint32_t>(i * 7919);
    e.rate = 100;
    e.duration = 1.28;
    e.mode = wp::PlayMode::Cycle;
    e.period = 1.3;
    if (halfIdle && i % 2) {
      // Frame (c): every other emitter is a once emitter long finished at t = 100 s.
      e.mode = wp::PlayMode::Once;
      e.period = 0;
    }
    e.bounds = wp::conservativeEmitterBounds(doc.presets[e.preset], e);
    doc.emitters.push_back(e);
  }
  return doc;
}

world::World stressWorld() {
  world::World w;
  w.version = 3;
  world::Sector s;
  s.name = "hall";
  s.walls = {{-20, -20}, {20, -20}, {20, 20}, {-20, 20}};
  s.floor = {0, 0, 0};
  s.ceiling = {8, 0, 0};
  s.ambient = {0.2, 0.2, 0.2};
  w.sectors.push_back(s);
  return w;
}

std::vector<core::NamedImage> stressTextures() {
  std::vector<core::NamedImage> out;
  for (int i = 0; i < 4; ++i) {
    core::Image img;
    img.width = img.height = 64;
    img.rgba.resize(64 * 64 * 4);
    for (std::size_t p = 0; p < 64 * 64; ++p) {
      const int x = static_cast<int>(p % 64) - 32, y = static_cast<int>(p / 64) - 32;
      const int a = std::max(0, 255 - (x * x + y * y) / 4);
      img.rgba[p * 4 + 0] = 255;
      img.rgba[p * 4 + 1] = static_cast<std::uint8_t>(150 + i * 30);
      img.rgba[p * 4 + 2] = 90;
      img.rgba[p * 4 + 3] = static_cast<std::uint8_t>(a);
    }
    out.push_back({"f" + std::to_string(i), "generated", img});
  }
  return out;
}

// The cameras of the frame-cost goals: (a) the default view of the whole level, (b) close on one
// emitter, (c) the whole level with half its emitters finished.
enum class View { Whole, OneEmitter, HalfIdle };

struct Scene {
  bool current = (context(), true);  // first member: GL objects below need the context
  render::Renderer renderer;
  render::RenderTarget target{kWidth, kHeight};
  render::Camera camera;
  render::FrameOptions options;
  explicit Scene(bool stress, View view = View::Whole, bool cull = true) {
    if (stress) {
      const wp::Document doc = stressDocument(view == View::HalfIdle);
      if (!renderer.prepare(stressWorld(), &doc, stressTextures()).empty()) std::abort();
    } else if (!renderer.prepare(world::World{}, nullptr, {}).empty()) {
      std::abort();
    }
    camera.eye = {0, -30, 18};
    camera.target = {0, 0, 1};
    if (view == View::OneEmitter) {
      // Emitter 0 stands at (−15, −15, 1): look at it from 3 m away with a 40° lens.
      camera.eye = {-15, -18, 2.5};
      camera.target = {-15, -15, 1.5};
      camera.fovYDegrees = 40;
    }
    options.cull = cull;
    // llvmpipe compiles shader variants on first use; keep that out of the measurement.
    for (int i = 0; i < 3; ++i) renderer.drawFrame(99.0, camera, options, target);
    glFinish();
  }
  // One more frame, waited for, with live particles counted: what the pipeline did.
  void countersInto(benchmark::State& state, double t) {
    render::FrameOptions o = options;
    o.countLiveParticles = true;
    o.waitForQueries = true;
    renderer.drawFrame(t, camera, o, target);
    const render::FrameStats& st = renderer.stats();
    std::uint64_t vertices = 0;
    for (const auto& p : st.passStatistics) vertices += p.vertexInvocations;
    state.counters["draws"] = st.drawCalls;
    state.counters["slots"] = st.slotsSubmitted;
    state.counters["live"] = st.liveParticles;
    state.counters["emitters_drawn"] = st.emittersDrawn;
    if (st.pipelineStatistics && st.liveParticles > 0)
      state.counters["vs_per_live"] = static_cast<double>(vertices) / st.liveParticles;
  }
};

// Wall time of a whole frame: submission plus the driver finishing it (glFinish).
void frame(benchmark::State& state, bool stress, View view = View::Whole, bool cull = true) {
  Scene scene(stress, view, cull);
  double t = 100.0;
  for (auto _ : state) {
    scene.renderer.drawFrame(t, scene.camera, scene.options, scene.target);
    glFinish();
    t += 1.0 / 60.0;
  }
  if (stress) scene.countersInto(state, t);
}

// CPU-side cost: only the drawFrame call (clock fill, uploads, submission), the driver's work
// finished outside the timed region.
void submit(benchmark::State& state, bool stress) {
  Scene scene(stress);
  double t = 100.0;
  for (auto _ : state) {
    scene.renderer.drawFrame(t, scene.camera, scene.options, scene.target);
    state.PauseTiming();
    glFinish();
    state.ResumeTiming();
    t += 1.0 / 60.0;
  }
}

// Kiln's own per-frame CPU work for the particles, without any GL call: every emitter's clock
// (emitterClock in double) for the 256-emitter stress level, beside copying the same 8 KiB.
void BM_ClocksStress(benchmark::State& state) {
  const wp::Document doc = stressDocument();
  std::vector<render::ClockGpu> clocks(doc.emitters.size());
  double t = 100.0;
  for (auto _ : state) {
    render::fillClocks(doc, t, {}, std::nullopt, clocks);
    benchmark::DoNotOptimize(clocks.data());
    t += 1.0 / 60.0;
  }
}

void BM_ClocksBaselineCopy(benchmark::State& state) {
  std::vector<render::ClockGpu> from(256), to(256);
  for (auto _ : state) {
    std::memcpy(to.data(), from.data(), to.size() * sizeof(render::ClockGpu));
    benchmark::DoNotOptimize(to.data());
    benchmark::ClobberMemory();
  }
}

void BM_FrameEmpty(benchmark::State& s) { frame(s, false); }
void BM_FrameStress(benchmark::State& s) { frame(s, true); }
void BM_FrameStressNoCulling(benchmark::State& s) { frame(s, true, View::Whole, false); }
void BM_FrameStressOneEmitter(benchmark::State& s) { frame(s, true, View::OneEmitter); }
void BM_FrameStressOneEmitterNoCulling(benchmark::State& s) { frame(s, true, View::OneEmitter, false); }
void BM_FrameStressHalfIdle(benchmark::State& s) { frame(s, true, View::HalfIdle); }
void BM_FrameStressHalfIdleNoCulling(benchmark::State& s) { frame(s, true, View::HalfIdle, false); }
void BM_SubmitEmpty(benchmark::State& s) { submit(s, false); }
void BM_SubmitStress(benchmark::State& s) { submit(s, true); }

}  // namespace

BENCHMARK(BM_ClocksBaselineCopy)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ClocksStress)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FrameEmpty)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FrameStress)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FrameStressNoCulling)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FrameStressOneEmitter)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FrameStressOneEmitterNoCulling)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FrameStressHalfIdle)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FrameStressHalfIdleNoCulling)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SubmitEmpty)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_SubmitStress)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK_MAIN();
