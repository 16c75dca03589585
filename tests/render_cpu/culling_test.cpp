// Emitter culling's decisions, GL-free: boxes against the view frustum (both sides of a plane)
// and the alive window of once and cycling emitters (both ends).
#include <catch2/catch.hpp>

#include "particles/schedule.hpp"
#include "render/cpu/culling.hpp"

using namespace kiln;

namespace {

// Looking along +Y from the origin: 90° vertical field of view, square image.
render::Camera straightAhead() {
  render::Camera c;
  c.eye = {0, 0, 0};
  c.target = {0, 1, 0};
  c.up = {0, 0, 1};
  c.fovYDegrees = 90;
  c.nearPlane = 0.1f;
  c.farPlane = 100;
  return c;
}

particles::Bounds box(double x0, double y0, double z0, double x1, double y1, double z1) {
  particles::Bounds b;
  b.min = {x0, y0, z0};
  b.max = {x1, y1, z1};
  return b;
}

}  // namespace

TEST_CASE("a box in front of the camera is kept, behind it or past a side plane it is culled") {
  const render::Frustum f = render::frustumOf(straightAhead(), 1.0);
  CHECK_FALSE(render::boxOutside(f, box(-1, 9, -1, 1, 11, 1)));
  CHECK(render::boxOutside(f, box(-1, -11, -1, 1, -9, 1)));  // behind the eye
  CHECK(render::boxOutside(f, box(-1, 200, -1, 1, 210, 1)));  // past the far plane
  // At distance 10 the 90° view spans x in [-10, 10]: a box ending at x = -10.5 is outside,
  // one reaching x = -9.5 is in, one straddling the plane is in.
  CHECK(render::boxOutside(f, box(-12, 9.9, -1, -10.5, 10.1, 1)));
  CHECK_FALSE(render::boxOutside(f, box(-12, 9.9, -1, -9.5, 10.1, 1)));
  CHECK_FALSE(render::boxOutside(f, box(-10.2, 9.9, -1, -9.8, 10.1, 1)));
  // Exactly on the plane is kept: culling must never drop what the GPU could still touch.
  CHECK_FALSE(render::boxOutside(f, box(-12, 10, -1, -10, 10, 1)));
}

TEST_CASE("an orthographic view culls by its box too") {
  render::Camera c = straightAhead();
  c.orthographic = true;
  c.orthoHeight = 4;  // y up to ±2 visible, x ±2 at aspect 1
  const render::Frustum f = render::frustumOf(c, 1.0);
  CHECK_FALSE(render::boxOutside(f, box(1.5, 5, -1, 1.9, 6, 1)));
  CHECK(render::boxOutside(f, box(2.1, 5, -1, 2.5, 6, 1)));
}

TEST_CASE("a once emitter is idle before its first birth and after its last particle died") {
  particles::Preset p;
  p.lifetime = {0.5, 2.0};
  particles::Emitter e;
  e.delay = 1.0;
  e.bursts = {{0.5, 3}, {1.5, 2}};
  const auto w = render::aliveWindow(p, e, particles::birthSchedule(e));
  CHECK(w.start == 1.5);  // delay + first burst
  CHECK(w.end == 4.5);    // delay + last burst + longest lifetime
  CHECK_FALSE(w.endless);
  CHECK(render::idleAt(w, 1.0));
  CHECK_FALSE(render::idleAt(w, 1.4999));  // within the rounding margin: kept
  CHECK_FALSE(render::idleAt(w, 3.0));
  CHECK_FALSE(render::idleAt(w, 4.5005));
  CHECK(render::idleAt(w, 4.6));
  // A cycling emitter never ends.
  e.mode = particles::PlayMode::Cycle;
  e.period = 3;
  const auto c = render::aliveWindow(p, e, particles::birthSchedule(e));
  CHECK(c.endless);
  CHECK(render::idleAt(c, 1.0));
  CHECK_FALSE(render::idleAt(c, 1e6));
  // No births at all: never alive.
  e.bursts.clear();
  CHECK(render::idleAt(render::aliveWindow(p, e, particles::birthSchedule(e)), 0.0));
}
