// The HDR output's cost, two ways, on the braziers sample at 1280×720 (the default view `kiln
// capture` frames, t = 4 s, event particles included):
//  - whole frames: LDR output (RGBA8 scene, the baseline), HDR output (RGBA16F scene and the
//    output pass: exposure and the neutral tone map), and HDR with auto exposure and bloom;
//  - each output pass alone, run again over the held scene (Renderer::applyOutput), against the
//    rasterizer's floor for the same work measured in the same loop: a full-screen pass that
//    copies the float scene into an RGBA8 target with texelFetch and does nothing else (and the
//    same with a sampler), the bloom chain's passes each copying one texel, and the luminance
//    grid's pass with its mipmaps. The floors are this file's own shaders, not Kiln's; the
//    counters give each side's median and their ratio.
// Run in Release with LP_NUM_THREADS set; report medians (--benchmark_repetitions=5).
#include <benchmark/benchmark.h>
#include <glad/gl.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <variant>
#include <vector>

#include "headless_gl.hpp"
#include "loader/loader.hpp"
#include "render/cpu/camera.hpp"
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

// ---- The floors: this file's own minimal passes over a copy of the same float scene.

GLuint compile(GLenum stage, const char* text) {
  const GLuint s = glCreateShader(stage);
  glShaderSource(s, 1, &text, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetShaderInfoLog(s, sizeof log, nullptr, log);
    std::fprintf(stderr, "floor shader: %s\n", log);
    std::exit(2);
  }
  return s;
}

GLuint program(const char* fragment) {
  static const char* kVertex =
      "#version 460 core\n"
      "void main() {\n"
      "  vec2 c = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));\n"
      "  gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);\n"
      "}\n";
  const GLuint p = glCreateProgram();
  glAttachShader(p, compile(GL_VERTEX_SHADER, kVertex));
  glAttachShader(p, compile(GL_FRAGMENT_SHADER, fragment));
  glLinkProgram(p);
  return p;
}

// One texelFetch per pixel, the source scaled to the target (1 for a copy, 2 for a
// half-size level, ½ for an upsample).
constexpr const char* kFetch =
    "#version 460 core\n"
    "layout(binding = 0) uniform sampler2D source;\n"
    "layout(location = 0) uniform float scale;\n"
    "layout(location = 0) out vec4 color;\n"
    "void main() { color = texelFetch(source, ivec2(gl_FragCoord.xy * scale), 0); }\n";
// The same copy through a sampler (bilinear, at the pixel centre).
constexpr const char* kSampled =
    "#version 460 core\n"
    "layout(binding = 0) uniform sampler2D source;\n"
    "layout(location = 0) out vec4 color;\n"
    "void main() { color = texture(source, gl_FragCoord.xy / vec2(textureSize(source, 0))); }\n";
// The output's floor with bloom or auto exposure: the copy plus one more fetch of what the
// output pass reads besides the scene (the first bloom level, or the grid's last mip).
constexpr const char* kFetchTwo =
    "#version 460 core\n"
    "layout(binding = 0) uniform sampler2D source;\n"
    "layout(binding = 1) uniform sampler2D other;\n"
    "layout(location = 1) uniform int otherLevel;\n"
    "layout(location = 2) uniform float otherScale;\n"
    "layout(location = 0) out vec4 color;\n"
    "void main() {\n"
    "  color = texelFetch(source, ivec2(gl_FragCoord.xy), 0)\n"
    "        + texelFetch(other, ivec2(gl_FragCoord.xy * otherScale), otherLevel);\n"
    "}\n";

struct Surface {
  GLuint texture = 0, framebuffer = 0;
  std::uint32_t width = 0, height = 0;
};

Surface surface(GLenum format, std::uint32_t w, std::uint32_t h, GLsizei levels = 1) {
  Surface s{0, 0, w, h};
  glCreateTextures(GL_TEXTURE_2D, 1, &s.texture);
  glTextureStorage2D(s.texture, levels, format, static_cast<GLsizei>(w), static_cast<GLsizei>(h));
  glTextureParameteri(s.texture, GL_TEXTURE_MIN_FILTER, levels > 1 ? GL_NEAREST_MIPMAP_NEAREST : GL_LINEAR);
  glTextureParameteri(s.texture, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glCreateFramebuffers(1, &s.framebuffer);
  glNamedFramebufferTexture(s.framebuffer, GL_COLOR_ATTACHMENT0, s.texture, 0);
  return s;
}

void pass(const Surface& into, GLuint prog, GLuint source, float scale) {
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, into.framebuffer);
  glViewport(0, 0, static_cast<GLsizei>(into.width), static_cast<GLsizei>(into.height));
  glUseProgram(prog);
  glProgramUniform1f(prog, 0, scale);
  glBindTextureUnit(0, source);
  glDrawArrays(GL_TRIANGLES, 0, 3);
}

struct Floors {
  GLuint fetch = program(kFetch), sampled = program(kSampled), fetchTwo = program(kFetchTwo);
  GLuint vertexArray = 0;
  Surface scene = surface(GL_RGBA16F, kWidth, kHeight);  // the held scene, copied from the target
  Surface picture = surface(GL_RGBA8, kWidth, kHeight);
  std::vector<Surface> bloom;  // the renderer's chain: half size each step, down to 8 px or 6 levels
  Surface grid = surface(GL_R32F, 256, 256, 9);

