// The HDR output against formulas written here: an additive event quad of a hot colour over
// black, drawn into the RGBA16F scene and shown through each tone map, exposure, auto exposure
// and bloom. The tone maps below are this test's own transcription of the published formulas.
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <variant>

#include "gl_fixture.hpp"
#include "render/capture.hpp"
#include "render_fixture.hpp"
#include "sim/model.hpp"

namespace {

using namespace kiln;
using Rgb = std::array<double, 3>;

constexpr std::uint32_t kSize = 64;

double srgb(double c) {
  c = std::clamp(c, 0.0, 1.0);
  return c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1 / 2.4) - 0.055;
}

// Khronos PBR Neutral, as its specification writes it.
Rgb neutral(Rgb c) {
  const double start = 0.76, desat = 0.15;
  const double x = std::min({c[0], c[1], c[2]});
  const double offset = x < 0.08 ? x - 6.25 * x * x : 0.04;
  for (double& v : c) v -= offset;
  const double peak = std::max({c[0], c[1], c[2]});
  if (peak < start) return c;
  const double d = 1 - start;
  const double newPeak = 1 - d * d / (peak + d - start);
  for (double& v : c) v *= newPeak / peak;
  const double g = 1 - 1 / (desat * (peak - newPeak) + 1);
  for (double& v : c) v = v * (1 - g) + newPeak * g;
  return c;
}

Rgb aces(Rgb c) {
  for (double& x : c) x = std::clamp(x * (2.51 * x + 0.03) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
  return c;
}

// AgX, minimal polynomial form: columns of the inset and outset matrices as published.
Rgb agx(const Rgb& c) {
  const double in[3][3] = {{0.842479062253094, 0.0423282422610123, 0.0423756549057051},
                           {0.0784335999999992, 0.878468636469772, 0.0784336},
                           {0.0792237451477643, 0.0791661274605434, 0.879142973793104}};
  const double out[3][3] = {{1.19687900512017, -0.0528968517574562, -0.0529716355144438},
                            {-0.0980208811401368, 1.15190312990417, -0.0980434501171241},
                            {-0.0990297440797205, -0.0989611768448433, 1.15107367264116}};
  const double lo = -12.47393, hi = 4.026069;
  Rgb v{};
  for (int r = 0; r < 3; ++r)
    for (int k = 0; k < 3; ++k) v[r] += in[k][r] * c[k];  // column k of the matrix times c[k]
  for (double& x : v) {
    x = (std::clamp(std::log2(std::max(x, 1e-10)), lo, hi) - lo) / (hi - lo);
    const double x2 = x * x, x4 = x2 * x2;
    x = 15.5 * x4 * x2 - 40.14 * x4 * x + 31.96 * x4 - 6.868 * x2 * x + 0.4298 * x2 + 0.1191 * x - 0.00232;
  }
  Rgb o{};
  for (int r = 0; r < 3; ++r)
    for (int k = 0; k < 3; ++k) o[r] += out[k][r] * v[k];
  for (double& x : o) x = std::pow(std::clamp(x, 0.0, 1.0), 2.2);  // the curve's display power undone
  return o;
}

// What each tone map shows for a scene value (after exposure), in [0, 1], sRGB encoded or not.
Rgb shown(render::ToneMap t, const Rgb& c, bool encode = false) {
  Rgb o = c;
  if (t == render::ToneMap::Neutral) o = neutral(c);
  if (t == render::ToneMap::Aces) o = aces(c);
  if (t == render::ToneMap::Agx) o = agx(c);
  for (double& x : o) x = encode ? srgb(x) : std::clamp(x, 0.0, 1.0);
  return o;
}

// One glowing (additive) untextured quad of colour `c`, opacity 1, filling the middle of a
// black frame.
sim::Events hotQuad(const Rgb& c) {
  sim::Events e;
  e.capacity = 1;
  sim::Recipe r;
  r.name = "spark";
  r.count = 1;
  r.lifetime = 100;
  r.size = 2;
  r.gravity = 0;
  r.drag = 0;
  r.fade = 0;
  r.color = {c[0], c[1], c[2]};
  r.opacity = 1;
  r.glows = true;
  e.recipes = {r};
  e.script = {{0.0, "spark", {0, 0, 0}, 7}};
  return e;
}

struct Scene {
  render::Renderer renderer;
  explicit Scene(const sim::Events& events) {
    test::glContext();
    REQUIRE(renderer.prepare(world::World{}, nullptr, {}).empty());
    REQUIRE(renderer.prepareEvents(&events, {}).empty());
  }
  // The quad face on, filling the middle of a kSize square, over `clear`.
  static render::CaptureRequest request(const render::OutputOptions& output, std::array<float, 4> clear) {
    render::CaptureRequest req;
    req.width = req.height = kSize;
    req.levelTime = 0.05;
    req.camera.eye = {0, -10, 0};
    req.camera.target = {0, 0, 0};
    req.camera.up = {0, 0, 1};
    req.camera.orthographic = true;
    req.camera.orthoHeight = 4;
    req.camera.nearPlane = 0.1f;
    req.camera.farPlane = 100;
    req.options.clearColor = clear;
    req.options.output = output;
    return req;
  }
  core::Image shot(const render::OutputOptions& output, std::array<float, 4> clear = {0, 0, 0, 1}) {
    auto got = render::capture(renderer, request(output, clear));
    REQUIRE(std::holds_alternative<core::Image>(got));
    return std::get<core::Image>(std::move(got));
  }
};

std::array<int, 3> px(const core::Image& img, std::uint32_t x, std::uint32_t y) {
  const std::uint8_t* p = &img.rgba[(std::size_t{y} * img.width + x) * 4];
  return {p[0], p[1], p[2]};
}

void checkShown(const std::array<int, 3>& got, const Rgb& want) {
  INFO("got " << got[0] << "," << got[1] << "," << got[2] << " want " << want[0] * 255 << "," << want[1] * 255 << ","
              << want[2] * 255);
  for (int i = 0; i < 3; ++i) CHECK(std::abs(got[i] - want[i] * 255.0) <= 1.0);
}

render::OutputOptions hdr(render::ToneMap t, double ev = 0, bool encode = false) {
  render::OutputOptions o = render::hdrDefaults();
  o.toneMap = t;
  o.exposure = ev;
  o.srgb = encode;
  return o;
}

constexpr std::array kToneMaps{render::ToneMap::Clamp, render::ToneMap::Neutral, render::ToneMap::Aces,
                               render::ToneMap::Agx};

}  // namespace

