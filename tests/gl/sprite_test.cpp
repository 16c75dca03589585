// Billboard geometry and sampling on screen: camera-facing vs upright quads, the flipbook frame
// a particle samples, rotation, and dead slots that draw nothing.
#include <variant>

#include "gl_fixture.hpp"
#include "render/capture.hpp"
#include "render/cpu/image_compare.hpp"
#include "render_fixture.hpp"

namespace {

using namespace kiln;
namespace wp = kiln::particles;

constexpr std::uint32_t kSize = 64;

// One opaque cutout quad of edge 2 at the origin, born at 0, living 100 s.
wp::Document oneQuad() {
  wp::Document doc;
  doc.version = wp::AlphaVersion;
  wp::Preset p;
  p.name = "quad";
  p.capacity = 1;
  p.lifetime = {100, 100};
  p.size = {{0, 2}, {1, 2}};
  p.color = {{0, {1, 1, 1, 1}}, {1, {1, 1, 1, 1}}};
  p.sprite.frames = {"red"};
  p.sprite.blend = wp::Blend::Cutout;
  doc.presets = {p};
  wp::Emitter e;
  e.name = "quad";
  e.bursts = {{0, 1}};
  doc.emitters = {e};
  return doc;
}

std::vector<core::NamedImage> redGreenBlue() {
  return {{"red", "generated", test::solidImage(4, 255, 0, 0, 255)},
          {"green", "generated", test::solidImage(4, 0, 255, 0, 255)},
          {"blue", "generated", test::solidImage(4, 0, 0, 255, 255)}};
}

// Orthographic view of [−2, 2]² around the origin from `eye`.
core::Image shoot(const wp::Document& doc, double t, glm::vec3 eye, glm::vec3 up) {
  test::glContext();
  render::Renderer r;
  REQUIRE(r.prepare(world::World{}, &doc, redGreenBlue()).empty());
  render::CaptureRequest req;
  req.width = req.height = kSize;
  req.levelTime = t;
  req.camera.eye = eye;
  req.camera.target = {0, 0, 0};
  req.camera.up = up;
  req.camera.orthographic = true;
  req.camera.orthoHeight = 4;
  req.camera.nearPlane = 0.1f;
  req.camera.farPlane = 100;
  req.options.clearColor = {0, 0, 0, 1};
  auto got = render::capture(r, req);
  REQUIRE(std::holds_alternative<core::Image>(got));
  return std::get<core::Image>(std::move(got));
}

std::size_t coloured(const core::Image& img) {
  std::size_t n = 0;
  for (std::size_t p = 0; p < img.rgba.size(); p += 4) n += img.rgba[p] | img.rgba[p + 1] | img.rgba[p + 2] ? 1 : 0;
  return n;
}

const std::uint8_t* centre(const core::Image& img) { return &img.rgba[(std::size_t{kSize / 2} * kSize + kSize / 2) * 4]; }

}  // namespace

TEST_CASE("camera-facing quads face a camera above, upright quads stand edge-on to it", "[gl][sprite]") {
  wp::Document doc = oneQuad();
  const glm::vec3 above{0, 0, 10}, north{0, 1, 0};
  // Edge 2 of a 4-unit view: a quarter of the pixels.
  const std::size_t facing = coloured(shoot(doc, 1.0, above, north));
  CHECK(facing == kSize * kSize / 4);
  doc.presets[0].sprite.facing = wp::Facing::Upright;
  CHECK(coloured(shoot(doc, 1.0, above, north)) < kSize);  // at most a sliver of a line
  // From the side an upright quad shows its full face.
  CHECK(coloured(shoot(doc, 1.0, {0, -10, 0}, {0, 0, 1})) == kSize * kSize / 4);
}

TEST_CASE("a 45° rotation turns the square into a diamond of the same area", "[gl][sprite]") {
  wp::Document doc = oneQuad();
  doc.presets[0].rotationAngle = {45, 45};
  const core::Image img = shoot(doc, 1.0, {0, -10, 0}, {0, 0, 1});
  const std::size_t n = coloured(img);
  CHECK(n > kSize * kSize / 4 - kSize);
  CHECK(n < kSize * kSize / 4 + kSize);
  // The diamond reaches √2 along the axes: pixels at x = 1.2 on the centre row are covered,
  // which an unrotated square (edge 2, reaching 1) would not cover.
  const auto col = static_cast<std::size_t>((1.2 + 2.0) / 4.0 * kSize);
  CHECK(img.rgba[(std::size_t{kSize / 2} * kSize + col) * 4] == 255);
  doc.presets[0].rotationAngle = {0, 0};
  CHECK(shoot(doc, 1.0, {0, -10, 0}, {0, 0, 1}).rgba[(std::size_t{kSize / 2} * kSize + col) * 4] == 0);
}

TEST_CASE("the flipbook frame picks the texture a particle samples", "[gl][sprite]") {
  wp::Document doc = oneQuad();
  doc.presets[0].sprite.frames = {"red", "green", "blue"};
  doc.presets[0].sprite.fps = 2;  // frame i during [i/2, (i+1)/2)
  const glm::vec3 side{0, -10, 0}, up{0, 0, 1};
  struct Want {
    double t;
    int channel;
  };
  SECTION("once clamps to the last frame") {
    for (const Want w : {Want{0.25, 0}, Want{0.75, 1}, Want{1.25, 2}, Want{7.25, 2}}) {
      INFO("t = " << w.t);
      const core::Image img = shoot(doc, w.t, side, up);  // keep the pixels alive while p reads them
      const std::uint8_t* p = centre(img);
      for (int c = 0; c < 3; ++c) CHECK(p[c] == (c == w.channel ? 255 : 0));
    }
  }
  SECTION("cycle wraps") {
    doc.presets[0].sprite.flipbook = wp::Flipbook::Cycle;
    for (const Want w : {Want{1.75, 0}, Want{2.25, 1}, Want{7.25, 2}}) {
      INFO("t = " << w.t);
      const core::Image img = shoot(doc, w.t, side, up);  // keep the pixels alive while p reads them
      const std::uint8_t* p = centre(img);
      for (int c = 0; c < 3; ++c) CHECK(p[c] == (c == w.channel ? 255 : 0));
    }
  }
}

TEST_CASE("dead slots draw nothing: before birth, after death, hours later", "[gl][sprite]") {
  wp::Document doc = oneQuad();
  doc.presets[0].lifetime = {2, 2};
  doc.emitters[0].delay = 1;
  const glm::vec3 side{0, -10, 0}, up{0, 0, 1};
  CHECK(coloured(shoot(doc, 0.5, side, up)) == 0);        // emitter not started
  CHECK(coloured(shoot(doc, 1.5, side, up)) > 0);         // alive
  CHECK(coloured(shoot(doc, 3.25, side, up)) == 0);       // died at 3
  CHECK(coloured(shoot(doc, 5 * 3600.0, side, up)) == 0);  // long after
}
