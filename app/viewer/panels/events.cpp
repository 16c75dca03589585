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

bool number(const char* label, double& v, float speed, double lo, double hi, const char* format = "%.3f") {
  return ImGui::DragScalar(label, ImGuiDataType_Double, &v, speed, &lo, &hi, format, ImGuiSliderFlags_AlwaysClamp);
}

// A linear colour, unbounded above 1 (a spark at 5.0 reads hot): drag the numbers past 1, or
// open the picker for hue.
bool colour(const char* label, sim::Vec3& c) {
  float f[3] = {static_cast<float>(c[0]), static_cast<float>(c[1]), static_cast<float>(c[2])};
  if (!ImGui::ColorEdit3(label, f, ImGuiColorEditFlags_Float | ImGuiColorEditFlags_HDR)) return false;
  for (int i = 0; i < 3; ++i) c[static_cast<std::size_t>(i)] = std::max(0.0f, f[i]);
  return true;
}

template <class E, std::size_t N>
bool choice(const char* label, E& value, const std::array<E, N>& options) {
  bool changed = false;
  if (ImGui::BeginCombo(label, std::string(sim::name(value)).c_str())) {
    for (E o : options)
      if (ImGui::Selectable(std::string(sim::name(o)).c_str(), o == value)) value = o, changed = true;
    ImGui::EndCombo();
  }
  return changed;
}

// Where the fields' paths start ("events.recipes.dust", or "events" for the section's) and the
// session's problems: after a field's widget, its tooltip from the field table and, when a
// problem names the field, the red frame with the reason (panels::markField).
struct Marks {
  const core::Diagnostics& diagnostics;
  bool refused;
  std::string prefix;
  std::string_view section;  // the field table's section: "events" or "events.recipes"
  void at(std::string_view field) const {
    fieldTooltip(section, field);
    markField(diagnostics, prefix + "." + std::string(field), refused);
  }
  bool names(std::string_view field) const { return problemAt(diagnostics, prefix + "." + std::string(field)) != nullptr; }
};

// The script's `sandbox show PART`: the part about to be drawn goes to the panel's top, once.
void scrollHere(std::string& show, std::string_view part) {
  if (show != part) return;
  ImGui::SetScrollHereY(0.0f);
  show.clear();
}

// A combo of names with a first entry for none (an empty value).
bool nameCombo(const char* label, std::string& value, const std::vector<std::string>& names, const char* none) {
  bool changed = false;
  if (ImGui::BeginCombo(label, value.empty() ? none : value.c_str())) {
    if (ImGui::Selectable(none, value.empty())) changed = !value.empty(), value.clear();
    for (const std::string& n : names)
      if (ImGui::Selectable(n.c_str(), n == value)) changed = n != value, value = n;
    ImGui::EndCombo();
  }
  return changed;
}

bool spriteFields(sim::EventSprite& sprite, const std::vector<std::string>& textures, const std::vector<sim::Material>& materials,
                  const Marks& m) {
  bool c = false;
  using B = sim::BlendMode;
  B blend = sprite.blend;
  if (choice("blend", blend, std::array{B::LightMatter, B::Normal, B::Additive, B::Multiply, B::Subtractive, B::Premultiplied,
                                        B::Palette}))
    events_edit::setBlend(sprite, blend), c = true;
  m.at("sprite.blend");
  // The table blend palette reads: shown with that blend, and while a problem names it (a blend
  // palette chosen without one is refused, and taken back, here).
  if (sprite.blend == B::Palette || m.names("sprite.palette")) {
    std::string palette = sprite.palette;
    if (nameCombo("palette", palette, textures, "(none: choose a 256x256 table)"))
      events_edit::setPalette(sprite, std::move(palette)), c = true;
    m.at("sprite.palette");
  }
  c |= choice("texture alpha", sprite.textureAlpha, std::array{sim::TextureAlpha::Alpha, sim::TextureAlpha::Brightness});
  m.at("sprite.texture_alpha");
  c |= number("alpha test", sprite.alphaTest, 0.005f, 0, 1);
  m.at("sprite.alpha_test");
  std::vector<std::string> names;
  for (const sim::Material& x : materials) names.push_back(x.name);
  ImGui::BeginDisabled(names.empty() && sprite.material.empty());
  c |= nameCombo("material", sprite.material, names, names.empty() ? "(none; no materials)" : "(none)");
  ImGui::EndDisabled();
  m.at("sprite.material");
  return c;
}

