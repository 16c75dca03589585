// Event particles in the scene-transparency pass against pixels computed here from the seed
// formulas (seed 002's light/matter, seed 003's five modes, texture alpha, alpha test), with
// every 8-bit framebuffer write quantized. Quads are static: speed, spread, gravity, drag and
// growth 0, fade 0 (constant opacity), lifetime ≫ the frame's level time.
#include <algorithm>
#include <array>
#include <cmath>
#include <variant>

#include "gl_fixture.hpp"
#include "particles/bounds.hpp"
#include "render/capture.hpp"
#include "render_fixture.hpp"
#include "sim/model.hpp"

namespace {

using namespace kiln;
using Rgba = std::array<double, 4>;
using Rgb = std::array<double, 3>;

constexpr std::uint32_t kSize = 64;
constexpr Rgba kClear{0.2, 0.3, 0.4, 1.0};
constexpr std::array<std::uint8_t, 4> kTexel{200, 100, 50, 128};

Rgba quantize(const Rgba& v) {
  Rgba q;
  for (int i = 0; i < 4; ++i) q[i] = std::round(std::clamp(v[i], 0.0, 1.0) * 255.0) / 255.0;
  return q;
}
// A UNORM framebuffer clamps the fragment's output to [0, 1] before blending.
double sat(double v) { return std::clamp(v, 0.0, 1.0); }

struct Quad {
  sim::BlendMode mode = sim::BlendMode::LightMatter;
  bool textured = true;
  sim::TextureAlpha textureAlpha = sim::TextureAlpha::Alpha;
  double alphaTest = 0.0;
  Rgb color{0.8, 0.6, 0.4};
  double opacity = 0.5;
  bool glows = false;
};

Rgba texel(bool textured) {
  if (!textured) return {1, 1, 1, 1};
  return {kTexel[0] / 255.0, kTexel[1] / 255.0, kTexel[2] / 255.0, kTexel[3] / 255.0};
}

// The reference: what one quad does to the pixel under it (docs/events.md "Blend modes").
Rgba blendOver(const Rgba& dst, const Quad& q, const Rgb& matterLight = {1, 1, 1}) {
  const Rgba T = texel(q.textured);
  const double ta = q.textureAlpha == sim::TextureAlpha::Brightness ? std::max({T[0], T[1], T[2]}) * T[3] : T[3];
  const double a = ta * q.opacity;
  if (a <= q.alphaTest) return dst;
  Rgba out = dst;
  for (int i = 0; i < 3; ++i) {
    const double c = q.color[i] * T[i];
    switch (q.mode) {
      case sim::BlendMode::LightMatter:
        if (q.glows)
          out[i] = sat(c * q.opacity * ta) + dst[i];
        else
          out[i] = sat(c * matterLight[i] * q.opacity * ta) + dst[i] * (1 - q.opacity * ta);
        break;
      case sim::BlendMode::Normal: out[i] = sat(c * a) + dst[i] * (1 - a); break;
      case sim::BlendMode::Additive: out[i] = sat(c * a) + dst[i]; break;
      case sim::BlendMode::Multiply: out[i] = dst[i] * sat(1 + (c - 1) * a); break;
      case sim::BlendMode::Subtractive: out[i] = dst[i] * (1 - sat(c * a)); break;
      case sim::BlendMode::Premultiplied: out[i] = sat(c * q.opacity) + dst[i] * (1 - a); break;
      case sim::BlendMode::Palette: FAIL("palette has its own reference (paletteQuads below)"); break;
    }
  }
  const bool coverAlpha = q.mode == sim::BlendMode::Normal || q.mode == sim::BlendMode::Premultiplied ||
                          (q.mode == sim::BlendMode::LightMatter && !q.glows);
  if (coverAlpha) out[3] = a + dst[3] * (1 - a);
  return quantize(out);
}

sim::Recipe recipe(std::string name, const Quad& q) {
  sim::Recipe r;
  r.name = std::move(name);
  r.count = 1;
  r.lifetime = 100;
  r.size = 2;  // 1.5 … 2.5 after variation: every sampled point lies inside
  r.gravity = 0;
  r.drag = 0;
  r.fade = 0;
  r.color = {q.color[0], q.color[1], q.color[2]};
  r.opacity = q.opacity;
  r.glows = q.glows;
  if (q.textured || q.mode != sim::BlendMode::LightMatter || q.alphaTest > 0) {
    sim::EventSprite s;
    // A sprite must name a texture: an untextured quad of another mode uses a white one.
    s.frame = q.textured ? "texel" : "white";
    s.blend = q.mode;
    s.textureAlpha = q.textureAlpha;
    s.alphaTest = q.alphaTest;
    r.sprite = s;
  }
  return r;
}

// Quad a at x = −0.5, y = yA; quad b at x = 0.5, y = yB (camera looks along +y).
sim::Events twoQuads(const Quad& a, const Quad& b, double yA, double yB) {
  sim::Events e;
  e.capacity = 4;
  e.recipes = {recipe("a", a), recipe("b", b)};
  e.script = {{0.0, "a", {-0.5, yA, 0}, 7}, {0.0, "b", {0.5, yB, 0}, 8}};
  return e;
}

render::Camera frontCamera() {
  render::Camera c;
  c.eye = {0, -10, 0};
  c.target = {0, 0, 0};
  c.up = {0, 0, 1};
  c.orthographic = true;
  c.orthoHeight = 4;
  c.nearPlane = 0.1f;
  c.farPlane = 100;
  return c;
}

// Every capture here: kSize square, at t = 0.05 s, through frontCamera, over kClear.
render::CaptureRequest frontRequest() {
  render::CaptureRequest req;
  req.width = req.height = kSize;
  req.levelTime = 0.05;
  req.camera = frontCamera();
  req.options.clearColor = {static_cast<float>(kClear[0]), static_cast<float>(kClear[1]), static_cast<float>(kClear[2]),
                            static_cast<float>(kClear[3])};
  return req;
}

// The two sprite textures every case here names: the test texel and plain white.
std::array<core::NamedImage, 2> eventTextures() {
  return {core::NamedImage{"texel", "generated", test::solidImage(4, kTexel[0], kTexel[1], kTexel[2], kTexel[3])},
          core::NamedImage{"white", "generated", test::solidImage(4, 255, 255, 255, 255)}};
}

core::Image renderEvents(const sim::Events& events, const particles::Document* doc = nullptr) {
  test::glContext();
  render::Renderer r;
  const std::array<core::NamedImage, 2> tex = eventTextures();
  REQUIRE(r.prepare(world::World{}, doc, tex).empty());
  const auto problems = r.prepareEvents(&events, tex);
  for (const auto& d : problems) INFO(core::format(d));
  REQUIRE(problems.empty());
  render::CaptureRequest req = frontRequest();
  auto got = render::capture(r, req);
  REQUIRE(std::holds_alternative<core::Image>(got));
  return std::get<core::Image>(std::move(got));
}

void checkPixel(const core::Image& img, double x, const Rgba& want) {
  const auto col = static_cast<std::uint32_t>((x + 2.0) / 4.0 * kSize);
  const std::uint8_t* p = &img.rgba[(std::size_t{kSize / 2} * kSize + col) * 4];
  INFO("x = " << x << " got " << int(p[0]) << "," << int(p[1]) << "," << int(p[2]) << "," << int(p[3]) << " want "
              << want[0] * 255 << "," << want[1] * 255 << "," << want[2] * 255 << "," << want[3] * 255);
  for (int i = 0; i < 4; ++i) CHECK(std::abs(p[i] - want[i] * 255.0) <= 1.01);
}

// b is farther (y = 2), so the view sort draws it first and a lands on top in the overlap.
void checkTwo(const Quad& a, const Quad& b) {
  const core::Image img = renderEvents(twoQuads(a, b, 0.0, 2.0));
  const Rgba clear = quantize(kClear);
  checkPixel(img, 1.8, clear);
  checkPixel(img, -1.0, blendOver(clear, a));
  checkPixel(img, 1.0, blendOver(clear, b));
  checkPixel(img, 0.0, blendOver(blendOver(clear, b), a));
}

constexpr std::array kModes{sim::BlendMode::LightMatter, sim::BlendMode::Normal,      sim::BlendMode::Additive,
                            sim::BlendMode::Multiply,    sim::BlendMode::Subtractive, sim::BlendMode::Premultiplied};

}  // namespace

