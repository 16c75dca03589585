// The level clock: speed limits, stepping, seeking and loop wrapping.
#include <catch2/catch.hpp>
#include <cmath>

#include "logic/clock.hpp"

using kiln::viewer::LevelClock;

TEST_CASE("clock advances only while playing, scaled by speed") {
  LevelClock c;
  c.advance(0.5);
  CHECK(c.time == Approx(0.5));
  c.setSpeed(2);
  c.advance(0.25);
  CHECK(c.time == Approx(1.0));
  c.playing = false;
  c.advance(1);
  CHECK(c.time == Approx(1.0));
}

TEST_CASE("speed is clamped to 0.1x..4x on both sides") {
  LevelClock c;
  c.setSpeed(0.1);
  CHECK(c.speed == 0.1);
  c.setSpeed(0.09);
  CHECK(c.speed == 0.1);
  c.setSpeed(4);
  CHECK(c.speed == 4);
  c.setSpeed(4.01);
  CHECK(c.speed == 4);
}

TEST_CASE("step moves whole 60 Hz ticks both ways and pauses") {
  LevelClock c;
  c.seek(1);
  c.step(3);
  CHECK_FALSE(c.playing);
  CHECK(c.time == Approx(1.05));
  c.step(-6);
  CHECK(c.time == Approx(0.95));
  c.seek(0.01);
  c.step(-1);  // never before the level's start
  CHECK(c.time == 0);
}

TEST_CASE("seeking jumps straight to a time, clamped at zero") {
  LevelClock c;
  c.seek(1234.5);
  CHECK(c.time == 1234.5);
  c.seek(-3);
  CHECK(c.time == 0);
}

TEST_CASE("loop wraps at the loop end, not before") {
  LevelClock c;
  c.loop = true;
  c.setLoop(1, 2);
  c.seek(1.5);
  c.advance(0.49);
  CHECK(c.time == Approx(1.99));
  c.advance(0.26);  // 2.25 → wraps to 1.25
  CHECK(c.time == Approx(1.25));
}

TEST_CASE("a malformed loop range is repaired") {
  LevelClock c;
  c.setLoop(3, 1);
  CHECK(c.loopStart == 3);
  CHECK(c.loopEnd > c.loopStart);
  c.setLoop(-1, 5);
  CHECK(c.loopStart == 0);
  CHECK(c.loopEnd == 5);
}

TEST_CASE("defect 6: the clock never leaves [0, 1e9] seconds") {
  LevelClock c;
  c.seek(1e19);
  CHECK(c.time == 1e9);
  c.seek(1.6e38);
  CHECK(c.time == 1e9);
  c.seek(999999999.5);  // just inside is kept exactly
  CHECK(c.time == 999999999.5);
  c.playing = true;
  c.advance(10);
  CHECK(c.time == 1e9);
  c.step(1000000);
  CHECK(c.time == 1e9);
  c.step(-60);
  CHECK(c.time == Approx(1e9 - 1.0));
}

TEST_CASE("finding: the clock stops at the level-time limit every command refuses past (time-range)") {
  // One limit: the clock's last second is the last one kiln eval, sim and capture accept.
  LevelClock c;
  c.seek(2e9);
  CHECK(c.time == 1e9);
  CHECK_FALSE(kiln::particles::checkLevelTime(c.time, "--time"));
  const double past = std::nextafter(1e9, 2e9);
  const auto refused = kiln::particles::checkLevelTime(past, "--time");
  REQUIRE(refused);
  CHECK(refused->code == kiln::core::Code::TimeRange);
  CHECK(refused->path == "--time");
  CHECK(refused->message.find("-1e9..1e9 s") != std::string::npos);
  // Symmetric below zero (eval takes times before everything), and never NaN or infinite.
  CHECK_FALSE(kiln::particles::checkLevelTime(-1e9, "t"));
  CHECK(kiln::particles::checkLevelTime(-past, "t"));
  CHECK(kiln::particles::checkLevelTime(std::nan(""), "t"));
  CHECK(kiln::particles::checkLevelTime(INFINITY, "t"));
}
