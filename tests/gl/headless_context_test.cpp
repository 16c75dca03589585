// The headless harness: a 4.6 core context without a window, a 4.60 shader, DSA readback.
#include <glad/gl.h>

#include <array>
#include <string>

#include "gl_fixture.hpp"

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
