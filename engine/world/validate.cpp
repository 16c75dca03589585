// Every rule of a compiled world (docs/formats/kws1.md, "Validation"), all diagnostics at once.
#include <charconv>
#include <cmath>
#include <numbers>
#include <set>
#include <string>

#include "core/names.hpp"
#include "world/detail.hpp"
#include "world/world.hpp"

namespace kiln::world {
namespace {

using core::Code;

// The shortest text that reads back as the same double.
std::string num(double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

struct Sink {
  core::Diagnostics& out;
  std::vector<std::size_t>& sectorOf;
  void add(Code code, std::size_t sector, std::string path, std::string message) {
    out.push_back({code, std::move(path), std::move(message)});
    sectorOf.push_back(sector);
  }
};

double cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }
Vec2 sub(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }

bool allFinite(const Sector& s, std::size_t i, const std::string& p, Sink& sink) {
  bool ok = true;
  auto check = [&](double v, const std::string& path) {
    if (std::isfinite(v)) return;
    sink.add(Code::NotFinite, i, path, "value " + num(v) + " is not finite");
    ok = false;
  };
  for (std::size_t k = 0; k < s.walls.size(); ++k) {
    check(s.walls[k].x, p + ".walls[" + std::to_string(k) + "][0]");
    check(s.walls[k].y, p + ".walls[" + std::to_string(k) + "][1]");
  }
  for (const auto& [plane, name] : {std::pair{&s.floor, "floor"}, std::pair{&s.ceiling, "ceiling"}}) {
    check(plane->z, p + "." + name + ".z");
    check(plane->dzdx, p + "." + name + ".dzdx");
    check(plane->dzdy, p + "." + name + ".dzdy");
  }
  for (std::size_t c = 0; c < 3; ++c) check(s.ambient[c], p + ".ambient[" + std::to_string(c) + "]");
  return ok;
}

// Degenerate walls, orientation and strict convexity. Returns true when the polygon is a
// proper counter-clockwise convex polygon (later rules rely on it).
bool checkPolygon(const Sector& s, std::size_t i, const std::string& p, Sink& sink) {
  const auto& v = s.walls;
  const std::size_t n = v.size();
  bool ok = true;
  for (std::size_t k = 0; k < n; ++k) {
    const Vec2 e = sub(v[(k + 1) % n], v[k]);
    const double len = std::hypot(e.x, e.y);
    if (!(len >= kMinEdgeLength)) {
      sink.add(Code::DegenerateEdge, i, p + ".walls[" + std::to_string(k) + "]",
               "wall " + std::to_string(k) + " is " + num(len) + " long, shorter than " + num(kMinEdgeLength));
      ok = false;
    }
  }
  if (!ok) return false;  // turn angles of a zero-length wall are meaningless

  double twiceArea = 0;
  for (std::size_t k = 0; k < n; ++k) twiceArea += cross(v[k], v[(k + 1) % n]);
  if (twiceArea < 0) {
    sink.add(Code::Clockwise, i, p + ".walls",
             "vertices run clockwise (signed area " + num(twiceArea / 2) + "); list them counter-clockwise");
    ok = false;
  }
  // Judge convexity in the polygon's own orientation so a clockwise but convex polygon gets
  // only the clockwise diagnostic.
  const double orientation = twiceArea < 0 ? -1.0 : 1.0;
  double turning = 0;
  bool convex = true;
  for (std::size_t k = 0; k < n; ++k) {
    const Vec2 in = sub(v[k], v[(k + n - 1) % n]);
    const Vec2 out = sub(v[(k + 1) % n], v[k]);
    const double c = orientation * cross(in, out);
    const double sine = c / (std::hypot(in.x, in.y) * std::hypot(out.x, out.y));
    turning += std::atan2(c, in.x * out.x + in.y * out.y);
    if (!(sine > kMinTurnSine)) {
      sink.add(Code::NotConvex, i, p + ".walls[" + std::to_string(k) + "]",
               "vertex " + std::to_string(k) + (sine < 0 ? " is a reflex corner" : " is collinear with its neighbours") +
                   " (turn sine " + num(sine) + ", must exceed " + num(kMinTurnSine) + ")");
      convex = false;
    }
  }
  // All left turns can still wind twice (a star); a convex polygon turns exactly once.
  if (convex && turning > 3 * std::numbers::pi) {
    sink.add(Code::NotConvex, i, p + ".walls",
             "the outline winds " + std::to_string(static_cast<int>(std::lround(turning / (2 * std::numbers::pi)))) +
                 " times around its interior; a convex polygon winds once");
    convex = false;
  }
  return ok && convex;
}

void checkVersionFeatures(const World& w, const Sector& s, std::size_t i, const std::string& p, Sink& sink) {
  if (w.version < 2 && !s.portals.empty())
    sink.add(Code::PortalForVersion, i, p + ".portals", "portals need world version 2 or later");
  if (w.version < 3) {
    if (!s.floor.flat())
      sink.add(Code::PortalForVersion, i, p + ".floor", "a sloped floor needs world version 3");
    if (!s.ceiling.flat())
      sink.add(Code::PortalForVersion, i, p + ".ceiling", "a sloped ceiling needs world version 3");
    if (s.ambient != std::array<double, 3>{0, 0, 0})
      sink.add(Code::PortalForVersion, i, p + ".ambient", "an ambient colour needs world version 3");
  } else {
    for (std::size_t c = 0; c < 3; ++c)
      if (std::isfinite(s.ambient[c]) && !(s.ambient[c] >= 0 && s.ambient[c] <= 1))
        sink.add(Code::ColorRange, i, p + ".ambient[" + std::to_string(c) + "]",
                 "ambient component " + num(s.ambient[c]) + " is outside [0,1]");
  }
}

// The floor must be strictly below the ceiling over the whole polygon; both are planes, so the
// difference is linear and its minimum over a convex polygon is at a vertex.
void checkHeights(const Sector& s, std::size_t i, const std::string& p, Sink& sink) {
  for (std::size_t k = 0; k < s.walls.size(); ++k) {
    const double f = s.floor.at(s.walls[k].x, s.walls[k].y);
    const double c = s.ceiling.at(s.walls[k].x, s.walls[k].y);
    if (!(f < c))
      sink.add(Code::FloorAboveCeiling, i, p + ".floor",
               "at vertex " + std::to_string(k) + " the floor (" + num(f) + ") is not below the ceiling (" + num(c) + ")");
  }
}

void checkPortals(const World& w, std::size_t i, const std::vector<bool>& polygonOk, const std::string& p, Sink& sink) {
  const Sector& s = w.sectors[i];
  if (w.version < 2 || s.portals.empty()) return;
  if (s.portals.size() != s.walls.size()) {
    sink.add(Code::BadReference, i, p + ".portals",
             std::to_string(s.portals.size()) + " portal entries for " + std::to_string(s.walls.size()) + " walls");
    return;
  }
  const std::size_t n = s.walls.size();
  for (std::size_t k = 0; k < n; ++k) {
    const std::uint32_t to = s.portals[k];
    if (to == kNoPortal) continue;
    const std::string path = p + ".portals[" + std::to_string(k) + "]";
    if (to >= w.sectors.size()) {
      sink.add(Code::BadReference, i, path,
               "portal to sector " + std::to_string(to) + " but the world has " + std::to_string(w.sectors.size()));
      continue;
    }
    const Sector& t = w.sectors[to];
    if (!polygonOk[i] || !polygonOk[to]) continue;  // geometry already reported
    const std::size_t m = t.walls.size();
    bool back = false, matched = false;
    for (std::size_t j = 0; j < t.portals.size() && j < m; ++j) {
      if (t.portals[j] != i) continue;
      back = true;
      // The same edge seen from the other side runs the other way; vertices match exactly
      // because both come from the same authored coordinates.
      if (t.walls[j] == s.walls[(k + 1) % n] && t.walls[(j + 1) % m] == s.walls[k]) matched = true;
    }
    const std::string tname = t.name.empty() ? std::to_string(to) : t.name;
    if (!back)
      sink.add(Code::PortalNotReciprocal, i, path, "sector '" + tname + "' has no portal back through this wall");
    else if (!matched)
      sink.add(Code::PortalEdgeMismatch, i, path,
               "sector '" + tname + "' portals back, but not through this wall's edge reversed");
  }
}

}  // namespace

std::string sectorPath(const Sector& s, std::size_t index) {
  return s.name.empty() ? "world.sectors[" + std::to_string(index) + "]" : "world.sectors." + s.name;
}

namespace detail {

void validateWorldInto(const World& w, core::Diagnostics& out, std::vector<std::size_t>& sectorOf) {
  Sink sink{out, sectorOf};
  if (w.version < kMinWorldVersion || w.version > kMaxWorldVersion)
    sink.add(Code::UnsupportedVersion, kNoSectorIndex, "world.version",
             "world version " + std::to_string(w.version) + " is outside " + std::to_string(kMinWorldVersion) + ".." +
                 std::to_string(kMaxWorldVersion));
  if (w.sectors.size() > kMaxSectors)
    sink.add(Code::SectorCount, kNoSectorIndex, "world.sectors",
             std::to_string(w.sectors.size()) + " sectors exceed the limit of " + std::to_string(kMaxSectors));
  std::set<std::string> seen;
  std::vector<bool> polygonOk(w.sectors.size(), false);
  for (std::size_t i = 0; i < w.sectors.size(); ++i) {
    const Sector& s = w.sectors[i];
    const std::string p = sectorPath(s, i);
    if (const auto why = core::nameProblem(s.name, kMaxSectorNameBytes))
      sink.add(Code::BadName, i, p + ".name", "sector " + *why);
    else if (!seen.insert(s.name).second)
      sink.add(Code::DuplicateName, i, p + ".name", "another sector is already named '" + s.name + "'");
    checkVersionFeatures(w, s, i, p, sink);
    if (!allFinite(s, i, p, sink)) continue;
    if (s.walls.size() < kMinVerticesPerSector || s.walls.size() > kMaxVerticesPerSector) {
      sink.add(Code::VertexCount, i, p + ".walls",
               std::to_string(s.walls.size()) + " vertices; a sector has " + std::to_string(kMinVerticesPerSector) + ".." +
                   std::to_string(kMaxVerticesPerSector));
      if (s.walls.size() < kMinVerticesPerSector) continue;
    }
    polygonOk[i] = checkPolygon(s, i, p, sink);
    checkHeights(s, i, p, sink);
  }
  for (std::size_t i = 0; i < w.sectors.size(); ++i) checkPortals(w, i, polygonOk, sectorPath(w.sectors[i], i), sink);
}

}  // namespace detail

core::Diagnostics validateWorld(const World& w) {
  core::Diagnostics out;
  std::vector<std::size_t> sectorOf;
  detail::validateWorldInto(w, out, sectorOf);
  return out;
}

}  // namespace kiln::world
