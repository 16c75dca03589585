// The CPU reference evaluator: slot → (cycle, birth, age) → sampled particle, as the vertex
// shader computes it, from float32-rounded inputs promoted to double.
#include "particles/evaluate.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define KILN_WIDE_LANES 1
#include <immintrin.h>
#endif

#include "core/float.hpp"
#include "core/hash.hpp"
#include "particles/motion.hpp"
#include "particles/motion_inline.hpp"
#include "particles/schedule.hpp"
#include "particles/variation.hpp"

namespace kiln::particles {

using core::up;

namespace {

// A drawn range: lo + u·(hi − lo) for a unit draw u, with the width subtracted once.
struct Span {
  Span() = default;
  Span(double lo_, double hi) : lo(lo_), width(hi - lo_) {}
  double at(float u) const { return lo + static_cast<double>(u) * width; }
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
  detail::CurveSplits sizeSplits, colorSplits;
  bool cycling = false;
  std::uint32_t groups = 1;
  std::uint64_t live = 0;  // G·B slots can hold a particle; the rest of the capacity stays dead
  double period = 0;
  EmitterClock clock;
  std::uint32_t seedMix = 0;  // mixHash(seed): the first link of every particle's hash chain
};

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
  x.sizeSplits = detail::curveSplits(std::span<const SizeKey>(x.size.data(), x.sizeKeys));
  x.colorSplits = detail::curveSplits(std::span<const ColorKey>(x.color.data(), x.colorKeys));
  x.cycling = e.mode == PlayMode::Cycle;
  x.groups = cycleGroups(p, e);
  x.live = std::min<std::uint64_t>(static_cast<std::uint64_t>(x.groups) * births, p.capacity);
  x.period = up(e.period);
  x.clock = emitterClock(e, levelTime);
  x.seedMix = core::mixHash(e.seed);
  return x;
}

// Cycle k that slot group g shows at the current clock (before the birth-time test): the most
// recent k ≤ c with k ≡ g (mod G). Once emitters always show cycle 0.
std::int64_t groupCycle(const EmitterContext& x, std::uint32_t g) {
  if (!x.cycling) return 0;
  const std::int64_t c = x.clock.cycle, G = x.groups;
  return c - (((c - g) % G) + G) % G;
}

// The second link of the hash chain, shared by one cycle's births (the hash sees the cycle
// modulo 2^32): variationPrefix(seed, k, b) == mixHash(cycleMix(x, k) ^ b).
std::uint32_t cycleMix(const EmitterContext& x, std::int64_t k) {
  return core::mixHash(x.seedMix ^ static_cast<std::uint32_t>(k));
}

// The eight streams an alive particle draws after its lifetime, in this order.
constexpr std::array<Stream, 8> kLaterStreams{Stream::SpawnX,    Stream::SpawnY,    Stream::SpawnZ, Stream::VelocityX,
                                              Stream::VelocityY, Stream::VelocityZ, Stream::Angle,  Stream::Spin};

// The per-particle arithmetic with a vector form, one lane at a time (any CPU): the eight later
// draws, and the colour curve.
struct NarrowLanes {
  static void later(std::uint32_t prefix, std::array<float, 8>& u) {
    for (std::size_t i = 0; i < u.size(); ++i) u[i] = variationFromPrefix(prefix, kLaterStreams[i]);
  }
  static std::array<double, 4> color(std::span<const ColorKey> keys, const detail::CurveSplits& splits, double t) {
    return detail::sampleColorClamped(keys, splits, t);
  }
};

#ifdef KILN_WIDE_LANES
// The same in AVX2 registers, with the same bits: all eight draws in one 8-lane register (the
// same integer mix, and the same exact conversion of a 24-bit integer to float, times 2^-24),
// and the four colour channels of a + (b − a)·w in one 4-lane register (the same three double
// operations per channel, never fused).
struct WideLanes {
  __attribute__((target("avx2"))) static void later(std::uint32_t prefix, std::array<float, 8>& u) {
    static_assert(static_cast<int>(Stream::Angle) == 7 && static_cast<int>(Stream::Spin) == 8);
    __m256i x = _mm256_xor_si256(_mm256_set1_epi32(static_cast<int>(prefix)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 7, 8));
    x = _mm256_xor_si256(x, _mm256_srli_epi32(x, 16));
    x = _mm256_mullo_epi32(x, _mm256_set1_epi32(0x7feb352d));
    x = _mm256_xor_si256(x, _mm256_srli_epi32(x, 15));
    x = _mm256_mullo_epi32(x, _mm256_set1_epi32(static_cast<int>(0x846ca68bu)));
    x = _mm256_xor_si256(x, _mm256_srli_epi32(x, 16));
    const __m256 unit = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_srli_epi32(x, 8)), _mm256_set1_ps(1.0f / 16777216.0f));
    _mm256_storeu_ps(u.data(), unit);
  }
  __attribute__((target("avx2"))) static std::array<double, 4> color(std::span<const ColorKey> keys,
                                                                    const detail::CurveSplits& splits, double t) {
    if (keys.size() < 2) return detail::sampleColorClamped(keys, splits, t);
    const auto [i, w] = detail::locateClamped(keys, splits, t);
    const __m256d a = _mm256_loadu_pd(keys[i].rgba.data());
    const __m256d b = _mm256_loadu_pd(keys[i + 1].rgba.data());
    std::array<double, 4> out;
    _mm256_storeu_pd(out.data(), _mm256_add_pd(a, _mm256_mul_pd(_mm256_sub_pd(b, a), _mm256_set1_pd(w))));
    return out;
  }
};
#endif

