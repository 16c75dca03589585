// Renderer behaviour beyond pixels of blending: live-particle count against the CPU reference,
// debug views, timer queries, shader reload from a directory, prepare failures.
#include <glad/gl.h>

#include <filesystem>
#include <fstream>
#include <variant>

#include "gl_fixture.hpp"
#include "particles/evaluate.hpp"
#include "particles/sample_docs.hpp"
#include "render/capture.hpp"
#include "render/cpu/image_compare.hpp"
#include "render_fixture.hpp"

namespace {

using namespace kiln;

core::Image shoot(render::Renderer& r, double t, const render::FrameOptions& o = {}) {
  return test::shoot(r, t, 96, 64, o);
}

}  // namespace

TEST_CASE("the live-particle counter equals the CPU reference's alive count", "[gl][renderer]") {
  test::glContext();
  const particles::Document doc = testdocs::sampleDocumentV2();
  render::Renderer r;
  REQUIRE(r.prepare(test::roomWorld(), &doc, test::texturesFor(doc)).empty());
  render::RenderTarget target(16, 16);
  render::FrameOptions o;
  o.countLiveParticles = true;
  o.waitForQueries = true;  // this frame's count, not the previous one's
  // Times off the schedules' grids: at an exact birth time float32 and float64 may disagree.
  for (double t : {0.013, 0.437, 1.321, 2.917, 7.719, 3600.311}) {
    std::size_t cpu = 0;
    for (std::size_t e = 0; e < doc.emitters.size(); ++e) cpu += particles::evaluateEmitter(doc, e, t).size();
    r.drawFrame(t, test::roomCamera(), o, target);
    INFO("t = " << t);
    CHECK(r.stats().liveParticles == cpu);
  }
  CHECK(r.stats().slotsSubmitted > 0);
}

TEST_CASE("timer queries report per-pass GPU time within a few frames, naming their frame", "[gl][renderer]") {
  test::glContext();
  const particles::Document doc = testdocs::sampleDocumentV1();
  render::Renderer r;
  REQUIRE(r.prepare(test::roomWorld(), &doc, test::texturesFor(doc)).empty());
  render::RenderTarget target(64, 64);
  r.drawFrame(1.0, test::roomCamera(), {}, target);
  CHECK(r.stats().gpuMs[0] == 0.0);  // nothing measured before the first frame finished
  CHECK(r.stats().timingsFrame == 0);
  glFinish();
  // The GPU has finished frame 1; a driver may still report its fence a frame or two later
  // (zink does), never later than the ring is long.
  for (std::size_t i = 0; i < render::kQuerySets && r.stats().timingsFrame == 0; ++i)
    r.drawFrame(1.1, test::roomCamera(), {}, target);
  REQUIRE(r.stats().timingsFrame != 0);
  CHECK(r.stats().timingsFrame < r.stats().frame);
  CHECK(r.stats().gpuMs[static_cast<std::size_t>(render::Pass::Sectors)] > 0.0);
  CHECK(r.stats().computeMs > 0.0);  // the particle compute passes have their own timer
  CHECK(r.stats().drawCalls >= 3);  // sectors, cutout, additive
}

TEST_CASE("debug views draw stored and recomputed bounds and the overdraw heatmap", "[gl][renderer]") {
  test::glContext();
  particles::Document doc = testdocs::sampleDocumentV1();
  render::Renderer r;
  // Forge one emitter's stored box so stored and recomputed bounds disagree on screen.
  doc.emitters[0].bounds.max.z += 1.0;
  REQUIRE(r.prepare(test::roomWorld(), &doc, test::texturesFor(doc)).empty());
  const core::Image plain = shoot(r, 1.0);
  render::FrameOptions stored, recomputed, planes, heat;
  stored.debug.storedBounds = true;
  recomputed.debug.recomputedBounds = true;
  planes.debug.sectorPlanes = true;
  heat.debug.overdraw = true;
  const core::Image s = shoot(r, 1.0, stored), c = shoot(r, 1.0, recomputed);
  CHECK(render::compareImages(plain, s).changedPixels > 0);
  CHECK(render::compareImages(plain, c).changedPixels > 0);
  CHECK(render::compareImages(s, c).changedPixels > 0);
  CHECK(render::compareImages(plain, shoot(r, 1.0, planes)).changedPixels > 0);
  // Overdraw: black where no particle is, a palette colour where they are (exact colours are
  // tested in viewer_surfaces_test.cpp).
  const core::Image h = shoot(r, 1.0, heat);
  std::size_t black = 0, lit = 0;
  for (std::size_t p = 0; p < h.rgba.size(); p += 4) {
    black += h.rgba[p] == 0 && h.rgba[p + 1] == 0 && h.rgba[p + 2] == 0;
    lit += h.rgba[p] > 0 || h.rgba[p + 1] > 0 || h.rgba[p + 2] > 0;
  }
  CHECK(black > h.rgba.size() / 8);
  CHECK(lit > 0);
}

