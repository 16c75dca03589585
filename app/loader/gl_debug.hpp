// The switch both programs share for GL debug output: `--gl-debug`, or the environment variable
// KILN_GL_DEBUG set to anything but empty or "0". GL-free: the programs pass the answer to the
// renderer (RendererOptions::debugOutput) and to their context.
#pragma once

#include <cstdlib>
#include <string_view>

namespace kiln::loader {

inline constexpr const char* kGlDebugVariable = "KILN_GL_DEBUG";

inline bool glDebugRequested(bool flag) {
  const char* v = std::getenv(kGlDebugVariable);
  return flag || (v != nullptr && *v != '\0' && std::string_view(v) != "0");
}

}  // namespace kiln::loader
