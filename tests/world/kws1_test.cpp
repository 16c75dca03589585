// KWS1 codec: round trips per version, the per-version layout sizes, scan vs decode, paths.
#include <catch2/catch.hpp>

#include <limits>

#include "core/header.hpp"
#include "goldens.hpp"
#include "worlds.hpp"

using kiln::core::Code;
using kiln::core::DecodeError;
using kiln::worldtest::sampleWorld;
namespace kw = kiln::world;

namespace {

kw::World decoded(const std::vector<std::uint8_t>& bytes) {
  auto r = kw::decodeKws1(bytes);
  if (auto* e = std::get_if<DecodeError>(&r)) FAIL(kiln::core::format(*e));
  return std::get<kw::World>(r);
}

DecodeError error(const std::vector<std::uint8_t>& bytes) {
  auto r = kw::decodeKws1(bytes);
  REQUIRE(std::holds_alternative<DecodeError>(r));
  return std::get<DecodeError>(r);
}

}  // namespace

TEST_CASE("KWS1 round-trips every version bit for bit", "[world][kws1]") {
  for (std::uint16_t v = 1; v <= 3; ++v) {
    INFO("version " << v);
    const kw::World w = sampleWorld(v);
    const auto bytes = kw::encodeKws1(w);
    const kw::World back = decoded(bytes);
    CHECK(back == w);
    CHECK(kw::encodeKws1(back) == bytes);
    CHECK(back.version == v);
  }
}

TEST_CASE("each version stores only its own fields", "[world][kws1]") {
  // Hand-computed from docs/formats/kws1.md: 16-byte header, u32 sector count, then per sector
  // u16 name length + name, u32 vertex count, 16 bytes per vertex, then the planes (8 bytes
  // each in v1/v2, 24 in v3), 4 bytes of portal per vertex (v2+) and 24 of ambient (v3).
  const std::size_t names = 4 + 8, sectors = 2, vertices = 8;
  const std::size_t v1 = 16 + 4 + sectors * (2 + 4) + names + vertices * 16;  // + planes below
  CHECK(kw::encodeKws1(sampleWorld(1)).size() == v1 + sectors * 16);
  CHECK(kw::encodeKws1(sampleWorld(2)).size() == v1 + sectors * 16 + vertices * 4);
  CHECK(kw::encodeKws1(sampleWorld(3)).size() == v1 + sectors * 48 + vertices * 4 + sectors * 24);
}

TEST_CASE("the header carries the world version as its document version", "[world][kws1]") {
  for (std::uint16_t v = 1; v <= 3; ++v) {
    const auto bytes = kw::encodeKws1(sampleWorld(v));
    auto h = kiln::core::peekHeader(bytes);
    REQUIRE(std::holds_alternative<kiln::core::Header>(h));
    CHECK(std::string_view(std::get<kiln::core::Header>(h).magic.data(), 4) == "KWS1");
    CHECK(std::get<kiln::core::Header>(h).documentVersion == v);
  }
}

TEST_CASE("an empty portal list encodes as all solid walls", "[world][kws1]") {
  kw::World w = sampleWorld(2);
  w.sectors[0].portals.clear();
  w.sectors[1].portals.clear();
  const kw::World back = decoded(kw::encodeKws1(w));
  CHECK(back.sectors[0].portals == std::vector<std::uint32_t>(4, kw::kNoPortal));
  CHECK(back == kw::canonical(w));
  CHECK(back != w);
}

TEST_CASE("a world with no sectors round-trips", "[world][kws1]") {
  kw::World w;
  w.version = 2;
  const auto bytes = kw::encodeKws1(w);
  CHECK(bytes.size() == 20);
  CHECK(decoded(bytes) == w);
}

