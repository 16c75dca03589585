// The variation hash: fixed reference values (computed outside this code base), the 24-bit
// mapping to [0,1), and how well it spreads consecutive births.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "particles/variation.hpp"

using namespace kiln::particles;

TEST_CASE("variation hash matches reference values", "[particles][variation]") {
  // Reference values from an independent Python implementation of the published mix chain.
  CHECK(variationHash(0, 0, 0, 0) == 0u);
  CHECK(variationHash(1, 0, 0, 0) == 0x4da918efu);
  CHECK(variationHash(17, 0, 5, 3) == 0x1a3ce3b4u);
  CHECK(variationHash(0xdeadbeefu, 7, 4095, 8) == 0xfa86139du);
  CHECK(variationHash(99, 1, 0, 6) == 0xcbf55341u);
  CHECK(variation(17, 0, 5, Stream::VelocityX) == 0x1a3ce3u / 16777216.0f);
}

TEST_CASE("unitFromHash keeps the top 24 bits and stays below 1", "[particles][variation]") {
  CHECK(unitFromHash(0) == 0.0f);
  CHECK(unitFromHash(0xffu) == 0.0f);  // the low 8 bits are dropped
  CHECK(unitFromHash(0x100u) == 1.0f / 16777216.0f);
  CHECK(unitFromHash(0xffffffffu) == 16777215.0f / 16777216.0f);
  CHECK(unitFromHash(0xffffffffu) < 1.0f);
  CHECK(unitFromHash(0x80000000u) == 0.5f);
}

TEST_CASE("300000 consecutive births give at least 297000 distinct values", "[particles][variation]") {
  for (std::uint32_t stream : {0u, 6u}) {
    std::vector<float> v;
    v.reserve(300000);
    for (std::uint32_t b = 0; b < 300000; ++b) v.push_back(unitFromHash(variationHash(17, 3, b, stream)));
    std::sort(v.begin(), v.end());
    const auto distinct = static_cast<std::size_t>(std::unique(v.begin(), v.end()) - v.begin());
    INFO("stream " << stream << ": " << distinct << " distinct");
    CHECK(distinct >= 297000);
    CHECK(v.front() >= 0.0f);
    CHECK(v.back() < 1.0f);
  }
}

TEST_CASE("streams and cycles and seeds give independent values", "[particles][variation]") {
  // Over 10,000 births the same-index values of two streams agree (to 24 bits) only by chance.
  int sameStream = 0, sameCycle = 0, sameSeed = 0;
  double mean = 0;
  for (std::uint32_t b = 0; b < 10000; ++b) {
    const float u = variation(5, 0, b, Stream::SpawnX);
    sameStream += u == variation(5, 0, b, Stream::SpawnY);
    sameCycle += u == variation(5, 1, b, Stream::SpawnX);
    sameSeed += u == variation(6, 0, b, Stream::SpawnX);
    mean += u;
  }
  CHECK(sameStream < 3);
  CHECK(sameCycle < 3);
  CHECK(sameSeed < 3);
  CHECK(mean / 10000 == Approx(0.5).margin(0.02));
}