TEST_CASE("shaders reload from a directory when a file changes, a broken edit keeps the old", "[gl][renderer]") {
  test::glContext();
  const auto dir = test::scratchDir() / "gl-shader-reload";
  std::filesystem::remove_all(dir);
  std::filesystem::copy(test::sourceDir() / "shaders", dir);
  render::RendererOptions options;
  options.shaderDirectory = dir.string();
  render::Renderer r(options);
  const particles::Document doc = testdocs::minimalDocument();
  REQUIRE(r.prepare(test::roomWorld(), &doc, test::texturesFor(doc)).empty());
  std::string error;
  CHECK_FALSE(r.reloadShadersIfChanged(error));  // nothing changed yet
  const core::Image before = shoot(r, 0.5);

  const auto edit = [&](const std::string& text) {
    std::ofstream(dir / "sector.frag", std::ios::trunc) << text;
    // Some file systems keep one-second times; make the change visible regardless.
    std::filesystem::last_write_time(dir / "sector.frag",
                                     std::filesystem::last_write_time(dir / "sector.frag") + std::chrono::seconds(5));
  };
  edit("#version 460 core\nlayout(location = 0) out vec4 o;\nlayout(location = 0) uniform uint showGrid;\n"
       "void main() { o = vec4(1.0, 0.0, 0.0, 1.0); }\n");
  REQUIRE(r.reloadShadersIfChanged(error));
  const core::Image red = shoot(r, 0.5);
  CHECK(render::compareImages(before, red).changedPercent > 50.0);
  const std::size_t centre = (32 * 96 + 48) * 4;
  CHECK(red.rgba[centre] == 255);
  CHECK(red.rgba[centre + 1] == 0);

  edit("#version 460 core\nthis does not compile\n");
  CHECK_FALSE(r.reloadShadersIfChanged(error));
  CHECK_FALSE(error.empty());
  CHECK(render::compareImages(red, shoot(r, 0.5)).maxAbsDiff == 0);  // the last good program stays
}

TEST_CASE("prepare reports texture problems and holds no level afterwards", "[gl][renderer]") {
  test::glContext();
  const particles::Document doc = testdocs::sampleDocumentV1();
  render::Renderer r;
  auto textures = test::texturesFor(doc);
  REQUIRE(r.prepare(test::roomWorld(), &doc, textures).empty());
  CHECK(r.ready());
  CHECK(r.atlasPageCount() == 1);
  textures.pop_back();
  const auto d = r.prepare(test::roomWorld(), &doc, textures);
  REQUIRE(d.size() == 1);
  CHECK(d[0].code == core::Code::UnknownName);
  CHECK_FALSE(r.ready());
  // A world without particles is a valid level.
  CHECK(r.prepare(test::roomWorld(), nullptr, {}).empty());
  CHECK(r.ready());
}

TEST_CASE("KHR_debug messages reach the renderer's log", "[gl][renderer]") {
  test::glContext();
  std::vector<std::string> messages;
  render::RendererOptions options;
  options.log = [&](std::string_view m) { messages.emplace_back(m); };
  render::Renderer r(options);
  REQUIRE(r.prepare(test::roomWorld(), nullptr, {}).empty());
  CHECK(messages.empty());  // a clean prepare says nothing above "notification"
  glEnable(GL_TEXTURE_2D);  // not a core-profile capability: GL_INVALID_ENUM
  CHECK(glGetError() == GL_INVALID_ENUM);
  REQUIRE_FALSE(messages.empty());
  CHECK(messages.front().rfind("GL error", 0) == 0);
}

