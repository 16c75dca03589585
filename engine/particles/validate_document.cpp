// Document-level validation: limits, unique names, references, emitter timing, schedules,
// capacities and the recomputed-bounds check.
#include <cmath>
#include <algorithm>
#include <string>

#include "core/float.hpp"
#include "particles/bounds.hpp"
#include "particles/schedule.hpp"
#include "particles/validate.hpp"
#include "particles/validate_report.hpp"

namespace kiln::particles {

namespace {

using core::Code;
using detail::Path;
using detail::Report;

// The time rule: finite (also as float32) and within [0, kMaxSeconds].
bool timeValid(double v) { return core::finiteAsF32(v) && v >= 0 && v <= kMaxSeconds; }

bool timeInRange(Report& r, double v, Code code, const Path& path) {
  if (timeValid(v)) [[likely]] return true;
  if (r.finite(v, path)) r.add(code, path, Report::num(v) + " s is outside [0, " + Report::num(kMaxSeconds) + "]");
  return false;
}

// Timing and schedule rules of one emitter. Births are counted arithmetically; no schedule is
// built, so a forged rate×duration of 10^15 costs nothing.
void checkTiming(Report& r, const Emitter& e, const Path& at) {
  bool ok = true;
  if (r.finite(e.rate, at / ".rate") && e.rate < 0) {
    r.add(Code::RateRange, at / ".rate", "rate " + Report::num(e.rate) + " is negative");
    ok = false;
  }
  ok = timeInRange(r, e.duration, Code::DurationRange, at / ".duration_seconds") && ok;
  if (ok && e.rate > 0 && e.duration == 0)
    r.add(Code::DurationRange, at / ".duration_seconds", "a positive rate needs a positive duration");
  if (e.bursts.size() > kMaxBursts)
    r.add(Code::BurstCount, at / ".bursts", std::to_string(e.bursts.size()) + " bursts; at most " + std::to_string(kMaxBursts) + " are allowed");
  // One tight pass over the bursts first; their paths are built only when one of them is wrong.
  const bool burstsValid =
      std::all_of(e.bursts.begin(), e.bursts.end(), [](const Burst& b) { return b.count != 0 && timeValid(b.time); });
  for (std::size_t i = 0; !burstsValid && i < e.bursts.size(); ++i) {
    if (e.bursts[i].count == 0) r.add(Code::BurstCount, (at / ".bursts")[i] / ".count", "a burst of zero particles");
    ok = timeInRange(r, e.bursts[i].time, Code::BurstTime, (at / ".bursts")[i] / ".time") && ok;
  }
  timeInRange(r, e.delay, Code::DelayRange, at / ".delay_seconds");

  const bool cycling = e.mode == PlayMode::Cycle;
  bool periodOk = r.finite(e.period, at / ".period_seconds");
  if (periodOk && cycling && !(core::toF32(e.period) > 0 && e.period <= kMaxSeconds)) {
    r.add(Code::PeriodRange, at / ".period_seconds", "a cycling emitter needs a period in (0, " + Report::num(kMaxSeconds) + "]");
    periodOk = false;
  } else if (periodOk && !cycling && e.period != 0) {
    r.add(Code::PeriodRange, at / ".period_seconds", "a once emitter has no period");
  }
  if (!ok) return;

  const std::uint64_t births = birthCount(e);
  const std::uint64_t rateBirths = births - std::min(births, burstBirths(e));
  if (rateBirths > kMaxSlotsPerEmitter)
    r.add(Code::RateRange, at / ".rate", "rate x duration gives " + std::to_string(rateBirths) +
                                             " births; at most " + std::to_string(kMaxSlotsPerEmitter) + " can be scheduled");
  if (births == 0) r.add(Code::NoBirths, at, "the emitter has no rate and no bursts, so it never births");

  if (!cycling || !periodOk) return;
  if (e.duration > e.period)
    r.add(Code::DurationExceedsPeriod, at / ".duration_seconds",
          "duration " + Report::num(e.duration) + " s exceeds the period " + Report::num(e.period) + " s");
  // Every cycling birth must come strictly before the uploaded float32 period, or it would
  // collide with the next cycle's birth at phase 0.
  const float period = core::toF32(e.period);
  if (rateBirths > 0 && rateBirths <= kMaxSlotsPerEmitter &&
      !(core::toF32(static_cast<double>(rateBirths - 1) / e.rate) < period))
    r.add(Code::BirthAfterPeriod, at / ".rate", "the last rate birth is not before float32(period)");
  for (std::size_t i = 0; i < e.bursts.size(); ++i)
    if (!(core::toF32(e.bursts[i].time) < period))
      r.add(Code::BirthAfterPeriod, (at / ".bursts")[i] / ".time", "the burst is not before float32(period)");
}

void checkPlacement(Report& r, const Emitter& e, const Path& at) {
  r.finite(e.position, at / ".position");
  if (r.finite(e.yaw, at / ".yaw") && (e.yaw < -180 || e.yaw > 180))
    r.add(Code::YawRange, at / ".yaw", "yaw " + Report::num(e.yaw) + " is outside [-180, 180]");
  if (r.finite(e.scale, at / ".scale") && !(core::toF32(e.scale) > 0))
    r.add(Code::Scale, at / ".scale", "scale " + Report::num(e.scale) + " is not positive");
  if (static_cast<unsigned>(e.mode) > static_cast<unsigned>(PlayMode::Cycle))
    r.add(Code::UnknownEnum, at / ".mode", "value " + std::to_string(static_cast<unsigned>(e.mode)) + " is not defined");
}

// Per item: 1 when an earlier item has the same name (where the duplicate is reported). One
// sort of indices (by name, then index, so equal names keep their order without the buffer a
// stable sort allocates) instead of a set of name copies.
template <class Item>
std::vector<char> repeatedNames(const std::vector<Item>& items) {
  std::vector<char> repeated(items.size(), 0);
  std::vector<std::uint32_t> order(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) order[i] = static_cast<std::uint32_t>(i);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    const int c = items[a].name.compare(items[b].name);
    return c < 0 || (c == 0 && a < b);
  });
  for (std::size_t k = 1; k < order.size(); ++k)
    if (items[order[k]].name == items[order[k - 1]].name) repeated[order[k]] = 1;
  return repeated;
}

}  // namespace

