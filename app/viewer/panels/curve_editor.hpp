// The generic curve editor of the Preset tuning panel: a plot of keys over age, its add and remove buttons.
#pragma once

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "panels/logic/tuning_model.hpp"
#include "panels/panels.hpp"

namespace kiln::viewer::panels::tuning {

namespace tm = ::kiln::viewer::tuning;

std::vector<double> agesOf(const auto& keys) {
  std::vector<double> ages;
  for (const auto& k : keys) ages.push_back(k.age);
  return ages;
}

// How a curve's value is read and written (the size, or a colour key's alpha), its axis, and
// what the editor draws under the line.
template <class Key>
struct CurveSpec {
  const char* id;
  double (*value)(const Key&);
  void (*setValue)(Key&, double);
  double top = 1;        // the value axis: 0..top (held while a key is dragged)
  bool clampTop = false;  // values never above `top` (alpha)
  const char* valueName = "value";
};

// One curve editor: a plot with a grid and axis values whose keys drag (ages kept to
// validation's rule by tuning::dragAge, values at or above 0); hover shows (age, value) under the
// mouse, a drag shows the held key's; Ctrl snaps to the grid; a double-click adds a key there, a
// right-click or Delete removes the selected inner key; arrows nudge the selected key (Shift:
// ten times as far). `background` draws under the line (the gradient). True when keys changed.
template <class Key, class Background>
bool curveEditor(const CurveSpec<Key>& spec, std::vector<Key>& keys, bool* held, Background background,
                 std::vector<std::array<float, 2>>& drawn, PanelMemory::CurveGrab& grab) {
  bool changed = false;
  ImGuiStorage* store = ImGui::GetStateStorage();
  const ImGuiID heldId = ImGui::GetID((std::string(spec.id) + " held").c_str());
  const ImGuiID selectedId = ImGui::GetID((std::string(spec.id) + " selected").c_str());
  int selected = store->GetInt(selectedId, -1);
  if (selected >= static_cast<int>(keys.size())) selected = -1;

  const ImGuiStyle& style = ImGui::GetStyle();
  const float axisWidth = ImGui::CalcTextSize("00.00").x + style.ItemInnerSpacing.x;
  const float labelHeight = ImGui::GetTextLineHeight();
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const ImVec2 o(start.x + axisWidth, start.y + labelHeight * 0.5f);
  const float w = std::max(120.0f, ImGui::GetContentRegionAvail().x - axisWidth - 4), h = 110;
  const double top = spec.top;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(o, {o.x + w, o.y + h}, IM_COL32(28, 30, 38, 255));
  auto xOf = [&](double age) { return o.x + static_cast<float>(age) * w; };
  auto yOf = [&](double v) { return o.y + h - static_cast<float>(v / top) * h; };

  // Grid and axis values: ages every 0.25 (lines every 0.05 when snapping), values every grid step.
  const bool snapping = ImGui::GetIO().KeyCtrl;
  const double valueStep = tm::gridStep(top, 4);
  const double snapValue = valueStep / 5, snapAge = 0.05;
  for (int i = 0; i <= 20; ++i) {
    const bool major = i % 5 == 0;
    if (!major && !snapping) continue;
    const float x = xOf(i / 20.0);
    dl->AddLine({x, o.y}, {x, o.y + h}, major ? IM_COL32(70, 74, 90, 255) : IM_COL32(48, 50, 62, 255));
  }
  char text[64];
  for (double v = 0; v <= top * 1.0001; v += valueStep) {
    const float y = yOf(v);
    dl->AddLine({o.x, y}, {o.x + w, y}, IM_COL32(70, 74, 90, 255));
    std::snprintf(text, sizeof text, "%.3g", v);
    const float tw = ImGui::CalcTextSize(text).x;
    dl->AddText({o.x - tw - style.ItemInnerSpacing.x, y - labelHeight * 0.5f}, IM_COL32(170, 170, 180, 255), text);
  }
  // An out-of-range key (marked at its field below) must not draw over other widgets.
  dl->PushClipRect({o.x - 6, o.y - 6}, {o.x + w + 6, o.y + h + 6}, true);
  background(dl, o, w, h);
  auto pt = [&](const Key& k) { return ImVec2(xOf(k.age), yOf(spec.value(k))); };

  ImGui::SetCursorScreenPos(o);
  ImGui::InvisibleButton(spec.id, {w, h}, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const bool hovered = ImGui::IsItemHovered();
  const ImVec2 m = ImGui::GetIO().MousePos;
  auto keyUnder = [&]() {
    int pick = -1;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const ImVec2 p = pt(keys[i]);
      if (std::abs(p.x - m.x) < 8 && std::abs(p.y - m.y) < 8) pick = static_cast<int>(i);
    }
    return pick;
  };
  if (ImGui::IsItemActivated()) {
    const int pick = keyUnder();
    store->SetInt(heldId, ImGui::IsMouseDown(ImGuiMouseButton_Left) ? pick : -1);
    if (pick >= 0) {
      selected = pick;
      // The key moves by the mouse's motion from here: a press alone changes nothing, however
      // far inside the key's dot it lands.
      const auto k = static_cast<std::size_t>(pick);
      grab = {pick, keys[k].age, spec.value(keys[k]), m.x, m.y};
    }
  }
  const double mouseAge = std::clamp(static_cast<double>((m.x - o.x) / w), 0.0, 1.0);
  const double mouseValue = tm::axisValue({top, true}, static_cast<double>(o.y + h - m.y), static_cast<double>(h));
  // Double-click on the plot: a key there, on the curve.
  if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && keyUnder() < 0) {
    if (const auto at = tm::insertKeyAt(keys, snapping ? tm::snap(mouseAge, snapAge) : mouseAge)) {
      selected = static_cast<int>(*at);
      changed = true;
    }
  }
  const int dragging = ImGui::IsItemActive() ? store->GetInt(heldId, -1) : -1;
  if (dragging >= 0 && dragging < static_cast<int>(keys.size()) && grab.key == dragging &&
      (m.x != grab.x || m.y != grab.y || snapping)) {
    const auto i = static_cast<std::size_t>(dragging);
    // Through the held axis: one pixel is always top / h of value and 1 / w of age.
    double age = grab.age + static_cast<double>(m.x - grab.x) / w;
    double v = std::max(0.0, grab.value + static_cast<double>(grab.y - m.y) / h * top);
    if (snapping) age = tm::snap(age, snapAge), v = tm::snap(v, snapValue);
    if (spec.clampTop) v = std::min(v, top);
    const double now = tm::dragAge(agesOf(keys), i, age);
    if (now != keys[i].age || v != spec.value(keys[i])) {
      keys[i].age = now;
      spec.setValue(keys[i], v);
      changed = true;
    }
  }
  if (held) *held = dragging >= 0;
  if (!ImGui::IsItemActive()) store->SetInt(heldId, -1), grab.key = -1;
  // Remove: right-click a key, or Delete with one selected (ends stay: ages 0 and 1 are fixed).
  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {
    const int pick = keyUnder();
    if (pick >= 0 && tm::removeKey(keys, static_cast<std::size_t>(pick))) selected = -1, changed = true;
  }
  // Keys: a selected key takes the arrows while the mouse is over the plot (not the timeline's).
  if (hovered && selected >= 0) {
    ImGui::SetNextFrameWantCaptureKeyboard(true);
    const auto i = static_cast<std::size_t>(selected);
    const double scale = ImGui::GetIO().KeyShift ? 10 : 1;
    double dv = 0, da = 0;
    if (ImGui::IsKeyPressed(ImGuiKey_UpArrow)) dv += valueStep / 50 * scale;
    if (ImGui::IsKeyPressed(ImGuiKey_DownArrow)) dv -= valueStep / 50 * scale;
    if (ImGui::IsKeyPressed(ImGuiKey_RightArrow)) da += 0.005 * scale;
    if (ImGui::IsKeyPressed(ImGuiKey_LeftArrow)) da -= 0.005 * scale;
    if (dv != 0) {
      double v = std::max(0.0, spec.value(keys[i]) + dv);
      if (spec.clampTop) v = std::min(v, top);
      spec.setValue(keys[i], v), changed = true;
    }
    if (da != 0) keys[i].age = tm::dragAge(agesOf(keys), i, keys[i].age + da), changed = true;
    if (ImGui::IsKeyPressed(ImGuiKey_Delete) && tm::removeKey(keys, i)) selected = -1, changed = true;
  }
  store->SetInt(selectedId, selected);

