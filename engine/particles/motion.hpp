// Analytic particle motion, mirrored function by function in shaders/particle_common.glsl.
#pragma once

#include "particles/model.hpp"

namespace kiln::particles {

// Integral factors of dv/dt = a − drag·v: displacement = velocity·f + acceleration·g.
// drag = 0: f = age, g = age²/2. q = drag·age < 0.5: fifth-order Horner polynomials.
// Otherwise the exponential integral (expm1 avoids cancellation).
struct DragFactors {
  double f = 0;
  double g = 0;
};
DragFactors dragFactors(double drag, double age);

// Local displacement after `age` seconds.
Vec3 displacement(const Vec3& velocity, const Vec3& acceleration, double drag, double age);

// Rotates a local vector about +Z by yaw degrees.
Vec3 rotateYaw(const Vec3& v, double yawDegrees);

// World position of a particle: position + scale·R(yaw)·(spawn + displacement).
Vec3 worldPosition(const Emitter& e, const Vec3& spawn, const Vec3& velocity, const Vec3& acceleration,
                   double drag, double age);

// Piecewise-linear curve sampling at normalized age t in [0,1] (clamped).
double sampleSize(const std::vector<SizeKey>& keys, double t);
std::array<double, 4> sampleColor(const std::vector<ColorKey>& keys, double t);

// Flipbook frame at an age: once clamps to the last frame, cycle wraps.
std::uint32_t flipbookFrame(const Sprite& sprite, double age);

}  // namespace kiln::particles
