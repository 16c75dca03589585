// The default capture camera frames the whole level (pure CPU).
#include <catch2/catch.hpp>

#include <cmath>

#include "particles/sample_docs.hpp"
#include "render/camera.hpp"
#include "render_fixture.hpp"

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
