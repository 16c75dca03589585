// LDR-ꟻLIP behind `kiln compare --metric flip`, and the magma map it is drawn with (pure CPU).
// Expected values come from published constants and a few lines of arithmetic here, never from
// the code under test.
#include "render/cpu/flip.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "render/cpu/magma.hpp"
#include "render_cpu/scene_fixture.hpp"

using namespace kiln;

namespace {

constexpr double kPpd = 67.0;

core::Image image(std::uint32_t w, std::uint32_t h, auto colourAt) {
  core::Image img;
  img.width = w;
  img.height = h;
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      const std::array<std::uint8_t, 4> c = colourAt(x, y);
      img.rgba.insert(img.rgba.end(), c.begin(), c.end());
    }
  return img;
}

// A busy picture: gradients in each channel plus a hash, so every filter has something to see.
core::Image busy(std::uint32_t w, std::uint32_t h) {
  return image(w, h, [](std::uint32_t x, std::uint32_t y) {
    const std::uint32_t hash = (x * 73856093u) ^ (y * 19349663u);
    return std::array<std::uint8_t, 4>{static_cast<std::uint8_t>(x * 7), static_cast<std::uint8_t>(y * 5),
                                       static_cast<std::uint8_t>(hash % 251), 255};
  });
}

float at(const render::FlipResult& r, std::uint32_t x, std::uint32_t y) {
  return r.error[std::size_t{y} * r.width + x];
}

}  // namespace

TEST_CASE("flip: identical images give 0 at every pixel and 0 statistics", "[flip]") {
  const core::Image a = busy(40, 24);
  const auto r = render::flip(a, a, kPpd);
  REQUIRE(r.sameSize);
  REQUIRE(r.error.size() == 40u * 24u);
  CHECK(std::all_of(r.error.begin(), r.error.end(), [](float e) { return e == 0.0f; }));
  CHECK(r.stats.mean == 0);
  CHECK(r.stats.median == 0);
  CHECK(r.stats.q1 == 0);
  CHECK(r.stats.q3 == 0);
  CHECK(r.stats.max == 0);
  CHECK(r.ppd == kPpd);
}

TEST_CASE("flip: black against white is the paper's compressed HyAB of L 0 against L 100", "[flip]") {
  // Uniform images: every filter sums to one, so filtering changes nothing and there are no
  // features. Black is Lab (0,0,0), white (100,0,0): HyAB = 100, Hunt changes neither.
  // cmax from the published CIELab (D65) of sRGB green and blue, Hunt-adjusted (a, b · L/100).
  const double gL = 87.735, ga = -86.183 * 0.87735, gb = 83.179 * 0.87735;
  const double bL = 32.297, ba = 79.188 * 0.32297, bb = -107.860 * 0.32297;
  const double cmax = std::pow(std::abs(gL - bL) + std::hypot(ga - ba, gb - bb), 0.7);
  const double e = std::pow(100.0, 0.7);
  REQUIRE(e > 0.4 * cmax);  // above the knee, so the upper branch applies
  const double expected = 0.95 + (e - 0.4 * cmax) / (cmax - 0.4 * cmax) * 0.05;
  CHECK(expected == Approx(0.967).margin(0.001));  // near 1, as the paper's figure 1 shows

  const auto black = test::solidImage(16, 0, 0, 0, 255), white = test::solidImage(16, 255, 255, 255, 255);
  const auto r = render::flip(black, white, kPpd);
  REQUIRE(r.sameSize);
  for (const float v : r.error) REQUIRE(v == Approx(expected).margin(2e-3));
  CHECK(r.stats.mean == Approx(expected).margin(2e-3));
  CHECK(r.stats.max == Approx(expected).margin(2e-3));
}

