// Image difference metrics (no GL).
#include "render/cpu/image_compare.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace kiln::render {
namespace {

// `box` grown to hold pixel (x, y).
void include(core::PixelRect& box, std::uint32_t x, std::uint32_t y) {
  if (box.empty()) {
    box = {x, y, 1, 1};
    return;
  }
  const std::uint32_t x0 = std::min(box.x, x), y0 = std::min(box.y, y);
  const std::uint32_t x1 = std::max(box.x + box.width, x + 1), y1 = std::max(box.y + box.height, y + 1);
  box = {x0, y0, x1 - x0, y1 - y0};
}

}  // namespace

core::PixelRect framedChange(const core::PixelRect& changed, std::uint32_t width, std::uint32_t height) {
  if (changed.empty() || width == 0 || height == 0) return {};
  const std::int64_t margin = std::max<std::int64_t>(8, std::max(changed.width, changed.height) / 4);
  // One axis: [lo, hi) grown by the margin and to at least 32, then slid (not cut) inside [0, size).
  auto axis = [margin](std::int64_t lo, std::int64_t hi, std::int64_t size, std::uint32_t& at, std::uint32_t& extent) {
    lo -= margin, hi += margin;
    if (hi - lo < 32) {
      const std::int64_t grow = 32 - (hi - lo);
      lo -= grow / 2, hi += grow - grow / 2;
    }
    if (lo < 0) hi -= lo, lo = 0;
    if (hi > size) lo -= hi - size, hi = size;
    lo = std::max<std::int64_t>(lo, 0);
    at = static_cast<std::uint32_t>(lo), extent = static_cast<std::uint32_t>(hi - lo);
  };
  core::PixelRect r;
  axis(changed.x, std::int64_t{changed.x} + changed.width, width, r.x, r.width);
  axis(changed.y, std::int64_t{changed.y} + changed.height, height, r.y, r.height);
  return r;
}

ImageComparison compareImages(const core::Image& a, const core::Image& b, std::uint8_t threshold) {
  ImageComparison r;
  const std::size_t pixels = std::size_t{a.width} * a.height;
  if (a.width != b.width || a.height != b.height || a.rgba.size() != pixels * 4 || b.rgba.size() != pixels * 4)
    return r;
  r.sameSize = true;
  r.difference.width = a.width;
  r.difference.height = a.height;
  r.difference.rgba.assign(pixels * 4, 0);
  std::uint64_t sum = 0, squares = 0;
  for (std::size_t p = 0; p < pixels; ++p) {
    bool changed = false;
    for (std::size_t c = 0; c < 4; ++c) {
      const int d = std::abs(int{a.rgba[p * 4 + c]} - int{b.rgba[p * 4 + c]});
      sum += static_cast<std::uint64_t>(d);
      squares += static_cast<std::uint64_t>(d * d);
      r.maxAbsDiff = std::max(r.maxAbsDiff, static_cast<std::uint32_t>(d));
      changed |= d > threshold;
      // Small differences are the interesting ones; ×4 makes a 1/255 change visible.
      if (c < 3) r.difference.rgba[p * 4 + c] = static_cast<std::uint8_t>(std::min(255, d * 4));
    }
    r.difference.rgba[p * 4 + 3] = 255;
    r.changedPixels += changed ? 1 : 0;
    if (changed) include(r.changedRect, static_cast<std::uint32_t>(p % a.width), static_cast<std::uint32_t>(p / a.width));
  }
  const double samples = static_cast<double>(pixels * 4);
  r.meanAbsDiff = samples > 0 ? static_cast<double>(sum) / samples : 0.0;
  const double mse = samples > 0 ? static_cast<double>(squares) / samples : 0.0;
  r.psnr = mse == 0.0 ? std::numeric_limits<double>::infinity() : 10.0 * std::log10(255.0 * 255.0 / mse);
  r.changedPercent = pixels > 0 ? 100.0 * static_cast<double>(r.changedPixels) / static_cast<double>(pixels) : 0.0;
  return r;
}

LinearComparison compareLinear(std::uint32_t aWidth, std::uint32_t aHeight, const std::vector<float>& a,
                               std::uint32_t bWidth, std::uint32_t bHeight, const std::vector<float>& b) {
  LinearComparison c;
  const std::size_t pixels = std::size_t{aWidth} * aHeight;
  if (aWidth != bWidth || aHeight != bHeight || a.size() != pixels * 4 || b.size() != pixels * 4) return c;
  c.sameSize = true;
  double sum = 0, sumSq = 0;
  std::uint64_t counted = 0;
  for (std::size_t p = 0; p < pixels; ++p) {
    bool changed = false;
    for (std::size_t ch = 0; ch < 3; ++ch) {
      const double x = a[p * 4 + ch], y = b[p * 4 + ch];
      if (!std::isfinite(x) || !std::isfinite(y)) {
        ++c.nonFinite;
        changed = true;
        continue;
      }
      const double d = std::fabs(x - y);
      c.maxAbsDiff = std::max(c.maxAbsDiff, d);
      c.peak = std::max(c.peak, x);
      sum += d;
      sumSq += d * d;
      ++counted;
      changed |= d > 0;
    }
    c.changedPixels += changed;
    if (changed) include(c.changedRect, static_cast<std::uint32_t>(p % aWidth), static_cast<std::uint32_t>(p / aWidth));
  }
  c.meanAbsDiff = counted ? sum / static_cast<double>(counted) : 0;
  c.rmse = counted ? std::sqrt(sumSq / static_cast<double>(counted)) : 0;
  c.psnr = c.rmse == 0 ? std::numeric_limits<double>::infinity() : 20 * std::log10(std::max(c.peak, 1e-30) / c.rmse);
  c.changedPercent = pixels ? 100.0 * static_cast<double>(c.changedPixels) / static_cast<double>(pixels) : 0;
  return c;
}

}  // namespace kiln::render
