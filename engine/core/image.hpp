// An RGBA8 image in memory (textures on their way to the GPU, captures on their way to disk).
#pragma once

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

// A named texture as the level's frames refer to it, with where it came from (for messages).
struct NamedImage {
  std::string name;
  std::string origin;  // file path or "generated"
  Image image;
};

}  // namespace kiln::core
