// PNG (and other stb_image formats) decoding to straight-alpha RGBA8.
#include <stb/stb_image.h>

#include "core/file.hpp"
#include "loader/loader.hpp"

namespace kiln::loader {

std::optional<core::Image> decodeImageFile(const std::filesystem::path& path, std::string& error) {
  auto bytes = core::readFile(path, error, 256u << 20);
  if (!bytes) return std::nullopt;
  if (bytes->size() > static_cast<std::size_t>(INT32_MAX)) {
    error = path.string() + ": too large to decode";
    return std::nullopt;
  }
  int w = 0, h = 0, channels = 0;
  stbi_uc* pixels =
      stbi_load_from_memory(bytes->data(), static_cast<int>(bytes->size()), &w, &h, &channels, 4);
  if (!pixels) {
    error = path.string() +
            ": cannot decode image: " + (stbi_failure_reason() ? stbi_failure_reason() : "unknown");
    return std::nullopt;
  }
  core::Image img;
  img.width = static_cast<std::uint32_t>(w);
  img.height = static_cast<std::uint32_t>(h);
  img.rgba.assign(pixels, pixels + static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
  stbi_image_free(pixels);
  return img;
}

}  // namespace kiln::loader
