// Sector geometry for drawing: floors, ceilings and walls as triangles, outlines and boxes as
// lines. Pure CPU (no GL), so the triangulation is unit tested.
#pragma once

#include <array>
#include <vector>

#include "particles/model.hpp"
#include "world/world.hpp"

namespace kiln::render {

struct SectorVertex {
  std::array<float, 3> position;
  std::array<float, 3> normal;   // unit, pointing into the sector
  std::array<float, 3> albedo;   // per surface kind
  std::array<float, 3> ambient;  // world version 3: the sector's ambient; earlier: a neutral grey
};

struct LineVertex {
  std::array<float, 3> position;
  std::array<float, 4> color;
};

// Front faces (counter-clockwise) face into the sector, so back-face culling opens the near
// walls when the camera is outside. Floors and ceilings are fans over the convex polygon on
// their (possibly sloped) planes; every solid wall is a quad from floor to ceiling; a portal is
// left open except for the steps up to a higher neighbour floor or down to a lower neighbour
// ceiling.
std::vector<SectorVertex> buildSectorTriangles(const world::World& world);

// Every wall's vertical edges and the floor and ceiling outlines of every sector.
void appendSectorOutlines(const world::World& world, const std::array<float, 4>& color, std::vector<LineVertex>& out);
// The sector triangles again as translucent debug planes coloured by surface kind (normals
// point into the sector): floors blue, ceilings magenta, walls (and portal steps) green.
void appendSectorPlanes(const std::vector<SectorVertex>& triangles, std::vector<LineVertex>& out);
// The 12 edges of a box.
void appendBox(const particles::Bounds& box, const std::array<float, 4>& color, std::vector<LineVertex>& out);

}  // namespace kiln::render
