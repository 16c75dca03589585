// Preset tuning: every field editable (drags and typed values), the size curve and the colour
// gradient as editors (fixed axes while a key is held, grid and axis values, hover and drag
// readouts, snapping, keys added by double-click and removed with Delete, arrow-key nudges),
// each refused value marked at its field. The panel edits a copy of the session's value and
// pushes it as an EditPreset command; the frame validates and applies it (logic/editing.cpp).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "panels/curve_editor.hpp"
#include "panels/field_tooltip.hpp"
#include "panels/panels.hpp"
#include "panels/logic/tuning_model.hpp"
#include "particles/validate.hpp"

namespace kiln::viewer::panels::tuning {
namespace {

// What the fields of one draw need to mark refused values: the session's problems and where the
// preset's paths start ("presets.flame").
struct Marks {
  const core::Diagnostics& diagnostics;
  bool refused;
  std::string prefix;
  // After a field's widget: its tooltip from the field table, then its mark when refused.
  void at(const std::string& field, std::string_view help = {}) const {
    fieldTooltip("presets", help.empty() ? std::string_view(field) : help);
    markField(diagnostics, prefix + "." + field, refused);
  }
};

bool range(const char* label, particles::Range& r, double speed, double lo, double hi) {
  double v[2] = {r.min, r.max};
  if (!ImGui::DragScalarN(label, ImGuiDataType_Double, v, 2, static_cast<float>(speed), &lo, &hi, "%.4g")) return false;
  r = {v[0], v[1]};
  return true;
}

bool vec3(const char* label, particles::Vec3& p, double speed) {
  double v[3] = {p.x, p.y, p.z};
  if (!ImGui::DragScalarN(label, ImGuiDataType_Double, v, 3, static_cast<float>(speed), nullptr, nullptr, "%.4g")) return false;
  p = {v[0], v[1], v[2]};
  return true;
}

bool number(const char* label, double& v, double speed, double lo, double hi) {
  return ImGui::DragScalar(label, ImGuiDataType_Double, &v, static_cast<float>(speed), &lo, &hi, "%.4g");
}


const char* kCurveHelp =
    "Drag a key; Ctrl snaps to the grid; double-click adds a key; right-click or Delete removes the selected one; "
    "arrows nudge it (Shift: 10x). The value axis holds still while a key is held and refits on release.";

bool sizeCurve(std::vector<particles::SizeKey>& keys, const Marks& marks, bool* held, PanelMemory::CurveKeys& drawn) {
  // The axis lives in ImGui's storage beside the plot: held still while a key is dragged.
  ImGuiStorage* store = ImGui::GetStateStorage();
  const ImGuiID topId = ImGui::GetID("size axis"), heldId = ImGui::GetID("size axis held");
  tm::CurveAxis axis{store->GetFloat(topId, 0.0f), store->GetBool(heldId, false)};
  std::vector<double> values;
  for (const auto& k : keys) values.push_back(k.value);
  tm::fitCurveAxis(axis, values, 0.01);
  const CurveSpec<particles::SizeKey> spec{"size plot", [](const particles::SizeKey& k) { return k.value; },
                                           [](particles::SizeKey& k, double v) { k.value = v; }, axis.top, false, "size"};
  bool keyHeld = false;
  bool changed = curveEditor(spec, keys, &keyHeld, [](ImDrawList*, ImVec2, float, float) {}, drawn.size, drawn.sizeGrab);
  store->SetFloat(topId, static_cast<float>(axis.top));
  store->SetBool(heldId, keyHeld);
  if (held) *held = keyHeld;
  changed |= addButton(keys);
  ImGui::SameLine();
  ImGui::TextDisabled("age, size (m)  (?)");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", kCurveHelp);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    double v[2] = {keys[i].age, keys[i].value};
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - 40);
    // Ctrl+click (or double-click) a number to type it.
    if (ImGui::DragScalarN("##age value", ImGuiDataType_Double, v, 2, 0.005f, nullptr, nullptr, "%.4g")) {
      keys[i].age = i == 0 ? 0.0 : i + 1 == keys.size() ? 1.0 : tm::dragAge(agesOf(keys), i, v[0]);
      keys[i].value = v[1];
      changed = true;
    }
    marks.at("size[" + std::to_string(i) + "]", "size");
    if (removeButton(keys, i)) {
      ImGui::PopID();
      return true;
    }
    ImGui::PopID();
  }
  markField(marks.diagnostics, marks.prefix + ".size", marks.refused);
  return changed;
}

