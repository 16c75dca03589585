// Preset tuning: undo/redo, live validation, applying edits, span-preserving YAML saves.
#include <catch2/catch.hpp>

#include <array>

#include "panels/logic/tuning_model.hpp"
#include "particles/bounds.hpp"
#include "test_docs.hpp"

using namespace kiln;
using namespace kiln::viewer;

TEST_CASE("undo and redo walk committed edits both ways") {
  const auto doc = testing::oneEmitter();
  tuning::Session s;
  s.start(doc, 0);
  std::uint64_t order = 0;
  auto valid = [](const particles::Preset&) { return core::Diagnostics{}; };
  auto apply = [](const particles::Preset&) {};
  auto edit = [&](double drag) {
    particles::Preset p = s.working;
    p.drag = drag;
    s.propose(p, true, order, valid, apply);
  };
  edit(1);
  edit(2);
  edit(2);  // nothing changed: no new undo point
  CHECK(s.undoStack.size() == 2);
  REQUIRE(s.step(false, order, valid, apply));
  CHECK(s.working.drag == 1);
  REQUIRE(s.step(false, order, valid, apply));
  CHECK(s.working.drag == 0);
  CHECK_FALSE(s.step(false, order, valid, apply));
  REQUIRE(s.step(true, order, valid, apply));
  CHECK(s.working.drag == 1);
  edit(5);  // a new edit drops the redo branch
  CHECK_FALSE(s.step(true, order, valid, apply));
}

TEST_CASE("an invalid edit is reported with its code, a valid one is clean") {
  const auto doc = testing::oneEmitter();
  world::World w;
  w.version = 1;
  w.sectors.push_back({"room", {{-10, -10}, {10, -10}, {10, 10}, {-10, 10}}, {0, 0, 0}, {20, 0, 0}, {}, {}});
  auto edited = doc.presets[0];
  CHECK(tuning::validateEdit(doc, w, 0, edited).empty());
  edited.color[0].rgba[3] = 1.5;  // outside [0,1]
  auto ds = tuning::validateEdit(doc, w, 0, edited);
  CHECK(core::contains(ds, core::Code::ColorRange));
  edited = doc.presets[0];
  edited.capacity = 3;  // the emitter needs 4 slots
  CHECK(core::contains(tuning::validateEdit(doc, w, 0, edited), core::Code::CapacityTooSmall));
  edited.capacity = 4;
  CHECK(tuning::validateEdit(doc, w, 0, edited).empty());
  edited.velocity.max = {0, 0, 50};  // flies through the ceiling at z = 20
  CHECK(core::contains(tuning::validateEdit(doc, w, 0, edited), core::Code::OutsideSector));
}

TEST_CASE("applying an edit recomputes the stored bounds of the preset's emitters") {
  // The expected boxes are worked out by hand: the emitter sits at (1, 2, 3) with no spawn
  // volume, acceleration or drag; a particle lives exactly 1 s; its billboard is 0.5 wide, so
  // every face lies a half-diagonal r = 0.25·√2 beyond the farthest centre. The bounds add a
  // small float32 margin (docs/particles.md) that stays far below kSlack.
  constexpr double r = 0.25 * 1.4142135623730951, kSlack = 1e-3;
  auto doc = testing::oneEmitter();
  particles::Preset other = doc.presets[0];
  other.name = "other";
  doc.presets.push_back(other);
  particles::Emitter bystander = doc.emitters[0];
  bystander.name = "bystander";
  bystander.preset = 1;
  doc.emitters.push_back(bystander);
  const particles::Bounds before = doc.emitters[1].bounds;
  auto edited = doc.presets[0];
  edited.velocity.max = {0, 0, 2};  // the centre now rises up to 2 units in its one second
  tuning::applyEdit(doc, 0, edited);
  CHECK(doc.presets[0] == edited);
  const particles::Bounds& b = doc.emitters[0].bounds;
  const std::array<double, 3> lo{1 - r, 2 - r, 3 - r}, hi{1 + r, 2 + r, 5 + r};
  for (int a = 0; a < 3; ++a) {
    INFO("axis " << a);
    CHECK(b.min[a] <= lo[static_cast<std::size_t>(a)]);
    CHECK(b.min[a] > lo[static_cast<std::size_t>(a)] - kSlack);
    CHECK(b.max[a] >= hi[static_cast<std::size_t>(a)]);
    CHECK(b.max[a] < hi[static_cast<std::size_t>(a)] + kSlack);
  }
  // The emitter of the other preset keeps the bounds it had.
  CHECK(doc.emitters[1].bounds == before);
  CHECK(before.max.z < 3 + r + kSlack);
}

TEST_CASE("changed scalars name their source paths") {
  const auto doc = testing::oneEmitter();
  auto after = doc.presets[0];
  after.lifetime.max = 1.25;
  after.size[1].value = 0.125;
  after.velocity.min.y = -0.5;
  const auto edits = tuning::changedScalars(doc.presets[0], after);
  REQUIRE(edits.size() == 3);
  CHECK(edits[0].path == std::vector<std::string>{"presets", "puff", "velocity", "min", "[1]"});
  CHECK(edits[0].text == "-0.5");
  CHECK(edits[1].path == std::vector<std::string>{"presets", "puff", "lifetime", "max"});
  CHECK(edits[2].path == std::vector<std::string>{"presets", "puff", "size", "[1]", "value"});
  CHECK(tuning::changedScalars(after, after).empty());
}

