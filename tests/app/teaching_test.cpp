// Diagnostics that teach: shape errors with what to write, did-you-mean for keys, values and
// names, position order, the box shorthand, clockwise walls, and fit errors whose fix fits.
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "loader/loader.hpp"

using namespace kiln;
using core::Code;

namespace {

namespace fs = std::filesystem;

fs::path scratch() {
  static const fs::path dir = [] {
    fs::path d = fs::path(KILN_BINARY_DIR) / "test-scratch" / ("teaching-" + std::to_string(::getpid()));
    fs::remove_all(d);
    fs::create_directories(d);
    fs::copy_file(fs::path(KILN_SOURCE_DIR) / "assets/textures/soft.png", d / "soft.png");
    return d;
  }();
  return dir;
}

// A valid dust puff near a floor; line numbers matter to the ordering test.
const std::string kLevel = R"(version: 2
world:
  version: 2
  sectors:
    - name: room
      box: {min: [0, 0, 0], max: [6, 4, 3]}
textures:
  soft: soft.png
presets:
  dust:
    capacity: 32
    velocity: {min: [0, 0, 0], max: [0, 0, 0]}
    lifetime: {min: 1, max: 2}
    size: [{age: 0, value: 0.8}, {age: 1, value: 0.8}]
    color: [{age: 0, rgba: [1, 1, 1, 1]}, {age: 1, rgba: [1, 1, 1, 0]}]
    sprite: {frames: [soft], blend: alpha}
emitters:
  - name: puff
    preset: dust
    position: [3, 2, 1]
    bursts: [{time: 0, count: 8}]
)";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  return text;
}

loader::LoadResult load(const std::string& text) { return loader::compileSourceText(text, "t.yaml", scratch()); }

std::vector<const loader::LocatedDiagnostic*> all(const loader::LoadResult& r, Code code, const std::string& prefix) {
  std::vector<const loader::LocatedDiagnostic*> out;
  for (const auto& d : r.diagnostics)
    if (d.diagnostic.code == code && d.diagnostic.path.rfind(prefix, 0) == 0) out.push_back(&d);
  return out;
}

// The one diagnostic with `code` at exactly `path`; fails the test when there is not exactly one.
std::string message(const loader::LoadResult& r, Code code, const std::string& path) {
  std::vector<std::string> found;
  for (const auto& d : r.diagnostics)
    if (d.diagnostic.code == code && d.diagnostic.path == path) found.push_back(d.diagnostic.message);
  REQUIRE(found.size() == 1);
  return found[0];
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string dump(const loader::LoadResult& r) {
  std::string s;
  for (const auto& d : r.diagnostics) s += loader::format(d) + "\n";
  return s;
}

}  // namespace

TEST_CASE("the teaching base level is valid", "[teaching]") {
  const auto r = load(kLevel);
  INFO(dump(r));
  CHECK(r.ok());
  CHECK(r.notes.empty());
}

TEST_CASE("a number where a range is expected says what to write", "[teaching]") {
  const auto r = load(replaced(kLevel, "lifetime: {min: 1, max: 2}", "lifetime: 2"));
  const std::string m = message(r, Code::WrongType, "presets.dust.lifetime");
  CHECK(contains(m, "(seconds)"));
  CHECK(contains(m, "write {min: 2, max: 2}"));
  // A map of the wrong keys is not a bare number: no "write", but the expected shape.
  const auto other = load(replaced(kLevel, "lifetime: {min: 1, max: 2}", "lifetime: [1, 2]"));
  const std::string m2 = message(other, Code::WrongType, "presets.dust.lifetime");
  CHECK(contains(m2, "{min: N, max: N}"));
  CHECK_FALSE(contains(m2, "write"));
}

TEST_CASE("an RGBA list where keys are expected is reported once", "[teaching]") {
  const std::string colour = "color: [{age: 0, rgba: [1, 1, 1, 1]}, {age: 1, rgba: [1, 1, 1, 0]}]";
  SECTION("a list of four RGBA lists") {
    const auto r = load(replaced(kLevel, colour, "color: [[1, 1, 1, 1], [1, 0.5, 0, 1], [1, 0, 0, 0.5], [0, 0, 0, 0]]"));
    INFO(dump(r));
    REQUIRE(all(r, Code::WrongType, "presets.dust.color").size() == 1);
    CHECK(contains(message(r, Code::WrongType, "presets.dust.color"),
                   "write [{age: 0, rgba: [1, 1, 1, 1]}, {age: 1, rgba: [0, 0, 0, 0]}]"));
  }
  SECTION("one RGBA colour") {
    const auto r = load(replaced(kLevel, colour, "color: [1, 0.5, 0, 1]"));
    REQUIRE(all(r, Code::WrongType, "presets.dust.color").size() == 1);
    CHECK(contains(message(r, Code::WrongType, "presets.dust.color"), "one RGBA colour"));
  }
  SECTION("a list of three numbers is not a colour: each key is reported as it is") {
    const auto r = load(replaced(kLevel, colour, "color: [1, 0.5, 0]"));
    CHECK(all(r, Code::WrongType, "presets.dust.color[").size() == 3);
  }
  SECTION("a bare size") {
    const auto r = load(replaced(kLevel, "size: [{age: 0, value: 0.8}, {age: 1, value: 0.8}]", "size: 0.5"));
    CHECK(contains(message(r, Code::WrongType, "presets.dust.size"), "write [{age: 0, value: 0.5}, {age: 1, value: 0.5}]"));
  }
}