core::Diagnostics validate(const Document& doc, const ValidateOptions& options) {
  core::Diagnostics out;
  Report r(out, options.namesProven);
  const std::uint16_t version = detail::checkVersion(r, doc.version);
  if (doc.presets.size() > kMaxPresets)
    r.add(Code::PresetCount, Path("presets"), std::to_string(doc.presets.size()) + " presets; at most " + std::to_string(kMaxPresets) + " are allowed");
  if (doc.emitters.size() > kMaxEmitters)
    r.add(Code::EmitterCount, Path("emitters"), std::to_string(doc.emitters.size()) + " emitters; at most " + std::to_string(kMaxEmitters) + " are allowed");

  std::vector<char> presetOk(doc.presets.size());
  const std::vector<char> presetRepeats = repeatedNames(doc.presets);
  for (std::size_t i = 0; i < doc.presets.size(); ++i) {
    const Preset& p = doc.presets[i];
    const std::size_t before = r.size();
    detail::checkPreset(r, p, version, detail::presetRoot(p, i, r.namesProven));
    if (presetRepeats[i])
      r.add(Code::DuplicateName, Path("presets", i) / ".name", "another preset is also named '" + p.name + "'");
    presetOk[i] = r.size() == before;
  }

  const std::vector<char> emitterRepeats = repeatedNames(doc.emitters);
  std::uint64_t totalSlots = 0;
  for (std::size_t i = 0; i < doc.emitters.size(); ++i) {
    const Emitter& e = doc.emitters[i];
    const Path at = detail::emitterRoot(e, i, r.namesProven);
    const std::size_t before = r.size();
    detail::checkName(r, e.name, at / ".name");
    if (emitterRepeats[i])
      r.add(Code::DuplicateName, Path("emitters", i) / ".name", "another emitter is also named '" + e.name + "'");
    checkPlacement(r, e, at);
    checkTiming(r, e, at);
    const bool resolved = e.preset < doc.presets.size();
    if (!resolved) {
      r.add(Code::BadReference, at / ".preset", "preset index " + std::to_string(e.preset) + " does not exist");
    } else if (r.size() == before) {
      const Preset& p = doc.presets[e.preset];
      const std::uint64_t need = requiredCapacity(p, e);
      if (need > kMaxSlotsPerEmitter)
        r.add(Code::SlotsPerEmitter, at, "needs " + std::to_string(need) + " slots; at most " + std::to_string(kMaxSlotsPerEmitter) + " are allowed");
      // capacityShortfall explains exactly the need above capacity: asked only then.
      if (need > p.capacity)
        if (const auto why = capacityShortfall(p, e)) r.add(Code::CapacityTooSmall, at / ".preset", *why);
    }
    if (resolved) totalSlots += doc.presets[e.preset].capacity;

    const Path boundsAt = at / ".bounds";
    // Both corners are checked (and reported) even when the first is not finite.
    const bool minOk = r.finite(e.bounds.min, boundsAt / ".min");
    const bool maxOk = r.finite(e.bounds.max, boundsAt / ".max");
    const bool storedOk = minOk && maxOk;
    if (options.checkStoredBounds && storedOk && resolved && r.size() == before && presetOk[e.preset]) {
      const Bounds b = conservativeEmitterBounds(doc.presets[e.preset], e);
      if (!core::finiteAsF32(b.min.x) || !core::finiteAsF32(b.min.y) || !core::finiteAsF32(b.min.z) ||
          !core::finiteAsF32(b.max.x) || !core::finiteAsF32(b.max.y) || !core::finiteAsF32(b.max.z))
        r.add(Code::NotFinite, boundsAt, "the conservative bounds overflow float32");
      else if (!sameBits(e.bounds, b))
        r.add(Code::ForgedBounds, boundsAt, boundsDifference(e.bounds, b));
    }
  }
  if (totalSlots > kMaxTotalSlots)
    r.add(Code::TotalSlots, Path("emitters"), "emitter capacities sum to " + std::to_string(totalSlots) +
                                            " slots; at most " + std::to_string(kMaxTotalSlots) + " are allowed");
  return out;
}

}  // namespace kiln::particles
