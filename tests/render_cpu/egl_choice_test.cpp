// How the headless context orders EGL displays and judges drivers, on made-up device reports
// (no driver): a GPU's device before Mesa's software one, the overrides for Mesa software only,
// the test switch that hides extensions, and the words for what was tried.
#include <catch2/catch.hpp>

#include <vector>

#include "render/cpu/egl_choice.hpp"

using namespace kiln;

TEST_CASE("a GPU's EGL device is tried before Mesa's software device, in enumeration order",
          "[render_cpu][egl]") {
  const render::EglDeviceFacts software{"EGL_MESA_device_software EGL_EXT_device_drm_render_node", ""};
  const render::EglDeviceFacts nvidia{"EGL_NV_device_cuda EGL_EXT_device_drm", "/dev/dri/card1"};
  const render::EglDeviceFacts amd{"EGL_EXT_device_drm EGL_EXT_device_drm_render_node", "/dev/dri/card0"};
  CHECK(render::softwareDevice(software));
  CHECK_FALSE(render::softwareDevice(nvidia));
  // An extension that merely starts with the name is another extension.
  CHECK_FALSE(render::softwareDevice({"EGL_MESA_device_software_x", ""}));
  const std::vector<render::EglDeviceFacts> devices{software, nvidia, amd};
  CHECK(render::deviceTryOrder(devices) == std::vector<std::size_t>{1, 2, 0});
  const std::vector<render::EglDeviceFacts> onlySoftware{software};
  CHECK(render::deviceTryOrder(onlySoftware) == std::vector<std::size_t>{0});
  CHECK(render::deviceTryOrder({}).empty());
}

TEST_CASE("Mesa's version overrides are for Mesa software drivers only", "[render_cpu][egl]") {
  CHECK(render::mesaSoftwareDriver("Mesa Project", "", true));         // the software device
  CHECK(render::mesaSoftwareDriver("Mesa Project", "swrast", false));  // surfaceless on llvmpipe
  CHECK(render::mesaSoftwareDriver("Mesa Project", "kms_swrast", false));
  CHECK_FALSE(render::mesaSoftwareDriver("Mesa Project", "iris", false));  // an Intel GPU
  CHECK_FALSE(render::mesaSoftwareDriver("Mesa Project", "", false));      // unknown: not assumed
  CHECK_FALSE(render::mesaSoftwareDriver("NVIDIA", "", false));
  CHECK_FALSE(render::mesaSoftwareDriver("NVIDIA", "swrast", true));
}

TEST_CASE("KILN_EGL_HIDE_EXTENSIONS lists names split by commas or spaces", "[render_cpu][egl]") {
  CHECK(render::parseHiddenEglExtensions(nullptr).empty());
  CHECK(render::parseHiddenEglExtensions("").empty());
  const auto hidden = render::parseHiddenEglExtensions("EGL_KHR_no_config_context, EGL_VERSION_1_5  EGL_X,");
  CHECK(hidden == std::set<std::string, std::less<>>{"EGL_KHR_no_config_context", "EGL_VERSION_1_5", "EGL_X"});
  CHECK(render::hasExtension("EGL_A EGL_KHR_no_config_context EGL_B", "EGL_KHR_no_config_context"));
  CHECK_FALSE(render::hasExtension("EGL_KHR_no_config_contexts", "EGL_KHR_no_config_context"));
  CHECK_FALSE(render::hasExtension("EGL_A", ""));
}

TEST_CASE("an EGL failure names every display tried and why", "[render_cpu][egl]") {
  const std::vector<render::EglAttempt> attempts{
      {"device platform, device 0 of 1 (software)", "no pbuffer-capable OpenGL config"},
      {"Mesa surfaceless platform, default display", "eglInitialize failed (EGL_NOT_INITIALIZED)"}};
  CHECK(render::describeAttempts(attempts) ==
        "tried device platform, device 0 of 1 (software): no pbuffer-capable OpenGL config; Mesa surfaceless "
        "platform, default display: eglInitialize failed (EGL_NOT_INITIALIZED)");
  const std::string none = render::describeAttempts({});
  CHECK(none.find("EGL_EXT_platform_device") != std::string::npos);
  CHECK(none.find("EGL_MESA_platform_surfaceless") != std::string::npos);
}
