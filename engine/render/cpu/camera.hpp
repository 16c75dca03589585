// The viewing camera (perspective or orthographic) and its matrices; GL-free.
#pragma once

#include <glm/glm.hpp>
#include <optional>
#include <string>

#include "core/diagnostic.hpp"
#include "particles/model.hpp"
#include "world/world.hpp"

namespace kiln::render {

// Z is up (the format's convention). Angles in degrees.
struct Camera {
  glm::vec3 eye{8.0f, -8.0f, 6.0f};
  glm::vec3 target{0.0f, 0.0f, 1.0f};
  glm::vec3 up{0.0f, 0.0f, 1.0f};
  float fovYDegrees = 60.0f;  // perspective only
  float nearPlane = 0.05f;
  float farPlane = 1000.0f;
  bool orthographic = false;
  float orthoHeight = 10.0f;  // world units visible vertically (orthographic only)
  friend bool operator==(const Camera&, const Camera&) = default;
};

// The camera rule `kiln capture --camera`, `kiln sim --camera` and the viewer's `look` share.
// A view needs a direction d = target − eye: `degenerate-camera` when |d| is below
// kMinCameraDistance (the eye on its target) or not finite, or when d is parallel to `up` within
// kMinViewUpSine: |d × up| < kMinViewUpSine · |d| · |up| (looking straight up or down the Z
// axis, which leaves the picture's horizontal axis undefined and the image one colour). Callers
// pass the values they will render with (after any float32 rounding). `path` names the input.
inline constexpr double kMinCameraDistance = 1e-6;  // metres
// How far from the origin (along each axis) an eye or target may be, in metres.
inline constexpr double kMaxCameraReach = 1e6;
inline constexpr double kMinViewUpSine = 1e-6;      // about 0.2 arc seconds off the up axis
std::optional<core::Diagnostic> checkCamera(const glm::dvec3& eye, const glm::dvec3& target,
                                            const glm::dvec3& up = {0.0, 0.0, 1.0},
                                            std::string path = "camera");

glm::mat4 viewMatrix(const Camera& c);
// OpenGL clip conventions (depth −1..1); aspect = width / height.
glm::mat4 projectionMatrix(const Camera& c, float aspect);

// A camera that frames every sector and every emitter's stored bounds from a fixed
// three-quarter direction, so a capture without --camera is reproducible. `aspect` (width /
// height of the image) widens the horizontal fit; 1 frames the level for any aspect ≥ 1.
Camera frameLevel(const world::World& world, const particles::Document* particles, float aspect = 1.0f);

// A camera at `eye` looking at `target`, with near and far planes fitted to the level so a close
// camera (even one inside the level) clips nothing in front of it.
Camera lookAtLevel(const world::World& world, const particles::Document* particles, const glm::vec3& eye,
                   const glm::vec3& target);

}  // namespace kiln::render
