// KWS1 codec: one field list per record (walkSector) drives scan, decode and encode.
#include <cmath>
#include <string>

#include "core/bytes.hpp"
#include "core/header.hpp"
#include "world/detail.hpp"
#include "world/world.hpp"

namespace kiln::world {
namespace {

using core::Code;
using core::DecodeError;

// Fewest payload bytes one element of each list can occupy in a given version, so a declared
// count is checked against the bytes left before anything is sized by it.
std::size_t vertexBytes(std::uint16_t v) { return 16 + (v >= 2 ? 4 : 0); }
std::size_t minSectorBytes(std::uint16_t v) {
  const std::size_t planes = v >= 3 ? 48 : 16;
  const std::size_t ambient = v >= 3 ? 24 : 0;
  return 2 + 1 + 4 + planes + ambient;  // name length + shortest name + vertex count + planes + ambient
}

// Reads the payload. With Materialize = false (the scan) nothing is stored and lists iterate
// over one scratch element; with true (the decode) lists are sized once their count is proven.
template <bool Materialize>
class ReadWalk {
 public:
  ReadWalk(std::span<const std::uint8_t> payload, std::uint16_t version)
      : r_(payload, core::kHeaderSize), version_(version) {}

  std::uint16_t version() const { return version_; }
  std::optional<DecodeError>& error() { return error_; }
  core::ByteReader& reader() { return r_; }
  void sectorCount(std::uint32_t n) { sectorCount_ = n; }
  void sectorStart() {
    if constexpr (Materialize) sectorOffsets_.push_back(r_.offset());
  }
  const std::vector<std::uint64_t>& sectorOffsets() const { return sectorOffsets_; }

  bool text(const char* field, std::string& s) {
    const std::uint64_t at = r_.offset();
    std::uint16_t len = 0;
    if (!r_.u16(len)) return truncated(field);
    if (len == 0 || len > kMaxSectorNameBytes)
      return fail(Code::BadName, at, field, "name length " + std::to_string(len) + " is outside 1..64");
    std::span<const std::uint8_t> bytes;
    if (!r_.view(len, bytes)) return fail(Code::Truncated, r_.offset(), field, "the name runs past the payload");
    const std::string_view view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    if (!detail::validName(view, kMaxSectorNameBytes))
      return fail(Code::BadName, at + 2, field, "the name is not UTF-8 without control characters");
    if constexpr (Materialize) s.assign(view);
    return true;
  }

  template <typename T>
  bool count(const char* field, const std::vector<T>&, std::uint32_t& n, std::size_t limit, std::size_t minBytes) {
    const std::uint64_t at = r_.offset();
    if (!r_.u32(n)) return truncated(field);
    if (n > limit)
      return fail(Code::CountOverLimit, at, field,
                  std::to_string(n) + " declared, the limit is " + std::to_string(limit));
    if (static_cast<std::uint64_t>(n) * minBytes > r_.remaining())
      return fail(Code::CountPastEnd, at, field,
                  std::to_string(n) + " declared need at least " + std::to_string(n * minBytes) + " bytes, " +
                      std::to_string(r_.remaining()) + " remain");
    return true;
  }

  template <typename T, typename F>
  bool each(const char* field, std::vector<T>& items, std::uint32_t n, F&& element) {
    T scratch{};
    if constexpr (Materialize) items.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
      path_.push_back(std::string(field) + "[" + std::to_string(i) + "]");
      bool ok = false;
      if constexpr (Materialize)
        ok = element(items[i]);
      else
        ok = element(scratch);
      if (!ok) return false;
      path_.pop_back();
    }
    return true;
  }

  template <typename F>
  bool group(const char* field, F&& fields) {
    path_.push_back(field);
    if (!fields()) return false;
    path_.pop_back();
    return true;
  }

  bool f64(const char* field, double& v) {
    const std::uint64_t at = r_.offset();
    double x = 0;
    if (!r_.f64(x)) return truncated(field);
    if (!std::isfinite(x)) return fail(Code::NotFinite, at, field, "the value is not finite");
    if constexpr (Materialize) v = x;
    return true;
  }

  bool portal(const char* field, std::uint32_t& v) {
    const std::uint64_t at = r_.offset();
    std::uint32_t x = 0;
    if (!r_.u32(x)) return truncated(field);
    if (x != kNoPortal && x >= sectorCount_)
      return fail(Code::BadReference, at, field,
                  "portal to sector " + std::to_string(x) + " of " + std::to_string(sectorCount_));
    if constexpr (Materialize) v = x;
    return true;
  }

 private:
  bool truncated(const char* field) {
    return fail(Code::Truncated, r_.offset(), field, "the payload ends inside this field");
  }
  bool fail(Code code, std::uint64_t at, const char* field, std::string message) {
    std::string path;
    for (const std::string& p : path_) path += (path.empty() ? "" : ".") + p;
    if (*field) path += (path.empty() ? "" : ".") + std::string(field);
    error_ = DecodeError{code, at, std::move(path), std::move(message)};
    return false;
  }

