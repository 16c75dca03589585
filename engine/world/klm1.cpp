// KLM1 level module codec: declared features plus named, length-prefixed KWS1/KWP1 entries.
#include <algorithm>
#include <set>
#include <string>
#include <utility>

#include "core/header.hpp"
#include "core/schema_walker.hpp"
#include "sim/kev1.hpp"
#include "world/fit.hpp"
#include "world/level.hpp"

namespace kiln::world {
namespace {

using core::Code;
using core::DecodeError;

using core::walk::Width;

// An entry as it lies in the module: its name and a view of its embedded file.
struct RawEntry {
  std::string name;
  core::walk::Blob data;
};

// The module payload: the declared features, then the named entries.
struct Module {
  std::vector<std::string> features;
  std::vector<RawEntry> entries;
};

constexpr core::walk::TextRule kFeatureRule{Width::U16, kMaxFeatureBytes, featureProblem};
// Entry names are only bounded here; which names exist is checked once the entry is read.
constexpr core::walk::TextRule kEntryNameRule{Width::U16, kMaxEntryNameBytes,
                                              [](std::string_view) { return std::optional<std::string>{}; }};

template <class W, class E>
void entryFields(W& w, E& e) {
  w.text("name", e.name, kEntryNameRule);
  w.blob("size", e.data);
}

template <class W, class M>
void moduleFields(W& w, M& m) {
  array(w, "features", m.features, Width::U32, kMaxFeatures,
        [](auto& ww, auto& f) { ww.text(nullptr, f, kFeatureRule); });
  array(w, "entries", m.entries, Width::U32, kMaxEntries, [](auto& ww, auto& e) { entryFields(ww, e); });
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

// The entries a module may hold, each at most once.
struct Slots {
  std::optional<RawEntry> sectors, particles, events;
};

// Which entry an entry name fills, or an error naming it; `at` is where the entry starts.
std::optional<DecodeError> placeEntry(const RawEntry& entry, std::size_t i, std::uint64_t at, Slots& slots) {
  const std::string path = "entries[" + std::to_string(i) + "].name";
  std::optional<RawEntry>* slot = entry.name == kSectorsEntry     ? &slots.sectors
                                  : entry.name == kParticlesEntry ? &slots.particles
                                  : entry.name == kEventsEntry    ? &slots.events
                                                                  : nullptr;
  if (!slot)
    return DecodeError{Code::UnknownEntry, at, path,
                       "entry '" + entry.name + "' is not " + std::string(kSectorsEntry) + ", " +
                           std::string(kParticlesEntry) + " or " + std::string(kEventsEntry)};
  if (slot->has_value())
    return DecodeError{Code::DuplicateEntry, at, path, "entry '" + entry.name + "' appears more than once"};
  *slot = entry;
  return std::nullopt;
}

// Phase 1: every length and name checked, entries located as views; the first defect in file
// order wins, whether the walk or an entry's name finds it.
std::optional<DecodeError> scan(std::span<const std::uint8_t> payload, Module& m, Slots& slots) {
  core::walk::Reader<true> r(payload, core::kHeaderSize, kKlm1Version);
  moduleFields(r, m);
  std::optional<DecodeError> error;
  if (!r.ok())
    error = r.error();
  else if (!r.bytes().atEnd())
    error = DecodeError{Code::TrailingBytes, r.offset(), "entries",
                        std::to_string(r.bytes().remaining()) + " bytes follow the last entry"};
  for (const auto& top : r.topLevel()) {
    if (top.field != "entries") continue;
    for (std::size_t i = 0; i < top.start.size() && i < m.entries.size(); ++i) {
      // An entry whose name the walk did not read, or that starts after the walk's defect,
      // comes second.
      if (m.entries[i].name.empty() || (error && error->offset <= top.start[i])) break;
      if (auto e = placeEntry(m.entries[i], i, top.start[i], slots)) return e;
    }
  }
  if (error) return error;
  if (!slots.sectors)
    return DecodeError{Code::MissingEntry, r.offset(), "entries",
                       "the required " + std::string(kSectorsEntry) + " entry is absent"};
  return std::nullopt;
}

// An embedded codec's error, moved to this file's offsets and named by its entry.
DecodeError rebase(DecodeError e, const RawEntry& entry) {
  e.offset += entry.data.offset;
  e.path = std::string(entry.name) + ":" + e.path;
  return e;
}

}  // namespace

std::vector<std::string> requiredFeatures(const Level& level) {
  std::vector<std::string> f{std::string(particles::SectorsFeature)};
  if (level.particles) f.emplace_back(particles::featureForVersion(level.particles->version));
  if (level.events) f.emplace_back(sim::Feature);
  return f;
}

std::vector<std::uint8_t> encodeKlm1(const Level& level) {
  const std::vector<std::uint8_t> sectorBytes = encodeKws1(level.world);
  const std::vector<std::uint8_t> particleBytes =
      level.particles ? particles::encodeKwp1(*level.particles) : std::vector<std::uint8_t>{};
  Module m{level.features, {{std::string(kSectorsEntry), {sectorBytes, 0}}}};
  if (level.particles) m.entries.push_back({std::string(kParticlesEntry), {particleBytes, 0}});
  const std::vector<std::uint8_t> eventBytes = level.events ? sim::encodeKev1(*level.events) : std::vector<std::uint8_t>{};
  if (level.events) m.entries.push_back({std::string(kEventsEntry), {eventBytes, 0}});
  core::walk::Writer w(kKlm1Version);
  moduleFields(w, std::as_const(m));
  return core::frame(kKlm1Magic, kKlm1Version, w.bytes());
}

std::variant<Level, DecodeError> decodeKlm1(std::span<const std::uint8_t> file, const particles::DecodeOptions& options) {
  auto framed = core::readHeader(file, core::HeaderRules{kKlm1Magic, kKlm1Version, kKlm1Version, kMaxKlm1Bytes});
  if (auto* e = std::get_if<DecodeError>(&framed)) return *e;
  const std::span<const std::uint8_t> payload = std::get<core::Framed>(framed).payload;

  Level level;
  Module m;
  Slots slots;
  if (auto e = scan(payload, m, slots)) return *e;
  const std::optional<RawEntry>& sectors = slots.sectors;
  const std::optional<RawEntry>& particlesEntry = slots.particles;
  level.features = std::move(m.features);

  auto world = decodeKws1(sectors->data.data);
  if (auto* e = std::get_if<DecodeError>(&world)) return rebase(*e, *sectors);
  level.world = std::move(std::get<World>(world));
  if (particlesEntry) {
    auto doc = particles::decodeKwp1(particlesEntry->data.data, options);
    if (auto* e = std::get_if<DecodeError>(&doc)) return rebase(*e, *particlesEntry);
    level.particles = std::move(std::get<particles::Document>(doc));
  }
  if (slots.events) {
    auto events = sim::decodeKev1(slots.events->data.data);
    if (auto* e = std::get_if<DecodeError>(&events)) return rebase(*e, *slots.events);
    level.events = std::move(std::get<sim::Events>(events));
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
      return DecodeError{d.code, particlesEntry->data.offset, std::string(kParticlesEntry) + ":" + d.path, d.message};
    }
  }
  return level;
}

}  // namespace kiln::world
