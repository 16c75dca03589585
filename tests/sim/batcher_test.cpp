// The isometric key and step height (hand-computed goldens), the batcher's frame protocol,
// draw ranges, budget and warning pacing, and a pinned determinism hash.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/hash.hpp"
#include "scenes.hpp"
#include "sim/batcher.hpp"
#include "sim/iso_key.hpp"
#include "sim/render_buffers.hpp"

using namespace simtest;
using kiln::core::Code;

namespace {

SpriteDeclaration decl(std::uint32_t key, std::uint32_t item, std::uint16_t material = 0,
                       BlendMode blend = BlendMode::LightMatter) {
  SpriteDeclaration d;
  d.key = key, d.item = item, d.material = material, d.blend = blend;
  return d;
}

std::vector<std::uint32_t> items(const SpriteBatcher& b) {
  std::vector<std::uint32_t> v;
  for (const auto& d : b.sorted()) v.push_back(d.item);
  return v;
}

}  // namespace

TEST_CASE("particleDepthToStepHeight: clamp to ±2047, then round half to even", "[sim][iso]") {
  CHECK(particleDepthToStepHeight(0.5f) == 0);
  CHECK(particleDepthToStepHeight(1.5f) == 2);
  CHECK(particleDepthToStepHeight(2.5f) == 2);
  CHECK(particleDepthToStepHeight(-0.5f) == 0);
  CHECK(particleDepthToStepHeight(-1.5f) == -2);
  CHECK(particleDepthToStepHeight(0.49999997f) == 0);
  CHECK(particleDepthToStepHeight(0.50000006f) == 1);
  CHECK(particleDepthToStepHeight(2046.5f) == 2046);
  CHECK(particleDepthToStepHeight(2047.0f) == 2047);
  CHECK(particleDepthToStepHeight(2047.5f) == 2047);
  CHECK(particleDepthToStepHeight(3000.0f) == 2047);
  CHECK(particleDepthToStepHeight(-3000.0f) == -2047);
  CHECK(particleDepthToStepHeight(-2047.0f) == -2047);
  CHECK(particleDepthToStepHeight(INFINITY) == 2047);
  CHECK(particleDepthToStepHeight(-INFINITY) == -2047);
  CHECK(particleDepthToStepHeight(std::nanf("")) == 2047);
}

TEST_CASE("isoDepthKey: (layer + 512) << 22 | (round((x + y)·16) − h·16 + 2^21)", "[sim][iso]") {
  // Layer 0 puts 512 << 22 = 2,147,483,648 on top; 2^21 = 2,097,152.
  CHECK(isoDepthKey(0, 0, 0) == 2149580800u);
  CHECK(isoDepthKey(1, 2, 0) == 2149580848u);          // + 48
  CHECK(isoDepthKey(0.03125f, 0, 0) == 2149580800u);   // (x + y)·16 = 0.5 → 0
  CHECK(isoDepthKey(0.09375f, 0, 0) == 2149580802u);   // 1.5 → 2
  CHECK(isoDepthKey(0.15625f, 0, 0) == 2149580802u);   // 2.5 → 2
  CHECK(isoDepthKey(-0.03125f, 0, 0) == 2149580800u);  // −0.5 → 0
  CHECK(isoDepthKey(0, 0, 1) == 2149580784u);          // − 16
  CHECK(isoDepthKey(0, 0, -2047) == 2149613552u);      // + 32,752
  CHECK(isoDepthKey(0, 0, 0, -512) == 2097152u);
  CHECK(isoDepthKey(0, 0, 0, 511) == 4292870144u);
  // The row's 22 bits: the last row inside, and saturation instead of carrying into layer 1.
  CHECK(isoDepthKey(131071.9375f, 0, 0) == 2151677951u);
  CHECK(isoDepthKey(131072.0f, 0, 0) == 2151677951u);
  CHECK(isoDepthKey(1e30f, 0, 0) == 2151677951u);
  CHECK(isoDepthKey(-131072.0f, 0, 0) == 2147483648u);
  CHECK(isoDepthKey(-131072.0625f, 0, 0) == 2147483648u);
  CHECK(isoDepthKey(std::nanf(""), 0, 0) == 2151677951u);
}

