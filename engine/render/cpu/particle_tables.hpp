// The GPU-side tables of a particles document (std430 mirrors of shaders/particle_common.glsl)
// and the per-frame emitter clocks. Pure CPU (no GL): built once at prepare, refilled per frame
// without allocating.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "particles/model.hpp"
#include "render/cpu/atlas.hpp"
#include "render/cpu/passes.hpp"
#include "render/cpu/shader_constants.hpp"

namespace kiln::render {

// A `*Std430` type is a CPU-side row laid out byte for byte as a shader's std430 block (GL-free,
// checked by size); a `*Gpu` type owns the GL objects that hold such rows.

// std430 `PresetData` (particle_common.glsl).
struct PresetStd430 {
  std::array<float, 4> spawnHalf;         // w: spawn shape
  std::array<float, 4> velocityMin;       // w: lifetime min
  std::array<float, 4> velocityMax;       // w: lifetime max
  std::array<float, 4> accelerationDrag;
  std::array<float, 4> rotation;          // angle min/max, spin min/max
  std::array<float, 4> sizeAge;
  std::array<float, 4> sizeValue;
  std::array<float, 4> colorAge;
  std::array<std::array<float, 4>, 4> color;
  std::array<std::uint32_t, 4> sprite;    // frames, flipbook, facing, blend
  std::array<std::uint32_t, 4> counts;    // size keys, colour keys, first frame rect, page
  std::array<float, 4> fps;
};
static_assert(sizeof(PresetStd430) == 240, "std430 PresetData is 240 bytes");

struct EmitterStd430 {
  std::array<float, 4> positionScale;
  std::array<float, 4> yawPeriod;          // cos, sin, float32 period, 0
  std::array<std::uint32_t, 4> info;       // preset, seed, births, cycle groups
  std::array<std::uint32_t, 4> slots;      // first schedule entry, mode, capacity, 0
};
static_assert(sizeof(EmitterStd430) == 64, "std430 EmitterData is 64 bytes");

struct ClockStd430 {
  std::array<std::uint32_t, 4> clock;  // cycle low bits, cycle mod G, min(cycle, 2^31−1), kClock* flags
  std::array<float, 4> phase;
};
static_assert(sizeof(ClockStd430) == 32, "std430 EmitterClockData is 32 bytes");

// One emitter's instances inside a draw group: contiguous, in the group's order.
struct EmitterRun {
  std::uint32_t emitter = 0;
  std::uint32_t firstInstance = 0;
  std::uint32_t instanceCount = 0;
};

// One instanced draw: a run of instances sharing a pass and an atlas page, made of the runs
// [firstRun, firstRun + runCount) of ParticleTables::runs (culling draws only some of them).
struct DrawGroup {
  Pass pass = Pass::Additive;
  std::uint32_t page = 0;
  std::uint32_t firstInstance = 0;
  std::uint32_t instanceCount = 0;
  std::uint32_t firstRun = 0;
  std::uint32_t runCount = 0;
};

// What prepare fixes in the tables and an edit in place leaves where it is (render/cpu/edit_rule.hpp).
// Each emitter reserves a block of instances of its preset's capacity (at most kMaxSlotsPerEmitter)
// and a block of schedule entries of max(that, its births): a valid emitter births at most
// capacity / G ≤ capacity times, so an edit of rate, bursts, lifetime or period changes only how
// much of each block is used (the run's count, the births in the emitter row), never where a
// block lies.
struct TableLayout {
  std::vector<std::uint32_t> scheduleFirst, scheduleReserved;  // per emitter
  std::vector<std::uint32_t> runOf;                           // per emitter: index into runs, or kNoRun
  std::vector<std::uint32_t> presetFirstRect, presetPage;     // per preset
};
inline constexpr std::uint32_t kNoRun = 0xffffffffu;  // an emitter whose preset reserves no slots

struct ParticleTables {
  std::vector<PresetStd430> presets;
  std::vector<EmitterStd430> emitters;
  std::vector<float> schedule;                   // every emitter's birthSchedule, concatenated
  std::vector<std::array<float, 4>> frameRects;  // normalized u0 v0 u1 v1 per preset frame
  std::vector<std::uint32_t> instances;          // packInstance(emitter, slot), in draw order
  std::vector<DrawGroup> draws;                  // in pass order
  std::vector<EmitterRun> runs;                  // every emitter with slots, grouped by draw
  TableLayout layout;
};

// One preset's row: `firstRect` and `page` are where prepare put its frames.
PresetStd430 presetRow(const particles::Preset& p, std::uint32_t firstRect, std::uint32_t page);
// One emitter's row: its schedule starts at `firstSchedule` and holds `births` entries.
EmitterStd430 emitterRow(const particles::Preset& p, const particles::Emitter& e, std::uint32_t firstSchedule,
                         std::uint32_t births);
// The instances an emitter reserves: its preset's capacity, at most kMaxSlotsPerEmitter (the
// slot bits of packInstance and the largest run the quad indices cover).
std::uint32_t reservedSlots(const particles::Preset& p);
// The slots that can ever hold a particle, min(reserved, G·B): the run's count; the rest of the
// block is never submitted.
std::uint32_t drawnSlots(const particles::Preset& p, const particles::Emitter& e, std::uint32_t births);

// Instances cover slots [0, capacity) of each emitter; its run submits [0, min(capacity, G·B))
// (the rest are always dead).
// Draws follow the pass table: a pass whose result does not depend on order (cutout,
// additive) groups every emitter of a page together; a pass with authoredOrder (alpha) keeps
// authored emitter order and starts a new draw whenever the page changes, since the contract
// fixes its submission order.
ParticleTables buildParticleTables(const particles::Document& doc, const AtlasLayout& atlas);

// Per-frame clock of every emitter (emitterClock in double, then cycle and phase for the GPU).
// `muted`/`solo` follow FrameOptions. Writes out[i] for every emitter; allocates nothing.
void fillClocks(const particles::Document& doc, double levelTime, std::span<const std::uint8_t> muted,
                const std::optional<std::uint32_t>& solo, std::span<ClockStd430> out);

}  // namespace kiln::render
