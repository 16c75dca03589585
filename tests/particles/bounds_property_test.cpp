// Property test of conservativeEmitterBounds: for 10,000 random valid emitters, every billboard
// of 1,216 particles drawn across (and at the ends of) their parameter ranges lies inside the
// bounds, and the bounds exceed the sampled envelope by at most the margin plus 1% of the extent.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <sstream>

#include "particles/bounds.hpp"
#include "particles/evaluate.hpp"
#include "particles/motion.hpp"
#include "particles/sample_docs.hpp"
#include "particles/schedule.hpp"
#include "particles/validate.hpp"

using namespace kiln;
using namespace kiln::particles;

namespace {

// splitmix64: a fixed, library-independent generator so the emitters are the same everywhere.
struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0,1)
  double in(double lo, double hi) { return lo + unit() * (hi - lo); }
  bool chance(double p) { return unit() < p; }
  int pick(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

double up(double v) { return static_cast<double>(static_cast<float>(v)); }

Preset randomPreset(Rng& r) {
  Preset p = testdocs::smokePreset("p", 4096);
  p.spawnShape = r.chance(0.5) ? SpawnShape::Box : SpawnShape::Point;
  for (int i = 0; i < 3; ++i) {
    p.spawnHalfExtents[i] = r.chance(0.2) ? 0.0 : r.in(0, 2);
    p.velocity.min[i] = r.in(-5, 5);
    p.velocity.max[i] = r.chance(0.2) ? p.velocity.min[i] : p.velocity.min[i] + r.in(0, 6);
    p.acceleration[i] = r.chance(0.25) ? 0.0 : r.in(-10, 10);
  }
  const int dragKind = r.pick(3);
  p.drag = dragKind == 0 ? 0.0 : dragKind == 1 ? r.in(0, 0.3) : r.in(0.3, 6);
  p.lifetime.min = r.in(0.05, 4);
  p.lifetime.max = r.chance(0.2) ? p.lifetime.min : p.lifetime.min + r.in(0, 4);
  const int keys = 2 + r.pick(3);
  p.size.clear();
  for (int k = 0; k < keys; ++k)
    p.size.push_back({k == 0 ? 0.0 : k == keys - 1 ? 1.0 : (k + r.in(0.1, 0.9)) / (keys - 1), r.in(0, 0.6)});
  return p;
}

Emitter randomEmitter(Rng& r) {
  Emitter e{.name = "e"};  // initialised, not assigned: GCC 12 -O3 warns falsely on the assignment
  e.bursts = {{0, 1}};
  e.position = {r.in(-100, 100), r.in(-100, 100), r.in(-20, 20)};
  const int yawKind = r.pick(4);
  e.yaw = yawKind == 0 ? 90.0 * (r.pick(5) - 2) : r.in(-180, 180);
  e.scale = r.chance(0.3) ? 1.0 : r.in(0.1, 3);
  e.seed = static_cast<std::uint32_t>(r.next());
  return e;
}

// One sampled particle: centre and billboard radius (half diagonal, scale applied) at its age.
struct Sample {
  Vec3 centre;
  double radius;
};

Sample place(const Preset& p, const Emitter& e, const Vec3& spawn, const Vec3& velocity, double lifetime, double age) {
  // What the GPU sees: float32 inputs.
  const Vec3 accel{up(p.acceleration.x), up(p.acceleration.y), up(p.acceleration.z)};
  const Vec3 d = displacement(velocity, accel, up(p.drag), age);
  const Vec3 local{spawn.x + d.x, spawn.y + d.y, spawn.z + d.z};
  const Vec3 r = rotateYaw(local, up(e.yaw));
  const double s = up(e.scale);
  const Vec3 c{up(e.position.x) + s * r.x, up(e.position.y) + s * r.y, up(e.position.z) + s * r.z};
  return {c, sampleSize(p.size, age / lifetime) * s * std::sqrt(2.0) / 2};
}

struct Envelope {
  Vec3 lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
  void add(const Vec3& c, double radius) {
    for (int i = 0; i < 3; ++i) {
      lo[i] = std::min(lo[i], c[i] - radius);
      hi[i] = std::max(hi[i], c[i] + radius);
    }
  }
};

struct Stats {
  long particles = 0, outside = 0, loose = 0;
  double worstSlack = 0;  // (excess − margin) / extent, largest seen
};

void checkEmitter(Rng& r, Stats& st) {
  const Preset p = randomPreset(r);
  const Emitter e = randomEmitter(r);
  const BoundsExplanation x = explainEmitterBounds(p, e);
  const Bounds& b = x.bounds;
  const double s = up(e.scale);
  double maxKey = 0;
  for (const SizeKey& k : p.size) maxKey = std::max(maxKey, up(k.value));
  const double maxRadius = maxKey * s * std::sqrt(2.0) / 2;

  Envelope env;  // centres ± the largest billboard radius: the term the bounds use for size
  auto visit = [&](const Vec3& spawn, const Vec3& velocity, double lifetime, double age) {
    const Sample smp = place(p, e, spawn, velocity, lifetime, age);
    ++st.particles;
    for (int i = 0; i < 3; ++i)
      if (smp.centre[i] - smp.radius < b.min[i] || smp.centre[i] + smp.radius > b.max[i]) {
        ++st.outside;
        break;
      }
    env.add(smp.centre, maxRadius);
  };

  const bool box = p.spawnShape == SpawnShape::Box;
  const Vec3 half{up(p.spawnHalfExtents.x), up(p.spawnHalfExtents.y), up(p.spawnHalfExtents.z)};
  const Vec3 vmin{up(p.velocity.min.x), up(p.velocity.min.y), up(p.velocity.min.z)};
  const Vec3 vmax{up(p.velocity.max.x), up(p.velocity.max.y), up(p.velocity.max.z)};
  const double L0 = up(p.lifetime.min), L1 = up(p.lifetime.max);
  // 64 spawn × velocity corners, each at birth, at the end of the longest lifetime and at 16
  // stratified random ages in between — 8 strata even in age, 8 even in √age, since drag makes
  // trajectories bend fastest early: 1,152 particles.
  constexpr int kStrata = 8;
  for (int corner = 0; corner < 64; ++corner) {
    Vec3 spawn, velocity;
    for (int i = 0; i < 3; ++i) {
      spawn[i] = box ? ((corner >> i) & 1 ? half[i] : -half[i]) : 0.0;
      velocity[i] = (corner >> (3 + i)) & 1 ? vmax[i] : vmin[i];
    }
    visit(spawn, velocity, L1, 0);
    visit(spawn, velocity, L1, L1);
    for (int j = 0; j < kStrata; ++j) {
      visit(spawn, velocity, L1, L1 * (j + r.unit()) / kStrata);
      const double w = (j + r.unit()) / kStrata;
      visit(spawn, velocity, L1, L1 * w * w);
    }
  }
  // 64 particles drawn uniformly everywhere, lifetimes included (ends too).
  for (int n = 0; n < 64; ++n) {
    Vec3 spawn, velocity;
    for (int i = 0; i < 3; ++i) {
      spawn[i] = box ? r.in(-half[i], half[i]) : 0.0;
      velocity[i] = r.in(vmin[i], vmax[i]);
    }
    const int kind = r.pick(3);
    const double lifetime = kind == 0 ? L0 : kind == 1 ? L1 : r.in(L0, L1);
    visit(spawn, velocity, lifetime, r.in(0, lifetime));
  }

  for (int i = 0; i < 3; ++i) {
    const double extent = b.max[i] - b.min[i];
    for (double excess : {env.lo[i] - b.min[i], b.max[i] - env.hi[i]}) {
      const double slack = (excess - x.margin) / extent;
      st.worstSlack = std::max(st.worstSlack, slack);
      if (slack > 0.01) {
        ++st.loose;
        const auto& f = x.faces[static_cast<std::size_t>(2 * i + (excess == env.lo[i] - b.min[i] ? 0 : 1))];
        std::fprintf(stderr, "%s\n", (std::ostringstream{} << "axis " << i << " term " << f.term << " age " << f.age << " L " << f.lifetime << " drag " << p.drag
                      << " slack " << slack << " extent " << extent).str().c_str());
      }
    }
  }
}

void run(std::uint64_t seed, int emitters, Stats& st) {
  Rng r{seed};
  for (int i = 0; i < emitters; ++i) checkEmitter(r, st);
}

// The shader's arithmetic emulated in float32 (no FMA), to check that the margin covers it.
struct F3 {
  float x, y, z;
};

F3 gpuPosition(const Preset& p, const Emitter& e, const F3& spawn, const F3& v, float age) {
  const float drag = static_cast<float>(p.drag);
  float f = age, g = age * age * 0.5f;
  if (drag > 0) {
    const float q = drag * age;
    if (q < 0.5f) {
      f = age * (1.0f + q * (-1.0f / 2 + q * (1.0f / 6 + q * (-1.0f / 24 + q * (1.0f / 120 + q * (-1.0f / 720))))));
      g = age * age * (0.5f + q * (-1.0f / 6 + q * (1.0f / 24 + q * (-1.0f / 120 + q * (1.0f / 720 + q * (-1.0f / 5040))))));
    } else {
      f = (1.0f - std::exp(-q)) / drag;  // GLSL has no expm1; the exp form is what a port can do
      g = (age - f) / drag;
    }
  }
  const F3 a{static_cast<float>(p.acceleration.x), static_cast<float>(p.acceleration.y),
             static_cast<float>(p.acceleration.z)};
  const F3 l{spawn.x + v.x * f + a.x * g, spawn.y + v.y * f + a.y * g, spawn.z + v.z * f + a.z * g};
  const float yaw = static_cast<float>(e.yaw) * 0.017453292f;
  const float c = std::cos(yaw), s = std::sin(yaw), k = static_cast<float>(e.scale);
  return {static_cast<float>(e.position.x) + k * (c * l.x - s * l.y),
          static_cast<float>(e.position.y) + k * (s * l.x + c * l.y), static_cast<float>(e.position.z) + k * l.z};
}

}  // namespace