TEST_CASE("worldparticle vertex work follows the live particles, not the slots", "[gl][renderer]") {
  test::glContext();
  const particles::Document doc = testdocs::sampleDocumentV2();
  render::Renderer r;
  REQUIRE(r.prepare(test::roomWorld(), &doc, test::texturesFor(doc)).empty());
  render::RenderTarget target(64, 64);
  render::FrameOptions o;
  o.countLiveParticles = true;
  o.waitForQueries = true;
  o.cull = false;  // every slot submitted, so dead ones would show if they cost vertex work
  for (double t : {0.013, 0.437, 2.917, 7.719}) {
    r.drawFrame(t, test::roomCamera(), o, target);
    const render::FrameStats& s = r.stats();
    // llvmpipe (the CI driver) has GL_ARB_pipeline_statistics_query; a driver without it has
    // nothing to check here, and that must not pass unnoticed.
    REQUIRE(s.pipelineStatistics);
    std::uint64_t vertices = 0, primitives = 0;
    for (const render::Pass p : {render::Pass::Cutout, render::Pass::Additive, render::Pass::Alpha}) {
      vertices += s.passStatistics[static_cast<std::size_t>(p)].vertexInvocations;
      primitives += s.passStatistics[static_cast<std::size_t>(p)].primitives;
    }
    INFO("t = " << t << ": " << s.liveParticles << " live of " << s.slotsSubmitted << " slots, " << vertices
                << " vertex invocations");
    REQUIRE(s.liveParticles > 0);
    const std::uint64_t live = s.liveParticles;
    // Dead slots would cost at least 4 invocations each, so the bound below tells them apart.
    REQUIRE(6 * live < 4 * std::uint64_t{s.slotsSubmitted});
    CHECK(primitives == 2 * live);  // two triangles per live particle
    CHECK(vertices >= 4 * live);    // each quad's 4 corners at least once
    // How often a corner two triangles share is shaded is the driver's choice (GL counts
    // invocations, and reuse of a shaded vertex is implementation-defined): at most once per
    // index, 6 per quad, on any driver.
    CHECK(vertices <= 6 * live);
    // Mesa's llvmpipe, and lavapipe under zink, keep a draw's shaded vertices for reuse, so a
    // quad costs its 4 corners, a little more where a batch boundary splits one (both measure
    // exactly 4 here). A GPU may shade per index or per batch, anywhere up to 6.
    if (test::glContext().info().renderer.find("llvmpipe") != std::string::npos)
      CHECK(static_cast<double>(vertices) <= 4.5 * static_cast<double>(live));
  }
}

TEST_CASE("the state pass gives the same pixels whatever its workgroup's lane count", "[gl][renderer]") {
  // CI runs llvmpipe, which gets 8 lanes; a GPU gets 64. Both (and a wider 256) must draw the
  // same particles, so the GPU's choice is exercised here too.
  test::glContext();
  const particles::Document doc = testdocs::sampleDocumentV2();  // runs of 64, 128 and 256 slots
  std::vector<core::Image> reference;
  std::vector<std::uint32_t> referenceLive;
  for (const std::uint32_t lanes : {8u, 64u, 256u}) {
    render::RendererOptions ro;
    ro.stateLanes = lanes;
    render::Renderer r(ro);
    REQUIRE(r.prepare(test::roomWorld(), &doc, test::texturesFor(doc)).empty());
    render::FrameOptions o;
    o.countLiveParticles = true;
    o.waitForQueries = true;
    std::size_t frame = 0;
    for (double t : {0.437, 1.321, 2.917, 7.719}) {
      const core::Image image = shoot(r, t, o);
      INFO(lanes << " lanes at t = " << t);
      if (lanes == 8) {
        reference.push_back(image);
        referenceLive.push_back(r.stats().liveParticles);
        CHECK(r.stats().liveParticles > 0);
      } else {
        CHECK(r.stats().liveParticles == referenceLive[frame]);
        CHECK(image == reference[frame]);
      }
      ++frame;
    }
  }
}

