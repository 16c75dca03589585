// OutputPlan: every clash between a command's inputs and outputs is found before the first
// byte is written, by the file each path reaches rather than by how it is spelled.
#include "core/output_plan.hpp"

#include <sys/stat.h>

#include <system_error>
#include <unordered_map>

#include "core/assert.hpp"

namespace kiln::core {

bool OutputPlan::Identity::operator==(const Identity& o) const {
  if (exists != o.exists) return false;
  return exists ? dev == o.dev && ino == o.ino : where == o.where;
}

OutputPlan::Identity OutputPlan::identify(const std::filesystem::path& path) {
  Identity id;
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    id.exists = true;
    id.dev = st.st_dev;
    id.ino = st.st_ino;
    return id;
  }
  // Not there yet: the real path of the folders that exist, then the rest as written, so
  // `out/../x.png` and `./x.png` (or a folder reached through a link) meet.
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  id.where = std::filesystem::weakly_canonical(absolute, ec);
  if (ec) id.where = absolute.lexically_normal();
  // `missing/../f` does not resolve today but reaches `f` once the write has made `missing`.
  if (::stat(id.where.c_str(), &st) == 0) {
    id.exists = true;
    id.dev = st.st_dev;
    id.ino = st.st_ino;
  }
  return id;
}

std::size_t OutputPlan::addInput(const std::filesystem::path& path, std::string role) {
  inputs_.push_back({path, std::move(role)});
  checked_ = false;
  return inputs_.size() - 1;
}

std::size_t OutputPlan::addOutput(const std::filesystem::path& path, std::string role, Existing existing) {
  outputs_.push_back({path, std::move(role), existing});
  checked_ = false;
  return outputs_.size() - 1;
}

std::size_t OutputPlan::addCopy(const std::filesystem::path& path, std::string role, std::size_t input,
                                Existing existing) {
  KILN_ASSERT(input < inputs_.size());
  const std::size_t i = addOutput(path, std::move(role), existing);
  outputs_[i].copyOf = input;
  return i;
}

// A file's identity as one key, so a plan of many outputs (a capture sequence of 100,000 frames)
// finds its clashes through a hash table instead of comparing every pair.
std::string OutputPlan::Identity::key() const {
  return exists ? "i" + std::to_string(dev) + ":" + std::to_string(ino) : "p" + where.native();
}

Diagnostics OutputPlan::check(bool force) {
  Diagnostics problems;
  std::vector<Identity> in;
  std::unordered_map<std::string, std::size_t> inputAt;  // identity → the first input reaching it
  for (std::size_t j = 0; j < inputs_.size(); ++j) {
    in.push_back(identify(inputs_[j].path));
    inputAt.emplace(in.back().key(), j);
  }
  std::unordered_map<std::string, std::size_t> writtenAt;  // identity → the output written there
  std::vector<Identity> out;
  for (std::size_t i = 0; i < outputs_.size(); ++i) {
    Entry& o = outputs_[i];
    out.push_back(identify(o.path));
    o.inPlace = false;
    Diagnostic refused;
    if (!writeTarget(o.path, refused)) {
      problems.push_back(refused);
      continue;
    }
    if (o.copyOf < in.size() && out[i] == in[o.copyOf]) {
      o.inPlace = true;  // the copy would write a file's own bytes back onto it
      continue;
    }
    const std::string who = "the " + o.role + " " + o.path.string();
    const std::string key = out[i].key();
    if (const auto j = inputAt.find(key); j != inputAt.end()) {
      problems.push_back({Code::OutputIsInput, o.path.string(),
                          who + " would be written over the " + inputs_[j->second].role + " " +
                              inputs_[j->second].path.string() + " (the same file); nothing was written"});
      continue;
    }
    if (const auto k = writtenAt.find(key); k != writtenAt.end()) {
      problems.push_back({Code::OutputClash, o.path.string(),
                          who + " and the " + outputs_[k->second].role + " " + outputs_[k->second].path.string() +
                              " are the same file; nothing was written"});
      continue;
    }
    if (out[i].exists && o.existing == Existing::KeepUnlessForced && !force) {
      problems.push_back(
          {Code::OutputExists, o.path.string(),
           "the " + o.role + " exists already and is kept; nothing was written (" + forceHint_ + ")"});
      continue;
    }
    writtenAt.emplace(key, i);
  }
  checked_ = problems.empty();
  return problems;
}

bool OutputPlan::inPlace(std::size_t i) const {
  return outputs_.at(i).inPlace;
}

namespace {

void makeFolder(const std::filesystem::path& file) {
  // A failure is left to the write, which names the file and the reason.
  std::error_code ec;
  if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), ec);
}

}  // namespace

bool OutputPlan::write(std::size_t i, std::span<const std::uint8_t> bytes, Diagnostic& error,
                       const WriteOptions& options) {
  KILN_ASSERT(checked_ && i < outputs_.size());
  if (outputs_[i].inPlace) return true;
  makeFolder(outputs_[i].path);
  return writeFile(outputs_[i].path, bytes, error, options);
}

bool OutputPlan::writeTogether(std::span<const std::pair<std::size_t, std::span<const std::uint8_t>>> outputs,
                               Diagnostic& error) {
  KILN_ASSERT(checked_);
  std::vector<FileWrite> files;
  for (const auto& [i, bytes] : outputs) {
    KILN_ASSERT(i < outputs_.size());
    if (outputs_[i].inPlace) continue;
    makeFolder(outputs_[i].path);
    files.push_back({outputs_[i].path, bytes});
  }
  return writeFiles(files, error);
}

}  // namespace kiln::core
