// Keyboard shortcuts window (F1).
#include <imgui.h>

#include "panels/panels.hpp"

namespace kiln::viewer::panels::help {

void draw(ViewerState& s) {
  if (!s.panel(Panel::Help)) return;
  if (!ImGui::Begin("Keyboard shortcuts", &s.panel(Panel::Help), ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::End();
    return;
  }
  static constexpr const char* kKeys[][2] = {
      {"Space", "play / pause"},        {"Left / Right", "step one tick (Shift: 10)"},
      {"Right drag", "orbit / look"},   {"Wheel", "zoom (fly: move forward)"},
      {"W A S D Q E", "move camera"},   {"Shift", "move faster"},
      {"Tab", "orbit <-> fly camera"},  {"F", "frame selection"},
      {"Left click", "pick a particle (event sandbox: fire on click)"}, {"G", "fire the sandbox's recipe at the surface under the mouse"},
      {"Ctrl+Z / Ctrl+Y", "undo / redo the last edit"}, {"Ctrl+S", "save the edits to the YAML"},
      {"R", "restart the effect (loop start, playing)"}, {"B", "next background (level, black, grey, checker)"},
      {"I", "isolate the selection (again: show all)"}, {"H", "show all (clear solo and mute)"},
      {"T / Shift+T", "next tone map / LDR <-> HDR output"}, {"[ / ]", "exposure down / up half a stop (Shift: a tenth)"},
      {"Ctrl+O", "open a level"},       {"F1", "this window"},
      {"Curve plot: drag / Ctrl", "move a key / snap to the grid"}, {"Curve plot: double-click", "add a key there"},
      {"Curve plot: arrows", "nudge the selected key (Shift: 10x)"}, {"Curve plot: Delete, right-click", "remove the key"},
  };
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    for (const auto& k : kKeys) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(k[0]);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(k[1]);
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace kiln::viewer::panels::help
