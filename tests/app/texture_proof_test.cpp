// Proving a level's sprite frames drawable (render::planAtlas) works from rectangles: no atlas
// page pixels are made to prove packing, so the peak heap stays near the decoded textures, and
// the verdicts are the packer's own. Measured with the counting allocator.
#include <stb/stb_image_write.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <numeric>

#include "loader/loader.hpp"
#include "render/cpu/atlas.hpp"
#include "render/cpu/resources.hpp"
#include "support/counting_allocator.hpp"

using namespace kiln;
namespace fs = std::filesystem;

namespace {

// A level whose one preset names `names` texture names, all of one PNG of side `side`.
fs::path levelWithSharedFrames(int side, int names) {
  const fs::path dir = fs::path(KILN_BINARY_DIR) / "test-scratch" /
                       ("texture-proof-" + std::to_string(::getpid()) + "-" + std::to_string(side));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::vector<std::uint8_t> px(static_cast<std::size_t>(side) * side * 4);
  for (std::size_t i = 0; i < px.size(); ++i) px[i] = static_cast<std::uint8_t>(i * 7 % 251);
  REQUIRE(stbi_write_png((dir / "big.png").string().c_str(), side, side, 4, px.data(), side * 4) != 0);
  std::string textures, frames;
  for (int i = 0; i < names; ++i) {
    textures += "  f" + std::to_string(i) + ": big.png\n";
    frames += (i ? ", f" : "f") + std::to_string(i);
  }
  const std::string text =
      "version: 1\nworld:\n  version: 2\n  sectors:\n    - name: hall\n      walls: "
      "[[0,0],[8,0],[8,6],[0,6]]\n"
      "      floor: 0\n      ceiling: 4\ntextures:\n" +
      textures +
      "presets:\n  embers:\n    capacity: 32\n    velocity: {min: [-0.1, -0.1, 0.2], max: [0.1, 0.1, 0.5]}\n"
      "    lifetime: {min: 1, max: 2}\n    size: [{age: 0, value: 0.1}, {age: 1, value: 0.05}]\n"
      "    color: [{age: 0, rgba: [1, 1, 1, 1]}, {age: 1, rgba: [1, 0, 0, 0]}]\n    sprite: {frames: [" +
      frames +
      "], fps: 4}\nemitters:\n  - name: e1\n    preset: embers\n    position: [4, 3, 1]\n    rate: 8\n"
      "    duration_seconds: 1\n";
  const fs::path file = dir / "level.yaml";
  std::FILE* f = std::fopen(file.string().c_str(), "wb");
  REQUIRE(f);
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
  return file;
}

std::vector<core::NamedImage> images(const loader::LoadResult& r) {
  std::vector<core::NamedImage> out;
  for (const auto& t : r.textures) out.push_back(t.image);
  return out;
}

std::size_t decodedBytes(const loader::LoadResult& r) {
  return std::accumulate(
      r.textures.begin(), r.textures.end(), std::size_t{0},
      [](std::size_t n, const loader::Texture& t) { return n + t.image.image.rgba.size(); });
}

}  // namespace

