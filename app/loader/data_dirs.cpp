// The data folder lookup: an override, then the install layout, then the build tree's stage.
#include "loader/data_dirs.hpp"

#include <cstdio>
#include <cstdlib>

// Both are relative to the executable's folder, set by app/CMakeLists.txt from GNUInstallDirs
// (bin -> share/kiln) and from where the build stages the data (app/ -> share/kiln).
#ifndef KILN_DATA_FROM_BIN
#define KILN_DATA_FROM_BIN "../share/kiln"
#endif
#ifndef KILN_DATA_FROM_BUILD
#define KILN_DATA_FROM_BUILD "../share/kiln"
#endif

namespace kiln::loader {

namespace fs = std::filesystem;

std::vector<fs::path> dataDirCandidates(const fs::path& exe, const char* override, const fs::path& installed,
                                        const fs::path& build) {
  if (override && *override) return {fs::path(override)};
  std::vector<fs::path> out;
  if (exe.empty()) return out;
  for (const fs::path& rel : {installed, build}) {
    // The executable's path has its links resolved, so a lexical ".." is the real parent.
    const fs::path p = (exe.parent_path() / rel).lexically_normal();
    bool seen = false;
    for (const auto& q : out) seen = seen || q == p;
    if (!seen) out.push_back(p);
  }
  return out;
}

DataDir findDataDir(const std::vector<fs::path>& candidates) {
  DataDir d;
  d.looked = candidates;
  for (const auto& c : candidates) {
    std::error_code ec;
    if (fs::is_directory(c, ec)) {
      d.path = c;
      break;
    }
  }
  return d;
}

fs::path selfExecutable() {
  std::error_code ec;
  fs::path p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : p;
}

std::string missingDataMessage(const std::string& program, const DataDir& lookup) {
  std::string where;
  for (const auto& p : lookup.looked) where += (where.empty() ? "" : ", ") + p.string();
  if (where.empty()) where = "nowhere: the executable's own path (/proc/self/exe) could not be read";
  return program + ": no data folder found (looked in " + where +
         "); workspace layouts, the sample list and the budget targets are unavailable. "
         "Reinstall Kiln, or set " +
         kDataDirVariable + " to its share/kiln folder.";
}

const DataDir& dataDir() {
  static const DataDir found = [] {
    const fs::path exe = selfExecutable();
    DataDir d = findDataDir(
        dataDirCandidates(exe, std::getenv(kDataDirVariable), KILN_DATA_FROM_BIN, KILN_DATA_FROM_BUILD));
    if (d.path.empty()) {
      const std::string program = exe.empty() ? std::string("kiln") : exe.filename().string();
      std::fprintf(stderr, "%s\n", missingDataMessage(program, d).c_str());
    }
    return d;
  }();
  return found;
}

fs::path dataPath(const fs::path& relative) {
  const DataDir& d = dataDir();
  if (!d.path.empty()) return d.path / relative;
  return d.looked.empty() ? relative : d.looked.front() / relative;
}

}  // namespace kiln::loader
