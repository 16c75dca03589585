// The 3D view's own window: the scene's offscreen image at the window's size, a one-line status
// (particles, time) and a legend for every debug colour on screen. No panel covers it; camera
// input, picking and framing act on this image only (frame.cpp reads view.viewport).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "panels/panels.hpp"
#include "render/renderer.hpp"
#include "logic/capture_files.hpp"
#include "logic/scene.hpp"
#include "logic/view_output.hpp"

namespace kiln::viewer::panels::viewport {
namespace {

ImU32 color(const glm::vec4& c) { return ImGui::ColorConvertFloat4ToU32({c.r, c.g, c.b, 1}); }

// The overlay's colours at the bottom left, one row per colour over a dark band so it reads over
// any background. A click folds it to one small button (and that button's click unfolds it), so
// a long legend never hides the particles behind it. Submitted before the image's invisible
// button, like the output button, so a click on it never picks or turns the camera.
void legend(ViewerState& s, const SceneOptions& scene, ImVec2 lo, ImVec2 hi) {
  const float line = ImGui::GetTextLineHeight();
  const std::vector<LegendEntry> entries = overlayLegend(s, scene);
  const ImVec2 restore = ImGui::GetCursorScreenPos();
  if (s.view.legendFolded) {
    const std::string label = "legend (" + std::to_string(entries.size()) + ")";
    const ImVec2 pad = ImGui::GetStyle().FramePadding;
    const float h = line + 2 * pad.y;
    if (hi.y - h - 6 < lo.y + 2 * line) return;
    ImGui::SetCursorScreenPos({lo.x + 6, hi.y - h - 6});
    ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(10, 12, 16, 170));
    if (ImGui::Button(label.c_str())) s.view.legendFolded = false;
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_DelayShort)) ImGui::SetTooltip("Show what each overlay colour means");
    ImGui::SetCursorScreenPos(restore);
    return;
  }
  float widest = 0;
  for (const auto& e : entries) widest = std::max(widest, ImGui::CalcTextSize(e.label).x);
  const float h = static_cast<float>(entries.size()) * (line + 2) + 8, w = widest + line + 16;
  const ImVec2 o(lo.x + 6, hi.y - h - 6);
  if (o.y < lo.y + 2 * line) return;  // too small a view for a legend
  ImGui::SetCursorScreenPos(o);
  if (ImGui::InvisibleButton("##legend", {w, h})) s.view.legendFolded = true;
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_DelayShort)) ImGui::SetTooltip("Click to fold the legend");
  ImGui::SetCursorScreenPos(restore);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(o, {o.x + w, o.y + h}, IM_COL32(10, 12, 16, 170), 4);
  float y = o.y + 4;
  for (const auto& e : entries) {
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
    line += render::lateResultNote(gpu.frame, gpu.liveParticlesFrame);
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

const core::Image* pixelsOf(const ViewerState& s, int i) {
  return i >= 0 && i < static_cast<int>(s.captures.entries.size()) ? &s.captures.entries[static_cast<std::size_t>(i)].image : nullptr;
}

// One image of the comparison drawn into `area` at the view's zoom and pan, clipped to `clip`
// (the wipe shows A left of the line and B right of it).
void drawImage(UiTexture texture, const ab_view::View& view, const ab_view::Rect& area, std::uint32_t w, std::uint32_t h,
               ImVec2 clipLo, ImVec2 clipHi) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ab_view::Rect r = ab_view::imageRect(view, area, w, h);
  dl->PushClipRect(clipLo, clipHi, true);
  dl->AddImage(texture, {float(r.x), float(r.y)}, {float(r.x + r.w), float(r.y + r.h)});
  dl->PopClipRect();
}

// A's, B's and the difference's values under the mouse.
void probe(const core::Image& A, const core::Image& B, ab_view::Point p, const std::vector<float>& flipMap) {
  if (p.u < 0 || p.u >= 1 || p.v < 0 || p.v >= 1) return;
  pixelProbe(A, B, static_cast<std::uint32_t>(p.u * A.width), static_cast<std::uint32_t>(p.v * A.height), &flipMap);
}

