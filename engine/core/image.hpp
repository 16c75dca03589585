// An RGBA8 image in memory (textures on their way to the GPU, captures on their way to disk).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace kiln::core {

// Straight (not premultiplied) alpha, rows top to bottom, 4 bytes per pixel.
struct Image {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::vector<std::uint8_t> rgba;
  bool empty() const { return width == 0 || height == 0; }
  friend bool operator==(const Image&, const Image&) = default;
};

// A rectangle of pixels: columns x .. x+width-1, rows y .. y+height-1 (row 0 the top). Width 0:
// no pixel.
struct PixelRect {
  std::uint32_t x = 0, y = 0, width = 0, height = 0;
  bool empty() const { return width == 0 || height == 0; }
  friend bool operator==(const PixelRect&, const PixelRect&) = default;
};

// The pixels of `r` (clipped to the image) as an image of their own.
inline Image cropImage(const Image& image, PixelRect r) {
  Image out;
  if (r.x >= image.width || r.y >= image.height) return out;
  out.width = std::min(r.width, image.width - r.x);
  out.height = std::min(r.height, image.height - r.y);
  out.rgba.resize(std::size_t{out.width} * out.height * 4);
  for (std::uint32_t row = 0; row < out.height; ++row) {
    const auto from = image.rgba.begin() + static_cast<std::ptrdiff_t>((std::size_t{r.y + row} * image.width + r.x) * 4);
    std::copy(from, from + static_cast<std::ptrdiff_t>(std::size_t{out.width} * 4),
              out.rgba.begin() + static_cast<std::ptrdiff_t>(std::size_t{row} * out.width * 4));
  }
  return out;
}

// A named texture as the level's frames refer to it, with where it came from (for messages).
struct NamedImage {
  std::string name;
  std::string origin;  // file path or "generated"
  Image image;
};

}  // namespace kiln::core
