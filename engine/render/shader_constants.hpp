// Numbers the C++ side and the shaders must agree on: buffer binding points, texture units,
// the instance packing, clock flags and the fragment shader's blend selector. GL-free. The
// build writes them into shaders' `shader_constants.glsl` (render/codegen/), so each is
// written here once; the hash streams come from particles/variation.hpp the same way.
#pragma once

#include <cstdint>

#include "particles/model.hpp"
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

// Texture units: the particle pass's atlas page, the overdraw palette's layer counts.
enum TextureUnit : std::uint32_t { kAtlasUnit = 0, kLayerCountsUnit = 1, kEventSpriteUnit = 2 };

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

}  // namespace kiln::render
