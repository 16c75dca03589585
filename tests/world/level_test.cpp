// Level modules: required features, KLM1 round trips, mounting and cartridge coverage.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/file.hpp"
#include "goldens.hpp"
#include "particles/sample_docs.hpp"
#include "sim/scenes.hpp"
#include "world/level.hpp"
#include "worlds.hpp"

using kiln::core::Code;
using kiln::core::DecodeError;
namespace kw = kiln::world;
namespace wp = kiln::particles;
using Features = std::vector<std::string>;

namespace {

kw::Level makeLevel(std::uint16_t worldVersion, std::optional<wp::Document> doc) {
  kw::Level l;
  l.world = kiln::worldtest::levelWorld(worldVersion);
  l.particles = std::move(doc);
  l.features = kw::requiredFeatures(l);
  return l;
}

kw::HostCapabilities host(Features f) { return kw::HostCapabilities{std::move(f)}; }

}  // namespace

TEST_CASE("required features follow the entries and the particles version", "[world][level]") {
  CHECK(kw::requiredFeatures(makeLevel(1, std::nullopt)) == Features{"world/sectors@1"});
  CHECK(kw::requiredFeatures(makeLevel(3, kiln::testdocs::sampleDocumentV1())) ==
        Features{"world/sectors@1", "world/particles@1"});
  // Version 2 does not imply version 1.
  CHECK(kw::requiredFeatures(makeLevel(1, kiln::testdocs::sampleDocumentV2())) ==
        Features{"world/sectors@1", "world/particles@2"});
}

TEST_CASE("KLM1 round-trips levels bit for bit", "[world][level]") {
  for (const kw::Level& l : {makeLevel(1, std::nullopt), makeLevel(2, kiln::testdocs::sampleDocumentV1()),
                             makeLevel(3, kiln::testdocs::sampleDocumentV2())}) {
    const auto bytes = kw::encodeKlm1(l);
    auto r = kw::decodeKlm1(bytes);
    if (auto* e = std::get_if<DecodeError>(&r)) FAIL(kiln::core::format(*e));
    CHECK(std::get<kw::Level>(r) == l);
    CHECK(kw::encodeKlm1(std::get<kw::Level>(r)) == bytes);
  }
}

TEST_CASE("declared features may be listed in any order", "[world][level]") {
  kw::Level l = makeLevel(2, kiln::testdocs::sampleDocumentV1());
  std::swap(l.features[0], l.features[1]);
  auto r = kw::decodeKlm1(kw::encodeKlm1(l));
  REQUIRE(std::holds_alternative<kw::Level>(r));
  CHECK(std::get<kw::Level>(r).features == Features{"world/particles@1", "world/sectors@1"});
}

TEST_CASE("embedded errors are re-based into the module and named by entry", "[world][level]") {
  kw::Level l = makeLevel(1, std::nullopt);
  l.world.sectors[1].floor.z = 100;  // corridor floor above its ceiling
  const auto bytes = kw::encodeKlm1(l);
  auto r = kw::decodeKlm1(bytes);
  REQUIRE(std::holds_alternative<DecodeError>(r));
  const DecodeError& e = std::get<DecodeError>(r);
  CHECK(e.code == Code::FloorAboveCeiling);
  CHECK(e.path.rfind("@world/sectors:", 0) == 0);
  // The KWS1 file starts at 61 in a one-feature module; its corridor record at 110 within it.
  CHECK(e.offset == 61 + 110);
}

TEST_CASE("relaxed bounds checks let a level with bounds outside its sector decode", "[world][level]") {
  kw::Level l = makeLevel(2, kiln::testdocs::sampleDocumentV1());
  l.world.sectors[0].ceiling.z = 1.5;
  const auto bytes = kw::encodeKlm1(l);
  auto strict = kw::decodeKlm1(bytes);
  REQUIRE(std::holds_alternative<DecodeError>(strict));
  CHECK(std::get<DecodeError>(strict).code == Code::OutsideSector);
  wp::DecodeOptions relaxed;
  relaxed.checkStoredBounds = false;
  CHECK(std::holds_alternative<kw::Level>(kw::decodeKlm1(bytes, relaxed)));
}

