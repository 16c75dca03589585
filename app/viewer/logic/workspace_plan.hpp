// The shipped workspaces as dock trees: which panels each one shows and where every panel docks.
// tools/layoutgen turns this table into imgui_layout/NAME.ini (Dear ImGui's own ini, with its
// [Docking][Data] tree), and a test checks the shipped files are its output. GL- and ImGui-free.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace kiln::viewer {

// The dock space over the main window: a fixed id, so the shipped ini files and the viewer agree.
inline constexpr std::uint32_t kDockSpaceId = 0x4B494C4Eu;  // "KILN"

// The display size the shipped layouts are authored for; they are scaled to the window on load.
inline constexpr float kLayoutReferenceWidth = 1600, kLayoutReferenceHeight = 900;
// The menu bar above the dock space at the reference size.
inline constexpr float kLayoutMenuHeight = 20;

// One dock node of a side column: its height at the reference size and its tabs, the first open
// one shown. A panel the workspace does not open still has a tab here, so opening it from the
// View menu docks it in its place instead of floating.
struct PlanLeaf {
  float height;
  std::vector<std::string_view> tabs;
};
struct PlanColumn {
  float width;
  std::vector<PlanLeaf> leaves;  // top to bottom; the last takes what is left
};

// left column | (Viewport over the bottom strip) | right column, at the reference size.
struct WorkspacePlan {
  std::string_view name;
  std::string_view about;  // the ini's comment line: what the workspace is for
  PlanColumn left, right;
  float bottomHeight;
  std::vector<std::string_view> bottomTabs;  // under the Viewport (the timeline)
  std::vector<std::string_view> open;        // the panels the workspace shows
};

// The four workspaces (kWorkspaceNames order). The Viewport is the central node of each.
const std::vector<WorkspacePlan>& workspacePlans();

}  // namespace kiln::viewer
