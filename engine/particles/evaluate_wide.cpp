// The reference evaluator four particles at a time in AVX2 registers, with the same bits as the
// one-slot-at-a-time path in evaluate.cpp (tests/particles/wide_evaluate_test.cpp compares
// every field). Two passes per emitter: the first decides which slots are alive (cycle, age,
// lifetime) four births at a time and packs the alive ones into a small stage; the second
// computes motion, curves and flipbook of four staged particles at a time with the templates
// of motion_math.hpp on the lane type of wide_lanes.hpp. This file holds only the staging, the
// hash draws, the per-lane curve lookups and the output sinks; the arithmetic is the scalar
// path's, instantiated for four lanes.
#include "particles/evaluate_context.hpp"
#include "particles/wide_lanes.hpp"

#ifdef KILN_WIDE_LANES

#include <immintrin.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstring>

#include "particles/variation.hpp"

namespace kiln::particles::detail {

bool canEvaluateWide() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}

namespace {

using namespace lanes;

// Alive particles found by the first pass, in slot order, waiting for the second. Four entries
// of slack take a whole compress store, and pad the last block.
constexpr std::size_t kStage = 64;
struct Stage {
  alignas(32) double age[kStage + 4];
  alignas(32) double lifetime[kStage + 4];
  alignas(32) double expm1[kStage + 4];  // expm1(−drag·age) where drag·age ≥ 0.5, filled by flush()
  alignas(32) std::int64_t cycle[kStage + 4];
  alignas(16) std::uint32_t prefix[kStage + 4];
  alignas(16) std::uint32_t slot[kStage + 4];
  alignas(16) std::uint32_t birth[kStage + 4];
  std::size_t count = 0;
};

// Per emitter, what the second pass reads in the form it reads it.
struct WideEmitter {
  CurveTables size, color;
  std::array<double, 4> sizeValue{}, sizeStep{};  // v_i and v_{i+1} − v_i per segment
  std::array<std::array<double, 4>, 4> colorValue{}, colorStep{};  // [channel][segment]
  double constantSize = 0;
  std::array<double, 4> constantColor{};
  bool scalarFrames = false;  // frame counts past int32 take the scalar flipbook
  bool noFrames = false;      // one frame or fps ≤ 0: always frame 0
};

WideEmitter wideEmitter(const EmitterContext& x) {
  WideEmitter w;
  w.size = curveTables(x.size, x.sizeKeys);
  w.color = curveTables(x.color, x.colorKeys);
  for (std::size_t i = 0; i + 1 < x.sizeKeys && i < 3; ++i) {
    w.sizeValue[i] = x.size[i].value;
    w.sizeStep[i] = x.size[i + 1].value - x.size[i].value;
  }
  for (std::size_t i = 0; i + 1 < x.colorKeys && i < 3; ++i)
    for (std::size_t ch = 0; ch < 4; ++ch) {
      w.colorValue[ch][i] = x.color[i].rgba[ch];
      w.colorStep[ch][i] = x.color[i + 1].rgba[ch] - x.color[i].rgba[ch];
    }
  w.constantSize = x.sizeKeys == 0 ? 0.0 : x.size[0].value;
  if (x.colorKeys != 0) w.constantColor = x.color[0].rgba;
  w.noFrames = x.frameCount <= 1 || !(x.fps > 0);
  w.scalarFrames = x.frameCount > 0x7fffffffu;
  return w;
}

// Four particles' results, lane l of each register for the l-th particle.
struct Block {
  __m256d spawn[3], velocity[3], position[3], size, rotation, color[4];
  __m128i frame;
};

// The second pass on stage entries [i, i + 4).
KILN_AVX2 void finishBlock(const EmitterContext& x, const WideEmitter& w, const Stage& s, std::size_t i,
                           std::size_t valid, Block& out) {
  const Lanes age = _mm256_load_pd(s.age + i);
  const Lanes lifetime = _mm256_load_pd(s.lifetime + i);
  const __m128i prefix = _mm_load_si128(reinterpret_cast<const __m128i*>(s.prefix + i));

  // The eight later streams, two per 8-lane mix: spawn x/y, spawn z/velocity x, velocity y/z,
  // angle/spin.
  Lanes u[8];
  constexpr std::uint32_t streams[8] = {
      static_cast<std::uint32_t>(Stream::SpawnX),    static_cast<std::uint32_t>(Stream::SpawnY),
      static_cast<std::uint32_t>(Stream::SpawnZ),    static_cast<std::uint32_t>(Stream::VelocityX),
      static_cast<std::uint32_t>(Stream::VelocityY), static_cast<std::uint32_t>(Stream::VelocityZ),
      static_cast<std::uint32_t>(Stream::Angle),     static_cast<std::uint32_t>(Stream::Spin)};
  for (int j = 0; j < 8; j += 2) {
    const __m128i lo = _mm_xor_si128(prefix, _mm_set1_epi32(static_cast<int>(streams[j])));
    const __m128i hi = _mm_xor_si128(prefix, _mm_set1_epi32(static_cast<int>(streams[j + 1])));
    const __m256i h = mix8(_mm256_set_m128i(hi, lo));
    u[j] = unit4(_mm256_castsi256_si128(h));
    u[j + 1] = unit4(_mm256_extracti128_si256(h, 1));
  }

  // Spawn (box or point), velocity, drag factors, position: motion_math.hpp's templates on
  // four lanes. Drag factors: the series where q < 0.5, the exponential form elsewhere, each
  // computed only when a valid lane needs it.
  Vec3Of<Lanes> spawn{Lanes(0.0), Lanes(0.0), Lanes(0.0)};
  if (x.box) spawn = {boxSpawn(u[0], Lanes(x.half.x)), boxSpawn(u[1], Lanes(x.half.y)), boxSpawn(u[2], Lanes(x.half.z))};
  const Vec3Of<Lanes> velocity{spanAt(x.velocity[0], u[3]), spanAt(x.velocity[1], u[4]), spanAt(x.velocity[2], u[5])};
  DragFactorsOf<Lanes> k;
  if (x.drag == 0) {
    k = dragFree(age);
  } else {
    const Lanes drag(x.drag);
    const Lanes q = drag * age;
    const LaneMask series = q < Lanes(kDragSeriesLimit);
    const int seriesLanes = lanesOf(series), validLanes = (1 << valid) - 1;
    const bool anySeries = (seriesLanes & validLanes) != 0, anyExponential = (~seriesLanes & validLanes) != 0;
    if (anySeries) k = dragSeries(q, age);
    if (anyExponential) {
      const DragFactorsOf<Lanes> e = dragExponential(Lanes(_mm256_load_pd(s.expm1 + i)), drag, age);
      k = anySeries ? DragFactorsOf<Lanes>{select(series, k.f, e.f), select(series, k.g, e.g)} : e;
    }
  }
  const Lanes scale(x.scale);
  const Vec3Of<Lanes> position = worldPosition(
      Vec3Of<Lanes>{Lanes(x.position.x), Lanes(x.position.y), Lanes(x.position.z)}, scale, Lanes(x.yaw.c),
      Lanes(x.yaw.s), spawn, displacement(velocity, Vec3Of<Lanes>{Lanes(x.accel.x), Lanes(x.accel.y), Lanes(x.accel.z)}, k));
  out.spawn[0] = spawn.x.v, out.spawn[1] = spawn.y.v, out.spawn[2] = spawn.z.v;
  out.velocity[0] = velocity.x.v, out.velocity[1] = velocity.y.v, out.velocity[2] = velocity.z.v;
  out.position[0] = position.x.v, out.position[1] = position.y.v, out.position[2] = position.z.v;

  // Curves at t = clamp(age / lifetime, 0, 1), each segment's values looked up per lane.
  const Lanes t = clampUnit(age / lifetime);
  if (w.size.constant) {
    out.size = (Lanes(w.constantSize) * scale).v;
  } else {
    const __m256i index = segmentIndex(x.sizeSplits, t.v);
    const Lanes weight = curveWeight(w.size, index, t);
    out.size = (lerpStep(Lanes(lookup(w.sizeValue, index)), Lanes(lookup(w.sizeStep, index)), weight) * scale).v;
  }
  if (w.color.constant) {
    for (std::size_t ch = 0; ch < 4; ++ch) out.color[ch] = Lanes(w.constantColor[ch]).v;
  } else {
    const __m256i index = segmentIndex(x.colorSplits, t.v);
    const Lanes weight = curveWeight(w.color, index, t);
    for (std::size_t ch = 0; ch < 4; ++ch)
      out.color[ch] = lerpStep(Lanes(lookup(w.colorValue[ch], index)), Lanes(lookup(w.colorStep[ch], index)), weight).v;
  }

  out.rotation = spinAngle(spanAt(x.angle, u[6]), spanAt(x.spin, u[7]), age).v;

  // Flipbook: the templates in double, exact for these integers; frame counts past int32
  // (never a validated document's) take the scalar function lane by lane.
  if (w.noFrames) {
    out.frame = _mm_setzero_si128();
  } else if (w.scalarFrames) {
    alignas(32) double ages[4];
    _mm256_store_pd(ages, age.v);
    alignas(16) std::uint32_t frames[4];
    for (int l = 0; l < 4; ++l) frames[l] = detail::flipbookFrame(x.frameCount, x.flipbook, x.fps, ages[l]);
    out.frame = _mm_load_si128(reinterpret_cast<const __m128i*>(frames));
  } else {
    const Lanes n(static_cast<double>(x.frameCount));
    const Lanes index = flipbookIndex(age, Lanes(x.fps));
    const Lanes frame = x.flipbook == Flipbook::Once ? onceFrame(index, n) : cycleFrame(index, n);
    out.frame = _mm256_cvttpd_epi32(select(age > Lanes(0.0), frame, Lanes(0.0)).v);
  }
}

// Writes a block into render buffers at out.count, as static_cast<float> of each value.
struct BufferSink {
  RenderBuffers& out;

