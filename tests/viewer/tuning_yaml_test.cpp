// Saving tuned presets into YAML: inserted fields and rewritten curves, everything else intact.
#include <catch2/catch.hpp>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "loader/loader.hpp"
#include "panels/logic/emitter_edit.hpp"
#include "panels/logic/tuning_model.hpp"

using namespace kiln;
using namespace kiln::viewer;

namespace {

const std::string kPresets =
    "# level header comment\n"
    "version: 1\n"
    "presets:\n"
    "  puff:                 # the puff\n"
    "    capacity: 40        # slots\n"
    "    lifetime: {min: 0.5}\n"
    "    size:\n"
    "      - {age: 0, value: 0.3}   # start\n"
    "      - {age: 1, value: 0.1}\n"
    "    # trailing comment of puff\n"
    "\n"
    "  smoke:\n"
    "    capacity: 8\n"
    "    size: [{age: 0, value: 1}, {age: 1, value: 2}]\n"
    "    color:\n"
    "    - age: 0\n"
    "      rgba: [1, 1, 1, 1]\n"
    "    - age: 1\n"
    "      rgba: [1, 1, 1, 0]\n"
    "emitters: []   # none yet\n";

std::string save(const std::vector<loader::ScalarEdit>& edits, const std::string& text = kPresets) {
  core::Diagnostic error;
  auto out = loader::applySourceEdits(text, edits, error);
  INFO(error.path + ": " + error.message);
  REQUIRE(out);
  return *out;
}

using Items = std::vector<loader::ScalarEdit::Item>;

}  // namespace

TEST_CASE("an omitted scalar is inserted as a new line at its map's indentation") {
  const std::string out = save({{{"presets", "puff", "drag"}, "1.5", {}, 0, {}}});
  // The new line goes after puff's last entry, before its trailing comment.
  CHECK(out == std::string(kPresets).insert(kPresets.find("    # trailing"), "    drag: 1.5\n"));
  CHECK(YAML::Load(out)["presets"]["puff"]["drag"].as<double>() == 1.5);
  // The last map of a file without a final newline still gets its own line, and the file still
  // ends without one.
  const std::string tail = "presets:\n  puff:\n    capacity: 4";
  CHECK(save({{{"presets", "puff", "drag"}, "2", {}, 0, {}}}, tail) == tail + "\n    drag: 2");
}

TEST_CASE("an omitted field of a flow map is added before its closing brace") {
  const std::string out = save({{{"presets", "puff", "lifetime", "max"}, "0.9", {}, 0, {}}});
  std::string expected = kPresets;
  expected.replace(expected.find("{min: 0.5}"), 10, "{min: 0.5, max: 0.9}");
  CHECK(out == expected);
  CHECK(save({{{"a", "x"}, "1", {}, 0, {}}}, "a: {}\n") == "a: {x: 1}\n");
  CHECK(save({{{"a", "x"}, "1", {}, 0, {}}}, "a: { }\n") == "a: {x: 1 }\n");
}

TEST_CASE("two fields of one omitted map land in one new map") {
  const std::string out = save({{{"presets", "smoke", "rotation", "angle", "min"}, "5", {}, 0, {}},
                                {{"presets", "smoke", "rotation", "angle", "max"}, "10", {}, 0, {}}});
  std::string expected = kPresets;
  expected.insert(expected.find("emitters:"), "    rotation: {angle: {min: 5, max: 10}}\n");
  CHECK(out == expected);
}

TEST_CASE("a component of an omitted vector writes the whole vector") {
  auto before = particles::Preset{};
  before.name = "smoke";
  auto after = before;
  after.acceleration.z = -2;
  const auto edits = tuning::changedScalars(before, after);
  REQUIRE(edits.size() == 1);
  std::string expected = kPresets;
  expected.insert(expected.find("emitters:"), "    acceleration: [0, 0, -2]\n");
  CHECK(save(edits) == expected);
  // Where the vector is written, only the component changes.
  const std::string written = "presets:\n  smoke:\n    acceleration: [0, 0, 1]  # up\n";
  CHECK(save(edits, written) == "presets:\n  smoke:\n    acceleration: [0, 0, -2]  # up\n");
}

TEST_CASE("a block curve of flow items is rewritten in place, keeping its indentation") {
  const Items items{{{"age", "0"}, {"value", "0.3"}}, {{"age", "0.5"}, {"value", "0.2"}}, {{"age", "1"}, {"value", "0.1"}}};
  const std::string out = save({{{"presets", "puff", "size"}, {}, items, 0, {}}});
  std::string expected = kPresets;
  const std::string old = "- {age: 0, value: 0.3}   # start\n      - {age: 1, value: 0.1}";
  expected.replace(expected.find(old), old.size(),
                   "- {age: 0, value: 0.3}\n      - {age: 0.5, value: 0.2}\n      - {age: 1, value: 0.1}");
  CHECK(out == expected);
  const YAML::Node size = YAML::Load(out)["presets"]["puff"]["size"];
  REQUIRE(size.size() == 3);
  CHECK(size[1]["age"].as<double>() == 0.5);
}

