// Cameras: rays through pixels, framing, mode switches and bookmark round trips.
#include <catch2/catch.hpp>

#include <cmath>

#include "logic/camera.hpp"

#include <string>
#include <utility>
#include <vector>

using namespace kiln::viewer;

TEST_CASE("the ray through the centre pixel is the view direction") {
  ViewCamera c;
  const Ray r = rayThroughPixel(c, 400, 300, 800, 600);
  CHECK(glm::dot(r.direction, c.forward()) == Approx(1).epsilon(1e-9));
  // Off-centre pixels are not.
  const Ray off = rayThroughPixel(c, 10, 300, 800, 600);
  CHECK(glm::dot(off.direction, c.forward()) < 0.99);
}

TEST_CASE("orbit camera looks at its target") {
  ViewCamera c;
  const glm::dvec3 toTarget = glm::normalize(c.target - c.eye());
  CHECK(glm::dot(toTarget, c.forward()) == Approx(1).epsilon(1e-9));
}

TEST_CASE("framing centres the box and fits it") {
  ViewCamera c;
  c.frame({0, 0, 0}, {2, 2, 2});
  CHECK(c.target == glm::dvec3(1, 1, 1));
  const double small = c.distance;
  c.frame({0, 0, 0}, {20, 20, 20});
  CHECK(c.distance > small * 5);
}

TEST_CASE("framing fits the box's corners, not the sphere round it, with the margin to spare") {
  // The eye level on the -Y side (orbit yaw -90, pitch 0), looking along +Y at a box 20 m wide,
  // 2 m deep and 2 m tall round the origin, in a 16:9 view 50 degrees tall: the width decides.
  // The corners 1 m nearer than the target need the most room: d - 1 = 1.15 * 10 / (tan 25 * 16/9).
  ViewCamera c;
  c.yaw = -90;
  c.pitch = 0;
  c.frame({-10, -1, -1}, {10, 1, 1}, 16.0 / 9.0);
  const double tanH = std::tan(glm::radians(25.0)) * 16.0 / 9.0;
  CHECK(c.distance == Approx(1.15 * 10 / tanH + 1).epsilon(1e-12));
  // The sphere round it (radius sqrt(102)) would have put the eye much farther away.
  CHECK(c.distance < std::sqrt(102.0) / std::sin(glm::radians(25.0)) * 1.15 * 0.6);
  // Every corner projects inside the view, and one touches the margin.
  const glm::dmat4 vp = c.projection(16.0 / 9.0) * c.view();
  double widest = 0;
  for (int i = 0; i < 8; ++i) {
    const glm::dvec4 p = vp * glm::dvec4((i & 1) ? 10 : -10, (i & 2) ? 1 : -1, (i & 4) ? 1 : -1, 1);
    CHECK(std::abs(p.x / p.w) <= 1 / 1.15 + 1e-9);
    CHECK(std::abs(p.y / p.w) <= 1 / 1.15 + 1e-9);
    widest = std::max(widest, std::abs(p.x / p.w));
  }
  CHECK(widest == Approx(1 / 1.15).epsilon(1e-9));
}

TEST_CASE("orbit to fly keeps the eye and the direction") {
  ViewCamera c;
  const auto eye = c.eye();
  const auto fwd = c.forward();
  c.setMode(ViewCamera::Mode::Fly);
  CHECK(glm::length(c.eye() - eye) < 1e-9);
  CHECK(glm::dot(c.forward(), fwd) == Approx(1).epsilon(1e-9));
}

TEST_CASE("bookmarks round-trip through JSON and reject garbage") {
  std::vector<CameraBookmark> marks(2);
  marks[0].name = "door";
  marks[0].camera.yaw = 33;
  marks[1].name = "above";
  marks[1].camera.mode = ViewCamera::Mode::Top;
  marks[1].camera.target = {1, 2, 3};
  std::vector<CameraBookmark> back;
  std::string error;
  REQUIRE(bookmarksFromJson(bookmarksToJson(marks), back, error));
  REQUIRE(back.size() == 2);
  CHECK(back[0].name == "door");
  CHECK(back[0].camera.yaw == 33);
  CHECK(back[1].camera.mode == ViewCamera::Mode::Top);
  CHECK(back[1].camera.target == glm::dvec3(1, 2, 3));
  CHECK_FALSE(bookmarksFromJson("{\"bookmarks\": [{\"name\": 1}]}", back, error));
  CHECK_FALSE(bookmarksFromJson("not json", back, error));
  CHECK(back.size() == 2);  // a failed load keeps what was there
}

