// Internal: the compiler's walkers for each part of the source (not part of the public API).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "particles/model.hpp"
#include "sim/model.hpp"
#include "source/compile.hpp"
#include "source/walker.hpp"
#include "world/world.hpp"

namespace kiln::source::detail {

using NameIndex = std::map<std::string, std::uint32_t, std::less<>>;

// The world: version, sectors (portals resolved by name). Fills `sectors` with name → index.
void compileWorld(Walker& w, const SourceNode& root, world::World& out, NameIndex& sectors);

// `textures:` name → path entries.
void compileTextures(Walker& w, const SourceNode& root, std::vector<std::string>& names,
                     std::vector<std::string>& paths, std::vector<Mark>& marks);

// `presets:` (frames resolved against `textures`). Fills `presetIndex`.
void compilePresets(Walker& w, const SourceNode& root, const std::set<std::string, std::less<>>& textures,
                    particles::Document& doc, NameIndex& presetIndex);

// `emitters:`. Emitters without `sector:` get nullopt in `explicitSector` for the caller to
// locate once the world is known to be sound.
void compileEmitters(Walker& w, const SourceNode& root, const NameIndex& presets, const NameIndex& sectors,
                     bool sectorsKnown, particles::Document& doc, std::vector<bool>& sectorGiven,
                     std::vector<std::string>& emitterPaths);

// `events:` (shapes and types only; the caller runs sim::compileEvents on the result). `out`
// stays empty when the section is absent.
void compileEvents(Walker& w, const SourceNode& root, const std::vector<std::string>& textures,
                   std::optional<sim::Events>& out, const MaterialReader& readMaterial);

}  // namespace kiln::source::detail
