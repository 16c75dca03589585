// kiln-layoutgen: writes the shipped workspaces (app/viewer/logic/workspace_plan.cpp) as Dear
// ImGui ini files with their dock trees, built with ImGui's own dock builder so the viewer loads
// them with ImGui's own loader. `--check DIR` compares instead of writing (a test runs it).
//   kiln-layoutgen OUT_DIR           write OUT_DIR/NAME.ini for every workspace
//   kiln-layoutgen --check DIR       exit 1 naming every DIR/NAME.ini that differs
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "logic/workspace_plan.hpp"

namespace {

using kiln::viewer::PlanColumn;
using kiln::viewer::WorkspacePlan;

std::string title(std::string_view t) { return std::string(t); }

// Splits `node` into the column's leaves, top to bottom, and docks each leaf's tabs.
void column(ImGuiID node, const PlanColumn& c, float height, const WorkspacePlan& plan) {
  float left = height;
  for (std::size_t i = 0; i < c.leaves.size(); ++i) {
    ImGuiID leaf = node;
    if (i + 1 < c.leaves.size()) {
      ImGuiID rest = 0;
      leaf = ImGui::DockBuilderSplitNode(node, ImGuiDir_Up, c.leaves[i].height / left, nullptr, &rest);
      left -= c.leaves[i].height;
      node = rest;
    }
    for (std::string_view t : c.leaves[i].tabs) ImGui::DockBuilderDockWindow(title(t).c_str(), leaf);
    // The tab shown is the first one the workspace opens.
    for (std::string_view t : c.leaves[i].tabs)
      if (std::find(plan.open.begin(), plan.open.end(), t) != plan.open.end()) {
        ImGui::DockBuilderGetNode(leaf)->SelectedTabId = ImHashStr(title(t).c_str());
        break;
      }
  }
}

// ImGui's text without what belongs to this run and not to the layout: its implicit debug
// window and the date each window was last used (so the files do not change from day to day).
std::string withoutSessionNoise(std::string_view ini) {
  std::string out;
  bool skip = false;
  for (std::size_t at = 0; at < ini.size();) {
    std::size_t end = ini.find('\n', at);
    end = end == std::string_view::npos ? ini.size() : end + 1;
    const std::string_view line = ini.substr(at, end - at);
    at = end;
    if (line.starts_with("[")) skip = line.starts_with("[Window][Debug##Default]");
    if (skip || line.starts_with("LastUsed=")) continue;
    out += line;
  }
  return out;
}

std::string iniOf(const WorkspacePlan& plan) {
  using namespace kiln::viewer;
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.ConfigFlags |= ImGuiConfigFlags_DockingEnable;
  io.DisplaySize = {kLayoutReferenceWidth, kLayoutReferenceHeight};
  // No renderer here: say the (absent) renderer takes texture requests, so ImGui bakes glyphs on
  // demand and nobody uploads them.
  io.BackendFlags |= ImGuiBackendFlags_RendererHasTextures;
  io.Fonts->AddFontDefault();
  ImGui::NewFrame();

  const ImGuiID root = ImGui::DockBuilderAddNode(kDockSpaceId, ImGuiDockNodeFlags_DockSpace);
  const float height = kLayoutReferenceHeight - kLayoutMenuHeight;
  ImGui::DockBuilderSetNodePos(root, {0, kLayoutMenuHeight});
  ImGui::DockBuilderSetNodeSize(root, {kLayoutReferenceWidth, height});
  // The side that inherits a split keeps the central node: the Viewport ends up in it.
  ImGuiID rest = 0, centre = 0, view = 0;
  const ImGuiID left = ImGui::DockBuilderSplitNode(root, ImGuiDir_Left, plan.left.width / kLayoutReferenceWidth, nullptr, &rest);
  const ImGuiID right = ImGui::DockBuilderSplitNode(rest, ImGuiDir_Right,
                                                    plan.right.width / (kLayoutReferenceWidth - plan.left.width), nullptr, &centre);
  const ImGuiID bottom = ImGui::DockBuilderSplitNode(centre, ImGuiDir_Down, plan.bottomHeight / height, nullptr, &view);
  column(left, plan.left, height, plan);
  column(right, plan.right, height, plan);
  for (std::string_view t : plan.bottomTabs) ImGui::DockBuilderDockWindow(title(t).c_str(), bottom);
  ImGui::DockBuilderGetNode(bottom)->SelectedTabId = ImHashStr(title(plan.bottomTabs.front()).c_str());
  ImGui::DockBuilderDockWindow("Viewport", view);
  ImGui::DockBuilderFinish(root);
  ImGui::EndFrame();

  std::ostringstream out;
  out << "; kiln-view workspace \"" << plan.name << "\": " << plan.about << ".\n"
      << "; Written by kiln-layoutgen from app/viewer/logic/workspace_plan.cpp (edit the plan there, then\n"
      << "; run `cmake --build BUILD --target layoutgen-update`). Dear ImGui's own ini: the viewer loads it\n"
      << "; with LoadIniSettingsFromMemory, scaled from the [Kiln][Layout] reference size to the window;\n"
      << "; [Kiln][Open] lists the panels the workspace shows (ImGui skips [Kiln] sections).\n"
      << "[Kiln][Layout]\nReference=" << kLayoutReferenceWidth << "," << kLayoutReferenceHeight << "\n\n[Kiln][Open]\n";
  for (std::string_view t : plan.open) out << "Panel=" << t << "\n";
  out << "\n" << withoutSessionNoise(ImGui::SaveIniSettingsToMemory());
  ImGui::DestroyContext();
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  const bool check = argc == 3 && std::string(argv[1]) == "--check";
  if (argc != 2 && !check) {
    std::fprintf(stderr, "usage: kiln-layoutgen OUT_DIR | kiln-layoutgen --check DIR\n");
    return 2;
  }
  const std::string dir = argv[argc - 1];
  int differ = 0;
  for (const WorkspacePlan& plan : kiln::viewer::workspacePlans()) {
    const std::string path = dir + "/" + std::string(plan.name) + ".ini";
    const std::string text = iniOf(plan);
    if (check) {
      std::ifstream in(path, std::ios::binary);
      std::stringstream have;
      have << in.rdbuf();
      if (have.str() != text) {
        std::fprintf(stderr, "%s: differs from what kiln-layoutgen writes for the plan (run layoutgen-update)\n",
                     path.c_str());
        ++differ;
      }
      continue;
    }
    std::ofstream(path, std::ios::binary) << text;
    std::printf("wrote %s\n", path.c_str());
  }
  return differ ? 1 : 0;
}
