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

// Reads a whole file. On failure returns nullopt and sets `error` (an ioError).
std::optional<std::vector<std::uint8_t>> readFile(const std::filesystem::path& path, Diagnostic& error,
                                                  std::uint64_t maxBytes = 1ull << 30);
// Writes atomically (temp file then rename) so a failed write never leaves half a file.
bool writeFile(const std::filesystem::path& path, std::span<const std::uint8_t> bytes, Diagnostic& error);

// The same with the error as one sentence, "FILE: reason", for callers that only show text.
std::optional<std::vector<std::uint8_t>> readFile(const std::filesystem::path& path, std::string& error,
                                                  std::uint64_t maxBytes = 1ull << 30);
bool writeFile(const std::filesystem::path& path, std::span<const std::uint8_t> bytes, std::string& error);

}  // namespace kiln::core