TEST_CASE("a missing sector is relaxable too, and relaxableFindings lists every finding", "[world][level]") {
  const kw::Level good = makeLevel(2, kiln::testdocs::sampleDocumentV1());
  CHECK(kw::relaxableFindings(good).empty());
  kw::Level l = good;
  l.particles->emitters[0].sector = static_cast<std::uint32_t>(l.world.sectors.size());  // one past the last
  l.particles->emitters[1].bounds.max.z -= 0.25;  // forged (lowered, so still inside its sector)
  const auto bytes = kw::encodeKlm1(l);
  auto strict = kw::decodeKlm1(bytes);
  REQUIRE(std::holds_alternative<DecodeError>(strict));
  wp::DecodeOptions relaxed;
  relaxed.checkStoredBounds = false;
  const auto opened = kw::decodeKlm1(bytes, relaxed);
  REQUIRE(std::holds_alternative<kw::Level>(opened));
  const auto findings = kw::relaxableFindings(std::get<kw::Level>(opened));
  REQUIRE(findings.size() == 2);
  CHECK(findings[0].code == Code::ForgedBounds);
  CHECK(findings[0].path == wp::emitterPath(l.particles->emitters[1], 1) + ".bounds");
  CHECK(findings[0].message.rfind("bounds.max.z: stored ", 0) == 0);
  CHECK(findings[1].code == Code::MissingSector);
  // Without a world to fit (a bare .kwp), only the stored-bounds finding remains.
  CHECK(kw::relaxableFindings(std::get<kw::Level>(opened), false).size() == 1);
  // The last existing sector index is not missing (inside the rule) — only the bounds may then
  // fall outside it.
  kw::Level last = good;
  last.particles->emitters[0].sector = static_cast<std::uint32_t>(last.world.sectors.size() - 1);
  for (const auto& d : kw::relaxableFindings(last)) CHECK(d.code != Code::MissingSector);
  CHECK(kw::isRelaxable(Code::OutsideSector));
  CHECK_FALSE(kw::isRelaxable(Code::FeatureMismatch));
}

TEST_CASE("a level mounts only where every feature it requires is advertised", "[world][mount]") {
  const kw::Level v1 = makeLevel(2, kiln::testdocs::sampleDocumentV1());
  const kw::Level v2 = makeLevel(3, kiln::testdocs::sampleDocumentV2());
  CHECK(kw::mount(v1, kw::kilnCapabilities()).empty());
  CHECK(kw::mount(v2, kw::kilnCapabilities()).empty());
  CHECK(kw::mount(v1, host({"world/sectors@1", "world/particles@1"})).empty());

  // A version-1 host cannot mount a version-2 level, and names exactly what is missing.
  const auto refused = kw::mount(v2, host({"world/sectors@1", "world/particles@1"}));
  REQUIRE(refused.size() == 1);
  CHECK(refused[0].code == Code::MissingFeature);
  CHECK(kw::missingFeatures(v2.features, host({"world/sectors@1", "world/particles@1"})) ==
        Features{"world/particles@2"});
  // ...and a version-2-only host cannot mount a version-1 level.
  CHECK(kw::missingFeatures(v1.features, host({"world/sectors@1", "world/particles@2"})) ==
        Features{"world/particles@1"});

  const auto bare = kw::mount(v2, host({}));
  CHECK(bare.size() == 2);
  CHECK(kw::missingFeatures(v2.features, host({})) == Features{"world/sectors@1", "world/particles@2"});
  for (const auto& d : bare) CHECK(d.code == Code::MissingFeature);
}

