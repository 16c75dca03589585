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


}  // namespace

TEST_CASE("an omitted scalar is inserted as a new line at its map's indentation") {
  const std::string out = save({{{"presets", "puff", "drag"}, "1.5"}});
  // The new line goes after puff's last entry, before its trailing comment.
  CHECK(out == std::string(kPresets).insert(kPresets.find("    # trailing"), "    drag: 1.5\n"));
  CHECK(YAML::Load(out)["presets"]["puff"]["drag"].as<double>() == 1.5);
  // The last map of a file without a final newline still gets its own line, and the file still
  // ends without one.
  const std::string tail = "presets:\n  puff:\n    capacity: 4";
  CHECK(save({{{"presets", "puff", "drag"}, "2"}}, tail) == tail + "\n    drag: 2");
}

TEST_CASE("an omitted field of a flow map is added before its closing brace") {
  const std::string out = save({{{"presets", "puff", "lifetime", "max"}, "0.9"}});
  std::string expected = kPresets;
  expected.replace(expected.find("{min: 0.5}"), 10, "{min: 0.5, max: 0.9}");
  CHECK(out == expected);
  CHECK(save({{{"a", "x"}, "1"}}, "a: {}\n") == "a: {x: 1}\n");
  CHECK(save({{{"a", "x"}, "1"}}, "a: { }\n") == "a: {x: 1 }\n");
}

