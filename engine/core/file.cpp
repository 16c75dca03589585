// Whole-file I/O that hostile paths cannot turn against the user: reads open without blocking
// and accept only regular files (a FIFO never hangs a read); writes go to a fresh temporary
// created exclusively beside the real target, are fsynced and read back, then put in place, so
// a planted symlink is never followed, a device node, FIFO or directory is never replaced, and
// a link, a mode or a hard link the user made survives the write.
#include "core/file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <system_error>

#include "core/hash.hpp"

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

namespace {

// One file of a write on its way: the temporary holds the verified new bytes; commit() puts
// them in place.
struct Prepared {
  std::filesystem::path given;  // as the caller named it: every message names this
  std::filesystem::path real;   // the file that changes (the end of a link chain)
  std::filesystem::path tmp;    // empty once committed or discarded
  std::span<const std::uint8_t> bytes;
  bool existed = false;
  bool inPlace = false;  // several hard links: the file itself is rewritten
  dev_t dev = 0;
  ino_t ino = 0;
};

void fsyncFolder(const std::filesystem::path& file) {
  const std::filesystem::path dir = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
  // Best effort: some file systems refuse fsync on a folder.
  Fd dirFd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dirFd.fd >= 0) ::fsync(dirFd.fd);
}

void discard(Prepared& p) {
  if (!p.tmp.empty()) ::unlink(p.tmp.c_str());
  p.tmp.clear();
}

// True when the file behind `fd` holds exactly `bytes` (read back in pieces, so a large image
// is not held twice).
bool readsBack(int fd, std::span<const std::uint8_t> bytes) {
  std::vector<std::uint8_t> chunk(std::min<std::size_t>(bytes.size() + 1, 1u << 16));
  std::size_t at = 0;
  for (;;) {
    const ssize_t n = ::pread(fd, chunk.data(), chunk.size(), static_cast<off_t>(at));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) return at == bytes.size();
    const auto got = static_cast<std::size_t>(n);
    if (at + got > bytes.size() || std::memcmp(chunk.data(), bytes.data() + at, got) != 0) return false;
    at += got;
  }
}

bool prepare(const std::filesystem::path& path, std::span<const std::uint8_t> bytes,
             const WriteOptions& options, Prepared& p, Diagnostic& error) {
  auto real = writeTarget(path, error);
  if (!real) return false;
  p.given = path;
  p.real = *real;
  p.bytes = bytes;
  struct stat st {};
  p.existed = ::stat(p.real.c_str(), &st) == 0;
  const std::filesystem::path dir =
      p.real.has_parent_path() ? p.real.parent_path() : std::filesystem::path(".");
  int raw = -1;
  for (int attempt = 0; attempt < 16 && raw < 0; ++attempt) {
    p.tmp = dir / temporaryName(p.real);
    // O_EXCL|O_NOFOLLOW: a name planted in advance (file or symlink) makes this fail instead
    // of writing through it; a fresh name is then tried.
    raw = ::open(p.tmp.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (raw < 0 && errno != EEXIST) break;
  }
  if (raw < 0) {
    error = ioError(path, "cannot create a temporary file in " + dir.string() + ": " + errnoText());
    p.tmp.clear();
    return false;
  }
  Fd fd(raw);
  if (!writeAll(fd.fd, bytes)) {
    error = ioError(path, "write failed: " + errnoText());
    discard(p);
    return false;
  }
  if (p.existed) {
    // The owner first: chown may clear set-id bits that the chmod then restores. Changing the
    // owner needs privilege, so a failure there leaves the writer as owner (best effort).
    if ((st.st_uid != ::geteuid() || st.st_gid != ::getegid()) &&
        ::fchown(fd.fd, st.st_uid, st.st_gid) != 0) {
      // best effort
    }
    if (::fchmod(fd.fd, st.st_mode & 07777) != 0) {
      error = ioError(path, "cannot give the new file the old one's permissions: " + errnoText());
      discard(p);
      return false;
    }
    p.inPlace = st.st_nlink > 1;
    p.dev = st.st_dev;
    p.ino = st.st_ino;
  }
  if (::fsync(fd.fd) != 0) {
    error = ioError(path, "write failed: " + errnoText());
    discard(p);
    return false;
  }
  if (!readsBack(fd.fd, bytes)) {
    error = ioError(path, "the temporary file " + p.tmp.string() +
                              " does not read back as written; the file is unchanged");
    discard(p);
    return false;
  }
  // Checked last, so the window in which another program's save could slip in is as short as
  // the rename that follows.
  if (options.expectHash) {
    Diagnostic readError;
    auto current = p.existed ? readFile(p.real, readError) : std::nullopt;
    if (!current || fnv1a(*current) != *options.expectHash) {
      error = {Code::ChangedOnDisk, path.string(),
               p.existed && current ? "changed on disk since it was read; writing now would lose that change"
                                    : "no longer exists as it was read; writing now would lose that change"};
      discard(p);
      return false;
    }
  }
  return true;
}

// Opens the file a prepared write replaces in place, checking it is still the same file;
// -1 with `why` set otherwise.
int openSameFile(const Prepared& p, std::string& why) {
  const int fd = ::open(p.real.c_str(), O_WRONLY | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    why = errnoText();
    return -1;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_dev != p.dev || st.st_ino != p.ino) {
    ::close(fd);
    why = "it was replaced by another file meanwhile";
    return -1;
  }
  return fd;
}

bool commit(Prepared& p, Diagnostic& error) {
  if (!p.inPlace) {
    if (::rename(p.tmp.c_str(), p.real.c_str()) != 0) {
      error = ioError(p.given, "cannot rename the temporary file into place: " + errnoText());
      discard(p);
      return false;
    }
    p.tmp.clear();
    fsyncFolder(p.real);
    return true;
  }
  // A rename gives the name a new inode, and the file's other hard links would keep the old
  // bytes: only rewriting the inode itself changes what every name reads. The new bytes are
  // written over the old ones before the length is cut, so the old blocks are not freed before
  // the new ones are in; the verified temporary stays as the copy to recover from if this fails.
  std::string why;
  Fd fd(openSameFile(p, why));
  if (fd.fd < 0) {
    error =
        ioError(p.given, "cannot open the file to rewrite it in place (it has several hard links): " + why +
                             "; the file is unchanged");
    discard(p);
    return false;
  }
  if (!writeAll(fd.fd, p.bytes) || ::ftruncate(fd.fd, static_cast<off_t>(p.bytes.size())) != 0 ||
      ::fsync(fd.fd) != 0) {
    error = ioError(p.given, "cannot rewrite the file in place (it has several hard links): " + errnoText() +
                                 "; the new bytes are kept in " + p.tmp.string());
    p.tmp.clear();
    return false;
  }
  discard(p);
  return true;
}

// Clears a companion before its first file is replaced: a file with one name is removed, one
// with several is emptied (removing it would cut its other names off).
bool removeOld(const Prepared& p, Diagnostic& error) {
  if (!p.existed) return true;
  if (p.inPlace) {
    std::string why;
    Fd fd(openSameFile(p, why));
    if (fd.fd < 0 || ::ftruncate(fd.fd, 0) != 0 || ::fsync(fd.fd) != 0) {
      error = ioError(p.given, "cannot empty the old file: " + (fd.fd < 0 ? why : errnoText()));
      return false;
    }
    return true;
  }
  if (::unlink(p.real.c_str()) != 0 && errno != ENOENT) {
    error = ioError(p.given, "cannot remove the old file: " + errnoText());
    return false;
  }
  fsyncFolder(p.real);
  return true;
}

}  // namespace

