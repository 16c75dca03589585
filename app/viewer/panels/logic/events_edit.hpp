// The event sandbox without ImGui: the edit session of a level's `events:` section (recipes,
// step rate, sort, the script of fired bursts) with undo/redo, its validation, the YAML edits
// that save it, firing a burst (seeded from the step count), the sector surface under a ray,
// the live/recycled/dropped history the panel plots, and picking an event particle. GL-free and
// unit-tested in tests/viewer.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "logic/camera.hpp"
#include "core/diagnostic.hpp"
#include "logic/edit_session.hpp"
#include "loader/yaml_edit.hpp"
#include "sim/model.hpp"
#include "sim/scene.hpp"
#include "sim/system.hpp"
#include "world/world.hpp"

namespace kiln::viewer::events_edit {

// The level's `events:` section being edited (`index` 0 once started).
struct Session : EditSession<sim::Events> {
  std::uint32_t recipe = 0;  // the recipe the panel edits and fires
  void start(const sim::Events& events);
};

// The errors (not the warnings) sim::compileEvents finds in `events` against the level's
// texture names, and, given `sizeOf`, the palette tables' sizes (sim::checkPaletteImages, as the
// event pass checks them before drawing); empty means the edit may be drawn.
core::Diagnostics validateEdit(const sim::Events& events, std::span<const std::string> textures,
                               const sim::ImageSizeOf& sizeOf = {});

// The YAML edits that turn `before` into `after` under `events:`: capacity, step_hz, sort,
// max_sprites, math, dimensions, matter_light[i], each recipe's changed fields
// (events.recipes.NAME.FIELD, colour and axis by component, layer, depth_override — `~` once it
// is taken away — and the sprite's words, alpha_test, material and palette; a sprite the source
// lacks is written field by field into a new map), and the script: its items lined up by value
// (loader::alignItems), a fired or removed burst is one item edit (a new item is a map {time,
// recipe, position, seed}) and every other item keeps its text. A sprite, a sprite's material or
// palette, or max_sprites taken away has no word for none in the source: its key is removed
// (loader::ScalarEdit::Op::RemoveKey), so a blend that leaves palette takes `palette:` with it.
// Recipes are matched by name. nullopt, with `why` (edit-not-lossless at the field) when given,
// for what the text cannot say without rewriting other bytes: a recipe added, removed or
// renamed, an emitter or material changed, the matter light's form changed.
std::optional<std::vector<loader::ScalarEdit>> changedScalars(const sim::Events& before, const sim::Events& after,
                                                              core::Diagnostic* why = nullptr);

// The recipe fields a script's `event-tune RECIPE FIELD VALUE` and the panel set by name, as
// the source spells them: count, speed, spread, lifetime, size, growth, gravity, drag, opacity,
// fade, glows (0/1), alpha_test, color.r|g|b, axis.x|y|z, layer, depth_override. False for an
// unknown field or a value the field cannot hold (not finite; count outside 0..65536; alpha_test
// outside 0..1; layer outside -512..511, depth_override outside 0..4294967295, either not whole).
bool setRecipeField(sim::Recipe& recipe, std::string_view field, double value);
// Every name setRecipeField knows, for did-you-mean.
std::vector<std::string> recipeFieldNames();

// The fields a script's `sandbox set FIELD WORD` and the panel's combos set by a word, spelled as
// the source keys: the section's `math` (fp32 | fpx16_16) and `dimensions` (3 | 2), and the
// recipe's `depth_override` (an integer, or `none`), `sprite.blend` (a blend word),
// `sprite.palette` (a texture name, or `none`) and `sprite.material` (a material name, or `none`).
// A palette is read by `blend: palette` alone, so these keep the pair consistent: a palette named
// turns the blend to `palette`, and another blend chosen lets the palette go. Whether a name
// exists is the section's rule (validateEdit), so an unknown one is set and then refused there.
// nullopt when set; otherwise why not (an unknown field or word, a sprite field of a recipe
// without a sprite, a number out of range).
std::optional<std::string> setWordField(sim::Events& events, std::uint32_t recipe, std::string_view field,
                                        std::string_view word);
// Every name setWordField knows.
std::vector<std::string> wordFieldNames();
// The sprite's blend and palette as setWordField sets them (the panel's combos use these too).
void setBlend(sim::EventSprite& sprite, sim::BlendMode blend);
void setPalette(sim::EventSprite& sprite, std::string palette);

// A burst fired at level time `levelTime` at `position`: it fires in the step that runs next
// (time = levelTime), and its seed is that step's number, ⌊levelTime·step_hz⌋, so firing at the
// same moment gives the same particles. The position is rounded to the millimetre. Appends it
// to `events.script` and returns its index.
std::size_t fireBurst(sim::Events& events, std::uint32_t recipe, const glm::dvec3& position, double levelTime);

// The sector surface the ray meets (floor, ceiling or solid wall seen from inside a sector;
// portals are looked through), nearest first; nullopt when the ray meets none.
std::optional<glm::dvec3> surfaceUnderRay(const world::World& world, const Ray& ray);

// What the panel plots over level time [t0, t1]: `samples` evenly spaced samples (t0 and t1
// included) of the live count, particles recycled per second and sprite declarations the batcher
// drops per second (drawing one frame per step: max(0, live − max_sprites) summed over the
// steps of the last second). One simulation from T = 0 of a copy of `scene`.
struct History {
  double t0 = 0, t1 = 0;
  std::uint32_t capacity = 0, maxSprites = 0;
  std::vector<float> live, recycledPerSecond, droppedPerSecond;
};
History history(const sim::Scene& scene, double t0, double t1, std::size_t samples);

// Spawned count at level time T for each step rate (the sandbox's rate-invariance check): the
// scene re-simulated with step_hz replaced. Emitters alone spawn rate·T within one particle.
std::vector<std::uint64_t> spawnedAtRates(const sim::Scene& scene, double levelTime, std::span<const double> rates);

// The live event particle whose camera-facing square (edge = its current size) the ray passes
// through, nearest to the eye; nullopt when none. Age and lifetime are seconds.
struct EventPickHit {
  std::uint32_t slot = 0;
  std::uint64_t id = 0;  // spawn number
  sim::Source source;
  std::uint32_t recipe = 0, seed = 0, index = 0;
  double age = 0, lifetime = 0, size = 0;
  glm::dvec3 position{0};
  double distance = 0;  // along the ray
};
// In either math backend's system (positions, sizes and ages read as drawn: float32 of the value).
template <class M>
std::optional<EventPickHit> pickParticle(const sim::ParticleSystemT<M>& system, const Ray& ray, const ViewCamera& camera);

}  // namespace kiln::viewer::events_edit
