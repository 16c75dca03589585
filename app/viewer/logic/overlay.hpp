// Debug overlay: coloured lines and points (grid, sectors, bounds boxes, picks) drawn over the
// scene by the renderer (render::Renderer::drawLines). This side is GL-free: it only fills lists.
#pragma once

#include <array>
#include <cstdint>
#include <glm/glm.hpp>
#include <vector>

#include "render/cpu/debug_vertex.hpp"

namespace kiln::viewer {

// The renderer's vertex layout, so a list is drawn without conversion or copies.
using OverlayVertex = render::DebugVertex;

struct OverlayList {
  std::vector<OverlayVertex> lines;   // pairs
  std::vector<OverlayVertex> points;
  std::vector<float> pointSizes;      // not used by GL core points; kept for tests
  void clear() { lines.clear(), points.clear(), pointSizes.clear(); }
  void line(const glm::dvec3& a, const glm::dvec3& b, const glm::vec4& c);
  void point(const glm::dvec3& p, const glm::vec4& c);
  void box(const glm::dvec3& lo, const glm::dvec3& hi, const glm::vec4& c);
  void cross(const glm::dvec3& p, double size, const glm::vec4& c);
  void grid(double halfExtent, double spacing, const glm::vec4& c);
};

}  // namespace kiln::viewer
