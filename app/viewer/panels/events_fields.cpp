// The Event sandbox's field widgets: every field of a recipe (its sprite's too) and of the section.
#include "panels/events_fields.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdint>
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

}  // namespace

void scrollHere(std::string& show, std::string_view part) {
  if (show != part) return;
  ImGui::SetScrollHereY(0.0f);
  show.clear();
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

}  // namespace kiln::viewer::panels::events
