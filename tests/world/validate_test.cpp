// validateWorld: every rule of a compiled world, each on both sides of its boundary.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "worlds.hpp"

using kiln::core::Code;
using kiln::core::contains;
using kiln::core::Diagnostics;
using kiln::worldtest::box;
using kiln::worldtest::sampleWorld;
namespace kw = kiln::world;

namespace {

kw::World one(kw::Sector s, std::uint16_t version = 1) {
  kw::World w;
  w.version = version;
  w.sectors = {std::move(s)};
  return w;
}

// A regular polygon of n vertices, counter-clockwise.
kw::Sector regular(std::size_t n, double radius = 10) {
  kw::Sector s = box("round", 0, 0, 1, 1);
  s.walls.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const double a = 2 * std::numbers::pi * static_cast<double>(i) / static_cast<double>(n);
    s.walls.push_back({radius * std::cos(a), radius * std::sin(a)});
  }
  return s;
}

// A 2×2 square whose top edge gets a middle vertex at (1, 2 + bulge): positive bulges are
// convex, zero is collinear, negative is a reflex corner.
kw::Sector bulged(double bulge) {
  kw::Sector s = box("bulge", 0, 0, 2, 2);
  s.walls = {{0, 0}, {2, 0}, {2, 2}, {1, 2 + bulge}, {0, 2}};
  return s;
}

}  // namespace

TEST_CASE("the sample worlds of every version are valid", "[world][validate]") {
  for (std::uint16_t v = 1; v <= 3; ++v) {
    INFO("version " << v);
    const Diagnostics ds = kw::validateWorld(sampleWorld(v));
    for (const auto& d : ds) INFO(kiln::core::format(d));
    CHECK(ds.empty());
  }
}

TEST_CASE("world version must be 1..3", "[world][validate]") {
  kw::World w = sampleWorld(1);
  w.version = 0;
  CHECK(contains(kw::validateWorld(w), Code::UnsupportedVersion));
  w = sampleWorld(3);
  w.version = 4;
  CHECK(contains(kw::validateWorld(w), Code::UnsupportedVersion));
}

TEST_CASE("at most 1024 sectors", "[world][validate]") {
  kw::World w;
  for (std::size_t i = 0; i < kw::kMaxSectors; ++i)
    w.sectors.push_back(box("s" + std::to_string(i), 2.0 * i, 0, 2.0 * i + 1, 1));
  CHECK(kw::validateWorld(w).empty());
  w.sectors.push_back(box("extra", -3, 0, -2, 1));
  CHECK(contains(kw::validateWorld(w), Code::SectorCount));
}

TEST_CASE("a sector has 3..64 vertices", "[world][validate]") {
  CHECK(kw::validateWorld(one(regular(3))).empty());
  CHECK(contains(kw::validateWorld(one(regular(2))), Code::VertexCount));
  CHECK(kw::validateWorld(one(regular(64))).empty());
  CHECK(contains(kw::validateWorld(one(regular(65))), Code::VertexCount));
}

TEST_CASE("walls shorter than 1e-6 are degenerate", "[world][validate]") {
  // Cut the (2,2) corner of a square by d along each axis: the cut wall is d·√2 long.
  auto cut = [](double d) {
    kw::Sector s = box("cut", 0, 0, 2, 2);
    s.walls = {{0, 0}, {2, 0}, {2, 2 - d}, {2 - d, 2}, {0, 2}};
    return s;
  };
  CHECK(kw::validateWorld(one(cut(1e-6))).empty());  // 1.41e-6 long
  const Diagnostics ds = kw::validateWorld(one(cut(5e-7)));  // 7.1e-7 long
  REQUIRE(contains(ds, Code::DegenerateEdge));
  CHECK(ds.front().path == "world.sectors.cut.walls[2]");

  kw::Sector repeated = box("rep", 0, 0, 2, 2);
  repeated.walls.insert(repeated.walls.begin() + 1, repeated.walls[1]);
  CHECK(contains(kw::validateWorld(one(repeated)), Code::DegenerateEdge));
}

TEST_CASE("polygons must be strictly convex", "[world][validate]") {
  CHECK(kw::validateWorld(one(bulged(1e-3))).empty());
  const Diagnostics concave = kw::validateWorld(one(bulged(-1e-3)));
  REQUIRE(contains(concave, Code::NotConvex));
  CHECK(concave.front().path == "world.sectors.bulge.walls[3]");
  CHECK_FALSE(contains(concave, Code::Clockwise));
  CHECK(contains(kw::validateWorld(one(bulged(0))), Code::NotConvex));  // collinear
  // The turn sine at the middle vertex is about 2·bulge: either side of kMinTurnSine = 1e-9.
  CHECK(kw::validateWorld(one(bulged(1e-8))).empty());
  CHECK(contains(kw::validateWorld(one(bulged(1e-10))), Code::NotConvex));
}

