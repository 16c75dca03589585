// Preset tuning without ImGui: the edit session (working copy, undo/redo), live validation,
// applying a valid edit to the mounted document, and saving changed scalars back into the YAML
// source by rewriting only their text spans (yaml-cpp marks), so comments and layout survive.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "particles/model.hpp"
#include "world/world.hpp"

namespace kiln::viewer::tuning {

struct Session {
  std::uint32_t preset = UINT32_MAX;  // index into the document's presets
  particles::Preset saved;            // as in the file on disk (what "save" diffs against)
  particles::Preset committed;        // last undo point
  particles::Preset working;          // what the widgets edit
  std::vector<particles::Preset> undoStack, redoStack;
  core::Diagnostics diagnostics;      // of `working`; empty means it is applied
  bool active() const { return preset != UINT32_MAX; }
  void start(const particles::Document& doc, std::uint32_t presetIndex);
  // Records `working` as an undo point (call when a widget edit ends).
  void commit();
  bool undo();
  bool redo();
};

// Every rule an edited preset must pass before it reaches the GPU: the preset rules of the
// document's version, each emitter's required capacity, and (with recomputed bounds) the fit of
// each emitter of the preset inside its sector.
core::Diagnostics validateEdit(const particles::Document& doc, const world::World& world, std::uint32_t preset,
                               const particles::Preset& edited);

// Replaces the preset and recomputes the stored bounds of every emitter that uses it.
void applyEdit(particles::Document& doc, std::uint32_t preset, const particles::Preset& edited);

// Sets one field by name (the script's `tune FIELD VALUE`): capacity, lifetime.min,
// lifetime.max, drag, sprite.fps, size[K].value, size[K].age, color[K].alpha. False for an
// unknown field or key index.
bool setField(particles::Preset& p, std::string_view field, double value);

// One scalar to rewrite: its YAML path (map keys, or "[i]" for sequence items) and new text.
struct ScalarEdit {
  std::vector<std::string> path;
  std::string text;
};

// The scalars that differ between two versions of a preset, as source paths under
// presets.NAME (capacity, lifetime, velocity, spawn, acceleration, drag, rotation, size, color,
// sprite.fps). Curve key counts must match (adding or removing keys is not a scalar edit).
std::vector<ScalarEdit> changedScalars(const particles::Preset& before, const particles::Preset& after);

// The shortest text that reads back as the same double ("0.5", "40", "1e-07").
std::string formatNumber(double v);

// Rewrites each scalar's text span in `yaml`; nullopt with `error` naming the first path that is
// not written in the source (an omitted field has no span to edit) or cannot be parsed.
std::optional<std::string> replaceScalars(std::string_view yaml, const std::vector<ScalarEdit>& edits, std::string& error);

}  // namespace kiln::viewer::tuning
