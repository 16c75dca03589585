// Viewer cameras: orbit and fly (perspective) and a top view (orthographic), Z up. GL-free.
#pragma once

#include "core/spelling.hpp"

#include <glm/glm.hpp>
#include <string>
#include <vector>

namespace kiln::viewer {

struct Ray {
  glm::dvec3 origin{0};
  glm::dvec3 direction{0, 0, -1};  // unit length
};

struct ViewCamera {
  enum class Mode { Orbit, Fly, Top };

  Mode mode = Mode::Orbit;
  glm::dvec3 target{0, 0, 1};  // orbit centre; top view centre
  double yaw = -60;            // degrees about +Z, 0 looks along +X
  double pitch = 25;           // degrees above the horizon (orbit looks down at the target)
  double distance = 14;        // orbit radius; top view half height
  glm::dvec3 position{-6, -8, 4};  // fly eye
  double fovY = 50;            // degrees
  double nearZ = 0.05, farZ = 500;

  glm::dvec3 eye() const;
  glm::dvec3 forward() const;  // unit view direction
  glm::dmat4 view() const;
  glm::dmat4 projection(double aspect) const;

  // Mouse drag (pixels) rotates; wheel zooms; fly keys move in view space (metres).
  void rotate(double dxPixels, double dyPixels);
  void zoom(double wheelSteps);
  void move(const glm::dvec3& rightForwardUp);
  // Places the camera, looking the way it looks, so the whole box is inside a view of this aspect
  // (width / height) with kFrameMargin to spare across and up (key F); the top view fits the
  // box's extent in x and y.
  void frame(const glm::dvec3& boxMin, const glm::dvec3& boxMax, double aspect = 1.0);
  static constexpr double kFrameMargin = 1.15;
  // Orbits the target from the eye (the `kiln capture --camera` pair); false, unchanged, when
  // they coincide.
  bool lookFrom(const glm::dvec3& eye, const glm::dvec3& target);
  // Switching keeps the same eye and direction where the modes allow it.
  void setMode(Mode m);
};

// The word for each camera mode, in bookmarks files, scripts (`camera orbit`) and the UI.
inline constexpr core::SpellingTable<ViewCamera::Mode, 3> kCameraModeSpellings{
    {{"orbit", ViewCamera::Mode::Orbit}, {"fly", ViewCamera::Mode::Fly}, {"top", ViewCamera::Mode::Top}}};

// The view plane's unit axes a camera-facing billboard spans (the top view's up is +Y, else +Z):
// what the shaders' cameraRight / cameraUp hold, so picking tests the squares that are drawn.
struct ViewAxes {
  glm::dvec3 right{1, 0, 0}, up{0, 0, 1};
};
ViewAxes billboardAxes(const ViewCamera& c);

// The world-space ray under a pixel (x right, y down, in framebuffer pixels).
Ray rayThroughPixel(const ViewCamera& c, double x, double y, double width, double height);

struct CameraBookmark {
  std::string name;
  ViewCamera camera;
};

// Bookmarks live beside the level as LEVEL.bookmarks.json.
std::string bookmarksToJson(const std::vector<CameraBookmark>& marks);
bool bookmarksFromJson(const std::string& text, std::vector<CameraBookmark>& out, std::string& error);

}  // namespace kiln::viewer
