// The field table (source/field_help.hpp) against the names the viewer's panels and scripts use:
// every number the tuning panel edits and every recipe field the sandbox sets has an entry, so no
// field is drawn without its tooltip; and a name the table lacks finds nothing.
#include <catch2/catch.hpp>

#include "panels/logic/events_edit.hpp"
#include "panels/logic/tuning_model.hpp"
#include "source/field_help.hpp"
#include "test_docs.hpp"

using namespace kiln;
using namespace kiln::viewer;

TEST_CASE("every number of the tuning panel has a field-table entry that is it or its parent") {
  particles::Preset p = testing::oneEmitter().presets[0];
  p.size.insert(p.size.begin() + 1, {0.5, 1.0});  // an inner key as well as the ends
  const std::vector<tuning::NumberField> fields = tuning::numberFields(p);
  REQUIRE(fields.size() > 20);
  for (const tuning::NumberField& f : fields) {
    INFO(f.name());
    const source::FieldHelp* h = source::fieldHelpForPath("presets", f.name());
    REQUIRE(h != nullptr);
    CHECK(h->section == "presets");
    // The entry is the field itself or a map or list it sits in, never a neighbour.
    const std::string name = f.name();
    CHECK((name == h->key || name.starts_with(h->key + ".") || name.starts_with(h->key + "[")));
  }
  // The entries a person expects for a few names (the docs' rows).
  auto key = [](std::string_view name) { return source::fieldHelpForPath("presets", name)->key; };
  CHECK(key("capacity") == "capacity");
  CHECK(key("velocity.min[1]") == "velocity");
  CHECK(key("spawn.half_extents[2]") == "spawn.half_extents");
  CHECK(key("rotation.speed.max") == "rotation.speed");
  CHECK(key("size[1].value") == "size");
  CHECK(key("color[0].rgba[3]") == "color");
  CHECK(key("sprite.fps") == "sprite.fps");
}

TEST_CASE("every recipe field the event sandbox names has a field-table entry") {
  const std::vector<std::string> names = events_edit::recipeFieldNames();
  REQUIRE(names.size() >= 17);
  for (const std::string& name : names) {
    // The script's word alpha_test leaves out the map it sits in: the source writes
    // sprite.alpha_test.
    const std::string path = name == "alpha_test" ? "sprite.alpha_test" : name;
    INFO(name);
    const source::FieldHelp* h = source::fieldHelpForPath("events.recipes", path);
    REQUIRE(h != nullptr);
    CHECK((path == h->key || path.starts_with(h->key + ".")));
  }
  CHECK(source::fieldHelpForPath("events.recipes", "color.g")->key == "color");
  CHECK(source::fieldHelpForPath("events.recipes", "axis.z")->key == "axis");
}

TEST_CASE("every word field the event sandbox sets has a field-table entry of its own") {
  const std::vector<std::string> names = events_edit::wordFieldNames();
  REQUIRE(names.size() == 6);
  for (const std::string& name : names) {
    INFO(name);
    // math and dimensions are the section's; the others a recipe's.
    const bool section = name == "math" || name == "dimensions";
    const source::FieldHelp* h = source::fieldHelpForPath(section ? "events" : "events.recipes", name);
    REQUIRE(h != nullptr);
    CHECK(h->key == name);
  }
  // And the panel's read-only list and its new recipe fields.
  CHECK(source::fieldHelpForPath("events", "materials") != nullptr);
  CHECK(source::fieldHelpForPath("events.recipes", "layer")->key == "layer");
}

TEST_CASE("a name the field table does not document finds nothing") {
  CHECK(source::fieldHelpForPath("presets", "spin") == nullptr);
  CHECK(source::fieldHelpForPath("presets", "velocities.min[0]") == nullptr);
  // The sandbox's word is not a source key: the table has it under sprite.
  CHECK(source::fieldHelpForPath("events.recipes", "alpha_test") == nullptr);
  // A recipe's fields are not a preset's, nor the other way round.
  CHECK(source::fieldHelpForPath("presets", "gravity") == nullptr);
  CHECK(source::fieldHelpForPath("events.recipes", "capacity") == nullptr);
}
