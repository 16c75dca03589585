// Image difference metrics for `kiln compare` and the capture tests; pure CPU, no GL.
#pragma once

#include <cstdint>

#include "core/image.hpp"

namespace kiln::render {

struct ImageComparison {
  bool sameSize = false;           // when false every other field stays at its default
  std::uint32_t maxAbsDiff = 0;    // largest |a−b| over every channel, 0..255
  double meanAbsDiff = 0;          // mean |a−b| over every channel of every pixel
  double psnr = 0;                 // dB over RGBA; +infinity when identical
  std::uint64_t changedPixels = 0; // pixels with any channel differing by more than the threshold
  double changedPercent = 0;       // 100 · changedPixels / pixel count
  core::Image difference;          // per pixel: |a−b| of RGB scaled ×4 (clamped), alpha 255
};

// `threshold`: a channel difference ≤ threshold does not count as a change.
ImageComparison compareImages(const core::Image& a, const core::Image& b, std::uint8_t threshold = 0);

}  // namespace kiln::render
