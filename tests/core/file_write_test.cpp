// Nothing lost at the core: writeFile keeps links, modes and hard links and refuses a stale
// target; writeFiles replaces a file and its companion together; the output plan refuses an
// output that reaches an input, another output or a kept file, however the path is spelled.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "core/file.hpp"
#include "core/output_plan.hpp"

using namespace kiln::core;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::path(KILN_BINARY_DIR) / "test-scratch" / "core-file-write" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void put(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

std::span<const std::uint8_t> bytesOf(const std::string& s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

struct stat statOf(const fs::path& p) {
  struct stat st {};
  REQUIRE(::stat(p.c_str(), &st) == 0);
  return st;
}

// Names in `dir` that look like a writeFile temporary.
std::size_t temporaries(const fs::path& dir) {
  std::size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".tmp") ++n;
  return n;
}

bool hasCode(const Diagnostics& ds, Code code) {
  for (const Diagnostic& d : ds)
    if (d.code == code) return true;
  return false;
}

}  // namespace

TEST_CASE("finding: a write to a symlink goes through it, the link stays a link", "[file]") {
  const fs::path dir = scratch("symlink");
  fs::create_directories(dir / "real");
  fs::create_directories(dir / "links");
  put(dir / "real" / "level.yaml", "old");
  fs::create_symlink("../real/level.yaml", dir / "links" / "level.yaml");
  Diagnostic e;
  const std::string data = "new bytes";
  REQUIRE(writeFile(dir / "links" / "level.yaml", bytesOf(data), e));
  CHECK(fs::is_symlink(dir / "links" / "level.yaml"));
  CHECK(fs::read_symlink(dir / "links" / "level.yaml") == "../real/level.yaml");
  CHECK(slurp(dir / "real" / "level.yaml") == "new bytes");
  CHECK(temporaries(dir / "real") == 0);
  CHECK(temporaries(dir / "links") == 0);
  // A chain of two links ends at the same file.
  fs::create_symlink("links/level.yaml", dir / "chain.yaml");
  const std::string again = "third";
  REQUIRE(writeFile(dir / "chain.yaml", bytesOf(again), e));
  CHECK(fs::is_symlink(dir / "chain.yaml"));
  CHECK(slurp(dir / "real" / "level.yaml") == "third");
}

TEST_CASE("finding: a dangling symlink is refused, naming where it points", "[file]") {
  const fs::path dir = scratch("dangling");
  fs::create_symlink("nowhere/missing.klm", dir / "out.klm");
  Diagnostic e;
  const std::string data = "x";
  CHECK_FALSE(writeFile(dir / "out.klm", bytesOf(data), e));
  CHECK(e.code == Code::IoError);
  CHECK(e.message.find("nowhere/missing.klm") != std::string::npos);
  CHECK(fs::is_symlink(dir / "out.klm"));
  CHECK_FALSE(fs::exists(dir / "nowhere"));
  CHECK(temporaries(dir) == 0);
  // A loop is refused too.
  fs::create_symlink("b.klm", dir / "a.klm");
  fs::create_symlink("a.klm", dir / "b.klm");
  CHECK_FALSE(writeFile(dir / "a.klm", bytesOf(data), e));
  CHECK(e.code == Code::IoError);
}

TEST_CASE("finding: a 0600 file stays 0600, a new file gets the umask's default", "[file]") {
  const fs::path dir = scratch("mode");
  put(dir / "private.yaml", "secret");
  REQUIRE(::chmod((dir / "private.yaml").c_str(), 0600) == 0);
  Diagnostic e;
  const std::string data = "still secret";
  REQUIRE(writeFile(dir / "private.yaml", bytesOf(data), e));
  CHECK((statOf(dir / "private.yaml").st_mode & 07777) == 0600);
  CHECK(slurp(dir / "private.yaml") == "still secret");
  // 0640 just beside it, so the rule is "keep", not "always 0600".
  put(dir / "group.yaml", "g");
  REQUIRE(::chmod((dir / "group.yaml").c_str(), 0640) == 0);
  REQUIRE(writeFile(dir / "group.yaml", bytesOf(data), e));
  CHECK((statOf(dir / "group.yaml").st_mode & 07777) == 0640);
  const mode_t old = ::umask(027);
  const bool wrote = writeFile(dir / "new.yaml", bytesOf(data), e);
  ::umask(old);
  REQUIRE(wrote);
  CHECK((statOf(dir / "new.yaml").st_mode & 07777) == 0640);  // 0666 & ~027
}