  KILN_AVX2 void put(const EmitterContext&, const std::vector<float>&, const Block& k, const Stage& s,
                     std::size_t i, std::size_t valid) {
    const std::size_t o = out.count;
    alignas(16) float position[3][4];
    for (int a = 0; a < 3; ++a) _mm_store_ps(position[a], _mm256_cvtpd_ps(k.position[a]));
    __m128 c0 = _mm256_cvtpd_ps(k.color[0]), c1 = _mm256_cvtpd_ps(k.color[1]);
    __m128 c2 = _mm256_cvtpd_ps(k.color[2]), c3 = _mm256_cvtpd_ps(k.color[3]);
    _MM_TRANSPOSE4_PS(c0, c1, c2, c3);  // now one particle's RGBA per register
    const __m128 size = _mm256_cvtpd_ps(k.size), rotation = _mm256_cvtpd_ps(k.rotation);
    float* pos = out.position.data() + 3 * o;
    for (std::size_t l = 0; l < valid; ++l) {
      pos[3 * l] = position[0][l];
      pos[3 * l + 1] = position[1][l];
      pos[3 * l + 2] = position[2][l];
    }
    float* color = out.color.data() + 4 * o;
    if (valid == 4) {
      _mm_storeu_ps(color, c0);
      _mm_storeu_ps(color + 4, c1);
      _mm_storeu_ps(color + 8, c2);
      _mm_storeu_ps(color + 12, c3);
      _mm_storeu_ps(out.size.data() + o, size);
      _mm_storeu_ps(out.rotation.data() + o, rotation);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out.frame.data() + o), k.frame);
      std::memcpy(out.slot.data() + o, s.slot + i, 4 * sizeof(std::uint32_t));
    } else {
      alignas(16) float rgba[4][4], sizes[4], rotations[4];
      alignas(16) std::uint32_t frames[4];
      _mm_store_ps(rgba[0], c0);
      _mm_store_ps(rgba[1], c1);
      _mm_store_ps(rgba[2], c2);
      _mm_store_ps(rgba[3], c3);
      _mm_store_ps(sizes, size);
      _mm_store_ps(rotations, rotation);
      _mm_store_si128(reinterpret_cast<__m128i*>(frames), k.frame);
      std::memcpy(color, rgba, valid * 4 * sizeof(float));
      std::memcpy(out.size.data() + o, sizes, valid * sizeof(float));
      std::memcpy(out.rotation.data() + o, rotations, valid * sizeof(float));
      std::memcpy(out.frame.data() + o, frames, valid * sizeof(std::uint32_t));
      std::memcpy(out.slot.data() + o, s.slot + i, valid * sizeof(std::uint32_t));
    }
    out.count += static_cast<std::uint32_t>(valid);
  }
};

