// EXR images through Debian's OpenEXR: a capture's linear scene as half-float RGBA (written to
// memory, so the output plan replaces the file and its sidecar together), and reading one back
// for `kiln compare`. Rows top to bottom, RGBA interleaved, like core::Image but in floats.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace kiln::loader {

struct FloatImage {
  std::uint32_t width = 0, height = 0;
  std::vector<float> rgba;  // width · height · 4
};

// The bytes of a scanline EXR (ZIP compression, channels R G B A as HALF); false with `error`
// when OpenEXR refuses. The same image gives the same bytes.
bool encodeExr(const FloatImage& image, std::vector<std::uint8_t>& out, std::string& error);
// An EXR's R, G, B and A (a missing channel reads 0, alpha 1) as floats; nullopt with `error`
// naming what is wrong (not an EXR, truncated, too large).
std::optional<FloatImage> decodeExr(std::span<const std::uint8_t> bytes, std::string& error);
// Whether the bytes start with the EXR magic number.
bool looksLikeExr(std::span<const std::uint8_t> bytes);
// Whether a file name ends in ".exr" (any case): what kiln writes as an EXR.
bool hasExrExtension(const std::string& path);

}  // namespace kiln::loader
