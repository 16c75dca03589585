// EGL creation of a headless OpenGL 4.6 core context: the displays in order (device platform,
// then Mesa surfaceless), each tried until one gives a context Kiln accepts.
#include "render/headless_context.hpp"

#include <dlfcn.h>
#include <glad/egl.h>
#include <glad/gl.h>

#include <cstdlib>
#include <optional>
#include <utility>
#include <vector>

#include "render/cpu/egl_choice.hpp"
#include "render/gl_loader.hpp"
#include "render/program.hpp"

namespace kiln::render {
namespace {

using Hidden = std::set<std::string, std::less<>>;

core::Diagnostic glFailure(std::string message) {
  return core::Diagnostic{core::Code::GlError, "render.context", std::move(message)};
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

std::string eglErrorName(EGLint e) {
  switch (e) {
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    default: return "EGL error " + std::to_string(e);
  }
}

// glad's flag for an extension, unless KILN_EGL_HIDE_EXTENSIONS hides it.
bool offered(int gladFlag, const Hidden& hidden, std::string_view name) {
  return gladFlag != 0 && !hidden.contains(name);
}

// One display to try and how to describe it.
struct Candidate {
  std::string platform;  // "device" or "surfaceless"
  std::string display;   // ContextInfo::display
  EGLDisplay egl = EGL_NO_DISPLAY;
  bool softwareDevice = false;
};

// The displays in the order they are tried: the device platform's devices (a GPU's first),
// then Mesa's surfaceless platform.
std::vector<Candidate> candidates(const Hidden& hidden) {
  std::vector<Candidate> out;
  if (!offered(GLAD_EGL_EXT_platform_base, hidden, "EGL_EXT_platform_base")) return out;
  if (offered(GLAD_EGL_EXT_platform_device, hidden, "EGL_EXT_platform_device") &&
      offered(GLAD_EGL_EXT_device_enumeration, hidden, "EGL_EXT_device_enumeration")) {
    EGLint count = 0;
    if (eglQueryDevicesEXT(0, nullptr, &count) && count > 0) {
      std::vector<EGLDeviceEXT> devices(static_cast<std::size_t>(count));
      if (!eglQueryDevicesEXT(count, devices.data(), &count)) count = 0;
      devices.resize(static_cast<std::size_t>(count));
      std::vector<EglDeviceFacts> facts(devices.size());
      const bool query = offered(GLAD_EGL_EXT_device_query, hidden, "EGL_EXT_device_query");
      for (std::size_t i = 0; query && i < devices.size(); ++i) {
        const char* ext = eglQueryDeviceStringEXT(devices[i], EGL_EXTENSIONS);
        facts[i].extensions = ext ? ext : "";
        if (hasExtension(facts[i].extensions, "EGL_EXT_device_drm"))
          if (const char* file = eglQueryDeviceStringEXT(devices[i], EGL_DRM_DEVICE_FILE_EXT)) facts[i].drmFile = file;
      }
      for (const std::size_t i : deviceTryOrder(facts)) {
        Candidate c;
        c.platform = "device";
        c.softwareDevice = softwareDevice(facts[i]);
        c.display = "device " + std::to_string(i) + " of " + std::to_string(devices.size()) + " (" +
                    (c.softwareDevice ? "software" : facts[i].drmFile.empty() ? "hardware" : facts[i].drmFile) + ")";
        c.egl = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
        out.push_back(std::move(c));
      }
    }
  }
  if (offered(GLAD_EGL_MESA_platform_surfaceless, hidden, "EGL_MESA_platform_surfaceless")) {
    Candidate c;
    c.platform = "surfaceless";
    c.display = "default display";
    c.egl = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    out.push_back(std::move(c));
  }
  return out;
}

// What an initialised display offers Kiln (glad's flags for it, less the hidden ones).
struct DisplayFeatures {
  bool egl15 = false, createContext = false, surfacelessContext = false, noConfig = false, queryDriver = false;
};

std::optional<std::string> initialise(EGLDisplay d, GlProcLoader getProc, const Hidden& hidden, DisplayFeatures& f) {
  if (d == EGL_NO_DISPLAY) return "no display (" + eglErrorName(eglGetError()) + ")";
  if (!eglInitialize(d, nullptr, nullptr)) return "eglInitialize failed (" + eglErrorName(eglGetError()) + ")";
  // Loading for the display replaces glad's extension flags with the display's.
  if (gladLoadEGL(d, getProc) == 0) return "glad could not load EGL for the display";
  f.egl15 = offered(GLAD_EGL_VERSION_1_5, hidden, "EGL_VERSION_1_5");
  f.createContext = offered(GLAD_EGL_KHR_create_context, hidden, "EGL_KHR_create_context");
  f.surfacelessContext = offered(GLAD_EGL_KHR_surfaceless_context, hidden, "EGL_KHR_surfaceless_context");
  f.noConfig = offered(GLAD_EGL_KHR_no_config_context, hidden, "EGL_KHR_no_config_context");
  f.queryDriver = offered(GLAD_EGL_MESA_query_driver, hidden, "EGL_MESA_query_driver");
  if (!GLAD_EGL_VERSION_1_4) return "EGL older than 1.4 (no OpenGL API)";
  if (!f.egl15 && !f.createContext) return "EGL 1.4 without EGL_KHR_create_context cannot ask for a 4.6 core context";
  return std::nullopt;
}

// A pbuffer-capable OpenGL config: what a display without EGL_KHR_no_config_context (or without
// EGL_KHR_surfaceless_context, for the 1×1 pbuffer) needs. A window-capable one may not exist
// on a headless display.
std::optional<std::string> pbufferConfig(EGLDisplay d, EGLConfig& config) {
  const EGLint want[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
  EGLint n = 0;
  if (!eglChooseConfig(d, want, &config, 1, &n) || n < 1) return std::string("no pbuffer-capable OpenGL config");
  return std::nullopt;
}

EGLContext createCoreContext(EGLDisplay d, EGLConfig config, const DisplayFeatures& f, bool debug) {
  // EGL 1.5 names and EGL_KHR_create_context's share their values but for the debug flag.
  if (f.egl15) {
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                              EGL_CONTEXT_OPENGL_DEBUG, debug ? EGL_TRUE : EGL_FALSE, EGL_NONE};
    return eglCreateContext(d, config, EGL_NO_CONTEXT, attribs);
  }
  const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION_KHR, 4, EGL_CONTEXT_MINOR_VERSION_KHR, 6,
                            EGL_CONTEXT_OPENGL_PROFILE_MASK_KHR, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT_KHR,
                            EGL_CONTEXT_FLAGS_KHR, debug ? EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR : 0, EGL_NONE};
  return eglCreateContext(d, config, EGL_NO_CONTEXT, attribs);
}

std::string glString(GLenum name) {
  const auto* s = reinterpret_cast<const char*>(glGetString(name));
  return s ? std::string(s) : std::string();
}

// What one display gave: a current context, or why not.
struct Opened {
  EGLContext context = EGL_NO_CONTEXT;
  EGLSurface surface = EGL_NO_SURFACE;
  ContextInfo info;
  std::string failure;
  bool mesaSoftwareRefused = false;  // a Mesa software driver refused 4.6 (the overrides would help)
};

void describeDisplay(EGLDisplay d, const DisplayFeatures& f, ContextInfo& info) {
  const char* vendor = eglQueryString(d, EGL_VENDOR);
  info.eglVendor = vendor ? vendor : "";
  info.eglVersion = f.egl15 ? "1.5" : "1.4";
  const char* driver = f.queryDriver ? eglGetDisplayDriverName(d) : nullptr;
  info.eglDriver = driver ? driver : "";
}

// Makes the context on an initialised display, current, and checked by loadGl.
Opened openOn(const Candidate& c, const DisplayFeatures& f, const HeadlessOptions& options, GlProcLoader getProc) {
  Opened o;
  const auto failed = [&o](std::string why) {
    o.failure = std::move(why);
    return o;
  };
  if (!eglBindAPI(EGL_OPENGL_API)) return failed("eglBindAPI(EGL_OPENGL_API) failed");
  describeDisplay(c.egl, f, o.info);
  EGLConfig config = EGL_NO_CONFIG_KHR;
  if (!f.noConfig || !f.surfacelessContext)
    if (auto why = pbufferConfig(c.egl, config)) return failed(*why);
  o.info.configless = config == EGL_NO_CONFIG_KHR;
  o.context = createCoreContext(c.egl, config, f, options.debugContext);
  if (o.context == EGL_NO_CONTEXT) {
    o.failure = "the driver refused an OpenGL 4.6 core context (" + eglErrorName(eglGetError()) + ")";
    o.mesaSoftwareRefused = mesaSoftwareDriver(o.info.eglVendor, o.info.eglDriver, c.softwareDevice);
    return o;
  }
  if (!f.surfacelessContext) {
    const EGLint size[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
    o.surface = eglCreatePbufferSurface(c.egl, config, size);
    o.info.pbufferSurface = true;
    if (o.surface == EGL_NO_SURFACE) o.failure = "no 1x1 pbuffer (" + eglErrorName(eglGetError()) + ")";
  }
  if (o.failure.empty() && !eglMakeCurrent(c.egl, o.surface, o.surface, o.context))
    o.failure = "eglMakeCurrent failed (" + eglErrorName(eglGetError()) + ")";
  if (o.failure.empty())
    if (auto refused = loadGl(getProc)) o.failure = refused->message;
  if (!o.failure.empty()) {
    eglMakeCurrent(c.egl, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (o.surface != EGL_NO_SURFACE) eglDestroySurface(c.egl, o.surface);
    eglDestroyContext(c.egl, o.context);
    o.context = EGL_NO_CONTEXT;
    o.surface = EGL_NO_SURFACE;
    return o;
  }
  o.info.platform = c.platform;
  o.info.display = c.display;
  o.info.vendor = glString(GL_VENDOR);
  o.info.renderer = glString(GL_RENDERER);
  o.info.version = glString(GL_VERSION);
  o.info.glslVersion = glString(GL_SHADING_LANGUAGE_VERSION);
  o.info.softwareDriver = softwareRenderer();
  return o;
}

}  // namespace

bool applyMesaVersionOverrides() {
  bool set = false;
  // overwrite = 0: a user's own choice in the environment always wins.
  if (std::getenv("MESA_GL_VERSION_OVERRIDE") == nullptr) set |= setenv("MESA_GL_VERSION_OVERRIDE", "4.6", 0) == 0;
  if (std::getenv("MESA_GLSL_VERSION_OVERRIDE") == nullptr) set |= setenv("MESA_GLSL_VERSION_OVERRIDE", "460", 0) == 0;
  return set;
}

std::string ContextInfo::platformSummary() const {
  std::string s = (platform == "device" ? "EGL device platform, " : "EGL Mesa surfaceless platform, ") + display;
  s += "; " + (eglVendor.empty() ? std::string("EGL") : eglVendor + " EGL") + " " + eglVersion;
  if (!eglDriver.empty()) s += ", driver " + eglDriver;
  s += configless ? "; no config" : "; pbuffer config";
  s += pbufferSurface ? ", 1x1 pbuffer" : ", no surface";
  if (mesaOverridesSetByKiln) s += "; Mesa version overrides set by Kiln";
  return s;
}

std::variant<HeadlessContext, core::Diagnostic> HeadlessContext::create(const HeadlessOptions& options) {
  std::string eglError;
  const GlProcLoader getProc = eglProcAddress(eglError);
  if (getProc == nullptr)
    return glFailure("cannot load EGL (" + eglError +
                     "); install the EGL library and a driver for it (Debian: libegl1 and libegl-mesa0)");
  // First pass, before any display: EGL's client functions and extensions (the platforms).
  if (gladLoadEGL(EGL_NO_DISPLAY, getProc) == 0) return glFailure("libEGL offers no usable eglQueryString");
  const Hidden hidden = parseHiddenEglExtensions(std::getenv(kHideEglExtensionsVariable));

  std::vector<EglAttempt> attempts;
  bool mesaSoftwareRefused = false;
  for (const Candidate& c : candidates(hidden)) {
    const std::string name = (c.platform == "device" ? "device platform, " : "Mesa surfaceless platform, ") + c.display;
    DisplayFeatures features;
    if (auto why = initialise(c.egl, getProc, hidden, features)) {
      attempts.push_back({name, *why});
      continue;
    }
    Opened opened = openOn(c, features, options, getProc);
    bool overridesSet = false;
    // Mesa reads its version overrides when a display is initialised: set them, start the
    // display again and retry, for a Mesa software driver only.
    if (opened.mesaSoftwareRefused && applyMesaVersionOverrides()) {
      overridesSet = true;
      eglTerminate(c.egl);
      if (auto why = initialise(c.egl, getProc, hidden, features)) opened.failure = *why;
      else opened = openOn(c, features, options, getProc);
    }
    if (opened.context == EGL_NO_CONTEXT) {
      mesaSoftwareRefused |= opened.mesaSoftwareRefused;
      attempts.push_back({name, opened.failure});
      continue;
    }
    HeadlessContext ctx;
    ctx.display_ = c.egl;
    ctx.context_ = opened.context;
    ctx.surface_ = opened.surface;
    ctx.info_ = std::move(opened.info);
    ctx.info_.mesaOverridesSetByKiln = overridesSet;
    return ctx;
  }
  std::string message = "no OpenGL 4.6 core context on EGL: " + describeAttempts(attempts);
  if (mesaSoftwareRefused) message += kMesaOverrideHint;
  return glFailure(std::move(message));
}

HeadlessContext::HeadlessContext(HeadlessContext&& other) noexcept
    : display_(std::exchange(other.display_, nullptr)),
      context_(std::exchange(other.context_, nullptr)),
      surface_(std::exchange(other.surface_, nullptr)),
      info_(std::move(other.info_)) {}

HeadlessContext& HeadlessContext::operator=(HeadlessContext&& other) noexcept {
  if (this != &other) {
    release();
    display_ = std::exchange(other.display_, nullptr);
    context_ = std::exchange(other.context_, nullptr);
    surface_ = std::exchange(other.surface_, nullptr);
    info_ = std::move(other.info_);
  }
  return *this;
}

HeadlessContext::~HeadlessContext() { release(); }

bool HeadlessContext::makeCurrent() const {
  return display_ && context_ && eglMakeCurrent(display_, surface_, surface_, context_);
}

void HeadlessContext::release() noexcept {
  if (display_ == nullptr) return;
  if (context_ != nullptr) {
    if (eglGetCurrentContext() == context_) eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display_, context_);
    context_ = nullptr;
  }
  if (surface_ != nullptr) eglDestroySurface(display_, surface_);
  surface_ = nullptr;
  // Terminating is deliberately skipped: Mesa shares one display per process, and a second
  // context created later in the same process (tests) would find it torn down.
  display_ = nullptr;
}

}  // namespace kiln::render
