// Open level: a path field, the recent files, the sample levels, and the hot-reload switch.
#include <imgui.h>

#include <cstring>
#include <filesystem>

#include "loader/data_dirs.hpp"
#include "panels/panels.hpp"

namespace kiln::viewer::panels::open {

void draw(ViewerState& s) {
  if (!begin(s, Panel::Open)) return;
  char* path = s.ui.memory.openPath;
  ImGui::SetNextItemWidth(-70);
  const bool enter = ImGui::InputText("##path", path, sizeof s.ui.memory.openPath, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if ((ImGui::Button("Open") || enter) && path[0]) s.commands.push(OpenLevel{path});
  ImGui::Checkbox("hot reload (source and textures)", &s.doc.hotReload);
  if (!s.doc.recentFiles.empty() && ImGui::CollapsingHeader("Recent", ImGuiTreeNodeFlags_DefaultOpen))
    for (const auto& f : s.doc.recentFiles)
      if (ImGui::Selectable(f.c_str())) s.commands.push(OpenLevel{f});
  if (ImGui::CollapsingHeader("Samples", ImGuiTreeNodeFlags_DefaultOpen)) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(loader::dataPath("levels"), ec)) {
      if (entry.path().extension() != ".yaml") continue;
      if (ImGui::Selectable(entry.path().filename().string().c_str())) {
        s.commands.push(OpenLevel{entry.path()});
        std::snprintf(path, sizeof s.ui.memory.openPath, "%s", entry.path().string().c_str());
      }
    }
  }
  ImGui::TextDisabled("You can also drop a .klm or .yaml onto the window.");
  ImGui::End();
}

}  // namespace kiln::viewer::panels::open
