// Typed reading of source trees with diagnostics and the path → line:col map.
#include "source/walker.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace kiln::source {
namespace {

using core::Code;

bool isNonFiniteSpelling(std::string_view s) {
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  return s == ".inf" || s == ".Inf" || s == ".INF" || s == ".nan" || s == ".NaN" || s == ".NAN";
}

}  // namespace

bool isNumber(const SourceNode& n) {
  if (!n.isScalar() || !n.plain || n.scalar.empty()) return false;
  std::string_view s = n.scalar;
  if (s[0] == '+') s.remove_prefix(1);
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc{} && end == s.data() + s.size() && std::isfinite(v);
}

std::string describe(const SourceNode& n) {
  if (isNumber(n)) return "a number (" + n.scalar + ")";
  if (n.isScalar()) return std::string(n.plain ? "text '" : "quoted text '") + n.scalar + "'";
  if (n.isSequence())
    return "a list of " + std::to_string(n.items.size()) + (n.items.size() == 1 ? " item" : " items");
  if (n.isMap()) return "a map";
  return "nothing";
}

std::string flowText(const SourceNode& n) {
  if (n.isScalar()) return n.plain ? n.scalar : "'" + n.scalar + "'";
  if (n.isSequence()) {
    std::string s = "[";
    for (std::size_t i = 0; i < n.items.size(); ++i) s += (i ? ", " : "") + flowText(n.items[i]);
    return s + "]";
  }
  if (n.isMap()) {
    std::string s = "{";
    for (std::size_t i = 0; i < n.keys.size(); ++i) s += (i ? ", " : "") + n.keys[i] + ": " + flowText(n.values[i]);
    return s + "}";
  }
  return "~";
}

std::string joinPath(std::string_view path, std::string_view key) {
  std::string s(path);
  if (!s.empty()) s += '.';
  s += key;
  return s;
}

std::string indexPath(std::string_view path, std::size_t i) {
  return std::string(path) + "[" + std::to_string(i) + "]";
}

Mark locate(const MarkMap& marks, std::string_view path) {
  while (true) {
    if (auto it = marks.find(path); it != marks.end() && it->second.known()) return it->second;
    const std::size_t cut = path.find_last_of(".[");
    if (cut == std::string_view::npos || cut == 0) return {};
    path = path.substr(0, cut);
  }
}

void sortByPosition(std::vector<SourceDiagnostic>& ds) {
  std::stable_sort(ds.begin(), ds.end(), [](const SourceDiagnostic& a, const SourceDiagnostic& b) {
    if (a.mark.known() != b.mark.known()) return a.mark.known();
    return a.mark.line != b.mark.line ? a.mark.line < b.mark.line : a.mark.col < b.mark.col;
  });
}

void Walker::error(Code code, std::string path, std::string message, Mark mark) {
  diagnostics.push_back({core::Diagnostic{code, std::move(path), std::move(message)}, mark});
}

bool Walker::expectMap(const SourceNode& n, const std::string& path,
                       std::initializer_list<std::string_view> allowed, std::string_view example) {
  if (n.isNull()) return true;
  if (!n.isMap()) {
    std::string expected = example.empty() ? std::string("a map") : std::string(example);
    error(Code::WrongType, path, "expected " + expected + ", found " + describe(n), n.mark);
    return false;
  }
  const std::vector<std::string> keys(allowed.begin(), allowed.end());
  for (std::size_t i = 0; i < n.keys.size(); ++i) {
    if (std::find(keys.begin(), keys.end(), n.keys[i]) != keys.end()) continue;
    std::string msg = "unknown key '" + n.keys[i] + "'";
    msg += didYouMean(n.keys[i], keys);
    msg += keys.empty() ? "; this map takes no keys" : "; allowed here: " + listOf(keys);
    error(Code::UnknownKey, joinPath(path, n.keys[i]), std::move(msg), n.keyMarks[i]);
  }
  return true;
}

bool Walker::expectSequence(const SourceNode& n, const std::string& path) {
  if (n.isNull() || n.isSequence()) return true;
  error(Code::WrongType, path, "expected a sequence, found " + describe(n), n.mark);
  return false;
}

const SourceNode* Walker::field(const SourceNode& map, const std::string& mapPath, std::string_view key,
                                bool required) {
  const SourceNode* v = map.isMap() ? map.find(std::string(key)) : nullptr;
  const std::string path = joinPath(mapPath, key);
  if (v) record(path, v->mark.known() ? v->mark : map.mark);
  if (v && !v->isNull()) return v;
  if (required)
    error(Code::MissingField, path, "required field '" + std::string(key) + "' is missing", map.mark);
  return nullptr;
}