TEST_CASE("finding: a file with hard links is rewritten in place, every name sees the new bytes", "[file]") {
  const fs::path dir = scratch("hardlink");
  put(dir / "a.yaml", "the old, longer content");
  fs::create_hard_link(dir / "a.yaml", dir / "b.yaml");
  const ino_t inode = statOf(dir / "a.yaml").st_ino;
  Diagnostic e;
  const std::string data = "short";
  REQUIRE(writeFile(dir / "a.yaml", bytesOf(data), e));
  CHECK(statOf(dir / "a.yaml").st_nlink == 2);
  CHECK(statOf(dir / "a.yaml").st_ino == inode);
  CHECK(statOf(dir / "b.yaml").st_ino == inode);
  CHECK(slurp(dir / "a.yaml") == "short");
  CHECK(slurp(dir / "b.yaml") == "short");
  CHECK(temporaries(dir) == 0);
  // The other side: a file with one name is replaced by a rename (a new inode, atomically).
  put(dir / "single.yaml", "one");
  const ino_t before = statOf(dir / "single.yaml").st_ino;
  REQUIRE(writeFile(dir / "single.yaml", bytesOf(data), e));
  CHECK(statOf(dir / "single.yaml").st_nlink == 1);
  CHECK(statOf(dir / "single.yaml").st_ino != before);
  CHECK(slurp(dir / "single.yaml") == "short");
}

TEST_CASE("finding: a save over a file changed on disk is refused by its expected hash", "[file]") {
  const fs::path dir = scratch("expect-hash");
  put(dir / "level.yaml", "version 1\n");
  Diagnostic e;
  const std::string data = "version 2\n";
  WriteOptions stale;
  stale.expectHash = 0x3a165555fd2650efull;  // FNV-1a 64 of "version 0\n" (computed by hand in Python)
  CHECK_FALSE(writeFile(dir / "level.yaml", bytesOf(data), e, stale));
  CHECK(e.code == Code::ChangedOnDisk);
  CHECK(slurp(dir / "level.yaml") == "version 1\n");
  CHECK(temporaries(dir) == 0);
  WriteOptions current;
  current.expectHash = 0x3a12f355fd237492ull;  // FNV-1a 64 of "version 1\n"
  REQUIRE(writeFile(dir / "level.yaml", bytesOf(data), e, current));
  CHECK(slurp(dir / "level.yaml") == "version 2\n");
  // A file that is gone no longer has the expected bytes either.
  CHECK_FALSE(writeFile(dir / "gone.yaml", bytesOf(data), e, current));
  CHECK(e.code == Code::ChangedOnDisk);
  CHECK_FALSE(fs::exists(dir / "gone.yaml"));
}

TEST_CASE("finding: an image and its sidecar are replaced together or not at all", "[file]") {
  const fs::path dir = scratch("pair");
  put(dir / "shot.png", "old image");
  put(dir / "shot.json", "old sidecar");
  const std::string png = "new image", json = "new sidecar";
  Diagnostic e;
  const FileWrite both[] = {{dir / "shot.png", bytesOf(png)}, {dir / "shot.json", bytesOf(json)}};
  REQUIRE(writeFiles(both, e));
  CHECK(slurp(dir / "shot.png") == "new image");
  CHECK(slurp(dir / "shot.json") == "new sidecar");
  // A sidecar with a second name is emptied and rewritten in place: both names see the new bytes.
  fs::create_hard_link(dir / "shot.json", dir / "shot-link.json");
  const std::string png2 = "third image", json2 = "third sidecar";
  const FileWrite linked[] = {{dir / "shot.png", bytesOf(png2)}, {dir / "shot.json", bytesOf(json2)}};
  REQUIRE(writeFiles(linked, e));
  CHECK(slurp(dir / "shot.png") == "third image");
  CHECK(slurp(dir / "shot-link.json") == "third sidecar");
  CHECK(statOf(dir / "shot.json").st_nlink == 2);
  // A companion that cannot be written (a directory in its place) changes nothing at all.
  put(dir / "two.png", "old image");
  fs::create_directories(dir / "two.json");
  const FileWrite blocked[] = {{dir / "two.png", bytesOf(png)}, {dir / "two.json", bytesOf(json)}};
  CHECK_FALSE(writeFiles(blocked, e));
  CHECK(e.code == Code::NotRegularFile);
  CHECK(slurp(dir / "two.png") == "old image");
  CHECK(temporaries(dir) == 0);
  // Two names of one file in one unit are refused before anything is written.
  const FileWrite twice[] = {{dir / "shot.png", bytesOf(png)}, {dir / "." / "shot.png", bytesOf(json)}};
  CHECK_FALSE(writeFiles(twice, e));
  CHECK(e.code == Code::OutputClash);
  CHECK(slurp(dir / "shot.png") == "third image");
}

TEST_CASE("finding: the output plan accepts distinct files and refuses an output that is an input",
          "[plan]") {
  const fs::path dir = scratch("plan-input");
  put(dir / "l.yaml", "level");
  fs::create_hard_link(dir / "l.yaml", dir / "hard.yaml");
  fs::create_symlink("l.yaml", dir / "soft.yaml");
  {
    OutputPlan plan;
    plan.addInput(dir / "l.yaml", "level source");
    const std::size_t out = plan.addOutput(dir / "l.klm", "level module", OutputPlan::Existing::Replace);
    CHECK(plan.check().empty());
    Diagnostic e;
    const std::string data = "KLM1";
    REQUIRE(plan.write(out, bytesOf(data), e));
    CHECK(slurp(dir / "l.klm") == "KLM1");
  }
  for (const fs::path& same :
       {dir / "." / "l.yaml", dir / "hard.yaml", dir / "soft.yaml", dir / "x" / ".." / "l.yaml"}) {
    OutputPlan plan;
    plan.addInput(dir / "l.yaml", "level source");
    plan.addOutput(same, "level module", OutputPlan::Existing::Replace);
    const Diagnostics ds = plan.check(true);
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].code == Code::OutputIsInput);
    CHECK(ds[0].message.find("level module") != std::string::npos);
    CHECK(ds[0].message.find("level source") != std::string::npos);
    CHECK(ds[0].message.find((dir / "l.yaml").string()) != std::string::npos);
  }
  CHECK(slurp(dir / "l.yaml") == "level");
}