TEST_CASE("cartridge manifests parse and print canonically", "[world][cartridge]") {
  const std::string text =
      "# sample cartridge\n"
      "kiln-cartridge 1\n"
      "\n"
      "feature world/sectors@1\n"
      "feature world/particles@1\r\n"
      "level levels/hall.klm\n"
      "level levels/with space.klm\n";
  auto r = kw::parseCartridge(text);
  REQUIRE(std::holds_alternative<kw::Cartridge>(r));
  const kw::Cartridge& c = std::get<kw::Cartridge>(r);
  CHECK(c.features == Features{"world/sectors@1", "world/particles@1"});
  CHECK(c.levels == Features{"levels/hall.klm", "levels/with space.klm"});
  auto again = kw::parseCartridge(kw::formatCartridge(c));
  REQUIRE(std::holds_alternative<kw::Cartridge>(again));
  CHECK(std::get<kw::Cartridge>(again) == c);
}

TEST_CASE("malformed cartridge manifests are rejected with codes", "[world][cartridge]") {
  auto codeOf = [](std::string_view text) {
    auto r = kw::parseCartridge(text);
    REQUIRE(std::holds_alternative<kiln::core::Diagnostics>(r));
    return std::get<kiln::core::Diagnostics>(r).front().code;
  };
  CHECK(codeOf("feature world/sectors@1\nlevel a.klm\n") == Code::BadMagic);
  CHECK(codeOf("") == Code::BadMagic);
  CHECK(codeOf("kiln-cartridge 2\nlevel a.klm\n") == Code::UnsupportedVersion);
  CHECK(codeOf("kiln-cartridge 1\nlevels a.klm\n") == Code::UnknownKey);
  CHECK(codeOf("kiln-cartridge 1\nlevel\n") == Code::MissingField);
  CHECK(codeOf("kiln-cartridge 1\nfeature world/sectors@1\n") == Code::MissingField);  // no level
  CHECK(codeOf("kiln-cartridge 1\nfeature a\nfeature a\nlevel a.klm\n") == Code::DuplicateName);
  CHECK(codeOf("kiln-cartridge 1\nfeature caf\xc3\xa9\nlevel a.klm\n") == Code::BadName);
  auto d = std::get<kiln::core::Diagnostics>(kw::parseCartridge("kiln-cartridge 1\nlevel a.klm\nbogus x\n"));
  CHECK(d.front().path == "cartridge:3");
}

TEST_CASE("a cartridge's features must cover every level's", "[world][cartridge]") {
  const kw::Level v1 = makeLevel(2, kiln::testdocs::sampleDocumentV1());
  const kw::Level v2 = makeLevel(3, kiln::testdocs::sampleDocumentV2());
  kw::Cartridge c;
  c.levels = {"one.klm", "two.klm"};
  c.features = {"world/sectors@1", "world/particles@1", "world/particles@2"};
  CHECK(kw::checkCartridgeFeatures(c, {v1.features, v2.features}).empty());

  // Levels of both versions need both particle features; version 2 does not cover version 1.
  c.features = {"world/sectors@1", "world/particles@2"};
  auto ds = kw::checkCartridgeFeatures(c, {v1.features, v2.features});
  REQUIRE(ds.size() == 1);
  CHECK(ds[0].code == Code::CartridgeFeatures);
  c.features = {"world/sectors@1", "world/particles@1"};
  ds = kw::checkCartridgeFeatures(c, {v1.features, v2.features});
  REQUIRE(ds.size() == 1);
  CHECK(ds[0].code == Code::CartridgeFeatures);
  // A cartridge of version-1 levels alone needs only @1.
  CHECK(kw::checkCartridgeFeatures(c, {v1.features}).empty());
}