TEST_CASE("a star turns left everywhere but winds twice", "[world][validate]") {
  kw::Sector star = regular(5);
  star.walls = {star.walls[0], star.walls[2], star.walls[4], star.walls[1], star.walls[3]};
  CHECK(contains(kw::validateWorld(one(star)), Code::NotConvex));
}

TEST_CASE("polygons must run counter-clockwise", "[world][validate]") {
  kw::Sector s = box("cw", 0, 0, 2, 2);
  std::reverse(s.walls.begin(), s.walls.end());
  const Diagnostics ds = kw::validateWorld(one(s));
  CHECK(contains(ds, Code::Clockwise));
  CHECK_FALSE(contains(ds, Code::NotConvex));  // convex, just the wrong way round
}

TEST_CASE("the floor is strictly below the ceiling at every vertex", "[world][validate]") {
  CHECK(kw::validateWorld(one(box("flat", 0, 0, 8, 6, 3.999, 4))).empty());
  CHECK(contains(kw::validateWorld(one(box("flat", 0, 0, 8, 6, 4, 4))), Code::FloorAboveCeiling));

  // Sloped floor rising 0.5 per unit of x reaches 4 at x = 8: it meets a flat ceiling of 4
  // only at the east vertices.
  kw::Sector s = box("ramp", 0, 0, 8, 6, 0, 4);
  s.floor.dzdx = 0.5;
  const Diagnostics meets = kw::validateWorld(one(s, 3));
  CHECK(contains(meets, Code::FloorAboveCeiling));
  s.ceiling.z = 4 + 0x1p-20;
  CHECK(kw::validateWorld(one(s, 3)).empty());
  // A sloped ceiling dipping below the floor at one vertex only.
  kw::Sector dip = box("dip", 0, 0, 8, 6, 0, 4);
  dip.ceiling.dzdy = -0.25;
  dip.ceiling.dzdx = -0.3125 + 0x1p-12;  // 4 − 2.498046875 − 1.5 ≈ 0.002 at (8,6): still above
  CHECK(kw::validateWorld(one(dip, 3)).empty());
  dip.ceiling.dzdx = -0.3125;  // 4 − 2.5 − 1.5 = 0 at (8,6), positive at the other three
  CHECK(contains(kw::validateWorld(one(dip, 3)), Code::FloorAboveCeiling));
}

TEST_CASE("every number must be finite", "[world][validate]") {
  kw::Sector s = box("nan", 0, 0, 2, 2);
  s.walls[1].x = std::numeric_limits<double>::quiet_NaN();
  CHECK(contains(kw::validateWorld(one(s)), Code::NotFinite));
  kw::Sector inf = box("inf", 0, 0, 2, 2);
  inf.ceiling.z = std::numeric_limits<double>::infinity();
  CHECK(contains(kw::validateWorld(one(inf)), Code::NotFinite));
}

TEST_CASE("sector names are unique, non-empty, at most 64 bytes of clean UTF-8", "[world][validate]") {
  kw::World w = sampleWorld(1);
  w.sectors[1].name = "Hall";  // case differs: a different name
  CHECK(kw::validateWorld(w).empty());
  w.sectors[1].name = "hall";
  CHECK(contains(kw::validateWorld(w), Code::DuplicateName));
  w.sectors[1].name = "";
  CHECK(contains(kw::validateWorld(w), Code::BadName));
  w.sectors[1].name = std::string(64, 'a');
  CHECK(kw::validateWorld(w).empty());
  w.sectors[1].name = std::string(65, 'a');
  CHECK(contains(kw::validateWorld(w), Code::BadName));
  w.sectors[1].name = "tab\there";
  CHECK(contains(kw::validateWorld(w), Code::BadName));
  w.sectors[1].name = "caf\xc3\xa9";  // é
  CHECK(kw::validateWorld(w).empty());
  w.sectors[1].name = "caf\xc3";  // cut in the middle of a character
  CHECK(contains(kw::validateWorld(w), Code::BadName));
}

