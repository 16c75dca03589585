// Captures: capture now, framing one emitter or all, capture sets (times × camera bookmarks) with progress, and A/B
// comparison of any two images (captures or PNGs from disk: split, flicker, difference, side by
// side, zoom, pixel probe) with `kiln compare`'s metrics.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "logic/capture_files.hpp"
#include "loader/time_range.hpp"
#include "panels/panels.hpp"
#include "logic/video.hpp"

namespace kiln::viewer::panels::captures {
namespace {

void bookmarks(ViewerState& s) {
  char* name = s.ui.memory.bookmarkName;
  ImGui::SetNextItemWidth(140);
  ImGui::InputText("##bm", name, sizeof s.ui.memory.bookmarkName);
  ImGui::SameLine();
  if (ImGui::Button("Bookmark camera") && name[0]) {
    setBookmark(s.view.bookmarks, name, s.view.camera);
    s.commands.push(SaveBookmarks{});
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("bookmarks are saved beside the level (LEVEL.bookmarks.json)");
  for (std::size_t i = 0; i < s.view.bookmarks.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::SmallButton("go")) s.view.camera = s.view.bookmarks[i].camera;
    ImGui::SameLine();
    if (ImGui::SmallButton("x")) {
      s.view.bookmarks.erase(s.view.bookmarks.begin() + static_cast<long>(i));
      s.commands.push(SaveBookmarks{});
      ImGui::PopID();
      break;
    }
    ImGui::SameLine();
    ImGui::TextUnformatted(s.view.bookmarks[i].name.c_str());
    ImGui::PopID();
  }
}

// The captures' width over height: framing for a capture fits the capture's shape.
double captureAspect(const ViewerState& s) {
  return static_cast<double>(std::max(1u, s.captures.width)) / static_cast<double>(std::max(1u, s.captures.height));
}

// The viewer's `kiln capture --frame EMITTER` / `--frame-all`: point the camera at the stored
// bounds of one emitter, or of all of them, before capturing.
void framing(ViewerState& s) {
  const particles::Document* doc = s.doc.level ? s.doc.level->particles() : nullptr;
  if (!doc || doc->emitters.empty()) {
    ImGui::TextDisabled("The level has no emitters to frame.");
    return;
  }
  int& chosen = s.ui.memory.frameEmitter;
  chosen = std::clamp(chosen, 0, static_cast<int>(doc->emitters.size()) - 1);
  ImGui::SetNextItemWidth(200);
  if (ImGui::BeginCombo("##frame", doc->emitters[static_cast<std::size_t>(chosen)].name.c_str())) {
    for (int i = 0; i < static_cast<int>(doc->emitters.size()); ++i)
      if (ImGui::Selectable(doc->emitters[static_cast<std::size_t>(i)].name.c_str(), chosen == i)) chosen = i;
    ImGui::EndCombo();
  }
  auto box = [](const particles::Bounds& b, glm::dvec3& lo, glm::dvec3& hi) {
    lo = glm::min(lo, glm::dvec3(b.min.x, b.min.y, b.min.z));
    hi = glm::max(hi, glm::dvec3(b.max.x, b.max.y, b.max.z));
  };
  glm::dvec3 lo(1e300), hi(-1e300);
  sameLineIfFits(buttonWidth("Frame emitter"));
  if (ImGui::Button("Frame emitter")) {
    box(doc->emitters[static_cast<std::size_t>(chosen)].bounds, lo, hi);
    s.view.camera.frame(lo, hi, captureAspect(s));
  }
  sameLineIfFits(buttonWidth("Frame all emitters"));
  if (ImGui::Button("Frame all emitters")) {
    for (const particles::Emitter& e : doc->emitters) box(e.bounds, lo, hi);
    s.view.camera.frame(lo, hi, captureAspect(s));
  }
}

void captureSet(ViewerState& s) {
  char* times = s.ui.memory.captureTimes;
  ImGui::SetNextItemWidth(200);
  ImGui::InputText("START:END:STEP (s)", times, sizeof s.ui.memory.captureTimes);
  std::string why;
  const auto range = loader::parseTimeRange(times, why);
  if (!range) ImGui::TextColored({1, 0.4f, 0.3f, 1}, "times %s", why.c_str());
  CaptureJob& job = s.captures.job;
  if (job.active()) {
    ImGui::ProgressBar(float(job.next) / float(job.total()), ImVec2(-1, 0));
    if (ImGui::Button("Cancel")) job = {};
    return;
  }
  if (!s.captures.ffmpegLooked) {
    const char* path = std::getenv("PATH");
    s.captures.ffmpeg = findProgram("ffmpeg", path ? path : "");
    s.captures.ffmpegLooked = true;
  }
  bool& video = s.ui.memory.captureVideo;
  ImGui::BeginDisabled(!s.captures.ffmpeg);
  ImGui::Checkbox("also write a video (MP4)", &video);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s", s.captures.ffmpeg ? ("through " + s.captures.ffmpeg->string()).c_str()
                                              : "needs ffmpeg on PATH (not found)");
  ImGui::BeginDisabled(!range);
  if (ImGui::Button("Capture set (times x bookmarks)") && range) {
    job = captureJob(*range, s.view.bookmarks, s.view.camera, s.ui.memory.captureLabel);
    job.video = video && s.captures.ffmpeg.has_value();
    job.fps = videoRate(*range);
  }
  ImGui::EndDisabled();
  const std::string where = "an image sequence in " + s.captures.dir.string();
  sameLineIfFits(ImGui::CalcTextSize(where.c_str()).x);
  ImGui::TextDisabled("%s", where.c_str());
}

// The pixel under the mouse in A, in B and their difference (the probe), for an image drawn
// at `origin` with `size` on screen.
void probe(const CaptureEntry& A, const CaptureEntry& B, ImVec2 origin, ImVec2 size) {
  if (!ImGui::IsItemHovered() || size.x <= 0 || size.y <= 0) return;
  const ImVec2 m = ImGui::GetIO().MousePos;
  const double u = (m.x - origin.x) / size.x, v = (m.y - origin.y) / size.y;
  if (u < 0 || u >= 1 || v < 0 || v >= 1) return;
  pixelProbe(A.image, B.image, static_cast<std::uint32_t>(u * A.image.width), static_cast<std::uint32_t>(v * A.image.height));
}

void loadFromDisk(ViewerState& s) {
  const float button = buttonWidth("Add PNG to the list");
  ImGui::SetNextItemWidth(std::clamp(ImGui::GetContentRegionAvail().x - button - ImGui::GetStyle().ItemSpacing.x, 120.0f, 420.0f));
  ImGui::InputText("##abpng", s.ui.memory.abImagePath, sizeof s.ui.memory.abImagePath);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("a PNG file to compare (a path, or drop the file on the window)");
  sameLineIfFits(button);
  if (ImGui::Button("Add PNG to the list") && s.ui.memory.abImagePath[0])
    s.commands.push(LoadCaptureImage{s.ui.memory.abImagePath});
}

void comparison(ViewerState& s) {
  Comparison& c = s.captures.comparison;
  const int n = static_cast<int>(s.captures.entries.size());
  loadFromDisk(s);
  if (n < 2) {
    ImGui::TextDisabled("Take or add two images to compare them.");
    return;
  }
  auto label = [&](int i) { return captureListLabel(s.captures.entries[static_cast<std::size_t>(i)], static_cast<std::size_t>(i)); };
  for (int* which : {&c.a, &c.b}) {
    ImGui::PushID(which);
    ImGui::SetNextItemWidth(200);
    if (ImGui::BeginCombo(which == &c.a ? "A" : "B", *which >= 0 && *which < n ? label(*which).c_str() : "-")) {
      for (int i = 0; i < n; ++i)
        if (ImGui::Selectable(label(i).c_str(), *which == i)) *which = i;
      ImGui::EndCombo();
    }
    ImGui::PopID();
    if (which == &c.a) ImGui::SameLine();
  }
  if (ImGui::Button(c.inViewport ? "Back to the scene" : "Compare in the Viewport")) c.inViewport = !c.inViewport;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("A and B over the whole Viewport: wipe, side by side, flicker or difference, zoom at the cursor, pixel probe");
  abModeButtons(c);
  ImGui::SetNextItemWidth(160);
  ImGui::SliderFloat("zoom", &c.zoom, 1, 16, "%.1fx", ImGuiSliderFlags_Logarithmic);
  if (c.computed && c.computedA == c.a && c.computedB == c.b) {
    if (!c.sameSize) ImGui::TextColored({1, 0.4f, 0.3f, 1}, "sizes differ: no metrics");
    else
      ImGui::Text("max %u  mean %.4f  PSNR %.2f dB  changed %llu px (%.3f%%)", c.maxAbsDiff, c.meanAbsDiff, c.psnr,
                  static_cast<unsigned long long>(c.changedPixels), c.changedPercent);
  }
  if (c.a < 0 || c.b < 0 || c.a >= n || c.b >= n) return;
  const CaptureEntry& A = s.captures.entries[c.a];
  const CaptureEntry& B = s.captures.entries[c.b];
  if (!A.texture || !B.texture) return;
  const float w = ImGui::GetContentRegionAvail().x * (c.mode == Comparison::Mode::SideBySide ? 0.5f : 1.0f) * c.zoom;
  const ImVec2 size(w, w * float(A.image.height) / float(std::max(1u, A.image.width)));
  // Zoomed images scroll inside a child region; the probe reads whichever image is hovered.
  ImGui::BeginChild("ab_view", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  if (c.mode == Comparison::Mode::Split) {
    ImGui::SliderFloat("split", &c.split, 0, 1);
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float sx = o.x + size.x * c.split;
    dl->AddImage(A.texture, o, {sx, o.y + size.y}, {0, 0}, {c.split, 1});
    dl->AddImage(B.texture, {sx, o.y}, {o.x + size.x, o.y + size.y}, {c.split, 0}, {1, 1});
    dl->AddLine({sx, o.y}, {sx, o.y + size.y}, IM_COL32(255, 255, 0, 255));
    ImGui::Dummy(size);
    probe(A, B, o, size);
  } else if (c.mode == Comparison::Mode::Flicker) {
    // Alternates twice a second on the wall clock, not the level clock.
    const bool showA = std::fmod(ImGui::GetTime(), 1.0) < 0.5;
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImGui::Image(showA ? A.texture : B.texture, size);
    probe(A, B, o, size);
    ImGui::Text("showing %s", showA ? "A" : "B");
  } else if (c.mode == Comparison::Mode::SideBySide) {
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImGui::Image(A.texture, size);
    probe(A, B, o, size);
    ImGui::SameLine();
    const ImVec2 ob = ImGui::GetCursorScreenPos();
    ImGui::Image(B.texture, size);
    probe(A, B, ob, size);
  } else if (c.mode == Comparison::Mode::Flip) {
    if (c.flipTexture) {
      const ImVec2 o = ImGui::GetCursorScreenPos();
      ImGui::Image(c.flipTexture, size);
      probe(A, B, o, size);
    }
  } else if (c.differenceTexture) {
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImGui::Image(c.differenceTexture, size);
    probe(A, B, o, size);
  }
  ImGui::EndChild();
}

}  // namespace

void draw(ViewerState& s) {
  if (!begin(s, Panel::Captures)) return;
  int size[2] = {static_cast<int>(s.captures.width), static_cast<int>(s.captures.height)};
  ImGui::SetNextItemWidth(160);
  if (ImGui::InputInt2("size", size)) {
    s.captures.width = static_cast<std::uint32_t>(std::clamp(size[0], 16, 8192));
    s.captures.height = static_cast<std::uint32_t>(std::clamp(size[1], 16, 8192));
  }
  sameLineIfFits(120 + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("label").x);
  ImGui::SetNextItemWidth(120);
  ImGui::InputText("label", s.ui.memory.captureLabel, sizeof s.ui.memory.captureLabel);
  sameLineIfFits(buttonWidth("Capture now"));
  if (ImGui::Button("Capture now")) s.commands.push(CaptureNow{});
  ImGui::TextDisabled("writes PNGs to %s", s.captures.dir.string().c_str());
  // Two labelled sessions (before, then after) are one command away from a report page.
  if (const auto command = reportCommand(s.captures.entries, s.captures.dir)) {
    if (ImGui::SmallButton("Copy report command")) ImGui::SetClipboardText(command->c_str());
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s\n(a page of every before/after pair: A, B, difference, FLIP, enlarged changes)", command->c_str());
    ImGui::SameLine();
    pathText(*command, 0, nullptr);
  }
  if (ImGui::CollapsingHeader("Frame", ImGuiTreeNodeFlags_DefaultOpen)) framing(s);
  if (ImGui::CollapsingHeader("Camera bookmarks", ImGuiTreeNodeFlags_DefaultOpen)) bookmarks(s);
  if (ImGui::CollapsingHeader("Capture set", ImGuiTreeNodeFlags_DefaultOpen)) captureSet(s);
  if (ImGui::CollapsingHeader("A/B comparison", ImGuiTreeNodeFlags_DefaultOpen)) comparison(s);
  ImGui::End();
}

}  // namespace kiln::viewer::panels::captures
