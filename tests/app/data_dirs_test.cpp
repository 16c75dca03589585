// The data folder lookup: the override alone when set, else beside the executable (install
// layout, then the build tree's stage), the first existing folder wins, and a failed lookup
// names every place it tried.
#include "loader/data_dirs.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <string>

namespace fs = std::filesystem;
using kiln::loader::dataDirCandidates;
using kiln::loader::findDataDir;

namespace {

// A fresh folder of this test's own under the build's scratch area.
fs::path scratch(const std::string& name) {
  const fs::path dir = fs::path(KILN_BINARY_DIR) / "test-scratch" / "data_dirs" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("data dirs: the candidates sit beside the executable, install layout first", "[data_dirs]") {
  const auto c = dataDirCandidates("/opt/kiln/bin/kiln-view", nullptr, "../share/kiln", "../stage/kiln");
  REQUIRE(c.size() == 2);
  CHECK(c[0] == fs::path("/opt/kiln/share/kiln"));  // normalised: no "bin/.." left in messages
  CHECK(c[1] == fs::path("/opt/kiln/stage/kiln"));
  // The same relative path for both (the usual case: app/ and bin/ are both one level down) is
  // tried once.
  const auto same = dataDirCandidates("/x/build/app/kiln", nullptr, "../share/kiln", "../share/kiln");
  REQUIRE(same.size() == 1);
  CHECK(same[0] == fs::path("/x/build/share/kiln"));
}

TEST_CASE("data dirs: a set override is the only candidate, an empty one is ignored", "[data_dirs]") {
  const auto set =
      dataDirCandidates("/opt/kiln/bin/kiln-view", "/srv/kiln-data", "../share/kiln", "../share/kiln");
  REQUIRE(set.size() == 1);
  CHECK(set[0] == fs::path("/srv/kiln-data"));
  const auto empty = dataDirCandidates("/opt/kiln/bin/kiln-view", "", "../share/kiln", "../share/kiln");
  REQUIRE(empty.size() == 1);
  CHECK(empty[0] == fs::path("/opt/kiln/share/kiln"));
  // Without the executable's path there is nothing to look beside.
  CHECK(dataDirCandidates("", nullptr, "../share/kiln", "../share/kiln").empty());
}

TEST_CASE("data dirs: the first candidate that is a folder wins, a file of that name does not count",
          "[data_dirs]") {
  const fs::path root = scratch("first");
  fs::create_directories(root / "second");
  fs::create_directories(root / "third");
  std::ofstream(root / "file") << "not a folder";
  const auto found = findDataDir({root / "missing", root / "file", root / "second", root / "third"});
  CHECK(found.path == root / "second");
  CHECK(found.looked.size() == 4);
  const auto none = findDataDir({root / "missing", root / "file"});
  CHECK(none.path.empty());
  CHECK(none.looked == std::vector<fs::path>{root / "missing", root / "file"});
}

TEST_CASE("data dirs: the missing-data message names every place looked and the override", "[data_dirs]") {
  kiln::loader::DataDir d;
  d.looked = {"/a/share/kiln", "/b/share/kiln"};
  const std::string m = kiln::loader::missingDataMessage("kiln-view", d);
  CHECK(m.rfind("kiln-view: no data folder found", 0) == 0);
  CHECK(m.find("/a/share/kiln, /b/share/kiln") != std::string::npos);
  CHECK(m.find("KILN_DATA_DIR") != std::string::npos);
  const std::string nowhere = kiln::loader::missingDataMessage("kiln-view", {});
  CHECK(nowhere.find("/proc/self/exe") != std::string::npos);
}

TEST_CASE("data dirs: the running program's own file is found through /proc/self/exe", "[data_dirs]") {
  const fs::path self = kiln::loader::selfExecutable();
  REQUIRE(!self.empty());
  CHECK(self.is_absolute());
  CHECK(self.filename() == "test_app");
  CHECK(fs::is_regular_file(self));
}