TEST_CASE("unknown keys list the allowed keys and suggest the nearest", "[teaching]") {
  const auto near = load(replaced(kLevel, "    lifetime:", "    Lifetime:"));
  const std::string m = message(near, Code::UnknownKey, "presets.dust.Lifetime");
  CHECK(contains(m, "did you mean 'lifetime'?"));
  CHECK(contains(m, "capacity, spawn, velocity, lifetime"));
  const auto typo = load(replaced(kLevel, "    capacity:", "    capcity:"));
  CHECK(contains(message(typo, Code::UnknownKey, "presets.dust.capcity"), "did you mean 'capacity'?"));
  // Nothing is near: no guess, still the list.
  const auto far = load(replaced(kLevel, "    capacity: 32", "    capacity: 32\n    glitter: 1"));
  const std::string f = message(far, Code::UnknownKey, "presets.dust.glitter");
  CHECK_FALSE(contains(f, "did you mean"));
  CHECK(contains(f, "allowed here:"));
}

TEST_CASE("misspelt enumeration values and names get a did-you-mean", "[teaching]") {
  const auto blend = load(replaced(kLevel, "blend: alpha", "blend: Alpha"));
  CHECK(contains(message(blend, Code::UnknownEnum, "presets.dust.sprite.blend"), "did you mean 'alpha'?"));
  const auto farBlend = load(replaced(kLevel, "blend: alpha", "blend: glow"));
  CHECK_FALSE(contains(message(farBlend, Code::UnknownEnum, "presets.dust.sprite.blend"), "did you mean"));

  const auto texture = load(replaced(kLevel, "frames: [soft]", "frames: [Soft]"));
  CHECK(contains(message(texture, Code::UnknownName, "presets.dust.sprite.frames[0]"), "did you mean 'soft'?"));
  const auto farTexture = load(replaced(kLevel, "frames: [soft]", "frames: [ember]"));
  CHECK_FALSE(contains(message(farTexture, Code::UnknownName, "presets.dust.sprite.frames[0]"), "did you mean"));

  const auto preset = load(replaced(kLevel, "preset: dust", "preset: dusty"));
  CHECK(contains(message(preset, Code::UnknownName, "emitters.puff.preset"), "did you mean 'dust'?"));

  const auto sector = load(replaced(kLevel, "    position: [3, 2, 1]", "    sector: rom\n    position: [3, 2, 1]"));
  CHECK(contains(message(sector, Code::UnknownName, "emitters.puff.sector"), "did you mean 'room'?"));
}

TEST_CASE("diagnostics are sorted by file position across stages", "[teaching]") {
  // A world-stage finding (line 6: box min above max) is found after a vocabulary finding in
  // a preset (line 11), yet printed first.
  std::string text = replaced(kLevel, "capacity: 32", "capacity: many");
  text = replaced(text, "box: {min: [0, 0, 0], max: [6, 4, 3]}", "walls: [[0, 0], [6, 0], [3, 1], [6, 4], [0, 4]]\n      floor: 0\n      ceiling: 3");
  const auto r = load(text);
  INFO(dump(r));
  REQUIRE(r.diagnostics.size() >= 2);
  for (std::size_t i = 1; i < r.diagnostics.size(); ++i) {
    const auto& a = r.diagnostics[i - 1];
    const auto& b = r.diagnostics[i];
    CHECK((a.line < b.line || (a.line == b.line && a.col <= b.col)));
  }
  CHECK(r.diagnostics.front().diagnostic.code == Code::NotConvex);
}

TEST_CASE("a box sector expands to walls, floor and ceiling", "[teaching]") {
  const auto r = load(kLevel);
  REQUIRE(r.ok());
  const world::Sector& s = r.level.world.sectors.at(0);
  REQUIRE(s.walls.size() == 4);
  CHECK(s.walls[0].x == 0);
  CHECK(s.walls[0].y == 0);
  CHECK(s.walls[1].x == 6);
  CHECK(s.walls[1].y == 0);
  CHECK(s.walls[2].x == 6);
  CHECK(s.walls[2].y == 4);
  CHECK(s.walls[3].x == 0);
  CHECK(s.walls[3].y == 4);
  CHECK(s.floor.z == 0);
  CHECK(s.ceiling.z == 3);

  const auto thin = load(replaced(kLevel, "max: [6, 4, 3]}", "max: [6, 4, 2.99]}"));
  CHECK(thin.ok());  // just inside: any positive height
  const auto flat = load(replaced(kLevel, "min: [0, 0, 0], max: [6, 4, 3]", "min: [0, 0, 3], max: [6, 4, 3]"));
  CHECK(all(flat, Code::RangeOrder, "world.sectors.room.box").size() == 1);
  const auto both = load(replaced(kLevel, "max: [6, 4, 3]}", "max: [6, 4, 3]}\n      floor: 0"));
  CHECK(all(both, Code::WrongType, "world.sectors.room.floor").size() == 1);
}

