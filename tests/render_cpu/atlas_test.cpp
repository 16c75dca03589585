// Atlas packing (pure CPU) and the resource proofs that run before any GPU allocation.
#include <catch2/catch.hpp>

#include <variant>

#include "particles/sample_docs.hpp"
#include "render/cpu/atlas.hpp"
#include "render/cpu/resources.hpp"
#include "render_cpu/scene_fixture.hpp"

namespace {

using namespace kiln;
using render::FrameSize;

std::variant<render::AtlasLayout, core::Diagnostics> pack(const std::vector<std::vector<std::string>>& presets,
                                                          const std::vector<FrameSize>& sizes,
                                                          std::uint32_t maxTexture = 16384) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < presets.size(); ++i) names.push_back("p" + std::to_string(i));
  return render::packAtlas(presets, sizes, names, maxTexture);
}

render::AtlasLayout ok(const std::variant<render::AtlasLayout, core::Diagnostics>& r) {
  if (const auto* d = std::get_if<core::Diagnostics>(&r)) FAIL(core::format(d->front()));
  return std::get<render::AtlasLayout>(r);
}

bool overlaps(const render::AtlasFrame& a, const render::AtlasFrame& b) {
  // Padded cells (one texel each side) must not overlap either.
  const auto lo = [](std::uint32_t v) { return v - 1; };
  return a.page == b.page && lo(a.x) < b.x + b.size + 1 && lo(b.x) < a.x + a.size + 1 && lo(a.y) < b.y + b.size + 1 &&
         lo(b.y) < a.y + a.size + 1;
}

}  // namespace

TEST_CASE("frames get padded, non-overlapping cells on one page", "[atlas]") {
  const auto layout = ok(pack({{"a", "b", "c"}, {"d"}}, {{"a", 64}, {"b", 64}, {"c", 64}, {"d", 32}}));
  REQUIRE(layout.frames.size() == 4);
  REQUIRE(layout.pages.size() == 1);
  for (const auto& f : layout.frames) {
    CHECK(f.x >= 1);
    CHECK(f.y >= 1);
    CHECK(f.x + f.size + 1 <= layout.pages[0].width);
    CHECK(f.y + f.size + 1 <= layout.pages[0].height);
  }
  for (std::size_t i = 0; i < layout.frames.size(); ++i)
    for (std::size_t j = i + 1; j < layout.frames.size(); ++j) CHECK_FALSE(overlaps(layout.frames[i], layout.frames[j]));
  CHECK(layout.pages[0].width <= render::kAtlasPageSize);
}

TEST_CASE("a connected group must fit one 2,048² page", "[atlas]") {
  // Cells are frame + 2. Two 1022 frames fill one 2048-wide shelf exactly; two 1023 frames
  // need 2050 texels across or down, so that group cannot be packed.
  CHECK(ok(pack({{"a", "b"}}, {{"a", 1022}, {"b", 1022}})).pages.size() == 1);
  const auto r = pack({{"a", "b"}}, {{"a", 1023}, {"b", 1023}});
  REQUIRE(std::holds_alternative<core::Diagnostics>(r));
  CHECK(std::get<core::Diagnostics>(r).front().code == core::Code::AtlasPacking);
  CHECK(std::get<core::Diagnostics>(r).front().path == "presets.p0.sprite.frames");
  // Four 1022 frames tile the page 2×2; a fifth connected frame cannot join.
  CHECK(ok(pack({{"a", "b", "c", "d"}}, {{"a", 1022}, {"b", 1022}, {"c", 1022}, {"d", 1022}})).pages.size() == 1);
  CHECK(std::holds_alternative<core::Diagnostics>(
      pack({{"a", "b", "c", "d"}, {"d", "e"}}, {{"a", 1022}, {"b", 1022}, {"c", 1022}, {"d", 1022}, {"e", 1022}})));
}

TEST_CASE("shared frames join presets, separate groups may take separate pages", "[atlas]") {
  const std::vector<FrameSize> sizes{{"a", 1022}, {"b", 1022}, {"c", 1022}, {"d", 1022}, {"e", 1022}};
  // Not connected: the second preset opens a second page.
  const auto two = ok(pack({{"a", "b", "c", "d"}, {"e"}}, sizes));
  CHECK(two.pages.size() == 2);
  CHECK(two.presetPage == std::vector<std::uint32_t>{0, 1});
  // Small groups share a page, and connected presets report the same page.
  const auto one = ok(pack({{"x", "y"}, {"y", "z"}, {"w"}}, {{"x", 16}, {"y", 16}, {"z", 16}, {"w", 8}}));
  CHECK(one.pages.size() == 1);
  CHECK(one.presetPage == std::vector<std::uint32_t>{0, 0, 0});
  CHECK(one.find("z") != nullptr);
  CHECK(one.find("nope") == nullptr);
}

