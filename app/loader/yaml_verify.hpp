// The editor's self-check (yaml_edit.cpp): the document a batch of edits should produce, worked
// out on a plain tree read by yaml-cpp (aliases expanded, so every path is edited on its own),
// compared node by node with the document the edited text reads back as.
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

// `root` with one edit applied as its meaning says (ScalarEdit); false with `why` when its path
// cannot be followed.
bool apply(Tree& root, const ScalarEdit& edit, std::string& why);

// Where `got` first differs from `want` ("presets.a.drag: 0.5, intended 0.75"), or nullopt.
std::optional<std::string> difference(const Tree& want, const Tree& got);

}  // namespace kiln::loader::yaml_verify
