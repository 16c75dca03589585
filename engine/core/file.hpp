// Whole-file reading and writing with errors as values.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace kiln::core {

// Reads a whole file. On failure returns nullopt and sets `error` to a sentence naming the file.
std::optional<std::vector<std::uint8_t>> readFile(const std::filesystem::path& path, std::string& error,
                                                  std::uint64_t maxBytes = 1ull << 30);
// Writes atomically (temp file then rename) so a failed write never leaves half a file.
bool writeFile(const std::filesystem::path& path, std::span<const std::uint8_t> bytes, std::string& error);

}  // namespace kiln::core
