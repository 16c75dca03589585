// `dimensions: 2`: the system stays in the plane z = 0, gravity pulls along y, and the render
// buffers hold two floats per position. References: exact zeros, a closed-form fall on dyadic
// numbers, the 3D system (x and y do not depend on z when gravity is 0) and FNV-1a written out.
#include <catch2/catch.hpp>
#include <cstring>

#include "scenes.hpp"
#include "sim/batcher.hpp"
#include "sim/iso_key.hpp"
#include "sim/render_buffers.hpp"
#include "sim/sort.hpp"

using namespace simtest;

namespace {

Events planarSample() {
  Events e = sampleEvents();
  e.dimensions = 2;
  e.recipes[0].axis = {0, 1, 1};  // a tilted axis: its z share is dropped
  return e;
}

template <class System>
void requireInPlane(const System& s) {
  using M = typename System::Math;  // toDouble is exact in both backends
  for (const std::uint32_t slot : s.liveSlots()) {
    CHECK(M::toDouble(s.motion(slot).position.z) == 0.0);
    CHECK(M::toDouble(s.motion(slot).velocity.z) == 0.0);
    CHECK(M::toDouble(s.birth(slot).origin.z) == 0.0);
    CHECK(M::toDouble(s.birth(slot).initialVelocity.z) == 0.0);
  }
}

}  // namespace

TEST_CASE("2D: every z is 0 in both backends, whatever the origins' z", "[sim][planar]") {
  const Scene scene = compiled(planarSample());
  ParticleSystem fp(scene);
  FixedParticleSystem fx(scene);
  CHECK(fp.dimensions() == 2);
  CHECK(ParticleSystem(compiled(sampleEvents())).dimensions() == 3);
  for (const double t : {0.5, 2.1, 2.6, 3.4}) {
    fp.advanceTo(t);
    fx.advanceTo(t);
    REQUIRE(fp.liveCount() > 0);
    requireInPlane(fp);
    requireInPlane(fx);
  }
  // A host burst's z is ignored too.
  fp.burst(1, {1.0f, 2.0f, 9.0f}, 7, {});
  fp.advance();
  requireInPlane(fp);
}

TEST_CASE("2D: gravity pulls along +y, a dyadic fall matches the closed form exactly", "[sim][planar]") {
  Events e;
  e.capacity = 4;
  e.stepHz = 64;  // dt = 2^-6
  e.dimensions = 2;
  Recipe r;
  r.name = "drop";
  r.count = 1, r.lifetime = 10, r.size = 0.5, r.gravity = -4, r.drag = 0;
  r.speed = 3;  // along the default +Z axis: nothing of it is left in the plane
  e.recipes = {r};
  e.script = {{0.0, "drop", {1.5, 2.25, 5}, 1}};
  ParticleSystem s(compiled(e));
  const int n = 40;
  s.advanceTo(n / 64.0);
  REQUIRE(s.liveCount() == 1);
  const ParticleMotion& m = s.motion(s.liveSlots()[0]);
  // v_y after k steps is −4·k/64; y = 2.25 + Σ_{k=1..n} v_k/64 = 2.25 − 4·n(n+1)/2 / 64².
  const double dt = 1.0 / 64;
  CHECK(m.velocity.y == -4.0 * n * dt);
  CHECK(m.position.y == 2.25 - 4.0 * (n * (n + 1) / 2) * dt * dt);
  CHECK(m.position.x == 1.5);
  CHECK(m.velocity.x == 0);
  CHECK(m.position.z == 0);
}

TEST_CASE("2D with gravity 0: x and y are the 3D system's, bit for bit", "[sim][planar]") {
  Events three = sampleEvents();
  for (Recipe& r : three.recipes) r.gravity = 0;
  Events two = three;
  two.dimensions = 2;
  ParticleSystem a(compiled(three)), b(compiled(two));
  a.advanceTo(2.7);
  b.advanceTo(2.7);
  REQUIRE(a.liveCount() == b.liveCount());
  REQUIRE(a.liveCount() > 20);
  for (std::uint32_t i = 0; i < a.liveCount(); ++i) {
    const ParticleMotion& p = a.motion(a.liveSlots()[i]);
    const ParticleMotion& q = b.motion(b.liveSlots()[i]);
    CHECK(p.position.x == q.position.x);
    CHECK(p.position.y == q.position.y);
    CHECK(p.velocity.x == q.velocity.x);
  }
}

