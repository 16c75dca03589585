// Saving edits back to a source without a window: a change made on disk since the load is never
// written over unasked, each answer (overwrite, reapply) does what it says, links and modes
// survive, and what is unsaved is named.
#include <catch2/catch.hpp>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "sample_files.hpp"
#include "logic/viewer_state.hpp"

using namespace kiln;
using namespace kiln::viewer;
using namespace kiln::viewer::testing;
namespace fs = std::filesystem;

namespace {

// A scratch copy of the braziers sample (its textures beside it, as its paths expect).
fs::path scratchLevel(const std::string& name, const std::string& file = "braziers.yaml") {
  const fs::path dir = fs::path(KILN_BINARY_DIR) / "viewer-save" / name;
  fs::remove_all(dir);
  fs::create_directories(dir / "levels");
  fs::copy(kAssets / "textures", dir / "textures", fs::copy_options::recursive);
  fs::copy_file(kAssets / "levels/braziers.yaml", dir / "levels" / file);
  return dir / "levels" / file;
}

void writeText(const fs::path& p, const std::string& text) {
  { std::ofstream(p, std::ios::binary | std::ios::trunc) << text; }
  fs::last_write_time(p, fs::file_time_type::clock::now() + std::chrono::seconds(30));
}

// Mounts `level` and tunes preset flame's drag to 1.25 as the panel would (validated, applied).
void openAndTune(ViewerState& s, const fs::path& level) {
  auto out = openLevel(level, world::kilnCapabilities(), false);
  REQUIRE(out.level);
  s.doc.level = std::move(out.level);
  s.doc.watch = WatchSet::of(level, s.doc.level->load, s.doc.level->loadedHash);
  particles::Document& doc = *s.doc.level->load.level.particles;
  std::uint32_t flame = 0;
  while (doc.presets[flame].name != "flame") ++flame;
  s.doc.tuning.start(doc, flame);
  particles::Preset edited = s.doc.tuning.working;
  edited.drag = 1.25;
  REQUIRE(editPreset(s, edited, true) == EditOutcome::Applied);
  REQUIRE(s.doc.tuning.diagnostics.empty());
  REQUIRE(doc.presets[flame].drag == 1.25);
}

// The sample's text with its one "drag: 0.5" (the flame preset's) made 1.25.
std::string tuned(std::string text) {
  const auto at = text.find("    drag: 0.5\n");
  REQUIRE(at != std::string::npos);
  return text.replace(at, 14, "    drag: 1.25\n");
}

}  // namespace

TEST_CASE("a save writes only the edited value, and then nothing is unsaved") {
  const fs::path level = scratchLevel("plain");
  const std::string original = readText(level);
  ViewerState s;
  openAndTune(s, level);
  CHECK(hasUnsavedEdits(s.doc));
  CHECK(unsavedSummary(s.doc) == "preset flame");
  CHECK(windowTitle(s) == "*braziers.yaml (unsaved edits) - kiln-view");
  REQUIRE(saveSource(s, SaveMode::Ask) == SaveResult::Saved);
  CHECK(readText(level) == tuned(original));
  CHECK_FALSE(hasUnsavedEdits(s.doc));
  CHECK(windowTitle(s) == "braziers.yaml - kiln-view");
  // The viewer's own write is not a change on disk.
  CHECK_FALSE(s.doc.watch.changed());
  // A second save has nothing to write and leaves the file alone.
  CHECK(saveSource(s, SaveMode::Ask) == SaveResult::Saved);
  CHECK(s.ui.status == "nothing to save");
}

