// Small assertions shared by the particles tests: diagnostics by code and path.
#pragma once

#include <string>
#include <vector>

#include "core/diagnostic.hpp"

namespace kiln::testutil {

// True when a diagnostic has exactly this code and path.
inline bool has(const core::Diagnostics& ds, core::Code code, const std::string& path) {
  for (const auto& d : ds)
    if (d.code == code && d.path == path) return true;
  return false;
}

// Every "code @ path" pair, for readable failure output.
inline std::string describe(const core::Diagnostics& ds) {
  std::string out;
  for (const auto& d : ds) out += std::string(core::codeName(d.code)) + " @ " + d.path + "; ";
  return out;
}

}  // namespace kiln::testutil