  core::ByteReader r_;
  std::uint16_t version_;
  std::uint32_t sectorCount_ = 0;
  std::vector<std::string> path_;
  std::vector<std::uint64_t> sectorOffsets_;
  std::optional<DecodeError> error_;
};

class WriteWalk {
 public:
  explicit WriteWalk(std::uint16_t version) : version_(version) {}
  std::uint16_t version() const { return version_; }
  void sectorCount(std::uint32_t) {}
  void sectorStart() {}
  core::ByteWriter& writer() { return w_; }

  bool text(const char*, const std::string& s) {
    w_.u16(static_cast<std::uint16_t>(s.size()));
    w_.raw(std::string_view(s));
    return true;
  }
  template <typename T>
  bool count(const char*, const std::vector<T>& items, std::uint32_t& n, std::size_t, std::size_t) {
    n = static_cast<std::uint32_t>(items.size());
    w_.u32(n);
    return true;
  }
  template <typename T, typename F>
  bool each(const char*, std::vector<T>& items, std::uint32_t n, F&& element) {
    for (std::uint32_t i = 0; i < n; ++i)
      if (!element(items[i])) return false;
    return true;
  }
  template <typename F>
  bool group(const char*, F&& fields) {
    return fields();
  }
  bool f64(const char*, const double& v) {
    w_.f64(v);
    return true;
  }
  bool portal(const char*, const std::uint32_t& v) {
    w_.u32(v);
    return true;
  }

 private:
  core::ByteWriter w_;
  std::uint16_t version_;
};

// A height plane: version 3 stores z, dzdx, dzdy; earlier versions store z alone (flat).
template <typename W>
bool walkPlane(W& w, const char* field, HeightPlane& p) {
  return w.group(field, [&] {
    if (!w.f64("z", p.z)) return false;
    return w.version() < 3 || (w.f64("dzdx", p.dzdx) && w.f64("dzdy", p.dzdy));
  });
}

// The sector record, field by field, in file order (docs/formats/kws1.md). The walls' count
// also sizes the version-2 portal list, which therefore has no count of its own.
template <typename W>
bool walkSector(W& w, Sector& s) {
  w.sectorStart();
  if (!w.text("name", s.name)) return false;
  std::uint32_t n = 0;
  if (!w.count("walls", s.walls, n, kMaxVerticesPerSector, vertexBytes(w.version()))) return false;
  if (!w.each("walls", s.walls, n, [&](Vec2& v) { return w.f64("x", v.x) && w.f64("y", v.y); })) return false;
  if (!walkPlane(w, "floor", s.floor) || !walkPlane(w, "ceiling", s.ceiling)) return false;
  if (w.version() >= 2 && !w.each("portals", s.portals, n, [&](std::uint32_t& p) { return w.portal("", p); }))
    return false;
  if (w.version() >= 3)
    return w.group("ambient", [&] {
      return w.f64("r", s.ambient[0]) && w.f64("g", s.ambient[1]) && w.f64("b", s.ambient[2]);
    });
  return true;
}

template <typename W>
bool walkWorld(W& w, World& world) {
  std::uint32_t n = 0;
  if (!w.count("sectors", world.sectors, n, kMaxSectors, minSectorBytes(w.version()))) return false;
  w.sectorCount(n);
  return w.each("sectors", world.sectors, n, [&](Sector& s) { return walkSector(w, s); });
}

const core::HeaderRules kRules{kKws1Magic, kMinWorldVersion, kMaxWorldVersion, kMaxKws1Bytes};

// Runs a read walk over a framed file; the error, if any, is left in the walk.
template <bool Materialize>
std::optional<DecodeError> readWorld(std::span<const std::uint8_t> file, World& world,
                                     std::vector<std::uint64_t>* sectorOffsets) {
  auto framed = core::readHeader(file, kRules);
  if (auto* e = std::get_if<DecodeError>(&framed)) return *e;
  const core::Framed& f = std::get<core::Framed>(framed);
  world.version = f.header.documentVersion;
  ReadWalk<Materialize> walk(f.payload, world.version);
  if (!walkWorld(walk, world)) return walk.error();
  if (!walk.reader().atEnd())
    return DecodeError{Code::TrailingBytes, walk.reader().offset(), "sectors",
                       std::to_string(walk.reader().remaining()) + " bytes follow the last sector"};
  if (sectorOffsets) *sectorOffsets = walk.sectorOffsets();
  return std::nullopt;
}

}  // namespace

std::vector<std::uint8_t> encodeKws1(const World& w) {
  World c = canonical(w);
  WriteWalk walk(c.version);
  walkWorld(walk, c);
  return core::frame(kKws1Magic, c.version, walk.writer().bytes());
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
