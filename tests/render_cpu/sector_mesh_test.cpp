// Sector triangulation (pure CPU): counts, inward normals, winding, portals, slopes, ambient.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>

#include "render/cpu/sector_mesh.hpp"

namespace {

using namespace kiln;
using V = std::array<float, 3>;

world::Sector box(std::string name, double x0, double x1, double floor, double ceiling) {
  world::Sector s;
  s.name = std::move(name);
  s.walls = {{x0, 0}, {x1, 0}, {x1, 6}, {x0, 6}};
  s.floor = {floor, 0, 0};
  s.ceiling = {ceiling, 0, 0};
  return s;
}

V cross(const V& a, const V& b) { return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]}; }
V sub(const V& a, const V& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
float dot(const V& a, const V& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

// Counter-clockwise seen from the side the normal points to: the front face faces inward.
void checkWinding(const std::vector<render::SectorVertex>& v) {
  REQUIRE(v.size() % 3 == 0);
  for (std::size_t i = 0; i < v.size(); i += 3) {
    const V n = cross(sub(v[i + 1].position, v[i].position), sub(v[i + 2].position, v[i].position));
    CHECK(dot(n, v[i].normal) > 0);
  }
}

}  // namespace

TEST_CASE("a closed box sector: floor, ceiling and four walls facing inward", "[sector-mesh]") {
  world::World w;
  w.sectors = {box("hall", 0, 8, 0, 4)};
  const auto v = render::buildSectorTriangles(w);
  CHECK(v.size() == (2 + 2 + 4 * 2) * 3);
  checkWinding(v);
  std::size_t up = 0, down = 0, side = 0;
  for (const auto& x : v) {
    if (x.normal == V{0, 0, 1}) ++up;
    if (x.normal == V{0, 0, -1}) ++down;
    if (x.normal[2] == 0) ++side;
    // Every wall normal points toward the room's centre (4, 3).
    if (x.normal[2] == 0) CHECK((4 - x.position[0]) * x.normal[0] + (3 - x.position[1]) * x.normal[1] > 0);
  }
  CHECK(up == 6);
  CHECK(down == 6);
  CHECK(side == 24);
  // Worlds before version 3 get the neutral ambient.
  CHECK(v[0].ambient == V{0.15f, 0.15f, 0.15f});
}

TEST_CASE("portals stay open except for steps between different heights", "[sector-mesh]") {
  world::World w;
  w.version = 2;
  w.sectors = {box("a", 0, 8, 0, 4), box("b", 8, 12, 0, 4)};
  // Edge 1 of a ((8,0)→(8,6)) and edge 3 of b ((8,6)→(8,0)) are the shared portal.
  w.sectors[0].portals = {world::kNoPortal, 1, world::kNoPortal, world::kNoPortal};
  w.sectors[1].portals = {world::kNoPortal, world::kNoPortal, world::kNoPortal, 0};
  const std::size_t closed = (2 + 2 + 4 * 2) * 3;
  CHECK(render::buildSectorTriangles(w).size() == 2 * closed - 2 * 6);  // one open wall each side

  w.sectors[1].floor.z = 1;    // b's floor one unit up: a sees a step, b sees nothing below
  w.sectors[1].ceiling.z = 3;  // b's ceiling one unit down: a sees a lintel
  const auto v = render::buildSectorTriangles(w);
  CHECK(v.size() == 2 * closed - 2 * 6 + 2 * 6);
  checkWinding(v);
  for (const auto& x : v)
    if (x.position[0] == 8 && x.normal[0] == -1) {  // a's side of the portal
      const bool step = x.position[2] <= 1, lintel = x.position[2] >= 3;
      CHECK((step || lintel));
    }
}

TEST_CASE("sloped floors follow their plane and version 3 ambient is kept", "[sector-mesh]") {
  world::World w;
  w.version = 3;
  w.sectors = {box("ramp", 0, 8, 0, 6)};
  w.sectors[0].floor = {0.5, 0.25, 0};
  w.sectors[0].ambient = {0.1, 0.2, 0.3};
  const auto v = render::buildSectorTriangles(w);
  checkWinding(v);
  for (const auto& x : v) {
    CHECK(x.ambient == V{0.1f, 0.2f, 0.3f});
    if (x.normal[2] > 0) {
      CHECK(x.position[2] == Approx(0.5 + 0.25 * x.position[0]));
      CHECK(x.normal[0] < 0);  // the slope tilts the floor normal against +x
    }
  }
}

TEST_CASE("debug lines: a box has 12 edges, outlines 3 segments per wall", "[sector-mesh]") {
  std::vector<render::LineVertex> lines;
  render::appendBox({{0, 0, 0}, {1, 2, 3}}, {1, 1, 1, 1}, lines);
  REQUIRE(lines.size() == 24);
  for (std::size_t i = 0; i < lines.size(); i += 2) {
    int differing = 0;
    for (int a = 0; a < 3; ++a) differing += lines[i].position[a] != lines[i + 1].position[a];
    CHECK(differing == 1);  // every edge is axis-aligned
  }
  world::World w;
  w.sectors = {box("hall", 0, 8, 0, 4)};
  lines.clear();
  render::appendSectorOutlines(w, {1, 1, 1, 1}, lines);
  CHECK(lines.size() == 4 * 3 * 2);
}

TEST_CASE("sector planes: one tinted vertex per triangle vertex, coloured by surface kind", "[sector-mesh]") {
  world::World w;
  w.sectors = {box("hall", 0, 8, 0, 4)};
  std::vector<render::SectorVertex> triangles = render::buildSectorTriangles(w);
  // Slopes either side of the 60-degree floor limit: 45 degrees is floor, 70 degrees is wall.
  const float s45 = std::sqrt(0.5f);
  triangles.push_back({{0, 0, 0}, {0, s45, s45}, {}, {}});
  triangles.push_back({{0, 0, 0}, {0, 0.94f, 0.34f}, {}, {}});
  std::vector<render::LineVertex> planes{{{9, 9, 9}, {1, 1, 1, 1}}};  // appended after what is there
  render::appendSectorPlanes(triangles, planes);
  REQUIRE(planes.size() == 1 + triangles.size());
  CHECK(planes[0].position == V{9, 9, 9});
  const std::array<float, 4> floorTint{0.2f, 0.45f, 1.0f, 0.3f}, ceilingTint{1.0f, 0.3f, 0.85f, 0.3f},
      wallTint{0.3f, 1.0f, 0.4f, 0.22f};
  std::size_t floors = 0, ceilings = 0, walls = 0;
  for (std::size_t i = 0; i < triangles.size(); ++i) {
    CHECK(planes[i + 1].position == triangles[i].position);
    floors += planes[i + 1].color == floorTint;
    ceilings += planes[i + 1].color == ceilingTint;
    walls += planes[i + 1].color == wallTint;
  }
  CHECK(floors == 6 + 1);
  CHECK(ceilings == 6);
  CHECK(walls == 24 + 1);
  CHECK(planes[planes.size() - 2].color == floorTint);
  CHECK(planes.back().color == wallTint);
}
