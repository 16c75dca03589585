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
// The one safe write: a uniquely named temporary created exclusively (O_EXCL, O_NOFOLLOW) in
// the target's folder, fsync, then rename over the target, so a failed write never leaves half
// a file and a planted symlink is never followed. A target that exists and is not a regular
// file (device node, FIFO, directory) is refused with not-regular-file.
bool writeFile(const std::filesystem::path& path, std::span<const std::uint8_t> bytes, Diagnostic& error);

// The same with the error as one sentence, "FILE: reason", for callers that only show text.
std::optional<std::vector<std::uint8_t>> readFile(const std::filesystem::path& path, std::string& error,
                                                  std::uint64_t maxBytes = 1ull << 30);
bool writeFile(const std::filesystem::path& path, std::span<const std::uint8_t> bytes, std::string& error);

}  // namespace kiln::core
