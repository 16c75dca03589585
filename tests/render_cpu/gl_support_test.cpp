// The check of what a GL context must offer, on made-up reports (no driver), and the list of
// required entry points kept in step with the GL calls engine/render makes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "render/cpu/gl_support.hpp"

namespace {

using namespace kiln;

// A report of a context offering everything gl_requirements.def asks for. The extension is
// written out rather than taken from the list, so a list that lost it would fail below; the
// entry points come from the list, which the last test pins to the code.
render::GlSupport complete() {
  render::GlSupport s;
  s.loaded = true;
  s.major = 4;
  s.minor = 6;
  s.glslMajor = 4;
  s.glslMinor = 60;
  s.version = "4.6 (Core Profile) Mesa 22.3.6";
  s.glslVersion = "4.60";
  for (const auto name : render::requiredGlEntryPoints()) s.entryPoints.insert(std::string(name));
  s.extensions.insert("GL_ARB_shader_draw_parameters");
  // The limits as a driver would name them, written out (the gl test ties the numbers to the
  // linked programs): exactly what Kiln needs, so one less anywhere is short.
  s.limits = {{"GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS", 9}, {"GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS", 9},
              {"GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS", 13}, {"GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS", 2}};
  return s;
}

bool mentions(const core::Diagnostic& d, std::string_view text) { return d.message.find(text) != std::string::npos; }

bool namesBothOverrides(const core::Diagnostic& d) {
  return mentions(d, "MESA_GL_VERSION_OVERRIDE=4.6") && mentions(d, "MESA_GLSL_VERSION_OVERRIDE=460");
}

}  // namespace

TEST_CASE("a context with 4.6, GLSL 4.60, every entry point and extension passes", "[render_cpu][gl_support]") {
  CHECK_FALSE(render::checkGlSupport(complete()).has_value());
  // The entry points Kiln needs include the ones any frame makes, so the list is not empty.
  const auto entries = render::requiredGlEntryPoints();
  CHECK(std::find(entries.begin(), entries.end(), "glMultiDrawElementsIndirect") != entries.end());
  CHECK(std::find(entries.begin(), entries.end(), "glDispatchCompute") != entries.end());
}

TEST_CASE("a context missing a required extension is refused by the extension's name", "[render_cpu][gl_support]") {
  render::GlSupport s = complete();
  s.extensions.clear();
  const auto d = render::checkGlSupport(s);
  REQUIRE(d.has_value());
  CHECK(d->code == core::Code::GlError);
  CHECK(mentions(*d, "lacks GL_ARB_shader_draw_parameters"));
  CHECK(mentions(*d, "gl_BaseInstance"));  // who needs it
  CHECK(mentions(*d, "4.6 (Core Profile) Mesa 22.3.6"));
  // Raising the version does not add an extension: the message says so rather than suggesting it.
  CHECK(mentions(*d, "does not add"));
  CHECK(namesBothOverrides(*d));
  // Other extensions present change nothing.
  s.extensions.insert("GL_ARB_pipeline_statistics_query");
  CHECK(render::checkGlSupport(s).has_value());
}

TEST_CASE("a context missing an entry point is refused with exactly the missing names", "[render_cpu][gl_support]") {
  render::GlSupport s = complete();
  s.entryPoints.erase("glObjectLabel");
  s.entryPoints.erase("glDispatchCompute");
  const auto d = render::checkGlSupport(s);
  REQUIRE(d.has_value());
  CHECK(d->code == core::Code::GlError);
  CHECK(mentions(*d, "offers no glDispatchCompute, glObjectLabel ("));
  CHECK_FALSE(mentions(*d, "glDrawArrays"));
  CHECK(namesBothOverrides(*d));
  // An entry point Kiln does not call is not asked for.
  s = complete();
  s.entryPoints.insert("glSpecializeShader");
  CHECK_FALSE(render::checkGlSupport(s).has_value());
}

TEST_CASE("a context below OpenGL 4.6 or GLSL 4.60 is refused with the Mesa overrides", "[render_cpu][gl_support]") {
  render::GlSupport s = complete();
  s.minor = 5;
  s.version = "4.5 (Core Profile) Mesa 22.3.6";
  auto d = render::checkGlSupport(s);
  REQUIRE(d.has_value());
  CHECK(mentions(*d, "got OpenGL 4.5 (Core Profile) Mesa 22.3.6 instead of 4.6 core"));
  CHECK(namesBothOverrides(*d));
  // A newer version than 4.6 is enough.
  s.major = 5;
  s.minor = 0;
  CHECK_FALSE(render::checkGlSupport(s).has_value());

  s = complete();
  s.glslMinor = 50;
  s.glslVersion = "4.50";
  d = render::checkGlSupport(s);
  REQUIRE(d.has_value());
  CHECK(mentions(*d, "got GLSL 4.50"));
  CHECK(namesBothOverrides(*d));
  s.glslMinor = 60;
  CHECK_FALSE(render::checkGlSupport(s).has_value());
}

