// Every validation rule of the worldparticles contract, returning all diagnostics at once.
#pragma once

#include <cstdint>

#include "core/diagnostic.hpp"
#include "particles/model.hpp"

namespace kiln::particles {

struct ValidateOptions {
  // Require each emitter's stored bounds to equal conservativeEmitterBounds bit-for-bit.
  // The viewer relaxes only this rule to inspect a level with forged bounds.
  bool checkStoredBounds = true;
  // Every preset, frame and emitter name is known to pass core::nameProblem already, as in a
  // KWP1 decode, whose walk applies that same rule to every name it reads: the names are not
  // checked a second time. Their uniqueness still is.
  bool namesProven = false;
};

// The whole document: limits, names, references, each preset for the document's version,
// each emitter (times, schedule, capacity) and, unless relaxed, the stored bounds.
core::Diagnostics validate(const Document& doc, const ValidateOptions& options = {});

// Strict version-1 preset rules (additive/cutout only).
core::Diagnostics validatePreset(const Preset& preset);
// Preset rules for an explicit document version (1 or 2).
core::Diagnostics validatePresetForVersion(const Preset& preset, std::uint16_t version);

// The curve rule between adjacent key ages a < b as the GPU receives them: b above a after
// float32 conversion, and the float32 difference at least 2^-126 (smaller ones may flush to
// zero). validate() applies it (curve-order, curve-age-gap) and an editor keeps keys inside it.
enum class CurveStep : std::uint8_t { Ok, NotAbove, TooClose };
CurveStep curveStep(double a, double b);
// The nearest ages a key after `age` (before `age`) may take under that rule: float32 values,
// exact in double.
double nextCurveAge(double age);
double previousCurveAge(double age);

// Field path prefix used in diagnostics: "presets.NAME" / "emitters.NAME" (index when unnamed).
std::string presetPath(const Preset& p, std::size_t index);
std::string emitterPath(const Emitter& e, std::size_t index);

}  // namespace kiln::particles
