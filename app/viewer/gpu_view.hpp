// The viewer's use of the Kiln renderer: prepare on mount, draw the main view and the overlay
// into the window, draw the top view and captures offscreen, and show images (top view, A/B)
// through ImGui. Every GL call is the renderer's; this file holds no GL.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/image.hpp"
#include "logic/overlay.hpp"
#include "panels/logic/inspect.hpp"
#include "render/image_texture.hpp"
#include "render/renderer.hpp"
#include "logic/viewer_state.hpp"

namespace kiln::viewer {

// The renderer's camera for a viewer camera.
render::Camera toRenderCamera(const ViewCamera& c, double aspect);

// The UI's id of a renderer texture (the opaque value the renderer hands out).
inline UiTexture imguiId(render::TextureHandle handle) { return static_cast<UiTexture>(handle.value()); }

// An RGBA8 texture ImGui can show (ImGui::Image takes its id); the renderer owns the GL side.
class ImageTexture : public render::ImageTexture {
 public:
  UiTexture imguiId() const { return viewer::imguiId(texture()); }
};

// Event particle-steps one viewer frame may spend, births counted as sim/budget.hpp counts them
// (2^23: about 26 ms on one core at worst).
inline constexpr double kEventStepsPerFrame = 8388608.0;

class GpuView {
 public:
  // `debugOutput`: RendererOptions::debugOutput; `onMessage` receives every message the
  // renderer logs (KHR_debug, compile and link logs), which are also printed on stderr.
  GpuView(bool debugOutput, std::function<void(std::string_view)> onMessage);
  ~GpuView();
  // Uploads the mounted level; diagnostics (texture/atlas problems) go to the errors panel.
  core::Diagnostics prepare(const MountedLevel& level);
  // One tuned preset or emitter of the mounted level's particles reaches the prepared level in
  // place (Renderer::updatePreset / updateEmitter); NeedsPrepare, with nothing changed, when the
  // edit changes what prepare laid out or the level has no particles: call prepare().
  render::EditUpload updatePreset(const MountedLevel& level, std::uint32_t preset);
  render::EditUpload updateEmitter(const MountedLevel& level, std::uint32_t emitter);
  // Re-prepares only the event pass from the level's `events:` section (a sandbox edit).
  core::Diagnostics prepareEvents(const MountedLevel& level);
  // The event particles as last drawn (null when the level has none): picking reads them.
  const render::EventScene* eventScene() const { return renderer_->eventScene(); }
  void clear();
  bool ready() const;
  // Draws the main view offscreen at the scene size (ViewSettings::sceneWidth/Height) and fills
  // state.ui.gpu; without a prepared level only clears it. Then clears the window behind the
  // panels. The image is state.view.viewportTexture after drawOverlay.
  void drawMain(ViewerState& s, bool levelReady);
  // The overlay over the main view's image, depth tested against the scene; publishes the image.
  void drawOverlay(ViewerState& s, const OverlayList& list);
  // Renders the top view offscreen; returns its ImGui texture id (valid until the next call).
  UiTexture drawTop(ViewerState& s, std::uint32_t width, std::uint32_t height);
  // Renderer debug views the View menu toggles (sector planes, stored/recomputed bounds).
  render::DebugViews& debugViews() { return debug_; }
  // The camera a capture of `camera` renders with: for a perspective view, the one `kiln capture
  // --camera EYE,TARGET --fov F` builds (same eye, target and field of view; depth range fitted to
  // the level), so the two agree byte for byte. The sidecar records it.
  render::Camera captureCamera(const ViewerState& s, const ViewCamera& camera) const;
  // GL_RENDERER, for capture sidecars.
  std::string glRenderer() const;
  // The driver and how its context was made (render::DriverInfo), for capture sidecars.
  const render::DriverInfo& driver() const;
  // An offscreen capture of a camera at a level time (fixed size, like `kiln capture`).
  // The event sprites the last frame drew (after capture(): the capture's), for its sidecar.
  std::uint32_t eventSpritesDrawn() const;
  std::optional<core::Image> capture(const ViewerState& s, const ViewCamera& camera, double levelTime, std::uint32_t width,
                                     std::uint32_t height, std::string& error);
  // The EV the last capture's auto exposure applied, for its sidecar; nullopt without one.
  std::optional<double> captureAutoExposureEv() const;

 private:
  void readEventStats(ViewerState& s, const render::FrameStats& st) const;
  render::FrameOptions frameOptions(const ViewerState& s) const;
  std::unique_ptr<render::Renderer> renderer_;
  std::optional<render::RenderTarget> mainTarget_, topTarget_;
  render::DebugViews debug_;
  std::optional<inspect::BudgetTargets> targets_;  // assets/budgets.json
  std::optional<render::RenderTarget> captureTarget_;  // capture()'s, kept between captures
};

}  // namespace kiln::viewer