TEST_CASE("each tone map shows a hot colour as its formula says, and keeps its channel order", "[gl][output]") {
  for (const Rgb hot : {Rgb{5.0, 1.1, 0.12}, Rgb{0.5, 5.0, 2.2}}) {
    Scene scene(hotQuad(hot));
    // The order of the colour's channels, brightest first.
    std::array<int, 3> order{0, 1, 2};
    std::sort(order.begin(), order.end(), [&](int a, int b) { return hot[a] > hot[b]; });
    for (const auto t : kToneMaps)
      for (const bool encode : {false, true}) {
      INFO("colour " << hot[0] << "," << hot[1] << "," << hot[2] << " tone map " << render::name(t) << " srgb " << encode);
      const auto got = px(scene.shot(hdr(t, 0, encode)), kSize / 2, kSize / 2);
      checkShown(got, shown(t, hot, encode));
      if (t == render::ToneMap::Clamp) {
        // Saturates as an 8-bit target does: every channel past 1 is 255.
        for (int i = 0; i < 3; ++i)
          if (hot[i] >= 1) CHECK(got[i] == 255);
      } else {
        // Hot reads hot: the brightest channel stays strictly the brightest, and so on down.
        CHECK(got[order[0]] > got[order[1]]);
        CHECK(got[order[1]] > got[order[2]]);
      }
    }
    // The LDR target saturates the same way the clamp tone map does.
    const auto ldr = px(scene.shot({}), kSize / 2, kSize / 2);
    checkShown(ldr, shown(render::ToneMap::Clamp, hot));
  }
}

