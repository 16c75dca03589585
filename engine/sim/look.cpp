// The look of an event particle at t = age / lifetime, once for both math backends.
#include "sim/look.hpp"

#include <cmath>

namespace kiln::sim {

BlendMode blendOf(const Recipe& r) { return r.sprite ? r.sprite->blend : BlendMode::LightMatter; }

bool litByMatterLight(const Recipe& r) { return !r.glows && blendOf(r) == BlendMode::LightMatter; }

template <class M>
ParticleLookT<M> particleLook(const Recipe& recipe, const ParticleMotionT<M>& motion, typename M::Scalar size0,
                              const Vec3& matterLight) {
  ParticleLookT<M> l;
  l.t = motion.age / motion.lifetime;
  l.size = size0 * (M::one() + M::fromDouble(recipe.growth) * l.t);
  l.opacity = M::fromDouble(recipe.opacity) * M::pow(M::one() - l.t, M::fromDouble(recipe.fade));
  const typename M::Color color = M::color(recipe.color);
  if (blendOf(recipe) != BlendMode::LightMatter) {
    l.rgb = M::tint(color);
    l.coverage = M::toFloat(l.opacity);
  } else if (recipe.glows) {
    // Light covers nothing: zero coverage turns the premultiplied "over" into an add.
    l.rgb = M::shade(color, l.opacity);
    l.coverage = 0.0f;
  } else {
    // Matter's colour is an albedo, lit by the level's matter light.
    l.rgb = M::shade(color, matterLight, l.opacity);
    l.coverage = M::toFloat(l.opacity);
  }
  return l;
}

Vec3 matterLightAt(const Scene& scene, const Float3& position) {
  if (scene.events.matterLightMode != MatterLightMode::Sector) return scene.events.matterLight;
  if (scene.sectorLight)
    if (const auto ambient = scene.sectorLight({position.x, position.y, position.z})) return *ambient;
  return kOutsideSectorLight;
}

template <class M>
ParticleLookT<M> particleLook(const ParticleSystemT<M>& system, std::uint32_t slot) {
  const ParticleMotionT<M>& m = system.motion(slot);
  const Recipe& recipe = system.scene().events.recipes[m.recipe];
  // Only what matter_light lights looks its light up (the sector lookup reads float positions).
  const Vec3 light = litByMatterLight(recipe) ? matterLightAt(system.scene(), toFloat3<M>(m.position))
                                              : system.scene().events.matterLight;
  return particleLook<M>(recipe, m, system.birth(slot).size0, light);
}

template ParticleLookT<Fp32Math> particleLook(const Recipe&, const ParticleMotionT<Fp32Math>&, float, const Vec3&);
template ParticleLookT<Fx16Math> particleLook(const Recipe&, const ParticleMotionT<Fx16Math>&, Fx16, const Vec3&);
template ParticleLookT<Fp32Math> particleLook(const ParticleSystemT<Fp32Math>&, std::uint32_t);
template ParticleLookT<Fx16Math> particleLook(const ParticleSystemT<Fx16Math>&, std::uint32_t);

}  // namespace kiln::sim
