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
  // Identical: nothing changed, PSNR infinite.
  const auto same = render::compareLinear(2, 1, a, 2, 1, a);
  CHECK(same.changedPixels == 0);
  CHECK(std::isinf(same.psnr));
  // A different size compares nothing; a NaN is counted, not averaged.
  CHECK_FALSE(render::compareLinear(2, 1, a, 1, 2, a).sameSize);
  std::vector<float> nan = a;
  nan[1] = std::nanf("");
  const auto n = render::compareLinear(2, 1, a, 2, 1, nan);
  CHECK(n.nonFinite == 1);
  CHECK(n.changedPixels == 1);
  CHECK(n.maxAbsDiff == 0);
}
