// The viewer's use of the Kiln renderer: prepare on mount, draw the main view into the window,
// draw the top view and captures offscreen, and show images (top view, A/B) through ImGui.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/image.hpp"
#include "panels/inspect.hpp"
#include "render/renderer.hpp"
#include "viewer_state.hpp"

namespace kiln::viewer {

// The renderer's camera for a viewer camera.
render::Camera toRenderCamera(const Camera& c, double aspect);

// An RGBA8 texture ImGui can show (ImGui::Image takes its id).
class ImageTexture {
 public:
  ImageTexture() = default;
  ImageTexture(const ImageTexture&) = delete;
  ImageTexture& operator=(const ImageTexture&) = delete;
  ~ImageTexture();
  void upload(const core::Image& image);
  void* imguiId() const { return reinterpret_cast<void*>(static_cast<std::uintptr_t>(id_)); }
  std::uint32_t width() const { return w_; }
  std::uint32_t height() const { return h_; }
  bool empty() const { return id_ == 0; }

 private:
  std::uint32_t id_ = 0, w_ = 0, h_ = 0;
};

class GpuView {
 public:
  GpuView();
  ~GpuView();
  // Uploads the mounted level; diagnostics (texture/atlas problems) go to the errors panel.
  core::Diagnostics prepare(const MountedLevel& level);
  void clear();
  bool ready() const;
  // Draws the main view into the window's default framebuffer and fills state.gpu.
  void drawMain(ViewerState& s);
  // Renders the top view offscreen into `topTexture` (shown by the top view window).
  void drawTop(ViewerState& s, std::uint32_t width, std::uint32_t height);
  const ImageTexture& topTexture() const { return top_; }
  // An offscreen capture of a camera at a level time (fixed size, like `kiln capture`).
  std::optional<core::Image> capture(const ViewerState& s, const Camera& camera, double levelTime, std::uint32_t width,
                                     std::uint32_t height, std::string& error);

 private:
  render::FrameOptions frameOptions(const ViewerState& s) const;
  std::unique_ptr<render::Renderer> renderer_;
  std::optional<render::RenderTarget> topTarget_;
  core::Image topPixels_;
  ImageTexture top_;
  std::optional<inspect::BudgetTargets> targets_;  // assets/budgets.json
};

}  // namespace kiln::viewer
