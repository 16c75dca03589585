// The lossless YAML editor the viewer saves with (loader/yaml_edit.hpp): one test per red-team
// finding with hand-written expected bytes, both sides of each rule, and a property run over
// every sample source (each number edited in turn changes only that number's bytes).
#include "loader/yaml_edit.hpp"

#include <yaml-cpp/yaml.h>

#include <catch2/catch.hpp>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "loader/yaml_scan.hpp"

using namespace kiln;
using loader::ScalarEdit;

namespace {

using Items = std::vector<ScalarEdit::Item>;

std::string edited(std::string_view source, const std::vector<ScalarEdit>& edits) {
  core::Diagnostic why;
  const auto out = loader::applySourceEdits(source, edits, why);
  INFO(why.path + ": " + why.message);
  REQUIRE(out);
  return *out;
}

core::Diagnostic refusal(std::string_view source, const std::vector<ScalarEdit>& edits) {
  core::Diagnostic why;
  const auto out = loader::applySourceEdits(source, edits, why);
  if (out) INFO("unexpectedly written:\n" + *out);
  REQUIRE_FALSE(out);
  return why;
}

ScalarEdit set(std::vector<std::string> path, std::string text) {
  return {std::move(path), std::move(text)};
}

std::string dotted(const std::vector<std::string>& path) {
  std::string s;
  for (const std::string& p : path) s += (s.empty() || p.front() == '[' ? "" : ".") + p;
  return s;
}

// The node at `path` of a yaml-cpp tree (keys and "[i]" items).
YAML::Node at(YAML::Node n, const std::vector<std::string>& path) {
  for (const std::string& p : path) {
    YAML::Node next = p.front() == '[' ? n[std::stoul(p.substr(1))] : n[p];
    n.reset(next);
  }
  return n;
}

ScalarEdit itemsEdit(std::vector<std::string> path, Items items, std::size_t keep) {
  ScalarEdit e;
  e.path = std::move(path);
  e.items = std::move(items);
  e.keepItems = keep;
  return e;
}

// The one-line flow curve of the finding, with a quote in its comment.
const std::string kCommentCurve =
    "presets:\n"
    "  p:\n"
    "    size: [\n"
    "      {age: 0, value: 0.2},   # don't go lower\n"
    "      {age: 1, value: 0.1}]\n"
    "    sort: none\n"
    "emitters: []   # \"none\" yet\n";

}  // namespace

TEST_CASE(
    "finding: a quote inside a comment in a multi-line flow collection does not run to the end of the file") {
  // Tuning a key of the curve changes that number only; sort survives.
  CHECK(edited(kCommentCurve, {set({"presets", "p", "size", "[1]", "value"}, "0.15")}) ==
        "presets:\n"
        "  p:\n"
        "    size: [\n"
        "      {age: 0, value: 0.2},   # don't go lower\n"
        "      {age: 1, value: 0.15}]\n"
        "    sort: none\n"
        "emitters: []   # \"none\" yet\n");
  // The field after the curve is still found and edited in place.
  CHECK(edited(kCommentCurve, {set({"presets", "p", "sort"}, "view")}) ==
        "presets:\n"
        "  p:\n"
        "    size: [\n"
        "      {age: 0, value: 0.2},   # don't go lower\n"
        "      {age: 1, value: 0.1}]\n"
        "    sort: view\n"
        "emitters: []   # \"none\" yet\n");
  // A new field goes after the map's last entry, not into the file's last comment.
  CHECK(edited(kCommentCurve, {set({"presets", "p", "drag"}, "0.5")}) ==
        "presets:\n"
        "  p:\n"
        "    size: [\n"
        "      {age: 0, value: 0.2},   # don't go lower\n"
        "      {age: 1, value: 0.1}]\n"
        "    sort: none\n"
        "    drag: 0.5\n"
        "emitters: []   # \"none\" yet\n");
  // The curve as a map's last entry: the new field lands after its closing bracket.
  const std::string last =
      "p:\n"
      "  size: [\n"
      "    {age: 0, value: 0.2},   # don't go \"lower\"\n"
      "    {age: 1, value: 0.1}]\n"
      "q: 1\n";
  CHECK(edited(last, {set({"p", "drag"}, "2")}) ==
        "p:\n"
        "  size: [\n"
        "    {age: 0, value: 0.2},   # don't go \"lower\"\n"
        "    {age: 1, value: 0.1}]\n"
        "  drag: 2\n"
        "q: 1\n");
}