TEST_CASE("each event blend mode matches its formula, textured, over the clear colour and another mode",
          "[gl][events][blend]") {
  for (const auto ta : {sim::TextureAlpha::Alpha, sim::TextureAlpha::Brightness})
    for (const auto ma : kModes)
      for (const auto mb : {sim::BlendMode::Normal, sim::BlendMode::Additive}) {
        INFO("a " << sim::name(ma) << " over b " << sim::name(mb) << ", texture_alpha " << sim::name(ta));
        Quad a{ma, true, ta};
        Quad b{mb, true, ta, 0.0, {0.3, 0.9, 0.7}, 0.75};
        checkTwo(a, b);
      }
}

TEST_CASE("light adds with zero coverage, matter covers and is lit by matter_light", "[gl][events][blend]") {
  Quad light{sim::BlendMode::LightMatter, false};
  light.glows = true;
  light.color = {0.3, 0.2, 0.1};
  Quad matter{sim::BlendMode::LightMatter, false};
  matter.color = {0.5, 0.5, 0.5};
  matter.opacity = 0.6;
  checkTwo(light, matter);
  checkTwo(matter, light);
  // matter_light scales matter only.
  sim::Events e = twoQuads(matter, light, 0.0, 2.0);
  e.matterLight = {0.5, 1.0, 2.0};
  const core::Image img = renderEvents(e);
  const Rgba clear = quantize(kClear);
  checkPixel(img, -1.0, blendOver(clear, matter, {0.5, 1.0, 2.0}));
  checkPixel(img, 1.0, blendOver(clear, light, {0.5, 1.0, 2.0}));
}

