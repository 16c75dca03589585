// Jump to first escape on the braziers sample with west_flame's top forged low, then with it
// moved against a wall: the clock, selection, pick and mark land on the finder's moment, the
// camera frames it (a wall from inside), refusals say what to do instead, and the search is
// cached until the level changes.
#include <catch2/catch.hpp>

#include "logic/escape_view.hpp"
#include "logic/viewer_state.hpp"
#include "particles/bounds.hpp"
#include "sample_files.hpp"

using namespace kiln;
using namespace kiln::viewer;
using namespace kiln::viewer::testing;

namespace {

struct Fixture {
  ViewerState s;
  Fixture() {
    s.doc.level = braziers();
    s.view.framebufferWidth = 1280, s.view.framebufferHeight = 720;
  }
  particles::Document& doc() { return *s.doc.level->load.level.particles; }
  std::uint32_t emitter(const std::string& name) {
    for (std::uint32_t i = 0; i < doc().emitters.size(); ++i)
      if (doc().emitters[i].name == name) return i;
    FAIL("no emitter " << name);
    return 0;
  }
  void changed() { ++s.doc.levelGeneration; }
};

}  // namespace

TEST_CASE("a jump lands on the first escape of a forged top and frames it", "[viewer][escapes]") {
  Fixture f;
  const std::uint32_t flame = f.emitter("west_flame");
  f.doc().emitters[flame].bounds.max.z -= 0.5;
  f.changed();
  const world::EmitterEscapes* r = escapesOf(f.s, flame);
  REQUIRE(r);
  REQUIRE(r->escapes());
  CHECK(r->face(*r->search.first) == "max.z");

  std::string why;
  REQUIRE(jumpToEscape(f.s, flame, EscapeWhich::First, why));
  CHECK(f.s.view.clock.time == r->search.first->time);
  CHECK_FALSE(f.s.view.clock.playing);
  CHECK(f.s.view.selection == Selection{Selection::Kind::Emitter, flame});
  REQUIRE(f.s.view.pick);
  CHECK(f.s.view.pick->state.slot == r->search.first->slot);
  CHECK(f.s.view.pick->state.cycle == r->search.first->cycle);
  REQUIRE(f.s.view.escapeMark);
  CHECK(f.s.view.escapeMark->plane.name == "max.z");
  CHECK(f.s.view.escapeMark->outline.size() == 4);
  for (const glm::dvec3& p : f.s.view.escapeMark->outline) CHECK(p.z == f.doc().emitters[flame].bounds.max.z);
  CHECK(escapeFramingProblem(f.s) == std::nullopt);
  CHECK(f.s.ui.status.find("first escape t=") != std::string::npos);

  SECTION("the framing check fails when the clock moves on, or the camera looks away") {
    f.s.view.clock.seek(f.s.view.clock.time + 0.1);
    CHECK(escapeFramingProblem(f.s) == "the clock has left the moment");
    f.s.view.clock.seek(r->search.first->time);
    f.s.view.camera.target += glm::dvec3(30, 0, 0);  // looking somewhere else
    CHECK(escapeFramingProblem(f.s).has_value());
  }
  SECTION("the worst moment is a jump too; the closest approach is refused while something escapes") {
    REQUIRE(jumpToEscape(f.s, flame, EscapeWhich::Worst, why));
    CHECK(f.s.view.clock.time == r->search.extreme->time);
    CHECK(escapeFramingProblem(f.s) == std::nullopt);
    CHECK_FALSE(jumpToEscape(f.s, flame, EscapeWhich::Closest, why));
    CHECK(why.find("jump to the first or the worst escape") != std::string::npos);
  }
  SECTION("a sound emitter has no escape to jump to, only its closest approach") {
    const std::uint32_t embers = f.emitter("west_embers");
    CHECK_FALSE(jumpToEscape(f.s, embers, EscapeWhich::First, why));
    CHECK(why.find("jump to the closest approach") != std::string::npos);
    REQUIRE(jumpToEscape(f.s, embers, EscapeWhich::Closest, why));
    CHECK(f.s.view.escapeMark->moment.distance <= 0);
    CHECK(escapeFramingProblem(f.s) == std::nullopt);
  }
  SECTION("the search is kept until the level changes, then redone") {
    CHECK(escapesOf(f.s, flame) == r);
    CHECK(escapesOf(f.s, flame)->escapes());
    f.doc().emitters[flame].bounds = particles::conservativeEmitterBounds(
        f.doc().presets[f.doc().emitters[flame].preset], f.doc().emitters[flame]);
    f.changed();
    CHECK_FALSE(escapesOf(f.s, flame)->escapes());
    CHECK(escapeFramingProblem(f.s) == "no jump has been made");  // the old mark is gone with its level
  }
}

TEST_CASE("a jump to a wall crossing looks at the wall from inside the sector", "[viewer][escapes]") {
  Fixture f;
  const std::uint32_t flame = f.emitter("west_flame");
  particles::Emitter& e = f.doc().emitters[flame];
  // 0.1 inside the hall's wall 0 (y = 0 from x = 0 to 10), honest bounds: the envelope crosses it.
  e.position = {5, 0.1, e.position.z};
  e.bounds = particles::conservativeEmitterBounds(f.doc().presets[e.preset], e);
  f.changed();
  std::string why;
  REQUIRE(jumpToEscape(f.s, flame, EscapeWhich::Worst, why));
  REQUIRE(f.s.view.escapeMark);
  CHECK(f.s.view.escapeMark->plane.name == "wall 0");
  // The wall from floor to ceiling, a hair inside the room.
  REQUIRE(f.s.view.escapeMark->outline.size() == 4);
  for (const glm::dvec3& p : f.s.view.escapeMark->outline) CHECK(p.y == Approx(0.01));
  const glm::dvec3 eye = f.s.view.camera.eye();
  CHECK(eye.y > 0);  // inside the hall, where wall 0's face is drawn
  CHECK(escapeFramingProblem(f.s) == std::nullopt);
}

TEST_CASE("the emitter a diagnostic names, for the Errors panel's jump") {
  CHECK(emitterNameInPath("emitters.west_flame.bounds") == "west_flame");
  CHECK(emitterNameInPath("@world/particles:emitters.west_flame.bounds.max.z") == "west_flame");
  CHECK(emitterNameInPath("emitters.ember") == "ember");
  CHECK(emitterNameInPath("presets.flame.size").empty());
  CHECK(emitterNameInPath("emitters[3].bounds").empty());
  CHECK(emitterNameInPath("").empty());
}
