// The event simulation budget: steps × (live particles + emitters + recipes), 4 per burst and
// 32 per birth, counted from the section before any step runs; live particles are bounded by the
// pool and by what the emitters (their throws over one lifetime) and the script can have alive.
// Every expected total is worked out by hand from docs/limits.md's formula; both sides of each
// boundary are checked.
#include <catch2/catch.hpp>
#include <cmath>

#include "scenes.hpp"
#include "sim/render_buffers.hpp"

using namespace simtest;

namespace {

constexpr double kLimit = 2147483648.0;  // 2^31

Recipe plain(const char* name, std::int64_t count, double lifetime = 1.0) {
  Recipe r;
  r.name = name;
  r.count = count;
  r.lifetime = lifetime;
  r.size = 0.1;
  return r;
}

// The red team's first level: a pool of one at 1000 Hz fed by 256 emitters at 100,000/s, each
// throw a burst of one (recycling the pool).
Events emitterFlood() {
  Events e;
  e.capacity = 1;
  e.stepHz = 1000;
  e.recipes = {plain("p", 1)};
  for (int i = 0; i < 256; ++i) {
    EventEmitter m;
    m.name = "e" + std::to_string(i);
    m.recipe = "p";
    m.rate = 100000;
    e.emitters.push_back(m);
  }
  return e;
}

// The second: 4,096 script events of 65,536 particles each, all in step 0.
Events scriptFlood() {
  Events e;
  e.capacity = 65536;
  e.stepHz = 60;
  e.recipes = {plain("big", 65536)};
  for (std::uint32_t i = 0; i < 4096; ++i) e.script.push_back({0.0, "big", {0, 0, 1}, i});
  return e;
}

// A time inside step n's interval, away from the floor's edge.
double inStep(std::int64_t n, double hz) {
  return (static_cast<double>(n) + 0.5) / hz;
}

}  // namespace

TEST_CASE("finding: the budget counts births: 256 emitters at 100,000/s into a pool of 1 are refused at 3600 s",
    "[sim][budget]") {
  const Scene scene = compiled(emitterFlood());
  // Per step: the pool (1: the emitters could keep far more alive) + 256 emitters + 1 recipe
  // visited, and 256 × 100 throws of one particle, each 4 (burst) + 32 (birth).
  const double perStep = 1 + 256 + 1 + 256 * 100 * (4 + 32.0);
  REQUIRE(perStep == 921858);
  const auto last = static_cast<std::int64_t>(std::floor(kLimit / perStep));
  REQUIRE(last == 2329);  // 2.329 s of level time
  CHECK_FALSE(withinSimulationBudget(scene, 3600));
  CHECK_FALSE(withinSimulationBudget(scene, 30));
  CHECK(withinSimulationBudget(scene, inStep(last, 1000)));
  CHECK_FALSE(withinSimulationBudget(scene, inStep(last + 1, 1000)));
  const SimulationCost c = simulationCost(scene, inStep(last, 1000));
  CHECK(c.steps == last);
  CHECK(c.perStep == 258);
  CHECK(c.bursts == Approx(256.0 * 100 * last));
  CHECK(c.births == Approx(256.0 * 100 * last));
  CHECK(c.total == Approx(perStep * last));
  CHECK(simulationHorizon(scene) == Approx(last / 1000.0));
  CHECK(c.alive == 1);
  // Steps × capacity alone (the old count) is 3.6·10^6 at 3600 s, far inside the limit.
  CHECK(ParticleSystem::stepsAt(3600, 1000) * 1.0 < kLimit / 500);
}

TEST_CASE("finding: 4,096 script events of 65,536 are counted in the step they fire, before it runs",
          "[sim][budget]") {
  const Scene scene = compiled(scriptFlood());
  // No step yet: nothing is owed.
  CHECK(simulationCost(scene, 0).total == 0);
  // One step: the full pool (2^28 thrown into 65,536 slots) and the recipe, then 4,096 bursts and
  // 2^28 births: more than the whole budget, so the level is refused at any time past step 0.
  const double one = 65536 + 1 + 4096 * 4.0 + 4096 * 65536 * 32.0;
  CHECK(simulationCost(scene, inStep(1, 60)).total == one);
  CHECK(simulationCost(scene, inStep(1, 60)).births == 4096.0 * 65536);
  CHECK(one > kLimit);
  CHECK_FALSE(withinSimulationBudget(scene, inStep(1, 60)));
  CHECK(withinSimulationBudget(scene, inStep(0, 60)));
  // The step itself says what it costs before it runs (nothing is alive yet, so only the visit,
  // the bursts and the births); a frame budget below it runs nothing.
  ParticleSystem system(scene);
  CHECK(system.nextStepCost() == one - 65536);
  CHECK(system.advanceWithin(1.0, 8388608.0) == ParticleSystem::Progress::StepOverBudget);
  CHECK(system.step() == 0);
  CHECK(system.counters().spawned == 0);
  // With the events fired, each later step costs the pool and the recipe only.
  CHECK(simulationCost(scene, inStep(2, 60)).total == one + 65537);
}

