// The editor's self-check (yaml_edit.cpp): the document a batch of edits should produce, worked
// out on a plain tree read by yaml-cpp (aliases expanded, so every path is edited on its own),
// compared node by node with the document the edited text reads back as; and the bytes of the
// source outside what the edits asked to change, looked for in the edited text.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "loader/yaml_edit.hpp"

namespace kiln::loader::yaml_verify {

struct Tree {
  enum class Kind : unsigned char { Null, Scalar, Sequence, Map };
  Kind kind = Kind::Null;
  std::string scalar;
  std::vector<std::string> keys;  // a map's keys in order; kids[i] is the value of keys[i]
  std::vector<Tree> kids;         // a map's values or a sequence's items
};

// The document in `text`; nullopt with `why` when it does not parse or its aliases expand it
// far beyond its size.
std::optional<Tree> read(std::string_view text, std::string& why);

// `root` with a batch of edits applied as their meaning says (ScalarEdit: every path and item
// index names the document before the batch); false with `why` when a path cannot be followed.
bool apply(Tree& root, const std::vector<ScalarEdit>& edits, std::string& why);

// Where `got` first differs from `want` ("presets.a.drag: 0.5, intended 0.75"), or nullopt.
std::optional<std::string> difference(const Tree& want, const Tree& got);

// A range [begin, end) of the source an edit asked to change; empty, a place where it inserts.
struct Span {
  std::size_t begin = 0, end = 0;
};
// The first line of `in` whose bytes outside every span of `asked` are not all in `out` — they
// must be there in order, with only new text where the spans were — as "line 9 (…)"; nullopt
// when nothing was lost.
std::optional<std::string> lostBytes(std::string_view in, std::string_view out, std::vector<Span> asked);

}  // namespace kiln::loader::yaml_verify
