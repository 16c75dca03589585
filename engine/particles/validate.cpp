// Every worldparticles validation rule (seed 000): all diagnostics at once, each with a code from
// core/codes.def and a field path in the source vocabulary.
#include "particles/validate.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "core/float.hpp"
#include "core/names.hpp"
#include "particles/bounds.hpp"
#include "particles/validate_report.hpp"
#include "particles/schedule.hpp"

namespace kiln::particles {

namespace {

using core::Code;
using detail::Report;
using detail::Path;

void checkRange(Report& r, const Range& range, const Path& path) {
  const bool ok = r.finite(range.min, path / ".min");
  if (r.finite(range.max, path / ".max") && ok && range.min > range.max)
    r.add(Code::RangeOrder, path, "min " + Report::num(range.min) + " exceeds max " + Report::num(range.max));
}

}  // namespace

CurveStep curveStep(double a, double b) {
  const float fa = core::toF32(a), fb = core::toF32(b);
  if (!(fb > fa)) return CurveStep::NotAbove;
  if (static_cast<double>(fb) - static_cast<double>(fa) < core::kMinNormalF32) return CurveStep::TooClose;
  return CurveStep::Ok;
}

double nextCurveAge(double age) {
  const float f = core::toF32(age);
  // The next float32 up, unless that is closer than 2^-126 (near zero): then the first float32
  // at or above f + 2^-126 (exact in double).
  const float up = std::nextafter(f, std::numeric_limits<float>::infinity());
  if (static_cast<double>(up) - static_cast<double>(f) >= core::kMinNormalF32) return up;
  const double least = static_cast<double>(f) + core::kMinNormalF32;
  float v = core::toF32(least);
  if (static_cast<double>(v) < least) v = std::nextafter(v, std::numeric_limits<float>::infinity());
  return v;
}

double previousCurveAge(double age) {
  return -nextCurveAge(-age);
}

namespace {

// Shared curve rules: 2–4 keys from age 0 to age 1, strictly increasing after float32
// conversion, and every uploaded adjacent difference at least 2^-126 (GPUs may flush smaller).
template <class Key>
void checkCurve(Report& r, const std::vector<Key>& keys, const Path& path) {
  if (keys.size() < kMinCurveKeys || keys.size() > kMaxCurveKeys)
    r.add(Code::CurveKeyCount, path, "has " + std::to_string(keys.size()) + " keys; " + std::to_string(kMinCurveKeys) + " to " +
                                  std::to_string(kMaxCurveKeys) + " are allowed");
  for (std::size_t i = 0; i < keys.size(); ++i) r.finite(keys[i].age, path[i] / ".age");
  // Whether key i's age passed the finite check above (recomputed: no per-call storage).
  auto ok = [&](std::size_t i) { return core::finiteAsF32(keys[i].age); };
  if (keys.empty()) return;
  if (ok(0) && keys.front().age != 0)
    r.add(Code::CurveFirstAge, path[0] / ".age", "first age is " + Report::num(keys.front().age) + ", not 0");
  if (ok(keys.size() - 1) && keys.back().age != 1)
    r.add(Code::CurveLastAge, path[keys.size() - 1] / ".age",
          "last age is " + Report::num(keys.back().age) + ", not 1");
  for (std::size_t i = 1; i < keys.size(); ++i) {
    if (!ok(i - 1) || !ok(i)) continue;
    const Path at = path.item(i, ".age");
    switch (curveStep(keys[i - 1].age, keys[i].age)) {
      case CurveStep::Ok: break;
      case CurveStep::NotAbove:
        r.add(Code::CurveOrder, at, "age " + Report::num(keys[i].age) + " is not above the previous age " +
                                        Report::num(keys[i - 1].age) + " as float32");
        break;
      case CurveStep::TooClose: r.add(Code::CurveAgeGap, at, "float32 ages differ by less than 2^-126"); break;
    }
  }
}

bool enumsKnown(Report& r, const Preset& p, const Path& at) {
  bool ok = true;
  auto check = [&](auto v, auto last, const char* field) {
    if (static_cast<unsigned>(v) > static_cast<unsigned>(last)) {
      r.add(Code::UnknownEnum, at / field, "value " + std::to_string(static_cast<unsigned>(v)) + " is not defined");
      ok = false;
    }
  };
  check(p.spawnShape, SpawnShape::Box, ".spawn.shape");
  check(p.sprite.flipbook, Flipbook::Cycle, ".sprite.flipbook");
  check(p.sprite.facing, Facing::Upright, ".sprite.facing");
  check(p.sprite.blend, Blend::Premultiplied, ".sprite.blend");
  return ok;
}

}  // namespace

namespace detail {
void checkName(Report& r, std::string_view name, const Path& path) {
  if (r.namesProven) return;
  if (const auto why = core::nameProblem(name, kMaxNameBytes)) r.add(Code::BadName, path, *why);
}

// `version` 0 skips the blend rule (used when the document version itself is unsupported).
void checkPreset(Report& r, const Preset& p, std::uint16_t version, const Path& at) {
  checkName(r, p.name, at / ".name");
  if (p.capacity < 1 || p.capacity > kMaxSlotsPerEmitter)
    r.add(Code::Capacity, at / ".capacity", "capacity " + std::to_string(p.capacity) + " is outside 1.." + std::to_string(kMaxSlotsPerEmitter));
  enumsKnown(r, p, at);

  if (r.finite(p.spawnHalfExtents, at / ".spawn.half_extents") && p.spawnShape == SpawnShape::Box)
    for (int i = 0; i < 3; ++i)
      if (p.spawnHalfExtents[i] < 0)
        r.add(Code::SpawnExtent, (at / ".spawn.half_extents")[static_cast<std::size_t>(i)],
              "half extent " + Report::num(p.spawnHalfExtents[i]) + " is negative");

  for (int i = 0; i < 3; ++i) {
    const auto axis = static_cast<std::size_t>(i);
    const bool ok = r.finite(p.velocity.min[i], (at / ".velocity.min")[axis]);
    if (r.finite(p.velocity.max[i], (at / ".velocity.max")[axis]) && ok && p.velocity.min[i] > p.velocity.max[i])
      r.add(Code::RangeOrder, (at / ".velocity.min")[axis], "min exceeds max on this axis");
  }

  const std::size_t before = r.size();
  checkRange(r, p.lifetime, at / ".lifetime");
  if (r.size() == before) {
    // Lifetime min > 0 as uploaded: a positive float64 that rounds to float32 zero would give
    // particles that are never alive.
    if (!(core::toF32(p.lifetime.min) > 0))
      r.add(Code::LifetimeRange, at / ".lifetime.min", "lifetime min " + Report::num(p.lifetime.min) + " is not positive");
    if (p.lifetime.max > kMaxSeconds)
      r.add(Code::LifetimeRange, at / ".lifetime.max", "lifetime max " + Report::num(p.lifetime.max) + " exceeds " + Report::num(kMaxSeconds) + " s");
  }

  r.finite(p.acceleration, at / ".acceleration");
  if (r.finite(p.drag, at / ".drag") && p.drag < 0)
    r.add(Code::DragRange, at / ".drag", "drag " + Report::num(p.drag) + " is negative");
  checkRange(r, p.rotationAngle, at / ".rotation.angle");
  checkRange(r, p.rotationSpeed, at / ".rotation.speed");

  checkCurve(r, p.size, at / ".size");
  for (std::size_t i = 0; i < p.size.size(); ++i)
    if (r.finite(p.size[i].value, (at / ".size")[i] / ".value") && p.size[i].value < 0)
      r.add(Code::SizeRange, (at / ".size")[i] / ".value", "size " + Report::num(p.size[i].value) + " is negative");
  checkCurve(r, p.color, at / ".color");
  for (std::size_t i = 0; i < p.color.size(); ++i)
    for (std::size_t c = 0; c < 4; ++c) {
      const Path color = at / ".color";
      const Path rgba = color.item(i, ".rgba");
      const Path component = rgba[c];
      const double v = p.color[i].rgba[c];
      if (r.finite(v, component) && (v < 0 || v > 1))
        r.add(Code::ColorRange, component, "component " + Report::num(v) + " is outside [0,1]");
    }

  const std::size_t frames = p.sprite.frames.size();
  if (frames < 1 || frames > kMaxFrames)
    r.add(Code::FrameCount, at / ".sprite.frames", std::to_string(frames) + " frames; 1 to " + std::to_string(kMaxFrames) + " are allowed");
  for (std::size_t i = 0; i < frames; ++i) checkName(r, p.sprite.frames[i], (at / ".sprite.frames")[i]);
  if (r.finite(p.sprite.fps, at / ".sprite.fps")) {
    // With several frames the uploaded fps must be a normal float32 (≥ 2^-126); one frame may use 0.
    if (p.sprite.fps < 0)
      r.add(Code::Fps, at / ".sprite.fps", "fps " + Report::num(p.sprite.fps) + " is negative");
    else if (frames > 1 && static_cast<double>(core::toF32(p.sprite.fps)) < core::kMinNormalF32)
      r.add(Code::Fps, at / ".sprite.fps", "fps below 2^-126 with " + std::to_string(frames) + " frames");
  }
  if (version != 0 && static_cast<unsigned>(p.sprite.blend) <= static_cast<unsigned>(Blend::Premultiplied) &&
      !blendAllowed(p.sprite.blend, version))
    r.add(Code::BlendForVersion, at / ".sprite.blend",
          "blend '" + std::string(name(p.sprite.blend)) + "' needs document version 2");
}

std::uint16_t checkVersion(Report& r, std::uint16_t version) {
  if (version == Version || version == AlphaVersion) return version;
  r.add(Code::UnsupportedVersion, Path("version"),
        "document version " + std::to_string(version) + " is not " + std::to_string(Version) + " or " +
            std::to_string(AlphaVersion));
  return 0;
}

}  // namespace detail

namespace detail {
Path presetRoot(const Preset& p, std::size_t index, bool nameProven) {
  const bool usable = nameProven || !core::nameProblem(p.name, kMaxNameBytes);
  return usable ? Path("presets.", p.name) : Path("presets", index);
}
Path emitterRoot(const Emitter& e, std::size_t index, bool nameProven) {
  const bool usable = nameProven || !core::nameProblem(e.name, kMaxNameBytes);
  return usable ? Path("emitters.", e.name) : Path("emitters", index);
}
}  // namespace detail

std::string presetPath(const Preset& p, std::size_t index) { return detail::presetRoot(p, index).str(); }
std::string emitterPath(const Emitter& e, std::size_t index) { return detail::emitterRoot(e, index).str(); }

core::Diagnostics validatePresetForVersion(const Preset& preset, std::uint16_t version) {
  core::Diagnostics out;
  Report r(out);
  version = detail::checkVersion(r, version);
  detail::checkPreset(r, preset, version, detail::presetRoot(preset, 0));
  return out;
}

core::Diagnostics validatePreset(const Preset& preset) { return validatePresetForVersion(preset, Version); }

}  // namespace kiln::particles
