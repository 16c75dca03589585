// "Did you mean …?": the nearest spelling among the allowed ones, for keys, enumeration values
// and names, so a typo's diagnostic names its likely fix.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::source {

// The candidate nearest to `word`: an exact case-insensitive match first, otherwise the one at
// the smallest edit distance if that distance is at most a third of the word (at least 1, at
// most 3). Ties keep the earlier candidate. nullopt when nothing is close.
std::optional<std::string> nearest(std::string_view word, const std::vector<std::string>& candidates);

// " (did you mean 'x'?)" or "" — appended to messages.
std::string didYouMean(std::string_view word, const std::vector<std::string>& candidates);

// "a, b, c" in the given order.
std::string listOf(const std::vector<std::string>& candidates);

}  // namespace kiln::source
