// The `world:` part of the source vocabulary: version and convex sectors.
#include <algorithm>

#include "source/parts.hpp"

namespace kiln::source::detail {
namespace {

using core::Code;

// A height is a number (flat) or, from world version 3, a plane {z, dzdx, dzdy}.
void compileHeight(Walker& w, const SourceNode& sector, const std::string& path, std::string_view key,
                   std::uint16_t version, world::HeightPlane& out) {
  const SourceNode* h = w.field(sector, path, key);
  if (!h) return;
  const std::string hp = joinPath(path, key);
  if (!h->isMap()) {
    w.number(*h, hp, out.z);
    return;
  }
  w.expectMap(*h, hp, {"z", "dzdx", "dzdy"});
  w.optNumber(*h, hp, "z", out.z);
  w.optNumber(*h, hp, "dzdx", out.dzdx);
  w.optNumber(*h, hp, "dzdy", out.dzdy);
  if (version < 3 && (out.dzdx != 0 || out.dzdy != 0))
    w.error(Code::PortalForVersion, hp,
            "sloped heights need world version 3 (this world is version " + std::to_string(version) + ")",
            h->mark);
}

// `box: {min: [x, y, z], max: [x, y, z]}`: four counter-clockwise walls, floor min z, ceiling
// max z. True when the sector uses the shorthand (whatever its errors).
bool compileBox(Walker& w, const SourceNode& sector, const std::string& path, world::Sector& out) {
  const SourceNode* box = w.field(sector, path, "box");
  if (!box) return false;
  const std::string bp = joinPath(path, "box");
  for (std::string_view k : {"walls", "floor", "ceiling"})
    if (sector.find(std::string(k)))
      w.error(Code::WrongType, joinPath(path, k),
              "a sector with box: takes its " + std::string(k) + " from the box; remove one of the two",
              locate(w.marks, joinPath(path, k)));
  if (!w.expectMap(*box, bp, {"min", "max"}, "{min: [x, y, z], max: [x, y, z]}")) return true;
  particles::Vec3 lo, hi;
  const SourceNode* mn = w.field(*box, bp, "min", true);
  const SourceNode* mx = w.field(*box, bp, "max", true);
  if (!mn || !mx || !w.vec3(*mn, joinPath(bp, "min"), lo) || !w.vec3(*mx, joinPath(bp, "max"), hi)) return true;
  for (int a = 0; a < 3; ++a)
    if (!(lo[a] < hi[a])) {
      w.error(Code::RangeOrder, bp, "box min must be below max on every axis (" + std::string(1, "xyz"[a]) + ")",
              box->mark);
      return true;
    }
  out.walls = {{lo.x, lo.y}, {hi.x, lo.y}, {hi.x, hi.y}, {lo.x, hi.y}};
  out.floor.z = lo.z;
  out.ceiling.z = hi.z;
  return true;
}

// Twice the signed area of the polygon: negative when its vertices run clockwise.
double signedArea2(const std::vector<world::Vec2>& v) {
  double a = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const auto& p = v[i];
    const auto& q = v[(i + 1) % v.size()];
    a += p.x * q.y - q.x * p.y;
  }
  return a;
}

// A clockwise polygon is the same room written the other way round: reverse it (and its
// portal list, whose entry i belongs to edge i → i+1) and say so, rather than fail.
void makeCounterClockwise(Walker& w, const std::string& path, world::Sector& sector) {
  const std::size_t n = sector.walls.size();
  if (n < 3 || signedArea2(sector.walls) >= 0) return;
  std::reverse(sector.walls.begin(), sector.walls.end());
  if (sector.portals.size() == n) {
    // Reversed edge j runs from old vertex n-1-j to n-2-j: it is old edge n-2-j (mod n).
    std::vector<std::uint32_t> portals(n);
    for (std::size_t j = 0; j < n; ++j) portals[j] = sector.portals[(2 * n - 2 - j) % n];
    sector.portals = std::move(portals);
  }
  const std::string wp = joinPath(path, "walls");
  w.note(Code::Clockwise, wp, "the walls run clockwise; Kiln reversed them (and their portals) to counter-clockwise",
         locate(w.marks, wp));
}

}  // namespace

