// Building overlay geometry on the CPU (GL-free).
#include <cmath>

#include "logic/overlay.hpp"

namespace kiln::viewer {

void OverlayList::line(const glm::dvec3& a, const glm::dvec3& b, const glm::vec4& c) {
  lines.push_back({float(a.x), float(a.y), float(a.z), c.r, c.g, c.b, c.a});
  lines.push_back({float(b.x), float(b.y), float(b.z), c.r, c.g, c.b, c.a});
}

void OverlayList::point(const glm::dvec3& p, const glm::vec4& c) {
  points.push_back({float(p.x), float(p.y), float(p.z), c.r, c.g, c.b, c.a});
}

void OverlayList::box(const glm::dvec3& lo, const glm::dvec3& hi, const glm::vec4& c) {
  auto corner = [&](int i) { return glm::dvec3(i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z); };
  // The twelve edges join corners whose index differs in exactly one bit.
  for (int i = 0; i < 8; ++i)
    for (int bit = 1; bit < 8; bit <<= 1)
      if (!(i & bit)) line(corner(i), corner(i | bit), c);
}

void OverlayList::cross(const glm::dvec3& p, double s, const glm::vec4& c) {
  line(p - glm::dvec3(s, 0, 0), p + glm::dvec3(s, 0, 0), c);
  line(p - glm::dvec3(0, s, 0), p + glm::dvec3(0, s, 0), c);
  line(p - glm::dvec3(0, 0, s), p + glm::dvec3(0, 0, s), c);
}

void OverlayList::grid(double half, double spacing, const glm::vec4& c) {
  const int n = static_cast<int>(std::floor(half / spacing));
  for (int i = -n; i <= n; ++i) {
    const double v = i * spacing;
    glm::vec4 col = i == 0 ? glm::vec4(c.r * 1.6f, c.g * 1.6f, c.b * 1.6f, c.a) : c;
    line({v, -half, 0}, {v, half, 0}, col);
    line({-half, v, 0}, {half, v, 0}, col);
  }
}

}  // namespace kiln::viewer
