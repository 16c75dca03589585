// Birth schedules, cycle groups and required capacity (seed 000, "Analytical lifecycle").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "particles/model.hpp"

namespace kiln::particles {

// Number of births one emission produces (rate births + burst counts), computed without
// allocating. Rate births are n/rate for n ≥ 0 with the float64 offset n/rate < duration.
std::uint64_t birthCount(const Emitter& e);
// The burst counts alone, summed. Each count is below 2^32, so the sum cannot overflow short of
// 2^32 bursts, which no vector of 16-byte bursts holds.
std::uint64_t burstBirths(const Emitter& e);

// The stable sorted float32 schedule: rate births at n/rate in [0, duration) — counted against
// the float64 offset at the excluded endpoint, before float32 conversion — plus each burst's
// births at its time. A positive rate always births at 0. Callers validate first
// (birthCount(e) ≤ 4096).
std::vector<float> birthSchedule(const Emitter& e);
// The same schedule written into `out` (cleared first); allocates nothing once `out` has
// capacity for birthCount(e) values, so per-frame callers reuse one buffer.
void birthScheduleInto(const Emitter& e, std::vector<float>& out);

// max(1, ceil(float32(max lifetime) / float32(period))) via the promoted float64 ratio; 1 for a
// once emitter.
std::uint32_t cycleGroups(const Preset& p, const Emitter& e);

// Slots the emitter needs: births × cycleGroups.
std::uint64_t requiredCapacity(const Preset& p, const Emitter& e);

// A sentence naming emitter and preset and the numbers when the preset is too small; nullopt
// when it fits.
std::optional<std::string> capacityShortfall(const Preset& p, const Emitter& e);

// Where an emitter's clock stands at a level time, computed in double on the CPU (the GPU only
// ever receives cycle and phase, never absolute time, so long sessions stay exact).
struct EmitterClock {
  bool started = false;  // level time ≥ delay
  std::int64_t cycle = 0;  // current cycle index k (0 for once emitters)
  double phase = 0;        // τ − cycle·period (τ itself for once emitters)
};
EmitterClock emitterClock(const Emitter& e, double levelTime);

}  // namespace kiln::particles
