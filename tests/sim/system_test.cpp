// The clock, the step order, float32 integration against a float64 re-run, the pool, the
// runtime floors and scrubbing — each expectation computed without the system's own code.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>

#include "scenes.hpp"
#include "sim/render_buffers.hpp"

using namespace simtest;

namespace {

Events bare(std::int64_t capacity, double hz = 60) {
  Events e;
  e.capacity = capacity;
  e.stepHz = hz;
  e.recipes = {ember(), pickup(), dust()};
  return e;
}

std::uint64_t stateHash(const ParticleSystem& s) {
  EventRenderBuffers b(s.capacity());
  writeRenderBuffers(s, b);
  return renderBuffersHash(b);
}

// Every byte that defines the state: births and motion of the live slots, in spawn order.
std::vector<unsigned char> stateBytes(const ParticleSystem& s) {
  std::vector<unsigned char> out;
  auto put = [&](const void* p, std::size_t n) {
    const auto* c = static_cast<const unsigned char*>(p);
    out.insert(out.end(), c, c + n);
  };
  for (std::uint32_t slot : s.liveSlots()) {
    const ParticleBirth& b = s.birth(slot);
    put(&b.id, sizeof b.id);
    put(&b.seed, sizeof b.seed);
    put(&b.initialVelocity, sizeof b.initialVelocity);
    put(&b.origin, sizeof b.origin);
    put(&s.motion(slot), sizeof(ParticleMotion));
    put(&slot, sizeof slot);
  }
  const Counters c = s.counters();
  put(&c, sizeof c);
  return out;
}

}  // namespace

TEST_CASE("the clock: n = floor(T * step_hz) steps, 0 before T = 0", "[sim][clock]") {
  CHECK(ParticleSystem::stepsAt(2.0, 60) == 120);
  CHECK(ParticleSystem::stepsAt(2.0 - 1e-12, 60) == 119);
  CHECK(ParticleSystem::stepsAt(0.999, 1) == 0);
  CHECK(ParticleSystem::stepsAt(1.0, 7) == 7);
  CHECK(ParticleSystem::stepsAt(-3.0, 60) == 0);
  CHECK(ParticleSystem::stepsAt(std::nan(""), 60) == 0);
  ParticleSystem s(compiled(sampleEvents()));
  s.advanceTo(2.0);
  CHECK(s.step() == 120);
  CHECK(s.dt() == 1.0f / 60.0f);
}

TEST_CASE("a script event fires in the step whose interval holds its time", "[sim][step]") {
  Events e = bare(256);
  e.script = {{0.5, "ember", {1, 2, 3}, 7}};
  ParticleSystem s(compiled(e));
  s.advanceTo(30.0 / 60.0);  // 30 steps done: steps 0..29 cover [0, 0.5)
  CHECK(s.liveCount() == 0);
  s.advance();  // step 30 covers [0.5, 0.5 + dt)
  REQUIRE(s.liveCount() == 1);
  const std::uint32_t slot = s.liveSlots()[0];
  CHECK(s.birth(slot).birthStep == 30);
  CHECK(s.birth(slot).source.kind == SourceKind::Script);
  CHECK(s.birth(slot).source.index == 0);
  CHECK(s.birth(slot).seed == 7);
  CHECK(s.birth(slot).origin == Float3{1, 2, 3});
  // Integrated in the step it was born in: one dt old.
  CHECK(s.motion(slot).age == 1.0f / 60.0f);
}

