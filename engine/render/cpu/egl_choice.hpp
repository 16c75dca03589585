// How the headless context picks its EGL display, as decisions that need no driver: which device
// to try first, what counts as a Mesa software driver, which extensions a test has hidden, and
// the words an error uses for what was tried. GL-free: render/headless_context.cpp feeds these
// what EGL reports, tests feed them made-up reports.
#pragma once

#include <cstddef>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::render {

// Whether `name` is one of the space-separated names in `list` (an EGL extension string).
bool hasExtension(std::string_view list, std::string_view name);

// The environment switch that hides EGL features from Kiln, so the fallback routes can be
// tested on a driver that has everything: KILN_EGL_HIDE_EXTENSIONS names extensions (client or
// display) separated by commas or spaces; "EGL_VERSION_1_5" also hides EGL 1.5 (Kiln then
// treats the display as EGL 1.4). Documented in docs/rendering.md, "Headless contexts".
inline constexpr const char* kHideEglExtensionsVariable = "KILN_EGL_HIDE_EXTENSIONS";
std::set<std::string, std::less<>> parseHiddenEglExtensions(const char* value);

// What EGL_EXT_device_query says of one device.
struct EglDeviceFacts {
  std::string extensions;  // eglQueryDeviceStringEXT(EGL_EXTENSIONS)
  std::string drmFile;     // EGL_DRM_DEVICE_FILE_EXT where the device has one, else ""
};

// Mesa's software device carries EGL_MESA_device_software; every other device is a GPU's.
bool softwareDevice(const EglDeviceFacts& device);
// The order to try devices in: hardware first (enumeration order), then software ones.
std::vector<std::size_t> deviceTryOrder(std::span<const EglDeviceFacts> devices);

// A driver Mesa's version overrides (MESA_GL_VERSION_OVERRIDE=4.6 and
// MESA_GLSL_VERSION_OVERRIDE=460) are for: Mesa's EGL (vendor "Mesa Project") on its software
// device, or a display whose EGL_MESA_query_driver name is swrast or kms_swrast (llvmpipe,
// softpipe). Nothing else is given them: a GPU driver that refuses 4.6 cannot do 4.6.
bool mesaSoftwareDriver(std::string_view eglVendor, std::string_view driverName, bool onSoftwareDevice);

// One display Kiln tried, for the error when none gave a context.
struct EglAttempt {
  std::string display;  // "device platform, device 0 (software)", "Mesa surfaceless platform"
  std::string outcome;  // why it was not used
};
// "tried: DISPLAY: OUTCOME; DISPLAY: OUTCOME" (or a note that no platform was offered).
std::string describeAttempts(std::span<const EglAttempt> attempts);

}  // namespace kiln::render
