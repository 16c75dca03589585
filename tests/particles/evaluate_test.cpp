// The CPU reference evaluator: slot rule, ages and birth times worked by hand, agreement with a
// brute-force enumeration of every (cycle, birth), float32 inputs, and allocation-free buffers.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <set>

#include "particles/evaluate.hpp"
#include "particles/sample_docs.hpp"
#include "particles/schedule.hpp"
#include "particles/variation.hpp"

using namespace kiln;
using namespace kiln::particles;

namespace {

// Fixed lifetime L so the alive set can be worked out by hand.
Document handDoc(PlayMode mode, double lifetime) {
  Document doc = testdocs::minimalDocument();
  doc.presets[0].lifetime = {lifetime, lifetime};
  doc.presets[0].capacity = 16;
  Emitter& e = doc.emitters[0];
  e.bursts.clear();
  e.rate = 2;
  e.duration = 1;  // births at 0 and 0.5
  e.mode = mode;
  if (mode == PlayMode::Cycle) e.period = 1;
  testdocs::fillBounds(doc);
  return doc;
}

std::map<std::uint32_t, ParticleState> bySlot(const std::vector<ParticleState>& v) {
  std::map<std::uint32_t, ParticleState> m;
  for (const auto& p : v) m[p.slot] = p;
  return m;
}

}  // namespace

TEST_CASE("once emitter: alive while 0 <= age < lifetime after the delay", "[particles][evaluate]") {
  Document doc = handDoc(PlayMode::Once, 1);
  doc.emitters[0].delay = 0.5;
  CHECK(evaluateEmitter(doc, 0, 0.49).empty());
  auto at = [&](double t) { return bySlot(evaluateEmitter(doc, 0, t)); };
  CHECK(at(0.5).size() == 1);  // birth 0 at τ = 0
  const auto m = at(1.25);     // τ = 0.75: both alive, ages 0.75 and 0.25
  REQUIRE(m.size() == 2);
  CHECK(m.at(0).age == 0.75);
  CHECK(m.at(1).age == 0.25);
  CHECK(m.at(1).birthTime == 1.0);
  CHECK(m.at(1).cycle == 0);
  const auto late = at(2.25);  // τ = 1.75: birth 0 is 1.75 old (dead), birth 1 is 1.25 old (dead)
  CHECK(late.empty());
  const auto edge = at(1.5 + 0.25);  // τ = 1.25: birth 1 has age 0.75
  REQUIRE(edge.size() == 1);
  CHECK(edge.begin()->first == 1);
}

TEST_CASE("cycling emitter: slots follow group and birth and reuse after G periods", "[particles][evaluate]") {
  const Document doc = handDoc(PlayMode::Cycle, 1.5);  // G = ceil(1.5/1) = 2, B = 2 → 4 slots
  REQUIRE(cycleGroups(doc.presets[0], doc.emitters[0]) == 2);
  // τ = 2.75: c = 2, φ = 0.75.
  const auto m = bySlot(evaluateEmitter(doc, 0, 2.75));
  REQUIRE(m.size() == 3);
  CHECK(m.at(0).cycle == 2);  // group 0, birth 0: cycle 2, age 0.75
  CHECK(m.at(0).age == 0.75);
  CHECK(m.at(1).cycle == 2);  // group 0, birth 1: age 0.25
  CHECK(m.at(1).age == 0.25);
  CHECK(m.count(2) == 0);     // group 1, birth 0: cycle 1, age 1.75 ≥ 1.5
  CHECK(m.at(3).cycle == 1);  // group 1, birth 1: cycle 1, age 1.25
  CHECK(m.at(3).age == 1.25);
  CHECK(m.at(3).birthTime == 1.5);
  // τ = 0.25: only cycle 0's first birth exists yet; group 1 has no cycle ≤ 0.
  const auto first = bySlot(evaluateEmitter(doc, 0, 0.25));
  REQUIRE(first.size() == 1);
  CHECK(first.at(0).age == 0.25);
}

TEST_CASE("cycling slots show exactly the alive births of a brute-force enumeration", "[particles][evaluate]") {
  Document doc = testdocs::sampleDocumentV1();
  const std::size_t ei = 1;  // "chimney": cycling, 2 groups, delay 0.5
  const Emitter& e = doc.emitters[ei];
  const Preset& p = doc.presets[e.preset];
  const std::vector<float> schedule = birthSchedule(e);
  const double P = static_cast<float>(e.period);
  const double L0 = static_cast<float>(p.lifetime.min), L1 = static_cast<float>(p.lifetime.max);
  for (double T = 0; T < 40; T += 0.137) {
    std::set<std::pair<std::int64_t, std::uint32_t>> expected, got;
    for (std::int64_t k = 0; k * P <= T; ++k)
      for (std::uint32_t b = 0; b < schedule.size(); ++b) {
        const double born = e.delay + static_cast<double>(k) * P + schedule[b];
        const double u = variation(e.seed, static_cast<std::uint32_t>(k), b, Stream::Lifetime);
        if (born <= T && T - born < L0 + u * (L1 - L0)) expected.insert({k, b});
      }
    for (const auto& s : evaluateEmitter(doc, ei, T)) {
      got.insert({s.cycle, s.birth});
      CHECK(s.age == Approx(T - s.birthTime).margin(1e-9));
    }
    INFO("T = " << T);
    REQUIRE(got == expected);
  }
}