ImU32 colorOf(const particles::ColorKey& k) {
  return ImGui::ColorConvertFloat4ToU32({float(k.rgba[0]), float(k.rgba[1]), float(k.rgba[2]), 1.0f});
}

// The colour over life: the alpha curve as an editor over the RGB gradient, then a gradient strip
// whose markers select a key (drag one sideways to move it in age), and the selected key's
// colour edited in place (a picker with its numbers shown, not a popup).
bool colorKeys(std::vector<particles::ColorKey>& keys, const Marks& marks, bool* held, PanelMemory::CurveKeys& drawn) {
  auto gradient = [&](ImDrawList* dl, ImVec2 o, float w, float h) {
    for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
      const float x0 = o.x + float(keys[i].age) * w, x1 = o.x + float(keys[i + 1].age) * w;
      dl->AddRectFilledMultiColor({x0, o.y + h - 14}, {x1, o.y + h}, colorOf(keys[i]), colorOf(keys[i + 1]),
                                  colorOf(keys[i + 1]), colorOf(keys[i]));
    }
  };
  const CurveSpec<particles::ColorKey> spec{"alpha plot", [](const particles::ColorKey& k) { return k.rgba[3]; },
                                            [](particles::ColorKey& k, double v) { k.rgba[3] = v; }, 1.0, true, "alpha"};
  bool keyHeld = false;
  bool changed = curveEditor(spec, keys, &keyHeld, gradient, drawn.alpha, drawn.alphaGrab);

  // The gradient strip with one marker per key.
  ImGuiStorage* store = ImGui::GetStateStorage();
  // One selected colour key for the plot and the strip: picking it in either edits it below.
  const ImGuiID selectedId = ImGui::GetID("alpha plot selected"), stripHeldId = ImGui::GetID("gradient held");
  int selected = std::clamp(store->GetInt(selectedId, 0), 0, static_cast<int>(keys.size()) - 1);
  const float axisWidth = ImGui::CalcTextSize("00.00").x + ImGui::GetStyle().ItemInnerSpacing.x;
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const ImVec2 o(start.x + axisWidth, start.y);
  const float w = std::max(120.0f, ImGui::GetContentRegionAvail().x - axisWidth - 4), h = 22;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
    const float x0 = o.x + float(keys[i].age) * w, x1 = o.x + float(keys[i + 1].age) * w;
    dl->AddRectFilledMultiColor({x0, o.y}, {x1, o.y + h - 8}, colorOf(keys[i]), colorOf(keys[i + 1]), colorOf(keys[i + 1]), colorOf(keys[i]));
  }
  ImGui::SetCursorScreenPos(o);
  ImGui::InvisibleButton("gradient strip", {w, h});
  const ImVec2 m = ImGui::GetIO().MousePos;
  if (ImGui::IsItemActivated()) {
    int pick = -1;
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (std::abs(o.x + float(keys[i].age) * w - m.x) < 7) pick = static_cast<int>(i);
    if (pick >= 0) selected = pick;
    store->SetInt(stripHeldId, pick);
  }
  const int stripDrag = ImGui::IsItemActive() ? store->GetInt(stripHeldId, -1) : -1;
  if (stripDrag > 0 && stripDrag + 1 < static_cast<int>(keys.size())) {
    const auto i = static_cast<std::size_t>(stripDrag);
    double age = std::clamp(static_cast<double>((m.x - o.x) / w), 0.0, 1.0);
    if (ImGui::GetIO().KeyCtrl) age = tm::snap(age, 0.05);
    const double now = tm::dragAge(agesOf(keys), i, age);
    if (now != keys[i].age) keys[i].age = now, changed = true;
  }
  if (stripDrag >= 0) keyHeld = true;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", "Click a marker to edit that key's colour; drag an inner one to move it in age (Ctrl snaps).");
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const float x = o.x + float(keys[i].age) * w;
    const bool sel = static_cast<int>(i) == selected;
    dl->AddTriangleFilled({x, o.y + h - 12}, {x - 6, o.y + h}, {x + 6, o.y + h}, colorOf(keys[i]));
    dl->AddTriangle({x, o.y + h - 12}, {x - 6, o.y + h}, {x + 6, o.y + h}, sel ? IM_COL32(255, 210, 90, 255) : IM_COL32(200, 200, 200, 255), sel ? 2.0f : 1.0f);
  }
  ImGui::SetCursorScreenPos({start.x, o.y + h + ImGui::GetStyle().ItemSpacing.y});
  store->SetInt(selectedId, selected);

  changed |= addButton(keys);
  ImGui::SameLine();
  ImGui::TextDisabled("key %d of %zu; the line is alpha  (?)", selected, keys.size());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", kCurveHelp);
  const auto i = static_cast<std::size_t>(std::min<int>(selected, static_cast<int>(keys.size()) - 1));
  ImGui::PushID(static_cast<int>(100 + i));
  // The format keeps a key's components in 0..1 (linear); the picker shows their numbers in place.
  float c[4] = {float(keys[i].rgba[0]), float(keys[i].rgba[1]), float(keys[i].rgba[2]), float(keys[i].rgba[3])};
  ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, 320.0f));
  if (ImGui::ColorEdit4("colour", c, ImGuiColorEditFlags_Float | ImGuiColorEditFlags_AlphaBar | ImGuiColorEditFlags_AlphaPreviewHalf |
                                         ImGuiColorEditFlags_DisplayRGB | ImGuiColorEditFlags_InputRGB)) {
    for (int j = 0; j < 4; ++j) keys[i].rgba[static_cast<std::size_t>(j)] = std::clamp(double(c[j]), 0.0, 1.0);
    changed = true;
  }
  if (ImGui::IsItemActive()) keyHeld = true;
  marks.at("color[" + std::to_string(i) + "]", "color");
  double age = keys[i].age;
  ImGui::SetNextItemWidth(120);
  ImGui::BeginDisabled(i == 0 || i + 1 == keys.size());
  if (ImGui::DragScalar("age", ImGuiDataType_Double, &age, 0.005f, nullptr, nullptr, "%.4g"))
    keys[i].age = tm::dragAge(agesOf(keys), i, age), changed = true;
  ImGui::EndDisabled();
  if (removeButton(keys, i)) {
    ImGui::PopID();
    return true;
  }
  ImGui::PopID();
  markField(marks.diagnostics, marks.prefix + ".color", marks.refused);
  if (held) *held = keyHeld;
  return changed;
}

