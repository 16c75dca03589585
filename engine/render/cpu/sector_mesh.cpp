// Triangulation of convex sectors and debug line geometry.
#include "render/cpu/sector_mesh.hpp"

#include <algorithm>
#include <cmath>

#include "world/sector_light.hpp"

namespace kiln::render {
namespace {

constexpr std::array<float, 3> kFloorAlbedo{0.55f, 0.52f, 0.48f};
constexpr std::array<float, 3> kCeilingAlbedo{0.42f, 0.44f, 0.50f};
constexpr std::array<float, 3> kWallAlbedo{0.62f, 0.60f, 0.58f};

std::array<float, 3> unit(double x, double y, double z) {
  const double l = std::sqrt(x * x + y * y + z * z);
  return {static_cast<float>(x / l), static_cast<float>(y / l), static_cast<float>(z / l)};
}

std::array<float, 3> point(double x, double y, double z) {
  return {static_cast<float>(x), static_cast<float>(y), static_cast<float>(z)};
}

struct Emit {
  std::vector<SectorVertex>& out;
  std::array<float, 3> ambient;
  void tri(const std::array<float, 3>& a, const std::array<float, 3>& b, const std::array<float, 3>& c,
           const std::array<float, 3>& n, const std::array<float, 3>& albedo) {
    out.push_back({a, n, albedo, ambient});
    out.push_back({b, n, albedo, ambient});
    out.push_back({c, n, albedo, ambient});
  }
  // A wall piece over edge a→b between two heights at each end; skipped when it has no height.
  void wall(const world::Vec2& a, const world::Vec2& b, double aLow, double aHigh, double bLow, double bHigh) {
    if (aHigh <= aLow && bHigh <= bLow) return;
    const auto n = unit(-(b.y - a.y), b.x - a.x, 0.0);
    const auto af = point(a.x, a.y, aLow), ac = point(a.x, a.y, aHigh);
    const auto bf = point(b.x, b.y, bLow), bc = point(b.x, b.y, bHigh);
    tri(af, ac, bc, n, kWallAlbedo);
    tri(af, bc, bf, n, kWallAlbedo);
  }
};

}  // namespace

std::vector<SectorVertex> buildSectorTriangles(const world::World& world) {
  std::vector<SectorVertex> out;
  for (const auto& s : world.sectors) {
    const std::size_t n = s.walls.size();
    if (n < 3) continue;
    // Worlds before version 3 have no ambient term; world::kDefaultAmbient keeps unlit faces readable.
    const std::array<double, 3> ambient = world::ambientOf(world, s);
    Emit emit{out, point(ambient[0], ambient[1], ambient[2])};
    const auto up = unit(-s.floor.dzdx, -s.floor.dzdy, 1.0);
    const auto down = unit(s.ceiling.dzdx, s.ceiling.dzdy, -1.0);
    const auto at = [&](std::size_t i, const world::HeightPlane& p) {
      return point(s.walls[i].x, s.walls[i].y, p.at(s.walls[i].x, s.walls[i].y));
    };
    for (std::size_t i = 1; i + 1 < n; ++i) {
      emit.tri(at(0, s.floor), at(i, s.floor), at(i + 1, s.floor), up, kFloorAlbedo);
      emit.tri(at(0, s.ceiling), at(i + 1, s.ceiling), at(i, s.ceiling), down, kCeilingAlbedo);
    }
    for (std::size_t i = 0; i < n; ++i) {
      const auto& a = s.walls[i];
      const auto& b = s.walls[(i + 1) % n];
      const double af = s.floor.at(a.x, a.y), ac = s.ceiling.at(a.x, a.y);
      const double bf = s.floor.at(b.x, b.y), bc = s.ceiling.at(b.x, b.y);
      const std::uint32_t portal = i < s.portals.size() ? s.portals[i] : world::kNoPortal;
      if (portal == world::kNoPortal || portal >= world.sectors.size()) {
        emit.wall(a, b, af, ac, bf, bc);
        continue;
      }
      const auto& o = world.sectors[portal];
      // Steps between neighbours of different heights stay closed; the opening itself is not.
      emit.wall(a, b, af, std::min(ac, std::max(af, o.floor.at(a.x, a.y))), bf,
                std::min(bc, std::max(bf, o.floor.at(b.x, b.y))));
      emit.wall(a, b, std::max(af, std::min(ac, o.ceiling.at(a.x, a.y))), ac,
                std::max(bf, std::min(bc, o.ceiling.at(b.x, b.y))), bc);
    }
  }
  return out;
}

void appendSectorOutlines(const world::World& world, const std::array<float, 4>& color, std::vector<LineVertex>& out) {
  for (const auto& s : world.sectors) {
    const std::size_t n = s.walls.size();
    for (std::size_t i = 0; i < n; ++i) {
      const auto& a = s.walls[i];
      const auto& b = s.walls[(i + 1) % n];
      for (const auto* plane : {&s.floor, &s.ceiling}) {
        out.push_back({point(a.x, a.y, plane->at(a.x, a.y)), color});
        out.push_back({point(b.x, b.y, plane->at(b.x, b.y)), color});
      }
      out.push_back({point(a.x, a.y, s.floor.at(a.x, a.y)), color});
      out.push_back({point(a.x, a.y, s.ceiling.at(a.x, a.y)), color});
    }
  }
}

void appendSectorPlanes(const std::vector<SectorVertex>& triangles, std::vector<LineVertex>& out) {
  // Translucent enough that the shaded surface (and its grid) still reads through the tint.
  static constexpr std::array<float, 4> kFloor{0.2f, 0.45f, 1.0f, 0.3f}, kCeiling{1.0f, 0.3f, 0.85f, 0.3f},
                                        kWall{0.3f, 1.0f, 0.4f, 0.22f};
  out.reserve(out.size() + triangles.size());
  for (const SectorVertex& v : triangles) {
    // A slope up to 60 degrees still counts as floor or ceiling; walls are vertical.
    const float nz = v.normal[2];
    out.push_back({v.position, nz > 0.5f ? kFloor : nz < -0.5f ? kCeiling : kWall});
  }
}

void appendBox(const particles::Bounds& box, const std::array<float, 4>& color, std::vector<LineVertex>& out) {
  const auto corner = [&](int i) {
    return point(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z);
  };
  for (int i = 0; i < 8; ++i)
    for (int bit : {1, 2, 4})
      if ((i & bit) == 0) {
        out.push_back({corner(i), color});
        out.push_back({corner(i | bit), color});
      }
}

}  // namespace kiln::render
