// validateForWorld / fitEmitters: stored bounds inside and just outside their sector.
#include <catch2/catch.hpp>

#include "world/fit.hpp"
#include "worlds.hpp"

using kiln::core::Code;
using kiln::core::contains;
using kiln::worldtest::box;
namespace kw = kiln::world;
namespace wp = kiln::particles;

namespace {

// One emitter in sector 0 whose stored bounds are the box [1,3]×[1,2]×[0.5,2.5].
wp::Document oneEmitter(std::uint32_t sector = 0) {
  wp::Document doc;
  wp::Emitter e;
  e.name = "brazier";
  e.sector = sector;
  e.bounds = {{1, 1, 0.5}, {3, 2, 2.5}};
  doc.emitters = {e};
  return doc;
}

// A room whose walls, floor and ceiling sit `gap` outside the emitter's bounds on every side
// (negative gaps cut into the bounds).
kw::World room(double gap) {
  kw::World w;
  w.version = 3;
  w.sectors = {box("room", 1 - gap, 1 - gap, 3 + gap, 2 + gap, 0.5 - gap, 2.5 + gap)};
  return w;
}

}  // namespace

TEST_CASE("bounds touching or inside every plane fit", "[world][fit]") {
  CHECK(kw::validateForWorld(room(0.5), oneEmitter()).empty());
  CHECK(kw::validateForWorld(room(0), oneEmitter()).empty());  // touching is inside
  const auto fits = kw::fitEmitters(room(0), oneEmitter());
  REQUIRE(fits.size() == 1);
  CHECK(fits[0].inside());
  for (const auto& c : fits[0].corners) CHECK(c.distance == 0);
}

TEST_CASE("a wall just inside the bounds names the corner, the wall and the distance", "[world][fit]") {
  kw::World w = room(0.5);
  w.sectors[0].walls[1].x = w.sectors[0].walls[2].x = 2.99;  // east wall (wall 1) at x = 2.99
  const auto ds = kw::validateForWorld(w, oneEmitter());
  REQUIRE(ds.size() == 1);
  CHECK(ds[0].code == Code::OutsideSector);
  CHECK(ds[0].path == "emitters.brazier.bounds");

  const auto fits = kw::fitEmitters(w, oneEmitter());
  REQUIRE(fits.size() == 1);
  CHECK_FALSE(fits[0].inside());
  const kw::CornerFit& worst = fits[0].worst();
  CHECK(worst.corner == 1);  // (max x, min y, min z): the first of the four max-x corners
  CHECK(kw::cornerName(worst.corner) == "(max x, min y, min z)");
  CHECK(worst.plane == "wall 1");
  CHECK(worst.distance == Approx(0.01).epsilon(1e-9));
  CHECK(worst.x == 3);
  // The four min-x corners stay inside; the four max-x corners are outside.
  for (int c = 0; c < 8; ++c) CHECK(fits[0].corners[static_cast<std::size_t>(c)].inside() == ((c & 1) == 0));
}

TEST_CASE("a floor and a ceiling just inside the bounds are named", "[world][fit]") {
  kw::World w = room(0.5);
  w.sectors[0].floor.z = 0.5 + 1e-9;
  auto fits = kw::fitEmitters(w, oneEmitter());
  CHECK(fits[0].worst().plane == "floor");
  CHECK(fits[0].worst().distance == Approx(1e-9).epsilon(1e-6));
  CHECK((fits[0].worst().corner & 4) == 0);
  CHECK(contains(kw::validateForWorld(w, oneEmitter()), Code::OutsideSector));

  w = room(0.5);
  w.sectors[0].ceiling.z = 2.5 - 0.25;
  fits = kw::fitEmitters(w, oneEmitter());
  CHECK(fits[0].worst().plane == "ceiling");
  CHECK(fits[0].worst().distance == Approx(0.25));
  CHECK((fits[0].worst().corner & 4) == 4);
}

TEST_CASE("a sloped floor is measured perpendicular to the plane", "[world][fit]") {
  kw::World w = room(0.5);
  // Floor z = 0.5·x − 1: at x = 3 it is 0.5, exactly the bounds' bottom (inside); raising it
  // by 0.1 puts the max-x bottom corners 0.1/√1.25 outside.
  w.sectors[0].floor = {-1, 0.5, 0};
  CHECK(kw::validateForWorld(w, oneEmitter()).empty());
  w.sectors[0].floor.z = -0.9;
  const auto fits = kw::fitEmitters(w, oneEmitter());
  CHECK(fits[0].worst().plane == "floor");
  CHECK(fits[0].worst().corner == 1);
  CHECK(fits[0].worst().distance == Approx(0.1 / std::sqrt(1.25)));
}

TEST_CASE("an emitter's sector must exist", "[world][fit]") {
  CHECK(kw::validateForWorld(room(0.5), oneEmitter(0)).empty());
  const auto ds = kw::validateForWorld(room(0.5), oneEmitter(1));
  REQUIRE(ds.size() == 1);
  CHECK(ds[0].code == Code::MissingSector);
  CHECK(ds[0].path == "emitters.brazier.sector");
  CHECK_FALSE(kw::fitEmitters(room(0.5), oneEmitter(1))[0].sectorExists);
}

TEST_CASE("fits are checked against the emitter's own sector", "[world][fit]") {
  kw::World w = room(0.5);
  w.sectors.push_back(box("elsewhere", 10, 10, 11, 11));
  CHECK(kw::validateForWorld(w, oneEmitter(0)).empty());
  CHECK(contains(kw::validateForWorld(w, oneEmitter(1)), Code::OutsideSector));
}

TEST_CASE("corner names follow the corner bits", "[world][fit]") {
  CHECK(kw::cornerName(0) == "(min x, min y, min z)");
  CHECK(kw::cornerName(5) == "(max x, min y, max z)");
  CHECK(kw::cornerName(7) == "(max x, max y, max z)");
}
