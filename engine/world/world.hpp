// Compiled convex sectors (KWS1, world versions 1–3), see docs/formats/kws1.md.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "core/diagnostic.hpp"

namespace kiln::world {

inline constexpr std::string_view kKws1Magic = "KWS1";
inline constexpr std::uint16_t kMinWorldVersion = 1;
inline constexpr std::uint16_t kMaxWorldVersion = 3;
inline constexpr std::size_t kMaxSectors = 1024;
inline constexpr std::size_t kMaxVerticesPerSector = 64;
inline constexpr std::uint32_t kNoPortal = 0xffffffffu;

// The plane z = z0 + dzdx·x + dzdy·y (flat when both slopes are 0; slopes need version 3).
struct HeightPlane {
  double z = 0, dzdx = 0, dzdy = 0;
  double at(double x, double y) const { return z + dzdx * x + dzdy * y; }
  friend bool operator==(const HeightPlane&, const HeightPlane&) = default;
};

struct Vec2 {
  double x = 0, y = 0;
  friend bool operator==(const Vec2&, const Vec2&) = default;
};

struct Sector {
  std::string name;
  std::vector<Vec2> walls;              // counter-clockwise convex polygon
  HeightPlane floor, ceiling;
  std::vector<std::uint32_t> portals;   // version 2+: neighbour per wall i (edge i → i+1), kNoPortal = solid
  std::array<double, 3> ambient{0, 0, 0};  // version 3: linear RGB
  friend bool operator==(const Sector&, const Sector&) = default;
};

struct World {
  std::uint16_t version = 1;
  std::vector<Sector> sectors;
  friend bool operator==(const World&, const World&) = default;
};

core::Diagnostics validateWorld(const World& w);
std::vector<std::uint8_t> encodeKws1(const World& w);
std::variant<World, core::DecodeError> decodeKws1(std::span<const std::uint8_t> file);

// Index of the sector whose volume (walls, floor, ceiling) contains the point, if any.
std::optional<std::uint32_t> sectorContaining(const World& w, double x, double y, double z);

}  // namespace kiln::world
