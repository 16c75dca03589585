// The CPU reference evaluator: slot → (cycle, birth, age) → sampled particle, as the vertex
// shader computes it, from float32-rounded inputs promoted to double. This file holds the
// one-slot-at-a-time path, which every CPU runs; evaluate_wide.cpp computes the same bits four
// particles at a time where the CPU has AVX2.
#include "particles/evaluate.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>

#include "core/float.hpp"
#include "core/hash.hpp"
#include "particles/evaluate_context.hpp"
#include "particles/motion.hpp"
#include "particles/motion_math.hpp"
#include "particles/schedule.hpp"
#include "particles/variation.hpp"

namespace kiln::particles {

using core::up;

namespace detail {

EmitterContext prepare(const Document& doc, std::size_t emitterIndex, std::size_t births, double levelTime) {
  EmitterContext x;
  const Emitter& e = doc.emitters.at(emitterIndex);
  const Preset& p = doc.presets.at(e.preset);
  x.emitter = &e;
  x.box = p.spawnShape == SpawnShape::Box;
  x.half = up(p.spawnHalfExtents);
  for (int i = 0; i < 3; ++i) x.velocity[static_cast<std::size_t>(i)] = Span(up(p.velocity.min[i]), up(p.velocity.max[i]));
  x.accel = up(p.acceleration);
  x.position = up(e.position);
  x.drag = up(p.drag);
  x.scale = up(e.scale);
  x.lifetime = Span(up(p.lifetime.min), up(p.lifetime.max));
  x.angle = Span(up(p.rotationAngle.min), up(p.rotationAngle.max));
  x.spin = Span(up(p.rotationSpeed.min), up(p.rotationSpeed.max));
  x.fps = up(p.sprite.fps);
  x.frameCount = p.sprite.frames.size();
  x.flipbook = p.sprite.flipbook;
  x.yaw = yawBasis(up(e.yaw));
  x.sizeKeys = std::min(p.size.size(), kMaxCurveKeys);
  for (std::size_t i = 0; i < x.sizeKeys; ++i) x.size[i] = {up(p.size[i].age), up(p.size[i].value)};
  x.colorKeys = std::min(p.color.size(), kMaxCurveKeys);
  for (std::size_t i = 0; i < x.colorKeys; ++i) {
    x.color[i].age = up(p.color[i].age);
    for (int c = 0; c < 4; ++c) x.color[i].rgba[c] = up(p.color[i].rgba[c]);
  }
  x.sizeSplits = curveSplits(std::span<const SizeKey>(x.size.data(), x.sizeKeys));
  x.colorSplits = curveSplits(std::span<const ColorKey>(x.color.data(), x.colorKeys));
  x.cycling = e.mode == PlayMode::Cycle;
  x.groups = cycleGroups(p, e);
  x.live = std::min<std::uint64_t>(static_cast<std::uint64_t>(x.groups) * births, p.capacity);
  x.period = up(e.period);
  x.clock = emitterClock(e, levelTime);
  x.seedMix = core::mixHash(e.seed);
  return x;
}

}  // namespace detail

namespace {

using detail::EmitterContext;
using detail::cycleMix;
using detail::groupCycle;

// Slot (group g, birth b) given the group's candidate cycle k and cycleMix(x, k); false when
// the slot is dead.
[[gnu::always_inline]] inline bool evaluateBirth(const EmitterContext& x, const std::vector<float>& schedule,
                                                 std::uint32_t g, std::uint32_t b, std::int64_t k, std::uint32_t kMix,
                                                 ParticleState& out) {
  const double sb = schedule[b];
  double age = 0;
  if (!x.cycling) {
    if (sb > x.clock.phase) return false;
    age = x.clock.phase - sb;
  } else {
    // Birth b of cycle c has not happened yet: the slot still shows the cycle G earlier.
    if (k == x.clock.cycle && sb > x.clock.phase) {
      k -= x.groups;
      kMix = cycleMix(x, k);
    }
    if (k < 0) return false;
    age = static_cast<double>(x.clock.cycle - k) * x.period + x.clock.phase - sb;
  }
  const Emitter& e = *x.emitter;
  const std::uint32_t prefix = core::mixHash(kMix ^ b);
  const double lifetime = detail::drawnLifetime(x, prefix);
  if (!(age < lifetime)) return false;

  out.slot = static_cast<std::uint32_t>(g * schedule.size() + b);
  out.birth = b;
  out.cycle = k;
  out.birthTime = e.delay + static_cast<double>(k) * x.period + sb;
  out.age = age;
  out.lifetime = lifetime;
  // motion_math.hpp's templates in double; evaluate_wide.cpp runs the same ones on four lanes.
  using detail::Vec3Of;
  const auto draw = [prefix](Stream s) { return static_cast<double>(variationFromPrefix(prefix, s)); };
  const Vec3Of<double> spawn = detail::drawnSpawn(x, prefix);
  const Vec3Of<double> velocity = detail::drawnVelocity(x, prefix);
  const Vec3Of<double> d = detail::displacement(velocity, detail::of(x.accel), detail::dragFactors(x.drag, age));
  out.spawn = detail::toVec3(spawn);
  out.velocity = detail::toVec3(velocity);
  out.position = detail::toVec3(detail::worldPosition(detail::of(x.position), x.scale, x.yaw.c, x.yaw.s, spawn, d));
  const double t = detail::clampUnit(age / lifetime);
  out.size = detail::sampleSize(std::span<const SizeKey>(x.size.data(), x.sizeKeys), x.sizeSplits, t) * x.scale;
  out.color = detail::sampleColor(std::span<const ColorKey>(x.color.data(), x.colorKeys), x.colorSplits, t);
  out.rotation = detail::spinAngle(x.angle.at(draw(Stream::Angle)), x.spin.at(draw(Stream::Spin)), age);
  out.frame = detail::flipbookFrame(x.frameCount, x.flipbook, x.fps, age);
  return true;
}

bool evaluatePrepared(const EmitterContext& x, const std::vector<float>& schedule, std::uint32_t slot,
                      ParticleState& out) {
  if (slot >= x.live || !x.clock.started || schedule.empty()) return false;
  const auto births = static_cast<std::uint32_t>(schedule.size());
  const std::uint32_t g = slot / births;
  const std::int64_t k = groupCycle(x, g);
  return evaluateBirth(x, schedule, g, slot % births, k, cycleMix(x, k), out);
}

// Visits every alive particle in ascending slot order without a division per slot.
template <class F>
void forEachAlive(const EmitterContext& x, const std::vector<float>& schedule, std::uint64_t slots, F&& visit) {
  const auto births = static_cast<std::uint32_t>(schedule.size());
  ParticleState p;
  std::uint64_t slot = 0;
  for (std::uint32_t g = 0; slot < slots; ++g) {
    const std::int64_t k = groupCycle(x, g);
    const std::uint32_t kMix = cycleMix(x, k);
    for (std::uint32_t b = 0; b < births && slot < slots; ++b, ++slot)
      if (evaluateBirth(x, schedule, g, b, k, kMix, p)) visit(p);
  }
}

std::atomic<bool> wideLanes{true};
std::atomic<std::uint64_t> wideCount{0};

// Whether this call takes the AVX2 path.
bool wide() {
#ifdef KILN_WIDE_LANES
  return wideLanes.load(std::memory_order_relaxed) && detail::canEvaluateWide();
#else
  return false;
#endif
}

}  // namespace

void RenderBuffers::reserve(std::uint32_t slots) {
  capacity = slots;
  count = 0;
  // Sized, not just reserved: evaluate() writes by index and never grows a vector.
  position.resize(std::size_t{slots} * 3);
  size.resize(slots);
  rotation.resize(slots);
  color.resize(std::size_t{slots} * 4);
  frame.resize(slots);
  slot.resize(slots);
  schedule.reserve(slots);
}

bool evaluateSlot(const Document& doc, std::size_t emitterIndex, const std::vector<float>& schedule,
                  std::uint32_t slot, double levelTime, ParticleState& out) {
  const EmitterContext x = detail::prepare(doc, emitterIndex, schedule.size(), levelTime);
  return evaluatePrepared(x, schedule, slot, out);
}

std::vector<ParticleState> evaluateEmitter(const Document& doc, std::size_t emitterIndex, double levelTime) {
  const std::vector<float> schedule = birthSchedule(doc.emitters.at(emitterIndex));
  const EmitterContext x = detail::prepare(doc, emitterIndex, schedule.size(), levelTime);
  std::vector<ParticleState> out;
  if (!x.clock.started || schedule.empty()) return out;
#ifdef KILN_WIDE_LANES
  if (wide()) {
    wideCount.fetch_add(1, std::memory_order_relaxed);
    detail::evaluateWide(x, schedule, x.live, out);
    return out;
  }
#endif
  forEachAlive(x, schedule, x.live, [&](const ParticleState& p) { out.push_back(p); });
  return out;
}

void evaluate(const Document& doc, std::size_t emitterIndex, double levelTime, RenderBuffers& out) {
  birthScheduleInto(doc.emitters.at(emitterIndex), out.schedule);
  const EmitterContext x = detail::prepare(doc, emitterIndex, out.schedule.size(), levelTime);
  out.count = 0;
  if (!x.clock.started || out.schedule.empty()) return;
  const std::uint64_t slots = std::min<std::uint64_t>(x.live, out.capacity);
#ifdef KILN_WIDE_LANES
  if (wide()) {
    wideCount.fetch_add(1, std::memory_order_relaxed);
    return detail::evaluateWide(x, out.schedule, slots, out);
  }
#endif
  forEachAlive(x, out.schedule, slots, [&out](const ParticleState& p) {
    const std::size_t i = out.count++;
    out.position[3 * i] = static_cast<float>(p.position.x);
    out.position[3 * i + 1] = static_cast<float>(p.position.y);
    out.position[3 * i + 2] = static_cast<float>(p.position.z);
    out.size[i] = static_cast<float>(p.size);
    out.rotation[i] = static_cast<float>(p.rotation);
    for (std::size_t c = 0; c < 4; ++c) out.color[4 * i + c] = static_cast<float>(p.color[c]);
    out.frame[i] = p.frame;
    out.slot[i] = p.slot;
  });
}

namespace detail {
bool useWideLanes(bool on) { return wideLanes.exchange(on); }
std::uint64_t wideEvaluations() { return wideCount.load(std::memory_order_relaxed); }
}  // namespace detail

std::uint64_t hashBuffers(const RenderBuffers& b) {
  core::Fnv1a h;
  h.u32(b.count);
  const std::size_t n = b.count;
  for (std::size_t i = 0; i < 3 * n; ++i) h.f32(b.position[i]);
  for (std::size_t i = 0; i < n; ++i) h.f32(b.size[i]);
  for (std::size_t i = 0; i < n; ++i) h.f32(b.rotation[i]);
  for (std::size_t i = 0; i < 4 * n; ++i) h.f32(b.color[i]);
  for (std::size_t i = 0; i < n; ++i) h.u32(b.frame[i]);
  for (std::size_t i = 0; i < n; ++i) h.u32(b.slot[i]);
  return h.value();
}

}  // namespace kiln::particles
