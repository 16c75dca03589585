// Lossless edits of a YAML source: only the edited values' bytes change, so comments, quoting,
// anchors, layout and line endings elsewhere survive (the viewer saves tuned presets, emitters
// and events with it). Anything it cannot write that way is refused, and the file is untouched.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/diagnostic.hpp"

namespace kiln::loader {

// One edit of the YAML source, at `path` (map keys, or "[i]" for sequence items). Every path and
// item index of a batch names the source as it was before the batch, whatever else the batch
// inserts or removes.
//  - Set: `text` replaces the value's text. Where the source omits the node, `key: text` is
//    inserted into the deepest map it has (missing parent maps written in flow style).
//  - InsertItem: `item` (key: value texts) becomes a new item of the sequence at `path`, before
//    the source's item `at` (at = the item count: after the last one). Only the new item's text
//    is written, in the sequence's own style: `{…}` with the separator its neighbours use in a
//    flow sequence (one item a line where they are so written), a `- ` line at the dashes'
//    column in a block sequence (a block map under it where its items are block maps).
//    Insertions at one index keep their order in the batch.
//  - RemoveItem: the source's item `at` goes, with only its own bytes: in a block sequence (or a
//    flow sequence written one item a line) the lines it is written on, the comment after it and
//    their line break; in a one-line flow sequence the item and one separator. A sequence whose
//    every item a batch removes (inserting none) becomes `[]`.
//  - RemoveKey: the map entry whose key `path` names goes, with only its own bytes: in a flow
//    map the entry and one separator (`{a: 1, b: 2}` less a is `{b: 2}`; less its only entry,
//    `{}`), or its line where the map is written one entry a line; in a block map the lines the
//    entry is written on (its value's nested lines too), the comment after it and their line
//    break — comment lines before and after it stay. A block map's only entry leaves `{}` after
//    its key. A key the source does not have is already absent: nothing is written. Refused
//    where the entry holds an anchor that an alias outside it repeats (the alias would be left
//    without a node), where it shares its line with another entry or a sequence's `-` in a block
//    map, and where the scanner cannot place the map's entries exactly.
// With `wholeDepth`, an edit whose path leaves the source inside its first wholeDepth entries
// inserts that enclosing node whole instead, with `wholeText` as its value (a vector, curve or
// list the source omits) — once for every edit of the batch under that node.
struct ScalarEdit {
  using Item = std::vector<std::pair<std::string, std::string>>;
  enum class Op : std::uint8_t { Set, InsertItem, RemoveItem, RemoveKey };
  std::vector<std::string> path;
  std::string text;
  std::size_t wholeDepth = 0;
  std::string wholeText;
  Op op = Op::Set;
  std::size_t at = 0;  // InsertItem, RemoveItem: the source's item index
  Item item;           // InsertItem: the new item's entries
  friend bool operator==(const ScalarEdit&, const ScalarEdit&) = default;
};

ScalarEdit insertItem(std::vector<std::string> path, std::size_t at, ScalarEdit::Item item,
                      std::size_t wholeDepth = 0, std::string wholeText = {});
ScalarEdit removeItem(std::vector<std::string> path, std::size_t at, std::size_t wholeDepth = 0,
                      std::string wholeText = {});
ScalarEdit removeKey(std::vector<std::string> path);

// How the items of a list line up before and after an edit, for writing it as item edits: the
// fewest removals and insertions, an item kept in place wherever that costs less (so an item
// that keeps its values keeps its bytes even when its index moved, and one whose fields changed
// is edited field by field rather than written anew). `unlike(i, j)` is the share (0..1) of
// the fields of old item i and new item j that differ; 0 means equal.
struct ItemAlignment {
  std::vector<std::pair<std::size_t, std::size_t>> kept;  // (old index, new index), both rising
  std::vector<std::size_t> removed;                       // old indices, rising
  std::vector<std::pair<std::size_t, std::size_t>> inserted;  // (new index, InsertItem's `at`)
};
ItemAlignment alignItems(std::size_t before, std::size_t after,
                         const std::function<double(std::size_t, std::size_t)>& unlike);

// The shortest text that reads back as the same double ("0.5", "40", "1e-07").
std::string formatNumber(double v);
// Flow-style text: "[a, b]" and "{key: value, key: value}".
std::string flowSequence(const std::vector<std::string>& items);
std::string flowMap(const ScalarEdit::Item& entries);

// Applies `edits` to the YAML text `yaml` and returns the new text; nullopt with `refused` set
// (the source left as it was) when it cannot be written losslessly. Only the edited values' text
// changes: a scalar keeps its anchor, tag and (for words) its quotes; an inserted line takes the
// column of its siblings and the line ending of the line it follows (no existing line's ending
// changes); a byte order mark stays. Refused (edit-not-lossless, path = the edit's path) when an
// edit reaches a node that is also reached through an alias and not every such path gets the
// same edit in this batch; when the path cannot be placed (through a sequence item the source
// lacks, or a scalar where a map should be); when the node's text cannot be located exactly (a
// plain scalar over several lines, a block scalar); when a removed key holds an anchor an alias
// outside it repeats; and when the result fails the self-check:
// every byte of the source outside the spans the edits asked to change (an edited value, a
// removed item or key with its line, an insertion point) must be in the result, in order, and the
// result, read again, must be the original document with the edits applied. A source that does
// not parse is yaml-syntax.
std::optional<std::string> applySourceEdits(std::string_view yaml, const std::vector<ScalarEdit>& edits,
                                            core::Diagnostic& refused);

}  // namespace kiln::loader