TEST_CASE("finding: saving overwrites an outside edit made since the viewer loaded the file") {
  const fs::path level = scratchLevel("conflict");
  const std::string original = readText(level);
  // What another editor saved meanwhile: a comment added at the top.
  const std::string outside = "# edited outside\n" + original;

  SECTION("asked: nothing is written, and the conflict is named") {
    ViewerState s;
    openAndTune(s, level);
    writeText(level, outside);
    core::Diagnostic why;
    CHECK(saveSource(s, SaveMode::Ask, &why) == SaveResult::Conflict);
    CHECK(why.code == core::Code::ChangedOnDisk);
    CHECK(readText(level) == outside);
    CHECK(hasUnsavedEdits(s.doc));  // the edit is still there to save later
  }
  SECTION("overwrite: the loaded text plus the edit, the outside change gone") {
    ViewerState s;
    openAndTune(s, level);
    writeText(level, outside);
    REQUIRE(saveSource(s, SaveMode::Overwrite) == SaveResult::Saved);
    CHECK(readText(level) == tuned(original));
  }
  SECTION("reapply: the edit goes into the file as it is now, keeping the outside change") {
    ViewerState s;
    openAndTune(s, level);
    writeText(level, outside);
    REQUIRE(saveSource(s, SaveMode::Reapply) == SaveResult::Saved);
    CHECK(readText(level) == tuned(outside));
  }
  SECTION("just inside: touched but unchanged is no conflict") {
    ViewerState s;
    openAndTune(s, level);
    writeText(level, original);
    CHECK(saveSource(s, SaveMode::Ask) == SaveResult::Saved);
    CHECK(readText(level) == tuned(original));
  }
}

TEST_CASE("finding: after an outside rename of the tuned preset, reapplying refuses instead of appending a stub") {
  const fs::path level = scratchLevel("renamed");
  std::string renamed = readText(level);
  renamed.replace(renamed.find("\n  flame:"), 9, "\n  fire:");
  for (auto at = renamed.find("preset: flame"); at != std::string::npos; at = renamed.find("preset: flame"))
    renamed.replace(at, 13, "preset: fire");
  ViewerState s;
  openAndTune(s, level);
  writeText(level, renamed);
  core::Diagnostic why;
  CHECK(saveSource(s, SaveMode::Reapply, &why) == SaveResult::Refused);
  CHECK(why.code == core::Code::EditNotLossless);
  CHECK(readText(level) == renamed);
  CHECK(hasUnsavedEdits(s.doc));
}

TEST_CASE("finding: a save replaces a symlinked source, splits hard links and resets a 0600 mode") {
  const fs::path level = scratchLevel("links");
  const fs::path real = level.parent_path() / "real.yaml", hard = level.parent_path() / "hard.yaml";
  fs::rename(level, real);
  fs::create_symlink("real.yaml", level);
  fs::create_hard_link(real, hard);
  ::chmod(real.c_str(), 0600);
  const std::string original = readText(real);
  ViewerState s;
  openAndTune(s, level);
  REQUIRE(saveSource(s, SaveMode::Ask) == SaveResult::Saved);
  CHECK(fs::is_symlink(level));
  CHECK(fs::read_symlink(level) == "real.yaml");
  CHECK(readText(real) == tuned(original));
  CHECK(fs::equivalent(real, hard));
  CHECK(fs::hard_link_count(real) == 2);
  struct stat st {};
  REQUIRE(::stat(real.c_str(), &st) == 0);
  CHECK((st.st_mode & 07777) == 0600);
}

TEST_CASE("finding: a .YAML source opens but cannot be saved") {
  const fs::path level = scratchLevel("upper", "braziers.YAML");
  const std::string original = readText(level);
  ViewerState s;
  openAndTune(s, level);
  REQUIRE(saveSource(s, SaveMode::Ask) == SaveResult::Saved);
  CHECK(readText(level) == tuned(original));
}

TEST_CASE("the watch set: a touch without a change is not a reload, a change is, and rearm reports it once") {
  const fs::path level = scratchLevel("watch");
  const std::string original = readText(level);
  ViewerState s;
  openAndTune(s, level);
  writeText(level, original);  // the same bytes, a new modification time
  CHECK_FALSE(s.doc.watch.changed());
  writeText(level, original + "# more\n");
  CHECK(s.doc.watch.changed());
  s.doc.watch.rearm();
  CHECK_FALSE(s.doc.watch.changed());
}

TEST_CASE("a compiled level is never written, nothing unsaved without a session") {
  ViewerState s;
  CHECK_FALSE(hasUnsavedEdits(s.doc));
  CHECK(unsavedSummary(s.doc).empty());
  CHECK(windowTitle(s) == "kiln-view");
  core::Diagnostic why;
  CHECK(saveSource(s, SaveMode::Ask, &why) == SaveResult::Refused);
}
