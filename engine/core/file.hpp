// Whole-file reading and writing with errors as values.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"

namespace kiln::core {

// An I/O failure as a diagnostic: code io-error, `path` the file, `message` the reason alone,
// so a formatter names the file exactly once.
Diagnostic ioError(const std::filesystem::path& file, std::string reason);

// nullopt when `path` names a regular file (following symlinks); otherwise the diagnostic
// (not-regular-file for a FIFO, device, directory or socket; io-error when it cannot be stat'd).
std::optional<Diagnostic> checkRegularFile(const std::filesystem::path& path);

// Reads a whole regular file without ever blocking on a FIFO or device (those are refused with
// not-regular-file). On failure returns nullopt and sets `error`.
std::optional<std::vector<std::uint8_t>> readFile(const std::filesystem::path& path, Diagnostic& error,
                                                  std::uint64_t maxBytes = 1ull << 30);

// The file a write to `path` changes: `path` itself when it is absent or a regular file, the
// end of the link chain when it is a symbolic link. A dangling link or a loop is refused
// (io-error, naming where the link points), and so is an existing target that is not a regular
// file (not-regular-file), before anything is created.
std::optional<std::filesystem::path> writeTarget(const std::filesystem::path& path, Diagnostic& error);

struct WriteOptions {
  // Set: the write is refused with changed-on-disk (the file untouched) unless the target's
  // current bytes hash to this FNV-1a 64 value (core/hash.hpp) — a save that would otherwise
  // overwrite another program's change. A target that no longer exists is refused too.
  std::optional<std::uint64_t> expectHash;
};

// The one safe write. The bytes go to a uniquely named temporary created exclusively
// (O_EXCL, O_NOFOLLOW, so a planted name is never followed) in the real target's folder; it is
// fsynced, read back and compared with `bytes`, and only then put in place:
// - a symbolic link is written through: the link stays, the file it leads to gets the bytes;
// - an existing file keeps its permission bits and (best effort) its owner; a new one gets the
//   umask's default;
// - a file with several hard links is rewritten in place so every name sees the new bytes;
//   any other file is replaced by renaming the temporary over it, so a failed write never
//   leaves half a file.
// A target that is a device node, FIFO or directory is refused with not-regular-file.
bool writeFile(const std::filesystem::path& path, std::span<const std::uint8_t> bytes, Diagnostic& error,
               const WriteOptions& options = {});

// One file of a writeFiles unit.
struct FileWrite {
  std::filesystem::path path;
  std::span<const std::uint8_t> bytes;
};

// Replaces files[0] and its companions files[1..] (an image and its JSON sidecar) so they never
// disagree: every temporary is written and verified first (a failure there changes nothing),
// then the old companions are removed, files[0] is put in place, then each companion. An
// interruption can leave the first file without (some of) its companions, never a new file
// beside an old companion. Each file is written as writeFile writes it.
bool writeFiles(std::span<const FileWrite> files, Diagnostic& error);

// The same with the error as one sentence, "FILE: reason", for callers that only show text.
std::optional<std::vector<std::uint8_t>> readFile(const std::filesystem::path& path, std::string& error,
                                                  std::uint64_t maxBytes = 1ull << 30);
bool writeFile(const std::filesystem::path& path, std::span<const std::uint8_t> bytes, std::string& error);

}  // namespace kiln::core
