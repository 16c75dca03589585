// Back-buffer readback and PNG writing (stb_image_write).
#include "screenshot.hpp"

#include <epoxy/gl.h>
#include <stb/stb_image_write.h>

namespace kiln::viewer {

core::Image readBackBuffer(int width, int height) {
  core::Image image;
  if (width <= 0 || height <= 0) return image;
  image.width = static_cast<std::uint32_t>(width);
  image.height = static_cast<std::uint32_t>(height);
  image.rgba.resize(std::size_t{image.width} * image.height * 4);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
  // The window's default framebuffer may have no alpha channel; a screenshot is opaque.
  for (std::size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;
  flipRows(image);
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
