// The one edit pipeline: EditSession's rule (a valid value is applied, an invalid one is held
// only while its gesture lasts and then refused; undo points are always valid and undo never
// lands on a value that no longer validates), and the viewer's route through it for presets,
// emitters and the events section on the braziers sample (commands drained in order, Ctrl+Z
// stepping the latest edit of any session, a held value blocking a save by name).
#include <catch2/catch.hpp>

#include <filesystem>

#include "logic/viewer_state.hpp"
#include "panels/logic/inspect.hpp"
#include "sample_files.hpp"

using namespace kiln;
using namespace kiln::viewer;
using namespace kiln::viewer::testing;
namespace fs = std::filesystem;

namespace {

// A value is valid when it is at most `limit`; apply records what reached "the GPU".
struct Counter {
  int limit = 10;
  std::vector<int> applied;
  core::Diagnostics validate(int v) const {
    if (v <= limit) return {};
    return {{core::Code::RangeOrder, "x", std::to_string(v) + " is above " + std::to_string(limit)}};
  }
};

struct Fixture {
  EditSession<int> s;
  Counter c;
  std::uint64_t order = 0;
  Fixture() { s.start(0, 1); }
  EditOutcome propose(int v, bool ends) {
    return s.propose(v, ends, order, [&](int x) { return c.validate(x); }, [&](int x) { c.applied.push_back(x); });
  }
  bool step(bool redo) {
    return s.step(redo, order, [&](int x) { return c.validate(x); }, [&](int x) { c.applied.push_back(x); });
  }
};

}  // namespace

TEST_CASE("a valid value is applied at once and becomes an undo point when its gesture ends") {
  Fixture f;
  CHECK(f.propose(3, false) == EditOutcome::Applied);
  CHECK(f.s.live == 3);
  CHECK(f.s.committed == 1);  // not yet an undo point: the gesture goes on
  CHECK(f.s.pending());
  CHECK(f.propose(4, true) == EditOutcome::Applied);
  CHECK(f.s.committed == 4);
  CHECK_FALSE(f.s.pending());
  REQUIRE(f.s.undoStack.size() == 1);  // one gesture, one undo point
  CHECK(f.s.undoStack[0].value == 1);
  CHECK(f.c.applied == std::vector<int>{3, 4});
}

TEST_CASE("an invalid value is held while its gesture lasts, then refused back to the last valid one") {
  Fixture f;
  CHECK(f.propose(5, false) == EditOutcome::Applied);
  CHECK(f.propose(50, false) == EditOutcome::Held);
  CHECK(f.s.working == 50);  // the field shows what the hand did
  CHECK(f.s.live == 5);      // the level keeps the last valid value
  CHECK(f.s.invalid());
  CHECK(f.c.applied == std::vector<int>{5});
  CHECK(f.propose(60, true) == EditOutcome::Refused);
  // The field, the level and the undo history agree on 5, and the refusal stays shown.
  CHECK(f.s.working == 5);
  CHECK(f.s.live == 5);
  CHECK(f.s.committed == 5);
  CHECK(f.s.refused);
  CHECK_FALSE(f.s.invalid());  // a refusal does not block a save: nothing invalid is held
  REQUIRE(f.s.diagnostics.size() == 1);
  CHECK(f.s.diagnostics[0].message == "60 is above 10");
  for (const auto& step : f.s.undoStack) CHECK(f.c.validate(step.value).empty());
  // Back to a valid value in a new gesture: the refusal is replaced.
  CHECK(f.propose(6, true) == EditOutcome::Applied);
  CHECK_FALSE(f.s.refused);
  CHECK(f.s.diagnostics.empty());
}

TEST_CASE("a gesture that returns to the last valid value clears its held problem") {
  Fixture f;
  CHECK(f.propose(50, false) == EditOutcome::Held);
  CHECK(f.propose(1, false) == EditOutcome::Unchanged);
  CHECK(f.s.diagnostics.empty());
  CHECK(f.propose(1, true) == EditOutcome::Unchanged);
  CHECK_FALSE(f.s.refused);
  CHECK(f.s.undoStack.empty());
}