// The A/B comparison over the whole image area (Captures panel: "Compare in the Viewport"):
// wipe with a draggable line, side by side, flicker at a set rate or the difference at a gain;
// the wheel zooms about the cursor and a drag pans; the probe reads the pixel under the mouse;
// the metrics of the whole image and of the region in view. False when there is nothing to show.
bool drawComparison(ViewerState& s, ImVec2 lo, ImVec2 size) {
  Comparison& c = s.captures.comparison;
  const core::Image* A = pixelsOf(s, c.a);
  const core::Image* B = pixelsOf(s, c.b);
  if (!c.inViewport || !A || !B) return false;
  const CaptureEntry& ea = s.captures.entries[static_cast<std::size_t>(c.a)];
  const CaptureEntry& eb = s.captures.entries[static_cast<std::size_t>(c.b)];
  if (!ea.texture || !eb.texture) return false;
  const ImVec2 hi(lo.x + size.x, lo.y + size.y);
  const bool sideBySide = c.mode == Comparison::Mode::SideBySide;
  // Side by side: each image gets half the area, both at the same zoom and pan.
  const ab_view::Rect whole{lo.x, lo.y, size.x, size.y};
  const ab_view::Rect left{lo.x, lo.y, sideBySide ? size.x / 2 : size.x, size.y};
  const ab_view::Rect right{lo.x + size.x / 2, lo.y, size.x / 2, size.y};
  c.area = sideBySide ? left : whole;
  const std::uint32_t w = A->width, h = A->height;

  ImGui::SetCursorScreenPos(lo);
  ImGui::InvisibleButton("##ab", size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
  const bool hovered = ImGui::IsItemHovered();
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 m = io.MousePos;
  const bool inRight = sideBySide && m.x >= right.x;
  const ab_view::Rect& under = inRight ? right : left;
  if (hovered && io.MouseWheel != 0) ab_view::zoomAt(c.view, under, w, h, m.x, m.y, std::pow(1.25, io.MouseWheel));
  const float splitX = lo.x + c.split * size.x;
  ImGuiStorage* store = ImGui::GetStateStorage();
  const ImGuiID wipeId = ImGui::GetID("wipe held");
  if (ImGui::IsItemActivated()) store->SetBool(wipeId, c.mode == Comparison::Mode::Split && std::abs(m.x - splitX) < 8);
  if (ImGui::IsItemActive()) {
    if (store->GetBool(wipeId, false)) c.split = std::clamp((m.x - lo.x) / size.x, 0.0f, 1.0f);
    else if (io.MouseDelta.x != 0 || io.MouseDelta.y != 0) ab_view::pan(c.view, under, w, h, io.MouseDelta.x, io.MouseDelta.y);
  }
  if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) c.view = {};  // back to the whole image

  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(lo, hi, IM_COL32(18, 19, 24, 255));
  switch (c.mode) {
    case Comparison::Mode::Split:
      drawImage(ea.texture, c.view, whole, w, h, lo, {splitX, hi.y});
      drawImage(eb.texture, c.view, whole, w, h, {splitX, lo.y}, hi);
      dl->AddLine({splitX, lo.y}, {splitX, hi.y}, IM_COL32(255, 220, 60, 255), 2);
      dl->AddCircleFilled({splitX, lo.y + size.y / 2}, 6, IM_COL32(255, 220, 60, 255));
      dl->AddText({splitX - 16, hi.y - 40}, IM_COL32(255, 220, 60, 255), "A");
      dl->AddText({splitX + 8, hi.y - 40}, IM_COL32(255, 220, 60, 255), "B");
      break;
    case Comparison::Mode::SideBySide:
      drawImage(ea.texture, c.view, left, w, h, {float(left.x), lo.y}, {float(left.x + left.w), hi.y});
      drawImage(eb.texture, c.view, right, w, h, {float(right.x), lo.y}, hi);
      dl->AddLine({float(right.x), lo.y}, {float(right.x), hi.y}, IM_COL32(255, 220, 60, 255), 2);
      break;
    case Comparison::Mode::Flicker: {
      // On the wall clock, not the level clock.
      const bool showA = std::fmod(ImGui::GetTime() * c.flickerHz, 2.0) < 1.0;
      drawImage(showA ? ea.texture : eb.texture, c.view, whole, w, h, lo, hi);
      dl->AddText({lo.x + 10, hi.y - 40}, IM_COL32(255, 220, 60, 255), showA ? "showing A" : "showing B");
      break;
    }
    case Comparison::Mode::Difference:
      if (c.differenceTexture) drawImage(c.differenceTexture, c.view, whole, w, h, lo, hi);
      break;
    case Comparison::Mode::Flip:
      if (c.flipTexture) drawImage(c.flipTexture, c.view, whole, w, h, lo, hi);
      break;
  }
  if (hovered && !ImGui::IsItemActive()) probe(*A, *B, ab_view::imagePoint(c.view, under, w, h, m.x, m.y), c.flipMap);

  // The bar over the top: what is compared, how, and the numbers.
  ImGui::SetCursorScreenPos({lo.x + 6, lo.y + 6});
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.04f, 0.05f, 0.06f, 0.85f));
  ImGui::BeginChild("##abbar", ImVec2(size.x - 12, 0), ImGuiChildFlags_AutoResizeY | ImGuiChildFlags_AlwaysUseWindowPadding);
  auto name = [](const CaptureEntry& e) {
    char text[160];
    if (e.levelTime < 0) std::snprintf(text, sizeof text, "%s", e.file.filename().string().c_str());
    else std::snprintf(text, sizeof text, "%s @%.3f s", e.label.c_str(), e.levelTime);
    return std::string(text);
  };
  if (ImGui::SmallButton("Back to the scene")) c.inViewport = false;
  ImGui::SameLine();
  ImGui::Text("A: %s    B: %s", name(ea).c_str(), name(eb).c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("A: %s\nB: %s", ea.file.string().c_str(), eb.file.string().c_str());
  abModeButtons(c);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(110);
  if (c.mode == Comparison::Mode::Difference) ImGui::SliderFloat("gain", &c.gain, 1, 64, "x%.0f", ImGuiSliderFlags_Logarithmic);
  else if (c.mode == Comparison::Mode::Flicker) ImGui::SliderFloat("Hz", &c.flickerHz, 0.5f, 10, "%.1f");
  else ImGui::Dummy({110, 0});
  // Straight to the pixels that differ, framed as `kiln report` enlarges them.
  const bool changed = c.computed && c.sameSize && !c.changedRect.empty();
  sameLineIfFits(buttonWidth("Zoom to the change"));
  ImGui::BeginDisabled(!changed);
  if (ImGui::SmallButton("Zoom to the change"))
    c.view = ab_view::changeFraming(c.changedRect, c.area, w, h);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    if (changed)
      ImGui::SetTooltip("Every changed pixel lies in x %u-%u, y %u-%u: zoom there (double-click: the whole image again)",
                        c.changedRect.x, c.changedRect.x + c.changedRect.width - 1, c.changedRect.y,
                        c.changedRect.y + c.changedRect.height - 1);
    else ImGui::SetTooltip("%s", c.computed && c.sameSize ? "A and B are identical" : "no metrics yet");
  }
  if (c.computed && c.sameSize) {
    ImGui::Text("whole image: FLIP mean %.4f, max %.4f", c.flipMean, c.flipMax);
    ImGui::Text("  bytes: max %u  mean %.4f  PSNR %.2f dB  changed %.3f%%", c.maxAbsDiff, c.meanAbsDiff, c.psnr, c.changedPercent);
  }
  else if (c.computed)
    ImGui::TextColored({1, 0.4f, 0.3f, 1}, "the images differ in size: no metrics");
  const Comparison::RegionMetrics& r = c.regionMetrics;
  if (c.view.zoom > 1 && r.a == c.a && r.b == c.b && !r.region.empty())
    wrappedf("zoom %.1fx, in view %ux%u at (%u, %u): max %u  mean %.4f  PSNR %.2f dB  changed %.3f%%", c.view.zoom,
                r.region.x1 - r.region.x0, r.region.y1 - r.region.y0, r.region.x0, r.region.y0, r.maxAbsDiff, r.meanAbsDiff, r.psnr,
                r.changedPercent);
  else
    ImGui::TextDisabled("wheel: zoom at the cursor   drag: pan%s   double-click: whole image", c.mode == Comparison::Mode::Split ? " (the line: wipe)" : "");
  ImGui::EndChild();
  ImGui::PopStyleColor();
  return true;
}

