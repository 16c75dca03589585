// Whole-file I/O.
#include "core/file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <system_error>

namespace kiln::core {

std::optional<std::vector<std::uint8_t>> readFile(const std::filesystem::path& path, std::string& error,
                                                  std::uint64_t maxBytes) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = path.string() + ": is a directory";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path.string() + ": cannot open: " + std::strerror(errno);
    return std::nullopt;
  }
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  if (size < 0) {
    error = path.string() + ": cannot determine size";
    return std::nullopt;
  }
  if (static_cast<std::uint64_t>(size) > maxBytes) {
    error = path.string() + ": file of " + std::to_string(size) + " bytes is larger than " +
            std::to_string(maxBytes) + " bytes";
    return std::nullopt;
  }
  in.seekg(0, std::ios::beg);
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  if (size > 0 && !in.read(reinterpret_cast<char*>(bytes.data()), size)) {
    error = path.string() + ": read failed";
    return std::nullopt;
  }
  return bytes;
}

bool writeFile(const std::filesystem::path& path, std::span<const std::uint8_t> bytes, std::string& error) {
  const std::filesystem::path tmp = path.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) {
      error = path.string() + ": cannot write: " + std::strerror(errno);
      return false;
    }
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) {
      error = path.string() + ": write failed";
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    error = path.string() + ": cannot rename temporary file: " + ec.message();
    std::filesystem::remove(tmp, ec);
    return false;
  }
  return true;
}

}  // namespace kiln::core