TEST_CASE("undo and redo land only on values that validate now") {
  Fixture f;
  f.propose(4, true);
  f.propose(8, true);
  REQUIRE(f.step(false));
  CHECK(f.s.working == 4);
  CHECK(f.c.applied.back() == 4);
  // Something else changed so that 8 no longer passes: redo refuses and nothing moves.
  f.c.limit = 6;
  CHECK_FALSE(f.step(true));
  CHECK(f.s.working == 4);
  CHECK(f.s.live == 4);
  CHECK(f.c.applied.back() == 4);
  f.c.limit = 10;
  REQUIRE(f.step(true));
  CHECK(f.s.working == 8);
  // The first step back from a gesture in progress returns to its undo point, popping nothing.
  f.propose(9, false);
  REQUIRE(f.step(false));
  CHECK(f.s.working == 8);
  CHECK(f.s.live == 8);
  CHECK(f.s.undoStack.size() == 2);
}

TEST_CASE("a held invalid value is undone to the last valid one without a new undo point") {
  Fixture f;
  f.propose(4, true);
  CHECK(f.propose(40, false) == EditOutcome::Held);
  REQUIRE(f.step(false));
  CHECK(f.s.working == 4);
  CHECK(f.s.diagnostics.empty());
  CHECK(f.s.undoStack.size() == 1);
}

namespace {

fs::path scratchLevel(const std::string& name) {
  const fs::path dir = fs::path(KILN_BINARY_DIR) / "viewer-edit-pipeline" / name;
  fs::remove_all(dir);
  fs::create_directories(dir / "levels");
  fs::copy(kAssets / "textures", dir / "textures", fs::copy_options::recursive);
  fs::copy_file(kAssets / "levels/braziers.yaml", dir / "levels/braziers.yaml");
  return dir / "levels/braziers.yaml";
}

std::uint32_t indexOf(const auto& items, const std::string& name) {
  for (std::uint32_t i = 0; i < items.size(); ++i)
    if (items[i].name == name) return i;
  FAIL("no " << name);
  return 0;
}

void mount(ViewerState& s, const fs::path& level) {
  auto out = openLevel(level, world::kilnCapabilities(), false);
  REQUIRE(out.level);
  s.doc.level = std::move(out.level);
  s.doc.watch = WatchSet::of(level, s.doc.level->load, s.doc.level->loadedHash);
}

particles::Document& docOf(ViewerState& s) { return *s.doc.level->load.level.particles; }

}  // namespace

TEST_CASE("presets, emitters and events take the same route: commands drained in order, Ctrl+Z steps the latest") {
  ViewerState s;
  mount(s, scratchLevel("route"));
  particles::Document& doc = docOf(s);
  const std::uint32_t flame = indexOf(doc.presets, "flame"), west = indexOf(doc.emitters, "west_flame");
  s.view.selection = {Selection::Kind::Emitter, west};
  syncEditSessions(s);
  REQUIRE(s.doc.tuning.index == flame);  // the selected emitter's preset
  REQUIRE(s.doc.emitterEdit.index == west);
  REQUIRE(s.doc.events.active());
  const double drag0 = doc.presets[flame].drag, rate0 = doc.emitters[west].rate;

  particles::Preset p = s.doc.tuning.working;
  p.drag = drag0 + 0.25;
  particles::Emitter e = s.doc.emitterEdit.working;
  e.rate = rate0 - 5;  // fewer births: the preset's capacity still holds them
  s.commands.push(EditPreset{flame, p, true});
  s.commands.push(EditEmitter{west, e, true});
  runEdits(s);
  CHECK(doc.presets[flame].drag == drag0 + 0.25);
  CHECK(doc.emitters[west].rate == rate0 - 5);
  // Each applied edit is handed to the renderer by what it changed.
  REQUIRE(s.doc.uploads.size() == 2);
  CHECK(s.doc.uploads[0].target == EditTarget::Preset);
  CHECK(s.doc.uploads[0].index == flame);
  CHECK(s.doc.uploads[1].target == EditTarget::Emitter);
  CHECK(s.doc.uploads[1].index == west);

  // Ctrl+Z steps the emitter first (edited last), then the preset; Ctrl+Y the other way.
  CHECK(stepTarget(s, false) == EditTarget::Emitter);
  s.commands.push(Undo{});
  s.commands.push(Undo{});
  runEdits(s);
  CHECK(doc.emitters[west].rate == rate0);
  CHECK(doc.presets[flame].drag == drag0);
  CHECK_FALSE(stepTarget(s, false).has_value());
  CHECK(stepTarget(s, true) == EditTarget::Preset);
  s.commands.push(Redo{});
  runEdits(s);
  CHECK(doc.presets[flame].drag == drag0 + 0.25);
  CHECK(doc.emitters[west].rate == rate0);
  // A panel's own Undo names its session, whatever was edited last.
  s.commands.push(Redo{EditTarget::Emitter});
  s.commands.push(Undo{EditTarget::Preset});
  runEdits(s);
  CHECK(doc.emitters[west].rate == rate0 - 5);
  CHECK(doc.presets[flame].drag == drag0);
}

