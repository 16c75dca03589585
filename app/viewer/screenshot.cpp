// Back-buffer readback (through the renderer) and PNG writing (stb_image_write).
#include "screenshot.hpp"

#include <stb/stb_image_write.h>

#include "render/image_texture.hpp"

namespace kiln::viewer {

core::Image readBackBuffer(int width, int height) {
  if (width <= 0 || height <= 0) return {};
  core::Image image = render::readWindowPixels(static_cast<std::uint32_t>(width), static_cast<std::uint32_t>(height));
  // The window's default framebuffer may have no alpha channel; a screenshot is opaque.
  for (std::size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;
  return image;
}

bool writePng(const std::filesystem::path& path, const core::Image& image, std::string& error) {
  if (image.empty()) {
    error = "nothing to write to " + path.string() + " (empty image)";
    return false;
  }
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  const int ok = stbi_write_png(path.string().c_str(), static_cast<int>(image.width), static_cast<int>(image.height), 4,
                                image.rgba.data(), static_cast<int>(image.width * 4));
  if (!ok) {
    error = "cannot write " + path.string();
    return false;
  }
  return true;
}

}  // namespace kiln::viewer
