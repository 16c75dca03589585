// Opening, mounting and watching levels (GL-free, unit-tested in tests/viewer).
#include <algorithm>

#include "core/file.hpp"
#include "core/hash.hpp"
#include "logic/level_session.hpp"
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
  // A source is read here, once: the bytes compiled are the bytes a save will edit, so a change
  // on disk between a read and a compile cannot slip between them.
  std::string sourceText;
  loader::LoadResult load = loader::fileKind(path) == loader::FileKind::Source
                                ? loader::loadSource(path, options, &sourceText)
                                : loader::loadAny(path, options);
  if (!load.ok()) {
    out.diagnostics = load.diagnostics;
    if (load.ioError && out.diagnostics.empty())
      out.diagnostics.push_back({{core::Code::IoError, "", "cannot read " + path.string()}, path.string()});
    // A compiled file refused only by checks that can be relaxed can be inspected anyway.
    out.relaxable = !load.ioError && load.kind != loader::FileKind::Source && !out.diagnostics.empty() &&
                    std::all_of(out.diagnostics.begin(), out.diagnostics.end(),
                                [](const auto& d) { return world::isRelaxable(d.diagnostic.code); });
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
  if (load.kind == loader::FileKind::Source) {
    level.loadedHash = bytesHash(std::span(reinterpret_cast<const std::uint8_t*>(sourceText.data()), sourceText.size()));
    level.sourceText = std::move(sourceText);
  }
  if (const particles::Document* doc = load.level.particles ? &*load.level.particles : nullptr) {
    for (const auto& e : doc->emitters) {
      level.schedules.push_back(particles::birthSchedule(e));
      const bool forged = !(particles::conservativeEmitterBounds(doc->presets[e.preset], e) == e.bounds);
      level.forged.push_back(forged ? 1 : 0);
    }
    level.problems.assign(doc->emitters.size(), {});
    for (const loader::LocatedDiagnostic& d : load.relaxedFindings) {
      const Selection sel = selectionForPath(load.level, d.diagnostic.path);
      if (sel.kind != Selection::Kind::Emitter || sel.index >= level.problems.size()) continue;
      std::string& p = level.problems[sel.index];
      const std::string name = problemName(d.diagnostic.code);
      if (p.find(name) == std::string::npos) p += (p.empty() ? "" : ", ") + name;
    }
  }
  level.load = std::move(load);
  out.level = std::move(level);
  return out;
}

std::string problemName(core::Code code) {
  switch (code) {
    case core::Code::ForgedBounds: return "forged bounds";
    case core::Code::OutsideSector: return "outside sector";
    case core::Code::MissingSector: return "missing sector";
    default: return std::string(core::codeName(code));
  }
}

std::uint64_t bytesHash(std::span<const std::uint8_t> bytes) {
  core::Fnv1a h;
  h.bytes(bytes);
  return h.value();
}

WatchSet WatchSet::of(const std::filesystem::path& path, const loader::LoadResult& load,
                      std::optional<std::uint64_t> sourceHash) {
  WatchSet w;
  auto add = [&](const std::filesystem::path& p, std::optional<std::uint64_t> hash) {
    std::error_code ec;
    w.files.push_back({p, std::filesystem::last_write_time(p, ec), hash});
  };
  add(path, sourceHash);
  for (const auto& t : load.textures)
    if (!t.image.origin.empty() && t.image.origin != "generated") add(t.image.origin, std::nullopt);
  return w;
}

void WatchSet::ownWrite(const std::filesystem::path& path, std::span<const std::uint8_t> bytes) {
  for (File& f : files)
    if (f.path == path) {
      f.knownHash = bytesHash(bytes);
      std::error_code ec;
      f.time = std::filesystem::last_write_time(f.path, ec);
    }
}

bool WatchSet::changed() const {
  for (const File& f : files) {
    std::error_code ec;
    if (std::filesystem::last_write_time(f.path, ec) == f.time) continue;
    if (f.knownHash) {
      std::string error;
      const auto bytes = core::readFile(f.path, error);
      if (bytes && bytesHash(*bytes) == *f.knownHash) continue;  // touched, or the viewer's own save
    }
    return true;
  }
  return false;
}

void WatchSet::rearm() {
  for (File& f : files) {
    std::error_code ec;
    f.time = std::filesystem::last_write_time(f.path, ec);
  }
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
