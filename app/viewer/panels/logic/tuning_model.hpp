// Preset tuning without ImGui: the edit session (working copy, undo/redo), live validation,
// applying a valid edit to the mounted document, the preset's numbers by name, and the YAML
// edits (loader/yaml_edit.hpp) that save them back into the source.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/diagnostic.hpp"
#include "logic/edit_session.hpp"
#include "loader/yaml_edit.hpp"
#include "particles/model.hpp"
#include "world/world.hpp"

namespace kiln::viewer::tuning {

// The preset being tuned (`index` into the document's presets).
struct Session : EditSession<particles::Preset> {
  void start(const particles::Document& doc, std::uint32_t presetIndex);
};

// Every rule an edited preset must pass before it reaches the GPU: the preset rules of the
// document's version, each emitter's required capacity, and (with recomputed bounds) the fit of
// each emitter of the preset inside its sector.
core::Diagnostics validateEdit(const particles::Document& doc, const world::World& world, std::uint32_t preset,
                               const particles::Preset& edited);

// Replaces the preset and recomputes the stored bounds of every emitter that uses it.
void applyEdit(particles::Document& doc, std::uint32_t preset, const particles::Preset& edited);

// One number of a preset, listed by the KWP1 preset schema (the codec's field list, so a field
// the format gains is tunable and saved without another list here). `path` is the source path
// under presets.NAME, list items as "[i]": {"velocity", "min", "[1]"}, {"size", "[0]", "age"}.
struct NumberField {
  std::vector<std::string> path;
  std::size_t curveDepth = 0;  // entries naming the curve this key field belongs to (0: none)
  std::size_t wholeDepth = 0;  // entries naming the curve or vector a save writes whole if omitted
  double* f64 = nullptr;       // exactly one of f64 and u32 is set, pointing into the preset
  std::uint32_t* u32 = nullptr;
  double value() const;
  std::string name() const;  // the script's name: "velocity.min[1]", "size[0].age"
};
// Every number of `p` in schema order; the pointers stay valid while `p` keeps its key counts.
std::vector<NumberField> numberFields(particles::Preset& p);

// Sets one field by name (the script's `tune FIELD VALUE`): any NumberField::name, with
// color[K].red|green|blue|alpha for color[K].rgba[0..3]; and size.insert, size.remove,
// color.insert, color.remove with a key index as VALUE (insertKey / removeKey). False for an
// unknown field or key index, a negative or huge count, or a key edit the curve rules refuse.
bool setField(particles::Preset& p, std::string_view field, double value);

// Curve key editing for the size and colour curves. The contract wants 2 to 4 keys, the first
// at age 0, the last at age 1 and ages strictly increasing; these never produce a curve that
// breaks those rules from one that keeps them: the gap between keys is validation's own rule
// (particles::curveStep), not a second constant.

// Inserts a key halfway (in age) between keys `after` and `after + 1`, its value interpolated
// there so the curve keeps its shape. False when the curve is full, `after + 1` is no key or the
// gap is too narrow for a key strictly inside it.
bool insertKey(std::vector<particles::SizeKey>& keys, std::size_t after);
bool insertKey(std::vector<particles::ColorKey>& keys, std::size_t after);
// Inserts a key at `age`, strictly between two keys with validation's gap kept to both, its
// value the curve's at that age (so the shape stays). The new key's index, or nullopt when the
// curve is full or no key fits there.
std::optional<std::size_t> insertKeyAt(std::vector<particles::SizeKey>& keys, double age);
std::optional<std::size_t> insertKeyAt(std::vector<particles::ColorKey>& keys, double age);
// Removes an inner key. False for the first or last key (ages 0 and 1 are fixed) and when the
// curve already has the fewest keys allowed.
bool removeKey(std::vector<particles::SizeKey>& keys, std::size_t index);
bool removeKey(std::vector<particles::ColorKey>& keys, std::size_t index);
// The age key `index` may take when dragged to `age`: ends stay at 0 and 1, inner keys stay
// strictly between their neighbours as validation requires (particles::nextCurveAge and
// previousCurveAge: above, as float32, by at least 2^-126).
double dragAge(const std::vector<double>& ages, std::size_t index, double age);
// The value axis of a curve plot: its top is the curve's largest value plus a quarter, at least
// `least`, refitted only while no key is held. A drag maps the mouse through the axis, so an
// axis that followed the dragged value would move under a still mouse and the value would run
// away; held, it keeps one mouse position meaning one value. It refits on release.
struct CurveAxis {
  double top = 0;
  bool held = false;
};
void fitCurveAxis(CurveAxis& axis, const std::vector<double>& values, double least);
// The value a plot `height` pixels tall shows `fromBottom` pixels above its bottom (never
// below 0).
double axisValue(const CurveAxis& axis, double fromBottom, double height);

// A grid step for an axis from 0 to `top`: 1, 2 or 5 times a power of ten, giving at most
// `lines` lines (at least one step).
double gridStep(double top, int lines);
// `v` rounded to the nearest multiple of `step` (the plots' snap modifier); `step` ≤ 0 leaves it.
double snap(double v, double step);

// The key whose gap to its successor is widest (where "add key" inserts).
std::size_t widestGap(const std::vector<double>& ages);

// The YAML edits that turn `before` into `after` under presets.NAME, one per changed number of
// numberFields. A curve's keys are lined up by value (loader::alignItems): an inserted or removed
// key is one item edit, and every other key keeps its text, with only its changed numbers edited.
std::vector<loader::ScalarEdit> changedScalars(const particles::Preset& before, const particles::Preset& after);

}  // namespace kiln::viewer::tuning
