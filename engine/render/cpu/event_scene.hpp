// The event particles a renderer draws: a compiled `events:` scene's ParticleSystem, render
// buffers and sprite batcher, brought to a level time and a view once per frame. GL-free, so
// captures, the viewer and tests without a driver share it. A frame allocates nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "render/cpu/camera.hpp"
#include "sim/batcher.hpp"
#include "sim/render_buffers.hpp"
#include "sim/scene.hpp"
#include "sim/system.hpp"

namespace kiln::render {

// How one recipe's draw range is drawn (the scene-transparency pass reads it per range).
struct EventMaterial {
  sim::BlendMode blend = sim::BlendMode::LightMatter;
  sim::TextureAlpha textureAlpha = sim::TextureAlpha::Alpha;
  float alphaTest = 0.0f;
  std::int32_t texture = -1;  // index into the level's texture names; -1: a plain white quad
  std::int32_t shader = -1;   // index into the section's materials; -1: the blend mode's output
  std::int32_t palette = -1;  // with blend palette: the table's index into the texture names
};

// Per frame: what the simulation and the batcher cost, and what they kept.
struct EventFrameStats {
  std::uint32_t live = 0;      // live particles after the step
  std::uint32_t declared = 0;  // kept by the batcher (≤ max_sprites)
  // Sprites the scene-transparency pass drew this frame: `declared` when the pass ran, 0 when it
  // did not (--no-events, the pass muted or another soloed, nothing declared).
  std::uint32_t drawn = 0;
  std::uint32_t ranges = 0;
  std::uint32_t droppedThisFrame = 0;
  std::uint64_t droppedTotal = 0;
  double simMs = 0.0;    // advanceTo
  double batchMs = 0.0;  // writeRenderBuffers + declare + build
  // Nothing is declared (so nothing drawn) while any holds: T lies past the simulation budget
  // (sim::withinSimulationBudget), a per-frame budget left the system short of T, or the next
  // step alone costs more than the per-frame budget (a host with one never gets past it).
  bool beyondBudget = false;
  bool catchingUp = false;
  bool stepOverFrameBudget = false;
  double nextStepCost = 0;                // with stepOverFrameBudget: what that step costs (particle-steps)
  std::int64_t step = 0, targetStep = 0;  // steps done, steps T needs
};

class EventScene {
 public:
  // The simulation in the section's math backend (`events.math`): float32, or seed 004's 16.16
  // fixed point, so what is drawn is the state `kiln sim` prints.
  using System = std::variant<sim::ParticleSystem, sim::FixedParticleSystem>;

  // Sizes the pool, the buffers and the batcher once (scene.capacity, scene.maxSprites), in the
  // backend scene.events.math names.
  explicit EventScene(sim::Scene scene);

  // Reaches level time T (re-simulating from 0 when T goes back), fills the render buffers and
  // runs one batcher frame for this camera (the scene's sort mode, unless `sort` overrides it).
  // With `stepBudget` (the budget's particle-steps, births counted: sim/budget.hpp) a call
  // spends at most that much and declares nothing until T is reached, so an interactive host
  // stays responsive on the way (stats().catchingUp); a step costing more than it alone is never
  // run (stats().stepOverFrameBudget). Without it T is reached exactly. A T past the simulation
  // budget is not simulated at all (checked before any step runs).
  void update(double levelTime, const Camera& camera, std::optional<sim::SortMode> sort = std::nullopt,
              std::optional<double> stepBudget = std::nullopt);

  // Calls f(system) with the system in its own backend (a generic lambda serves both).
  template <class F>
  decltype(auto) visitSystem(F&& f) const {
    return std::visit(std::forward<F>(f), system_);
  }
  const sim::Scene& scene() const;
  std::uint32_t capacity() const;
  sim::Counters counters() const;
  std::int64_t step() const;  // steps done since T = 0
  // Of a live slot: its recipe, and its opacity now (as drawn, in float32).
  std::uint32_t recipeOf(std::uint32_t slot) const;
  float opacityOf(std::uint32_t slot) const;
  const sim::EventRenderBuffers& buffers() const { return buffers_; }
  const sim::SpriteBatcher& batcher() const { return batcher_; }
  const EventFrameStats& stats() const { return stats_; }
  // The material of a recipe, from the recipe as it is now, so live tuning of the blend shows
  // on the next frame. A draw range's DrawRange::material is the first recipe of its draw class
  // (same blend, same texture): its blend and texture hold for the whole range, while texture
  // alpha and alpha test are each sprite's own recipe's (the instance data carries them).
  EventMaterial material(std::uint32_t recipe) const;
  // The draw class of a recipe (the first recipe drawn with its blend and texture), as of the
  // last update.
  std::uint32_t drawClass(std::uint32_t recipe) const { return recipe < groups_.size() ? groups_[recipe].material : recipe; }
  // Drop warnings the batcher raised this frame (at most one per second of level time).
  bool warnedThisFrame() const { return batcher_.warnedThisFrame(); }

 private:
  System system_;
  sim::EventRenderBuffers buffers_;
  sim::SpriteBatcher batcher_;
  // Per recipe: material = the first recipe of its draw class (assignDrawClasses).
  std::vector<sim::SpriteGroup> groups_;
  void assignDrawClasses();
  template <class S>
  void update(S& system, double levelTime, const Camera& camera, std::optional<sim::SortMode> sort,
              std::optional<double> stepBudget);
  EventFrameStats stats_;
};

// The view a camera sorts particles by: its eye and its forward direction.
sim::ParticleView particleView(const Camera& camera, sim::SortMode sort);

}  // namespace kiln::render
