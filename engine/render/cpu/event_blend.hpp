// The scene-transparency pass's blend table: for each event-particle blend mode, the
// fixed-function state its draws use and the equation the inspectors print. GL-free;
// gl_enums.hpp turns the factors into GLenums and events.frag writes the matching source.
#pragma once

#include <array>
#include <string_view>

#include "render/cpu/passes.hpp"
#include "sim/model.hpp"

namespace kiln::render {

struct EventBlendInfo {
  sim::BlendMode mode;
  BlendState state;
  // c = tint·texel.rgb, a = textureAlpha(texel)·opacity, dst = the framebuffer (docs/events.md).
  std::string_view equation;
};

// Every fixed-function mode keeps the blend equation ADD; what differs is what the fragment shader writes
// (events.frag) and the factors below. Modes that only darken or add keep destination alpha.
inline constexpr std::array<EventBlendInfo, 7> kEventBlends{{
    {sim::BlendMode::LightMatter,
     {true, BlendFactor::One, BlendFactor::OneMinusSrcAlpha, BlendFactor::One, BlendFactor::OneMinusSrcAlpha},
     "rgb = premultiplied look·texel + dst*(1-coverage); light has coverage 0"},
    {sim::BlendMode::Normal,
     {true, BlendFactor::One, BlendFactor::OneMinusSrcAlpha, BlendFactor::One, BlendFactor::OneMinusSrcAlpha},
     "rgb = c*a + dst*(1-a)"},
    {sim::BlendMode::Additive, {true, BlendFactor::One, BlendFactor::One, BlendFactor::Zero, BlendFactor::One},
     "rgb = c*a + dst, alpha kept"},
    {sim::BlendMode::Multiply, {true, BlendFactor::Zero, BlendFactor::SrcColor, BlendFactor::Zero, BlendFactor::One},
     "rgb = dst*mix(1, c, a), alpha kept"},
    {sim::BlendMode::Subtractive,
     {true, BlendFactor::Zero, BlendFactor::OneMinusSrcColor, BlendFactor::Zero, BlendFactor::One},
     "rgb = dst*(1 - c*a), alpha kept"},
    {sim::BlendMode::Premultiplied,
     {true, BlendFactor::One, BlendFactor::OneMinusSrcAlpha, BlendFactor::One, BlendFactor::OneMinusSrcAlpha},
     "rgb = c*opacity + dst*(1-a)"},
    // No fixed-function blend: the fragment reads the target it draws into (a texture barrier
    // before each sprite) and writes the table's entry itself.
    {sim::BlendMode::Palette, {false, BlendFactor::One, BlendFactor::Zero, BlendFactor::One, BlendFactor::Zero},
     "rgb = mix(dst, T, T.a), T = table[col lum(c*a), row lum(dst)]"},
}};

constexpr const EventBlendInfo& eventBlendInfo(sim::BlendMode m) {
  for (const auto& row : kEventBlends)
    if (row.mode == m) return row;
  return kEventBlends[0];  // unreachable for a valid enum value
}

static_assert([] {
  for (std::size_t i = 0; i < kEventBlends.size(); ++i)
    if (static_cast<std::size_t>(kEventBlends[i].mode) != i) return false;
  return true;
}(), "one row per blend mode, at its enum's index");

}  // namespace kiln::render