TEST_CASE("a flow curve stays flow; a block curve of block maps stays block") {
  const Items three{{{"age", "0"}, {"value", "1"}}, {{"age", "0.5"}, {"value", "3"}}, {{"age", "1"}, {"value", "2"}}};
  std::string expected = kPresets;
  const std::string oldFlow = "[{age: 0, value: 1}, {age: 1, value: 2}]";
  expected.replace(expected.find(oldFlow), oldFlow.size(), "[{age: 0, value: 1}, {age: 0.5, value: 3}, {age: 1, value: 2}]");
  CHECK(save({{{"presets", "smoke", "size"}, {}, three, 0, {}}}) == expected);

  const Items colors{{{"age", "0"}, {"rgba", "[1, 1, 1, 1]"}}, {{"age", "0.5"}, {"rgba", "[1, 0, 0, 0.5]"}},
                     {{"age", "1"}, {"rgba", "[1, 1, 1, 0]"}}};
  expected = kPresets;
  const std::string oldBlock = "- age: 0\n      rgba: [1, 1, 1, 1]\n    - age: 1\n      rgba: [1, 1, 1, 0]";
  expected.replace(expected.find(oldBlock), oldBlock.size(),
                   "- age: 0\n      rgba: [1, 1, 1, 1]\n    - age: 0.5\n      rgba: [1, 0, 0, 0.5]\n    - age: 1\n"
                   "      rgba: [1, 1, 1, 0]");
  const std::string out = save({{{"presets", "smoke", "color"}, {}, colors, 0, {}}});
  CHECK(out == expected);
  CHECK(YAML::Load(out)["presets"]["smoke"]["color"][1]["rgba"][0].as<double>() == 1);
}

TEST_CASE("a key count change is one sequence edit; equal counts stay scalar edits") {
  particles::Preset a;
  a.name = "puff";
  a.size = {{0, 1}, {1, 2}};
  a.color = {{0, {1, 1, 1, 1}}, {1, {1, 1, 1, 0}}};
  auto b = a;
  b.size.insert(b.size.begin() + 1, {0.25, 1.5});
  auto edits = tuning::changedScalars(a, b);
  REQUIRE(edits.size() == 1);
  CHECK(edits[0].path == std::vector<std::string>{"presets", "puff", "size"});
  REQUIRE(edits[0].items);
  CHECK(*edits[0].items == Items{{{"age", "0"}, {"value", "1"}}, {{"age", "0.25"}, {"value", "1.5"}}, {{"age", "1"}, {"value", "2"}}});
  CHECK(edits[0].keepItems == 1);  // the first key is unchanged and keeps its text
  b = a;
  b.color[1].rgba[3] = 0.5;
  edits = tuning::changedScalars(a, b);
  REQUIRE(edits.size() == 1);
  CHECK_FALSE(edits[0].items);
  CHECK(edits[0].path == std::vector<std::string>{"presets", "puff", "color", "[1]", "rgba", "[3]"});
}

TEST_CASE("paths that cannot be placed are refused, naming them") {
  core::Diagnostic error;
  // Through a sequence item the source lacks.
  CHECK_FALSE(loader::applySourceEdits(kPresets, {{{"presets", "puff", "size", "[5]", "age"}, "1", {}, 0, {}}},
                                       error));
  CHECK(error.code == core::Code::EditNotLossless);
  CHECK(error.path == "presets.puff.size[5]");
  // A scalar where a map should be.
  CHECK_FALSE(
      loader::applySourceEdits(kPresets, {{{"presets", "puff", "capacity", "x"}, "1", {}, 0, {}}}, error));
  CHECK(error.code == core::Code::EditNotLossless);
  CHECK(error.path == "presets.puff.capacity.x");
  // A curve edit aimed at a scalar.
  CHECK_FALSE(
      loader::applySourceEdits(kPresets, {{{"presets", "puff", "capacity"}, {}, Items{}, 0, {}}}, error));
  CHECK(error.code == core::Code::EditNotLossless);
  CHECK(error.path == "presets.puff.capacity");
  CHECK_FALSE(loader::applySourceEdits("a: [unclosed\n", {{{"a"}, "1", {}, 0, {}}}, error));
  CHECK(error.code == core::Code::YamlSyntax);
  CHECK(error.message.find("no longer parses") != std::string::npos);
}

