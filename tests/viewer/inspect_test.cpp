// Inspector logic: birth ticks, alive counts, budget rows, bounds differences, pass order.
#include <catch2/catch.hpp>

#include <fstream>

#include "panels/logic/inspect.hpp"
#include "particles/schedule.hpp"
#include "test_docs.hpp"

using namespace kiln;
using namespace kiln::viewer;

TEST_CASE("alive counts follow the burst: 4 alive inside the lifetime, 0 after") {
  const auto doc = testing::oneEmitter();
  const auto s = particles::birthSchedule(doc.emitters[0]);
  const auto a = inspect::aliveSeries(doc, 0, s, 0.5, 1.5, 3);  // t = 0.5, 1.0, 1.5
  REQUIRE(a.size() == 3);
  CHECK(a[0] == 4);
  CHECK(a[2] == 0);
}

TEST_CASE("birth ticks of a cycling emitter repeat every period inside the window") {
  const auto doc = testing::oneEmitter(particles::PlayMode::Cycle, 2.0);
  const auto s = particles::birthSchedule(doc.emitters[0]);
  const auto ticks = inspect::birthTicks(doc, 0, s, 1.0, 6.0);
  // Bursts of 4 at t = 2 and 4 and 6 (6 is inside: the window is inclusive).
  REQUIRE(ticks.size() == 12);
  CHECK(ticks.front() == 2.0);
  CHECK(ticks.back() == 6.0);
  CHECK(inspect::birthTicks(doc, 0, s, 1.0, 1.9).empty());
}

TEST_CASE("budget rows: at the limit is not over, one past is") {
  auto doc = testing::oneEmitter();
  doc.presets[0].capacity = 4096;
  auto rows = inspect::budgetRows(doc, particles::kMaxEncodedBytes);
  const auto find = [&](const std::string& n) {
    for (const auto& r : rows)
      if (r.name == n) return r;
    FAIL("no row " << n);
    return inspect::BudgetRow{};
  };
  CHECK(find("encoded bytes").used == 1048576);
  CHECK_FALSE(find("encoded bytes").over());
  CHECK(find("total slots").used == 4096);
  rows = inspect::budgetRows(doc, particles::kMaxEncodedBytes + 1);
  CHECK(find("encoded bytes").over());
  CHECK(find("presets").used == 1);
  CHECK(find("bursts per emitter").where == "fountain");
}

TEST_CASE("capacity rows compare required with the preset's capacity") {
  auto doc = testing::oneEmitter(particles::PlayMode::Cycle, 0.5);  // lifetime 1 s: 2 groups
  const auto rows = inspect::capacityRows(doc);
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].required == 8);
  CHECK(rows[0].capacity == 64);
  CHECK(rows[0].worstCaseAlive == 8);
  doc.presets[0].capacity = 5;
  CHECK(inspect::capacityRows(doc)[0].worstCaseAlive == 5);
}

TEST_CASE("bounds differences are stored minus recomputed, per axis") {
  particles::Bounds stored{{0, 0, 0}, {1, 2, 3}}, re{{0, -0.5, 0}, {1, 2, 3.25}};
  const auto d = inspect::boundsDiff(stored, re);
  CHECK(d[0].dMin() == 0);
  CHECK(d[1].dMin() == 0.5);
  CHECK(d[2].dMax() == -0.25);
  CHECK(std::string(inspect::faceName(5)) == "+z");
}

TEST_CASE("the bounds headline names the worst face, too tight before loose") {
  const particles::Bounds re{{-1, -2, 0}, {1, 2, 3}};
  particles::Bounds stored = re;
  CHECK(inspect::worstFace(particles::faceDifferences(stored, re)) == -1);
  CHECK(inspect::forgedHeadline(particles::faceDifferences(stored, re)).empty());
  stored.max.z = 2.5;  // too tight by 0.5
  CHECK(inspect::forgedHeadline(particles::faceDifferences(stored, re)) ==
        "max.z is 0.5 too low (2097152 float32 steps): particles can reach past it");
  stored.min.x = -3;  // loose by 2: larger, but cannot hide a particle, so max.z stays the headline
  CHECK(inspect::worstFace(particles::faceDifferences(stored, re)) == 5);
  CHECK(inspect::forgedHeadline(particles::faceDifferences(stored, re)) ==
        "max.z is 0.5 too low (2097152 float32 steps): particles can reach past it; 1 more face differs");
  stored.max.z = 3;  // only the loose face is left
  CHECK(inspect::forgedHeadline(particles::faceDifferences(stored, re)) ==
        "min.x is 2 too low (12582912 float32 steps): looser than needed");
  stored.min.y = -1;  // too tight by 1 on a min face: too high
  CHECK(inspect::forgedHeadline(particles::faceDifferences(stored, re)) ==
        "min.y is 1 too high (8388608 float32 steps): particles can reach past it; 1 more face differs");
}

