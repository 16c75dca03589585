// Headless captures: render a level offscreen at W×H, time T and a camera into an image; write
// it as PNG with a JSON sidecar. Two captures of the same inputs on one driver are
// byte-identical (no clocks, no addresses, no locale in anything written).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/image.hpp"
#include "render/cpu/camera.hpp"
#include "render/renderer.hpp"
#include "sim/model.hpp"

namespace kiln::render {

struct CaptureRequest {
  std::uint32_t width = 640;
  std::uint32_t height = 360;
  double levelTime = 0;
  Camera camera;
  FrameOptions options;
};

// Renders one frame of a prepared renderer offscreen; gl-error when the size is 0 or exceeds
// GL_MAX_RENDERBUFFER_SIZE / GL_MAX_VIEWPORT_DIMS, or the renderer holds no level.
std::variant<core::Image, core::Diagnostic> capture(Renderer& renderer, const CaptureRequest& request);
// The same into `target`, made (or resized) to the request's size: a sequence of captures
// (`kiln capture --times`) keeps one colour texture, depth buffer and framebuffer for all.
std::variant<core::Image, core::Diagnostic> capture(Renderer& renderer, const CaptureRequest& request,
                                                    std::optional<RenderTarget>& target);

// What a frame cost, for the sidecar of `kiln capture --stats`: per pass the GPU time, draw calls
// and pipeline statistics, and how many emitters culling drew and skipped.
struct FrameCost {
  FrameStats stats;
  bool timersReadZero = false;  // every pass timed 0 ms: the driver's timers are not usable
};

// What the JSON sidecar records next to a capture.
struct CaptureInfo {
  std::string levelHash;   // hex FNV-1a 64 of the level file bytes (levelHash())
  std::string levelFile;   // as given on the command line
  double levelTime = 0;
  Camera camera;
  std::uint32_t width = 0, height = 0;
  std::string glRenderer;  // GL_RENDERER
  // GL_VENDOR, and how the context was made (ContextInfo::platformSummary(), "GLFW window");
  // both left out of the sidecar when empty.
  std::string glVendor, glPlatform;
  std::string kilnVersion;
  // `kiln capture --unchecked`: the relaxable checks were off and these were their findings
  // (the sidecar records both so a capture of a broken level is never mistaken for a good one).
  bool checksRelaxed = false;
  std::vector<core::Diagnostic> findings;
  std::optional<FrameCost> cost;  // with --stats only (times vary run to run; the image does not)
  // The level's events section: its step rate and script are recorded (null when it has none),
  // and how many event sprites the picture shows (0 with --no-events).
  std::optional<sim::Events> events;
  std::uint32_t eventsDrawn = 0;  // sprites the scene-transparency pass drew (FrameStats::events.drawn)
  // What the viewer showed beyond `kiln capture`'s picture (a backdrop, solo and mute, debug
  // views); absent when nothing was changed, so a capture the CLI can redo has the CLI's sidecar.
  struct ViewOptions {
    std::string background = "level";
    std::string soloPass, soloEmitter;  // empty: none
    std::vector<std::string> mutedPasses, mutedEmitters, debugViews;
  };
  std::optional<ViewOptions> viewOptions;
  // The output transform of an HDR picture (absent for LDR, so those sidecars stay as they
  // were); `linearImage`: the file holds the linear scene (an EXR), before exposure and tone map.
  std::optional<OutputOptions> output;
  bool linearImage = false;
  // With auto exposure: the EV it applied to this picture (RenderTarget::autoExposureEv).
  std::optional<double> autoExposureEv;
};

std::string levelHash(std::span<const std::uint8_t> levelFileBytes);
// Deterministic JSON (fixed key order, shortest round-trip numbers, trailing newline).
std::string sidecarJson(const CaptureInfo& info);
// The version this library was built as (KILN_VERSION).
std::string_view kilnVersion();

// PNG encoding through stb_image_write (deterministic for identical pixels).
std::vector<std::uint8_t> encodePng(const core::Image& image);
bool writePng(const std::filesystem::path& path, const core::Image& image, std::string& error);
// PNG decoding to RGBA8 (for `kiln compare`); nullopt with `error` set on failure.
std::optional<core::Image> readPng(const std::filesystem::path& path, std::string& error);

}  // namespace kiln::render
