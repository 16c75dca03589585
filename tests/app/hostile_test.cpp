// Issue 17 at the loader: hostile texture names, budgets on YAML expansion and decoded images,
// one decode per texture file, and the smaller YAML defects. Each test is named after its
// defect; both sides of every rule are checked (accepted just inside, refused just outside).
#include <stb/stb_image_write.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <zlib.h>

#include "core/file.hpp"
#include "core/texture_name.hpp"
#include "loader/loader.hpp"
#include "loader/yaml_tree.hpp"
#include "support/counting_allocator.hpp"
#include "world/level.hpp"

using namespace kiln;
using core::Code;
namespace fs = std::filesystem;

namespace {

fs::path scratch() {
  static const fs::path dir = [] {
    fs::path d = fs::path(KILN_BINARY_DIR) / "test-scratch" / ("hostile-" + std::to_string(::getpid()));
    fs::remove_all(d);
    fs::create_directories(d / "textures");
    std::vector<std::uint8_t> px(16 * 16 * 4, 200);
    REQUIRE(stbi_write_png((d / "a16.png").string().c_str(), 16, 16, 4, px.data(), 16 * 4) != 0);
    REQUIRE(stbi_write_png((d / "textures" / "a.png").string().c_str(), 16, 16, 4, px.data(), 16 * 4) != 0);
    // A file outside the level's textures folder that a hostile name would reach.
    REQUIRE(stbi_write_png((d / "secret.png").string().c_str(), 16, 16, 4, px.data(), 16 * 4) != 0);
    return d;
  }();
  return dir;
}

std::string level(const std::string& textures, const std::string& frames) {
  return "version: 1\nworld:\n  version: 2\n  sectors:\n    - name: hall\n      walls: [[0,0],[8,0],[8,6],[0,6]]\n"
         "      floor: 0\n      ceiling: 4\ntextures:\n" +
         textures +
         "presets:\n  embers:\n    capacity: 32\n    velocity: {min: [-0.1, -0.1, 0.2], max: [0.1, 0.1, 0.5]}\n"
         "    lifetime: {min: 1, max: 2}\n    size: [{age: 0, value: 0.1}, {age: 1, value: 0.05}]\n"
         "    color: [{age: 0, rgba: [1, 1, 1, 1]}, {age: 1, rgba: [1, 0, 0, 0]}]\n    sprite: {frames: [" +
         frames + "], fps: 4}\nemitters:\n  - name: e1\n    preset: embers\n    position: [4, 3, 1]\n    rate: 8\n"
                  "    duration_seconds: 1\n";
}

loader::LoadResult load(const std::string& text) { return loader::compileSourceText(text, "t.yaml", scratch()); }

bool has(const loader::LoadResult& r, Code code) {
  return std::any_of(r.diagnostics.begin(), r.diagnostics.end(),
                     [&](const loader::LocatedDiagnostic& d) { return d.diagnostic.code == code; });
}

std::string dump(const loader::LoadResult& r) {
  std::string s;
  for (const auto& d : r.diagnostics) s += loader::format(d) + "\n";
  return s;
}

std::vector<std::uint8_t> chunk(const char* tag, const std::vector<std::uint8_t>& data) {
  std::vector<std::uint8_t> out;
  const auto be = [&](std::uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<std::uint8_t>(v >> s));
  };
  be(static_cast<std::uint32_t>(data.size()));
  std::vector<std::uint8_t> body(tag, tag + 4);
  body.insert(body.end(), data.begin(), data.end());
  out.insert(out.end(), body.begin(), body.end());
  be(static_cast<std::uint32_t>(::crc32(0, body.data(), static_cast<uInt>(body.size()))));
  return out;
}

