// Preset tuning: every field editable (drags, colour pickers, plotted size and colour curves
// whose keys drag, add and remove), validated live (an invalid edit shows its diagnostic here
// and never reaches the GPU), undo/redo, and save back to the YAML source touching only the
// edited nodes.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/file.hpp"
#include "panels/panels.hpp"
#include "panels/logic/tuning_model.hpp"
#include "particles/frames.hpp"
#include "particles/validate.hpp"

namespace kiln::viewer::panels::tuning {
namespace {

bool range(const char* label, particles::Range& r, float speed, float lo, float hi) {
  float v[2] = {float(r.min), float(r.max)};
  if (!ImGui::DragFloat2(label, v, speed, lo, hi, "%.3f")) return false;
  r = {v[0], v[1]};
  return true;
}

bool vec3(const char* label, particles::Vec3& p, float speed) {
  float v[3] = {float(p.x), float(p.y), float(p.z)};
  if (!ImGui::DragFloat3(label, v, speed, 0, 0, "%.3f")) return false;
  p = {v[0], v[1], v[2]};
  return true;
}

std::vector<double> agesOf(const auto& keys) {
  std::vector<double> ages;
  for (const auto& k : keys) ages.push_back(k.age);
  return ages;
}

// A small plot of one curve (x: age, y: `value(key) / top`) whose keys drag with the mouse:
// ages stay inside the contract's rules (tuning::dragAge), values stay at or above zero (and at
// most `top` when `clampTop`). `background` draws under the line (the colour gradient).
template <class Key, class Value, class SetValue, class Background>
bool plotKeys(const char* id, std::vector<Key>& keys, double top, bool clampTop, Value value, SetValue setValue,
              Background background, bool* held = nullptr) {
  namespace tm = ::kiln::viewer::tuning;
  bool changed = false;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const float w = std::max(120.0f, ImGui::GetContentRegionAvail().x), h = 90;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(o, {o.x + w, o.y + h}, IM_COL32(28, 30, 38, 255));
  // An out-of-range key (shown with its diagnostic below) must not draw over other widgets.
  dl->PushClipRect({o.x - 6, o.y - 6}, {o.x + w + 6, o.y + h + 6}, true);
  background(dl, o, w, h);
  auto pt = [&](const Key& k) { return ImVec2(o.x + float(k.age) * w, o.y + h - float(value(k) / top) * h); };
  // Which key is held lives in ImGui's per-widget storage, so two plots never share it.
  ImGuiStorage* store = ImGui::GetStateStorage();
  const ImGuiID heldKey = ImGui::GetID(id);
  ImGui::InvisibleButton(id, {w, h});
  const ImVec2 m = ImGui::GetIO().MousePos;
  if (ImGui::IsItemActivated()) {
    int pick = -1;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const ImVec2 p = pt(keys[i]);
      if (std::abs(p.x - m.x) < 8 && std::abs(p.y - m.y) < 8) pick = static_cast<int>(i);
    }
    store->SetInt(heldKey, pick);
  }
  const int dragging = ImGui::IsItemActive() ? store->GetInt(heldKey, -1) : -1;
  if (dragging >= 0 && dragging < static_cast<int>(keys.size())) {
    const auto i = static_cast<std::size_t>(dragging);
    keys[i].age = tm::dragAge(agesOf(keys), i, double((m.x - o.x) / w));
    const double v = tm::axisValue({top, true}, double(o.y + h - m.y), double(h));
    setValue(keys[i], clampTop ? std::min(v, top) : v);
    changed = true;
  }
  if (held) *held = dragging >= 0;
  if (!ImGui::IsItemActive()) store->SetInt(heldKey, -1);
  for (std::size_t i = 0; i + 1 < keys.size(); ++i) dl->AddLine(pt(keys[i]), pt(keys[i + 1]), IM_COL32(240, 180, 60, 255), 2);
  for (std::size_t i = 0; i < keys.size(); ++i)
    dl->AddCircleFilled(pt(keys[i]), static_cast<int>(i) == dragging ? 6.0f : 5.0f, IM_COL32(255, 255, 255, 255));
  dl->PopClipRect();
  return changed;
}

// "Add key" (into the widest gap) and, per row, "x" to remove an inner key; both disabled
// where the contract's 2..4 keys, fixed ends or minimum gap would be broken.
template <class Key>
bool addButton(std::vector<Key>& keys) {
  namespace tm = ::kiln::viewer::tuning;
  std::vector<Key> trial = keys;
  const bool can = tm::insertKey(trial, tm::widestGap(agesOf(keys)));
  ImGui::BeginDisabled(!can);
  const bool pressed = ImGui::SmallButton("Add key");
  ImGui::EndDisabled();
  if (!pressed) return false;
  keys = std::move(trial);
  return true;
}

template <class Key>
bool removeButton(std::vector<Key>& keys, std::size_t i) {
  std::vector<Key> trial = keys;
  const bool can = ::kiln::viewer::tuning::removeKey(trial, i);
  ImGui::SameLine();
  ImGui::BeginDisabled(!can);
  const bool pressed = ImGui::SmallButton("x");
  ImGui::EndDisabled();
  if (!pressed) return false;
  keys = std::move(trial);
  return true;
}

bool sizeCurve(std::vector<particles::SizeKey>& keys) {
  namespace tm = ::kiln::viewer::tuning;
  // The axis lives in ImGui's storage beside the plot: held still while a key is dragged.
  // (Values, not pointers: the storage may grow, and move, while the plot draws.)
  ImGuiStorage* store = ImGui::GetStateStorage();
  const ImGuiID topId = ImGui::GetID("size axis"), heldId = ImGui::GetID("size axis held");
  tm::CurveAxis axis{store->GetFloat(topId, 0.0f), store->GetBool(heldId, false)};
  std::vector<double> values;
  for (const auto& k : keys) values.push_back(k.value);
  tm::fitCurveAxis(axis, values, 0.01);
  bool held = false;
  bool changed = plotKeys(
      "size plot", keys, axis.top, false, [](const particles::SizeKey& k) { return k.value; },
      [](particles::SizeKey& k, double v) { k.value = v; }, [](ImDrawList*, ImVec2, float, float) {}, &held);
  store->SetFloat(topId, static_cast<float>(axis.top));
  store->SetBool(heldId, held);
  changed |= addButton(keys);
  ImGui::SameLine();
  ImGui::TextDisabled("keys: age, size (2 to 4; drag the points)");
  for (std::size_t i = 0; i < keys.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    float v[2] = {float(keys[i].age), float(keys[i].value)};
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - 40);
    if (ImGui::DragFloat2("##age value", v, 0.005f, 0, 0, "%.3f")) keys[i] = {v[0], v[1]}, changed = true;
    if (removeButton(keys, i)) {
      ImGui::PopID();
      return true;
    }
    ImGui::PopID();
  }
  return changed;
}

