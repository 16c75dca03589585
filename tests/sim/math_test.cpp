// Seed 004's math backends: every 16.16 operation on both sides of its rounding rule and its
// saturation (expected raws worked by hand), the fade, tint and step-height conversions, the
// batcher's stopped state, layers at their limits, and fp32 and fpx16_16 agreeing bit for bit
// on a dyadic section.
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>

#include "scenes.hpp"
#include "sim/batcher.hpp"
#include "sim/iso_key.hpp"
#include "sim/look.hpp"
#include "sim/render_buffers.hpp"
#include "sim/sim_math.hpp"

using namespace simtest;
using kiln::core::Code;

namespace {

constexpr std::int32_t kMax = std::numeric_limits<std::int32_t>::max();
constexpr std::int32_t kMin = std::numeric_limits<std::int32_t>::min();

Fx16 raw(std::int32_t r) { return Fx16::fromRaw(r); }
Fx16 fx(double v) { return Fx16Math::fromDouble(v); }

}  // namespace

TEST_CASE("fpx16_16: from float64 rounds to nearest 2^-16, ties to even, and saturates", "[sim][math]") {
  CHECK(fx(1.5).raw == 98304);
  CHECK(fx(-2.25).raw == -147456);
  CHECK(fx(0.5 / 65536).raw == 0);   // half a step: tie, to even 0
  CHECK(fx(1.5 / 65536).raw == 2);   // 1.5 steps: tie, to even 2
  CHECK(fx(2.5 / 65536).raw == 2);
  CHECK(fx(2.5000001 / 65536).raw == 3);
  CHECK(fx(-0.5 / 65536).raw == 0);
  CHECK(fx(-1.5 / 65536).raw == -2);
  CHECK(fx(32767.9999847412109375).raw == kMax);  // the largest value, exactly
  CHECK(fx(32768.0).raw == kMax);                 // one step past it saturates
  CHECK(fx(1e12).raw == kMax);
  CHECK(fx(-32768.0).raw == kMin);
  CHECK(fx(-1e12).raw == kMin);
  CHECK(fx(std::numeric_limits<double>::quiet_NaN()).raw == 0);
}

TEST_CASE("fpx16_16: + and - are exact or saturate", "[sim][math]") {
  CHECK((fx(1.25) + fx(2.5)).raw == 245760);
  CHECK((raw(kMax) + raw(1)).raw == kMax);
  CHECK((raw(kMax - 1) + raw(1)).raw == kMax);
  CHECK((raw(kMin) - raw(1)).raw == kMin);
  CHECK((raw(kMin + 1) - raw(1)).raw == kMin);
  CHECK((-raw(kMin)).raw == kMax);
}

TEST_CASE("fpx16_16: * rounds the exact product once, ties to even, and saturates", "[sim][math]") {
  CHECK((fx(1.5) * fx(2.5)).raw == 245760);   // 3.75 exactly
  CHECK((raw(1) * fx(0.5)).raw == 0);         // 0.5 steps → 0
  CHECK((raw(3) * fx(0.5)).raw == 2);         // 1.5 steps → 2
  CHECK((raw(5) * fx(0.5)).raw == 2);         // 2.5 steps → 2
  CHECK((raw(-3) * fx(0.5)).raw == -2);
  CHECK((raw(-1) * fx(0.5)).raw == 0);
  CHECK((raw(3) * fx(0.25)).raw == 1);        // 0.75 steps → 1
  CHECK((raw(5) * fx(0.25)).raw == 1);        // 1.25 steps → 1
  CHECK((fx(181) * fx(181)).raw == 32761 * 65536);  // 181² = 32761 still fits
  CHECK((fx(182) * fx(182)).raw == kMax);     // 33124: over the top
  CHECK((fx(-182) * fx(182)).raw == kMin);
}