TEST_CASE("passes keep authored order, the back-to-front list is farthest first") {
  auto doc = testing::oneEmitter();
  doc.version = 2;
  doc.presets[0].sprite.blend = particles::Blend::Alpha;
  auto near = doc.emitters[0], far = doc.emitters[0], add = doc.emitters[0];
  near.name = "near", far.name = "far", add.name = "add";
  near.bounds = {{0, 0, 0}, {1, 1, 1}};
  far.bounds = {{10, 0, 0}, {11, 1, 1}};
  auto additive = doc.presets[0];
  additive.name = "glow";
  additive.sprite.blend = particles::Blend::Additive;
  doc.presets.push_back(additive);
  add.preset = 1;
  doc.emitters = {near, add, far};
  const auto passes = inspect::passesInOrder(doc);
  CHECK(passes[0].empty());
  REQUIRE(passes[1].size() == 1);
  CHECK(passes[1][0].emitter == 1);
  REQUIRE(passes[2].size() == 2);
  CHECK(passes[2][0].emitter == 0);  // authored: near, then far
  const auto sorted = inspect::backToFront(doc, passes[2], {0, 0, 0});
  CHECK(sorted == std::vector<std::uint32_t>{2, 0});
}

TEST_CASE("budget targets parse from the shipped budgets.json and refuse other shapes") {
  std::ifstream in(std::string(KILN_SOURCE_DIR) + "/assets/budgets.json");
  REQUIRE(in);
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  const auto t = inspect::parseBudgetTargets(text);
  REQUIRE(t);
  CHECK(t->frameMs > 0);
  for (const char* pass : {"sectors", "cutout", "additive", "alpha"}) {
    INFO(pass);
    REQUIRE(t->find(pass));
    CHECK(t->find(pass)->gpuMs > 0);
  }
  CHECK(inspect::parseBudgetTargets(R"({"frame_ms": 16, "passes": {"alpha": {"gpu_ms": 1, "draw_calls": 2}}})"));
  CHECK_FALSE(inspect::parseBudgetTargets(R"({"frame_ms": 16, "passes": {"alpha": {"gpu_ms": 1, "draw_calls": -2}}})"));
  CHECK_FALSE(inspect::parseBudgetTargets(R"({"passes": {}})"));
  CHECK_FALSE(inspect::parseBudgetTargets("[1,2]"));
}

TEST_CASE("the loop range of a once effect ends when its last particle can have died") {
  auto doc = testing::oneEmitter();
  auto& em = doc.emitters[0];
  em.delay = 0.5, em.duration = 2.0;
  doc.presets[em.preset].lifetime = {1.0, 1.5};
  const auto r = inspect::effectLoopRange(doc, 0);
  CHECK(r.start == 0.0);
  CHECK(r.end == 0.5 + 2.0 + 1.5);  // delay + duration + the longest lifetime
}

TEST_CASE("the loop range of a cycling effect is one steady-state period") {
  auto doc = testing::oneEmitter(particles::PlayMode::Cycle, 3.0);
  auto& em = doc.emitters[0];
  em.delay = 1.0;
  doc.presets[em.preset].lifetime = {2.0, 4.0};
  // Lifetimes up to 4 s reach back ⌈4/3⌉ = 2 periods: the loop starts after two cycles.
  auto r = inspect::effectLoopRange(doc, 0);
  CHECK(r.start == 1.0 + 2 * 3.0);
  CHECK(r.end == 1.0 + 3 * 3.0);
  // A lifetime of exactly one period needs one cycle before it, not two.
  doc.presets[em.preset].lifetime = {1.0, 3.0};
  r = inspect::effectLoopRange(doc, 0);
  CHECK(r.start == 4.0);
  CHECK(r.end == 7.0);
}
