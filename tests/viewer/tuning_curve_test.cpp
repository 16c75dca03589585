// Curve key editing: insert, remove and drag keep 2..4 keys, ends at 0 and 1, ages increasing.
#include <catch2/catch.hpp>

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

TEST_CASE("a gap narrower than two minimum steps takes no new key") {
  std::vector<particles::SizeKey> wide{{0, 0}, {2 * tuning::kMinKeyGap, 0}, {1, 0}};
  CHECK(tuning::insertKey(wide, 0));
  std::vector<particles::SizeKey> narrow{{0, 0}, {1.5 * tuning::kMinKeyGap, 0}, {1, 0}};
  CHECK_FALSE(tuning::insertKey(narrow, 0));
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
  CHECK(tuning::dragAge(ages, 1, 0.9) == 0.7 - tuning::kMinKeyGap);
  CHECK(tuning::dragAge(ages, 1, -1) == 0 + tuning::kMinKeyGap);
  CHECK(tuning::dragAge(ages, 2, 0.4) == 0.4 + tuning::kMinKeyGap);
  // Neighbours closer than two steps (a hand-written file may do that): the key stays put.
  const std::vector<double> tight{0, 0.0005, 0.0015, 1};
  CHECK(tuning::dragAge(tight, 1, 0.2) == 0.0005);
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
  REQUIRE(tuning::insertKey(s.working.size, 0));
  s.commit();
  REQUIRE(tuning::removeKey(s.working.size, 1));
  s.commit();
  CHECK(s.working.size.size() == 2);
  REQUIRE(s.undo());
  CHECK(s.working.size.size() == 3);
  REQUIRE(s.undo());
  CHECK(s.working.size == doc.presets[0].size);
  REQUIRE(s.redo());
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
