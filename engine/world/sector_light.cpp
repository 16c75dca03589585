// The ambient light of the sector containing a point.
#include "world/sector_light.hpp"

#include <memory>

namespace kiln::world {

std::array<double, 3> ambientOf(const World& world, const Sector& sector) {
  return world.version >= 3 ? sector.ambient : kDefaultAmbient;
}

sim::SectorLight sectorLight(World world) {
  auto shared = std::make_shared<const World>(std::move(world));
  return [shared](const sim::Vec3& p) -> std::optional<sim::Vec3> {
    const auto i = sectorContaining(*shared, p[0], p[1], p[2]);
    if (!i) return std::nullopt;
    return ambientOf(*shared, shared->sectors[*i]);
  };
}

}  // namespace kiln::world