TEST_CASE("portals, slopes and ambient need their world versions", "[world][validate]") {
  kw::World w = sampleWorld(2);
  CHECK(kw::validateWorld(w).empty());
  w.version = 1;
  CHECK(contains(kw::validateWorld(w), Code::PortalForVersion));

  kw::World sloped = sampleWorld(3);
  CHECK(kw::validateWorld(sloped).empty());
  sloped.version = 2;
  const Diagnostics ds = kw::validateWorld(sloped);
  CHECK(contains(ds, Code::PortalForVersion));

  kw::World lit = sampleWorld(2);
  lit.sectors[0].ambient = {0.1, 0, 0};
  CHECK(contains(kw::validateWorld(lit), Code::PortalForVersion));
  lit.version = 3;
  CHECK(kw::validateWorld(lit).empty());
}

TEST_CASE("ambient components lie in [0,1]", "[world][validate]") {
  kw::World w = sampleWorld(3);
  w.sectors[0].ambient = {1, 0, 0};
  CHECK(kw::validateWorld(w).empty());
  w.sectors[0].ambient = {std::nextafter(1.0, 2.0), 0, 0};
  CHECK(contains(kw::validateWorld(w), Code::ColorRange));
  w.sectors[0].ambient = {0, -0.0001, 0};
  CHECK(contains(kw::validateWorld(w), Code::ColorRange));
}

TEST_CASE("portal indices refer to existing sectors, one entry per wall", "[world][validate]") {
  kw::World w = sampleWorld(2);
  w.sectors[0].portals[0] = 2;
  CHECK(contains(kw::validateWorld(w), Code::BadReference));
  w = sampleWorld(2);
  w.sectors[0].portals.pop_back();
  CHECK(contains(kw::validateWorld(w), Code::BadReference));
  w = sampleWorld(2);
  w.sectors[0].portals.clear();  // empty means all solid...
  w.sectors[1].portals.clear();
  CHECK(kw::validateWorld(w).empty());
}

TEST_CASE("portals are reciprocal through the same edge reversed", "[world][validate]") {
  kw::World w = sampleWorld(2);
  w.sectors[1].portals[3] = kw::kNoPortal;  // corridor no longer opens back into the hall
  Diagnostics ds = kw::validateWorld(w);
  REQUIRE(contains(ds, Code::PortalNotReciprocal));
  CHECK(ds.front().path == "world.sectors.hall.portals[1]");

  w = sampleWorld(2);
  w.sectors[1].portals = {0, kw::kNoPortal, kw::kNoPortal, kw::kNoPortal};  // back, through another wall
  ds = kw::validateWorld(w);
  CHECK(contains(ds, Code::PortalEdgeMismatch));
  CHECK_FALSE(contains(ds, Code::PortalNotReciprocal));

  // The shared vertices must match exactly: a hair off is a different edge.
  w = sampleWorld(2);
  w.sectors[1].walls[3].y = std::nextafter(6.0, 7.0);
  CHECK(contains(kw::validateWorld(w), Code::PortalEdgeMismatch));
}

TEST_CASE("sectorContaining finds the sector within a small tolerance", "[world][contain]") {
  const kw::World w = sampleWorld(2);
  CHECK(kw::sectorContaining(w, 4, 3, 1) == 0u);
  CHECK(kw::sectorContaining(w, 10, 3, 1) == 1u);
  CHECK(kw::sectorContaining(w, 8, 3, 1) == 0u);  // on the portal: the lower index wins
  CHECK(kw::sectorContaining(w, -0.5e-6, 3, 1) == 0u);
  CHECK_FALSE(kw::sectorContaining(w, -2e-6, 3, 1));
  CHECK(kw::sectorContaining(w, 4, 3, 4 + 0.5e-6) == 0u);
  CHECK_FALSE(kw::sectorContaining(w, 4, 3, 4 + 2e-6));
  CHECK_FALSE(kw::sectorContaining(w, 10, 3, 0.2));  // below the corridor's floor of 0.25
  CHECK(kw::sectorContaining(w, 10, 3, 0.25) == 1u);
}

TEST_CASE("sectorContaining follows sloped floors", "[world][contain]") {
  const kw::World w = sampleWorld(3);  // hall floor z = 0.0625·x
  CHECK(kw::sectorContaining(w, 4, 3, 0.3) == 0u);   // floor 0.25 here
  CHECK_FALSE(kw::sectorContaining(w, 4, 3, 0.2));   // 0.05 below it
  CHECK(kw::sectorIndex(w, "corridor") == 1u);
  CHECK_FALSE(kw::sectorIndex(w, "attic"));
}
