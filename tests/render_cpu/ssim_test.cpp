// SSIM against values worked out from the paper's formula by hand.
#include <catch2/catch.hpp>

#include "render/cpu/ssim.hpp"

using kiln::core::Image;

namespace {
Image flat(std::uint32_t w, std::uint32_t h, std::uint8_t v) {
  Image im;
  im.width = w, im.height = h;
  for (std::uint32_t i = 0; i < w * h; ++i) im.rgba.insert(im.rgba.end(), {v, v, v, 255});
  return im;
}
}  // namespace

TEST_CASE("SSIM: 1 for identical images, the luminance term alone for two flat ones") {
  const Image a = flat(32, 16, 100), b = flat(32, 16, 110);
  CHECK(*kiln::render::ssim(a, a) == Approx(1.0));
  // Flat images have no variance: SSIM = (2·μa·μb + C1) / (μa² + μb² + C1), C1 = 2.55² = 6.5025.
  const double expected = (2.0 * 100 * 110 + 6.5025) / (100.0 * 100 + 110.0 * 110 + 6.5025);
  CHECK(*kiln::render::ssim(a, b) == Approx(expected).epsilon(1e-9));
}

TEST_CASE("SSIM: structure lost scores far lower than the same mean brightness kept") {
  // A 1-pixel checkerboard of 50 and 150 against flat 100 (the same mean): the contrast and
  // structure terms drop, the luminance term stays 1.
  Image checker = flat(32, 32, 0);
  for (std::uint32_t y = 0; y < 32; ++y)
    for (std::uint32_t x = 0; x < 32; ++x)
      for (int c = 0; c < 3; ++c) checker.rgba[(y * 32 + x) * 4 + c] = (x + y) % 2 ? 150 : 50;
  const double s = *kiln::render::ssim(checker, flat(32, 32, 100));
  CHECK(s < 0.1);
  CHECK(s > 0.0);
  // Alpha does not count.
  Image clear = flat(32, 32, 100);
  for (std::size_t i = 3; i < clear.rgba.size(); i += 4) clear.rgba[i] = 0;
  CHECK(*kiln::render::ssim(clear, flat(32, 32, 100)) == Approx(1.0));
  CHECK_FALSE(kiln::render::ssim(flat(2, 2, 0), flat(3, 2, 0)).has_value());
}
