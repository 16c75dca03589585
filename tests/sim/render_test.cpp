// Render buffers (layout, spawn order, look, the hash's exact bytes) and back-to-front sorting
// against std::stable_sort.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <numeric>
#include <random>

#include "scenes.hpp"
#include "sim/look.hpp"
#include "sim/render_buffers.hpp"
#include "sim/sort.hpp"

using namespace simtest;

namespace {

// FNV-1a 64 written out from its published constants.
struct RefFnv {
  std::uint64_t h = 14695981039346656037ull;
  void byte(unsigned char c) {
    h ^= c;
    h *= 1099511628211ull;
  }
  void word(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) byte(static_cast<unsigned char>(v >> (8 * i)));
  }
  void real(float f) {
    std::uint32_t v;
    std::memcpy(&v, &f, 4);
    word(v);
  }
};

}  // namespace

TEST_CASE("render buffers: allocated once, live particles in spawn order, seed 003's layout", "[sim][buffers]") {
  Events e = sampleEvents();
  e.recipes.push_back(dust());
  e.recipes.back().name = "grit";
  e.recipes.back().sprite.reset();  // matter in light_matter
  e.script.push_back({2.5, "grit", {0, 0, 0}, 9});
  ParticleSystem s(compiled(e));
  EventRenderBuffers b(s.capacity());
  const float* before = b.position().data();
  CHECK(b.position().size() == 3 * 1024);
  CHECK(b.size().size() == 2 * 1024);
  CHECK(b.rotation().size() == 1024);
  CHECK(b.color().size() == 4 * 1024);
  CHECK(b.uv().size() == 4 * 1024);
  CHECK(b.extra().size() == 4 * 1024);
  s.advanceTo(2.6);
  const std::vector<AtlasRect> rects{{}, {}, {0.5f, 0.25f, 0.25f, 0.125f}};
  writeRenderBuffers(s, b, rects);
  CHECK(b.position().data() == before);
  REQUIRE(b.count() == s.liveCount());
  bool sawLight = false, sawMatter = false, sawNormal = false;
  for (std::uint32_t i = 0; i < b.count(); ++i) {
    const std::uint32_t slot = b.slot()[i];
    if (i > 0) CHECK(s.birth(slot).id > s.birth(b.slot()[i - 1]).id);
    const ParticleMotion& m = s.motion(slot);
    const Recipe& r = s.scene().events.recipes[m.recipe];
    CHECK(b.position()[3 * i] == m.position.x);
    CHECK(b.position()[3 * i + 2] == m.position.z);
    const double t = double{m.age} / m.lifetime;
    const double opacity = r.opacity * std::pow(1 - t, r.fade);
    const double size = s.birth(slot).size0 * (1 + r.growth * t);
    CHECK(b.size()[2 * i] == Approx(size).epsilon(1e-5));
    CHECK(b.size()[2 * i + 1] == b.size()[2 * i]);
    CHECK(b.rotation()[i] == 0.0f);
    const float* c = &b.color()[4 * i];
    if (r.sprite && r.sprite->blend != BlendMode::LightMatter) {
      sawNormal = true;
      CHECK(c[0] == static_cast<float>(r.color[0]));
      CHECK(c[3] == Approx(opacity).margin(1e-6));
      CHECK(b.uv()[4 * i] == 0.5f);
      CHECK(b.uv()[4 * i + 3] == 0.125f);
    } else if (r.glows) {
      sawLight = true;
      CHECK(c[0] == Approx(r.color[0] * opacity).margin(1e-5));
      CHECK(c[3] == 0.0f);
      CHECK(b.uv()[4 * i + 2] == 1.0f);
    } else {
      sawMatter = true;  // matter_light is (1, 1, 1) here
      CHECK(c[1] == Approx(r.color[1] * opacity).margin(1e-6));
      CHECK(c[3] == Approx(opacity).margin(1e-6));
    }
    CHECK(b.extra()[4 * i] == Approx(t).epsilon(1e-6));
    CHECK(b.extra()[4 * i + 1] == m.age);
    CHECK(b.extra()[4 * i + 3] == static_cast<float>(m.recipe));
  }
  CHECK((sawLight && sawMatter && sawNormal));
}

TEST_CASE("matter is lit by matter_light, light ignores it", "[sim][buffers]") {
  Recipe r = dust();
  r.sprite.reset();
  ParticleMotion m;
  m.age = 0.25f, m.lifetime = 1.0f;
  const ParticleLook l = particleLook(r, m, 0.3f, {0.5, 2.0, 0.0});
  const double o = 0.45 * std::pow(0.75, 2.0);
  CHECK(l.opacity == Approx(o).epsilon(1e-6));
  CHECK(l.rgb.x == Approx(0.5 * 0.5 * o).epsilon(1e-6));
  CHECK(l.rgb.y == Approx(0.46 * 2.0 * o).epsilon(1e-6));
  CHECK(l.rgb.z == 0.0f);
  CHECK(l.coverage == l.opacity);
  CHECK(l.size == Approx(0.3 * (1 + 1.8 * 0.25)).epsilon(1e-6));
  r.glows = true;
  const ParticleLook g = particleLook(r, m, 0.3f, {0.5, 2.0, 0.0});
  CHECK(g.rgb.x == Approx(0.5 * o).epsilon(1e-6));
  CHECK(g.coverage == 0.0f);
}