TEST_CASE("fpx16_16: / rounds the exact quotient once, ties to even, by zero saturates", "[sim][math]") {
  CHECK((fx(1) / fx(3)).raw == 21845);  // 21845.33…
  CHECK((fx(2) / fx(3)).raw == 43691);  // 43690.67…
  CHECK((raw(1) / fx(2)).raw == 0);     // 0.5 steps → 0
  CHECK((raw(3) / fx(2)).raw == 2);     // 1.5 steps → 2
  CHECK((raw(-3) / fx(2)).raw == -2);
  CHECK((fx(1) / fx(-4)).raw == -16384);
  CHECK((raw(-1) / fx(-2)).raw == 0);
  CHECK((fx(1) / fx(0)).raw == kMax);
  CHECK((fx(-1) / fx(0)).raw == kMin);
  CHECK((fx(0) / fx(0)).raw == 0);
  CHECK((fx(30000) / fx(0.5)).raw == kMax);
}

TEST_CASE("fpx16_16: toInt32 rounds half to even, toFloat rounds once", "[sim][math]") {
  CHECK(Fx16Math::toInt32(fx(0.5)) == 0);
  CHECK(Fx16Math::toInt32(fx(1.5)) == 2);
  CHECK(Fx16Math::toInt32(fx(2.5)) == 2);
  CHECK(Fx16Math::toInt32(fx(-0.5)) == 0);
  CHECK(Fx16Math::toInt32(fx(-1.5)) == -2);
  CHECK(Fx16Math::toInt32(raw(32769)) == 1);  // just past 0.5
  CHECK(Fx16Math::toInt32(raw(-32769)) == -1);
  CHECK(Fx16Math::toFloat(raw(1)) == 0x1p-16f);
  CHECK(Fx16Math::toFloat(raw((1 << 24) + 1)) == 256.0f);          // 256 + 2^-16: below half a float step
  CHECK(Fx16Math::toFloat(raw((1 << 24) + 3)) == 256.0f + 0x1p-14f);  // 1.5 float steps: to even (2)
  CHECK(Fx16Math::toDouble(raw(kMax)) == 32767.9999847412109375);
}

TEST_CASE("fpx16_16: sqrt rounds to nearest, pow powers and roots in fixed point", "[sim][math]") {
  CHECK(Fx16Math::sqrt(fx(4)).raw == 131072);
  CHECK(Fx16Math::sqrt(fx(0.25)).raw == 32768);
  CHECK(Fx16Math::sqrt(fx(2)).raw == 92682);   // √2·65536 = 92681.9
  CHECK(Fx16Math::sqrt(fx(0.5)).raw == 46341);  // 46340.95
  CHECK(Fx16Math::sqrt(fx(-1)).raw == 0);
  CHECK(Fx16Math::pow(fx(0.5), fx(2)).raw == 16384);
  CHECK(Fx16Math::pow(fx(0.75), fx(1)).raw == 49152);
  CHECK(Fx16Math::pow(fx(0.25), fx(0.5)).raw == 32768);
  CHECK(Fx16Math::pow(fx(0.3), fx(0)).raw == 65536);
  CHECK(Fx16Math::pow(fx(0), fx(1)).raw == 0);
  CHECK(Fx16Math::pow(fx(0), fx(0)).raw == 65536);
  // 0.5^1.5 = 0.5 ⊗ √0.5 = 32768·46341 / 65536 = 23170.5 → to even 23170.
  CHECK(Fx16Math::pow(fx(0.5), fx(1.5)).raw == 23170);
}

TEST_CASE("fpx16_16: the fade alpha is an exact u32, the tint a u8 share of the brightest channel", "[sim][math]") {
  CHECK(fadeAlpha(fx(0.5)) == 32768u);
  CHECK(fadeAlpha(fx(1)) == 65536u);
  CHECK(fadeAlpha(fx(-0.25)) == 0u);
  const Fx16Math::Color hot = Fx16Math::color({5.0, 1.25, 0.0});
  CHECK(hot.intensity.raw == 327680);
  CHECK(hot.tint == std::array<std::uint8_t, 3>{255, 64, 0});  // 1.25 / 5 · 255 = 63.75 → 64
  const Fx16Math::Color grey = Fx16Math::color({0.5, 0.5, 0.5});
  CHECK(grey.tint == std::array<std::uint8_t, 3>{255, 255, 255});
  CHECK(grey.intensity.raw == 32768);
  // 0.5 / 1 · 255 = 127.5: a tie, to even 128.
  CHECK(Fx16Math::color({1.0, 0.5, 0.0}).tint == std::array<std::uint8_t, 3>{255, 128, 0});
  CHECK(Fx16Math::color({0.0, 0.0, 0.0}).intensity.raw == 0);
  // Drawn: tint / 255 · float(intensity ⊗ opacity).
  CHECK(Fx16Math::shade(hot, fx(0.5)) == Float3{2.5f, 64.0f / 255.0f * 2.5f, 0.0f});
}

