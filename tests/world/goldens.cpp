// Builds the golden KWS1/KLM1 fixtures. Format defects are byte edits at offsets worked out by
// hand from docs/formats/kws1.md and klm1.md; validation defects are one-field model edits.
#include "goldens.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <limits>

#include "core/bytes.hpp"
#include "core/header.hpp"
#include "particles/kwp1/kwp1.hpp"
#include "particles/sample_docs.hpp"
#include "world/level.hpp"
#include "worlds.hpp"

namespace kiln::worldtest {

using core::Code;
namespace kw = kiln::world;
namespace wp = kiln::particles;

inline constexpr std::uint64_t kAnyOffset = std::numeric_limits<std::uint64_t>::max();

void patchU16(std::vector<std::uint8_t>& f, std::uint64_t at, std::uint16_t v) {
  for (int i = 0; i < 2; ++i) f.at(at + static_cast<std::uint64_t>(i)) = static_cast<std::uint8_t>(v >> (8 * i));
}
void patchU32(std::vector<std::uint8_t>& f, std::uint64_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) f.at(at + static_cast<std::uint64_t>(i)) = static_cast<std::uint8_t>(v >> (8 * i));
}
void patchF64(std::vector<std::uint8_t>& f, std::uint64_t at, double v) {
  const auto u = std::bit_cast<std::uint64_t>(v);
  for (int i = 0; i < 8; ++i) f.at(at + static_cast<std::uint64_t>(i)) = static_cast<std::uint8_t>(u >> (8 * i));
}
void reseal(std::vector<std::uint8_t>& f) {
  const std::span<const std::uint8_t> payload(f.data() + core::kHeaderSize, f.size() - core::kHeaderSize);
  patchU32(f, 8, static_cast<std::uint32_t>(payload.size()));
  patchU32(f, 12, core::crc32(payload));
}

kw::World levelWorld(std::uint16_t version) {
  kw::World w;
  w.version = version;
  kw::Sector hall = box("hall", -10, -10, 10, 10, -5, 15);
  kw::Sector corridor = box("corridor", 0, 0, 1, 1, -5, 15);
  corridor.walls = {{10, -10}, {14, -8}, {14, 8}, {10, 10}};
  if (version >= 2) {
    hall.portals = {kw::kNoPortal, 1, kw::kNoPortal, kw::kNoPortal};
    corridor.portals = {kw::kNoPortal, kw::kNoPortal, kw::kNoPortal, 0};
  }
  if (version >= 3) {
    hall.floor = {-5, 0.03125, 0};
    hall.ceiling = {15, 0, -0.0625};
    hall.ambient = {0.25, 0.25, 0.3};
    corridor.ambient = {0.1, 0.1, 0.125};
  }
  w.sectors = {hall, corridor};
  return w;
}

namespace {

using Edit = std::function<void(std::vector<std::uint8_t>&)>;
using WorldEdit = std::function<void(kw::World&)>;

struct Builder {
  std::vector<Golden> out;

  void valid(std::string file, std::vector<std::uint8_t> bytes, std::string why) {
    out.push_back({std::move(file), std::move(bytes), true, {}, 0, std::move(why)});
  }
  void bytes(std::string file, Code code, std::uint64_t offset, std::string why, std::vector<std::uint8_t> base,
             const Edit& edit, bool sealed) {
    edit(base);
    if (sealed) reseal(base);
    out.push_back({std::move(file), std::move(base), false, code, offset, std::move(why)});
  }
  void world(std::string file, Code code, std::uint64_t offset, std::string why, std::uint16_t version,
             const WorldEdit& edit) {
    kw::World w = sampleWorld(version);
    edit(w);
    out.push_back({std::move(file), kw::encodeKws1(w), false, code, offset, std::move(why)});
  }
};

}  // namespace