TEST_CASE("no sprite draws a plain white quad tinted by the recipe colour", "[gl][events][blend]") {
  // Without a sprite the mode is light_matter (the contract's default): light and matter.
  Quad light{sim::BlendMode::LightMatter, false};
  light.glows = true;
  light.color = {0.7, 0.5, 0.36};  // no half-way 8-bit values (drivers round those either way)
  Quad matter{sim::BlendMode::LightMatter, false, sim::TextureAlpha::Alpha, 0.0, {0.3, 0.9, 0.7}, 0.75};
  checkTwo(light, matter);
  checkTwo(matter, light);
}

TEST_CASE("a spark above 1 saturates the 8-bit framebuffer, multiply cannot brighten", "[gl][events][blend]") {
  Quad spark{sim::BlendMode::LightMatter, false};
  spark.glows = true;
  spark.color = {5.0, 1.1, 0.12};
  spark.opacity = 1.0;
  Quad soot{sim::BlendMode::Multiply, false};
  soot.color = {3.0, 0.5, 0.5};
  const core::Image img = renderEvents(twoQuads(spark, soot, 0.0, 2.0));
  const Rgba clear = quantize(kClear);
  checkPixel(img, -1.0, {1.0, 1.0, quantize({0, 0, 0.4 + 0.12, 0})[2], 1.0});
  // Multiply by mix(1, 3, 0.5) = 2 is clamped to 1: red stays as it was.
  checkPixel(img, 1.0, {clear[0], quantize({0.3 * 0.75, 0, 0, 0})[0], quantize({0.4 * 0.75, 0, 0, 0})[0], 1.0});
}

TEST_CASE("alpha test discards at or below the threshold and keeps above it", "[gl][events][blend]") {
  const Rgba clear = quantize(kClear);
  // a = texel alpha (128/255) × opacity 0.5 ≈ 0.251.
  const double a = 128.0 / 255.0 * 0.5;
  for (const auto m : kModes) {
    INFO(sim::name(m));
    Quad kept{m, true, sim::TextureAlpha::Alpha, a - 0.005};
    Quad cut{m, true, sim::TextureAlpha::Alpha, a + 0.005};
    Quad other{sim::BlendMode::Normal, false, sim::TextureAlpha::Alpha, 0.0, {0.3, 0.9, 0.7}, 0.75};
    const core::Image keptImg = renderEvents(twoQuads(kept, other, 0.0, 2.0));
    CHECK(blendOver(clear, kept) != clear);
    checkPixel(keptImg, -1.0, blendOver(clear, kept));
    const core::Image cutImg = renderEvents(twoQuads(cut, other, 0.0, 2.0));
    checkPixel(cutImg, -1.0, clear);
    checkPixel(cutImg, 0.0, blendOver(clear, other));  // nothing of the cut quad in the overlap
  }
}

