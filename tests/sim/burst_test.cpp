// The burst formula and its hash: values recomputed here from the contract's formula, ranges,
// and how many distinct values 300,000 draws give compared with the sin one-liner.
#include <catch2/catch.hpp>
#include <cmath>
#include <unordered_set>

#include "scenes.hpp"
#include "sim/variation.hpp"

using namespace simtest;

namespace {

// The integer mix written out again from its constants, so a change to either copy shows.
std::uint32_t mixRef(std::uint32_t x) {
  x = (x ^ (x >> 16)) * 0x7feb352dU;
  x = (x ^ (x >> 15)) * 0x846ca68bU;
  return x ^ (x >> 16);
}
double drawRef(std::uint32_t seed, std::uint32_t i, std::uint32_t stream) {
  return static_cast<double>(mixRef(mixRef(mixRef(seed) ^ i) ^ stream) >> 8) / 16777216.0;
}

}  // namespace

TEST_CASE("burst draws are 24-bit values of the integer hash of (seed, index, stream)", "[sim][burst]") {
  CHECK(mixRef(0) == 0);
  CHECK(mixRef(1) == kiln::core::mixHash(1));
  for (std::uint32_t seed : {0u, 1u, 120u, 0xffffffffu})
    for (std::uint32_t i = 0; i < 50; ++i)
      for (std::uint32_t k = 0; k < 5; ++k) {
        const float h = burstDraw(seed, i, static_cast<BurstStream>(k));
        CHECK(static_cast<double>(h) == drawRef(seed, i, k));
        CHECK(h >= 0.0f);
        CHECK(h < 1.0f);
      }
  CHECK(unit24(0xffffffffu) == 16777215.0f / 16777216.0f);
  CHECK(unit24(0x000000ffu) == 0.0f);
}

TEST_CASE("a burst along +Z matches the contract's formula term by term", "[sim][burst]") {
  Events e = sampleEvents();
  ParticleSystem s(compiled(e));
  const Recipe r = pickup();
  s.burst(1, {4, 3, 1.6f}, 120, {SourceKind::Script, 0});
  REQUIRE(s.liveCount() == 48);
  for (std::uint32_t i = 0; i < 48; ++i) {
    const ParticleBirth& b = s.birth(s.liveSlots()[i]);
    CHECK(b.index == i);
    CHECK(b.origin == Float3{4, 3, 1.6f});
    const double theta = 2 * M_PI * drawRef(120, i, 0), rad = std::sqrt(drawRef(120, i, 1));
    // Axis +Z: u = +X, w = +Y.
    CHECK(b.initialVelocity.x == Approx(std::cos(theta) * r.spread * rad).margin(1e-6));
    CHECK(b.initialVelocity.y == Approx(std::sin(theta) * r.spread * rad).margin(1e-6));
    CHECK(b.initialVelocity.z == Approx(r.speed * (0.75 + 0.5 * drawRef(120, i, 2))).margin(1e-6));
    CHECK(b.lifetime == Approx(r.lifetime * (0.75 + 0.5 * drawRef(120, i, 3))).epsilon(1e-6));
    CHECK(b.size0 == Approx(r.size * (0.75 + 0.5 * drawRef(120, i, 4))).epsilon(1e-6));
  }
}

TEST_CASE("burst ranges hold along any axis and are used to their ends", "[sim][burst]") {
  Events e = sampleEvents();
  e.capacity = 65536;
  e.recipes[1].axis = {1, -2, 0.5};
  e.recipes[1].count = 20000;
  ParticleSystem s(compiled(e));
  s.burst(1, {}, 77, {});
  const double n = std::sqrt(1.0 + 4.0 + 0.25);
  const double a[3] = {1 / n, -2 / n, 0.5 / n};
  const Recipe r = pickup();
  double minAlong = 1e9, maxAlong = -1e9, maxAcross = 0, minLife = 1e9, maxLife = 0;
  for (std::uint32_t slot : s.liveSlots()) {
    const ParticleBirth& b = s.birth(slot);
    const double v[3] = {b.initialVelocity.x, b.initialVelocity.y, b.initialVelocity.z};
    const double along = v[0] * a[0] + v[1] * a[1] + v[2] * a[2];
    const double ax = v[0] - along * a[0], ay = v[1] - along * a[1], az = v[2] - along * a[2];
    const double across = std::sqrt(ax * ax + ay * ay + az * az);
    minAlong = std::min(minAlong, along), maxAlong = std::max(maxAlong, along);
    maxAcross = std::max(maxAcross, across);
    minLife = std::min(minLife, double{b.lifetime}), maxLife = std::max(maxLife, double{b.lifetime});
    CHECK(b.size0 >= r.size * 0.75 - 1e-7);
    CHECK(b.size0 < r.size * 1.25 + 1e-7);
  }
  CHECK(minAlong >= r.speed * 0.75 - 1e-5);
  CHECK(maxAlong < r.speed * 1.25 + 1e-5);
  CHECK(maxAcross <= r.spread + 1e-5);
  CHECK(minLife >= r.lifetime * 0.75 - 1e-6);
  CHECK(maxLife < r.lifetime * 1.25 + 1e-6);
  // 20,000 draws reach within 0.1% of every end.
  CHECK(minAlong < r.speed * 0.7505);
  CHECK(maxAlong > r.speed * 1.2495);
  CHECK(maxAcross > r.spread * 0.999);
}

TEST_CASE("300,000 draws: the integer hash against fract(sin(x)·43758.5453) in float32", "[sim][burst]") {
  constexpr std::uint32_t kDraws = 300000;
  std::unordered_set<float> ours, sine;
  for (std::uint32_t i = 0; i < kDraws; ++i) {
    ours.insert(burstDraw(0, i, BurstStream::Angle));
    const float v = std::sin(static_cast<float>(i)) * 43758.5453f;
    sine.insert(v - std::floor(v));
  }
  // Uniform 24-bit draws collide as the birthday problem says: expected distinct values
  // N·(1 − e^(−n/N)) = 297,318.4 for n = 300,000, N = 2^24, standard deviation about 51.
  const double N = 16777216.0;
  const double expected = N * (1.0 - std::exp(-static_cast<double>(kDraws) / N));
  CHECK(std::abs(static_cast<double>(ours.size()) - expected) < 5 * 51.8);
  CHECK(ours.size() == 297312);  // the figure docs/events.md quotes
  // The sin one-liner collapses: float32 sin of large arguments has few distinct outputs.
  CHECK(sine.size() < 20000);
  CHECK(sine.size() == 8947);  // the figure docs/events.md quotes
}
