// Errors panel: the diagnostics of the last open or reload, each with its field path; clicking
// one selects the object it names. The last good level stays mounted meanwhile. Below them, the
// renderer's GL messages of this session (KHR_debug, shader logs; all of them with --gl-debug).
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "logic/escape_view.hpp"
#include "panels/panels.hpp"

namespace kiln::viewer::panels::errors {

namespace {

void drawGlMessages(const ViewerState& s) {
  if (s.ui.glMessages.empty()) return;
  char title[64];
  std::snprintf(title, sizeof title, "GL messages (%zu)###gl", s.ui.glMessages.size());
  if (!ImGui::CollapsingHeader(title, ImGuiTreeNodeFlags_DefaultOpen)) return;
  const ImVec4 red(1, 0.45f, 0.4f, 1);
  for (auto it = s.ui.glMessages.rbegin(); it != s.ui.glMessages.rend(); ++it)  // newest first
    wrappedText(*it, it->rfind("GL error", 0) == 0 ? &red : nullptr);
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
    const ImVec4 grey = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
    for (const auto& d : session.diagnostics) {
      wrappedText(d.path, &grey);
      wrappedText("error[" + std::string(core::codeName(d.code)) + "] " + d.message);
    }
    ImGui::Separator();
  };
  one("preset tuning", s.doc.tuning);
  one("emitter editing", s.doc.emitterEdit);
  one("event sandbox", s.doc.events);
  return any;
}

// Under a forged-bounds or outside-sector finding, the escape finder's answer and its jumps
// (the Bounds inspector's buttons); for a refused file, one button that inspects it and jumps.
void escapeJump(ViewerState& s, const core::Diagnostic& d) {
  if (d.code != core::Code::ForgedBounds && d.code != core::Code::OutsideSector) return;
  const std::string name = emitterNameInPath(d.path);
  if (name.empty()) return;
  if (s.doc.forgedOffer) {
    if (ImGui::Button("Inspect anyway and jump to the first escape")) {
      s.commands.push(OpenLevel{*s.doc.forgedOffer, true, false, true});
      s.commands.push(JumpToEscape{0, EscapeWhich::First, name});
      s.panel(Panel::Bounds) = true;
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Open the refused file with its checks relaxed, then pause where a particle of %s first leaves", name.c_str());
    return;
  }
  const particles::Document* doc = s.doc.level && s.doc.level->relaxedBounds ? s.doc.level->particles() : nullptr;
  for (std::uint32_t i = 0; doc && i < doc->emitters.size(); ++i) {
    if (doc->emitters[i].name != name) continue;
    if (const world::EmitterEscapes* r = escapesOf(s, i)) bounds::escapeButtons(s, i, *r);
    return;
  }
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
  const ImVec4 orange(1, 0.6f, 0.3f, 1);
  const std::size_t n = s.doc.loadDiagnostics.size();
  if (relaxed)
    wrappedText(std::to_string(n) + (n == 1 ? " finding" : " findings") + " of the relaxed checks; the level is opened anyway",
                &orange);
  else
    wrappedText(std::to_string(n) + (n == 1 ? " problem" : " problems") + (s.doc.level ? "; showing the last good level" : ""));
  // One block per problem, wrapped to the panel's width, so a narrow dock reads it whole: the
  // code and where (click to select what it names), the field path, then the message.
  const float below = (s.doc.forgedOffer ? ImGui::GetFrameHeightWithSpacing() : 0) +
                      (s.ui.glMessages.empty() ? 0 : ImGui::GetFrameHeightWithSpacing());
  ImGui::BeginChild("diags", ImVec2(0, below > 0 ? -below : 0));
  for (std::size_t i = 0; i < s.doc.loadDiagnostics.size(); ++i) {
    const auto& d = s.doc.loadDiagnostics[i];
    ImGui::PushID(static_cast<int>(i));
    const bool warning = d.diagnostic.severity == core::Severity::Warning;
    const std::string code = std::string(warning ? "warning[" : "error[") + std::string(core::codeName(d.diagnostic.code)) + "]  ";
    char where[64] = "";
    if (d.line) std::snprintf(where, sizeof where, ":%u:%u", d.line, d.col);
    else if (d.offset) std::snprintf(where, sizeof where, " @%llu", static_cast<unsigned long long>(*d.offset));
    // The code (click to select what it names), then the file elided in its middle to the
    // panel's width (whole in its tooltip), the field path and the message, wrapped at spaces.
    const std::string file = d.file + where;
    const ImVec4 colour = warning ? ImVec4(1, 0.8f, 0.35f, 1) : ImVec4(1, 0.45f, 0.4f, 1);
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    if (ImGui::Selectable(code.c_str(), false) && s.doc.level) {
      const Selection sel = selectionForPath(s.doc.level->load.level, d.diagnostic.path);
      if (sel.kind != Selection::Kind::None) s.view.selection = sel;
    }
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\nclick to select what this names", file.c_str());
    pathText(file, 0, &colour);
    if (!d.diagnostic.path.empty()) {
      const ImVec4 grey = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
      wrappedText(d.diagnostic.path, &grey);
    }
    wrappedText(d.diagnostic.message);
    escapeJump(s, d.diagnostic);
    ImGui::Separator();
    ImGui::PopID();
  }
  ImGui::EndChild();
  if (s.doc.forgedOffer && ImGui::Button("Inspect anyway (checks relaxed)")) {
    s.commands.push(OpenLevel{*s.doc.forgedOffer, true, false, true});
    s.panel(Panel::Bounds) = true;
  }
  drawGlMessages(s);
  ImGui::End();
}

}  // namespace kiln::viewer::panels::errors
