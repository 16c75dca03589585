// Did-you-mean: case slips always match; edits match up to a third of the word (1..3).
#include "source/suggest.hpp"

#include <catch2/catch.hpp>

using kiln::source::didYouMean;
using kiln::source::listOf;
using kiln::source::nearest;

TEST_CASE("nearest prefers a case-insensitive match, then the smallest edit distance", "[source][suggest]") {
  const std::vector<std::string> keys{"capacity", "spawn", "velocity", "lifetime"};
  CHECK(nearest("LIFETIME", keys) == "lifetime");
  CHECK(nearest("lifetim", keys) == "lifetime");     // one deletion
  CHECK(nearest("veloctiy", keys) == "velocity");    // a swap costs two edits; 8 letters allow 2
  CHECK(nearest("spwan", keys) == std::nullopt);     // a swap is two edits; 5 letters allow 1
  CHECK(nearest("zzz", keys) == std::nullopt);
  CHECK(nearest("x", {}) == std::nullopt);
}

TEST_CASE("the edit limit is a third of the word, at least 1 and at most 3", "[source][suggest]") {
  // 3 letters: limit 1.
  CHECK(nearest("cat", {"cab"}) == "cab");
  CHECK(nearest("cat", {"cbb"}) == std::nullopt);
  // 9 letters: limit 3 — three edits in, four out.
  CHECK(nearest("abcdefghi", {"abcdefxxx"}) == "abcdefxxx");
  CHECK(nearest("abcdefghi", {"abcdexxxx"}) == std::nullopt);
  // 15 letters: still 3.
  CHECK(nearest("abcdefghijklmno", {"abcdefghijklxxx"}) == "abcdefghijklxxx");
  CHECK(nearest("abcdefghijklmno", {"abcdefghijkxxxx"}) == std::nullopt);
}

TEST_CASE("ties keep the earlier candidate, messages read as written", "[source][suggest]") {
  CHECK(nearest("bat", {"cat", "hat"}) == "cat");
  CHECK(didYouMean("Soft", {"soft", "ember"}) == " (did you mean 'soft'?)");
  CHECK(didYouMean("glow", {"additive", "alpha"}).empty());
  CHECK(listOf({"a", "b", "c"}) == "a, b, c");
  CHECK(listOf({}).empty());
}

TEST_CASE("finding: a megabyte name is not compared character by character with every candidate",
          "[source][suggest]") {
  // Just inside the length rule: three letters more than a candidate can still be its misspelling.
  CHECK(nearest("west_flameXYZ", {"west_flame"}) == std::optional<std::string>("west_flame"));
  // Just outside: four more cannot (the distance is at least the difference in length).
  CHECK_FALSE(nearest("west_flameWXYZ", {"west_flame"}));
  // A 15 MB word returns at once with no suggestion (a full comparison is 15 M x 10 steps per name).
  const std::string huge(15u << 20, 'A');
  CHECK_FALSE(nearest(huge, std::vector<std::string>(256, "west_flame")));
}