TEST_CASE("two fields of one omitted map land in one new map") {
  const std::string out = save({{{"presets", "smoke", "rotation", "angle", "min"}, "5"},
                                {{"presets", "smoke", "rotation", "angle", "max"}, "10"}});
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

TEST_CASE("a key inserted into a block curve of flow items is one new line at its indentation") {
  const std::string out = save({loader::insertItem({"presets", "puff", "size"}, 1, {{"age", "0.5"}, {"value", "0.2"}})});
  std::string expected = kPresets;
  const std::string old = "- {age: 0, value: 0.3}   # start\n      - {age: 1, value: 0.1}";
  expected.replace(expected.find(old), old.size(),
                   "- {age: 0, value: 0.3}   # start\n      - {age: 0.5, value: 0.2}\n      - {age: 1, value: 0.1}");
  CHECK(out == expected);
  const YAML::Node size = YAML::Load(out)["presets"]["puff"]["size"];
  REQUIRE(size.size() == 3);
  CHECK(size[1]["age"].as<double>() == 0.5);
}

TEST_CASE("a flow curve stays flow, a block curve of block maps stays block") {
  std::string expected = kPresets;
  const std::string oldFlow = "[{age: 0, value: 1}, {age: 1, value: 2}]";
  expected.replace(expected.find(oldFlow), oldFlow.size(), "[{age: 0, value: 1}, {age: 0.5, value: 3}, {age: 1, value: 2}]");
  CHECK(save({loader::insertItem({"presets", "smoke", "size"}, 1, {{"age", "0.5"}, {"value", "3"}})}) == expected);

  expected = kPresets;
  const std::string oldBlock = "- age: 0\n      rgba: [1, 1, 1, 1]\n    - age: 1\n      rgba: [1, 1, 1, 0]";
  expected.replace(expected.find(oldBlock), oldBlock.size(),
                   "- age: 0\n      rgba: [1, 1, 1, 1]\n    - age: 0.5\n      rgba: [1, 0, 0, 0.5]\n    - age: 1\n"
                   "      rgba: [1, 1, 1, 0]");
  const std::string out =
      save({loader::insertItem({"presets", "smoke", "color"}, 1, {{"age", "0.5"}, {"rgba", "[1, 0, 0, 0.5]"}})});
  CHECK(out == expected);
  CHECK(YAML::Load(out)["presets"]["smoke"]["color"][1]["rgba"][0].as<double>() == 1);
}

TEST_CASE("a key inserted or removed is one item edit, the other keys, equal counts, stay scalar edits") {
  particles::Preset a;
  a.name = "puff";
  a.size = {{0, 1}, {1, 2}};
  a.color = {{0, {1, 1, 1, 1}}, {1, {1, 1, 1, 0}}};
  auto b = a;
  b.size.insert(b.size.begin() + 1, {0.25, 1.5});
  // The preset's own size curve is written whole where the source omits it.
  const std::string whole = "[{age: 0, value: 1}, {age: 0.25, value: 1.5}, {age: 1, value: 2}]";
  auto edits = tuning::changedScalars(a, b);
  REQUIRE(edits.size() == 1);
  CHECK(edits[0] == loader::insertItem({"presets", "puff", "size"}, 1, {{"age", "0.25"}, {"value", "1.5"}}, 3, whole));
  // The key removed again: one removal of the source's key 1.
  edits = tuning::changedScalars(b, a);
  REQUIRE(edits.size() == 1);
  CHECK(edits[0] == loader::removeItem({"presets", "puff", "size"}, 1, 3, "[{age: 0, value: 1}, {age: 1, value: 2}]"));
  // A key removed and the next one's value changed: that key keeps its place (source index 2).
  particles::Preset c = b;
  c.size.erase(c.size.begin() + 1);
  c.size[1].value = 3;
  edits = tuning::changedScalars(b, c);
  REQUIRE(edits.size() == 2);
  CHECK(edits[0] == loader::removeItem({"presets", "puff", "size"}, 1, 3, "[{age: 0, value: 1}, {age: 1, value: 3}]"));
  CHECK(edits[1].op == loader::ScalarEdit::Op::Set);
  CHECK(edits[1].path == std::vector<std::string>{"presets", "puff", "size", "[2]", "value"});
  CHECK(edits[1].text == "3");
  b = a;
  b.color[1].rgba[3] = 0.5;
  edits = tuning::changedScalars(a, b);
  REQUIRE(edits.size() == 1);
  CHECK(edits[0].op == loader::ScalarEdit::Op::Set);
  CHECK(edits[0].path == std::vector<std::string>{"presets", "puff", "color", "[1]", "rgba", "[3]"});
}

TEST_CASE("paths that cannot be placed are refused, naming them") {
  core::Diagnostic error;
  // Through a sequence item the source lacks.
  CHECK_FALSE(loader::applySourceEdits(kPresets, {{{"presets", "puff", "size", "[5]", "age"}, "1"}},
                                       error));
  CHECK(error.code == core::Code::EditNotLossless);
  CHECK(error.path == "presets.puff.size[5]");
  // A scalar where a map should be.
  CHECK_FALSE(
      loader::applySourceEdits(kPresets, {{{"presets", "puff", "capacity", "x"}, "1"}}, error));
  CHECK(error.code == core::Code::EditNotLossless);
  CHECK(error.path == "presets.puff.capacity.x");
  // A curve edit aimed at a scalar.
  CHECK_FALSE(loader::applySourceEdits(kPresets, {loader::insertItem({"presets", "puff", "capacity"}, 0, {})}, error));
  CHECK(error.code == core::Code::EditNotLossless);
  CHECK(error.path == "presets.puff.capacity");
  CHECK_FALSE(loader::applySourceEdits("a: [unclosed\n", {{{"a"}, "1"}}, error));
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
  // The removed colour key's line goes and nothing else of the curve: the keys after it keep
  // their text ("0.0" stays).
  CHECK(gone == std::vector<std::string>{"    drag: 0.6", "    size: [{age: 0, value: 0.07}, {age: 1, value: 0.03}]",
                                         "      - {age: 0.5, rgba: [1.0, 0.45, 0.1, 0.9]}"});
  CHECK(added == std::vector<std::string>{"    drag: 0.75",
                                          "    size: [{age: 0, value: 0.07}, {age: 0.5, value: 0.05}, {age: 1, value: 0.03}]",
                                          "    rotation: {speed: {max: 90}}"});
  CHECK(b.size() == a.size());  // one line in (rotation), one out (a colour key)
}

TEST_CASE("an added burst goes after the emitter's last one, a removed one takes only its own text") {
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
  CHECK(edits[0] == loader::insertItem({"emitters", "[2]", "bursts"}, 3, {{"time", "2.8"}, {"count", "2"}}, 3,
                                       "[{time: 0, count: 10}, {time: 1.4, count: 6}, {time: 2.2, count: 4}, {time: 2.8, count: 2}]"));
  std::string expected = text;
  expected.replace(expected.find(old), old.size(),
                   "bursts: [{time: 0, count: 10}, {time: 1.4, count: 6}, {time: 2.2, count: 4}, "
                   "{time: 2.8, count: 2}],");
  CHECK(save(edits, text) == expected);
  // The middle burst removed: the item and one separator go.
  b = a;
  b.bursts.erase(b.bursts.begin() + 1);
  edits = emitter_edit::changedScalars(a, b, 2);
  REQUIRE(edits.size() == 1);
  CHECK(edits[0] == loader::removeItem({"emitters", "[2]", "bursts"}, 1, 3, "[{time: 0, count: 10}, {time: 2.2, count: 4}]"));
  expected = text;
  expected.replace(expected.find(old), old.size(), "bursts: [{time: 0, count: 10}, {time: 2.2, count: 4}],");
  CHECK(save(edits, text) == expected);
}


namespace {

std::string braziersText() {
  std::ifstream in(KILN_SOURCE_DIR "/assets/levels/braziers.yaml", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The preset `name` as the loader reads it from `text` (a braziers level).
particles::Preset presetOf(const std::string& text, const std::string& name) {
  const std::filesystem::path file = KILN_SOURCE_DIR "/assets/levels/braziers.yaml";
  const auto level = loader::compileSourceText(text, file.string(), file.parent_path());
  REQUIRE(level.ok());
  const auto& presets = level.level.particles->presets;
  const auto it = std::find_if(presets.begin(), presets.end(), [&](const auto& p) { return p.name == name; });
  REQUIRE(it != presets.end());
  return *it;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("finding: tune size.insert, size.remove and color.insert rewrite the curve's later keys") {
  // The finding's sample: flame's last size key respelled and commented.
  const std::string text = replaced(braziersText(), "      - {age: 1, value: 0.1}\n", "      - {age: 1.0, value: 0.10}   # burnt out\n");
  const particles::Preset flame = presetOf(text, "flame");
  particles::Preset edited = flame;
  REQUIRE(tuning::setField(edited, "size.insert", 0));
  CHECK(save(tuning::changedScalars(flame, edited), text) ==
        replaced(text, "      - {age: 0.25, value: 0.42}\n", "      - {age: 0.125, value: 0.37}\n      - {age: 0.25, value: 0.42}\n"));
  edited = flame;
  REQUIRE(tuning::setField(edited, "size.remove", 1));
  CHECK(save(tuning::changedScalars(flame, edited), text) == replaced(text, "      - {age: 0.25, value: 0.42}\n", ""));
  // embers' colour curve has room for a key: the keys after the new one keep `1.0` and `0.0`.
  const particles::Preset embers = presetOf(text, "embers");
  edited = embers;
  REQUIRE(tuning::setField(edited, "color.insert", 0));
  CHECK(save(tuning::changedScalars(embers, edited), text) ==
        replaced(text, "      - {age: 0.5, rgba: [1.0, 0.45, 0.1, 0.9]}\n",
                 "      - {age: 0.25, rgba: [1, 0.65, 0.3, 0.95]}\n      - {age: 0.5, rgba: [1.0, 0.45, 0.1, 0.9]}\n"));
  edited = embers;
  REQUIRE(tuning::setField(edited, "color.remove", 1));
  CHECK(save(tuning::changedScalars(embers, edited), text) == replaced(text, "      - {age: 0.5, rgba: [1.0, 0.45, 0.1, 0.9]}\n", ""));
  // A removed key and a dragged neighbour in one save: the neighbour keeps its comment, only
  // its number changes.
  edited = flame;
  REQUIRE(tuning::setField(edited, "size.remove", 1));
  REQUIRE(tuning::setField(edited, "size[1].value", 0.2));
  CHECK(save(tuning::changedScalars(flame, edited), text) ==
        replaced(replaced(text, "      - {age: 0.25, value: 0.42}\n", ""), "value: 0.10}   # burnt out", "value: 0.2}   # burnt out"));
  // Block-map keys: the commented key after an inserted one stays as written.
  const std::string block = "presets:\n  p:\n    size:\n    - age: 0\n      value: 0.3\n    - age: 1\n      value: 0.1  # end\n";
  particles::Preset p;
  p.name = "p";
  p.size = {{0, 0.3}, {1, 0.1}};
  particles::Preset q = p;
  REQUIRE(tuning::insertKey(q.size, 0));
  CHECK(save(tuning::changedScalars(p, q), block) ==
        "presets:\n  p:\n    size:\n    - age: 0\n      value: 0.3\n    - age: 0.5\n      value: 0.2\n    - age: 1\n      value: 0.1  # end\n");
}

TEST_CASE("finding: in a file of mixed line endings a new field's line keeps every line's ending") {
  // The first line LF, the rest CRLF.
  std::string text = braziersText();
  const std::size_t first = text.find('\n') + 1;
  std::string rest;
  for (const char c : text.substr(first)) rest += c == '\n' ? std::string("\r\n") : std::string(1, c);
  text = text.substr(0, first) + rest;
  const particles::Preset embers = presetOf(text, "embers");
  particles::Preset edited = embers;
  REQUIRE(tuning::setField(edited, "rotation.angle.max", 90));
  const std::string sprite = "    sprite: {frames: [ember], blend: additive}\r\n";
  CHECK(save(tuning::changedScalars(embers, edited), text) ==
        replaced(text, sprite, sprite + "    rotation: {angle: {max: 90}}\r\n"));
}

TEST_CASE("finding: a tuned number shared through an alias is refused even when every path gets it") {
  const std::string text = "presets:\n  p:\n    acceleration: [0, 0, &d 0.8]\n    drag: *d\n";
  particles::Preset p;
  p.name = "p";
  p.acceleration = {0, 0, 0.8};
  p.drag = 0.8;
  particles::Preset both = p;
  both.acceleration.z = 2;
  both.drag = 2;
  CHECK(save(tuning::changedScalars(p, both), text) == "presets:\n  p:\n    acceleration: [0, 0, &d 2]\n    drag: *d\n");
  // One path only, or two values: refused, the text untouched.
  for (const auto& [z, drag] : {std::pair{2.0, 0.8}, std::pair{0.8, 2.0}, std::pair{2.0, 3.0}}) {
    particles::Preset one = p;
    one.acceleration.z = z;
    one.drag = drag;
    core::Diagnostic error;
    CHECK_FALSE(loader::applySourceEdits(text, tuning::changedScalars(p, one), error));
    CHECK(error.code == core::Code::EditNotLossless);
  }
}
