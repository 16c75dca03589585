// A headless OpenGL 4.6 core context on EGL (surfaceless), for tests, captures and benchmarks.
//
// Supports: Mesa (llvmpipe, softpipe, hardware drivers) through EGL_PLATFORM_SURFACELESS_MESA,
// and drivers without that platform (e.g. NVIDIA) through EGL_PLATFORM_DEVICE_EXT.
// Does not support: a default framebuffer — there is no surface, so draw into an FBO.
#pragma once

#include <string>
#include <variant>

#include "core/diagnostic.hpp"

namespace kiln::render {

struct HeadlessOptions {
  bool debugContext = true;  // request a debug context so KHR_debug messages arrive
};

// What the driver says about itself once the context is current.
struct ContextInfo {
  std::string vendor;
  std::string renderer;      // GL_RENDERER, recorded in capture sidecars
  std::string version;       // GL_VERSION
  std::string glslVersion;   // GL_SHADING_LANGUAGE_VERSION
  std::string platform;      // "surfaceless" or "device"
  bool softwareDriver = false;       // llvmpipe / softpipe
  bool mesaOverridesSetByKiln = false;  // we exported MESA_GL(SL)_VERSION_OVERRIDE
};

// Owns an EGL display + context; the context is current on the creating thread. Move-only.
class HeadlessContext {
 public:
  // Creates the context, makes it current and loads GL for it (render/gl_loader.hpp, which also
  // refuses a context lacking what Kiln needs). On failure the diagnostic (code gl-error) says
  // why; when 4.6 core is refused it names MESA_GL_VERSION_OVERRIDE=4.6 and
  // MESA_GLSL_VERSION_OVERRIDE=460.
  static std::variant<HeadlessContext, core::Diagnostic> create(const HeadlessOptions& options = {});

  HeadlessContext(HeadlessContext&& other) noexcept;
  HeadlessContext& operator=(HeadlessContext&& other) noexcept;
  HeadlessContext(const HeadlessContext&) = delete;
  HeadlessContext& operator=(const HeadlessContext&) = delete;
  ~HeadlessContext();

  bool makeCurrent() const;
  const ContextInfo& info() const { return info_; }

 private:
  HeadlessContext() = default;
  void release() noexcept;
  void* display_ = nullptr;  // EGLDisplay
  void* context_ = nullptr;  // EGLContext
  ContextInfo info_;
};

// Sets MESA_GL_VERSION_OVERRIDE=4.6 and MESA_GLSL_VERSION_OVERRIDE=460 unless the environment
// already sets them; returns true when it set either. Called by create() before the display
// is initialised (Mesa reads the variables once per process, so they cannot be set after a
// probe). Only Mesa reads them; other vendors ignore them.
bool applyMesaVersionOverrides();

}  // namespace kiln::render
