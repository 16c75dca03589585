// matter_light's three forms: a colour, a sky (radiance + irradiance / 4π, derived when
// compiled) and `sector` (each particle lit by the sector it is in, kOutsideSectorLight outside).
#include <catch2/catch.hpp>
#include <cmath>

#include "scenes.hpp"
#include "sim/look.hpp"

using namespace simtest;
using kiln::core::Code;

namespace {

constexpr double kPi = 3.14159265358979323846;

Events skyEvents(const Vec3& radiance, const Vec3& irradiance) {
  Events e = sampleEvents();
  e.matterLightMode = MatterLightMode::Sky;
  e.skyRadiance = radiance;
  e.sunIrradiance = irradiance;
  return e;
}

// The one diagnostic an edit of the sample section gives.
kiln::core::Diagnostic only(const Events& e) {
  const EventsCompileResult r = compileEvents(e, kTextures);
  for (const auto& d : r.diagnostics) INFO(kiln::core::format(d));
  REQUIRE(r.diagnostics.size() == 1);
  CHECK_FALSE(r.scene.has_value());
  return r.diagnostics[0];
}

// A matter recipe drawn light_matter (no sprite), white, opaque, not fading at t = 0.
Events oneMatterBurst(const Vec3& at) {
  Events e;
  e.capacity = 8;
  Recipe r;
  r.name = "puff";
  r.count = 1, r.lifetime = 10, r.size = 0.1, r.color = {1, 1, 1}, r.opacity = 1, r.fade = 0, r.gravity = 0;
  e.recipes = {r};
  e.script = {{0.0, "puff", at, 7}};
  return e;
}

}  // namespace

TEST_CASE("the sky form is radiance plus irradiance over 4π, worked by hand", "[sim][matter-light]") {
  // (0.2, 0.3, 0.4) + (4π, 0, 2π) / 4π = (0.2 + 1, 0.3 + 0, 0.4 + 0.5).
  const Vec3 light = skyMatterLight({0.2, 0.3, 0.4}, {4 * kPi, 0, 2 * kPi});
  CHECK(light[0] == Approx(1.2).epsilon(1e-15));
  CHECK(light[1] == Approx(0.3).epsilon(1e-15));
  CHECK(light[2] == Approx(0.9).epsilon(1e-15));
  // A 0.5 sky with no sun lights matter at 0.5, not at white.
  CHECK(skyMatterLight({0.5, 0.5, 0.5}, {0, 0, 0}) == Vec3{0.5, 0.5, 0.5});
}

TEST_CASE("compileEvents derives the sky's colour, whatever the model held", "[sim][matter-light]") {
  Events e = skyEvents({0.2, 0.3, 0.4}, {4 * kPi, 0, 2 * kPi});
  e.matterLight = {9, 9, 9};  // stale: the derivation replaces it
  const Scene s = compiled(e);
  CHECK(s.events.matterLight == skyMatterLight({0.2, 0.3, 0.4}, {4 * kPi, 0, 2 * kPi}));
  CHECK(s.events.skyRadiance == Vec3{0.2, 0.3, 0.4});
  CHECK(matterLightAt(s, {100, 100, 100}) == s.events.matterLight);
}

TEST_CASE("the sky's inputs are checked at their own paths", "[sim][matter-light]") {
  auto d = only(skyEvents({0.2, -0.1, 0.4}, {1, 1, 1}));
  CHECK(d.code == Code::NegativeColor);
  CHECK(d.path == "events.matter_light.sky_radiance[1]");
  d = only(skyEvents({0.2, 0.1, 0.4}, {INFINITY, 1, 1}));
  CHECK(d.code == Code::NotFinite);
  CHECK(d.path == "events.matter_light.sun_irradiance[0]");
  // The sum of two finite float32 values can leave float32: the derived colour is checked too.
  d = only(skyEvents({3.3e38, 0, 0}, {3.3e38, 0, 0}));  // 3.3e38 + 0.26e38
  CHECK(d.code == Code::NotFinite);
  CHECK(d.path == "events.matter_light[0]");
  // In the sky form a negative stale colour is not an error: it is not what runs.
  Events e = skyEvents({0, 0, 0}, {0, 0, 0});
  e.matterLight = {-1, -1, -1};
  CHECK(compileEvents(e, kTextures).diagnostics.empty());
  Events bad = sampleEvents();
  bad.matterLightMode = static_cast<MatterLightMode>(3);
  d = only(bad);
  CHECK(d.code == Code::UnknownEnum);
  CHECK(d.path == "events.matter_light");
}

TEST_CASE("the sector form: the containing sector's ambient inside, kOutsideSectorLight outside",
          "[sim][matter-light]") {
  Events e = oneMatterBurst({0.5, 0.5, 0.5});
  e.matterLightMode = MatterLightMode::Sector;
  e.matterLight = {0.1, 0.1, 0.1};  // not used by the sector form
  Scene s = compiled(e);
  CHECK(s.events.matterLight == kOutsideSectorLight);
  CHECK(kOutsideSectorLight == Vec3{1, 1, 1});
  // No lookup: every point is outside.
  CHECK(matterLightAt(s, {0.5f, 0.5f, 0.5f}) == kOutsideSectorLight);
  // A stand-in for the level's sectors: the unit cube has ambient (0.2, 0.4, 0.6).
  s.sectorLight = [](const Vec3& p) -> std::optional<Vec3> {
    if (p[0] >= 0 && p[0] <= 1 && p[1] >= 0 && p[1] <= 1 && p[2] >= 0 && p[2] <= 1) return Vec3{0.2, 0.4, 0.6};
    return std::nullopt;
  };
  CHECK(matterLightAt(s, {0.5f, 0.5f, 0.5f}) == Vec3{0.2, 0.4, 0.6});
  CHECK(matterLightAt(s, {1.5f, 0.5f, 0.5f}) == kOutsideSectorLight);

  // Through the system: the particle is lit where it is when its look is taken.
  ParticleSystem inside(s);
  inside.advance();
  REQUIRE(inside.liveCount() == 1);
  const ParticleLook l = particleLook(inside, inside.liveSlots()[0]);
  CHECK(l.rgb == Float3{0.2f, 0.4f, 0.6f});
  CHECK(l.coverage == 1.0f);

  Events out = oneMatterBurst({3, 0.5, 0.5});
  out.matterLightMode = MatterLightMode::Sector;
  Scene so = compiled(out);
  so.sectorLight = s.sectorLight;
  ParticleSystem outside(so);
  outside.advance();
  REQUIRE(outside.liveCount() == 1);
  CHECK(particleLook(outside, outside.liveSlots()[0]).rgb == Float3{1, 1, 1});

  // The colour form never asks the lookup.
  Events c = oneMatterBurst({0.5, 0.5, 0.5});
  c.matterLight = {0.5, 0.5, 0.5};
  Scene sc = compiled(c);
  sc.sectorLight = [](const Vec3&) -> std::optional<Vec3> {
    FAIL("the colour form looked a sector up");
    return std::nullopt;
  };
  ParticleSystem colour(sc);
  colour.advance();
  CHECK(particleLook(colour, colour.liveSlots()[0]).rgb == Float3{0.5f, 0.5f, 0.5f});
}
