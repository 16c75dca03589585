// Birth schedules, cycle groups, required capacity and the emitter clock (seed 000 lifecycle).
#include "particles/schedule.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "core/float.hpp"

namespace kiln::particles {

namespace {

constexpr std::uint64_t kSaturated = std::numeric_limits<std::uint64_t>::max();

// Rate births: the number of n ≥ 0 with the float64 offset n/rate < duration, plus the birth
// at 0 that any positive rate has. Arithmetic only, so a huge rate×duration costs nothing.
std::uint64_t rateBirths(double rate, double duration) {
  if (!(rate > 0)) return 0;  // also rejects NaN
  if (!std::isfinite(rate) || !std::isfinite(duration)) return kSaturated;
  const double estimate = std::ceil(rate * duration);
  // Beyond 2^52 the offsets n/rate are no longer distinct; nothing that large can be scheduled.
  if (estimate > 4503599627370496.0) return kSaturated;
  std::uint64_t n = estimate > 1 ? static_cast<std::uint64_t>(estimate) : 1;
  // rate·duration is rounded, so step to the exact count against n/rate itself.
  while (n > 1 && static_cast<double>(n - 1) / rate >= duration) --n;
  while (static_cast<double>(n) / rate < duration) ++n;
  return n;
}

std::uint64_t saturatingAdd(std::uint64_t a, std::uint64_t b) { return a > kSaturated - b ? kSaturated : a + b; }

}  // namespace

std::uint64_t burstBirths(const Emitter& e) {
  std::uint64_t n = 0;
  for (const Burst& b : e.bursts) n += b.count;
  return n;
}

// Rate births saturate; one saturating add of the burst sum then gives what adding each burst
// with saturation would.
std::uint64_t birthCount(const Emitter& e) { return saturatingAdd(rateBirths(e.rate, e.duration), burstBirths(e)); }

void birthScheduleInto(const Emitter& e, std::vector<float>& out) {
  out.clear();
  const std::uint64_t rate = rateBirths(e.rate, e.duration);
  for (std::uint64_t n = 0; n < rate; ++n) out.push_back(core::toF32(static_cast<double>(n) / e.rate));
  if (e.bursts.size() > kMaxBursts) {  // invalid document: correctness over speed
    for (const Burst& b : e.bursts) out.insert(out.end(), b.count, core::toF32(b.time));
    std::stable_sort(out.begin(), out.end());
    return;
  }
  // Rate births are already ascending; merge the (at most 16) bursts in from the back, so the
  // per-frame path neither sorts nor allocates. Ties keep rate births first, then bursts in
  // authored order, as a stable sort of rate births followed by bursts would.
  std::array<Burst, kMaxBursts> bursts{};
  std::size_t nb = 0;
  std::uint64_t total = out.size();
  for (const Burst& b : e.bursts) {
    std::size_t k = nb++;
    for (; k > 0 && core::toF32(bursts[k - 1].time) > core::toF32(b.time); --k) bursts[k] = bursts[k - 1];
    bursts[k] = b;
    total += b.count;
  }
  std::size_t i = out.size();
  out.resize(static_cast<std::size_t>(total));
  std::size_t w = out.size();
  while (nb > 0) {
    const Burst& b = bursts[nb - 1];
    const float t = core::toF32(b.time);
    if (i > 0 && out[i - 1] > t) {
      out[--w] = out[--i];
    } else {
      for (std::uint32_t c = 0; c < b.count; ++c) out[--w] = t;
      --nb;
    }
  }
}

std::vector<float> birthSchedule(const Emitter& e) {
  std::vector<float> out;
  const std::uint64_t n = birthCount(e);
  out.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(n, kMaxSlotsPerEmitter)));
  birthScheduleInto(e, out);
  return out;
}

std::uint32_t cycleGroups(const Preset& p, const Emitter& e) {
  if (e.mode != PlayMode::Cycle) return 1;
  // The GPU reuses a slot after G·P seconds; both operands are what it receives (float32),
  // divided in float64 so the division itself adds no rounding that could shorten G·P.
  const double lifetime = static_cast<double>(core::toF32(p.lifetime.max));
  const double period = static_cast<double>(core::toF32(e.period));
  if (!(period > 0) || !std::isfinite(lifetime) || !std::isfinite(period)) return 1;
  const double groups = std::ceil(lifetime / period);
  if (!(groups >= 1)) return 1;
  if (groups >= 4294967295.0) return std::numeric_limits<std::uint32_t>::max();
  return static_cast<std::uint32_t>(groups);
}

std::uint64_t requiredCapacity(const Preset& p, const Emitter& e) {
  const std::uint64_t births = birthCount(e);
  const std::uint64_t groups = cycleGroups(p, e);
  if (births != 0 && groups > kSaturated / births) return kSaturated;
  return births * groups;
}

std::optional<std::string> capacityShortfall(const Preset& p, const Emitter& e) {
  const std::uint64_t need = requiredCapacity(p, e);
  if (need <= p.capacity) return std::nullopt;
  return "emitter '" + e.name + "' needs " + std::to_string(need) + " slots (" + std::to_string(birthCount(e)) +
         " births x " + std::to_string(cycleGroups(p, e)) + " cycle groups) but preset '" + p.name +
         "' has capacity " + std::to_string(p.capacity);
}

EmitterClock emitterClock(const Emitter& e, double levelTime) {
  EmitterClock clock;
  const double tau = levelTime - e.delay;
  clock.started = tau >= 0;
  clock.phase = tau;
  if (!clock.started || e.mode != PlayMode::Cycle) return clock;
  const double period = static_cast<double>(core::toF32(e.period));
  if (!(period > 0)) return clock;
  double c = std::floor(tau / period);
  double phase = tau - c * period;
  // tau/period is rounded, so the floor can land one cycle off; step back into [0, period).
  if (phase < 0) {
    c -= 1;
    phase += period;
  } else if (phase >= period) {
    c += 1;
    phase -= period;
  }
  // Beyond ±2^62 cycles the level time itself has no sub-period precision left.
  clock.cycle = static_cast<std::int64_t>(std::clamp(c, -4.6e18, 4.6e18));
  clock.phase = std::clamp(phase, 0.0, std::nextafter(period, 0.0));
  return clock;
}

}  // namespace kiln::particles
