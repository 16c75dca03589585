// Internal to engine/particles: the diagnostic collector the validation files share.
#pragma once

#include <cstdio>
#include <string>

#include "core/diagnostic.hpp"
#include "core/float.hpp"
#include "particles/model.hpp"

namespace kiln::particles::detail {

// Built by appending: GCC 12 at -O3 warns falsely (-Wrestrict) on "literal" + std::string&&.
inline std::string idx(std::size_t i) {
  std::string s(1, '[');
  s += std::to_string(i);
  s += ']';
  return s;
}

class Report {
 public:
  explicit Report(core::Diagnostics& out) : out_(out) {}
  void add(core::Code code, std::string path, std::string message) {
    out_.push_back({code, std::move(path), std::move(message)});
  }
  std::size_t size() const { return out_.size(); }

  // All numbers must be finite, also after the float32 conversion the GPU applies.
  bool finite(double v, const std::string& path) {
    if (core::finiteAsF32(v)) return true;
    add(core::Code::NotFinite, path, "value " + num(v) + " is not a finite float32");
    return false;
  }
  bool finite(const Vec3& v, const std::string& path) {
    bool ok = true;
    for (int i = 0; i < 3; ++i) ok = finite(v[i], path + "[" + std::to_string(i) + "]") && ok;
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

// The preset rules under a path prefix; `version` 0 skips the blend rule.
void checkPreset(Report& r, const Preset& p, std::uint16_t version, const std::string& at);
// Reports an unsupported document version; returns the version, or 0 when it is unsupported.
std::uint16_t checkVersion(Report& r, std::uint16_t version);

}  // namespace kiln::particles::detail
