// The renderer's services for the viewer: debug lines and points, the offscreen view's ImGui
// texture, image textures, per-pass draw calls, and the sector-plane and overdraw debug views.
#include <glad/gl.h>

#include <array>
#include <variant>

#include "gl_fixture.hpp"
#include "particles/sample_docs.hpp"
#include "render/capture.hpp"
#include "render/cpu/image_compare.hpp"
#include "render/image_texture.hpp"
#include "render_fixture.hpp"

namespace {

using namespace kiln;
using render::Pass;

// Looking straight down at z = 0 with one world unit per pixel on a 64×32 target: world x runs
// -32..32 left to right, world y -16..16 bottom to top, so a world point (x, y) lands on image
// column floor(x + 32) and image row 31 - floor(y + 16).
render::Camera pixelCamera() {
  render::Camera c;
  c.eye = {0, 0, 10};
  c.target = {0, 0, 0};
  c.up = {0, 1, 0};
  c.orthographic = true;
  c.orthoHeight = 32;
  return c;
}

std::array<std::uint8_t, 4> pixel(const core::Image& img, std::uint32_t x, std::uint32_t y) {
  const std::size_t i = (std::size_t{y} * img.width + x) * 4;
  return {img.rgba[i], img.rgba[i + 1], img.rgba[i + 2], img.rgba[i + 3]};
}

constexpr std::array<std::uint8_t, 4> kRed{255, 0, 0, 255};

std::size_t countRed(const core::Image& img) {
  std::size_t n = 0;
  for (std::size_t p = 0; p < img.rgba.size(); p += 4) n += img.rgba[p] > 200 && img.rgba[p + 1] < 60;
  return n;
}

core::Image shoot(render::Renderer& r, const render::Camera& camera, const render::FrameOptions& o,
                  double t = 1.0) {
  render::CaptureRequest req;
  req.width = 96;
  req.height = 64;
  req.levelTime = t;
  req.camera = camera;
  req.options = o;
  auto got = render::capture(r, req);
  REQUIRE(std::holds_alternative<core::Image>(got));
  return std::get<core::Image>(std::move(got));
}

std::array<std::uint32_t, render::kPassCount> passCalls(render::Renderer& r, const render::FrameOptions& o) {
  render::RenderTarget target(32, 32);
  render::Camera c;
  r.drawFrame(1.0, c, o, target);
  std::uint32_t sum = 0;
  for (std::uint32_t n : r.stats().passDrawCalls) sum += n;
  CHECK(r.stats().drawCalls == sum);
  return r.stats().passDrawCalls;
}

}  // namespace

TEST_CASE("debug lines and points land on the pixels their world positions project to", "[gl][lines]") {
  test::glContext();
  render::Renderer r;
  render::RenderTarget target(64, 32);
  r.drawFrame(0, pixelCamera(), {}, target);  // no level: a clear
  const std::array<render::DebugVertex, 4> lines{{{-32, 8.5f, 0, 1, 0, 0, 1},
                                                  {32, 8.5f, 0, 1, 0, 0, 1},
                                                  {-21.5f, -16, 0, 1, 0, 0, 1},
                                                  {-21.5f, 16, 0, 1, 0, 0, 1}}};
  const std::array<render::DebugVertex, 1> points{{{-11.5f, -7.5f, 0, 1, 0, 0, 1}}};
  r.drawLines(lines, points, pixelCamera(), target);
  core::Image img;
  target.readPixels(img);
  // Horizontal line y = 8.5: row 7, and only row 7.
  for (std::uint32_t x : {0u, 5u, 40u, 63u}) {
    CHECK(pixel(img, x, 7) == kRed);
    CHECK(pixel(img, x, 6) != kRed);
    CHECK(pixel(img, x, 8) != kRed);
  }
  // Vertical line x = -21.5: column 10, and only column 10.
  for (std::uint32_t y : {0u, 15u, 31u}) {
    CHECK(pixel(img, 10, y) == kRed);
    CHECK(pixel(img, 9, y) != kRed);
    CHECK(pixel(img, 11, y) != kRed);
  }
  // The point (column 20, row 23) is a 5-pixel square: two pixels either side, not three.
  CHECK(pixel(img, 20, 23) == kRed);
  CHECK(pixel(img, 22, 25) == kRed);
  CHECK(pixel(img, 23, 23) != kRed);
  CHECK(pixel(img, 20, 20) != kRed);
}

TEST_CASE("debug lines are hidden behind sector walls unless depth testing is off", "[gl][lines]") {
  test::glContext();
  render::Renderer r;
  REQUIRE(r.prepare(test::roomWorld(), nullptr, {}).empty());
  render::Camera inside;  // in the room [-20,20]², looking at the wall x = 20
  inside.eye = {0, 0, 5};
  inside.target = {20, 0, 5};
  const auto across = [](float x) {
    return std::array<render::DebugVertex, 2>{{{x, -50, 5, 1, 0, 0, 1}, {x, 50, 5, 1, 0, 0, 1}}};
  };
  const auto draw = [&](float x, bool depthTest) {
    render::RenderTarget target(64, 48);
    r.drawFrame(0, inside, {}, target);
    r.drawLines(across(x), {}, inside, target, depthTest);
    core::Image img;
    target.readPixels(img);
    return countRed(img);
  };
  CHECK(draw(19.0f, true) > 0);   // just inside the wall
  CHECK(draw(21.0f, true) == 0);  // just behind it
  CHECK(draw(21.0f, false) > 0);
}

