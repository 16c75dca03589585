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
#include "logic/selection.hpp"
#include "world/level.hpp"

namespace kiln::viewer {

struct MountedLevel {
  std::filesystem::path path;
  loader::LoadResult load;                      // ok() or opened with relaxed bounds
  std::vector<std::vector<float>> schedules;    // birthSchedule per emitter
  std::vector<std::uint8_t> forged;             // per emitter: stored bounds ≠ recomputed
  // Per emitter: what the relaxed checks found ("forged bounds, outside sector"), empty when
  // nothing; the outliner, the viewport and the Errors panel all read this one list.
  std::vector<std::string> problems;
  bool relaxedBounds = false;                   // opened with checkStoredBounds = false
  // A level source (.yaml): the exact bytes it was compiled from, which a save edits, and their
  // FNV-1a 64 hash, which tells whether the file on disk is still what the viewer shows. After a
  // save both become the bytes written. Empty text and hash 0 for compiled files.
  std::string sourceText;
  std::uint64_t loadedHash = 0;
  bool isSource() const { return load.kind == loader::FileKind::Source; }
  const particles::Document* particles() const { return load.level.particles ? &*load.level.particles : nullptr; }
  const world::World& world() const { return load.level.world; }
};

// What happened to an open request.
struct OpenOutcome {
  std::optional<MountedLevel> level;             // set when it loaded and mounted
  std::vector<loader::LocatedDiagnostic> diagnostics;
  bool relaxable = false;  // refused only by relaxable checks (world::isRelaxable): offer "inspect anyway"
  bool mountRefused = false;                     // loaded, but the host lacks a feature
};

// Loads any .klm / .kwp / .yaml, then mounts it against `host`. With `relaxBounds` the
// relaxable checks are off and their findings fill MountedLevel::problems and load.relaxedFindings.
OpenOutcome openLevel(const std::filesystem::path& path, const world::HostCapabilities& host, bool relaxBounds);

// Files whose change should reload the level: the file itself and, for sources, its textures.
// A file whose modification time moved but whose content is the bytes the viewer knows (the
// bytes it loaded, or its own last save) has not changed: a `touch` or the viewer's own write is
// not a reload.
struct WatchSet {
  struct File {
    std::filesystem::path path;
    std::filesystem::file_time_type time;
    std::optional<std::uint64_t> knownHash;  // FNV-1a 64 of the content the viewer holds, if known
  };
  std::vector<File> files;
  // `sourceHash`: the level file's content hash when the viewer holds its bytes (a source).
  static WatchSet of(const std::filesystem::path& path, const loader::LoadResult& load,
                     std::optional<std::uint64_t> sourceHash = std::nullopt);
  // Call after the viewer wrote `bytes` to `path` (a watched file, or nothing happens).
  void ownWrite(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);
  // True when a file's modification time changed (or it vanished/reappeared) since `of`, unless
  // its content is exactly the bytes the viewer knows.
  bool changed() const;
  // Takes the current modification times as the new baseline (after a change was reported and
  // answered, so it is reported once).
  void rearm();
};

// FNV-1a 64 of a file's bytes: the identity the viewer compares a source on disk by.
std::uint64_t bytesHash(std::span<const std::uint8_t> bytes);

// "forged bounds", "outside sector", "missing sector" (the code in words) for the relaxable codes.
std::string problemName(core::Code code);

// The object a diagnostic's field path names ("presets.embers.size[2].age" → preset embers).
Selection selectionForPath(const world::Level& level, std::string_view path);

// The recent-files list as text (one path per line) and back; blank lines are skipped.
std::string recentToText(const std::vector<std::string>& recent);
std::vector<std::string> recentFromText(std::string_view text, std::size_t limit = 10);

// Most-recent-first, no duplicates, at most `limit` entries.
void pushRecent(std::vector<std::string>& recent, const std::string& file, std::size_t limit = 10);

}  // namespace kiln::viewer
