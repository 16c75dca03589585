// How a live event particle looks at its age: size, opacity, and the colour and coverage the
// blend receives (docs/events.md "Look"). Computed in the system's math backend; the colour and
// coverage are float32, like the render buffers they feed.
#pragma once

#include "sim/system.hpp"

namespace kiln::sim {

template <class M>
struct ParticleLookT {
  typename M::Scalar t{};  // age / lifetime, in [0, 1)
  typename M::Scalar size{};
  typename M::Scalar opacity{};  // fpx16_16: fadeAlpha(opacity) is seed 004's exact u32 fade
  // light_matter: the premultiplied source colour and alpha (light: colour·opacity and 0;
  // matter: colour·matter_light·opacity and opacity). Other modes: the tint and the opacity.
  Float3 rgb;
  float coverage = 0.0f;
};
using ParticleLook = ParticleLookT<Fp32Math>;

// The blend a recipe draws with (light_matter when it has no sprite).
BlendMode blendOf(const Recipe& r);

// Whether matter_light lights the recipe: matter (it does not glow) drawn light_matter.
bool litByMatterLight(const Recipe& r);

template <class M>
ParticleLookT<M> particleLook(const Recipe& recipe, const ParticleMotionT<M>& motion, typename M::Scalar size0,
                              const Vec3& matterLight);

// The light on matter at a position: matter_light (as written, or derived from the sky), or
// for `sector` the containing sector's ambient, kOutsideSectorLight outside every sector.
Vec3 matterLightAt(const Scene& scene, const Float3& position);

// The look of the particle in `slot` of a system (lit at its current position).
template <class M>
ParticleLookT<M> particleLook(const ParticleSystemT<M>& system, std::uint32_t slot);

extern template ParticleLookT<Fp32Math> particleLook(const Recipe&, const ParticleMotionT<Fp32Math>&, float, const Vec3&);
extern template ParticleLookT<Fx16Math> particleLook(const Recipe&, const ParticleMotionT<Fx16Math>&, Fx16, const Vec3&);
extern template ParticleLookT<Fp32Math> particleLook(const ParticleSystemT<Fp32Math>&, std::uint32_t);
extern template ParticleLookT<Fx16Math> particleLook(const ParticleSystemT<Fx16Math>&, std::uint32_t);

}  // namespace kiln::sim
