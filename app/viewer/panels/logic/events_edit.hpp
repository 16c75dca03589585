// The event sandbox without ImGui: the edit session of a level's `events:` section (recipes,
// step rate, sort, the script of fired bursts) with undo/redo, its validation, the YAML edits
// that save it, firing a burst (seeded from the step count), the sector surface under a ray,
// the live/recycled/dropped history the panel plots, and picking an event particle. GL-free and
// unit-tested in tests/viewer.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "logic/camera.hpp"
#include "core/diagnostic.hpp"
#include "logic/edit_session.hpp"
#include "loader/yaml_edit.hpp"
#include "sim/model.hpp"
#include "sim/system.hpp"
#include "world/world.hpp"

namespace kiln::viewer::events_edit {

// The level's `events:` section being edited (`index` 0 once started).
struct Session : EditSession<sim::Events> {
  std::uint32_t recipe = 0;  // the recipe the panel edits and fires
  void start(const sim::Events& events);
};

// The errors (not the warnings) sim::compileEvents finds in `events` against the level's
// texture names; empty means the edit may be drawn.
core::Diagnostics validateEdit(const sim::Events& events, std::span<const std::string> textures);

// The YAML edits that turn `before` into `after` under `events:`: step_hz, sort, max_sprites,
// matter_light[i], each recipe's changed fields (events.recipes.NAME.FIELD, colour and axis by
// component, sprite words and alpha_test; a sprite added or removed is written whole), and the
// script: its items lined up by value (loader::alignItems), a fired or removed burst is one item
// edit (a new item is a map {time, recipe, position, seed}) and every other item keeps its text.
// Recipes are matched by name; a recipe added, removed or renamed is not saved (nullopt).
std::optional<std::vector<loader::ScalarEdit>> changedScalars(const sim::Events& before, const sim::Events& after);

// The recipe fields a script's `event-tune RECIPE FIELD VALUE` and the panel set by name, as
// the source spells them: count, speed, spread, lifetime, size, growth, gravity, drag, opacity,
// fade, glows (0/1), alpha_test, color.r|g|b, axis.x|y|z. False for an unknown field or a value
// the field cannot hold (not finite; count outside 0..65536; alpha_test outside 0..1).
bool setRecipeField(sim::Recipe& recipe, std::string_view field, double value);
// Every name setRecipeField knows, for did-you-mean.
std::vector<std::string> recipeFieldNames();

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
