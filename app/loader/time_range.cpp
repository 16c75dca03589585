// START:END:STEP parsing for capture sets (CLI and viewer).
#include "loader/time_range.hpp"

#include "core/float.hpp"

#include <cstdio>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace kiln::loader {

std::optional<std::vector<double>> parseTimeRange(std::string_view text, std::string& error) {
  std::vector<double> t;
  bool numbers = true;
  std::size_t start = 0;
  while (numbers && t.size() <= 3) {
    const std::size_t end = std::min(text.find(':', start), text.size());
    const std::string part(text.substr(start, end - start));
    const auto v = core::parseDecimal(part);
    numbers = v.has_value();
    t.push_back(v.value_or(0));
    if (end == text.size()) break;
    start = end + 1;
  }
  if (!numbers || t.size() != 3 || t[2] <= 0 || t[1] < t[0]) {
    error = "must be START:END:STEP with STEP > 0 and END >= START";
    return std::nullopt;
  }
  const double count = std::floor((t[1] - t[0]) / t[2] + 1e-9) + 1;
  // Checked as a double: a tiny STEP gives a count no integer type holds.
  if (!(count <= static_cast<double>(kMaxRangeFrames))) {
    char asked[32];
    std::snprintf(asked, sizeof asked, "%.6g", count);
    error = std::string("asks for ") + asked + " frames (at most " + std::to_string(kMaxRangeFrames) + ")";
    return std::nullopt;
  }
  std::vector<double> times;
  for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) times.push_back(t[0] + static_cast<double>(i) * t[2]);
  return times;
}

}  // namespace kiln::loader