TEST_CASE("flip: one changed pixel gives an error there and none beyond the filters' reach", "[flip]") {
  const core::Image grey = test::solidImage(64, 128, 128, 128, 255);
  core::Image dot = grey;
  const std::size_t p = (std::size_t{32} * 64 + 32) * 4;
  dot.rgba[p] = dot.rgba[p + 1] = dot.rgba[p + 2] = 255;
  const auto r = render::flip(grey, dot, kPpd);
  REQUIRE(r.sameSize);
  CHECK(at(r, 32, 32) > 0.1f);
  CHECK(at(r, 32, 32) == Approx(r.stats.max).margin(0.05));
  // At 67 ppd the widest kernel reaches ⌈3·√(0.04/2π²)·67⌉ = 10 pixels: 11 away sees nothing.
  const double reach = std::ceil(3.0 * std::sqrt(0.04 / (2 * std::numbers::pi * std::numbers::pi)) * kPpd);
  CHECK(reach == 10);
  for (std::uint32_t y = 0; y < 64; ++y)
    for (std::uint32_t x = 0; x < 64; ++x)
      if (std::max(std::abs(int(x) - 32), std::abs(int(y) - 32)) > 10) REQUIRE(at(r, x, y) == 0.0f);
  CHECK(r.stats.mean < 0.01);
}

TEST_CASE("flip: LDR-FLIP's formula is symmetric, so swapping the images keeps the map", "[flip]") {
  // Only distances enter (HyAB and |edge/point differences|); HDR-ꟻLIP, not implemented, is not.
  const core::Image a = busy(37, 29);
  core::Image b = a;
  for (std::size_t i = 0; i < b.rgba.size(); i += 12) b.rgba[i] = static_cast<std::uint8_t>(255 - b.rgba[i]);
  const auto ab = render::flip(a, b, kPpd), ba = render::flip(b, a, kPpd);
  REQUIRE(ab.error.size() == ba.error.size());
  for (std::size_t i = 0; i < ab.error.size(); ++i) REQUIRE(ab.error[i] == Approx(ba.error[i]).margin(1e-5));
}

TEST_CASE("flip: a fine checkerboard against flat grey matters less the more pixels per degree", "[flip]") {
  // Grey 188 is sRGB for linear 0.5, the checkerboard's average light.
  const core::Image checker = image(48, 48, [](std::uint32_t x, std::uint32_t y) {
    const std::uint8_t v = (x + y) % 2 ? 255 : 0;
    return std::array<std::uint8_t, 4>{v, v, v, 255};
  });
  const core::Image grey = test::solidImage(48, 188, 188, 188, 255);
  const double near = render::flip(checker, grey, 15).stats.mean;
  const double mid = render::flip(checker, grey, 40).stats.mean;
  const double far = render::flip(checker, grey, 120).stats.mean;
  CHECK(near > mid);
  CHECK(mid > far);
}

TEST_CASE("flip: alpha is ignored, sizes must match", "[flip]") {
  const core::Image a = busy(20, 10);
  core::Image b = a;
  for (std::size_t i = 3; i < b.rgba.size(); i += 4) b.rgba[i] = 0;
  CHECK(render::flip(a, b, kPpd).stats.max == 0);
  CHECK_FALSE(render::flip(a, busy(20, 11), kPpd).sameSize);
  CHECK(render::flip(a, busy(20, 11), kPpd).error.empty());
}

TEST_CASE("flip statistics: weighted quantiles by hand, and their order", "[flip]") {
  // Weighted by the value: 0.1, 0.2, 0.3, 0.4 add up to 1; the running sums 0.1, 0.3, 0.6, 1.0
  // first reach 0.25 at 0.2, 0.5 at 0.3 and 0.75 at 0.4.
  const std::vector<float> four{0.3f, 0.1f, 0.4f, 0.2f};
  const auto s = render::flipStatistics(four);
  CHECK(s.mean == Approx(0.25));
  CHECK(s.q1 == Approx(0.2));
  CHECK(s.median == Approx(0.3));
  CHECK(s.q3 == Approx(0.4));
  CHECK(s.max == Approx(0.4));
  // Many zeros and one error: a plain median says 0, the weighted one names the error.
  std::vector<float> sparse(99, 0.0f);
  sparse.push_back(0.5f);
  const auto t = render::flipStatistics(sparse);
  CHECK(t.mean == Approx(0.005));
  CHECK(t.median == Approx(0.5));

  const core::Image a = busy(50, 30);
  core::Image b = a;
  for (std::size_t i = 0; i < b.rgba.size(); i += 28) b.rgba[i] = static_cast<std::uint8_t>(b.rgba[i] / 2);
  const auto r = render::flip(a, b, kPpd);
  CHECK(r.stats.max > 0);
  CHECK(r.stats.q1 <= r.stats.median);
  CHECK(r.stats.median <= r.stats.q3);
  CHECK(r.stats.q3 <= r.stats.max);
  CHECK(r.stats.max == Approx(*std::max_element(r.error.begin(), r.error.end())));
  for (const float v : r.error) REQUIRE((v >= 0.0f && v <= 1.0f));
}