TEST_CASE("exposure scales the scene by 2^EV before the tone map", "[gl][output]") {
  const Rgb hot{5.0, 1.1, 0.12};
  Scene scene(hotQuad(hot));
  for (const double ev : {-3.0, -1.0, 1.5}) {
    INFO("EV " << ev);
    const double k = std::exp2(ev);
    checkShown(px(scene.shot(hdr(render::ToneMap::Neutral, ev)), kSize / 2, kSize / 2),
               shown(render::ToneMap::Neutral, {hot[0] * k, hot[1] * k, hot[2] * k}));
    checkShown(px(scene.shot(hdr(render::ToneMap::Clamp, ev)), kSize / 2, kSize / 2),
               shown(render::ToneMap::Clamp, {hot[0] * k, hot[1] * k, hot[2] * k}));
  }
}

TEST_CASE("auto exposure brings the frame's log-average luminance to mid grey", "[gl][output]") {
  Scene scene(hotQuad({0, 0, 0}));  // a black quad: the frame is the clear colour
  render::OutputOptions o = hdr(render::ToneMap::Clamp);
  o.autoExposure = true;
  // Any uniform grey lands on the key, 0.18, whatever it was.
  for (const float g : {0.05f, 0.5f, 4.0f}) {
    INFO("grey " << g);
    checkShown(px(scene.shot(o, {g, g, g, 1}), 2, 2), shown(render::ToneMap::Clamp, {0.18, 0.18, 0.18}));
  }
  // The user's EV still applies on top, as compensation.
  o.exposure = 1;
  checkShown(px(scene.shot(o, {0.5f, 0.5f, 0.5f, 1}), 2, 2), shown(render::ToneMap::Clamp, {0.36, 0.36, 0.36}));
  // Without auto exposure the greys stay as they are.
  checkShown(px(scene.shot(hdr(render::ToneMap::Clamp), {0.5f, 0.5f, 0.5f, 1}), 2, 2),
             shown(render::ToneMap::Clamp, {0.5, 0.5, 0.5}));
}

TEST_CASE("bloom spreads what is brighter than its threshold and leaves the rest", "[gl][output]") {
  Scene scene(hotQuad({5.0, 1.1, 0.12}));
  render::OutputOptions plain = hdr(render::ToneMap::Neutral);
  render::OutputOptions bloom = plain;
  bloom.bloom.enabled = true;
  bloom.bloom.intensity = 0.5f;
  const core::Image a = scene.shot(plain), b = scene.shot(bloom);
  // Just outside the quad (it spans about x in 16..48 of 64): black without bloom, red glow with it.
  const auto outside = px(a, 8, kSize / 2), glow = px(b, 8, kSize / 2);
  CHECK(outside == std::array<int, 3>{0, 0, 0});
  CHECK(glow[0] > 10);
  CHECK(glow[0] > glow[2]);
  // Nothing above a threshold past the brightest value: the picture is the plain one.
  bloom.bloom.threshold = 1000;
  CHECK(scene.shot(bloom).rgba == a.rgba);
}

TEST_CASE("an HDR frame keeps the linear scene for an EXR, above 1 where the spark is", "[gl][output]") {
  Scene scene(hotQuad({5.0, 1.1, 0.12}));
  // Exposure does not touch the linear scene.
  render::CaptureRequest req = Scene::request(hdr(render::ToneMap::Neutral, -2), {0, 0, 0, 1});
  std::optional<render::RenderTarget> target;
  REQUIRE(std::holds_alternative<core::Image>(render::capture(scene.renderer, req, target)));
  std::vector<float> linear;
  REQUIRE(target->readLinear(linear));
  const float* centre = &linear[(std::size_t{kSize / 2} * kSize + kSize / 2) * 4];
  CHECK(centre[0] == Approx(5.0).epsilon(1e-3));
  CHECK(centre[1] == Approx(1.1).epsilon(1e-3));
  CHECK(centre[2] == Approx(0.12).epsilon(1e-3));
  // An LDR frame has no linear scene to give.
  req.options.output = {};
  REQUIRE(std::holds_alternative<core::Image>(render::capture(scene.renderer, req, target)));
  CHECK_FALSE(target->readLinear(linear));
}

