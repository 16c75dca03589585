// The checked-in KWP1 goldens: they match their generator byte for byte, valid ones round-trip
// bit for bit, and every malformed one is rejected with its code.
// Regenerate: KILN_UPDATE_GOLDENS=1 test_kwp1 "[golden]" (fails while it changes a file; rerun)
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <set>

#include "core/file.hpp"
#include "goldens.hpp"
#include "particles/kwp1/kwp1.hpp"

namespace fs = std::filesystem;
namespace wp = kiln::particles;
using kiln::core::Code;
using kiln::core::codeName;

namespace {

const fs::path kDir = fs::path(KILN_TEST_DATA) / "kwp1";

std::vector<std::uint8_t> readGolden(const std::string& name) {
  std::string error;
  auto bytes = kiln::core::readFile(kDir / name, error);
  INFO(error);
  REQUIRE(bytes);
  return *bytes;
}

const std::vector<kiln::kwp1test::Golden>& goldens() {
  static const auto g = kiln::kwp1test::buildGoldens();
  return g;
}

}  // namespace

TEST_CASE("goldens on disk equal the generator's output", "[golden]") {
  // With KILN_UPDATE_GOLDENS set a differing file is rewritten, and the test still fails: an
  // update run passes only once the files on disk already were the generator's output.
  const bool update = std::getenv("KILN_UPDATE_GOLDENS") != nullptr;
  for (const auto& g : goldens()) {
    std::string error;
    const auto onDisk = kiln::core::readFile(kDir / g.file, error);
    const bool same = onDisk && *onDisk == g.bytes;
    if (!same && update) {
      INFO(error);
      REQUIRE(kiln::core::writeFile(kDir / g.file, g.bytes, error));
    }
    INFO(g.file << " (" << g.why << ") " << (update ? "was rewritten; review it and rerun" : "differs; regenerate with KILN_UPDATE_GOLDENS=1"));
    CHECK(same);
  }
}

TEST_CASE("every .kwp file in the golden directory is in the table", "[golden]") {
  std::set<std::string> known;
  for (const auto& g : goldens()) CHECK(known.insert(g.file).second);  // names are unique
  for (const auto& entry : fs::directory_iterator(kDir)) {
    if (entry.path().extension() != ".kwp") continue;
    INFO(entry.path().filename().string());
    CHECK(known.count(entry.path().filename().string()) == 1);
  }
}

TEST_CASE("valid goldens decode and re-encode to identical bytes", "[golden]") {
  for (const auto& g : goldens()) {
    if (!g.valid) continue;
    INFO(g.file);
    const auto bytes = readGolden(g.file);
    auto r = wp::decodeKwp1(bytes);
    if (auto* e = std::get_if<kiln::core::DecodeError>(&r)) FAIL(kiln::core::format(*e));
    CHECK(wp::encodeKwp1(std::get<wp::Document>(r)) == bytes);
  }
}

TEST_CASE("every malformed golden is rejected with its code", "[golden]") {
  std::set<Code> covered;
  for (const auto& g : goldens()) {
    if (g.valid) continue;
    const auto bytes = readGolden(g.file);
    auto r = wp::decodeKwp1(bytes);
    INFO(g.file << " (" << g.why << ") expects " << codeName(g.code));
    REQUIRE(std::holds_alternative<kiln::core::DecodeError>(r));
    const auto& e = std::get<kiln::core::DecodeError>(r);
    INFO("got " << kiln::core::format(e) << " at byte " << e.offset);
    CHECK(e.code == g.code);
    CHECK(e.offset <= bytes.size());
    CHECK_FALSE(e.path.empty());
    covered.insert(g.code);
  }
  // Every decoder code except the unused size-mismatch (the header reports truncated or
  // trailing-bytes instead) and io-error (files are read by the caller) has a fixture.
  for (Code c : {Code::BadMagic, Code::UnsupportedHeaderVersion, Code::UnsupportedVersion, Code::Truncated,
                 Code::TrailingBytes, Code::TooLarge, Code::ChecksumMismatch, Code::CountOverLimit,
                 Code::CountPastEnd, Code::NotFinite, Code::UnknownEnum, Code::BadReference, Code::BadName,
                 Code::ForgedBounds, Code::ReservedNonZero, Code::BlendForVersion, Code::CurveOrder}) {
    INFO(codeName(c));
    CHECK(covered.count(c) == 1);
  }
}

TEST_CASE("forged bounds are accepted only when the stored-bounds check is relaxed", "[golden]") {
  const auto bytes = readGolden("invalid-forged-bounds.kwp");
  wp::DecodeOptions relaxed;
  relaxed.checkStoredBounds = false;
  auto r = wp::decodeKwp1(bytes, relaxed);
  REQUIRE(std::holds_alternative<wp::Document>(r));
  // Relaxing keeps every other rule: a version-1 alpha preset still fails.
  auto alpha = wp::decodeKwp1(readGolden("invalid-blend-for-version-alpha.kwp"), relaxed);
  REQUIRE(std::holds_alternative<kiln::core::DecodeError>(alpha));
  CHECK(std::get<kiln::core::DecodeError>(alpha).code == Code::BlendForVersion);
}