TEST_CASE("the budget: a pool of 1024 at 60 Hz that nothing fills costs steps x (emitters + recipes)",
          "[sim][budget]") {
  Events e;
  e.capacity = 1024;
  e.recipes = {ember(), pickup(), dust()};
  EventEmitter idle;
  idle.name = "idle", idle.recipe = "ember", idle.rate = 0;
  e.emitters = {idle};
  const Scene scene = compiled(e);
  CHECK(simulationCost(scene, 10).alive == 0);
  const double perStep = 1 + 3;
  const auto last = static_cast<std::int64_t>(std::floor(kLimit / perStep));
  REQUIRE(last == 536870912);
  CHECK(withinSimulationBudget(scene, inStep(last, 60)));
  CHECK_FALSE(withinSimulationBudget(scene, inStep(last + 1, 60)));
  CHECK(simulationHorizon(scene) == Approx(last / 60.0));
  // A smaller budget (the viewer's analyses) moves the horizon with it.
  CHECK(withinSimulationBudget(scene, inStep(100, 60), 100 * perStep));
  CHECK_FALSE(withinSimulationBudget(scene, inStep(101, 60), 100 * perStep));
  CHECK(withinSimulationBudget(scene, 0));
  CHECK(simulationCost(scene, -5).total == 0);
  CHECK(simulationCost(scene, std::nan("")).total == 0);
}

TEST_CASE("the budget: an emitter throws one particle at a time whatever its recipe's count, a script event counts once "
    "fired",
    "[sim][budget]") {
  Events e = sampleEvents();  // lantern: 12 embers a second; pickup (48) at 2.0, dust (14) at 2.5
  e.emitters[0].recipe = "pickup";  // still 12 single particles a second, each living up to 1.25 x 0.9 s
  const Scene scene = compiled(e);
  // Alive at once from the emitter: a pickup particle lives at most ceil(1.25·0.9·60) + 2 = 70
  // steps and the emitter throws 0.2 a step, so floor(0.2·70) + 2 = 16.
  const double perStep = 16 + 1 + 3;
  // 120 steps (T = 2.0): 24 throws, the pickup fires in step 120, not yet run.
  SimulationCost c = simulationCost(scene, 2.0);
  CHECK(c.steps == 120);
  CHECK(c.alive == 16);
  CHECK(c.bursts == Approx(24));
  CHECK(c.births == Approx(24));
  CHECK(c.total == Approx(120 * perStep + 4 * 24.0 + 32 * 24.0));
  // One step more: the pickup's 48 too, thrown and alive.
  c = simulationCost(scene, 2.0 + 1.0 / 60);
  CHECK(c.alive == 16 + 48);
  CHECK(c.bursts == Approx(24.2 + 1));
  CHECK(c.births == Approx(24.2 + 48));
  // Past the pool: at 100,000 a second the emitter could keep 116,668 alive, but the pool holds 1024.
  Events more = e;
  more.emitters[0].rate = 100000;
  CHECK(simulationCost(compiled(more), 2.0).alive == 1024);
}

TEST_CASE("the budget counts a section tuned live as it now runs", "[sim][budget]") {
  ParticleSystem system(compiled(sampleEvents()));
  const double before = simulationCost(system.scene(), 10).total;
  system.emitter(0).rate = 100000;  // what the viewer's sandbox may do
  const double after = simulationCost(system.scene(), 10).total;
  // 600 steps: 100,000/s for 10 s instead of 12/s, each an ember of one particle (36 each), and
  // the pool now full every step (1024) where before at most 26 embers (floor(0.2·123) + 2) and the
  // script's 62 particles could live (88).
  CHECK(after - before == Approx(600 * (1024 - 88) + (100000 - 12) * 10 * 36.0));
  system.recipe(1).count = -5;  // read through the floor, as the step reads it
  CHECK(simulationCost(system.scene(), 10).births == Approx(100000 * 10 + 14));
}