void compileWorld(Walker& w, const SourceNode& root, world::World& out, NameIndex& sectors) {
  const SourceNode* wn = w.field(root, "", "world", true);
  if (!wn || !w.expectMap(*wn, "world", {"version", "sectors"})) return;
  std::uint16_t version = 0;
  if (const SourceNode* v = w.field(*wn, "world", "version", true)) {
    std::int64_t n = 0;
    if (w.integer(*v, "world.version", 0, 65535, n)) {
      if (n < world::kMinWorldVersion || n > world::kMaxWorldVersion)
        w.error(Code::UnsupportedVersion, "world.version",
                "world version " + std::to_string(n) + " is not supported (expected 1, 2 or 3)", v->mark);
      else
        version = static_cast<std::uint16_t>(n);
    }
  }
  out.version = version == 0 ? world::kMinWorldVersion : version;
  const SourceNode* list = w.field(*wn, "world", "sectors");
  if (!list || !w.expectSequence(*list, "world.sectors")) return;

  // Names first, so portals may refer to sectors listed later.
  std::vector<std::string> paths;
  for (std::size_t i = 0; i < list->items.size(); ++i) {
    const SourceNode& s = list->items[i];
    const std::string indexed = indexPath("world.sectors", i);
    w.record(indexed, s.mark);
    std::string path = indexed;
    world::Sector sector;
    if ((s.isMap() || s.isNull())) {
      if (const SourceNode* name = w.field(s, indexed, "name", true);
          name && w.text(*name, joinPath(indexed, "name"), sector.name)) {
        path = joinPath("world.sectors", sector.name);
        w.record(path, s.mark);
        w.record(joinPath(path, "name"), name->mark);
        if (!sectors.emplace(sector.name, static_cast<std::uint32_t>(i)).second)
          w.error(Code::DuplicateName, joinPath(path, "name"),
                  "sector name '" + sector.name + "' is used twice", name->mark);
      }
    }
    paths.push_back(path);
    out.sectors.push_back(std::move(sector));
  }

  std::vector<std::string> sectorNames;
  for (const auto& [name, index] : sectors) sectorNames.push_back(name);
  for (std::size_t i = 0; i < list->items.size(); ++i) {
    const SourceNode& s = list->items[i];
    const std::string& path = paths[i];
    world::Sector& sector = out.sectors[i];
    if (!w.expectMap(s, path, {"name", "box", "walls", "floor", "ceiling", "portals", "ambient"})) continue;
    const bool boxed = compileBox(w, s, path, sector);
    if (const SourceNode* walls = boxed ? nullptr : w.field(s, path, "walls")) {
      const std::string wp = joinPath(path, "walls");
      if (w.expectSequence(*walls, wp)) {
        for (std::size_t k = 0; k < walls->items.size(); ++k) {
          const std::string vp = indexPath(wp, k);
          w.record(vp, walls->items[k].mark);
          double xy[2] = {0, 0};
          w.numbers(walls->items[k], vp, xy, 2);
          sector.walls.push_back({xy[0], xy[1]});
        }
      }
    }
    if (!boxed) {
      compileHeight(w, s, path, "floor", out.version, sector.floor);
      compileHeight(w, s, path, "ceiling", out.version, sector.ceiling);
    }
    if (const SourceNode* portals = w.field(s, path, "portals")) {
      const std::string pp = joinPath(path, "portals");
      if (out.version < 2) {
        w.error(Code::PortalForVersion, pp, "portals need world version 2 or later", portals->mark);
      } else if (w.expectSequence(*portals, pp)) {
        if (portals->items.size() != sector.walls.size())
          w.error(Code::WrongType, pp,
                  "expected one portal entry per wall (" + std::to_string(sector.walls.size()) + "), found " +
                      std::to_string(portals->items.size()),
                  portals->mark);
        for (std::size_t k = 0; k < portals->items.size(); ++k) {
          const SourceNode& item = portals->items[k];
          const std::string ip = indexPath(pp, k);
          w.record(ip, item.mark);
          std::uint32_t target = world::kNoPortal;
          std::string name;
          if (!item.isNull() && w.text(item, ip, name)) {
            if (auto it = sectors.find(name); it != sectors.end())
              target = it->second;
            else
              w.error(Code::UnknownName, ip, "sector '" + name + "' is not defined" + didYouMean(name, sectorNames),
                      item.mark);
          }
          sector.portals.push_back(target);
        }
      }
    }
    if (out.version >= 2 && sector.portals.empty())
      sector.portals.assign(sector.walls.size(), world::kNoPortal);
    makeCounterClockwise(w, path, sector);
    if (const SourceNode* ambient = w.field(s, path, "ambient")) {
      const std::string ap = joinPath(path, "ambient");
      if (out.version < 3)
        w.error(Code::UnknownKey, ap, "ambient is a world version 3 field", ambient->mark);
      else
        w.numbers(*ambient, ap, sector.ambient.data(), 3);
    }
  }
}

}  // namespace kiln::source::detail