TEST_CASE("flip: pixels per degree of the default observer", "[flip]") {
  // One degree at 0.7 m covers 2·0.7·tan(0.5°) metres of a 0.7 m wide, 3840 pixel screen.
  const double exact = 2 * 0.7 * std::tan(0.5 * std::numbers::pi / 180) * 3840 / 0.7;
  const double ppd =
      render::pixelsPerDegree(render::kFlipDefaultViewingDistance, render::kFlipDefaultMonitorWidth,
                              render::kFlipDefaultMonitorPixels);
  CHECK(ppd == Approx(exact).epsilon(1e-4));
  CHECK(ppd == Approx(67.02).margin(0.01));
  CHECK(render::pixelsPerDegree(1.4, 0.7, 3840) == Approx(2 * ppd));
}

TEST_CASE("magma: matplotlib's end points, and one opaque pixel per value", "[flip]") {
  const auto& table = render::magmaTable();
  CHECK(table.front().r == Approx(0.001462f));
  CHECK(table.front().b == Approx(0.013866f));
  CHECK(table.back().r == Approx(0.987053f));
  CHECK(table.back().g == Approx(0.991438f));
  CHECK(table.back().b == Approx(0.749504f));
  CHECK(table[128].r == Approx(0.716387f));  // matplotlib's magma(128 / 255)
  const std::vector<float> values{0.0f, 1.0f, -0.5f, 2.0f};
  const core::Image img = render::magmaImage(2, 2, values);
  REQUIRE(img.rgba.size() == 16);
  // round(0.013866·255) = 4; round(0.987053·255, 0.991438·255, 0.749504·255) = 252, 253, 191.
  CHECK(std::vector<int>(img.rgba.begin(), img.rgba.begin() + 8) ==
        std::vector<int>{0, 0, 4, 255, 252, 253, 191, 255});
  CHECK(std::equal(img.rgba.begin() + 8, img.rgba.begin() + 12, img.rgba.begin()));  // below 0 clamps
  CHECK(std::equal(img.rgba.begin() + 12, img.rgba.end(), img.rgba.begin() + 4));    // above 1 clamps
}

namespace {

// The tone map HDR-FLIP sweeps, written here from the paper (Narkowicz's ACES fit with its 0.6
// pre-exposure taken out), not read from the code under test.
double paperToneMap(double x) {
  const double n = 0.6 * 0.6 * 2.51 * x * x + 0.6 * 0.03 * x;
  const double d = 0.6 * 0.6 * 2.43 * x * x + 0.6 * 0.59 * x + 0.14;
  return std::clamp(n / d, 0.0, 1.0);
}

std::vector<float> uniformLinear(std::uint32_t w, std::uint32_t h, float r, float g, float b) {
  std::vector<float> out;
  for (std::uint32_t i = 0; i < w * h; ++i) out.insert(out.end(), {r, g, b, 1.0f});
  return out;
}

}  // namespace

TEST_CASE("hdr flip: the tone map is the paper's curve", "[flip]") {
  for (const double x : {0.0, 0.01, 0.18, 1.0, 2.1, 5.0, 100.0}) CHECK(render::flipToneMap(float(x)) == Approx(paperToneMap(x)).margin(1e-6));
  CHECK(render::flipToneMap(1.0f) == Approx(0.9216 / 1.3688).margin(1e-5));  // by hand
  CHECK(render::flipToneMap(-1.0f) == 0.0f);
}