std::vector<Golden> kws1Goldens() {
  Builder b;
  const auto v3 = kw::encodeKws1(sampleWorld(3));
  b.valid("kws1/world-v1.kws", kw::encodeKws1(sampleWorld(1)), "hall and corridor, flat");
  b.valid("kws1/world-v2.kws", kw::encodeKws1(sampleWorld(2)), "hall and corridor joined by a portal");
  b.valid("kws1/world-v3.kws", v3, "portal, sloped planes and ambient colours");

  // Offsets in the version-3 sample (docs/formats/kws1.md): sector count at 16; hall at 20
  // (name length 20, vertex count 26, vertices 30, floor 94, ceiling 118, portals 142,
  // ambient 158); corridor at 182; the file is 348 bytes.
  const bool sealed = true, raw = false;
  b.bytes("kws1/invalid-bad-magic.kws", Code::BadMagic, 0, "magic KWSX", v3, [](auto& f) { f[3] = 'X'; }, raw);
  b.bytes("kws1/invalid-header-version.kws", Code::UnsupportedHeaderVersion, 4, "header version 2", v3,
          [](auto& f) { patchU16(f, 4, 2); }, raw);
  b.bytes("kws1/invalid-version-0.kws", Code::UnsupportedVersion, 6, "world version 0", v3,
          [](auto& f) { patchU16(f, 6, 0); }, raw);
  b.bytes("kws1/invalid-version-4.kws", Code::UnsupportedVersion, 6, "world version 4", v3,
          [](auto& f) { patchU16(f, 6, 4); }, raw);
  b.bytes("kws1/invalid-too-large.kws", Code::TooLarge, 8, "payload size declares a file over 1 MiB", v3,
          [](auto& f) { patchU32(f, 8, 1u << 20); }, raw);
  b.bytes("kws1/invalid-truncated.kws", Code::Truncated, 347, "last byte cut, header unchanged", v3,
          [](auto& f) { f.pop_back(); }, raw);
  b.bytes("kws1/invalid-trailing-bytes.kws", Code::TrailingBytes, 348, "one byte after the declared payload", v3,
          [](auto& f) { f.push_back(0); }, raw);
  b.bytes("kws1/invalid-checksum.kws", Code::ChecksumMismatch, 12, "crc32 off by one bit", v3,
          [](auto& f) { f[12] ^= 1; }, raw);
  b.bytes("kws1/invalid-payload-trailing-bytes.kws", Code::TrailingBytes, 348, "a byte after the last sector", v3,
          [](auto& f) { f.push_back(0); }, sealed);
  b.bytes("kws1/invalid-payload-truncated.kws", Code::Truncated, 340, "payload ends inside the last ambient value",
          v3, [](auto& f) { f.pop_back(); }, sealed);
  b.bytes("kws1/invalid-sector-count-over-limit.kws", Code::CountOverLimit, 16, "1025 sectors declared", v3,
          [](auto& f) { patchU32(f, 16, 1025); }, sealed);
  b.bytes("kws1/invalid-sector-count-past-end.kws", Code::CountPastEnd, 16, "5 sectors need more bytes than remain",
          v3, [](auto& f) { patchU32(f, 16, 5); }, sealed);
  b.bytes("kws1/invalid-sector-missing.kws", Code::Truncated, 348, "3 sectors declared, 2 present", v3,
          [](auto& f) { patchU32(f, 16, 3); }, sealed);
  b.bytes("kws1/invalid-vertex-count-over-limit.kws", Code::CountOverLimit, 26, "65 vertices declared", v3,
          [](auto& f) { patchU32(f, 26, 65); }, sealed);
  b.bytes("kws1/invalid-vertex-count-past-end.kws", Code::CountPastEnd, 26, "20 vertices need more bytes than remain",
          v3, [](auto& f) { patchU32(f, 26, 20); }, sealed);
  b.bytes("kws1/invalid-nan-vertex.kws", Code::NotFinite, 30, "hall vertex 0 x is NaN", v3,
          [](auto& f) { patchF64(f, 30, std::numeric_limits<double>::quiet_NaN()); }, sealed);
  b.bytes("kws1/invalid-infinite-ambient.kws", Code::NotFinite, 158, "hall ambient red is +inf", v3,
          [](auto& f) { patchF64(f, 158, std::numeric_limits<double>::infinity()); }, sealed);
  b.bytes("kws1/invalid-portal-index.kws", Code::BadReference, 146, "hall wall 1 portals to sector 7", v3,
          [](auto& f) { patchU32(f, 146, 7); }, sealed);
  b.bytes("kws1/invalid-name-length.kws", Code::BadName, 20, "hall's name length 65", v3,
          [](auto& f) { patchU16(f, 20, 65); }, sealed);
  b.world("kws1/invalid-empty-name.kws", Code::BadName, 20, "hall named ''", 3,
          [](kw::World& w) { w.sectors[0].name.clear(); });
  b.world("kws1/invalid-control-name.kws", Code::BadName, 22, "hall named 'ha\\x01l'", 3,
          [](kw::World& w) { w.sectors[0].name = "ha\x01l"; });

  // Validation defects (phase 2) report the offending sector's record offset: in versions 1
  // and 2 the hall starts at 20; the corridor at 110 (v1).
  b.world("kws1/invalid-two-vertices.kws", Code::VertexCount, 110, "corridor has 2 vertices", 1,
          [](kw::World& w) { w.sectors[1].walls.resize(2); });
  b.world("kws1/invalid-not-convex.kws", Code::NotConvex, 110, "corridor vertex 2 is a reflex corner", 1,
          [](kw::World& w) { w.sectors[1].walls[2] = {9, 3}; });
  b.world("kws1/invalid-clockwise.kws", Code::Clockwise, 20, "hall listed clockwise", 1,
          [](kw::World& w) { std::reverse(w.sectors[0].walls.begin(), w.sectors[0].walls.end()); });
  b.world("kws1/invalid-degenerate-edge.kws", Code::DegenerateEdge, 110, "corridor vertex 1 repeated", 1,
          [](kw::World& w) { w.sectors[1].walls.insert(w.sectors[1].walls.begin() + 1, w.sectors[1].walls[1]); });
  b.world("kws1/invalid-floor-above-ceiling.kws", Code::FloorAboveCeiling, 110, "corridor floor 3 = ceiling 3", 1,
          [](kw::World& w) { w.sectors[1].floor.z = 3; });
  b.world("kws1/invalid-duplicate-name.kws", Code::DuplicateName, 110, "corridor renamed hall", 1,
          [](kw::World& w) { w.sectors[1].name = "hall"; });
  b.world("kws1/invalid-portal-not-reciprocal.kws", Code::PortalNotReciprocal, 20, "corridor wall 3 made solid", 2,
          [](kw::World& w) { w.sectors[1].portals[3] = kw::kNoPortal; });
  b.world("kws1/invalid-portal-edge-mismatch.kws", Code::PortalEdgeMismatch, 20,
          "corridor portals back through wall 0 instead of 3", 2,
          [](kw::World& w) { w.sectors[1].portals = {0, kw::kNoPortal, kw::kNoPortal, kw::kNoPortal}; });
  b.world("kws1/invalid-ambient-range.kws", Code::ColorRange, 20, "hall ambient red 1.5", 3,
          [](kw::World& w) { w.sectors[0].ambient[0] = 1.5; });
  return b.out;
}

