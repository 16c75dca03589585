// Whole-document evaluation on every core gives exactly what one emitter after another gives.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstring>

#include "core/hash.hpp"
#include "particles/evaluate_all.hpp"
#include "sample_docs.hpp"

namespace wp = kiln::particles;

namespace {

// FNV-1a over every field of every state, as bit patterns.
std::uint64_t hashStates(const std::vector<std::vector<wp::ParticleState>>& all) {
  kiln::core::Fnv1a h;
  auto bytes = [&](const auto& v) {
    std::uint8_t b[sizeof v];
    std::memcpy(b, &v, sizeof v);
    h.bytes(b);
  };
  for (const auto& states : all) {
    bytes(states.size());
    for (const auto& s : states) {
      bytes(s.slot), bytes(s.birth), bytes(s.cycle), bytes(s.birthTime), bytes(s.age), bytes(s.lifetime);
      for (int i = 0; i < 3; ++i) bytes(s.spawn[i]), bytes(s.velocity[i]), bytes(s.position[i]);
      bytes(s.size), bytes(s.rotation), bytes(s.frame);
      for (double c : s.color) bytes(c);
    }
  }
  return h.value();
}

}  // namespace

TEST_CASE("parallelFor runs every index exactly once, however many threads") {
  for (unsigned threads : {0u, 1u, 2u, 7u, 64u}) {
    std::vector<std::atomic<int>> seen(1000);
    wp::parallelFor(seen.size(), threads, [&](std::size_t i) { ++seen[i]; });
    for (const auto& s : seen) CHECK(s == 1);
  }
  int calls = 0;
  wp::parallelFor(0, 4, [&](std::size_t) { ++calls; });
  CHECK(calls == 0);
}

TEST_CASE("evaluating a whole document on many threads is bit-identical to one emitter after another") {
  const wp::Document doc = kiln::testdocs::maximumDocument();
  REQUIRE(doc.emitters.size() > 8);
  for (double t : {0.0, 0.37, 2.5, 9.75}) {
    std::vector<std::vector<wp::ParticleState>> sequential;
    for (std::size_t e = 0; e < doc.emitters.size(); ++e) sequential.push_back(wp::evaluateEmitter(doc, e, t));
    const auto one = wp::evaluateDocument(doc, t, 1);
    const auto many = wp::evaluateDocument(doc, t, 8);
    INFO("t = " << t);
    CHECK(hashStates(one) == hashStates(sequential));
    CHECK(hashStates(many) == hashStates(sequential));
  }
  // The hash sees a difference: a later time gives other states.
  CHECK(hashStates(wp::evaluateDocument(doc, 0.37, 8)) != hashStates(wp::evaluateDocument(doc, 0.38, 8)));
}
