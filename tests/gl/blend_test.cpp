// Blend modes and pass order against pixels computed on the CPU from the seed's formulas:
// premultiplied → (T.rgb·T.a·C.rgb, T.a·C.a) composited ONE, ONE_MINUS_SRC_ALPHA; alpha also
// multiplies RGB by C.a; additive adds light and keeps destination alpha; cutout is opaque.
#include <array>
#include <cmath>
#include <variant>

#include "gl_fixture.hpp"
#include "particles/bounds.hpp"
#include "render/capture.hpp"
#include "render_fixture.hpp"

namespace {

using namespace kiln;
namespace wp = kiln::particles;
using Rgba = std::array<double, 4>;

constexpr std::uint32_t kSize = 64;
constexpr Rgba kClear{0.2, 0.3, 0.4, 1.0};
// Straight-alpha texel (8-bit values) and lifetime colours of the two quads.
constexpr std::array<std::uint8_t, 4> kTexel{200, 100, 50, 128};
constexpr Rgba kColorA{0.8, 0.6, 0.4, 0.5};
constexpr Rgba kColorB{0.3, 0.9, 0.7, 0.75};

// A static quad: one particle born at 0, size 2, constant colour, no motion or rotation.
wp::Preset quadPreset(std::string name, wp::Blend blend, const Rgba& c) {
  wp::Preset p;
  p.name = std::move(name);
  p.capacity = 1;
  p.lifetime = {100, 100};
  p.size = {{0, 2}, {1, 2}};
  p.color = {{0, c}, {1, c}};
  p.sprite.frames = {"texel"};
  p.sprite.blend = blend;
  return p;
}

wp::Emitter quadEmitter(std::string name, std::uint32_t preset, double x, double y) {
  wp::Emitter e;
  e.name = std::move(name);
  e.preset = preset;
  e.position = {x, y, 0};
  e.bursts = {{0, 1}};
  return e;
}

// Quad A spans x ∈ [−1.5, 0.5], quad B x ∈ [−0.5, 1.5]; both z ∈ [−1, 1].
wp::Document twoQuads(wp::Blend a, wp::Blend b, double yA, double yB, bool bFirst = false) {
  wp::Document doc;
  doc.version = wp::AlphaVersion;
  doc.presets = {quadPreset("a", a, kColorA), quadPreset("b", b, kColorB)};
  doc.emitters = {quadEmitter("a", 0, -0.5, yA), quadEmitter("b", 1, 0.5, yB)};
  if (bFirst) std::swap(doc.emitters[0], doc.emitters[1]);
  for (auto& e : doc.emitters) e.bounds = wp::conservativeEmitterBounds(doc.presets[e.preset], e);
  return doc;
}

Rgba texel() { return {kTexel[0] / 255.0, kTexel[1] / 255.0, kTexel[2] / 255.0, kTexel[3] / 255.0}; }

// The 8-bit framebuffer stores every intermediate result.
Rgba quantize(const Rgba& v) {
  Rgba q;
  for (int i = 0; i < 4; ++i) q[i] = std::round(std::clamp(v[i], 0.0, 1.0) * 255.0) / 255.0;
  return q;
}

Rgba blendOver(const Rgba& dst, wp::Blend mode, const Rgba& C) {
  const Rgba T = texel();
  Rgba out = dst;
  switch (mode) {
    case wp::Blend::Premultiplied:
    case wp::Blend::Alpha: {
      const double k = mode == wp::Blend::Alpha ? C[3] : 1.0;
      const double a = T[3] * C[3];
      for (int i = 0; i < 3; ++i) out[i] = T[i] * T[3] * C[i] * k + dst[i] * (1 - a);
      out[3] = a + dst[3] * (1 - a);
      break;
    }
    case wp::Blend::Additive:
      for (int i = 0; i < 3; ++i) out[i] = dst[i] + T[i] * T[3] * C[i] * C[3];
      break;
    case wp::Blend::Cutout:
      if (T[3] * C[3] >= 0.5) out = {T[0] * C[0], T[1] * C[1], T[2] * C[2], 1.0};
      break;
  }
  return quantize(out);
}

core::Image renderQuads(const wp::Document& doc) {
  test::glContext();
  render::Renderer r;
  const core::NamedImage tex{"texel", "generated", test::solidImage(4, kTexel[0], kTexel[1], kTexel[2], kTexel[3])};
  REQUIRE(r.prepare(world::World{}, &doc, std::span(&tex, 1)).empty());
  render::CaptureRequest req;
  req.width = req.height = kSize;
  req.levelTime = 1.0;
  req.camera.eye = {0, -10, 0};
  req.camera.target = {0, 0, 0};
  req.camera.up = {0, 0, 1};
  req.camera.orthographic = true;
  req.camera.orthoHeight = 4;
  req.camera.nearPlane = 0.1f;
  req.camera.farPlane = 100;
  req.options.clearColor = {0.2f, 0.3f, 0.4f, 1.0f};
  auto got = render::capture(r, req);
  REQUIRE(std::holds_alternative<core::Image>(got));
  return std::get<core::Image>(std::move(got));
}

// The pixel at world x (row through z = 0).
void checkPixel(const core::Image& img, double x, const Rgba& want) {
  const auto col = static_cast<std::uint32_t>((x + 2.0) / 4.0 * kSize);
  const std::uint8_t* p = &img.rgba[(std::size_t{kSize / 2} * kSize + col) * 4];
  INFO("x = " << x << " got " << int(p[0]) << "," << int(p[1]) << "," << int(p[2]) << "," << int(p[3]) << " want "
              << want[0] * 255 << "," << want[1] * 255 << "," << want[2] * 255 << "," << want[3] * 255);
  for (int i = 0; i < 4; ++i) CHECK(std::abs(p[i] - want[i] * 255.0) <= 1.01);
}

void checkTwo(wp::Blend a, wp::Blend b, double yA, double yB, const Rgba& overlap, bool bFirst = false) {
  const core::Image img = renderQuads(twoQuads(a, b, yA, yB, bFirst));
  const Rgba clear = quantize(kClear);
  checkPixel(img, 1.8, clear);
  checkPixel(img, -1.0, blendOver(clear, a, kColorA));
  checkPixel(img, 1.0, blendOver(clear, b, kColorB));
  checkPixel(img, 0.0, overlap);
}

}  // namespace

