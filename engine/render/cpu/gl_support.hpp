// The one check of an OpenGL context against what Kiln needs (4.6 core, GLSL 4.60, the entry
// points engine/render calls, the extensions in gl_requirements.def). GL-free: render/gl_loader
// fills the report from a loaded context, and tests pass made-up ones.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>

#include "core/diagnostic.hpp"

namespace kiln::render {

// What a context offers, as far as the check needs to know.
struct GlSupport {
  bool loaded = false;  // the loader could read GL_VERSION through the proc-address function
  int major = 0, minor = 0;          // from GL_VERSION
  int glslMajor = 0, glslMinor = 0;  // from GL_SHADING_LANGUAGE_VERSION
  std::string version;               // GL_VERSION as the driver wrote it, quoted in messages
  std::string glslVersion;           // GL_SHADING_LANGUAGE_VERSION, likewise
  std::set<std::string, std::less<>> entryPoints;  // the required entry points the loader found
  std::set<std::string, std::less<>> extensions;   // the required extensions the context advertises
  // The value the context reports for each limit in gl_requirements.def (absent: not read).
  std::map<std::string, long long, std::less<>> limits;
};

struct GlExtensionNeed {
  std::string_view name;
  std::string_view why;  // who needs it, for the message
};

// Ends every refusal that a Mesa software driver could overcome, so each names both variables.
inline constexpr std::string_view kMesaOverrideHint =
    "; on Mesa llvmpipe set MESA_GL_VERSION_OVERRIDE=4.6 and MESA_GLSL_VERSION_OVERRIDE=460";

struct GlLimitNeed {
  std::string_view name;  // the GL enum's name, e.g. GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS
  long long needed;
  std::string_view why;
};

// Every GL function engine/render calls, sorted by name.
std::span<const std::string_view> requiredGlEntryPoints();
// The extensions a context must advertise besides its version.
std::span<const GlExtensionNeed> requiredGlExtensions();
// The implementation limits Kiln needs above GL 4.6's minimums.
std::span<const GlLimitNeed> requiredGlLimits();

// One line per required limit: its name, what the context reports and what Kiln needs
// ("GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS 16 (Kiln needs 2)"), for `kiln capture --verbose`.
std::string describeGlLimits(const GlSupport& support);

// nullopt when the context is enough for Kiln; otherwise gl-error naming what is missing (the
// version, the GLSL version, the entry points, the extensions, or a limit with the value the
// driver reports) and how to get it, including the Mesa overrides MESA_GL_VERSION_OVERRIDE=4.6
// and MESA_GLSL_VERSION_OVERRIDE=460 where they would help.
std::optional<core::Diagnostic> checkGlSupport(const GlSupport& support);

// Reads "major.minor" at the start of a GL_VERSION or GL_SHADING_LANGUAGE_VERSION string (after
// an "OpenGL ES " style prefix); false when there is none.
bool parseGlVersion(std::string_view text, int& major, int& minor);

}  // namespace kiln::render