// Appends a block as ParticleStates (the inspectors' and `kiln eval`'s form).
struct StateSink {
  std::vector<ParticleState>& out;

  KILN_AVX2 void put(const EmitterContext& x, const std::vector<float>& schedule, const Block& k, const Stage& s,
                     std::size_t i, std::size_t valid) {
    alignas(32) double spawn[3][4], velocity[3][4], position[3][4], size[4], rotation[4], color[4][4];
    alignas(16) std::uint32_t frames[4];
    for (int a = 0; a < 3; ++a) {
      _mm256_store_pd(spawn[a], k.spawn[a]);
      _mm256_store_pd(velocity[a], k.velocity[a]);
      _mm256_store_pd(position[a], k.position[a]);
    }
    for (int ch = 0; ch < 4; ++ch) _mm256_store_pd(color[ch], k.color[ch]);
    _mm256_store_pd(size, k.size);
    _mm256_store_pd(rotation, k.rotation);
    _mm_store_si128(reinterpret_cast<__m128i*>(frames), k.frame);
    for (std::size_t l = 0; l < valid; ++l) {
      ParticleState& p = out.emplace_back();
      p.slot = s.slot[i + l];
      p.birth = s.birth[i + l];
      p.cycle = s.cycle[i + l];
      p.birthTime = x.emitter->delay + static_cast<double>(p.cycle) * x.period + static_cast<double>(schedule[p.birth]);
      p.age = s.age[i + l];
      p.lifetime = s.lifetime[i + l];
      p.spawn = {spawn[0][l], spawn[1][l], spawn[2][l]};
      p.velocity = {velocity[0][l], velocity[1][l], velocity[2][l]};
      p.position = {position[0][l], position[1][l], position[2][l]};
      p.size = size[l];
      p.rotation = rotation[l];
      p.color = {color[0][l], color[1][l], color[2][l], color[3][l]};
      p.frame = frames[l];
    }
  }
};

