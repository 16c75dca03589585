// Whole-file I/O.
#include "core/file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <system_error>

namespace kiln::core {

Diagnostic ioError(const std::filesystem::path& file, std::string reason) {
  return {Code::IoError, file.string(), std::move(reason)};
}

std::optional<std::vector<std::uint8_t>> readFile(const std::filesystem::path& path, Diagnostic& error,
                                                  std::uint64_t maxBytes) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = ioError(path, "is a directory");
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = ioError(path, std::string("cannot open: ") + std::strerror(errno));
    return std::nullopt;
  }
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  if (size < 0) {
    error = ioError(path, "cannot determine size");
    return std::nullopt;
  }
  if (static_cast<std::uint64_t>(size) > maxBytes) {
    error = ioError(path, "file of " + std::to_string(size) + " bytes is larger than " + std::to_string(maxBytes) +
                              " bytes");
    return std::nullopt;
  }
  in.seekg(0, std::ios::beg);
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  if (size > 0 && !in.read(reinterpret_cast<char*>(bytes.data()), size)) {
    error = ioError(path, "read failed");
    return std::nullopt;
  }
  return bytes;
}

bool writeFile(const std::filesystem::path& path, std::span<const std::uint8_t> bytes, Diagnostic& error) {
  const std::filesystem::path tmp = path.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) {
      error = ioError(path, std::string("cannot write: ") + std::strerror(errno));
      return false;
    }
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) {
      error = ioError(path, "write failed");
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    error = ioError(path, "cannot rename temporary file: " + ec.message());
    std::filesystem::remove(tmp, ec);
    return false;
  }
  return true;
}

std::optional<std::vector<std::uint8_t>> readFile(const std::filesystem::path& path, std::string& error,
                                                  std::uint64_t maxBytes) {
  Diagnostic d;
  auto bytes = readFile(path, d, maxBytes);
  if (!bytes) error = d.path + ": " + d.message;
  return bytes;
}

bool writeFile(const std::filesystem::path& path, std::span<const std::uint8_t> bytes, std::string& error) {
  Diagnostic d;
  if (writeFile(path, bytes, d)) return true;
  error = d.path + ": " + d.message;
  return false;
}

}  // namespace kiln::core
