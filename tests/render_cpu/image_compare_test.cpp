// Image difference metrics behind `kiln compare` and the capture tests (pure CPU).
#include <catch2/catch.hpp>

#include <cmath>

#include "render/cpu/image_compare.hpp"
#include "render_cpu/scene_fixture.hpp"

using namespace kiln;

TEST_CASE("identical images: no change, infinite PSNR", "[compare]") {
  const core::Image a = test::solidImage(4, 10, 20, 30, 255);
  const auto r = render::compareImages(a, a);
  CHECK(r.sameSize);
  CHECK(r.maxAbsDiff == 0);
  CHECK(r.meanAbsDiff == 0);
  CHECK(r.changedPixels == 0);
  CHECK(std::isinf(r.psnr));
}

TEST_CASE("one channel of one pixel off by 10, on both sides of the threshold", "[compare]") {
  const core::Image a = test::solidImage(4, 10, 20, 30, 255);
  core::Image b = a;
  b.rgba[5 * 4 + 1] = 30;  // pixel 5, green 20 → 30
  const auto r = render::compareImages(a, b, 9);
  CHECK(r.maxAbsDiff == 10);
  CHECK(r.meanAbsDiff == Approx(10.0 / 64.0));
  CHECK(r.changedPixels == 1);
  CHECK(r.changedPercent == Approx(100.0 / 16.0));
  CHECK(r.psnr == Approx(10.0 * std::log10(255.0 * 255.0 / (100.0 / 64.0))));
  CHECK(r.difference.rgba[5 * 4 + 1] == 40);  // ×4 so small differences show
  CHECK(r.difference.rgba[4 * 4 + 1] == 0);
  CHECK(render::compareImages(a, b, 10).changedPixels == 0);
}

TEST_CASE("the changed rectangle holds exactly the changed pixels, under the same threshold", "[compare]") {
  const core::Image a = test::solidImage(4, 10, 20, 30, 255);  // 4 x 4
  CHECK(render::compareImages(a, a).changedRect.empty());
  core::Image b = a;
  b.rgba[(1 * 4 + 2) * 4 + 0] = 40;  // (x 2, y 1): red +30
  CHECK(render::compareImages(a, b).changedRect == core::PixelRect{2, 1, 1, 1});
  b.rgba[(3 * 4 + 0) * 4 + 3] = 250;  // (x 0, y 3): alpha -5
  CHECK(render::compareImages(a, b).changedRect == core::PixelRect{0, 1, 3, 3});
  // Over a threshold of 5 the alpha change is no change: the rectangle shrinks back.
  CHECK(render::compareImages(a, b, 5).changedRect == core::PixelRect{2, 1, 1, 1});
  CHECK(render::compareImages(a, b, 30).changedRect.empty());
}

TEST_CASE("cropImage copies the rectangle's rows and clips it to the image", "[compare]") {
  core::Image im{3, 2, {}};
  for (std::uint8_t i = 0; i < 24; ++i) im.rgba.push_back(i);  // pixel (x, y) starts at byte (y*3+x)*4
  const core::Image c = core::cropImage(im, {1, 0, 2, 2});
  CHECK(c.width == 2);
  CHECK(c.height == 2);
  CHECK(c.rgba == std::vector<std::uint8_t>{4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20, 21, 22, 23});
  const core::Image clipped = core::cropImage(im, {2, 1, 5, 5});
  CHECK(clipped.width == 1);
  CHECK(clipped.height == 1);
  CHECK(clipped.rgba == std::vector<std::uint8_t>{20, 21, 22, 23});
  CHECK(core::cropImage(im, {3, 0, 1, 1}).empty());
}

TEST_CASE("different sizes are reported, not compared", "[compare]") {
  const auto r = render::compareImages(test::solidImage(4, 0, 0, 0, 0), test::solidImage(5, 0, 0, 0, 0));
  CHECK_FALSE(r.sameSize);
  CHECK(r.difference.empty());
}

TEST_CASE("linear comparison measures HDR values in their own units", "[compare][exr]") {
  // Two pixels: the first a spark at 5, the second dark. B brightens the spark by 0.5 and the
  // dark pixel's green by 0.25.
  const std::vector<float> a{5, 1, 0.5f, 1, 0.1f, 0.1f, 0.1f, 1};
  const std::vector<float> b{5.5f, 1, 0.5f, 1, 0.1f, 0.35f, 0.1f, 0.5f};  // alpha is not compared
  const auto c = render::compareLinear(2, 1, a, 2, 1, b);
  REQUIRE(c.sameSize);
  CHECK(c.maxAbsDiff == Approx(0.5));
  CHECK(c.meanAbsDiff == Approx(0.75 / 6));
  CHECK(c.rmse == Approx(std::sqrt((0.25 + 0.0625) / 6)));
  CHECK(c.peak == Approx(5));
  CHECK(c.psnr == Approx(20 * std::log10(5 / std::sqrt(0.3125 / 6))));
  CHECK(c.changedPixels == 2);
  CHECK(c.changedPercent == Approx(100));
  CHECK(c.changedRect == core::PixelRect{0, 0, 2, 1});
  // Identical: nothing changed, PSNR infinite.
  const auto same = render::compareLinear(2, 1, a, 2, 1, a);
  CHECK(same.changedPixels == 0);
  CHECK(same.changedRect.empty());
  CHECK(std::isinf(same.psnr));
  // A different size compares nothing; a NaN is counted, not averaged.
  CHECK_FALSE(render::compareLinear(2, 1, a, 1, 2, a).sameSize);
  std::vector<float> nan = a;
  nan[1] = std::nanf("");
  const auto n = render::compareLinear(2, 1, a, 2, 1, nan);
  CHECK(n.nonFinite == 1);
  CHECK(n.changedPixels == 1);
  CHECK(n.changedRect == core::PixelRect{0, 0, 1, 1});  // the NaN's pixel is the one changed
  CHECK(n.maxAbsDiff == 0);
}

TEST_CASE("framedChange puts room round a change and stays inside the image", "[compare]") {
  // One pixel in the middle of 640 x 360: 8 each side makes 17, grown to 32 (7 before, 8 after).
  CHECK(render::framedChange({300, 200, 1, 1}, 640, 360) == core::PixelRect{285, 185, 32, 32});
  // 40 x 8 at the top-left corner: margin 10 (a quarter of 40), then slid inside the image.
  CHECK(render::framedChange({0, 0, 40, 8}, 640, 360) == core::PixelRect{0, 0, 60, 32});
  // Against the bottom-right corner.
  CHECK(render::framedChange({630, 355, 10, 5}, 640, 360) == core::PixelRect{608, 328, 32, 32});
  // A change over the whole image stays the whole image; an image smaller than 32 is all of it.
  CHECK(render::framedChange({0, 0, 640, 360}, 640, 360) == core::PixelRect{0, 0, 640, 360});
  CHECK(render::framedChange({2, 2, 1, 1}, 10, 6) == core::PixelRect{0, 0, 10, 6});
  CHECK(render::framedChange({}, 640, 360).empty());
}
