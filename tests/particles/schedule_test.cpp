// Birth schedules, cycle groups, required capacity and the emitter clock.
#include <catch2/catch.hpp>

#include <cmath>

#include "particles/sample_docs.hpp"
#include "particles/schedule.hpp"

using namespace kiln;
using namespace kiln::particles;

namespace {

Emitter rateEmitter(double rate, double duration) {
  Emitter e{.name = "e"};  // initialised, not assigned: GCC 12 -O3 warns falsely on the assignment
  e.rate = rate;
  e.duration = duration;
  return e;
}

Preset lifetimePreset(double lifetimeMax) {
  Preset p = testdocs::smokePreset("p", 4096);
  p.lifetime = {std::min(1.0, lifetimeMax), lifetimeMax};
  return p;
}

Emitter cycling(double period) {
  Emitter e = rateEmitter(0, 0);
  e.bursts = {{0, 1}};
  e.mode = PlayMode::Cycle;
  e.period = period;
  return e;
}

}  // namespace

TEST_CASE("rate births lie at n/rate before the duration", "[particles][schedule]") {
  const Emitter e = rateEmitter(4, 1);
  CHECK(birthCount(e) == 4);
  CHECK(birthSchedule(e) == std::vector<float>{0.0f, 0.25f, 0.5f, 0.75f});
  // The endpoint is excluded: 1/4 s steps over [0, 1.0000001) add the birth at 1.
  CHECK(birthCount(rateEmitter(4, std::nextafter(1.0, 2.0))) == 5);
  CHECK(birthCount(rateEmitter(4, std::nextafter(1.0, 0.0))) == 4);
}

TEST_CASE("counting uses the float64 offset and not its float32 rounding", "[particles][schedule]") {
  // 3/rate lies 1e-9 below the duration 1.5 in float64, so it counts, although it rounds to
  // 1.5f; one step the other way it does not count, although it still rounds to 1.5f.
  const double below = 1.5 - 1e-9, above = 1.5 + 1e-9;
  CHECK(static_cast<float>(below) == 1.5f);
  CHECK(static_cast<float>(above) == 1.5f);
  CHECK(birthCount(rateEmitter(3 / below, 1.5)) == 4);
  CHECK(birthCount(rateEmitter(3 / above, 1.5)) == 3);
  // The product rate×duration rounds up to exactly 3 here; the offsets decide the count.
  const double rate = 3 / above;
  CHECK(std::ceil(rate * 1.5) == 3);
  CHECK(birthSchedule(rateEmitter(3 / below, 1.5)).back() == 1.5f);
}

TEST_CASE("a positive rate always births at 0", "[particles][schedule]") {
  CHECK(birthSchedule(rateEmitter(1e-6, 1)) == std::vector<float>{0.0f});
  CHECK(birthSchedule(rateEmitter(0.5, 2)) == std::vector<float>{0.0f});  // 1/rate == duration
  CHECK(birthSchedule(rateEmitter(0.5, std::nextafter(2.0, 3.0))) == std::vector<float>{0.0f, 2.0f});
  CHECK(birthCount(rateEmitter(0, 10)) == 0);
}

TEST_CASE("bursts add births at their times in a stable sorted schedule", "[particles][schedule]") {
  Emitter e = rateEmitter(2, 1);
  e.bursts = {{0.75, 2}, {0.25, 1}, {0, 1}};
  CHECK(birthCount(e) == 6);
  CHECK(birthSchedule(e) == std::vector<float>{0.0f, 0.0f, 0.25f, 0.5f, 0.75f, 0.75f});
  std::vector<float> reused;
  reused.reserve(6);
  const float* before = reused.data();
  birthScheduleInto(e, reused);
  CHECK(reused == birthSchedule(e));
  CHECK(reused.data() == before);  // no reallocation with enough capacity
}

TEST_CASE("huge rate x duration is counted without allocating", "[particles][schedule]") {
  CHECK(birthCount(rateEmitter(1e30, 3600)) > 4096);
  CHECK(birthCount(rateEmitter(1e6, 3600)) == 3600000000ull);
}

TEST_CASE("burst counts add exactly, and saturate only with saturated rate births", "[particles][schedule]") {
  constexpr std::uint64_t kMax = ~std::uint64_t{0};
  Emitter bursts = rateEmitter(0, 0);
  for (int i = 0; i < 16; ++i) bursts.bursts.push_back({0.1 * i, 0xffffffffu});
  // 16 × (2^32 − 1): far past 32 bits, exact in 64.
  CHECK(burstBirths(bursts) == 16 * std::uint64_t{0xffffffffu});
  CHECK(birthCount(bursts) == 16 * std::uint64_t{0xffffffffu});
  Emitter both = rateEmitter(1e6, 3600);
  both.bursts = bursts.bursts;
  CHECK(birthCount(both) == 3600000000ull + 16 * std::uint64_t{0xffffffffu});
  // Rate births beyond counting saturate, and bursts on top stay saturated rather than wrapping.
  Emitter huge = rateEmitter(1e30, 3600);
  CHECK(birthCount(huge) == kMax);
  huge.bursts = bursts.bursts;
  CHECK(burstBirths(huge) == 16 * std::uint64_t{0xffffffffu});
  CHECK(birthCount(huge) == kMax);
}