TEST_CASE("finding: the output plan refuses two outputs to one file and a kept file unless forced",
          "[plan]") {
  const fs::path dir = scratch("plan-outputs");
  fs::create_directories(dir / "sub");
  {
    OutputPlan plan;  // two new files, spelled differently, that are one
    plan.addOutput(dir / "x.png", "capture image");
    plan.addOutput(dir / "sub" / ".." / "x.png", "difference image");
    const Diagnostics ds = plan.check();
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].code == Code::OutputClash);
    CHECK(ds[0].message.find("capture image") != std::string::npos);
    CHECK(ds[0].message.find("difference image") != std::string::npos);
  }
  {
    OutputPlan plan;  // just beside: two new files that differ
    plan.addOutput(dir / "x.png", "capture image");
    plan.addOutput(dir / "x.json", "sidecar");
    CHECK(plan.check().empty());
  }
  put(dir / "kept.png", "precious");
  {
    OutputPlan plan;
    plan.addOutput(dir / "kept.png", "capture image");
    const Diagnostics ds = plan.check();
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].code == Code::OutputExists);
    CHECK(plan.check(true).empty());
  }
  {
    OutputPlan plan;  // a build product is replaced without force
    plan.addOutput(dir / "kept.png", "level module", OutputPlan::Existing::Replace);
    CHECK(plan.check().empty());
  }
  fs::create_symlink("gone.png", dir / "dangling.png");
  {
    OutputPlan plan;
    plan.addOutput(dir / "dangling.png", "capture image");
    CHECK(hasCode(plan.check(true), Code::IoError));
  }
  CHECK(slurp(dir / "kept.png") == "precious");
}

TEST_CASE("finding: a texture copy onto its own source is left in place, onto another input it is refused",
          "[plan]") {
  const fs::path dir = scratch("plan-copies");
  fs::create_directories(dir / "textures");
  put(dir / "textures" / "a.png", "A");
  put(dir / "textures" / "b.png", "B");
  {
    OutputPlan plan;  // the normal layout: textures/NAME.png beside the level is each texture's source
    const std::size_t a = plan.addInput(dir / "textures" / "a.png", "texture a");
    const std::size_t b = plan.addInput(dir / "textures" / "b.png", "texture b");
    const std::size_t ca = plan.addCopy(dir / "textures" / "a.png", "texture copy textures/a.png", a);
    const std::size_t cb = plan.addCopy(dir / "." / "textures" / "b.png", "texture copy textures/b.png", b);
    REQUIRE(plan.check().empty());
    CHECK(plan.inPlace(ca));
    CHECK(plan.inPlace(cb));
    Diagnostic e;
    const std::string other = "not A";
    REQUIRE(plan.write(ca, bytesOf(other), e));
    CHECK(slurp(dir / "textures" / "a.png") == "A");
  }
  {
    OutputPlan plan;  // swapped: a's copy lands on b's source and b's on a's
    plan.addInput(dir / "textures" / "b.png", "texture a");
    plan.addInput(dir / "textures" / "a.png", "texture b");
    plan.addCopy(dir / "textures" / "a.png", "texture copy textures/a.png", 0);
    plan.addCopy(dir / "textures" / "b.png", "texture copy textures/b.png", 1);
    const Diagnostics ds = plan.check();
    REQUIRE(ds.size() == 2);
    CHECK(ds[0].code == Code::OutputIsInput);
    CHECK(ds[1].code == Code::OutputIsInput);
  }
  CHECK(slurp(dir / "textures" / "a.png") == "A");
  CHECK(slurp(dir / "textures" / "b.png") == "B");
}

TEST_CASE("finding: planning a 100,000-frame capture sequence is quick (clashes found by table, not by pairs)",
          "[file][plan]") {
  const fs::path dir = scratch("many");
  OutputPlan plan;
  plan.addInput(dir / "level.klm", "level");
  for (int i = 0; i < 100000; ++i) plan.addOutput(dir / ("f_" + std::to_string(i) + ".png"), "frame");
  // Comparing every pair would be 5·10^9 path comparisons; the test's own timeout is the judge.
  CHECK(plan.check().empty());
  // Both sides still hold: the last output named like the first is a clash, and one named like the
  // input is refused as the input.
  plan.addOutput(dir / "f_0.png", "frame");
  plan.addOutput(dir / "level.klm", "frame");
  const Diagnostics problems = plan.check();
  REQUIRE(problems.size() == 2);
  CHECK(problems[0].code == Code::OutputClash);
  CHECK(problems[1].code == Code::OutputIsInput);
}
