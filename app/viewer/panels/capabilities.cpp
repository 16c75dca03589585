// Host capabilities: toggle what the viewer advertises; a level needing a feature that is off
// is refused at mount, and the refusal shows here and in the errors panel.
#include <imgui.h>

#include <algorithm>

#include "panels/panels.hpp"

namespace kiln::viewer::panels::capabilities {

void draw(ViewerState& s) {
  if (!begin(s, Panel::Capabilities)) return;
  ImGui::TextWrapped("Features this host advertises. Changing one remounts the current level.");
  const auto all = world::kilnCapabilities().features;
  bool changed = false;
  for (const auto& f : all) {
    bool on = s.doc.host.advertises(f);
    if (ImGui::Checkbox(f.c_str(), &on)) {
      auto& v = s.doc.host.features;
      if (on) v.push_back(f);
      else v.erase(std::remove(v.begin(), v.end(), f), v.end());
      changed = true;
    }
  }
  if (changed) {
    if (s.doc.level) s.commands.push(OpenLevel{s.doc.level->path});
    else if (!s.doc.recentFiles.empty()) s.commands.push(OpenLevel{s.doc.recentFiles.front()});
  }
  bool refused = false;
  for (const auto& d : s.doc.loadDiagnostics)
    if (d.diagnostic.code == core::Code::MissingFeature) {
      if (!refused) ImGui::TextColored({1, 0.35f, 0.3f, 1}, "Mount refused:");
      refused = true;
      ImGui::BulletText("%s", d.diagnostic.message.c_str());
    }
  ImGui::End();
}

}  // namespace kiln::viewer::panels::capabilities
