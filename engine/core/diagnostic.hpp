// Errors as values: one code table (codes.def), diagnostics with field paths, decode errors
// with byte offsets. Nothing in the engine throws across a library boundary.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::core {

enum class Code : std::uint16_t {
#define X(name, text, meaning) name,
#include "core/codes.def"
#undef X
};

// The stable kebab-case name of a code, e.g. "forged-bounds".
std::string_view codeName(Code code);
// One sentence saying what the code means.
std::string_view codeMeaning(Code code);
// Inverse of codeName; nullopt for an unknown name.
std::optional<Code> codeFromName(std::string_view name);
// Every code, in table order (for docs and exhaustive tests).
const std::vector<Code>& allCodes();

// One validation finding. `path` is a field path such as "presets.embers.size[2].age".
struct Diagnostic {
  Code code{};
  std::string path;
  std::string message;
};

using Diagnostics = std::vector<Diagnostic>;

// The first error a decoder met: where in the bytes, which field, and why.
struct DecodeError {
  Code code{};
  std::uint64_t offset = 0;
  std::string path;
  std::string message;
};

// "error[CODE]: PATH: message" — the CLI prefixes the file name (and line:col for sources).
std::string format(const Diagnostic& d);
std::string format(const DecodeError& e);

// True when any diagnostic carries `code`.
bool contains(const Diagnostics& ds, Code code);

}  // namespace kiln::core
