// Checks a context's report against gl_requirements.def; the messages say what to do about it.
#include "render/cpu/gl_support.hpp"

#include <array>
#include <charconv>

namespace kiln::render {
namespace {

constexpr std::array kEntryPoints = {
#define KILN_GL_ENTRY_POINT(name) std::string_view(#name),
#define KILN_GL_EXTENSION(name, why)
#define KILN_GL_LIMIT(name, needed, why)
#include "render/gl_requirements.def"
#undef KILN_GL_ENTRY_POINT
#undef KILN_GL_EXTENSION
#undef KILN_GL_LIMIT
};

constexpr std::array kExtensions = {
#define KILN_GL_ENTRY_POINT(name)
#define KILN_GL_EXTENSION(name, why) GlExtensionNeed{#name, why},
#define KILN_GL_LIMIT(name, needed, why)
#include "render/gl_requirements.def"
#undef KILN_GL_ENTRY_POINT
#undef KILN_GL_EXTENSION
#undef KILN_GL_LIMIT
};

constexpr std::array kLimits = {
#define KILN_GL_ENTRY_POINT(name)
#define KILN_GL_EXTENSION(name, why)
#define KILN_GL_LIMIT(name, needed, why) GlLimitNeed{#name, needed, why},
#include "render/gl_requirements.def"
#undef KILN_GL_ENTRY_POINT
#undef KILN_GL_EXTENSION
#undef KILN_GL_LIMIT
};

core::Diagnostic failure(std::string message) {
  return core::Diagnostic{core::Code::GlError, "render.context", std::move(message)};
}

std::string joined(const std::vector<std::string_view>& names) {
  std::string out;
  for (const auto name : names) {
    if (!out.empty()) out += ", ";
    out += name;
  }
  return out;
}

}  // namespace

std::span<const std::string_view> requiredGlEntryPoints() { return kEntryPoints; }
std::span<const GlExtensionNeed> requiredGlExtensions() { return kExtensions; }
std::span<const GlLimitNeed> requiredGlLimits() { return kLimits; }

std::string describeGlLimits(const GlSupport& s) {
  std::string out;
  for (const auto& need : kLimits) {
    const auto found = s.limits.find(need.name);
    out += std::string(need.name) + " " + (found == s.limits.end() ? "unread" : std::to_string(found->second)) +
           " (Kiln needs " + std::to_string(need.needed) + ")\n";
  }
  return out;
}

bool parseGlVersion(std::string_view text, int& major, int& minor) {
  const char* end = text.data() + text.size();
  auto [dot, e1] = std::from_chars(text.data(), end, major);
  if (e1 != std::errc() || dot == end || *dot != '.') return false;
  auto [rest, e2] = std::from_chars(dot + 1, end, minor);
  (void)rest;
  return e2 == std::errc();
}

std::optional<core::Diagnostic> checkGlSupport(const GlSupport& s) {
  if (!s.loaded)
    return failure("could not read GL_VERSION through the context's proc-address function: no OpenGL context "
                   "is current, or the driver does not export glGetString");
  if (s.major * 10 + s.minor < 46)
    return failure("got OpenGL " + s.version + " instead of 4.6 core" + std::string(kMesaOverrideHint));
  // GLSL minors have two digits: "4.60" is 4 and 60.
  if (s.glslMajor * 100 + s.glslMinor < 460)
    return failure("got GLSL " + s.glslVersion + " with OpenGL " + s.version + "; Kiln's shaders need 4.60" +
                   std::string(kMesaOverrideHint));
  std::vector<std::string_view> missing;
  for (const auto name : kEntryPoints)
    if (!s.entryPoints.contains(name)) missing.push_back(name);
  if (!missing.empty())
    return failure("the OpenGL " + s.version + " driver offers no " + joined(missing) +
                   " (OpenGL 4.6 core functions Kiln calls); update the driver" + std::string(kMesaOverrideHint));
  std::string lacking;
  for (const auto& need : kExtensions)
    if (!s.extensions.contains(need.name))
      lacking += (lacking.empty() ? "" : "; ") + std::string(need.name) + " (" + std::string(need.why) + ")";
  if (!lacking.empty())
    return failure("the OpenGL " + s.version + " context lacks " + lacking +
                   "; a version raised by MESA_GL_VERSION_OVERRIDE=4.6 and MESA_GLSL_VERSION_OVERRIDE=460 does not "
                   "add an extension, so use a driver that has it (Mesa's llvmpipe does)");
  std::string belowNeeds;
  for (const auto& need : kLimits) {
    const auto found = s.limits.find(need.name);
    const long long value = found == s.limits.end() ? 0 : found->second;
    if (value >= need.needed) continue;
    belowNeeds += (belowNeeds.empty() ? "" : "; ") + std::string(need.name) + " is " + std::to_string(value) +
              " where Kiln needs " + std::to_string(need.needed) + " (" + std::string(need.why) + ")";
  }
  if (!belowNeeds.empty())
    return failure("the OpenGL " + s.version + " driver reports " + belowNeeds +
                   "; these are above OpenGL 4.6's minimums, and the driver does not reach them");
  return std::nullopt;
}

}  // namespace kiln::render
