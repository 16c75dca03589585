// Analytic particle motion and curve sampling: the double forms of motion_math.hpp's templates;
// shaders/particle_common.glsl mirrors each function.
#include "particles/motion.hpp"
#include "particles/motion_math.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace kiln::particles {

DragFactors dragFactors(double drag, double age) { return detail::dragFactors(drag, age); }

Vec3 displacement(const Vec3& velocity, const Vec3& acceleration, double drag, double age) {
  return detail::toVec3(detail::displacement(detail::of(velocity), detail::of(acceleration), detail::dragFactors(drag, age)));
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

Vec3 rotateYaw(const Vec3& v, const YawBasis& b) { return detail::toVec3(detail::rotateYaw(detail::of(v), b.c, b.s)); }

Vec3 rotateYaw(const Vec3& v, double yawDegrees) { return rotateYaw(v, yawBasis(yawDegrees)); }

Vec3 worldPosition(const Emitter& e, const Vec3& spawn, const Vec3& velocity, const Vec3& acceleration,
                   double drag, double age) {
  const YawBasis b = yawBasis(e.yaw);
  const detail::Vec3Of<double> d =
      detail::displacement(detail::of(velocity), detail::of(acceleration), detail::dragFactors(drag, age));
  return detail::toVec3(detail::worldPosition(detail::of(e.position), e.scale, b.c, b.s, detail::of(spawn), d));
}

double sampleSize(std::span<const SizeKey> keys, double t) {
  return detail::sampleSize(keys, detail::curveSplits(keys), std::clamp(t, 0.0, 1.0));
}

std::array<double, 4> sampleColor(std::span<const ColorKey> keys, double t) {
  return detail::sampleColor(keys, detail::curveSplits(keys), std::clamp(t, 0.0, 1.0));
}

double sampleSize(const std::vector<SizeKey>& keys, double t) { return sampleSize(std::span<const SizeKey>(keys), t); }

std::array<double, 4> sampleColor(const std::vector<ColorKey>& keys, double t) {
  return sampleColor(std::span<const ColorKey>(keys), t);
}

std::uint32_t flipbookFrame(std::size_t frameCount, Flipbook flipbook, double fps, double age) {
  return detail::flipbookFrame(frameCount, flipbook, fps, age);
}

std::uint32_t flipbookFrame(const Sprite& sprite, double age) {
  return flipbookFrame(sprite.frames.size(), sprite.flipbook, sprite.fps, age);
}

}  // namespace kiln::particles
