// The loader: YAML → tree with line:col, texture decoding and identity, compiled files.
#include "loader/loader.hpp"

#include <stb/stb_image_write.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/file.hpp"
#include "loader/yaml_tree.hpp"

using namespace kiln;
using core::Code;

namespace {

namespace fs = std::filesystem;

// A scratch directory with PNGs of known sizes, made fresh per test process: ctest runs each
// test case as its own process, in parallel, so the directory carries the process id.
fs::path scratch() {
  static const fs::path dir = [] {
    fs::path d = fs::path(KILN_BINARY_DIR) / "test-scratch" / ("loader-" + std::to_string(::getpid()));
    fs::remove_all(d);
    fs::create_directories(d);
    auto png = [&](const char* name, int w, int h, std::uint8_t shade) {
      std::vector<std::uint8_t> px(static_cast<std::size_t>(w * h * 4), shade);
      REQUIRE(stbi_write_png((d / name).string().c_str(), w, h, 4, px.data(), w * 4) != 0);
    };
    png("a16.png", 16, 16, 200);
    png("b16.png", 16, 16, 90);
    png("c32.png", 32, 32, 200);
    png("wide.png", 32, 16, 200);
    std::ofstream(d / "broken.png") << "not a png";
    return d;
  }();
  return dir;
}

// A valid source; each test changes one line. Line numbers matter to the tests below.
const std::string kLevel = R"(version: 1
world:
  version: 2
  sectors:
    - name: hall
      walls: [[0,0],[8,0],[8,6],[0,6]]
      floor: 0
      ceiling: 4
textures:
  a: a16.png
  b: b16.png
presets:
  embers:
    capacity: 32
    velocity: {min: [-0.1, -0.1, 0.2], max: [0.1, 0.1, 0.5]}
    lifetime: {min: 1, max: 2}
    size: [{age: 0, value: 0.1}, {age: 1, value: 0.05}]
    color: [{age: 0, rgba: [1, 1, 1, 1]}, {age: 1, rgba: [1, 0, 0, 0]}]
    sprite: {frames: [a, b], fps: 4}
emitters:
  - name: e1
    preset: embers
    position: [4, 3, 1]
    rate: 8
    duration_seconds: 1
)";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  return text;
}

loader::LoadResult load(const std::string& text) {
  return loader::compileSourceText(text, "t.yaml", scratch());
}

const loader::LocatedDiagnostic* find(const loader::LoadResult& r, Code code, const std::string& path) {
  auto it = std::find_if(r.diagnostics.begin(), r.diagnostics.end(), [&](const loader::LocatedDiagnostic& d) {
    return d.diagnostic.code == code && d.diagnostic.path == path;
  });
  return it == r.diagnostics.end() ? nullptr : &*it;
}

std::string dump(const loader::LoadResult& r) {
  std::string s;
  for (const auto& d : r.diagnostics) s += loader::format(d) + "\n";
  return s;
}

}  // namespace

TEST_CASE("the base source loads with its textures", "[loader]") {
  const loader::LoadResult r = load(kLevel);
  INFO(dump(r));
  REQUIRE(r.ok());
  REQUIRE(r.level.particles);
  CHECK(r.level.features == std::vector<std::string>{"world/sectors@1", "world/particles@1"});
  REQUIRE(r.textures.size() == 2);
  CHECK(r.texture("a")->image.image.width == 16);
  // Different pixels, different identity.
  CHECK(r.texture("a")->contentHash != r.texture("b")->contentHash);
}

