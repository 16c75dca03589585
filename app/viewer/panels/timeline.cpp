// Timeline panel: play/pause, step, scrub both ways, speed 0.1×–4×, loop range.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "panels/logic/inspect.hpp"
#include "panels/panels.hpp"

namespace kiln::viewer::panels::timeline {

namespace {

// Per emitter: birth ticks on a strip and the alive count over the window (cached per level
// and window, since counting evaluates every slot at every sample).
void emitterRows(ViewerState& s, double t0, double t1) {
  const particles::Document* doc = s.doc.level ? s.doc.level->particles() : nullptr;
  if (!doc) return;
  PanelMemory::Timeline& cache = s.ui.memory.timeline;
  auto& alive = cache.alive;
  auto& fresh = cache.fresh;
  if (cache.generation != s.doc.levelGeneration || cache.t0 != t0 || cache.t1 != t1) {
    alive.assign(doc->emitters.size(), {});
    fresh.assign(doc->emitters.size(), 0);
    cache.generation = s.doc.levelGeneration, cache.t0 = t0, cache.t1 = t1;
  }
  for (std::uint32_t e = 0; e < doc->emitters.size() && e < alive.size(); ++e) {
    ImGui::PushID(static_cast<int>(e));
    const bool sel = s.view.selection.is(Selection::Kind::Emitter, e);
    if (ImGui::Selectable(doc->emitters[e].name.c_str(), sel, 0, ImVec2(140, 0))) s.view.selection = {Selection::Kind::Emitter, e};
    ImGui::SameLine(150);
    const ImVec2 o = ImGui::GetCursorScreenPos();
    const float w = std::max(100.0f, ImGui::GetContentRegionAvail().x * 0.5f - 4), h = 34;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(o, {o.x + w, o.y + h}, IM_COL32(28, 30, 38, 255));
    auto x = [&](double t) { return o.x + static_cast<float>((t - t0) / (t1 - t0)) * w; };
    for (double b : inspect::birthTicks(*doc, e, s.doc.level->schedules[e], t0, t1, 1024))
      dl->AddLine({x(b), o.y + 4}, {x(b), o.y + h - 4}, IM_COL32(240, 170, 60, 200));
    dl->AddLine({x(s.view.clock.time), o.y}, {x(s.view.clock.time), o.y + h}, IM_COL32(255, 255, 255, 255), 2);
    ImGui::InvisibleButton("ticks", {w, h});
    if (ImGui::IsItemActive()) {
      // Dragging on the strip scrubs, in both directions.
      s.view.clock.seek(t0 + (ImGui::GetIO().MousePos.x - o.x) / w * (t1 - t0));
    }
    ImGui::SameLine();
    // Only rows on screen are counted, so a 256-emitter level costs what its visible rows cost.
    if (!fresh[e] && ImGui::IsRectVisible({w, h})) {
      alive[e] = inspect::aliveSeries(*doc, e, s.doc.level->schedules[e], t0, t1, 96);
      fresh[e] = 1;
    }
    const auto& a = alive[e];
    const float mx = a.empty() ? 1.0f : std::max(1.0f, *std::max_element(a.begin(), a.end()));
    char label[48];
    std::snprintf(label, sizeof label, "alive max %.0f", mx);
    ImGui::PlotLines("##alive", a.data(), static_cast<int>(a.size()), 0, label, 0, mx * 1.1f,
                     ImVec2(std::max(60.0f, ImGui::GetContentRegionAvail().x), h));
    ImGui::PopID();
  }
}

// The event script: a tick per burst (authored amber, fired since the last save cyan); dragging
// on the strip scrubs like the emitter rows, and the event pass re-simulates to the new time.
void eventRow(ViewerState& s, double t0, double t1) {
  const sim::Events* ev = s.doc.level && s.doc.level->load.level.events ? &*s.doc.level->load.level.events : nullptr;
  if (!ev) return;
  const events_edit::Session& t = s.doc.events;
  ImGui::PushID("events");
  if (ImGui::Selectable("event script", false, 0, ImVec2(140, 0))) s.panel(Panel::Events) = true;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%zu bursts; click to open the event sandbox", ev->script.size());
  ImGui::SameLine(150);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const float w = std::max(100.0f, ImGui::GetContentRegionAvail().x), h = 22;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(o, {o.x + w, o.y + h}, IM_COL32(28, 30, 38, 255));
  auto x = [&](double time) { return o.x + static_cast<float>((time - t0) / (t1 - t0)) * w; };
  for (std::size_t i = 0; i < ev->script.size(); ++i) {
    const sim::ScriptEvent& e = ev->script[i];
    if (e.time < t0 || e.time > t1) continue;
    const bool fresh = t.active() && (i >= t.saved.script.size() || !(t.saved.script[i] == e));
    dl->AddLine({x(e.time), o.y + 2}, {x(e.time), o.y + h - 2},
                fresh ? IM_COL32(110, 240, 215, 255) : IM_COL32(240, 170, 60, 220), fresh ? 3.0f : 2.0f);
  }
  dl->AddLine({x(s.view.clock.time), o.y}, {x(s.view.clock.time), o.y + h}, IM_COL32(255, 255, 255, 255), 2);
  ImGui::InvisibleButton("ticks", {w, h});
  if (ImGui::IsItemActive()) s.view.clock.seek(t0 + (ImGui::GetIO().MousePos.x - o.x) / w * (t1 - t0));
  ImGui::PopID();
}

}  // namespace

void draw(ViewerState& s) {
  if (!begin(s, Panel::Timeline)) return;
  LevelClock& c = s.view.clock;
  if (ImGui::Button(c.playing ? "Pause" : "Play")) c.playing = !c.playing;
  ImGui::SameLine();
  if (ImGui::ArrowButton("##back", ImGuiDir_Left)) c.step(-1);
  ImGui::SameLine();
  if (ImGui::ArrowButton("##fwd", ImGuiDir_Right)) c.step(1);
  ImGui::SameLine();
  if (ImGui::Button("|<")) c.seek(c.loop ? c.loopStart : 0);
  ImGui::SameLine();
  float speed = static_cast<float>(c.speed);
  ImGui::SetNextItemWidth(120);
  if (ImGui::SliderFloat("speed", &speed, LevelClock::kMinSpeed, LevelClock::kMaxSpeed, "%.2fx",
                         ImGuiSliderFlags_Logarithmic))
    c.setSpeed(speed);
  // Scrubbing seeks directly: evaluation is analytic, so a jump costs the same as one frame.
  // A double slider: float32 would show 3600000.500 while the clock reads 3600000.517, and
  // its range overflows long before the clock's kMaxTime.
  double t = c.time;
  const double zero = 0.0;
  const double span = std::min(std::max(10.0, c.loop ? c.loopEnd : c.time * 1.25), LevelClock::kMaxTime);
  ImGui::SetNextItemWidth(-80);
  if (ImGui::SliderScalar("time (s)", ImGuiDataType_Double, &t, &zero, &span, "%.3f")) c.seek(t);
  if (ImGui::Button("Restart effect")) restartEffect(c);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("R: back to the loop start, playing");
  ImGui::SameLine();
  ImGui::Checkbox("loop", &c.loop);
  ImGui::SameLine();
  float range[2] = {static_cast<float>(c.loopStart), static_cast<float>(c.loopEnd)};
  ImGui::SetNextItemWidth(160);
  if (ImGui::DragFloat2("##range", range, 0.05f, 0.0f, 3600.0f, "%.2f")) {
    c.setLoop(range[0], range[1]);
    s.view.loopFollowsSelection = false;  // a range set by hand stays until asked to follow again
  }
  ImGui::SameLine();
  ImGui::Checkbox("follow selection", &s.view.loopFollowsSelection);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("loop range = the selected effect: delay + duration + longest lifetime,\n"
                      "or one steady-state period of a cycling emitter");
  // The plotted window: the loop range when looping, else the ten seconds around now.
  const double t0 = c.loop ? c.loopStart : std::max(0.0, c.time - 5.0);
  const double t1 = c.loop ? c.loopEnd : t0 + 10.0;
  ImGui::Separator();
  eventRow(s, std::floor(t0), std::floor(t0) + (t1 - t0));
  emitterRows(s, std::floor(t0), std::floor(t0) + (t1 - t0));
  ImGui::End();
}

}  // namespace kiln::viewer::panels::timeline
