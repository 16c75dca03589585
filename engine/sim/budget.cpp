// Counting a simulation's cost in closed form (docs/limits.md "The event simulation budget").
#include "sim/budget.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <vector>

#include "sim/system.hpp"

namespace kiln::sim {
namespace {

double validRate(double stepHz) {
  return stepHz >= kMinStepHz ? std::min(stepHz, kMaxStepHz) : kMinStepHz;
}

// The most steps a particle of a recipe with lifetime `lifetime` lives: its drawn lifetime is at
// most 1.25 x the recipe's, its age grows by dt a step (in float32, hence the margin).
double lifeSteps(double lifetime, double stepHz) { return std::ceil(1.25 * lifetime * stepHz * (1 + 1e-6)) + 2; }

// What the count needs of a section, however its recipe names are resolved.
template <class EmitterRecipe, class ScriptRecipe>
struct Counter {
  const Events& events;
  std::uint32_t capacity;
  double stepHz;
  EmitterRecipe emitterRecipe;  // emitter e's recipe: {its count (unused: one a throw), lifetime}
  ScriptRecipe scriptRecipe;    // script event i's recipe: {particles, lifetime}

  SimulationCost at(std::int64_t steps) const {
    SimulationCost c;
    c.steps = steps;
    const double n = static_cast<double>(steps);
    // rate·dt is what each step adds to the emitter's carried fraction (system.cpp).
    const double dt = 1.0 / stepHz;
    // A step updates the live particles only, and they never outnumber the pool, nor what the
    // emitters can have alive at once (their throws over one lifetime) plus every script
    // particle thrown so far. A big pool that the level never fills costs what it holds.
    double alive = 0;
    for (std::size_t e = 0; e < events.emitters.size(); ++e) {
      // An emitter throws one particle at a time (docs/events.md); its recipe gives the lifetime.
      const double lifetime = emitterRecipe(e).second;
      const double perStep = effectiveRate(events.emitters[e]) * dt;
      c.bursts += perStep * n;
      c.births += perStep * n;
      if (perStep > 0) alive += std::floor(perStep * lifeSteps(lifetime, stepHz)) + 2;
    }
    for (std::size_t i = 0; i < events.script.size(); ++i)
      if (ParticleSystem::stepsAt(events.script[i].time, stepHz) < steps) {
        c.bursts += 1;
        c.births += scriptRecipe(i).first;
        alive += scriptRecipe(i).first;
      }
    c.alive = std::min(static_cast<double>(capacity), alive);
    c.perStep = c.alive + kVisitCost * static_cast<double>(events.emitters.size() + events.recipes.size());
    c.total = n * c.perStep + kBurstCost * c.bursts + kBirthCost * c.births;
    return c;
  }