TEST_CASE("alpha and premultiplied composite in authored order without sorting", "[gl][blend]") {
  const Rgba clear = quantize(kClear);
  for (wp::Blend a : {wp::Blend::Alpha, wp::Blend::Premultiplied})
    for (wp::Blend b : {wp::Blend::Alpha, wp::Blend::Premultiplied}) {
      INFO("a " << wp::name(a) << ", b " << wp::name(b));
      // B is authored second, so it lands on top even though it is farther away.
      checkTwo(a, b, 0.0, 2.0, blendOver(blendOver(clear, a, kColorA), b, kColorB));
      // Authored the other way round, A lands on top.
      checkTwo(a, b, 0.0, 2.0, blendOver(blendOver(clear, b, kColorB), a, kColorA), true);
    }
}

TEST_CASE("additive draws before the alpha pass whatever the authored order", "[gl][blend]") {
  const Rgba clear = quantize(kClear);
  // Alpha A authored first, additive B second: additive still draws first, alpha over it.
  checkTwo(wp::Blend::Alpha, wp::Blend::Additive, 0.0, 2.0,
           blendOver(blendOver(clear, wp::Blend::Additive, kColorB), wp::Blend::Alpha, kColorA));
  // Two additive quads commute.
  checkTwo(wp::Blend::Additive, wp::Blend::Additive, 0.0, 2.0,
           blendOver(blendOver(clear, wp::Blend::Additive, kColorA), wp::Blend::Additive, kColorB));
}

TEST_CASE("cutout writes depth: the nearer quad wins, translucent passes respect it", "[gl][blend]") {
  // kColorA alpha 0.5 × texel alpha 128/255 < 0.5: A is cut away entirely.
  const Rgba clear = quantize(kClear);
  const core::Image cut = renderQuads(twoQuads(wp::Blend::Cutout, wp::Blend::Alpha, 0.0, 2.0));
  checkPixel(cut, -1.0, clear);
  // Opaque enough cutout colours: A (near) in front of B (far, drawn later in the alpha pass).
  wp::Document doc = twoQuads(wp::Blend::Cutout, wp::Blend::Alpha, 0.0, 2.0);
  const Rgba opaque{0.8, 0.6, 0.4, 1.0};
  doc.presets[0].color = {{0, opaque}, {1, opaque}};
  const core::Image img = renderQuads(doc);
  const Rgba front = quantize({texel()[0] * 0.8, texel()[1] * 0.6, texel()[2] * 0.4, 1.0});
  checkPixel(img, -1.0, front);
  checkPixel(img, 0.0, front);  // B is behind A's depth: no contribution
  // Moved in front of A, the alpha quad blends over the cutout.
  wp::Document nearB = doc;
  nearB.emitters[1].position.y = -2.0;
  checkPixel(renderQuads(nearB), 0.0, blendOver(front, wp::Blend::Alpha, kColorB));
}
