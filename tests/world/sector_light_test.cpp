// `matter_light: sector` from the world's side: a matter particle is lit by the ambient of the
// sector it is in (version 3), by kDefaultAmbient in older worlds, by kOutsideSectorLight
// outside every sector.
#include <catch2/catch.hpp>

#include "sim/look.hpp"
#include "sim/system.hpp"
#include "world/sector_light.hpp"
#include "worlds.hpp"

using namespace kiln::worldtest;
namespace sim = kiln::sim;

namespace {

// One white, opaque, unfading, motionless matter puff per position, at t = 0.
sim::Scene puffs(std::vector<sim::Vec3> at) {
  sim::Events e;
  e.capacity = 16;
  e.matterLightMode = sim::MatterLightMode::Sector;
  sim::Recipe r;
  r.name = "puff";
  r.count = 1, r.lifetime = 10, r.size = 0.1, r.color = {1, 1, 1}, r.opacity = 1, r.fade = 0, r.gravity = 0;
  sim::Recipe glow = r;
  glow.name = "glow", glow.glows = true;
  e.recipes = {r, glow};
  std::uint32_t seed = 1;
  for (const sim::Vec3& p : at) e.script.push_back({0.0, "puff", p, seed++});
  e.script.push_back({0.0, "glow", at.front(), seed++});
  const sim::EventsCompileResult c = sim::compileEvents(e, {});
  REQUIRE(c.scene);
  return *c.scene;
}

std::vector<sim::Float3> matterRgb(sim::Scene scene, const kw::World& world) {
  scene.sectorLight = kw::sectorLight(world);
  sim::ParticleSystem system(std::move(scene));
  system.advance();
  std::vector<sim::Float3> out;
  for (const std::uint32_t slot : system.liveSlots())
    if (!system.scene().events.recipes[system.motion(slot).recipe].glows)
      out.push_back(sim::particleLook(system, slot).rgb);
  return out;
}

sim::Float3 f3(const std::array<double, 3>& v) {
  return {static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2])};
}

}  // namespace

TEST_CASE("sector matter light: each sector's own ambient inside, white outside", "[world][matter-light]") {
  const kw::World w = sampleWorld(3);
  // In the hall (x < 8), in the corridor (8 < x < 12), and beyond both (x = 20).
  const auto rgb = matterRgb(puffs({{2, 3, 1}, {10, 3, 1}, {20, 3, 1}}), w);
  REQUIRE(rgb.size() == 3);
  CHECK(rgb[0] == f3(w.sectors[0].ambient));
  CHECK(rgb[1] == f3(w.sectors[1].ambient));
  CHECK(rgb[0] != rgb[1]);
  CHECK(rgb[2] == f3(sim::kOutsideSectorLight));
  // Above the hall's ceiling is outside too.
  CHECK(matterRgb(puffs({{2, 3, 10}}), w)[0] == sim::Float3{1, 1, 1});
}

TEST_CASE("sector matter light in worlds without ambient: the renderer's default grey", "[world][matter-light]") {
  for (std::uint16_t version : {std::uint16_t{1}, std::uint16_t{2}}) {
    INFO("world version " << version);
    const kw::World w = sampleWorld(version);
    CHECK(kw::ambientOf(w, w.sectors[0]) == kw::kDefaultAmbient);
    const auto rgb = matterRgb(puffs({{2, 3, 1}, {20, 3, 1}}), w);
    REQUIRE(rgb.size() == 2);
    CHECK(rgb[0] == sim::Float3{0.15f, 0.15f, 0.15f});
    CHECK(rgb[1] == sim::Float3{1, 1, 1});
  }
  const kw::World v3 = sampleWorld(3);
  CHECK(kw::ambientOf(v3, v3.sectors[1]) == v3.sectors[1].ambient);
}

TEST_CASE("a glowing particle is not lit by its sector", "[world][matter-light]") {
  sim::Scene s = puffs({{2, 3, 1}});
  s.sectorLight = kw::sectorLight(sampleWorld(3));
  sim::ParticleSystem system(std::move(s));
  system.advance();
  bool sawGlow = false;
  for (const std::uint32_t slot : system.liveSlots()) {
    if (!system.scene().events.recipes[system.motion(slot).recipe].glows) continue;
    sawGlow = true;
    CHECK(sim::particleLook(system, slot).rgb == sim::Float3{1, 1, 1});
    CHECK(sim::particleLook(system, slot).coverage == 0.0f);
  }
  CHECK(sawGlow);
}
