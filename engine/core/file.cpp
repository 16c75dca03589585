// Whole-file I/O that hostile paths cannot turn against the user: reads open without blocking
// and accept only regular files (a FIFO never hangs a read); writes go to a fresh temporary
// created exclusively beside the target, are fsynced, then renamed over it, so a planted
// symlink is never followed and a device node, FIFO or directory is never replaced.
#include "core/file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <system_error>

namespace kiln::core {
namespace {

std::string errnoText() { return std::strerror(errno); }

// Closes a file descriptor on every path out.
struct Fd {
  int fd = -1;
  explicit Fd(int f) : fd(f) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

const char* kindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

Diagnostic notRegular(const std::filesystem::path& file, mode_t mode, const char* verb) {
  return {Code::NotRegularFile, file.string(),
          std::string("is ") + kindOf(mode) + "; kiln " + verb + " only regular files"};
}

// A name no other writer uses: pid, a process-wide counter and the clock.
std::string temporaryName(const std::filesystem::path& target) {
  static std::atomic<std::uint64_t> counter{0};
  const auto now = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  const std::uint64_t n = counter.fetch_add(1) ^ (now * 0x9E3779B97F4A7C15ull);
  char suffix[64];
  std::snprintf(suffix, sizeof suffix, ".%ld.%016llx.tmp", static_cast<long>(::getpid()),
                static_cast<unsigned long long>(n));
  return "." + target.filename().string() + suffix;
}

bool writeAll(int fd, std::span<const std::uint8_t> bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

Diagnostic ioError(const std::filesystem::path& file, std::string reason) {
  return {Code::IoError, file.string(), std::move(reason)};
}

std::optional<Diagnostic> checkRegularFile(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return ioError(path, "cannot open: " + errnoText());
  if (!S_ISREG(st.st_mode)) return notRegular(path, st.st_mode, "reads");
  return std::nullopt;
}

std::optional<std::vector<std::uint8_t>> readFile(const std::filesystem::path& path, Diagnostic& error,
                                                  std::uint64_t maxBytes) {
  if (path.native().find('\0') != std::string::npos) {
    error = ioError(path, "the path holds a NUL byte");
    return std::nullopt;
  }
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever. The
  // type is checked on the opened descriptor, so a swap after a stat cannot slip through.
  Fd fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (fd.fd < 0) {
    if (errno == EISDIR) {
      error = {Code::NotRegularFile, path.string(), "is a directory; kiln reads only regular files"};
      return std::nullopt;
    }
    error = ioError(path, "cannot open: " + errnoText());
    return std::nullopt;
  }
  struct stat st {};
  if (::fstat(fd.fd, &st) != 0) {
    error = ioError(path, "cannot stat: " + errnoText());
    return std::nullopt;
  }
  if (!S_ISREG(st.st_mode)) {
    error = notRegular(path, st.st_mode, "reads");
    return std::nullopt;
  }
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (size > maxBytes) {
    error = ioError(path, "file of " + std::to_string(size) + " bytes is larger than " + std::to_string(maxBytes) +
                              " bytes");
    return std::nullopt;
  }
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::read(fd.fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = ioError(path, "read failed: " + errnoText());
      return std::nullopt;
    }
    if (n == 0) break;  // the file shrank while we read: keep what is there
    done += static_cast<std::size_t>(n);
  }
  bytes.resize(done);
  return bytes;
}

bool writeFile(const std::filesystem::path& path, std::span<const std::uint8_t> bytes, Diagnostic& error) {
  if (path.native().find('\0') != std::string::npos || path.filename().empty()) {
    error = ioError(path, "not a file name");
    return false;
  }
  // The target may be absent, a regular file, or a symlink to a regular file (the link itself
  // is then replaced); anything else is refused before a byte is written.
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    error = notRegular(path, st.st_mode, "writes");
    return false;
  }
  const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  std::filesystem::path tmp;
  int raw = -1;
  for (int attempt = 0; attempt < 16 && raw < 0; ++attempt) {
    tmp = dir / temporaryName(path);
    // O_EXCL|O_NOFOLLOW: a name planted in advance (file or symlink) makes this fail instead
    // of writing through it; a fresh name is then tried.
    raw = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (raw < 0 && errno != EEXIST) break;
  }
  if (raw < 0) {
    error = ioError(path, "cannot create a temporary file in " + dir.string() + ": " + errnoText());
    return false;
  }
  Fd fd(raw);
  std::error_code ec;
  if (!writeAll(fd.fd, bytes) || ::fsync(fd.fd) != 0) {
    error = ioError(path, "write failed: " + errnoText());
    std::filesystem::remove(tmp, ec);
    return false;
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    error = ioError(path, "cannot rename temporary file: " + errnoText());
    std::filesystem::remove(tmp, ec);
    return false;
  }
  // Make the rename itself durable (best effort: some file systems refuse fsync on a folder).
  Fd dirFd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dirFd.fd >= 0) ::fsync(dirFd.fd);
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
