// The script actions that drive and check a session: key, view, write-file, copy-file, expect-*.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "logic/script.hpp"

using namespace kiln::viewer;
using K = ScriptAction::Kind;

TEST_CASE("key, view and the file actions parse with their arguments") {
  const auto s = parseScript(
      "key Ctrl+Z\nkey shift+right\nview sector-planes on\nview overdraw off\n"
      "write-file out/a.yaml  version: 1\\nworld: [\\t\\\\\ncopy-file a.yaml b/c.yaml\nwrite-file empty.txt\n");
  REQUIRE(s.errors.empty());
  REQUIRE(s.actions.size() == 7);
  CHECK(s.actions[0].kind == K::Key);
  CHECK(s.actions[0].text == "Ctrl+Z");
  CHECK(s.actions[1].text == "shift+right");
  CHECK(s.actions[2].kind == K::View);
  CHECK(s.actions[2].text == "sector-planes");
  CHECK(s.actions[2].a == 1);
  CHECK(s.actions[3].a == 0);
  CHECK(s.actions[4].kind == K::WriteFile);
  CHECK(s.actions[4].text == "out/a.yaml");
  CHECK(s.actions[4].name == "version: 1\nworld: [\t\\");
  CHECK(s.actions[5].kind == K::CopyFile);
  CHECK(s.actions[5].text == "a.yaml");
  CHECK(s.actions[5].name == "b/c.yaml");
  CHECK(s.actions[6].name.empty());
}

TEST_CASE("view accepts exactly the documented View menu names") {
  // Written out here as docs/viewer.md lists them, not read from kViewNames, so a name dropped
  // from or added to the parser's list fails this test.
  const std::set<std::string> documented{"sector-planes", "stored-bounds", "recomputed-bounds", "grid",
                                         "overdraw",      "top-view",      "cpu-points",        "all-bounds",
                                         "legend"};
  for (const std::string& n : documented) {
    INFO(n);
    CHECK(parseScript("view " + n + " on\n").errors.empty());
  }
  CHECK(std::set<std::string>(kViewNames.begin(), kViewNames.end()) == documented);
  // Just outside: a near miss of a real name, and a name of another menu.
  CHECK(parseScript("view grids on\n").errors.size() == 1);
  CHECK(parseScript("view Grid on\n").errors.size() == 1);
  CHECK(parseScript("view timeline on\n").errors.size() == 1);
}

TEST_CASE("expect actions parse counts, times, tolerances and names") {
  const auto s = parseScript("expect-errors 0\nexpect-errors 2+\nexpect-time 1.5\nexpect-time 1 0\nexpect-level braziers.yaml\n");
  REQUIRE(s.errors.empty());
  REQUIRE(s.actions.size() == 5);
  CHECK(s.actions[0].kind == K::ExpectErrors);
  CHECK(s.actions[0].a == 0);
  CHECK(s.actions[0].b == 0);  // exactly
  CHECK(s.actions[1].a == 2);
  CHECK(s.actions[1].b == 1);  // at least
  CHECK(s.actions[2].kind == K::ExpectTime);
  CHECK(s.actions[2].a == 1.5);
  CHECK(s.actions[2].b == kExpectTimeTolerance);
  CHECK(s.actions[3].b == 0);
  CHECK(s.actions[4].kind == K::ExpectLevel);
  CHECK(s.actions[4].text == "braziers.yaml");
}

TEST_CASE("malformed key, view, file and expect lines are each reported") {
  const auto s = parseScript(
      "key\nkey f2\nkey space tab\nview grid\nview grid maybe\nwrite-file\nwrite-file a.txt bad\\q\n"
      "write-file a.txt trailing\\\ncopy-file a\nexpect-errors\nexpect-errors -1\nexpect-errors 1.5\n"
      "expect-errors x+\nexpect-time\nexpect-time 1 -0.1\nexpect-time 1 2 3\nexpect-level\nexpect-level a b\n");
  CHECK(s.actions.empty());
  REQUIRE(s.errors.size() == 18);
  for (int i = 0; i < 18; ++i) CHECK(s.errors[i].line == i + 1);
}

TEST_CASE("unescapeText knows the escapes backslash-n, backslash-t and a doubled backslash, and nothing else") {
  CHECK(unescapeText("") == std::string());
  CHECK(unescapeText("a\\nb") == std::string("a\nb"));
  CHECK(unescapeText("\\\\n") == std::string("\\n"));
  CHECK(unescapeText("\\t") == std::string("\t"));
  CHECK_FALSE(unescapeText("\\"));
  CHECK_FALSE(unescapeText("\\r"));
}

TEST_CASE("look takes an eye and a target, panel NAME off closes") {
  auto s = parseScript("look 10.5 4 2.6 3 4.3 1.4\npanel errors off\npanel budgets on\npanel timeline\n");
  REQUIRE(s.errors.empty());
  REQUIRE(s.actions.size() == 4);
  CHECK(s.actions[0].kind == K::Look);
  CHECK(s.actions[0].look == std::array<double, 6>{10.5, 4, 2.6, 3, 4.3, 1.4});
  CHECK(s.actions[1].text == "errors");
  CHECK(s.actions[1].a == 0);
  CHECK(s.actions[2].a == 1);
  CHECK(s.actions[3].text == "timeline");
  CHECK(s.actions[3].a == 1);
  s = parseScript("look 1 2 3 4 5\nlook 1 2 3 4 5 6 7\nlook 1 2 3 4 5 x\n");
  CHECK(s.errors.size() == 3);
}
