// Small valid worlds for the world tests: a hall and a corridor joined by a portal.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "world/world.hpp"

namespace kiln::worldtest {

namespace kw = kiln::world;

// A counter-clockwise axis-aligned rectangle sector with flat floor and ceiling.
inline kw::Sector box(std::string name, double x0, double y0, double x1, double y1, double floor = 0,
                      double ceiling = 4) {
  kw::Sector s;
  s.name = std::move(name);
  s.walls = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
  s.floor.z = floor;
  s.ceiling.z = ceiling;
  return s;
}

// hall: 8×6 rectangle; corridor: a trapezoid east of it sharing the hall's whole east wall
// (hall wall 1 runs (8,0)→(8,6); corridor wall 3 runs (8,6)→(8,0)).
inline kw::World sampleWorld(std::uint16_t version) {
  kw::World w;
  w.version = version;
  kw::Sector hall = box("hall", 0, 0, 8, 6);
  kw::Sector corridor;
  corridor.name = "corridor";
  corridor.walls = {{8, 0}, {12, 1}, {12, 5}, {8, 6}};
  corridor.floor.z = 0.25;
  corridor.ceiling.z = 3;
  if (version >= 2) {
    hall.portals = {kw::kNoPortal, 1, kw::kNoPortal, kw::kNoPortal};
    corridor.portals = {kw::kNoPortal, kw::kNoPortal, kw::kNoPortal, 0};
  }
  if (version >= 3) {
    hall.floor = {0, 0.0625, 0};        // rises 0.5 over the hall's 8 units of x
    hall.ceiling = {4, 0, -0.125};
    hall.ambient = {0.2, 0.2, 0.25};
    corridor.floor = {0.5, 0, 0};
    corridor.ambient = {0.05, 0.1, 0.15};
  }
  w.sectors = {hall, corridor};
  return w;
}

}  // namespace kiln::worldtest
