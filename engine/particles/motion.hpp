// Analytic particle motion, mirrored function by function in shaders/particle_common.glsl. The
// arithmetic is written once, as templates over a value type, in motion_math.hpp; these are
// its double forms for the rest of the engine.
#pragma once

#include <span>

#include "particles/model.hpp"

namespace kiln::particles {

// Integral factors of dv/dt = a − drag·v: displacement = velocity·f + acceleration·g.
// drag = 0: f = age, g = age²/2. q = drag·age < 0.5: fifth-order Horner polynomials.
// Otherwise the exponential integral (expm1 avoids cancellation).
template <class T>
struct DragFactorsOf {
  T f{};
  T g{};
};
using DragFactors = DragFactorsOf<double>;
DragFactors dragFactors(double drag, double age);

// Local displacement after `age` seconds.
Vec3 displacement(const Vec3& velocity, const Vec3& acceleration, double drag, double age);

// cos and sin of a yaw in degrees; quarter turns (0, ±90, ±180) are exact.
struct YawBasis {
  double c = 1, s = 0;
};
YawBasis yawBasis(double yawDegrees);

// Rotates a local vector about +Z by yaw degrees (x' = c·x − s·y, y' = s·x + c·y).
Vec3 rotateYaw(const Vec3& v, double yawDegrees);
Vec3 rotateYaw(const Vec3& v, const YawBasis& basis);

// World position of a particle: position + scale·R(yaw)·(spawn + displacement).
Vec3 worldPosition(const Emitter& e, const Vec3& spawn, const Vec3& velocity, const Vec3& acceleration,
                   double drag, double age);

// Piecewise-linear curve sampling at normalized age t in [0,1] (clamped). The segment is the
// first [age_i, age_i+1] with t ≤ age_i+1; the weight is (t − age_i)/(age_i+1 − age_i).
double sampleSize(const std::vector<SizeKey>& keys, double t);
std::array<double, 4> sampleColor(const std::vector<ColorKey>& keys, double t);
double sampleSize(std::span<const SizeKey> keys, double t);
std::array<double, 4> sampleColor(std::span<const ColorKey> keys, double t);

// Flipbook frame at an age: once clamps to the last frame, cycle wraps.
// i = floor(age·fps); fps 0 or a single frame always shows frame 0.
std::uint32_t flipbookFrame(const Sprite& sprite, double age);
std::uint32_t flipbookFrame(std::size_t frameCount, Flipbook flipbook, double fps, double age);

}  // namespace kiln::particles
