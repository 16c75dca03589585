// Fitting text to a width without breaking what a reader must read whole: lines that break only
// at spaces (a number, a path or a field path is never split), and a path shortened in its
// middle so both its root and its file name stay visible. GL-free and ImGui-free: the widths
// come from a measure function (ImGui's text size in the panels, a fixed advance in the tests).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::viewer::text_fit {

using Measure = std::function<float(std::string_view)>;

// The lines of `text` no wider than `width`, broken at spaces only; the spaces at a break are
// dropped and a '\n' always breaks. A token wider than `width` (a long path) gets a line of its
// own, whole: the caller elides it or lets it scroll, it is never cut in two.
std::vector<std::string_view> wrapAtSpaces(std::string_view text, float width, const Measure& measure);

// `text` when it fits `width`; otherwise its first and last characters around "...", as many as
// fit, keeping the last path component whole when there is room for it. Never wider than `width`
// unless even "..." is not.
std::string elideMiddle(std::string_view text, float width, const Measure& measure);

}  // namespace kiln::viewer::text_fit
