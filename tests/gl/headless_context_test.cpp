// The headless harness: a 4.6 core context without a window, a 4.60 shader, DSA readback.
#include <glad/egl.h>
#include <glad/gl.h>

#include <array>
#include <cstdlib>
#include <string>

#include "gl_fixture.hpp"
#include "render/cpu/egl_choice.hpp"
#include "render_fixture.hpp"

namespace {

GLuint compile(GLenum stage, const char* text) {
  GLuint s = glCreateShader(stage);
  glShaderSource(s, 1, &text, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    std::array<char, 2048> log{};
    glGetShaderInfoLog(s, static_cast<GLsizei>(log.size()), nullptr, log.data());
    FAIL("shader failed: " << log.data());
  }
  return s;
}

}  // namespace

TEST_CASE("headless context is OpenGL 4.6 core with no X server", "[gl][context]") {
  auto& ctx = kiln::test::glContext();
  GLint major = 0, minor = 0, profile = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
  CHECK(major == 4);
  CHECK(minor == 6);
  CHECK((profile & GL_CONTEXT_CORE_PROFILE_BIT) != 0);
  CHECK_FALSE(ctx.info().renderer.empty());
  INFO("renderer " << ctx.info().renderer << ", platform " << ctx.info().platform);
  // The overrides are Kiln's business only on a software driver.
  if (ctx.info().mesaOverridesSetByKiln) CHECK(ctx.info().softwareDriver);
  // The device platform comes first wherever libEGL offers it (Mesa does, with its software
  // device), so a machine with a GPU driver beside Mesa reaches the GPU.
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (std::getenv(kiln::render::kHideEglExtensionsVariable) == nullptr && client != nullptr &&
      kiln::render::hasExtension(client, "EGL_EXT_platform_device"))
    CHECK(ctx.info().platform == "device");
  CHECK(ctx.info().platformSummary().find(ctx.info().display) != std::string::npos);
}

namespace {

bool hides(std::string_view name) {
  return kiln::render::parseHiddenEglExtensions(std::getenv(kiln::render::kHideEglExtensionsVariable)).contains(name);
}

}  // namespace

// Run by tests/gl/tests.cmake with KILN_EGL_HIDE_EXTENSIONS naming what a display lacks: the
// context comes up by the route that is left (a pbuffer-capable config for a display without
// EGL_KHR_no_config_context, as NVIDIA's device platform is; a 1x1 pbuffer without
// EGL_KHR_surfaceless_context; Mesa's surfaceless platform without the device platform; the
// EGL_KHR_create_context attributes on EGL 1.4), and the renderer draws through it.
TEST_CASE("the headless context comes up by the EGL route the environment leaves, and draws", "[.egl-route]") {
  REQUIRE(std::getenv(kiln::render::kHideEglExtensionsVariable) != nullptr);
  const kiln::render::ContextInfo& info = kiln::test::glContext().info();
  INFO(info.platformSummary());
  CHECK(info.configless == !(hides("EGL_KHR_no_config_context") || hides("EGL_KHR_surfaceless_context")));
  CHECK(info.pbufferSurface == hides("EGL_KHR_surfaceless_context"));
  CHECK(info.platform == (hides("EGL_EXT_platform_device") ? "surfaceless" : "device"));
  CHECK(info.eglVersion == (hides("EGL_VERSION_1_5") ? "1.4" : "1.5"));
  // The renderer draws through it: the room's sectors cover part of the picture.
  kiln::render::Renderer r;
  REQUIRE(r.prepare(kiln::test::roomWorld(), nullptr, {}).empty());
  kiln::render::FrameOptions o;
  o.clearColor = {0, 0, 0, 1};
  const kiln::core::Image image = kiln::test::shoot(r, 1.0, 32, 32, o);
  int lit = 0;
  for (std::size_t i = 0; i < image.rgba.size(); i += 4) lit += image.rgba[i] + image.rgba[i + 1] + image.rgba[i + 2] > 0;
  CHECK(lit > 32);
  CHECK(glGetError() == GL_NO_ERROR);
}