TEST_CASE("float32 evaluation of extreme particles stays inside the margin", "[particles][bounds][property]") {
  // Corner particles at birth, at the end of the longest lifetime and at random ages, computed
  // as a shader would (float32, exp instead of expm1, float cos/sin) with zero-size billboards,
  // so only the margin separates the extreme centres from the faces.
  Rng r{0x67707533ull};
  long checked = 0, outside = 0;
  for (int n = 0; n < 3000; ++n) {
    Preset p = randomPreset(r);
    p.size = {{0, 0}, {1, 0}};
    const Emitter e = randomEmitter(r);
    const Bounds b = conservativeEmitterBounds(p, e);
    const float L = static_cast<float>(p.lifetime.max);
    for (int corner = 0; corner < 64; ++corner) {
      F3 spawn{0, 0, 0}, v{};
      for (int i = 0; i < 3; ++i) {
        const float h = p.spawnShape == SpawnShape::Box ? static_cast<float>(p.spawnHalfExtents[i]) : 0.0f;
        const float vi = static_cast<float>((corner >> (3 + i)) & 1 ? p.velocity.max[i] : p.velocity.min[i]);
        (i == 0 ? spawn.x : i == 1 ? spawn.y : spawn.z) = (corner >> i) & 1 ? h : -h;
        (i == 0 ? v.x : i == 1 ? v.y : v.z) = vi;
      }
      for (float age : {0.0f, L, L * static_cast<float>(r.unit()), L * static_cast<float>(r.unit())}) {
        const F3 c = gpuPosition(p, e, spawn, v, age);
        ++checked;
        if (c.x < b.min.x || c.x > b.max.x || c.y < b.min.y || c.y > b.max.y || c.z < b.min.z || c.z > b.max.z)
          ++outside;
      }
    }
  }
  INFO(checked << " float32 particles");
  CHECK(outside == 0);
}

