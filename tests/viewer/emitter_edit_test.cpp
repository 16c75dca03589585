// Whole-effect editing without a window: emitter edits validated against the level (both sides
// of the sector fit and of capacity), saved as YAML edits that leave every other byte alone,
// and the move gizmo's drag arithmetic against hand-computed positions.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "logic/level_session.hpp"
#include "sample_files.hpp"
#include "panels/logic/emitter_edit.hpp"

using namespace kiln;
using namespace kiln::viewer;

using namespace kiln::viewer::testing;

namespace {

std::uint32_t emitterIndex(const particles::Document& doc, const std::string& name) {
  for (std::uint32_t i = 0; i < doc.emitters.size(); ++i)
    if (doc.emitters[i].name == name) return i;
  FAIL("no emitter " << name);
  return 0;
}

Ray ray(glm::dvec3 origin, glm::dvec3 toward) { return {origin, glm::normalize(toward)}; }

}  // namespace

TEST_CASE("an emitter moved inside its sector is valid, one whose bounds cross the wall is not") {
  const MountedLevel level = braziers();
  const auto& doc = *level.particles();
  const std::uint32_t e = emitterIndex(doc, "west_flame");
  particles::Emitter edited = doc.emitters[e];
  edited.position.x = 1.5;  // 10 cm further into the hall
  CHECK(emitter_edit::validateEdit(doc, level.world(), e, edited).empty());
  // The hall's west wall is at x = 0: bounds reaching through it break the sector fit.
  edited.position.x = 0.1;
  const auto d = emitter_edit::validateEdit(doc, level.world(), e, edited);
  REQUIRE_FALSE(d.empty());
  CHECK(d.front().path.find("west_flame") != std::string::npos);
}

TEST_CASE("an emitter edit that needs more slots than its preset has is refused") {
  const MountedLevel level = braziers();
  const auto& doc = *level.particles();
  const std::uint32_t e = emitterIndex(doc, "west_flame");
  particles::Emitter edited = doc.emitters[e];
  CHECK(emitter_edit::validateEdit(doc, level.world(), e, edited).empty());
  edited.rate *= 10;  // ten times the births in the same lifetimes
  const auto d = emitter_edit::validateEdit(doc, level.world(), e, edited);
  REQUIRE_FALSE(d.empty());
  CHECK(d.front().code == core::Code::CapacityTooSmall);
}

TEST_CASE("applying an emitter edit recomputes its bounds from the new position") {
  MountedLevel level = braziers();
  auto& doc = *level.load.level.particles;
  const std::uint32_t e = emitterIndex(doc, "west_flame");
  particles::Emitter edited = doc.emitters[e];
  const auto before = doc.emitters[e].bounds;
  edited.position.y += 0.5;
  emitter_edit::applyEdit(doc, e, edited);
  CHECK(doc.emitters[e].bounds.min.y == Approx(before.min.y + 0.5));
  CHECK(doc.emitters[e].bounds.max.x == Approx(before.max.x));
}

TEST_CASE("saved emitter edits change only that emitter's item and read back as edited") {
  const MountedLevel level = braziers();
  const auto& doc = *level.particles();
  const std::uint32_t e = emitterIndex(doc, "north_flame");
  particles::Emitter edited = doc.emitters[e];
  edited.position = {5.75, 6.5, 1.1};
  edited.yaw = -45;
  edited.seed = 7;
  edited.delay = 0.5;
  const std::string source = readText(kAssets / "levels/braziers.yaml");
  core::Diagnostic error;
  const auto out =
      loader::applySourceEdits(source, emitter_edit::changedScalars(doc.emitters[e], edited, e), error);
  REQUIRE(out);
  // Byte-identical outside north_flame's two lines.
  const auto a = lines(source), b = lines(*out);
  REQUIRE(a.size() == b.size());
  int changed = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) {
      ++changed;
      CHECK((b[i].find("north_flame") != std::string::npos || b[i].find("seed: 7") != std::string::npos));
    }
  CHECK(changed >= 1);
  CHECK(changed <= 2);
  // Compiled again, the emitter is what was edited.
  const auto dir = std::filesystem::path(KILN_BINARY_DIR) / "viewer-emitter-save";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "levels");
  std::filesystem::copy(kAssets / "textures", dir / "textures", std::filesystem::copy_options::recursive);
  { std::ofstream(dir / "levels/braziers.yaml", std::ios::binary) << *out; }
  auto again = openLevel(dir / "levels/braziers.yaml", world::kilnCapabilities(), false);
  REQUIRE(again.level);
  const auto& re = again.level->particles()->emitters[e];
  CHECK(re.position.x == 5.75);
  CHECK(re.position.y == 6.5);
  CHECK(re.yaw == -45);
  CHECK(re.seed == 7);
  CHECK(re.delay == 0.5);
}

