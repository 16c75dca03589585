// Keyboard shortcuts: named chords parse, and each one changes the state it promises.
#include <catch2/catch.hpp>

#include "logic/keys.hpp"
#include "test_docs.hpp"

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

TEST_CASE("ctrl chords request undo and redo, the same letters alone do nothing") {
  ViewerState s;
  CHECK(applyKey(s, {Key::Z}) == KeyEffect::None);
  CHECK(s.commands.empty());
  CHECK(applyKey(s, {Key::Z, true}) == KeyEffect::Done);
  REQUIRE(s.commands.size() == 1);
  CHECK(std::holds_alternative<Undo>(s.commands.items().back()));
  applyKey(s, {Key::Y, true});
  REQUIRE(s.commands.size() == 2);
  CHECK(std::holds_alternative<Redo>(s.commands.items().back()));
  CHECK(applyKey(s, {Key::Space, true}) == KeyEffect::None);  // ctrl+space means nothing
  CHECK(s.view.clock.playing);
  CHECK_FALSE(s.ui.quit);
  // Ctrl+Q asks the frame to quit (which first asks about unsaved edits); it never quits at once.
  applyKey(s, {Key::Q, true});
  CHECK_FALSE(s.ui.quit);
  REQUIRE(s.commands.size() == 3);
  CHECK(std::holds_alternative<RequestQuit>(s.commands.items().back()));
  CHECK_FALSE(std::get<RequestQuit>(s.commands.items().back()).discard);
}

TEST_CASE("F asks the caller to frame the selection, F1 and Tab toggle") {
  ViewerState s;
  CHECK(applyKey(s, {Key::F}) == KeyEffect::FrameSelection);
  const bool help = s.panelOpen(Panel::Help);
  applyKey(s, {Key::F1});
  CHECK(s.panelOpen(Panel::Help) != help);
  REQUIRE(s.view.camera.mode == ViewCamera::Mode::Orbit);
  applyKey(s, {Key::Tab});
  CHECK(s.view.camera.mode == ViewCamera::Mode::Fly);
  applyKey(s, {Key::Tab});
  CHECK(s.view.camera.mode == ViewCamera::Mode::Orbit);
}

TEST_CASE("R restarts the effect at the loop start (0 without a loop) and plays") {
  ViewerState s;
  s.view.clock.setLoop(2.0, 5.0);
  s.view.clock.loop = true;
  s.view.clock.seek(4.2);
  s.view.clock.playing = false;
  CHECK(applyKey(s, {Key::R}) == KeyEffect::Done);
  CHECK(s.view.clock.time == 2.0);
  CHECK(s.view.clock.playing);
  s.view.clock.loop = false;
  s.view.clock.seek(4.2);
  applyKey(s, {Key::R});
  CHECK(s.view.clock.time == 0.0);
  CHECK(keyChordFromName("r") == KeyChord{Key::R});
}

TEST_CASE("B cycles level, black, grey, checkerboard and back to level") {
  ViewerState s;
  REQUIRE(s.view.background == Background::Level);
  for (Background b : {Background::Black, Background::Grey, Background::Checkerboard, Background::Level}) {
    CHECK(applyKey(s, {Key::B}) == KeyEffect::Done);
    CHECK(s.view.background == b);
  }
  CHECK(backgroundFromName("checkerboard") == Background::Checkerboard);
  CHECK_FALSE(backgroundFromName("white"));
}

TEST_CASE("I isolates the selected emitter and, pressed again, shows all, H clears every mute") {
  ViewerState s;
  s.view.passes.emitterMuted.assign(3, 0);
  // Without a level nothing is isolated.
  applyKey(s, {Key::I});
  CHECK(s.view.passes.soloEmitter == -1);
  s.view.passes.emitterMuted[1] = 1;
  s.view.passes.soloPass = 2;
  CHECK(applyKey(s, {Key::H}) == KeyEffect::Done);
  CHECK(s.view.passes.emitterMuted == std::vector<std::uint8_t>{0, 0, 0});
  CHECK(s.view.passes.soloPass == -1);
  s.view.passes.soloEmitter = 1;
  CHECK(isolated(s));
  applyKey(s, {Key::I});  // isolated → show all
  CHECK(s.view.passes.soloEmitter == -1);
  CHECK_FALSE(isolated(s));
}

TEST_CASE("isolating a preset mutes exactly the emitters of the other presets") {
  ViewerState s;
  auto doc = testing::oneEmitter();
  doc.presets.push_back(doc.presets[0]);
  doc.presets[1].name = "other";
  for (std::uint32_t preset : {1u, 0u}) {
    doc.emitters.push_back(doc.emitters[0]);
    doc.emitters.back().preset = preset;
  }
  s.doc.level.emplace();
  s.doc.level->load.level.particles = doc;
  s.view.passes.emitterMuted.assign(3, 0);
  s.view.selection = {Selection::Kind::Preset, 0};
  applyKey(s, {Key::I});
  CHECK(s.view.passes.emitterMuted == std::vector<std::uint8_t>{0, 1, 0});
  s.view.selection = {Selection::Kind::Emitter, 2};
  applyKey(s, {Key::H});
  applyKey(s, {Key::I});
  CHECK(s.view.passes.soloEmitter == 2);
}
