// Camera arithmetic and bookmark (de)serialisation (GL-free, unit-tested in tests/viewer).
#include <algorithm>
#include <cmath>
#include <optional>
#include <glm/gtc/matrix_transform.hpp>
#include <nlohmann/json.hpp>

#include "logic/camera.hpp"
#include "render/cpu/camera.hpp"

namespace kiln::viewer {
namespace {

glm::dvec3 direction(double yawDeg, double pitchDeg) {
  const double y = glm::radians(yawDeg), p = glm::radians(pitchDeg);
  return {std::cos(p) * std::cos(y), std::cos(p) * std::sin(y), std::sin(p)};
}


}  // namespace

glm::dvec3 ViewCamera::forward() const {
  if (mode == Mode::Top) return {0, 0, -1};
  // Orbit pitch is the angle the eye sits above the target, so the view looks down by it.
  return mode == Mode::Orbit ? -direction(yaw, pitch) : direction(yaw, pitch);
}

glm::dvec3 ViewCamera::eye() const {
  if (mode == Mode::Orbit) return target + direction(yaw, pitch) * distance;
  if (mode == Mode::Top) return target + glm::dvec3(0, 0, farZ * 0.5);
  return position;
}

glm::dmat4 ViewCamera::view() const {
  // Top view looks straight down, so +Y (not +Z) is screen up.
  const glm::dvec3 up = mode == Mode::Top ? glm::dvec3(0, 1, 0) : glm::dvec3(0, 0, 1);
  return glm::lookAt(eye(), eye() + forward(), up);
}

glm::dmat4 ViewCamera::projection(double aspect) const {
  aspect = aspect > 0 ? aspect : 1;
  if (mode == Mode::Top) return glm::ortho(-distance * aspect, distance * aspect, -distance, distance, nearZ, farZ);
  return glm::perspective(glm::radians(fovY), aspect, nearZ, farZ);
}

void ViewCamera::rotate(double dx, double dy) {
  if (mode == Mode::Top) {
    target += glm::dvec3(-dx, dy, 0) * (distance / 300.0);  // top view drags pan
    return;
  }
  yaw -= dx * 0.3;
  yaw = std::remainder(yaw, 360.0);
  pitch = std::clamp(pitch + (mode == Mode::Orbit ? dy : -dy) * 0.3, -89.0, 89.0);
}

bool ViewCamera::lookFrom(const glm::dvec3& from, const glm::dvec3& at) {
  // The orbit camera's up is +Z: straight up or down leaves its yaw, and the picture, undefined.
  if (render::checkCamera(from, at)) return false;
  const glm::dvec3 d = from - at;
  const double len = glm::length(d);
  mode = Mode::Orbit;
  target = at;
  distance = len;
  yaw = glm::degrees(std::atan2(d.y, d.x));
  pitch = glm::degrees(std::asin(std::clamp(d.z / len, -1.0, 1.0)));
  return true;
}

void ViewCamera::zoom(double steps) {
  if (mode == Mode::Fly) {
    position += forward() * steps * 0.5;
    return;
  }
  distance = std::clamp(distance * std::pow(0.9, steps), 0.1, 400.0);
}

void ViewCamera::move(const glm::dvec3& rfu) {
  const glm::dvec3 f = forward();
  const glm::dvec3 r = glm::normalize(glm::cross(f, glm::dvec3(0, 0, 1)));
  const glm::dvec3 delta = r * rfu.x + f * rfu.y + glm::dvec3(0, 0, 1) * rfu.z;
  if (mode == Mode::Fly) position += delta;
  else target += delta;
}

void ViewCamera::frame(const glm::dvec3& lo, const glm::dvec3& hi, double aspect) {
  target = (lo + hi) * 0.5;
  const double radius = std::max(0.05, glm::length(hi - lo) * 0.5);
  aspect = std::isfinite(aspect) && aspect > 0 ? aspect : 1.0;
  if (mode == Mode::Top) {
    // distance is half the orthographic height; a narrow view needs more to fit the width.
    const double halfX = (hi.x - lo.x) * 0.5, halfY = (hi.y - lo.y) * 0.5;
    distance = std::max(halfY, halfX / aspect) * kFrameMargin + 0.1;
    return;
  }
  // Looking along the current direction, the nearest eye that sees all eight corners inside the
  // view shrunk by the margin: a corner at (x, y) across and z along the view from the target is
  // inside when |x| <= (d + z) tan(halfH) / margin, and likewise for y. A box seen end-on fills
  // the view instead of the sphere round it, which left long rooms small in a wide window.
  const double tanV = std::tan(glm::radians(fovY) * 0.5), tanH = tanV * aspect;
  const glm::dvec3 f = forward();
  glm::dvec3 r = glm::cross(f, glm::dvec3(0, 0, 1));
  r = glm::length(r) > 1e-9 ? glm::normalize(r) : glm::dvec3(1, 0, 0);
  const glm::dvec3 u = glm::cross(r, f);
  double d = radius * 0.5;  // never closer than this, so a flat box is not looked at from inside
  for (int i = 0; i < 8; ++i) {
    const glm::dvec3 corner((i & 1) ? hi.x : lo.x, (i & 2) ? hi.y : lo.y, (i & 4) ? hi.z : lo.z);
    const glm::dvec3 v = corner - target;
    const double along = glm::dot(v, f);
    d = std::max({d, kFrameMargin * std::abs(glm::dot(v, r)) / tanH - along,
                  kFrameMargin * std::abs(glm::dot(v, u)) / tanV - along, nearZ * 2 - along});
  }
  if (mode == Mode::Orbit) distance = d;
  else position = target - f * d;
}

void ViewCamera::setMode(Mode m) {
  if (m == mode) return;
  if (m == Mode::Fly && mode == Mode::Orbit) {
    position = eye();
    // Orbit angles place the eye around the target; fly angles aim the view: opposite vectors.
    pitch = -pitch;
    yaw = std::remainder(yaw + 180.0, 360.0);
  } else if (m == Mode::Orbit && mode == Mode::Fly) {
    target = position + forward() * distance;
    pitch = -pitch;
    yaw = std::remainder(yaw + 180.0, 360.0);
  }
  mode = m;
}

ViewAxes billboardAxes(const ViewCamera& c) {
  const glm::dvec3 fwd = c.forward();
  const glm::dvec3 worldUp = c.mode == ViewCamera::Mode::Top ? glm::dvec3(0, 1, 0) : glm::dvec3(0, 0, 1);
  ViewAxes a;
  a.right = glm::normalize(glm::cross(fwd, worldUp));
  a.up = glm::cross(a.right, fwd);
  return a;
}

Ray rayThroughPixel(const ViewCamera& c, double x, double y, double width, double height) {
  const glm::dmat4 inv = glm::inverse(c.projection(width / std::max(1.0, height)) * c.view());
  const double nx = 2 * x / std::max(1.0, width) - 1, ny = 1 - 2 * y / std::max(1.0, height);
  glm::dvec4 a = inv * glm::dvec4(nx, ny, -1, 1), b = inv * glm::dvec4(nx, ny, 1, 1);
  a /= a.w;
  b /= b.w;
  return {glm::dvec3(a), glm::normalize(glm::dvec3(b - a))};
}

std::string bookmarksToJson(const std::vector<CameraBookmark>& marks) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& m : marks) {
    const ViewCamera& c = m.camera;
    j.push_back({{"name", m.name}, {"mode", core::spelled(kCameraModeSpellings, c.mode)}, {"target", {c.target.x, c.target.y, c.target.z}},
                 {"position", {c.position.x, c.position.y, c.position.z}}, {"yaw", c.yaw}, {"pitch", c.pitch},
                 {"distance", c.distance}, {"fov", c.fovY}});
  }
  // A name that is not UTF-8 cannot be stored as JSON text: written with U+FFFD in its place
  // rather than letting the dump throw (names are checked where they are typed, too).
  return nlohmann::json{{"bookmarks", j}}.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

