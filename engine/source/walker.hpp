// Typed reading of a SourceNode tree: every read records the field path's line:col and turns a
// shape or type mistake into a diagnostic, so the compiler reports all of them in one pass.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/spelling.hpp"
#include "particles/model.hpp"
#include "source/suggest.hpp"
#include "source/tree.hpp"

namespace kiln::source {

// A diagnostic plus where in the source it points.
struct SourceDiagnostic {
  core::Diagnostic diagnostic;
  Mark mark;
};

// Field path → the mark of its value (keys like "presets.embers.size[2].age").
using MarkMap = std::map<std::string, Mark, std::less<>>;

// The mark of `path`, or of its nearest recorded ancestor ("a.b[2].c" → "a.b[2]" → "a.b" → "a").
Mark locate(const MarkMap& marks, std::string_view path);

std::string joinPath(std::string_view path, std::string_view key);
std::string indexPath(std::string_view path, std::size_t i);

// How a node reads in a message: "a number (2)", "text 'abc'", "a list of 4 items", "a map".
std::string describe(const SourceNode& n);
// The node written back as flow YAML ("[1, 0.5, 0, 1]"), for "write …" suggestions.
std::string flowText(const SourceNode& n);
// True for a plain scalar that reads as a finite number.
bool isNumber(const SourceNode& n);

// Orders findings by where they point in the file (line, then column); findings with no known
// mark keep their relative order after all located ones.
void sortByPosition(std::vector<SourceDiagnostic>& ds);

class Walker {
 public:
  std::vector<SourceDiagnostic> diagnostics;
  // Things the compiler changed on the author's behalf (a clockwise polygon reversed): worth
  // saying, never a reason to fail. A list of their own, so no note counts as an error; the
  // loader gives them core::Severity::Note.
  std::vector<SourceDiagnostic> notes;
  MarkMap marks;

  void error(core::Code code, std::string path, std::string message, Mark mark);
  void note(core::Code code, std::string path, std::string message, Mark mark) {
    notes.push_back({core::Diagnostic{code, std::move(path), std::move(message)}, mark});
  }
  void record(const std::string& path, Mark mark) { marks.emplace(path, mark); }

  // The node must be a map; keys outside `allowed` are unknown-key errors (at the key's mark)
  // that list the allowed keys and suggest the nearest. Null counts as an empty map. False
  // (after reporting wrong-type) for any other kind; `example`, when given, is the shape to
  // write (e.g. "{min: [x, y, z], max: [x, y, z]}") and is quoted in that message.
  bool expectMap(const SourceNode& n, const std::string& path,
                 std::initializer_list<std::string_view> allowed, std::string_view example = {});
  // The node must be a sequence (null counts as empty); wrong-type otherwise.
  bool expectSequence(const SourceNode& n, const std::string& path);

  // The value under `key` (recording its mark), or nullptr when absent or null; a required
  // field that is absent or null is reported as missing-field at the map's mark.
  const SourceNode* field(const SourceNode& map, const std::string& mapPath, std::string_view key,
                          bool required = false);

  // Scalars. Each returns false after reporting: wrong-type for the wrong kind or text,
  // not-finite for NaN/inf/overflow, out-of-range for an integer that does not fit.
  bool number(const SourceNode& n, const std::string& path, double& out);
  bool integer(const SourceNode& n, const std::string& path, std::int64_t min, std::int64_t max,
               std::int64_t& out);
  bool text(const SourceNode& n, const std::string& path, std::string& out);
  bool text(const SourceNode& n, const std::string& path, particles::Name& out) {
    std::string s;
    if (!text(n, path, s)) return false;
    out = s;
    return true;
  }
  bool vec3(const SourceNode& n, const std::string& path, particles::Vec3& out);
  bool numbers(const SourceNode& n, const std::string& path, double* out, std::size_t count);

  // One of the spellings in the enumeration's table (core/spelling.hpp); unknown-enum, listing
  // them with a did-you-mean, otherwise.
  template <typename E, std::size_t N>
  bool enumeration(const SourceNode& n, const std::string& path, const core::SpellingTable<E, N>& names, E& out) {
    std::string s;
    if (!text(n, path, s)) return false;
    std::vector<std::string> allowed;
    for (const auto& [spelling, value] : names) {
      if (spelling == s) {
        out = value;
        return true;
      }
      allowed.emplace_back(spelling);
    }
    error(core::Code::UnknownEnum, path, "'" + s + "' is not one of: " + listOf(allowed) + didYouMean(s, allowed),
          n.mark);
    return false;
  }

  // Optional typed fields: absent or null leaves `out` at its zero value and returns true.
  bool optNumber(const SourceNode& map, const std::string& mapPath, std::string_view key, double& out);
  bool optVec3(const SourceNode& map, const std::string& mapPath, std::string_view key, particles::Vec3& out);
  // {min, max} of numbers; `unit` names them in the message for a bare number ("seconds"),
  // which also suggests the range to write ({min: 2, max: 2}).
  bool optRange(const SourceNode& map, const std::string& mapPath, std::string_view key,
                particles::Range& out, bool required = false, std::string_view unit = {});
};

}  // namespace kiln::source