// The viewer draws two views a frame (the Viewport, then the Top view) with one renderer and
// reads the Viewport's figures without waiting. Each target keeps its own queries, so a view's
// figures are its own whatever drew between: here a 128×128 and a 32×32 view of the same room,
// interleaved, each checked against its own figures read alone and waited for.
TEST_CASE("each render target reads its own timer and statistics queries, however views interleave",
          "[gl][renderer]") {
  test::glContext();
  render::Renderer r;
  REQUIRE(r.prepare(test::roomWorld(), nullptr, {}).empty());
  const auto sectorFragments = [&] {
    return r.stats().passStatistics[static_cast<std::size_t>(render::Pass::Sectors)].fragmentInvocations;
  };
  render::FrameOptions waited;
  waited.waitForQueries = true;
  std::uint64_t bigAlone = 0, smallAlone = 0;
  {
    render::RenderTarget big(128, 128), small(32, 32);
    r.drawFrame(1.0, test::roomCamera(), waited, big);
    REQUIRE(r.stats().pipelineStatistics);  // llvmpipe has them; a driver without must not pass unnoticed
    bigAlone = sectorFragments();
    r.drawFrame(1.0, test::roomCamera(), waited, small);
    smallAlone = sectorFragments();
  }
  REQUIRE(bigAlone > 0);
  REQUIRE(smallAlone > 0);
  REQUIRE(bigAlone != smallAlone);

  render::RenderTarget big(128, 128), small(32, 32);
  const render::FrameOptions live;  // the viewer's frames: earlier results, never waiting
  int bigChecked = 0, smallChecked = 0;
  for (int frame = 0; frame < 8; ++frame) {
    INFO("frame " << frame);
    r.drawFrame(1.0, test::roomCamera(), live, big);
    if (r.stats().timingsFrame != 0) {
      CHECK(sectorFragments() == bigAlone);
      ++bigChecked;
    }
    glFinish();
    r.drawFrame(1.0, test::roomCamera(), live, small);
    if (r.stats().timingsFrame != 0) {
      CHECK(sectorFragments() == smallAlone);
      ++smallChecked;
    }
    glFinish();
  }
  // Each view's figures arrive within the ring's length, and keep arriving.
  CHECK(bigChecked >= 8 - static_cast<int>(render::kQuerySets));
  CHECK(smallChecked >= 8 - static_cast<int>(render::kQuerySets));
}

// Without waiting, a view's live count is that of one of its own earlier frames: read through a
// fenced mapping, never by a readback that stalls the frame, whatever another view drew between.
TEST_CASE("without waiting, each view's live-particle count arrives within a few of its frames", "[gl][renderer]") {
  test::glContext();
  const particles::Document doc = testdocs::sampleDocumentV2();
  render::Renderer r;
  REQUIRE(r.prepare(test::roomWorld(), &doc, test::texturesFor(doc)).empty());
  render::RenderTarget target(16, 16), other(16, 16);
  render::FrameOptions o;
  o.countLiveParticles = true;
  const auto cpuAlive = [&](double t) {
    std::size_t n = 0;
    for (std::size_t e = 0; e < doc.emitters.size(); ++e) n += particles::evaluateEmitter(doc, e, t).size();
    return n;
  };
  REQUIRE(cpuAlive(0.437) != cpuAlive(7.719));
  r.drawFrame(0.437, test::roomCamera(), o, target);
  CHECK(r.stats().liveParticles == 0);  // nothing counted before this view's first frame
  CHECK(r.stats().liveParticlesFrame == 0);
  std::uint64_t targetFirst = 0, otherFirst = 0;
  for (int i = 0; i < 8; ++i) {
    r.drawFrame(7.719, test::roomCamera(), o, other);  // another view between: its count is its own
    if (r.stats().liveParticlesFrame != 0) {
      CHECK(r.stats().liveParticles == cpuAlive(7.719));
      if (otherFirst == 0) otherFirst = r.stats().frame;
    }
    r.drawFrame(0.437, test::roomCamera(), o, target);
    if (r.stats().liveParticlesFrame != 0) {
      CHECK(r.stats().liveParticles == cpuAlive(0.437));
      if (targetFirst == 0) targetFirst = r.stats().frame;
    }
  }
  CHECK(targetFirst != 0);
  CHECK(targetFirst <= render::kQuerySets + 1);
  CHECK(otherFirst != 0);
  CHECK(otherFirst <= render::kQuerySets + 1);
}

