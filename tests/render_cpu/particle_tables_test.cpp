// Draw grouping and instance layout of the particle tables (pure CPU): one draw per (pass,
// page) for cutout and additive, authored order kept across pages in the alpha pass.
#include <catch2/catch.hpp>

#include "particles/sample_docs.hpp"
#include "particles/schedule.hpp"
#include "render/cpu/particle_tables.hpp"

namespace {

using namespace kiln;
namespace wp = kiln::particles;

// Presets 0..5 alternate between two atlas pages; blends: additive, additive, alpha, alpha,
// premultiplied, cutout.
wp::Document pagedDocument() {
  wp::Document doc;
  doc.version = wp::AlphaVersion;
  const wp::Blend blends[6] = {wp::Blend::Additive, wp::Blend::Additive, wp::Blend::Alpha,
                               wp::Blend::Alpha, wp::Blend::Premultiplied, wp::Blend::Cutout};
  for (int i = 0; i < 6; ++i) {
    wp::Preset p = testdocs::smokePreset("p" + std::to_string(i), 8, blends[i]);
    p.sprite.frames = {"f" + std::to_string(i)};
    doc.presets.push_back(p);
  }
  // Authored order of presets: 2 (alpha, page 0), 3 (alpha, page 1), 4 (premultiplied, page 0),
  // 0 (additive, page 0), 1 (additive, page 1), 5 (cutout, page 1), 0 again.
  for (std::uint32_t preset : {2u, 3u, 4u, 0u, 1u, 5u, 0u}) {
    wp::Emitter e = testdocs::onceEmitter("e" + std::to_string(doc.emitters.size()), preset);
    e.rate = 0;
    e.duration = 0;
    e.bursts = {{0, 3}};
    doc.emitters.push_back(e);
  }
  return doc;
}

render::AtlasLayout twoPages() {
  render::AtlasLayout a;
  a.pages = {{16, 16, false}, {16, 16, false}};
  a.presetPage = {0, 1, 0, 1, 0, 1};
  for (int i = 0; i < 6; ++i) a.frames.push_back({"f" + std::to_string(i), a.presetPage[i], 1, 1, 4});
  return a;
}

}  // namespace

TEST_CASE("draw groups follow the pass order and keep alpha emitters in authored order", "[tables]") {
  const wp::Document doc = pagedDocument();
  const render::ParticleTables t = render::buildParticleTables(doc, twoPages());
  REQUIRE(t.draws.size() == 6);
  using render::Pass;
  // cutout: page 1 only; additive: page 0 (emitters 3, 6) then page 1 (emitter 4).
  CHECK((t.draws[0].pass == Pass::Cutout && t.draws[0].page == 1));
  // Each emitter reserves its preset's capacity (8), of which its run submits G·B = 3.
  CHECK((t.draws[1].pass == Pass::Additive && t.draws[1].page == 0 && t.draws[1].instanceCount == 16));
  CHECK((t.draws[2].pass == Pass::Additive && t.draws[2].page == 1 && t.draws[2].instanceCount == 8));
  for (const auto& run : t.runs) CHECK(run.instanceCount == 3);
  // alpha: emitter 0 (page 0), emitter 1 (page 1), emitter 2 (page 0): three runs, in order.
  CHECK((t.draws[3].pass == Pass::Alpha && t.draws[3].page == 0));
  CHECK((t.draws[4].pass == Pass::Alpha && t.draws[4].page == 1));
  CHECK((t.draws[5].pass == Pass::Alpha && t.draws[5].page == 0));
  const auto emitterOf = [&](const render::DrawGroup& d) { return t.instances[d.firstInstance] >> 12; };
  CHECK(emitterOf(t.draws[3]) == 0);
  CHECK(emitterOf(t.draws[4]) == 1);
  CHECK(emitterOf(t.draws[5]) == 2);
  // Draws tile the instance list without gaps; slots ascend within an emitter.
  std::uint32_t next = 0;
  for (const auto& d : t.draws) {
    CHECK(d.firstInstance == next);
    next += d.instanceCount;
  }
  CHECK(next == t.instances.size());
  CHECK((t.instances[t.draws[1].firstInstance] & 0xfffu) == 0);
  CHECK((t.instances[t.draws[1].firstInstance + 2] & 0xfffu) == 2);
}

TEST_CASE("only slots below G·B are submitted, each emitter reserves its capacity of instances and schedule entries",
          "[tables]") {
  const wp::Document doc = testdocs::sampleDocumentV1();
  const render::ParticleTables t = render::buildParticleTables(doc, render::AtlasLayout{{{16, 16, false}}, {}, {0, 0}});
  std::vector<std::uint32_t> perEmitter(doc.emitters.size(), 0);
  for (std::uint32_t i : t.instances) ++perEmitter[i >> 12];
  REQUIRE(t.runs.size() == doc.emitters.size());
  REQUIRE(t.layout.runOf.size() == doc.emitters.size());
  std::uint32_t scheduleAt = 0;
  for (std::size_t e = 0; e < doc.emitters.size(); ++e) {
    const auto& p = doc.presets[doc.emitters[e].preset];
    const std::uint64_t need = wp::requiredCapacity(p, doc.emitters[e]);
    INFO("emitter " << e);
    const render::EmitterRun& run = t.runs[t.layout.runOf[e]];
    CHECK(run.emitter == e);
    CHECK(run.instanceCount == std::min<std::uint64_t>(need, p.capacity));  // submitted
    CHECK(run.instanceCount < p.capacity);  // the samples have spare capacity ...
    CHECK(perEmitter[e] == p.capacity);     // ... which stays reserved for an edit of G·B
    // The schedule blocks follow one another, each the capacity long (the samples birth fewer),
    // with the emitter's births at the front.
    const std::vector<float> births = wp::birthSchedule(doc.emitters[e]);
    CHECK(t.layout.scheduleFirst[e] == scheduleAt);
    CHECK(t.layout.scheduleReserved[e] == p.capacity);
    CHECK(t.emitters[e].slots[0] == scheduleAt);
    CHECK(t.emitters[e].info[2] == births.size());
    for (std::size_t b = 0; b < births.size(); ++b) CHECK(t.schedule[scheduleAt + b] == births[b]);
    scheduleAt += p.capacity;
  }
  CHECK(t.schedule.size() == scheduleAt);
}

TEST_CASE("clocks carry cycle, cycle mod G, started and visibility flags", "[tables]") {
  const wp::Document doc = testdocs::sampleDocumentV1();  // emitter 1 cycles: delay 0.5, period 2, G = 2
  std::vector<render::ClockStd430> clocks(doc.emitters.size());
  const std::vector<std::uint8_t> muted{1};
  render::fillClocks(doc, 7.25, muted, std::nullopt, clocks);
  CHECK((clocks[0].clock[3] & render::kClockVisible) == 0);  // muted
  CHECK((clocks[0].clock[3] & render::kClockStarted) != 0);
  CHECK(clocks[1].clock[0] == 3);  // τ = 6.75 → cycle 3, phase 0.75
  CHECK(clocks[1].clock[1] == 1);  // 3 mod 2
  CHECK(clocks[1].phase[0] == 0.75f);
  CHECK((clocks[1].clock[3] & render::kClockVisible) != 0);
  render::fillClocks(doc, 0.25, {}, 0u, clocks);  // before the cycling emitter's delay; solo 0
  CHECK((clocks[1].clock[3] & render::kClockStarted) == 0);
  CHECK((clocks[1].clock[3] & render::kClockVisible) == 0);
  CHECK((clocks[0].clock[3] & render::kClockVisible) != 0);
}