TEST_CASE("the EV auto exposure applied is read back: the key over the frame's luminance, plus the user's EV, "
          "held to the limit",
          "[gl][output]") {
  Scene scene(hotQuad({0, 0, 0}));  // a black quad: the frame is the clear colour
  auto measured = [&](const render::OutputOptions& o, float grey) {
    std::optional<render::RenderTarget> target;
    REQUIRE(std::holds_alternative<core::Image>(
        render::capture(scene.renderer, Scene::request(o, {grey, grey, grey, 1}), target)));
    return target->autoExposureEv();
  };
  render::OutputOptions o = hdr(render::ToneMap::Clamp);
  o.autoExposure = true;
  // A uniform grey g needs log2(0.18 / g) EV to land on the key.
  for (const float g : {0.05f, 0.5f, 4.0f}) {
    INFO("grey " << g);
    const auto ev = measured(o, g);
    REQUIRE(ev);
    CHECK(*ev == Approx(std::log2(0.18 / g)).margin(1e-3));
  }
  o.exposure = 1.5;  // the compensation adds on top
  CHECK(*measured(o, 0.5f) == Approx(1.5 + std::log2(0.18 / 0.5)).margin(1e-3));
  // Black is floored at 2^-14 and the pull held to 10 EV: 1.5 + 10, not 1.5 + log2(0.18 · 2^14).
  CHECK(*measured(o, 0.0f) == Approx(11.5).margin(1e-3));
  // Without auto exposure, or with LDR output, there is nothing to report.
  o.autoExposure = false;
  CHECK_FALSE(measured(o, 0.5f));
  CHECK_FALSE(measured({}, 0.5f));
}

// The output pass run again over the held scene gives what a whole new frame at the new settings
// gives, and refuses a target whose last frame was not HDR.
TEST_CASE("applying the output again over the held scene equals drawing the frame at the new settings",
          "[gl][output]") {
  const Rgb hot{5.0, 1.1, 0.12};
  Scene scene(hotQuad(hot));
  const render::CaptureRequest base = Scene::request(hdr(render::ToneMap::Neutral, 0), {0, 0, 0, 1});
  std::optional<render::RenderTarget> held;
  REQUIRE(std::holds_alternative<core::Image>(render::capture(scene.renderer, base, held)));
  for (const render::OutputOptions& next : {hdr(render::ToneMap::Aces, 1.5), hdr(render::ToneMap::Agx, -1, true)}) {
    render::OutputOptions withBloom = next;
    withBloom.bloom.enabled = true;
    for (const render::OutputOptions& o : {next, withBloom}) {
      REQUIRE(scene.renderer.applyOutput(*held, o));
      core::Image again;
      held->readPixels(again);
      CHECK(again == scene.shot(o));
    }
  }
  // The transform really changed the picture: the held scene at EV 0 neutral differs.
  REQUIRE(scene.renderer.applyOutput(*held, hdr(render::ToneMap::Neutral, 0)));
  core::Image neutralAgain;
  held->readPixels(neutralAgain);
  CHECK(neutralAgain == scene.shot(hdr(render::ToneMap::Neutral, 0)));
  CHECK(neutralAgain != scene.shot(hdr(render::ToneMap::Aces, 1.5)));
  // An LDR frame holds no scene to transform, and an LDR output transforms nothing.
  render::CaptureRequest ldr = base;
  ldr.options.output = {};
  REQUIRE(std::holds_alternative<core::Image>(render::capture(scene.renderer, ldr, held)));
  CHECK_FALSE(scene.renderer.applyOutput(*held, hdr(render::ToneMap::Neutral)));
  REQUIRE(std::holds_alternative<core::Image>(render::capture(scene.renderer, base, held)));
  CHECK_FALSE(scene.renderer.applyOutput(*held, render::OutputOptions{}));
}
