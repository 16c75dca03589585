// EGL surfaceless (or device-platform) creation of an OpenGL 4.6 core context.
#include "render/headless_context.hpp"

#include <epoxy/egl.h>
#include <epoxy/gl.h>

#include <cstdlib>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

#include "render/program.hpp"

namespace kiln::render {
namespace {

core::Diagnostic glFailure(std::string message) {
  return core::Diagnostic{core::Code::GlError, "render.context", std::move(message)};
}

bool hasExtension(const char* list, std::string_view name) {
  if (list == nullptr) return false;
  std::string_view all(list);
  std::size_t at = 0;
  while ((at = all.find(name, at)) != std::string_view::npos) {
    const std::size_t end = at + name.size();
    if ((at == 0 || all[at - 1] == ' ') && (end == all.size() || all[end] == ' ')) return true;
    at = end;
  }
  return false;
}

// Mesa's software device carries EGL_MESA_device_software; any other device means a hardware
// driver will be picked and must not be given the version overrides.
bool onlySoftwareDevices() {
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (!hasExtension(client, "EGL_EXT_device_enumeration")) return true;
  EGLint count = 0;
  if (!eglQueryDevicesEXT(0, nullptr, &count) || count <= 0) return true;
  std::vector<EGLDeviceEXT> devices(static_cast<std::size_t>(count));
  if (!eglQueryDevicesEXT(count, devices.data(), &count)) return true;
  for (EGLint i = 0; i < count; ++i) {
    const char* ext = eglQueryDeviceStringEXT(devices[static_cast<std::size_t>(i)], EGL_EXTENSIONS);
    if (!hasExtension(ext, "EGL_MESA_device_software")) return false;
  }
  return true;
}

std::string glString(GLenum name) {
  const auto* s = reinterpret_cast<const char*>(glGetString(name));
  return s ? std::string(s) : std::string();
}

EGLDisplay openDisplay(std::string& platform) {
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  if (hasExtension(client, "EGL_MESA_platform_surfaceless")) {
    EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (d != EGL_NO_DISPLAY && eglInitialize(d, nullptr, nullptr)) {
      platform = "surfaceless";
      return d;
    }
  }
  // Vendors without the Mesa platform (NVIDIA) still offer a display per device.
  if (hasExtension(client, "EGL_EXT_platform_device") && hasExtension(client, "EGL_EXT_device_enumeration")) {
    EGLDeviceEXT device{};
    EGLint count = 0;
    if (eglQueryDevicesEXT(1, &device, &count) && count > 0) {
      EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, device, nullptr);
      if (d != EGL_NO_DISPLAY && eglInitialize(d, nullptr, nullptr)) {
        platform = "device";
        return d;
      }
    }
  }
  return EGL_NO_DISPLAY;
}

constexpr std::string_view kOverrideHint =
    "; on Mesa llvmpipe set MESA_GL_VERSION_OVERRIDE=4.6 and MESA_GLSL_VERSION_OVERRIDE=460";

}  // namespace

bool applyMesaVersionOverrides() {
  bool set = false;
  // overwrite = 0: a user's own choice in the environment always wins.
  if (std::getenv("MESA_GL_VERSION_OVERRIDE") == nullptr) set |= setenv("MESA_GL_VERSION_OVERRIDE", "4.6", 0) == 0;
  if (std::getenv("MESA_GLSL_VERSION_OVERRIDE") == nullptr) set |= setenv("MESA_GLSL_VERSION_OVERRIDE", "460", 0) == 0;
  return set;
}

std::variant<HeadlessContext, core::Diagnostic> HeadlessContext::create(const HeadlessOptions& options) {
  HeadlessContext ctx;
  // Mesa reads the overrides once per process at driver load, so they must be in place
  // before eglInitialize; a probe-then-retry would find them already cached.
  if (onlySoftwareDevices()) ctx.info_.mesaOverridesSetByKiln = applyMesaVersionOverrides();

  EGLDisplay display = openDisplay(ctx.info_.platform);
  if (display == EGL_NO_DISPLAY) return glFailure("no EGL display (neither surfaceless nor device platform)");
  ctx.display_ = display;

  const char* ext = eglQueryString(display, EGL_EXTENSIONS);
  if (!hasExtension(ext, "EGL_KHR_surfaceless_context"))
    return glFailure("the EGL display lacks EGL_KHR_surfaceless_context");
  if (!eglBindAPI(EGL_OPENGL_API)) return glFailure("eglBindAPI(EGL_OPENGL_API) failed");

  EGLConfig config = nullptr;  // EGL_NO_CONFIG_KHR
  if (!hasExtension(ext, "EGL_KHR_no_config_context")) {
    const EGLint want[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLint n = 0;
    if (!eglChooseConfig(display, want, &config, 1, &n) || n < 1) return glFailure("no EGL config for OpenGL");
  }
  const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4,
                            EGL_CONTEXT_MINOR_VERSION, 6,
                            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                            EGL_CONTEXT_OPENGL_DEBUG, options.debugContext ? EGL_TRUE : EGL_FALSE,
                            EGL_NONE};
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, attribs);
  if (context == EGL_NO_CONTEXT)
    return glFailure("the driver refused an OpenGL 4.6 core context" + std::string(kOverrideHint));
  ctx.context_ = context;
  if (!ctx.makeCurrent()) return glFailure("eglMakeCurrent without a surface failed");

  ctx.info_.vendor = glString(GL_VENDOR);
  ctx.info_.renderer = glString(GL_RENDERER);
  ctx.info_.version = glString(GL_VERSION);
  ctx.info_.glslVersion = glString(GL_SHADING_LANGUAGE_VERSION);
  ctx.info_.softwareDriver = softwareRenderer();
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  if (major * 10 + minor < 46)
    return glFailure("got OpenGL " + ctx.info_.version + " instead of 4.6 core" + std::string(kOverrideHint));
  return ctx;
}

HeadlessContext::HeadlessContext(HeadlessContext&& other) noexcept
    : display_(std::exchange(other.display_, nullptr)),
      context_(std::exchange(other.context_, nullptr)),
      info_(std::move(other.info_)) {}

HeadlessContext& HeadlessContext::operator=(HeadlessContext&& other) noexcept {
  if (this != &other) {
    release();
    display_ = std::exchange(other.display_, nullptr);
    context_ = std::exchange(other.context_, nullptr);
    info_ = std::move(other.info_);
  }
  return *this;
}

HeadlessContext::~HeadlessContext() { release(); }

bool HeadlessContext::makeCurrent() const {
  return display_ && context_ && eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_);
}

void HeadlessContext::release() noexcept {
  if (display_ == nullptr) return;
  if (context_ != nullptr) {
    if (eglGetCurrentContext() == context_) eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display_, context_);
    context_ = nullptr;
  }
  // Terminating is deliberately skipped: Mesa shares one display per process, and a second
  // context created later in the same process (tests) would find it torn down.
  display_ = nullptr;
}

}  // namespace kiln::render
