// The --script action language: every action parses, every malformed line is reported.
#include <catch2/catch.hpp>

#include "logic/script.hpp"

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

TEST_CASE("tune, inspect, workspace and pick emitter parse, their malformed forms do not") {
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

namespace {

// One line parses to exactly one action (true) or to exactly one error on line 1 (false).
bool parses(const std::string& line) {
  const Script s = parseScript(line + "\n");
  INFO(line << ": " << (s.errors.empty() ? std::string("ok") : s.errors.front().message));
  CHECK(s.actions.size() + s.errors.size() == 1);
  if (!s.errors.empty()) CHECK(s.errors.front().line == 1);
  return s.errors.empty();
}

}  // namespace

TEST_CASE("finding: 'wait 1e300' is a parse error, not a wait that never ends") {
  CHECK_FALSE(parses("wait 1e300"));
  CHECK(parses("wait 1000000"));
  CHECK_FALSE(parses("wait 1000001"));
  CHECK_FALSE(parses("wait -1"));
  CHECK_FALSE(parses("wait 2.5"));
  CHECK(parses("wait 0"));
  // The largest wait holds the cursor for exactly that many frames, as a whole number.
  ScriptCursor c(parseScript("wait 1000000\nplay\n").actions);
  c.beginFrame();
  CHECK(c.next() == nullptr);
  for (int i = 0; i < 999999; ++i) c.beginFrame();
  CHECK(c.next() == nullptr);
  c.beginFrame();
  const ScriptAction* a = c.next();
  REQUIRE(a);
  CHECK(a->kind == K::Play);
}

TEST_CASE("finding: 'ab a 1e300' is refused at parse time, ab a|b takes a whole number 0..1000000") {
  CHECK_FALSE(parses("ab a 1e300"));
  CHECK_FALSE(parses("ab b 1e300"));
  CHECK(parses("ab a 1000000"));
  CHECK_FALSE(parses("ab a 1000001"));
  CHECK(parses("ab b 0"));
  CHECK_FALSE(parses("ab b -1"));
  CHECK_FALSE(parses("ab a 1.5"));
  CHECK_FALSE(parses("ab a nan"));
  CHECK(parses("ab zoom 16"));
  CHECK_FALSE(parses("ab zoom 16.01"));
}

TEST_CASE("finding: every numeric script word is bounded where it is parsed (both sides of each bound)") {
  // speed: the timeline's 0.1x..4x.
  CHECK(parses("speed 0.1"));
  CHECK(parses("speed 4"));
  CHECK_FALSE(parses("speed 0.09"));
  CHECK_FALSE(parses("speed 4.01"));
  CHECK_FALSE(parses("speed 1e300"));
  // Pixels: pick, hover and drag-gizmo within ±16384.
  for (const std::string w : {"pick", "hover"}) {
    CHECK(parses(w + " 16384 -16384"));
    CHECK_FALSE(parses(w + " 16385 0"));
    CHECK_FALSE(parses(w + " 0 -16385"));
    CHECK_FALSE(parses(w + " 1e300 1"));
  }
  CHECK(parses("drag-gizmo x 16384 -16384"));
  CHECK_FALSE(parses("drag-gizmo y 16385 0"));
  CHECK_FALSE(parses("drag-gizmo z 0 -1e300"));
  // Values and positions that must fit a float32 (3.4028235e38).
  CHECK(parses("tune size[0].value 3.4e38"));
  CHECK_FALSE(parses("tune size[0].value 3.5e38"));
  CHECK(parses("sandbox tune speed -3.4e38"));
  CHECK_FALSE(parses("sandbox tune speed -1e300"));
  CHECK(parses("sandbox fire 3.4e38 0 0"));
  CHECK_FALSE(parses("sandbox fire 0 3.5e38 0"));
  CHECK(parses("look 3.4e38 0 0 0 0 0"));
  CHECK_FALSE(parses("look 0 0 0 0 0 1e300"));
  CHECK(parses("expect position lantern 0 0 3.4e38"));
  CHECK_FALSE(parses("expect position lantern 0 0 -3.5e38"));
  // sandbox rate: 1..1000 Hz.
  CHECK(parses("sandbox rate 1"));
  CHECK(parses("sandbox rate 1000"));
  CHECK_FALSE(parses("sandbox rate 0.99"));
  CHECK_FALSE(parses("sandbox rate 1000.5"));
  // Times the clock can read: expect-time, its tolerance, expect loop and capture-set.
  CHECK(parses("expect-time 1000000000"));
  CHECK_FALSE(parses("expect-time 1000000000.5"));
  CHECK_FALSE(parses("expect-time -0.5"));
  CHECK(parses("expect-time 1 1000000000"));
  CHECK_FALSE(parses("expect-time 1 1e300"));
  CHECK_FALSE(parses("expect-time 1 -1e-6"));
  CHECK(parses("expect loop 0 1000000000"));
  CHECK_FALSE(parses("expect loop 0 1000000001"));
  CHECK_FALSE(parses("expect loop -1 2"));
  CHECK(parses("capture-set 999999999:1000000000:0.5"));
  CHECK_FALSE(parses("capture-set 999999999:1000000001:1"));
  CHECK_FALSE(parses("capture-set -1:1:1"));
  // Counts: whole numbers 0..1000000.
  CHECK(parses("expect-errors 1000000"));
  CHECK(parses("expect-errors 1000000+"));
  CHECK_FALSE(parses("expect-errors 1000001"));
  CHECK_FALSE(parses("expect-errors 1e300"));
  CHECK_FALSE(parses("expect-errors 1e300+"));
  CHECK(parses("expect event-script 1000000"));
  CHECK_FALSE(parses("expect event-script 1000001"));
  CHECK_FALSE(parses("expect event-script 1.5"));
  CHECK_FALSE(parses("expect event-script -1"));
  // NaN and infinities never reach any word.
  for (const std::string bad : {"nan", "inf", "-inf", "1e999"}) {
    CHECK_FALSE(parses("time " + bad));
    CHECK_FALSE(parses("speed " + bad));
    CHECK_FALSE(parses("step " + bad));
    CHECK_FALSE(parses("wait " + bad));
    CHECK_FALSE(parses("pick " + bad + " 1"));
    CHECK_FALSE(parses("tune size " + bad));
    CHECK_FALSE(parses("sandbox fire 0 0 " + bad));
  }
}

TEST_CASE("quit --discard, open/inspect PATH --discard and save --overwrite parse, other words do not") {
  const auto s = parseScript(
      "quit\nquit --discard\nopen my levels/a.yaml\nopen my levels/a.yaml --discard\ninspect b.klm --discard\n"
      "save\nsave --overwrite\nscreenshot shot --discard\n");
  REQUIRE(s.errors.empty());
  REQUIRE(s.actions.size() == 8);
  CHECK_FALSE(s.actions[0].force);
  CHECK(s.actions[1].force);
  CHECK(s.actions[2].text == "my levels/a.yaml");
  CHECK_FALSE(s.actions[2].force);
  CHECK(s.actions[3].text == "my levels/a.yaml");
  CHECK(s.actions[3].force);
  CHECK(s.actions[4].kind == K::Inspect);
  CHECK(s.actions[4].text == "b.klm");
  CHECK(s.actions[4].force);
  CHECK_FALSE(s.actions[5].force);
  CHECK(s.actions[6].force);
  // A screenshot takes no --discard: the words are its path.
  CHECK(s.actions[7].text == "shot --discard");
  CHECK_FALSE(s.actions[7].force);
  // Just outside: another word, or the word alone where a path belongs.
  const auto bad = parseScript("quit now\nsave --force\nopen --discard\nquit --discard extra\n");
  CHECK(bad.errors.size() == 4);
}
