// Escapes against a sector: its planes measure what planeDistances measures, a particle walking
// into a wall crosses it when worked out by hand, and the search says what it checked.
#include <catch2/catch.hpp>

#include <cmath>

#include "particles/bounds.hpp"
#include "world/escapes.hpp"
#include "world/fit.hpp"
#include "worlds.hpp"

using kiln::worldtest::box;
namespace kw = kiln::world;
namespace wp = kiln::particles;

TEST_CASE("sector planes measure the distances planeDistances does, inside and out", "[world][escapes]") {
  // A slanted pentagon with a sloped floor and ceiling.
  kw::Sector s;
  s.name = "odd";
  s.walls = {{0, 0}, {4, -1}, {6, 2}, {3, 5}, {-1, 3}};
  s.floor = {0.5, 0.1, -0.05};
  s.ceiling = {4, -0.2, 0.1};
  const std::vector<wp::Plane> planes = kw::sectorPlanes(s);
  REQUIRE(planes.size() == 7);
  CHECK(planes[0].name == "wall 0");
  CHECK(planes[4].name == "wall 4");
  CHECK(planes[5].name == "floor");
  CHECK(planes[6].name == "ceiling");
  bool inside = false, outside = false;
  for (double x = -3; x <= 8; x += 1.37)
    for (double y = -3; y <= 7; y += 1.21)
      for (double z = -1; z <= 6; z += 1.9) {
        const kw::PlaneDistances d = kw::planeDistances(s, x, y, z);
        for (std::size_t k = 0; k < 5; ++k) CHECK(planes[k].distance({x, y, z}) == Approx(d.walls[k]).margin(1e-12));
        CHECK(planes[5].distance({x, y, z}) == Approx(d.floor).margin(1e-12));
        CHECK(planes[6].distance({x, y, z}) == Approx(d.ceiling).margin(1e-12));
        (d.floor > 0 ? outside : inside) = true;
      }
  CHECK(inside);
  CHECK(outside);
  // Each normal has unit length, so a distance is in world units.
  for (const wp::Plane& p : planes)
    CHECK(std::hypot(p.normal.x, p.normal.y, p.normal.z) == Approx(1).margin(1e-15));
}

TEST_CASE("a particle walking into a wall crosses it when its billboard reaches it", "[world][escapes]") {
  // Room [0,10]×[0,10]×[0,4]; one particle from (5, 1, 2) moving −y at 0.5 m/s with size 0.4
  // (half-diagonal 0.2·√2): wall 0 (y = 0) is reached at t = (1 − 0.2828427)/0.5 = 1.4343146.
  kw::World w;
  w.version = 3;
  w.sectors = {box("room", 0, 0, 10, 10, 0, 4)};
  wp::Preset p;
  p.name = "p";
  p.capacity = 1;
  p.velocity = {{0, -0.5, 0}, {0, -0.5, 0}};
  p.lifetime = {3, 3};
  p.size = {{0, 0.4}, {1, 0.4}};
  p.color = {{0, {1, 1, 1, 1}}, {1, {1, 1, 1, 1}}};
  p.sprite.frames = {"f"};
  wp::Emitter e{.name = "walker"};
  e.position = {5, 1, 2};
  e.bursts = {{0, 1}};
  wp::Document doc;
  doc.presets = {p};
  doc.emitters = {e};
  doc.emitters[0].bounds = wp::conservativeEmitterBounds(p, e);

  const kw::EmitterEscapes r = kw::findEmitterEscapes(w, doc, 0);
  CHECK_FALSE(r.forged);
  CHECK(r.sectorExists);
  CHECK_FALSE(r.fitsSector);  // the honest box pokes through wall 0
  REQUIRE(r.escapes());
  CHECK(r.face(*r.search.first) == "wall 0");
  CHECK(r.search.first->time == Approx(1.4343145751).margin(1e-9));
  // Worst at the end of the life: y = 1 − 1.5 = −0.5, plus 0.2828 past the wall.
  REQUIRE(r.search.extreme);
  CHECK(r.face(*r.search.extreme) == "wall 0");
  CHECK(r.search.extreme->distance == Approx(0.7828427125).margin(1e-6));

  SECTION("a forged top is named too, and the box is checked as well as the walls") {
    doc.emitters[0].position = {5, 5, 2};
    p.velocity = {{0, 0, 0.5}, {0, 0, 0.5}};
    doc.presets = {p};
    doc.emitters[0].bounds = wp::conservativeEmitterBounds(p, doc.emitters[0]);
    doc.emitters[0].bounds.max.z -= 1;  // the particle rises to 3.5 + 0.28; the top is at ~2.78
    const kw::EmitterEscapes f = kw::findEmitterEscapes(w, doc, 0);
    CHECK(f.forged);
    CHECK(f.fitsSector);
    REQUIRE(f.escapes());
    CHECK(f.face(*f.search.first) == "max.z");
  }
  SECTION("a missing sector leaves the box alone to check") {
    doc.emitters[0].sector = 7;
    const kw::EmitterEscapes m = kw::findEmitterEscapes(w, doc, 0);
    CHECK_FALSE(m.sectorExists);
    CHECK(m.planes.size() == 6);
    CHECK_FALSE(m.escapes());
  }
}
