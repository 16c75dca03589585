// The panel registry: draw order and the shared window prologue.
#include "panels/panels.hpp"

#include <imgui.h>

#include <algorithm>

namespace kiln::viewer::panels {

bool begin(ViewerState& s, Panel p, int flags) {
  if (!s.panel(p)) return false;
  // Every workspace docks every panel (imgui_layout/); one dragged out floats at a size that
  // shows its content.
  ImGui::SetNextWindowSize({460, 340}, ImGuiCond_FirstUseEver);
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
