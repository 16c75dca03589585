// Image files: PNG (and other stb_image formats) decoded to straight-alpha RGBA8, and RGBA8
// written as PNG; failures are io-error diagnostics.
#include <stb/stb_image.h>
#include <stb/stb_image_write.h>

#include "core/file.hpp"
#include "loader/loader.hpp"

namespace kiln::loader {
namespace {

void appendBytes(void* context, void* data, int size) {
  auto* out = static_cast<std::vector<std::uint8_t>*>(context);
  const auto* bytes = static_cast<const std::uint8_t*>(data);
  out->insert(out->end(), bytes, bytes + size);
}

}  // namespace

std::optional<core::Image> decodeImageFile(const std::filesystem::path& path, core::Diagnostic& error,
                                           std::uint64_t maxPixels) {
  auto bytes = core::readFile(path, error, 256u << 20);
  if (!bytes) return std::nullopt;
  if (bytes->size() > static_cast<std::size_t>(INT32_MAX)) {
    error = core::ioError(path, "too large to decode");
    return std::nullopt;
  }
  int w = 0, h = 0, channels = 0;
  // The header is read first so a few bytes announcing a huge image never allocate its pixels.
  if (stbi_info_from_memory(bytes->data(), static_cast<int>(bytes->size()), &w, &h, &channels) &&
      static_cast<std::uint64_t>(w) * static_cast<std::uint64_t>(h) > maxPixels) {
    error = {core::Code::InputBudget, path.string(),
             "image of " + std::to_string(w) + "x" + std::to_string(h) + " pixels is larger than the limit of " +
                 std::to_string(maxPixels) + " pixels"};
    return std::nullopt;
  }
  stbi_uc* pixels =
      stbi_load_from_memory(bytes->data(), static_cast<int>(bytes->size()), &w, &h, &channels, 4);
  if (!pixels) {
    error = core::ioError(
        path, std::string("cannot decode image: ") + (stbi_failure_reason() ? stbi_failure_reason() : "unknown"));
    return std::nullopt;
  }
  core::Image img;
  img.width = static_cast<std::uint32_t>(w);
  img.height = static_cast<std::uint32_t>(h);
  img.rgba.assign(pixels, pixels + static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
  stbi_image_free(pixels);
  return img;
}

bool writePngFile(const std::filesystem::path& path, const core::Image& image, core::Diagnostic& error) {
  if (image.empty()) {
    error = core::ioError(path, "nothing to write (empty image)");
    return false;
  }
  std::vector<std::uint8_t> png;
  if (!stbi_write_png_to_func(appendBytes, &png, static_cast<int>(image.width), static_cast<int>(image.height), 4,
                              image.rgba.data(), static_cast<int>(image.width * 4))) {
    error = core::ioError(path, "cannot encode as PNG");
    return false;
  }
  return core::writeFile(path, png, error);
}

}  // namespace kiln::loader