// A PNG written by hand: `w`x`h` RGBA8 of one grey, plus `padding` bytes in a private ancillary
// chunk ("kiLn": decoders skip it), so the file can be far larger than its pixels, or its header
// can announce pixels the file does not hold.
std::vector<std::uint8_t> handPng(std::uint32_t w, std::uint32_t h, std::size_t padding, bool withPixels = true) {
  std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<std::uint8_t> ihdr;
  for (std::uint32_t v : {w, h})
    for (int s = 24; s >= 0; s -= 8) ihdr.push_back(static_cast<std::uint8_t>(v >> s));
  ihdr.insert(ihdr.end(), {8, 6, 0, 0, 0});
  auto add = [&](const std::vector<std::uint8_t>& c) { png.insert(png.end(), c.begin(), c.end()); };
  add(chunk("IHDR", ihdr));
  if (padding) add(chunk("kiLn", std::vector<std::uint8_t>(padding, 0x55)));
  if (withPixels) {
    std::vector<std::uint8_t> raw;
    for (std::uint32_t y = 0; y < h; ++y) {
      raw.push_back(0);
      for (std::uint32_t x = 0; x < w * 4; ++x) raw.push_back(128);
    }
    uLongf size = compressBound(static_cast<uLong>(raw.size()));
    std::vector<std::uint8_t> z(size);
    REQUIRE(compress(z.data(), &size, raw.data(), static_cast<uLong>(raw.size())) == Z_OK);
    z.resize(size);
    add(chunk("IDAT", z));
  }
  add(chunk("IEND", {}));
  return png;
}

void writeBytes(const fs::path& p, const std::vector<std::uint8_t>& b) {
  std::ofstream(p, std::ios::binary).write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

}  // namespace

TEST_CASE("defect 2: texture names that would leave the textures folder are refused", "[hostile]") {
  for (const char* bad : {"..", "../secret", "a/b", "/tmp/x", "a\\\\b", "C:x", "x..y"}) {
    INFO(bad);
    CHECK(core::textureNameProblem(bad).has_value());
  }
  CHECK(core::textureNameProblem(std::string("a\0b", 3)).has_value());
  CHECK(core::textureNameProblem("a\tb").has_value());
  CHECK(core::textureNameProblem("").has_value());
  // Just inside: dots, dashes, spaces and non-ASCII letters are plain.
  for (const char* good : {"a", "a.b", ".hidden", "fire-01", "sm oke", "fl\xC3\xA4mme", "C", "1:2"}) {
    INFO(good);
    CHECK_FALSE(core::textureNameProblem(good).has_value());
  }
  auto ok = core::resolveTextureFile("lvl/textures", "a.b", "f");
  REQUIRE(std::holds_alternative<fs::path>(ok));
  CHECK(std::get<fs::path>(ok) == fs::path("lvl/textures/a.b.png"));
  auto bad = core::resolveTextureFile("lvl/textures", "../a", "presets.p.sprite.frames[0]");
  REQUIRE(std::holds_alternative<core::Diagnostic>(bad));
  CHECK(std::get<core::Diagnostic>(bad).code == Code::UnsafeTextureName);
  CHECK(std::get<core::Diagnostic>(bad).path == "presets.p.sprite.frames[0]");
}

TEST_CASE("defect 2: a source texture name with .. or / is refused before anything is read", "[hostile]") {
  const auto bad = load(level("  \"../secret\": a16.png\n", "\"../secret\""));
  INFO(dump(bad));
  CHECK(has(bad, Code::UnsafeTextureName));
  CHECK(bad.textures.empty());
  const auto good = load(level("  a.b: a16.png\n", "a.b"));
  INFO(dump(good));
  CHECK(good.ok());
}

TEST_CASE("defect 2: a NUL inside a texture path is an error, not a silent load of its prefix", "[hostile]") {
  const auto r = load(level("  a: \"a16.png\\0.evil\"\n", "a"));
  INFO(dump(r));
  CHECK(has(r, Code::TextureLoad));
  CHECK(r.textures.empty());
}

