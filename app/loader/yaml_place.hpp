// Placing one ScalarEdit on a scanned YAML text (yaml_scan.hpp): which bytes it replaces and
// with what, in the style of the text around it. The editor (yaml_edit.cpp) applies the splice.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/diagnostic.hpp"
#include "loader/yaml_edit.hpp"
#include "loader/yaml_scan.hpp"

namespace kiln::loader::yaml_place {

using Path = std::vector<std::string>;

// "presets.puff.size[1].age" for the first n entries (all by default).
std::string dotted(const Path& path, std::size_t n = static_cast<std::size_t>(-1));

// The node an alias repeats (any other node: itself).
std::uint32_t follow(const yaml_scan::Document& d, std::uint32_t node);

// How far a path gets: the deepest node found (aliases followed) and how many entries found it.
struct Walk {
  std::uint32_t node = 0;
  std::size_t found = 0;
};
Walk walk(const yaml_scan::Document& d, const Path& path);

// Replace [begin, end) of the text with `text` (both empty: nothing to do).
struct Splice {
  std::size_t begin = 0, end = 0;
  std::string text;
};

// The splice that applies `edit` to the text as it is (an item edit's `at` counts the items the
// text has now), or the edit-not-lossless refusal saying why it cannot be written without
// touching other bytes. Set edits' wholeDepth is not looked at here: the editor turns an edit
// that needs its whole node into a Set of that node first. A RemoveKey of a key the text does
// not have is the empty splice.
std::variant<Splice, core::Diagnostic> place(std::string_view text, const yaml_scan::Document& d,
                                             const ScalarEdit& edit);

// The splice that takes every item out of the sequence at `path`, leaving `[]` (a block
// sequence's `[]` goes after its key, keeping a comment there).
std::variant<Splice, core::Diagnostic> emptySequence(std::string_view text, const yaml_scan::Document& d,
                                                     const Path& path);

}  // namespace kiln::loader::yaml_place