TEST_CASE("the frame protocol: declaring outside the open window is an error", "[sim][batcher]") {
  SpriteBatcher b(8);
  CHECK(b.declare(decl(0, 0)) == Code::WindowClosed);
  b.beginFrame(0.0);
  CHECK(b.windowOpen());
  CHECK_FALSE(b.declare(decl(0, 0)).has_value());
  b.build();
  CHECK_FALSE(b.windowOpen());
  CHECK(b.declare(decl(0, 1)) == Code::WindowClosed);
  CHECK(b.sorted().size() == 1);
  b.beginFrame(0.1);
  CHECK(b.sorted().empty());
  b.build();
  CHECK(b.ranges().empty());
}

TEST_CASE("build sorts stably by key and groups runs into draw ranges", "[sim][batcher]") {
  SpriteBatcher b(16);
  b.beginFrame(0.0);
  for (std::uint32_t i = 0; i < 10; ++i) REQUIRE_FALSE(b.declare(decl(0, i)).has_value());
  b.build();
  REQUIRE(b.ranges().size() == 1);  // an unsorted set of one group is one draw
  CHECK(b.ranges()[0].first == 0);
  CHECK(b.ranges()[0].count == 10);

  b.beginFrame(0.0);
  const std::uint32_t keys[] = {5, 1, 5, 1, 3, 9};
  const std::uint16_t mats[] = {0, 0, 1, 0, 0, 1};
  for (std::uint32_t i = 0; i < 6; ++i) REQUIRE_FALSE(b.declare(decl(keys[i], i, mats[i])).has_value());
  b.build();
  CHECK(items(b) == std::vector<std::uint32_t>{1, 3, 4, 0, 2, 5});
  // Materials in draw order: 0 0 0 0 1 1 → two ranges.
  REQUIRE(b.ranges().size() == 2);
  CHECK(b.ranges()[0].first == 0);
  CHECK(b.ranges()[0].count == 4);
  CHECK(b.ranges()[1].first == 4);
  CHECK(b.ranges()[1].count == 2);
  CHECK(b.ranges()[1].material == 1);

  b.beginFrame(0.0);
  for (std::uint32_t i = 0; i < 4; ++i)
    REQUIRE_FALSE(b.declare(decl(0, i, 0, i % 2 ? BlendMode::Additive : BlendMode::Normal)).has_value());
  b.build();
  CHECK(b.ranges().size() == 4);  // alternating blends cannot share a draw
  b.beginFrame(0.0);
  SpriteDeclaration page = decl(0, 0);
  REQUIRE_FALSE(b.declare(page).has_value());
  page.atlasPage = 1;
  REQUIRE_FALSE(b.declare(page).has_value());
  b.build();
  CHECK(b.ranges().size() == 2);
}

TEST_CASE("over max_sprites the oldest declarations are dropped and counted", "[sim][batcher]") {
  SpriteBatcher b(4);
  b.beginFrame(0.0);
  for (std::uint32_t i = 0; i < 4; ++i) REQUIRE_FALSE(b.declare(decl(10 - i, i)).has_value());
  b.build();
  CHECK(b.droppedThisFrame() == 0);
  CHECK_FALSE(b.warnedThisFrame());
  b.beginFrame(0.1);
  for (std::uint32_t i = 0; i < 10; ++i) REQUIRE_FALSE(b.declare(decl(10 - i, i)).has_value());
  b.build();
  CHECK(b.droppedThisFrame() == 6);
  CHECK(b.droppedTotal() == 6);
  CHECK(items(b) == std::vector<std::uint32_t>{9, 8, 7, 6});
  CHECK(b.warnedThisFrame());
  const kiln::core::Diagnostic w = b.dropWarning();
  CHECK(w.code == Code::SpritesDropped);
  CHECK(w.severity == kiln::core::Severity::Warning);
}

TEST_CASE("dropsFor predicts what a frame of N declarations drops", "[sim][batcher]") {
  // Both sides of the budget, and the batcher's own count for the same frames.
  CHECK(SpriteBatcher::dropsFor(4, 4) == 0);
  CHECK(SpriteBatcher::dropsFor(5, 4) == 1);
  CHECK(SpriteBatcher::dropsFor(0, 4) == 0);
  CHECK(SpriteBatcher::dropsFor(3, 0) == 2);  // a budget is never below one sprite
  for (std::uint32_t declared : {3u, 4u, 5u, 11u}) {
    SpriteBatcher b(4);
    b.beginFrame(0.0);
    for (std::uint32_t i = 0; i < declared; ++i) REQUIRE_FALSE(b.declare(decl(0, i)).has_value());
    b.build();
    CHECK(b.droppedThisFrame() == SpriteBatcher::dropsFor(declared, 4));
  }
}

