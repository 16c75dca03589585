// The escape finder on emitters whose answers are worked out by hand: straight flight, a thrown
// arc, drag, a particle born outside, a size curve that peaks mid-life, yaw and scale; then a
// property test against dense sampling of the reference evaluator on random emitters.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>

#include "particles/escapes.hpp"
#include "particles/evaluate.hpp"
#include "particles/sample_docs.hpp"

using namespace kiln;
using namespace kiln::particles;

namespace {

constexpr double kHalfSqrt2 = 0.70710678118654752;

// One particle at t = delay, flying with one fixed velocity; size `size0` → `size1` (two keys)
// unless `peak` puts a third key at mid-life.
Document single(Vec3 v, Vec3 a = {}, double drag = 0, double lifetime = 2, double size0 = 0, double size1 = 0,
                double delay = 0) {
  Preset p = testdocs::smokePreset("p", 1);
  p.velocity = {v, v};
  p.acceleration = a;
  p.drag = drag;
  p.lifetime = {lifetime, lifetime};
  p.size = {{0, size0}, {1, size1}};
  Emitter e{.name = "e"};
  e.bursts = {{0, 1}};
  e.delay = delay;
  Document doc;
  doc.presets = {p};
  doc.emitters = {e};
  return doc;
}

// A box far from everything but one face.
Bounds wide() { return {{-100, -100, -100}, {100, 100, 100}}; }

std::size_t face(const char* name) {
  const std::vector<Plane> planes = boxPlanes(wide());
  for (std::size_t i = 0; i < planes.size(); ++i)
    if (planes[i].name == name) return i;
  FAIL("no face " << name);
  return 0;
}

}  // namespace

TEST_CASE("box planes measure outward distances and keep the bounds' face order", "[particles][escapes]") {
  const std::vector<Plane> p = boxPlanes({{-1, -2, -3}, {4, 5, 6}});
  REQUIRE(p.size() == 6);
  CHECK(p[0].name == "min.x");
  CHECK(p[5].name == "max.z");
  // (0, 0, 0) is inside every face; (5, 0, 0) is 1 past max.x and 6 inside min.x.
  for (const Plane& f : p) CHECK(f.distance({0, 0, 0}) < 0);
  CHECK(p[1].distance({5, 0, 0}) == 1);
  CHECK(p[0].distance({5, 0, 0}) == -6);
  CHECK(p[4].distance({0, 0, -4}) == 1);
  CHECK(halfDiagonal(2) == Approx(std::sqrt(2.0)));
}

TEST_CASE("straight flight leaves through the top when its billboard reaches it", "[particles][escapes]") {
  // z = age, half-diagonal √2/2: outside max.z = 1.5 from age 1.5 − √2/2 = 0.792893.
  Document doc = single({0, 0, 1}, {}, 0, 2, 1, 1);
  Bounds b = wide();
  b.max.z = 1.5;
  const EscapeSearch s = findEscapes(doc, 0, boxPlanes(b));
  REQUIRE(s.first);
  CHECK(s.first->time == Approx(0.7928932188).margin(1e-9));
  CHECK(s.first->plane == face("max.z"));
  CHECK(s.first->distance > 0);
  CHECK(s.first->distance >= 1e-9);  // reported once clearly outside: a nanometre past
  CHECK(s.first->distance < 1e-8);
  CHECK(s.first->halfDiagonal == Approx(kHalfSqrt2));
  // The worst is at the end of the life (age → 2): 2 + √2/2 − 1.5, approached from inside the life.
  REQUIRE(s.extreme);
  CHECK(s.extreme->distance == Approx(1.2071067812).margin(1e-6));
  CHECK(s.extreme->age < 2);
  CHECK(s.exhaustive);
  CHECK(s.particles == 1);
}

TEST_CASE("a thrown particle crosses on the way up and is worst at its apex", "[particles][escapes]") {
  // z = 5t − 5t²: crosses z = 1 at t = (1 − √0.2)/2 = 0.2763932, apex 1.25 at t = 0.5.
  Document doc = single({0, 0, 5}, {0, 0, -10});
  Bounds b = wide();
  b.max.z = 1;
  EscapeSearch s = findEscapes(doc, 0, boxPlanes(b));
  REQUIRE(s.first);
  CHECK(s.first->time == Approx(0.2763932023).margin(1e-9));
  REQUIRE(s.extreme);
  CHECK(s.extreme->time == Approx(0.5).margin(1e-9));
  CHECK(s.extreme->distance == Approx(0.25).margin(1e-12));

  SECTION("with the top out of reach nothing escapes, and the apex is the closest approach") {
    b.max.z = 2;
    s = findEscapes(doc, 0, boxPlanes(b));
    CHECK_FALSE(s.first);
    REQUIRE(s.extreme);
    CHECK(s.extreme->plane == face("max.z"));
    CHECK(s.extreme->distance == Approx(-0.75).margin(1e-12));
    CHECK(s.extreme->time == Approx(0.5).margin(1e-9));
  }
}

