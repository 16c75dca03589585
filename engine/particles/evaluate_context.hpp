// Internal to engine/particles: what the reference evaluator prepares once per emitter, shared
// by the one-slot-at-a-time path (evaluate.cpp) and the four-particles-at-a-time AVX2 path
// (evaluate_wide.cpp), which must give the same bits.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/hash.hpp"
#include "particles/evaluate.hpp"
#include "particles/motion.hpp"
#include "particles/motion_math.hpp"
#include "particles/schedule.hpp"
#include "particles/variation.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define KILN_WIDE_LANES 1
#endif

namespace kiln::particles::detail {

// A drawn range: lo + u·(hi − lo) for a unit draw u, with the width subtracted once.
struct Span {
  Span() = default;
  Span(double lo_, double hi) : lo(lo_), width(hi - lo_) {}
  double at(double u) const { return spanAt(lo, width, u); }
  double lo = 0, width = 0;
};

// Everything one emitter's slots share, prepared once per call (no allocation: curves are
// validated to at most kMaxCurveKeys keys).
struct EmitterContext {
  const Emitter* emitter = nullptr;
  bool box = false;
  Vec3 half, accel, position;
  double drag = 0, scale = 1;
  Span lifetime, angle, spin;
  std::array<Span, 3> velocity;
  double fps = 0;
  std::size_t frameCount = 0;
  Flipbook flipbook = Flipbook::Once;
  YawBasis yaw;
  std::array<SizeKey, kMaxCurveKeys> size{};
  std::array<ColorKey, kMaxCurveKeys> color{};
  std::size_t sizeKeys = 0, colorKeys = 0;
  CurveSplits sizeSplits, colorSplits;
  bool cycling = false;
  std::uint32_t groups = 1;
  std::uint64_t live = 0;  // G·B slots can hold a particle; the rest of the capacity stays dead
  double period = 0;
  EmitterClock clock;
  std::uint32_t seedMix = 0;  // mixHash(seed): the first link of every particle's hash chain
};

// The context of emitter `emitterIndex` with `births` scheduled births at `levelTime`.
EmitterContext prepare(const Document& doc, std::size_t emitterIndex, std::size_t births, double levelTime);

// Cycle k that slot group g shows at the current clock (before the birth-time test): the most
// recent k ≤ c with k ≡ g (mod G). Once emitters always show cycle 0.
inline std::int64_t groupCycle(const EmitterContext& x, std::uint32_t g) {
  if (!x.cycling) return 0;
  const std::int64_t c = x.clock.cycle, G = x.groups;
  return c - (((c - g) % G) + G) % G;
}

// The second link of the hash chain, shared by one cycle's births (the hash sees the cycle
// modulo 2^32): variationPrefix(seed, k, b) == mixHash(cycleMix(x, k) ^ b).
inline std::uint32_t cycleMix(const EmitterContext& x, std::int64_t k) {
  return core::mixHash(x.seedMix ^ static_cast<std::uint32_t>(k));
}

// What one particle draws at birth from its hash prefix mixHash(cycleMix(x, k) ^ b): written
// once for the evaluator and the escape finder (evaluate_wide.cpp draws the same on four lanes).
inline double drawnLifetime(const EmitterContext& x, std::uint32_t prefix) {
  return x.lifetime.at(variationFromPrefix(prefix, Stream::Lifetime));
}
inline Vec3Of<double> drawnSpawn(const EmitterContext& x, std::uint32_t prefix) {
  if (!x.box) return {0.0, 0.0, 0.0};
  const auto u = [prefix](Stream s) { return static_cast<double>(variationFromPrefix(prefix, s)); };
  return {boxSpawn(u(Stream::SpawnX), x.half.x), boxSpawn(u(Stream::SpawnY), x.half.y), boxSpawn(u(Stream::SpawnZ), x.half.z)};
}
inline Vec3Of<double> drawnVelocity(const EmitterContext& x, std::uint32_t prefix) {
  const auto u = [prefix](Stream s) { return static_cast<double>(variationFromPrefix(prefix, s)); };
  return {x.velocity[0].at(u(Stream::VelocityX)), x.velocity[1].at(u(Stream::VelocityY)), x.velocity[2].at(u(Stream::VelocityZ))};
}

#ifdef KILN_WIDE_LANES
// Whether this CPU runs the AVX2 path.
bool canEvaluateWide();

// Every alive particle among the first `slots` slots, in ascending slot order, four at a time
// in AVX2 registers: appended to `out` from out.count on (which must have room), or to
// `states`. Callers check x.clock.started and a non-empty schedule first.
void evaluateWide(const EmitterContext& x, const std::vector<float>& schedule, std::uint64_t slots,
                  RenderBuffers& out);
void evaluateWide(const EmitterContext& x, const std::vector<float>& schedule, std::uint64_t slots,
                  std::vector<ParticleState>& states);
#endif

}  // namespace kiln::particles::detail
