// The mounted level and how it is replaced: open, hot reload, "inspect anyway" for forged
// bounds, host capabilities. GL-free; a failed open never replaces the last good level.
#pragma once

#include <filesystem>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "loader/loader.hpp"
#include "selection.hpp"
#include "world/level.hpp"

namespace kiln::viewer {

struct MountedLevel {
  std::filesystem::path path;
  loader::LoadResult load;                      // ok() or opened with relaxed bounds
  std::vector<std::vector<float>> schedules;    // birthSchedule per emitter
  std::vector<std::uint8_t> forged;             // per emitter: stored bounds ≠ recomputed
  bool relaxedBounds = false;                   // opened with checkStoredBounds = false
  const particles::Document* particles() const { return load.level.particles ? &*load.level.particles : nullptr; }
  const world::World& world() const { return load.level.world; }
};

// What happened to an open request.
struct OpenOutcome {
  std::optional<MountedLevel> level;             // set when it loaded and mounted
  std::vector<loader::LocatedDiagnostic> diagnostics;
  bool forgedBounds = false;                     // refused only for forged bounds: offer "inspect anyway"
  bool mountRefused = false;                     // loaded, but the host lacks a feature
};

// Loads any .klm / .kwp / .yaml, then mounts it against `host`.
OpenOutcome openLevel(const std::filesystem::path& path, const world::HostCapabilities& host, bool relaxBounds);

// Files whose change should reload the level: the file itself and, for sources, its textures.
// The viewer's own saves are not changes: ownWrite records the content hash of what it wrote,
// and a file whose modification time moved but whose content is that is left alone.
struct WatchSet {
  struct File {
    std::filesystem::path path;
    std::filesystem::file_time_type time;
    std::optional<std::uint64_t> ownHash;  // FNV-1a 64 of the viewer's last write, if any
  };
  std::vector<File> files;
  static WatchSet of(const std::filesystem::path& path, const loader::LoadResult& load);
  // Call after the viewer wrote `bytes` to `path` (a watched file, or nothing happens).
  void ownWrite(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);
  // True when a file's modification time changed (or it vanished/reappeared) since `of`, unless
  // its content is exactly what the viewer itself last wrote there.
  bool changed() const;
};

// The object a diagnostic's field path names ("presets.embers.size[2].age" → preset embers).
Selection selectionForPath(const world::Level& level, std::string_view path);

// The recent-files list as text (one path per line) and back; blank lines are skipped.
std::string recentToText(const std::vector<std::string>& recent);
std::vector<std::string> recentFromText(std::string_view text, std::size_t limit = 10);

// Most-recent-first, no duplicates, at most `limit` entries.
void pushRecent(std::vector<std::string>& recent, const std::string& file, std::size_t limit = 10);

}  // namespace kiln::viewer