  drawn.clear();
  for (const Key& k : keys) drawn.push_back({pt(k).x, pt(k).y});
  for (std::size_t i = 0; i + 1 < keys.size(); ++i) dl->AddLine(pt(keys[i]), pt(keys[i + 1]), IM_COL32(240, 180, 60, 255), 2);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const bool sel = static_cast<int>(i) == selected;
    dl->AddCircleFilled(pt(keys[i]), static_cast<int>(i) == dragging ? 6.5f : 5.0f, sel ? IM_COL32(255, 210, 90, 255) : IM_COL32(255, 255, 255, 255));
    if (sel) dl->AddCircle(pt(keys[i]), 8.0f, IM_COL32(255, 210, 90, 255), 0, 1.5f);
  }
  // The readout: the held key's numbers while dragging, else the mouse's position on the axes.
  if (dragging >= 0 && dragging < static_cast<int>(keys.size())) {
    const Key& k = keys[static_cast<std::size_t>(dragging)];
    std::snprintf(text, sizeof text, "key %d: age %.3f, %s %.4g%s", dragging, k.age, spec.valueName, spec.value(k), snapping ? " (snap)" : "");
  } else if (hovered) {
    std::snprintf(text, sizeof text, "age %.3f, %s %.4g", mouseAge, spec.valueName, mouseValue);
  } else {
    text[0] = 0;
  }
  if (text[0]) {
    const ImVec2 size = ImGui::CalcTextSize(text);
    dl->AddRectFilled({o.x + w - size.x - 8, o.y + 2}, {o.x + w - 2, o.y + size.y + 4}, IM_COL32(20, 20, 26, 220));
    dl->AddText({o.x + w - size.x - 5, o.y + 3}, IM_COL32(235, 235, 240, 255), text);
  }
  dl->PopClipRect();
  // Age labels under the plot.
  for (int i = 0; i <= 4; ++i) {
    std::snprintf(text, sizeof text, "%.2g", i / 4.0);
    const float tw = ImGui::CalcTextSize(text).x;
    const float x = std::clamp(xOf(i / 4.0) - tw / 2, o.x, o.x + w - tw);
    dl->AddText({x, o.y + h + 2}, IM_COL32(170, 170, 180, 255), text);
  }
  ImGui::SetCursorScreenPos({start.x, o.y + h + labelHeight + style.ItemSpacing.y});
  ImGui::Dummy({0, 0});
  return changed;
}

// "Add key" (into the widest gap); disabled where the contract's 2..4 keys or its gap rule would
// be broken.
template <class Key>
bool addButton(std::vector<Key>& keys) {
  std::vector<Key> trial = keys;
  const bool can = tm::insertKey(trial, tm::widestGap(agesOf(keys)));
  ImGui::BeginDisabled(!can);
  const bool pressed = ImGui::SmallButton("Add key");
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s", can ? "A key halfway across the widest gap (or double-click the plot where you want it)"
                                : "A curve holds 2 to 4 keys");
  if (!pressed) return false;
  keys = std::move(trial);
  return true;
}

template <class Key>
bool removeButton(std::vector<Key>& keys, std::size_t i) {
  std::vector<Key> trial = keys;
  const bool can = tm::removeKey(trial, i);
  ImGui::SameLine();
  ImGui::BeginDisabled(!can);
  const bool pressed = ImGui::SmallButton("x");
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s", can ? "Remove this key" : "The first and last keys stay (ages 0 and 1), and a curve keeps at least 2");
  if (!pressed) return false;
  keys = std::move(trial);
  return true;
}

}  // namespace kiln::viewer::panels::tuning
