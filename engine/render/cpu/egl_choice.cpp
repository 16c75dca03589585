// The EGL display choices that need no driver (egl_choice.hpp).
#include "render/cpu/egl_choice.hpp"

#include <algorithm>

namespace kiln::render {

bool hasExtension(std::string_view list, std::string_view name) {
  if (name.empty()) return false;
  std::size_t at = 0;
  while ((at = list.find(name, at)) != std::string_view::npos) {
    const std::size_t end = at + name.size();
    if ((at == 0 || list[at - 1] == ' ') && (end == list.size() || list[end] == ' ')) return true;
    at = end;
  }
  return false;
}

std::set<std::string, std::less<>> parseHiddenEglExtensions(const char* value) {
  std::set<std::string, std::less<>> names;
  if (value == nullptr) return names;
  std::string current;
  for (const char* c = value;; ++c) {
    if (*c == '\0' || *c == ',' || *c == ' ' || *c == '\t') {
      if (!current.empty()) names.insert(current);
      current.clear();
      if (*c == '\0') break;
    } else {
      current += *c;
    }
  }
  return names;
}

bool softwareDevice(const EglDeviceFacts& device) { return hasExtension(device.extensions, "EGL_MESA_device_software"); }

std::vector<std::size_t> deviceTryOrder(std::span<const EglDeviceFacts> devices) {
  std::vector<std::size_t> order(devices.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_partition(order.begin(), order.end(), [&](std::size_t i) { return !softwareDevice(devices[i]); });
  return order;
}

bool mesaSoftwareDriver(std::string_view eglVendor, std::string_view driverName, bool onSoftwareDevice) {
  if (eglVendor.find("Mesa") == std::string_view::npos) return false;
  return onSoftwareDevice || driverName == "swrast" || driverName == "kms_swrast";
}

std::string describeAttempts(std::span<const EglAttempt> attempts) {
  if (attempts.empty())
    return "tried nothing: libEGL offers neither EGL_EXT_platform_device nor EGL_MESA_platform_surfaceless "
           "(with EGL_EXT_platform_base)";
  std::string out = "tried ";
  for (std::size_t i = 0; i < attempts.size(); ++i) {
    if (i) out += "; ";
    out += attempts[i].display + ": " + attempts[i].outcome;
  }
  return out;
}

}  // namespace kiln::render