TEST_CASE("step order: script bursts, then emitters in authored order", "[sim][step]") {
  Events e = bare(256, 10);
  e.script = {{0.0, "pickup", {0, 0, 0}, 1}, {0.05, "ember", {0, 0, 0}, 2}};
  EventEmitter a;
  a.name = "a", a.recipe = "ember", a.rate = 10, a.seedBase = 500;
  EventEmitter b = a;
  b.name = "b", b.seedBase = 900;
  e.emitters = {a, b};
  ParticleSystem s(compiled(e));
  s.advance();
  // pickup (48), ember (script 1: 0.05 s lies in step 0 at 10 Hz), emitter a, emitter b.
  REQUIRE(s.liveCount() == 48 + 1 + 1 + 1);
  const auto live = s.liveSlots();
  for (std::uint32_t i = 0; i < live.size(); ++i) CHECK(s.birth(live[i]).id == i);
  CHECK(s.birth(live[47]).source.index == 0);
  CHECK(s.birth(live[48]).source.kind == SourceKind::Script);
  CHECK(s.birth(live[48]).source.index == 1);
  CHECK(s.birth(live[49]).source.kind == SourceKind::Emitter);
  CHECK(s.birth(live[49]).seed == 500);
  CHECK(s.birth(live[50]).seed == 900);
  s.advance();
  CHECK(s.birth(s.liveSlots()[51]).seed == 501);  // the j-th particle has seed seed_base + j
  CHECK(s.birth(s.liveSlots()[52]).seed == 901);
}

TEST_CASE("float32 integration agrees with a float64 re-run from the initial values", "[sim][step]") {
  ParticleSystem s(compiled(sampleEvents()));
  s.advanceTo(3.0);
  REQUIRE(s.liveCount() > 40);
  const double dt = 1.0 / 60.0;
  for (std::uint32_t slot : s.liveSlots()) {
    const ParticleBirth& b = s.birth(slot);
    const Recipe& r = s.scene().events.recipes[b.recipe];
    double p[3] = {b.origin.x, b.origin.y, b.origin.z};
    double v[3] = {b.initialVelocity.x, b.initialVelocity.y, b.initialVelocity.z};
    const std::int64_t steps = s.step() - b.birthStep;
    const double damp = std::max(0.0, 1.0 - r.drag * dt);
    for (std::int64_t k = 0; k < steps; ++k) {
      v[2] += r.gravity * dt;
      for (double& c : v) c *= damp;
      for (int i = 0; i < 3; ++i) p[i] += v[i] * dt;
    }
    const ParticleMotion& m = s.motion(slot);
    CHECK(m.age == Approx(steps * dt).epsilon(1e-5));
    CHECK(m.age < m.lifetime);
    CHECK(m.position.x == Approx(p[0]).margin(1e-4));
    CHECK(m.position.y == Approx(p[1]).margin(1e-4));
    CHECK(m.position.z == Approx(p[2]).margin(1e-4));
    CHECK(m.velocity.z == Approx(v[2]).margin(1e-4));
  }
}

TEST_CASE("a particle dies in the step its age reaches its lifetime", "[sim][step]") {
  Events e = bare(8, 10);
  e.recipes[0].lifetime = 0.001;  // floor: every particle lives at most one step
  e.script = {{0.0, "ember", {0, 0, 0}, 3}};
  ParticleSystem s(compiled(e));
  s.advance();
  CHECK(s.liveCount() == 0);
  CHECK(s.counters().spawned == 1);
}

TEST_CASE("rate invariance: rate 12 spawns 12·T within one particle at any step rate", "[sim][emitter]") {
  for (double hz : {7.0, 30.0, 60.0, 144.0, 1000.0}) {
    for (double T : {1.0, 5.0, 10.0, 60.0}) {
      Events e = bare(65536, hz);
      EventEmitter m;
      m.name = "m", m.recipe = "ember", m.rate = 12;
      e.emitters = {m};
      ParticleSystem s(compiled(e));
      s.advanceTo(T);
      INFO("hz " << hz << " T " << T << " spawned " << s.counters().spawned);
      CHECK(std::abs(static_cast<double>(s.counters().spawned) - 12.0 * T) <= 1.0);
    }
  }
}

