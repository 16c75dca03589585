// The code table's names and meanings, and the text form of diagnostics.
#include "core/diagnostic.hpp"

#include <array>

#include "core/escape.hpp"

namespace kiln::core {
namespace {

struct Entry {
  Code code;
  std::string_view name;
  std::string_view meaning;
};

constexpr std::array kTable{
#define X(id, text, meaning) Entry{Code::id, text, meaning},
#include "core/codes.def"
#undef X
};

}  // namespace

std::string_view codeName(Code code) {
  const auto i = static_cast<std::size_t>(code);
  return i < kTable.size() ? kTable[i].name : std::string_view{"unknown-code"};
}

std::string_view codeMeaning(Code code) {
  const auto i = static_cast<std::size_t>(code);
  return i < kTable.size() ? kTable[i].meaning : std::string_view{};
}

std::optional<Code> codeFromName(std::string_view name) {
  for (const Entry& e : kTable)
    if (e.name == name) return e.code;
  return std::nullopt;
}

const std::vector<Code>& allCodes() {
  static const std::vector<Code> codes = [] {
    std::vector<Code> v;
    for (const Entry& e : kTable) v.push_back(e.code);
    return v;
  }();
  return codes;
}

std::string format(const Diagnostic& d) {
  std::string s = d.severity == Severity::Warning ? "warning[" : d.severity == Severity::Note ? "note[" : "error[";
  s += codeName(d.code);
  s += "]: ";
  if (!d.path.empty()) {
    s += escapeText(d.path);
    s += ": ";
  }
  s += escapeText(d.message);
  return s;
}

std::string format(const DecodeError& e) {
  std::string s = "error[";
  s += codeName(e.code);
  s += "]: ";
  if (!e.path.empty()) {
    s += escapeText(e.path);
    s += ": ";
  }
  s += escapeText(e.message);
  s += " (at byte ";
  s += std::to_string(e.offset);
  s += ")";
  return s;
}

bool contains(const Diagnostics& ds, Code code) {
  for (const Diagnostic& d : ds)
    if (d.code == code) return true;
  return false;
}

bool hasErrors(const Diagnostics& ds) {
  for (const Diagnostic& d : ds)
    if (d.severity == Severity::Error) return true;
  return false;
}

}  // namespace kiln::core
