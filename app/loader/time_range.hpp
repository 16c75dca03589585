// `START:END:STEP`, the capture-set syntax `kiln capture --times` and the viewer's capture set
// share, so one text gives the same frames in both.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::loader {

// The most frames one range may ask for.
inline constexpr std::size_t kMaxRangeFrames = 100000;

// START, START+STEP, … up to END included (index-based, so rounding never adds or drops a frame).
// nullopt with `error` set unless the text is three finite numbers with STEP > 0, END >= START and
// at most kMaxRangeFrames frames.
std::optional<std::vector<double>> parseTimeRange(std::string_view text, std::string& error);

}  // namespace kiln::loader
