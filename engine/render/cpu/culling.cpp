// Emitter culling (see culling.hpp).
#include "render/cpu/culling.hpp"

#include <algorithm>
#include <cmath>

namespace kiln::render {

Frustum frustumOf(const Camera& camera, double aspect) {
  // The same matrices the GPU gets, widened to double: the planes are those of clip space,
  // -w ≤ x, y, z ≤ w (Gribb–Hartmann extraction from the rows of projection × view).
  const glm::dmat4 m = glm::dmat4(projectionMatrix(camera, static_cast<float>(aspect))) * glm::dmat4(viewMatrix(camera));
  auto row = [&](int r) { return glm::dvec4(m[0][r], m[1][r], m[2][r], m[3][r]); };
  Frustum f;
  f.planes = {row(3) + row(0), row(3) - row(0), row(3) + row(1), row(3) - row(1), row(3) + row(2), row(3) - row(2)};
  return f;
}

bool boxOutside(const Frustum& f, const particles::Bounds& box) {
  const glm::dvec3 lo(box.min.x, box.min.y, box.min.z), hi(box.max.x, box.max.y, box.max.z);
  for (const glm::dvec4& p : f.planes) {
    // The corner farthest along the plane's normal: if even it is outside, all are.
    const glm::dvec3 n(p);
    const glm::dvec3 far(n.x >= 0 ? hi.x : lo.x, n.y >= 0 ? hi.y : lo.y, n.z >= 0 ? hi.z : lo.z);
    const double dist = glm::dot(n, far) + p.w;
    // Float32 vertex transforms err by a few ulps of the coordinates involved: stay well clear.
    const double scale = glm::length(n) * std::max({1.0, glm::length(lo), glm::length(hi)}) + std::abs(p.w);
    if (dist < -1e-4 * scale) return true;
  }
  return false;
}

AliveWindow aliveWindow(const particles::Preset& preset, const particles::Emitter& e, const std::vector<float>& schedule) {
  AliveWindow w;
  if (schedule.empty()) {
    w.start = w.end = 0;  // never births: never alive
    return w;
  }
  w.start = e.delay + static_cast<double>(schedule.front());
  w.endless = e.mode == particles::PlayMode::Cycle;
  w.end = e.delay + static_cast<double>(schedule.back()) + preset.lifetime.max;
  return w;
}

bool idleAt(const AliveWindow& w, double t) {
  const double margin = 1e-3 + 1e-6 * std::abs(t);
  if (w.start == w.end && !w.endless) return true;  // no births at all
  if (t < w.start - margin) return true;
  return !w.endless && t > w.end + margin;
}

}  // namespace kiln::render