namespace {
// One worldparticles alpha quad (a later pass) at (x, y), colour kSmoke.
constexpr Rgba kSmoke{0.1, 0.1, 0.1, 0.5};
particles::Document smokeAt(double x, double y) {
  namespace wp = kiln::particles;
  wp::Preset p;
  p.name = "smoke";
  p.capacity = 1;
  p.lifetime = {100, 100};
  p.size = {{0, 2}, {1, 2}};
  p.color = {{0, kSmoke}, {1, kSmoke}};
  p.sprite.frames = {"texel"};
  p.sprite.blend = wp::Blend::Alpha;
  wp::Emitter e;
  e.name = "smoke";
  e.position = {x, y, 0};
  e.bursts = {{0, 1}};
  wp::Document doc;
  doc.version = wp::AlphaVersion;
  doc.presets = {p};
  doc.emitters = {e};
  doc.emitters[0].bounds = wp::conservativeEmitterBounds(doc.presets[0], doc.emitters[0]);
  return doc;
}
Rgba smokeOver(const Rgba& dst) {
  const Rgba T = texel(true);
  const double a = T[3] * kSmoke[3];
  Rgba out;
  for (int i = 0; i < 3; ++i) out[i] = T[i] * T[3] * kSmoke[i] * kSmoke[3] + dst[i] * (1 - a);
  out[3] = a + dst[3] * (1 - a);
  return quantize(out);
}
}  // namespace

TEST_CASE("event particles write no depth: smoke behind them still draws, smoke in front attenuates them",
          "[gl][events][blend]") {
  const Rgba clear = quantize(kClear);
  Quad q{sim::BlendMode::Normal, true};
  Quad far = q;
  sim::Events e = twoQuads(q, far, 0.0, 50.0);
  e.script.pop_back();  // only quad a, at x = −0.5, y = 0
  e.recipes.pop_back();
  // Smoke behind the event quad (y = 3), drawn later in the alpha pass, is not occluded.
  const particles::Document behind = smokeAt(-0.5, 3.0);
  checkPixel(renderEvents(e, &behind), -1.0, smokeOver(blendOver(clear, q)));
  // A discarded event fragment leaves depth alone as well.
  Quad cut{sim::BlendMode::Normal, true, sim::TextureAlpha::Alpha, 0.9};
  sim::Events ec = e;
  ec.recipes[0] = recipe("a", cut);
  checkPixel(renderEvents(ec, &behind), -1.0, smokeOver(clear));
  // Smoke in front (y = −3) attenuates the event quad behind it.
  const particles::Document front = smokeAt(-0.5, -3.0);
  checkPixel(renderEvents(e, &front), -1.0, smokeOver(blendOver(clear, q)));
}

namespace {

// Two normal-blend quads whose recipes name `material` (a snippet of the section).
sim::Events materialQuads(std::string snippet, std::string file) {
  Quad q{sim::BlendMode::Normal, false};
  sim::Events e = twoQuads(q, q, 0.0, 2.0);
  e.recipes[0].sprite->material = "probe";
  e.materials = {{"probe", std::move(snippet), std::move(file)}};
  return e;
}

}  // namespace

TEST_CASE("a material snippet computes the output from the particle's extra", "[gl][events][material]") {
  // extra.w is the recipe index (0 for a): the snippet writes (0.2 + 0.2·index, 0.6, 0, 1); b
  // has no material and keeps the normal formula.
  const sim::Events e = materialQuads(
      "vec4 kilnMaterial(vec4 color, vec4 texel, vec4 extra) {\n"
      "  return vec4(0.2 + 0.2 * extra.w, 0.6, 0.0, 1.0);\n"
      "}\n",
      "probe.glsl");
  const core::Image img = renderEvents(e);
  const Rgba clear = quantize(kClear);
  checkPixel(img, -1.0, {51 / 255.0, 153 / 255.0, 0.0, 1.0});
  checkPixel(img, 1.0, blendOver(clear, Quad{sim::BlendMode::Normal, false}));
  // Both recipes with the material: b's index 1 reaches its fragments.
  sim::Events both = e;
  both.recipes[1].sprite->material = "probe";
  const core::Image img2 = renderEvents(both);
  checkPixel(img2, 1.0, {102 / 255.0, 153 / 255.0, 0.0, 1.0});
}

