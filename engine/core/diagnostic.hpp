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

// An error makes the input unusable; a warning reports a value that was adjusted to a limit
// (e.g. a negative event rate raised to 0) and leaves the input usable; a note tells the author
// about a change made for them (e.g. clockwise walls reversed) and is never a failure.
enum class Severity : std::uint8_t { Error, Warning, Note };

// One validation finding. `path` is a field path such as "presets.embers.size[2].age".
struct Diagnostic {
  Code code{};
  std::string path;
  std::string message;
  Severity severity = Severity::Error;
};

using Diagnostics = std::vector<Diagnostic>;

// The first error a decoder met: where in the bytes, which field, and why.
struct DecodeError {
  Code code{};
  std::uint64_t offset = 0;
  std::string path;
  std::string message;
};

// "error[CODE]: PATH: message" (or "warning[CODE]: …", "note[CODE]: …") — the CLI prefixes the file name (and
// line:col for sources). PATH and message pass through escapeText (core/escape.hpp), so the
// result is always one line of valid UTF-8.
std::string format(const Diagnostic& d);
std::string format(const DecodeError& e);

// True when any diagnostic carries `code`.
bool contains(const Diagnostics& ds, Code code);

// True when any diagnostic is an error (warnings alone leave the input usable).
bool hasErrors(const Diagnostics& ds);

}  // namespace kiln::core