TEST_CASE("clockwise walls are reversed with a note, portals included", "[teaching]") {
  const std::string two = R"(version: 2
world:
  version: 2
  sectors:
    - name: a
      walls: [[0, 0], [0, 4], [4, 4], [4, 0]]
      floor: 0
      ceiling: 3
      portals: [~, ~, b, ~]
    - name: b
      walls: [[4, 0], [8, 0], [8, 4], [4, 4]]
      floor: 0
      ceiling: 3
      portals: [~, ~, a, ~]
)";
  // Sector a runs clockwise; its wall from (4,4) to (4,0) is the portal to b. b's portal
  // back is its fourth wall, (4,4) → (4,0): reversed, a's list must point the same edge at b.
  auto fixed = two;
  fixed = replaced(fixed, "portals: [~, ~, a, ~]", "portals: [~, ~, ~, a]");
  const auto r = load(fixed);
  INFO(dump(r));
  CHECK(r.ok());
  REQUIRE(r.notes.size() == 1);
  CHECK(r.notes[0].diagnostic.code == Code::Clockwise);
  CHECK(r.notes[0].diagnostic.path == "world.sectors.a.walls");
  CHECK(r.notes[0].line == 6);
  CHECK(loader::format(r.notes[0]).rfind("t.yaml:6:", 0) == 0);
  CHECK(contains(loader::format(r.notes[0]), "note[clockwise]"));
  CHECK_FALSE(contains(loader::format(r.notes[0]), "error["));
  // Counter-clockwise: no note.
  const auto ccw = load(kLevel);
  CHECK(ccw.notes.empty());
}

TEST_CASE("outside-sector names the terms and a fix that fits", "[teaching]") {
  // The issue's dust: emitter at z = 0.2, size 0.8 (half-diagonal 0.566) through the floor.
  const auto r = load(replaced(kLevel, "position: [3, 2, 1]", "position: [3, 2, 0.2]"));
  INFO(dump(r));
  const std::string m = message(r, Code::OutsideSector, "emitters.puff.bounds");
  CHECK(contains(m, "outside floor"));
  CHECK(contains(m, "billboard half-diagonal 0.566"));
  CHECK(contains(m, "raise the emitter by 0.37"));
  CHECK(contains(m, "shrink size to <= 0.28"));
  // Each suggested change fits on its own; a little less of either does not.
  CHECK(load(replaced(kLevel, "position: [3, 2, 1]", "position: [3, 2, 0.57]")).ok());
  CHECK_FALSE(load(replaced(kLevel, "position: [3, 2, 1]", "position: [3, 2, 0.56]")).ok());
  std::string smaller = replaced(kLevel, "position: [3, 2, 1]", "position: [3, 2, 0.2]");
  smaller = replaced(smaller, "value: 0.8}, {age: 1, value: 0.8}", "value: 0.28}, {age: 1, value: 0.28}");
  CHECK(load(smaller).ok());
  smaller = replaced(smaller, "value: 0.28}, {age: 1, value: 0.28}", "value: 0.29}, {age: 1, value: 0.29}");
  CHECK_FALSE(load(smaller).ok());
}

TEST_CASE("outside-sector through a wall names the wall's ends and the distance to move", "[teaching]") {
  const auto r = load(replaced(kLevel, "position: [3, 2, 1]", "position: [5.9, 2, 1]"));
  const std::string m = message(r, Code::OutsideSector, "emitters.puff.bounds");
  CHECK(contains(m, "wall 1 (from (6, 0) to (6, 4))"));
  CHECK(contains(m, "move the emitter away from wall 1 by 0.47"));
  CHECK(load(replaced(kLevel, "position: [3, 2, 1]", "position: [5.43, 2, 1]")).ok());
  CHECK_FALSE(load(replaced(kLevel, "position: [3, 2, 1]", "position: [5.44, 2, 1]")).ok());
}

TEST_CASE("a rate without a duration says what to add", "[teaching]") {
  const auto r = load(replaced(kLevel, "bursts: [{time: 0, count: 8}]", "rate: 12"));
  const std::string m = message(r, Code::DurationRange, "emitters.puff.duration_seconds");
  CHECK(contains(m, "add duration_seconds"));
  CHECK(contains(m, "mode defaults to once"));
  CHECK(load(replaced(kLevel, "bursts: [{time: 0, count: 8}]", "rate: 12\n    duration_seconds: 1")).ok());
}

TEST_CASE("every code has a paragraph in docs/codes.md", "[teaching]") {
  std::ifstream in(fs::path(KILN_SOURCE_DIR) / "docs/codes.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  for (core::Code c : core::allCodes()) {
    const std::string heading = "\n## `" + std::string(core::codeName(c)) + "`\n";
    INFO(heading);
    const auto at = doc.find(heading);
    REQUIRE(at != std::string::npos);
    // A paragraph follows the heading, not the next heading.
    CHECK(doc.compare(at + heading.size(), 3, "## ") != 0);
  }
}
