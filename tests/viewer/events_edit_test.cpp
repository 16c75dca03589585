// The event sandbox without a window: the surface a click fires at (floors, ceilings, solid
// walls, portals looked through), fired bursts seeded from the step, recipe fields by name with
// their ranges, validation, YAML write-back that touches only what changed, the plotted history
// against hand-counted figures, the rate check and picking an event particle.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "logic/level_session.hpp"
#include "sample_files.hpp"
#include "panels/logic/events_edit.hpp"
#include "logic/script.hpp"
#include "sim/scene.hpp"

using namespace kiln;
using namespace kiln::viewer;

using namespace kiln::viewer::testing;

namespace {

Ray ray(glm::dvec3 origin, glm::dvec3 toward) { return {origin, glm::normalize(toward)}; }

// A section of one recipe and nothing else: the tests below fire and count by hand.
sim::Events oneRecipe(std::int64_t count, std::int64_t capacity) {
  sim::Events ev;
  ev.capacity = capacity;
  sim::Recipe r;
  r.name = "pop";
  r.count = count;
  r.lifetime = 1.0;
  r.size = 0.2;
  r.gravity = 0.0;
  r.drag = 0.0;
  r.color = {1, 1, 1};
  ev.recipes.push_back(r);
  return ev;
}

sim::Scene compiled(const sim::Events& ev) {
  auto r = sim::compileEvents(ev, {});
  for (const auto& d : r.diagnostics) UNSCOPED_INFO(core::format(d));
  REQUIRE(r.scene);
  return *r.scene;
}

// Writes a source beside copies of the sample's textures and opens it.
MountedLevel reopen(const std::string& name, const std::string& text) {
  const auto dir = std::filesystem::path(KILN_BINARY_DIR) / ("viewer-events-" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "levels");
  std::filesystem::copy(kAssets / "textures", dir / "textures", std::filesystem::copy_options::recursive);
  { std::ofstream(dir / "levels/braziers.yaml", std::ios::binary) << text; }
  auto again = openLevel(dir / "levels/braziers.yaml", world::kilnCapabilities(), false);
  for (const auto& d : again.diagnostics) UNSCOPED_INFO(loader::format(d));
  REQUIRE(again.level);
  return std::move(*again.level);
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("the surface under the mouse: floor, ceiling and solid wall from inside the hall") {
  const MountedLevel level = braziers();
  const auto& w = level.world();
  // The hall: floor 0, ceiling 5, west wall at x = 0 (braziers.yaml).
  auto floor = events_edit::surfaceUnderRay(w, ray({5, 4, 3}, {0, 0, -1}));
  REQUIRE(floor);
  CHECK(floor->x == Approx(5));
  CHECK(floor->z == Approx(0).margin(1e-12));
  auto ceiling = events_edit::surfaceUnderRay(w, ray({5, 4, 3}, {0, 0, 1}));
  REQUIRE(ceiling);
  CHECK(ceiling->z == Approx(5));
  auto wall = events_edit::surfaceUnderRay(w, ray({5, 4, 1}, {-1, 0, 0}));
  REQUIRE(wall);
  CHECK(wall->x == Approx(0).margin(1e-12));
  CHECK(wall->y == Approx(4));
  // A slanted ray meets the floor where the line does: from (5, 4, 2) along (1, 0, -1).
  auto slant = events_edit::surfaceUnderRay(w, ray({5, 4, 2}, {1, 0, -1}));
  REQUIRE(slant);
  CHECK(slant->x == Approx(7));
  CHECK(slant->z == Approx(0).margin(1e-12));
}

TEST_CASE("portals are looked through, the solid wall beside one is not") {
  const MountedLevel level = braziers();
  const auto& w = level.world();
  // y = 3.01 passes the hall's east portal (x = 11, y 3..5), the corridor and the alcove's
  // portal, and stops on the alcove's wall from (22, 2) to (23.5, 4): x = 22 + 1.5·(1.01/2).
  auto through = events_edit::surfaceUnderRay(w, ray({5, 3.01, 1}, {1, 0, 0}));
  REQUIRE(through);
  CHECK(through->x == Approx(22 + 1.5 * (1.01 / 2)));
  // y = 2.99 is just south of the portal: the hall's slanted wall from (10, 0) to (11, 3).
  auto blocked = events_edit::surfaceUnderRay(w, ray({5, 2.99, 1}, {1, 0, 0}));
  REQUIRE(blocked);
  CHECK(blocked->x == Approx(10 + 2.99 / 3));
}

TEST_CASE("from above the level the floor is found through the ceiling, a ray into nothing finds none") {
  const MountedLevel level = braziers();
  auto below = events_edit::surfaceUnderRay(level.world(), ray({5, 4, 20}, {0, 0, -1}));
  REQUIRE(below);
  CHECK(below->z == Approx(0).margin(1e-12));
  CHECK_FALSE(events_edit::surfaceUnderRay(level.world(), ray({5, 4, 20}, {0, 0, 1})));
  CHECK_FALSE(events_edit::surfaceUnderRay(level.world(), ray({-5, 4, 1}, {-1, 0, 0})));
}

TEST_CASE("a fired burst is seeded from the step it fires in and lands in the script") {
  sim::Events ev = oneRecipe(4, 64);
  // 1.2 s at 60 Hz is step 72 exactly; the largest double below 1.2 is still in step 71.
  const std::size_t i = events_edit::fireBurst(ev, 0, {1.23456, 2, 3}, 1.2);
  REQUIRE(i == 0);
  CHECK(ev.script[0].seed == 72);
  CHECK(ev.script[0].time == 1.2);
  CHECK(ev.script[0].recipe == "pop");
  CHECK(ev.script[0].position[0] == 1.235);  // to the millimetre
  events_edit::fireBurst(ev, 0, {0, 0, 0}, std::nextafter(1.2, 0.0));
  CHECK(ev.script[1].seed == 71);
  ev.stepHz = 144;
  events_edit::fireBurst(ev, 0, {0, 0, 0}, 1.0);
  CHECK(ev.script[2].seed == 144);
  // In the simulation the burst is born in the next step with that seed, from the script.
  sim::Events one = oneRecipe(4, 64);
  events_edit::fireBurst(one, 0, {1, 2, 3}, 1.2);
  sim::ParticleSystem a(compiled(one)), b(compiled(one));
  a.advanceTo(1.2);
  CHECK(a.liveCount() == 0);
  a.advanceTo(1.2 + 1.5 / 60);  // step 72 done
  REQUIRE(a.liveCount() == 4);
  for (std::uint32_t slot : a.liveSlots()) {
    CHECK(a.birth(slot).seed == 72);
    CHECK(a.birth(slot).source.kind == sim::SourceKind::Script);
  }
  // Reproducible: a second system gives the same bytes, also after going back in time.
  b.advanceTo(3.0);
  b.advanceTo(1.2 + 1.5 / 60);
  for (std::uint32_t k = 0; k < 4; ++k) {
    const std::uint32_t sa = a.liveSlots()[k], sb = b.liveSlots()[k];
    CHECK(a.motion(sa).position == b.motion(sb).position);
    CHECK(a.birth(sa).initialVelocity == b.birth(sb).initialVelocity);
  }
}

TEST_CASE("recipe fields by name: each range accepted at its end and refused past it") {
  sim::Recipe r = oneRecipe(1, 1).recipes[0];
  CHECK(events_edit::setRecipeField(r, "count", 65536));
  CHECK(r.count == 65536);
  CHECK_FALSE(events_edit::setRecipeField(r, "count", 65537));
  CHECK_FALSE(events_edit::setRecipeField(r, "count", -1));
  CHECK_FALSE(events_edit::setRecipeField(r, "count", 2.5));
  CHECK(events_edit::setRecipeField(r, "count", 0));
  CHECK(events_edit::setRecipeField(r, "speed", -3.5));
  CHECK(r.speed == -3.5);
  CHECK_FALSE(events_edit::setRecipeField(r, "speed", std::nan("")));
  CHECK_FALSE(events_edit::setRecipeField(r, "speed", INFINITY));
  CHECK(events_edit::setRecipeField(r, "color.g", 5.0));
  CHECK(r.color[1] == 5.0);
  CHECK(events_edit::setRecipeField(r, "axis.x", 1));
  CHECK(r.axis[0] == 1);
  CHECK(events_edit::setRecipeField(r, "glows", 1));
  CHECK(r.glows);
  CHECK_FALSE(events_edit::setRecipeField(r, "glows", 0.5));
  // alpha_test belongs to a sprite: none, refused; with one, [0, 1].
  CHECK_FALSE(events_edit::setRecipeField(r, "alpha_test", 0.5));
  r.sprite = sim::EventSprite{"spark"};
  CHECK(events_edit::setRecipeField(r, "alpha_test", 1.0));
  CHECK_FALSE(events_edit::setRecipeField(r, "alpha_test", 1.0001));
  CHECK_FALSE(events_edit::setRecipeField(r, "colour.g", 1));
  const auto names = events_edit::recipeFieldNames();
  CHECK(std::find(names.begin(), names.end(), "lifetime") != names.end());
  CHECK(std::find(names.begin(), names.end(), "color.b") != names.end());
}

TEST_CASE("an edit is refused for errors only: a floor raised with a warning still applies") {
  sim::Events ev = oneRecipe(1, 65536);
  CHECK(events_edit::validateEdit(ev, {}).empty());
  ev.capacity = 65537;
  CHECK_FALSE(events_edit::validateEdit(ev, {}).empty());
  ev.capacity = 64;
  ev.recipes[0].lifetime = 0.0005;  // raised to 1 ms, a warning
  CHECK(events_edit::validateEdit(ev, {}).empty());
  ev.recipes[0].sprite = sim::EventSprite{"nope"};
  const std::vector<std::string> textures{"spark"};
  const auto d = events_edit::validateEdit(ev, textures);
  REQUIRE(d.size() == 1);
  CHECK(d[0].path.find("recipes.pop.sprite.frame") != std::string::npos);
  ev.recipes[0].sprite->frame = "spark";
  CHECK(events_edit::validateEdit(ev, textures).empty());
}

TEST_CASE("a tuned recipe and a fired burst save as edits of that recipe and the script only") {
  const MountedLevel level = braziers();
  REQUIRE(level.load.level.events);
  const sim::Events before = *level.load.level.events;
  sim::Events after = before;
  auto pickup = std::find_if(after.recipes.begin(), after.recipes.end(), [](const auto& r) { return r.name == "pickup"; });
  REQUIRE(pickup != after.recipes.end());
  pickup->speed = 3.25;
  pickup->color[1] = 4.0;
  pickup->growth = 0.5;  // omitted in the source: inserted into pickup's map
  pickup->sprite->blend = sim::BlendMode::Additive;
  events_edit::fireBurst(after, static_cast<std::uint32_t>(pickup - after.recipes.begin()), {5, 4, 0}, 6.5);
  const auto edits = events_edit::changedScalars(before, after);
  REQUIRE(edits);
  const std::string source = readText(kAssets / "levels/braziers.yaml");
  core::Diagnostic error;
  const auto out = loader::applySourceEdits(source, *edits, error);
  INFO(error.message);
  REQUIRE(out);
  // Every changed or added line is inside pickup's recipe or the script; the rest is untouched.
  const auto a = lines(source), b = lines(*out);
  std::size_t pickupStart = 0, dustStart = 0, scriptStart = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (b[i].find("    pickup:") == 0) pickupStart = i;
    if (b[i].find("    dust:") == 0) dustStart = i;
    if (b[i].find("  script:") == 0) scriptStart = i;
  }
  REQUIRE(pickupStart > 0);
  REQUIRE(dustStart > pickupStart);
  REQUIRE(scriptStart > dustStart);
  std::size_t i = 0;
  for (; i < pickupStart; ++i) CHECK(a[i] == b[i]);
  // pickup grew by one line (growth), everything between pickup's end and the script is equal.
  REQUIRE(b.size() == a.size() + 2);  // growth, one more script item
  // Between pickup and the new burst nothing moved: the authored script items keep their text.
  for (std::size_t j = dustStart; j + 1 < b.size(); ++j) CHECK(a[j - 1] == b[j]);
  CHECK(b.back().find("recipe: pickup") != std::string::npos);
  CHECK(b.back().find("seed: 390") != std::string::npos);  // ⌊6.5 · 60⌋
  // Compiled again, the section is exactly what was edited.
  const MountedLevel again = reopen("save", *out);
  CHECK(*again.load.level.events == after);
}

TEST_CASE("a script burst removed takes its own line, the bursts after it keep their text") {
  const MountedLevel level = braziers();
  REQUIRE(level.load.level.events);
  const sim::Events before = *level.load.level.events;
  sim::Events after = before;
  REQUIRE(after.script.size() == 4);
  after.script.erase(after.script.begin() + 1);  // the panel's remove button on the dust at 2.5 s
  auto edits = events_edit::changedScalars(before, after);
  REQUIRE(edits);
  REQUIRE(edits->size() == 1);
  CHECK((*edits)[0].op == loader::ScalarEdit::Op::RemoveItem);
  CHECK((*edits)[0].at == 1);
  const std::string source = readText(kAssets / "levels/braziers.yaml");
  const std::string gone = "    - {time: 2.5, recipe: dust, position: [6, 5.5, 0.05], seed: 150}\n";
  REQUIRE(source.find(gone) != std::string::npos);
  std::string expected = source;
  expected.erase(expected.find(gone), gone.size());
  core::Diagnostic error;
  auto out = loader::applySourceEdits(source, *edits, error);
  INFO(error.message);
  REQUIRE(out);
  CHECK(*out == expected);  // "time: 4.0" and "time: 5.5" stay spelled so
  // Removed and a burst fired in one save: the removal and one new line after the last item.
  events_edit::fireBurst(after, 0, {5, 4, 0}, 6.5);
  edits = events_edit::changedScalars(before, after);
  REQUIRE(edits);
  REQUIRE(edits->size() == 2);
  out = loader::applySourceEdits(source, *edits, error);
  REQUIRE(out);
  const std::string last = "    - {time: 5.5, recipe: dust, position: [3, 2.5, 0.05], seed: 330}\n";
  CHECK(*out == replaced(expected, last, last + "    - {time: 6.5, recipe: " + after.recipes[0].name +
                                         ", position: [5, 4, 0], seed: 390}\n"));
  CHECK(*reopen("remove", *out).load.level.events == after);
}

TEST_CASE("a sprite added to a recipe without one is written, taken away again, its line goes") {
  const MountedLevel level = braziers();
  REQUIRE(level.load.level.events);
  const sim::Events before = *level.load.level.events;
  sim::Events after = before;
  auto dust = std::find_if(after.recipes.begin(), after.recipes.end(), [](const auto& r) { return r.name == "dust"; });
  REQUIRE(dust != after.recipes.end());
  REQUIRE_FALSE(dust->sprite);
  dust->sprite = sim::EventSprite{"flame_smoke", sim::BlendMode::Normal, sim::TextureAlpha::Brightness, 0.25};
  after.matterLight[1] = 0.5;
  const auto edits = events_edit::changedScalars(before, after);
  REQUIRE(edits);
  core::Diagnostic error;
  const auto out = loader::applySourceEdits(readText(kAssets / "levels/braziers.yaml"), *edits, error);
  INFO(error.message);
  REQUIRE(out);
  const MountedLevel again = reopen("sprite", *out);
  CHECK(*again.load.level.events == after);
  // The other way round: the sprite's key and line leave the text, the light is written back, and
  // the file is the sample again, byte for byte.
  const auto back = events_edit::changedScalars(after, before);
  REQUIRE(back);
  CHECK(std::count_if(back->begin(), back->end(), [](const auto& e) {
          return e.op == loader::ScalarEdit::Op::RemoveKey &&
                 e.path == std::vector<std::string>{"events", "recipes", "dust", "sprite"};
        }) == 1);
  const auto restored = loader::applySourceEdits(*out, *back, error);
  INFO(error.message);
  REQUIRE(restored);
  CHECK(*restored == readText(kAssets / "levels/braziers.yaml"));
}

TEST_CASE("the plotted history: live against the pool, recycled and dropped per second, counted by hand") {
  // 10 particles into a pool of 8 at 0.5 s (step 30): the pool keeps 8 and recycles 2. Lifetimes
  // are 0.75..1.25 s, so all 8 live until at least 1.25 s. max_sprites 5 drops 3 a step.
  sim::Events ev = oneRecipe(10, 8);
  ev.maxSprites = 5;
  events_edit::fireBurst(ev, 0, {0, 0, 1}, 0.5);
  const sim::Scene scene = compiled(ev);
  const auto h = events_edit::history(scene, 0.0, 1.6, 9);  // samples every 0.2 s
  REQUIRE(h.live.size() == 9);
  CHECK(h.capacity == 8);
  CHECK(h.maxSprites == 5);
  CHECK(h.live[2] == 0);  // 0.4 s: before the burst
  CHECK(h.live[3] == 8);  // 0.6 s
  CHECK(h.live[6] == 8);  // 1.2 s
  // Recycled: 2 in step 30, inside the last second at 0.6 and 1.2 s, outside it at 1.6 s.
  CHECK(h.recycledPerSecond[2] == 0);
  CHECK(h.recycledPerSecond[3] == 2);
  CHECK(h.recycledPerSecond[6] == 2);
  CHECK(h.recycledPerSecond[8] == 0);
  // Dropped at 1.2 s: steps 30..71 each end with 8 live, 3 over the budget: 42 · 3 in one second.
  CHECK(h.droppedPerSecond[6] == 126);
  CHECK(h.droppedPerSecond[2] == 0);
  // Without a budget below the pool nothing is dropped.
  ev.maxSprites = 8;
  const auto none = events_edit::history(compiled(ev), 0.0, 1.6, 9);
  CHECK(none.droppedPerSecond[6] == 0);
}

TEST_CASE("the rate check: a steady emitter spawns rate·T within one at every offered rate") {
  sim::Events ev = oneRecipe(1, 4096);
  sim::EventEmitter e;
  e.name = "stream";
  e.recipe = "pop";
  e.rate = 12;
  ev.emitters.push_back(e);
  const double rates[] = {30, 60, 144, 7};
  const auto spawned = events_edit::spawnedAtRates(compiled(ev), 3.0, rates);
  REQUIRE(spawned.size() == 4);
  for (auto n : spawned) {
    CHECK(n >= 35);
    CHECK(n <= 37);
  }
}

TEST_CASE("picking an event particle: inside its square is a hit, just outside is not, the nearer one wins") {
  // Two still particles (no speed, spread, gravity or drag) on the x axis at x = 2 and x = 4.
  sim::Events ev = oneRecipe(1, 8);
  events_edit::fireBurst(ev, 0, {4, 0, 1}, 0.0);
  events_edit::fireBurst(ev, 0, {2, 0, 1}, 0.0);
  sim::ParticleSystem system(compiled(ev));
  system.advanceTo(0.1);
  REQUIRE(system.liveCount() == 2);
  ViewCamera cam;
  cam.setMode(ViewCamera::Mode::Fly);
  cam.position = {0, 0, 1};
  cam.yaw = 0;
  cam.pitch = 0;
  const auto hit = events_edit::pickParticle(system, ray({0, 0, 1}, {1, 0, 0}), cam);
  REQUIRE(hit);
  CHECK(hit->position.x == Approx(2));
  CHECK(hit->recipe == 0);
  CHECK(hit->source.kind == sim::SourceKind::Script);
  CHECK(hit->source.index == 1);
  // The nearer particle's edge (growth 0: its size is its birth size): aim at the plane x = 2,
  // a hair inside and a hair outside its half edge, sideways along y (the camera's right).
  const std::uint32_t nearSlot = system.liveSlots()[1];
  const double half = 0.5 * static_cast<double>(system.birth(nearSlot).size0);
  auto at = [&](double y) { return events_edit::pickParticle(system, ray({0, 0, 1}, {2, y, 0}), cam); };
  const auto inside = at(half * 0.999);
  REQUIRE(inside);
  CHECK(inside->position.x == Approx(2));
  // Both bursts have seed 0 (fired at step 0), so the far square is as large and twice as far:
  // a ray past the near one's edge misses it too.
  CHECK_FALSE(at(half * 1.001));
  CHECK_FALSE(events_edit::pickParticle(system, ray({0, 0, 1}, {-1, 0, 0}), cam));
}

TEST_CASE("the sandbox's script actions parse, and their malformed forms do not") {
  const auto s = parseScript(
      "sandbox recipe pickup\nsandbox tune speed 3.5\nsandbox rate 144\nsandbox sort iso\nsandbox fire 1 2 0.5\n"
      "sandbox iso-camera\nhover 320 200\nexpect event-script 5\nexpect event-pick pickup\nworkspace events\n");
  REQUIRE(s.errors.empty());
  REQUIRE(s.actions.size() == 10);
  CHECK(s.actions[0].kind == ScriptAction::Kind::Sandbox);
  CHECK(s.actions[0].name == "pickup");
  CHECK(s.actions[1].a == 3.5);
  CHECK(s.actions[2].a == 144);
  CHECK(s.actions[4].look[2] == 0.5);
  CHECK(s.actions[6].kind == ScriptAction::Kind::Hover);
  CHECK(s.actions[7].a == 5);
  // Rates 1 and 1000 are the ends of the range; 0.5 and 1000.5 are past them.
  CHECK(parseScript("sandbox rate 1\nsandbox rate 1000\n").errors.empty());
  const auto bad = parseScript(
      "sandbox rate 0.5\nsandbox rate 1000.5\nsandbox sort sideways\nsandbox fire 1 2\nsandbox\nhover 3\n"
      "expect event-script -1\nworkspace sandbox\n");
  CHECK(bad.actions.empty());
  CHECK(bad.errors.size() == 8);
}

// --- seed 004's fields: math, dimensions, layer, depth_override, material, palette -------------

namespace {

const std::filesystem::path kLevels = kAssets / "levels";

// A sample source's events: section as the viewer mounts it.
sim::Events eventsOf(const std::string& file) {
  const auto r = loader::compileSourceText(readText(kLevels / file), file, kLevels);
  for (const auto& d : r.diagnostics) UNSCOPED_INFO(loader::format(d));
  REQUIRE(r.ok());
  REQUIRE(r.level.events);
  return *r.level.events;
}

sim::Recipe& recipeNamed(sim::Events& ev, const std::string& name) {
  const auto it = std::find_if(ev.recipes.begin(), ev.recipes.end(), [&](const sim::Recipe& r) { return r.name == name; });
  REQUIRE(it != ev.recipes.end());
  return *it;
}

// The text `before` → `after` saves to, and that text read back holds exactly `after`.
std::string saved(const std::string& file, const sim::Events& before, const sim::Events& after) {
  core::Diagnostic why;
  const auto edits = events_edit::changedScalars(before, after, &why);
  INFO(why.path << ": " << why.message);
  REQUIRE(edits);
  core::Diagnostic refused;
  const auto out = loader::applySourceEdits(readText(kLevels / file), *edits, refused);
  INFO(refused.path << ": " << refused.message);
  REQUIRE(out);
  const auto again = loader::compileSourceText(*out, file, kLevels);
  for (const auto& d : again.diagnostics) UNSCOPED_INFO(loader::format(d));
  REQUIRE(again.ok());
  REQUIRE(again.level.events);
  CHECK(*again.level.events == after);
  return *out;
}

}  // namespace

TEST_CASE("dimensions and math save: written over where the source has them, inserted where it does not") {
  const sim::Events before = eventsOf("iso2d.yaml");
  REQUIRE(before.dimensions == 2);
  REQUIRE(before.math == sim::MathBackend::Fp32);  // the source leaves math out
  const std::string source = readText(kLevels / "iso2d.yaml");
  sim::Events after = before;
  REQUIRE_FALSE(events_edit::setWordField(after, 0, "dimensions", "3"));
  // Present: only the value's byte changes, the comment after it stays.
  CHECK(saved("iso2d.yaml", before, after) ==
        replaced(source, "  dimensions: 2                  # x and y", "  dimensions: 3                  # x and y"));
  // Absent: one line in the section's map, at its keys' column; nothing else moves.
  after = before;
  REQUIRE_FALSE(events_edit::setWordField(after, 0, "math", "fpx16_16"));
  // The section's map ends with its script, the file's last line.
  CHECK(saved("iso2d.yaml", before, after) == source + "  math: fpx16_16\n");
  // Both ways back to the text as it was (math is then written, not removed: fp32 is its word).
  sim::Events back = after;
  back.math = sim::MathBackend::Fp32;
  core::Diagnostic why;
  const auto edits = events_edit::changedScalars(after, back, &why);
  REQUIRE(edits);
  REQUIRE(edits->size() == 1);
  CHECK((*edits)[0].path == std::vector<std::string>{"events", "math"});
  CHECK((*edits)[0].text == "fp32");
}

TEST_CASE("a recipe's layer and depth_override save in place or as one new line, a fixed key taken away is ~") {
  const sim::Events before = eventsOf("iso2d.yaml");
  const std::string source = readText(kLevels / "iso2d.yaml");
  sim::Events after = before;
  // spark has `layer: 1`: written over.
  REQUIRE(events_edit::setRecipeField(recipeNamed(after, "spark"), "layer", -512));
  CHECK(saved("iso2d.yaml", before, after) ==
        replaced(source, "      glows: true\n      layer: 1\n      sprite: {frame: ember}",
                 "      glows: true\n      layer: -512\n      sprite: {frame: ember}"));
  // dust has none: one line at its fields' column, after its last one.
  after = before;
  REQUIRE(events_edit::setRecipeField(recipeNamed(after, "dust"), "layer", 3));
  CHECK(saved("iso2d.yaml", before, after) ==
        replaced(source, "      sprite: {frame: charcoal, blend: normal}\n    spark:",
                 "      sprite: {frame: charcoal, blend: normal}\n      layer: 3\n    spark:"));
  // With a fixed key too: two lines there.
  REQUIRE(events_edit::setRecipeField(recipeNamed(after, "dust"), "depth_override", 4294967295.0));
  const std::string inserted = saved("iso2d.yaml", before, after);
  CHECK(lines(inserted).size() == lines(source).size() + 2);
  const std::size_t dust = inserted.find("    dust:"), spark = inserted.find("    spark:");
  const std::size_t layer = inserted.find("\n      layer: 3\n"), key = inserted.find("\n      depth_override: 4294967295\n");
  CHECK(dust < layer);
  CHECK(layer < spark);
  CHECK(dust < key);
  CHECK(key < spark);
  // The limits: whole numbers in range, nothing past them.
  sim::Recipe r = before.recipes[0];
  CHECK_FALSE(events_edit::setRecipeField(r, "layer", 512));
  CHECK_FALSE(events_edit::setRecipeField(r, "layer", -513));
  CHECK_FALSE(events_edit::setRecipeField(r, "layer", 0.5));
  CHECK_FALSE(events_edit::setRecipeField(r, "depth_override", -1));
  CHECK_FALSE(events_edit::setRecipeField(r, "depth_override", 4294967296.0));
  CHECK(r == before.recipes[0]);
  // A fixed key in the source, taken away: its own word for none, in place.
  const std::string fixed = replaced(source, "      layer: 1\n      sprite: {frame: ember}",
                                     "      layer: 1\n      depth_override: 7   # drawn first\n      sprite: {frame: ember}");
  const auto r7 = loader::compileSourceText(fixed, "iso2d.yaml", kLevels);
  REQUIRE(r7.level.events);
  sim::Events a = *r7.level.events, b = a;
  REQUIRE(recipeNamed(a, "spark").depthOverride == 7);
  REQUIRE_FALSE(events_edit::setWordField(b, 1, "depth_override", "none"));
  const auto edits = events_edit::changedScalars(a, b);
  REQUIRE(edits);
  core::Diagnostic error;
  const auto out = loader::applySourceEdits(fixed, *edits, error);
  REQUIRE(out);
  CHECK(*out == replaced(fixed, "depth_override: 7   #", "depth_override: ~   #"));
  const auto again = loader::compileSourceText(*out, "iso2d.yaml", kLevels);
  REQUIRE(again.level.events);
  CHECK(*again.level.events == b);
}

TEST_CASE("a sprite's material saves in place or into its flow map, taken away, its entry leaves the map") {
  const sim::Events before = eventsOf("soot.yaml");
  REQUIRE(before.materials.size() == 1);
  const std::string source = readText(kLevels / "soot.yaml");
  sim::Events after = before;
  // dust has no material: written into its one-line map, after the last entry.
  REQUIRE_FALSE(events_edit::setWordField(after, 0, "sprite.material", "soot"));
  CHECK(saved("soot.yaml", before, after) ==
        replaced(source, "      sprite: {frame: charcoal, blend: normal}\n    sooty_dust:",
                 "      sprite: {frame: charcoal, blend: normal, material: soot}\n    sooty_dust:"));
  // sooty_dust's material taken away: the text has no word for none, so the key goes, with its
  // separator; dust's sprite line and everything else keep their bytes.
  after = before;
  REQUIRE_FALSE(events_edit::setWordField(after, 1, "sprite.material", "none"));
  CHECK(recipeNamed(after, "sooty_dust").sprite->material.empty());
  CHECK(saved("soot.yaml", before, after) ==
        replaced(source, "      sprite: {frame: charcoal, blend: normal, material: soot}\n  script:",
                 "      sprite: {frame: charcoal, blend: normal}\n  script:"));
  core::Diagnostic why;
  // A material the section lacks is set, and refused by validation at the field.
  after = before;
  REQUIRE_FALSE(events_edit::setWordField(after, 0, "sprite.material", "sooot"));
  const std::vector<std::string> textures{"soft", "ember", "charcoal"};
  const auto d = events_edit::validateEdit(after, textures);
  REQUIRE(d.size() == 1);
  CHECK(d[0].code == core::Code::UnknownName);
  CHECK(d[0].path == "events.recipes.dust.sprite.material");
  // The materials themselves are the source's to edit.
  after = before;
  after.materials[0].file = "materials/other.glsl";
  CHECK_FALSE(events_edit::changedScalars(before, after, &why));
  CHECK(why.path == "events.materials");
}

TEST_CASE("blend palette: refused without a table and with a table of the wrong size, saved with one") {
  const sim::Events before = eventsOf("soot.yaml");
  const std::vector<std::string> textures{"soft", "ember", "charcoal", "table"};
  auto sizes = [](std::uint32_t side) {
    return [side](const std::string& name) -> std::optional<std::pair<std::uint32_t, std::uint32_t>> {
      if (name == "table") return std::pair{side, side};
      return std::pair{64u, 64u};
    };
  };
  sim::Events after = before;
  // The blend alone: missing-field at the palette, the field the panel frames.
  REQUIRE_FALSE(events_edit::setWordField(after, 0, "sprite.blend", "palette"));
  auto d = events_edit::validateEdit(after, textures, sizes(256));
  REQUIRE(d.size() == 1);
  CHECK(d[0].code == core::Code::MissingField);
  CHECK(d[0].path == "events.recipes.dust.sprite.palette");
  // A table named: valid at 256x256, palette-table at any other size (the event pass's rule).
  REQUIRE_FALSE(events_edit::setWordField(after, 0, "sprite.palette", "table"));
  CHECK(events_edit::validateEdit(after, textures, sizes(256)).empty());
  d = events_edit::validateEdit(after, textures, sizes(64));
  REQUIRE(d.size() == 1);
  CHECK(d[0].code == core::Code::PaletteTable);
  CHECK(d[0].path == "events.recipes.dust.sprite.palette");
  // A palette named on another blend turns the blend to palette; another blend drops the palette.
  sim::Events other = before;
  REQUIRE_FALSE(events_edit::setWordField(other, 0, "sprite.palette", "table"));
  CHECK(other.recipes[0].sprite->blend == sim::BlendMode::Palette);
  CHECK(other == after);
  REQUIRE_FALSE(events_edit::setWordField(other, 0, "sprite.blend", "additive"));
  CHECK(other.recipes[0].sprite->palette.empty());
  CHECK(events_edit::validateEdit(other, textures, sizes(256)).empty());
  // Saved: blend written over, palette inserted into the same flow map.
  const auto edits = events_edit::changedScalars(before, after);
  REQUIRE(edits);
  core::Diagnostic error;
  const std::string source = readText(kLevels / "soot.yaml");
  const auto out = loader::applySourceEdits(source, *edits, error);
  INFO(error.message);
  REQUIRE(out);
  CHECK(*out == replaced(source, "      sprite: {frame: charcoal, blend: normal}\n    sooty_dust:",
                         "      sprite: {frame: charcoal, blend: palette, palette: table}\n    sooty_dust:"));
  // And on to additive: the blend written over, the palette's entry and its separator gone, so
  // the line is the source's but for the blend's word.
  core::Diagnostic why;
  const auto away = events_edit::changedScalars(after, other, &why);
  INFO(why.message);
  REQUIRE(away);
  const auto back = loader::applySourceEdits(*out, *away, error);
  INFO(error.message);
  REQUIRE(back);
  CHECK(*back == replaced(source, "      sprite: {frame: charcoal, blend: normal}\n    sooty_dust:",
                          "      sprite: {frame: charcoal, blend: additive}\n    sooty_dust:"));
}

TEST_CASE("glass: blend normal takes the palette's entry out of the shard's sprite, picked again, the same bytes") {
  const sim::Events before = eventsOf("glass.yaml");
  const std::string source = readText(kLevels / "glass.yaml");
  sim::Events after = before;
  const auto shard = static_cast<std::uint32_t>(&recipeNamed(after, "shard") - after.recipes.data());
  REQUIRE(recipeNamed(after, "shard").sprite->palette == "glass_table");
  REQUIRE_FALSE(events_edit::setWordField(after, shard, "sprite.blend", "normal"));
  const auto edits = events_edit::changedScalars(before, after);
  REQUIRE(edits);
  REQUIRE(edits->size() == 2);
  CHECK((*edits)[0].path == std::vector<std::string>{"events", "recipes", "shard", "sprite", "blend"});
  CHECK((*edits)[0].text == "normal");
  CHECK((*edits)[1].op == loader::ScalarEdit::Op::RemoveKey);
  CHECK((*edits)[1].path == std::vector<std::string>{"events", "recipes", "shard", "sprite", "palette"});
  const std::string normal = saved("glass.yaml", before, after);
  CHECK(normal == replaced(source, "      sprite: {frame: soft, blend: palette, palette: glass_table}\n",
                           "      sprite: {frame: soft, blend: normal}\n"));
  // The table picked again: blend written back, the palette inserted where it was.
  const auto again = events_edit::changedScalars(after, before);
  REQUIRE(again);
  core::Diagnostic error;
  const auto out = loader::applySourceEdits(normal, *again, error);
  INFO(error.message);
  REQUIRE(out);
  CHECK(*out == source);
  // The same sprite written as a block map: the palette's line goes, the comments stay.
  const std::string block = replaced(source, "      sprite: {frame: soft, blend: palette, palette: glass_table}\n",
                                     "      sprite:                  # the shard's look\n"
                                     "        frame: soft\n"
                                     "        blend: palette         # through the table\n"
                                     "        palette: glass_table   # textures/glass_table.png\n"
                                     "        # (kiln-texgen)\n");
  const auto compiled = loader::compileSourceText(block, "glass.yaml", kLevels);
  REQUIRE(compiled.ok());
  REQUIRE(compiled.level.events);
  REQUIRE(*compiled.level.events == before);
  const auto blockOut = loader::applySourceEdits(block, *edits, error);
  INFO(error.message);
  REQUIRE(blockOut);
  CHECK(*blockOut == replaced(source, "      sprite: {frame: soft, blend: palette, palette: glass_table}\n",
                              "      sprite:                  # the shard's look\n"
                              "        frame: soft\n"
                              "        blend: normal         # through the table\n"
                              "        # (kiln-texgen)\n"));
}

TEST_CASE("max_sprites taken away leaves the text with its line") {
  const std::string source = readText(kLevels / "iso2d.yaml");
  const std::string capped = replaced(source, "events:\n", "events:\n  max_sprites: 64   # the batcher's budget\n");
  const auto r = loader::compileSourceText(capped, "iso2d.yaml", kLevels);
  REQUIRE(r.level.events);
  sim::Events a = *r.level.events, b = a;
  REQUIRE(a.maxSprites == 64);
  b.maxSprites.reset();
  const auto edits = events_edit::changedScalars(a, b);
  REQUIRE(edits);
  core::Diagnostic error;
  const auto out = loader::applySourceEdits(capped, *edits, error);
  INFO(error.message);
  REQUIRE(out);
  CHECK(*out == source);
}

TEST_CASE("word fields: each known word set, every other word refused with the field named") {
  sim::Events ev = eventsOf("soot.yaml");
  const sim::Events start = ev;
  CHECK_FALSE(events_edit::setWordField(ev, 0, "math", "fpx16_16"));
  CHECK(ev.math == sim::MathBackend::Fpx16_16);
  CHECK_FALSE(events_edit::setWordField(ev, 0, "dimensions", "3"));
  CHECK(ev.dimensions == 3);
  CHECK_FALSE(events_edit::setWordField(ev, 0, "depth_override", "0"));
  CHECK(ev.recipes[0].depthOverride == 0);
  for (const auto& [field, word] : std::vector<std::pair<std::string, std::string>>{
           {"math", "fp16"}, {"dimensions", "1"}, {"dimensions", "2.0"}, {"depth_override", "-1"},
           {"depth_override", "4294967296"}, {"depth_override", "7x"}, {"sprite.blend", "lighten"}}) {
    INFO(field << " " << word);
    sim::Events e = start;
    const auto why = events_edit::setWordField(e, 0, field, word);
    REQUIRE(why);
    CHECK(why->find(field) != std::string::npos);
    CHECK(e == start);
  }
  const auto unknown = events_edit::setWordField(ev, 0, "sprite.pallete", "table");
  REQUIRE(unknown);
  CHECK(unknown->find("sprite.pallete") != std::string::npos);
  // A sprite field of a recipe without a sprite says so.
  sim::Events plain = oneRecipe(1, 8);
  const auto noSprite = events_edit::setWordField(plain, 0, "sprite.material", "soot");
  REQUIRE(noSprite);
  CHECK(noSprite->find("no sprite") != std::string::npos);
}

TEST_CASE("the sandbox's set, show and event-refused words parse, and their malformed forms do not") {
  const auto s = parseScript("sandbox set sprite.blend palette\nsandbox set math fpx16_16\nexpect event-refused sprite.palette\n"
                             "expect event-refused none\nsandbox show system\n");
  REQUIRE(s.errors.empty());
  REQUIRE(s.actions.size() == 5);
  CHECK(s.actions[4].name == "system");
  CHECK(s.actions[0].kind == ScriptAction::Kind::Sandbox);
  CHECK(s.actions[0].text == "set");
  CHECK(s.actions[0].name == "sprite.blend");
  CHECK(s.actions[0].word == "palette");
  CHECK(s.actions[2].kind == ScriptAction::Kind::Expect);
  CHECK(s.actions[2].name == "sprite.palette");
  const auto bad = parseScript("sandbox set math\nsandbox set math fp32 now\nexpect event-refused\n"
                               "expect event-refused a b\nsandbox show fire\nsandbox show\n");
  CHECK(bad.actions.empty());
  CHECK(bad.errors.size() == 6);
}
