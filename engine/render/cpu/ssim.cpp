// SSIM: local means, variances and covariance through one separable Gaussian blur each.
#include "render/cpu/ssim.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace kiln::render {
namespace {

constexpr int kRadius = 5;  // 11 taps
constexpr double kSigma = 1.5;

std::array<double, 2 * kRadius + 1> gaussian() {
  std::array<double, 2 * kRadius + 1> w{};
  double sum = 0;
  for (int i = -kRadius; i <= kRadius; ++i) sum += w[static_cast<std::size_t>(i + kRadius)] = std::exp(-(i * i) / (2 * kSigma * kSigma));
  for (double& x : w) x /= sum;
  return w;
}

// `in` blurred by the window, rows then columns, edges clamped.
std::vector<double> blur(const std::vector<double>& in, int width, int height) {
  static const auto w = gaussian();
  std::vector<double> rows(in.size()), out(in.size());
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      double s = 0;
      for (int k = -kRadius; k <= kRadius; ++k)
        s += w[static_cast<std::size_t>(k + kRadius)] * in[static_cast<std::size_t>(y) * width + std::clamp(x + k, 0, width - 1)];
      rows[static_cast<std::size_t>(y) * width + x] = s;
    }
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      double s = 0;
      for (int k = -kRadius; k <= kRadius; ++k)
        s += w[static_cast<std::size_t>(k + kRadius)] * rows[static_cast<std::size_t>(std::clamp(y + k, 0, height - 1)) * width + x];
      out[static_cast<std::size_t>(y) * width + x] = s;
    }
  return out;
}

std::vector<double> luma(const core::Image& im) {
  std::vector<double> y(static_cast<std::size_t>(im.width) * im.height);
  for (std::size_t i = 0; i < y.size(); ++i)
    y[i] = 0.299 * im.rgba[i * 4] + 0.587 * im.rgba[i * 4 + 1] + 0.114 * im.rgba[i * 4 + 2];
  return y;
}

}  // namespace

std::optional<double> ssim(const core::Image& a, const core::Image& b) {
  if (a.width != b.width || a.height != b.height || a.empty()) return std::nullopt;
  const int w = static_cast<int>(a.width), h = static_cast<int>(a.height);
  const std::vector<double> x = luma(a), y = luma(b);
  std::vector<double> xx(x.size()), yy(x.size()), xy(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) xx[i] = x[i] * x[i], yy[i] = y[i] * y[i], xy[i] = x[i] * y[i];
  const std::vector<double> mx = blur(x, w, h), my = blur(y, w, h), sxx = blur(xx, w, h), syy = blur(yy, w, h),
                            sxy = blur(xy, w, h);
  constexpr double c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255);
  double sum = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double vx = sxx[i] - mx[i] * mx[i], vy = syy[i] - my[i] * my[i], cxy = sxy[i] - mx[i] * my[i];
    sum += ((2 * mx[i] * my[i] + c1) * (2 * cxy + c2)) / ((mx[i] * mx[i] + my[i] * my[i] + c1) * (vx + vy + c2));
  }
  return sum / static_cast<double>(x.size());
}

}  // namespace kiln::render