TEST_CASE("saving rewrites only the changed scalars' text, comments and layout intact") {
  const std::string yaml =
      "# my level\n"
      "presets:\n"
      "  puff:   # the puff\n"
      "    capacity: 40    # slots\n"
      "    lifetime: {min: 0.5, max: 0.9}\n"
      "    size:\n"
      "      - {age: 0, value: 0.3}\n"
      "      - {age: 1, value: \"0.12\"}\n"
      "    velocity: {min: [-0.15, -0.15, 0.6], max: [0.15, 0.15, 1.1]}\n";
  core::Diagnostic error;
  auto out = loader::applySourceEdits(yaml,
                                      {{{"presets", "puff", "capacity"}, "64"},
                                       {{"presets", "puff", "lifetime", "max"}, "1.25"},
                                       {{"presets", "puff", "size", "[1]", "value"}, "0.5"},
                                       {{"presets", "puff", "velocity", "max", "[2]"}, "2"}},
                                      error);
  REQUIRE(out);
  CHECK(*out ==
        "# my level\n"
        "presets:\n"
        "  puff:   # the puff\n"
        "    capacity: 64    # slots\n"
        "    lifetime: {min: 0.5, max: 1.25}\n"
        "    size:\n"
        "      - {age: 0, value: 0.3}\n"
        "      - {age: 1, value: 0.5}\n"
        "    velocity: {min: [-0.15, -0.15, 0.6], max: [0.15, 0.15, 2]}\n");
  // A sequence item the source lacks cannot be invented: the save is refused.
  CHECK_FALSE(loader::applySourceEdits(yaml, {{{"presets", "puff", "size", "[7]", "age"}, "1"}}, error));
}

TEST_CASE("numbers are written in their shortest round-trip form") {
  CHECK(loader::formatNumber(0.5) == "0.5");
  CHECK(loader::formatNumber(40) == "40");
  CHECK(loader::formatNumber(0.1) == "0.1");
  CHECK(std::stod(loader::formatNumber(1.0 / 3.0)) == 1.0 / 3.0);
}

TEST_CASE("fields are set by name, unknown names and key indices are refused") {
  auto p = testing::oneEmitter().presets[0];
  CHECK(tuning::setField(p, "lifetime.max", 2.5));
  CHECK(p.lifetime.max == 2.5);
  CHECK(tuning::setField(p, "size[1].value", 0.75));
  CHECK(p.size[1].value == 0.75);
  CHECK(tuning::setField(p, "color[0].alpha", 0.25));
  CHECK(p.color[0].rgba[3] == 0.25);
  CHECK(tuning::setField(p, "capacity", 12));
  CHECK(p.capacity == 12);
  CHECK_FALSE(tuning::setField(p, "size[2].value", 1));  // two keys: index 2 does not exist
  CHECK_FALSE(tuning::setField(p, "colour", 1));
  CHECK_FALSE(tuning::setField(p, "capacity", -1));
}

TEST_CASE("the tunable numbers are the preset schema's, named by their source paths") {
  auto p = testing::oneEmitter().presets[0];  // two size keys, two colour keys
  std::vector<std::string> names;
  for (const auto& f : tuning::numberFields(p)) names.push_back(f.name());
  // Written out by hand from docs/source.md's preset vocabulary, in the KWP1 record's order.
  const std::vector<std::string> expected{
      "capacity",          "spawn.half_extents[0]", "spawn.half_extents[1]", "spawn.half_extents[2]",
      "velocity.min[0]",   "velocity.min[1]",       "velocity.min[2]",       "velocity.max[0]",
      "velocity.max[1]",   "velocity.max[2]",       "lifetime.min",          "lifetime.max",
      "acceleration[0]",   "acceleration[1]",       "acceleration[2]",       "drag",
      "rotation.angle.min", "rotation.angle.max",   "rotation.speed.min",    "rotation.speed.max",
      "sprite.fps",        "size[0].age",           "size[0].value",         "size[1].age",
      "size[1].value",     "color[0].age",          "color[0].rgba[0]",      "color[0].rgba[1]",
      "color[0].rgba[2]",  "color[0].rgba[3]",      "color[1].age",          "color[1].rgba[0]",
      "color[1].rgba[1]",  "color[1].rgba[2]",      "color[1].rgba[3]"};
  CHECK(names == expected);
}

TEST_CASE("schema names reach every number, the colour channel names stay") {
  auto p = testing::oneEmitter().presets[0];
  CHECK(tuning::setField(p, "velocity.min[1]", -0.5));
  CHECK(p.velocity.min.y == -0.5);
  CHECK(tuning::setField(p, "rotation.speed.max", 90));
  CHECK(p.rotationSpeed.max == 90);
  CHECK(tuning::setField(p, "color[1].rgba[2]", 0.5));
  CHECK(p.color[1].rgba[2] == 0.5);
  CHECK(tuning::setField(p, "color[1].blue", 0.25));
  CHECK(p.color[1].rgba[2] == 0.25);
  CHECK_FALSE(tuning::setField(p, "velocity.min[3]", 1));  // a vector has three components
  CHECK_FALSE(tuning::setField(p, "color[1].rgba[4]", 1));
  CHECK_FALSE(tuning::setField(p, "color[1].purple", 1));
  // Counts: zero and 1e9 are taken, just below zero and just above 1e9 are not.
  CHECK(tuning::setField(p, "capacity", 0));
  CHECK(p.capacity == 0);
  CHECK(tuning::setField(p, "capacity", 1e9));
  CHECK(p.capacity == 1000000000u);
  CHECK_FALSE(tuning::setField(p, "capacity", -0.5));
  CHECK_FALSE(tuning::setField(p, "capacity", 1e9 + 1));
  CHECK(p.capacity == 1000000000u);
}
