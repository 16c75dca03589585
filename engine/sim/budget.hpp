// The event simulation budget: what reaching a level time from T = 0 costs, counted in
// operations from the section alone (no stepping, no clock), and the limit hosts refuse past.
#pragma once

#include <cstdint>
#include <string>

#include "sim/scene.hpp"

namespace kiln::sim {

// The unit is the particle-step: integrating one pool slot for one step. Everything else a step
// does is weighed against it from measurements (docs/limits.md "The event simulation budget"):
// visiting an emitter or a recipe costs about half of one, so each counts one; a burst's fixed
// part (its frame, the emitter's bookkeeping) about three; a birth (five hash draws, the slot
// taken from the free heap, and its death through the heap later) up to thirty, with the pool
// both full (recycling) and empty.
inline constexpr double kVisitCost = 1.0;   // per emitter and per recipe, every step
inline constexpr double kBurstCost = 4.0;   // per burst thrown, whatever its count
inline constexpr double kBirthCost = 32.0;  // per particle born
// The most one simulation from T = 0 may cost, in particle-steps (2^31: about 7 s on one core of
// the machine in docs/benchmarks.md when every counted step is a full pool's, so no accepted
// input runs for long). Hosts refuse beyond it (`input-budget`).
inline constexpr double kMaxSimulationCost = 2147483648.0;

// The cost of ⌊T·step_hz⌋ steps from T = 0, and what it counts.
struct SimulationCost {
  std::int64_t steps = 0;
  double alive = 0;    // at most this many live particles per step: the pool, or what the level can fill of it
  double perStep = 0;  // alive + (emitters + recipes)·kVisitCost: paid by every step, even an empty one
  double bursts = 0;   // script events that fired, and emitter throws (rate·steps/step_hz each)
  double births = 0;   // the particles those bursts threw
  double total = 0;    // steps·perStep + kBurstCost·bursts + kBirthCost·births
};

// The one count every host asks before it simulates: `kiln sim`, captures and the viewer.
// Rates, counts and the pool are read as the step reads them (effectiveRate, effectiveCount),
// so a section tuned live is counted as it now runs. An emitter's throws are counted as
// rate·steps/step_hz, which is the simulation's own count within one.
SimulationCost simulationCost(const Scene& scene, double levelTime);
// The same for an authored section run at `stepHz` (the sandbox re-simulates its section at
// several rates); recipe names are resolved here, an unknown one throws nothing.
SimulationCost simulationCost(const Events& events, double levelTime, double stepHz);

bool withinSimulationBudget(const Scene& scene, double levelTime, double budget = kMaxSimulationCost);
bool withinSimulationBudget(const Events& events, double levelTime, double stepHz,
                            double budget = kMaxSimulationCost);

// The latest level time whose steps stay within the budget: n/step_hz for the largest such n.
double simulationHorizon(const Scene& scene, double budget = kMaxSimulationCost);
double simulationHorizon(const Events& events, double stepHz, double budget = kMaxSimulationCost);

// Why a level time is refused, for `input-budget` diagnostics: what was counted (steps × the
// per-step cost, bursts, births), the total against the limit, and the latest time within it.
std::string simulationBudgetMessage(const Scene& scene, double levelTime, double budget = kMaxSimulationCost);

}  // namespace kiln::sim