TEST_CASE("the drop warning comes at most once a second of level time", "[sim][batcher]") {
  SpriteBatcher b(1);
  auto overflowingFrame = [&](double t) {
    b.beginFrame(t);
    REQUIRE_FALSE(b.declare(decl(0, 0)).has_value());
    REQUIRE_FALSE(b.declare(decl(0, 1)).has_value());
    b.build();
    return b.warnedThisFrame();
  };
  CHECK(overflowingFrame(0.0));
  CHECK_FALSE(overflowingFrame(0.5));
  CHECK_FALSE(overflowingFrame(0.999));
  CHECK(overflowingFrame(1.0));
  CHECK_FALSE(overflowingFrame(1.9));
  b.beginFrame(2.5);  // a frame within budget never warns
  b.build();
  CHECK_FALSE(b.warnedThisFrame());
  CHECK(overflowingFrame(2.0));
  CHECK(overflowingFrame(0.5));  // scrubbed backwards: warn again
  CHECK(b.droppedTotal() == 7);
}

TEST_CASE("declareParticles: one declaration per live particle with the chosen key", "[sim][batcher]") {
  ParticleSystem s(compiled(sampleEvents()));
  s.advanceTo(2.3);
  EventRenderBuffers rb(s.capacity());
  writeRenderBuffers(s, rb);
  SpriteBatcher b(s.scene().maxSprites);
  for (SortMode mode : {SortMode::View, SortMode::Iso, SortMode::None}) {
    ParticleView view{mode, {10, 10, 10}, {-0.57735f, -0.57735f, -0.57735f}};
    b.beginFrame(2.3);
    REQUIRE_FALSE(declareParticles(b, s, rb, view).has_value());
    b.build();
    REQUIRE(b.sorted().size() == rb.count());
    const auto sorted = b.sorted();
    for (std::size_t i = 1; i < sorted.size(); ++i) {
      const SpriteDeclaration &p = sorted[i - 1], &q = sorted[i];
      CHECK(p.key <= q.key);
      if (p.key == q.key) CHECK(p.item < q.item);
      if (mode == SortMode::View) {
        // Back to front: depth along the view direction never increases.
        auto depth = [&](const SpriteDeclaration& d) {
          return (d.position.x - 10) * -0.57735f + (d.position.y - 10) * -0.57735f + (d.position.z - 10) * -0.57735f;
        };
        CHECK(depth(p) >= depth(q));
      }
    }
    if (mode == SortMode::None) CHECK(b.ranges().size() == 1);  // glowing embers + pickup: one blend
  }
  b.beginFrame(3.0);
  b.build();
  CHECK(declareParticles(b, s, rb, {}) == Code::WindowClosed);
}

TEST_CASE("determinism: the declared (key, position) sequence is pinned", "[sim][batcher]") {
  auto sequenceHash = [](std::uint32_t seedShift) {
    Events e = sampleEvents();
    for (auto& ev : e.script) ev.seed += seedShift;
    ParticleSystem s(compiled(e));
    s.advanceTo(2.75);
    EventRenderBuffers rb(s.capacity());
    writeRenderBuffers(s, rb);
    SpriteBatcher b(s.scene().maxSprites);
    b.beginFrame(2.75);
    REQUIRE_FALSE(declareParticles(b, s, rb, {SortMode::Iso, {}, {}}).has_value());
    b.build();
    kiln::core::Fnv1a h;
    for (const SpriteDeclaration& d : b.sorted()) {
      h.u32(d.key);
      h.f32(d.position.x);
      h.f32(d.position.y);
      h.f32(d.position.z);
    }
    return h.value();
  };
  const std::uint64_t pinned = sequenceHash(0);
  CHECK(sequenceHash(0) == pinned);
  CHECK(pinned == 0xcaf37051fc348aecull);
  CHECK(sequenceHash(1) != pinned);
}
