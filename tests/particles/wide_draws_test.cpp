// The evaluator draws a particle's later streams eight at a time, and blends its colour four
// channels at a time, on AVX2 CPUs, and one at a time elsewhere: both must give the same bits for every slot, at every time, of every sample
// document (including cycles past 2^32, where the hash sees the cycle modulo 2^32).
#include <catch2/catch.hpp>

#include <bit>
#include <cstring>

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

}  // namespace

TEST_CASE("wide and narrow lanes give the same particles, bit for bit", "[evaluate]") {
  const std::vector<wp::Document> docs{kiln::testdocs::sampleDocumentV1(), kiln::testdocs::sampleDocumentV2(),
                                       kiln::testdocs::maximumDocument()};
  // Times inside the first cycles, far into a long session, and past 2^32 cycles of a 2 s period.
  const double times[] = {0.0, 0.05, 0.37, 1.0, 1.95, 2.5, 7.25, 1e5 + 0.3, 8.7e9 + 0.61};
  std::size_t alive = 0, compared = 0;
  for (const wp::Document& doc : docs)
    for (std::size_t e = 0; e < doc.emitters.size(); ++e)
      for (const double t : times) {
        std::vector<wp::ParticleState> wide, narrow;
        {
          WideLanes on(true);
          wide = wp::evaluateEmitter(doc, e, t);
        }
        {
          WideLanes off(false);
          narrow = wp::evaluateEmitter(doc, e, t);
        }
        INFO("emitter " << doc.emitters[e].name << " at t = " << t);
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
        REQUIRE(wp::hashBuffers(a) == wp::hashBuffers(b));
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
