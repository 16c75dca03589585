// Camera matrices and the default framing of a level.
#include "render/cpu/camera.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include <glm/gtc/matrix_transform.hpp>

namespace kiln::render {

std::optional<core::Diagnostic> checkCamera(const glm::dvec3& eye, const glm::dvec3& target,
                                            const glm::dvec3& up, std::string path) {
  const glm::dvec3 d = target - eye;
  const double len = glm::length(d), upLen = glm::length(up);
  char where[160];
  std::snprintf(where, sizeof where, "the eye (%.9g, %.9g, %.9g) and target (%.9g, %.9g, %.9g)", eye.x, eye.y,
                eye.z, target.x, target.y, target.z);
  // The camera's matrices are float32: from farther than kMaxCameraReach from the origin a
  // level's metres are below its precision, and the direction overflows near the float32 limit.
  for (const glm::dvec3* p : {&eye, &target})
    for (int i = 0; i < 3; ++i)
      if (!(std::abs((*p)[i]) <= kMaxCameraReach))
        return core::Diagnostic{core::Code::DegenerateCamera, std::move(path),
                                std::string(where) + " lie farther than 1e6 m from the origin along an axis (or are "
                                                     "not finite): float32 cannot place the level in such a view; "
                                                     "bring the camera nearer"};
  // Written so NaN and infinities fail too.
  if (!(len >= kMinCameraDistance) || !std::isfinite(len))
    return core::Diagnostic{core::Code::DegenerateCamera, std::move(path),
                            std::string(where) +
                                " are less than 1e-6 m apart (or not finite): the camera has no "
                                "direction; move the eye away from the target"};
  if (!(glm::length(glm::cross(d, up)) >= kMinViewUpSine * len * upLen))
    return core::Diagnostic{
        core::Code::DegenerateCamera, std::move(path),
        std::string(where) + " look straight " + (glm::dot(d, up) > 0 ? "up" : "down") +
            " the Z axis (within 1e-6 of the up direction), so the picture has no horizontal "
            "axis; tilt the view or move the eye sideways"};
  return std::nullopt;
}

glm::mat4 viewMatrix(const Camera& c) { return glm::lookAt(c.eye, c.target, c.up); }

glm::mat4 projectionMatrix(const Camera& c, float aspect) {
  if (c.orthographic) {
    const float h = c.orthoHeight * 0.5f, w = h * aspect;
    return glm::ortho(-w, w, -h, h, c.nearPlane, c.farPlane);
  }
  return glm::perspective(glm::radians(c.fovYDegrees), aspect, c.nearPlane, c.farPlane);
}

namespace {

// The box holding every sector and every emitter's stored bounds; false when there is nothing.
bool levelBox(const world::World& world, const particles::Document* particles, glm::dvec3& lo, glm::dvec3& hi) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  lo = glm::dvec3(inf);
  hi = glm::dvec3(-inf);
  const auto grow = [&](double x, double y, double z) {
    lo = glm::min(lo, glm::dvec3(x, y, z));
    hi = glm::max(hi, glm::dvec3(x, y, z));
  };
  for (const auto& s : world.sectors)
    for (const auto& v : s.walls) {
      grow(v.x, v.y, s.floor.at(v.x, v.y));
      grow(v.x, v.y, s.ceiling.at(v.x, v.y));
    }
  if (particles != nullptr)
    for (const auto& e : particles->emitters) {
      grow(e.bounds.min.x, e.bounds.min.y, e.bounds.min.z);
      grow(e.bounds.max.x, e.bounds.max.y, e.bounds.max.z);
    }
  return lo.x <= hi.x;
}

// Near and far planes that keep the whole level box in range from the camera's eye: a camera
// inside the box gets a small fixed near plane so nothing in front of it is clipped.
void fitDepthRange(Camera& c, const glm::dvec3& lo, const glm::dvec3& hi) {
  const glm::dvec3 centre = (lo + hi) * 0.5;
  const double radius = std::max(0.5, glm::length(hi - lo) * 0.5);
  const double distance = glm::length(glm::dvec3(c.eye) - centre);
  c.nearPlane = static_cast<float>(std::max(0.02, (distance - radius) * 0.5));
  c.farPlane = static_cast<float>(distance + radius * 2.0);
}

}  // namespace

Camera lookAtLevel(const world::World& world, const particles::Document* particles, const glm::vec3& eye,
                   const glm::vec3& target) {
  Camera c;
  c.eye = eye;
  c.target = target;
  glm::dvec3 lo, hi;
  if (levelBox(world, particles, lo, hi)) fitDepthRange(c, lo, hi);
  return c;
}

Camera frameLevel(const world::World& world, const particles::Document* particles, float aspect) {
  Camera c;
  glm::dvec3 lo, hi;
  if (!levelBox(world, particles, lo, hi)) return c;  // nothing to frame
  const glm::dvec3 centre = (lo + hi) * 0.5;
  const glm::dvec3 back = glm::normalize(glm::dvec3(0.55, -0.75, 0.45));  // three-quarter view
  const glm::dvec3 right = glm::normalize(glm::cross(glm::dvec3(0, 0, 1), back));
  const glm::dvec3 up = glm::cross(back, right);
  // The nearest distance at which every box corner lies inside the vertical field of view
  // and, widened by the aspect ratio, the horizontal one.
  const double slope = std::tan(glm::radians(static_cast<double>(c.fovYDegrees)) * 0.5);
  const double wide = aspect > 0 ? static_cast<double>(aspect) : 1.0;
  double distance = 0.5;
  for (int i = 0; i < 8; ++i) {
    const glm::dvec3 p = glm::dvec3(i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z) - centre;
    const double across = std::max(std::abs(glm::dot(p, up)), std::abs(glm::dot(p, right)) / wide);
    distance = std::max(distance, glm::dot(p, back) + across / slope);
  }
  distance *= 1.05;
  c.target = glm::vec3(centre);
  c.eye = glm::vec3(centre + back * distance);
  fitDepthRange(c, lo, hi);
  return c;
}

}  // namespace kiln::render
