// The evaluator computes four particles at a time in AVX2 registers where the CPU has them
// (evaluate_wide.cpp) and one slot at a time elsewhere (evaluate.cpp): both must give the same
// bits for every field of every slot, at every time, of every sample document (including cycles
// past 2^32, where the hash sees the cycle modulo 2^32) and of random emitters that reach every
// branch of the motion, curve, flipbook and lifecycle rules.
#include <catch2/catch.hpp>

#include <bit>
#include <cstdio>
#include <cstring>
#include <random>

#include "particles/evaluate.hpp"
#include "particles/variation.hpp"
#include "sample_docs.hpp"

namespace wp = kiln::particles;

namespace {

// Every field of every alive particle, bit for bit.
bool sameStates(const std::vector<wp::ParticleState>& a, const std::vector<wp::ParticleState>& b) {
  if (a.size() != b.size()) return false;
  const auto same = [](double x, double y) { return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y); };
  for (std::size_t i = 0; i < a.size(); ++i) {
    const wp::ParticleState &p = a[i], &q = b[i];
    if (p.slot != q.slot || p.birth != q.birth || p.cycle != q.cycle || p.frame != q.frame) return false;
    for (const auto& [x, y] : {std::pair{p.birthTime, q.birthTime}, {p.age, q.age}, {p.lifetime, q.lifetime},
                               {p.size, q.size}, {p.rotation, q.rotation}})
      if (!same(x, y)) return false;
    for (int k = 0; k < 3; ++k)
      if (!same(p.spawn[k], q.spawn[k]) || !same(p.velocity[k], q.velocity[k]) || !same(p.position[k], q.position[k]))
        return false;
    for (std::size_t c = 0; c < 4; ++c)
      if (!same(p.color[c], q.color[c])) return false;
  }
  return true;
}

// Restores the default when a check fails mid-way.
struct WideLanes {
  explicit WideLanes(bool on) : before(wp::detail::useWideLanes(on)) {}
  ~WideLanes() { wp::detail::useWideLanes(before); }
  bool before;
};

// Evaluates emitter `e` at `t` on both paths, as ParticleStates and as render buffers, requires
// the same bits from both, and returns the narrow path's particles.
std::vector<wp::ParticleState> requireSameOnBothPaths(const wp::Document& doc, std::size_t e, double t) {
  std::vector<wp::ParticleState> wide, narrow;
  {
    WideLanes on(true);
    wide = wp::evaluateEmitter(doc, e, t);
  }
  {
    WideLanes off(false);
    narrow = wp::evaluateEmitter(doc, e, t);
  }
  REQUIRE(sameStates(wide, narrow));
  // The render-buffer path too.
  wp::RenderBuffers a, b;
  a.reserve(doc.presets[doc.emitters[e].preset].capacity);
  b.reserve(doc.presets[doc.emitters[e].preset].capacity);
  {
    WideLanes on(true);
    wp::evaluate(doc, e, t, a);
  }
  {
    WideLanes off(false);
    wp::evaluate(doc, e, t, b);
  }
  REQUIRE(a.count == narrow.size());
  REQUIRE(a.count == b.count);
  REQUIRE(wp::hashBuffers(a) == wp::hashBuffers(b));
  return narrow;
}

}  // namespace

TEST_CASE("wide and narrow paths give the same particles of the sample documents, bit for bit", "[evaluate]") {
  const std::vector<wp::Document> docs{kiln::testdocs::sampleDocumentV1(), kiln::testdocs::sampleDocumentV2(),
                                       kiln::testdocs::maximumDocument()};
  // Times inside the first cycles, far into a long session, and past 2^32 cycles of a 2 s period.
  const double times[] = {0.0, 0.05, 0.37, 1.0, 1.95, 2.5, 7.25, 1e5 + 0.3, 8.7e9 + 0.61};
  std::size_t alive = 0, compared = 0;
  for (const wp::Document& doc : docs)
    for (std::size_t e = 0; e < doc.emitters.size(); ++e)
      for (const double t : times) {
        INFO("emitter " << doc.emitters[e].name << " at t = " << t);
        const std::vector<wp::ParticleState> narrow = requireSameOnBothPaths(doc, e, t);
        alive += narrow.size();
        ++compared;
      }
  // The comparison saw real particles, not only empty emitters.
  CHECK(compared > 2000);
  CHECK(alive > 100000);
}

