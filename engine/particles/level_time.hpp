// The level times Kiln computes: one limit for every command and the viewer's clock.
#pragma once

#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include "core/diagnostic.hpp"

namespace kiln::particles {

// The largest |level time| accepted, in seconds (about 31.7 years). Beyond it a double's
// spacing grows past a microsecond: cycle arithmetic (cycle × period) stops resolving single
// births and age = T − birth_time no longer holds. Emitter and event times are bounded far
// lower by the formats (3600 s). `kiln eval`, `kiln sim`, `kiln capture` and the viewer's clock
// all stop here (docs/limits.md).
inline constexpr double kMaxLevelTime = 1e9;

// `time-range` for a level time that is not finite or lies outside ±kMaxLevelTime; `path` names
// where it came from (e.g. "--time").
inline std::optional<core::Diagnostic> checkLevelTime(double levelTime, std::string path) {
  if (std::isfinite(levelTime) && std::abs(levelTime) <= kMaxLevelTime) return std::nullopt;
  char text[200];
  std::snprintf(
      text, sizeof text,
      "level time %.9g s is outside -1e9..1e9 s, the range Kiln computes exactly enough (beyond it a "
      "double cannot tell one birth from the next; docs/limits.md)",
      levelTime);
  return core::Diagnostic{core::Code::TimeRange, std::move(path), text};
}

}  // namespace kiln::particles