TEST_CASE("cycle groups: ceil of f32 max lifetime over f32 period and at least 1", "[particles][schedule]") {
  CHECK(cycleGroups(lifetimePreset(3), cycling(2)) == 2);
  CHECK(cycleGroups(lifetimePreset(2), cycling(2)) == 1);
  CHECK(cycleGroups(lifetimePreset(0.5), cycling(2)) == 1);
  CHECK(cycleGroups(lifetimePreset(4.000001), cycling(2)) == 3);
  // Above 2 periods in float64, exactly 2 once the lifetime is rounded to float32.
  CHECK(cycleGroups(lifetimePreset(4.0000001), cycling(2)) == 2);
  Emitter once = cycling(2);
  once.mode = PlayMode::Once;
  CHECK(cycleGroups(lifetimePreset(30), once) == 1);
}

TEST_CASE("cycle groups use the uploaded float32 values", "[particles][schedule]") {
  // In float64 the lifetime exceeds two periods; in float32 both round to the same ratio 2.
  const double period = 0.1, lifetime = 0.2 + 1e-12;
  CHECK(std::ceil(lifetime / period) == 3);
  CHECK(static_cast<float>(lifetime) == static_cast<float>(0.2));
  CHECK(static_cast<double>(static_cast<float>(0.2)) / static_cast<double>(static_cast<float>(0.1)) == 2.0);
  CHECK(cycleGroups(lifetimePreset(lifetime), cycling(period)) == 2);
  // And upwards: 3.5 / 0.7 is exactly 5 in float64, but float32(0.7) rounds down while 3.5 is
  // exact, so five uploaded periods are shorter than the lifetime and a sixth group is needed.
  CHECK(3.5 / 0.7 == 5.0);
  CHECK(static_cast<double>(static_cast<float>(0.7)) < 0.7);
  CHECK(cycleGroups(lifetimePreset(3.5), cycling(0.7)) == 6);
  // Both sides of the 1 → 2 step at float32 resolution: a period one float32 step below the
  // uploaded lifetime needs a second group; the equal period does not.
  const double a = 0.3;
  const double p = static_cast<double>(std::nextafter(static_cast<float>(a), 0.0f));
  CHECK(cycleGroups(lifetimePreset(a), cycling(p)) == 2);
  CHECK(cycleGroups(lifetimePreset(a), cycling(a)) == 1);
}

TEST_CASE("required capacity and the shortfall sentence", "[particles][schedule]") {
  Preset p = lifetimePreset(3);
  p.name = "embers";
  p.capacity = 9;
  Emitter e = cycling(2);
  e.name = "brazier";
  e.bursts = {{0, 5}};
  CHECK(requiredCapacity(p, e) == 10);
  const auto why = capacityShortfall(p, e);
  REQUIRE(why);
  CHECK_THAT(*why, Catch::Contains("brazier") && Catch::Contains("embers") && Catch::Contains("10") &&
                       Catch::Contains("9"));
  p.capacity = 10;
  CHECK_FALSE(capacityShortfall(p, e));
}

TEST_CASE("emitter clock: delay and cycle and phase", "[particles][schedule]") {
  Emitter e = cycling(2);
  e.delay = 1;
  CHECK_FALSE(emitterClock(e, 0.5).started);
  auto at = [&](double t) { return emitterClock(e, t); };
  CHECK(at(1).started);
  CHECK(at(1).cycle == 0);
  CHECK(at(1).phase == 0);
  CHECK(at(2.5).cycle == 0);
  CHECK(at(2.5).phase == 1.5);
  CHECK(at(3).cycle == 1);
  CHECK(at(3).phase == 0);
  CHECK(at(8.5).cycle == 3);
  CHECK(at(8.5).phase == 1.5);
  // Days into a session the phase stays in [0, period).
  const auto late = at(1 + 2 * 43200.0 + 0.75);
  CHECK(late.cycle == 43200);
  CHECK(late.phase == Approx(0.75).margin(1e-9));
  Emitter once = e;
  once.mode = PlayMode::Once;
  once.period = 0;
  CHECK(emitterClock(once, 10).cycle == 0);
  CHECK(emitterClock(once, 10).phase == 9);
}

TEST_CASE("emitter clock phase stays below the period at rounding edges", "[particles][schedule]") {
  Emitter e = cycling(0.1);  // float32(0.1) is not 0.1
  const double P = static_cast<double>(static_cast<float>(0.1));
  for (int c = 1; c < 2000; ++c) {
    for (double t : {c * P, std::nextafter(c * P, 0.0), std::nextafter(c * P, 1e9)}) {
      const auto clock = emitterClock(e, t);
      REQUIRE(clock.phase >= 0);
      REQUIRE(clock.phase < P);
      REQUIRE(std::fabs(static_cast<double>(clock.cycle) * P + clock.phase - t) < 1e-12);
    }
  }
}