// The colour curve: the plot shows the RGBA gradient with alpha as the dragged line.
bool colorKeys(std::vector<particles::ColorKey>& keys) {
  auto col = [](const particles::ColorKey& k) {
    return ImGui::ColorConvertFloat4ToU32({float(k.rgba[0]), float(k.rgba[1]), float(k.rgba[2]), float(k.rgba[3])});
  };
  auto gradient = [&](ImDrawList* dl, ImVec2 o, float w, float h) {
    for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
      const float x0 = o.x + float(keys[i].age) * w, x1 = o.x + float(keys[i + 1].age) * w;
      dl->AddRectFilledMultiColor({x0, o.y + h - 14}, {x1, o.y + h}, col(keys[i]), col(keys[i + 1]), col(keys[i + 1]), col(keys[i]));
    }
  };
  bool changed = plotKeys(
      "color plot", keys, 1.0, true, [](const particles::ColorKey& k) { return k.rgba[3]; },
      [](particles::ColorKey& k, double v) { k.rgba[3] = v; }, gradient);
  changed |= addButton(keys);
  ImGui::SameLine();
  ImGui::TextDisabled("keys: colour, age (the line is alpha)");
  for (std::size_t i = 0; i < keys.size(); ++i) {
    ImGui::PushID(static_cast<int>(100 + i));
    float c[4] = {float(keys[i].rgba[0]), float(keys[i].rgba[1]), float(keys[i].rgba[2]), float(keys[i].rgba[3])};
    if (ImGui::ColorEdit4("##c", c, ImGuiColorEditFlags_AlphaBar | ImGuiColorEditFlags_AlphaPreviewHalf | ImGuiColorEditFlags_Float |
                                         ImGuiColorEditFlags_NoInputs)) {
      for (int j = 0; j < 4; ++j) keys[i].rgba[static_cast<std::size_t>(j)] = c[j];
      changed = true;
    }
    ImGui::SameLine();
    float age = float(keys[i].age);
    ImGui::SetNextItemWidth(70);
    if (ImGui::DragFloat("age", &age, 0.005f, 0, 1, "%.3f")) keys[i].age = age, changed = true;
    ImGui::SameLine();
    ImGui::TextDisabled("%.2f %.2f %.2f a %.2f", c[0], c[1], c[2], c[3]);
    if (removeButton(keys, i)) {
      ImGui::PopID();
      return true;
    }
    ImGui::PopID();
  }
  return changed;
}