TEST_CASE("defect 2: a compiled level naming ../secret reads nothing outside its textures folder", "[hostile]") {
  const auto src = load(level("  a: a16.png\n", "a"));
  REQUIRE(src.ok());
  world::Level lvl = src.level;
  const fs::path dir = scratch() / "klm";
  fs::create_directories(dir / "textures");
  std::vector<std::uint8_t> px(16 * 16 * 4, 10);
  REQUIRE(stbi_write_png((dir / "textures" / "a.png").string().c_str(), 16, 16, 4, px.data(), 64) != 0);
  // Just inside: the plain name loads from <dir>/textures.
  const fs::path good = dir / "good.klm";
  writeBytes(good, world::encodeKlm1(lvl));
  const auto ok = loader::loadAny(good);
  INFO(dump(ok));
  CHECK(ok.ok());
  CHECK(ok.textures.size() == 1);
  // Outside: "../../secret" would be <dir>/textures/../../secret.png, which exists.
  REQUIRE(fs::exists(dir / "textures" / ".." / ".." / "secret.png"));
  lvl.particles->presets[0].sprite.frames = {"../../secret"};
  const fs::path evil = dir / "evil.klm";
  writeBytes(evil, world::encodeKlm1(lvl));
  const auto withTextures = loader::loadAny(evil);
  INFO(dump(withTextures));
  CHECK(has(withTextures, Code::UnsafeTextureName));
  CHECK(withTextures.textures.empty());
  loader::LoadOptions noTextures;
  noTextures.loadTextures = false;  // validate: the name is still reported
  CHECK(has(loader::loadAny(evil, noTextures), Code::UnsafeTextureName));
}