// KHR_debug reaches the log: every severity above notification always, notifications too with
// debugOutput, which announces itself with a marker message of id kDebugOutputOnId.
TEST_CASE("GL debug messages reach the log with their source, type and id", "[gl][renderer]") {
  test::glContext();
  for (const bool debugOutput : {false, true}) {
    INFO("debugOutput " << debugOutput);
    std::vector<std::string> messages;
    render::RendererOptions options;
    options.debugOutput = debugOutput;
    options.log = [&](std::string_view m) { messages.emplace_back(m); };
    render::Renderer r(options);
    REQUIRE(r.prepare(test::roomWorld(), nullptr, {}).empty());
    const auto logged = [&](std::string_view needle) {
      for (const std::string& m : messages)
        if (m.find(needle) != std::string::npos) return true;
      return false;
    };
    CHECK(logged("id " + std::to_string(render::kDebugOutputOnId)) == debugOutput);
    // Planted messages: a low one is shown always (a context starts with low ones off), a
    // notification only with debugOutput.
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 4242, GL_DEBUG_SEVERITY_LOW, -1,
                         "planted low message");
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 4343, GL_DEBUG_SEVERITY_NOTIFICATION, -1,
                         "planted notification");
    CHECK(logged("GL (application, other, id 4242, low): planted low message"));
    CHECK(logged("id 4343") == debugOutput);
    // The renderer's own debug groups (a push and a pop per pass, notifications) never flood the
    // log. The driver may say something of its own meanwhile (zink notes the shader variants it
    // compiles as performance messages), which the log rightly shows.
    render::RenderTarget target(8, 8);
    const std::size_t before = messages.size();
    r.drawFrame(1.0, test::roomCamera(), {}, target);
    for (std::size_t i = before; i < messages.size(); ++i) {
      INFO(messages[i]);
      CHECK(messages[i].find("push group") == std::string::npos);
      CHECK(messages[i].find("pop group") == std::string::npos);
      CHECK(messages[i].find("(application") == std::string::npos);
    }
  }
  // The check above sees a group message when one is logged: a renderer that logged them would
  // fail it (debugTypeName names the type "push group").
  {
    std::vector<std::string> messages;
    render::RendererOptions options;
    options.debugOutput = true;
    options.log = [&](std::string_view m) { messages.emplace_back(m); };
    render::Renderer r(options);
    REQUIRE(r.prepare(test::roomWorld(), nullptr, {}).empty());
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 77, GL_DEBUG_SEVERITY_NOTIFICATION, -1,
                         "a marker");
    REQUIRE_FALSE(messages.empty());
    CHECK(messages.back().find("(application, marker, id 77") != std::string::npos);
  }
}

// Run by tests/gl/tests.cmake in a process of its own, with an ordinary (not debug) context, as
// `kiln capture` makes without --gl-debug: debug output stays on but asynchronous, and a message
// reaches the log on the renderer's thread at its next frame, not from inside the call. With
// debugOutput the same context gets synchronous output, each message logged at once.
TEST_CASE("without a debug context debug output is asynchronous and logged at the next frame", "[.plain-context]") {
  auto made = render::HeadlessContext::create();  // HeadlessOptions: no debug context
  REQUIRE(std::holds_alternative<render::HeadlessContext>(made));
  GLint flags = 0;
  glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
  REQUIRE((flags & GL_CONTEXT_FLAG_DEBUG_BIT) == 0);
  for (const bool debugOutput : {false, true}) {
    INFO("debugOutput " << debugOutput);
    std::vector<std::string> messages;
    render::RendererOptions options;
    options.debugOutput = debugOutput;
    options.log = [&](std::string_view m) { messages.emplace_back(m); };
    render::Renderer r(options);
    REQUIRE(r.prepare(test::roomWorld(), nullptr, {}).empty());
    CHECK(glIsEnabled(GL_DEBUG_OUTPUT));
    CHECK(glIsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS) == (debugOutput ? GL_TRUE : GL_FALSE));
    messages.clear();
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 4242, GL_DEBUG_SEVERITY_LOW, -1,
                         "planted low message");
    // Synchronous output logs from inside the call; asynchronous output waits for the frame.
    CHECK(messages.size() == (debugOutput ? 1u : 0u));
    render::RenderTarget target(8, 8);
    r.drawFrame(1.0, test::roomCamera(), {}, target);
    REQUIRE(messages.size() == 1);
    CHECK(messages.front() == "GL (application, other, id 4242, low): planted low message");
  }
}