TEST_CASE("the per-step cost of what runs stays within the closed form", "[sim][budget]") {
  const Scene scene = compiled(sampleEvents());
  ParticleSystem system(scene);
  double summed = 0, births = 0;
  std::uint32_t mostAlive = 0;
  while (system.step() < 600) {
    summed += system.nextStepCost();
    system.advance();
    mostAlive = std::max(mostAlive, system.liveCount());
  }
  const SimulationCost closed = simulationCost(scene, 10);
  // The step counts the particles actually alive, the closed form their bound: never fewer.
  CHECK(summed <= closed.total + 36.0);
  CHECK(mostAlive <= closed.alive);
  CHECK(closed.alive == 26 + 48 + 14);
  births = static_cast<double>(system.counters().spawned);
  CHECK(births == Approx(closed.births));
  // Both count what ran: 120 embers, a pickup of 48 and a dust of 14.
  CHECK(system.counters().spawned == 120 + 48 + 14);
  CHECK(simulationCost(scene, 10).births == Approx(120 + 48 + 14));
}

TEST_CASE("advanceWithin reaches T over several calls and ends where advanceTo does", "[sim][budget]") {
  const Scene scene = compiled(sampleEvents());
  ParticleSystem exact(scene), budgeted(scene);
  exact.advanceTo(5.0);
  int calls = 0;
  ParticleSystem::Progress p;
  do {
    // About 30 steps a call with ~25 embers alive; room for the pickup's step (48 births) too.
    p = budgeted.advanceWithin(5.0, 30 * 30.0 + 32 * 48 + 4);
    ++calls;
  } while (p == ParticleSystem::Progress::Partial && calls < 100);
  CHECK(p == ParticleSystem::Progress::Reached);
  CHECK(calls > 5);
  EventRenderBuffers a(exact.capacity()), b(budgeted.capacity());
  writeRenderBuffers(exact, a);
  writeRenderBuffers(budgeted, b);
  CHECK(renderBuffersHash(a) == renderBuffersHash(b));
  CHECK(budgeted.counters().spawned == exact.counters().spawned);
  // Going back re-simulates from T = 0 under the same budget.
  CHECK(budgeted.advanceWithin(0.5, 1e12) == ParticleSystem::Progress::Reached);
  CHECK(budgeted.step() == 30);
}

TEST_CASE("the authored section is counted as the compiled one, at any step rate", "[sim][budget]") {
  const Events e = sampleEvents();
  const Scene scene = compiled(e);
  for (double t : {0.0, 1.0, 2.6, 100.0})
    CHECK(simulationCost(e, t, e.stepHz).total == simulationCost(scene, t).total);
  // At 144 Hz: 1440 steps in 10 s, the same 120 embers and two bursts; an ember lives at most
  // ceil(1.25·1.6·144) + 2 = 291 steps, so floor(291/12) + 2 = 26 embers and the script's 62 are alive.
  const SimulationCost c = simulationCost(e, 10, 144);
  CHECK(c.steps == 1440);
  CHECK(c.alive == 88);
  CHECK(c.total == Approx(1440 * (88 + 4.0) + 4 * 122.0 + 32 * (120.0 + 48 + 14)));
  CHECK(simulationHorizon(e, 60) == simulationHorizon(scene));
  // An unknown recipe name (a section that would not compile) still throws its single particles,
  // living the shortest lifetime (a script event of it would throw none).
  Events unknown = e;
  unknown.emitters[0].recipe = "nope";
  CHECK(simulationCost(unknown, 10, 60).births == Approx(120 + 48 + 14));
  unknown.script[0].recipe = "nope";
  CHECK(simulationCost(unknown, 10, 60).births == Approx(120 + 14));
}

TEST_CASE("the budget message says what was counted, the limit and the latest time within it",
          "[sim][budget]") {
  const Scene scene = compiled(emitterFlood());
  const std::string m = simulationBudgetMessage(scene, 3600);
  INFO(m);
  CHECK(m.find("t = 3600 s") != std::string::npos);
  CHECK(m.find("3600000 steps x 258 (up to 1 live particles of a pool of 1, 256 emitters, 1 recipes)") != std::string::npos);
  CHECK(m.find("births x 32") != std::string::npos);
  CHECK(m.find("bursts x 4") != std::string::npos);
  CHECK(m.find("(2^31)") != std::string::npos);
  CHECK(m.find("the latest time within it is 2.329 s at 1000 Hz") != std::string::npos);
}
