// The default capture camera frames the whole level (pure CPU).
#include <catch2/catch.hpp>

#include <cmath>

#include "particles/sample_docs.hpp"
#include "render/cpu/camera.hpp"
#include "render_cpu/scene_fixture.hpp"

TEST_CASE("frameLevel keeps every sector corner and bounds corner inside the view", "[camera]") {
  using namespace kiln;
  const particles::Document doc = testdocs::sampleDocumentV2();
  world::World w = test::roomWorld();
  w.sectors[0].walls = {{-3, -1}, {30, -1}, {30, 4}, {-3, 4}};  // long and thin: a hard case
  for (float aspect : {1.0f, 16.0f / 9.0f}) {
    // Framed for a square image, the level fits any aspect ≥ 1; framed for 16:9, it fits 16:9.
    const render::Camera c = render::frameLevel(w, &doc, aspect == 1.0f ? 1.0f : aspect);
    const glm::mat4 vp = render::projectionMatrix(c, aspect) * render::viewMatrix(c);
    std::size_t nearEdge = 0;
    for (const auto& v : w.sectors[0].walls)
      for (double z : {w.sectors[0].floor.z, w.sectors[0].ceiling.z}) {
        const glm::vec4 clip = vp * glm::vec4(float(v.x), float(v.y), float(z), 1.0f);
        const glm::vec3 ndc = glm::vec3(clip) / clip.w;
        INFO("corner " << v.x << "," << v.y << "," << z << " ndc " << ndc.x << "," << ndc.y << "," << ndc.z);
        CHECK(clip.w > 0);
        CHECK(std::abs(ndc.x) <= 1.0f);
        CHECK(std::abs(ndc.y) <= 1.0f);
        CHECK(std::abs(ndc.z) <= 1.0f);
        nearEdge += std::abs(ndc.x) > 0.8f || std::abs(ndc.y) > 0.8f;
      }
    CHECK(nearEdge > 0);  // framed tightly, not from far away
  }
  // Nothing to frame: the default camera.
  CHECK(render::frameLevel(world::World{}, nullptr) == render::Camera{});
  // A wider image lets the camera come closer to a long level.
  const auto distance = [&](float aspect) {
    const render::Camera c = render::frameLevel(w, &doc, aspect);
    return glm::length(c.eye - c.target);
  };
  CHECK(distance(16.0f / 9.0f) < distance(1.0f));
}

TEST_CASE("lookAtLevel keeps a close camera's near plane in front of the level", "[camera]") {
  using namespace kiln;
  const particles::Document doc = testdocs::sampleDocumentV2();
  const world::World w = test::roomWorld();
  const auto& s = w.sectors[0];
  // An eye inside the room, 0.5 units from a wall corner, looking across it: every sector corner
  // ahead of the eye and farther than 0.1 units must fall between the near and far planes.
  const glm::vec3 eye(float(s.walls[0].x) + 0.5f, float(s.walls[0].y) + 0.5f, float(s.floor.z) + 0.5f);
  const glm::vec3 target(float(s.walls[2].x), float(s.walls[2].y), float(s.floor.z) + 0.5f);
  const render::Camera c = render::lookAtLevel(w, &doc, eye, target);
  CHECK(c.eye == eye);
  CHECK(c.target == target);
  CHECK(c.nearPlane <= 0.1f);
  const glm::vec3 forward = glm::normalize(target - eye);
  for (const auto& v : s.walls)
    for (double z : {s.floor.z, s.ceiling.z}) {
      const float depth = glm::dot(glm::vec3(float(v.x), float(v.y), float(z)) - eye, forward);
      if (depth > 0.1f) {
        CHECK(depth > c.nearPlane);
        CHECK(depth < c.farPlane);
      }
    }
  // The framing camera, far outside, keeps a proportionate near plane (depth precision).
  CHECK(render::frameLevel(w, &doc).nearPlane > c.nearPlane);
}

TEST_CASE("finding: a camera with no direction, or looking straight along up, is degenerate-camera",
          "[camera]") {
  using namespace kiln;
  const auto degenerate = [](glm::dvec3 eye, glm::dvec3 target, glm::dvec3 up = {0, 0, 1}) {
    const auto d = render::checkCamera(eye, target, up, "--camera");
    if (d) {
      CHECK(d->code == core::Code::DegenerateCamera);
      CHECK(d->path == "--camera");
    }
    return d.has_value();
  };
  CHECK_FALSE(degenerate({8, -8, 6}, {0, 0, 1}));
  // The eye on the target: 0.99 µm apart is no direction, 1.01 µm is one.
  CHECK(degenerate({1, 2, 3}, {1, 2, 3}));
  CHECK(degenerate({1, 2, 3}, {1 + 0.99e-6, 2, 3}));
  CHECK_FALSE(degenerate({1, 2, 3}, {1 + 1.01e-6, 2, 3}));
  // Straight down and straight up: |d × up| / |d| of 0.99e-6 is inside the tolerance, 1.01e-6 is not.
  CHECK(degenerate({0, 0, 10}, {0, 0, 0}));
  CHECK(degenerate({0, 0, -10}, {0, 0, 0}));
  CHECK(degenerate({0, 0, 10}, {0.99e-5, 0, 0}));
  CHECK_FALSE(degenerate({0, 0, 10}, {1.01e-5, 0, 0}));
  CHECK(degenerate({0, 0, -10}, {0, 0.99e-5, 0}));
  CHECK_FALSE(degenerate({0, 0, -10}, {0, 1.01e-5, 0}));
  // The rule is relative to the direction's length, not to the metres across.
  CHECK(degenerate({0, 0, 1e6}, {0.5, 0, 0}));
  CHECK_FALSE(degenerate({0, 0, 1e6}, {1.5, 0, 0}));
  // Another up (the viewer's top view looks down with +Y up): looking along Y is then degenerate.
  CHECK_FALSE(degenerate({0, 0, 10}, {0, 0, 0}, {0, 1, 0}));
  CHECK(degenerate({0, -10, 0}, {0, 0, 0}, {0, 1, 0}));
  // A direction that overflows or is not a number.
  CHECK(degenerate({-1e308, 0, 0}, {1e308, 0, 0}));
  CHECK(degenerate({std::nan(""), 0, 0}, {0, 0, 0}));
  // The message says which case it is and where the eye and target are.
  const auto down = render::checkCamera({0, 0, 10}, {0, 0, 0});
  REQUIRE(down);
  CHECK(down->message.find("look straight down the Z axis") != std::string::npos);
  CHECK(down->message.find("(0, 0, 10)") != std::string::npos);
  const auto on = render::checkCamera({1, 2, 3}, {1, 2, 3});
  REQUIRE(on);
  CHECK(on->message.find("less than 1e-6 m apart") != std::string::npos);
}