TEST_CASE("a burst added or removed is one item edit, a changed count edits one number") {
  particles::Emitter a;
  a.bursts = {{0.0, 10}, {1.4, 6}};
  particles::Emitter b = a;
  b.bursts[1].count = 8;
  auto edits = emitter_edit::changedScalars(a, b, 3);
  REQUIRE(edits.size() == 1);
  CHECK(edits[0].path == std::vector<std::string>{"emitters", "[3]", "bursts", "[1]", "count"});
  CHECK(edits[0].text == "8");
  b.bursts.push_back({2.5, 1});
  edits = emitter_edit::changedScalars(a, b, 3);
  REQUIRE(edits.size() == 2);
  CHECK(edits[0] == loader::insertItem({"emitters", "[3]", "bursts"}, 2, {{"time", "2.5"}, {"count", "1"}}, 3,
                                       "[{time: 0, count: 10}, {time: 1.4, count: 8}, {time: 2.5, count: 1}]"));
  CHECK(edits[1].path == std::vector<std::string>{"emitters", "[3]", "bursts", "[1]", "count"});
  CHECK(emitter_edit::changedScalars(a, a, 3).empty());
}

TEST_CASE("dragging an axis handle moves along that axis by where the ray now crosses it") {
  const glm::dvec3 start(0, 0, 0);
  const Ray press = ray({0, -10, 0}, {0, 1, 0});  // crosses the x axis at x = 0
  // Aimed at (3, 0, 0): the emitter follows to x = 3; y and z stay.
  auto p = emitter_edit::dragAlongAxis(start, 0, press, ray({0, -10, 0}, {3, 10, 0}), 0);
  REQUIRE(p);
  CHECK(p->x == Approx(3.0));
  CHECK(p->y == 0.0);
  CHECK(p->z == 0.0);
  // Snapping to a 0.25 m grid: 3.1 → 3.0, 3.2 → 3.25.
  p = emitter_edit::dragAlongAxis(start, 0, press, ray({0, -10, 0}, {3.1, 10, 0}), 0.25);
  CHECK(p->x == 3.0);
  p = emitter_edit::dragAlongAxis(start, 0, press, ray({0, -10, 0}, {3.2, 10, 0}), 0.25);
  CHECK(p->x == 3.25);
  // The drag is relative to the press: pressing at x = 1 and moving to x = 3 moves by 2.
  p = emitter_edit::dragAlongAxis({5, 0, 0}, 0, ray({1, -10, 0}, {0, 1, 0}), ray({1, -10, 0}, {2, 10, 0}), 0);
  CHECK(p->x == Approx(7.0));
  // A ray parallel to the axis gives no position.
  CHECK_FALSE(emitter_edit::dragAlongAxis(start, 0, press, ray({0, -10, 0}, {1, 0, 0}), 0));
}

TEST_CASE("a handle is hit within its tolerance along its outer part, not at the shared origin") {
  std::array<emitter_edit::Handle, 3> h{};
  h[0] = {{100, 100}, {200, 100}, true};
  h[1] = {{100, 100}, {100, 0}, true};
  CHECK(emitter_edit::hitHandle(h, {190, 105}) == 0);
  CHECK(emitter_edit::hitHandle(h, {190, 108}) == 0);   // 8 px: just inside
  CHECK(emitter_edit::hitHandle(h, {190, 109}) == -1);  // 9 px: just outside
  CHECK(emitter_edit::hitHandle(h, {103, 30}) == 1);
  CHECK(emitter_edit::hitHandle(h, {105, 100}) == -1);  // the shared origin picks nothing
}
