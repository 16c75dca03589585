// Workspace layouts (imgui_layout/*.ini): Dear ImGui's own .ini format, plus a [Kiln][Layout]
// section naming the display size the positions were authored for, so a layout scales to any
// window. GL-free and ImGui-free.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kiln::viewer {

// The shipped workspaces (imgui_layout/NAME.ini): the menu, --workspace and the script's
// `workspace NAME` all offer exactly these.
inline constexpr std::array<const char*, 4> kWorkspaceNames{"tuning", "bounds", "capture", "events"};
bool isWorkspaceName(std::string_view name);

struct WindowPlacement {
  std::string title;
  float x = 0, y = 0, w = 0, h = 0;
  bool collapsed = false;
};

struct Layout {
  float referenceWidth = 1600, referenceHeight = 900;
  std::vector<WindowPlacement> windows;
  const WindowPlacement* find(std::string_view title) const;
};

// Reads [Window][TITLE] Pos=/Size=/Collapsed= entries and [Kiln][Layout] Reference=W,H;
// every other section (tables, docking, unknown) is ignored, as ImGui itself does.
Layout parseLayout(std::string_view ini);

// The layout as a workspace file (the [Kiln][Layout] section, then one [Window] per placement),
// so a user's own arrangement is saved in the same form the shipped workspaces use.
std::string layoutToIni(const Layout& layout);

// Pairs of windows whose rectangles overlap by more than `tolerance` pixels on a W×H display
// after scaling (titles in layout order). Workspaces tile: for the shipped ones this is empty.
std::vector<std::pair<std::string, std::string>> overlappingWindows(const Layout& layout, float displayWidth,
                                                                     float displayHeight, float tolerance = 0.5f);

// The placement scaled from the layout's reference size to a display of W×H (menu bar kept).
WindowPlacement scaledPlacement(const WindowPlacement& p, const Layout& l, float displayWidth, float displayHeight);

}  // namespace kiln::viewer
