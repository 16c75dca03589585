// The common bounded binary header: every rejection, each on both sides of its rule.
#include <catch2/catch.hpp>

#include "core/header.hpp"

using namespace kiln::core;

namespace {

std::vector<std::uint8_t> payloadOf(std::size_t n) {
  std::vector<std::uint8_t> p(n);
  for (std::size_t i = 0; i < n; ++i) p[i] = static_cast<std::uint8_t>(i * 7 + 3);
  return p;
}

const HeaderRules kRules{"TEST", 1, 2, 64};

Code codeOf(const std::vector<std::uint8_t>& file) {
  auto r = readHeader(file, kRules);
  REQUIRE(std::holds_alternative<DecodeError>(r));
  return std::get<DecodeError>(r).code;
}

}  // namespace

TEST_CASE("a framed payload reads back with its header", "[header]") {
  const auto payload = payloadOf(20);
  const auto file = frame("TEST", 2, payload);
  REQUIRE(file.size() == 36);
  // Bytes 0..15 laid out exactly as documented: magic, u16 1, u16 version, u32 size, u32 crc.
  CHECK(file[0] == 'T');
  CHECK(file[4] == 1);
  CHECK(file[5] == 0);
  CHECK(file[6] == 2);
  CHECK(file[8] == 20);
  auto r = readHeader(file, kRules);
  REQUIRE(std::holds_alternative<Framed>(r));
  const auto& f = std::get<Framed>(r);
  CHECK(f.header.documentVersion == 2);
  CHECK(std::vector<std::uint8_t>(f.payload.begin(), f.payload.end()) == payload);
}

TEST_CASE("crc32 matches the published check value", "[header]") {
  const std::string s = "123456789";
  CHECK(crc32({reinterpret_cast<const std::uint8_t*>(s.data()), s.size()}) == 0xCBF43926u);
}

TEST_CASE("header rejections", "[header]") {
  const auto good = frame("TEST", 1, payloadOf(10));

  SECTION("shorter than the header") {
    CHECK(codeOf({good.begin(), good.begin() + 15}) == Code::Truncated);
  }
  SECTION("bad magic") {
    auto f = good;
    f[0] = 'X';
    CHECK(codeOf(f) == Code::BadMagic);
  }
  SECTION("header version 2") {
    auto f = good;
    f[4] = 2;
    CHECK(codeOf(f) == Code::UnsupportedHeaderVersion);
  }
  SECTION("document versions 0 and 3 are outside 1..2") {
    auto f = good;
    f[6] = 0;
    CHECK(codeOf(f) == Code::UnsupportedVersion);
    f[6] = 3;
    CHECK(codeOf(f) == Code::UnsupportedVersion);
  }
  SECTION("payload shorter than declared") {
    CHECK(codeOf({good.begin(), good.end() - 1}) == Code::Truncated);
  }
  SECTION("trailing bytes") {
    auto f = good;
    f.push_back(0);
    CHECK(codeOf(f) == Code::TrailingBytes);
  }
  SECTION("checksum") {
    auto f = good;
    f.back() ^= 1;
    CHECK(codeOf(f) == Code::ChecksumMismatch);
  }
}

TEST_CASE("the byte bound applies to the whole file", "[header]") {
  // 16 + 48 = 64 bytes: exactly at the bound is accepted, one more is rejected.
  auto at = frame("TEST", 1, payloadOf(48));
  CHECK(std::holds_alternative<Framed>(readHeader(at, kRules)));
  auto over = frame("TEST", 1, payloadOf(49));
  CHECK(codeOf(over) == Code::TooLarge);
}

TEST_CASE("a declared 4 GiB payload is rejected as too large without reading it", "[header]") {
  auto f = frame("TEST", 1, payloadOf(4));
  f[8] = f[9] = f[10] = f[11] = 0xff;
  CHECK(codeOf(f) == Code::TooLarge);
}
