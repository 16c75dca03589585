// Corrupted files never crash the world decoders, and whatever decodes is canonical.
#include <catch2/catch.hpp>

#include "core/bytes.hpp"
#include "core/file.hpp"
#include "core/header.hpp"
#include "goldens.hpp"
#include "world/level.hpp"

namespace kw = kiln::world;
using kiln::core::DecodeError;

namespace {

std::vector<std::uint8_t> golden(const std::string& name) {
  std::string error;
  auto bytes = kiln::core::readFile(std::string(KILN_TEST_DATA) + "/" + name, error);
  INFO(error);
  REQUIRE(bytes);
  return *bytes;
}

}  // namespace

TEST_CASE("every single-byte corruption of a KWS1 file is an error or re-encodes to itself", "[world][kws1][robust]") {
  for (const char* name : {"kws1/world-v1.kws", "kws1/world-v2.kws", "kws1/world-v3.kws"}) {
    const auto good = golden(name);
    int accepted = 0, rejected = 0;
    for (std::size_t at = kiln::core::kHeaderSize; at < good.size(); ++at) {
      for (std::uint8_t flip : {0x01, 0x80, 0xff}) {
        auto bad = good;
        bad[at] ^= flip;
        kiln::worldtest::reseal(bad);  // get past the crc so the payload walk is exercised
        const auto scanned = kw::scanKws1(bad);
        auto r = kw::decodeKws1(bad);
        INFO(name << " byte " << at << " ^ " << int(flip));
        if (auto* e = std::get_if<DecodeError>(&r)) {
          ++rejected;
          // A scan error is the decode error: phase 2 never runs on a file the scan refused.
          if (scanned) CHECK(scanned->code == e->code);
          CHECK(e->offset <= bad.size());  // an error at the end of the file is a truncation
        } else {
          ++accepted;
          CHECK_FALSE(scanned);
          CHECK(kw::encodeKws1(std::get<kw::World>(r)) == bad);
        }
      }
    }
    CHECK(accepted > 0);  // coordinate bits can change and stay valid
    CHECK(rejected > 0);
  }
}

TEST_CASE("every single-byte corruption of a KLM1 module is an error or re-encodes to itself",
          "[world][level][robust]") {
  const auto good = golden("klm1/level-v1.klm");
  int rejected = 0;
  for (std::size_t at = kiln::core::kHeaderSize; at < good.size(); ++at) {
    auto bad = good;
    bad[at] ^= 0x41;
    kiln::worldtest::reseal(bad);
    auto r = kw::decodeKlm1(bad);
    INFO("byte " << at);
    if (auto* e = std::get_if<DecodeError>(&r)) {
      ++rejected;
      CHECK(e->offset <= bad.size());  // an error at the end of the file is a truncation
    } else {
      CHECK(kw::encodeKlm1(std::get<kw::Level>(r)) == bad);
    }
  }
  CHECK(rejected > 0);
}

TEST_CASE("a module may list its entries in either order", "[world][level]") {
  // Swap the two entries of level-v1.klm by rebuilding the payload from its parts.
  const auto good = golden("klm1/level-v1.klm");
  auto r = kw::decodeKlm1(good);
  REQUIRE(std::holds_alternative<kw::Level>(r));
  const kw::Level& level = std::get<kw::Level>(r);
  kiln::core::ByteWriter w;
  w.u32(static_cast<std::uint32_t>(level.features.size()));
  for (const auto& f : level.features) {
    w.u16(static_cast<std::uint16_t>(f.size()));
    w.raw(std::string_view(f));
  }
  w.u32(2);
  const auto particles = kiln::particles::encodeKwp1(*level.particles);
  const auto sectors = kw::encodeKws1(level.world);
  for (const auto& [name, data] : {std::pair{std::string_view("@world/particles"), &particles},
                                   std::pair{std::string_view("@world/sectors"), &sectors}}) {
    w.u16(static_cast<std::uint16_t>(name.size()));
    w.raw(name);
    w.u32(static_cast<std::uint32_t>(data->size()));
    w.raw(*data);
  }
  const auto swapped = kiln::core::frame("KLM1", 1, w.bytes());
  auto back = kw::decodeKlm1(swapped);
  REQUIRE(std::holds_alternative<kw::Level>(back));
  CHECK(std::get<kw::Level>(back) == level);
  CHECK(kw::encodeKlm1(std::get<kw::Level>(back)) == good);  // re-encoding restores the canonical order
}