TEST_CASE("the sample cartridge manifest parses", "[world][cartridge]") {
  std::string error;
  const auto bytes = kiln::core::readFile(std::string(KILN_SOURCE_DIR) + "/assets/cartridge.kcart", error);
  INFO(error);
  REQUIRE(bytes);
  auto r = kw::parseCartridge(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
  if (auto* ds = std::get_if<kiln::core::Diagnostics>(&r)) FAIL(kiln::core::format(ds->front()));
  const kw::Cartridge& c = std::get<kw::Cartridge>(r);
  CHECK_FALSE(c.levels.empty());
  // Its levels use both particle versions, so it must advertise both.
  const kw::HostCapabilities declared{c.features};
  CHECK(declared.advertises("world/particles@1"));
  CHECK(declared.advertises("world/particles@2"));
}

TEST_CASE("mount checks what the entries need even when the declaration is stale", "[world][mount]") {
  kw::Level l = makeLevel(3, kiln::testdocs::sampleDocumentV2());
  l.features = {"world/sectors@1"};  // an in-memory level that forgot its particles feature
  const auto refused = kw::mount(l, host({"world/sectors@1", "world/particles@1"}));
  REQUIRE(refused.size() == 1);
  CHECK(refused[0].code == Code::MissingFeature);
  CHECK(kw::mount(l, host({"world/sectors@1", "world/particles@2"})).empty());
}

TEST_CASE("a module whose entries are each near their own bound fits the KLM1 bound and reads back",
          "[world][level]") {
  // Sector 0 holds every emitter of the largest particle document; then 64-gons far from it until
  // the world is within one more of the KWS1 bound; then the largest KEV1 section.
  kw::Level l;
  l.world.version = 3;
  kw::Sector hall = kiln::worldtest::box("hall", -100, -100, 100, 100, -100, 100);
  l.world.sectors.push_back(hall);
  auto ring = [](std::size_t i) {
    kw::Sector s;
    const std::string n = std::to_string(1000 + i);  // one length for every name: a ring's size is fixed
    s.name = "ring_" + n;
    const double cx = 1000.0 + 10.0 * static_cast<double>(i % 32), cy = 1000.0 + 10.0 * static_cast<double>(i / 32);
    for (int k = 0; k < 64; ++k) {
      const double a = 2 * 3.14159265358979323846 * k / 64;
      s.walls.push_back({cx + 4 * std::cos(a), cy + 4 * std::sin(a)});
    }
    s.ceiling.z = 3;
    s.portals.assign(64, kw::kNoPortal);
    return s;
  };
  const std::size_t base = kw::encodeKws1(l.world).size();
  l.world.sectors.push_back(ring(1));
  const std::size_t perRing = kw::encodeKws1(l.world).size() - base;
  const std::size_t rings = (kw::kMaxKws1Bytes - base) / perRing;
  REQUIRE(rings < kw::kMaxSectors);
  for (std::size_t i = 2; i <= rings; ++i) l.world.sectors.push_back(ring(i));
  const std::size_t worldBytes = kw::encodeKws1(l.world).size();
  CHECK(worldBytes <= kw::kMaxKws1Bytes);
  CHECK(worldBytes + perRing > kw::kMaxKws1Bytes);
  l.particles = kiln::testdocs::maximumDocument();
  l.events = simtest::largestEvents();
  l.features = kw::requiredFeatures(l);

  const std::vector<std::uint8_t> bytes = kw::encodeKlm1(l);
  INFO("module " << bytes.size() << " bytes, world " << worldBytes);
  CHECK(bytes.size() > (2u << 20));  // the 2 MiB bound of earlier builds refused this module
  CHECK(bytes.size() <= kw::kMaxKlm1Bytes);
  auto back = kw::decodeKlm1(bytes);
  if (auto* e = std::get_if<DecodeError>(&back)) FAIL(kiln::core::format(*e));
  CHECK(kw::encodeKlm1(std::get<kw::Level>(back)) == bytes);

  // The bound itself: a header declaring one byte more is too-large, the bound exactly is not.
  auto declaring = [&](std::uint64_t total) {
    std::vector<std::uint8_t> b = bytes;
    const auto payload = static_cast<std::uint32_t>(total - 16);
    for (int k = 0; k < 4; ++k) b[8 + k] = static_cast<std::uint8_t>(payload >> (8 * k));
    const auto r = kw::decodeKlm1(b);
    return std::holds_alternative<DecodeError>(r) ? std::get<DecodeError>(r).code : Code::IoError;
  };
  CHECK(declaring(kw::kMaxKlm1Bytes + 1) == Code::TooLarge);
  CHECK(declaring(kw::kMaxKlm1Bytes) != Code::TooLarge);
  CHECK(kw::kMaxKlm1Bytes == 4u * 1024 * 1024 + 4096);
}