// The same switch hiding what no route can do without: the error names each display tried
// and what it lacked.
TEST_CASE("an EGL with no usable route is refused naming every display tried", "[.egl-refused]") {
  REQUIRE(std::getenv(kiln::render::kHideEglExtensionsVariable) != nullptr);
  auto made = kiln::render::HeadlessContext::create();
  REQUIRE(std::holds_alternative<kiln::core::Diagnostic>(made));
  const auto& d = std::get<kiln::core::Diagnostic>(made);
  INFO(d.message);
  CHECK(d.code == kiln::core::Code::GlError);
  const bool devices = !hides("EGL_EXT_platform_device"), surfaceless = !hides("EGL_MESA_platform_surfaceless");
  CHECK((d.message.find("device platform, device 0") != std::string::npos) == devices);
  CHECK((d.message.find("Mesa surfaceless platform") != std::string::npos) == surfaceless);
  if (!devices && !surfaceless) CHECK(d.message.find("tried nothing") != std::string::npos);
  if (hides("EGL_VERSION_1_5") && hides("EGL_KHR_create_context"))
    CHECK(d.message.find("EGL 1.4 without EGL_KHR_create_context") != std::string::npos);
}

TEST_CASE("a #version 460 core shader draws into a DSA framebuffer and reads back", "[gl][context]") {
  kiln::test::glContext();
  constexpr int W = 8, H = 4;
  GLuint tex = 0, fbo = 0, vao = 0;
  glCreateTextures(GL_TEXTURE_2D, 1, &tex);
  glTextureStorage2D(tex, 1, GL_RGBA8, W, H);
  glCreateFramebuffers(1, &fbo);
  glNamedFramebufferTexture(fbo, GL_COLOR_ATTACHMENT0, tex, 0);
  REQUIRE(glCheckNamedFramebufferStatus(fbo, GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE);
  glCreateVertexArrays(1, &vao);

  // The left half of the target gets one colour, the right half another: a shader that
  // ignores gl_FragCoord (or a clear that leaked through) would fail one of the two sides.
  const char* vs = R"(#version 460 core
    void main() {
      vec2 p = vec2((gl_VertexID & 1) * 4.0 - 1.0, (gl_VertexID >> 1) * 4.0 - 1.0);
      gl_Position = vec4(p, 0.0, 1.0);
    })";
  const char* fs = R"(#version 460 core
    layout(location = 0) out vec4 color;
    void main() { color = gl_FragCoord.x < 4.0 ? vec4(1.0, 0.0, 0.0, 1.0) : vec4(0.0, 1.0, 0.0, 0.5); })";
  GLuint prog = glCreateProgram();
  GLuint v = compile(GL_VERTEX_SHADER, vs), f = compile(GL_FRAGMENT_SHADER, fs);
  glAttachShader(prog, v);
  glAttachShader(prog, f);
  glLinkProgram(prog);
  GLint linked = 0;
  glGetProgramiv(prog, GL_LINK_STATUS, &linked);
  REQUIRE(linked);

  const float clear[4] = {0, 0, 1, 1};
  glClearNamedFramebufferfv(fbo, GL_COLOR, 0, clear);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glViewport(0, 0, W, H);
  glUseProgram(prog);
  glBindVertexArray(vao);
  glDrawArrays(GL_TRIANGLES, 0, 3);

  std::array<unsigned char, W * H * 4> px{};
  glNamedFramebufferReadBuffer(fbo, GL_COLOR_ATTACHMENT0);
  glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  for (int y = 0; y < H; ++y) {
    for (int x = 0; x < W; ++x) {
      const unsigned char* p = &px[static_cast<std::size_t>((y * W + x) * 4)];
      INFO("pixel " << x << "," << y);
      if (x < 4) {
        CHECK((p[0] == 255 && p[1] == 0 && p[2] == 0 && p[3] == 255));
      } else {
        CHECK((p[0] == 0 && p[1] == 255 && p[2] == 0 && (p[3] == 127 || p[3] == 128)));
      }
    }
  }
  CHECK(glGetError() == GL_NO_ERROR);
  glDeleteProgram(prog);
  glDeleteShader(v);
  glDeleteShader(f);
  glDeleteVertexArrays(1, &vao);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &tex);
}

// Run by tests/gl/tests.cmake in a process whose environment pins Mesa to GL 4.5: creation must
// fail with gl-error, and the message must name both overrides (that naming is the requirement).
TEST_CASE("a refused 4.6 context names the Mesa overrides", "[.refused]") {
  auto made = kiln::render::HeadlessContext::create();
  if (auto* ctx = std::get_if<kiln::render::HeadlessContext>(&made)) {
    // Only Mesa honours the pin; another vendor's driver rightly ignores it.
    CHECK_FALSE(ctx->info().softwareDriver);
    return;
  }
  const auto& d = std::get<kiln::core::Diagnostic>(made);
  CHECK(d.code == kiln::core::Code::GlError);
  CHECK(d.message.find("MESA_GL_VERSION_OVERRIDE=4.6") != std::string::npos);
  CHECK(d.message.find("MESA_GLSL_VERSION_OVERRIDE=460") != std::string::npos);
}
