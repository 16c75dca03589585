// Numbers typed by a person: decimal only, whole, finite and representable (core::parseDecimal).
#include <catch2/catch.hpp>

#include <cmath>

#include "core/float.hpp"

using kiln::core::parseDecimal;

TEST_CASE("finding: --time '' and hexadecimal, infinite, out-of-range or padded numbers are refused", "[float]") {
  // Accepted: what a person writes.
  CHECK(parseDecimal("1.5") == 1.5);
  CHECK(parseDecimal("+2") == 2.0);
  CHECK(parseDecimal(".5") == 0.5);
  CHECK(parseDecimal("-3e2") == -300.0);
  CHECK(parseDecimal("1e-300") == 1e-300);
  CHECK(parseDecimal("1e308") == 1e308);
  // -0 reads as 0 (no "t=-0" in what is printed back).
  const auto zero = parseDecimal("-0");
  REQUIRE(zero);
  CHECK_FALSE(std::signbit(*zero));
  // Refused: empty, spaces, hexadecimal, words, and magnitudes a double cannot hold.
  for (const char* bad : {"", " 1", "1 ", "0x10", "0x1p3", "inf", "-inf", "nan", "1e999", "1e-400", "1,5", "--1", "+-1", "e5"})
    CHECK_FALSE(parseDecimal(bad));
}

TEST_CASE("shortestF32 keeps a number at the shortest decimal of its float32, and leaves what float32 cannot hold") {
  // 181/60 as a double has 17 digits; its float32 prints as 3.0166667.
  CHECK(kiln::core::shortestF32(181.0 / 60.0) == 3.0166667);
  CHECK(kiln::core::shortestF32(0.42 + 3.0 / 110.0 * 0.525) == 0.43431818);
  // Already short: unchanged.
  CHECK(kiln::core::shortestF32(0.1) == 0.1);
  CHECK(kiln::core::shortestF32(-2.5) == -2.5);
  CHECK(kiln::core::shortestF32(0.0) == 0.0);
  // Past float32's range, or not finite: left for validation to refuse.
  CHECK(kiln::core::shortestF32(1e39) == 1e39);
  CHECK(std::isinf(kiln::core::shortestF32(INFINITY)));
}