  explicit Floors(const std::vector<float>& linear) {
    glCreateVertexArrays(1, &vertexArray);
    glTextureSubImage2D(scene.texture, 0, 0, 0, kWidth, kHeight, GL_RGBA, GL_FLOAT, linear.data());
    std::uint32_t w = kWidth / 2, h = kHeight / 2;
    for (int i = 0; i < 6 && (i == 0 || std::min(w, h) >= 8); ++i, w = std::max(w / 2, 1u), h = std::max(h / 2, 1u))
      bloom.push_back(surface(GL_RGBA16F, w, h));
  }
  void begin() const {
    glBindVertexArray(vertexArray);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
  }
  void copy(GLuint prog) const {
    begin();
    pass(picture, prog, scene.texture, 1.0f);
  }
  // The final copy with a second fetch (bloom's level 0, or the grid's last mip).
  void copyWith(GLuint other, int level, float scale) const {
    glProgramUniform1i(fetchTwo, 1, level);
    glProgramUniform1f(fetchTwo, 2, scale);
    glBindTextureUnit(1, other);
    pass(picture, fetchTwo, scene.texture, 1.0f);
  }
  void bloomChain() const {
    begin();
    for (std::size_t i = 0; i < bloom.size(); ++i)
      pass(bloom[i], fetch, i == 0 ? scene.texture : bloom[i - 1].texture, 2.0f);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    for (std::size_t i = bloom.size() - 1; i > 0; --i) pass(bloom[i - 1], fetch, bloom[i].texture, 0.5f);
    glDisable(GL_BLEND);
    copyWith(bloom[0].texture, 0, 0.5f);
  }
  void autoExposure() const {
    begin();
    pass(grid, fetch, scene.texture, static_cast<float>(kWidth) / 256.0f);
    glGenerateTextureMipmap(grid.texture);
    copyWith(grid.texture, 8, 0.0f);
  }
};

double msSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// CPU time of every thread of this process (llvmpipe's rasterizer threads included), in ms: on a
// software rasterizer the work itself, which other programs on a shared machine do not stretch
// the way they stretch wall time.
double processCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

enum class Pair { Neutral, NeutralSampledFloor, Bloom, AutoExposure };

// Kiln's output pass over the held scene and its floor, alternately, each finished with
// glFinish; the benchmark's time is the output pass's, the counters both medians and the ratio.
void outputAgainstFloor(benchmark::State& state, Pair pair) {
  Scene& s = scene();
  render::FrameOptions o;
  o.output = render::hdrDefaults();
  o.output.bloom.enabled = pair == Pair::Bloom;
  o.output.autoExposure = pair == Pair::AutoExposure;
  for (int i = 0; i < 3; ++i) s.renderer.drawFrame(4.0, s.camera, o, s.target);
  std::vector<float> linear;
  if (!s.target.readLinear(linear)) {
    state.SkipWithError("the frame held no HDR scene");
    return;
  }
  // The bench's rows run top-down; the GL texture's bottom-up: the floor reads whichever, the
  // work is the same.
  static std::unique_ptr<Floors> floors;
  if (!floors) floors = std::make_unique<Floors>(linear);
  const std::function<void()> floor = [&] {
    switch (pair) {
      case Pair::Neutral: floors->copy(floors->fetch); break;
      case Pair::NeutralSampledFloor: floors->copy(floors->sampled); break;
      case Pair::Bloom: floors->bloomChain(); break;
      case Pair::AutoExposure: floors->autoExposure(); break;
    }
  };
  for (int i = 0; i < 3; ++i) s.renderer.applyOutput(s.target, o.output), floor();
  glFinish();
  std::vector<double> outputMs, floorMs, outputCpu, floorCpu;
  for (auto _ : state) {
    auto t0 = std::chrono::steady_clock::now();
    double c0 = processCpuMs();
    s.renderer.applyOutput(s.target, o.output);
    glFinish();
    outputMs.push_back(msSince(t0));
    outputCpu.push_back(processCpuMs() - c0);
    state.SetIterationTime(outputMs.back() * 1e-3);
    t0 = std::chrono::steady_clock::now();
    c0 = processCpuMs();
    floor();
    glFinish();
    floorMs.push_back(msSince(t0));
    floorCpu.push_back(processCpuMs() - c0);
  }
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  const double out = median(outputMs), base = median(floorMs);
  const double outCpu = median(outputCpu), baseCpu = median(floorCpu);
  state.counters["output_ms"] = out;
  state.counters["floor_ms"] = base;
  state.counters["ratio"] = base > 0 ? out / base : 0.0;
  state.counters["output_cpu_ms"] = outCpu;
  state.counters["floor_cpu_ms"] = baseCpu;
  state.counters["cpu_ratio"] = baseCpu > 0 ? outCpu / baseCpu : 0.0;
}

void BM_OutputPassNeutralVsFetchCopy(benchmark::State& state) { outputAgainstFloor(state, Pair::Neutral); }
void BM_OutputPassNeutralVsSampledCopy(benchmark::State& state) {
  outputAgainstFloor(state, Pair::NeutralSampledFloor);
}
void BM_OutputPassBloomVsChainOfCopies(benchmark::State& state) { outputAgainstFloor(state, Pair::Bloom); }
void BM_OutputPassAutoExposureVsGridCopy(benchmark::State& state) { outputAgainstFloor(state, Pair::AutoExposure); }

}  // namespace

BENCHMARK(BM_FrameBraziersLdr)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FrameBraziersHdr)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FrameBraziersHdrAutoExposureBloom)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_OutputPassNeutralVsFetchCopy)->Unit(benchmark::kMillisecond)->UseManualTime();
BENCHMARK(BM_OutputPassNeutralVsSampledCopy)->Unit(benchmark::kMillisecond)->UseManualTime();
BENCHMARK(BM_OutputPassBloomVsChainOfCopies)->Unit(benchmark::kMillisecond)->UseManualTime();
BENCHMARK(BM_OutputPassAutoExposureVsGridCopy)->Unit(benchmark::kMillisecond)->UseManualTime();
BENCHMARK_MAIN();