TEST_CASE("spare slots beyond groups x births stay dead", "[particles][evaluate]") {
  Document doc = handDoc(PlayMode::Cycle, 1.5);
  doc.presets[0].capacity = 64;
  ParticleState s;
  const auto schedule = birthSchedule(doc.emitters[0]);
  for (double T : {0.1, 0.7, 3.3, 10.0}) {
    for (std::uint32_t slot = 4; slot < 64; ++slot) CHECK_FALSE(evaluateSlot(doc, 0, schedule, slot, T, s));
  }
  CHECK(evaluateSlot(doc, 0, schedule, 0, 0.1, s));
}

TEST_CASE("sampled values stay in their ranges and use float32 inputs", "[particles][evaluate]") {
  Document doc = testdocs::sampleDocumentV1();
  doc.presets[0].velocity.min.x = doc.presets[0].velocity.max.x = 0.1;  // 0.1 is not a float32
  const Preset& p = doc.presets[0];
  for (const ParticleState& s : evaluateEmitter(doc, 0, 0.9)) {
    CHECK(s.velocity.x == static_cast<double>(0.1f));
    for (int i = 0; i < 3; ++i) {
      CHECK(std::fabs(s.spawn[i]) <= static_cast<float>(p.spawnHalfExtents[i]));
      if (i > 0) CHECK(s.velocity[i] >= static_cast<float>(p.velocity.min[i]));
      if (i > 0) CHECK(s.velocity[i] < static_cast<float>(p.velocity.max[i]));
    }
    CHECK(s.lifetime >= static_cast<float>(p.lifetime.min));
    CHECK(s.lifetime < static_cast<float>(p.lifetime.max));
    CHECK(s.rotation >= p.rotationAngle.min + p.rotationSpeed.min * s.age);
    CHECK(s.rotation <= p.rotationAngle.max + p.rotationSpeed.max * s.age);
    CHECK(s.frame < 2);
  }
}

TEST_CASE("evaluate fills the buffers without allocating and hashes deterministically", "[particles][evaluate]") {
  const Document doc = testdocs::sampleDocumentV2();
  const std::size_t ei = 2;
  RenderBuffers buf;
  buf.reserve(doc.presets[doc.emitters[ei].preset].capacity);
  const float* pos = buf.position.data();
  const float* sched = buf.schedule.data();
  evaluate(doc, ei, 1.3, buf);
  const std::uint64_t h1 = hashBuffers(buf);
  const auto states = evaluateEmitter(doc, ei, 1.3);
  REQUIRE(buf.count == states.size());
  REQUIRE(buf.count > 0);
  for (std::size_t i = 0; i < states.size(); ++i) {
    CHECK(buf.slot[i] == states[i].slot);
    CHECK(buf.position[3 * i + 2] == static_cast<float>(states[i].position.z));
    CHECK(buf.size[i] == static_cast<float>(states[i].size));
  }
  evaluate(doc, ei, 2.9, buf);
  CHECK(hashBuffers(buf) != h1);
  evaluate(doc, ei, 1.3, buf);
  CHECK(hashBuffers(buf) == h1);
  CHECK(buf.position.data() == pos);
  CHECK(buf.schedule.data() == sched);
}

TEST_CASE("size and colour follow the curves at age over lifetime with scale", "[particles][evaluate]") {
  Document doc = handDoc(PlayMode::Once, 2);
  doc.presets[0].size = {{0, 1}, {1, 3}};
  doc.presets[0].color = {{0, {0, 0, 0, 1}}, {1, {1, 1, 1, 0}}};
  doc.emitters[0].scale = 2;
  testdocs::fillBounds(doc);
  const auto m = bySlot(evaluateEmitter(doc, 0, 0.5));
  REQUIRE(m.count(0));
  CHECK(m.at(0).size == Approx(2 * 1.5));  // t = 0.25 → size 1.5, scale 2
  CHECK(m.at(0).color[0] == Approx(0.25));
  CHECK(m.at(0).color[3] == Approx(0.75));
}

TEST_CASE("hashBuffers is FNV-1a over the count and the valid entries only", "[particles][evaluate]") {
  RenderBuffers b;
  b.reserve(4);
  // Reference values from an independent Python FNV-1a over the little-endian bytes.
  CHECK(hashBuffers(b) == 0x4d25767f9dce13f5ull);  // count 0: four zero bytes
  b.count = 1;
  b.position[0] = 1, b.position[1] = 2, b.position[2] = 3;
  b.size[0] = 0.5f;
  b.rotation[0] = 90;
  b.color[0] = 1, b.color[1] = 0.5f, b.color[2] = 0.25f, b.color[3] = 1;
  b.frame[0] = 3;
  b.slot[0] = 7;
  CHECK(hashBuffers(b) == 0x9492913e380b4ebdull);
  b.position[3] = 42;  // beyond count: not part of the hash
  b.slot[1] = 9;
  CHECK(hashBuffers(b) == 0x9492913e380b4ebdull);
}
