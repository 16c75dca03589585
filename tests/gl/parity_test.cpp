// GPU↔CPU parity: shaders/particle_common.glsl (through particle_eval.comp) against
// particles::evaluateSlot, for every slot of every test level at many times, including times
// hours into the level.
#include <algorithm>
#include <cmath>
#include <variant>

#include "gl_fixture.hpp"
#include "particles/evaluate.hpp"
#include "particles/sample_docs.hpp"
#include "particles/schedule.hpp"
#include "render/gpu_probe.hpp"
#include "render/renderer.hpp"
#include "render_fixture.hpp"

namespace {

namespace wp = kiln::particles;
using kiln::render::SlotRef;

// Exercises the exponential drag branch (q = drag·age well past 0.5), a long delay, a yaw that
// is not a quarter turn, a once flipbook and 4-key curves.
wp::Document dragDocument() {
  wp::Document doc;
  doc.version = wp::AlphaVersion;
  wp::Preset p = kiln::testdocs::embersPreset("heavy", 512);
  p.drag = 3.5;
  p.lifetime = {1.0, 4.0};
  p.acceleration = {0.3, -0.2, -1.5};
  p.size = {{0, 0.1}, {0.25, 0.3}, {0.7, 0.2}, {1, 0.05}};
  p.color = {{0, {1, 1, 1, 1}}, {0.2, {1, 0.5, 0.2, 0.9}}, {0.6, {0.3, 0.3, 0.3, 0.5}}, {1, {0, 0, 0, 0}}};
  p.sprite.frames = {"a", "b", "c"};
  p.sprite.fps = 5;
  p.sprite.flipbook = wp::Flipbook::Once;
  p.sprite.blend = wp::Blend::Alpha;
  doc.presets = {p};
  wp::Emitter cyc = kiln::testdocs::cycleEmitter("whirl", 0);
  cyc.yaw = 37.5;
  cyc.scale = 2.25;
  cyc.rate = 40;
  cyc.duration = 0.9;
  cyc.period = 1.1;  // max lifetime 4 s over 1.1 s: 4 cycle groups
  cyc.delay = 3.25;
  wp::Emitter once = kiln::testdocs::onceEmitter("late", 0);
  once.delay = 7.5;
  once.yaw = -123;
  doc.emitters = {cyc, once};
  kiln::testdocs::fillBounds(doc);
  return doc;
}

std::vector<double> sampleTimes() {
  std::vector<double> t;
  for (int i = 0; i < 40; ++i) t.push_back(0.037 + i * 0.2413);  // the first ~10 s, off any grid
  for (double base : {3600.0, 5 * 3600.0 + 0.5, 86400.0 * 3, 86400.0 * 40 + 0.25})
    for (double d : {0.013, 0.61, 1.337}) t.push_back(base + d);
  return t;
}

bool near(double gpu, double cpu) { return std::abs(gpu - cpu) <= 1e-5 * std::max(1.0, std::abs(cpu)); }

struct Tally {
  std::size_t compared = 0, alive = 0, skipped = 0;
};

void checkParity(const wp::Document& doc, Tally& tally) {
  kiln::test::glContext();
  kiln::render::Renderer renderer;
  const auto textures = kiln::test::texturesFor(doc);
  const auto problems = renderer.prepare(kiln::test::roomWorld(), &doc, textures);
  for (const auto& d : problems) UNSCOPED_INFO(kiln::core::format(d));
  REQUIRE(problems.empty());

  std::vector<SlotRef> slots;
  std::vector<std::vector<float>> schedules;
  for (std::uint32_t e = 0; e < doc.emitters.size(); ++e) {
    schedules.push_back(wp::birthSchedule(doc.emitters[e]));
    for (std::uint32_t s = 0; s < doc.presets[doc.emitters[e].preset].capacity; ++s) slots.push_back({e, s});
  }
  for (double t : sampleTimes()) {
    auto got = kiln::render::evaluateSlotsOnGpu(renderer, t, slots);
    REQUIRE(std::holds_alternative<std::vector<kiln::render::GpuSlotState>>(got));
    const auto& gpu = std::get<std::vector<kiln::render::GpuSlotState>>(got);
    REQUIRE(gpu.size() == slots.size());
    for (std::size_t i = 0; i < slots.size(); ++i) {
      const auto [e, s] = slots[i];
      wp::ParticleState cpu, before, after;
      const bool alive = wp::evaluateSlot(doc, e, schedules[e], s, t, cpu);
      // A sample within 1e-4 s of a birth, death or flipbook step is not compared: float32
      // time on the GPU may land on the other side of the boundary.
      const bool aliveBefore = wp::evaluateSlot(doc, e, schedules[e], s, t - 1e-4, before);
      const bool aliveAfter = wp::evaluateSlot(doc, e, schedules[e], s, t + 1e-4, after);
      if (aliveBefore != alive || aliveAfter != alive ||
          (alive && (before.frame != cpu.frame || after.frame != cpu.frame || before.cycle != cpu.cycle))) {
        ++tally.skipped;
        continue;
      }
      ++tally.compared;
      INFO("emitter " << doc.emitters[e].name << " slot " << s << " time " << t);
      REQUIRE(gpu[i].alive == alive);
      if (!alive) continue;
      ++tally.alive;
      CHECK(gpu[i].birth == cpu.birth);
      CHECK(gpu[i].cycle == static_cast<std::uint32_t>(cpu.cycle));
      CHECK(gpu[i].frame == cpu.frame);
      CHECK(near(gpu[i].age, cpu.age));
      CHECK(near(gpu[i].lifetime, cpu.lifetime));
      for (int c = 0; c < 3; ++c) CHECK(near(gpu[i].position[c], cpu.position[c]));
      CHECK(near(gpu[i].size, cpu.size));
      CHECK(near(gpu[i].rotation, cpu.rotation));
      for (int c = 0; c < 4; ++c) CHECK(near(gpu[i].color[c], cpu.color[c]));
    }
  }
}

}  // namespace

TEST_CASE("GPU evaluation equals the CPU reference for every slot at 52 times", "[gl][parity]") {
  Tally tally;
  SECTION("version 1 sample") { checkParity(kiln::testdocs::sampleDocumentV1(), tally); }
  SECTION("version 2 sample") { checkParity(kiln::testdocs::sampleDocumentV2(), tally); }
  SECTION("minimal document") { checkParity(kiln::testdocs::minimalDocument(), tally); }
  SECTION("exponential drag, 4 groups, long delay") { checkParity(dragDocument(), tally); }
  INFO("compared " << tally.compared << ", alive " << tally.alive << ", skipped near boundaries " << tally.skipped);
  CHECK(tally.alive > 0);
  // Boundary skips must stay rare, or the test would quietly stop testing.
  CHECK(tally.skipped * 50 < tally.compared);
}
