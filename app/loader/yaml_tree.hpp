// YAML text → the engine's generic SourceNode tree (yaml-cpp stays on this side of the boundary).
#pragma once

#include <string_view>
#include <variant>

#include "source/tree.hpp"
#include "source/walker.hpp"

namespace kiln::loader {

// The tree with 1-based line:col marks, or the first syntax error (yaml-syntax) — also
// duplicate keys (duplicate-name) and non-scalar keys (wrong-type), which YAML tolerates but
// the source vocabulary cannot give a meaning.
std::variant<source::SourceNode, source::SourceDiagnostic> parseYaml(std::string_view text);

}  // namespace kiln::loader
