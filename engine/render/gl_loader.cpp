// Fills GlSupport from glad's loaded pointers and flags; the check itself is GL-free.
#include "render/gl_loader.hpp"

#include <glad/gl.h>

namespace kiln::render {
namespace {

// The version gladLoadGL read (0: none); loadedGlSupport reports it.
int g_loadedVersion = 0;

std::string glString(GLenum name) {
  if (glGetString == nullptr) return {};
  const auto* s = reinterpret_cast<const char*>(glGetString(name));
  return s ? std::string(s) : std::string();
}

// A limit as the context reports it; 0 when glGetIntegerv is missing or refuses the name.
long long integer(GLenum name) {
  if (glGetIntegerv == nullptr || glGetError == nullptr) return 0;
  while (glGetError() != GL_NO_ERROR) {
  }
  GLint value = 0;
  glGetIntegerv(name, &value);
  return glGetError() == GL_NO_ERROR ? value : 0;
}

}  // namespace

std::optional<core::Diagnostic> loadGl(GlProcLoader getProc) {
  g_loadedVersion = getProc ? gladLoadGL(getProc) : 0;
  return checkGlSupport(loadedGlSupport());
}

std::string currentGlRenderer() {
  if (glGetString == nullptr) return "";
  const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return name ? name : "";
}

GlSupport loadedGlSupport() {
  GlSupport s;
  s.loaded = g_loadedVersion != 0;
  if (!s.loaded) return s;
  // GLAD_GL_VERSION_x_y follow from the same number: glad loads a version's functions only when
  // the context reports that version.
  s.major = GLAD_VERSION_MAJOR(g_loadedVersion);
  s.minor = GLAD_VERSION_MINOR(g_loadedVersion);
  s.version = glString(GL_VERSION);
  s.glslVersion = glString(GL_SHADING_LANGUAGE_VERSION);
  if (!parseGlVersion(s.glslVersion, s.glslMajor, s.glslMinor)) s.glslMajor = s.glslMinor = 0;
  // `#name` is the name as written; `name` expands to glad's pointer (glad_glName).
#define KILN_GL_ENTRY_POINT(name) \
  if (name != nullptr) s.entryPoints.insert(#name);
#define KILN_GL_EXTENSION(name, why) \
  if (GLAD_##name) s.extensions.insert(#name);
#define KILN_GL_LIMIT(name, needed, why) s.limits[#name] = integer(name);
#include "render/gl_requirements.def"
#undef KILN_GL_ENTRY_POINT
#undef KILN_GL_EXTENSION
#undef KILN_GL_LIMIT
  return s;
}

}  // namespace kiln::render
