// GL-free, ImGui-free logic behind the inspector panels (timeline plots, budgets, bounds,
// blend passes), unit-tested in tests/viewer.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "particles/bounds.hpp"
#include "particles/model.hpp"
#include "render/cpu/passes.hpp"
#include "world/fit.hpp"

namespace kiln::viewer::inspect {

// --- timeline ---
// Alive particles of emitter e at `samples` evenly spaced times in [t0, t1] (inclusive ends).
std::vector<float> aliveSeries(const particles::Document& doc, std::uint32_t e, const std::vector<float>& schedule,
                               double t0, double t1, int samples);
// Level times of the emitter's births inside [t0, t1], ascending (at most `limit`).
std::vector<double> birthTicks(const particles::Document& doc, std::uint32_t e, const std::vector<float>& schedule,
                               double t0, double t1, std::size_t limit = 2048);

// The loop range of one effect, for playback that follows the selection: a once emitter plays
// [0, delay + duration + longest lifetime]; a cycling one loops one period of its steady state,
// [delay + k·period, delay + (k+1)·period] with k = ⌈longest lifetime / period⌉, so particles of
// earlier cycles are there and the loop has no seam.
struct LoopRange {
  double start = 0, end = 0;
};
// Any later period [delay + j·period, delay + (j+1)·period], j ≥ k, is as seamless; given the
// current level time `now`, the range is the one that contains it when it is past the k-th, so
// following the selection (or an edit) never moves the clock.
LoopRange effectLoopRange(const particles::Document& doc, std::uint32_t emitter, double now = 0);

// --- budgets ---
struct BudgetRow {
  std::string name;   // e.g. "total slots"
  double used = 0;
  double limit = 0;
  std::string where;  // the object at the maximum, for per-object limits
  bool over() const { return used > limit; }
  double fraction() const { return limit > 0 ? used / limit : 0; }
};
// Every limit of the contract against the document: presets, emitters, slots per emitter, total
// slots, frames per preset, bursts per emitter, curve keys, encoded bytes.
std::vector<BudgetRow> budgetRows(const particles::Document& doc, std::size_t encodedBytes);

struct CapacityRow {
  std::string emitter, preset;
  std::uint64_t required = 0;     // births × cycleGroups
  std::uint32_t capacity = 0;     // the preset's
  std::uint64_t worstCaseAlive = 0;  // min(required, capacity): slots that can hold a particle at once
};
std::vector<CapacityRow> capacityRows(const particles::Document& doc);

// The renderer's targets from assets/budgets.json: frame time and, per pass name, GPU
// milliseconds and draw calls. nullopt when the text is not that shape.
struct PassTarget {
  std::string pass;
  double gpuMs = 0;
  std::uint32_t drawCalls = 0;
};
struct BudgetTargets {
  double frameMs = 0;
  std::vector<PassTarget> passes;
  // Optional "events": {"sim_ms", "batch_ms"}: the event particles' CPU time per frame.
  double eventSimMs = 0, eventBatchMs = 0;
  const PassTarget* find(std::string_view pass) const;
};
std::optional<BudgetTargets> parseBudgetTargets(std::string_view json);

// --- bounds ---
struct AxisDiff {
  double storedMin = 0, storedMax = 0, recomputedMin = 0, recomputedMax = 0;
  double dMin() const { return storedMin - recomputedMin; }
  double dMax() const { return storedMax - recomputedMax; }
};
std::array<AxisDiff, 3> boundsDiff(const particles::Bounds& stored, const particles::Bounds& recomputed);
// "-x" … "+z" for face index 0..5 (the order of BoundsExplanation::faces).
const char* faceName(int face);
// The face the Bounds inspector's headline names: the one furthest off among those too tight
// (real particles can reach past them), else among the loose ones; -1 when every face is equal.
int worstFace(const std::array<particles::FaceDifference, 6>& faces);
// "max.z is 0.5 too low (2097152 float32 steps): particles can reach past it", with
// "; 2 more faces differ" when others do; empty when every face is equal.
std::string forgedHeadline(const std::array<particles::FaceDifference, 6>& faces);

// --- blend passes ---
struct PassEntry {
  std::uint32_t emitter = 0;
  particles::Blend blend{};
};
// Emitters grouped by particle pass (render::kParticlePasses) in authored order: the order the
// renderer submits them.
std::array<std::vector<PassEntry>, render::kParticlePassCount> passesInOrder(const particles::Document& doc);
// Reference only: an authoredOrder pass's emitters (alpha) sorted back to front by the distance from `eye` to
// their bounds centre (the renderer keeps authored order, per the contract).
std::vector<std::uint32_t> backToFront(const particles::Document& doc, const std::vector<PassEntry>& alphaPass,
                                       const std::array<double, 3>& eye);
// The blend equation of a mode as text, e.g. "src·1 + dst·1".
const char* blendEquation(particles::Blend b);

}  // namespace kiln::viewer::inspect