TEST_CASE("a material that does not compile names its file and line and draws without it",
          "[gl][events][material]") {
  const sim::Events e = materialQuads(
      "vec4 kilnMaterial(vec4 color, vec4 texel, vec4 extra) {\n"
      "  return color;\n"
      "  vec3 broken = undefinedThing;\n"
      "}\n",
      "materials/bad.glsl");
  test::glContext();
  render::Renderer r;
  const std::array<core::NamedImage, 2> tex = eventTextures();
  REQUIRE(r.prepare(world::World{}, nullptr, tex).empty());
  const auto problems = r.prepareEvents(&e, tex);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].code == core::Code::MaterialError);
  CHECK(problems[0].severity == core::Severity::Warning);
  CHECK(problems[0].path == "events.materials.probe");
  INFO(problems[0].message);
  CHECK(problems[0].message.find("materials/bad.glsl:3") != std::string::npos);
  render::CaptureRequest req = frontRequest();
  auto got = render::capture(r, req);
  REQUIRE(std::holds_alternative<core::Image>(got));
  const Rgba clear = quantize(kClear);
  const Quad plain{sim::BlendMode::Normal, false};
  checkPixel(std::get<core::Image>(got), -1.0, blendOver(clear, plain));
  checkPixel(std::get<core::Image>(got), 1.0, blendOver(clear, plain));
}

namespace {
// A translucency table whose entry at (column s, row d) is (s, d, 128, alpha(s)): the pixel a
// palette sprite writes says which entry it read. Columns below `clearBelow` have alpha 0.
core::Image revealingTable(std::uint32_t side, int clearBelow = 0) {
  core::Image t;
  t.width = t.height = side;
  t.rgba.resize(std::size_t{side} * side * 4);
  for (std::uint32_t d = 0; d < side; ++d)
    for (std::uint32_t s = 0; s < side; ++s) {
      std::uint8_t* p = &t.rgba[(std::size_t{d} * side + s) * 4];
      p[0] = static_cast<std::uint8_t>(s);
      p[1] = static_cast<std::uint8_t>(d);
      p[2] = 128;
      p[3] = static_cast<int>(s) < clearBelow ? 0 : 255;
    }
  return t;
}

// Rec. 709 luminance of stored values, clamped and rounded to the table's 0..255 (docs/events.md).
int lumIndex(const Rgb& v) {
  const double l = 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
  return static_cast<int>(std::floor(std::clamp(l, 0.0, 1.0) * 255.0 + 0.5));
}

// The source index of a palette quad: the luminance of c·a (tint × texel, times coverage).
int sourceIndex(const Quad& q) {
  const Rgba T = texel(q.textured);
  const double a = T[3] * q.opacity;
  return lumIndex({q.color[0] * T[0] * a, q.color[1] * T[1] * a, q.color[2] * T[2] * a});
}

sim::Events paletteQuads(const Quad& a, const Quad& b) {
  sim::Events e = twoQuads(a, b, 0.0, 2.0);
  for (auto& r : e.recipes)
    if (r.sprite && r.sprite->blend == sim::BlendMode::Palette) r.sprite->palette = "table";
  return e;
}

std::optional<core::Image> renderPalette(const sim::Events& events, const core::Image& table, bool hdr,
                                         std::vector<float>* linear = nullptr) {
  test::glContext();
  render::Renderer r;
  const auto two = eventTextures();
  const std::array<core::NamedImage, 3> tex{two[0], two[1], core::NamedImage{"table", "generated", table}};
  REQUIRE(r.prepare(world::World{}, nullptr, tex).empty());
  const auto problems = r.prepareEvents(&events, tex);
  for (const auto& d : problems) INFO(core::format(d));
  if (!problems.empty()) return std::nullopt;
  render::CaptureRequest req = frontRequest();
  if (hdr) {
    req.options.output.hdr = true;
    req.options.output.toneMap = render::ToneMap::Clamp;
  }
  std::optional<render::RenderTarget> target;
  auto got = render::capture(r, req, target);
  REQUIRE(std::holds_alternative<core::Image>(got));
  if (linear) REQUIRE(target->readLinear(*linear));
  return std::get<core::Image>(std::move(got));
}
}  // namespace