TEST_CASE("a loader that read no GL_VERSION is refused before anything else is checked", "[render_cpu][gl_support]") {
  render::GlSupport s = complete();
  s.loaded = false;
  const auto d = render::checkGlSupport(s);
  REQUIRE(d.has_value());
  CHECK(d->code == core::Code::GlError);
  CHECK(mentions(*d, "could not read GL_VERSION"));
  CHECK(mentions(*d, "no OpenGL context is current"));
}

TEST_CASE("GL and GLSL version strings are read as major.minor", "[render_cpu][gl_support]") {
  int major = -1, minor = -1;
  REQUIRE(render::parseGlVersion("4.60", major, minor));
  CHECK((major == 4 && minor == 60));
  REQUIRE(render::parseGlVersion("4.6 (Core Profile) Mesa 22.3.6", major, minor));
  CHECK((major == 4 && minor == 6));
  REQUIRE(render::parseGlVersion("4.60 NVIDIA", major, minor));
  CHECK((major == 4 && minor == 60));
  CHECK_FALSE(render::parseGlVersion("", major, minor));
  CHECK_FALSE(render::parseGlVersion("4", major, minor));
  CHECK_FALSE(render::parseGlVersion("4.", major, minor));
  CHECK_FALSE(render::parseGlVersion("OpenGL", major, minor));
}

TEST_CASE("a driver below a limit Kiln relies on is refused naming the limit and the driver's value",
          "[render_cpu][gl_support]") {
  REQUIRE(render::requiredGlLimits().size() == 4);
  for (const auto& need : render::requiredGlLimits()) {
    INFO(need.name);
    render::GlSupport s = complete();
    REQUIRE(s.limits.contains(need.name));
    s.limits[std::string(need.name)] = need.needed - 1;
    const auto d = render::checkGlSupport(s);
    REQUIRE(d.has_value());
    CHECK(d->code == core::Code::GlError);
    CHECK(mentions(*d, std::string(need.name) + " is " + std::to_string(need.needed - 1)));
    CHECK(mentions(*d, "needs " + std::to_string(need.needed)));
    CHECK_FALSE(namesBothOverrides(*d));  // a version override cannot raise a limit
    // Above the need passes too.
    s.limits[std::string(need.name)] = need.needed + 7;
    CHECK_FALSE(render::checkGlSupport(s).has_value());
  }
  // A limit the context did not report is short, not assumed.
  render::GlSupport s = complete();
  s.limits.erase("GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS");
  const auto d = render::checkGlSupport(s);
  REQUIRE(d.has_value());
  CHECK(mentions(*d, "GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS is 0"));
  // The vertex stage's storage buffers are the one GL 4.6 promises none of: the message says why.
  CHECK(mentions(*d, "particle.vert"));
  const std::string listed = render::describeGlLimits(complete());
  CHECK(listed.find("GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS 13 (Kiln needs 13)\n") != std::string::npos);
}

// The required list is the GL functions engine/render calls: a call added without its entry
// would crash on a driver lacking it instead of being refused by name, and a stale entry would
// refuse a driver for a function nothing calls.
TEST_CASE("every GL function engine/render calls is checked, and nothing else", "[render_cpu][gl_support]") {
  // Kiln's own helpers whose names start like GL's.
  const std::set<std::string> ownHelpers = {"glFailure", "glString"};
  const std::regex call(R"(\b(gl[A-Z][A-Za-z0-9]*)\s*\()");
  std::set<std::string> called;
  for (const auto& entry : std::filesystem::directory_iterator(KILN_SOURCE_DIR "/engine/render")) {
    const auto ext = entry.path().extension();
    if (ext != ".cpp" && ext != ".hpp") continue;
    std::ifstream in(entry.path());
    std::string line;
    while (std::getline(in, line)) {
      if (const auto comment = line.find("//"); comment != std::string::npos) line.resize(comment);
      for (std::sregex_iterator m(line.begin(), line.end(), call), end; m != end; ++m)
        if (!ownHelpers.contains((*m)[1].str())) called.insert((*m)[1].str());
    }
  }
  REQUIRE(called.size() > 50);  // the scan found the renderer's calls at all
  const auto listed = render::requiredGlEntryPoints();
  CHECK(std::is_sorted(listed.begin(), listed.end()));
  CHECK(std::adjacent_find(listed.begin(), listed.end()) == listed.end());
  const std::set<std::string> required(listed.begin(), listed.end());
  for (const auto& name : called) {
    INFO(name << " is called in engine/render: add KILN_GL_ENTRY_POINT(" << name
              << ") to engine/render/gl_requirements.def");
    CHECK(required.contains(name));
  }
  for (const auto& name : required) {
    INFO(name << " is listed in gl_requirements.def but nothing in engine/render calls it");
    CHECK(called.contains(name));
  }
}