TEST_CASE("the narrow path draws each stream as variation() defines it", "[evaluate]") {
  // One alive particle's velocity and angle from its own (seed, cycle, birth), outside the
  // evaluator: wrong stream numbering in either path would show here.
  const wp::Document doc = kiln::testdocs::sampleDocumentV1();
  WideLanes off(false);
  const auto particles = wp::evaluateEmitter(doc, 0, 0.37);
  REQUIRE_FALSE(particles.empty());
  const wp::Emitter& e = doc.emitters[0];
  const wp::Preset& p = doc.presets[e.preset];
  for (const wp::ParticleState& s : particles) {
    const float u = wp::variation(e.seed, static_cast<std::uint32_t>(s.cycle), s.birth, wp::Stream::VelocityZ);
    const double vz = static_cast<double>(static_cast<float>(p.velocity.min.z)) +
                      static_cast<double>(u) * (static_cast<double>(static_cast<float>(p.velocity.max.z)) -
                                                static_cast<double>(static_cast<float>(p.velocity.min.z)));
    CHECK(s.velocity.z == vz);
  }
}

namespace {

// A random preset and emitter pair, unvalidated on purpose: the evaluator must agree with itself
// on whatever it is given, and the edges (one curve key, zero drag, q straddling 0.5, one frame,
// zero fps, births at the clock's phase, more groups than cycles so far) come up often.
wp::Document randomDocument(std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const auto pick = [&](std::initializer_list<double> values) {
    return *(values.begin() + std::uniform_int_distribution<std::size_t>(0, values.size() - 1)(rng));
  };
  const auto keyAges = [&](std::size_t n) {
    std::vector<double> ages{0.0};
    for (std::size_t i = 1; i + 1 < n; ++i) ages.push_back(ages.back() + (1.0 - ages.back()) * (0.1 + 0.6 * unit(rng)));
    if (n > 1) ages.push_back(1.0);
    // Now and then keys out of order or repeated, which validation rejects: the segment search,
    // the zero weight of an empty segment and the weight clamp must still agree.
    if (n > 2 && unit(rng) < 0.2) std::swap(ages[1], ages[n - 1]);
    if (n > 1 && unit(rng) < 0.1) ages[n - 1] = ages[n - 2];
    if (n > 1 && unit(rng) < 0.1) ages[0] = 0.2;        // t below the first segment
    if (n > 1 && unit(rng) < 0.1) ages[n - 1] *= 0.7;  // and past the last one
    return ages;
  };
  wp::Document doc;
  doc.version = wp::AlphaVersion;
  wp::Preset p;
  p.name = "random";
  p.capacity = std::uniform_int_distribution<std::uint32_t>(1, 300)(rng);
  p.spawnShape = unit(rng) < 0.5 ? wp::SpawnShape::Box : wp::SpawnShape::Point;
  p.spawnHalfExtents = {unit(rng), unit(rng), unit(rng)};
  p.velocity = {{-unit(rng), -unit(rng), -unit(rng)}, {unit(rng) * 3, unit(rng), unit(rng) * 2}};
  // Lifetimes of years reach flipbook indices past 2^32 (the scalar path's 64-bit remainder), and
  // of millions of years past 2^53 (where the index is clamped).
  const double lifeMin = pick({0.05, 0.5, 1.0, 2.5, 5e8, 1e15});
  p.lifetime = {lifeMin, lifeMin + pick({0.0, 0.3, 1.7, 6.0})};
  p.acceleration = {unit(rng) - 0.5, unit(rng) - 0.5, pick({0.0, -9.8, 0.5})};
  p.drag = pick({0.0, 0.0, 0.9, 0.25, 4.0, 1e-3});
  p.rotationAngle = {0, pick({0.0, 360.0})};
  p.rotationSpeed = {-unit(rng) * 90, unit(rng) * 90};
  const std::size_t sizeKeys = std::uniform_int_distribution<std::size_t>(0, 4)(rng);
  for (const double a : keyAges(sizeKeys)) p.size.push_back({a, pick({0.0, 0.05, 0.2, 1.5})});
  const std::size_t colorKeys = std::uniform_int_distribution<std::size_t>(0, 4)(rng);
  for (const double a : keyAges(colorKeys)) p.color.push_back({a, {unit(rng), unit(rng), unit(rng), unit(rng)}});
  p.sprite.frames.assign(std::uniform_int_distribution<std::size_t>(1, 16)(rng), "frame");
  p.sprite.fps = pick({0.0, 8.0, 24.0, 0.7});
  p.sprite.flipbook = unit(rng) < 0.5 ? wp::Flipbook::Once : wp::Flipbook::Cycle;
  doc.presets.push_back(p);

  wp::Emitter e;
  e.name = "random";
  e.preset = 0;
  e.position = {unit(rng) * 10 - 5, unit(rng) * 10 - 5, unit(rng) * 3};
  e.yaw = pick({0.0, 90.0, -180.0, 37.5, unit(rng) * 360 - 180});
  e.scale = pick({1.0, 0.5, 2.25});
  e.seed = static_cast<std::uint32_t>(rng());
  e.rate = pick({0.0, 3.0, 17.0, 60.0});
  e.duration = pick({0.0, 0.5, 1.25, 3.0});
  const int bursts = std::uniform_int_distribution<int>(0, 4)(rng);
  for (int b = 0; b < bursts; ++b)
    e.bursts.push_back({pick({0.0, 0.25, 0.5, unit(rng) * 2}), std::uniform_int_distribution<std::uint32_t>(1, 9)(rng)});
  e.mode = unit(rng) < 0.6 ? wp::PlayMode::Cycle : wp::PlayMode::Once;
  e.period = pick({0.3, 1.0, 2.0, 4.5});
  e.delay = pick({0.0, 0.5, 1.75});
  doc.emitters.push_back(e);
  return doc;
}

}  // namespace