  // The largest step count within the budget (the cost only grows with the steps).
  std::int64_t lastStep(double budget) const {
    if (!(at(0).total <= budget)) return 0;
    // Every step costs at least one visit (a section has a recipe or nothing to run), which
    // bounds the search from above.
    std::int64_t lo = 0;
    const double least = std::max(at(0).perStep, kVisitCost);
    std::int64_t hi = static_cast<std::int64_t>(std::min(budget / least, 4.6e18)) + 1;
    while (hi - lo > 1) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      (at(mid).total <= budget ? lo : hi) = mid;
    }
    return lo;
  }
};

template <class E, class S>
Counter<E, S> counter(const Events& events, std::uint32_t capacity, double stepHz, E e, S s) {
  return {events, std::max<std::uint32_t>(capacity, 1), validRate(stepHz), e, s};
}

auto sceneCounter(const Scene& scene) {
  // By pointer: the counter outlives this call, the scene outlives the counter.
  const Scene* sc = &scene;
  auto recipeOf = [sc](const std::vector<std::uint32_t>& which, std::size_t i) {
    const auto& recipes = sc->events.recipes;
    if (i >= which.size() || which[i] >= recipes.size()) return std::pair<double, double>(0.0, kMinLifetime);
    const Recipe& r = recipes[which[i]];
    return std::pair<double, double>(static_cast<double>(effectiveCount(r)), effectiveLifetime(r));
  };
  return counter(
      scene.events, scene.capacity, scene.events.stepHz,
      [sc, recipeOf](std::size_t e) { return recipeOf(sc->emitterRecipe, e); },
      [sc, recipeOf](std::size_t i) { return recipeOf(sc->scriptRecipe, i); });
}

// An authored section: names are looked up here (an unknown one counts no particles; such a
// section does not compile, so it never runs).
struct NamedCounts {
  using Entry = std::pair<std::string_view, std::pair<double, double>>;  // name, {count, lifetime}
  std::vector<Entry> byName;
  explicit NamedCounts(const Events& events) {
    for (const Recipe& r : events.recipes)
      byName.push_back({r.name, {static_cast<double>(effectiveCount(r)), effectiveLifetime(r)}});
    std::sort(byName.begin(), byName.end());
  }
  std::pair<double, double> operator()(std::string_view name) const {
    const auto it = std::lower_bound(byName.begin(), byName.end(), name,
                                     [](const Entry& e, std::string_view n) { return e.first < n; });
    return it != byName.end() && it->first == name ? it->second : std::pair<double, double>(0.0, kMinLifetime);
  }
};

template <class Fn>
auto withEventsCounter(const Events& events, double stepHz, Fn fn) {
  const NamedCounts counts(events);
  const auto capacity =
      static_cast<std::uint32_t>(std::clamp<std::int64_t>(events.capacity, 1, kMaxCapacity));
  return fn(counter(
      events, capacity, stepHz, [&](std::size_t e) { return counts(events.emitters[e].recipe); },
      [&](std::size_t i) { return counts(events.script[i].recipe); }));
}

}  // namespace

SimulationCost simulationCost(const Scene& scene, double levelTime) {
  return sceneCounter(scene).at(ParticleSystem::stepsAt(levelTime, validRate(scene.events.stepHz)));
}

SimulationCost simulationCost(const Events& events, double levelTime, double stepHz) {
  return withEventsCounter(events, stepHz,
                           [&](const auto& c) { return c.at(ParticleSystem::stepsAt(levelTime, c.stepHz)); });
}

bool withinSimulationBudget(const Scene& scene, double levelTime, double budget) {
  return simulationCost(scene, levelTime).total <= budget;
}

bool withinSimulationBudget(const Events& events, double levelTime, double stepHz, double budget) {
  return simulationCost(events, levelTime, stepHz).total <= budget;
}

double simulationHorizon(const Scene& scene, double budget) {
  const auto c = sceneCounter(scene);
  return static_cast<double>(c.lastStep(budget)) / c.stepHz;
}

double simulationHorizon(const Events& events, double stepHz, double budget) {
  return withEventsCounter(events, stepHz,
                           [&](const auto& c) { return static_cast<double>(c.lastStep(budget)) / c.stepHz; });
}

std::string simulationBudgetMessage(const Scene& scene, double levelTime, double budget) {
  const SimulationCost c = simulationCost(scene, levelTime);
  char text[512];
  std::snprintf(
      text, sizeof text,
      "t = %.9g s is past the event simulation budget: %lld steps x %.9g (up to %.9g live particles of a pool "
      "of %u, %zu emitters, %zu recipes) + %.9g bursts x %g + %.9g births x %g = %.6g particle-steps, more than "
      "the limit of %.6g%s; the latest time within it is %.9g s at %.9g Hz (docs/limits.md)",
      levelTime, static_cast<long long>(c.steps), c.perStep, c.alive, scene.capacity, scene.events.emitters.size(),
      scene.events.recipes.size(), c.bursts, kBurstCost, c.births, kBirthCost, c.total, budget,
      budget == kMaxSimulationCost ? " (2^31)" : "", simulationHorizon(scene, budget), scene.events.stepHz);
  return text;
}

}  // namespace kiln::sim
