// Internal to engine/particles: the diagnostic collector the validation files share, and the
// field paths it reports — assembled only when a diagnostic is emitted, so checking a valid
// document builds no strings at all.
#pragma once

#include <array>
#include <cstdio>
#include <string>
#include <string_view>

#include "core/assert.hpp"
#include "core/diagnostic.hpp"
#include "core/float.hpp"
#include "particles/model.hpp"

namespace kiln::particles::detail {

// A field path as parts: text (not owned: literals and the document's names, which outlive the
// check) and indices ("[i]"). Every check of a valid document builds a few of these, so a copy
// moves only the parts in use (a few dozen bytes on the stack, never the heap).
class Path {
 public:
  Path() = default;
  explicit Path(std::string_view text) { push(text); }
  Path(const Path& o) : n_(o.n_) {
    for (std::size_t i = 0; i < n_; ++i) parts_[i] = o.parts_[i];
  }
  Path& operator=(const Path& o) {
    n_ = o.n_;
    for (std::size_t i = 0; i < n_; ++i) parts_[i] = o.parts_[i];
    return *this;
  }
  Path operator/(std::string_view text) const {
    Path p = *this;
    p.push(text);
    return p;
  }
  Path operator[](std::size_t index) const {
    Path p = *this;
    KILN_ASSERT(p.n_ < kMaxParts);
    p.parts_[p.n_++] = {nullptr, 0, index};
    return p;
  }
  std::string str() const {
    std::string s;
    for (std::size_t i = 0; i < n_; ++i) {
      if (parts_[i].index == kText) {
        s.append(parts_[i].text, parts_[i].size);
      } else {
        s += '[';
        s += std::to_string(parts_[i].index);
        s += ']';
      }
    }
    return s;
  }

 private:
  static constexpr std::size_t kMaxParts = 8;
  static constexpr std::size_t kText = ~std::size_t{0};
  // Trivial, so a Path's unused parts are never initialized or copied.
  struct Part {
    const char* text;
    std::size_t size;
    std::size_t index;  // kText for a text part
  };
  void push(std::string_view text) {
    KILN_ASSERT(n_ < kMaxParts);
    parts_[n_++] = {text.data(), text.size(), kText};
  }
  std::array<Part, kMaxParts> parts_;
  std::size_t n_ = 0;
};

class Report {
 public:
  explicit Report(core::Diagnostics& out) : out_(out) {}
  void add(core::Code code, const Path& path, std::string message) {
    out_.push_back({code, path.str(), std::move(message)});
  }
  std::size_t size() const { return out_.size(); }

  // All numbers must be finite, also after the float32 conversion the GPU applies.
  bool finite(double v, const Path& path) {
    if (core::finiteAsF32(v)) return true;
    add(core::Code::NotFinite, path, "value " + num(v) + " is not a finite float32");
    return false;
  }
  bool finite(const Vec3& v, const Path& path) {
    bool ok = true;
    for (std::size_t i = 0; i < 3; ++i) ok = finite(v[static_cast<int>(i)], path[i]) && ok;
    return ok;
  }
  static std::string num(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
  }

 private:
  core::Diagnostics& out_;
};

// Where a preset's or an emitter's paths start: "presets.NAME", or "presets[i]" when the name
// itself is unusable (as presetPath / emitterPath spell them).
Path presetRoot(const Preset& p, std::size_t index);
Path emitterRoot(const Emitter& e, std::size_t index);

// The preset rules under a path prefix; `version` 0 skips the blend rule.
void checkPreset(Report& r, const Preset& p, std::uint16_t version, const Path& at);
// Reports an unsupported document version; returns the version, or 0 when it is unsupported.
std::uint16_t checkVersion(Report& r, std::uint16_t version);

}  // namespace kiln::particles::detail
