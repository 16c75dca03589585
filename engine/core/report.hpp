// The one diagnostic collector of Kiln's validators (engine/particles, engine/sim): every finding
// appended at once, numbers in messages spelled one way, and the finiteness rule every number
// of a document obeys. A path is a std::string, or any type with str() and operator[](index)
// (particles' lazily rendered detail::Path), so a check of a valid field builds no string.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "core/diagnostic.hpp"
#include "core/float.hpp"

namespace kiln::core {

class Report {
 public:
  explicit Report(Diagnostics& out) : out_(out) {}

  template <class P>
  void add(Code code, const P& path, std::string message, Severity severity = Severity::Error) {
    out_.push_back({code, text(path), std::move(message), severity});
  }
  template <class P>
  void error(Code code, const P& path, std::string message) {
    add(code, path, std::move(message), Severity::Error);
  }
  template <class P>
  void warning(Code code, const P& path, std::string message) {
    add(code, path, std::move(message), Severity::Warning);
  }
  std::size_t size() const { return out_.size(); }

  // Every number reaches the GPU or the simulation as float32, so it must stay finite there.
  template <class P>
  bool finite(double v, const P& path) {
    if (core::finiteAsF32(v)) [[likely]] return true;
    notFinite(v, text(path));
    return false;
  }
  // The three components of a vector (anything indexable 0..2), at path[0], path[1], path[2].
  template <class V, class P>
    requires requires(const V& v) { v[0]; }
  bool finite(const V& v, const P& path) {
    bool ok = true;
    for (std::size_t i = 0; i < 3; ++i) ok = finite(static_cast<double>(v[static_cast<int>(i)]), element(path, i)) && ok;
    return ok;
  }

  // A number as every message writes it: shortest round-trip-safe form ("%.17g").
  static std::string num(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
  }

  // A limit as messages and docs write it: "%.15g" with a bare exponent (3600, 0.001, 1e-6).
  static std::string limit(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.15g", v);
    std::string s = buf;
    if (const std::size_t e = s.find('e'); e != std::string::npos) {
      std::size_t digits = e + 1;
      if (digits < s.size() && s[digits] == '+') s.erase(digits, 1);
      else if (digits < s.size() && s[digits] == '-') ++digits;
      while (digits + 1 < s.size() && s[digits] == '0') s.erase(digits, 1);
    }
    return s;
  }

  // path[i]: "path[i]" for a string path, the path type's own operator[] otherwise.
  template <class P>
  static auto element(const P& path, std::size_t i) {
    if constexpr (std::is_convertible_v<const P&, std::string_view>) {
      std::string s{std::string_view(path)};
      s += '[';
      s += std::to_string(i);
      s += ']';
      return s;
    } else {
      return path[i];
    }
  }

 private:
  template <class P>
  static std::string text(const P& path) {
    if constexpr (std::is_convertible_v<const P&, std::string_view>)
      return std::string(std::string_view(path));
    else
      return path.str();
  }
  [[gnu::noinline, gnu::cold]] void notFinite(double v, std::string path) {
    out_.push_back({Code::NotFinite, std::move(path), "value " + num(v) + " is not a finite float32", Severity::Error});
  }
  Diagnostics& out_;
};

}  // namespace kiln::core