// The output transform at the bottom right of the image: what the picture is (HDR and its tone
// map and exposure, or LDR) and, on a click, the View > Output controls in a popup. Submitted
// before the image's invisible button, so over it the button takes the mouse, not the camera.
void outputButton(ViewerState& s, ImVec2 lo, ImVec2 size) {
  const std::string label = outputSummary(s.view.output);
  const ImVec2 text = ImGui::CalcTextSize(label.c_str());
  const ImVec2 pad = ImGui::GetStyle().FramePadding;
  const ImVec2 button(text.x + 2 * pad.x, text.y + 2 * pad.y);
  if (size.x < button.x + 12 || size.y < 3 * button.y) return;  // too small a view to spare the room
  const ImVec2 restore = ImGui::GetCursorScreenPos();
  ImGui::SetCursorScreenPos({lo.x + size.x - button.x - 6, lo.y + size.y - button.y - 6});
  ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(10, 12, 16, 170));
  if (ImGui::Button(label.c_str())) ImGui::OpenPopup("##output");
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_DelayShort))
    ImGui::SetTooltip("The output transform: click for tone map, exposure, bloom (also View > Output; T, Shift+T, [ ])");
  if (ImGui::BeginPopup("##output")) {
    output::controls(s);
    ImGui::EndPopup();
  }
  ImGui::SetCursorScreenPos(restore);
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
  if (drawComparison(s, lo, size)) {
    // The comparison has the image area: the camera, picking and the gizmo wait.
    s.view.viewport = {lo.x * scale.x, lo.y * scale.y, size.x * scale.x, size.y * scale.y, false};
    ImGui::End();
    return;
  }
  if (s.view.viewportTexture) ImGui::Image(s.view.viewportTexture, size);
  else ImGui::Dummy(size);
  outputButton(s, lo, size);
  const ImVec2 hi(lo.x + size.x, lo.y + size.y);
  legend(s, scene, lo, hi);
  // An invisible button over the image takes the mouse, so a drag turns the camera instead of
  // moving the window; hovering it (no other window on top) is what camera input needs.
  ImGui::SetCursorScreenPos(lo);
  ImGui::InvisibleButton("##scene", size,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
  s.view.viewport = {lo.x * scale.x, lo.y * scale.y, size.x * scale.x, size.y * scale.y, ImGui::IsItemHovered()};
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
  ImGui::GetWindowDrawList()->PopClipRect();
  ImGui::End();
}

}  // namespace kiln::viewer::panels::viewport