TEST_CASE("bounds contain 10000 random emitters x 1216 particles and stay tight", "[particles][bounds][property]") {
  Stats st;
  run(0x6b696c6eull, 10000, st);
  INFO("particles " << st.particles << ", worst slack beyond margin " << st.worstSlack * 100 << "% of extent");
  CHECK(st.particles == 10000L * 1216);
  CHECK(st.outside == 0);
  CHECK(st.loose == 0);
}

TEST_CASE("the reference evaluator's particles lie inside the stored bounds", "[particles][bounds][property]") {
  // Real hash draws through evaluateEmitter, for random cycling emitters at random times.
  Rng r{0x6576616cull};
  long checked = 0, outside = 0;
  for (int n = 0; n < 300; ++n) {
    Document doc;
    doc.presets = {randomPreset(r)};
    Emitter e = randomEmitter(r);
    e.mode = PlayMode::Cycle;
    e.period = r.in(0.5, 3);
    e.rate = r.in(5, 40);
    e.duration = e.period * r.in(0.2, 1);
    e.bursts = {{0, 3}};
    e.delay = r.in(0, 2);
    e.bounds = conservativeEmitterBounds(doc.presets[0], e);
    doc.emitters = {e};
    REQUIRE(validate(doc).empty());
    for (int k = 0; k < 3; ++k) {
      for (const ParticleState& s : evaluateEmitter(doc, 0, r.in(0, 30))) {
        const double radius = s.size * std::sqrt(2.0) / 2;
        ++checked;
        for (int i = 0; i < 3; ++i)
          if (s.position[i] - radius < e.bounds.min[i] || s.position[i] + radius > e.bounds.max[i]) {
            ++outside;
            break;
          }
      }
    }
  }
  INFO(checked << " particles checked");
  CHECK(checked > 10000);
  CHECK(outside == 0);
}
