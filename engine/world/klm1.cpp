// KLM1 level module codec: declared features plus named, length-prefixed KWS1/KWP1 entries.
#include <algorithm>
#include <set>
#include <string>

#include "core/bytes.hpp"
#include "core/header.hpp"
#include "world/fit.hpp"
#include "world/level.hpp"

namespace kiln::world {
namespace {

using core::Code;
using core::DecodeError;

struct Entry {
  std::string_view name;
  std::span<const std::uint8_t> data;
  std::uint64_t offset = 0;  // of the data in the module file
};

// A feature string is 1..64 printable ASCII characters without spaces.
bool validFeature(std::string_view s) {
  if (s.empty() || s.size() > kMaxFeatureBytes) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return c > 0x20 && c < 0x7f; });
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

class Scanner {
 public:
  explicit Scanner(std::span<const std::uint8_t> payload) : r_(payload, core::kHeaderSize) {}

  // A u32 count checked against its limit and the bytes its shortest elements need.
  std::optional<DecodeError> count(const char* path, std::uint32_t& n, std::size_t limit, std::size_t minBytes) {
    const std::uint64_t at = r_.offset();
    if (!r_.u32(n)) return DecodeError{Code::Truncated, at, path, "the payload ends inside this count"};
    if (n > limit)
      return DecodeError{Code::CountOverLimit, at, path,
                         std::to_string(n) + " declared, the limit is " + std::to_string(limit)};
    if (static_cast<std::uint64_t>(n) * minBytes > r_.remaining())
      return DecodeError{Code::CountPastEnd, at, path,
                         std::to_string(n) + " declared need at least " + std::to_string(n * minBytes) + " bytes, " +
                             std::to_string(r_.remaining()) + " remain"};
    return std::nullopt;
  }

  // A u16-length-prefixed string of 1..maxBytes bytes.
  std::optional<DecodeError> text(const std::string& path, std::string_view& out, std::size_t maxBytes) {
    const std::uint64_t at = r_.offset();
    std::uint16_t len = 0;
    if (!r_.u16(len)) return DecodeError{Code::Truncated, at, path, "the payload ends inside this length"};
    if (len == 0 || len > maxBytes)
      return DecodeError{Code::BadName, at, path,
                         "length " + std::to_string(len) + " is outside 1.." + std::to_string(maxBytes)};
    std::span<const std::uint8_t> b;
    if (!r_.view(len, b)) return DecodeError{Code::Truncated, r_.offset(), path, "the text runs past the payload"};
    out = std::string_view(reinterpret_cast<const char*>(b.data()), b.size());
    return std::nullopt;
  }

  core::ByteReader& reader() { return r_; }

 private:
  core::ByteReader r_;
};

// Phase 1: every length and name checked, entries located as views; nothing sized by a count.
std::optional<DecodeError> scan(std::span<const std::uint8_t> payload, std::vector<std::string>& features,
                                std::optional<Entry>& sectors, std::optional<Entry>& particlesEntry) {
  Scanner s(payload);
  std::uint32_t nFeatures = 0;
  if (auto e = s.count("features", nFeatures, kMaxFeatures, 3)) return e;
  for (std::uint32_t i = 0; i < nFeatures; ++i) {
    const std::string path = "features[" + std::to_string(i) + "]";
    const std::uint64_t at = s.reader().offset() + 2;
    std::string_view f;
    if (auto e = s.text(path, f, kMaxFeatureBytes)) return e;
    if (!validFeature(f)) return DecodeError{Code::BadName, at, path, "a feature is printable ASCII without spaces"};
    features.emplace_back(f);
  }
  std::uint32_t nEntries = 0;
  if (auto e = s.count("entries", nEntries, kMaxEntries, 2 + 1 + 4)) return e;
  for (std::uint32_t i = 0; i < nEntries; ++i) {
    const std::string path = "entries[" + std::to_string(i) + "]";
    const std::uint64_t nameAt = s.reader().offset();
    Entry entry;
    if (auto e = s.text(path + ".name", entry.name, kMaxEntryNameBytes)) return e;
    std::optional<Entry>* slot = entry.name == kSectorsEntry     ? &sectors
                                 : entry.name == kParticlesEntry ? &particlesEntry
                                                                 : nullptr;
    if (!slot)
      return DecodeError{Code::UnknownEntry, nameAt, path + ".name",
                         "entry '" + std::string(entry.name) + "' is not @world/sectors or @world/particles"};
    if (slot->has_value())
      return DecodeError{Code::DuplicateEntry, nameAt, path + ".name",
                         "entry '" + std::string(entry.name) + "' appears more than once"};
    const std::uint64_t lenAt = s.reader().offset();
    std::uint32_t len = 0;
    if (!s.reader().u32(len)) return DecodeError{Code::Truncated, lenAt, path + ".size", "the payload ends inside this size"};
    entry.offset = s.reader().offset();
    if (!s.reader().view(len, entry.data))
      return DecodeError{Code::Truncated, lenAt, path + ".size",
                         "entry declares " + std::to_string(len) + " bytes but " +
                             std::to_string(s.reader().remaining()) + " remain"};
    *slot = entry;
  }
  if (!s.reader().atEnd())
    return DecodeError{Code::TrailingBytes, s.reader().offset(), "entries",
                       std::to_string(s.reader().remaining()) + " bytes follow the last entry"};
  if (!sectors)
    return DecodeError{Code::MissingEntry, s.reader().offset(), "entries", "the required @world/sectors entry is absent"};
  return std::nullopt;
}

// An embedded codec's error, moved to this file's offsets and named by its entry.
DecodeError rebase(DecodeError e, const Entry& entry) {
  e.offset += entry.offset;
  e.path = std::string(entry.name) + ":" + e.path;
  return e;
}

}  // namespace

