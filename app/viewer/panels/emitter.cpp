// Emitter editing: the selected emitter's every field (position, yaw, scale, seed, rate,
// duration, bursts, mode, period, delay) with live validation, the move gizmo's switch and grid,
// undo/redo and save to the YAML source. Edits go through emitter_edit (GL-free).
#include <imgui.h>

#include <algorithm>
#include <cfloat>

#include "panels/field_tooltip.hpp"
#include "panels/panels.hpp"

namespace kiln::viewer::panels::emitter {
namespace {

bool number(const char* label, double& v, float speed, double lo, double hi, const char* format = "%.3f") {
  return ImGui::DragScalar(label, ImGuiDataType_Double, &v, speed, &lo, &hi, format, ImGuiSliderFlags_AlwaysClamp);
}

// Where the emitter's paths start ("emitters.west_flame") and its session's problems.
struct Marks {
  const core::Diagnostics& diagnostics;
  bool refused;
  std::string prefix;
  void at(const std::string& field) const { markField(diagnostics, prefix + "." + field, refused); }
};

bool fields(particles::Emitter& e, const Marks& marks) {
  bool c = false;
  double p[3] = {e.position.x, e.position.y, e.position.z};
  if (ImGui::DragScalarN("position", ImGuiDataType_Double, p, 3, 0.01f, nullptr, nullptr, "%.3f"))
    e.position = {p[0], p[1], p[2]}, c = true;
  fieldTooltip("emitters", "position");
  marks.at("position");
  c |= number("yaw (deg)", e.yaw, 0.5f, -180, 180, "%.1f");
  fieldTooltip("emitters", "yaw");
  marks.at("yaw");
  c |= number("scale", e.scale, 0.01f, 0.01, 100);
  fieldTooltip("emitters", "scale");
  marks.at("scale");
  int seed = static_cast<int>(std::min<std::uint32_t>(e.seed, INT32_MAX));
  if (ImGui::InputInt("seed", &seed)) e.seed = static_cast<std::uint32_t>(std::max(0, seed)), c = true;
  fieldTooltip("emitters", "seed");
  marks.at("seed");
  c |= number("rate (/s)", e.rate, 0.1f, 0, 100000, "%.2f");
  fieldTooltip("emitters", "rate");
  marks.at("rate");
  c |= number("duration (s)", e.duration, 0.01f, 0, 3600);
  fieldTooltip("emitters", "duration_seconds");
  marks.at("duration_seconds");
  int mode = static_cast<int>(e.mode);
  if (ImGui::Combo("mode", &mode, "once\0cycle\0")) e.mode = static_cast<particles::PlayMode>(mode), c = true;
  fieldTooltip("emitters", "mode");
  marks.at("mode");
  ImGui::BeginDisabled(e.mode != particles::PlayMode::Cycle);
  c |= number("period (s)", e.period, 0.01f, 0, 3600);
  fieldTooltip("emitters", "period_seconds");
  marks.at("period_seconds");
  ImGui::EndDisabled();
  c |= number("delay (s)", e.delay, 0.01f, 0, 3600);
  fieldTooltip("emitters", "delay_seconds");
  marks.at("delay_seconds");
  const bool bursts = ImGui::TreeNodeEx("bursts", ImGuiTreeNodeFlags_DefaultOpen, "bursts (%zu)", e.bursts.size());
  fieldTooltip("emitters", "bursts");
  if (bursts) {
    for (std::size_t i = 0; i < e.bursts.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      ImGui::SetNextItemWidth(90);
      c |= number("##time", e.bursts[i].time, 0.01f, 0, 3600);
      fieldTooltip("emitters", "bursts");
      ImGui::SameLine();
      int count = static_cast<int>(e.bursts[i].count);
      ImGui::SetNextItemWidth(90);
      if (ImGui::InputInt("##count", &count, 1, 10)) e.bursts[i].count = static_cast<std::uint32_t>(std::max(0, count)), c = true;
      fieldTooltip("emitters", "bursts");
      ImGui::SameLine();
      ImGui::TextDisabled("s, count");
      marks.at("bursts[" + std::to_string(i) + "]");
      ImGui::SameLine();
      if (ImGui::SmallButton("x")) {
        e.bursts.erase(e.bursts.begin() + static_cast<std::ptrdiff_t>(i)), c = true;
        ImGui::PopID();
        break;
      }
      ImGui::PopID();
    }
    if (ImGui::SmallButton("add burst")) {
      const double last = e.bursts.empty() ? 0.0 : e.bursts.back().time;
      e.bursts.push_back({std::min(3600.0, last + 0.5), 1}), c = true;
    }
    ImGui::TreePop();
  }
  return c;
}

}  // namespace

void draw(ViewerState& s) {
  emitter_edit::Session& t = s.doc.emitterEdit;
  const particles::Document* doc = s.doc.level ? s.doc.level->particles() : nullptr;
  if (!begin(s, Panel::Emitter)) return;
  if (!doc || doc->emitters.empty()) {
    ImGui::TextDisabled("No emitters.");
    ImGui::End();
    return;
  }
  if (!t.active()) {
    ImGui::TextDisabled("Select an emitter (outliner, or click a particle).");
    ImGui::End();
    return;
  }
  ImGui::Text("emitter %s (preset %s)%s", t.working.name.c_str(), doc->presets[t.working.preset].name.c_str(),
              t.unsaved() ? "  * unsaved" : "");
  if (t.index != s.view.selection.index || s.view.selection.kind != Selection::Kind::Emitter)
    ImGui::TextColored({1, 0.8f, 0.35f, 1}, "unsaved edits to this emitter: save or undo them to edit another");
  editButtons(s, EditTarget::Emitter, t.undoTarget() != nullptr, t.redoTarget() != nullptr, !(t.committed == t.saved) && !t.invalid());
  ImGui::Checkbox("move gizmo", &s.view.gizmo);
  ImGui::SameLine();
  float grid = static_cast<float>(s.view.gizmoGrid);
  ImGui::SetNextItemWidth(90);
  if (ImGui::DragFloat("grid (m, 0 = off)", &grid, 0.01f, 0.0f, 10.0f, "%.2f")) s.view.gizmoGrid = std::max(0.0f, grid);
  // What is refused or held, at the top where it is seen; each field is marked as well.
  editProblems(t.diagnostics, t.refused);
  particles::Emitter draft = t.working;
  ImGui::PushItemWidth(-(ImGui::CalcTextSize("duration (s)").x + ImGui::GetStyle().ItemInnerSpacing.x * 2));
  const bool changed = fields(draft, {t.diagnostics, t.refused, particles::emitterPath(t.working, t.index)});
  ImGui::PopItemWidth();
  // One undo point per gesture (a gizmo drag is one too: the frame ends it on release).
  const bool held = ImGui::IsAnyItemActive() || s.view.gizmoDrag.axis >= 0;
  if (changed) s.commands.push(EditEmitter{t.index, std::move(draft), !held});
  else if (!held && (t.pending() || t.invalid())) s.commands.push(EditEmitter{t.index, t.working, true});
  ImGui::End();
}

}  // namespace kiln::viewer::panels::emitter
