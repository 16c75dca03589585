// Slot picking through billboards and slot lanes across cycles.
#include <catch2/catch.hpp>

#include "particles/schedule.hpp"
#include "logic/pick.hpp"
#include "test_docs.hpp"

using namespace kiln;
using namespace kiln::viewer;

TEST_CASE("a ray through a particle's centre picks it, one past the billboard edge does not") {
  const auto doc = testing::oneEmitter();
  const std::vector<std::vector<float>> schedules{particles::birthSchedule(doc.emitters[0])};
  ViewCamera cam;
  cam.mode = ViewCamera::Mode::Fly;
  cam.position = {1, -10, 3};
  cam.yaw = 90;  // looking along +Y at the emitter (no velocity: particles sit at its position)
  cam.pitch = 0;
  const Ray centre{{1, -10, 3}, {0, 1, 0}};
  auto hit = pickParticle(doc, schedules, 0.5, centre, cam);
  REQUIRE(hit);
  CHECK(hit->emitter == 0);
  CHECK(hit->distance == Approx(12));
  // Size 0.5: the edge is 0.25 from the centre (rotation 0: no rotation range authored).
  CHECK(pickParticle(doc, schedules, 0.5, Ray{{1.24, -10, 3}, {0, 1, 0}}, cam));
  CHECK_FALSE(pickParticle(doc, schedules, 0.5, Ray{{1.26, -10, 3}, {0, 1, 0}}, cam));
  // After the lifetime (1 s) nothing is alive to pick.
  CHECK_FALSE(pickParticle(doc, schedules, 1.5, centre, cam));
  // A muted emitter is never picked.
  CHECK_FALSE(pickParticle(doc, schedules, 0.5, centre, cam, {1}));
}

TEST_CASE("a once emitter's slot has one life, a cycling one a life per cycle group") {
  auto once = testing::oneEmitter();
  auto lanes = slotLanes(once, 0, particles::birthSchedule(once.emitters[0]), 2, 0, 10);
  REQUIRE(lanes.size() == 1);
  CHECK(lanes[0].birthTime == 0);
  CHECK(lanes[0].deathTime == Approx(1));

  // Period 2 s > lifetime 1 s: one group, so slot 2 lives once per cycle.
  auto cyc = testing::oneEmitter(particles::PlayMode::Cycle, 2.0);
  lanes = slotLanes(cyc, 0, particles::birthSchedule(cyc.emitters[0]), 2, 0, 7.9);
  REQUIRE(lanes.size() == 4);
  for (std::size_t k = 0; k < lanes.size(); ++k) {
    CHECK(lanes[k].cycle == static_cast<std::int64_t>(k));
    CHECK(lanes[k].birthTime == Approx(2.0 * k));
  }
  // A slot beyond births × groups never lives.
  CHECK(slotLanes(cyc, 0, particles::birthSchedule(cyc.emitters[0]), 4, 0, 10).empty());
}

TEST_CASE("picking on many threads finds the same particle as one thread") {
  // Eight emitters one behind the other along the view, some shifted sideways: most rays pass
  // through several billboards, and only the nearest may be picked.
  auto doc = testing::oneEmitter();
  for (int i = 1; i < 8; ++i) {
    doc.emitters.push_back(doc.emitters[0]);
    doc.emitters.back().name = "copy" + std::to_string(i);
    doc.emitters.back().position = {1.0 + (i % 2 == 0 ? 0.0 : 0.1 * i), 2.0 + i, 3.0};
    doc.emitters.back().bounds = particles::conservativeEmitterBounds(doc.presets[0], doc.emitters.back());
  }
  std::vector<std::vector<float>> schedules;
  for (const auto& e : doc.emitters) schedules.push_back(particles::birthSchedule(e));
  ViewCamera cam;
  cam.mode = ViewCamera::Mode::Fly;
  cam.position = {1, -10, 3};
  cam.yaw = 90;
  cam.pitch = 0;
  int hits = 0;
  for (double x = 0.5; x <= 2.0; x += 0.05) {
    const Ray ray{{x, -10, 3}, {0, 1, 0}};
    const auto one = pickParticle(doc, schedules, 0.5, ray, cam, {}, 1);
    const auto many = pickParticle(doc, schedules, 0.5, ray, cam, {}, 8);
    REQUIRE(one.has_value() == many.has_value());
    if (!one) continue;
    ++hits;
    CHECK(one->emitter == many->emitter);
    CHECK(one->state.slot == many->state.slot);
    CHECK(one->distance == many->distance);
  }
  CHECK(hits > 5);
  // The straight-on ray meets emitter 0 first (nearest), never a copy behind it.
  CHECK(pickParticle(doc, schedules, 0.5, Ray{{1, -10, 3}, {0, 1, 0}}, cam, {}, 8)->emitter == 0);
}