TEST_CASE("emitter particles leave from the path position of their step", "[sim][emitter]") {
  Events e = sampleEvents();
  e.script.clear();
  e.recipes[0].lifetime = 100;
  ParticleSystem s(compiled(e));
  s.advanceTo(6.0);
  for (std::uint32_t slot : s.liveSlots()) {
    const ParticleBirth& b = s.birth(slot);
    // Path (0 s, x = 2) → (4 s, x = 6), looping every 4 s: x = 2 + (t mod 4).
    const double t = static_cast<double>(b.birthStep) / 60.0;
    CHECK(b.origin.x == Approx(2.0 + std::fmod(t, 4.0)).margin(1e-5));
    CHECK(b.origin.y == 3.0f);
  }
}

TEST_CASE("the path loops, before its first key it comes back from the last", "[sim][emitter]") {
  EventEmitter m;
  m.position = {9, 9, 9};
  CHECK(emitterOrigin(m, 3.0) == Vec3{9, 9, 9});
  m.path = {{1.0, {0, 0, 0}}, {3.0, {4, 0, 0}}};
  CHECK(emitterOrigin(m, 2.0) == Vec3{2, 0, 0});
  CHECK(emitterOrigin(m, 0.0) == Vec3{4, 0, 0});   // the last key stands at time 0 of a period
  CHECK(emitterOrigin(m, 0.5) == Vec3{2, 0, 0});   // halfway back to the first key
  CHECK(emitterOrigin(m, 3.0) == Vec3{4, 0, 0});   // period 3: 3 s is 0 s again
  CHECK(emitterOrigin(m, 5.0) == Vec3{2, 0, 0});
  m.path = {{2.0, {1, 2, 3}}};
  CHECK(emitterOrigin(m, 7.0) == Vec3{1, 2, 3});
}

TEST_CASE("the pool reuses the lowest dead slot first", "[sim][pool]") {
  Events e = bare(8, 10);
  e.recipes[0].lifetime = 100, e.recipes[0].count = 2, e.recipes[0].spread = 0;
  e.recipes[1].lifetime = 0.05, e.recipes[1].count = 2;
  ParticleSystem s(compiled(e));
  s.burst(0, {}, 1, {});
  s.burst(1, {}, 2, {});
  s.burst(0, {}, 3, {});
  s.advance();  // the short-lived pair (slots 2, 3) dies
  REQUIRE(s.liveCount() == 4);
  e.recipes[0].count = 3;
  s.recipe(0).count = 3;
  s.burst(0, {}, 4, {});
  const auto live = s.liveSlots();
  REQUIRE(live.size() == 7);
  CHECK(std::vector<std::uint32_t>(live.begin(), live.end()) == std::vector<std::uint32_t>{0, 1, 4, 5, 2, 3, 6});
  CHECK(s.counters().recycled == 0);
}

TEST_CASE("a full pool recycles the oldest particle and keeps the newest", "[sim][pool]") {
  Events e = bare(16);
  e.script = {{0.0, "pickup", {0, 0, 0}, 9}};  // 48 particles into 16 slots
  ParticleSystem s(compiled(e));
  s.advance();
  CHECK(s.counters().spawned == 48);
  CHECK(s.counters().recycled == 32);
  REQUIRE(s.liveCount() == 16);
  for (std::uint32_t i = 0; i < 16; ++i) {
    CHECK(s.birth(s.liveSlots()[i]).id == 32 + i);
    CHECK(s.birth(s.liveSlots()[i]).index == 32 + i);
  }
  // The oldest is recycled even when its slot is not the lowest: slot 0 now holds id 32.
  s.recipe(0).count = 1;
  const std::uint32_t oldestSlot = s.liveSlots()[0];
  s.burst(0, {}, 5, {});
  CHECK(s.birth(oldestSlot).id == 48);
  CHECK(s.birth(s.liveSlots()[0]).id == 33);
  CHECK(s.counters().recycled == 33);
}

