// Compiled convex sectors (KWS1, world versions 1–3): model, validation, codec, point lookup.
// The byte layout per version is in docs/formats/kws1.md.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/diagnostic.hpp"

namespace kiln::world {

inline constexpr std::string_view kKws1Magic = "KWS1";
inline constexpr std::uint16_t kMinWorldVersion = 1;
inline constexpr std::uint16_t kMaxWorldVersion = 3;
inline constexpr std::size_t kMaxSectors = 1024;
inline constexpr std::size_t kMinVerticesPerSector = 3;
inline constexpr std::size_t kMaxVerticesPerSector = 64;
inline constexpr std::size_t kMaxSectorNameBytes = 64;
inline constexpr std::uint64_t kMaxKws1Bytes = 1u << 20;  // whole file, header included
inline constexpr std::uint32_t kNoPortal = 0xffffffffu;

// A wall shorter than this (world units) is degenerate: its outward normal is meaningless.
inline constexpr double kMinEdgeLength = 1e-6;
// A vertex is a strict convex turn only when sin(turn angle) exceeds this; anything smaller is
// treated as collinear (not strictly convex), so float noise cannot make a flat vertex pass.
inline constexpr double kMinTurnSine = 1e-9;
// sectorContaining accepts points this far (world units) outside a plane, so a point exactly on
// a wall, floor or ceiling is found despite rounding. validateForWorld uses no tolerance.
inline constexpr double kContainmentTolerance = 1e-6;

// The plane z = z0 + dzdx·x + dzdy·y (flat when both slopes are 0; slopes need version 3).
struct HeightPlane {
  double z = 0, dzdx = 0, dzdy = 0;
  double at(double x, double y) const { return z + dzdx * x + dzdy * y; }
  bool flat() const { return dzdx == 0 && dzdy == 0; }
  friend bool operator==(const HeightPlane&, const HeightPlane&) = default;
};

struct Vec2 {
  double x = 0, y = 0;
  friend bool operator==(const Vec2&, const Vec2&) = default;
};

struct Sector {
  std::string name;                      // unique, 1..64 bytes of UTF-8, no control characters
  std::vector<Vec2> walls;               // counter-clockwise strictly convex polygon, 3..64 vertices
  HeightPlane floor, ceiling;            // floor strictly below ceiling at every vertex
  // Version 2+: neighbour sector index per wall i (edge i → i+1), kNoPortal = solid. Empty means
  // every wall is solid; otherwise exactly one entry per wall. Must be empty in version 1.
  std::vector<std::uint32_t> portals;
  std::array<double, 3> ambient{0, 0, 0};  // version 3: linear RGB in [0,1]; zero before
  friend bool operator==(const Sector&, const Sector&) = default;
};

struct World {
  std::uint16_t version = 1;  // the KWS1 document version: 1, 2 or 3
  std::vector<Sector> sectors;
  friend bool operator==(const World&, const World&) = default;
};

// Every rule at once: limits, names, finite values, vertex count, degenerate walls, counter-
// clockwise strict convexity, floor below ceiling, version features, portal references and
// reciprocity. Paths look like "world.sectors.hall.walls[2]".
core::Diagnostics validateWorld(const World& w);

// The diagnostic path of a sector: "world.sectors.NAME", or "world.sectors[i]" when unnamed.
std::string sectorPath(const Sector& s, std::size_t index);

// The same world with portals written out per wall (empty lists become all kNoPortal; a list of
// the wrong length, which validation rejects, is cut or padded) in version 2+, and cleared in
// version 1: the form decodeKws1 returns, and what encodeKws1 writes.
World canonical(World w);

// Deterministic canonical encoding, header included. The world should be valid; encoding does
// not validate.
std::vector<std::uint8_t> encodeKws1(const World& w);

// Phase 1 (scanKws1: header, counts vs limits and bytes left, finite numbers, names, portal
// indices — nothing allocated from a declared count), then phase 2 (materialize and
// validateWorld; the first diagnostic becomes the error, at its sector's byte offset).
std::variant<World, core::DecodeError> decodeKws1(std::span<const std::uint8_t> file);
std::optional<core::DecodeError> scanKws1(std::span<const std::uint8_t> file);

// Index of the first sector whose volume (inside every wall, between floor and ceiling, each
// within kContainmentTolerance) contains the point. On a shared portal edge the lower index wins.
std::optional<std::uint32_t> sectorContaining(const World& w, double x, double y, double z);

// Index of the sector with this name, if any.
std::optional<std::uint32_t> sectorIndex(const World& w, std::string_view name);

// Signed distance (world units, positive = outside) of a point from each bounding plane of a
// sector: walls 0..n-1 (perpendicular to the wall in XY), then floor, then ceiling
// (perpendicular to the sloped plane). The sector must be valid.
struct PlaneDistances {
  std::vector<double> walls;
  double floor = 0, ceiling = 0;
};
PlaneDistances planeDistances(const Sector& s, double x, double y, double z);

}  // namespace kiln::world