TEST_CASE("an edit for a preset the session has left is dropped, not applied to the new one") {
  ViewerState s;
  mount(s, scratchLevel("stale"));
  particles::Document& doc = docOf(s);
  const std::uint32_t flame = indexOf(doc.presets, "flame"), embers = indexOf(doc.presets, "embers");
  s.view.selection = {Selection::Kind::Preset, embers};
  syncEditSessions(s);
  REQUIRE(s.doc.tuning.index == embers);
  particles::Preset p = doc.presets[flame];
  p.drag = 3;
  s.commands.push(EditPreset{flame, p, true});
  runEdits(s);
  CHECK(doc.presets[flame].drag != 3);
  CHECK(doc.presets[embers].name == "embers");
  CHECK_FALSE(hasUnsavedEdits(s.doc));
}

TEST_CASE("a refused preset edit leaves the level, the field and the history on the last valid value") {
  ViewerState s;
  mount(s, scratchLevel("refused"));
  particles::Document& doc = docOf(s);
  const std::uint32_t flame = indexOf(doc.presets, "flame");
  s.view.selection = {Selection::Kind::Preset, flame};
  syncEditSessions(s);
  const particles::Preset before = doc.presets[flame];
  particles::Preset bad = before;
  bad.lifetime.min = -1;  // lifetimes are positive
  CHECK(editPreset(s, bad, false) == EditOutcome::Held);
  CHECK(doc.presets[flame] == before);
  CHECK(s.doc.uploads.empty());
  const core::Diagnostic* at = problemAt(s.doc.tuning.diagnostics, "presets.flame.lifetime");
  REQUIRE(at != nullptr);
  CHECK(at->path == "presets.flame.lifetime.min");
  CHECK(problemAt(s.doc.tuning.diagnostics, "presets.flame.life") == nullptr);  // a whole name, not a prefix
  CHECK(problemAt(s.doc.tuning.diagnostics, "presets.flame.drag") == nullptr);

  // While held, a save names the field that blocks it and writes nothing.
  const std::string text = s.doc.level->sourceText;
  core::Diagnostic why;
  CHECK(saveSource(s, SaveMode::Ask, &why) == SaveResult::Refused);
  CHECK(why.path.ends_with(":presets.flame.lifetime.min"));
  CHECK(s.ui.status.find("presets.flame.lifetime.min blocks the save") != std::string::npos);

  CHECK(editPreset(s, bad, true) == EditOutcome::Refused);
  CHECK(s.doc.tuning.working == before);
  CHECK(s.doc.tuning.committed == before);
  CHECK(doc.presets[flame] == before);
  CHECK(s.doc.tuning.undoStack.empty());
  CHECK_FALSE(hasUnsavedEdits(s.doc));
  // Nothing invalid is held now: the save has nothing to write.
  CHECK(saveSource(s, SaveMode::Ask) == SaveResult::Saved);
  CHECK(s.ui.status == "nothing to save");
}

TEST_CASE("undo refuses a preset value that an emitter move has since made invalid") {
  ViewerState s;
  mount(s, scratchLevel("cross"));
  particles::Document& doc = docOf(s);
  const std::uint32_t west = indexOf(doc.emitters, "west_flame"), flame = doc.emitters[west].preset;
  s.view.selection = {Selection::Kind::Emitter, west};
  syncEditSessions(s);
  // Shrink the flame, so the emitter can move down, then move it down as far as the small
  // flame allows: the original, larger size would now reach through the floor.
  particles::Preset small = s.doc.tuning.working;
  for (auto& k : small.size) k.value *= 0.25;
  REQUIRE(editPreset(s, small, true) == EditOutcome::Applied);
  particles::Emitter low = s.doc.emitterEdit.working;
  const double z0 = low.position.z;
  low.position.z = z0 - 0.95;  // 0.15: the small flame reaches 0.136 down, the original 0.425
  REQUIRE(editEmitter(s, low, true) == EditOutcome::Applied);
  // Undo the preset by name: its earlier value no longer fits, so it stays put.
  CHECK_FALSE(stepEdit(s, EditTarget::Preset, false));
  CHECK(s.ui.status.find("undo refused") != std::string::npos);
  CHECK(doc.presets[flame].size == small.size);
  // Undo the move first, and the preset's undo lands.
  REQUIRE(stepEdit(s, EditTarget::Emitter, false));
  REQUIRE(stepEdit(s, EditTarget::Preset, false));
  CHECK(doc.presets[flame].size != small.size);
  CHECK(doc.emitters[west].position.z == z0);
}

