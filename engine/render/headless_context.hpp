// A headless OpenGL 4.6 core context on EGL, for tests, captures and benchmarks.
//
// Supports any EGL 1.5, or 1.4 with EGL_KHR_create_context: the device platform
// (EGL_EXT_platform_device) first, a GPU's device before Mesa's software one, then Mesa's
// surfaceless platform; a context without a config where the display allows it
// (EGL_KHR_no_config_context), else a pbuffer-capable config; no surface where the display allows
// it (EGL_KHR_surfaceless_context), else a 1×1 pbuffer. Mesa's version overrides are set only for
// a Mesa software driver that refuses 4.6 without them.
// Does not support: a default framebuffer — draw into an FBO.
#pragma once

#include <string>
#include <variant>

#include "core/diagnostic.hpp"

namespace kiln::render {

struct HeadlessOptions {
  // Request a debug context (`--gl-debug`, and the tests): the renderer then makes its debug
  // output synchronous. Off by default: a debug context costs CPU time on a GPU driver.
  bool debugContext = false;
};

// What the driver says about itself once the context is current, and how it was reached.
struct ContextInfo {
  std::string vendor;
  std::string renderer;      // GL_RENDERER, recorded in capture sidecars
  std::string version;       // GL_VERSION
  std::string glslVersion;   // GL_SHADING_LANGUAGE_VERSION
  std::string platform;      // "device" or "surfaceless"
  std::string display;       // which display of the platform: "device 0 of 1 (software)", ...
  std::string eglVendor;     // EGL_VENDOR of the display
  std::string eglVersion;    // "1.5", or "1.4" (with EGL_KHR_create_context)
  std::string eglDriver;     // EGL_MESA_query_driver's name ("swrast", "zink", "iris"), else ""
  bool configless = false;   // made without an EGLConfig (else a pbuffer-capable one)
  bool pbufferSurface = false;  // current with a 1×1 pbuffer (else with no surface)
  bool softwareDriver = false;       // llvmpipe / softpipe
  bool mesaOverridesSetByKiln = false;  // we exported MESA_GL(SL)_VERSION_OVERRIDE
  // "EGL device platform, device 0 of 1 (software); Mesa Project EGL 1.5, driver swrast; no
  // config, no surface": how the context was made, for --verbose, sidecars and the Budgets panel.
  std::string platformSummary() const;
};

// Owns an EGL display + context; the context is current on the creating thread. Move-only.
class HeadlessContext {
 public:
  // Creates the context, makes it current and loads GL for it (render/gl_loader.hpp, which also
  // refuses a context lacking what Kiln needs). On failure the diagnostic (code gl-error) names
  // every display tried and why each was not used; where a Mesa software driver refused 4.6 it
  // names MESA_GL_VERSION_OVERRIDE=4.6 and MESA_GLSL_VERSION_OVERRIDE=460.
  // KILN_EGL_HIDE_EXTENSIONS (render/cpu/egl_choice.hpp) hides EGL features for tests.
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
  void* surface_ = nullptr;  // EGLSurface: the 1×1 pbuffer, or none
  ContextInfo info_;
};

// Sets MESA_GL_VERSION_OVERRIDE=4.6 and MESA_GLSL_VERSION_OVERRIDE=460 unless the environment
// already sets them; returns true when it set either. Mesa reads them when a display is
// initialised, so create() sets them and initialises the display again.
bool applyMesaVersionOverrides();

}  // namespace kiln::render
