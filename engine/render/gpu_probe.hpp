// Reads back what the shaders compute for chosen slots: the GPU side of the GPU↔CPU parity
// test, and the "GPU says" column of slot inspectors. Requires a prepared renderer.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <variant>
#include <vector>

#include "core/diagnostic.hpp"
#include "render/renderer.hpp"

namespace kiln::render {

struct SlotRef {
  std::uint32_t emitter = 0;
  std::uint32_t slot = 0;
};

// One slot as evaluateSlot in shaders/particle_common.glsl sees it (float32 throughout).
struct GpuSlotState {
  bool alive = false;
  std::uint32_t frame = 0, birth = 0, cycle = 0;  // cycle: low 32 bits
  std::array<float, 3> position{};
  float size = 0, rotation = 0, age = 0, lifetime = 0;
  std::array<float, 4> color{};
};

// Runs shaders/particle_eval.comp (which includes particle_common.glsl) over `slots` at
// `levelTime` with every emitter visible. gl-error when the renderer holds no particles or an
// emitter/slot is out of range.
std::variant<std::vector<GpuSlotState>, core::Diagnostic> evaluateSlotsOnGpu(Renderer& renderer, double levelTime,
                                                                              std::span<const SlotRef> slots);

}  // namespace kiln::render
