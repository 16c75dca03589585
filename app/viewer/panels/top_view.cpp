// The second view: the level from above (orthographic), with sector outlines and the selected
// emitter's bounds drawn over the renderer's image.
#include <imgui.h>

#include "panels/panels.hpp"

namespace kiln::viewer::panels::top_view {

void draw(ViewerState& s) {
  if (!s.view.showTopView) return;
  ImGui::SetNextWindowSize({400, 300}, ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Top view", &s.view.showTopView)) {
    ImGui::End();
    return;
  }
  ImVec2 avail = ImGui::GetContentRegionAvail();
  const float aspect = s.view.topViewHeight ? float(s.view.topViewWidth) / float(s.view.topViewHeight) : 1.5f;
  ImVec2 size(avail.x, avail.x / aspect);
  if (size.y > avail.y) size = {avail.y * aspect, avail.y};
  const ImVec2 o = ImGui::GetCursorScreenPos();
  if (s.view.topViewTexture) ImGui::Image(s.view.topViewTexture, size);
  else ImGui::Dummy(size);
  // Overlay lines projected with the top camera (the offscreen image has no overlay of its own).
  const glm::dmat4 vp = s.view.topCamera.projection(double(aspect)) * s.view.topCamera.view();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(o, {o.x + size.x, o.y + size.y}, true);
  auto project = [&](const OverlayVertex& v) {
    const glm::dvec4 c = vp * glm::dvec4(v.x, v.y, v.z, 1);
    return ImVec2(o.x + float((c.x / c.w * 0.5 + 0.5) * size.x), o.y + float((0.5 - c.y / c.w * 0.5) * size.y));
  };
  const auto& lines = s.view.overlay.lines;
  for (std::size_t i = 0; i + 1 < lines.size(); i += 2) {
    const auto& a = lines[i];
    dl->AddLine(project(a), project(lines[i + 1]), ImGui::ColorConvertFloat4ToU32({a.r, a.g, a.b, a.a * 0.8f}));
  }
  for (const auto& p : s.view.overlay.points)
    dl->AddRectFilled(project(p), {project(p).x + 2, project(p).y + 2}, ImGui::ColorConvertFloat4ToU32({p.r, p.g, p.b, 1}));
  dl->PopClipRect();
  if (ImGui::IsItemHovered() && ImGui::GetIO().MouseWheel != 0) s.view.topCamera.zoom(ImGui::GetIO().MouseWheel);
  ImGui::End();
}

}  // namespace kiln::viewer::panels::top_view
