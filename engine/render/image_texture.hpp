// GPU images a UI shows (the viewer's A/B captures, their difference), and the window's
// framebuffer: binding it for drawing and reading it back for screenshots. Requires a current
// OpenGL 4.6 context; no GL types in this header.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "core/image.hpp"
#include "render/cpu/texture_handle.hpp"

namespace kiln::render {

// One RGBA8 texture holding an image, rows top-down as UI toolkits sample them. Move-only.
class ImageTexture {
 public:
  ImageTexture();
  ImageTexture(ImageTexture&&) noexcept;
  ImageTexture& operator=(ImageTexture&&) noexcept;
  ~ImageTexture();
  // Replaces the contents; reallocates only when the size changes. An empty image is ignored.
  void upload(const core::Image& image);
  // The texture for a UI toolkit; no texture before the first upload.
  TextureHandle texture() const;
  std::uint32_t width() const;
  std::uint32_t height() const;
  bool empty() const;
  // The texture's contents, rows top to bottom (what upload received).
  void readPixels(core::Image& out) const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

// Makes the window (the context's default framebuffer) the draw target, viewport W×H.
void bindWindowFramebuffer(std::uint32_t width, std::uint32_t height);
// Binds the window as above and clears its colour (and depth) to `rgba`.
void clearWindowFramebuffer(std::uint32_t width, std::uint32_t height, const std::array<float, 4>& rgba);

// The window's back buffer (call after drawing, before swapping), rows top to bottom, RGBA as
// the framebuffer holds it (a window without alpha bits reads alpha 255).
core::Image readWindowPixels(std::uint32_t width, std::uint32_t height);

}  // namespace kiln::render