TEST_CASE("a bookmark's mode is one of the camera mode words, each read back as itself") {
  const auto file = [](const std::string& mode) {
    return "{\"bookmarks\": [{\"name\": \"m\", \"mode\": \"" + mode +
           "\", \"target\": [0, 0, 0], \"position\": [0, 0, 0], \"yaw\": 0, \"pitch\": 0, \"distance\": 1}]}";
  };
  std::vector<CameraBookmark> back;
  std::string error;
  const std::pair<const char*, ViewCamera::Mode> words[] = {
      {"orbit", ViewCamera::Mode::Orbit}, {"fly", ViewCamera::Mode::Fly}, {"top", ViewCamera::Mode::Top}};
  for (const auto& [word, mode] : words) {
    REQUIRE(bookmarksFromJson(file(word), back, error));
    CHECK(back.at(0).camera.mode == mode);
  }
  // An unknown mode is an error naming the bookmark and the word, not a silent orbit camera.
  CHECK_FALSE(bookmarksFromJson(file("flying"), back, error));
  CHECK(error == "bookmark 'm': mode 'flying' is not orbit, fly or top");
  CHECK(back.at(0).camera.mode == ViewCamera::Mode::Top);  // kept from the last good load
}

TEST_CASE("fly back to orbit returns to the same view") {
  ViewCamera c;
  c.setMode(ViewCamera::Mode::Fly);
  const auto fwd = c.forward();
  c.setMode(ViewCamera::Mode::Orbit);
  CHECK(glm::dot(c.forward(), fwd) == Approx(1).epsilon(1e-9));
}

TEST_CASE("lookFrom puts the orbit eye where asked, looking at the target") {
  ViewCamera c;
  c.mode = ViewCamera::Mode::Fly;
  REQUIRE(c.lookFrom({10.5, 4, 2.6}, {3, 4.3, 1.4}));
  CHECK(c.mode == ViewCamera::Mode::Orbit);
  CHECK(c.eye().x == Approx(10.5).epsilon(1e-9));
  CHECK(c.eye().y == Approx(4).epsilon(1e-9));
  CHECK(c.eye().z == Approx(2.6).epsilon(1e-9));
  CHECK(c.target == glm::dvec3(3, 4.3, 1.4));
  // Nearly straight down is the steepest eye it takes: 1.01e-6 off the Z axis (4.04e-6 sideways
  // over 4 m) is a view; an eye on its target is refused, the camera unchanged.
  REQUIRE(c.lookFrom({4.04e-6, 0, 5}, {0, 0, 1}));
  CHECK(c.eye().z == Approx(5).epsilon(1e-9));
  CHECK(c.eye().x == Approx(4.04e-6).margin(1e-9));
  CHECK_FALSE(c.lookFrom({1, 2, 3}, {1, 2, 3}));
  CHECK(c.target == glm::dvec3(0, 0, 1));
}

TEST_CASE("finding: look straight down or up the Z axis is refused, as kiln capture --camera refuses it") {
  ViewCamera c;
  REQUIRE(c.lookFrom({10.5, 4, 2.6}, {3, 4.3, 1.4}));
  const ViewCamera before = c;
  // 0.99e-6 off the axis (3.96e-6 sideways over 4 m): inside the tolerance, refused, unchanged.
  CHECK_FALSE(c.lookFrom({3.96e-6, 0, 5}, {0, 0, 1}));
  CHECK_FALSE(c.lookFrom({0, 0, 5}, {0, 0, 1}));   // straight down
  CHECK_FALSE(c.lookFrom({0, 0, -5}, {0, 0, 1}));  // straight up
  CHECK_FALSE(c.lookFrom({0, 3.96e-6, -3}, {0, 0, 1}));
  CHECK(c.target == before.target);
  CHECK(c.distance == before.distance);
  CHECK(c.yaw == before.yaw);
  CHECK(c.pitch == before.pitch);
  // Just outside it, upwards too.
  CHECK(c.lookFrom({0, 4.04e-6, -3}, {0, 0, 1}));
  CHECK(c.pitch < -89.99);
  // An eye less than a micrometre from its target has no direction; one just further has.
  CHECK_FALSE(c.lookFrom({0.99e-6, 0, 1}, {0, 0, 1}));
  CHECK(c.lookFrom({1.01e-6, 0, 1}, {0, 0, 1}));
}
