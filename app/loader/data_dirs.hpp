// Where Kiln's shipped run-time data (workspace layouts, sample levels, budgets, schemas) lives:
// found relative to the running executable, so a build tree, an install and a moved install
// all work without any path baked in at build time.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace kiln::loader {

// The environment variable that names the data folder outright (tests, packagers, odd layouts).
inline constexpr const char* kDataDirVariable = "KILN_DATA_DIR";

// The result of a lookup: the folder found, or nothing and every place that was tried.
struct DataDir {
  std::filesystem::path path;                 // empty when no candidate exists
  std::vector<std::filesystem::path> looked;  // the candidates, in the order tried
};

// The folders to try, in order, for an executable at `exe`: the override alone when it is set
// and not empty (an explicit choice is never silently replaced by another install), else
// `<exe dir>/<installed>` and then `<exe dir>/<build>` (the build tree's staged copy), each
// once. `installed` and `build` are paths relative to the executable's folder.
std::vector<std::filesystem::path> dataDirCandidates(const std::filesystem::path& exe, const char* override,
                                                     const std::filesystem::path& installed,
                                                     const std::filesystem::path& build);

// The first candidate that is a directory.
DataDir findDataDir(const std::vector<std::filesystem::path>& candidates);

// The running program's file, from /proc/self/exe (symbolic links resolved); empty when the
// link cannot be read.
std::filesystem::path selfExecutable();

// The running program's data folder, looked up once. When there is none the first call prints
// one line on stderr naming every place looked and what is missing without it.
const DataDir& dataDir();

// `relative` inside the data folder. Without one, the same path under the first place looked,
// so a failed read names a real, expected location rather than a path relative to the cwd.
std::filesystem::path dataPath(const std::filesystem::path& relative);

// The message dataDir() prints for a lookup that found nothing (`program` is the file name).
std::string missingDataMessage(const std::string& program, const DataDir& lookup);

}  // namespace kiln::loader
