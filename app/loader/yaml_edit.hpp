// Text edits of a YAML source located with yaml-cpp marks: only the edited nodes' text changes,
// so comments, quoting and layout elsewhere survive (the viewer saves tuned presets with it).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kiln::loader {

// One text edit of the YAML source. Usually a scalar: its path (map keys, or "[i]" for
// sequence items) and new text. With `items`, the node at `path` is a whole sequence of flow
// maps, rewritten in the source's own style (flow or block), each item a list of key: value texts.
// A scalar inside a node the source omits is written by inserting the whole enclosing node:
// the first `wholeDepth` path entries, with `wholeText` as its value.
struct ScalarEdit {
  using Item = std::vector<std::pair<std::string, std::string>>;
  std::vector<std::string> path;
  std::string text;
  std::optional<std::vector<Item>> items;
  std::size_t wholeDepth = 0;
  std::string wholeText;
  // With `items`: the first keepItems items are the source's own, unchanged, and keep their text
  // as written ("time: 1.0" stays so); only the items after them are rendered.
  std::size_t keepItems = 0;
};

// The shortest text that reads back as the same double ("0.5", "40", "1e-07").
std::string formatNumber(double v);
// Flow-style text: "[a, b]" and "{key: value, key: value}".
std::string flowSequence(const std::vector<std::string>& items);
std::string flowMap(const ScalarEdit::Item& entries);

// Applies the edits to `yaml`, touching only their own text: a scalar's span is rewritten, a
// sequence's span is rewritten in its flow or block style and indentation, and a field the
// source omits is inserted into its map (a new line at the map's indentation, or a new entry
// before a flow map's closing brace; missing parent maps are written in flow style). Comments
// and everything else stay byte-identical. Nullopt with `error` naming the first path that
// cannot be edited (it runs through a sequence item the source lacks, or a scalar where a map
// should be) or when the source does not parse.
std::optional<std::string> replaceScalars(std::string_view yaml, const std::vector<ScalarEdit>& edits, std::string& error);

}  // namespace kiln::loader