TEST_CASE("a comment with quotes after a one-line flow sequence is a comment") {
  const std::string text =
      "size: [{age: 0, value: 0.2}, {age: 1, value: 0.1}]   # it's \"fine\"\nsort: none\n";
  CHECK(edited(text, {set({"size", "[0]", "value"}, "0.3")}) ==
        "size: [{age: 0, value: 0.3}, {age: 1, value: 0.1}]   # it's \"fine\"\nsort: none\n");
  CHECK(edited(text, {itemsEdit({"size"},
                                {{{"age", "0"}, {"value", "0.2"}},
                                 {{"age", "1"}, {"value", "0.1"}},
                                 {{"age", "2"}, {"value", "0"}}},
                                2)}) ==
        "size: [{age: 0, value: 0.2}, {age: 1, value: 0.1}, {age: 2, value: 0}]   # it's \"fine\"\nsort: "
        "none\n");
  // Across lines, an item appended to a curve written one key a line goes on a line of its own.
  CHECK(edited(kCommentCurve, {itemsEdit({"presets", "p", "size"},
                                         {{{"age", "0"}, {"value", "0.2"}},
                                          {{"age", "1"}, {"value", "0.1"}},
                                          {{"age", "2"}, {"value", "0.05"}}},
                                         2)}) ==
        "presets:\n"
        "  p:\n"
        "    size: [\n"
        "      {age: 0, value: 0.2},   # don't go lower\n"
        "      {age: 1, value: 0.1},\n"
        "      {age: 2, value: 0.05}]\n"
        "    sort: none\n"
        "emitters: []   # \"none\" yet\n");
}

TEST_CASE("finding: a UTF-8 byte order mark does not shift positions, and stays") {
  const std::string bom = "\xEF\xBB\xBF";
  const std::string body = "presets:\n  p:\n    drag: 0.5\n";
  CHECK(edited(bom + body, {set({"presets", "p", "drag"}, "0.9")}) ==
        bom + "presets:\n  p:\n    drag: 0.9\n");
  CHECK(edited(bom + body, {set({"presets", "p", "capacity"}, "8")}) ==
        bom + "presets:\n  p:\n    drag: 0.5\n    capacity: 8\n");
  // The mark takes no column: a key added to the top-level map starts its line.
  CHECK(edited(bom + "a: 1\n", {set({"b"}, "2")}) == bom + "a: 1\nb: 2\n");
  CHECK(edited(bom + "s:\n- {a: 1}\n", {itemsEdit({"s"}, {{{"a", "1"}}, {{"a", "2"}}}, 1)}) ==
        bom + "s:\n- {a: 1}\n- {a: 2}\n");
  // Without one, the same bytes less the mark.
  CHECK(edited(body, {set({"presets", "p", "drag"}, "0.9")}) == "presets:\n  p:\n    drag: 0.9\n");
  // yaml-cpp counts from after the mark; the scanner adds it back.
  const auto scanned = loader::yaml_scan::scan(bom + body);
  REQUIRE(std::holds_alternative<loader::yaml_scan::Document>(scanned));
  const auto& doc = std::get<loader::yaml_scan::Document>(scanned);
  CHECK(doc.bom == 3);
  bool seen = false;
  for (const auto& n : doc.nodes)
    if (n.kind == loader::yaml_scan::Node::Kind::Scalar && n.value == "0.5") {
      seen = true;
      CHECK(n.begin == (bom + body).find("0.5"));
      CHECK(n.end == n.begin + 3);
    }
  CHECK(seen);
}