// The sprite's words: each frame's texture (from the level's textures), flipbook, facing, and
// the blend modes of the document's version (version 1: additive and cutout).
bool spriteFields(particles::Sprite& sp, std::uint16_t version, const std::vector<loader::Texture>& textures, const Marks& marks) {
  bool c = false;
  for (std::size_t i = 0; i < sp.frames.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    const std::string label = "frame " + std::to_string(i);
    if (ImGui::BeginCombo(label.c_str(), sp.frames[i].c_str())) {
      for (const auto& t : textures)
        if (ImGui::Selectable(t.image.name.c_str(), t.image.name == sp.frames[i])) sp.frames[i] = t.image.name, c = true;
      ImGui::EndCombo();
    }
    marks.at("sprite.frames[" + std::to_string(i) + "]", "sprite.frames");
    ImGui::PopID();
  }
  markField(marks.diagnostics, marks.prefix + ".sprite.frames", marks.refused);
  auto choice = [&](const char* label, auto& value, auto... options) {
    if (!ImGui::BeginCombo(label, std::string(particles::name(value)).c_str())) return;
    for (auto o : {options...})
      if (ImGui::Selectable(std::string(particles::name(o)).c_str(), o == value)) value = o, c = true;
    ImGui::EndCombo();
  };
  using particles::Blend, particles::Facing, particles::Flipbook;
  choice("flipbook", sp.flipbook, Flipbook::Once, Flipbook::Cycle);
  marks.at("sprite.flipbook");
  choice("facing", sp.facing, Facing::Camera, Facing::Upright);
  marks.at("sprite.facing");
  if (version >= 2) choice("blend", sp.blend, Blend::Additive, Blend::Cutout, Blend::Alpha, Blend::Premultiplied);
  else choice("blend", sp.blend, Blend::Additive, Blend::Cutout);
  marks.at("sprite.blend");
  return c;
}