bool recipeFields(sim::Recipe& r, const std::vector<std::string>& textures, const std::vector<sim::Material>& materials,
                  const Marks& m, std::string& show) {
  bool c = false;
  int count = static_cast<int>(std::clamp<std::int64_t>(r.count, 0, sim::kMaxBurstCount));
  if (ImGui::InputInt("count", &count, 1, 10)) r.count = std::clamp<std::int64_t>(count, 0, sim::kMaxBurstCount), c = true;
  m.at("count");
  c |= number("speed (m/s)", r.speed, 0.01f, -1000, 1000);
  m.at("speed");
  c |= number("spread (m/s)", r.spread, 0.01f, 0, 1000);
  m.at("spread");
  c |= number("lifetime (s)", r.lifetime, 0.01f, sim::kMinLifetime, sim::kMaxSeconds);
  m.at("lifetime");
  c |= number("size (m)", r.size, 0.005f, 0, 100);
  m.at("size");
  c |= number("growth", r.growth, 0.01f, -1, 100);
  m.at("growth");
  c |= number("gravity (m/s2)", r.gravity, 0.05f, -1000, 1000);
  m.at("gravity");
  c |= number("drag (1/s)", r.drag, 0.01f, 0, 1000);
  m.at("drag");
  c |= colour("color", r.color);
  m.at("color");
  c |= number("opacity", r.opacity, 0.005f, 0, 1);
  m.at("opacity");
  c |= number("fade", r.fade, 0.01f, 0, 100);
  m.at("fade");
  c |= ImGui::Checkbox("glows (light)", &r.glows);
  m.at("glows");
  double axis[3] = {r.axis[0], r.axis[1], r.axis[2]};
  if (ImGui::DragScalarN("axis", ImGuiDataType_Double, axis, 3, 0.01f, nullptr, nullptr, "%.3f"))
    r.axis = {axis[0], axis[1], axis[2]}, c = true;
  m.at("axis");
  // Seed 004's declaration: the isometric layer, and a fixed sort key in place of the computed one.
  int layer = static_cast<int>(std::clamp<std::int64_t>(r.layer, sim::kMinLayer, sim::kMaxLayer));
  if (ImGui::DragInt("layer", &layer, 0.1f, static_cast<int>(sim::kMinLayer), static_cast<int>(sim::kMaxLayer), "%d",
                     ImGuiSliderFlags_AlwaysClamp))
    r.layer = layer, c = true;
  m.at("layer");
  bool fixed = r.depthOverride.has_value();
  if (ImGui::Checkbox("fixed key", &fixed)) {
    if (fixed) r.depthOverride = 0;
    else r.depthOverride.reset();
    c = true;
  }
  fieldTooltip("events.recipes", "depth_override");
  ImGui::SameLine();
  ImGui::BeginDisabled(!fixed);
  const float label = ImGui::CalcTextSize("gravity (m/s2)").x + ImGui::GetStyle().ItemInnerSpacing.x * 2;
  ImGui::SetNextItemWidth(std::max(60.0f, ImGui::GetContentRegionAvail().x - label));
  std::int64_t key = r.depthOverride.value_or(0);
  if (ImGui::InputScalar("depth key", ImGuiDataType_S64, &key) && fixed)
    r.depthOverride = std::clamp<std::int64_t>(key, 0, sim::kMaxDepthOverride), c = true;
  ImGui::EndDisabled();
  m.at("depth_override");
  ImGui::Separator();
  scrollHere(show, "sprite");
  ImGui::TextDisabled("sprite");
  fieldTooltip("events.recipes", "sprite");
  const char* frame = r.sprite ? r.sprite->frame.c_str() : "(none: white quad)";
  if (ImGui::BeginCombo("frame", frame)) {
    // A sprite the source has can change frame but not go away (the file could not say so).
    if (!r.sprite && ImGui::Selectable("(none: white quad)", true)) {}
    for (const std::string& t : textures)
      if (ImGui::Selectable(t.c_str(), r.sprite && r.sprite->frame == t)) {
        if (!r.sprite) r.sprite = sim::EventSprite{};
        r.sprite->frame = t, c = true;
      }
    ImGui::EndCombo();
  }
  m.at("sprite.frame");
  if (r.sprite) c |= spriteFields(*r.sprite, textures, materials, m);
  return c;
}

