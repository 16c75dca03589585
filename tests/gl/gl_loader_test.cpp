// The glad loader on the real driver: the headless context passes Kiln's check, glad's report
// agrees with what the driver itself says, and a missing entry point is refused by name.
#include <glad/egl.h>
#include <glad/gl.h>

#include <cstring>
#include <map>
#include <string>

#include "gl_fixture.hpp"
#include "render/gl_loader.hpp"
#include "render/storage_use.hpp"

namespace {

using namespace kiln;

bool driverListsExtension(const char* name) {
  GLint count = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &count);
  for (GLint i = 0; i < count; ++i) {
    const auto* ext = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(i)));
    if (ext != nullptr && std::strcmp(ext, name) == 0) return true;
  }
  return false;
}

// eglGetProcAddress, except that it finds no glObjectLabel: a driver lacking one function.
render::GlProc withoutObjectLabel(const char* name) {
  if (std::strcmp(name, "glObjectLabel") == 0) return nullptr;
  return eglGetProcAddress(name);
}

// Reloads the real entry points whatever happens in between, so later tests in this process
// find a complete set.
struct ReloadOnExit {
  ~ReloadOnExit() { render::loadGl(eglGetProcAddress); }
};

}  // namespace

TEST_CASE("the headless context passes Kiln's check, and glad's report matches the driver", "[gl][loader]") {
  kiln::test::glContext();
  const render::GlSupport s = render::loadedGlSupport();
  REQUIRE(s.loaded);
  const auto refused = render::checkGlSupport(s);
  INFO((refused ? refused->message : std::string("accepted")));
  CHECK_FALSE(refused.has_value());

  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  CHECK(s.major == major);
  CHECK(s.minor == minor);
  CHECK(GLAD_GL_VERSION_4_6 != 0);
  CHECK(s.version == reinterpret_cast<const char*>(glGetString(GL_VERSION)));
  CHECK(s.entryPoints.size() == render::requiredGlEntryPoints().size());
  // glad's flags against the driver's own extension list, for one required and one optional.
  CHECK(s.extensions.contains("GL_ARB_shader_draw_parameters") == driverListsExtension("GL_ARB_shader_draw_parameters"));
  CHECK((GLAD_GL_ARB_pipeline_statistics_query != 0) == driverListsExtension("GL_ARB_pipeline_statistics_query"));
  // llvmpipe, the CI driver, has both; on it the check above is not vacuous.
  if (kiln::test::glContext().info().softwareDriver) {
    CHECK(driverListsExtension("GL_ARB_shader_draw_parameters"));
    CHECK(driverListsExtension("GL_ARB_pipeline_statistics_query"));
  }
}

TEST_CASE("a driver without an entry point Kiln calls is refused by its name", "[gl][loader]") {
  kiln::test::glContext();
  {
    ReloadOnExit reload;
    const auto refused = render::loadGl(withoutObjectLabel);
    REQUIRE(refused.has_value());
    CHECK(refused->code == core::Code::GlError);
    CHECK(refused->message.find("offers no glObjectLabel (") != std::string::npos);
    CHECK(glObjectLabel == nullptr);
  }
  CHECK(glObjectLabel != nullptr);
  CHECK_FALSE(render::checkGlSupport(render::loadedGlSupport()).has_value());
}

// gl_requirements.def's limits are what the renderer's programs use, as the driver itself counts
// their active storage blocks and bindings, stage by stage: a shader that gains a block or a binding must raise
// the table (or the check would let through a driver that cannot link it), and the table claims
// no more than the shaders need (or a driver that could run Kiln would be refused).
TEST_CASE("the limits table is what the linked programs use, and the driver reports each limit",
          "[gl][loader][limits]") {
  kiln::test::glContext();
  auto measured = render::measureStorageUse();
  if (auto* d = std::get_if<core::Diagnostic>(&measured)) FAIL(d->message);
  const render::StorageUse use = std::get<render::StorageUse>(measured);
  const std::map<std::string, long long, std::less<>> used = {
      {"GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS", use.computeBlocks},
      {"GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS", use.combinedBlocks},
      {"GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS", use.bindings},
      {"GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS", use.vertexBlocks}};
  const render::GlSupport s = render::loadedGlSupport();
  REQUIRE(render::requiredGlLimits().size() == used.size());
  for (const auto& need : render::requiredGlLimits()) {
    INFO(need.name);
    REQUIRE(used.contains(need.name));
    CHECK(used.at(std::string(need.name)) == need.needed);
    REQUIRE(s.limits.contains(need.name));
    CHECK(s.limits.at(std::string(need.name)) >= need.needed);
  }
  // GL 4.6 promises 8 per fragment shader; Kiln's fragment shaders stay within it (none today).
  CHECK(use.fragmentBlocks <= 8);
}
