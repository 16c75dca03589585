// Frame: workspace layouts — their files (shipped and the user's), saving, resetting, loading.
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>

#include <imgui.h>

#include "core/file.hpp"
#include "frame.hpp"
#include "loader/data_dirs.hpp"
#include "logic/layout.hpp"

namespace kiln::viewer {

std::filesystem::path userConfigDir() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  const char* home = std::getenv("HOME");
  const std::filesystem::path dir = xdg && *xdg ? std::filesystem::path(xdg)
                                    : home      ? std::filesystem::path(home) / ".config"
                                                : std::filesystem::temp_directory_path();
  return dir / "kiln";
}

std::filesystem::path userWorkspaceLayoutPath(const std::string& workspace) {
  return userConfigDir() / ("workspace-" + workspace + ".ini");
}

std::filesystem::path workspaceLayoutPath(const std::string& workspace) {
  return loader::dataPath("imgui_layout") / (workspace + ".ini");
}

std::vector<std::string> Frame::shownPanels() const {
  std::vector<std::string> open{"Viewport"};
  if (state_.view.showTopView) open.push_back("Top view");
  for (std::size_t i = 0; i < kPanelTitles.size(); ++i)
    if (state_.ui.open[i]) open.push_back(kPanelTitles[i]);
  return open;
}

void Frame::saveUserLayout() {
  if (!userLayouts_ || ImGui::GetCurrentContext() == nullptr) return;
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  if (d.x < 1 || d.y < 1) return;
  // ImGui's own settings (every window's dock node and the tree), with the display size they
  // were made at and the panels showing, so the arrangement comes back at any window size.
  const std::string text = workspaceIni(d.x, d.y, shownPanels(), ImGui::SaveIniSettingsToMemory());
  std::error_code ec;
  std::filesystem::create_directories(userConfigDir(), ec);
  std::string error;
  if (!core::writeFile(userWorkspaceLayoutPath(workspace_),
                       std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), error))
    state_.ui.status = "layout: " + error;
}

void Frame::resetLayout() {
  std::error_code ec;
  std::filesystem::remove(userWorkspaceLayoutPath(workspace_), ec);
  applyWorkspace(workspace_, true, /*shipped=*/true);
  state_.ui.status = "layout of workspace '" + workspace_ + "' reset";
}

void Frame::beforeNewFrame(float displayWidth, float displayHeight) {
  if (settleFrames_ > 0) --settleFrames_;
  if (!pendingLayout_ || displayWidth < 1 || displayHeight < 1) return;
  // Loaded between frames, as ImGui's loader wants: every window takes its dock node from the
  // file (every panel has one, so a panel opened later docks in its place too).
  const std::string ini = scaledImguiIni(*pendingLayout_, displayWidth, displayHeight);
  ImGui::LoadIniSettingsFromMemory(ini.data(), ini.size());
  pendingLayout_.reset();
  // Docked windows take their node's size over the next frames (a table fits the width it had
  // the frame before): a scripted run holds still until they have.
  settleFrames_ = 3;
}

void Frame::applyWorkspace(const std::string& name, bool place, bool shipped) {
  // The workspace already on screen, asked for again, stays as the user arranged it.
  if (name == workspace_ && started_ && !shipped) return;
  // Leaving a workspace keeps the user's arrangement of it for next time.
  if (name != workspace_ && started_) saveUserLayout();
  workspace_ = name;
  started_ = true;
  std::string error;
  const std::filesystem::path user = userWorkspaceLayoutPath(name);
  std::error_code ec;
  const bool mine = userLayouts_ && !shipped && std::filesystem::is_regular_file(user, ec);
  auto bytes = core::readFile(mine ? user : workspaceLayoutPath(name), error);
  std::optional<Layout> layout;
  if (bytes) layout = parseLayout(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
  // An unreadable or broken user layout falls back to the shipped one.
  if (mine && (!layout || !layoutProblems(*layout, dockedTitles()).empty())) {
    bytes = core::readFile(workspaceLayoutPath(name), error);
    layout.reset();
    if (bytes) layout = parseLayout(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
  }
  if (!layout) {
    state_.ui.status = "layout: " + error;
    return;
  }
  state_.ui.layout = *layout;
  if (place) pendingLayout_ = *layout;
  // Tuning judges one effect over and over: its workspace loops (the range follows the selection).
  if (name == "tuning") state_.view.clock.loop = true;
  // The layout file decides which panels the workspace shows.
  state_.ui.open.fill(false);
  state_.view.showTopView = false;
  for (const std::string& title : layout->open) {
    for (std::size_t i = 0; i < kPanelTitles.size(); ++i)
      if (title == kPanelTitles[i]) state_.ui.open[i] = true;
    if (title == "Top view") state_.view.showTopView = true;
  }
}

}  // namespace kiln::viewer