TEST_CASE("the render buffer hash covers exactly the documented bytes", "[sim][buffers]") {
  ParticleSystem s(compiled(sampleEvents()));
  s.advanceTo(2.2);
  EventRenderBuffers b(s.capacity());
  writeRenderBuffers(s, b);
  REQUIRE(b.count() > 0);
  RefFnv ref;
  ref.word(b.count());
  for (auto [arr, w] : {std::pair{b.position(), 3}, std::pair{b.size(), 2}, std::pair{b.rotation(), 1},
                        std::pair{b.color(), 4}, std::pair{b.uv(), 4}, std::pair{b.extra(), 4}})
    for (std::size_t i = 0; i < w * std::size_t{b.count()}; ++i) ref.real(arr[i]);
  CHECK(renderBuffersHash(b) == ref.h);
  EventRenderBuffers empty(4);
  RefFnv zero;
  zero.word(0);
  CHECK(renderBuffersHash(empty) == zero.h);
}

TEST_CASE("smaller render buffers keep the newest particles", "[sim][buffers]") {
  ParticleSystem s(compiled(sampleEvents()));
  s.advanceTo(2.2);
  REQUIRE(s.liveCount() > 10);
  EventRenderBuffers b(10);
  writeRenderBuffers(s, b);
  CHECK(b.count() == 10);
  CHECK(b.slot()[9] == s.liveSlots().back());
  CHECK(b.slot()[0] == s.liveSlots()[s.liveCount() - 10]);
}

TEST_CASE("back-to-front keys order depths descending, -0 equals +0", "[sim][sort]") {
  const std::vector<float> depths{INFINITY, 1e30f, 3.5f, 1.0f, 1e-40f, 0.0f, -1e-40f, -2.0f, -1e30f, -INFINITY};
  for (std::size_t i = 1; i < depths.size(); ++i)
    CHECK(backToFrontKey(depths[i - 1]) < backToFrontKey(depths[i]));
  CHECK(backToFrontKey(-0.0f) == backToFrontKey(0.0f));
  CHECK(backToFrontKey(std::nanf("")) < backToFrontKey(INFINITY));
}

TEST_CASE("the radix sort is a stable sort", "[sim][sort]") {
  std::mt19937 rng(5);
  for (std::uint32_t n : {0u, 1u, 7u, 1000u, 65536u}) {
    std::vector<std::uint32_t> keys(n);
    for (auto& k : keys) k = rng() % 97 * 0x01010101u + (rng() % 3 == 0 ? 0x80000000u : 0);
    std::vector<std::uint32_t> ref(n);
    std::iota(ref.begin(), ref.end(), 0u);
    std::stable_sort(ref.begin(), ref.end(), [&](std::uint32_t a, std::uint32_t b) { return keys[a] < keys[b]; });
    KeySorter sorter(65536);
    const auto got = sorter.sort(keys);
    CHECK(std::vector<std::uint32_t>(got.begin(), got.end()) == ref);
  }
}

TEST_CASE("sortBackToFront: far to near along the view direction, ties in spawn order", "[sim][sort]") {
  ParticleSystem s(compiled(sampleEvents()));
  s.advanceTo(2.3);
  EventRenderBuffers b(s.capacity());
  writeRenderBuffers(s, b);
  DepthSorter sorter(s.capacity());
  const Float3 eye{10, -4, 6}, dir{-0.6f, 0.64f, -0.48f};
  const auto order = sorter.sortBackToFront(b, eye, dir);
  REQUIRE(order.size() == b.count());
  std::vector<std::uint32_t> ref(b.count());
  std::iota(ref.begin(), ref.end(), 0u);
  auto depth = [&](std::uint32_t i) {
    const float* p = &b.position()[3 * i];
    const float x = (p[0] - eye.x) * dir.x, y = (p[1] - eye.y) * dir.y, z = (p[2] - eye.z) * dir.z;
    return x + y + z;
  };
  std::stable_sort(ref.begin(), ref.end(), [&](std::uint32_t a, std::uint32_t c) { return depth(a) > depth(c); });
  CHECK(std::vector<std::uint32_t>(order.begin(), order.end()) == ref);
  for (std::uint32_t i = 0; i < b.count(); ++i) CHECK(sorter.depths()[i] == depth(i));
  // An orthographic camera looking the same way from elsewhere on its axis sorts alike.
  const Float3 far{eye.x - 100 * dir.x, eye.y - 100 * dir.y, eye.z - 100 * dir.z};
  const auto ortho = sorter.sortBackToFront(b, far, dir);
  CHECK(std::vector<std::uint32_t>(ortho.begin(), ortho.end()) == ref);
}

TEST_CASE("equal depths keep spawn order", "[sim][sort]") {
  Events e = sampleEvents();
  e.recipes[1].speed = 0, e.recipes[1].spread = 0, e.recipes[1].gravity = 0;
  e.emitters.clear();
  ParticleSystem s(compiled(e));
  s.advanceTo(2.1);  // the pickup burst: 48 particles resting at one point
  EventRenderBuffers b(s.capacity());
  writeRenderBuffers(s, b);
  REQUIRE(b.count() == 48);
  DepthSorter sorter(s.capacity());
  const auto order = sorter.sortBackToFront(b, {0, 0, 0}, {1, 0, 0});
  for (std::uint32_t i = 0; i < 48; ++i) CHECK(order[i] == i);
}
