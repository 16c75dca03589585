// Outliner: sectors, emitters, presets and textures of the mounted level; click selects.
#include <imgui.h>

#include "panels/panels.hpp"

namespace kiln::viewer::panels::outliner {
namespace {

template <class Items, class Label>
void list(ViewerState& s, const char* title, const Items& items, Selection::Kind kind, Label label) {
  if (!ImGui::TreeNodeEx(title, ImGuiTreeNodeFlags_DefaultOpen, "%s (%zu)", title, items.size())) return;
  for (std::uint32_t i = 0; i < items.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::Selectable(label(i).c_str(), s.view.selection.is(kind, i))) s.view.selection = {kind, i};
    ImGui::PopID();
  }
  ImGui::TreePop();
}

}  // namespace

void draw(ViewerState& s) {
  if (!begin(s, Panel::Outliner)) return;
  if (!s.doc.level) {
    ImGui::TextDisabled("No level. File > Open, or drop a .klm / .yaml here.");
    ImGui::End();
    return;
  }
  ImGui::TextUnformatted(s.doc.level->path.filename().string().c_str());
  if (s.doc.level->relaxedBounds)
    ImGui::TextColored({1, 0.4f, 0.3f, 1}, "checks relaxed: %zu finding(s), see Errors", s.doc.level->load.relaxedFindings.size());
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
      return e.name + "  (" + doc->presets[e.preset].name + ")" + flag;
    });
    list(s, "Presets", doc->presets, Selection::Kind::Preset, [&](std::uint32_t i) {
      return doc->presets[i].name + "  " + std::string(particles::name(doc->presets[i].sprite.blend));
    });
  }
  const auto& t = s.doc.level->load.textures;
  list(s, "Textures", t, Selection::Kind::Texture, [&](std::uint32_t i) {
    return t[i].image.name + "  " + std::to_string(t[i].image.image.width) + "x" + std::to_string(t[i].image.image.height);
  });
  ImGui::End();
}

}  // namespace kiln::viewer::panels::outliner