TEST_CASE("an oversized single texture gets a standalone page within the texture limit", "[atlas]") {
  // 2046 + 2 = 2048 still fits an ordinary page.
  const auto normal = ok(pack({{"s"}}, {{"s", 2046}}));
  CHECK_FALSE(normal.pages[0].standalone);
  // 2047 + 2 = 2049: standalone when the driver allows 2049 texels, an error at 2048.
  const auto alone = ok(pack({{"s"}, {"t"}}, {{"s", 2047}, {"t", 4}}, 2049));
  REQUIRE(alone.pages.size() == 2);
  CHECK(alone.pages[alone.presetPage[0]].standalone);
  CHECK(alone.pages[alone.presetPage[0]].width == 2049);
  CHECK_FALSE(alone.pages[alone.presetPage[1]].standalone);
  const auto r = pack({{"s"}}, {{"s", 2047}}, 2048);
  REQUIRE(std::holds_alternative<core::Diagnostics>(r));
  CHECK(std::get<core::Diagnostics>(r).front().code == core::Code::AtlasPacking);
  // An oversized frame in a multi-frame group has no standalone escape.
  CHECK(std::holds_alternative<core::Diagnostics>(pack({{"s", "t"}}, {{"s", 2047}, {"t", 4}}, 16384)));
}

TEST_CASE("packing is deterministic", "[atlas]") {
  const std::vector<std::vector<std::string>> presets{{"e", "d"}, {"c"}, {"b", "a", "e"}};
  const std::vector<FrameSize> sizes{{"a", 30}, {"b", 64}, {"c", 8}, {"d", 64}, {"e", 30}};
  const auto x = ok(pack(presets, sizes));
  const auto y = ok(pack(presets, sizes));
  REQUIRE(x.frames.size() == y.frames.size());
  for (std::size_t i = 0; i < x.frames.size(); ++i) {
    CHECK(x.frames[i].name == y.frames[i].name);
    CHECK(x.frames[i].x == y.frames[i].x);
    CHECK(x.frames[i].y == y.frames[i].y);
  }
}

TEST_CASE("page pixels copy each frame and extend its edges into the padding", "[atlas]") {
  core::Image img;
  img.width = img.height = 2;
  img.rgba = {10, 0, 0, 255, 20, 0, 0, 255,  // top row
              30, 0, 0, 255, 40, 0, 0, 255};
  const std::vector<core::NamedImage> images{{"q", "generated", img}};
  const auto layout = ok(pack({{"q"}}, {{"q", 2}}));
  const core::Image page = render::buildAtlasPage(layout, 0, images);
  REQUIRE(page.width == 4);
  REQUIRE(page.height == 4);
  const auto red = [&](std::uint32_t x, std::uint32_t y) { return page.rgba[(y * page.width + x) * 4]; };
  const std::uint8_t want[4][4] = {{10, 10, 20, 20}, {10, 10, 20, 20}, {30, 30, 40, 40}, {30, 30, 40, 40}};
  for (std::uint32_t y = 0; y < 4; ++y)
    for (std::uint32_t x = 0; x < 4; ++x) CHECK(red(x, y) == want[y][x]);
}

TEST_CASE("texture identity and frame compatibility are proven before upload", "[atlas][resources]") {
  const particles::Document doc = testdocs::sampleDocumentV1();  // frames ember, ember2 | smoke
  auto textures = test::texturesFor(doc);
  CHECK(render::checkTextures(doc, textures).empty());

  SECTION("a missing frame") {
    textures.pop_back();
    const auto d = render::checkTextures(doc, textures);
    REQUIRE(d.size() == 1);
    CHECK(d[0].code == core::Code::UnknownName);
    CHECK(d[0].path == "presets.smoke.sprite.frames[0]");
  }
  SECTION("a frame that is not square") {
    textures[2].image = test::solidImage(8, 1, 2, 3, 4);
    textures[2].image.height = 4;
    textures[2].image.rgba.resize(8 * 4 * 4);
    CHECK(render::checkTextures(doc, textures).front().code == core::Code::TextureNotSquare);
  }
  SECTION("frames of one preset with different sizes") {
    textures[1].image = test::solidImage(16, 1, 2, 3, 4);
    const auto d = render::checkTextures(doc, textures);
    REQUIRE(d.size() == 1);
    CHECK(d[0].code == core::Code::TextureSizeMismatch);
    CHECK(d[0].path == "presets.embers.sprite.frames[1]");
  }
  SECTION("different presets may use different sizes") {
    textures[2].image = test::solidImage(16, 1, 2, 3, 4);
    CHECK(render::checkTextures(doc, textures).empty());
  }
  SECTION("one name, two different images") {
    textures.push_back({textures[0].name, "elsewhere.png", test::solidImage(8, 0, 0, 0, 0)});
    CHECK(render::checkTextures(doc, textures).front().code == core::Code::TextureIdentity);
  }
  SECTION("one name twice with the same image is fine") {
    textures.push_back(textures[0]);
    CHECK(render::checkTextures(doc, textures).empty());
  }
}
