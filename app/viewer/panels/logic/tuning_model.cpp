// Preset tuning: sessions, validation, application and curve key editing.
#include <algorithm>
#include <cmath>

#include "core/assert.hpp"
#include "panels/logic/tuning_model.hpp"
#include "particles/bounds.hpp"
#include "particles/schedule.hpp"
#include "particles/validate.hpp"
#include "world/fit.hpp"

namespace kiln::viewer::tuning {

void Session::start(const particles::Document& doc, std::uint32_t presetIndex) {
  KILN_ASSERT(presetIndex < doc.presets.size());
  EditSession::start(presetIndex, doc.presets[presetIndex]);
}

core::Diagnostics validateEdit(const particles::Document& doc, const world::World& world, std::uint32_t preset,
                               const particles::Preset& edited) {
  core::Diagnostics out = particles::validatePresetForVersion(edited, doc.version);
  const std::string prefix = particles::presetPath(edited, preset);
  for (auto& d : out)
    if (!d.path.starts_with("presets")) d.path = prefix + (d.path.empty() ? "" : "." + d.path);
  if (!out.empty()) return out;  // bounds of an invalid preset mean nothing
  particles::Document trial = doc;
  applyEdit(trial, preset, edited);
  for (std::size_t i = 0; i < trial.emitters.size(); ++i) {
    if (trial.emitters[i].preset != preset) continue;
    if (auto shortfall = particles::capacityShortfall(edited, trial.emitters[i]))
      out.push_back({core::Code::CapacityTooSmall, prefix + ".capacity", *shortfall});
  }
  for (auto& d : world::validateForWorld(world, trial)) {
    // Only the emitters this preset moved can have started to leave their sectors.
    for (std::size_t i = 0; i < trial.emitters.size(); ++i)
      if (trial.emitters[i].preset == preset && d.path.starts_with(particles::emitterPath(trial.emitters[i], i) + ".")) {
        out.push_back(d);
        break;
      }
  }
  return out;
}

void applyEdit(particles::Document& doc, std::uint32_t preset, const particles::Preset& edited) {
  KILN_ASSERT(preset < doc.presets.size());
  doc.presets[preset] = edited;
  for (auto& e : doc.emitters)
    if (e.preset == preset) e.bounds = particles::conservativeEmitterBounds(edited, e);
}

namespace {

particles::SizeKey between(const particles::SizeKey& a, const particles::SizeKey& b, double age) {
  const double t = (age - a.age) / (b.age - a.age);
  return {age, a.value + (b.value - a.value) * t};
}

particles::ColorKey between(const particles::ColorKey& a, const particles::ColorKey& b, double age) {
  const double t = (age - a.age) / (b.age - a.age);
  particles::ColorKey k{age, {}};
  for (std::size_t c = 0; c < 4; ++c) k.rgba[c] = a.rgba[c] + (b.rgba[c] - a.rgba[c]) * t;
  return k;
}

template <class Key>
bool insertAfter(std::vector<Key>& keys, std::size_t after) {
  if (keys.size() >= particles::kMaxCurveKeys || after + 1 >= keys.size()) return false;
  const Key& a = keys[after];
  const Key& b = keys[after + 1];
  // The new key must keep validation's rule with both neighbours.
  const double mid = a.age + (b.age - a.age) / 2;
  if (particles::curveStep(a.age, mid) != particles::CurveStep::Ok ||
      particles::curveStep(mid, b.age) != particles::CurveStep::Ok)
    return false;
  const Key k = between(a, b, mid);
  keys.insert(keys.begin() + static_cast<std::ptrdiff_t>(after + 1), k);
  return true;
}

template <class Key>
std::optional<std::size_t> insertAtAge(std::vector<Key>& keys, double age) {
  if (keys.size() >= particles::kMaxCurveKeys || !std::isfinite(age)) return std::nullopt;
  for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
    const Key& a = keys[i];
    const Key& b = keys[i + 1];
    if (!(age > a.age && age < b.age)) continue;
    if (particles::curveStep(a.age, age) != particles::CurveStep::Ok || particles::curveStep(age, b.age) != particles::CurveStep::Ok)
      return std::nullopt;
    const Key k = between(a, b, age);
    keys.insert(keys.begin() + static_cast<std::ptrdiff_t>(i + 1), k);
    return i + 1;
  }
  return std::nullopt;
}

template <class Key>
bool removeAt(std::vector<Key>& keys, std::size_t index) {
  if (keys.size() <= particles::kMinCurveKeys || index == 0 || index + 1 >= keys.size()) return false;
  keys.erase(keys.begin() + static_cast<std::ptrdiff_t>(index));
  return true;
}

}  // namespace

bool insertKey(std::vector<particles::SizeKey>& keys, std::size_t after) { return insertAfter(keys, after); }
bool insertKey(std::vector<particles::ColorKey>& keys, std::size_t after) { return insertAfter(keys, after); }
std::optional<std::size_t> insertKeyAt(std::vector<particles::SizeKey>& keys, double age) { return insertAtAge(keys, age); }
std::optional<std::size_t> insertKeyAt(std::vector<particles::ColorKey>& keys, double age) { return insertAtAge(keys, age); }
bool removeKey(std::vector<particles::SizeKey>& keys, std::size_t index) { return removeAt(keys, index); }
bool removeKey(std::vector<particles::ColorKey>& keys, std::size_t index) { return removeAt(keys, index); }

double dragAge(const std::vector<double>& ages, std::size_t index, double age) {
  if (index == 0) return 0;
  if (index + 1 >= ages.size()) return 1;
  const double lo = particles::nextCurveAge(ages[index - 1]), hi = particles::previousCurveAge(ages[index + 1]);
  // Neighbours with no valid age between them leave the key where it is.
  if (lo > hi) return ages[index];
  return std::clamp(age, lo, hi);
}

void fitCurveAxis(CurveAxis& axis, const std::vector<double>& values, double least) {
  if (axis.held && axis.top > 0) return;
  double top = least;
  for (const double v : values)
    if (std::isfinite(v)) top = std::max(top, v * 1.25);
  axis.top = top;
}

double axisValue(const CurveAxis& axis, double fromBottom, double height) {
  if (!(height > 0)) return 0;
  return std::max(0.0, fromBottom / height * axis.top);
}

double gridStep(double top, int lines) {
  if (!(top > 0) || !std::isfinite(top) || lines < 1) return 1;
  const double raw = top / lines;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (const double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) return m * power;
  return 10 * power;
}

double snap(double v, double step) {
  if (!(step > 0)) return v;
  return std::round(v / step) * step;
}

std::size_t widestGap(const std::vector<double>& ages) {
  std::size_t best = 0;
  for (std::size_t i = 1; i + 1 < ages.size(); ++i)
    if (ages[i + 1] - ages[i] > ages[best + 1] - ages[best]) best = i;
  return best;
}

}  // namespace kiln::viewer::tuning