bool bookmarksFromJson(const std::string& text, std::vector<CameraBookmark>& out, std::string& error) {
  auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("bookmarks") || !j["bookmarks"].is_array()) {
    error = "bookmarks file is not {\"bookmarks\": [...]}";
    return false;
  }
  std::vector<CameraBookmark> marks;
  try {
    for (const auto& b : j["bookmarks"]) {
      CameraBookmark m;
      m.name = b.at("name").get<std::string>();
      const auto mode = b.at("mode").get<std::string>();
      const std::optional<ViewCamera::Mode> known = core::fromSpelling(kCameraModeSpellings, mode);
      if (!known) {
        error = "bookmark '" + m.name + "': mode '" + mode + "' is not orbit, fly or top";
        return false;
      }
      m.camera.mode = *known;
      const auto t = b.at("target"), p = b.at("position");
      m.camera.target = {t.at(0).get<double>(), t.at(1).get<double>(), t.at(2).get<double>()};
      m.camera.position = {p.at(0).get<double>(), p.at(1).get<double>(), p.at(2).get<double>()};
      m.camera.yaw = b.at("yaw").get<double>();
      m.camera.pitch = b.at("pitch").get<double>();
      m.camera.distance = b.at("distance").get<double>();
      m.camera.fovY = b.value("fov", 50.0);
      marks.push_back(std::move(m));
    }
  } catch (const nlohmann::json::exception& e) {
    // nlohmann reports shape errors by exception; they stop here as a value.
    error = std::string("bad bookmark: ") + e.what();
    return false;
  }
  out = std::move(marks);
  return true;
}

}  // namespace kiln::viewer