TEST_CASE("the events section is edited through the same session rule") {
  ViewerState s;
  mount(s, scratchLevel("events"));
  syncEditSessions(s);
  REQUIRE(s.doc.events.active());
  sim::Events ev = s.doc.events.working;
  REQUIRE_FALSE(ev.recipes.empty());
  const std::uint64_t generation = s.doc.eventsGeneration;
  ev.recipes[0].opacity = 2;  // opacity is 0..1
  CHECK(editEvents(s, ev, true) == EditOutcome::Refused);
  CHECK(s.doc.eventsGeneration == generation);
  CHECK(*s.doc.level->load.level.events == s.doc.events.saved);
  ev.recipes[0].opacity = 0.5;
  CHECK(editEvents(s, ev, true) == EditOutcome::Applied);
  CHECK(s.doc.eventsGeneration == generation + 1);
  CHECK(s.doc.level->load.level.events->recipes[0].opacity == 0.5);
  CHECK(unsavedSummary(s.doc) == "the events section");
}

TEST_CASE("the loop follows edits by the documented rule and keeps the clock where it is") {
  // west_flame cycles every 1 s from 0 with a longest lifetime of 0.9 s: k = ceil(0.9 / 1) = 1,
  // so its steady state loops [1, 2]; at 3.3 s the period holding the current time is [3, 4].
  ViewerState s;
  mount(s, scratchLevel("loop"));
  particles::Document& doc = docOf(s);
  const std::uint32_t west = indexOf(doc.emitters, "west_flame");
  REQUIRE(doc.presets[doc.emitters[west].preset].lifetime.max == 0.9);
  auto r = inspect::effectLoopRange(doc, west, 0.5);
  CHECK(r.start == 1.0);
  CHECK(r.end == 2.0);
  r = inspect::effectLoopRange(doc, west, 3.3);
  CHECK(r.start == 3.0);
  CHECK(r.end == 4.0);
  // lifetime.max 1.6: k = ceil(1.6 / 1) = 2, so the loop is [2, 3] from early times.
  doc.presets[doc.emitters[west].preset].lifetime.max = 1.6;
  r = inspect::effectLoopRange(doc, west, 0.5);
  CHECK(r.start == 2.0);
  CHECK(r.end == 3.0);
}

TEST_CASE("an edited number is kept, and saved, as the shortest text of its float32, untouched numbers keep theirs") {
  const fs::path level = scratchLevel("short");
  ViewerState s;
  mount(s, level);
  particles::Document& doc = docOf(s);
  const std::uint32_t flame = indexOf(doc.presets, "flame"), west = indexOf(doc.emitters, "west_flame");
  s.view.selection = {Selection::Kind::Emitter, west};
  syncEditSessions(s);
  // A burst fired at 181/60 s, as a click at that moment does: 3.0166666666666666 as a double.
  s.view.clock.seek(181.0 / 60.0);
  REQUIRE(fireEvent(s, {2, 2, 0.1}));
  CHECK(s.doc.events.committed.script.back().time == 3.0166667);
  // A dragged key: 0.42 + 3 px of a 0.525 axis over 110 px.
  particles::Preset p = s.doc.tuning.working;
  p.size[1].value = 0.42 + 3.0 / 110.0 * 0.525;  // 0.43431818181818...
  p.drag = 0.5;                                 // unchanged: stays as read
  REQUIRE(editPreset(s, p, true) == EditOutcome::Applied);
  CHECK(doc.presets[flame].size[1].value == 0.43431818);
  // A value the edit did not touch keeps every digit it was read with, even past float32's.
  particles::Emitter e = s.doc.emitterEdit.working;
  e.scale = 1.2345678901;
  REQUIRE(editEmitter(s, e, true) == EditOutcome::Applied);
  CHECK(doc.emitters[west].scale == 1.2345679);
  e = s.doc.emitterEdit.working;
  const double scale = e.scale;
  e.rate -= 1;
  REQUIRE(editEmitter(s, e, true) == EditOutcome::Applied);
  CHECK(doc.emitters[west].scale == scale);
  REQUIRE(saveSource(s, SaveMode::Ask) == SaveResult::Saved);
  const std::string text = readText(level);
  CHECK(text.find("time: 3.0166667") != std::string::npos);
  CHECK(text.find("3.01666666") == std::string::npos);
  CHECK(text.find("value: 0.43431818}") != std::string::npos);
  CHECK(text.find("scale: 1.2345679") != std::string::npos);
}
