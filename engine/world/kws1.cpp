// KWS1 codec: one field list per record (sectorFields) drives scan, decode and encode through
// the core schema walker.
#include <string>
#include <utility>

#include "core/header.hpp"
#include "core/names.hpp"
#include "core/schema_walker.hpp"
#include "world/detail.hpp"
#include "world/world.hpp"

namespace kiln::world {
namespace {

using core::Code;
using core::DecodeError;

using core::walk::Width;

// Sector names: a u16 length, then the name rule (core/names.hpp).
constexpr core::walk::TextRule kSectorNameRule{
    Width::U16, kMaxSectorNameBytes, [](std::string_view s) { return core::nameProblem(s, kMaxSectorNameBytes); }};

// A height plane: version 3 stores z, dzdx, dzdy; earlier versions store z alone (flat).
template <class W, class P>
void planeFields(W& w, const char* field, P& p) {
  w.enter(field);
  w.f64("z", p.z);
  if (w.version() >= 3) {
    w.f64("dzdx", p.dzdx);
    w.f64("dzdy", p.dzdy);
  }
  w.leave();
}

template <class W, class V>
void vertexFields(W& w, V& v) {
  w.f64("x", v.x);
  w.f64("y", v.y);
}

template <class W>
void portalField(W& w, auto& p, std::uint32_t sectorCount) {
  w.reference(nullptr, p, sectorCount, kNoPortal);
}

// The sector record, field by field, in file order (docs/formats/kws1.md). The walls' count
// also sizes the version-2 portal list, which therefore has no count of its own: the count's
// minimum covers both lists.
template <class W, class S>
void sectorFields(W& w, S& s, std::uint32_t sectorCount) {
  w.text("name", s.name, kSectorNameRule);
  const auto vertex = [](auto& ww, auto& v) { vertexFields(ww, v); };
  const auto portal = [sectorCount](auto& ww, auto& p) { portalField(ww, p, sectorCount); };
  std::size_t perWall = core::walk::minElementSize<Vec2>(w, vertex);
  if (w.version() >= 2) perWall += core::walk::minElementSize<std::uint32_t>(w, portal);
  const std::uint32_t n = w.count("walls", s.walls.size(), Width::U32, kMaxVerticesPerSector, perWall);
  w.each("walls", s.walls, n, vertex);
  planeFields(w, "floor", s.floor);
  planeFields(w, "ceiling", s.ceiling);
  if (w.version() >= 2) w.each("portals", s.portals, n, portal);
  if (w.version() >= 3) {
    w.enter("ambient");
    w.f64("r", s.ambient[0]);
    w.f64("g", s.ambient[1]);
    w.f64("b", s.ambient[2]);
    w.leave();
  }
}

template <class W, class Wd>
void worldFields(W& w, Wd& world) {
  // Portal references are checked against the sector count, known once it is read.
  std::uint32_t sectorCount = 0;
  const auto sector = [&sectorCount](auto& ww, auto& s) { sectorFields(ww, s, sectorCount); };
  sectorCount = w.count("sectors", world.sectors.size(), Width::U32, kMaxSectors,
                        core::walk::minElementSize<Sector>(w, sector));
  w.each("sectors", world.sectors, sectorCount, sector);
}

const core::HeaderRules kRules{kKws1Magic, kMinWorldVersion, kMaxWorldVersion, kMaxKws1Bytes};

// Runs a read walk over a framed file: the scan (Materialize = false) or the decode, which also
// reports where each sector starts.
template <bool Materialize>
std::optional<DecodeError> readWorld(std::span<const std::uint8_t> file, World& world,
                                     std::vector<std::uint64_t>* sectorOffsets) {
  auto framed = core::readHeader(file, kRules);
  if (auto* e = std::get_if<DecodeError>(&framed)) return *e;
  const core::Framed& f = std::get<core::Framed>(framed);
  world.version = f.header.documentVersion;
  core::walk::Reader<Materialize> walk(f.payload, core::kHeaderSize, world.version);
  worldFields(walk, world);
  if (!walk.ok()) return walk.error();
  if (!walk.bytes().atEnd())
    return DecodeError{Code::TrailingBytes, walk.offset(), "sectors",
                       std::to_string(walk.bytes().remaining()) + " bytes follow the last sector"};
  if constexpr (Materialize) {
    for (const auto& top : walk.topLevel())
      if (sectorOffsets && top.field == "sectors") *sectorOffsets = top.start;
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::uint8_t> encodeKws1(const World& w) {
  World c = canonical(w);
  core::walk::Writer walk(c.version);
  worldFields(walk, std::as_const(c));
  return core::frame(kKws1Magic, c.version, walk.bytes());
}

std::optional<DecodeError> scanKws1(std::span<const std::uint8_t> file) {
  World scratch;
  return readWorld<false>(file, scratch, nullptr);
}

std::variant<World, DecodeError> decodeKws1(std::span<const std::uint8_t> file) {
  if (auto e = scanKws1(file)) return *e;
  World world;
  std::vector<std::uint64_t> offsets;
  if (auto e = readWorld<true>(file, world, &offsets)) return *e;
  core::Diagnostics ds;
  std::vector<std::size_t> sectorOf;
  detail::validateWorldInto(world, ds, sectorOf);
  if (!ds.empty()) {
    const std::size_t s = sectorOf.front();
    const std::uint64_t at = s < offsets.size() ? offsets[s] : core::kHeaderSize;
    return DecodeError{ds.front().code, at, ds.front().path, ds.front().message};
  }
  return world;
}

}  // namespace kiln::world
