// Compiling the authored `events:` section: every rule checked at once, names resolved to
// indices, seed 002's floors applied (with warnings). The result drives a ParticleSystem.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "sim/model.hpp"

namespace kiln::sim {

// The ambient light of the sector containing a point (float64, level units), or nothing outside
// every sector: how `matter_light: sector` lights a particle. Hosts that hold the level's
// sectors set it (world::sectorLight); left empty, every particle is outside.
using SectorLight = std::function<std::optional<Vec3>(const Vec3& position)>;

// A validated section with its names resolved. `events` is the authored section with the
// floors applied (count, rate ≥ 0, lifetime ≥ 1 ms), so what is shown is what runs.
struct Scene {
  Events events;
  std::uint32_t capacity = 1;
  std::uint32_t maxSprites = 1;               // max_sprites, or capacity when omitted
  std::vector<std::uint32_t> emitterRecipe;   // per emitter: its recipe's index
  std::vector<std::uint32_t> scriptRecipe;    // per script event: its recipe's index
  std::vector<std::int32_t> recipeTexture;    // per recipe: index into the texture names, -1 none
  std::vector<std::int32_t> recipePalette;    // per recipe: its palette table's texture index, -1 none
  SectorLight sectorLight;                    // read only when matter_light is `sector`
};

struct EventsCompileResult {
  core::Diagnostics diagnostics;  // errors and warnings, in rule order
  std::optional<Scene> scene;     // present when no diagnostic is an error
};

// Checks every rule of docs/events.md. `textures` are the level's texture names (sprite
// frames must name one). Field paths start with "events.".
EventsCompileResult compileEvents(const Events& events, std::span<const std::string> textures);

// A texture's (width, height) by name, or nullopt for a name with no readable image.
using ImageSize = std::optional<std::pair<std::uint32_t, std::uint32_t>>;
using ImageSizeOf = std::function<ImageSize(const std::string& name)>;

// The palette tables' sizes (docs/events.md "Palette blend"): each recipe's `sprite.palette`
// image must be kPaletteSize pixels on each side (palette-table at
// events.recipes.NAME.sprite.palette). A name `sizeOf` has no image for is skipped: unknown
// names and unreadable files are other rules.
core::Diagnostics checkPaletteImages(const Events& events, const ImageSizeOf& sizeOf);

// Advice on a section that compiles: warnings that change nothing in it, so a compiled file may
// carry what they point at (the KEV1 decoder does not run them). Today one: two emitters with
// the same seed_base (shared-seed-base, at the later emitter's seed_base, naming the first):
// their j-th particles draw the same random values, so the streams look alike.
core::Diagnostics eventAdvice(const Events& events);

// The emitter's origin at level time t: its position, or its path (piecewise linear, looping
// with period = the last key's time; from 0 to the first key it moves from the last key's
// position to the first's, closing the loop). Computed in float64.
Vec3 emitterOrigin(const EventEmitter& emitter, double t);

}  // namespace kiln::sim
