// Internal to engine/particles: the diagnostic collector the validation files share (core::Report
// with the names-proven flag), and the field paths it reports — assembled only when a diagnostic is emitted, so checking a valid
// document builds no strings at all.
#pragma once

#include <string>
#include <string_view>

#include "core/diagnostic.hpp"
#include "core/report.hpp"
#include "particles/model.hpp"

namespace kiln::particles::detail {

// A field path as a chain of nodes, each pointing at the path it extends: building one is
// storing five words, so a check of a valid field costs no copy and no string. A node renders
// as its parent, its text, "[index]" when it has one, then its tail text. Texts are not owned:
// literals and the document's names, which outlive the check.
//
// The parent must outlive the node. A Path passed straight to a call (`at / ".rate"`) is
// always safe; one kept in a variable must extend a named path, never a temporary:
// `const Path rgba = color.item(i, ".rgba")`, not `const Path rgba = (at / ".color")[i] / ".rgba"`.
class Path {
 public:
  explicit Path(std::string_view text) : text_(text) {}
  Path(std::string_view text, std::string_view tail) : text_(text), tail_(tail) {}  // a root of two texts
  Path(std::string_view text, std::size_t index) : text_(text), index_(index) {}    // a root "text[index]"
  Path operator/(std::string_view text) const { return Path(this, text, kNoIndex, {}); }
  Path operator[](std::size_t index) const { return Path(this, {}, index, {}); }
  // "[index]" then `tail`, as one node (for a path kept in a variable).
  Path item(std::size_t index, std::string_view tail) const { return Path(this, {}, index, tail); }
  std::string str() const {
    std::string s;
    appendTo(s);
    return s;
  }

 private:
  static constexpr std::size_t kNoIndex = ~std::size_t{0};
  Path(const Path* parent, std::string_view text, std::size_t index, std::string_view tail)
      : parent_(parent), text_(text), index_(index), tail_(tail) {}
  void appendTo(std::string& s) const {
    if (parent_) parent_->appendTo(s);
    s += text_;
    if (index_ != kNoIndex) {
      s += '[';
      s += std::to_string(index_);
      s += ']';
    }
    s += tail_;
  }
  const Path* parent_ = nullptr;
  std::string_view text_;
  std::size_t index_ = kNoIndex;
  std::string_view tail_;
};

// The collector is core::Report; particles add one fact about the document being checked.
class Report : public core::Report {
 public:
  explicit Report(core::Diagnostics& out, bool namesProven = false) : core::Report(out), namesProven(namesProven) {}
  // Every name already passed core::nameProblem (ValidateOptions::namesProven): not checked again.
  const bool namesProven;
};

// Where a preset's or an emitter's paths start: "presets.NAME", or "presets[i]" when the name
// itself is unusable (as presetPath / emitterPath spell them). `nameProven`: the name already
// passed core::nameProblem, so it is not checked again.
Path presetRoot(const Preset& p, std::size_t index, bool nameProven = false);
Path emitterRoot(const Emitter& e, std::size_t index, bool nameProven = false);

// The name rule (core::nameProblem), unless the report's names are proven already.
void checkName(Report& r, std::string_view name, const Path& path);
// The preset rules under a path prefix; `version` 0 skips the blend rule.
void checkPreset(Report& r, const Preset& p, std::uint16_t version, const Path& at);
// Reports an unsupported document version; returns the version, or 0 when it is unsupported.
std::uint16_t checkVersion(Report& r, std::uint16_t version);

}  // namespace kiln::particles::detail
