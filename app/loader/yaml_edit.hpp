// Lossless edits of a YAML source: only the edited values' bytes change, so comments, quoting,
// anchors, layout and line endings elsewhere survive (the viewer saves tuned presets, emitters
// and events with it). Anything it cannot write that way is refused, and the file is untouched.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/diagnostic.hpp"

namespace kiln::loader {

// One edit of the YAML source, at `path` (map keys, or "[i]" for sequence items).
//  - A scalar: `text` replaces the value's text. Where the source omits the node, `key: text`
//    is inserted into the deepest map it has (missing parent maps written in flow style); with
//    `wholeDepth`, a gap inside the first wholeDepth entries inserts that enclosing node whole,
//    with `wholeText` as its value (a vector or curve the source omits).
//  - With `items`: the node at `path` becomes a sequence of maps, each a list of key: value
//    texts. Its first `keepItems` items are the source's own and keep their bytes ("time: 1.0"
//    stays so); the source's items after them are replaced by items[keepItems...], written in
//    the sequence's own style (flow `[…, new]`, or `- ` lines at the items' indentation, block
//    maps where its items are block maps). Appending (keepItems = the source's count) only adds
//    text after the last item.
struct ScalarEdit {
  using Item = std::vector<std::pair<std::string, std::string>>;
  std::vector<std::string> path;
  std::string text;
  std::optional<std::vector<Item>> items;
  std::size_t wholeDepth = 0;
  std::string wholeText;
  std::size_t keepItems = 0;
  friend bool operator==(const ScalarEdit&, const ScalarEdit&) = default;
};

// The shortest text that reads back as the same double ("0.5", "40", "1e-07").
std::string formatNumber(double v);
// Flow-style text: "[a, b]" and "{key: value, key: value}".
std::string flowSequence(const std::vector<std::string>& items);
std::string flowMap(const ScalarEdit::Item& entries);

// Applies `edits` to the YAML text `yaml` and returns the new text; nullopt with `refused` set
// (the source left as it was) when it cannot be written losslessly. Only the edited values' text
// changes: a scalar keeps its anchor, tag and (for words) its quotes; an inserted line takes the
// map's key column and the file's line ending; a byte order mark stays. Refused
// (edit-not-lossless, path = the edit's path) when an edit reaches a node that is also reached
// through an alias and not every such path gets the same edit in this batch; when the path cannot
// be placed (through a sequence item the source lacks, or a scalar where a map should be); when
// the node's text cannot be located exactly (a plain scalar over several lines, a block scalar);
// and when the result, read again, is not the original document with the edits applied or
// differs outside the edited spans. A source that does not parse is yaml-syntax.
std::optional<std::string> applySourceEdits(std::string_view yaml, const std::vector<ScalarEdit>& edits,
                                            core::Diagnostic& refused);

}  // namespace kiln::loader
