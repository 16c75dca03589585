// Keyboard shortcuts: named chords parse, and each one changes the state it promises.
#include <catch2/catch.hpp>

#include "keys.hpp"

using namespace kiln::viewer;

TEST_CASE("key chords parse by name, modifiers first, case-insensitive") {
  CHECK(keyChordFromName("space") == KeyChord{Key::Space});
  CHECK(keyChordFromName("Ctrl+Z") == KeyChord{Key::Z, true, false});
  CHECK(keyChordFromName("shift+right") == KeyChord{Key::Right, false, true});
  CHECK(keyChordFromName("ctrl+shift+left") == KeyChord{Key::Left, true, true});
  CHECK_FALSE(keyChordFromName("ctrl+"));
  CHECK_FALSE(keyChordFromName("z+ctrl"));
  CHECK_FALSE(keyChordFromName("f2"));
  CHECK_FALSE(keyChordFromName(""));
}

TEST_CASE("space toggles play, arrows step and pause, shift steps ten") {
  ViewerState s;
  s.view.clock.seek(1);
  REQUIRE(s.view.clock.playing);
  CHECK(applyKey(s, {Key::Space}) == KeyEffect::Done);
  CHECK_FALSE(s.view.clock.playing);
  CHECK(applyKey(s, {Key::Space}) == KeyEffect::Done);
  CHECK(s.view.clock.playing);
  applyKey(s, {Key::Right});
  CHECK_FALSE(s.view.clock.playing);
  CHECK(s.view.clock.time == Approx(1 + LevelClock::kStepSeconds));
  applyKey(s, {Key::Left, false, true});
  CHECK(s.view.clock.time == Approx(1 - 9 * LevelClock::kStepSeconds));
}

TEST_CASE("ctrl chords request undo and redo; the same letters alone do nothing") {
  ViewerState s;
  CHECK(applyKey(s, {Key::Z}) == KeyEffect::None);
  CHECK(s.commands.empty());
  CHECK(applyKey(s, {Key::Z, true}) == KeyEffect::Done);
  REQUIRE(s.commands.size() == 1);
  CHECK(std::holds_alternative<TuningUndo>(s.commands.items().back()));
  applyKey(s, {Key::Y, true});
  REQUIRE(s.commands.size() == 2);
  CHECK(std::holds_alternative<TuningRedo>(s.commands.items().back()));
  CHECK(applyKey(s, {Key::Space, true}) == KeyEffect::None);  // ctrl+space means nothing
  CHECK(s.view.clock.playing);
  CHECK_FALSE(s.ui.quit);
  applyKey(s, {Key::Q, true});
  CHECK(s.ui.quit);
}

TEST_CASE("F asks the caller to frame the selection; F1 and Tab toggle") {
  ViewerState s;
  CHECK(applyKey(s, {Key::F}) == KeyEffect::FrameSelection);
  const bool help = s.panelOpen(Panel::Help);
  applyKey(s, {Key::F1});
  CHECK(s.panelOpen(Panel::Help) != help);
  REQUIRE(s.view.camera.mode == Camera::Mode::Orbit);
  applyKey(s, {Key::Tab});
  CHECK(s.view.camera.mode == Camera::Mode::Fly);
  applyKey(s, {Key::Tab});
  CHECK(s.view.camera.mode == Camera::Mode::Orbit);
}