// Runs the second pass over everything staged, then empties the stage.
template <class Sink>
KILN_AVX2 void flush(const EmitterContext& x, const WideEmitter& w, const std::vector<float>& schedule, Stage& s,
                     Sink& sink) {
  const std::size_t n = s.count;
  if (n == 0) return;
  // Pad the last block with copies of the last particle: its lanes compute, nothing is written.
  for (std::size_t j = n; j % 4 != 0; ++j) {
    s.expm1[j] = 0;
    s.age[j] = s.age[n - 1];
    s.lifetime[j] = s.lifetime[n - 1];
    s.prefix[j] = s.prefix[n - 1];
  }
  // libm's expm1 one particle at a time, before the vector work (a vector exponential would not
  // round as it does, and a call inside the block would spill every register).
  if (x.drag != 0)
    for (std::size_t j = 0; j < n; ++j) {
      const double q = x.drag * s.age[j];
      s.expm1[j] = q < kDragSeriesLimit ? 0.0 : std::expm1(-q);
    }
  Block block;
  for (std::size_t i = 0; i < n; i += 4) {
    const std::size_t valid = std::min<std::size_t>(4, n - i);
    finishBlock(x, w, s, i, valid, block);
    sink.put(x, schedule, block, s, i, valid);
  }
  s.count = 0;
}

// Packs the lanes of `mask` (bit l: lane l alive) to the stage's end.
KILN_AVX2 void stageAlive(Stage& s, unsigned mask, __m256d age, __m256d lifetime, __m256i cycle, __m128i prefix,
                          __m128i slot, __m128i birth) {
  const __m256i wide = _mm256_load_si256(reinterpret_cast<const __m256i*>(kCompress.wide[mask]));
  const __m256i narrow = _mm256_load_si256(reinterpret_cast<const __m256i*>(kCompress.narrow[mask]));
  const std::size_t n = s.count;
  _mm256_storeu_pd(s.age + n, _mm256_castps_pd(_mm256_permutevar8x32_ps(_mm256_castpd_ps(age), wide)));
  _mm256_storeu_pd(s.lifetime + n, _mm256_castps_pd(_mm256_permutevar8x32_ps(_mm256_castpd_ps(lifetime), wide)));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(s.cycle + n), _mm256_permutevar8x32_epi32(cycle, wide));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(s.prefix + n), pack(prefix, narrow));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(s.slot + n), pack(slot, narrow));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(s.birth + n), pack(birth, narrow));
  s.count = n + static_cast<std::size_t>(std::popcount(mask));
}