TEST_CASE("hdr flip: the exposures bring the peak and then the median to 0.85", "[flip]") {
  const double peak = 8.0, median = 0.5;  // four stops apart
  const render::FlipExposures e = render::hdrFlipExposures(median, peak);
  CHECK(paperToneMap(std::exp2(e.start) * peak) == Approx(0.85).margin(1e-9));
  CHECK(paperToneMap(std::exp2(e.stop) * median) == Approx(0.85).margin(1e-9));
  CHECK(e.stop - e.start == Approx(4.0).margin(1e-12));
  CHECK(e.count == 4);
  // One value everywhere: start and stop meet, and the paper still takes two exposures.
  const render::FlipExposures flat = render::hdrFlipExposures(1.0, 1.0);
  CHECK(flat.stop == Approx(flat.start).margin(1e-12));
  CHECK(flat.count == 2);
  // A black median (or a black image) keeps a finite range of at most 20 exposures.
  const render::FlipExposures dark = render::hdrFlipExposures(0.0, 3.0);
  CHECK(std::isfinite(dark.stop));
  CHECK(dark.count == 20);
  CHECK(render::hdrFlipExposures(0.0, 0.0).count == 20);
}

TEST_CASE("hdr flip: identical linear images give 0, and a difference only above 1 is still seen", "[flip]") {
  const std::uint32_t w = 24, h = 16;
  std::vector<float> a;
  for (std::uint32_t i = 0; i < w * h; ++i) a.insert(a.end(), {0.05f * float(i % 37), 5.0f * float(i % 3 == 0), 0.3f, 1.0f});
  const auto same = render::hdrFlip(w, h, a, a, kPpd);
  REQUIRE(same.flip.sameSize);
  CHECK(same.flip.stats.max == 0);
  // Uniform greys: no features, and filtering changes nothing, so each pixel is the compressed
  // HyAB of the two lightnesses at the one exposure (start = stop: the reference at 0.85).
  // cmax as in the black-and-white case above.
  const double gL = 87.735, ga = -86.183 * 0.87735, gb = 83.179 * 0.87735;
  const double bL = 32.297, ba = 79.188 * 0.32297, bb = -107.860 * 0.32297;
  const double cmax = std::pow(std::abs(gL - bL) + std::hypot(ga - ba, gb - bb), 0.7);
  const auto compressed = [&](double hyab) {
    const double e = std::pow(hyab, 0.7), knee = 0.4 * cmax;
    return e < knee ? e * 0.95 / knee : 0.95 + (e - knee) / (cmax - knee) * 0.05;
  };
  const auto lightness = [](double y) { return y > 216.0 / 24389 ? 116 * std::cbrt(y) - 16 : y * 24389.0 / 27; };
  // Where the curve reaches 0.85, by bisection (it rises on [0, 10]).
  double lo = 0, hi = 10;
  for (int i = 0; i < 200; ++i) (paperToneMap(0.5 * (lo + hi)) < 0.85 ? lo : hi) = 0.5 * (lo + hi);
  const double xMax = 0.5 * (lo + hi);

  // 4 against 8: both clip to white in an 8-bit capture; HDR-FLIP tells them apart.
  const auto four = uniformLinear(w, h, 4, 4, 4), eight = uniformLinear(w, h, 8, 8, 8);
  const auto r = render::hdrFlip(w, h, four, eight, kPpd);
  REQUIRE(r.flip.sameSize);
  CHECK(r.exposures.count == 2);
  CHECK(std::exp2(r.exposures.start) * 4 == Approx(xMax).epsilon(1e-5));
  const double expected = compressed(std::abs(lightness(0.85) - lightness(paperToneMap(2 * xMax))));
  CHECK(expected > 0.05);
  for (const float v : r.flip.error) REQUIRE(v == Approx(expected).margin(2e-3));

  // Grey 1 against black: the reference at 0.85 against 0.
  const auto grey = uniformLinear(w, h, 1, 1, 1), black = uniformLinear(w, h, 0, 0, 0);
  const auto g = render::hdrFlip(w, h, grey, black, kPpd);
  const double greyExpected = compressed(lightness(0.85));
  for (const float v : g.flip.error) REQUIRE(v == Approx(greyExpected).margin(2e-3));
  // The exposures come from the reference: black as the reference has its own (the floor's) range.
  const auto swapped = render::hdrFlip(w, h, black, grey, kPpd);
  CHECK(swapped.exposures.count == 20);
  CHECK(swapped.exposures.start != Approx(g.exposures.start));
  // Sizes must match.
  CHECK_FALSE(render::hdrFlip(w, h + 1, grey, black, kPpd).flip.sameSize);
}