TEST_CASE("2D render buffers: two floats per position, hashed as two", "[sim][planar]") {
  ParticleSystem s(compiled(planarSample()));
  EventRenderBuffers b(s.capacity(), s.dimensions());
  CHECK(b.dimensions() == 2);
  CHECK(b.position().size() == 2 * 1024);
  CHECK(b.size().size() == 2 * 1024);
  CHECK(b.color().size() == 4 * 1024);
  s.advanceTo(2.6);
  writeRenderBuffers(s, b);
  REQUIRE(b.count() == s.liveCount());
  for (std::uint32_t i = 0; i < b.count(); ++i) {
    const ParticleMotion& m = s.motion(b.slot()[i]);
    CHECK(b.position()[2 * i] == m.position.x);
    CHECK(b.position()[2 * i + 1] == m.position.y);
  }
  // FNV-1a 64 from its published constants over count, then 2 floats of position per entry.
  std::uint64_t h = 14695981039346656037ull;
  auto byte = [&h](unsigned char c) { h = (h ^ c) * 1099511628211ull; };
  auto word = [&](std::uint32_t v) {
    for (int k = 0; k < 4; ++k) byte(static_cast<unsigned char>(v >> (8 * k)));
  };
  word(b.count());
  for (auto [arr, w] : {std::pair{b.position(), 2u}, std::pair{b.size(), 2u}, std::pair{b.rotation(), 1u},
                        std::pair{b.color(), 4u}, std::pair{b.uv(), 4u}, std::pair{b.extra(), 4u}})
    for (std::size_t i = 0; i < w * std::size_t{b.count()}; ++i) {
      std::uint32_t v;
      std::memcpy(&v, &arr[i], 4);
      word(v);
    }
  CHECK(renderBuffersHash(b) == h);
}

TEST_CASE("2D sorting: the iso key uses step height 0 and the view depth (x, y, 0)", "[sim][planar]") {
  ParticleSystem s(compiled(planarSample()));
  s.advanceTo(2.6);
  EventRenderBuffers b(s.capacity(), 2);
  writeRenderBuffers(s, b);
  REQUIRE(b.count() > 0);
  SpriteBatcher batcher(1024);
  ParticleView iso;
  iso.sort = SortMode::Iso;
  batcher.beginFrame(2.6);
  REQUIRE_FALSE(declareParticles(batcher, s, b, iso));
  batcher.build();
  for (const SpriteDeclaration& d : batcher.sorted()) {
    const float x = b.position()[2 * d.item], y = b.position()[2 * d.item + 1];
    CHECK(d.position.z == 0.0f);
    // (0 + 512) << 22 | round((x + y)·16) + 2^21, written out for layer 0 and height 0.
    const double row = std::nearbyint((double{x} + double{y}) * 16.0) + 2097152.0;
    CHECK(d.key == ((512u << 22) | static_cast<std::uint32_t>(row)));
  }
  // View: the depth of (x, y, 0) along the direction, from an eye above the plane.
  DepthSorter sorter(s.capacity());
  const Float3 eye{10.0f, 10.0f, 8.0f}, forward{-1.0f, -1.0f, -1.0f};
  const auto order = sorter.sortBackToFront(b, eye, forward);
  REQUIRE(order.size() == b.count());
  for (std::size_t k = 1; k < order.size(); ++k) {
    auto depth = [&](std::uint32_t i) {
      const double x = b.position()[2 * i], y = b.position()[2 * i + 1];
      return -(x - 10.0) - (y - 10.0) - (0.0 - 8.0);
    };
    CHECK(depth(order[k - 1]) >= depth(order[k]) - 1e-4);
  }
}
