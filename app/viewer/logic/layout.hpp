// Workspace layouts (imgui_layout/*.ini and the user's own): Dear ImGui's ini with its dock tree
// ([Docking][Data]) and each window's dock node, plus two [Kiln] sections ImGui skips: the display
// size the numbers are for, and the panels the workspace shows. Reading, scaling to a window and
// laying the tree out happen here, GL- and ImGui-free, so tests check layouts without a window.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::viewer {

// The shipped workspaces (imgui_layout/NAME.ini): the menu, --workspace and the script's
// `workspace NAME` all offer exactly these.
inline constexpr std::array<const char*, 4> kWorkspaceNames{"tuning", "bounds", "capture", "events"};
bool isWorkspaceName(std::string_view name);

// A node of the dock tree as the ini writes it: the root's position and size, every node's
// size when last laid out (SizeRef), the axis of a split, the central node (the Viewport's).
struct DockNodeEntry {
  std::uint32_t id = 0, parent = 0;  // parent 0: the root (the dock space)
  float x = 0, y = 0, w = 0, h = 0;  // Pos= / Size= (written for the root)
  float refW = 0, refH = 0;          // SizeRef=
  char split = 0;                    // 'X', 'Y' or 0 for a leaf
  bool central = false;
};

struct WindowEntry {
  std::string title;
  std::uint32_t dockId = 0;  // 0: not docked (floating)
};

struct Layout {
  float referenceWidth = 1600, referenceHeight = 900;  // [Kiln][Layout] Reference=W,H
  std::vector<std::string> open;                        // [Kiln][Open] Panel=TITLE, in order
  std::vector<WindowEntry> windows;                     // [Window][TITLE] DockId=
  std::vector<DockNodeEntry> nodes;                     // [Docking][Data], parents first
  std::string imguiIni;  // every section but [Kiln]'s, as written: what ImGui's loader reads
  const WindowEntry* window(std::string_view title) const;
  const DockNodeEntry* node(std::uint32_t id) const;
};

Layout parseLayout(std::string_view ini);

// Layout::imguiIni with every position and size (Pos=, Size=, SizeRef=) scaled from the reference
// size to a display of W×H: ImGui keeps a side column's width in pixels, so a layout made for
// 1600×900 keeps its proportions in any window only if its numbers are scaled before loading.
std::string scaledImguiIni(const Layout& layout, float displayWidth, float displayHeight);

// A workspace file: the [Kiln] sections for a display of W×H and the panels shown, then ImGui's
// own text (what SaveIniSettingsToMemory returned), so a user's arrangement is stored in the
// same form as the shipped ones and restores at any window size.
std::string workspaceIni(float displayWidth, float displayHeight, const std::vector<std::string>& open,
                         std::string_view imguiIni);

// Where the dock space puts each leaf node on a W×H display below a menu bar of `menuHeight`
// pixels, after scaling: a split gives the side without the central node its SizeRef and the
// central side the rest (as Dear ImGui does), other splits share by SizeRef.
struct DockRect {
  std::uint32_t node = 0;
  float x = 0, y = 0, w = 0, h = 0;
  bool central = false;
};
std::vector<DockRect> dockLeaves(const Layout& layout, float displayWidth, float displayHeight, float menuHeight);

// What is wrong with a layout for the viewer, empty when nothing: a window of `required` (the
// panels) without a dock node or docked into a node that is not a leaf of the tree, a tree
// without one central node, a panel shown that is not a known title.
std::vector<std::string> layoutProblems(const Layout& layout, const std::vector<std::string>& required);

}  // namespace kiln::viewer
