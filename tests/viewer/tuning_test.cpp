// Preset tuning: undo/redo, live validation, applying edits, span-preserving YAML saves.
#include <catch2/catch.hpp>

#include "panels/tuning_model.hpp"
#include "particles/bounds.hpp"
#include "test_docs.hpp"

using namespace kiln;
using namespace kiln::viewer;

TEST_CASE("undo and redo walk committed edits both ways") {
  const auto doc = testing::oneEmitter();
  tuning::Session s;
  s.start(doc, 0);
  s.working.drag = 1;
  s.commit();
  s.working.drag = 2;
  s.commit();
  s.commit();  // nothing changed: no new undo point
  CHECK(s.undoStack.size() == 2);
  REQUIRE(s.undo());
  CHECK(s.working.drag == 1);
  REQUIRE(s.undo());
  CHECK(s.working.drag == 0);
  CHECK_FALSE(s.undo());
  REQUIRE(s.redo());
  CHECK(s.working.drag == 1);
  s.working.drag = 5;
  s.commit();  // a new edit drops the redo branch
  CHECK_FALSE(s.redo());
}

TEST_CASE("an invalid edit is reported with its code; a valid one is clean") {
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
  auto doc = testing::oneEmitter();
  auto edited = doc.presets[0];
  edited.velocity.max = {0, 0, 2};
  tuning::applyEdit(doc, 0, edited);
  CHECK(doc.presets[0] == edited);
  CHECK(doc.emitters[0].bounds == particles::conservativeEmitterBounds(edited, doc.emitters[0]));
  CHECK(doc.emitters[0].bounds.max.z > 3 + 1.5);
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
  std::string error;
  auto out = tuning::replaceScalars(yaml,
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
  CHECK_FALSE(tuning::replaceScalars(yaml, {{{"presets", "puff", "size", "[7]", "age"}, "1"}}, error));
}

TEST_CASE("numbers are written in their shortest round-trip form") {
  CHECK(tuning::formatNumber(0.5) == "0.5");
  CHECK(tuning::formatNumber(40) == "40");
  CHECK(tuning::formatNumber(0.1) == "0.1");
  CHECK(std::stod(tuning::formatNumber(1.0 / 3.0)) == 1.0 / 3.0);
}

TEST_CASE("fields are set by name; unknown names and key indices are refused") {
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