namespace {

struct RawEntry {
  std::string name;
  std::vector<std::uint8_t> data;
};

// An independent KLM1 writer for malformed modules (docs/formats/klm1.md), so fixtures can
// hold entries and features encodeKlm1 would never write.
std::vector<std::uint8_t> module(const std::vector<std::string>& features, const std::vector<RawEntry>& entries) {
  core::ByteWriter w;
  w.u32(static_cast<std::uint32_t>(features.size()));
  for (const auto& f : features) {
    w.u16(static_cast<std::uint16_t>(f.size()));
    w.raw(std::string_view(f));
  }
  w.u32(static_cast<std::uint32_t>(entries.size()));
  for (const auto& e : entries) {
    w.u16(static_cast<std::uint16_t>(e.name.size()));
    w.raw(std::string_view(e.name));
    w.u32(static_cast<std::uint32_t>(e.data.size()));
    w.raw(e.data);
  }
  return core::frame("KLM1", 1, w.bytes());
}

kw::Level level(std::uint16_t worldVersion, std::optional<wp::Document> doc) {
  kw::Level l;
  l.world = levelWorld(worldVersion);
  l.particles = std::move(doc);
  l.features = kw::requiredFeatures(l);
  return l;
}

}  // namespace

std::vector<Golden> klm1Goldens() {
  Builder b;
  const std::string s1 = "world/sectors@1", p1 = "world/particles@1";
  const auto worldOnly = kw::encodeKlm1(level(1, std::nullopt));
  const auto sectors = kw::encodeKws1(levelWorld(1));
  const auto doc1 = wp::encodeKwp1(testdocs::sampleDocumentV1());
  const auto doc2 = wp::encodeKwp1(testdocs::sampleDocumentV2());
  b.valid("klm1/level-world-only.klm", worldOnly, "version-1 world, no particles");
  b.valid("klm1/level-v1.klm", kw::encodeKlm1(level(2, testdocs::sampleDocumentV1())), "v2 world, v1 particles");
  b.valid("klm1/level-v2.klm", kw::encodeKlm1(level(3, testdocs::sampleDocumentV2())), "v3 world, v2 particles");

  // World-only layout: feature count 16, its length 20, text 22..36, entry count 37, name
  // length 41, name 43..56, size 57, KWS1 bytes from 61.
  const std::uint64_t afterSectors = 61 + sectors.size();
  const bool sealed = true, raw = false;
  b.bytes("klm1/invalid-bad-magic.klm", Code::BadMagic, 0, "magic KLMX", worldOnly, [](auto& f) { f[3] = 'X'; }, raw);
  b.bytes("klm1/invalid-version-2.klm", Code::UnsupportedVersion, 6, "module version 2", worldOnly,
          [](auto& f) { patchU16(f, 6, 2); }, raw);
  b.bytes("klm1/invalid-feature-count.klm", Code::CountOverLimit, 16, "17 features declared", worldOnly,
          [](auto& f) { patchU32(f, 16, 17); }, sealed);
  b.bytes("klm1/invalid-entry-size.klm", Code::Truncated, 57, "sectors entry one byte longer than the payload",
          worldOnly, [&](auto& f) { patchU32(f, 57, static_cast<std::uint32_t>(sectors.size() + 1)); }, sealed);
  b.bytes("klm1/invalid-trailing-bytes.klm", Code::TrailingBytes, afterSectors, "a byte after the last entry",
          worldOnly, [](auto& f) { f.push_back(0); }, sealed);
  b.bytes("klm1/invalid-embedded-checksum.klm", Code::ChecksumMismatch, 61 + 12, "embedded KWS1 crc32 off by one bit",
          worldOnly, [](auto& f) { f[61 + 12] ^= 1; }, sealed);
  auto add = [&](std::string file, Code code, std::uint64_t offset, std::string why, std::vector<std::uint8_t> bytes) {
    b.out.push_back({std::move(file), std::move(bytes), false, code, offset, std::move(why)});
  };
  add("klm1/invalid-feature-name.klm", Code::BadName, 22, "feature 'world/sectors @1' has a space",
      module({"world/sectors @1"}, {{"@world/sectors", sectors}}));
  add("klm1/invalid-unknown-entry.klm", Code::UnknownEntry, afterSectors, "an @world/sounds entry",
      module({s1}, {{"@world/sectors", sectors}, {"@world/sounds", {1, 2, 3, 4}}}));
  add("klm1/invalid-duplicate-entry.klm", Code::DuplicateEntry, afterSectors, "@world/sectors twice",
      module({s1}, {{"@world/sectors", sectors}, {"@world/sectors", sectors}}));
  add("klm1/invalid-missing-sectors.klm", Code::MissingEntry, kAnyOffset, "only a particles entry",
      module({s1, p1}, {{"@world/particles", doc1}}));
  add("klm1/invalid-feature-v2-declares-v1.klm", Code::FeatureMismatch, 16,
      "v2 particles declared as world/particles@1", module({s1, p1}, {{"@world/sectors", sectors}, {"@world/particles", doc2}}));
  add("klm1/invalid-feature-undeclared.klm", Code::FeatureMismatch, 16, "particles entry, particles feature absent",
      module({s1}, {{"@world/sectors", sectors}, {"@world/particles", doc1}}));
  add("klm1/invalid-feature-extra.klm", Code::FeatureMismatch, 16, "no particles entry, particles@1 declared",
      module({s1, p1}, {{"@world/sectors", sectors}}));
  add("klm1/invalid-feature-duplicate.klm", Code::FeatureMismatch, 16, "world/sectors@1 declared twice",
      module({s1, s1}, {{"@world/sectors", sectors}}));
  wp::Document lost = testdocs::sampleDocumentV1();
  lost.emitters[1].sector = 7;
  add("klm1/invalid-missing-sector.klm", Code::MissingSector, kAnyOffset, "chimney placed in sector 7",
      kw::encodeKlm1(level(2, lost)));
  kw::Level low = level(2, testdocs::sampleDocumentV1());
  low.world.sectors[0].ceiling.z = 1.5;  // the embers rise well above 1.5
  add("klm1/invalid-outside-sector.klm", Code::OutsideSector, kAnyOffset, "hall ceiling lowered to 1.5",
      kw::encodeKlm1(low));
  return b.out;
}

}  // namespace kiln::worldtest
