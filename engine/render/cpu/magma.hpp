// The magma colour map, for drawing a 0..1 error map (the ꟻLIP map) as an image; pure CPU, no GL.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "core/image.hpp"

namespace kiln::render {

struct MagmaColor {
  float r, g, b;  // display (sRGB-encoded) values in 0..1
};

// The 256 entries, index 0 for an error of 0 (near black), 255 for 1 (pale yellow).
const std::array<MagmaColor, 256>& magmaTable();

// The nearest of the 256 entries to t·255; t is clamped to 0..1 and NaN reads as 0.
MagmaColor magma(float t);

// One opaque RGBA8 pixel per value, rows top to bottom; values.size() must be width·height.
core::Image magmaImage(std::uint32_t width, std::uint32_t height, std::span<const float> values);

}  // namespace kiln::render
