// The panel registry: draw order and the shared window prologue.
#include "panels/panels.hpp"

#include <imgui.h>

#include <algorithm>

namespace kiln::viewer::panels {

bool placeNext(ViewerState& s, const char* title) {
  auto it = std::find(s.ui.layoutPending.begin(), s.ui.layoutPending.end(), title);
  if (it == s.ui.layoutPending.end()) return false;
  s.ui.layoutPending.erase(it);
  const WindowPlacement* w = s.ui.layout.find(title);
  if (!w) return false;
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const WindowPlacement p = scaledPlacement(*w, s.ui.layout, d.x, d.y);
  ImGui::SetNextWindowPos({p.x, p.y}, ImGuiCond_Always);
  ImGui::SetNextWindowSize({p.w, p.h}, ImGuiCond_Always);
  ImGui::SetNextWindowCollapsed(p.collapsed, ImGuiCond_Always);
  return true;
}

bool begin(ViewerState& s, Panel p, int flags) {
  if (!s.panel(p)) return false;
  // Panels not in the workspace's layout open at a size that shows their content.
  if (!placeNext(s, kPanelTitles[static_cast<int>(p)])) ImGui::SetNextWindowSize({460, 340}, ImGuiCond_FirstUseEver);
  if (!ImGui::Begin(kPanelTitles[static_cast<int>(p)], &s.panel(p), flags)) {
    ImGui::End();
    return false;
  }
  return true;
}

EditButton editButtons(ViewerState& s, bool canUndo, bool canRedo, bool canSave) {
  EditButton pressed = EditButton::None;
  ImGui::BeginDisabled(!canUndo);
  if (ImGui::Button("Undo")) pressed = EditButton::Undo;
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!canRedo);
  if (ImGui::Button("Redo")) pressed = EditButton::Redo;
  ImGui::EndDisabled();
  ImGui::SameLine();
  const bool source = s.doc.level->load.kind == loader::FileKind::Source;
  ImGui::BeginDisabled(!source || !canSave);
  if (ImGui::Button("Save to YAML")) s.commands.push(SaveSource{});
  ImGui::EndDisabled();
  if (!source) ImGui::TextDisabled("compiled level: edits are live only (open the .yaml to save)");
  return pressed;
}

void drawAll(ViewerState& s) {
  timeline::draw(s);
  outliner::draw(s);
  bounds::draw(s);
  budgets::draw(s);
  blend::draw(s);
  pick::draw(s);
  tuning::draw(s);
  emitter::draw(s);
  events::draw(s);
  captures::draw(s);
  capabilities::draw(s);
  errors::draw(s);
  open::draw(s);
  top_view::draw(s);
  help::draw(s);
  prompt::draw(s);  // last: the modal dialog sits over every panel
}

}  // namespace kiln::viewer::panels
