// Edit-distance suggestions for misspelt keys, enumeration values and names.
#include "source/suggest.hpp"

#include <algorithm>
#include <cctype>

namespace kiln::source {
namespace {

char fold(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool sameIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return fold(x) == fold(y); });
}

// Levenshtein distance over case-folded characters (a case slip costs nothing).
std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const std::size_t swap = diagonal + (fold(a[i - 1]) == fold(b[j - 1]) ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, swap});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::optional<std::string> nearest(std::string_view word, const std::vector<std::string>& candidates) {
  for (const std::string& c : candidates)
    if (sameIgnoringCase(word, c)) return c;
  const std::size_t limit = std::clamp<std::size_t>(word.size() / 3, 1, 3);
  std::optional<std::string> best;
  std::size_t bestDistance = limit + 1;
  for (const std::string& c : candidates) {
    // The distance is at least the difference in length: a far longer word (a pasted line of
    // megabytes) is never compared character by character.
    if (std::max(word.size(), c.size()) - std::min(word.size(), c.size()) > limit) continue;
    const std::size_t d = distance(word, c);
    if (d < bestDistance) best = c, bestDistance = d;
  }
  return best;
}

std::string didYouMean(std::string_view word, const std::vector<std::string>& candidates) {
  const auto n = nearest(word, candidates);
  return n ? " (did you mean '" + *n + "'?)" : "";
}

std::string listOf(const std::vector<std::string>& candidates) {
  std::string s;
  for (const std::string& c : candidates) s += (s.empty() ? "" : ", ") + c;
  return s;
}

}  // namespace kiln::source