bool fields(particles::Preset& p, std::uint16_t version, const std::vector<loader::Texture>& textures, const Marks& marks,
            bool* curveHeld, PanelMemory::CurveKeys& drawn) {
  bool c = false;
  // The curves first: what an artist reaches for most, in view without scrolling.
  bool sizeHeld = false, colorHeld = false;
  if (ImGui::CollapsingHeader("Size over life", ImGuiTreeNodeFlags_DefaultOpen)) c |= sizeCurve(p.size, marks, &sizeHeld, drawn);
  else drawn.size.clear();
  if (ImGui::CollapsingHeader("Colour over life", ImGuiTreeNodeFlags_DefaultOpen)) c |= colorKeys(p.color, marks, &colorHeld, drawn);
  else drawn.alpha.clear();
  *curveHeld = sizeHeld || colorHeld;
  if (!ImGui::CollapsingHeader("Emission, motion and sprite", ImGuiTreeNodeFlags_DefaultOpen)) return c;
  // Widgets leave room for the longest label, so a narrow dock never cuts one.
  ImGui::PushItemWidth(-(ImGui::CalcTextSize("spin min/max (deg/s)").x + ImGui::GetStyle().ItemInnerSpacing.x * 2));
  int cap = static_cast<int>(std::min<std::uint32_t>(p.capacity, INT32_MAX));
  if (ImGui::InputInt("capacity", &cap)) p.capacity = static_cast<std::uint32_t>(std::max(0, cap)), c = true;
  marks.at("capacity");
  c |= range("lifetime min/max (s)", p.lifetime, 0.01, 0, 3600);
  marks.at("lifetime");
  if (p.spawnShape == particles::SpawnShape::Box) {
    c |= vec3("spawn half extents", p.spawnHalfExtents, 0.005);
    marks.at("spawn.half_extents");
  }
  c |= vec3("velocity min", p.velocity.min, 0.01);
  marks.at("velocity.min");
  c |= vec3("velocity max", p.velocity.max, 0.01);
  marks.at("velocity.max");
  c |= vec3("acceleration", p.acceleration, 0.01);
  marks.at("acceleration");
  c |= number("drag", p.drag, 0.01, 0, 100);
  marks.at("drag");
  c |= range("angle min/max (deg)", p.rotationAngle, 1, -3600, 3600);
  marks.at("rotation.angle");
  c |= range("spin min/max (deg/s)", p.rotationSpeed, 1, -3600, 3600);
  marks.at("rotation.speed");
  c |= number("sprite fps", p.sprite.fps, 0.1, 0, 240);
  marks.at("sprite.fps");
  c |= spriteFields(p.sprite, version, textures, marks);
  ImGui::PopItemWidth();
  return c;
}

}  // namespace

void draw(ViewerState& s) {
  tm::Session& t = s.doc.tuning;
  const particles::Document* doc = s.doc.level ? s.doc.level->particles() : nullptr;
  if (!begin(s, Panel::Tuning)) return;
  if (!doc || doc->presets.empty() || !t.active()) {
    ImGui::TextDisabled(doc && !doc->presets.empty() ? "Select a preset (outliner)." : "No presets.");
    ImGui::End();
    return;
  }
  ImGui::Text("preset %s (%s)%s", t.working.name.c_str(), std::string(particles::name(t.working.sprite.blend)).c_str(),
              t.unsaved() ? "  * unsaved" : "");
  const bool otherSelected = (s.view.selection.kind == Selection::Kind::Preset && s.view.selection.index != t.index) ||
                             (s.view.selection.kind == Selection::Kind::Emitter && s.view.selection.index < doc->emitters.size() &&
                              doc->emitters[s.view.selection.index].preset != t.index);
  if (otherSelected) ImGui::TextColored({1, 0.8f, 0.35f, 1}, "unsaved edits to this preset: save or undo them to tune another");
  editButtons(s, EditTarget::Preset, t.undoTarget() != nullptr, t.redoTarget() != nullptr, !(t.committed == t.saved) && !t.invalid());
  // What is refused or held, at the top where it is seen; each field is marked as well.
  editProblems(t.diagnostics, t.refused);
  const Marks marks{t.diagnostics, t.refused, particles::presetPath(t.working, t.index)};
  particles::Preset draft = t.working;
  bool curveHeld = false;
  const bool changed = fields(draft, doc->version, s.doc.level->load.textures, marks, &curveHeld, s.ui.memory.curveKeys);
  // One undo point per gesture: it ends once no widget is held.
  const bool held = ImGui::IsAnyItemActive() || curveHeld;
  if (changed) s.commands.push(EditPreset{t.index, std::move(draft), !held});
  else if (!held && (t.pending() || t.invalid())) s.commands.push(EditPreset{t.index, t.working, true});
  ImGui::End();
}

}  // namespace kiln::viewer::panels::tuning
