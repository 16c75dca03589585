// Renderer cost on the stress level (256 emitters, 65,536 slots) at 1280×720 on the headless
// context, beside an empty frame (clear only) measured in the same run; and the viewer's tuning:
// a frame after an edit in place, and after a full prepare (the way before edits in place).
// Run in Release with LP_NUM_THREADS set; report medians (--benchmark_repetitions=5).
#include <benchmark/benchmark.h>
#include <glad/gl.h>

#include <atomic>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <variant>

#include "loader/loader.hpp"
#include "particles/bounds.hpp"
#include "render/cpu/camera.hpp"
#include "headless_gl.hpp"
#include "render/cpu/particle_tables.hpp"
#include "render/renderer.hpp"
#include "support/counting_allocator.hpp"

// Heap allocations per edit (the allocs-per-edit counters) come from the tests' one counting
// allocator (tests/support/counting_allocator.cpp, linked into this benchmark).

namespace {

using namespace kiln;
namespace wp = kiln::particles;

constexpr std::uint32_t kWidth = 1280, kHeight = 720;

using bench::context;

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

// The viewer's tuning, one edit per frame on the stress level's default view at t = 100 s: the
// document changed as the viewer changes it, then the renderer told, then the frame of
// BM_FrameStress (drawFrame + glFinish). Every iteration switches between two values, so each
// is a real edit. Preset: p00's top vertical speed 0.6 ↔ 0.75 m/s, and the stored bounds of its
// four emitters recomputed (tuning_model.cpp applyEdit). Emitter: e000 moved 0.25 m in x and its
// rate 40 ↔ 35 births/s, so its schedule and slot count change (emitter_edit.cpp applyEdit).
enum class Edit { Preset, Emitter };
enum class Upload { InPlace, Prepare };

void editFrame(benchmark::State& state, Edit edit, Upload upload, bool withFrame = true) {
  Scene scene(true);
  const loader::LoadResult& level = stressLevel();
  const std::vector<core::NamedImage> textures = stressTextures();
  wp::Document doc = *level.level.particles;  // the viewer's copy, which its edits change
  const std::uint32_t index = 0;
  const wp::Preset presets[2] = {doc.presets[index], [&] {
                                   wp::Preset p = doc.presets[index];
                                   p.velocity.max.z = 0.75;
                                   return p;
                                 }()};
  const wp::Emitter emitters[2] = {doc.emitters[index], [&] {
                                     wp::Emitter e = doc.emitters[index];
                                     e.position.x += 0.25;
                                     e.rate = 35;
                                     return e;
                                   }()};
  std::uint64_t n = 0, editAllocations = 0, updateAllocations = 0, edits = 0;
  const auto step = [&] {
    const std::size_t which = (n + 1) % 2;
    const auto editing = kiln::testing::measureAllocations([&] {
    if (edit == Edit::Preset) {
      doc.presets[index] = presets[which];
      for (auto& e : doc.emitters)
        if (e.preset == index) e.bounds = wp::conservativeEmitterBounds(doc.presets[index], e);
    } else {
      wp::Emitter& e = doc.emitters[index];
      e = emitters[which];
      e.bounds = wp::conservativeEmitterBounds(doc.presets[e.preset], e);
    }
    });
    const auto uploading = kiln::testing::measureAllocations([&] {
    if (upload == Upload::Prepare) {
      if (!scene.renderer.prepare(level.level.world, &doc, textures).empty()) std::abort();
    } else {
      const render::EditUpload r = edit == Edit::Preset ? scene.renderer.updatePreset(doc, index)
                                                        : scene.renderer.updateEmitter(doc, index);
      if (r != render::EditUpload::InPlace) {
        std::fprintf(stderr, "the benchmark's edit was not taken in place\n");
        std::exit(2);
      }
    }
    });
    if (withFrame)
      scene.renderer.drawFrame(scene.time + static_cast<double>(n % 60) * scene.step, scene.camera, scene.options,
                               scene.target);
    glFinish();
    ++n;
    return std::pair<std::uint64_t, std::uint64_t>{editing.allocations + uploading.allocations, uploading.allocations};
  };
  // Both values once before measuring: the first edit of a kind may grow the renderer's copy.
  step();
  step();
  for (auto _ : state) {
    const auto [all, update] = step();
    editAllocations += all;
    updateAllocations += update;
    ++edits;
  }
  // Per edit: the document change and the renderer's part together, and the renderer's alone.
  state.counters["allocs_per_edit"] = static_cast<double>(editAllocations) / static_cast<double>(edits);
  state.counters["allocs_per_upload"] = static_cast<double>(updateAllocations) / static_cast<double>(edits);
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
void BM_FrameStressPresetEdit(benchmark::State& s) { editFrame(s, Edit::Preset, Upload::InPlace); }
void BM_FrameStressEmitterEdit(benchmark::State& s) { editFrame(s, Edit::Emitter, Upload::InPlace); }
void BM_FrameStressPresetEditByPrepare(benchmark::State& s) { editFrame(s, Edit::Preset, Upload::Prepare); }
void BM_FrameStressEmitterEditByPrepare(benchmark::State& s) { editFrame(s, Edit::Emitter, Upload::Prepare); }
// The edit and its upload alone, no frame: until the driver has finished them (glFinish).
void BM_PresetEditAlone(benchmark::State& s) { editFrame(s, Edit::Preset, Upload::InPlace, false); }
void BM_EmitterEditAlone(benchmark::State& s) { editFrame(s, Edit::Emitter, Upload::InPlace, false); }
void BM_PresetEditByPrepareAlone(benchmark::State& s) { editFrame(s, Edit::Preset, Upload::Prepare, false); }
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
BENCHMARK(BM_FrameStressPresetEdit)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FrameStressEmitterEdit)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FrameStressPresetEditByPrepare)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FrameStressEmitterEditByPrepare)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_PresetEditAlone)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_EmitterEditAlone)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_PresetEditByPrepareAlone)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_SubmitEmpty)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_SubmitStress)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK_MAIN();