TEST_CASE("wide and narrow paths give the same particles of random emitters, bit for bit", "[evaluate]") {
  std::mt19937 rng(20261202);
  std::size_t alive = 0, expLanes = 0, seriesLanes = 0, frames = 0, hugeFrames = 0, clampedFrames = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const wp::Document doc = randomDocument(rng);
    const wp::Preset& p = doc.presets[0];
    // Times before the delay, at birth times (age exactly 0), inside the first cycles, and late.
    std::vector<double> times{0.0, doc.emitters[0].delay, doc.emitters[0].delay + 0.25,
                              doc.emitters[0].delay + doc.emitters[0].period};
    for (int k = 0; k < 4; ++k) times.push_back(std::uniform_real_distribution<double>(0.0, 12.0)(rng));
    times.push_back(3.7e4 + 0.11);
    times.push_back(2.5e8 + 0.3);
    times.push_back(4e14 + 0.3);
    for (const double t : times) {
      INFO("trial " << trial << " at t = " << t);
      const std::vector<wp::ParticleState> narrow = requireSameOnBothPaths(doc, 0, t);
      alive += narrow.size();
      for (const wp::ParticleState& s : narrow) {
        if (p.drag != 0) ++(p.drag * s.age < 0.5 ? seriesLanes : expLanes);
        frames += s.frame != 0;
        hugeFrames += s.age * p.sprite.fps > 4294967296.0 && p.sprite.frames.size() > 1;
        clampedFrames += s.age * p.sprite.fps > 9007199254740992.0 && p.sprite.frames.size() > 1;
      }
    }
  }
  // The random emitters reached both drag branches and the flipbook, with many particles.
  INFO("alive " << alive << ", series " << seriesLanes << ", expm1 " << expLanes << ", frames " << frames
                << ", past 2^32 frames " << hugeFrames << ", past 2^53 " << clampedFrames);
  CHECK(alive > 100000);
  CHECK(seriesLanes > 1000);
  CHECK(expLanes > 1000);
  CHECK(frames > 1000);
  CHECK(hugeFrames > 100);
  CHECK(clampedFrames > 100);
}

// The comparisons above are only worth something where the wide path ran: on a CPU with AVX2 it
// must have, and switched off it must not. The line printed here is how CI says which path it
// compared (scripts/test.sh shows it after the suite).
TEST_CASE("the wide path runs exactly where the CPU has AVX2 and it is switched on", "[evaluate]") {
  const wp::Document doc = kiln::testdocs::sampleDocumentV2();
#if defined(__x86_64__)
  const bool avx2 = __builtin_cpu_supports("avx2");
#else
  const bool avx2 = false;
#endif
  std::uint64_t before = wp::detail::wideEvaluations();
  {
    WideLanes off(false);
    (void)wp::evaluateEmitter(doc, 0, 1.5);
  }
  REQUIRE(wp::detail::wideEvaluations() == before);
  {
    WideLanes on(true);
    (void)wp::evaluateEmitter(doc, 0, 1.5);
    wp::RenderBuffers b;
    b.reserve(doc.presets[doc.emitters[0].preset].capacity);
    wp::evaluate(doc, 0, 1.5, b);
  }
  const std::uint64_t ran = wp::detail::wideEvaluations() - before;
  std::printf("evaluator path tested: %s\n",
              avx2 ? "AVX2 four-lane path against the scalar path" : "scalar path only (this CPU has no AVX2)");
  if (avx2)
    REQUIRE(ran == 2);
  else
    REQUIRE(ran == 0);
}
