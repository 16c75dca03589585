// core::crc32 against zlib's crc32, the reference every KWP1/KWS1/KLM1/KEV1 header names: all
// lengths around the folded path's block sizes, every start alignment, and large buffers.
#include <catch2/catch.hpp>
#include <zlib.h>

#include <cstdint>
#include <random>
#include <vector>

#include "core/header.hpp"

namespace {

std::uint32_t reference(const std::uint8_t* data, std::size_t size) {
  return static_cast<std::uint32_t>(::crc32(0L, data, static_cast<uInt>(size)));
}

std::vector<std::uint8_t> randomBytes(std::size_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint8_t> v(n);
  for (auto& b : v) b = static_cast<std::uint8_t>(rng());
  return v;
}

}  // namespace

TEST_CASE("crc32 equals zlib's for every length up to 1,100 bytes and every alignment", "[crc32]") {
  const auto bytes = randomBytes(1100 + 16, 1);
  std::size_t mismatches = 0;
  for (std::size_t start = 0; start < 16; ++start)
    for (std::size_t n = 0; n <= 1100; ++n)
      if (kiln::core::crc32(std::span(bytes).subspan(start, n)) != reference(bytes.data() + start, n)) ++mismatches;
  CHECK(mismatches == 0);
}

TEST_CASE("crc32 equals zlib's on known values and on large buffers", "[crc32]") {
  // The check value of CRC-32/ISO-HDLC.
  const std::string check = "123456789";
  CHECK(kiln::core::crc32(std::span(reinterpret_cast<const std::uint8_t*>(check.data()), check.size())) ==
        0xCBF43926u);
  CHECK(kiln::core::crc32({}) == 0u);
  // Runs of zero and of 0xFF bytes, where a wrong initial value or final XOR shows at once.
  for (std::uint8_t fill : {std::uint8_t{0}, std::uint8_t{0xFF}}) {
    const std::vector<std::uint8_t> run(4096 + 13, fill);
    CHECK(kiln::core::crc32(run) == reference(run.data(), run.size()));
  }
  for (std::size_t n : {std::size_t{196'888}, std::size_t{1 << 20}, std::size_t{(1 << 20) + 63}}) {
    const auto bytes = randomBytes(n, static_cast<std::uint32_t>(n));
    CHECK(kiln::core::crc32(bytes) == reference(bytes.data(), n));
    // One flipped bit anywhere changes the value.
    auto flipped = bytes;
    flipped[n / 3] ^= 0x10;
    CHECK(kiln::core::crc32(flipped) != kiln::core::crc32(bytes));
    CHECK(kiln::core::crc32(flipped) == reference(flipped.data(), n));
  }
}
