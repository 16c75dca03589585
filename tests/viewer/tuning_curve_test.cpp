// Curve key editing: insert, remove and drag keep 2..4 keys, ends at 0 and 1, ages increasing.
#include <catch2/catch.hpp>

#include <cmath>

#include "panels/logic/tuning_model.hpp"
#include "particles/validate.hpp"
#include "test_docs.hpp"
#include "world/world.hpp"

using namespace kiln;
using namespace kiln::viewer;

TEST_CASE("a key is inserted halfway with its value interpolated, up to four keys") {
  std::vector<particles::SizeKey> k{{0, 1}, {1, 3}};
  REQUIRE(tuning::insertKey(k, 0));
  REQUIRE(k.size() == 3);
  CHECK(k[1].age == 0.5);
  CHECK(k[1].value == 2);
  REQUIRE(tuning::insertKey(k, 1));  // between 0.5 and 1
  CHECK(k[2].age == 0.75);
  CHECK(k[2].value == 2.5);
  CHECK_FALSE(tuning::insertKey(k, 0));  // four keys: full
  CHECK(k.size() == 4);
  std::vector<particles::SizeKey> two{{0, 1}, {1, 3}};
  CHECK_FALSE(tuning::insertKey(two, 1));  // after the last key there is no gap
}

TEST_CASE("a key goes in only where validation's curve rule leaves room for it") {
  // 2^-125 wide: the midpoint is 2^-126 from each end, the least gap the format allows.
  std::vector<particles::SizeKey> wide{{0, 0}, {0x1p-125, 0}, {1, 0}};
  CHECK(tuning::insertKey(wide, 0));
  // 1.5 × 2^-126 wide: the midpoint would be closer than 2^-126 to both.
  std::vector<particles::SizeKey> narrow{{0, 0}, {1.5 * 0x1p-126, 0}, {1, 0}};
  CHECK_FALSE(tuning::insertKey(narrow, 0));
  // A gap of 0.0015 has plenty of room (the viewer once refused anything under 0.002).
  std::vector<particles::SizeKey> small{{0, 0}, {0.0015, 0}, {1, 0}};
  CHECK(tuning::insertKey(small, 0));
}

TEST_CASE("colour keys interpolate every channel") {
  std::vector<particles::ColorKey> k{{0, {1, 0, 0, 1}}, {1, {0, 1, 0.5, 0}}};
  REQUIRE(tuning::insertKey(k, 0));
  CHECK(k[1].age == 0.5);
  CHECK(k[1].rgba == std::array<double, 4>{0.5, 0.5, 0.25, 0.5});
  REQUIRE(tuning::removeKey(k, 1));
  CHECK(k.size() == 2);
}

TEST_CASE("only inner keys are removed, never below two") {
  std::vector<particles::SizeKey> k{{0, 1}, {0.3, 2}, {0.6, 2}, {1, 3}};
  CHECK_FALSE(tuning::removeKey(k, 0));
  CHECK_FALSE(tuning::removeKey(k, 3));
  CHECK_FALSE(tuning::removeKey(k, 4));
  REQUIRE(tuning::removeKey(k, 2));
  CHECK(k == std::vector<particles::SizeKey>{{0, 1}, {0.3, 2}, {1, 3}});
  REQUIRE(tuning::removeKey(k, 1));
  CHECK(k.size() == 2);
  CHECK_FALSE(tuning::removeKey(k, 1));  // two keys: the least allowed, and both are ends
}

TEST_CASE("dragged ages keep the ends fixed and inner keys strictly between their neighbours") {
  const std::vector<double> ages{0, 0.4, 0.7, 1};
  CHECK(tuning::dragAge(ages, 0, 0.3) == 0);
  CHECK(tuning::dragAge(ages, 3, 0.5) == 1);
  CHECK(tuning::dragAge(ages, 1, 0.5) == 0.5);
  // Up to the neighbouring float32 values, as the format's rule allows: one float below 0.7,
  // one above 0.4, and 2^-126 above 0 (the least gap).
  CHECK(tuning::dragAge(ages, 1, 0.9) == double(std::nextafter(0.7f, 0.0f)));
  CHECK(tuning::dragAge(ages, 1, -1) == 0x1p-126);
  CHECK(tuning::dragAge(ages, 2, 0.4) == double(std::nextafter(0.4f, 1.0f)));
  // Neighbours with no valid age between them (0 and 2^-126): the key stays put.
  const std::vector<double> tight{0, 1e-39, 0x1p-126, 1};
  CHECK(tuning::dragAge(tight, 1, 0.2) == 1e-39);
}

TEST_CASE("a curve dragged to its limits passes validation, one float32 closer does not") {
  const std::vector<double> ages{0, 0.4, 0.7, 1};
  const double left = tuning::dragAge(ages, 1, 0.9);  // as far right as key 1 may go
  CHECK(particles::curveStep(left, 0.7) == particles::CurveStep::Ok);
  CHECK(particles::curveStep(double(std::nextafter(float(left), 1.0f)), 0.7) == particles::CurveStep::NotAbove);
  const double first = tuning::dragAge(ages, 1, -1);
  CHECK(particles::curveStep(0, first) == particles::CurveStep::Ok);
  CHECK(particles::curveStep(0, first / 2) == particles::CurveStep::TooClose);
  // The same rule is validation's: the dragged curve validates without a curve diagnostic.
  particles::Preset p = testing::oneEmitter().presets[0];
  p.size = {{0, 1}, {first, 1}, {left, 1}, {1, 1}};
  for (const core::Diagnostic& d : particles::validatePresetForVersion(p, 2)) {
    INFO(d.path << ": " << d.message);
    CHECK(d.code != core::Code::CurveOrder);
    CHECK(d.code != core::Code::CurveAgeGap);
  }
  p.size[1].age = first / 2;
  bool gap = false;
  for (const core::Diagnostic& d : particles::validatePresetForVersion(p, 2)) gap |= d.code == core::Code::CurveAgeGap;
  CHECK(gap);
}

