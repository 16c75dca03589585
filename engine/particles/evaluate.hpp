// The CPU reference evaluator: the state of every slot of an emitter at a level time, computed
// exactly as the vertex shader does (no simulation; any time is reachable directly).
#pragma once

#include <cstdint>
#include <vector>

#include "particles/model.hpp"

namespace kiln::particles {

// One alive particle with everything the inspectors and `kiln eval` show.
struct ParticleState {
  std::uint32_t slot = 0;
  std::uint32_t birth = 0;   // index into birthSchedule
  std::int64_t cycle = 0;    // cycle k (0 for once emitters)
  double birthTime = 0;      // level time: delay + k·period + schedule[birth]
  double age = 0;            // levelTime − birthTime
  double lifetime = 0;
  Vec3 spawn;                // sampled local spawn offset (before yaw and scale)
  Vec3 velocity;             // sampled local initial velocity (before yaw and scale)
  Vec3 position;             // world-space centre
  double size = 0;           // billboard edge, world units, scale applied
  double rotation = 0;       // degrees
  std::array<double, 4> color{};
  std::uint32_t frame = 0;
};

// Render buffers for one emitter: allocated once for `capacity` slots, refilled without
// allocation. Only the first `count` entries are valid (ascending slot order).
struct RenderBuffers {
  std::uint32_t capacity = 0;
  std::uint32_t count = 0;
  std::vector<float> position;  // 3 per particle
  std::vector<float> size;      // 1
  std::vector<float> rotation;  // 1, degrees
  std::vector<float> color;     // 4
  std::vector<std::uint32_t> frame;
  std::vector<std::uint32_t> slot;
  std::vector<float> schedule;  // scratch: the emitter's birth schedule, reused every call
  void reserve(std::uint32_t capacity);
};

// The state of slot `slot` of emitter `emitterIndex` at `levelTime`; false when the slot is dead.
// `schedule` is birthSchedule(emitter) (passed in so a caller evaluates many slots cheaply).
bool evaluateSlot(const Document& doc, std::size_t emitterIndex, const std::vector<float>& schedule,
                  std::uint32_t slot, double levelTime, ParticleState& out);

// Every alive particle of one emitter, ascending slot order.
std::vector<ParticleState> evaluateEmitter(const Document& doc, std::size_t emitterIndex, double levelTime);

// Fills buffers (reserve(capacity) first) with the emitter's alive particles.
void evaluate(const Document& doc, std::size_t emitterIndex, double levelTime, RenderBuffers& out);

// FNV-1a over the valid part of the buffers (bit patterns), for determinism tests.
std::uint64_t hashBuffers(const RenderBuffers& b);

namespace detail {
// Whether evaluate() and evaluateEmitter() compute four particles at a time in AVX2 registers
// where the CPU has them (the default), or one slot at a time; both give the same bits, and
// tests switch this off to prove it. Returns the previous setting.
bool useWideLanes(bool on);

// How many emitters the AVX2 path has evaluated since the program started: 0 where the CPU
// lacks AVX2 or the build targets another architecture. Tests read it to know which path ran.
std::uint64_t wideEvaluations();
}  // namespace detail

}  // namespace kiln::particles
