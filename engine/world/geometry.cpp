// Point queries against compiled sectors: plane distances, containment, lookup by name.
#include <algorithm>
#include <cmath>

#include "world/world.hpp"

namespace kiln::world {

PlaneDistances planeDistances(const Sector& s, double x, double y, double z) {
  PlaneDistances d;
  const std::size_t n = s.walls.size();
  d.walls.resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    const Vec2 a = s.walls[k], b = s.walls[(k + 1) % n];
    const double ex = b.x - a.x, ey = b.y - a.y;
    // Counter-clockwise walls keep the interior on their left, where this cross product is
    // positive; negate it so "outside" reads as a positive distance.
    d.walls[k] = -(ex * (y - a.y) - ey * (x - a.x)) / std::hypot(ex, ey);
  }
  // Perpendicular distance to a sloped plane: divide the vertical gap by |(−dzdx, −dzdy, 1)|.
  d.floor = (s.floor.at(x, y) - z) / std::sqrt(1 + s.floor.dzdx * s.floor.dzdx + s.floor.dzdy * s.floor.dzdy);
  d.ceiling =
      (z - s.ceiling.at(x, y)) / std::sqrt(1 + s.ceiling.dzdx * s.ceiling.dzdx + s.ceiling.dzdy * s.ceiling.dzdy);
  return d;
}

std::optional<std::uint32_t> sectorContaining(const World& w, double x, double y, double z) {
  for (std::size_t i = 0; i < w.sectors.size(); ++i) {
    const Sector& s = w.sectors[i];
    if (s.walls.size() < kMinVerticesPerSector) continue;
    const PlaneDistances d = planeDistances(s, x, y, z);
    const bool inside = d.floor <= kContainmentTolerance && d.ceiling <= kContainmentTolerance &&
                        std::all_of(d.walls.begin(), d.walls.end(), [](double v) { return v <= kContainmentTolerance; });
    if (inside) return static_cast<std::uint32_t>(i);
  }
  return std::nullopt;
}

std::optional<std::uint32_t> sectorIndex(const World& w, std::string_view name) {
  for (std::size_t i = 0; i < w.sectors.size(); ++i)
    if (w.sectors[i].name == name) return static_cast<std::uint32_t>(i);
  return std::nullopt;
}

World canonical(World w) {
  for (Sector& s : w.sectors) {
    if (w.version < 2)
      s.portals.clear();
    else
      s.portals.resize(s.walls.size(), kNoPortal);  // empty (all solid) or, if invalid, mis-sized
  }
  return w;
}

}  // namespace kiln::world
