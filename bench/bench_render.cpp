// Renderer cost on the stress level (256 emitters, 65,536 slots) at 1280×720 on the headless
// context, beside an empty frame (clear only) measured in the same run.
// Run in Release with LP_NUM_THREADS set; report medians (--benchmark_repetitions=5).
#include <benchmark/benchmark.h>
#include <glad/gl.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <variant>

#include "loader/loader.hpp"
#include "render/cpu/camera.hpp"
#include "render/headless_context.hpp"
#include "render/cpu/particle_tables.hpp"
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

// The stress level as a user opens it: assets/levels/stress.yaml compiled by the loader, with
// its textures (16 portal-linked 16 m cells, 256 cycling emitters 4 m apart, 65,536 slots, the
// emitters' delays 0 … 0.875 s in eight groups of 32).
const loader::LoadResult& stressLevel() {
  static const loader::LoadResult level = [] {
    loader::LoadResult r = loader::loadAny(KILN_SOURCE_DIR "/assets/levels/stress.yaml");
    if (!r.ok() || !r.level.particles) {
      for (const auto& d : r.diagnostics) std::fprintf(stderr, "%s\n", loader::format(d).c_str());
      std::exit(2);
    }
    return r;
  }();
  return level;
}

std::vector<core::NamedImage> stressTextures() {
  std::vector<core::NamedImage> out;
  for (const auto& t : stressLevel().textures) out.push_back(t.image);
  return out;
}

// The cameras of the frame-cost goals: (a) the default view (the whole level, as `kiln capture`
// frames it without --camera) at t = 100 s, everything running; (b) a camera inside the first
// cell looking back into its corner at one emitter, e000 at (2, 2, 1), its neighbours beside and
// behind the camera; (c) the default view at t = 0.45 s, when the 128 emitters with delays of
// 0.5 s and more have not started.
enum class View { Whole, OneEmitter, HalfIdle };

struct Scene {
  bool current = (context(), true);  // first member: GL objects below need the context
  render::Renderer renderer;
  render::RenderTarget target{kWidth, kHeight};
  render::Camera camera;
  render::FrameOptions options;
  double time = 100.0;
  double step = 1.0 / 60.0;  // per measured frame; (c) stays at its moment
  explicit Scene(bool stress, View view = View::Whole, bool cull = true) {
    const float aspect = static_cast<float>(kWidth) / static_cast<float>(kHeight);
    if (stress) {
      const loader::LoadResult& r = stressLevel();
      const auto problems = renderer.prepare(r.level.world, &*r.level.particles, stressTextures());
      for (const auto& d : problems) std::fprintf(stderr, "prepare: %s: %s\n", d.path.c_str(), d.message.c_str());
      if (!problems.empty()) std::exit(2);
      camera = render::frameLevel(r.level.world, &*r.level.particles, aspect);
      if (view == View::OneEmitter)
        camera = render::lookAtLevel(r.level.world, &*r.level.particles, {4.2f, 4.2f, 2.2f}, {2.0f, 2.0f, 1.6f});
    } else if (!renderer.prepare(world::World{}, nullptr, {}).empty()) {
      std::abort();
    }
    if (view == View::HalfIdle) time = 0.45, step = 0.0;
    options.cull = cull;
    // llvmpipe compiles shader variants on first use; keep that out of the measurement.
    for (int i = 0; i < 3; ++i) renderer.drawFrame(time, camera, options, target);
    glFinish();
  }
  // One more frame, waited for, with live particles counted: what the pipeline did.
  void countersInto(benchmark::State& state) {
    render::FrameOptions o = options;
    o.countLiveParticles = true;
    o.waitForQueries = true;
    renderer.drawFrame(time, camera, o, target);
    const render::FrameStats& st = renderer.stats();
    // Vertex work of the worldparticle passes only (the sector mesh has its own 288 vertices).
    std::uint64_t vertices = 0, fragments = 0;
    for (const render::Pass p : {render::Pass::Cutout, render::Pass::Additive, render::Pass::Alpha})
      vertices += st.passStatistics[static_cast<std::size_t>(p)].vertexInvocations;
    for (const auto& p : st.passStatistics) fragments += p.fragmentInvocations;
    state.counters["draws"] = st.drawCalls;
    state.counters["slots"] = st.slotsSubmitted;
    state.counters["live"] = st.liveParticles;
    state.counters["emitters_drawn"] = st.emittersDrawn;
    if (st.pipelineStatistics) state.counters["fragments"] = static_cast<double>(fragments);
    if (st.pipelineStatistics && st.liveParticles > 0)
      state.counters["vs_per_live"] = static_cast<double>(vertices) / st.liveParticles;
  }
};