TEST_CASE("finding: a tuned scalar keeps its anchor, its tag and a word's quotes") {
  CHECK(edited("p:\n  drag: &d 0.5   # c\n", {set({"p", "drag"}, "0.75")}) == "p:\n  drag: &d 0.75   # c\n");
  CHECK(edited("p:\n  drag: !!float 0.5\n", {set({"p", "drag"}, "0.75")}) == "p:\n  drag: !!float 0.75\n");
  CHECK(edited("p: {drag: &d !!float 0.5}\n", {set({"p", "drag"}, "0.75")}) ==
        "p: {drag: &d !!float 0.75}\n");
  CHECK(edited("s: {frame: \"ember\"}\n", {set({"s", "frame"}, "spark")}) == "s: {frame: \"spark\"}\n");
  CHECK(edited("s: {frame: 'ember'}\n", {set({"s", "frame"}, "it's")}) == "s: {frame: 'it''s'}\n");
  CHECK(edited("s: {frame: ember}\n", {set({"s", "frame"}, "spark")}) == "s: {frame: spark}\n");
  // A number is written plain: in quotes the source would read it as text.
  CHECK(edited("p: {drag: \"0.5\"}\n", {set({"p", "drag"}, "0.75")}) == "p: {drag: 0.75}\n");
}

TEST_CASE("finding: a preset reached through an alias is not edited at its definition unasked") {
  const std::string text = "presets: {a: &pa {drag: 0.5, capacity: 4}, b: *pa}\n";
  // Only the alias path: refused, naming the path, the alias and where it is defined.
  auto why = refusal(text, {set({"presets", "b", "drag"}, "0.75")});
  CHECK(why.code == core::Code::EditNotLossless);
  CHECK(why.path == "presets.b.drag");
  CHECK(why.message ==
        "written through the alias *pa (defined at presets.a); editing it would change presets.a.drag too — "
        "edit the "
        "YAML by hand");
  // Only the definition: refused the same way, naming the alias that also reaches it.
  why = refusal(text, {set({"presets", "a", "drag"}, "0.75")});
  CHECK(why.path == "presets.a.drag");
  CHECK(why.message ==
        "also reached through the alias *pa at presets.b; editing it would change presets.b.drag too — edit "
        "the YAML "
        "by hand");
  // Different values on the two paths: refused.
  refusal(text, {set({"presets", "a", "drag"}, "0.75"), set({"presets", "b", "drag"}, "0.8")});
  // Every path edited alike: the definition is edited once, the alias stays an alias.
  CHECK(edited(text, {set({"presets", "b", "drag"}, "0.75"), set({"presets", "a", "drag"}, "0.75")}) ==
        "presets: {a: &pa {drag: 0.75, capacity: 4}, b: *pa}\n");
  // A new field in an aliased map follows the same rule.
  refusal(text, {set({"presets", "b", "lifetime"}, "2")});
  CHECK(edited(text, {set({"presets", "a", "lifetime"}, "2"), set({"presets", "b", "lifetime"}, "2")}) ==
        "presets: {a: &pa {drag: 0.5, capacity: 4, lifetime: 2}, b: *pa}\n");
}

TEST_CASE("an alias of an enclosing anchor counts as a path too") {
  const std::string text =
      "presets:\n"
      "  a: &pa\n"
      "    drag: &d 0.5\n"
      "  b: *pa\n"
      "  c: {drag: *d}\n";
  const auto why = refusal(text, {set({"presets", "a", "drag"}, "1"), set({"presets", "b", "drag"}, "1")});
  CHECK(why.message.find("presets.c.drag") != std::string::npos);
  CHECK(why.message.find("*d") != std::string::npos);
  CHECK(edited(text, {set({"presets", "a", "drag"}, "1"), set({"presets", "b", "drag"}, "1"),
                      set({"presets", "c", "drag"}, "1")}) ==
        "presets:\n"
        "  a: &pa\n"
        "    drag: &d 1\n"
        "  b: *pa\n"
        "  c: {drag: *d}\n");
  // A sibling the aliases do not reach is edited freely.
  CHECK(edited(text + "  e: {drag: 3}\n", {set({"presets", "e", "drag"}, "4")}) == text + "  e: {drag: 4}\n");
}