// The sprite's words: each frame's texture (from the level's textures), flipbook, facing, and
// the blend modes of the document's version (version 1: additive and cutout).
bool spriteFields(particles::Sprite& sp, std::uint16_t version, const std::vector<loader::Texture>& textures) {
  bool c = false;
  for (std::size_t i = 0; i < sp.frames.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    const std::string label = "frame " + std::to_string(i);
    if (ImGui::BeginCombo(label.c_str(), sp.frames[i].c_str())) {
      for (const auto& t : textures)
        if (ImGui::Selectable(t.image.name.c_str(), t.image.name == sp.frames[i])) sp.frames[i] = t.image.name, c = true;
      ImGui::EndCombo();
    }
    ImGui::PopID();
  }
  auto choice = [&](const char* label, auto& value, auto... options) {
    if (!ImGui::BeginCombo(label, std::string(particles::name(value)).c_str())) return;
    for (auto o : {options...})
      if (ImGui::Selectable(std::string(particles::name(o)).c_str(), o == value)) value = o, c = true;
    ImGui::EndCombo();
  };
  using particles::Blend, particles::Facing, particles::Flipbook;
  choice("flipbook", sp.flipbook, Flipbook::Once, Flipbook::Cycle);
  choice("facing", sp.facing, Facing::Camera, Facing::Upright);
  if (version >= 2) choice("blend", sp.blend, Blend::Additive, Blend::Cutout, Blend::Alpha, Blend::Premultiplied);
  else choice("blend", sp.blend, Blend::Additive, Blend::Cutout);
  return c;
}

bool fields(particles::Preset& p, std::uint16_t version, const std::vector<loader::Texture>& textures) {
  bool c = false;
  // Widgets leave room for the longest label, so a narrow dock never cuts one.
  ImGui::PushItemWidth(-(ImGui::CalcTextSize("spin min/max (deg/s)").x + ImGui::GetStyle().ItemInnerSpacing.x * 2));
  int cap = static_cast<int>(p.capacity);
  if (ImGui::InputInt("capacity", &cap)) p.capacity = static_cast<std::uint32_t>(std::max(0, cap)), c = true;
  c |= range("lifetime min/max (s)", p.lifetime, 0.01f, 0, 3600);
  if (p.spawnShape == particles::SpawnShape::Box) c |= vec3("spawn half extents", p.spawnHalfExtents, 0.005f);
  c |= vec3("velocity min", p.velocity.min, 0.01f);
  c |= vec3("velocity max", p.velocity.max, 0.01f);
  c |= vec3("acceleration", p.acceleration, 0.01f);
  float drag = float(p.drag);
  if (ImGui::DragFloat("drag", &drag, 0.01f, 0, 100, "%.3f")) p.drag = drag, c = true;
  c |= range("angle min/max (deg)", p.rotationAngle, 1, -3600, 3600);
  c |= range("spin min/max (deg/s)", p.rotationSpeed, 1, -3600, 3600);
  float fps = float(p.sprite.fps);
  if (ImGui::DragFloat("sprite fps", &fps, 0.1f, 0, 240, "%.2f")) p.sprite.fps = fps, c = true;
  c |= spriteFields(p.sprite, version, textures);
  ImGui::PopItemWidth();
  if (ImGui::TreeNodeEx("size curve", ImGuiTreeNodeFlags_DefaultOpen)) {
    c |= sizeCurve(p.size);
    ImGui::TreePop();
  }
  if (ImGui::TreeNodeEx("color keys", ImGuiTreeNodeFlags_DefaultOpen)) {
    c |= colorKeys(p.color);
    ImGui::TreePop();
  }
  return c;
}

}  // namespace

