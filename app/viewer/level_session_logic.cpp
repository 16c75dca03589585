// Opening, mounting and watching levels (GL-free, unit-tested in tests/viewer).
#include <algorithm>

#include "core/file.hpp"
#include "core/hash.hpp"
#include "level_session.hpp"
#include "particles/bounds.hpp"
#include "particles/schedule.hpp"

namespace kiln::viewer {
namespace {

std::string_view segment(std::string_view path, std::size_t start) {
  const std::size_t end = path.find_first_of(".[", start);
  return path.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
}

}  // namespace

OpenOutcome openLevel(const std::filesystem::path& path, const world::HostCapabilities& host, bool relaxBounds) {
  OpenOutcome out;
  loader::LoadOptions options;
  options.checkStoredBounds = !relaxBounds;
  loader::LoadResult load = loader::loadAny(path, options);
  if (!load.ok()) {
    out.diagnostics = load.diagnostics;
    if (load.ioError && out.diagnostics.empty())
      out.diagnostics.push_back({{core::Code::IoError, "", "cannot read " + path.string()}, path.string()});
    out.forgedBounds = !out.diagnostics.empty() &&
                       std::all_of(out.diagnostics.begin(), out.diagnostics.end(), [](const auto& d) {
                         return d.diagnostic.code == core::Code::ForgedBounds;
                       });
    return out;
  }
  const core::Diagnostics refused = world::mount(load.level, host);
  if (!refused.empty()) {
    for (const auto& d : refused) out.diagnostics.push_back({d, path.string()});
    out.mountRefused = true;
    return out;
  }
  MountedLevel level;
  level.path = path;
  level.relaxedBounds = relaxBounds;
  if (const particles::Document* doc = load.level.particles ? &*load.level.particles : nullptr) {
    for (const auto& e : doc->emitters) {
      level.schedules.push_back(particles::birthSchedule(e));
      const bool forged = !(particles::conservativeEmitterBounds(doc->presets[e.preset], e) == e.bounds);
      level.forged.push_back(forged ? 1 : 0);
    }
  }
  level.load = std::move(load);
  out.level = std::move(level);
  return out;
}

WatchSet WatchSet::of(const std::filesystem::path& path, const loader::LoadResult& load) {
  WatchSet w;
  auto add = [&](const std::filesystem::path& p) {
    std::error_code ec;
    w.files.push_back({p, std::filesystem::last_write_time(p, ec), std::nullopt});
  };
  add(path);
  for (const auto& t : load.textures)
    if (!t.image.origin.empty() && t.image.origin != "generated") add(t.image.origin);
  return w;
}

namespace {
std::uint64_t contentHash(std::span<const std::uint8_t> bytes) {
  core::Fnv1a h;
  h.bytes(bytes);
  return h.value();
}
}  // namespace

void WatchSet::ownWrite(const std::filesystem::path& path, std::span<const std::uint8_t> bytes) {
  for (File& f : files)
    if (f.path == path) f.ownHash = contentHash(bytes);
}

bool WatchSet::changed() const {
  for (const File& f : files) {
    std::error_code ec;
    if (std::filesystem::last_write_time(f.path, ec) == f.time) continue;
    if (f.ownHash) {
      std::string error;
      const auto bytes = core::readFile(f.path, error);
      if (bytes && contentHash(*bytes) == *f.ownHash) continue;  // the viewer's own save
    }
    return true;
  }
  return false;
}

Selection selectionForPath(const world::Level& level, std::string_view path) {
  using K = Selection::Kind;
  // Paths inside a level module carry their entry: "@world/particles:emitters.NAME.bounds".
  if (path.starts_with("@") && path.find(':') != std::string_view::npos) path.remove_prefix(path.find(':') + 1);
  const particles::Document* doc = level.particles ? &*level.particles : nullptr;
  auto find = [](const auto& items, std::string_view name) -> std::optional<std::uint32_t> {
    for (std::size_t i = 0; i < items.size(); ++i)
      if (items[i].name == name) return static_cast<std::uint32_t>(i);
    return std::nullopt;
  };
  auto indexed = [&](std::string_view rest, std::size_t count) -> std::optional<std::uint32_t> {
    // Unnamed objects appear as "emitters[3]".
    if (rest.size() < 3 || rest[0] != '[') return std::nullopt;
    std::uint32_t i = 0;
    for (std::size_t k = 1; k < rest.size() && rest[k] != ']'; ++k) {
      if (rest[k] < '0' || rest[k] > '9') return std::nullopt;
      i = i * 10 + static_cast<std::uint32_t>(rest[k] - '0');
    }
    return i < count ? std::optional<std::uint32_t>(i) : std::nullopt;
  };
  auto pick = [&](K kind, const auto& items, std::string_view prefix) -> std::optional<Selection> {
    if (!path.starts_with(prefix)) return std::nullopt;
    const std::string_view rest = path.substr(prefix.size());
    std::optional<std::uint32_t> i;
    if (!rest.empty() && rest[0] == '.') i = find(items, segment(path, prefix.size() + 1));
    else i = indexed(rest, items.size());
    if (!i) return std::nullopt;
    return Selection{kind, *i};
  };
  if (doc) {
    if (auto s = pick(K::Preset, doc->presets, "presets")) return *s;
    if (auto s = pick(K::Emitter, doc->emitters, "emitters")) return *s;
  }
  if (auto s = pick(K::Sector, level.world.sectors, "world.sectors")) return *s;
  return {};
}

std::string recentToText(const std::vector<std::string>& recent) {
  std::string out;
  for (const auto& r : recent) out += r + "\n";
  return out;
}

std::vector<std::string> recentFromText(std::string_view text, std::size_t limit) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size() && out.size() < limit) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(start, end - start));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty() && std::find(out.begin(), out.end(), line) == out.end()) out.push_back(line);
    start = end + 1;
  }
  return out;
}

void pushRecent(std::vector<std::string>& recent, const std::string& file, std::size_t limit) {
  recent.erase(std::remove(recent.begin(), recent.end(), file), recent.end());
  recent.insert(recent.begin(), file);
  if (recent.size() > limit) recent.resize(limit);
}

}  // namespace kiln::viewer