std::optional<std::filesystem::path> writeTarget(const std::filesystem::path& path, Diagnostic& error) {
  if (path.native().find('\0') != std::string::npos || path.filename().empty()) {
    error = ioError(path, "not a file name");
    return std::nullopt;
  }
  std::filesystem::path real = path;
  struct stat st {};
  // Absent (or under a missing folder): a new file; the write reports what is wrong with it.
  if (::lstat(path.c_str(), &st) != 0) return real;
  if (S_ISLNK(st.st_mode)) {
    std::error_code ec;
    real = std::filesystem::canonical(path, ec);
    if (ec) {
      std::error_code ignored;
      const std::string to = std::filesystem::read_symlink(path, ignored).string();
      error = ioError(path, ec == std::errc::too_many_symbolic_link_levels
                                ? "is a symbolic link that loops (it points to '" + to + "')"
                                : "is a symbolic link to '" + to +
                                      "', which does not lead to an existing file (" + ec.message() +
                                      "); kiln writes through a link only to a file that exists");
      return std::nullopt;
    }
    if (::stat(real.c_str(), &st) != 0) return real;
  }
  if (!S_ISREG(st.st_mode)) {
    error = notRegular(path, st.st_mode, "writes");
    return std::nullopt;
  }
  return real;
}

bool writeFile(const std::filesystem::path& path, std::span<const std::uint8_t> bytes, Diagnostic& error,
               const WriteOptions& options) {
  Prepared p;
  return prepare(path, bytes, options, p, error) && commit(p, error);
}

bool writeFiles(std::span<const FileWrite> files, Diagnostic& error) {
  std::vector<Prepared> ps(files.size());
  const auto discardAll = [&] {
    for (Prepared& p : ps) discard(p);
  };
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!prepare(files[i].path, files[i].bytes, {}, ps[i], error)) {
      discardAll();
      return false;
    }
    for (std::size_t j = 0; j < i; ++j) {
      const bool same = ps[j].real.lexically_normal() == ps[i].real.lexically_normal() ||
                        (ps[j].existed && ps[i].existed && ps[j].dev == ps[i].dev && ps[j].ino == ps[i].ino);
      if (same) {
        error = {Code::OutputClash, files[i].path.string(),
                 "is the same file as " + files[j].path.string() + "; nothing was written"};
        discardAll();
        return false;
      }
    }
  }
  for (std::size_t i = 1; i < ps.size(); ++i) {
    if (!removeOld(ps[i], error)) {
      discardAll();
      return false;
    }
  }
  for (Prepared& p : ps) {
    if (!commit(p, error)) {
      discardAll();
      return false;
    }
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