// The section's own settings: pool, budget, step rate (with the rate-invariance check), lighting,
// arithmetic and dimensions, and the materials its sprites may name.
bool sectionFields(sim::Events& ev, const Marks& m) {
  bool c = false;
  int capacity = static_cast<int>(std::clamp<std::int64_t>(ev.capacity, 1, sim::kMaxCapacity));
  if (ImGui::InputInt("capacity", &capacity, 16, 256)) ev.capacity = std::clamp<std::int64_t>(capacity, 1, sim::kMaxCapacity), c = true;
  fieldTooltip("events", "capacity");
  int budget = static_cast<int>(std::clamp<std::int64_t>(ev.maxSprites.value_or(ev.capacity), 0, sim::kMaxCapacity));
  if (ImGui::InputInt("max sprites", &budget, 16, 256)) ev.maxSprites = std::clamp<std::int64_t>(budget, 0, sim::kMaxCapacity), c = true;
  fieldTooltip("events", "max_sprites");
  // Step rate: the presets the sandbox compares, or any rate in range.
  ImGui::TextUnformatted("step rate");
  fieldTooltip("events", "step_hz");
  for (double hz : kSandboxRates) {
    ImGui::SameLine();
    char label[16];
    std::snprintf(label, sizeof label, "%.0f Hz", hz);
    if (ImGui::RadioButton(label, ev.stepHz == hz)) ev.stepHz = hz, c = true;
    fieldTooltip("events", "step_hz");
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(80);
  c |= number("Hz", ev.stepHz, 0.5f, sim::kMinStepHz, sim::kMaxStepHz, "%.1f");
  fieldTooltip("events", "step_hz");
  // The colour form is edited here; the sky and sector forms are shown, edited in the source.
  switch (ev.matterLightMode) {
    case sim::MatterLightMode::Color:
      c |= colour("matter light", ev.matterLight);
      break;
    case sim::MatterLightMode::Sky: {
      const sim::Vec3 l = sim::skyMatterLight(ev.skyRadiance, ev.sunIrradiance);
      ImGui::Text("matter light: sky, gives (%.4g, %.4g, %.4g)", l[0], l[1], l[2]);
      ImGui::TextDisabled("  sky_radiance (%.4g, %.4g, %.4g) + sun_irradiance (%.4g, %.4g, %.4g) / 4pi",
                          ev.skyRadiance[0], ev.skyRadiance[1], ev.skyRadiance[2], ev.sunIrradiance[0],
                          ev.sunIrradiance[1], ev.sunIrradiance[2]);
      break;
    }
    case sim::MatterLightMode::Sector:
      ImGui::TextUnformatted("matter light: sector (each particle's sector ambient; [1, 1, 1] outside)");
      break;
  }
  fieldTooltip("events", "matter_light");
  c |= choice("math", ev.math, std::array{sim::MathBackend::Fp32, sim::MathBackend::Fpx16_16});
  m.at("math");
  // Only the two contract values are offered; a wider one from elsewhere shows as it is.
  const bool planar = sim::planar(ev);
  const char* dims = planar ? "2 (x, y: the plane)" : ev.dimensions == sim::kDefaultDimensions ? "3 (x, y, z)" : "?";
  if (ImGui::BeginCombo("dimensions", dims)) {
    if (ImGui::Selectable("3 (x, y, z)", ev.dimensions == sim::kDefaultDimensions) && ev.dimensions != sim::kDefaultDimensions)
      ev.dimensions = sim::kDefaultDimensions, c = true;
    if (ImGui::Selectable("2 (x, y: the plane)", planar) && !planar) ev.dimensions = sim::kPlanarDimensions, c = true;
    ImGui::EndCombo();
  }
  m.at("dimensions");
  // Read-only: a snippet's name and file are edited in the source.
  if (ev.materials.empty()) {
    ImGui::TextDisabled("materials: none");
    fieldTooltip("events", "materials");
  } else {
    const bool open = ImGui::TreeNodeEx("materials", ImGuiTreeNodeFlags_DefaultOpen, "materials (%zu, edited in the source)",
                                        ev.materials.size());
    fieldTooltip("events", "materials");
    if (open) {
      for (const sim::Material& x : ev.materials) {
        ImGui::TextUnformatted(x.name.c_str());
        ImGui::SameLine();
        ImGui::TextDisabled("%zu bytes", x.text.size());
        ImGui::SameLine();
        pathText(x.file);
      }
      ImGui::TreePop();
    }
  }
  markField(m.diagnostics, "events.materials", m.refused);
  return c;
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
