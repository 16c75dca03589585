// Level modules (KLM1), required features, mounting and the cartridge manifest
// (docs/formats/klm1.md, docs/formats/cartridge.md).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/diagnostic.hpp"
#include "particles/kwp1/kwp1.hpp"
#include "particles/model.hpp"
#include "sim/kev1.hpp"
#include "sim/model.hpp"
#include "world/world.hpp"

namespace kiln::world {

inline constexpr std::string_view kKlm1Magic = "KLM1";
inline constexpr std::uint16_t kKlm1Version = 1;
inline constexpr std::string_view kSectorsEntry = "@world/sectors";
inline constexpr std::string_view kParticlesEntry = "@world/particles";
inline constexpr std::string_view kEventsEntry = "@kiln/events";  // KEV1 (docs/formats/kev1.md)
// Structural limits the scan enforces before anything is allocated.
inline constexpr std::size_t kMaxFeatures = 16;
inline constexpr std::size_t kMaxEntries = 16;
inline constexpr std::size_t kMaxFeatureBytes = 64;
inline constexpr std::size_t kMaxEntryNameBytes = 64;
// The module's own bytes around its entries' data, at most: the header, 16 features of 64 bytes
// and the three entries' names and sizes come to 1,140 (docs/formats/klm1.md, "Bounds").
inline constexpr std::uint64_t kMaxModuleTableBytes = 4096;
static_assert(16 + 4 + kMaxFeatures * (2 + kMaxFeatureBytes) + 4 +
                      (2 + kSectorsEntry.size() + 4) + (2 + kParticlesEntry.size() + 4) + (2 + kEventsEntry.size() + 4) <=
                  kMaxModuleTableBytes,
              "the module table must fit its share of the bound");
// The whole file, header included: every entry at its own format's bound plus the table, so the
// bound never refuses a module whose entries are each within theirs (4 MiB + 4 KiB).
inline constexpr std::uint64_t kMaxKlm1Bytes = kMaxKws1Bytes + particles::kMaxEncodedBytes + sim::kMaxKev1Bytes + kMaxModuleTableBytes;
static_assert(kMaxKlm1Bytes == 4198400);

// Emitters name sectors by index, and a .kwp file is checked without its world: the particle
// layer's index bound must be exactly the world's sector limit.
static_assert(particles::kSectorIndexLimit == kMaxSectors, "emitter sector indices must span every KWS1 world");

// Why a feature string is not 1..kMaxFeatureBytes printable ASCII characters without spaces,
// or nullopt when it is (module feature lists and cartridge manifests).
std::optional<std::string> featureProblem(std::string_view feature);

struct Level {
  World world;                                   // the @world/sectors entry (required)
  std::optional<particles::Document> particles;  // the @world/particles entry (optional)
  std::optional<sim::Events> events;             // the @kiln/events entry (optional, KEV1)
  // The declared feature list, written as given; a compiler sets it to requiredFeatures(level).
  std::vector<std::string> features;
  friend bool operator==(const Level&, const Level&) = default;
};

// What the entries need: "world/sectors@1", then with particles of version v
// "world/particles@v" (version 2 does not imply version 1), then with events "kiln/events@1".
std::vector<std::string> requiredFeatures(const Level& level);

// Deterministic: the features as declared, then @world/sectors, then @world/particles and
// @kiln/events if present, each a complete KWS1/KWP1/KEV1 file.
std::vector<std::uint8_t> encodeKlm1(const Level& level);

// Header, feature list, entries (unknown, duplicate and missing entries rejected), each entry
// decoded by its own codec (errors are re-based to offsets in this file and prefixed with the
// entry name), then the declared features must equal requiredFeatures as a set.
std::variant<Level, core::DecodeError> decodeKlm1(std::span<const std::uint8_t> file,
                                                  const particles::DecodeOptions& options = {});

// The findings of every check a reader may relax to inspect a level (the viewer's "inspect
// anyway", the CLI's --unchecked): forged-bounds per emitter (naming each differing face),
// missing-sector and outside-sector (those two only when `againstWorld`: a bare .kwp has no
// world to fit). Empty for a level that passes them.
core::Diagnostics relaxableFindings(const Level& level, bool againstWorld = true);
// True for the codes relaxableFindings reports (the checks DecodeOptions::checkStoredBounds = false skips).
bool isRelaxable(core::Code code);

// --- mounting ----------------------------------------------------------------------------------

// The feature strings a host advertises.
struct HostCapabilities {
  std::vector<std::string> features;
  bool advertises(std::string_view feature) const;
};

// Everything this build of Kiln can mount: sectors@1, particles@1, particles@2, events@1.
HostCapabilities kilnCapabilities();

// The required features the host does not advertise, in the order required.
std::vector<std::string> missingFeatures(const std::vector<std::string>& required, const HostCapabilities& host);

// Empty when the level mounts; otherwise one missing-feature diagnostic per feature the level
// needs (requiredFeatures, then any further declared ones) that the host does not advertise,
// each naming it.
core::Diagnostics mount(const Level& level, const HostCapabilities& host);

// --- cartridge manifest ------------------------------------------------------------------------

// A cartridge: the features it advertises and its level files (paths relative to the manifest).
struct Cartridge {
  std::vector<std::string> features;
  std::vector<std::string> levels;
  friend bool operator==(const Cartridge&, const Cartridge&) = default;
};

// Parses the line-based manifest text (docs/formats/cartridge.md). Diagnostics use paths
// "cartridge:LINE".
std::variant<Cartridge, core::Diagnostics> parseCartridge(std::string_view text);
// The canonical text of a manifest (parseCartridge(formatCartridge(c)) == c).
std::string formatCartridge(const Cartridge& c);

// cartridge-features for every feature a level requires that the cartridge does not declare.
// `levelFeatures[i]` are the features of `c.levels[i]` (as decoded from that level module).
core::Diagnostics checkCartridgeFeatures(const Cartridge& c,
                                         const std::vector<std::vector<std::string>>& levelFeatures);

}  // namespace kiln::world
