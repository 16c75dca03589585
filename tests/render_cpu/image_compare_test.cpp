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
