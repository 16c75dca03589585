// The `world:` part of the source vocabulary: version and convex sectors.
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

  for (std::size_t i = 0; i < list->items.size(); ++i) {
    const SourceNode& s = list->items[i];
    const std::string& path = paths[i];
    world::Sector& sector = out.sectors[i];
    if (!w.expectMap(s, path, {"name", "walls", "floor", "ceiling", "portals", "ambient"})) continue;
    if (const SourceNode* walls = w.field(s, path, "walls")) {
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
    compileHeight(w, s, path, "floor", out.version, sector.floor);
    compileHeight(w, s, path, "ceiling", out.version, sector.ceiling);
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
              w.error(Code::UnknownName, ip, "sector '" + name + "' is not defined", item.mark);
          }
          sector.portals.push_back(target);
        }
      }
    }
    if (out.version >= 2 && sector.portals.empty())
      sector.portals.assign(sector.walls.size(), world::kNoPortal);
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
