// The viewer's look in Dear ImGui: the UI font (found at run time) and the style at a scale.
#pragma once

#include <string>

namespace kiln::viewer {

// Adds the UI font to ImGui's atlas: DejaVu Sans (or Noto/Liberation Sans) when installed, else
// ImGui's built-in font. Returns what was loaded, for the Help panel ("DejaVuSans.ttf", "built-in").
std::string loadUiFont();

// The style for a monitor content scale and the user's UI scale: the dark colours, Kiln's
// roundings, every spacing scaled, and the font at kUiFontPixels × both scales. Call again when
// either changes (it starts from a fresh style, so scales never compound).
void applyUiStyle(float contentScale, float uiScale);

}  // namespace kiln::viewer