// The first pass over one emitter, then the second as the stage fills.
template <class Sink>
KILN_AVX2_CALL void run(const EmitterContext& x, const std::vector<float>& schedule, std::uint64_t slots, Sink& sink) {
  const WideEmitter w = wideEmitter(x);
  const auto births = static_cast<std::uint32_t>(schedule.size());
  const __m256d phase = _mm256_set1_pd(x.clock.phase);
  const __m256d allLanes = _mm256_castsi256_pd(_mm256_set1_epi64x(-1));
  Stage stage;
  std::uint64_t first = 0;
  for (std::uint32_t g = 0; first < slots; ++g, first += births) {
    const std::uint32_t count = static_cast<std::uint32_t>(std::min<std::uint64_t>(births, slots - first));
    // The group's cycle, and the one G earlier that a birth not yet reached in the current
    // cycle still shows; each with its hash link, its age base and whether it ever existed.
    const std::int64_t k = groupCycle(x, g);
    const bool mayShowEarlier = x.cycling && k == x.clock.cycle;
    const std::int64_t kEarlier = k - static_cast<std::int64_t>(x.groups);
    const __m128i mix = _mm_set1_epi32(static_cast<int>(cycleMix(x, k)));
    const __m128i mixEarlier = _mm_set1_epi32(static_cast<int>(cycleMix(x, kEarlier)));
    // age = (c − k)·P + φ − s_b for cycling emitters, φ − s_b for once emitters.
    const __m256d base = _mm256_set1_pd(static_cast<double>(x.clock.cycle - k) * x.period + x.clock.phase);
    const __m256d baseEarlier = _mm256_set1_pd(static_cast<double>(x.clock.cycle - kEarlier) * x.period + x.clock.phase);
    const __m256d exists = k >= 0 ? allLanes : _mm256_setzero_pd();
    const __m256d existsEarlier = kEarlier >= 0 ? allLanes : _mm256_setzero_pd();
    const __m256i cycle = _mm256_set1_epi64x(k), cycleEarlier = _mm256_set1_epi64x(kEarlier);

    for (std::uint32_t b0 = 0; b0 < count; b0 += 4) {
      const std::uint32_t valid = std::min<std::uint32_t>(4, count - b0);
      __m128 sb4;
      if (valid == 4) {
        sb4 = _mm_loadu_ps(schedule.data() + b0);
      } else {
        alignas(16) float tail[4] = {0, 0, 0, 0};
        std::memcpy(tail, schedule.data() + b0, valid * sizeof(float));
        sb4 = _mm_load_ps(tail);
      }
      const __m256d sb = _mm256_cvtps_pd(sb4);
      const __m128i birth = _mm_add_epi32(_mm_set1_epi32(static_cast<int>(b0)), _mm_setr_epi32(0, 1, 2, 3));
      __m256d age, alive;
      __m128i laneMix;
      __m256i laneCycle;
      if (!x.cycling) {
        alive = _mm256_cmp_pd(sb, phase, _CMP_NGT_UQ);  // dead when s_b > φ
        age = _mm256_sub_pd(phase, sb);
        laneMix = mix;
        laneCycle = cycle;
      } else {
        const __m256d earlier = mayShowEarlier ? _mm256_cmp_pd(sb, phase, _CMP_GT_OQ) : _mm256_setzero_pd();
        alive = _mm256_blendv_pd(exists, existsEarlier, earlier);
        age = _mm256_sub_pd(_mm256_blendv_pd(base, baseEarlier, earlier), sb);
        laneMix = _mm_blendv_epi8(mix, mixEarlier, lowHalves(_mm256_castpd_si256(earlier)));
        laneCycle = _mm256_castpd_si256(
            _mm256_blendv_pd(_mm256_castsi256_pd(cycle), _mm256_castsi256_pd(cycleEarlier), earlier));
      }
      const __m128i prefix = mix4(_mm_xor_si128(laneMix, birth));
      const __m128i lifeHash =
          mix4(_mm_xor_si128(prefix, _mm_set1_epi32(static_cast<int>(static_cast<std::uint32_t>(Stream::Lifetime)))));
      const __m256d lifetime = spanAt(x.lifetime, unit4(lifeHash)).v;
      alive = _mm256_and_pd(alive, _mm256_cmp_pd(age, lifetime, _CMP_LT_OQ));
      const unsigned mask = static_cast<unsigned>(_mm256_movemask_pd(alive)) & ((1u << valid) - 1);
      if (mask == 0) continue;
      if (stage.count + 4 > kStage) flush(x, w, schedule, stage, sink);
      const __m128i slot = _mm_add_epi32(birth, _mm_set1_epi32(static_cast<int>(static_cast<std::uint32_t>(first))));
      stageAlive(stage, mask, age, lifetime, laneCycle, prefix, slot, birth);
    }
  }
  flush(x, w, schedule, stage, sink);
}

}  // namespace

void evaluateWide(const EmitterContext& x, const std::vector<float>& schedule, std::uint64_t slots,
                  RenderBuffers& out) {
  BufferSink sink{out};
  run(x, schedule, slots, sink);
}

void evaluateWide(const EmitterContext& x, const std::vector<float>& schedule, std::uint64_t slots,
                  std::vector<ParticleState>& states) {
  StateSink sink{states};
  run(x, schedule, slots, sink);
}

}  // namespace kiln::particles::detail

#endif  // KILN_WIDE_LANES
