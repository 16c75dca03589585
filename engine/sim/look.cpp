// The look of an event particle at t = age / lifetime.
#include "sim/look.hpp"

#include <cmath>

namespace kiln::sim {

BlendMode blendOf(const Recipe& r) { return r.sprite ? r.sprite->blend : BlendMode::LightMatter; }

bool litByMatterLight(const Recipe& r) { return !r.glows && blendOf(r) == BlendMode::LightMatter; }

ParticleLook particleLook(const Recipe& recipe, const ParticleMotion& motion, float size0, const Vec3& matterLight) {
  ParticleLook l;
  l.t = motion.age / motion.lifetime;
  l.size = size0 * (1.0f + static_cast<float>(recipe.growth) * l.t);
  l.opacity = static_cast<float>(recipe.opacity) * std::pow(1.0f - l.t, static_cast<float>(recipe.fade));
  const Float3 color{static_cast<float>(recipe.color[0]), static_cast<float>(recipe.color[1]),
                     static_cast<float>(recipe.color[2])};
  if (blendOf(recipe) != BlendMode::LightMatter) {
    l.rgb = color;
    l.coverage = l.opacity;
  } else if (recipe.glows) {
    // Light covers nothing: zero coverage turns the premultiplied "over" into an add.
    l.rgb = {color.x * l.opacity, color.y * l.opacity, color.z * l.opacity};
    l.coverage = 0.0f;
  } else {
    // Matter's colour is an albedo, lit by the level's matter light.
    l.rgb = {color.x * static_cast<float>(matterLight[0]) * l.opacity,
             color.y * static_cast<float>(matterLight[1]) * l.opacity,
             color.z * static_cast<float>(matterLight[2]) * l.opacity};
    l.coverage = l.opacity;
  }
  return l;
}

Vec3 matterLightAt(const Scene& scene, const Float3& position) {
  if (scene.events.matterLightMode != MatterLightMode::Sector) return scene.events.matterLight;
  if (scene.sectorLight)
    if (const auto ambient = scene.sectorLight({position.x, position.y, position.z})) return *ambient;
  return kOutsideSectorLight;
}

ParticleLook particleLook(const ParticleSystem& system, std::uint32_t slot) {
  const ParticleMotion& m = system.motion(slot);
  const Recipe& recipe = system.scene().events.recipes[m.recipe];
  // Only what matter_light lights looks its light up.
  const Vec3 light = litByMatterLight(recipe) ? matterLightAt(system.scene(), m.position) : system.scene().events.matterLight;
  return particleLook(recipe, m, system.birth(slot).size0, light);
}

}  // namespace kiln::sim
