// The Viewport A/B view's arithmetic: fitting, zoom about the cursor, pan, the region in view,
// crops and the difference at a gain (expected values worked out by hand).
#include <catch2/catch.hpp>

#include "panels/logic/ab_view.hpp"

using namespace kiln::viewer;

namespace {
// A 640×360 image in an 800×600 area at (100, 50): it fits the width (scale 1.25), 800×450,
// centred vertically at y = 50 + 75.
const ab_view::Rect kArea{100, 50, 800, 600};
constexpr std::uint32_t kW = 640, kH = 360;
}  // namespace

TEST_CASE("zoom 1 fits the image into the area with its aspect kept, centred") {
  const ab_view::Rect r = ab_view::imageRect({}, kArea, kW, kH);
  CHECK(r.x == 100);
  CHECK(r.y == 125);
  CHECK(r.w == 800);
  CHECK(r.h == 450);
  const ab_view::Point p = ab_view::imagePoint({}, kArea, kW, kH, 500, 350);
  CHECK(p.u == Approx(0.5));
  CHECK(p.v == Approx(0.5));
  // Above the image (inside the area): outside the image's 0..1.
  CHECK(ab_view::imagePoint({}, kArea, kW, kH, 500, 100).v < 0);
}

TEST_CASE("zooming about the cursor keeps the pixel under it, and zoom 1 centres again") {
  ab_view::View v;
  const ab_view::Point before = ab_view::imagePoint(v, kArea, kW, kH, 260, 200);
  ab_view::zoomAt(v, kArea, kW, kH, 260, 200, 4);
  CHECK(v.zoom == 4);
  const ab_view::Point after = ab_view::imagePoint(v, kArea, kW, kH, 260, 200);
  CHECK(after.u == Approx(before.u));
  CHECK(after.v == Approx(before.v));
  // Not the centre: zooming about the centre would have moved that pixel away from the cursor.
  CHECK(v.centerU != Approx(0.5));
  ab_view::zoomAt(v, kArea, kW, kH, 700, 500, 1000);
  CHECK(v.zoom == ab_view::kMaxZoom);
  ab_view::zoomAt(v, kArea, kW, kH, 700, 500, 1e-6);
  CHECK(v.zoom == 1);
  CHECK(v.centerU == 0.5);
  CHECK(v.centerV == 0.5);
}

TEST_CASE("a drag pans the image with the mouse, and never past its edges") {
  ab_view::View v{2, 0.5, 0.5};
  // At zoom 2 the image is 1600 px wide on screen: 160 px to the left is 0.1 of it.
  ab_view::pan(v, kArea, kW, kH, -160, 0);
  CHECK(v.centerU == Approx(0.6));
  ab_view::pan(v, kArea, kW, kH, 1e6, -1e6);
  CHECK(v.centerU == 0);
  CHECK(v.centerV == 1);
}

TEST_CASE("the region in view is the middle of the image at zoom 2, and the whole at zoom 1") {
  const ab_view::Region all = ab_view::visibleRegion({}, kArea, kW, kH);
  CHECK(all.x0 == 0);
  CHECK(all.x1 == kW);
  CHECK(all.y0 == 0);
  CHECK(all.y1 == kH);
  // Zoom 2: 1600×900 on screen; the 800×600 area shows u 0.25..0.75 and v 1/6..5/6.
  const ab_view::Region mid = ab_view::visibleRegion({2, 0.5, 0.5}, kArea, kW, kH);
  CHECK(mid.x0 == 160);
  CHECK(mid.x1 == 480);
  CHECK(mid.y0 == 60);
  CHECK(mid.y1 == 300);
}

TEST_CASE("crop and difference: the pixels asked for, |A-B| times the gain, clamped") {
  kiln::core::Image a, b;
  a.width = b.width = 2, a.height = b.height = 1;
  a.rgba = {10, 20, 30, 255, 0, 0, 0, 255};
  b.rgba = {12, 20, 20, 255, 200, 0, 0, 255};
  const kiln::core::Image d = ab_view::difference(a, b, 8);
  REQUIRE(d.rgba.size() == 8);
  CHECK(d.rgba[0] == 16);   // |10-12|·8
  CHECK(d.rgba[1] == 0);
  CHECK(d.rgba[2] == 80);   // |30-20|·8
  CHECK(d.rgba[4] == 255);  // 200·8 clamped
  CHECK(d.rgba[7] == 255);
  const kiln::core::Image c = ab_view::crop(b, {1, 0, 2, 1});
  REQUIRE(c.width == 1);
  CHECK(c.rgba[0] == 200);
  // Other sizes: no difference image.
  b.width = 1;
  CHECK(ab_view::difference(a, b, 1).rgba.empty());
}

TEST_CASE("framing a changed region fills the area with it, centred, within the zoom limits") {
  // 640x360 in 800x600 fits at 1.25 screen pixels per image pixel. A 64x36 region: 800/(64*1.25)
  // = 10 across, 600/(36*1.25) = 13.3 down, so zoom 10 about its centre (352, 218).
  const ab_view::View v = ab_view::framing({320, 200, 64, 36}, kArea, kW, kH);
  CHECK(v.zoom == Approx(10));
  CHECK(v.centerU == Approx(352.0 / 640));
  CHECK(v.centerV == Approx(218.0 / 360));
  // What it shows: the region across, to within the pixel that rounding may add (the height has
  // room to spare).
  const ab_view::Region shown = ab_view::visibleRegion(v, kArea, kW, kH);
  CHECK((shown.x0 == 320 || shown.x0 == 319));
  CHECK((shown.x1 == 384 || shown.x1 == 385));
  CHECK(shown.y0 <= 200);
  CHECK(shown.y1 >= 236);
  // One pixel would need zoom 480 (600 / 1.25): held at 64. The whole image, or nothing: zoom 1, centred.
  CHECK(ab_view::framing({10, 10, 1, 1}, kArea, kW, kH).zoom == Approx(ab_view::kMaxZoom));
  const ab_view::View whole = ab_view::framing({0, 0, kW, kH}, kArea, kW, kH);
  CHECK(whole.zoom == Approx(1));
  CHECK(whole.centerU == Approx(0.5));
  CHECK(ab_view::framing({}, kArea, kW, kH).zoom == Approx(1));
}
