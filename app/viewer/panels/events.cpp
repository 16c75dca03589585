// Event sandbox: the level's `events:` recipes tuned live (every field, colours with a picker,
// the isometric layer and fixed sort key, the sprite's blend with its palette table and its
// material), bursts fired at the surface under the cursor (G, or "fire on click") or at a typed
// position, the script of fired bursts, the section's step rate with its rate-invariance check,
// math, dimensions and materials, the sort override with an isometric camera, and plots of live /
// recycled / dropped. A refused value is framed red at its field with the reason. Edits go
// through events_edit (GL-free); undo, redo and save share the tuning panels' row.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "panels/events_fields.hpp"
#include "panels/field_tooltip.hpp"
#include "panels/logic/events_edit.hpp"
#include "panels/panels.hpp"
#include "sim/system.hpp"

namespace kiln::viewer::panels::events {
namespace {

// The plots and the rate check re-simulate from T = 0 inside a frame: they run only while that
// costs at most 2^26 particle-steps, births counted (sim/budget.hpp), and say so past it.
constexpr double kAnalysisParticleSteps = 67108864.0;

bool quickToSimulate(const sim::Events& ev, double levelTime, double stepHz) {
  return sim::withinSimulationBudget(ev, levelTime, stepHz, kAnalysisParticleSteps);
}

// The latest time the analyses reach at this rate.
double analysisHorizon(const sim::Events& ev, double stepHz) {
  return sim::simulationHorizon(ev, stepHz, kAnalysisParticleSteps);
}

// Spawned at the current time for each offered rate: emitters give rate·T within one particle,
// whatever the step (cached; recomputed when the section changes or the clock has moved on).
void rateCheck(ViewerState& s) {
  PanelMemory::Sandbox& m = s.ui.memory.sandbox;
  const sim::Events& ev = *s.doc.level->load.level.events;
  const double t = s.view.clock.time;
  const double fastest = *std::max_element(kSandboxRates.begin(), kSandboxRates.end());
  if (!quickToSimulate(ev, t, fastest)) {
    ImGui::TextDisabled("rate check: for t up to %.0f s (re-simulating further takes too long per frame)",
                        analysisHorizon(ev, fastest));
    return;
  }
  if (m.ratesGeneration != s.doc.eventsGeneration || std::abs(m.ratesTime - t) > 0.5) {
    m.spawnedAtRates.clear();
    if (auto r = sim::compileEvents(ev, textureNames(*s.doc.level)); r.scene)
      m.spawnedAtRates = events_edit::spawnedAtRates(*r.scene, t, kSandboxRates);
    m.ratesTime = t, m.ratesGeneration = s.doc.eventsGeneration;
  }
  if (m.spawnedAtRates.size() != kSandboxRates.size()) return;
  // One line where the panel is wide enough, wrapped between items where it is not.
  auto flow = [first = true](const char* text, const ImVec4* colour = nullptr) mutable {
    const float w = ImGui::CalcTextSize(text).x;
    if (!first) {
      ImGui::SameLine();
      if (ImGui::GetContentRegionAvail().x < w) {
        ImGui::NewLine();
        while (*text == ' ') ++text;  // a wrapped item starts at the margin
      }
    }
    first = false;
    if (colour) ImGui::TextColored(*colour, "%s", text);
    else ImGui::TextUnformatted(text);
  };
  char text[96];
  std::snprintf(text, sizeof text, "spawned by t = %.2f s:", m.ratesTime);
  flow(text);
  for (std::size_t i = 0; i < kSandboxRates.size(); ++i) {
    std::snprintf(text, sizeof text, " %.0f Hz %llu", kSandboxRates[i], static_cast<unsigned long long>(m.spawnedAtRates[i]));
    flow(text);
  }
  // Each steady emitter may be one particle apart between rates (its fraction carried over).
  const auto [lo, hi] = std::minmax_element(m.spawnedAtRates.begin(), m.spawnedAtRates.end());
  static const ImVec4 kSame{0.5f, 0.9f, 0.5f, 1}, kDiffer{1, 0.75f, 0.3f, 1};
  if (*hi - *lo <= std::max<std::uint64_t>(1, ev.emitters.size())) {
    flow("  rate-invariant", &kSame);
  } else {
    std::snprintf(text, sizeof text, "  differ by %llu", static_cast<unsigned long long>(*hi - *lo));
    flow(text, &kDiffer);
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("the section re-simulated at each rate: a steady emitter gives rate x T particles within one,\n"
                      "and a burst its count, whatever the step (one apart per emitter at most)");
}

// Live count against the pool, recycled and dropped per second, over the timeline's window.
void plots(ViewerState& s, double t0, double t1) {
  PanelMemory::Sandbox& m = s.ui.memory.sandbox;
  const sim::Events& ev = *s.doc.level->load.level.events;
  if (!quickToSimulate(ev, t1, ev.stepHz)) {
    ImGui::TextDisabled(
        "plots: for windows ending by %.0f s (re-simulating further takes too long per frame)",
        analysisHorizon(ev, ev.stepHz));
    return;
  }
  if (m.generation != s.doc.eventsGeneration || m.t0 != t0 || m.t1 != t1) {
    m.history = {};
    if (auto r = sim::compileEvents(*s.doc.level->load.level.events, textureNames(*s.doc.level)); r.scene)
      m.history = events_edit::history(*r.scene, t0, t1, 160);
    m.generation = s.doc.eventsGeneration, m.t0 = t0, m.t1 = t1;
  }
  const events_edit::History& h = m.history;
  if (h.live.empty()) return;
  const float width = std::max(120.0f, ImGui::GetContentRegionAvail().x);
  auto plot = [&](const char* id, const std::vector<float>& v, float top, const char* what, ImU32 limitColour, float limit) {
    char overlay[160];
    const float peak = *std::max_element(v.begin(), v.end());
    std::snprintf(overlay, sizeof overlay, "%s (peak %.0f)", what, peak);
    const ImVec2 o = ImGui::GetCursorScreenPos();
    const float height = 54;
    ImGui::PlotLines(id, v.data(), static_cast<int>(v.size()), 0, overlay, 0, std::max(1.0f, top), ImVec2(width, height));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    if (limit > 0 && limit <= top) {
      const float y = o.y + height * (1 - limit / top);
      dl->AddLine({o.x, y}, {o.x + width, y}, limitColour, 1.5f);
    }
    // Now, on the same window as the timeline.
    if (s.view.clock.time >= h.t0 && s.view.clock.time <= h.t1 && h.t1 > h.t0) {
      const float x = o.x + static_cast<float>((s.view.clock.time - h.t0) / (h.t1 - h.t0)) * width;
      dl->AddLine({x, o.y}, {x, o.y + height}, IM_COL32(255, 255, 255, 200), 1.5f);
    }
  };
  // Scaled to the pool, unless the live count stays far below it: then to the peak, so the
  // curve has a shape (the pool and budget lines show only when they are on the scale).
  const float cap = static_cast<float>(h.capacity), budget = static_cast<float>(h.maxSprites);
  const float livePeak = *std::max_element(h.live.begin(), h.live.end());
  const float top = livePeak * 4 < cap ? std::max(1.0f, livePeak * 1.25f) : cap * 1.05f;
  char what[96];
  std::snprintf(what, sizeof what, top < cap ? "live (pool %u, off scale)" : "live of %u (red: pool, amber: max_sprites)",
                h.capacity);
  plot("##live", h.live, top, what, IM_COL32(230, 60, 50, 255), cap);
  if (budget < cap && budget <= top) {
    // The budget line on the same plot (drawn over the last item).
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    const float y = hi.y - (hi.y - lo.y) * (budget / top);
    ImGui::GetWindowDrawList()->AddLine({lo.x, y}, {hi.x, y}, IM_COL32(240, 170, 60, 255), 1.5f);
  }
  const float recycledTop = std::max(1.0f, *std::max_element(h.recycledPerSecond.begin(), h.recycledPerSecond.end()) * 1.1f);
  plot("##recycled", h.recycledPerSecond, recycledTop, "recycled / s (pool full)", 0, 0);
  const float droppedTop = std::max(1.0f, *std::max_element(h.droppedPerSecond.begin(), h.droppedPerSecond.end()) * 1.1f);
  plot("##dropped", h.droppedPerSecond, droppedTop, "dropped / s (over max_sprites)", 0, 0);
  ImGui::TextDisabled("t %.2f .. %.2f s (the timeline's window); one batcher frame per step", h.t0, h.t1);
}

void fireControls(ViewerState& s, const events_edit::Session& t) {
  PanelMemory::Sandbox& m = s.ui.memory.sandbox;
  if (ImGui::Checkbox("fire on click", &s.view.fireOnClick) && s.view.fireOnClick)
    s.ui.status = "click a sector surface in the Viewport to fire (untick to pick again)";
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("while ticked, a left click in the Viewport fires instead of picking");
  ImGui::SameLine();
  ImGui::TextDisabled("or point and press G");
  ImGui::SetNextItemWidth(std::max(120.0f, ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("Fire at").x - 24));
  ImGui::DragScalarN("##at", ImGuiDataType_Double, m.firePosition, 3, 0.05f, nullptr, nullptr, "%.2f");
  ImGui::SameLine();
  if (ImGui::Button("Fire at")) s.commands.push(FireEvent{{m.firePosition[0], m.firePosition[1], m.firePosition[2]}});
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("fire the recipe at this position, at the current level time");
  // The script: authored bursts, and those fired this session (not yet saved) marked.
  const std::size_t saved = t.saved.script.size();
  const bool script = ImGui::TreeNodeEx("script", ImGuiTreeNodeFlags_DefaultOpen, "script (%zu bursts, %zu fired since the last save)",
                                        t.working.script.size(), t.working.script.size() > saved ? t.working.script.size() - saved : 0);
  fieldTooltip("events", "script");
  if (script) {
    if (ImGui::BeginTable("script", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY,
                          ImVec2(0, std::min(160.0f, ImGui::GetTextLineHeightWithSpacing() * (t.working.script.size() + 1.5f))))) {
      ImGui::TableSetupColumn("time");
      ImGui::TableSetupColumn("recipe");
      ImGui::TableSetupColumn("position");
      ImGui::TableSetupColumn("seed");
      ImGui::TableSetupColumn("");
      fieldTableHeaders("events.script", {"time", "recipe", "position", "seed", ""});
      for (std::size_t i = 0; i < t.working.script.size(); ++i) {
        const sim::ScriptEvent& e = t.working.script[i];
        ImGui::PushID(static_cast<int>(i));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        const bool fresh = i >= saved || !(t.saved.script[i] == e);
        if (ImGui::Selectable("##row", false, ImGuiSelectableFlags_SpanAllColumns)) s.view.clock.seek(e.time);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("go to %.3f s", e.time);
        ImGui::SameLine();
        if (fresh) ImGui::TextColored({0.45f, 0.95f, 0.85f, 1}, "%.3f", e.time);
        else ImGui::Text("%.3f", e.time);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(e.recipe.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%.2f, %.2f, %.2f", e.position[0], e.position[1], e.position[2]);
        ImGui::TableNextColumn();
        ImGui::Text("%u", e.seed);
        ImGui::TableNextColumn();
        if (ImGui::SmallButton("x")) {
          sim::Events draft = t.working;
          draft.script.erase(draft.script.begin() + static_cast<std::ptrdiff_t>(i));
          s.commands.push(EditEvents{std::move(draft), true});
          ImGui::PopID();
          break;
        }
        ImGui::PopID();
      }
      ImGui::EndTable();
    }
    ImGui::TreePop();
  }
}

}  // namespace

void draw(ViewerState& s) {
  if (!begin(s, Panel::Events)) return;
  if (!s.doc.level || !s.doc.level->load.level.events) {
    ImGui::TextDisabled("This level has no events: section.");
    ImGui::TextWrapped("Event particles are written under events: in the level source (recipes, emitters and a "
                       "script of bursts); docs/events.md starts with an artist's guide.");
    ImGui::End();
    return;
  }
  events_edit::Session& t = s.doc.events;
  if (!t.active()) {
    ImGui::End();
    return;
  }
  if (t.working.recipes.empty()) {
    ImGui::TextDisabled("The events: section has no recipe to fire.");
    ImGui::End();
    return;
  }
  t.recipe = std::min<std::uint32_t>(t.recipe, static_cast<std::uint32_t>(t.working.recipes.size() - 1));
  bool changed = false;
  editButtons(s, EditTarget::Events, t.undoTarget() != nullptr, t.redoTarget() != nullptr, !(t.committed == t.saved) && !t.invalid());
  // What is refused or held, at the top where it is seen.
  editProblems(t.diagnostics, t.refused);
  sim::Events draft = t.working;
  // Which recipe the fields edit and G fires.
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("recipe").x - 16);
  if (ImGui::BeginCombo("recipe", t.working.recipes[t.recipe].name.c_str())) {
    for (std::uint32_t i = 0; i < t.working.recipes.size(); ++i)
      if (ImGui::Selectable(t.working.recipes[i].name.c_str(), i == t.recipe)) t.recipe = i;
    ImGui::EndCombo();
  }
  fieldTooltip("events", "recipes");
  const GpuInfo& g = s.ui.gpu;
  ImGui::Text("live %u of %u   sprites %u of %u", g.eventLive, g.eventCapacity, g.eventDeclared, g.eventMaxSprites);
  ImGui::Text("step %lld   spawned %llu   recycled %llu", static_cast<long long>(g.eventStep),
              static_cast<unsigned long long>(g.eventSpawned), static_cast<unsigned long long>(g.eventRecycled));
  if (ImGui::CollapsingHeader("Fire", ImGuiTreeNodeFlags_DefaultOpen)) fireControls(s, t);
  ImGui::PushItemWidth(-(ImGui::CalcTextSize("gravity (m/s2)").x + ImGui::GetStyle().ItemInnerSpacing.x * 2));
  std::string& show = s.ui.memory.sandbox.show;
  scrollHere(show, "recipe");
  if (ImGui::CollapsingHeader("Recipe", ImGuiTreeNodeFlags_DefaultOpen)) {
    const Marks marks{t.diagnostics, t.refused, "events.recipes." + draft.recipes[t.recipe].name, "events.recipes"};
    changed |= recipeFields(draft.recipes[t.recipe], textureNames(*s.doc.level), draft.materials, marks, show);
  }
  scrollHere(show, "system");
  if (ImGui::CollapsingHeader("System", ImGuiTreeNodeFlags_DefaultOpen)) {
    changed |= sectionFields(draft, Marks{t.diagnostics, t.refused, "events", "events"});
    rateCheck(s);
    // The draw order: the section's sort, or a look at another one without editing the file.
    std::array<const char*, sim::kSortModeSpellings.size() + 1> sortNames{"section's"};
    int sort = 0;
    for (std::size_t i = 0; i < sim::kSortModeSpellings.size(); ++i) {
      sortNames[i + 1] = sim::kSortModeSpellings[i].text.data();  // literals: NUL-terminated
      if (s.view.eventSort == sim::kSortModeSpellings[i].value) sort = static_cast<int>(i + 1);
    }
    ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("sort (view)Iso camera").x -
                                                ImGui::GetStyle().ItemSpacing.x * 4 - ImGui::GetStyle().FramePadding.x * 2));
    if (ImGui::Combo("sort (view)", &sort, sortNames.data(), static_cast<int>(sortNames.size())))
      s.view.eventSort =
          sort == 0 ? std::nullopt : std::optional(sim::kSortModeSpellings[static_cast<std::size_t>(sort - 1)].value);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("view: back to front from the eye; iso: the isometric depth key; none: spawn order.\n"
                        "The section says %s; this changes only what the viewer draws.",
                        std::string(sim::name(t.working.sort)).c_str());
    ImGui::SameLine();
    if (ImGui::Button("Iso camera")) useIsometricCamera(s);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("the isometric view the iso key sorts for (kept as bookmark \"iso\")");
  }
  ImGui::PopItemWidth();
  scrollHere(show, "plots");
  if (ImGui::CollapsingHeader("Plots", ImGuiTreeNodeFlags_DefaultOpen)) {
    const LevelClock& c = s.view.clock;
    const double t0 = c.loop ? c.loopStart : std::max(0.0, c.time - 5.0);
    const double t1 = c.loop ? c.loopEnd : t0 + 10.0;
    plots(s, std::floor(t0), std::floor(t0) + (t1 - t0));
  }
  // One undo point per gesture: it ends once no widget is held.
  const bool held = ImGui::IsAnyItemActive();
  if (changed) s.commands.push(EditEvents{std::move(draft), !held});
  else if (!held && (t.pending() || t.invalid())) s.commands.push(EditEvents{t.working, true});
  ImGui::End();
}

}  // namespace kiln::viewer::panels::events
