// Errors panel: the diagnostics of the last open or reload, each with its field path; clicking
// one selects the object it names. The last good level stays mounted meanwhile. Below them, the
// renderer's GL messages of this session (KHR_debug, shader logs; all of them with --gl-debug).
#include <imgui.h>

#include <cstdio>
#include <string>

#include "panels/panels.hpp"

namespace kiln::viewer::panels::errors {

namespace {

void drawGlMessages(const ViewerState& s) {
  if (s.ui.glMessages.empty()) return;
  char title[64];
  std::snprintf(title, sizeof title, "GL messages (%zu)###gl", s.ui.glMessages.size());
  if (!ImGui::CollapsingHeader(title, ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushTextWrapPos(0);
  for (auto it = s.ui.glMessages.rbegin(); it != s.ui.glMessages.rend(); ++it) {  // newest first
    const bool error = it->rfind("GL error", 0) == 0;
    if (error) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.45f, 0.4f, 1));
    ImGui::TextUnformatted(it->c_str());
    if (error) ImGui::PopStyleColor();
  }
  ImGui::PopTextWrapPos();
}

// The edit sessions' refused or held values, above the level's own problems: the panel never
// says "No problems." while a field shows one.
bool drawEditProblems(ViewerState& s) {
  bool any = false;
  auto one = [&](const char* what, const auto& session) {
    if (!session.active() || session.diagnostics.empty()) return;
    any = true;
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.45f, 0.4f, 1));
    ImGui::TextUnformatted(session.refused ? (std::string(what) + ": refused, the last valid value is kept").c_str()
                                           : (std::string(what) + ": not applied while held").c_str());
    ImGui::PopStyleColor();
    ImGui::PushTextWrapPos(0);
    for (const auto& d : session.diagnostics) {
      ImGui::TextDisabled("%s", d.path.c_str());
      ImGui::TextUnformatted(("error[" + std::string(core::codeName(d.code)) + "] " + d.message).c_str());
    }
    ImGui::PopTextWrapPos();
    ImGui::Separator();
  };
  one("preset tuning", s.doc.tuning);
  one("emitter editing", s.doc.emitterEdit);
  one("event sandbox", s.doc.events);
  return any;
}

}  // namespace

void draw(ViewerState& s) {
  if (!begin(s, Panel::Errors)) return;
  const bool editProblems = drawEditProblems(s);
  if (s.doc.loadDiagnostics.empty()) {
    if (editProblems) {
      drawGlMessages(s);
      ImGui::End();
      return;
    }
    ImGui::TextColored({0.4f, 1, 0.5f, 1}, s.doc.level ? "No problems." : "Nothing opened yet.");
    drawGlMessages(s);
    ImGui::End();
    return;
  }
  const bool relaxed = s.doc.level && s.doc.level->relaxedBounds && !s.doc.forgedOffer;
  if (relaxed)
    ImGui::TextColored({1, 0.6f, 0.3f, 1}, "%zu finding(s) of the relaxed checks; the level is opened anyway",
                       s.doc.loadDiagnostics.size());
  else
    ImGui::Text("%zu problem(s)%s", s.doc.loadDiagnostics.size(), s.doc.level ? "; showing the last good level" : "");
  // One block per problem, wrapped to the panel's width, so a narrow dock reads it whole: the
  // code and where (click to select what it names), the field path, then the message.
  const float below = (s.doc.forgedOffer ? ImGui::GetFrameHeightWithSpacing() : 0) +
                      (s.ui.glMessages.empty() ? 0 : ImGui::GetFrameHeightWithSpacing());
  ImGui::BeginChild("diags", ImVec2(0, below > 0 ? -below : 0));
  for (std::size_t i = 0; i < s.doc.loadDiagnostics.size(); ++i) {
    const auto& d = s.doc.loadDiagnostics[i];
    ImGui::PushID(static_cast<int>(i));
    const bool warning = d.diagnostic.severity == core::Severity::Warning;
    std::string head = std::string(warning ? "warning[" : "error[") + std::string(core::codeName(d.diagnostic.code)) + "]  ";
    char where[64] = "";
    if (d.line) std::snprintf(where, sizeof where, ":%u:%u", d.line, d.col);
    else if (d.offset) std::snprintf(where, sizeof where, " @%llu", static_cast<unsigned long long>(*d.offset));
    head += d.file + where;
    ImGui::PushStyleColor(ImGuiCol_Text, warning ? ImVec4(1, 0.8f, 0.35f, 1) : ImVec4(1, 0.45f, 0.4f, 1));
    if (ImGui::Selectable(head.c_str(), false) && s.doc.level) {
      const Selection sel = selectionForPath(s.doc.level->load.level, d.diagnostic.path);
      if (sel.kind != Selection::Kind::None) s.view.selection = sel;
    }
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", "click to select what this names");
    ImGui::PushTextWrapPos(0);
    if (!d.diagnostic.path.empty()) ImGui::TextDisabled("%s", d.diagnostic.path.c_str());
    ImGui::TextUnformatted(d.diagnostic.message.c_str());
    ImGui::PopTextWrapPos();
    ImGui::Separator();
    ImGui::PopID();
  }
  ImGui::EndChild();
  if (s.doc.forgedOffer && ImGui::Button("Inspect anyway (checks relaxed)")) {
    s.commands.push(OpenLevel{*s.doc.forgedOffer, true});
    s.panel(Panel::Bounds) = true;
  }
  drawGlMessages(s);
  ImGui::End();
}

}  // namespace kiln::viewer::panels::errors
