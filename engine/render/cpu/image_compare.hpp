// Image difference metrics for `kiln compare` and the capture tests; pure CPU, no GL.
#pragma once

#include <cstdint>
#include <vector>

#include "core/image.hpp"

namespace kiln::render {

struct ImageComparison {
  bool sameSize = false;           // when false every other field stays at its default
  std::uint32_t maxAbsDiff = 0;    // largest |a−b| over every channel, 0..255
  double meanAbsDiff = 0;          // mean |a−b| over every channel of every pixel
  double psnr = 0;                 // dB over RGBA; +infinity when identical
  std::uint64_t changedPixels = 0; // pixels with any channel differing by more than the threshold
  double changedPercent = 0;       // 100 · changedPixels / pixel count
  core::PixelRect changedRect;     // the smallest rectangle holding every changed pixel (empty: none)
  core::Image difference;          // per pixel: |a−b| of RGB scaled ×4 (clamped), alpha 255
};

// `threshold`: a channel difference ≤ threshold does not count as a change.
ImageComparison compareImages(const core::Image& a, const core::Image& b, std::uint8_t threshold = 0);

// Where to look at a change: `changed` (ImageComparison::changedRect) with a margin of a quarter of
// its longer side (at least 8 pixels), grown to at least 32 × 32, kept inside a width × height
// image. Empty when nothing changed.
core::PixelRect framedChange(const core::PixelRect& changed, std::uint32_t width, std::uint32_t height);

// Two linear (HDR) images of one size, RGBA floats row by row: the metrics of `kiln compare` on
// EXR captures, in the images' own units (1 = the brightness an LDR target saturates at).
struct LinearComparison {
  bool sameSize = false;
  double maxAbsDiff = 0;   // largest |a−b| over R, G and B
  double meanAbsDiff = 0;  // mean |a−b| over R, G and B of every pixel
  double rmse = 0;         // root mean square of a−b over R, G and B
  double peak = 0;         // largest R, G or B of `a` (the reference): PSNR's peak
  double psnr = 0;         // 20·log10(peak / rmse) dB; +infinity when identical
  std::uint64_t changedPixels = 0;  // pixels whose R, G or B differ at all
  double changedPercent = 0;
  core::PixelRect changedRect;      // the smallest rectangle holding them (empty: none)
  std::uint64_t nonFinite = 0;      // channels that are NaN or infinite in either image (not counted above)
};
LinearComparison compareLinear(std::uint32_t aWidth, std::uint32_t aHeight, const std::vector<float>& a,
                               std::uint32_t bWidth, std::uint32_t bHeight, const std::vector<float>& b);

}  // namespace kiln::render