TEST_CASE("step height: both backends clamp first, then round half to even", "[sim][math][iso]") {
  for (double d : {0.5, 1.5, 2.5, -0.5, -1.5, 2046.5, 2047.0, 3000.0, -3000.0, 0.25, -7.75}) {
    const std::int32_t f = particleDepthToStepHeight<Fp32Math>(static_cast<float>(d));
    const std::int32_t x = particleDepthToStepHeight<Fx16Math>(fx(d));
    CHECK(f == x);
  }
  CHECK(particleDepthToStepHeight<Fx16Math>(fx(0.5)) == 0);
  CHECK(particleDepthToStepHeight<Fx16Math>(fx(1.5)) == 2);
  CHECK(particleDepthToStepHeight<Fx16Math>(fx(2046.5)) == 2046);
  CHECK(particleDepthToStepHeight<Fx16Math>(fx(3000)) == 2047);
  CHECK(particleDepthToStepHeight<Fx16Math>(fx(-3000)) == -2047);
  CHECK(particleDepthToStepHeight<Fx16Math>(raw(kMax)) == 2047);
  CHECK(particleDepthToStepHeight<Fx16Math>(raw(kMin)) == -2047);
}

TEST_CASE("iso key: layers at their limits (hand-computed)", "[sim][math][iso]") {
  // (layer + 512) << 22 | (round((x + y)·16) − h·16 + 2^21)
  CHECK(isoDepthKey(0.0f, 0.0f, 0, -512) == 2097152u);
  CHECK(isoDepthKey(0.0f, 0.0f, 0, 511) == 4292870144u);
  // x + y = 1.25 → row 20; h = 2 → −32: 2^21 − 12 = 2097140.
  CHECK(isoDepthKey(0.5f, 0.75f, 2, 511) == 4292870132u);
  CHECK(isoDepthKey(0.5f, 0.75f, 2, -512) == 2097140u);
  CHECK(isoDepthKey<Fx16Math>(fx(0.5), fx(0.75), 2, 511) == 4292870132u);
  CHECK(isoDepthKey<Fx16Math>(fx(0.5), fx(0.75), 2, -512) == 2097140u);
  // A row off the grid saturates inside its layer, at both ends of the layer range.
  CHECK(isoDepthKey(1e9f, 0.0f, 0, 511) == 0xFFFFFFFFu);
  CHECK(isoDepthKey(-1e9f, 0.0f, 0, -512) == 0u);
}

TEST_CASE("batcher: a stopped batcher refuses the first sprite, an empty system still succeeds", "[sim][batcher]") {
  Events e = sampleEvents();
  e.emitters.clear();
  e.script.clear();
  ParticleSystem empty(compiled(e));
  EventRenderBuffers buffers(empty.capacity());
  writeRenderBuffers(empty, buffers);
  REQUIRE(buffers.count() == 0);

  SpriteBatcher never;  // never created
  CHECK(never.stopped());
  never.beginFrame(0);
  CHECK_FALSE(declareParticles(never, empty, buffers, ParticleView{}).has_value());
  CHECK(never.declare(SpriteDeclaration{}) == Code::BudgetExhausted);
  never.build();
  CHECK(never.sorted().empty());

  SpriteBatcher zero(0);
  CHECK(zero.stopped());
  zero.beginFrame(0);
  CHECK_FALSE(declareParticles(zero, empty, buffers, ParticleView{}).has_value());

  // One live particle: the first add fails with the batcher's error.
  ParticleSystem one(compiled(sampleEvents()));
  one.advanceTo(2.5);
  EventRenderBuffers ob(one.capacity());
  writeRenderBuffers(one, ob);
  REQUIRE(ob.count() > 0);
  CHECK(declareParticles(zero, one, ob, ParticleView{}) == Code::BudgetExhausted);
  // A batcher of one is not stopped: it declares (and drops the rest).
  SpriteBatcher single(1);
  CHECK_FALSE(single.stopped());
  single.beginFrame(0);
  CHECK_FALSE(declareParticles(single, one, ob, ParticleView{}).has_value());
  single.build();
  CHECK(single.sorted().size() == 1);
}

