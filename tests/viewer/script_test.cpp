// The --script action language: every action parses, every malformed line is reported.
#include <catch2/catch.hpp>

#include "script.hpp"

using namespace kiln::viewer;
using K = ScriptAction::Kind;

TEST_CASE("every action of the language parses") {
  const auto s = parseScript(
      "# a session\n"
      "open assets/levels/hall.yaml\n"
      "time 1.5\nplay\npause\nspeed 2\nstep -3\n"
      "panel bounds\npick 640 360\ncapture\nscreenshot out dir/a.png\n"
      "select emitter brazier_left\nwait 4\ncamera top\nquit\n");
  REQUIRE(s.errors.empty());
  REQUIRE(s.actions.size() == 14);
  CHECK(s.actions[0].kind == K::Open);
  CHECK(s.actions[0].text == "assets/levels/hall.yaml");
  CHECK(s.actions[1].a == 1.5);
  CHECK(s.actions[5].a == -3);
  CHECK(s.actions[6].text == "bounds");
  CHECK(s.actions[7].a == 640);
  CHECK(s.actions[7].b == 360);
  CHECK(s.actions[9].text == "out dir/a.png");
  CHECK(s.actions[10].text == "emitter");
  CHECK(s.actions[10].name == "brazier_left");
  CHECK(s.actions[11].kind == K::Wait);
  CHECK(s.actions[12].text == "top");
  CHECK(s.actions[0].line == 2);
}

TEST_CASE("malformed lines are all reported with their line numbers") {
  const auto s = parseScript("time\ntime -1\nwait 1.5\npick 3\nfrobnicate\nselect emitter\ncamera side\nplay now\nopen\n");
  CHECK(s.actions.empty());
  REQUIRE(s.errors.size() == 9);
  for (int i = 0; i < 9; ++i) CHECK(s.errors[i].line == i + 1);
}

TEST_CASE("boundary values: time 0 and wait 0 are valid") {
  const auto s = parseScript("time 0\nwait 0\n");
  CHECK(s.errors.empty());
  CHECK(s.actions.size() == 2);
}

TEST_CASE("the cursor holds for wait frames") {
  ScriptCursor c(parseScript("play\nwait 2\npause\n").actions);
  c.beginFrame();
  const ScriptAction* a = c.next();
  REQUIRE(a);
  CHECK(a->kind == K::Play);
  CHECK(c.next() == nullptr);  // the wait starts
  c.beginFrame();
  CHECK(c.next() == nullptr);  // one frame waited
  c.beginFrame();
  a = c.next();
  REQUIRE(a);
  CHECK(a->kind == K::Pause);
  CHECK(c.next() == nullptr);
  CHECK(c.finished());
}

TEST_CASE("tune, inspect, workspace and pick emitter parse; their malformed forms do not") {
  auto s = parseScript("tune lifetime.max 2.5\ninspect a b.klm\nworkspace capture\npick emitter west\n");
  REQUIRE(s.errors.empty());
  REQUIRE(s.actions.size() == 4);
  CHECK(s.actions[0].kind == K::Tune);
  CHECK(s.actions[0].text == "lifetime.max");
  CHECK(s.actions[0].a == 2.5);
  CHECK(s.actions[1].text == "a b.klm");
  CHECK(s.actions[3].name == "west");
  s = parseScript("tune lifetime.max\ntune x y\nworkspace docking\ninspect\n");
  CHECK(s.errors.size() == 4);
}

TEST_CASE("host toggles a feature on or off") {
  auto s = parseScript("host world/particles@1 off\nhost world/particles@2 on\n");
  REQUIRE(s.errors.empty());
  CHECK(s.actions[0].kind == K::Host);
  CHECK(s.actions[0].text == "world/particles@1");
  CHECK(s.actions[0].a == 0);
  CHECK(s.actions[1].a == 1);
  CHECK(parseScript("host world/particles@1\nhost x maybe\n").errors.size() == 2);
}

TEST_CASE("defect 6: script clock values are validated where they enter") {
  // Outside: each line is one error, so the viewer never seeks to them.
  const auto bad = parseScript("time 1e19\ntime 1.6e38\nstep 1e300\nstep 1000001\nstep -1000001\nstep 0.5\ntime 1000000000.001\n");
  CHECK(bad.actions.empty());
  REQUIRE(bad.errors.size() == 7);
  for (int i = 0; i < 7; ++i) CHECK(bad.errors[i].line == i + 1);
  // Just inside: the limits themselves parse.
  const auto good = parseScript("time 1000000000\nstep 1000000\nstep -1000000\nstep 0\n");
  CHECK(good.errors.empty());
  REQUIRE(good.actions.size() == 4);
  CHECK(good.actions[0].a == 1e9);
}
