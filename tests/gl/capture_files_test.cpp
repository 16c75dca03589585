// The capture's files: PNG round trip and the JSON sidecar.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <limits>

#include <nlohmann/json.hpp>

#include "gl_fixture.hpp"
#include "render/capture.hpp"
#include "render_fixture.hpp"

using namespace kiln;

TEST_CASE("PNG round trip keeps every byte, encoding is deterministic", "[compare][png]") {
  core::Image img = test::solidImage(3, 1, 2, 3, 4);
  img.rgba[7] = 200;
  const auto path = test::scratchDir() / "gl-captures" / "roundtrip.png";
  std::filesystem::create_directories(path.parent_path());
  std::string error;
  REQUIRE(render::writePng(path, img, error));
  const auto back = render::readPng(path, error);
  REQUIRE(back.has_value());
  CHECK(*back == img);
  CHECK(render::encodePng(img) == render::encodePng(img));
  CHECK_FALSE(render::readPng(path.parent_path() / "missing.png", error).has_value());
}

TEST_CASE("the sidecar is stable JSON with every recorded field", "[compare][sidecar]") {
  render::CaptureInfo info;
  info.levelFile = "levels/hall \"1\".klm";
  const std::uint8_t bytes[] = {1, 2, 3};
  info.levelHash = render::levelHash(bytes);
  info.levelTime = 3600.125;
  info.width = 320;
  info.height = 180;
  info.glRenderer = "llvmpipe (LLVM 15.0.6, 256 bits)";
  info.kilnVersion = std::string(render::kilnVersion());
  info.camera.fovYDegrees = 45.5f;
  const std::string text = render::sidecarJson(info);
  CHECK(text == render::sidecarJson(info));
  const auto j = nlohmann::json::parse(text);
  CHECK(j["level_file"] == info.levelFile);
  CHECK(j["level_hash"].get<std::string>().size() == 16);
  CHECK(j["level_hash"] != render::levelHash(std::span<const std::uint8_t>(bytes, 2)));
  CHECK(j["time"].get<double>() == 3600.125);
  CHECK(j["size"] == nlohmann::json::array({320, 180}));
  CHECK(j["camera"]["fov_y_degrees"].get<double>() == 45.5);
  CHECK(j["camera"]["orthographic"] == false);
  CHECK(j["gl_renderer"] == info.glRenderer);
  CHECK(j["kiln_version"] == info.kilnVersion);
  // The vendor and the platform are written when known (kiln capture), left out when not.
  CHECK_FALSE(j.contains("gl_vendor"));
  CHECK_FALSE(j.contains("gl_platform"));
  info.glVendor = "Mesa";
  info.glPlatform = "EGL device platform, device 0 of 1 (software); Mesa Project EGL 1.5";
  const auto k = nlohmann::json::parse(render::sidecarJson(info));
  CHECK(k["gl_vendor"] == "Mesa");
  CHECK(k["gl_platform"] == info.glPlatform);
}

TEST_CASE("a capture with relaxed checks records that and its findings", "[sidecar]") {
  render::CaptureInfo info;
  info.levelFile = "forged_bounds.klm";
  CHECK_FALSE(nlohmann::json::parse(render::sidecarJson(info)).contains("checks_relaxed"));
  CHECK_FALSE(nlohmann::json::parse(render::sidecarJson(info)).contains("findings"));
  info.checksRelaxed = true;
  const auto none = nlohmann::json::parse(render::sidecarJson(info));
  CHECK(none["checks_relaxed"] == true);
  CHECK(none["findings"] == nlohmann::json::array());
  info.findings.push_back({core::Code::ForgedBounds, "emitters.west_flame.bounds", "bounds.max.z: stored \"2.9\"\n"});
  info.findings.push_back({core::Code::OutsideSector, "emitters.b.bounds", "corner outside"});
  const auto j = nlohmann::json::parse(render::sidecarJson(info));
  REQUIRE(j["findings"].size() == 2);
  CHECK(j["findings"][0]["code"] == "forged-bounds");
  CHECK(j["findings"][0]["path"] == "emitters.west_flame.bounds");
  // Quotes survive as JSON; a control byte is written by the one escaping rule (core/escape.hpp).
  CHECK(j["findings"][0]["message"] == "bounds.max.z: stored \"2.9\"\\x0a");
  CHECK(j["findings"][1]["code"] == "outside-sector");
}

TEST_CASE("a viewer capture with a backdrop, solo, mute or a debug view records them, a plain one does not",
          "[sidecar]") {
  render::CaptureInfo info;
  info.levelFile = "braziers.yaml";
  // Nothing beyond kiln capture's picture: no key at all, so the CLI's sidecar is the same bytes.
  CHECK_FALSE(nlohmann::json::parse(render::sidecarJson(info)).contains("view_options"));
  render::CaptureInfo::ViewOptions v;
  v.background = "black";
  v.soloEmitter = "west_flame";
  v.mutedPasses = {"additive", "cutout"};
  v.debugViews = {"overdraw"};
  info.viewOptions = v;
  const auto j = nlohmann::json::parse(render::sidecarJson(info));
  REQUIRE(j.contains("view_options"));
  CHECK(j["view_options"]["background"] == "black");
  CHECK(j["view_options"]["solo_emitter"] == "west_flame");
  CHECK(j["view_options"]["solo_pass"] == "");
  CHECK(j["view_options"]["muted_passes"] == nlohmann::json::array({"additive", "cutout"}));
  CHECK(j["view_options"]["muted_emitters"] == nlohmann::json::array());
  CHECK(j["view_options"]["debug_views"] == nlohmann::json::array({"overdraw"}));
}