TEST_CASE("declare: a recipe's layer and depth_override reach the key, the options value sets blend and atlas",
          "[sim][batcher]") {
  Events e;
  e.capacity = 4;
  Recipe top = ember();
  top.name = "top", top.speed = 0, top.spread = 0, top.gravity = 0, top.drag = 0, top.layer = 511;
  Recipe bottom = top;
  bottom.name = "bottom", bottom.layer = -512;
  Recipe fixed = top;
  fixed.name = "fixed", fixed.layer = 0, fixed.depthOverride = 7;
  e.recipes = {top, bottom, fixed};
  e.script = {{0, "top", {0.5, 0.75, 2}, 1}, {0, "bottom", {0.5, 0.75, 2}, 2}, {0, "fixed", {0.5, 0.75, 2}, 3}};
  for (SortMode sort : {SortMode::Iso, SortMode::View, SortMode::None}) {
    ParticleSystem s(compiled(e));
    s.advanceTo(1.0 / 60);
    EventRenderBuffers b(s.capacity());
    writeRenderBuffers(s, b);
    REQUIRE(b.count() == 3);
    SpriteBatcher batcher(8);
    batcher.beginFrame(0);
    const std::array<ParticleDeclareOptions, 3> options{
        ParticleDeclareOptions{3, 4, BlendMode::Multiply, {}}, ParticleDeclareOptions{}, ParticleDeclareOptions{}};
    ParticleView view;
    view.sort = sort;
    REQUIRE_FALSE(declareParticles(batcher, s, b, view, options).has_value());
    batcher.build();
    const auto d = batcher.sorted();
    REQUIRE(d.size() == 3);
    if (sort == SortMode::Iso) {
      // x + y = 1.25, z = 2 → row 2^21 − 12: the override 7 first, then layer −512, then 511.
      CHECK(d[0].key == 7u);
      CHECK(d[1].key == 2097140u);
      CHECK(d[2].key == 4292870132u);
      CHECK(d[2].atlasPage == 3);
      CHECK(d[2].material == 4);
      CHECK(d[2].blend == BlendMode::Multiply);
      CHECK(d[1].blend == BlendMode::LightMatter);
    } else {
      // Outside iso the layer is not read; the override still fixes its key.
      std::uint32_t overridden = 0;
      for (const auto& x : d) overridden += x.key == 7u;
      CHECK(overridden == 1);
    }
  }
}

