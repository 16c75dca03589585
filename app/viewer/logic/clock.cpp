// The level clock's arithmetic (GL-free, unit-tested in tests/viewer).
#include "logic/clock.hpp"

#include <algorithm>
#include <cmath>

namespace kiln::viewer {

void LevelClock::advance(double realSeconds) {
  if (!playing || !(realSeconds > 0)) return;
  time = std::min(time + realSeconds * speed, kMaxTime);
  if (loop && loopEnd > loopStart && time >= loopEnd) {
    time = loopStart + std::fmod(time - loopStart, loopEnd - loopStart);
  }
}

void LevelClock::step(int ticks) {
  playing = false;
  seek(time + ticks * kStepSeconds);
}

void LevelClock::seek(double levelTime) {
  time = std::isfinite(levelTime) ? std::clamp(levelTime, 0.0, kMaxTime) : 0.0;
}

void LevelClock::setSpeed(double s) {
  speed = std::isfinite(s) ? std::clamp(s, kMinSpeed, kMaxSpeed) : 1.0;
}

void LevelClock::setLoop(double start, double end) {
  loopStart = std::isfinite(start) ? std::max(0.0, start) : 0.0;
  loopEnd = std::isfinite(end) && end > loopStart ? end : loopStart + kStepSeconds;
}

void restartEffect(LevelClock& clock) {
  clock.seek(clock.loop ? clock.loopStart : 0.0);
  clock.playing = true;
}

}  // namespace kiln::viewer
