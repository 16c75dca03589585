// Preset tuning without ImGui: the edit session (working copy, undo/redo), live validation,
// applying a valid edit to the mounted document, and saving changed scalars back into the YAML
// source by rewriting only their text spans (yaml-cpp marks), so comments and layout survive.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
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
// lifetime.max, drag, sprite.fps, size[K].value, size[K].age, color[K].age,
// color[K].red|green|blue|alpha; and size.insert, size.remove, color.insert, color.remove with
// a key index as VALUE (insertKey / removeKey). False for an unknown field or key index, or a
// key edit the curve rules refuse.
bool setField(particles::Preset& p, std::string_view field, double value);

// Curve key editing for the size and colour curves. The contract wants 2 to 4 keys, the first
// at age 0, the last at age 1 and ages strictly increasing; these never produce a curve that
// breaks those rules from one that keeps them.
inline constexpr double kMinKeyGap = 1e-3;  // closest two keys may be dragged (in age)

// Inserts a key halfway (in age) between keys `after` and `after + 1`, its value interpolated
// there so the curve keeps its shape. False when the curve is full, `after + 1` is no key or the
// gap is too narrow for a key strictly inside it.
bool insertKey(std::vector<particles::SizeKey>& keys, std::size_t after);
bool insertKey(std::vector<particles::ColorKey>& keys, std::size_t after);
// Removes an inner key. False for the first or last key (ages 0 and 1 are fixed) and when the
// curve already has the fewest keys allowed.
bool removeKey(std::vector<particles::SizeKey>& keys, std::size_t index);
bool removeKey(std::vector<particles::ColorKey>& keys, std::size_t index);
// The age key `index` may take when dragged to `age`: ends stay at 0 and 1, inner keys stay
// strictly between their neighbours (by kMinKeyGap).
double dragAge(const std::vector<double>& ages, std::size_t index, double age);
// The key whose gap to its successor is widest (where "add key" inserts).
std::size_t widestGap(const std::vector<double>& ages);

// One text edit of the YAML source. Usually a scalar: its path (map keys, or "[i]" for
// sequence items) and new text. With `items`, the node at `path` is a whole curve sequence,
// rewritten in the source's own style (flow or block), each item a list of key: value texts.
// A scalar inside a vector or curve the source omits is written by inserting the whole
// enclosing node: the first `wholeDepth` path entries, with `wholeText` as its value.
struct ScalarEdit {
  using Item = std::vector<std::pair<std::string, std::string>>;
  std::vector<std::string> path;
  std::string text;
  std::optional<std::vector<Item>> items;
  std::size_t wholeDepth = 0;
  std::string wholeText;
};

// The edits that turn `before` into `after` in the source, under presets.NAME (capacity,
// lifetime, velocity, spawn, acceleration, drag, rotation, size, color, sprite.fps). A curve
// whose key count changed is one sequence edit; otherwise each changed number is its own edit.
std::vector<ScalarEdit> changedScalars(const particles::Preset& before, const particles::Preset& after);

// The shortest text that reads back as the same double ("0.5", "40", "1e-07").
std::string formatNumber(double v);

// Applies the edits to `yaml`, touching only their own text: a scalar's span is rewritten, a
// curve sequence's span is rewritten in its flow or block style and indentation, and a field
// the source omits is inserted into its map (a new line at the map's indentation, or a new
// entry before a flow map's closing brace; missing parent maps are written in flow style).
// Comments and everything else stay byte-identical. Nullopt with `error` naming the first path
// that cannot be edited (it runs through a sequence item the source lacks, or a scalar where a
// map should be) or when the source does not parse.
std::optional<std::string> replaceScalars(std::string_view yaml, const std::vector<ScalarEdit>& edits, std::string& error);

}  // namespace kiln::viewer::tuning
