// The level clock: owned by the mounted level, advanced by the frame loop; views never touch it.
#pragma once

#include "particles/level_time.hpp"

namespace kiln::viewer {

// Level time in seconds. Resizing, switching cameras or hiding a view never resets it; only
// mounting another level (or an explicit seek) moves it other than by advance().
struct LevelClock {
  static constexpr double kMinSpeed = 0.1;
  static constexpr double kMaxSpeed = 4.0;
  static constexpr double kStepSeconds = 1.0 / 60.0;  // one timeline step, a 60 Hz tick
  // The latest level time the viewer shows: the limit every command shares
  // (particles/level_time.hpp). Values enter through seek() and the script parser, which
  // refuse more.
  static constexpr double kMaxTime = particles::kMaxLevelTime;
  // The most ticks one `step` may move (a script's `step N`).
  static constexpr double kMaxStepTicks = 1e6;

  double time = 0;
  bool playing = true;
  double speed = 1;
  bool loop = false;
  double loopStart = 0;
  double loopEnd = 10;

  // Moves time forward by realSeconds × speed while playing; wraps inside the loop range.
  void advance(double realSeconds);
  // Steps whole ticks in either direction (pauses, as a step is a deliberate jump).
  void step(int ticks);
  // Jumps straight to a level time (clamped to [0, kMaxTime]; not finite → 0): evaluation is
  // analytic, so any time is reachable without replaying the ones before it.
  void seek(double levelTime);
  void setSpeed(double s);
  // Makes the loop range well-formed (start ≥ 0, end > start).
  void setLoop(double start, double end);
};

// "Restart effect" (key R, the timeline's button): back to the loop start (0 without a loop), playing.
void restartEffect(LevelClock& clock);

}  // namespace kiln::viewer
