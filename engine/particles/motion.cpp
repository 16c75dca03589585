// Analytic particle motion and curve sampling; shaders/particle_common.glsl mirrors each function.
#include "particles/motion.hpp"
#include "particles/motion_inline.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace kiln::particles {

DragFactors dragFactors(double drag, double age) { return detail::dragFactorsInline(drag, age); }

Vec3 displacement(const Vec3& velocity, const Vec3& acceleration, double drag, double age) {
  return detail::displacementInline(velocity, acceleration, drag, age);
}

YawBasis yawBasis(double yawDegrees) {
  // Quarter turns are exact so axis-aligned emitters get axis-aligned bounds without residue.
  if (yawDegrees == 0) return {1, 0};
  if (yawDegrees == 90) return {0, 1};
  if (yawDegrees == -90) return {0, -1};
  if (yawDegrees == 180 || yawDegrees == -180) return {-1, 0};
  const double r = yawDegrees * (std::numbers::pi / 180.0);
  return {std::cos(r), std::sin(r)};
}

Vec3 rotateYaw(const Vec3& v, const YawBasis& b) { return detail::rotateYawInline(v, b); }

Vec3 rotateYaw(const Vec3& v, double yawDegrees) { return rotateYaw(v, yawBasis(yawDegrees)); }

Vec3 worldPosition(const Emitter& e, const Vec3& spawn, const Vec3& velocity, const Vec3& acceleration,
                   double drag, double age) {
  const Vec3 d = displacement(velocity, acceleration, drag, age);
  const Vec3 r = rotateYaw({spawn.x + d.x, spawn.y + d.y, spawn.z + d.z}, e.yaw);
  return {e.position.x + e.scale * r.x, e.position.y + e.scale * r.y, e.position.z + e.scale * r.z};
}

double sampleSize(std::span<const SizeKey> keys, double t) { return detail::sampleSizeInline(keys, t); }

std::array<double, 4> sampleColor(std::span<const ColorKey> keys, double t) {
  return detail::sampleColorInline(keys, t);
}

double sampleSize(const std::vector<SizeKey>& keys, double t) { return sampleSize(std::span<const SizeKey>(keys), t); }

std::array<double, 4> sampleColor(const std::vector<ColorKey>& keys, double t) {
  return sampleColor(std::span<const ColorKey>(keys), t);
}

std::uint32_t flipbookFrame(std::size_t frameCount, Flipbook flipbook, double fps, double age) {
  return detail::flipbookFrameInline(frameCount, flipbook, fps, age);
}

std::uint32_t flipbookFrame(const Sprite& sprite, double age) {
  return flipbookFrame(sprite.frames.size(), sprite.flipbook, sprite.fps, age);
}

}  // namespace kiln::particles