TEST_CASE("the scan alone catches format defects but not validation ones", "[world][kws1]") {
  auto nan = kw::encodeKws1(sampleWorld(1));
  kiln::worldtest::patchF64(nan, 30, std::numeric_limits<double>::quiet_NaN());
  kiln::worldtest::reseal(nan);
  auto scanned = kw::scanKws1(nan);
  REQUIRE(scanned);
  CHECK(scanned->code == Code::NotFinite);
  CHECK(scanned->offset == 30);
  CHECK(scanned->path == "sectors[0].walls[0].x");

  kw::World clockwise = sampleWorld(1);
  std::reverse(clockwise.sectors[0].walls.begin(), clockwise.sectors[0].walls.end());
  const auto cw = kw::encodeKws1(clockwise);
  CHECK_FALSE(kw::scanKws1(cw));
  const DecodeError e = error(cw);
  CHECK(e.code == Code::Clockwise);
  CHECK(e.path == "world.sectors.hall.walls");
}

TEST_CASE("decode errors name the field path", "[world][kws1]") {
  auto bytes = kw::encodeKws1(sampleWorld(3));
  kiln::worldtest::patchU32(bytes, 308 + 4, 9);  // corridor portal of wall 1
  kiln::worldtest::reseal(bytes);
  const DecodeError e = error(bytes);
  CHECK(e.code == Code::BadReference);
  CHECK(e.offset == 312);
  CHECK(e.path == "sectors[1].portals[1]");

  auto slope = kw::encodeKws1(sampleWorld(3));
  kiln::worldtest::patchF64(slope, 118 + 16, std::numeric_limits<double>::infinity());  // hall ceiling dzdy
  kiln::worldtest::reseal(slope);
  CHECK(error(slope).path == "sectors[0].ceiling.dzdy");
}

TEST_CASE("the 1 MiB bound applies to the whole file", "[world][kws1]") {
  auto bytes = kw::encodeKws1(sampleWorld(1));
  bytes.resize((1u << 20) + 1, 0);
  kiln::worldtest::reseal(bytes);
  CHECK(error(bytes).code == Code::TooLarge);
  bytes.resize(1u << 20);  // exactly 1 MiB: within the bound, so the payload's trailing zeros are next
  kiln::worldtest::reseal(bytes);
  CHECK(error(bytes).code == Code::TrailingBytes);
}

TEST_CASE("the largest world the limits allow fits in 1 MiB", "[world][kws1]") {
  // 1024 sectors of 64 vertices and 64-byte names in version 3 is 1024·(2+64+4+64·20+72) bytes
  // ≈ 1.39 MB, so the byte bound, not the counts, is the binding limit for such worlds; a
  // version-1 world of 1024 sectors × 60 vertices with short names stays under it.
  kw::World w;
  w.version = 1;
  for (std::size_t i = 0; i < kw::kMaxSectors; ++i) {
    kw::Sector s = kiln::worldtest::box("s" + std::to_string(i), 0, 0, 1, 1);
    s.walls.clear();
    for (int k = 0; k < 60; ++k) {
      const double a = 2 * 3.141592653589793 * k / 60.0;
      s.walls.push_back({3.0 * static_cast<double>(i) + std::cos(a), std::sin(a)});
    }
    w.sectors.push_back(std::move(s));
  }
  REQUIRE(kw::validateWorld(w).empty());
  const auto bytes = kw::encodeKws1(w);
  CHECK(bytes.size() <= kw::kMaxKws1Bytes);
  CHECK(decoded(bytes) == w);
}

TEST_CASE("a wall count needs room for its vertices and, from version 2, its portals", "[world][kws1]") {
  // One sector named "a" declaring three walls, followed by `room` zero bytes.
  auto withRoom = [](std::uint16_t version, std::size_t room) {
    std::vector<std::uint8_t> payload{1, 0, 0, 0, 1, 0, 'a', 3, 0, 0, 0};
    payload.resize(payload.size() + room, 0);
    auto r = kw::scanKws1(kiln::core::frame(kw::kKws1Magic, version, payload));
    REQUIRE(r);
    return r->code;
  };
  // Version 1: 16 bytes a wall. With exactly 48 the count passes and the floor is missing.
  CHECK(withRoom(1, 47) == Code::CountPastEnd);
  CHECK(withRoom(1, 48) == Code::Truncated);
  // Version 2: each wall also has a 4-byte portal after the planes, so 60 bytes at least.
  CHECK(withRoom(2, 59) == Code::CountPastEnd);
  CHECK(withRoom(2, 60) == Code::Truncated);
}