TEST_CASE("blend palette writes the table entry at (source luminance, destination luminance), each sprite "
          "reading the one drawn before it",
          "[gl][events][blend][palette]") {
  const Rgba clear = quantize(kClear);
  const int dClear = lumIndex({clear[0], clear[1], clear[2]});
  Quad a{sim::BlendMode::Palette, true, sim::TextureAlpha::Alpha, 0.0, {0.9, 0.7, 0.5}, 1.0};
  Quad b{sim::BlendMode::Palette, false, sim::TextureAlpha::Alpha, 0.0, {0.3, 0.6, 0.9}, 0.6};
  const int sa = sourceIndex(a), sb = sourceIndex(b);
  REQUIRE(sa != sb);
  const auto img = renderPalette(paletteQuads(a, b), revealingTable(256), false);
  REQUIRE(img);
  auto entry = [](int s, int d) { return Rgba{s / 255.0, d / 255.0, 128 / 255.0, 1.0}; };
  checkPixel(*img, 1.8, clear);                  // no sprite: the clear colour
  checkPixel(*img, -1.0, entry(sa, dClear));     // a over the clear colour
  checkPixel(*img, 1.0, entry(sb, dClear));      // b over the clear colour
  // In the overlap a reads what b wrote there (one draw range: the barrier between sprites).
  const int dB = lumIndex({sb / 255.0, dClear / 255.0, 128 / 255.0});
  REQUIRE(dB != dClear);
  checkPixel(*img, 0.0, entry(sa, dB));

  SECTION("a table entry of alpha 0 leaves the destination as it was; alpha test still discards") {
    Quad dim = b;
    dim.color = {0.05, 0.05, 0.05};  // a low column, made transparent in the table below
    const auto kept = renderPalette(paletteQuads(a, dim), revealingTable(256, sourceIndex(dim) + 1), false);
    REQUIRE(kept);
    checkPixel(*kept, 1.0, clear);
    checkPixel(*kept, -1.0, entry(sa, dClear));
    Quad cut = a;
    cut.alphaTest = 0.9;  // texel alpha 128/255 is below it
    const auto none = renderPalette(paletteQuads(cut, b), revealingTable(256), false);
    REQUIRE(none);
    checkPixel(*none, -1.0, clear);
  }

  SECTION("the HDR scene target reads and writes the same entries (linear, before the output transform)") {
    std::vector<float> linear;
    REQUIRE(renderPalette(paletteQuads(a, b), revealingTable(256), true, &linear));
    auto at = [&](double x) {
      const auto col = static_cast<std::uint32_t>((x + 2.0) / 4.0 * kSize);
      return &linear[(std::size_t{kSize / 2} * kSize + col) * 4];
    };
    const float* pa = at(-1.0);
    CHECK(pa[0] == Approx(sa / 255.0).margin(1e-3));
    // Cleared to the float colour itself: its luminance row may differ from the 8-bit one by 1.
    CHECK(std::abs(pa[1] * 255.0 - lumIndex({0.2, 0.3, 0.4})) < 0.1);
    const float* overlap = at(0.0);
    CHECK(overlap[0] == Approx(sa / 255.0).margin(1e-3));
    // The row a reads is the luminance of b's entry as the half-float target stores it.
    const float* pb = at(1.0);
    CHECK(pb[0] == Approx(sb / 255.0).margin(1e-3));
    CHECK(std::abs(overlap[1] * 255.0 - lumIndex({pb[0], pb[1], pb[2]})) < 0.1);
  }
}

TEST_CASE("a palette table that is not 256x256 is refused at prepare, naming the recipe's field",
          "[gl][events][blend][palette]") {
  Quad a{sim::BlendMode::Palette, false, sim::TextureAlpha::Alpha, 0.0, {0.9, 0.7, 0.5}, 1.0};
  Quad b{sim::BlendMode::Normal, false};
  CHECK_FALSE(renderPalette(paletteQuads(a, b), revealingTable(128), false));
  test::glContext();
  render::Renderer r;
  const auto two = eventTextures();
  const std::array<core::NamedImage, 3> tex{two[0], two[1], core::NamedImage{"table", "generated", revealingTable(255)}};
  REQUIRE(r.prepare(world::World{}, nullptr, tex).empty());
  const sim::Events events = paletteQuads(a, b);
  const auto problems = r.prepareEvents(&events, tex);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].code == core::Code::PaletteTable);
  CHECK(problems[0].path == "events.recipes.a.sprite.palette");
  CHECK(problems[0].message.find("255x255") != std::string::npos);
}