TEST_CASE("finding: proving 16 names of one 1024² PNG allocates no atlas pages, the verdict is the packer's",
          "[atlas]") {
  if (!KILN_COUNTING_ALLOCATOR) {
    WARN("the counting allocator is off under sanitizers");
    return;
  }
  const fs::path file = levelWithSharedFrames(1024, 16);
  loader::LoadResult r;
  const auto load = testing::measureAllocations([&] { r = loader::loadAny(file); });
  REQUIRE(r.ok());
  REQUIRE(r.textures.size() == 16);
  const std::size_t decoded = decodedBytes(r);
  REQUIRE(decoded == 16u * 1024 * 1024 * 4);
  const std::vector<core::NamedImage> textures = images(r);
  std::variant<render::AtlasLayout, core::Diagnostics> plan;
  const auto proof =
      testing::measureAllocations([&] { plan = render::planAtlas(*r.level.particles, textures, 16384); });
  // A 2048² page would be 16 MiB and one frame 4 MiB: the proof needs names and sizes only.
  INFO("load peak " << load.peakBytes << ", proof peak " << proof.peakBytes);
  CHECK(proof.peakBytes < (256u << 10));
  // Loading and proving stay near the decoded textures (the 16 names' pixels plus the one decode).
  CHECK(load.peakBytes + proof.peakBytes <= decoded + 1024u * 1024 * 4 + (2u << 20));
  // 1026-texel cells (padding included): one per shelf row and one row per 2048² page, so the
  // group of 16 cannot share a page. The same diagnostic the packer gives for those rectangles.
  REQUIRE(std::holds_alternative<core::Diagnostics>(plan));
  const core::Diagnostics& d = std::get<core::Diagnostics>(plan);
  REQUIRE(d.size() == 1);
  CHECK(d[0].code == core::Code::AtlasPacking);
  CHECK(d[0].path == "presets.embers.sprite.frames");
  CHECK(d[0].message == "a group of 16 connected frames (1 presets) does not fit one 2048² atlas page");
  std::vector<std::string> names;
  std::vector<render::FrameSize> sizes;
  for (int i = 0; i < 16; ++i)
    names.push_back("f" + std::to_string(i)), sizes.push_back({names.back(), 1024});
  const auto direct = render::packAtlas({names}, sizes, {"embers"}, 16384);
  REQUIRE(std::holds_alternative<core::Diagnostics>(direct));
  CHECK(std::get<core::Diagnostics>(direct)[0].message == d[0].message);
}

TEST_CASE("a plan that fits makes no pixels, the page's pixels come only when it is built for upload",
          "[atlas]") {
  if (!KILN_COUNTING_ALLOCATOR) {
    WARN("the counting allocator is off under sanitizers");
    return;
  }
  // Sixteen 256² frames: 258-texel cells, seven to a shelf, three shelves on one page.
  const fs::path file = levelWithSharedFrames(256, 16);
  const loader::LoadResult r = loader::loadAny(file);
  REQUIRE(r.ok());
  const std::vector<core::NamedImage> textures = images(r);
  std::variant<render::AtlasLayout, core::Diagnostics> plan;
  const auto proof =
      testing::measureAllocations([&] { plan = render::planAtlas(*r.level.particles, textures, 16384); });
  REQUIRE(std::holds_alternative<render::AtlasLayout>(plan));
  const render::AtlasLayout& layout = std::get<render::AtlasLayout>(plan);
  REQUIRE(layout.pages.size() == 1);
  CHECK(layout.pages[0].width == 7 * 258);
  CHECK(layout.pages[0].height == 3 * 258);
  CHECK(proof.peakBytes < (64u << 10));
  core::Image page;
  const auto upload =
      testing::measureAllocations([&] { page = render::buildAtlasPage(layout, 0, textures); });
  CHECK(upload.peakBytes >= std::size_t{7 * 258} * (3 * 258) * 4);
  // Where frame f0 sits, its texels are the PNG's.
  const render::AtlasFrame* f0 = layout.find("f0");
  REQUIRE(f0);
  CHECK(page.rgba[(std::size_t{f0->y} * page.width + f0->x) * 4 + 1] == textures[0].image.rgba[1]);
}

TEST_CASE("the proof keeps checkTextures' verdicts: a missing frame is reported before any packing",
          "[atlas]") {
  const fs::path file = levelWithSharedFrames(16, 2);
  const loader::LoadResult r = loader::loadAny(file);
  REQUIRE(r.ok());
  std::vector<core::NamedImage> textures = images(r);
  textures.pop_back();  // f1 has no image now
  const auto plan = render::planAtlas(*r.level.particles, textures, 16384);
  REQUIRE(std::holds_alternative<core::Diagnostics>(plan));
  const core::Diagnostics& d = std::get<core::Diagnostics>(plan);
  REQUIRE(d.size() == 1);
  CHECK(d[0].code == core::Code::UnknownName);
  CHECK(d[0].path == "presets.embers.sprite.frames[1]");
}
