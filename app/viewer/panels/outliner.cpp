// Outliner: sectors, emitters, presets and textures of the mounted level; click selects.
#include <imgui.h>

#include "panels/panels.hpp"

namespace kiln::viewer::panels::outliner {
namespace {

// A small on/off toggle drawn as a button (highlighted when on).
bool toggle(const char* label, bool on, const char* tip) {
  if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.85f, 0.55f, 0.15f, 1));
  const bool pressed = ImGui::SmallButton(label);
  if (on) ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
  return pressed;
}

template <class Items, class Label>
void list(ViewerState& s, const char* title, const Items& items, Selection::Kind kind, Label label) {
  if (!ImGui::TreeNodeEx(title, ImGuiTreeNodeFlags_DefaultOpen, "%s (%zu)", title, items.size())) return;
  PassControls& pc = s.view.passes;
  for (std::uint32_t i = 0; i < items.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    if (kind == Selection::Kind::Emitter && i < pc.emitterMuted.size()) {
      // Solo and mute per emitter, as in the blend-pass inspector (the same controls).
      if (toggle("S", pc.soloEmitter == static_cast<int>(i), "solo: show only this emitter"))
        pc.soloEmitter = pc.soloEmitter == static_cast<int>(i) ? -1 : static_cast<int>(i);
      ImGui::SameLine(0, 2);
      if (toggle("M", pc.emitterMuted[i] != 0, "mute: hide this emitter")) pc.emitterMuted[i] = !pc.emitterMuted[i];
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
  if (hasUnsavedEdits(s.doc)) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(1.0f, 0.78f, 0.3f, 1.0f), "* unsaved");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Unsaved edits to %s. Ctrl+S writes them to the source.", unsavedSummary(s.doc).c_str());
  }
  if (s.doc.level->relaxedBounds)
    ImGui::TextColored({1, 0.4f, 0.3f, 1}, "checks relaxed: %zu finding(s), see Errors", s.doc.level->load.relaxedFindings.size());
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
    list(s, "Emitters", doc->emitters, Selection::Kind::Emitter, [&](std::uint32_t i) {
      const auto& e = doc->emitters[i];
      // The reason the relaxed checks found (forged bounds, outside sector, missing sector); a
      // tuning edit can forge the stored box of a level that opened clean, flagged the same way.
      const std::string& problem = i < s.doc.level->problems.size() ? s.doc.level->problems[i] : std::string();
      const bool forged = i < s.doc.level->forged.size() && s.doc.level->forged[i];
      const std::string flag = !problem.empty() ? "  [! " + problem + "]" : forged ? "  [! forged bounds]" : "";
      const bool edited = s.doc.emitterEdit.unsaved() && s.doc.emitterEdit.index == i;
      return e.name + (edited ? " *" : "") + "  (" + doc->presets[e.preset].name + ")" + flag;
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
