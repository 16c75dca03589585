// The HDR output's cost: one llvmpipe frame of the braziers sample at 1280×720 (the default view
// `kiln capture` frames, t = 4 s, event particles included) drawn with LDR output (RGBA8 scene,
// the baseline) beside the same frame with HDR output (RGBA16F scene plus the output pass:
// exposure and the neutral tone map), and with auto exposure and bloom on top, in the same run.
// Run in Release with LP_NUM_THREADS set; report medians (--benchmark_repetitions=5).
#include <benchmark/benchmark.h>
#include <glad/gl.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <variant>

#include "loader/loader.hpp"
#include "render/cpu/camera.hpp"
#include "headless_gl.hpp"
#include "render/renderer.hpp"

namespace {

using namespace kiln;

constexpr std::uint32_t kWidth = 1280, kHeight = 720;

using bench::context;

struct Scene {
  render::HeadlessContext& gl = context();  // first: the members below need a current context
  loader::LoadResult level = loader::loadAny(KILN_SOURCE_DIR "/assets/levels/braziers.yaml");
  render::Renderer renderer;
  render::RenderTarget target{kWidth, kHeight};
  render::Camera camera;
  Scene() {
    std::vector<core::NamedImage> textures;
    for (const auto& t : level.textures) textures.push_back(t.image);
    if (!level.ok() || !renderer.prepare(level.level, textures).empty()) {
      std::fprintf(stderr, "the braziers sample did not load or prepare\n");
      std::exit(2);
    }
    camera = render::frameLevel(level.level.world, level.level.particles ? &*level.level.particles : nullptr,
                                static_cast<float>(kWidth) / static_cast<float>(kHeight));
  }
};

Scene& scene() {
  static Scene s;
  return s;
}

enum class Output { Ldr, Hdr, HdrAutoBloom };

// Wall time of a whole frame, glFinish included, at a held level time (the event simulation is
// already there after the warm-up, so the loop measures drawing only).
void frame(benchmark::State& state, Output output) {
  Scene& s = scene();
  render::FrameOptions o;
  if (output != Output::Ldr) o.output = render::hdrDefaults();
  if (output == Output::HdrAutoBloom) o.output.autoExposure = true, o.output.bloom.enabled = true;
  // llvmpipe compiles shader variants on first use; keep that out of the measurement.
  for (int i = 0; i < 3; ++i) s.renderer.drawFrame(4.0, s.camera, o, s.target);
  glFinish();
  for (auto _ : state) {
    s.renderer.drawFrame(4.0, s.camera, o, s.target);
    glFinish();
  }
}

void BM_FrameBraziersLdr(benchmark::State& state) { frame(state, Output::Ldr); }
void BM_FrameBraziersHdr(benchmark::State& state) { frame(state, Output::Hdr); }
void BM_FrameBraziersHdrAutoExposureBloom(benchmark::State& state) { frame(state, Output::HdrAutoBloom); }

}  // namespace

BENCHMARK(BM_FrameBraziersLdr)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FrameBraziersHdr)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FrameBraziersHdrAutoExposureBloom)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
