// The A/B comparison over the Viewport, without ImGui: where the images sit in the Viewport at a
// zoom and pan, the image pixel under a screen point, zooming about the cursor (the pixel under
// it stays under it), the image region in view, and the difference image at a gain. GL-free and
// unit-tested in tests/viewer.
#pragma once

#include <cstdint>

#include "core/image.hpp"

namespace kiln::viewer::ab_view {

// Zoom 1 fits the whole image into the area (aspect kept, centred); `centerU/V` is the image
// point (0..1) at the area's centre.
struct View {
  double zoom = 1;
  double centerU = 0.5, centerV = 0.5;
};
inline constexpr double kMinZoom = 1, kMaxZoom = 64;

struct Rect {
  double x = 0, y = 0, w = 0, h = 0;
};
// Where the image (imageW × imageH pixels) is drawn, in screen pixels, inside `area`.
Rect imageRect(const View& v, const Rect& area, std::uint32_t imageW, std::uint32_t imageH);
// The image point (u, v in 0..1; outside the image when out of range) under screen point (x, y).
struct Point {
  double u = 0, v = 0;
};
Point imagePoint(const View& v, const Rect& area, std::uint32_t imageW, std::uint32_t imageH, double x, double y);
// Multiplies the zoom by `factor` (clamped to kMinZoom..kMaxZoom) keeping the image point under
// (x, y) where it is on screen; at zoom 1 the image is centred again.
void zoomAt(View& v, const Rect& area, std::uint32_t imageW, std::uint32_t imageH, double x, double y, double factor);
// Moves the view by a screen drag of (dx, dy) pixels (the image follows the mouse).
void pan(View& v, const Rect& area, std::uint32_t imageW, std::uint32_t imageH, double dx, double dy);
// The view that shows the pixels of `r` as large as the area allows (zoom kMinZoom..kMaxZoom),
// centred on them; the whole image (zoom 1) when `r` is empty.
View framing(const core::PixelRect& r, const Rect& area, std::uint32_t imageW, std::uint32_t imageH);
// "Zoom to the change": the framing of `changed` (the pair's changed rectangle) with the margin
// `kiln report` enlarges it with (render::framedChange).
View changeFraming(const core::PixelRect& changed, const Rect& area, std::uint32_t imageW, std::uint32_t imageH);
// The image pixels in view: [x0, x1) × [y0, y1), clipped to the image.
struct Region {
  std::uint32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
};
Region visibleRegion(const View& v, const Rect& area, std::uint32_t imageW, std::uint32_t imageH);
// The pixels of `image` inside `r`, as an image of their own (core::cropImage); empty when `r`
// reaches past the image.
core::Image crop(const core::Image& image, const Region& r);
// |A − B| per RGB channel times `gain` (clamped to 255), alpha 255; images of one size.
core::Image difference(const core::Image& a, const core::Image& b, double gain);

}  // namespace kiln::viewer::ab_view