TEST_CASE("defect 5: YAML alias expansion is budgeted in bytes proportional to the input", "[hostile]") {
  // Nine levels of eight aliases: 8^9 scalars from a few hundred bytes.
  std::string bomb = "a0: &a0 [xxxxxxxx, xxxxxxxx, xxxxxxxx, xxxxxxxx]\n";
  for (int i = 1; i < 9; ++i) {
    const std::string prev = "*a" + std::to_string(i - 1);
    bomb += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [" + prev;
    for (int k = 1; k < 8; ++k) bomb += ", " + prev;
    bomb += "]\n";
  }
  auto parsed = loader::parseYaml(bomb);
  REQUIRE(std::holds_alternative<source::SourceDiagnostic>(parsed));
  CHECK(std::get<source::SourceDiagnostic>(parsed).diagnostic.code == Code::InputBudget);
  // Just inside: a few aliases that expand to less than the allowance are fine.
  auto small = loader::parseYaml("a: &a [1, 2, 3]\nb: *a\nc: *a\n");
  CHECK(std::holds_alternative<source::SourceNode>(small));
}

TEST_CASE("defect 7: a large honest source is not mistaken for an alias bomb", "[hostile]") {
  // 20,000 sectors' worth of nodes (over the former 262,144-node cap), no aliases at all.
  std::string text = "sectors:\n";
  for (int i = 0; i < 20000; ++i)
    text += "  - {name: s" + std::to_string(i) + ", walls: [[0,0],[1,0],[1,1],[0,1]], floor: 0, ceiling: 2}\n";
  auto parsed = loader::parseYaml(text);
  if (auto* d = std::get_if<source::SourceDiagnostic>(&parsed)) FAIL(d->diagnostic.message);
  CHECK(std::get<source::SourceNode>(parsed).values.at(0).items.size() == 20000);
}

TEST_CASE("defect 7: deep YAML nesting is refused with a reason, not 'bad file'", "[hostile]") {
  const auto nested = [](int depth) { return std::string(depth, '[') + "1" + std::string(depth, ']'); };
  auto deep = loader::parseYaml("a: " + nested(500));
  REQUIRE(std::holds_alternative<source::SourceDiagnostic>(deep));
  const auto& d = std::get<source::SourceDiagnostic>(deep).diagnostic;
  CHECK(d.code == Code::InputBudget);
  CHECK(d.message.find("nested") != std::string::npos);
  // Just inside: 60 levels under the root map still parse.
  CHECK(std::holds_alternative<source::SourceNode>(loader::parseYaml("a: " + nested(60))));
}

TEST_CASE("defect 7: a second YAML document is an error, not silently ignored", "[hostile]") {
  auto two = loader::parseYaml("a: 1\n---\nb: 2\n");
  REQUIRE(std::holds_alternative<source::SourceDiagnostic>(two));
  const auto& d = std::get<source::SourceDiagnostic>(two);
  CHECK(d.diagnostic.code == Code::YamlSyntax);
  CHECK(d.mark.line == 3);
  CHECK(std::holds_alternative<source::SourceNode>(loader::parseYaml("---\na: 1\n")));
}

TEST_CASE("defect 5: a decoded image is bounded before its pixels are allocated", "[hostile]") {
  const fs::path p = scratch() / "announces-huge.png";
  // The header announces 10000 x 10000 (400 MB of RGBA, under stb_image's own 1 GiB refusal);
  // the file is a few dozen bytes.
  writeBytes(p, handPng(10000, 10000, 0, false));
  core::Diagnostic e;
  const auto stats = testing::measureAllocations([&] { CHECK_FALSE(loader::decodeImageFile(p, e)); });
  CHECK(e.code == Code::InputBudget);
  if (KILN_COUNTING_ALLOCATOR) CHECK(stats.peakBytes < (1u << 20));
  // The limit itself, both sides: 16 x 16 = 256 pixels.
  const fs::path small = scratch() / "a16.png";
  CHECK(loader::decodeImageFile(small, e, 256).has_value());
  CHECK_FALSE(loader::decodeImageFile(small, e, 255).has_value());
  CHECK(e.code == Code::InputBudget);
}

TEST_CASE("defect 5: one texture file named by 64 names is read and decoded once", "[hostile]") {
  if (!KILN_COUNTING_ALLOCATOR) {
    WARN("the counting allocator is off under sanitizers");
    return;
  }
  // A 16x16 PNG padded to 1 MiB: reading it 64 times would request 64 MiB.
  const fs::path dir = scratch() / "shared";
  fs::create_directories(dir);
  writeBytes(dir / "pad.png", handPng(16, 16, 1u << 20));
  std::string textures, frames;
  for (int i = 0; i < 64; ++i) {
    textures += "  t" + std::to_string(i) + ": pad.png\n";
    frames += (i ? ", t" : "t") + std::to_string(i);
  }
  loader::LoadResult r;
  const auto stats = testing::measureAllocations(
      [&] { r = loader::compileSourceText(level(textures, frames), "t.yaml", dir); });
  INFO(dump(r));
  CHECK(r.textures.size() == 64);
  // One read of the file (1 MiB) plus source and tree overheads; 64 reads would be 64 MiB.
  CHECK(stats.bytes < (8u << 20));
}

TEST_CASE("defect 5: the textures of one load are bounded in decoded bytes", "[hostile]") {
  // a16.png decodes to 1,024 bytes; under a 4,096-byte budget four names fit and five do not.
  const auto source = [&](int names) {
    std::string textures, frames;
    for (int i = 0; i < names; ++i) {
      textures += "  t" + std::to_string(i) + ": a16.png\n";
      frames += (i ? ", t" : "t") + std::to_string(i);
    }
    return level(textures, frames);
  };
  loader::LoadOptions options;
  options.maxTexturePixelBytes = 4096;
  const auto inside = loader::compileSourceText(source(4), "t.yaml", scratch(), options);
  INFO(dump(inside));
  CHECK(inside.ok());
  const auto over = loader::compileSourceText(source(5), "t.yaml", scratch(), options);
  CHECK(has(over, Code::InputBudget));
  CHECK(loader::LoadOptions{}.maxTexturePixelBytes == (256ull << 20));
}

TEST_CASE("defect 5: a flood of zero-vertex sectors stays within 4x input + 1 MiB", "[hostile]") {
  if (!KILN_COUNTING_ALLOCATOR) {
    WARN("the counting allocator is off under sanitizers");
    return;
  }
  world::Level lvl;
  lvl.world.version = 2;
  for (std::size_t i = 0; i < world::kMaxSectors; ++i) {
    world::Sector s;
    s.name = "s" + std::to_string(i);
    lvl.world.sectors.push_back(s);
  }
  lvl.features = world::requiredFeatures(lvl);
  const std::vector<std::uint8_t> bytes = world::encodeKlm1(lvl);
  bool rejected = false;
  const auto stats = testing::measureAllocations(
      [&] { rejected = std::holds_alternative<core::DecodeError>(world::decodeKlm1(bytes)); });
  CHECK(rejected);
  INFO("input " << bytes.size() << " bytes, peak " << stats.peakBytes);
  CHECK(stats.peakBytes <= 4 * bytes.size() + (1u << 20));
}
