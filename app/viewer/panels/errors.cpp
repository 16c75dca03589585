// Errors panel: the diagnostics of the last open or reload, each with its field path; clicking
// one selects the object it names. The last good level stays mounted meanwhile.
#include <imgui.h>

#include "panels/panels.hpp"

namespace kiln::viewer::panels::errors {

void draw(ViewerState& s) {
  if (!begin(s, Panel::Errors)) return;
  if (s.doc.loadDiagnostics.empty()) {
    ImGui::TextColored({0.4f, 1, 0.5f, 1}, s.doc.level ? "No problems." : "Nothing opened yet.");
    ImGui::End();
    return;
  }
  const bool relaxed = s.doc.level && s.doc.level->relaxedBounds && !s.doc.forgedOffer;
  if (relaxed)
    ImGui::TextColored({1, 0.6f, 0.3f, 1}, "%zu finding(s) of the relaxed checks; the level is opened anyway",
                       s.doc.loadDiagnostics.size());
  else
    ImGui::Text("%zu problem(s)%s", s.doc.loadDiagnostics.size(), s.doc.level ? "; showing the last good level" : "");
  // Narrow docks keep the message readable: the first three columns can be resized, and the
  // whole table scrolls sideways rather than wrapping the message one word per line.
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_Resizable |
                                ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY;
  if (ImGui::BeginTable("diags", 4, flags)) {
    ImGui::TableSetupColumn("code", ImGuiTableColumnFlags_WidthFixed, 120);
    ImGui::TableSetupColumn("where", ImGuiTableColumnFlags_WidthFixed, 160);
    ImGui::TableSetupColumn("field", ImGuiTableColumnFlags_WidthFixed, 200);
    ImGui::TableSetupColumn("message", ImGuiTableColumnFlags_WidthFixed, 520);
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < s.doc.loadDiagnostics.size(); ++i) {
      const auto& d = s.doc.loadDiagnostics[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushID(static_cast<int>(i));
      const std::string code = (d.diagnostic.severity == core::Severity::Warning ? "warning[" : "error[") +
                               std::string(core::codeName(d.diagnostic.code)) + "]";
      if (ImGui::Selectable(code.c_str(), false, ImGuiSelectableFlags_SpanAllColumns) && s.doc.level) {
        const Selection sel = selectionForPath(s.doc.level->load.level, d.diagnostic.path);
        if (sel.kind != Selection::Kind::None) s.view.selection = sel;
      }
      ImGui::PopID();
      ImGui::TableNextColumn();
      if (d.line) ImGui::Text("%s:%u:%u", d.file.c_str(), d.line, d.col);
      else if (d.offset) ImGui::Text("%s @%llu", d.file.c_str(), static_cast<unsigned long long>(*d.offset));
      else ImGui::TextUnformatted(d.file.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(d.diagnostic.path.c_str());
      ImGui::TableNextColumn();
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 510);
      ImGui::TextUnformatted(d.diagnostic.message.c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::EndTable();
  }
  if (s.doc.forgedOffer && ImGui::Button("Inspect anyway (checks relaxed)")) {
    s.commands.push(OpenLevel{*s.doc.forgedOffer, true});
    s.panel(Panel::Bounds) = true;
  }
  ImGui::End();
}

}  // namespace kiln::viewer::panels::errors
