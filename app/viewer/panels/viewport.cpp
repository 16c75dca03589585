// The 3D view's own window: the scene's offscreen image at the window's size, a one-line status
// (particles, time) and a legend for every debug colour on screen. No panel covers it; camera
// input, picking and framing act on this image only (frame.cpp reads view.viewport).
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "panels/panels.hpp"
#include "logic/scene.hpp"

namespace kiln::viewer::panels::viewport {
namespace {

ImU32 color(const glm::vec4& c) { return ImGui::ColorConvertFloat4ToU32({c.r, c.g, c.b, 1}); }

void drawLegend(const ViewerState& s, const SceneOptions& scene, ImVec2 lo, ImVec2 hi) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float line = ImGui::GetTextLineHeight();
  const std::vector<LegendEntry> legend = overlayLegend(s, scene);
  // Bottom-left, one row per colour, over a dark band so it reads over any background.
  float widest = 0;
  for (const auto& e : legend) widest = std::max(widest, ImGui::CalcTextSize(e.label).x);
  const float h = legend.size() * (line + 2) + 8, w = widest + line + 16;
  ImVec2 o(lo.x + 6, hi.y - h - 6);
  if (o.y < lo.y + 2 * line) return;  // too small a view for a legend
  dl->AddRectFilled(o, {o.x + w, o.y + h}, IM_COL32(10, 12, 16, 170), 4);
  float y = o.y + 4;
  for (const auto& e : legend) {
    dl->AddRectFilled({o.x + 5, y + 3}, {o.x + 5 + line - 6, y + line - 3}, color(e.color));
    dl->AddText({o.x + line + 8, y}, IM_COL32(225, 228, 235, 255), e.label);
    y += line + 2;
  }
}

void drawStatus(const ViewerState& s, ImVec2 lo) {
  const auto& gpu = s.ui.gpu;
  char part[96];
  std::snprintf(part, sizeof part, "t %.3f s", s.view.clock.time);
  std::string line = part;
  if (gpu.available && gpu.liveParticles > 0) {
    std::snprintf(part, sizeof part, "   %u particles alive", gpu.liveParticles);
    line += part;
  }
  // Event particles are their own count: they come from the simulation, not the analytic slots.
  if (gpu.available && gpu.events) {
    if (gpu.eventBeyondBudget)
      std::snprintf(part, sizeof part, "   event particles: past the simulation budget (see docs/limits.md)");
    else if (gpu.eventCatchingUp && gpu.eventTargetStep > 0)
      std::snprintf(part, sizeof part, "   event particles: simulating, %.0f%%",
                    std::floor(100.0 * static_cast<double>(gpu.eventStep) / static_cast<double>(gpu.eventTargetStep)));
    else
      std::snprintf(part, sizeof part, "   %u event particles", gpu.eventLive);
    line += part;
  }
  line += s.view.clock.playing ? "   playing" : "   paused";
  // Frame rate and frame time over the last few seconds: the mean hides stutter, the 95th
  // percentile shows it.
  if (!s.ui.stats.frameMs.empty()) {
    const FrameTimings::Summary f = s.ui.stats.summary();
    std::snprintf(part, sizeof part, "   %.0f fps  %.1f ms mean  %.1f ms p95", f.fps, f.meanMs, f.p95Ms);
    line += part;
  }
  const char* text = line.c_str();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 size = ImGui::CalcTextSize(text);
  dl->AddRectFilled({lo.x + 4, lo.y + 4}, {lo.x + size.x + 14, lo.y + size.y + 10}, IM_COL32(10, 12, 16, 170), 4);
  dl->AddText({lo.x + 9, lo.y + 7}, IM_COL32(235, 238, 245, 255), text);
}

}  // namespace

void draw(ViewerState& s, const SceneOptions& scene) {
  // Without a layout (none could be read) the viewport takes the window below the menu bar.
  {
    const ImVec2 d = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos({0, ImGui::GetFrameHeight()}, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize({d.x, d.y - ImGui::GetFrameHeight()}, ImGuiCond_FirstUseEver);
  }
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {0, 0});
  // Not closable: the scene always has a place. Never focused on top of the panels it tiles with.
  const bool open = ImGui::Begin("Viewport", nullptr,
                                 ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                                     ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoCollapse);
  ImGui::PopStyleVar();
  if (!open) {
    s.view.viewport = {};
    ImGui::End();
    return;
  }
  const ImVec2 lo = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  const ImVec2 size(std::max(1.0f, avail.x), std::max(1.0f, avail.y));
  if (s.view.viewportTexture) ImGui::Image(s.view.viewportTexture, size);
  else ImGui::Dummy(size);
  // An invisible button over the image takes the mouse, so a drag turns the camera instead of
  // moving the window; hovering it (no other window on top) is what camera input needs.
  ImGui::SetCursorScreenPos(lo);
  ImGui::InvisibleButton("##scene", size,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
  s.view.viewport = {lo.x * scale.x, lo.y * scale.y, size.x * scale.x, size.y * scale.y, ImGui::IsItemHovered()};
  const ImVec2 hi(lo.x + size.x, lo.y + size.y);
  ImGui::GetWindowDrawList()->PushClipRect(lo, hi, true);
  drawStatus(s, lo);
  if (const auto handles = gizmoHandlesFor(s)) {
    // The move gizmo: X red, Y green, Z blue; the dragged axis bright, others a little dimmer.
    static const ImU32 kAxis[3] = {IM_COL32(235, 70, 60, 230), IM_COL32(80, 220, 90, 230), IM_COL32(80, 130, 255, 230)};
    ImDrawList* dl = ImGui::GetWindowDrawList();
    for (int a = 0; a < 3; ++a) {
      const auto& h = (*handles)[static_cast<std::size_t>(a)];
      if (!h.visible) continue;
      const ImVec2 from(lo.x + float(h.from.x / scale.x), lo.y + float(h.from.y / scale.y));
      const ImVec2 to(lo.x + float(h.to.x / scale.x), lo.y + float(h.to.y / scale.y));
      const float width = s.view.gizmoDrag.axis == a ? 4.0f : 2.5f;
      dl->AddLine(from, to, kAxis[a], width);
      dl->AddCircleFilled(to, s.view.gizmoDrag.axis == a ? 7.0f : 5.0f, kAxis[a]);
    }
  }
  drawLegend(s, scene, lo, hi);
  ImGui::GetWindowDrawList()->PopClipRect();
  ImGui::End();
}

}  // namespace kiln::viewer::panels::viewport
