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