TEST_CASE("the braziers sample: a curve grows, a key goes, an omitted map appears, the rest is untouched") {
  const std::filesystem::path file = KILN_SOURCE_DIR "/assets/levels/braziers.yaml";
  std::ifstream in(file, std::ios::binary);
  REQUIRE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  const auto original = loader::compileSourceText(text, file.string(), file.parent_path());
  REQUIRE(original.ok());
  const auto& presets = original.level.particles->presets;
  const auto embers = std::find_if(presets.begin(), presets.end(), [](const auto& p) { return p.name == "embers"; });
  REQUIRE(embers != presets.end());
  auto edited = *embers;
  REQUIRE(tuning::insertKey(edited.size, 0));
  edited.size[1].value = 0.05;  // then dragged to a round value
  REQUIRE(tuning::removeKey(edited.color, 1));
  edited.rotationSpeed.max = 90;  // embers writes no rotation at all
  edited.drag = 0.75;
  core::Diagnostic error;
  const auto out = loader::applySourceEdits(text, tuning::changedScalars(*embers, edited), error);
  INFO(error.message);
  REQUIRE(out);
  const auto reread = loader::compileSourceText(*out, file.string(), file.parent_path());
  REQUIRE(reread.ok());
  const auto& after = reread.level.particles->presets;
  const auto it = std::find_if(after.begin(), after.end(), [](const auto& p) { return p.name == "embers"; });
  REQUIRE(it != after.end());
  CHECK(*it == edited);
  for (const auto& p : presets)
    if (p.name != "embers") CHECK(std::find(after.begin(), after.end(), p) != after.end());
  // Line by line: only embers' drag, size, color lines and one new rotation line differ.
  auto lines = [](const std::string& t) {
    std::vector<std::string> v;
    std::istringstream s(t);
    for (std::string l; std::getline(s, l);) v.push_back(l);
    return v;
  };
  const auto a = lines(text), b = lines(*out);
  std::vector<std::string> gone, added;
  for (const auto& l : a)
    if (std::find(b.begin(), b.end(), l) == b.end()) gone.push_back(l);
  for (const auto& l : b)
    if (std::find(a.begin(), a.end(), l) == a.end()) added.push_back(l);
  // The keys before the first changed one keep their text ("1.0" stays); the keys after it are
  // written anew in shortest form ("0.0" becomes "0").
  CHECK(gone == std::vector<std::string>{"    drag: 0.6", "    size: [{age: 0, value: 0.07}, {age: 1, value: 0.03}]",
                                         "      - {age: 0.5, rgba: [1.0, 0.45, 0.1, 0.9]}",
                                         "      - {age: 1, rgba: [0.7, 0.12, 0.02, 0.0]}"});
  CHECK(added == std::vector<std::string>{"    drag: 0.75",
                                          "    size: [{age: 0, value: 0.07}, {age: 0.5, value: 0.05}, {age: 1, value: 0.03}]",
                                          "      - {age: 1, rgba: [0.7, 0.12, 0.02, 0]}",
                                          "    rotation: {speed: {max: 90}}"});
  CHECK(b.size() == a.size());  // one line in (rotation), one out (a colour key)
}

TEST_CASE("an added burst goes after the emitter's last one; bursts before a change keep their text") {
  const std::filesystem::path file = KILN_SOURCE_DIR "/assets/levels/braziers.yaml";
  std::ifstream in(file, std::ios::binary);
  REQUIRE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  // west_sparks, emitters[2], as the sample writes its bursts.
  const std::string old = "bursts: [{time: 0, count: 10}, {time: 1.4, count: 6}, {time: 2.2, count: 4}],";
  REQUIRE(text.find(old) != std::string::npos);
  particles::Emitter a;
  a.bursts = {{0.0, 10}, {1.4, 6}, {2.2, 4}};
  particles::Emitter b = a;
  b.bursts.push_back({2.8, 2});
  auto edits = emitter_edit::changedScalars(a, b, 2);
  REQUIRE(edits.size() == 1);
  CHECK(edits[0].keepItems == 3);
  std::string expected = text;
  expected.replace(expected.find(old), old.size(),
                   "bursts: [{time: 0, count: 10}, {time: 1.4, count: 6}, {time: 2.2, count: 4}, "
                   "{time: 2.8, count: 2}],");
  CHECK(save(edits, text) == expected);
  // The middle burst removed: the first keeps its text, the rest is written anew.
  b = a;
  b.bursts.erase(b.bursts.begin() + 1);
  edits = emitter_edit::changedScalars(a, b, 2);
  REQUIRE(edits.size() == 1);
  CHECK(edits[0].keepItems == 1);
  expected = text;
  expected.replace(expected.find(old), old.size(), "bursts: [{time: 0, count: 10}, {time: 2.2, count: 4}],");
  CHECK(save(edits, text) == expected);
}