TEST_CASE("finding: a field added after a flow value continued on a less indented line goes after it") {
  const std::string text =
      "presets:\n"
      "  p:\n"
      "    capacity: 4\n"
      "    size: [{age: 0, value: 1},\n"
      "{age: 1, value: 2}]\n"
      "emitters: []\n";
  CHECK(edited(text, {set({"presets", "p", "drag"}, "0.5")}) ==
        "presets:\n"
        "  p:\n"
        "    capacity: 4\n"
        "    size: [{age: 0, value: 1},\n"
        "{age: 1, value: 2}]\n"
        "    drag: 0.5\n"
        "emitters: []\n");
  // Continued deeper, the same place.
  const std::string deeper =
      "presets:\n"
      "  p:\n"
      "    size: [{age: 0, value: 1},\n"
      "           {age: 1, value: 2}]\n"
      "emitters: []\n";
  CHECK(edited(deeper, {set({"presets", "p", "drag"}, "0.5")}) ==
        "presets:\n"
        "  p:\n"
        "    size: [{age: 0, value: 1},\n"
        "           {age: 1, value: 2}]\n"
        "    drag: 0.5\n"
        "emitters: []\n");
}

TEST_CASE("finding: CRLF files keep CRLF in inserted and rewritten lines") {
  const std::string crlf = "presets:\r\n  p:\r\n    capacity: 4\r\n    size:\r\n    - {age: 0, value: 1}\r\n";
  CHECK(edited(crlf, {set({"presets", "p", "capacity"}, "8")}) ==
        "presets:\r\n  p:\r\n    capacity: 8\r\n    size:\r\n    - {age: 0, value: 1}\r\n");
  CHECK(edited(crlf, {set({"presets", "p", "drag"}, "0.5")}) ==
        "presets:\r\n  p:\r\n    capacity: 4\r\n    size:\r\n    - {age: 0, value: 1}\r\n    drag: 0.5\r\n");
  CHECK(edited(crlf, {itemsEdit({"presets", "p", "size"},
                                {{{"age", "0"}, {"value", "1"}}, {{"age", "1"}, {"value", "2"}}}, 1)}) ==
        "presets:\r\n  p:\r\n    capacity: 4\r\n    size:\r\n    - {age: 0, value: 1}\r\n    - {age: 1, "
        "value: 2}\r\n");
  const std::string blockMaps = "script:\r\n  - time: 1.0\r\n    seed: 1\r\n";
  CHECK(edited(blockMaps, {itemsEdit({"script"},
                                     {{{"time", "1"}, {"seed", "1"}}, {{"time", "2"}, {"seed", "2"}}}, 1)}) ==
        "script:\r\n  - time: 1.0\r\n    seed: 1\r\n  - time: 2\r\n    seed: 2\r\n");
  // An LF file stays LF.
  const std::string lf = "presets:\n  p:\n    capacity: 4\n";
  CHECK(edited(lf, {set({"presets", "p", "drag"}, "0.5")}) ==
        "presets:\n  p:\n    capacity: 4\n    drag: 0.5\n");
}