TEST_CASE("seed 002's floors hold at run time, however values are set", "[sim][floors]") {
  ParticleSystem s(compiled(bare(64)));
  s.recipe(0).count = -5;
  s.burst(0, {}, 1, {});
  CHECK(s.liveCount() == 0);
  s.recipe(0).count = 2;
  s.recipe(0).lifetime = -1;
  s.burst(0, {}, 1, {});
  REQUIRE(s.liveCount() == 2);
  for (std::uint32_t slot : s.liveSlots()) CHECK(s.birth(slot).lifetime == 0.001f);
  s.recipe(0).lifetime = std::nan("");
  s.burst(0, {}, 1, {});
  CHECK(s.birth(s.liveSlots()[2]).lifetime == 0.001f);

  Events e = bare(64);
  EventEmitter m;
  m.name = "m", m.recipe = "ember", m.rate = 12;
  e.emitters = {m};
  ParticleSystem t(compiled(e));
  t.emitter(0).rate = -12;
  t.advanceTo(2.0);
  CHECK(t.counters().spawned == 0);
  t.emitter(0).rate = std::nan("");
  t.advanceTo(3.0);
  CHECK(t.counters().spawned == 0);
  CHECK(effectiveRate(t.emitter(0)) == 0.0);
  t.emitter(0).rate = 1e9;
  CHECK(effectiveRate(t.emitter(0)) == kMaxRate);
}

TEST_CASE("scrubbing backwards re-simulates to identical bytes, a copy is a snapshot", "[sim][clock]") {
  ParticleSystem a(compiled(sampleEvents()));
  a.advanceTo(3.3);
  const auto at33 = stateBytes(a);
  const std::uint64_t h33 = stateHash(a);
  ParticleSystem snapshot = a;
  a.advanceTo(5.0);
  CHECK(stateBytes(a) != at33);
  a.advanceTo(3.3);  // backwards
  CHECK(stateBytes(a) == at33);
  CHECK(stateHash(a) == h33);
  ParticleSystem fresh(compiled(sampleEvents()));
  fresh.advanceTo(4.2);
  snapshot.advanceTo(4.2);
  a.advanceTo(4.2);
  CHECK(stateBytes(snapshot) == stateBytes(fresh));
  CHECK(stateBytes(a) == stateBytes(fresh));
}

TEST_CASE("finding: denormal speeds cost no more than normal ones: values below float32's normal range count as zero",
          "[sim][step]") {
  // Just outside the normal range (1e-39 < 2^-126 ≈ 1.18e-38): a burst's velocity comes out 0,
  // and stays 0 through the steps, so no step does arithmetic on denormals.
  auto velocityAfter = [](double speed) {
    Events e = bare(64);
    e.recipes[0].speed = speed;
    e.recipes[0].spread = speed;
    e.recipes[0].gravity = 0;
    e.recipes[0].drag = 0;
    e.script = {{0.0, "ember", {0, 0, 1}, 7}};
    ParticleSystem s(compiled(e));
    s.advanceTo(0.5);
    REQUIRE(s.liveCount() == 1);
    const std::uint32_t slot = s.liveSlots().front();
    return std::pair{s.birth(slot).initialVelocity, s.motion(slot).velocity};
  };
  const auto [tinyBirth, tinyNow] = velocityAfter(1e-39);
  CHECK(tinyBirth.x == 0.0f);
  CHECK(tinyBirth.y == 0.0f);
  CHECK(tinyBirth.z == 0.0f);
  CHECK(tinyNow.z == 0.0f);
  // Just inside (4e-38, above 2^-126 even after the 0.75 draw factor): kept as it is.
  const auto [normalBirth, normalNow] = velocityAfter(4e-38);
  CHECK(normalBirth.z > 0.0f);
  CHECK(normalNow.z == normalBirth.z);
  CHECK(std::fpclassify(normalBirth.z) == FP_NORMAL);
  // The flush lasts only for the step: the caller's floating-point mode is as it was.
  volatile float small = 1e-30f;
  CHECK(small * 1e-10f != 0.0f);  // a denormal result, not flushed outside the simulation
}
