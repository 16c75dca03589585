// Hot reload without a window: a watched temp copy of a sample is broken on disk (diagnostics
// with line and column, selecting the offending preset), then fixed (it opens with the edit).
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <fstream>

#include "logic/level_session.hpp"
#include "sample_files.hpp"

using namespace kiln;
using namespace kiln::viewer;

using namespace kiln::viewer::testing;

namespace {

// Writes the file and moves its modification time on, so the change is seen even when the
// file system's clock granularity would hide two writes within one tick.
void writeText(const std::filesystem::path& p, const std::string& text, int tick) {
  { std::ofstream(p, std::ios::binary) << text; }
  std::filesystem::last_write_time(p, std::filesystem::file_time_type::clock::now() + std::chrono::seconds(10 * tick));
}

}  // namespace

TEST_CASE("a watched source broken on disk reports file:line:col, then reloads when fixed") {
  // A temp copy with its textures beside it, as the source's relative paths expect.
  const auto dir = std::filesystem::path(KILN_BINARY_DIR) / "viewer-hot-reload";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "levels");
  std::filesystem::copy(kAssets / "textures", dir / "textures", std::filesystem::copy_options::recursive);
  const auto level = dir / "levels/braziers.yaml";
  const std::string good = readText(kAssets / "levels/braziers.yaml");
  writeText(level, good, 0);

  auto first = openLevel(level, world::kilnCapabilities(), false);
  REQUIRE(first.level);
  const WatchSet watch = WatchSet::of(level, first.level->load);
  CHECK_FALSE(watch.changed());

  // Broken: the flame's drag becomes negative; the loader places it in the file.
  const auto at = good.find("    drag: 0.5\n");
  REQUIRE(at != std::string::npos);
  std::string broken = good;
  broken.replace(at, 14, "    drag: -1\n");
  writeText(level, broken, 1);
  CHECK(watch.changed());
  const auto bad = openLevel(level, world::kilnCapabilities(), false);
  CHECK_FALSE(bad.level);
  REQUIRE_FALSE(bad.diagnostics.empty());
  const auto& d = bad.diagnostics.front();
  const auto line = static_cast<std::uint32_t>(std::count(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1);
  CHECK(d.line == line);
  CHECK(d.col > 0);
  CHECK(d.file.find("braziers.yaml") != std::string::npos);
  const auto sel = selectionForPath(first.level->load.level, d.diagnostic.path);
  CHECK((sel.kind == Selection::Kind::Preset && sel.index == 0));

  // Re-armed on the broken file: no further change until the next write.
  const WatchSet rearmed = WatchSet::of(level, first.level->load);
  CHECK_FALSE(rearmed.changed());
  std::string fixed = good;
  fixed.replace(at, 14, "    drag: 0.25\n");
  writeText(level, fixed, 2);
  CHECK(rearmed.changed());
  const auto reloaded = openLevel(level, world::kilnCapabilities(), false);
  REQUIRE(reloaded.level);
  CHECK(reloaded.diagnostics.empty());
  CHECK(reloaded.level->particles()->presets[0].drag == 0.25);
  std::filesystem::remove_all(dir);
}
