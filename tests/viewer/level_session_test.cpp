// Opening levels: the last good level survives, forged bounds are offered for inspection,
// missing host features refuse the mount, diagnostics select the object they name.
#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <span>

#include "logic/level_session.hpp"

using namespace kiln;
using namespace kiln::viewer;

namespace {
const std::filesystem::path kSample = std::filesystem::path(KILN_SOURCE_DIR) / "assets/levels/braziers.yaml";
}

TEST_CASE("a sample source opens and mounts, with a schedule per emitter and nothing forged") {
  const auto out = openLevel(kSample, world::kilnCapabilities(), false);
  REQUIRE(out.level);
  CHECK(out.diagnostics.empty());
  const auto* doc = out.level->particles();
  REQUIRE(doc);
  CHECK(out.level->schedules.size() == doc->emitters.size());
  CHECK(std::count(out.level->forged.begin(), out.level->forged.end(), 1) == 0);
}

TEST_CASE("a missing file is an io-error and no level") {
  const auto out = openLevel("/nonexistent/level.klm", world::kilnCapabilities(), false);
  CHECK_FALSE(out.level);
  REQUIRE(out.diagnostics.size() == 1);
  CHECK(out.diagnostics[0].diagnostic.code == core::Code::IoError);
  CHECK(out.diagnostics[0].file == "/nonexistent/level.klm");
  CHECK_FALSE(out.relaxable);
}

TEST_CASE("a host without world/particles@1 refuses the mount with missing-feature") {
  world::HostCapabilities host;
  host.features = {"world/sectors@1", "world/particles@2", "kiln/events@1"};  // all but particles@1
  const auto out = openLevel(kSample, host, false);
  CHECK_FALSE(out.level);
  CHECK(out.mountRefused);
  REQUIRE(out.diagnostics.size() == 1);
  CHECK(out.diagnostics[0].diagnostic.code == core::Code::MissingFeature);
  host.features.push_back("world/particles@1");
  CHECK(openLevel(kSample, host, false).level);
}

TEST_CASE("a source with a bad field reports it with a path that selects its object") {
  std::ifstream in(kSample);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  // The first preset's capacity becomes 0 (the contract's range is 1..4096).
  const auto at = text.find("capacity: ");
  REQUIRE(at != std::string::npos);
  text.replace(at, text.find('\n', at) - at, "capacity: 0");
  // Texture paths are relative to the source: write the copy beside the original's textures.
  const auto bad = kSample.parent_path() / ".viewer-test-bad.yaml";
  { std::ofstream(bad) << text; }
  const auto out = openLevel(bad, world::kilnCapabilities(), false);
  std::filesystem::remove(bad);
  CHECK_FALSE(out.level);
  REQUIRE_FALSE(out.diagnostics.empty());
  CHECK_FALSE(out.relaxable);
  const auto good = openLevel(kSample, world::kilnCapabilities(), false);
  REQUIRE(good.level);
  bool selectedPreset = false;
  for (const auto& d : out.diagnostics) {
    const auto sel = selectionForPath(good.level->load.level, d.diagnostic.path);
    selectedPreset |= sel.kind == Selection::Kind::Preset && sel.index == 0;
  }
  CHECK(selectedPreset);
}

TEST_CASE("field paths select presets, emitters (named, indexed or inside an entry) and sectors") {
  const auto out = openLevel(kSample, world::kilnCapabilities(), false);
  REQUIRE(out.level);
  const auto& level = out.level->load.level;
  auto sel = selectionForPath(level, "presets.embers.size[2].age");
  CHECK((sel.kind == Selection::Kind::Preset && sel.index == 1));
  sel = selectionForPath(level, "@world/particles:emitters.west_sparks.bounds");
  CHECK((sel.kind == Selection::Kind::Emitter && sel.index == 2));
  sel = selectionForPath(level, "emitters[3].rate");
  CHECK((sel.kind == Selection::Kind::Emitter && sel.index == 3));
  sel = selectionForPath(level, "world.sectors.corridor.walls[1]");
  CHECK((sel.kind == Selection::Kind::Sector && sel.index == 1));
  CHECK(selectionForPath(level, "emitters[999]").kind == Selection::Kind::None);
  CHECK(selectionForPath(level, "presets.nothing").kind == Selection::Kind::None);
}

TEST_CASE("recent files: most recent first, no duplicates, bounded") {
  std::vector<std::string> r;
  for (int i = 0; i < 12; ++i) pushRecent(r, "f" + std::to_string(i), 10);
  CHECK(r.size() == 10);
  CHECK(r.front() == "f11");
  pushRecent(r, "f5", 10);
  CHECK(r.front() == "f5");
  CHECK(std::count(r.begin(), r.end(), "f5") == 1);
}

TEST_CASE("the watch set notices a changed modification time, and only then") {
  const auto path = std::filesystem::temp_directory_path() / "kiln-viewer-watch.txt";
  { std::ofstream(path) << "a"; }
  loader::LoadResult none;
  const WatchSet w = WatchSet::of(path, none);
  CHECK_FALSE(w.changed());
  std::filesystem::last_write_time(path, std::filesystem::last_write_time(path) + std::chrono::seconds(2));
  CHECK(w.changed());
  std::filesystem::remove(path);
}

TEST_CASE("the viewer's own save is not a reload, an external edit after it is") {
  const auto path = std::filesystem::temp_directory_path() / "kiln-viewer-own-save.yaml";
  { std::ofstream(path) << "before"; }
  loader::LoadResult none;
  WatchSet w = WatchSet::of(path, none);
  const std::string mine = "saved by the viewer";
  { std::ofstream(path) << mine; }
  std::filesystem::last_write_time(path, std::filesystem::last_write_time(path) + std::chrono::seconds(2));
  CHECK(w.changed());  // not yet told: any write is a change
  w.ownWrite(path, std::span(reinterpret_cast<const std::uint8_t*>(mine.data()), mine.size()));
  CHECK_FALSE(w.changed());
  // Another program rewrites it with one byte different: a change again.
  { std::ofstream(path) << "saved by the viewes"; }
  std::filesystem::last_write_time(path, std::filesystem::last_write_time(path) + std::chrono::seconds(4));
  CHECK(w.changed());
  // An own write to a file the set does not watch changes nothing.
  w.ownWrite(path.string() + ".other", std::span(reinterpret_cast<const std::uint8_t*>(mine.data()), mine.size()));
  CHECK(w.changed());
  std::filesystem::remove(path);
}

TEST_CASE("recent files round-trip through text, skipping blanks and duplicates") {
  const std::vector<std::string> r{"/a/b.klm", "/c d/e.yaml"};
  CHECK(recentFromText(recentToText(r)) == r);
  CHECK(recentFromText("x\r\n\n\nx\ny\n") == std::vector<std::string>{"x", "y"});
  CHECK(recentFromText("1\n2\n3\n", 2).size() == 2);
}