bool Walker::number(const SourceNode& n, const std::string& path, double& out) {
  if (!n.isScalar() || !n.plain) {
    error(Code::WrongType, path, "expected a number, found " + describe(n), n.mark);
    return false;
  }
  std::string_view s = n.scalar;
  if (isNonFiniteSpelling(s)) {
    error(Code::NotFinite, path, "'" + n.scalar + "' is not a finite number", n.mark);
    return false;
  }
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec == std::errc::result_out_of_range) {
    error(Code::NotFinite, path, "'" + n.scalar + "' is outside the float64 range", n.mark);
    return false;
  }
  if (ec != std::errc{} || end != s.data() + s.size() || s.empty()) {
    error(Code::WrongType, path, "expected a number, found " + describe(n), n.mark);
    return false;
  }
  // from_chars also spells "inf" and "nan"; YAML's own spellings were caught above.
  if (!std::isfinite(v)) {
    error(Code::NotFinite, path, "'" + n.scalar + "' is not a finite number", n.mark);
    return false;
  }
  out = v;
  return true;
}

bool Walker::integer(const SourceNode& n, const std::string& path, std::int64_t min, std::int64_t max,
                     std::int64_t& out) {
  if (!n.isScalar() || !n.plain) {
    error(Code::WrongType, path, "expected an integer, found " + describe(n), n.mark);
    return false;
  }
  std::string_view s = n.scalar;
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec == std::errc{} && end == s.data() + s.size() && !s.empty()) {
    if (v < min || v > max) {
      error(Code::OutOfRange, path,
            n.scalar + " does not fit (allowed " + std::to_string(min) + ".." + std::to_string(max) + ")",
            n.mark);
      return false;
    }
    out = v;
    return true;
  }
  // Digits that overflow int64 are still an integer, just one that cannot fit.
  const bool digits =
      !s.empty() && (s.find_first_not_of("0123456789", s[0] == '-' ? 1 : 0) == std::string_view::npos);
  if (digits && s.size() > 1) {
    error(Code::OutOfRange, path,
          n.scalar + " does not fit (allowed " + std::to_string(min) + ".." + std::to_string(max) + ")",
          n.mark);
    return false;
  }
  error(Code::WrongType, path, "expected an integer, found " + describe(n), n.mark);
  return false;
}

bool Walker::text(const SourceNode& n, const std::string& path, std::string& out) {
  if (!n.isScalar()) {
    error(Code::WrongType, path, "expected a string, found " + describe(n), n.mark);
    return false;
  }
  out = n.scalar;
  return true;
}

bool Walker::numbers(const SourceNode& n, const std::string& path, double* out, std::size_t count) {
  if (!n.isSequence() || n.items.size() != count) {
    error(Code::WrongType, path,
          "expected a list of " + std::to_string(count) + " numbers, found " + describe(n),
          n.mark);
    return false;
  }
  bool ok = true;
  for (std::size_t i = 0; i < count; ++i) {
    const std::string p = indexPath(path, i);
    record(p, n.items[i].mark);
    ok = number(n.items[i], p, out[i]) && ok;
  }
  return ok;
}

bool Walker::vec3(const SourceNode& n, const std::string& path, particles::Vec3& out) {
  double v[3] = {0, 0, 0};
  if (!numbers(n, path, v, 3)) return false;
  out = {v[0], v[1], v[2]};
  return true;
}

bool Walker::optNumber(const SourceNode& map, const std::string& mapPath, std::string_view key, double& out) {
  const SourceNode* v = field(map, mapPath, key);
  return !v || number(*v, joinPath(mapPath, key), out);
}

bool Walker::optVec3(const SourceNode& map, const std::string& mapPath, std::string_view key,
                     particles::Vec3& out) {
  const SourceNode* v = field(map, mapPath, key);
  return !v || vec3(*v, joinPath(mapPath, key), out);
}

bool Walker::optRange(const SourceNode& map, const std::string& mapPath, std::string_view key,
                      particles::Range& out, bool required, std::string_view unit) {
  const SourceNode* v = field(map, mapPath, key, required);
  if (!v) return !required;
  const std::string path = joinPath(mapPath, key);
  if (isNumber(*v)) {
    // The commonest slip: one value where a range is asked for. Say what to write instead.
    std::string msg = "expected {min: N, max: N}";
    if (!unit.empty()) msg += " (" + std::string(unit) + ")";
    msg += ", found a number — write {min: " + v->scalar + ", max: " + v->scalar + "}";
    error(Code::WrongType, path, std::move(msg), v->mark);
    return false;
  }
  if (!expectMap(*v, path, {"min", "max"}, "{min: N, max: N}")) return false;
  bool ok = optNumber(*v, path, "min", out.min);
  ok = optNumber(*v, path, "max", out.max) && ok;
  return ok;
}

}  // namespace kiln::source
