// Outliner: sectors, emitters, presets and textures of the mounted level; click selects.
#include <imgui.h>

#include <string>

#include "panels/panels.hpp"

namespace kiln::viewer::panels::outliner {
namespace {

// A red disc with a "!" the height of a line; the problem in its tooltip.
void problemIcon(const std::string& problem) {
  const float h = ImGui::GetTextLineHeight();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(h, h));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 c(at.x + h * 0.5f, at.y + h * 0.5f);
  dl->AddCircleFilled(c, h * 0.45f, IM_COL32(215, 60, 50, 255));
  const ImVec2 t = ImGui::CalcTextSize("!");
  dl->AddText(ImVec2(c.x - t.x * 0.5f, c.y - t.y * 0.5f), IM_COL32(255, 255, 255, 255), "!");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s (see Errors and the Bounds inspector)", problem.c_str());
}

std::string noProblem(std::uint32_t) { return {}; }

template <class Items, class Label, class Problem = decltype(&noProblem)>
void list(ViewerState& s, const char* title, const Items& items, Selection::Kind kind, Label label,
          Problem problem = &noProblem) {
  if (!ImGui::TreeNodeEx(title, ImGuiTreeNodeFlags_DefaultOpen, "%s (%zu)", title, items.size())) return;
  PassControls& pc = s.view.passes;
  for (std::uint32_t i = 0; i < items.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    if (kind == Selection::Kind::Emitter && i < pc.emitterMuted.size()) {
      // Solo and mute per emitter, as in the blend-pass inspector (the same controls).
      if (toggleButton("S", pc.soloEmitter == static_cast<int>(i), "solo: show only this emitter"))
        pc.soloEmitter = pc.soloEmitter == static_cast<int>(i) ? -1 : static_cast<int>(i);
      ImGui::SameLine(0, 2);
      if (toggleButton("M", pc.emitterMuted[i] != 0, "mute: hide this emitter")) pc.emitterMuted[i] = !pc.emitterMuted[i];
      ImGui::SameLine();
    }
    // Each row keeps its place whether or not it is flagged: the icon or a space as wide.
    if (kind == Selection::Kind::Emitter) {
      const std::string why = problem(i);
      if (!why.empty()) problemIcon(why);
      else ImGui::Dummy(ImVec2(ImGui::GetTextLineHeight(), ImGui::GetTextLineHeight()));
      ImGui::SameLine();
    }
    // The row keeps its identity while its label gains or loses the unsaved star.
    if (ImGui::Selectable((label(i) + "###row").c_str(), s.view.selection.is(kind, i))) s.view.selection = {kind, i};
    ImGui::PopID();
  }
  ImGui::TreePop();
}

}  // namespace

void draw(ViewerState& s) {
  // Long names scroll sideways rather than being cut.
  if (!begin(s, Panel::Outliner, ImGuiWindowFlags_HorizontalScrollbar)) return;
  if (!s.doc.level) {
    ImGui::TextDisabled("No level. File > Open, or drop a .klm / .yaml here.");
    ImGui::End();
    return;
  }
  ImGui::TextUnformatted(s.doc.level->path.filename().string().c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.doc.level->path.string().c_str());
  if (hasUnsavedEdits(s.doc)) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(1.0f, 0.78f, 0.3f, 1.0f), "* unsaved");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Unsaved edits to %s. Ctrl+S writes them to the source.", unsavedSummary(s.doc).c_str());
  }
  if (s.doc.level->relaxedBounds)
  {
    const ImVec4 red(1, 0.4f, 0.3f, 1);
    const std::size_t n = s.doc.level->load.relaxedFindings.size();
    wrappedText("checks relaxed: " + std::to_string(n) + (n == 1 ? " finding" : " findings") + ", see Errors", &red);
  }
  const bool canIsolate = s.view.selection.kind == Selection::Kind::Emitter || s.view.selection.kind == Selection::Kind::Preset;
  ImGui::BeginDisabled(!canIsolate);
  if (ImGui::Button("Isolate selection")) isolateSelection(s);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("I: show only the selected emitter or preset");
  ImGui::SameLine();
  ImGui::BeginDisabled(!isolated(s) && s.view.passes.soloPass < 0);
  if (ImGui::Button("Show all")) showAll(s.view.passes);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("H: clear every solo and mute");
  const auto& w = s.doc.level->world();
  list(s, "Sectors", w.sectors, Selection::Kind::Sector, [&](std::uint32_t i) { return w.sectors[i].name; });
  if (const auto* doc = s.doc.level->particles()) {
    list(
        s, "Emitters", doc->emitters, Selection::Kind::Emitter,
        [&](std::uint32_t i) {
          const auto& e = doc->emitters[i];
          const bool edited = s.doc.emitterEdit.unsaved() && s.doc.emitterEdit.index == i;
          return e.name + (edited ? " *" : "") + "  (" + doc->presets[e.preset].name + ")";
        },
        [&](std::uint32_t i) {
          // The reason the relaxed checks found (forged bounds, outside sector, missing sector); a
          // tuning edit can forge the stored box of a level that opened clean, flagged the same way.
          const std::string& problem = i < s.doc.level->problems.size() ? s.doc.level->problems[i] : std::string();
          const bool forged = i < s.doc.level->forged.size() && s.doc.level->forged[i];
          return !problem.empty() ? problem : forged ? std::string("forged bounds") : std::string();
        });
    list(s, "Presets", doc->presets, Selection::Kind::Preset, [&](std::uint32_t i) {
      const bool edited = s.doc.tuning.unsaved() && s.doc.tuning.index == i;
      return doc->presets[i].name + (edited ? " *" : "") + "  " + std::string(particles::name(doc->presets[i].sprite.blend));
    });
  }
  const auto& t = s.doc.level->load.textures;
  list(s, "Textures", t, Selection::Kind::Texture, [&](std::uint32_t i) {
    return t[i].image.name + "  " + std::to_string(t[i].image.image.width) + "x" + std::to_string(t[i].image.image.height);
  });
  ImGui::End();
}

}  // namespace kiln::viewer::panels::outliner