TEST_CASE("the widest gap is where a new key goes") {
  CHECK(tuning::widestGap({0, 1}) == 0);
  CHECK(tuning::widestGap({0, 0.2, 1}) == 1);
  CHECK(tuning::widestGap({0, 0.7, 0.8, 1}) == 0);
}

TEST_CASE("every curve the editor can reach passes the contract's preset rules") {
  // Walk add / drag / remove on both curves and validate each step with the real rules.
  auto p = testing::oneEmitter().presets[0];
  CHECK(particles::validatePresetForVersion(p, 1).empty());
  for (int round = 0; round < 2; ++round) {
    CHECK(tuning::insertKey(p.size, 0));
    CHECK(tuning::insertKey(p.color, 0));
  }
  CHECK(p.size.size() == particles::kMaxCurveKeys);
  CHECK(particles::validatePresetForVersion(p, 1).empty());
  std::vector<double> ages;
  for (const auto& k : p.size) ages.push_back(k.age);
  p.size[1].age = tuning::dragAge(ages, 1, 5.0);  // dragged far past its neighbour
  CHECK(particles::validatePresetForVersion(p, 1).empty());
  // The same drag without the clamp breaks the rule (the clamp is what keeps it valid).
  auto raw = p;
  raw.size[1].age = raw.size[2].age;
  CHECK(core::contains(particles::validatePresetForVersion(raw, 1), core::Code::CurveOrder));
  while (tuning::removeKey(p.size, 1)) {}
  CHECK(p.size.size() == particles::kMinCurveKeys);
  CHECK(particles::validatePresetForVersion(p, 1).empty());
}

TEST_CASE("adding and removing keys are undo points like any other edit") {
  const auto doc = testing::oneEmitter();
  tuning::Session s;
  s.start(doc, 0);
  std::uint64_t order = 0;
  auto valid = [](const particles::Preset& p) { return particles::validatePresetForVersion(p, 1); };
  auto apply = [](const particles::Preset&) {};
  particles::Preset p = s.working;
  REQUIRE(tuning::insertKey(p.size, 0));
  CHECK(s.propose(p, true, order, valid, apply) == EditOutcome::Applied);
  REQUIRE(tuning::removeKey(p.size, 1));
  CHECK(s.propose(p, true, order, valid, apply) == EditOutcome::Applied);
  CHECK(s.working.size.size() == 2);
  REQUIRE(s.step(false, order, valid, apply));
  CHECK(s.working.size.size() == 3);
  REQUIRE(s.step(false, order, valid, apply));
  CHECK(s.working.size == doc.presets[0].size);
  REQUIRE(s.step(true, order, valid, apply));
  CHECK(s.working.size.size() == 3);
}

TEST_CASE("scripted key edits follow the same rules as the panel's buttons") {
  auto p = testing::oneEmitter().presets[0];
  CHECK(tuning::setField(p, "size.insert", 0));
  CHECK(p.size.size() == 3);
  CHECK_FALSE(tuning::setField(p, "size.insert", 2));  // after the last key
  CHECK_FALSE(tuning::setField(p, "size.insert", 0.5));  // not a key index
  CHECK_FALSE(tuning::setField(p, "size.remove", 0));    // an end
  CHECK(tuning::setField(p, "size.remove", 1));
  CHECK(p.size.size() == 2);
  CHECK(tuning::setField(p, "color.insert", 0));
  CHECK(tuning::setField(p, "color[1].red", 0.25));
  CHECK(p.color[1].rgba[0] == 0.25);
  CHECK(tuning::setField(p, "color[1].age", 0.75));
  CHECK(p.color[1].age == 0.75);
  CHECK_FALSE(tuning::setField(p, "color[1].cyan", 1));
  CHECK(tuning::setField(p, "color.remove", 1));
  CHECK_FALSE(tuning::setField(p, "color.remove", 1));  // two keys left
}

// A held mouse means one value: the axis holds still while a key is dragged, so frame after
// frame the same mouse position sets the same value. An axis refitted every frame to the
// dragged value (the old plot) moved under the mouse and the value ran away.
TEST_CASE("a curve key held still at a point keeps its value, the axis refits on release") {
  std::vector<double> values{0.4, 0.42, 0.2};
  tuning::CurveAxis axis;
  tuning::fitCurveAxis(axis, values, 0.01);
  REQUIRE(axis.top == Approx(0.42 * 1.25));
  const double height = 90, fromBottom = 80;  // the mouse a few pixels above the key, held there
  axis.held = true;
  for (int frame = 0; frame < 180; ++frame) {
    values[1] = tuning::axisValue(axis, fromBottom, height);
    tuning::fitCurveAxis(axis, values, 0.01);
  }
  CHECK(values[1] == Approx(80.0 / 90.0 * 0.42 * 1.25));
  axis.held = false;  // released: the axis fits the new value
  tuning::fitCurveAxis(axis, values, 0.01);
  CHECK(axis.top == Approx(values[1] * 1.25));
  // Refitted every frame instead, the same still mouse runs away (the defect, reproduced).
  std::vector<double> loose{0.4, 0.42, 0.2};
  tuning::CurveAxis follow;
  for (int frame = 0; frame < 180; ++frame) {
    tuning::fitCurveAxis(follow, loose, 0.01);
    loose[1] = tuning::axisValue(follow, fromBottom, height);
  }
  CHECK(loose[1] > 100);
}