// Wall time of a whole frame: submission plus the driver finishing it (glFinish).
// The level time advances by a 1/60 s step from the scene's time and wraps after a second, so
// every repetition sees the same stretch of the emitters' cycles.
void frame(benchmark::State& state, bool stress, View view = View::Whole, bool cull = true) {
  Scene scene(stress, view, cull);
  std::uint64_t n = 0;
  for (auto _ : state) {
    scene.renderer.drawFrame(scene.time + static_cast<double>(n++ % 60) * scene.step, scene.camera, scene.options,
                             scene.target);
    glFinish();
  }
  if (stress) scene.countersInto(state);
}

// Where the stress frame's time goes on a software rasterizer: (1) the compute passes alone
// (every particle pass switched off: clocks, culling, evaluation and listing still run),
// (2) everything but fragment work (the same frame into an 8 × 8 target).
void frameComputeOnly(benchmark::State& state) {
  Scene scene(true);
  for (const render::Pass p : {render::Pass::Cutout, render::Pass::SceneTransparency, render::Pass::Additive,
                               render::Pass::Alpha, render::Pass::Debug})
    scene.options.passEnabled[static_cast<std::size_t>(p)] = false;
  for (auto _ : state) {
    scene.renderer.drawFrame(scene.time, scene.camera, scene.options, scene.target);
    glFinish();
  }
}
void frameTinyTarget(benchmark::State& state) {
  Scene scene(true);
  render::RenderTarget tiny{8, 8};
  for (auto _ : state) {
    scene.renderer.drawFrame(scene.time, scene.camera, scene.options, tiny);
    glFinish();
  }
}

// CPU-side cost: only the drawFrame call (clock fill, uploads, submission), the driver's work
// finished outside the timed region.
void submit(benchmark::State& state, bool stress) {
  Scene scene(stress);
  for (auto _ : state) {
    scene.renderer.drawFrame(scene.time, scene.camera, scene.options, scene.target);
    state.PauseTiming();
    glFinish();
    state.ResumeTiming();
  }
}

// Kiln's own per-frame CPU work for the particles, without any GL call: every emitter's clock
// (emitterClock in double) for the 256-emitter stress level, beside copying the same 8 KiB.
void BM_ClocksStress(benchmark::State& state) {
  const wp::Document& doc = *stressLevel().level.particles;
  std::vector<render::ClockStd430> clocks(doc.emitters.size());
  double t = 100.0;
  for (auto _ : state) {
    render::fillClocks(doc, t, {}, std::nullopt, clocks);
    benchmark::DoNotOptimize(clocks.data());
    t += 1.0 / 60.0;
  }
}

void BM_ClocksBaselineCopy(benchmark::State& state) {
  std::vector<render::ClockStd430> from(256), to(256);
  for (auto _ : state) {
    std::memcpy(to.data(), from.data(), to.size() * sizeof(render::ClockStd430));
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
void BM_FrameStressComputeOnly(benchmark::State& s) { frameComputeOnly(s); }
void BM_FrameStressTinyTarget(benchmark::State& s) { frameTinyTarget(s); }
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
BENCHMARK(BM_FrameStressComputeOnly)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FrameStressTinyTarget)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SubmitEmpty)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_SubmitStress)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK_MAIN();
