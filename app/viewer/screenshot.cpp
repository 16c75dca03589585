// Back-buffer readback (through the renderer).
#include "screenshot.hpp"

#include "render/image_texture.hpp"

namespace kiln::viewer {

core::Image readBackBuffer(int width, int height) {
  if (width <= 0 || height <= 0) return {};
  core::Image image = render::readWindowPixels(static_cast<std::uint32_t>(width), static_cast<std::uint32_t>(height));
  // The window's default framebuffer may have no alpha channel; a screenshot is opaque.
  for (std::size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;
  return image;
}

}  // namespace kiln::viewer