void draw(ViewerState& s) {
  namespace tm = ::kiln::viewer::tuning;
  tm::Session& t = s.doc.tuning;
  particles::Document* doc = s.doc.level && s.doc.level->load.level.particles ? &*s.doc.level->load.level.particles : nullptr;
  if (t.active() && (!doc || t.preset >= doc->presets.size())) t = {};
  // Keyboard undo/redo works even with the panel closed, while a session exists.
  bool changed = false;
  // Ctrl+Z / Ctrl+Y act on the session edited last (the emitter's and the sandbox's are handled
  // by the frame).
  if (s.doc.lastEdit != DocumentState::LastEdit::Emitter && s.doc.lastEdit != DocumentState::LastEdit::Events) {
    // Each Ctrl+Z is one step back, however many arrive in one frame (a script's, or fast keys).
    const std::size_t undos = s.commands.take<Undo>().size(), redos = s.commands.take<Redo>().size();
    for (std::size_t i = 0; t.active() && i < undos; ++i) changed |= t.undo();
    for (std::size_t i = 0; t.active() && i < redos; ++i) changed |= t.redo();
  }
  if (begin(s, Panel::Tuning)) {
    if (!doc || doc->presets.empty()) {
      ImGui::TextDisabled("No presets.");
    } else {
      std::uint32_t want = t.active() ? t.preset : 0;
      if (s.view.selection.kind == Selection::Kind::Preset) want = s.view.selection.index;
      if (s.view.selection.kind == Selection::Kind::Emitter && s.view.selection.index < doc->emitters.size())
        want = doc->emitters[s.view.selection.index].preset;
      // The session follows the selection only once its edits are saved (or undone): switching
      // presets never drops them.
      if (!t.active() || (want != t.preset && t.committed == t.saved && t.working == t.saved)) t.start(*doc, std::min<std::uint32_t>(want, std::uint32_t(doc->presets.size() - 1)));
      ImGui::Text("preset %s (%s)", t.working.name.c_str(), std::string(particles::name(t.working.sprite.blend)).c_str());
      switch (editButtons(s, !t.undoStack.empty(), !t.redoStack.empty(), !(t.committed == t.saved) && t.diagnostics.empty())) {
        case EditButton::Undo: changed |= t.undo(); break;
        case EditButton::Redo: changed |= t.redo(); break;
        case EditButton::None: break;
      }
      if (fields(t.working, doc->version, s.doc.level->load.textures)) changed = true, s.doc.lastEdit = DocumentState::LastEdit::Preset;
      // One undo point per gesture: commit once no widget is held.
      if (!ImGui::IsAnyItemActive()) t.commit();
      if (!t.diagnostics.empty()) {
        ImGui::Separator();
        ImGui::TextColored({1, 0.35f, 0.3f, 1}, "Not applied (the GPU keeps the last valid preset):");
        for (const auto& d : t.diagnostics)
          ImGui::TextWrapped("%s", core::format(d).c_str());
      }
    }
    ImGui::End();
  }
  if (changed && doc && t.active()) {
    t.diagnostics = tm::validateEdit(*doc, s.doc.level->world(), t.preset, t.working);
    // Frames chosen from the level's textures must still be square and of one size.
    particles::checkFrameImages(t.working, particles::presetPath(t.working, t.preset) + ".sprite.frames",
                                [&](const std::string& name) -> std::optional<particles::FrameImage> {
                                  for (const auto& tex : s.doc.level->load.textures)
                                    if (tex.image.name == name)
                                      return particles::FrameImage{tex.image.image.width, tex.image.image.height, true};
                                  return std::nullopt;
                                },
                                t.diagnostics);
    if (t.diagnostics.empty() && !(doc->presets[t.preset] == t.working)) {
      tm::applyEdit(*doc, t.preset, t.working);
      for (std::size_t e = 0; e < doc->emitters.size() && e < s.doc.level->forged.size(); ++e)
        if (doc->emitters[e].preset == t.preset) s.doc.level->forged[e] = 0;
      ++s.doc.levelGeneration;
    }
  }
}

}  // namespace kiln::viewer::panels::tuning
