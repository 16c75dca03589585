// Hostile input at the core: the escaping rule, the safe write and the non-blocking read.
// Tests are named after the issue-17 defect they hold.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/diagnostic.hpp"
#include "core/escape.hpp"
#include "core/file.hpp"
#include "core/json_text.hpp"

using namespace kiln::core;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::path(KILN_BINARY_DIR) / "test-scratch" / "core-hostile" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

std::span<const std::uint8_t> bytesOf(const std::string& s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

}  // namespace

TEST_CASE("defect 1: escapeText keeps valid UTF-8 and escapes the rest byte by byte", "[hostile]") {
  CHECK(escapeText("presets.embers") == "presets.embers");
  CHECK(escapeText("fl\xC3\xA4mme \xE2\x82\xAC \xF0\x9F\x94\xA5") == "fl\xC3\xA4mme \xE2\x82\xAC \xF0\x9F\x94\xA5");
  CHECK(escapeText("a\xFF" "b") == "a\\xffb");
  CHECK(escapeText("\xC3") == "\\xc3");                 // truncated two-byte sequence
  CHECK(escapeText("\xC0\xAF") == "\\xc0\\xaf");        // overlong '/'
  CHECK(escapeText("\xED\xA0\x80") == "\\xed\\xa0\\x80");  // surrogate U+D800
  CHECK(escapeText("\xF4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");  // above U+10FFFF
  CHECK(escapeText("\xF4\x8F\xBF\xBF") == "\xF4\x8F\xBF\xBF");      // U+10FFFF itself is valid
  CHECK(isPlainText("plain"));
  CHECK(!isPlainText("x\xFE"));
}

TEST_CASE("defect 7: control bytes never break the one-line diagnostic format", "[hostile]") {
  CHECK(escapeText(std::string("a\nb\rc\td\0e", 9)) == "a\\x0ab\\x0dc\\x09d\\x00e");
  CHECK(escapeText("\x1F\x20\x7E\x7F") == "\\x1f ~\\x7f");        // just inside / outside ASCII print
  CHECK(escapeText("\xC2\x9F\xC2\xA0") == "\\xc2\\x9f\xC2\xA0");  // C1 control vs NBSP
  const std::string line =
      format(Diagnostic{Code::UnknownName, "presets.a\nerror[fake]: x", "name 'b\x1B[31m' \xFF"});
  CHECK(line.find('\n') == std::string::npos);
  CHECK(line.find('\x1B') == std::string::npos);
  CHECK(line == "error[unknown-name]: presets.a\\x0aerror[fake]: x: name 'b\\x1b[31m' \\xff");
}

TEST_CASE("defect 1: dumpJson never throws on invalid UTF-8 keys or values", "[hostile]") {
  nlohmann::ordered_json j;
  j["file"] = "bad\xFF.klm";
  j["diagnostics"] = nlohmann::ordered_json::array({{{"path", "x\xC3"}, {"n", 3}}});
  j["k\xFE"] = true;
  CHECK_THROWS(j.dump());  // the hazard this rule exists for
  std::string out;
  REQUIRE_NOTHROW(out = dumpJson(j, -1));
  CHECK(out == R"({"file":"bad\\xff.klm","diagnostics":[{"path":"x\\xc3","n":3}],"k\\xfe":true})");
}

TEST_CASE("defect 3: writeFile refuses a device node, a FIFO and a directory", "[hostile]") {
  const fs::path dir = scratch("nonregular");
  Diagnostic e;
  const std::string data = "x";
  CHECK(!writeFile("/dev/null", bytesOf(data), e));
  CHECK(e.code == Code::NotRegularFile);
  CHECK(fs::is_character_file("/dev/null"));
  const fs::path fifo = dir / "pipe.klm";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK(!writeFile(fifo, bytesOf(data), e));
  CHECK(e.code == Code::NotRegularFile);
  CHECK(fs::is_fifo(fifo));
  fs::create_directories(dir / "sub.klm");
  CHECK(!writeFile(dir / "sub.klm", bytesOf(data), e));
  CHECK(e.code == Code::NotRegularFile);
  // Just inside: a regular file is replaced, and no temporary is left behind.
  const fs::path ok = dir / "ok.klm";
  std::ofstream(ok) << "old";
  REQUIRE(writeFile(ok, bytesOf(data), e));
  CHECK(slurp(ok) == "x");
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& x : fs::directory_iterator(dir)) ++entries;
  CHECK(entries == 3);  // pipe.klm, sub.klm, ok.klm
}

TEST_CASE("defect 3: a symlink planted at the old OUT.tmp name is never written through", "[hostile]") {
  const fs::path dir = scratch("planted");
  const fs::path victim = dir / "victim.txt";
  std::ofstream(victim) << "precious";
  fs::create_symlink(victim, dir / "out.klm.tmp");
  Diagnostic e;
  const std::string data = "level";
  REQUIRE(writeFile(dir / "out.klm", bytesOf(data), e));
  CHECK(slurp(victim) == "precious");
  CHECK(slurp(dir / "out.klm") == "level");
  CHECK(fs::is_symlink(dir / "out.klm.tmp"));
}

TEST_CASE("defect 4: readFile refuses a FIFO at once instead of hanging", "[hostile]") {
  const fs::path dir = scratch("fifo");
  const fs::path fifo = dir / "level.klm";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  Diagnostic e;
  CHECK(!readFile(fifo, e).has_value());  // would block forever with a plain open
  CHECK(e.code == Code::NotRegularFile);
  CHECK(e.message.find("FIFO") != std::string::npos);
  CHECK(!readFile(dir, e).has_value());
  CHECK(e.code == Code::NotRegularFile);
  CHECK(!readFile("/dev/zero", e).has_value());
  CHECK(e.code == Code::NotRegularFile);
  CHECK(checkRegularFile(fifo).has_value());
  // Just inside: a regular file, and a symlink to one, read normally.
  std::ofstream(dir / "a.bin") << "abc";
  fs::create_symlink(dir / "a.bin", dir / "link.bin");
  auto bytes = readFile(dir / "link.bin", e);
  REQUIRE(bytes);
  CHECK(bytes->size() == 3);
  CHECK(!checkRegularFile(dir / "a.bin").has_value());
}
