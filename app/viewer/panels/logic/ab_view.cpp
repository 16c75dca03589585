// The A/B view's arithmetic (GL-free).
#include "panels/logic/ab_view.hpp"

#include "render/cpu/image_compare.hpp"

#include <algorithm>
#include <cmath>

namespace kiln::viewer::ab_view {
namespace {

// The image's size on screen at zoom 1: the largest that fits the area with its aspect kept.
void fitted(const Rect& area, std::uint32_t imageW, std::uint32_t imageH, double& w, double& h) {
  const double iw = std::max(1u, imageW), ih = std::max(1u, imageH);
  const double s = std::min(area.w / iw, area.h / ih);
  w = iw * s, h = ih * s;
}

}  // namespace

Rect imageRect(const View& v, const Rect& area, std::uint32_t imageW, std::uint32_t imageH) {
  double w = 0, h = 0;
  fitted(area, imageW, imageH, w, h);
  w *= v.zoom, h *= v.zoom;
  const double cx = area.x + area.w / 2, cy = area.y + area.h / 2;
  return {cx - v.centerU * w, cy - v.centerV * h, w, h};
}

Point imagePoint(const View& v, const Rect& area, std::uint32_t imageW, std::uint32_t imageH, double x, double y) {
  const Rect r = imageRect(v, area, imageW, imageH);
  if (!(r.w > 0) || !(r.h > 0)) return {-1, -1};
  return {(x - r.x) / r.w, (y - r.y) / r.h};
}

void zoomAt(View& v, const Rect& area, std::uint32_t imageW, std::uint32_t imageH, double x, double y, double factor) {
  const Point before = imagePoint(v, area, imageW, imageH, x, y);
  v.zoom = std::clamp(v.zoom * factor, kMinZoom, kMaxZoom);
  if (v.zoom <= kMinZoom) {
    v.centerU = v.centerV = 0.5;
    return;
  }
  // Keep `before` under (x, y): solve imageRect's x = cx - centerU·w + before.u·w for centerU.
  double w = 0, h = 0;
  fitted(area, imageW, imageH, w, h);
  w *= v.zoom, h *= v.zoom;
  const double cx = area.x + area.w / 2, cy = area.y + area.h / 2;
  v.centerU = before.u - (x - cx) / w;
  v.centerV = before.v - (y - cy) / h;
}

void pan(View& v, const Rect& area, std::uint32_t imageW, std::uint32_t imageH, double dx, double dy) {
  double w = 0, h = 0;
  fitted(area, imageW, imageH, w, h);
  w *= v.zoom, h *= v.zoom;
  if (!(w > 0) || !(h > 0)) return;
  v.centerU = std::clamp(v.centerU - dx / w, 0.0, 1.0);
  v.centerV = std::clamp(v.centerV - dy / h, 0.0, 1.0);
}

View framing(const core::PixelRect& r, const Rect& area, std::uint32_t imageW, std::uint32_t imageH) {
  double w = 0, h = 0;
  fitted(area, imageW, imageH, w, h);
  if (r.empty() || !(w > 0) || !(h > 0)) return {};
  // At zoom z the region is r.width · z · w / imageW screen pixels wide: the largest z it fits at.
  const double zoom = std::min(area.w * imageW / (r.width * w), area.h * imageH / (r.height * h));
  View v;
  v.zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
  if (v.zoom > kMinZoom) {
    v.centerU = (r.x + r.width / 2.0) / imageW;
    v.centerV = (r.y + r.height / 2.0) / imageH;
  }
  return v;
}

View changeFraming(const core::PixelRect& changed, const Rect& area, std::uint32_t imageW, std::uint32_t imageH) {
  return framing(render::framedChange(changed, imageW, imageH), area, imageW, imageH);
}

Region visibleRegion(const View& v, const Rect& area, std::uint32_t imageW, std::uint32_t imageH) {
  const Point lo = imagePoint(v, area, imageW, imageH, area.x, area.y);
  const Point hi = imagePoint(v, area, imageW, imageH, area.x + area.w, area.y + area.h);
  auto clampTo = [](double t, std::uint32_t n) {
    return static_cast<std::uint32_t>(std::clamp(t * n, 0.0, static_cast<double>(n)));
  };
  Region r;
  r.x0 = clampTo(lo.u, imageW), r.x1 = static_cast<std::uint32_t>(std::min<double>(imageW, std::ceil(std::clamp(hi.u, 0.0, 1.0) * imageW)));
  r.y0 = clampTo(lo.v, imageH), r.y1 = static_cast<std::uint32_t>(std::min<double>(imageH, std::ceil(std::clamp(hi.v, 0.0, 1.0) * imageH)));
  return r;
}

core::Image crop(const core::Image& image, const Region& r) {
  if (r.empty() || r.x1 > image.width || r.y1 > image.height) return {};
  return core::cropImage(image, {r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0});
}

core::Image difference(const core::Image& a, const core::Image& b, double gain) {
  core::Image out;
  if (a.width != b.width || a.height != b.height || a.rgba.size() != b.rgba.size()) return out;
  out.width = a.width, out.height = a.height;
  out.rgba.resize(a.rgba.size());
  for (std::size_t i = 0; i < a.rgba.size(); i += 4) {
    for (std::size_t c = 0; c < 3; ++c) {
      const double d = std::abs(static_cast<int>(a.rgba[i + c]) - static_cast<int>(b.rgba[i + c])) * gain;
      out.rgba[i + c] = static_cast<std::uint8_t>(std::clamp(std::lround(d), 0L, 255L));
    }
    out.rgba[i + 3] = 255;
  }
  return out;
}

}  // namespace kiln::viewer::ab_view
