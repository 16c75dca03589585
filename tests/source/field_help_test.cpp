// The field table (source/field_help.hpp) and the docs' tables written from it
// (source/field_docs.hpp): lookups both ways, the tooltip's text, the limits and words the engine
// defines, the source vocabulary as the JSON Schema spells it, and the docs pages' rows holding
// the very words the tooltips show.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "source/field_docs.hpp"
#include "source/field_help.hpp"

using namespace kiln::source;

namespace {

std::string readPage(const std::string& relative) {
  std::ifstream in(std::string(KILN_SOURCE_DIR) + "/" + relative, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string_view> sectionNames() {
  std::vector<std::string_view> out;
  for (const FieldSection& s : fieldSections()) out.push_back(s.name);
  return out;
}

// The text between a section's markers in a page.
std::string block(const std::string& page, std::string_view section) {
  const std::string begin = fieldsBeginMarker(section) + "\n";
  const std::size_t from = page.find(begin);
  const std::size_t to = page.find(fieldsEndMarker(section));
  if (from == std::string::npos || to == std::string::npos || to < from) return {};
  return page.substr(from + begin.size(), to - from - begin.size());
}

}  // namespace

TEST_CASE("field lookups find the table's keys and nothing else", "[fields]") {
  const FieldHelp* drag = fieldHelp("presets", "drag");
  REQUIRE(drag != nullptr);
  CHECK(drag->key == "drag");
  CHECK(drag->unit == "1/s");
  // One key in two sections is two fields.
  REQUIRE(fieldHelp("events.recipes", "drag") != nullptr);
  CHECK(fieldHelp("events.recipes", "drag") != drag);
  CHECK(fieldHelp("events.recipes", "drag")->fallback == "2.4");
  CHECK(fieldHelp("presets", "nonsense") == nullptr);
  CHECK(fieldHelp("nonsense", "drag") == nullptr);
  CHECK(fieldHelp("presets", "") == nullptr);
  // Exact lookups do not walk up a path; fieldHelpForPath does, and only to whole names.
  CHECK(fieldHelp("presets", "velocity.min") == nullptr);
  CHECK(fieldHelpForPath("presets", "velocity.min[0]") == fieldHelp("presets", "velocity"));
  CHECK(fieldHelpForPath("emitters", "bursts[3].count") == fieldHelp("emitters", "bursts"));
  CHECK(fieldHelpForPath("presets", "spawnx") == nullptr);
  CHECK(fieldHelpForPath("presets", "[0]") == nullptr);
  CHECK(fieldHelpForPath("bounds", "float32 steps") != nullptr);
}

TEST_CASE("every field has a key, words for an artist, and a section the docs print", "[fields]") {
  const std::vector<std::string_view> sections = sectionNames();
  std::set<std::pair<std::string_view, std::string>> seen;
  std::set<std::string_view> used;
  for (const FieldHelp& f : fieldTable()) {
    INFO(f.section << " " << f.key);
    CHECK(std::find(sections.begin(), sections.end(), f.section) != sections.end());
    CHECK(!f.key.empty());
    CHECK(f.help.size() > 10);
    CHECK(f.help.back() == '.');
    CHECK(seen.insert({f.section, f.key}).second);  // no key twice in a section
    used.insert(f.section);
  }
  CHECK(used.size() == sections.size());  // no section without fields
}

TEST_CASE("a tooltip is the sentences, the rule, then unit, default and source path, without code marks", "[fields]") {
  // An entry written here, so the expected text does not come from the table's own words.
  const FieldHelp made{"presets", "spawn.half_extents", "`[x, y, z]`", "m", "`[0, 0, 0]`",
                       "Half the box `shape` makes.", "each ≥ 0 (`spawn-extent`)"};
  CHECK(tooltipText(made) ==
        "Half the box shape makes.\nRule: each ≥ 0 (spawn-extent)\n"
        "unit: m   default: [0, 0, 0]   source: presets.NAME.spawn.half_extents");
  CHECK(sourcePath(made) == "presets.NAME.spawn.half_extents");
  // Without a rule there is no rule line; without a unit or default only what there is.
  const FieldHelp bare{"events.script", "time", "number", "", "", "When it goes off.", ""};
  CHECK(tooltipText(bare) == "When it goes off.\nsource: events.script[i].time");
  // The viewer's own section has no source path.
  const FieldHelp shown{"bounds", "margin", "", "m", "", "Room for rounding.", ""};
  CHECK(tooltipText(shown) == "Room for rounding.\nunit: m");
  CHECK(sourcePath(shown) == "margin");
  // And the table's entries read the same way.
  const std::string t = tooltipText(*fieldHelp("emitters", "delay_seconds"));
  CHECK(t.find('`') == std::string::npos);
  CHECK(t.ends_with("unit: s   default: 0   source: emitters.NAME.delay_seconds"));
}

TEST_CASE("the rules quote the contract's limits and the enumerations' words", "[fields]") {
  // The numbers as docs/source.md and docs/codes.md state them, typed here by hand.
  auto rule = [](std::string_view section, std::string_view key) { return fieldHelp(section, key)->rule; };
  CHECK(rule("presets", "capacity").starts_with("1..4096, "));
  CHECK(rule("presets", "lifetime") == "0 < min ≤ max ≤ 3600");
  CHECK(rule("presets", "sprite.frames") == "1 to 16 names from `textures`");
  CHECK(rule("emitters", "seed") == "0..4294967295");
  CHECK(rule("emitters", "bursts").starts_with("up to 16; "));
  CHECK(rule("events", "capacity") == "1..65536 (`event-capacity`)");
  CHECK(rule("events", "step_hz") == "1..1000 (`step-rate`)");
  CHECK(rule("events.recipes", "axis") == "length ≥ 1e-6 (`zero-axis`)");
  CHECK(rule("events.recipes", "lifetime") == "≤ 3600 (`recipe-range`); below 0.001 → 0.001 with `warning[lifetime-clamped]`");
  CHECK(rule("events.emitters", "rate").starts_with("≤ 100000 (`emitter-rate`)"));
  CHECK(rule("presets", "sprite.blend") == "`alpha` and `premultiplied` need `version: 2`");
  CHECK(fieldHelp("presets", "sprite.blend")->type == "`additive`, `cutout`, `alpha` or `premultiplied`");
  CHECK(fieldHelp("presets", "sprite.blend")->fallback == "`additive`");
  CHECK(fieldHelp("presets", "spawn.shape")->type == "`point` or `box`");
  CHECK(fieldHelp("events", "sort")->type == "`view`, `iso` or `none`");
  CHECK(fieldHelp("events", "step_hz")->fallback == "60");
}

TEST_CASE("the source sections' keys are the JSON Schema's, both ways", "[fields]") {
  const nlohmann::json schema = nlohmann::json::parse(readPage("assets/schema/level.schema.json"));
  const nlohmann::json& defs = schema.at("$defs");
  // Each source section and the schema object its keys live in.
  const std::vector<std::pair<std::string_view, const nlohmann::json*>> objects{
      {"presets", &defs.at("preset")},
      {"emitters", &defs.at("emitter")},
      {"events", &defs.at("events")},
      {"events.recipes", &defs.at("eventRecipe")},
      {"events.emitters", &defs.at("eventEmitter")},
      {"events.script", &defs.at("events").at("properties").at("script").at("items")}};
  for (const auto& [section, object] : objects) {
    // Table → schema: each dotted key names properties, map within map.
    for (const FieldHelp& f : fieldTable()) {
      if (f.section != section) continue;
      INFO(section << " " << f.key);
      const nlohmann::json* at = object;
      std::string_view rest = f.key;
      bool found = true;
      while (found && !rest.empty()) {
        const std::size_t dot = rest.find('.');
        const std::string piece(rest.substr(0, dot));
        rest = dot == std::string_view::npos ? std::string_view{} : rest.substr(dot + 1);
        found = at->contains("properties") && at->at("properties").contains(piece);
        if (found) at = &at->at("properties").at(piece);
      }
      CHECK(found);
    }
    // Schema → table: every property, nested maps included, is a field or holds fields.
    std::vector<std::pair<std::string, const nlohmann::json*>> todo{{"", object}};
    while (!todo.empty()) {
      const auto [prefix, at] = todo.back();
      todo.pop_back();
      if (!at->contains("properties")) continue;
      for (const auto& [name, value] : at->at("properties").items()) {
        const std::string key = prefix + name;
        INFO(section << " " << key);
        const bool holdsFields = std::any_of(fieldTable().begin(), fieldTable().end(), [&](const FieldHelp& f) {
          return f.section == section && f.key.starts_with(key + ".");
        });
        CHECK((fieldHelpForPath(section, key) != nullptr || holdsFields));
        todo.push_back({key + ".", &value});
      }
    }
  }
}

TEST_CASE("a section's markdown table has the columns its fields use, a row per field", "[fields][docs]") {
  const std::string presets = fieldTableMarkdown("presets");
  CHECK(presets.starts_with("| key | type | unit | default | what it does | rule |\n|---|---|---|---|---|---|\n"));
  CHECK(presets.find("\n| `sprite.fps` | number | frames/s | 0 | ") != std::string::npos);
  // The bounds inspector's rows have no type or default: those columns are left out.
  CHECK(fieldTableMarkdown("bounds").starts_with("| shown | unit | what it shows | rule |\n|---|---|---|---|\n"));
  for (const FieldSection& s : fieldSections()) {
    const std::string table = fieldTableMarkdown(s.name);
    std::istringstream lines(table);
    std::size_t rows = 0, columns = 0;
    for (std::string line; std::getline(lines, line); ++rows) {
      // Unescaped pipes: the same count on every line, so no text split a cell.
      std::size_t pipes = 0;
      for (std::size_t i = 0; i < line.size(); ++i) pipes += line[i] == '|' && (i == 0 || line[i - 1] != '\\');
      if (rows == 0) columns = pipes;
      INFO(s.name << ": " << line);
      CHECK(pipes == columns);
    }
    const auto fields = std::count_if(fieldTable().begin(), fieldTable().end(),
                                      [&](const FieldHelp& f) { return f.section == s.name; });
    CHECK(rows == static_cast<std::size_t>(fields) + 2);
  }
}

TEST_CASE("a page's marked blocks are rewritten from the table and nothing else changes", "[fields][docs]") {
  std::string page = "# Title\n\nintro\n";
  for (const FieldSection& s : fieldSections())
    if (s.doc == "docs/source.md")
      page += fieldsBeginMarker(s.name) + "\n| stale | row |\n" + fieldsEndMarker(s.name) + "\n\nbetween\n";
  const FieldDocs once = withFieldTables(page, "docs/source.md");
  REQUIRE(once.problems.empty());
  std::string expected = "# Title\n\nintro\n";
  for (const FieldSection& s : fieldSections())
    if (s.doc == "docs/source.md")
      expected += fieldsBeginMarker(s.name) + "\n" + fieldTableMarkdown(s.name) + fieldsEndMarker(s.name) + "\n\nbetween\n";
  CHECK(once.text == expected);
  // Rewriting a current page changes nothing.
  CHECK(withFieldTables(once.text, "docs/source.md").text == once.text);
}

TEST_CASE("a page whose markers are missing, unmatched or misplaced is refused and kept", "[fields][docs]") {
  const std::string good = readPage("docs/source.md");
  REQUIRE(withFieldTables(good, "docs/source.md").problems.empty());
  auto refused = [&](const std::string& page, std::string_view pagePath, std::string_view says) {
    const FieldDocs d = withFieldTables(page, pagePath);
    INFO(says);
    REQUIRE(!d.problems.empty());
    CHECK(d.text == page);
    CHECK(std::any_of(d.problems.begin(), d.problems.end(),
                      [&](const std::string& p) { return p.find(says) != std::string::npos; }));
  };
  auto without = [&](const std::string& marker) {
    std::string p = good;
    p.erase(p.find(marker), marker.size() + 1);
    return p;
  };
  // A section the page should print is missing altogether.
  std::string noEmitters = good;
  const std::size_t from = noEmitters.find(fieldsBeginMarker("emitters"));
  noEmitters.erase(from, noEmitters.find(fieldsEndMarker("emitters")) + fieldsEndMarker("emitters").size() + 1 - from);
  refused(noEmitters, "docs/source.md", "has no table for 'emitters'");
  refused(without(fieldsEndMarker("presets")), "docs/source.md", "'presets' begins but the next fields marker");
  refused(without(fieldsBeginMarker("presets")), "docs/source.md", "'presets' ends without a begin marker");
  refused(good + fieldsBeginMarker("bounds") + "\n" + fieldsEndMarker("bounds") + "\n", "docs/source.md",
          "'bounds' is printed by docs/viewer.md");
  refused(good + fieldsBeginMarker("presets") + "\n" + fieldsEndMarker("presets") + "\n", "docs/source.md",
          "'presets' is printed twice");
  refused(good + fieldsBeginMarker("particles") + "\n" + fieldsEndMarker("particles") + "\n", "docs/source.md",
          "no section 'particles'");
  refused(good + "text " + fieldsBeginMarker("presets") + "\n", "docs/source.md", "not on a line of its own");
  refused(good + "<!-- fields:presets middle -->\n", "docs/source.md", "must end in 'begin -->' or 'end -->'");
}

TEST_CASE("the docs' rows hold the words the tooltips show", "[fields][docs]") {
  // Read the pages as committed: each field's row carries its help sentences and its rule, the
  // text tooltipText shows (less the code marks), so the viewer and the docs cannot drift apart.
  for (const FieldSection& s : fieldSections()) {
    const std::string page = readPage(std::string(s.doc));
    const std::string table = block(page, s.name);
    INFO(s.doc << " " << s.name);
    REQUIRE(!table.empty());
    for (const FieldHelp& f : fieldTable()) {
      if (f.section != s.name) continue;
      INFO(f.key);
      const std::size_t row = table.find("| `" + f.key + "` |");
      REQUIRE(row != std::string::npos);
      // A pipe inside a cell is written escaped; read it back as the table has it.
      std::string line = table.substr(row, table.find('\n', row) - row);
      for (std::size_t at = line.find("\\|"); at != std::string::npos; at = line.find("\\|", at)) line.erase(at, 1);
      CHECK(line.find("| " + f.help + " |") != std::string::npos);
      if (!f.rule.empty()) CHECK(line.find("| " + f.rule + " |") != std::string::npos);
      const std::string tip = tooltipText(f);
      CHECK(tip.find("`") == std::string::npos);
    }
  }
}
