// How a live event particle looks at its age: size, opacity, and the colour and coverage the
// blend receives (docs/events.md "Look"). Float32, like the render buffers it feeds.
#pragma once

#include "sim/system.hpp"

namespace kiln::sim {

struct ParticleLook {
  float t = 0.0f;  // age / lifetime, in [0, 1)
  float size = 0.0f;
  float opacity = 0.0f;
  // light_matter: the premultiplied source colour and alpha (light: colour·opacity and 0;
  // matter: colour·matter_light·opacity and opacity). Other modes: the tint and the opacity.
  Float3 rgb;
  float coverage = 0.0f;
};

// The blend a recipe draws with (light_matter when it has no sprite).
BlendMode blendOf(const Recipe& r);

// Whether matter_light lights the recipe: matter (it does not glow) drawn light_matter.
bool litByMatterLight(const Recipe& r);

ParticleLook particleLook(const Recipe& recipe, const ParticleMotion& motion, float size0, const Vec3& matterLight);

// The light on matter at a position: matter_light (as written, or derived from the sky), or
// for `sector` the containing sector's ambient, kOutsideSectorLight outside every sector.
Vec3 matterLightAt(const Scene& scene, const Float3& position);

// The look of the particle in `slot` of a system (lit at its current position).
ParticleLook particleLook(const ParticleSystem& system, std::uint32_t slot);

}  // namespace kiln::sim