TEST_CASE("finding: appending to a script keeps every byte of the authored items") {
  const std::string text =
      "events:\n"
      "  script:   # replayed\n"
      "    - time: 1.0       # first\n"
      "      recipe: pickup\n"
      "      position: [5, 2.5, 1.6]\n"
      "      seed: 60\n"
      "    # a gap\n"
      "    - time: 2.5\n"
      "      recipe: dust\n"
      "      position: [6, 5.5, 0.05]  # on the floor\n"
      "      seed: 150\n"
      "emitters: []\n";
  const ScalarEdit::Item a{
      {"time", "1"}, {"recipe", "pickup"}, {"position", "[5, 2.5, 1.6]"}, {"seed", "60"}};
  const ScalarEdit::Item b{
      {"time", "2.5"}, {"recipe", "dust"}, {"position", "[6, 5.5, 0.05]"}, {"seed", "150"}};
  const ScalarEdit::Item c{{"time", "6.5"}, {"recipe", "pickup"}, {"position", "[5, 4, 0]"}, {"seed", "390"}};
  const std::string appended = edited(text, {itemsEdit({"events", "script"}, {a, b, c}, 2)});
  CHECK(appended ==
        "events:\n"
        "  script:   # replayed\n"
        "    - time: 1.0       # first\n"
        "      recipe: pickup\n"
        "      position: [5, 2.5, 1.6]\n"
        "      seed: 60\n"
        "    # a gap\n"
        "    - time: 2.5\n"
        "      recipe: dust\n"
        "      position: [6, 5.5, 0.05]  # on the floor\n"
        "      seed: 150\n"
        "    - time: 6.5\n"
        "      recipe: pickup\n"
        "      position: [5, 4, 0]\n"
        "      seed: 390\n"
        "emitters: []\n");
  // One kept, the rest replaced: the first item's bytes and the comment before the next stay.
  CHECK(edited(appended, {itemsEdit({"events", "script"}, {a, c}, 1)}) ==
        "events:\n"
        "  script:   # replayed\n"
        "    - time: 1.0       # first\n"
        "      recipe: pickup\n"
        "      position: [5, 2.5, 1.6]\n"
        "      seed: 60\n"
        "    # a gap\n"
        "    - time: 6.5\n"
        "      recipe: pickup\n"
        "      position: [5, 4, 0]\n"
        "      seed: 390\n"
        "emitters: []\n");
  CHECK(edited(appended, {itemsEdit({"events", "script"}, {a, b}, 2)}) == text);
  // Every item taken away: an empty flow sequence, the key's comment kept.
  CHECK(edited(text, {itemsEdit({"events", "script"}, {}, 0)}) ==
        "events:\n  script: []   # replayed\nemitters: []\n");
  // Flow maps under dashes stay flow maps; a flow sequence gets the item before its bracket.
  CHECK(edited("script:\n- {time: 1.0, seed: 1}  # one\n",
               {itemsEdit({"script"}, {{{"time", "1"}, {"seed", "1"}}, {{"time", "2"}, {"seed", "2"}}},
                          1)}) == "script:\n- {time: 1.0, seed: 1}  # one\n- {time: 2, seed: 2}\n");
  CHECK(edited("e: {bursts: [{time: 0.5, count: 8}], mode: cycle}\n",
               {itemsEdit({"e", "bursts"},
                          {{{"time", "0.5"}, {"count", "8"}}, {{"time", "2"}, {"count", "3"}}}, 1)}) ==
        "e: {bursts: [{time: 0.5, count: 8}, {time: 2, count: 3}], mode: cycle}\n");
  CHECK(edited("e: {bursts: []}\n", {itemsEdit({"e", "bursts"}, {{{"time", "2"}, {"count", "3"}}}, 0)}) ==
        "e: {bursts: [{time: 2, count: 3}]}\n");
}

TEST_CASE("a sequence edit that keeps more items than the source has is refused") {
  const auto why =
      refusal("s: [{a: 1}]\n", {itemsEdit({"s"}, {{{"a", "1"}}, {{"a", "2"}}, {{"a", "3"}}}, 2)});
  CHECK(why.code == core::Code::EditNotLossless);
  CHECK(why.path == "s");
}

TEST_CASE("an edit the read-back check cannot confirm is refused") {
  // Replacing an item that holds an anchor used elsewhere would leave the alias dangling.
  const std::string anchored = "s: [&x {a: 1}, {a: 2}]\nt: *x\n";
  const Items two{{{"a", "1"}}, {{"a", "3"}}};
  const auto why = refusal(anchored, {itemsEdit({"s"}, two, 0)});
  CHECK(why.message.find("unreadable") != std::string::npos);
  CHECK(edited(anchored, {itemsEdit({"s"}, two, 1)}) == "s: [&x {a: 1}, {a: 3}]\nt: *x\n");
  // A line after a block scalar that ends the file without a newline would give it one.
  CHECK(refusal("a:\n  text: |\n    one", {set({"a", "b"}, "1")}).message.find("would not read back") !=
        std::string::npos);
  CHECK(edited("a:\n  text: |\n    one\n", {set({"a", "b"}, "1")}) == "a:\n  text: |\n    one\n  b: 1\n");
}

