// The output plan: a command names every file it reads and every file it will write before it
// writes any, so no output lands on an input, on another output, or (unless forced) on a file
// that is already there.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/file.hpp"

namespace kiln::core {

class OutputPlan {
 public:
  // What an output that exists already means: a file the user keeps (refused with
  // output-exists unless check() is forced) or a build product the command always replaces.
  enum class Existing { KeepUnlessForced, Replace };

  // `role` names the file in messages: "level source", "texture a", "first image". Returns the
  // input's index for addCopy().
  std::size_t addInput(const std::filesystem::path& path, std::string role);
  // Returns the output's index for write().
  std::size_t addOutput(const std::filesystem::path& path, std::string role,
                        Existing existing = Existing::KeepUnlessForced);
  // An output that holds the bytes of input `input` (a texture copied beside a compiled level):
  // when it already IS that input's file there is nothing to write, so it is left in place
  // (inPlace() says so, write() does nothing) instead of counting as output-is-input.
  std::size_t addCopy(const std::filesystem::path& path, std::string role, std::size_t input,
                      Existing existing = Existing::Replace);

  // Every reason the plan cannot be carried out, empty when it can: output-is-input (an output
  // reaches the same file as an input: device and inode after following links, so `./f`, a
  // hard link and a symlink all count), output-clash (two outputs reach one file; outputs that
  // do not exist yet are compared by absolute path with the parent folder's real path),
  // output-exists (an output kept unless forced exists and `force` is false), and what
  // writeTarget refuses (a dangling link, a FIFO or directory). Nothing has been written then.
  Diagnostics check(bool force = false);
  // The end of an output-exists message: how this program's user replaces the file
  // (default "--force replaces it").
  void forceHint(std::string hint) { forceHint_ = std::move(hint); }

  // True when output `i` is a copy already in place (after a passed check()).
  bool inPlace(std::size_t i) const;
  const std::filesystem::path& path(std::size_t i) const { return outputs_.at(i).path; }
  std::size_t outputCount() const { return outputs_.size(); }

  // Writes output `i` with core::writeFile, creating its folder when missing. Only after a
  // check() that found nothing; a copy in place is not written (true).
  bool write(std::size_t i, std::span<const std::uint8_t> bytes, Diagnostic& error,
             const WriteOptions& options = {});
  // Writes outputs together with core::writeFiles (the first, then its companions: an image
  // and its sidecar are never left mismatched).
  bool writeTogether(std::span<const std::pair<std::size_t, std::span<const std::uint8_t>>> outputs,
                     Diagnostic& error);

 private:
  struct Entry {
    std::filesystem::path path;
    std::string role;
    Existing existing = Existing::KeepUnlessForced;
    std::size_t copyOf = SIZE_MAX;
    bool inPlace = false;
  };
  // Where a path leads: an existing file by device and inode, a new one by its normalized
  // absolute path.
  struct Identity {
    bool exists = false;
    dev_t dev = 0;
    ino_t ino = 0;
    std::filesystem::path where;
    bool operator==(const Identity& o) const;
    std::string key() const;
  };
  static Identity identify(const std::filesystem::path& path);

  std::vector<Entry> inputs_;
  std::vector<Entry> outputs_;
  std::string forceHint_ = "--force replaces it";
  bool checked_ = false;
};

}  // namespace kiln::core
