#include "panels/logic/text_fit.hpp"

#include <algorithm>

namespace kiln::viewer::text_fit {

std::vector<std::string_view> wrapAtSpaces(std::string_view text, float width, const Measure& measure) {
  std::vector<std::string_view> lines;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t eol = std::min(text.find('\n', pos), text.size());
    const std::string_view para = text.substr(pos, eol - pos);
    // Greedy fill of one paragraph: take words while the line with them still fits.
    std::size_t start = 0;
    while (start < para.size() && para[start] == ' ') ++start;
    if (start >= para.size()) lines.push_back(para.substr(0, 0));
    while (start < para.size()) {
      std::size_t end = para.find(' ', start);
      if (end == std::string_view::npos) end = para.size();
      std::size_t lineEnd = end;  // the first word always goes on the line, however wide
      while (lineEnd < para.size()) {
        std::size_t next = lineEnd;
        while (next < para.size() && para[next] == ' ') ++next;
        if (next >= para.size()) break;
        std::size_t wordEnd = para.find(' ', next);
        if (wordEnd == std::string_view::npos) wordEnd = para.size();
        if (measure(para.substr(start, wordEnd - start)) > width) break;
        lineEnd = wordEnd;
      }
      lines.push_back(para.substr(start, lineEnd - start));
      start = lineEnd;
      while (start < para.size() && para[start] == ' ') ++start;
    }
    if (eol >= text.size()) break;
    pos = eol + 1;
  }
  return lines;
}

std::string elideMiddle(std::string_view text, float width, const Measure& measure) {
  if (measure(text) <= width) return std::string(text);
  static constexpr std::string_view kDots = "...";
  // The tail: the file name when it fits beside the dots, else as much of the end as fits.
  const std::size_t slash = text.find_last_of("/\\");
  auto fits = [&](std::size_t head, std::size_t from) {
    return measure(std::string(text.substr(0, head)) + std::string(kDots) + std::string(text.substr(from))) <= width;
  };
  if (slash == std::string_view::npos) {
    // No path: as much of both ends as fits, the head one character ahead.
    std::size_t head = 0, tail = text.size();
    for (bool grown = true; grown;) {
      grown = false;
      if (head < tail && fits(head + 1, tail)) ++head, grown = true;
      if (tail > head && fits(head, tail - 1)) --tail, grown = true;
    }
    return std::string(text.substr(0, head)) + std::string(kDots) + std::string(text.substr(tail));
  }
  std::size_t tail = slash;
  if (!fits(0, tail)) {
    // Not even the name: keep the end of it (its extension is what a reader checks).
    tail = text.size();
    while (tail > 0 && fits(0, tail - 1)) --tail;
    return std::string(kDots) + std::string(text.substr(tail));
  }
  // Grow the head while it fits, then give any room left to the part before the name.
  std::size_t head = 0;
  while (head < tail && fits(head + 1, tail)) ++head;
  while (tail > head && fits(head, tail - 1)) --tail;
  return std::string(text.substr(0, head)) + std::string(kDots) + std::string(text.substr(tail));
}

}  // namespace kiln::viewer::text_fit
