// The pass table: every pass of a frame in draw order with its name, kind, depth and blend
// state, and which worldparticles blend mode draws in which pass. GL-free data that the
// renderer iterates, gl_enums.hpp translates and the viewer's inspectors read.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "particles/model.hpp"

namespace kiln::render {

// Pass identities; the enum value is the pass's row in kPasses (its place in the draw order).
enum class Pass : std::uint8_t { Sectors = 0, Cutout, SceneTransparency, Additive, Alpha, Debug };
inline constexpr std::size_t kPassCount = 6;

// What a pass draws, which picks the renderer method that draws it (one method per kind).
enum class PassKind : std::uint8_t {
  Sectors,            // the level's opaque sector mesh
  WorldParticles,     // instanced worldparticles billboards of the blend modes mapped to it
  SceneTransparency,  // the slot the contract reserves between cutout and additive particles
  DebugViews,         // sector planes, bounds boxes, outlines
};

// Fixed-function blending in GL-free terms (gl_enums.hpp turns these into GLenums).
enum class BlendFactor : std::uint8_t { Zero, One, SrcAlpha, OneMinusSrcAlpha, SrcColor, OneMinusSrcColor };

struct BlendState {
  bool enabled = false;
  BlendFactor srcRgb = BlendFactor::One, dstRgb = BlendFactor::Zero;
  BlendFactor srcAlpha = BlendFactor::One, dstAlpha = BlendFactor::Zero;
  friend constexpr bool operator==(const BlendState&, const BlendState&) = default;
};

inline constexpr BlendState kNoBlend{};
// Premultiplied source-over: the fragment shader premultiplies, so alpha and premultiplied
// share this equation (seed 000, "Version 2 alpha blending").
inline constexpr BlendState kPremultipliedOver{true, BlendFactor::One, BlendFactor::OneMinusSrcAlpha, BlendFactor::One,
                                               BlendFactor::OneMinusSrcAlpha};
// Light adds to colour; destination alpha stays as it was.
inline constexpr BlendState kAdditiveLight{true, BlendFactor::One, BlendFactor::One, BlendFactor::Zero,
                                           BlendFactor::One};
// Straight-alpha source-over: the debug pass's translucent sector planes and the viewer overlay.
inline constexpr BlendState kStraightAlphaOver{true, BlendFactor::SrcAlpha, BlendFactor::OneMinusSrcAlpha,
                                               BlendFactor::One, BlendFactor::OneMinusSrcAlpha};
// The overdraw view: every particle layer adds one step, whatever its pass.
inline constexpr BlendState kLayerCount{true, BlendFactor::One, BlendFactor::One, BlendFactor::One, BlendFactor::One};

struct PassInfo {
  Pass pass;
  std::string_view name;  // debug group, timer label, budgets.json key, inspector heading
  PassKind kind;
  bool depthTest;
  bool depthWrite;
  bool cullBackFaces;
  // The pass's draws in this state. A pass whose draws each bring their own state (the
  // scene-transparency slot's blend modes) holds its default here.
  BlendState blend;
  // Submission order is part of the result: draws keep authored emitter order and only break
  // where the atlas page changes. Otherwise every emitter of one page shares one draw.
  bool authoredOrder;
};

// Draw order (seed 000): sectors, cutout particles, scene transparency, additive particles,
// then alpha and premultiplied particles sharing one pass; debug views last. Columns: depth
// test, depth write, back-face culling, blend state, authoredOrder.
inline constexpr std::array<PassInfo, kPassCount> kPasses{{
    {Pass::Sectors, "sectors", PassKind::Sectors, true, true, true, kNoBlend, false},
    {Pass::Cutout, "cutout", PassKind::WorldParticles, true, true, false, kNoBlend, false},
    {Pass::SceneTransparency, "scene-transparency", PassKind::SceneTransparency, true, false, false, kNoBlend, false},
    {Pass::Additive, "additive", PassKind::WorldParticles, true, false, false, kAdditiveLight, false},
    {Pass::Alpha, "alpha", PassKind::WorldParticles, true, false, false, kPremultipliedOver, true},
    // Sector planes: translucent, culled like the sectors (near walls stay open); the bounds
    // and outline lines drawn after them turn blending off.
    {Pass::Debug, "debug", PassKind::DebugViews, true, false, true, kStraightAlphaOver, false},
}};

constexpr const PassInfo& passInfo(Pass p) { return kPasses[static_cast<std::size_t>(p)]; }
constexpr std::string_view passName(Pass p) { return passInfo(p).name; }

// One row per worldparticles blend mode: the pass it draws in and its equation for inspectors
// (T = straight-alpha texel, C = lifetime colour; docs/rendering.md).
struct ParticleBlendInfo {
  particles::Blend blend;
  Pass pass;
  std::string_view equation;
};

inline constexpr std::array<ParticleBlendInfo, 4> kParticleBlends{{
    {particles::Blend::Additive, Pass::Additive, "rgb = src*1 + dst*1, a = dst; no depth write"},
    {particles::Blend::Cutout, Pass::Cutout, "alpha-tested, opaque; depth write"},
    {particles::Blend::Alpha, Pass::Alpha, "rgb = T.rgb*T.a*C.rgb*C.a + dst*(1-a); no depth write"},
    {particles::Blend::Premultiplied, Pass::Alpha, "rgb = T.rgb*T.a*C.rgb + dst*(1-a); no depth write"},
}};

constexpr const ParticleBlendInfo& blendInfo(particles::Blend b) {
  for (const auto& row : kParticleBlends)
    if (row.blend == b) return row;
  return kParticleBlends[0];  // unreachable for a valid enum value
}
constexpr Pass passOf(particles::Blend b) { return blendInfo(b).pass; }

// The worldparticles passes in draw order: what the blend inspector lists and mutes.
inline constexpr std::size_t kParticlePassCount = [] {
  std::size_t n = 0;
  for (const auto& p : kPasses) n += p.kind == PassKind::WorldParticles;
  return n;
}();
inline constexpr std::array<Pass, kParticlePassCount> kParticlePasses = [] {
  std::array<Pass, kParticlePassCount> out{};
  std::size_t n = 0;
  for (const auto& p : kPasses)
    if (p.kind == PassKind::WorldParticles) out[n++] = p.pass;
  return out;
}();

// Position of a blend mode's pass in kParticlePasses.
constexpr std::size_t particlePassIndex(particles::Blend b) {
  for (std::size_t i = 0; i < kParticlePassCount; ++i)
    if (kParticlePasses[i] == passOf(b)) return i;
  return 0;
}

// The overdraw view resolves its palette after the last pass that draws particles.
inline constexpr Pass kLastParticlePass = kParticlePasses[kParticlePassCount - 1];

// Every row sits at its enum's index, every blend mode maps to a worldparticles pass, and the
// modes sharing a pass share its one blend state by construction.
static_assert([] {
  for (std::size_t i = 0; i < kPassCount; ++i)
    if (static_cast<std::size_t>(kPasses[i].pass) != i) return false;
  for (const auto& b : kParticleBlends)
    if (passInfo(b.pass).kind != PassKind::WorldParticles) return false;
  return true;
}());

}  // namespace kiln::render