TEST_CASE("text the scanner cannot place exactly is refused, its neighbours are not") {
  const std::string plain =
      "a:\n"
      "  note: this goes\n"
      "    on over two lines\n"
      "  drag: 0.5\n";
  auto why = refusal(plain, {set({"a", "note"}, "short")});
  CHECK(why.code == core::Code::EditNotLossless);
  CHECK(why.path == "a.note");
  CHECK(edited(plain, {set({"a", "drag"}, "0.75")}) ==
        "a:\n  note: this goes\n    on over two lines\n  drag: 0.75\n");
  const std::string block =
      "a:\n"
      "  text: |\n"
      "    0.5\n"
      "  drag: 0.5\n";
  why = refusal(block, {set({"a", "text"}, "0.75")});
  CHECK(why.message.find("block scalar") != std::string::npos);
  CHECK(edited(block, {set({"a", "drag"}, "0.75")}) == "a:\n  text: |\n    0.5\n  drag: 0.75\n");
  // After a block scalar as the map's last entry, the new line follows its last content line.
  CHECK(edited("a:\n  text: |\n    one\n    two\nb: 1\n", {set({"a", "drag"}, "1")}) ==
        "a:\n  text: |\n    one\n    two\n  drag: 1\nb: 1\n");
  refusal("a: 1\n---\nb: 2\n", {set({"a"}, "2")});
  // An item after one the scanner could not place is still found from its own dash.
  const std::string list = "list:\n  - this goes\n    on\n  - 5  # five\n";
  CHECK(edited(list, {set({"list", "[1]"}, "6")}) == "list:\n  - this goes\n    on\n  - 6  # five\n");
  refusal(list, {set({"list", "[0]"}, "6")});
}

TEST_CASE("a value that would change the document's shape is refused by the read-back check") {
  const auto why = refusal("p: {drag: 0.5}\n", {set({"p", "drag"}, "a, b")});
  CHECK(why.code == core::Code::EditNotLossless);
  CHECK(why.message.find("would not read back as intended") != std::string::npos);
  // The same text where it stays one scalar is fine.
  CHECK(edited("p:\n  drag: 0.5\n", {set({"p", "drag"}, "a, b")}) == "p:\n  drag: a, b\n");
}

TEST_CASE("document start, quoted keys, tabs, comments and a missing final newline") {
  CHECK(edited("--- # level\n\"my preset\": {drag: 0.5}  # c\n", {set({"my preset", "drag"}, "1")}) ==
        "--- # level\n\"my preset\": {drag: 1}  # c\n");
  CHECK(edited("'p': \n  drag: 0.5\t# tab before\n", {set({"p", "drag"}, "1")}) ==
        "'p': \n  drag: 1\t# tab before\n");
  CHECK(edited("p:\n  drag: 0.5\t\n", {set({"p", "drag"}, "1")}) == "p:\n  drag: 1\t\n");
  CHECK(edited("p:\n  drag: 0.5", {set({"p", "drag"}, "1")}) == "p:\n  drag: 1");
  CHECK(edited("p:\n  drag: 0.5  # no newline", {set({"p", "cap"}, "1")}) ==
        "p:\n  drag: 0.5  # no newline\n  cap: 1");
  CHECK(edited("# head\np:   # p\n  # inside\n  drag: 0.5 # d\n# tail\n", {set({"p", "cap"}, "1")}) ==
        "# head\np:   # p\n  # inside\n  drag: 0.5 # d\n  cap: 1\n# tail\n");
  CHECK(edited("p: {a: }\n", {set({"p", "b"}, "1")}) == "p: {a: , b: 1 }\n");
  CHECK(edited("p: {a: ~}\n", {set({"p", "a"}, "1")}) == "p: {a: 1}\n");
  // An omitted value under an existing key that holds nothing is not a map to add to.
  const auto why = refusal("p:\n", {set({"p", "drag"}, "1")});
  CHECK(why.path == "p.drag");
}

