// The checked-in KWS1/KLM1 goldens match their generator byte for byte, valid ones round-trip
// bit for bit, and each malformed one is rejected with its code at its offset.
// Regenerate: KILN_UPDATE_GOLDENS=1 test_world "[golden]" (fails while it changes a file; rerun)
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <limits>
#include <set>

#include "core/file.hpp"
#include "goldens.hpp"
#include "world/level.hpp"

namespace fs = std::filesystem;
namespace kw = kiln::world;
using kiln::core::Code;
using kiln::core::codeName;
using kiln::core::DecodeError;
using kiln::worldtest::Golden;

namespace {

const fs::path kData = fs::path(KILN_TEST_DATA);

std::vector<std::uint8_t> readGolden(const std::string& name) {
  std::string error;
  auto bytes = kiln::core::readFile(kData / name, error);
  INFO(error);
  REQUIRE(bytes);
  return *bytes;
}

const std::vector<Golden>& goldens() {
  static const auto g = [] {
    auto all = kiln::worldtest::kws1Goldens();
    auto klm = kiln::worldtest::klm1Goldens();
    all.insert(all.end(), klm.begin(), klm.end());
    return all;
  }();
  return g;
}

std::variant<bool, DecodeError> decode(const Golden& g, const std::vector<std::uint8_t>& bytes) {
  if (fs::path(g.file).extension() == ".kws") {
    auto r = kw::decodeKws1(bytes);
    if (auto* e = std::get_if<DecodeError>(&r)) return *e;
    return kw::encodeKws1(std::get<kw::World>(r)) == bytes;
  }
  auto r = kw::decodeKlm1(bytes);
  if (auto* e = std::get_if<DecodeError>(&r)) return *e;
  return kw::encodeKlm1(std::get<kw::Level>(r)) == bytes;
}

}  // namespace

TEST_CASE("world goldens on disk equal the generator's output", "[golden]") {
  // With KILN_UPDATE_GOLDENS set a differing file is rewritten, and the test still fails: an
  // update run passes only once the files on disk already were the generator's output.
  const bool update = std::getenv("KILN_UPDATE_GOLDENS") != nullptr;
  for (const auto& g : goldens()) {
    std::string error;
    const auto onDisk = kiln::core::readFile(kData / g.file, error);
    const bool same = onDisk && *onDisk == g.bytes;
    if (!same && update) {
      INFO(error);
      REQUIRE(kiln::core::writeFile(kData / g.file, g.bytes, error));
    }
    INFO(g.file << " (" << g.why << ") " << (update ? "was rewritten; review it and rerun" : "differs; regenerate with KILN_UPDATE_GOLDENS=1"));
    CHECK(same);
  }
}

TEST_CASE("every .kws and .klm file in the golden directories is in the table", "[golden]") {
  std::set<std::string> known;
  for (const auto& g : goldens()) CHECK(known.insert(g.file).second);
  for (const char* dir : {"kws1", "klm1"})
    for (const auto& entry : fs::directory_iterator(kData / dir)) {
      const std::string name = std::string(dir) + "/" + entry.path().filename().string();
      INFO(name);
      CHECK(known.count(name) == 1);
    }
}

TEST_CASE("valid world goldens decode and re-encode to identical bytes", "[golden]") {
  int valid = 0;
  for (const auto& g : goldens()) {
    if (!g.valid) continue;
    ++valid;
    INFO(g.file);
    const auto r = decode(g, readGolden(g.file));
    if (auto* e = std::get_if<DecodeError>(&r)) FAIL(kiln::core::format(*e));
    CHECK(std::get<bool>(r));
  }
  CHECK(valid == 6);  // three worlds, three level modules
}

TEST_CASE("every malformed world golden is rejected with its code and offset", "[golden]") {
  std::set<Code> covered;
  for (const auto& g : goldens()) {
    if (g.valid) continue;
    INFO(g.file << " (" << g.why << ") expects " << codeName(g.code) << " at " << g.offset);
    const auto r = decode(g, readGolden(g.file));
    REQUIRE(std::holds_alternative<DecodeError>(r));
    const DecodeError& e = std::get<DecodeError>(r);
    INFO("got " << kiln::core::format(e));
    CHECK(e.code == g.code);
    if (g.offset != std::numeric_limits<std::uint64_t>::max()) CHECK(e.offset == g.offset);
    covered.insert(g.code);
  }
  // Every decode error the world formats can produce from bytes has a fixture.
  for (Code c : {Code::BadMagic, Code::UnsupportedHeaderVersion, Code::UnsupportedVersion, Code::TooLarge,
                 Code::Truncated, Code::TrailingBytes, Code::ChecksumMismatch, Code::CountOverLimit,
                 Code::CountPastEnd, Code::NotFinite, Code::BadName, Code::BadReference, Code::VertexCount,
                 Code::NotConvex, Code::Clockwise, Code::DegenerateEdge, Code::FloorAboveCeiling,
                 Code::DuplicateName, Code::PortalNotReciprocal, Code::PortalEdgeMismatch, Code::ColorRange,
                 Code::UnknownEntry, Code::DuplicateEntry, Code::MissingEntry, Code::FeatureMismatch,
                 Code::MissingSector, Code::OutsideSector}) {
    INFO(codeName(c));
    CHECK(covered.count(c) == 1);
  }
}
