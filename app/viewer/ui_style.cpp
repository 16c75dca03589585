// The UI font and style (ui_style.hpp).
#include "ui_style.hpp"

#include <imgui.h>

#include "logic/ui_settings.hpp"

namespace kiln::viewer {
namespace {
bool gBuiltInFont = false;
}  // namespace

std::string loadUiFont() {
  ImGuiIO& io = ImGui::GetIO();
  if (const auto path = findUiFont()) {
    // Size 0: Dear ImGui 1.92 bakes glyphs at whatever size is asked, so one font serves every scale.
    if (io.Fonts->AddFontFromFileTTF(path->c_str(), 0.0f)) return path->filename().string();
  }
  gBuiltInFont = true;
  io.Fonts->AddFontDefault();
  return "built-in";
}

void applyUiStyle(float contentScale, float uiScale) {
  ImGuiStyle style;
  ImGui::StyleColorsDark(&style);
  style.WindowRounding = 0;  // docked panels meet edge to edge
  style.TabRounding = 3;
  style.FrameRounding = 2;
  style.ScaleAllSizes(contentScale * uiScale);
  // The built-in bitmap font reads best at its own 13 px.
  style.FontSizeBase = gBuiltInFont ? 13.0f : kUiFontPixels;
  style.FontScaleMain = uiScale;
  style.FontScaleDpi = contentScale;
  ImGui::GetStyle() = style;
}

}  // namespace kiln::viewer
