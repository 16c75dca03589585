// EGL surfaceless (or device-platform) creation of an OpenGL 4.6 core context.
#include "render/headless_context.hpp"

#include <dlfcn.h>
#include <glad/egl.h>
#include <glad/gl.h>

#include <cstdlib>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

#include "render/gl_loader.hpp"
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

// libEGL's own eglGetProcAddress: the one function glad's EGL loader needs to find all others.
// libEGL is opened when the first context is made (and never closed: drivers do not expect to be
// unloaded), so a kiln command that renders nothing runs without it.
GlProcLoader eglProcAddress(std::string& error) {
  struct Found {
    GlProcLoader loader = nullptr;
    std::string error;
  };
  static const Found found = [] {
    Found f;
    void* lib = dlopen("libEGL.so.1", RTLD_NOW | RTLD_LOCAL);
    if (lib == nullptr) {
      const char* why = dlerror();
      f.error = why ? why : "libEGL.so.1 not found";
      return f;
    }
    f.loader = reinterpret_cast<GlProcLoader>(dlsym(lib, "eglGetProcAddress"));
    if (f.loader == nullptr) f.error = "libEGL.so.1 has no eglGetProcAddress";
    return f;
  }();
  error = found.error;
  return found.loader;
}

// The client extensions (those of EGL_NO_DISPLAY) Kiln uses, as glad found them before any
// display exists; loading again for the display replaces glad's flags with the display's.
struct ClientExtensions {
  bool platformBase = false, mesaSurfaceless = false, platformDevice = false;
  bool deviceEnumeration = false, deviceQuery = false;
};

ClientExtensions clientExtensions() {
  return {GLAD_EGL_EXT_platform_base != 0, GLAD_EGL_MESA_platform_surfaceless != 0,
          GLAD_EGL_EXT_platform_device != 0, GLAD_EGL_EXT_device_enumeration != 0, GLAD_EGL_EXT_device_query != 0};
}

// Mesa's software device carries EGL_MESA_device_software; any other device means a hardware
// driver will be picked and must not be given the version overrides.
bool onlySoftwareDevices(const ClientExtensions& client) {
  if (!client.deviceEnumeration || !client.deviceQuery) return true;
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

EGLDisplay openDisplay(const ClientExtensions& client, std::string& platform) {
  if (client.platformBase && client.mesaSurfaceless) {
    EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (d != EGL_NO_DISPLAY && eglInitialize(d, nullptr, nullptr)) {
      platform = "surfaceless";
      return d;
    }
  }
  // Vendors without the Mesa platform (NVIDIA) still offer a display per device.
  if (client.platformBase && client.platformDevice && client.deviceEnumeration) {
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
  std::string eglError;
  const GlProcLoader getProc = eglProcAddress(eglError);
  if (getProc == nullptr)
    return glFailure("cannot load EGL (" + eglError +
                     "); install the EGL library and a driver for it (Debian: libegl1 and libegl-mesa0)");
  // First pass, before any display: EGL's client functions and extensions (the platforms).
  if (gladLoadEGL(EGL_NO_DISPLAY, getProc) == 0) return glFailure("libEGL offers no usable eglQueryString");
  const ClientExtensions client = clientExtensions();
  // Mesa reads the overrides once per process at driver load, so they must be in place
  // before eglInitialize; a probe-then-retry would find them already cached.
  if (onlySoftwareDevices(client)) ctx.info_.mesaOverridesSetByKiln = applyMesaVersionOverrides();

  EGLDisplay display = openDisplay(client, ctx.info_.platform);
  if (display == EGL_NO_DISPLAY) return glFailure("no EGL display (neither surfaceless nor device platform)");
  ctx.display_ = display;

  // Second pass, for the initialised display: its version's functions and its extensions.
  const int eglVersion = gladLoadEGL(display, getProc);
  if (!GLAD_EGL_VERSION_1_5)
    return glFailure("the EGL display offers EGL " + std::to_string(GLAD_VERSION_MAJOR(eglVersion)) + "." +
                     std::to_string(GLAD_VERSION_MINOR(eglVersion)) + "; Kiln needs EGL 1.5");
  if (!GLAD_EGL_KHR_surfaceless_context) return glFailure("the EGL display lacks EGL_KHR_surfaceless_context");
  if (!eglBindAPI(EGL_OPENGL_API)) return glFailure("eglBindAPI(EGL_OPENGL_API) failed");

  EGLConfig config = EGL_NO_CONFIG_KHR;
  if (!GLAD_EGL_KHR_no_config_context) {
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
    return glFailure("the driver refused an OpenGL 4.6 core context" + std::string(kMesaOverrideHint));
  ctx.context_ = context;
  if (!ctx.makeCurrent()) return glFailure("eglMakeCurrent without a surface failed");
  if (auto refused = loadGl(getProc)) return *std::move(refused);

  ctx.info_.vendor = glString(GL_VENDOR);
  ctx.info_.renderer = glString(GL_RENDERER);
  ctx.info_.version = glString(GL_VERSION);
  ctx.info_.glslVersion = glString(GL_SHADING_LANGUAGE_VERSION);
  ctx.info_.softwareDriver = softwareRenderer();
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