// Slot (group g, birth b) given the group's candidate cycle k and cycleMix(x, k); false when
// the slot is dead.
template <class Lanes>
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
  const double lifetime = x.lifetime.at(variationFromPrefix(prefix, Stream::Lifetime));
  if (!(age < lifetime)) return false;
  std::array<float, 8> u;
  Lanes::later(prefix, u);

  out.slot = static_cast<std::uint32_t>(g * schedule.size() + b);
  out.birth = b;
  out.cycle = k;
  out.birthTime = e.delay + static_cast<double>(k) * x.period + sb;
  out.age = age;
  out.lifetime = lifetime;
  if (x.box) {
    out.spawn = {(2.0 * u[0] - 1.0) * x.half.x, (2.0 * u[1] - 1.0) * x.half.y, (2.0 * u[2] - 1.0) * x.half.z};
  } else {
    out.spawn = {};
  }
  out.velocity = {x.velocity[0].at(u[3]), x.velocity[1].at(u[4]), x.velocity[2].at(u[5])};
  const Vec3 d = detail::displacementInline(out.velocity, x.accel, x.drag, age);
  const Vec3 r = detail::rotateYawInline({out.spawn.x + d.x, out.spawn.y + d.y, out.spawn.z + d.z}, x.yaw);
  out.position = {x.position.x + x.scale * r.x, x.position.y + x.scale * r.y, x.position.z + x.scale * r.z};
  const double t = std::clamp(age / lifetime, 0.0, 1.0);
  out.size = detail::sampleSizeClamped(std::span<const SizeKey>(x.size.data(), x.sizeKeys), x.sizeSplits, t) * x.scale;
  out.color = Lanes::color(std::span<const ColorKey>(x.color.data(), x.colorKeys), x.colorSplits, t);
  const double angle = x.angle.at(u[6]);
  const double spin = x.spin.at(u[7]);
  out.rotation = angle + spin * age;
  out.frame = detail::flipbookFrameInline(x.frameCount, x.flipbook, x.fps, age);
  return true;
}

bool evaluatePrepared(const EmitterContext& x, const std::vector<float>& schedule, std::uint32_t slot,
                      ParticleState& out) {
  if (slot >= x.live || !x.clock.started || schedule.empty()) return false;
  const auto births = static_cast<std::uint32_t>(schedule.size());
  const std::uint32_t g = slot / births;
  const std::int64_t k = groupCycle(x, g);
  return evaluateBirth<NarrowLanes>(x, schedule, g, slot % births, k, cycleMix(x, k), out);
}

// Visits every alive particle in ascending slot order without a division per slot.
template <class Lanes, class F>
[[gnu::always_inline]] inline void forEachAlive(const EmitterContext& x, const std::vector<float>& schedule,
                                                std::uint64_t slots, F&& visit) {
  if (!x.clock.started || schedule.empty()) return;
  const auto births = static_cast<std::uint32_t>(schedule.size());
  ParticleState p;
  std::uint64_t slot = 0;
  for (std::uint32_t g = 0; slot < slots; ++g) {
    const std::int64_t k = groupCycle(x, g);
    const std::uint32_t kMix = cycleMix(x, k);
    for (std::uint32_t b = 0; b < births && slot < slots; ++b, ++slot)
      if (evaluateBirth<Lanes>(x, schedule, g, b, k, kMix, p)) visit(p);
  }
}

std::atomic<bool> wideLanes{true};

#ifdef KILN_WIDE_LANES
bool canDrawWide() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}

template <class F>
__attribute__((target("avx2"))) void forEachAliveWide(const EmitterContext& x, const std::vector<float>& schedule,
                                                      std::uint64_t slots, F& visit) {
  forEachAlive<WideLanes>(x, schedule, slots, visit);
}
#endif

// forEachAlive with the widest lanes this CPU has: the loop is compiled once per kind, the
// AVX2 copy in a function of its own so the rest of the library stays baseline x86-64.
template <class F>
void forEachAliveOf(const EmitterContext& x, const std::vector<float>& schedule, std::uint64_t slots, F&& visit) {
#ifdef KILN_WIDE_LANES
  if (wideLanes.load(std::memory_order_relaxed) && canDrawWide()) return forEachAliveWide(x, schedule, slots, visit);
#endif
  forEachAlive<NarrowLanes>(x, schedule, slots, visit);
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
  const EmitterContext x = prepare(doc, emitterIndex, schedule.size(), levelTime);
  return evaluatePrepared(x, schedule, slot, out);
}

std::vector<ParticleState> evaluateEmitter(const Document& doc, std::size_t emitterIndex, double levelTime) {
  const std::vector<float> schedule = birthSchedule(doc.emitters.at(emitterIndex));
  const EmitterContext x = prepare(doc, emitterIndex, schedule.size(), levelTime);
  std::vector<ParticleState> out;
  forEachAliveOf(x, schedule, x.live, [&](const ParticleState& p) { out.push_back(p); });
  return out;
}

void evaluate(const Document& doc, std::size_t emitterIndex, double levelTime, RenderBuffers& out) {
  birthScheduleInto(doc.emitters.at(emitterIndex), out.schedule);
  const EmitterContext x = prepare(doc, emitterIndex, out.schedule.size(), levelTime);
  out.count = 0;
  forEachAliveOf(x, out.schedule, std::min<std::uint64_t>(x.live, out.capacity), [&out](const ParticleState& p) {
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
