// Numbers the C++ side and the shaders must agree on: buffer binding points, texture units,
// the instance packing, clock flags and the fragment shader's blend selector. GL-free. The
// build writes kShaderConstants, the one list of them (with the hash streams of
// particles/variation.hpp), into the shaders' `shader_constants.glsl` (render/codegen/), so
// each is written here once.
#pragma once

#include <cstdint>

#include "particles/model.hpp"
#include "render/cpu/output.hpp"
#include "particles/variation.hpp"
#include "sim/model.hpp"

namespace kiln::render {

// Buffer binding points. The `Frame` uniform block (shaders/frame.glsl) has its own index
// space; the rest are shader storage: the level tables (particle_common.glsl), the inspectors'
// live-particle counter (particle.vert) and the probe's results (particle_eval.comp).
enum Binding : std::uint32_t {
  kFrameBinding = 0,
  kPresetsBinding = 0,
  kEmittersBinding = 1,
  kScheduleBinding = 2,
  kClocksBinding = 3,
  kFrameRectsBinding = 4,
  kInstancesBinding = 5,
  kCountersBinding = 6,
  kResultsBinding = 7,
  kStatesBinding = 8,    // per instance: the state particle_state.comp evaluated this frame
  kDrawListBinding = 9,  // per draw command: its live instances, in draw order
  kCommandsBinding = 10, // the indirect draw commands (particle_compact.comp sets index counts)
  kEventInstancesBinding = 11,  // the scene-transparency pass's event particles (events.vert)
  kLiveBitsBinding = 12,  // one bit per instance: alive this frame (particle_state.comp)
};

// Texture units: the particle pass's atlas page, the overdraw palette's layer counts, an event
// sprite's texture, and for `blend: palette` the translucency table and the target it reads.
enum TextureUnit : std::uint32_t {
  kAtlasUnit = 0, kLayerCountsUnit = 1, kEventSpriteUnit = 2, kEventPaletteUnit = 3, kEventDestinationUnit = 4
};

// An instance is (emitter << kSlotBits | slot): a slot index fits 12 bits because no emitter
// has more than 4,096 slots.
inline constexpr std::uint32_t kSlotBits = 12;
inline constexpr std::uint32_t kSlotMask = (1u << kSlotBits) - 1;
static_assert(kSlotMask + 1 == particles::kMaxSlotsPerEmitter, "slot bits hold exactly one emitter's slots");
inline constexpr std::uint32_t kMaxPackedEmitter = 0xffffffffu >> kSlotBits;
constexpr std::uint32_t packInstance(std::uint32_t emitter, std::uint32_t slot) { return emitter << kSlotBits | slot; }

// EmitterClockData.clock.w flags.
inline constexpr std::uint32_t kClockStarted = 1;
inline constexpr std::uint32_t kClockVisible = 2;

// The fragment shader's blend selector (PresetData.sprite.w) is the contract's blend value.
constexpr std::uint32_t shaderBlendMode(particles::Blend b) { return static_cast<std::uint32_t>(b); }

// The event fragment shader's selectors (events.frag): the blend mode's output formula and
// where a texel's alpha comes from, both the sim enums' values.
constexpr std::uint32_t shaderEventBlend(sim::BlendMode b) { return static_cast<std::uint32_t>(b); }
constexpr std::uint32_t shaderTextureAlpha(sim::TextureAlpha a) { return static_cast<std::uint32_t>(a); }

// Vertex -> fragment varying locations, one enum per program: both stages name the same
// constant in `layout(location = ...)`, so their interfaces match by location, as SPIR-V and
// drivers that do not match by name require. Each varying here fits one location (vec4 or
// smaller).
enum ParticleVarying : std::uint32_t { kVaryingParticleUv = 0, kVaryingParticleColor = 1, kVaryingParticleBlend = 2 };
enum EventVarying : std::uint32_t {
  kVaryingEventUv = 0,
  kVaryingEventColor = 1,
  kVaryingEventOpacity = 2,
  kVaryingEventTextureAlphaMode = 3,
  kVaryingEventAlphaTest = 4,
  kVaryingEventShaderData = 5,
};
enum SectorVarying : std::uint32_t { kVaryingSectorGrid = 0, kVaryingSectorShade = 1 };
enum LineVarying : std::uint32_t { kVaryingLineColor = 0 };
// The full-screen passes (fullscreen.vert, exposure.vert): the target's coordinates, and the
// exposure factor, the same for every pixel, computed per vertex and handed on flat.
enum OutputVarying : std::uint32_t { kVaryingOutputUv = 0, kVaryingOutputExposure = 1 };

// The output pass (shaders/output.frag, output_common.glsl): its texture units, the tone map
// selector (render/cpu/output.hpp's ToneMap) and its flags.
enum OutputUnit : std::uint32_t { kOutputSceneUnit = 0, kOutputBloomUnit = 1, kOutputLuminanceUnit = 2 };
inline constexpr std::uint32_t kToneMapClamp = static_cast<std::uint32_t>(ToneMap::Clamp);
inline constexpr std::uint32_t kToneMapNeutral = static_cast<std::uint32_t>(ToneMap::Neutral);
inline constexpr std::uint32_t kToneMapAces = static_cast<std::uint32_t>(ToneMap::Aces);
inline constexpr std::uint32_t kToneMapAgx = static_cast<std::uint32_t>(ToneMap::Agx);
inline constexpr std::uint32_t kOutputAutoExposure = 1;
inline constexpr std::uint32_t kOutputBloom = 2;
inline constexpr std::uint32_t kOutputSrgb = 4;
// The auto-exposure luminance grid (a power of two, so its mip chain averages it exactly).
inline constexpr std::uint32_t kLuminanceGrid = 256;

// Every constant the shaders read, in the order shader_constants.glsl lists them. A row is a
// heading comment, an int (layout qualifiers take int constant expressions) or a uint
// (everything the shaders compare with uint values).
struct ShaderConstant {
  enum Kind : std::uint8_t { Heading, Int, Uint } kind;
  const char* name;  // the GLSL name, or the heading's text
  std::uint32_t value = 0;
};

#define KILN_SHADER_INT(name) ShaderConstant{ShaderConstant::Int, #name, name}
#define KILN_SHADER_UINT(name) ShaderConstant{ShaderConstant::Uint, #name, name}
#define KILN_SHADER_STREAM(glsl, stream) \
  ShaderConstant{ShaderConstant::Uint, glsl, static_cast<std::uint32_t>(particles::Stream::stream)}
inline constexpr ShaderConstant kShaderConstants[] = {
    {ShaderConstant::Heading, "Binding points and texture units."},
    KILN_SHADER_INT(kFrameBinding),
    KILN_SHADER_INT(kPresetsBinding),
    KILN_SHADER_INT(kEmittersBinding),
    KILN_SHADER_INT(kScheduleBinding),
    KILN_SHADER_INT(kClocksBinding),
    KILN_SHADER_INT(kFrameRectsBinding),
    KILN_SHADER_INT(kInstancesBinding),
    KILN_SHADER_INT(kCountersBinding),
    KILN_SHADER_INT(kResultsBinding),
    KILN_SHADER_INT(kStatesBinding),
    KILN_SHADER_INT(kDrawListBinding),
    KILN_SHADER_INT(kCommandsBinding),
    KILN_SHADER_INT(kEventInstancesBinding),
    KILN_SHADER_INT(kLiveBitsBinding),
    KILN_SHADER_INT(kAtlasUnit),
    KILN_SHADER_INT(kLayerCountsUnit),
    KILN_SHADER_INT(kEventSpriteUnit),
    KILN_SHADER_INT(kEventPaletteUnit),
    KILN_SHADER_INT(kEventDestinationUnit),
    {ShaderConstant::Heading, "Instances: emitter << kSlotBits | slot."},
    KILN_SHADER_UINT(kSlotBits),
    KILN_SHADER_UINT(kSlotMask),
    {ShaderConstant::Heading, "EmitterClockData.clock.w flags."},
    KILN_SHADER_UINT(kClockStarted),
    KILN_SHADER_UINT(kClockVisible),
    {ShaderConstant::Heading, "Variation hash streams."},
    KILN_SHADER_STREAM("kSpawnX", SpawnX),
    KILN_SHADER_STREAM("kSpawnY", SpawnY),
    KILN_SHADER_STREAM("kSpawnZ", SpawnZ),
    KILN_SHADER_STREAM("kVelocityX", VelocityX),
    KILN_SHADER_STREAM("kVelocityY", VelocityY),
    KILN_SHADER_STREAM("kVelocityZ", VelocityZ),
    KILN_SHADER_STREAM("kLifetime", Lifetime),
    KILN_SHADER_STREAM("kAngle", Angle),
    KILN_SHADER_STREAM("kSpin", Spin),
    {ShaderConstant::Heading, "Blend selector (PresetData.sprite.w)."},
    {ShaderConstant::Uint, "kBlendAdditive", shaderBlendMode(particles::Blend::Additive)},
    {ShaderConstant::Uint, "kBlendCutout", shaderBlendMode(particles::Blend::Cutout)},
    {ShaderConstant::Uint, "kBlendAlpha", shaderBlendMode(particles::Blend::Alpha)},
    {ShaderConstant::Uint, "kBlendPremultiplied", shaderBlendMode(particles::Blend::Premultiplied)},
    {ShaderConstant::Heading, "Event particles: blend formula and texture-alpha selectors (events.frag)."},
    {ShaderConstant::Uint, "kEventLightMatter", shaderEventBlend(sim::BlendMode::LightMatter)},
    {ShaderConstant::Uint, "kEventNormal", shaderEventBlend(sim::BlendMode::Normal)},
    {ShaderConstant::Uint, "kEventAdditive", shaderEventBlend(sim::BlendMode::Additive)},
    {ShaderConstant::Uint, "kEventMultiply", shaderEventBlend(sim::BlendMode::Multiply)},
    {ShaderConstant::Uint, "kEventSubtractive", shaderEventBlend(sim::BlendMode::Subtractive)},
    {ShaderConstant::Uint, "kEventPremultiplied", shaderEventBlend(sim::BlendMode::Premultiplied)},
    {ShaderConstant::Uint, "kEventPalette", shaderEventBlend(sim::BlendMode::Palette)},
    {ShaderConstant::Uint, "kTextureAlphaAlpha", shaderTextureAlpha(sim::TextureAlpha::Alpha)},
    {ShaderConstant::Uint, "kTextureAlphaBrightness", shaderTextureAlpha(sim::TextureAlpha::Brightness)},
    {ShaderConstant::Heading, "Vertex -> fragment varying locations, per program."},
    KILN_SHADER_INT(kVaryingParticleUv),
    KILN_SHADER_INT(kVaryingParticleColor),
    KILN_SHADER_INT(kVaryingParticleBlend),
    KILN_SHADER_INT(kVaryingEventUv),
    KILN_SHADER_INT(kVaryingEventColor),
    KILN_SHADER_INT(kVaryingEventOpacity),
    KILN_SHADER_INT(kVaryingEventTextureAlphaMode),
    KILN_SHADER_INT(kVaryingEventAlphaTest),
    KILN_SHADER_INT(kVaryingEventShaderData),
    KILN_SHADER_INT(kVaryingOutputUv),
    KILN_SHADER_INT(kVaryingOutputExposure),
    KILN_SHADER_INT(kVaryingSectorGrid),
    KILN_SHADER_INT(kVaryingSectorShade),
    KILN_SHADER_INT(kVaryingLineColor),
    {ShaderConstant::Heading, "The output pass: texture units, tone maps, flags."},
    KILN_SHADER_INT(kOutputSceneUnit),
    KILN_SHADER_INT(kOutputBloomUnit),
    KILN_SHADER_INT(kOutputLuminanceUnit),
    KILN_SHADER_UINT(kToneMapClamp),
    KILN_SHADER_UINT(kToneMapNeutral),
    KILN_SHADER_UINT(kToneMapAces),
    KILN_SHADER_UINT(kToneMapAgx),
    KILN_SHADER_UINT(kOutputAutoExposure),
    KILN_SHADER_UINT(kOutputBloom),
    KILN_SHADER_UINT(kOutputSrgb),
    KILN_SHADER_INT(kLuminanceGrid),
};
#undef KILN_SHADER_INT
#undef KILN_SHADER_UINT
#undef KILN_SHADER_STREAM

}  // namespace kiln::render