TEST_CASE("an offscreen view's ImGui texture is an upright copy, and follows resizes", "[gl][target]") {
  test::glContext();
  render::Renderer r;
  render::RenderTarget target(64, 32);
  r.drawFrame(0, pixelCamera(), {}, target);
  const std::array<render::DebugVertex, 2> line{{{-32, 8.5f, 0, 1, 0, 0, 1}, {32, 8.5f, 0, 1, 0, 0, 1}}};
  r.drawLines(line, {}, pixelCamera(), target);
  core::Image expected;
  target.readPixels(expected);
  REQUIRE(pixel(expected, 3, 7) == kRed);

  const auto handle = static_cast<GLuint>(target.topDownTexture().value());
  REQUIRE(handle != 0);
  core::Image shown;
  shown.width = 64;
  shown.height = 32;
  shown.rgba.resize(64 * 32 * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  // Texture row 0 is what ImGui draws at the top with default UVs: it must be the image's top row.
  glGetTextureImage(handle, 0, GL_RGBA, GL_UNSIGNED_BYTE, static_cast<GLsizei>(shown.rgba.size()),
                    shown.rgba.data());
  CHECK(shown.rgba == expected.rgba);

  target.resize(40, 20);
  CHECK(target.width() == 40);
  CHECK(target.height() == 20);
  GLint w = 0, h = 0;
  const auto resized = static_cast<GLuint>(target.topDownTexture().value());
  glGetTextureLevelParameteriv(resized, 0, GL_TEXTURE_WIDTH, &w);
  glGetTextureLevelParameteriv(resized, 0, GL_TEXTURE_HEIGHT, &h);
  CHECK(w == 40);
  CHECK(h == 20);
  r.drawFrame(0, pixelCamera(), {}, target);
  core::Image small;
  target.readPixels(small);
  CHECK(small.width == 40);
  CHECK(small.rgba.size() == 40u * 20u * 4u);
  CHECK(glGetError() == GL_NO_ERROR);
}

TEST_CASE("an image texture holds what was uploaded, top row first", "[gl][texture]") {
  test::glContext();
  render::ImageTexture t;
  CHECK(t.empty());
  CHECK(!t.texture());
  core::Image img;
  img.width = 3;
  img.height = 2;
  for (std::uint8_t i = 0; i < 24; ++i) img.rgba.push_back(static_cast<std::uint8_t>(i * 10));
  t.upload(img);
  CHECK_FALSE(t.empty());
  CHECK(bool(t.texture()));
  core::Image back;
  t.readPixels(back);
  CHECK(back.width == 3);
  CHECK(back.height == 2);
  CHECK(back.rgba == img.rgba);
  // A new size replaces the storage; the same size keeps it.
  const core::Image other = test::solidImage(4, 1, 2, 3, 4);
  t.upload(other);
  CHECK(t.width() == 4);
  t.readPixels(back);
  CHECK(back.rgba == other.rgba);
  const render::TextureHandle kept = t.texture();
  t.upload(test::solidImage(4, 9, 9, 9, 9));
  CHECK(t.texture() == kept);
  t.upload(core::Image{});  // ignored
  CHECK(t.width() == 4);
}

TEST_CASE("per-pass draw calls: one per sector mesh, one per (pass, atlas page) group, one per debug view",
          "[gl][stats]") {
  test::glContext();
  render::Renderer r;
  // Sectors only.
  REQUIRE(r.prepare(test::roomWorld(), nullptr, {}).empty());
  CHECK(passCalls(r, {}) == std::array<std::uint32_t, render::kPassCount>{1, 0, 0, 0, 0, 0});

  // V1: embers (additive) and smoke (cutout) on one page.
  const particles::Document v1 = testdocs::sampleDocumentV1();
  REQUIRE(r.prepare(test::roomWorld(), &v1, test::texturesFor(v1)).empty());
  REQUIRE(r.atlasPageCount() == 1);
  CHECK(passCalls(r, {}) == std::array<std::uint32_t, render::kPassCount>{1, 1, 0, 1, 0, 0});

  // V2: additive embers; alpha smoke and premultiplied flame share the alpha pass and one page.
  const particles::Document v2 = testdocs::sampleDocumentV2();
  REQUIRE(r.prepare(test::roomWorld(), &v2, test::texturesFor(v2)).empty());
  REQUIRE(r.atlasPageCount() == 1);
  CHECK(passCalls(r, {}) == std::array<std::uint32_t, render::kPassCount>{1, 0, 0, 1, 1, 0});

  render::FrameOptions o;
  o.soloPass = Pass::Alpha;  // sectors still draw (their depth occludes), other particle passes do not
  CHECK(passCalls(r, o) == std::array<std::uint32_t, render::kPassCount>{1, 0, 0, 0, 1, 0});
  o = {};
  o.passEnabled[static_cast<std::size_t>(Pass::Additive)] = false;
  CHECK(passCalls(r, o) == std::array<std::uint32_t, render::kPassCount>{1, 0, 0, 0, 1, 0});

  // Debug: planes (1) + outlines (1) with sector planes; each bounds view is one more.
  o = {};
  o.debug.sectorPlanes = true;
  CHECK(passCalls(r, o)[static_cast<std::size_t>(Pass::Debug)] == 2);
  o.debug.storedBounds = true;
  CHECK(passCalls(r, o)[static_cast<std::size_t>(Pass::Debug)] == 3);
  o.debug.recomputedBounds = true;
  CHECK(passCalls(r, o)[static_cast<std::size_t>(Pass::Debug)] == 4);
  o.passEnabled[static_cast<std::size_t>(Pass::Debug)] = false;
  CHECK(passCalls(r, o)[static_cast<std::size_t>(Pass::Debug)] == 0);
}

TEST_CASE("sector planes tint floors blue and walls green over the shaded surfaces", "[gl][debug-views]") {
  test::glContext();
  render::Renderer r;
  REQUIRE(r.prepare(test::roomWorld(), nullptr, {}).empty());
  render::FrameOptions plain, planes;
  plain.debug.grid = planes.debug.grid = false;
  planes.debug.sectorPlanes = true;
  render::Camera down;  // at the room's centre looking at the floor
  down.eye = {0, 0, 10};
  down.target = {0, 0.01f, -5};
  render::Camera wall;  // looking at the wall x = 20 at mid height
  wall.eye = {0, 0, 5};
  wall.target = {20, 0, 5};
  const auto centre = [](const core::Image& img) { return pixel(img, img.width / 2, img.height / 2); };
  const auto floorPlain = centre(shoot(r, down, plain)), floorTinted = centre(shoot(r, down, planes));
  CHECK(floorTinted[2] > floorPlain[2] + 20);
  CHECK(floorTinted[2] > floorTinted[0]);
  const auto wallPlain = centre(shoot(r, wall, plain)), wallTinted = centre(shoot(r, wall, planes));
  CHECK(wallTinted[1] > wallPlain[1] + 20);
  CHECK(wallTinted[1] > wallTinted[2]);
}

TEST_CASE("the overdraw view maps layer counts through the heat palette", "[gl][debug-views]") {
  test::glContext();
  render::Renderer r;
  render::Camera c;
  c.eye = {0, -6, 1};
  c.target = {0, 0, 1};
  render::FrameOptions heat;
  heat.debug.overdraw = true;
  // One particle: every covered pixel has exactly one layer, which the palette shows pure blue.
  const particles::Document one = testdocs::minimalDocument();
  REQUIRE(one.emitters.front().bursts.front().count == 1);
  REQUIRE(r.prepare(test::roomWorld(), &one, test::texturesFor(one)).empty());
  const core::Image single = shoot(r, c, heat, 0.2);
  std::size_t blue = 0, black = 0, other = 0;
  for (std::size_t p = 0; p < single.rgba.size(); p += 4) {
    const std::array<std::uint8_t, 3> px{single.rgba[p], single.rgba[p + 1], single.rgba[p + 2]};
    if (px == std::array<std::uint8_t, 3>{0, 0, 255})
      ++blue;
    else if (px == std::array<std::uint8_t, 3>{0, 0, 0})
      ++black;
    else
      ++other;
  }
  CHECK(blue > 0);
  CHECK(black > 0);
  CHECK(other == 0);

  // Many particles: every pixel is a palette colour. Stops (by layers): 0 black, 1 blue,
  // 2 green, 4 yellow, 8 red, 16+ white, linear between; so each pixel is either on the
  // blue→green→yellow→red edges (no channel beyond two non-zero, except white's ramp).
  const particles::Document many = testdocs::sampleDocumentV1();
  REQUIRE(r.prepare(test::roomWorld(), &many, test::texturesFor(many)).empty());
  const core::Image h = shoot(r, c, heat, 1.0);
  std::size_t beyondOne = 0, offPalette = 0;
  for (std::size_t p = 0; p < h.rgba.size(); p += 4) {
    const int R = h.rgba[p], G = h.rgba[p + 1], B = h.rgba[p + 2];
    beyondOne += R > 0 || G > 0;
    // black→blue: R=G=0; blue→green: R=0, G+B=255; green→yellow: G=255, B=0;
    // yellow→red: R=255, B=0; red→white: R=255, G=B.
    const bool onPalette = (R == 0 && G == 0) || (R == 0 && std::abs(G + B - 255) <= 1) ||
                           (G == 255 && B == 0) || (R == 255 && B == 0) || (R == 255 && G == B);
    offPalette += !onPalette;
  }
  CHECK(beyondOne > 0);  // somewhere two or more layers overlap
  CHECK(offPalette == 0);
}
