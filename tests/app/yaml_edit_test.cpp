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
#include "loader/yaml_verify.hpp"

using namespace kiln;
using loader::ScalarEdit;

namespace {

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

ScalarEdit insert(std::vector<std::string> path, std::size_t at, ScalarEdit::Item item) {
  return loader::insertItem(std::move(path), at, std::move(item));
}

ScalarEdit remove(std::vector<std::string> path, std::size_t at) {
  return loader::removeItem(std::move(path), at);
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

TEST_CASE("finding: a quote inside a comment in a multi-line flow collection does not run to the end of the file") {
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
  CHECK(edited(text, {insert({"size"}, 2, {{"age", "2"}, {"value", "0"}})}) ==
        "size: [{age: 0, value: 0.2}, {age: 1, value: 0.1}, {age: 2, value: 0}]   # it's \"fine\"\nsort: "
        "none\n");
  // Across lines, an item appended to a curve written one key a line goes on a line of its own.
  CHECK(edited(kCommentCurve, {insert({"presets", "p", "size"}, 2, {{"age", "2"}, {"value", "0.05"}})}) ==
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
  CHECK(edited(bom + "s:\n- {a: 1}\n", {insert({"s"}, 1, {{"a", "2"}})}) ==
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
  CHECK(edited(crlf, {insert({"presets", "p", "size"}, 1, {{"age", "1"}, {"value", "2"}})}) ==
        "presets:\r\n  p:\r\n    capacity: 4\r\n    size:\r\n    - {age: 0, value: 1}\r\n    - {age: 1, "
        "value: 2}\r\n");
  const std::string blockMaps = "script:\r\n  - time: 1.0\r\n    seed: 1\r\n";
  CHECK(edited(blockMaps, {insert({"script"}, 1, {{"time", "2"}, {"seed", "2"}})}) ==
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
  const ScalarEdit::Item c{{"time", "6.5"}, {"recipe", "pickup"}, {"position", "[5, 4, 0]"}, {"seed", "390"}};
  const std::string appended = edited(text, {insert({"events", "script"}, 2, c)});
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
  // The middle item removed: its lines go; the comment line above it and both neighbours stay.
  CHECK(edited(appended, {remove({"events", "script"}, 1)}) ==
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
  CHECK(edited(appended, {remove({"events", "script"}, 2)}) == text);
  // Every item taken away: an empty flow sequence, the key's comment kept.
  CHECK(edited(text, {remove({"events", "script"}, 0), remove({"events", "script"}, 1)}) ==
        "events:\n  script: []   # replayed\nemitters: []\n");
  // Flow maps under dashes stay flow maps; a flow sequence gets the item before its bracket.
  CHECK(edited("script:\n- {time: 1.0, seed: 1}  # one\n",
               {insert({"script"}, 1, {{"time", "2"}, {"seed", "2"}})}) ==
        "script:\n- {time: 1.0, seed: 1}  # one\n- {time: 2, seed: 2}\n");
  CHECK(edited("e: {bursts: [{time: 0.5, count: 8}], mode: cycle}\n",
               {insert({"e", "bursts"}, 1, {{"time", "2"}, {"count", "3"}})}) ==
        "e: {bursts: [{time: 0.5, count: 8}, {time: 2, count: 3}], mode: cycle}\n");
  CHECK(edited("e: {bursts: []}\n", {insert({"e", "bursts"}, 0, {{"time", "2"}, {"count", "3"}})}) ==
        "e: {bursts: [{time: 2, count: 3}]}\n");
}

TEST_CASE("an item edit past the source's items is refused") {
  // Just inside: an insertion after the last item, the removal of the last item.
  CHECK(edited("s: [{a: 1}, {a: 2}]\n", {insert({"s"}, 2, {{"a", "3"}})}) == "s: [{a: 1}, {a: 2}, {a: 3}]\n");
  CHECK(edited("s: [{a: 1}, {a: 2}]\n", {remove({"s"}, 1)}) == "s: [{a: 1}]\n");
  // Just outside.
  auto why = refusal("s: [{a: 1}, {a: 2}]\n", {insert({"s"}, 3, {{"a", "3"}})});
  CHECK(why.code == core::Code::EditNotLossless);
  CHECK(why.path == "s");
  why = refusal("s: [{a: 1}, {a: 2}]\n", {remove({"s"}, 2)});
  CHECK(why.code == core::Code::EditNotLossless);
  CHECK(why.path == "s");
}

TEST_CASE("an edit the read-back check cannot confirm is refused") {
  // Removing an item that holds an anchor used elsewhere would leave the alias dangling.
  const std::string anchored = "s: [&x {a: 1}, {a: 2}]\nt: *x\n";
  const auto why = refusal(anchored, {remove({"s"}, 0), insert({"s"}, 2, {{"a", "3"}})});
  CHECK(why.message.find("unreadable") != std::string::npos);
  CHECK(edited(anchored, {remove({"s"}, 1), insert({"s"}, 2, {{"a", "3"}})}) == "s: [&x {a: 1}, {a: 3}]\nt: *x\n");
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
        const std::string out = edited(text, {insert(path, node.size(), {{"zz_new", "1"}, {"n", "2"}})});
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

namespace {

// The flame preset's curves as the braziers sample writes them, the last size key respelled and
// commented the way the finding had it.
const std::string kFlame =
    "presets:\n"
    "  flame:\n"
    "    size:\n"
    "      - {age: 0, value: 0.32}\n"
    "      - {age: 0.25, value: 0.42}\n"
    "      - {age: 1.0, value: 0.10}   # burnt out\n"
    "    color:\n"
    "      - {age: 0, rgba: [1.0, 0.62, 0.22, 0.0]}\n"
    "      - {age: 1, rgba: [0.5, 0.08, 0.02, 0.0]}\n"
    "emitters: []\n";

const std::vector<std::string> kSize{"presets", "flame", "size"};

}  // namespace

TEST_CASE("finding: inserting or removing a curve key rewrites the later keys") {
  // An inserted key is one new line; the keys after it keep comment and spelling.
  CHECK(edited(kFlame, {insert(kSize, 1, {{"age", "0.125"}, {"value", "0.37"}})}) ==
        "presets:\n"
        "  flame:\n"
        "    size:\n"
        "      - {age: 0, value: 0.32}\n"
        "      - {age: 0.125, value: 0.37}\n"
        "      - {age: 0.25, value: 0.42}\n"
        "      - {age: 1.0, value: 0.10}   # burnt out\n"
        "    color:\n"
        "      - {age: 0, rgba: [1.0, 0.62, 0.22, 0.0]}\n"
        "      - {age: 1, rgba: [0.5, 0.08, 0.02, 0.0]}\n"
        "emitters: []\n");
  // A removed key takes its own line only.
  CHECK(edited(kFlame, {remove(kSize, 1)}) ==
        "presets:\n"
        "  flame:\n"
        "    size:\n"
        "      - {age: 0, value: 0.32}\n"
        "      - {age: 1.0, value: 0.10}   # burnt out\n"
        "    color:\n"
        "      - {age: 0, rgba: [1.0, 0.62, 0.22, 0.0]}\n"
        "      - {age: 1, rgba: [0.5, 0.08, 0.02, 0.0]}\n"
        "emitters: []\n");
  // A removed key with a comment of its own takes the comment with it, and nothing around it.
  CHECK(edited(kFlame, {remove(kSize, 2)}) ==
        "presets:\n"
        "  flame:\n"
        "    size:\n"
        "      - {age: 0, value: 0.32}\n"
        "      - {age: 0.25, value: 0.42}\n"
        "    color:\n"
        "      - {age: 0, rgba: [1.0, 0.62, 0.22, 0.0]}\n"
        "      - {age: 1, rgba: [0.5, 0.08, 0.02, 0.0]}\n"
        "emitters: []\n");
  // A colour key inserted first: the later keys' 0.0 stays 0.0.
  CHECK(edited(kFlame, {insert({"presets", "flame", "color"}, 1, {{"age", "0.5"}, {"rgba", "[0.75, 0.35, 0.12, 0]"}})}) ==
        "presets:\n"
        "  flame:\n"
        "    size:\n"
        "      - {age: 0, value: 0.32}\n"
        "      - {age: 0.25, value: 0.42}\n"
        "      - {age: 1.0, value: 0.10}   # burnt out\n"
        "    color:\n"
        "      - {age: 0, rgba: [1.0, 0.62, 0.22, 0.0]}\n"
        "      - {age: 0.5, rgba: [0.75, 0.35, 0.12, 0]}\n"
        "      - {age: 1, rgba: [0.5, 0.08, 0.02, 0.0]}\n"
        "emitters: []\n");
  // Keys written as block maps: the new key is a block map at the keys' offset, the commented
  // key after it is untouched; removing the middle key takes its two lines only.
  const std::string blockKeys =
      "size:\n"
      "- age: 0\n"
      "  value: 0.3\n"
      "- age: 0.5\n"
      "  value: 0.2\n"
      "- age: 1\n"
      "  value: 0.1  # end\n";
  CHECK(edited(blockKeys, {insert({"size"}, 1, {{"age", "0.25"}, {"value", "0.25"}})}) ==
        "size:\n"
        "- age: 0\n"
        "  value: 0.3\n"
        "- age: 0.25\n"
        "  value: 0.25\n"
        "- age: 0.5\n"
        "  value: 0.2\n"
        "- age: 1\n"
        "  value: 0.1  # end\n");
  CHECK(edited(blockKeys, {remove({"size"}, 1)}) ==
        "size:\n"
        "- age: 0\n"
        "  value: 0.3\n"
        "- age: 1\n"
        "  value: 0.1  # end\n");
}

TEST_CASE("finding: the self-check misses a kept item written anew") {
  using loader::yaml_verify::lostBytes;
  using loader::yaml_verify::Span;
  // What the old save wrote for `tune size.insert 0` on kFlame: everything from the insertion on
  // written anew. Only the insertion point was asked for, so the last key's line is missing.
  const std::string rewritten =
      "presets:\n"
      "  flame:\n"
      "    size:\n"
      "      - {age: 0, value: 0.32}\n"
      "      - {age: 0.125, value: 0.37}\n"
      "      - {age: 0.25, value: 0.42}\n"
      "      - {age: 1, value: 0.1}\n"
      "    color:\n"
      "      - {age: 0, rgba: [1.0, 0.62, 0.22, 0.0]}\n"
      "      - {age: 1, rgba: [0.5, 0.08, 0.02, 0.0]}\n"
      "emitters: []\n";
  const std::size_t point = kFlame.find("      - {age: 0.25");
  const std::size_t lastKey = kFlame.find("      - {age: 1.0");
  CHECK(lostBytes(kFlame, rewritten, {{point, point}}) == "line 6 (- {age: 1.0, value: 0.10}   # burnt out)");
  // Asked to replace that line, the same output passes; the correct output passes as asked.
  CHECK(lostBytes(kFlame, rewritten, {{point, point}, {lastKey, kFlame.find('\n', lastKey)}}) == std::nullopt);
  CHECK(lostBytes(kFlame, edited(kFlame, {insert(kSize, 1, {{"age", "0.125"}, {"value", "0.37"}})}), {{point, point}}) ==
        std::nullopt);
  // A byte gone at the very start or end of the file, or anywhere without a span, is found.
  CHECK(lostBytes("a: 1\nb: 2\n", "a: 1\nb: 2", {}) == "line 2 (b: 2)");
  CHECK(lostBytes("a: 1\nb: 2\n", "a: 1\nb: 2\n", {}) == std::nullopt);
  CHECK(lostBytes("# c\na: 1\n", "a: 1\n", {{5, 5}}) == "line 1 (# c)");
  CHECK(lostBytes("a: 1\nb: 2\n", "a: 7\nb: 2\n", {{3, 4}}) == std::nullopt);
  CHECK(lostBytes("a: 1\nb: 2\n", "a: 7\nb: 3\n", {{3, 4}}) == "line 2 (b: 2)");
}

TEST_CASE("item edits: several in one batch name the source's indices") {
  const std::string flow = "s: [{a: 1}, {a: 2}, {a: 3}]\n";
  // Two insertions at one index keep their order; a removal next to them takes its own item.
  CHECK(edited(flow, {insert({"s"}, 1, {{"a", "x"}}), insert({"s"}, 1, {{"a", "y"}}), remove({"s"}, 1)}) ==
        "s: [{a: 1}, {a: x}, {a: y}, {a: 3}]\n");
  CHECK(edited(flow, {remove({"s"}, 0), remove({"s"}, 2), insert({"s"}, 3, {{"a", "z"}})}) == "s: [{a: 2}, {a: z}]\n");
  // A value edited in a kept item by its source index, with an item removed before it.
  CHECK(edited(flow, {remove({"s"}, 0), set({"s", "[2]", "a"}, "9")}) == "s: [{a: 2}, {a: 9}]\n");
  // Block items: the first one can be inserted before; the last line without a break goes with
  // the break before it, so the file still ends without one.
  const std::string block = "s:\n  # first\n  - 1\n  - 2";
  CHECK(edited(block, {insert({"s"}, 0, {{"a", "0"}})}) == "s:\n  # first\n  - {a: 0}\n  - 1\n  - 2");
  CHECK(edited(block, {remove({"s"}, 1)}) == "s:\n  # first\n  - 1");
  CHECK(edited(block, {remove({"s"}, 0)}) == "s:\n  # first\n  - 2");
  // Every item removed: `[]` after the key.
  CHECK(edited(block + "\n", {remove({"s"}, 0), remove({"s"}, 1)}) == "s: []\n");
}

TEST_CASE("item edits: flow sequences written one item a line") {
  const std::string text =
      "s: [\n"
      "  {a: 1},   # one\n"
      "  {a: 2},   # two\n"
      "  {a: 3}]   # three\n";
  CHECK(edited(text, {remove({"s"}, 1)}) == "s: [\n  {a: 1},   # one\n  {a: 3}]   # three\n");
  CHECK(edited(text, {remove({"s"}, 0)}) == "s: [\n  {a: 2},   # two\n  {a: 3}]   # three\n");
  // The last item: the comma before it goes too, the previous item's comment stays.
  CHECK(edited(text, {remove({"s"}, 2)}) == "s: [\n  {a: 1},   # one\n  {a: 2}   # two\n]   # three\n");
  CHECK(edited(text, {insert({"s"}, 1, {{"a", "x"}})}) ==
        "s: [\n  {a: 1},   # one\n  {a: x},\n  {a: 2},   # two\n  {a: 3}]   # three\n");
  CHECK(edited(text, {insert({"s"}, 3, {{"a", "x"}})}) ==
        "s: [\n  {a: 1},   # one\n  {a: 2},   # two\n  {a: 3},\n  {a: x}]   # three\n");
  // One line: the item and one separator.
  CHECK(edited("s: [1, 2, 3]\n", {remove({"s"}, 0)}) == "s: [2, 3]\n");
  CHECK(edited("s: [1, 2, 3]\n", {remove({"s"}, 1)}) == "s: [1, 3]\n");
  CHECK(edited("s: [1, 2, 3]\n", {remove({"s"}, 2)}) == "s: [1, 2]\n");
  CHECK(edited("s: [1, 2, 3]\n", {insert({"s"}, 0, {{"a", "0"}})}) == "s: [{a: 0}, 1, 2, 3]\n");
  // A separator shared with a comment on both sides cannot be told apart: refused.
  CHECK(edited("s: [1, # a\n 2, # b\n 3]\n", {remove({"s"}, 1)}) == "s: [1, # a\n 3]\n");
  const std::string shared = "s: [1 # a\n , 2 # b\n , 3]\n";
  const auto why = refusal(shared, {remove({"s"}, 1)});
  CHECK(why.code == core::Code::EditNotLossless);
  CHECK(why.path == "s");
  CHECK(edited(shared, {set({"s", "[1]"}, "5")}) == "s: [1 # a\n , 5 # b\n , 3]\n");
}

TEST_CASE("finding: an inserted line takes the line ending of the line before it, in a file of mixed endings") {
  // The first line ends in LF, the rest in CRLF: the new line is CRLF, no existing ending moves.
  const std::string mixed = "version: 1\npresets:\r\n  embers:\r\n    drag: 0.6\r\nemitters: []\r\n";
  CHECK(edited(mixed, {set({"presets", "embers", "rotation", "angle", "max"}, "90")}) ==
        "version: 1\npresets:\r\n  embers:\r\n    drag: 0.6\r\n    rotation: {angle: {max: 90}}\r\nemitters: []\r\n");
  // The other way round: a CRLF first line, LF after it, the new line LF.
  const std::string other = "version: 1\r\npresets:\n  embers:\n    drag: 0.6\nemitters: []\n";
  CHECK(edited(other, {set({"presets", "embers", "capacity"}, "8")}) ==
        "version: 1\r\npresets:\n  embers:\n    drag: 0.6\n    capacity: 8\nemitters: []\n");
  // At the end of a file without a final break, the line before decides.
  CHECK(edited("a: 1\r\nb:\n  c: 1", {set({"b", "d"}, "2")}) == "a: 1\r\nb:\n  c: 1\n  d: 2");
  CHECK(edited("a: 1\nb:\r\n  c: 1", {set({"b", "d"}, "2")}) == "a: 1\nb:\r\n  c: 1\r\n  d: 2");
  // Items: each new line ends as the line it follows.
  CHECK(edited("s:\n- 1\r\n- 2\n", {insert({"s"}, 1, {{"a", "x"}})}) == "s:\n- 1\r\n- {a: x}\r\n- 2\n");
  CHECK(edited("s:\n- 1\r\n- 2\n", {insert({"s"}, 2, {{"a", "x"}})}) == "s:\n- 1\r\n- 2\n- {a: x}\n");
  CHECK(edited("s:\r\n- time: 1\n  seed: 1\n", {insert({"s"}, 1, {{"time", "2"}, {"seed", "2"}})}) ==
        "s:\r\n- time: 1\n  seed: 1\n- time: 2\n  seed: 2\n");
  CHECK(edited("s: [\n  1,\r\n  2]\n", {insert({"s"}, 1, {{"a", "x"}})}) == "s: [\n  1,\r\n  {a: x},\r\n  2]\n");
}

TEST_CASE("finding: the same edit on every path to an aliased vector component is refused") {
  // acceleration[2] as the tuning panel writes it (the whole vector if the source lacked it).
  const std::string text = "presets:\n  p:\n    acceleration: [0, 0, &d 0.8]\n    drag: *d\n";
  const ScalarEdit component{{"presets", "p", "acceleration", "[2]"}, "2", 3, "[0, 0, 2]"};
  CHECK(edited(text, {component, set({"presets", "p", "drag"}, "2")}) ==
        "presets:\n  p:\n    acceleration: [0, 0, &d 2]\n    drag: *d\n");
  CHECK(edited(text, {set({"presets", "p", "drag"}, "2"), component}) ==
        "presets:\n  p:\n    acceleration: [0, 0, &d 2]\n    drag: *d\n");
  // Only one of the two paths, or two values: refused.
  auto why = refusal(text, {component});
  CHECK(why.code == core::Code::EditNotLossless);
  CHECK(why.path == "presets.p.acceleration[2]");
  CHECK(why.message.find("presets.p.drag") != std::string::npos);
  why = refusal(text, {set({"presets", "p", "drag"}, "2")});
  CHECK(why.path == "presets.p.drag");
  refusal(text, {component, set({"presets", "p", "drag"}, "3")});
  // Where the whole vector would be written (a gap below the alias), the whole texts must agree.
  const std::string maps = "presets:\n  a: &m {x: 1}\n  b: *m\n";
  const ScalarEdit va{{"presets", "a", "v", "[0]"}, "1", 3, "[1, 0]"}, vb{{"presets", "b", "v", "[0]"}, "1", 3, "[1, 0]"};
  CHECK(edited(maps, {va, vb}) == "presets:\n  a: &m {x: 1, v: [1, 0]}\n  b: *m\n");
  ScalarEdit other = vb;
  other.wholeText = "[1, 5]";
  refusal(maps, {va, other});
}

TEST_CASE("item edits of a list the source omits write the whole list once, given its text") {
  const std::string whole = "[{time: 1, count: 2}, {time: 2, count: 3}]";
  const auto first = loader::insertItem({"e", "bursts"}, 0, {{"time", "1"}, {"count", "2"}}, 2, whole);
  const auto second = loader::insertItem({"e", "bursts"}, 0, {{"time", "2"}, {"count", "3"}}, 2, whole);
  CHECK(edited("e: {rate: 1}\n", {first, second}) == "e: {rate: 1, bursts: [{time: 1, count: 2}, {time: 2, count: 3}]}\n");
  // Without the whole text there is nothing to add the item to.
  const auto why = refusal("e: {rate: 1}\n", {insert({"e", "bursts"}, 0, {{"time", "1"}, {"count", "2"}})});
  CHECK(why.path == "e.bursts");
  // Where the list is written, the whole text is not used.
  CHECK(edited("e: {bursts: []}\n", {first, second}) == "e: {bursts: [{time: 1, count: 2}, {time: 2, count: 3}]}\n");
}

// --- RemoveKey: a map entry taken out with only its own bytes ---------------------------------

namespace {

ScalarEdit drop(std::vector<std::string> path) {
  return loader::removeKey(std::move(path));
}

}  // namespace

TEST_CASE("a key removed from a one-line flow map takes its entry and one separator") {
  const std::string text = "s: {a: 1, b: 2, c: 3}   # three\n";
  CHECK(edited(text, {drop({"s", "a"})}) == "s: {b: 2, c: 3}   # three\n");
  CHECK(edited(text, {drop({"s", "b"})}) == "s: {a: 1, c: 3}   # three\n");
  CHECK(edited(text, {drop({"s", "c"})}) == "s: {a: 1, b: 2}   # three\n");
  // The only entry: an empty map, not a null.
  CHECK(edited("s: {a: 1}   # one\n", {drop({"s", "a"})}) == "s: {}   # one\n");
  // Every entry in one batch: the same `{}`.
  CHECK(edited(text, {drop({"s", "a"}), drop({"s", "b"}), drop({"s", "c"})}) == "s: {}   # three\n");
  // Quoted keys, a value with an anchor no alias repeats, an empty value, tight separators.
  CHECK(edited("s: {\"a b\": 1, 'c': &v 2, d: 3}\n", {drop({"s", "a b"})}) == "s: {'c': &v 2, d: 3}\n");
  CHECK(edited("s: {\"a b\": 1, 'c': &v 2, d: 3}\n", {drop({"s", "c"})}) == "s: {\"a b\": 1, d: 3}\n");
  CHECK(edited("s: {a: , b: 1}\n", {drop({"s", "a"})}) == "s: {b: 1}\n");
  CHECK(edited("s: {a: 1,b: 2,c: 3}\n", {drop({"s", "b"})}) == "s: {a: 1,c: 3}\n");
  // A value that is itself a flow collection goes whole.
  CHECK(edited("s: {a: [1, {x: 2}], b: 3}\n", {drop({"s", "a"})}) == "s: {b: 3}\n");
}

TEST_CASE("a key removed from a flow map written one entry a line takes its line") {
  const std::string text =
      "s: {\n"
      "  a: 1,   # one\n"
      "  b: 2,   # two\n"
      "  c: 3}   # three\n";
  CHECK(edited(text, {drop({"s", "a"})}) == "s: {\n  b: 2,   # two\n  c: 3}   # three\n");
  CHECK(edited(text, {drop({"s", "b"})}) == "s: {\n  a: 1,   # one\n  c: 3}   # three\n");
  // The last entry: the comma before it goes too, the previous entry's comment stays.
  CHECK(edited(text, {drop({"s", "c"})}) == "s: {\n  a: 1,   # one\n  b: 2   # two\n}   # three\n");
}

TEST_CASE("a key removed from a block map takes its lines and the comment on them, no other comment") {
  const std::string text =
      "# head\n"
      "sprite:   # the look\n"
      "  frame: soft        # the frame\n"
      "  # about the blend\n"
      "  blend: palette\n"
      "  palette: glass_table   # the table\n"
      "  # after\n"
      "next: 1\n";
  CHECK(edited(text, {drop({"sprite", "palette"})}) ==
        "# head\n"
        "sprite:   # the look\n"
        "  frame: soft        # the frame\n"
        "  # about the blend\n"
        "  blend: palette\n"
        "  # after\n"
        "next: 1\n");
  CHECK(edited(text, {drop({"sprite", "blend"})}) ==
        "# head\n"
        "sprite:   # the look\n"
        "  frame: soft        # the frame\n"
        "  # about the blend\n"
        "  palette: glass_table   # the table\n"
        "  # after\n"
        "next: 1\n");
  CHECK(edited(text, {drop({"sprite", "frame"})}) ==
        "# head\n"
        "sprite:   # the look\n"
        "  # about the blend\n"
        "  blend: palette\n"
        "  palette: glass_table   # the table\n"
        "  # after\n"
        "next: 1\n");
  // A top-level key: its nested lines go with it, the comment lines around it stay.
  CHECK(edited(text, {drop({"sprite"})}) == "# head\n  # after\nnext: 1\n");
  CHECK(edited(text, {drop({"next"})}) ==
        "# head\n"
        "sprite:   # the look\n"
        "  frame: soft        # the frame\n"
        "  # about the blend\n"
        "  blend: palette\n"
        "  palette: glass_table   # the table\n"
        "  # after\n");
  // A nested block value, a flow value continued on the next line, a block scalar.
  const std::string nested =
      "a:\n"
      "  b:\n"
      "    c: 1   # c\n"
      "    d: [1,\n"
      "      2]\n"
      "  t: |\n"
      "    text\n"
      "  e: 2\n";
  CHECK(edited(nested, {drop({"a", "b"})}) == "a:\n  t: |\n    text\n  e: 2\n");
  CHECK(edited(nested, {drop({"a", "b", "d"})}) == "a:\n  b:\n    c: 1   # c\n  t: |\n    text\n  e: 2\n");
  CHECK(edited(nested, {drop({"a", "t"})}) == "a:\n  b:\n    c: 1   # c\n    d: [1,\n      2]\n  e: 2\n");
  // Quoted keys.
  CHECK(edited("\"my key\": 1\n'other': 2\nlast: 3\n", {drop({"my key"})}) == "'other': 2\nlast: 3\n");
  CHECK(edited("\"my key\": 1\n'other': 2\nlast: 3\n", {drop({"other"})}) == "\"my key\": 1\nlast: 3\n");
}

TEST_CASE("a block map's only key removed leaves {} after its key, the comments stay") {
  CHECK(edited("p:   # p\n  # inside\n  drag: 0.5 # d\nq: 1\n", {drop({"p", "drag"})}) ==
        "p: {}   # p\n  # inside\nq: 1\n");
  CHECK(edited("p:\n  drag: 0.5", {drop({"p", "drag"})}) == "p: {}");
  // Every key in one batch: the same.
  CHECK(edited("p:   # p\n  a: 1\n  # between\n  b: 2   # b\nq: 1\n", {drop({"p", "a"}), drop({"p", "b"})}) ==
        "p: {}   # p\n  # between\nq: 1\n");
  // The document's own only key, or a map with an anchor before its entries: refused.
  auto why = refusal("a: 1\n", {drop({"a"})});
  CHECK(why.code == core::Code::EditNotLossless);
  CHECK(why.path == "a");
  why = refusal("p: &m\n  a: 1\nq: 2\n", {drop({"p", "a"})});
  CHECK(why.path == "p.a");
}

TEST_CASE("a key removed keeps CRLF endings, a byte order mark and a file without a final break") {
  const std::string crlf = "p:\r\n  a: 1\r\n  b: 2  # two\r\n  c: 3\r\n";
  CHECK(edited(crlf, {drop({"p", "b"})}) == "p:\r\n  a: 1\r\n  c: 3\r\n");
  CHECK(edited(crlf, {drop({"p", "c"})}) == "p:\r\n  a: 1\r\n  b: 2  # two\r\n");
  CHECK(edited("p: {a: 1, b: 2}\r\nq: 3\r\n", {drop({"p", "a"})}) == "p: {b: 2}\r\nq: 3\r\n");
  // The last line without a break: the break before it goes, so the file still ends without one.
  CHECK(edited("p:\r\n  a: 1\r\n  b: 2", {drop({"p", "b"})}) == "p:\r\n  a: 1");
  CHECK(edited("a: 1\nb: 2", {drop({"b"})}) == "a: 1");
  CHECK(edited("a: 1\nb: 2", {drop({"a"})}) == "b: 2");
  const std::string bom = "\xEF\xBB\xBF";
  CHECK(edited(bom + "a: 1\nb: 2\n", {drop({"a"})}) == bom + "b: 2\n");
}

TEST_CASE("a key the source does not have is already removed: nothing is written") {
  const std::string text = "s: {a: 1}   # c\nn: 5\nb:\n  x: 1\n";
  CHECK(edited(text, {drop({"s", "b"})}) == text);
  CHECK(edited(text, {drop({"t", "b"})}) == text);
  CHECK(edited(text, {drop({"n", "b"})}) == text);
  CHECK(edited(text, {drop({"b", "y", "z"})}) == text);
  // Beside an edit that does write: only that edit's bytes change.
  CHECK(edited(text, {drop({"s", "b"}), set({"s", "a"}, "2")}) == "s: {a: 2}   # c\nn: 5\nb:\n  x: 1\n");
}

TEST_CASE("a key removal with a value set in the same map: both, and nothing else") {
  CHECK(edited("sprite: {frame: soft, blend: palette, palette: glass_table}\n",
               {set({"sprite", "blend"}, "normal"), drop({"sprite", "palette"})}) ==
        "sprite: {frame: soft, blend: normal}\n");
  CHECK(edited("sprite:\n  frame: soft\n  blend: palette   # through the table\n  palette: glass_table\nnext: 1\n",
               {drop({"sprite", "palette"}), set({"sprite", "blend"}, "normal")}) ==
        "sprite:\n  frame: soft\n  blend: normal   # through the table\nnext: 1\n");
  // A key added and another removed in one block map.
  CHECK(edited("p:\n  a: 1\n  b: 2\nq: 1\n", {drop({"p", "a"}), set({"p", "c"}, "3")}) == "p:\n  b: 2\n  c: 3\nq: 1\n");
}

TEST_CASE("a key removal that would leave an alias without its node, or edit another path, is refused") {
  // The entry holds an anchor an alias outside it repeats.
  auto why = refusal("a: {x: &v 1, y: 2}\nb: *v\n", {drop({"a", "x"})});
  CHECK(why.code == core::Code::EditNotLossless);
  CHECK(why.path == "a.x");
  CHECK(why.message.find("&v") != std::string::npos);
  CHECK(why.message.find("line 2") != std::string::npos);
  why = refusal("a:\n  x:\n    deep: &v 1\n  y: 2\nb: *v\n", {drop({"a", "x"})});
  CHECK(why.path == "a.x");
  // Unrepeated, or repeated only inside the entry, or the entry holding the alias: written.
  CHECK(edited("a: {x: &v 1, y: 2}\nb: 3\n", {drop({"a", "x"})}) == "a: {y: 2}\nb: 3\n");
  CHECK(edited("a: {x: {p: &v 1, q: *v}, y: 2}\n", {drop({"a", "x"})}) == "a: {y: 2}\n");
  CHECK(edited("a: &v 1\nb: {c: *v, d: 2}\n", {drop({"b", "c"})}) == "a: &v 1\nb: {d: 2}\n");
  CHECK(edited("base: &b {x: 1}\nuse: *b\nother: 2\n", {drop({"use"})}) == "base: &b {x: 1}\nother: 2\n");
  // A key of a map an alias repeats: every path to it must lose the key, or none.
  const std::string shared = "presets: {a: &pa {drag: 0.5, cap: 4}, b: *pa}\n";
  why = refusal(shared, {drop({"presets", "b", "drag"})});
  CHECK(why.path == "presets.b.drag");
  CHECK(why.message.find("presets.a.drag") != std::string::npos);
  CHECK(edited(shared, {drop({"presets", "a", "drag"}), drop({"presets", "b", "drag"})}) ==
        "presets: {a: &pa {cap: 4}, b: *pa}\n");
}

TEST_CASE("a key removal the scanner cannot place exactly is refused, its neighbours' are not") {
  // Sharing its line with a sequence's dash.
  auto why = refusal("s:\n- a: 1\n  b: 2\n", {drop({"s", "[0]", "a"})});
  CHECK(why.code == core::Code::EditNotLossless);
  CHECK(why.path == "s[0].a");
  CHECK(edited("s:\n- a: 1\n  b: 2\n", {drop({"s", "[0]", "b"})}) == "s:\n- a: 1\n");
  // A plain scalar over two lines.
  const std::string plain = "a:\n  note: this goes\n    on over two lines\n  drag: 0.5\n";
  why = refusal(plain, {drop({"a", "note"})});
  CHECK(why.path == "a.note");
  CHECK(edited(plain, {drop({"a", "drag"})}) == "a:\n  note: this goes\n    on over two lines\n");
  // A flow map whose entries cannot all be placed.
  why = refusal("p: {a: this\n  goes on, b: 2}\n", {drop({"p", "b"})});
  CHECK(why.code == core::Code::EditNotLossless);
  // A path that names a sequence item is not a key.
  why = refusal("s: [1, 2]\n", {drop({"s", "[0]"})});
  CHECK(why.path == "s[0]");
}