TEST_CASE("drag: the crossing of a slowing particle", "[particles][escapes]") {
  // z = 2(1 − e^−t): reaches 1 at t = ln 2; at the end of a 3 s life 2(1 − e^−3) − 1 past it.
  Document doc = single({0, 0, 2}, {}, 1, 3);
  Bounds b = wide();
  b.max.z = 1;
  const EscapeSearch s = findEscapes(doc, 0, boxPlanes(b));
  REQUIRE(s.first);
  CHECK(s.first->time == Approx(0.6931471806).margin(1e-7));
  REQUIRE(s.extreme);
  CHECK(s.extreme->distance == Approx(0.9004258632).margin(1e-6));
}

TEST_CASE("a particle born outside escapes at its birth", "[particles][escapes]") {
  // Born at z = 0 at t = 1.25 (the delay), against a floor of the box at z = 0.5.
  Document doc = single({0, 0, 0}, {}, 0, 2, 0, 0, 1.25);
  Bounds b = wide();
  b.min.z = 0.5;
  const EscapeSearch s = findEscapes(doc, 0, boxPlanes(b));
  REQUIRE(s.first);
  CHECK(s.first->time == Approx(1.25).margin(1e-12));
  CHECK(s.first->age < 1e-9);
  CHECK(s.first->plane == face("min.z"));
  CHECK(s.first->distance == Approx(0.5).margin(1e-12));
}

TEST_CASE("a size curve peaking mid-life: crossing and worst inside one segment", "[particles][escapes]") {
  // z = t; size 0 → 2 at mid-life → 0, so the reach is t + √2·t on [0, 1]: 2 at t = 2/(1 + √2),
  // largest 1 + √2 at t = 1.
  Document doc = single({0, 0, 1});
  doc.presets[0].size = {{0, 0}, {0.5, 2}, {1, 0}};
  Bounds b = wide();
  b.max.z = 2;
  const EscapeSearch s = findEscapes(doc, 0, boxPlanes(b));
  REQUIRE(s.first);
  CHECK(s.first->time == Approx(0.8284271247).margin(1e-9));
  REQUIRE(s.extreme);
  CHECK(s.extreme->time == Approx(1).margin(1e-9));
  CHECK(s.extreme->distance == Approx(0.4142135624).margin(1e-9));
}

TEST_CASE("yaw turns the local velocity and scale stretches it", "[particles][escapes]") {
  SECTION("yaw 90: local +x flies toward world +y") {
    Document doc = single({1, 0, 0});
    doc.emitters[0].yaw = 90;
    Bounds b = wide();
    b.max.y = 1;
    const EscapeSearch s = findEscapes(doc, 0, boxPlanes(b));
    REQUIRE(s.first);
    CHECK(s.first->plane == face("max.y"));
    CHECK(s.first->time == Approx(1).margin(1e-9));
  }
  SECTION("scale 2: twice the speed, twice the half-diagonal") {
    // z = 2t, reach 2·√2/2 = √2: past 3 at t = (3 − √2)/2 = 0.7928932.
    Document doc = single({0, 0, 1}, {}, 0, 2, 1, 1);
    doc.emitters[0].scale = 2;
    Bounds b = wide();
    b.max.z = 3;
    const EscapeSearch s = findEscapes(doc, 0, boxPlanes(b));
    REQUIRE(s.first);
    CHECK(s.first->time == Approx(0.7928932188).margin(1e-9));
    CHECK(s.first->halfDiagonal == Approx(std::sqrt(2.0)));
  }
}

TEST_CASE("a cycling emitter is searched cycle by cycle up to the horizon", "[particles][escapes]") {
  Document doc = single({0, 0, 1});
  doc.emitters[0].mode = PlayMode::Cycle;
  doc.emitters[0].period = 2;
  doc.emitters[0].delay = 1;
  // Cycles start at 1, 3, 5, 7, 9: five before t = 10.
  EscapeOptions o;
  o.until = 10;
  EscapeSearch s = findEscapes(doc, 0, boxPlanes(wide()), o);
  CHECK(s.cycles == 5);
  CHECK(s.particles == 5);
  CHECK_FALSE(s.exhaustive);
  CHECK_FALSE(s.first);
  // The particle cap stops at whole cycles and says where.
  o.maxParticles = 3;
  s = findEscapes(doc, 0, boxPlanes(wide()), o);
  CHECK(s.cycles == 3);
  CHECK(s.until == 7);
}

