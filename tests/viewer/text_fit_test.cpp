// Wrapping at spaces only and eliding paths in the middle, measured one unit per character.
#include <catch2/catch.hpp>

#include "panels/logic/text_fit.hpp"

using namespace kiln::viewer::text_fit;

namespace {

const Measure kChars = [](std::string_view s) { return static_cast<float>(s.size()); };

std::vector<std::string> wrap(std::string_view text, float width) {
  std::vector<std::string> out;
  for (auto line : wrapAtSpaces(text, width, kChars)) out.emplace_back(line);
  return out;
}

}  // namespace

TEST_CASE("wrapping breaks at spaces and never inside a number or a path") {
  const std::string msg = "stored 2.958791, recomputed 3.208791 (-0.25, 1048576 float32 steps)";
  // ImGui would cut "2.958791," at a width of 10; here it moves to the next line whole.
  CHECK(wrap(msg, 10) == std::vector<std::string>{"stored", "2.958791,", "recomputed", "3.208791", "(-0.25,", "1048576",
                                                  "float32", "steps)"});
  CHECK(wrap(msg, 20) == std::vector<std::string>{"stored 2.958791,", "recomputed 3.208791", "(-0.25, 1048576",
                                                  "float32 steps)"});
  // Every line fits, and joining them with spaces gives the text back.
  for (float w : {8.f, 13.f, 27.f, 40.f, 200.f}) {
    std::string joined;
    for (const auto& l : wrap(msg, w)) {
      CHECK((l.size() <= static_cast<std::size_t>(w) || l.find(' ') == std::string::npos));
      joined += (joined.empty() ? "" : " ") + l;
    }
    CHECK(joined == msg);
  }
  // A token wider than the line gets a line of its own, whole.
  CHECK(wrap("see /very/long/path/to/debug/forged_bounds.klm now", 12) ==
        std::vector<std::string>{"see", "/very/long/path/to/debug/forged_bounds.klm", "now"});
  // The whole text on one line when it fits; new lines always break; runs of spaces collapse at a break.
  CHECK(wrap("lifetime 31.8605", 16) == std::vector<std::string>{"lifetime 31.8605"});
  CHECK(wrap("lifetime 31.8605", 15) == std::vector<std::string>{"lifetime", "31.8605"});
  CHECK(wrap("a b\nc", 80) == std::vector<std::string>{"a b", "c"});
  CHECK(wrap("a    b", 3) == std::vector<std::string>{"a", "b"});
  CHECK(wrap("", 10) == std::vector<std::string>{""});
}

TEST_CASE("a path elides in its middle and keeps its file name") {
  const std::string path = "/work/main/build/ci/share/kiln/debug/forged_bounds.klm";
  CHECK(elideMiddle(path, 200, kChars) == path);  // fits: unchanged
  CHECK(elideMiddle(path, static_cast<float>(path.size()), kChars) == path);
  const std::string e = elideMiddle(path, 30, kChars);
  CHECK(e.size() == 30);
  CHECK(e == "/work/mai.../forged_bounds.klm");  // head, dots, the last component
  // Narrower than the name: the end of the name (its extension) stays.
  const std::string n = elideMiddle(path, 12, kChars);
  CHECK(n == "...ounds.klm");
  // A name without separators keeps both ends.
  const std::string word = elideMiddle("abcdefghijklmnopqrstuvwxyz", 11, kChars);
  CHECK(word.size() == 11);
  CHECK(word.find("...") != std::string::npos);
  CHECK(word.front() == 'a');
  CHECK(word.back() == 'z');
}