TEST_CASE("fp32 and fpx16_16 agree bit for bit on a dyadic section", "[sim][math]") {
  // dt = 1/64, gravity −4 and 2, no drag: every velocity and position stays a short dyadic.
  // The seeds were chosen so that lifetime·(0.75 + 0.5·h3) and size·(0.75 + 0.5·h4) have at
  // most 16 fraction bits.
  Events e;
  e.capacity = 16;
  e.stepHz = 64;
  e.sort = SortMode::Iso;
  Recipe mote;
  mote.name = "mote", mote.count = 1, mote.lifetime = 1, mote.size = 0.5, mote.gravity = -4, mote.drag = 0;
  mote.fade = 0, mote.opacity = 0.5, mote.color = {0.5, 0.5, 0.5};
  Recipe spark = mote;
  spark.name = "spark", spark.gravity = 2, spark.opacity = 1, spark.color = {4, 4, 4}, spark.glows = true;
  spark.layer = 511;
  e.recipes = {mote, spark};
  e.matterLight = {0.5, 1, 0.25};
  e.script = {{0.0, "mote", {1.5, -2.25, 0.5}, 24718}, {0.125, "spark", {0.75, 0.5, 1.5}, 112320},
              {0.25, "mote", {-3.125, 2, 2.5}, 1623918}};
  const Scene scene = compiled(e);
  ParticleSystem f(scene);
  FixedParticleSystem x(scene);
  for (double t : {0.0, 0.25, 0.5, 0.75, 1.0, 1.5}) {
    f.advanceTo(t);
    x.advanceTo(t);
    REQUIRE(f.liveCount() == x.liveCount());
    for (std::uint32_t i = 0; i < f.liveCount(); ++i) {
      const std::uint32_t fs = f.liveSlots()[i], xs = x.liveSlots()[i];
      const auto& fm = f.motion(fs);
      const auto& xm = x.motion(xs);
      CHECK(fm.position == toFloat3<Fx16Math>(xm.position));
      CHECK(fm.velocity == toFloat3<Fx16Math>(xm.velocity));
      CHECK(fm.age == Fx16Math::toFloat(xm.age));
      CHECK(f.birth(fs).lifetime == Fx16Math::toFloat(x.birth(xs).lifetime));
      CHECK(f.birth(fs).size0 == Fx16Math::toFloat(x.birth(xs).size0));
      const ParticleLook fl = particleLook(f, fs);
      const ParticleLookT<Fx16Math> xl = particleLook(x, xs);
      CHECK(fl.size == Fx16Math::toFloat(xl.size));
      CHECK(fl.opacity == Fx16Math::toFloat(xl.opacity));
      CHECK(fl.rgb == xl.rgb);
      CHECK(fl.coverage == xl.coverage);
      ParticleView iso;
      iso.sort = SortMode::Iso;
      const Recipe& r = scene.events.recipes[fm.recipe];
      CHECK(particleSortKey<Fp32Math>(iso, fm.position, r) == particleSortKey<Fx16Math>(iso, xm.position, r));
    }
  }
  // A hand-worked particle: the first mote at T = 0.5 has taken 32 steps from z = 0.5 with
  // v.z = −n/16 after step n, so z = 0.5 − (1 + … + 32)/1024 = 0.5 − 528/1024 = −0.015625.
  f.advanceTo(0.5);
  x.advanceTo(0.5);
  CHECK(f.motion(f.liveSlots()[0]).position.z == -0.015625f);
  CHECK(x.motion(x.liveSlots()[0]).position.z.raw == -1024);
  CHECK(x.motion(x.liveSlots()[0]).velocity.z.raw == -2 * 65536);
}

TEST_CASE("fpx16_16 off the dyadic zone: dt rounds to 16 fraction bits", "[sim][math]") {
  // At 60 Hz, dt = 1/60 = 1092.27 steps → 1092; gravity −6 → gravity·dt = −6552 raw exactly
  // (−6·1092); with no drag the velocity after one step is −6552 raw and the position moves by
  // −6552 ⊗ 1092 = −109.17 → −109 raw.
  Events e;
  e.capacity = 1;
  e.math = MathBackend::Fpx16_16;
  Recipe r;
  r.name = "drop", r.count = 1, r.lifetime = 1, r.gravity = -6, r.drag = 0;
  e.recipes = {r};
  e.script = {{0, "drop", {0, 0, 0}, 5}};
  FixedParticleSystem x(compiled(e));
  CHECK(x.dt().raw == 1092);
  x.advance();
  const auto& m = x.motion(x.liveSlots()[0]);
  CHECK(m.velocity.z.raw == -6552);
  CHECK(m.position.z.raw == -109);
  CHECK(m.age.raw == 1092);
  x.advance();
  // v = −13104; p = −109 + (−13104·1092 / 65536 = −218.35 → −218) = −327.
  CHECK(x.motion(x.liveSlots()[0]).velocity.z.raw == -13104);
  CHECK(x.motion(x.liveSlots()[0]).position.z.raw == -327);
}
