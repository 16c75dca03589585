// The world's side of `events.matter_light: sector` (docs/events.md "Matter light"): the
// ambient light of the sector a point is in, for sim::Scene::sectorLight.
#pragma once

#include <array>

#include "sim/scene.hpp"
#include "world/world.hpp"

namespace kiln::world {

// Worlds before version 3 store no ambient: their sectors light with this neutral grey, the
// one the renderer shades their faces with.
inline constexpr std::array<double, 3> kDefaultAmbient{0.15, 0.15, 0.15};

// A sector's ambient light: its own in version 3, kDefaultAmbient before.
std::array<double, 3> ambientOf(const World& world, const Sector& sector);

// The lookup a Scene lights `sector` matter with: the ambient of sectorContaining(point), or
// nothing outside every sector. It holds its own copy of the world.
sim::SectorLight sectorLight(World world);

}  // namespace kiln::world