std::vector<std::string> requiredFeatures(const Level& level) {
  std::vector<std::string> f{std::string(particles::SectorsFeature)};
  if (level.particles) f.emplace_back(particles::featureForVersion(level.particles->version));
  return f;
}

std::vector<std::uint8_t> encodeKlm1(const Level& level) {
  core::ByteWriter w;
  w.u32(static_cast<std::uint32_t>(level.features.size()));
  for (const std::string& f : level.features) {
    w.u16(static_cast<std::uint16_t>(f.size()));
    w.raw(std::string_view(f));
  }
  auto entry = [&](std::string_view name, const std::vector<std::uint8_t>& data) {
    w.u16(static_cast<std::uint16_t>(name.size()));
    w.raw(name);
    w.u32(static_cast<std::uint32_t>(data.size()));
    w.raw(data);
  };
  w.u32(level.particles ? 2 : 1);
  entry(kSectorsEntry, encodeKws1(level.world));
  if (level.particles) entry(kParticlesEntry, particles::encodeKwp1(*level.particles));
  return core::frame(kKlm1Magic, kKlm1Version, w.bytes());
}

std::variant<Level, DecodeError> decodeKlm1(std::span<const std::uint8_t> file, const particles::DecodeOptions& options) {
  auto framed = core::readHeader(file, core::HeaderRules{kKlm1Magic, kKlm1Version, kKlm1Version, kMaxKlm1Bytes});
  if (auto* e = std::get_if<DecodeError>(&framed)) return *e;
  const std::span<const std::uint8_t> payload = std::get<core::Framed>(framed).payload;

  Level level;
  std::optional<Entry> sectors, particlesEntry;
  if (auto e = scan(payload, level.features, sectors, particlesEntry)) return *e;

  auto world = decodeKws1(sectors->data);
  if (auto* e = std::get_if<DecodeError>(&world)) return rebase(*e, *sectors);
  level.world = std::move(std::get<World>(world));
  if (particlesEntry) {
    auto doc = particles::decodeKwp1(particlesEntry->data, options);
    if (auto* e = std::get_if<DecodeError>(&doc)) return rebase(*e, *particlesEntry);
    level.particles = std::move(std::get<particles::Document>(doc));
  }

  // The declared list must name exactly what the entries need: nothing missing, nothing extra.
  const std::vector<std::string> required = requiredFeatures(level);
  const std::set<std::string> declared(level.features.begin(), level.features.end());
  std::vector<std::string> undeclared, extra;
  for (const std::string& f : required)
    if (!declared.count(f)) undeclared.push_back(f);
  for (const std::string& f : declared)
    if (std::find(required.begin(), required.end(), f) == required.end()) extra.push_back(f);
  if (declared.size() != level.features.size() || !undeclared.empty() || !extra.empty()) {
    std::string msg = "declared [" + joined(level.features) + "] but the entries require [" + joined(required) + "]";
    if (declared.size() != level.features.size()) msg += "; a feature is listed twice";
    return DecodeError{Code::FeatureMismatch, core::kHeaderSize, "features", msg};
  }

  // A module is self-consistent: every emitter's sector exists and, unless bounds checks are
  // relaxed for inspection, its stored bounds fit that sector.
  if (level.particles) {
    for (const core::Diagnostic& d : validateForWorld(level.world, *level.particles)) {
      if (d.code == Code::OutsideSector && !options.checkStoredBounds) continue;
      return DecodeError{d.code, particlesEntry->offset, std::string(kParticlesEntry) + ":" + d.path, d.message};
    }
  }
  return level;
}

}  // namespace kiln::world
