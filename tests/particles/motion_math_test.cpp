// motion_math.hpp: the model's arithmetic written once as templates. The double forms are
// checked against the seed's formulas in motion_test.cpp and the four-lane form against the
// double one in wide_evaluate_test.cpp; these checks pin what the templates promise on their own:
// the series constants, std::clamp's and std::min's operand order, exact flipbook integers far
// past 2^32, and a float instantiation that computes in float.
#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "particles/motion_math.hpp"

namespace d = kiln::particles::detail;
using kiln::particles::Flipbook;

namespace {
bool sameBits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }
}  // namespace

TEST_CASE("the drag series constants are the seed's fractions, lowest power first", "[particles][motion]") {
  const double f[6] = {1.0, -1.0 / 2, 1.0 / 6, -1.0 / 24, 1.0 / 120, -1.0 / 720};
  const double g[6] = {1.0 / 2, -1.0 / 6, 1.0 / 24, -1.0 / 120, 1.0 / 720, -1.0 / 5040};
  for (int i = 0; i < 6; ++i) {
    CHECK(sameBits(d::kDragSeriesF[i].value(), f[i]));
    CHECK(sameBits(d::kDragSeriesG[i].value(), g[i]));
  }
  // A wrong coefficient would show: the series at q = 0.3 against the closed forms.
  const double q = 0.3;
  CHECK(d::horner(d::kDragSeriesF, q) == Approx(-std::expm1(-q) / q).epsilon(1e-6));
  CHECK(d::horner(d::kDragSeriesG, q) == Approx((q + std::expm1(-q)) / (q * q)).epsilon(1e-6));
}

TEST_CASE("clampUnit is std::clamp(v, 0, 1) bit for bit, NaN and signed zeros included", "[particles][motion]") {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  for (const double v : {-inf, -2.0, -0.0, 0.0, 0.25, 1.0, 1.5, inf, nan}) {
    INFO("v = " << v);
    const double want = std::clamp(v, 0.0, 1.0);
    const double got = d::clampUnit(v);
    CHECK((std::isnan(want) ? std::isnan(got) : sameBits(got, want)));
  }
  // minOf(cap, v) is std::min(v, cap): the first operand wins a tie of signed zeros.
  CHECK(sameBits(d::minOf(0.0, -0.0), std::min(-0.0, 0.0)));
  CHECK(sameBits(d::maxOf(0.0, -0.0), -0.0));  // maxOf keeps its second operand on a tie
  CHECK(sameBits(d::maxOf(-0.0, 0.0), 0.0));
}

TEST_CASE("flipbook frames stay exact integers up to the 2^53 cap", "[particles][motion]") {
  // Remainders computed with integers, independently of the double formulas.
  const std::uint64_t cap = std::uint64_t{1} << 53;
  CHECK(d::flipbookFrame(7, Flipbook::Cycle, 1.0, 0x1p60) == cap % 7);
  CHECK(d::flipbookFrame(16, Flipbook::Cycle, 1.0, 0x1p60) == cap % 16);
  CHECK(d::flipbookFrame(13, Flipbook::Cycle, 2.0, 4294967296.75) == 8589934593ull % 13);
  CHECK(d::flipbookFrame(13, Flipbook::Once, 2.0, 4294967296.75) == 12);
  CHECK(d::flipbookFrame(3, Flipbook::Cycle, 10.0, 0.0999) == 0);
  CHECK(d::flipbookFrame(3, Flipbook::Cycle, 10.0, 0.1) == 1);
  CHECK(d::flipbookFrame(3, Flipbook::Cycle, 10.0, -1.0) == 0);  // before birth: frame 0
}

TEST_CASE("the float instantiation computes the drag series in float, as the shaders do", "[particles][motion]") {
  const float q = 0.375f, age = 0.75f;
  const kiln::particles::DragFactorsOf<float> k = d::dragSeries(q, age);
  // The shader's expression, typed out in float.
  const float f =
      age * (1.0f + q * (-1.0f / 2.0f + q * (1.0f / 6.0f + q * (-1.0f / 24.0f + q * (1.0f / 120.0f + q * (-1.0f / 720.0f))))));
  CHECK(std::bit_cast<std::uint32_t>(k.f) == std::bit_cast<std::uint32_t>(f));
  // Not the double result rounded at the end: float rounds at every step.
  const kiln::particles::DragFactorsOf<double> kd = d::dragSeries(double{q}, double{age});
  CHECK(k.g == Approx(kd.g).epsilon(1e-6));
  CHECK(d::clampUnit(1.5f) == 1.0f);
}