namespace {

// splitmix64, so the random emitters are the same everywhere.
struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  double in(double lo, double hi) { return lo + unit() * (hi - lo); }
  bool chance(double p) { return unit() < p; }
};

// The largest distance past any plane over every alive particle at `time`.
double worstAt(const Document& doc, const std::vector<Plane>& planes, double time) {
  double worst = -1e300;
  for (const ParticleState& p : evaluateEmitter(doc, 0, time))
    for (const Plane& f : planes) worst = std::max(worst, f.distance(p.position) + halfDiagonal(p.size));
  return worst;
}

}  // namespace

TEST_CASE("property: against dense sampling of the evaluator", "[particles][escapes]") {
  // Random emitters with random boxes cut into their envelope: nothing sampled before the first
  // escape is outside, the first escape is outside when measured, and no sample beats the worst.
  Rng r{20261203};
  int escaped = 0, clean = 0, bornOutside = 0;
  for (int n = 0; n < 60; ++n) {
    Document doc;
    Preset p = testdocs::smokePreset("p", 64);
    p.spawnShape = r.chance(0.5) ? SpawnShape::Box : SpawnShape::Point;
    for (int i = 0; i < 3; ++i) {
      p.spawnHalfExtents[i] = r.in(0, 0.5);
      p.velocity.min[i] = r.in(-2, 2);
      p.velocity.max[i] = p.velocity.min[i] + r.in(0, 2);
      p.acceleration[i] = r.chance(0.3) ? 0.0 : r.in(-4, 4);
    }
    p.drag = r.chance(0.4) ? 0.0 : r.in(0, 3);
    p.lifetime = {r.in(0.3, 1.5), 0};
    p.lifetime.max = p.lifetime.min + r.in(0, 1);
    p.size = {{0, r.in(0, 0.5)}, {r.in(0.2, 0.8), r.in(0, 0.8)}, {1, r.in(0, 0.5)}};
    Emitter e{.name = "e"};
    e.rate = r.in(5, 20);
    e.duration = 1;
    e.mode = r.chance(0.5) ? PlayMode::Cycle : PlayMode::Once;
    e.period = 1.5;
    e.yaw = r.in(-180, 180);
    e.scale = r.in(0.5, 2);
    e.seed = static_cast<std::uint32_t>(r.next());
    doc.presets = {p};
    doc.emitters = {e};
    // A box around the emitter, each face within reach of some particles.
    Bounds b;
    for (int i = 0; i < 3; ++i) b.min[i] = -r.in(0.2, 2), b.max[i] = r.in(0.2, 2);
    const std::vector<Plane> planes = boxPlanes(b);
    EscapeOptions o;
    o.until = 4;
    const EscapeSearch s = findEscapes(doc, 0, planes, o);
    INFO("emitter " << n);
    REQUIRE(s.extreme);
    const double end = s.first ? s.first->time : o.until;
    for (int i = 0; i < 400; ++i) {
      const double t = end * i / 400.0;
      if (t < end) CHECK(worstAt(doc, planes, t) <= 1e-9);
    }
    // Every particle alive before the horizon was born in a searched cycle.
    for (int i = 0; i < 600; ++i) CHECK(worstAt(doc, planes, o.until * i / 600) <= s.extreme->distance + 1e-9);
    if (s.first) {
      ++escaped;
      CHECK(s.first->distance > 0);
      // A crossing is reported at its moment, not later; a particle born outside at its birth.
      if (s.first->age > 1e-9) CHECK(s.first->distance < 1e-6);
      else ++bornOutside;
      CHECK(worstAt(doc, planes, s.first->time) >= s.first->distance);
      CHECK(worstAt(doc, planes, s.first->time - 1e-6) <= 1e-9);
      CHECK(s.extreme->distance > 0);
    } else {
      ++clean;
      CHECK(s.extreme->distance <= 0);
    }
  }
  // The boxes must exercise both outcomes, or the test proves half of what it claims.
  CHECK(escaped - bornOutside > 10);
  CHECK(bornOutside > 3);
  CHECK(clean > 3);
}