TEST_CASE("every number of every sample source, edited in turn, changes only its own bytes") {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (const char* dir : {"assets/levels", "tests/data/sources", "tests/assets/data"})
    for (const auto& entry : fs::directory_iterator(fs::path(KILN_SOURCE_DIR) / dir))
      if (entry.path().extension() == ".yaml") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 4);
  std::mt19937 random(20240611);
  std::size_t tried = 0;
  for (const fs::path& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    const std::size_t bom = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    // The number nodes, found with yaml-cpp alone: a plain scalar whose whole text is a number,
    // written at its mark (so its bytes are [mark, mark + size)).
    struct Number {
      std::vector<std::string> path;
      std::size_t at;
      std::string value;
    };
    std::vector<Number> numbers;
    const auto collect = [&](const auto& self, const YAML::Node& n, std::vector<std::string>& path) -> void {
      if (n.IsScalar()) {
        const std::string& v = n.Scalar();
        double d = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), d);
        const std::size_t at = static_cast<std::size_t>(n.Mark().pos) + bom;
        if (ec == std::errc{} && end == v.data() + v.size() && text.compare(at, v.size(), v) == 0)
          numbers.push_back({path, at, v});
      } else if (n.IsSequence()) {
        for (std::size_t i = 0; i < n.size(); ++i) {
          path.push_back("[" + std::to_string(i) + "]");
          self(self, n[i], path);
          path.pop_back();
        }
      } else if (n.IsMap()) {
        for (const auto& kv : n) {
          path.push_back(kv.first.Scalar());
          self(self, kv.second, path);
          path.pop_back();
        }
      }
    };
    std::vector<std::string> path;
    collect(collect, YAML::Load(text), path);
    INFO(file.string());
    REQUIRE(!numbers.empty());
    // Every number of a sample-sized source; the 200 KB stress level is sampled (12 numbers
    // spread over it, from a random start) because each edit re-reads the whole file three times.
    const std::size_t stride = text.size() < (16u << 10) ? 1 : std::max<std::size_t>(1, numbers.size() / 12);
    for (std::size_t i = random() % stride; i < numbers.size(); i += stride) {
      const Number& n = numbers[i];
      std::string value;
      do value = loader::formatNumber(std::uniform_real_distribution<double>(-100, 100)(random));
      while (value == n.value);
      INFO(dotted(n.path) + " = " + n.value + " -> " + value);
      const std::string out = edited(text, {set(n.path, value)});
      CHECK(out == text.substr(0, n.at) + value + text.substr(n.at + n.value.size()));
      CHECK(at(YAML::Load(out), n.path).Scalar() == value);
      ++tried;
    }
  }
  CHECK(tried > 300);
}

TEST_CASE("every map and list of maps of the small samples takes a new entry as one insertion") {
  namespace fs = std::filesystem;
  std::size_t maps = 0, lists = 0;
  for (const char* name : {"assets/levels/braziers.yaml", "assets/levels/smoke_fire.yaml"}) {
    std::ifstream in(fs::path(KILN_SOURCE_DIR) / name, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    INFO(name);
    // One contiguous run of new bytes: the common head and tail cover the whole input.
    auto oneInsertion = [&](const std::string& out) {
      std::size_t head = 0, tail = 0;
      while (head < text.size() && text[head] == out[head]) ++head;
      while (tail < text.size() - head && text[text.size() - 1 - tail] == out[out.size() - 1 - tail]) ++tail;
      return out.size() > text.size() && head + tail == text.size();
    };
    std::vector<std::pair<std::vector<std::string>, YAML::Node>> nodes;
    const auto collect = [&](const auto& self, const YAML::Node& n, std::vector<std::string>& path) -> void {
      nodes.emplace_back(path, n);
      std::size_t i = 0;
      for (auto it = n.begin(); n.IsSequence() || n.IsMap() ? it != n.end() : false; ++it, ++i) {
        path.push_back(n.IsMap() ? it->first.Scalar() : "[" + std::to_string(i) + "]");
        self(self, n.IsMap() ? it->second : *it, path);
        path.pop_back();
      }
    };
    std::vector<std::string> root;
    collect(collect, YAML::Load(text), root);
    for (const auto& [path, node] : nodes) {
      INFO(dotted(path));
      if (node.IsMap()) {
        auto p = path;
        p.push_back("zz_new");
        const std::string out = edited(text, {set(p, "1")});
        CHECK(oneInsertion(out));
        const YAML::Node again = at(YAML::Load(out), path);
        CHECK(again.size() == node.size() + 1);
        CHECK(again["zz_new"].Scalar() == "1");
        ++maps;
      } else if (node.IsSequence() && node.size() > 0 && node[0].IsMap()) {
        Items items(node.size(), ScalarEdit::Item{});
        items.push_back({{"zz_new", "1"}, {"n", "2"}});
        const std::string out = edited(text, {itemsEdit(path, items, node.size())});
        CHECK(oneInsertion(out));
        const YAML::Node again = at(YAML::Load(out), path);
        REQUIRE(again.size() == node.size() + 1);
        CHECK(again[node.size()]["n"].Scalar() == "2");
        ++lists;
      }
    }
  }
  CHECK(maps > 50);
  CHECK(lists > 10);
}