TEST_CASE("diagnostics carry the YAML line and column", "[loader]") {
  SECTION("unknown key at the key") {
    const auto r = load(replaced(kLevel, "    rate: 8", "    rat: 8"));
    const auto* d = find(r, Code::UnknownKey, "emitters.e1.rat");
    REQUIRE(d);
    CHECK(d->line == 24);
    CHECK(d->col == 5);
    CHECK(loader::format(*d).rfind("t.yaml:24:5: error[unknown-key]: emitters.e1.rat: ", 0) == 0);
  }
  SECTION("wrong type at the value") {
    const auto r = load(replaced(kLevel, "capacity: 32", "capacity: many"));
    const auto* d = find(r, Code::WrongType, "presets.embers.capacity");
    REQUIRE(d);
    CHECK(d->line == 14);
    CHECK(d->col == 15);
  }
  SECTION("flow-style element") {
    const auto r = load(replaced(kLevel, "rgba: [1, 0, 0, 0]", "rgba: [1, 0, 0, 2]"));
    INFO(dump(r));
    auto it = std::find_if(r.diagnostics.begin(), r.diagnostics.end(),
                           [](const auto& d) { return d.diagnostic.code == Code::ColorRange; });
    REQUIRE(it != r.diagnostics.end());
    CHECK(it->line == 18);
  }
}

TEST_CASE("YAML that is not well formed is yaml-syntax with a position", "[loader]") {
  const auto r = load(replaced(kLevel, "    rate: 8", "    rate: [8"));
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].diagnostic.code == Code::YamlSyntax);
  CHECK(r.diagnostics[0].line > 0);
}

TEST_CASE("a duplicated key is rejected", "[loader]") {
  const auto r = load(replaced(kLevel, "    rate: 8", "    rate: 8\n    rate: 9"));
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].diagnostic.code == Code::DuplicateName);
  CHECK(r.diagnostics[0].diagnostic.path == "emitters[0].rate");
}

TEST_CASE("quoted numbers are text", "[loader]") {
  CHECK(find(load(replaced(kLevel, "rate: 8", "rate: \"8\"")), Code::WrongType, "emitters.e1.rate"));
  CHECK(load(replaced(kLevel, "rate: 8", "rate: 8.0")).ok());
}

TEST_CASE("textures resolve relative to the source and are checked", "[loader]") {
  SECTION("missing file") {
    const auto r = load(replaced(kLevel, "b: b16.png", "b: nothere.png"));
    const auto* d = find(r, Code::TextureLoad, "textures.b");
    REQUIRE(d);
    CHECK(d->line == 11);
  }
  SECTION("undecodable file") {
    CHECK(find(load(replaced(kLevel, "b: b16.png", "b: broken.png")), Code::NotPng, "textures.b"));
  }
  SECTION("not square") {
    CHECK(find(load(replaced(kLevel, "b: b16.png", "b: wide.png")), Code::TextureNotSquare,
               "presets.embers.sprite.frames[1]"));
  }
  SECTION("square but another size") {
    const auto r = load(replaced(kLevel, "b: b16.png", "b: c32.png"));
    CHECK(find(r, Code::TextureSizeMismatch, "presets.embers.sprite.frames[1]"));
    CHECK_FALSE(find(r, Code::TextureNotSquare, "presets.embers.sprite.frames[1]"));
  }
  SECTION("one file under two names has one content identity") {
    const auto r = load(replaced(kLevel, "b: b16.png", "b: ./a16.png"));
    REQUIRE(r.ok());
    CHECK(r.texture("a")->contentHash == r.texture("b")->contentHash);
  }
}

TEST_CASE("a missing source file is an I/O error", "[loader]") {
  const auto r = loader::loadSource(scratch() / "absent.yaml");
  CHECK(r.ioError);
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].diagnostic.code == Code::IoError);
}

TEST_CASE("compiled levels load back and corrupt ones report a byte offset", "[loader]") {
  const auto src = load(kLevel);
  REQUIRE(src.ok());
  std::vector<std::uint8_t> bytes = world::encodeKlm1(src.level);
  std::string error;
  const fs::path klm = scratch() / "level.klm";
  REQUIRE(core::writeFile(klm, bytes, error));
  fs::create_directories(scratch() / "textures");
  fs::copy_file(scratch() / "a16.png", scratch() / "textures" / "a.png",
                fs::copy_options::overwrite_existing);
  fs::copy_file(scratch() / "b16.png", scratch() / "textures" / "b.png",
                fs::copy_options::overwrite_existing);

  const auto back = loader::loadAny(klm);
  INFO(dump(back));
  REQUIRE(back.ok());
  CHECK(back.level == src.level);
  CHECK(back.texture("a")->contentHash == src.texture("a")->contentHash);

  bytes.back() ^= 0xff;
  const fs::path bad = scratch() / "bad.klm";
  REQUIRE(core::writeFile(bad, bytes, error));
  const auto broken = loader::loadAny(bad);
  REQUIRE_FALSE(broken.ok());
  CHECK_FALSE(broken.ioError);
  CHECK(broken.diagnostics[0].offset.has_value());
}

