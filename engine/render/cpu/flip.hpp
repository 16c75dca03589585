// LDR-ꟻLIP, the perceptual difference of two images seen by flipping between them (Andersson,
// Nilsson, Akenine-Möller, Oskarsson, Åström, Fairchild, "FLIP: A Difference Evaluator for
// Alternating Images", HPG 2020), for `kiln compare --metric flip`; pure CPU, no GL.
//
// Supports: RGBA8 images of one size, read as sRGB; alpha is ignored (every pixel is taken as
// opaque, the way the images are shown side by side). HDR-ꟻLIP (Andersson, Nilsson, Shirley,
// Akenine-Möller, "Visualizing Errors in Rendered High Dynamic Range Images", Eurographics 2021)
// of two linear RGBA float images (EXR captures): LDR-ꟻLIP of the pair tone mapped at a range
// of exposures, each pixel's largest error kept. Does not support: images of different sizes
// (sameSize stays false).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/image.hpp"

namespace kiln::render {

// The paper's default observer: 0.7 m from a 0.7 m wide monitor of 3840 pixels (≈ 67 ppd).
inline constexpr double kFlipDefaultViewingDistance = 0.7;  // metres
inline constexpr double kFlipDefaultMonitorWidth = 0.7;     // metres
inline constexpr double kFlipDefaultMonitorPixels = 3840;   // pixels across

// Pixels per degree of visual angle, as the paper computes it: d · (pixels / width) · π/180.
double pixelsPerDegree(double viewingDistance, double monitorWidth, double monitorPixels);

// The error map's summary. median, q1 and q3 are weighted by the error itself, as the FLIP
// tool's statistics are: the weighted p-quantile is the smallest error e such that the errors
// ≤ e add up to at least p of the sum of all errors. So a few large errors among many zeros pull
// them up where a plain median would say 0. Computed exactly here (the FLIP tool approximates the
// same quantity from a 100-bucket histogram, so its figures can differ by about 0.01). All are 0
// when every error is 0; q1 ≤ median ≤ q3 ≤ max always.
struct FlipStatistics {
  double mean = 0;
  double median = 0;  // weighted median
  double q1 = 0;      // first weighted quartile
  double q3 = 0;      // third weighted quartile
  double max = 0;
};

struct FlipResult {
  bool sameSize = false;  // when false every other field stays at its default
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  double ppd = 0;            // the pixels per degree the map was computed for
  std::vector<float> error;  // per pixel 0..1 (0: no visible difference), rows top to bottom
  FlipStatistics stats;
};

// ꟻLIP of `test` against `reference`. The paper names the two because HDR-ꟻLIP takes its
// exposure range from the reference; LDR-ꟻLIP's formula only uses distances (HyAB, |feature
// difference|), so swapping the images gives the same map up to float rounding.
// pixelsPerDegree must be finite and > 0 (asserted). Rows are shared out over every core.
FlipResult flip(const core::Image& reference, const core::Image& test, double pixelsPerDegree);

// HDR-ꟻLIP's exposures: from `start` (the reference's brightest pixel just reaches 0.85 after the
// tone map) to `stop` (its median luminance does), `count` = max(2, ⌈stop − start⌉) evenly spaced
// (both in stops). The median is held to at least 2^-kHdrFlipMaxExposures of the peak (and
// the peak to at least 1e-6), so a mostly black capture still gets a finite range of at most
// kHdrFlipMaxExposures exposures.
inline constexpr int kHdrFlipMaxExposures = 20;
struct FlipExposures {
  double start = 0, stop = 0;
  int count = 0;
};
FlipExposures hdrFlipExposures(double medianLuminance, double maxLuminance);

// HDR-ꟻLIP's tone map of one linear channel: Narkowicz's ACES fit without its 0.6 pre-exposure
// ((0.6²·2.51x² + 0.6·0.03x) / (0.6²·2.43x² + 0.6·0.59x + 0.14), clamped to [0, 1]).
float flipToneMap(float x);

struct HdrFlipResult {
  FlipResult flip;             // the map: per pixel the largest LDR-ꟻLIP over the exposures
  FlipExposures exposures;     // the range swept (count 0 when the sizes differ)
  std::vector<float> exposureOfMax;  // per pixel, the exposure (stops) its largest error came at
};

// HDR-ꟻLIP of two linear RGBA float images of `width` × `height` (alpha ignored; negative and
// non-finite channels read as 0). The exposure range comes from `reference` (hdrFlipExposures of
// its median and largest luminance), so here the order of the two matters.
HdrFlipResult hdrFlip(std::uint32_t width, std::uint32_t height, std::span<const float> reference,
                      std::span<const float> test, double pixelsPerDegree);

// The statistics of any error map (values in 0..1).
FlipStatistics flipStatistics(std::span<const float> error);

}  // namespace kiln::render