TEST_CASE("a world without effects has no particles entry", "[loader]") {
  const auto r = load(
      "version: 1\nworld:\n  version: 1\n  sectors:\n    - {name: a, walls: [[0,0],[1,0],[1,1]], ceiling: "
      "2}\n");
  INFO(dump(r));
  REQUIRE(r.ok());
  CHECK_FALSE(r.level.particles.has_value());
  CHECK(r.level.features == std::vector<std::string>{"world/sectors@1"});
}

TEST_CASE("alias expansion is bounded", "[loader]") {
  std::string text = "a0: &a0 [x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i < 8; ++i) {
    const std::string prev = "*a" + std::to_string(i - 1);
    text += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [" + prev;
    for (int k = 1; k < 8; ++k) text += ", " + prev;
    text += "]\n";
  }
  const auto r = load(text);
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].diagnostic.code == Code::InputBudget);  // the byte budget (docs/limits.md)
}

TEST_CASE("an empty or non-map source says so", "[loader]") {
  CHECK(find(load(""), Code::MissingField, "version"));
  const auto seq = load("- 1\n");
  REQUIRE(seq.diagnostics.size() == 1);
  CHECK(seq.diagnostics[0].diagnostic.code == Code::WrongType);
}

TEST_CASE("image files: a PNG round-trips, a text file is not-png, unreadable, cut and unwritable ones are "
          "io-errors",
          "[loader]") {
  core::Image img;
  img.width = 2;
  img.height = 1;
  img.rgba = {255, 0, 0, 255, 0, 0, 255, 128};
  core::Diagnostic error;
  const fs::path png = scratch() / "round-trip.png";
  REQUIRE(loader::writePngFile(png, img, error));
  const auto back = loader::decodeImageFile(png, error);
  REQUIRE(back);
  CHECK(*back == img);

  CHECK_FALSE(loader::decodeImageFile(scratch() / "absent.png", error));
  CHECK(error.code == Code::IoError);
  CHECK(error.path == (scratch() / "absent.png").string());
  const fs::path text = scratch() / "text.png";
  std::ofstream(text) << "not an image\n";
  error = {};
  CHECK_FALSE(loader::decodeImageFile(text, error));
  CHECK(error.code == Code::NotPng);  // Kiln reads PNG only: the signature is checked first
  CHECK(error.path == text.string());
  // A PNG cut short: its signature is right, its chunks are not whole.
  {
    std::ifstream in(png, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(bytes.size() > 40);
    std::ofstream(scratch() / "cut.png", std::ios::binary) << bytes.substr(0, bytes.size() - 20);
  }
  error = {};
  CHECK_FALSE(loader::decodeImageFile(scratch() / "cut.png", error));
  CHECK(error.code == Code::IoError);
  CHECK(error.path == (scratch() / "cut.png").string());
  // A regular file where a directory should be: the write fails, naming the file it wanted.
  error = {};
  CHECK_FALSE(loader::writePngFile(text / "out.png", img, error));
  CHECK(error.code == Code::IoError);
  CHECK(error.path == (text / "out.png").string());
  error = {};
  CHECK_FALSE(loader::writePngFile(scratch() / "empty.png", core::Image{}, error));
  CHECK(error.code == Code::IoError);
}

TEST_CASE("an I/O diagnostic prints as FILE: error[io-error]: reason", "[loader]") {
  const auto located = loader::locateIoError(core::ioError("out/a.klm", "cannot write"));
  CHECK(located.diagnostic.code == Code::IoError);
  CHECK(located.file == "out/a.klm");
  CHECK(located.diagnostic.path.empty());
  CHECK(loader::format(located) == "out/a.klm: error[io-error]: cannot write");
}
