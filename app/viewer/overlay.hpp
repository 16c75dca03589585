// Debug overlay: coloured lines and points (grid, sectors, bounds boxes, picks) drawn over or
// under the scene. The CPU side (OverlayList) is GL-free; OverlayRenderer owns the GL objects.
#pragma once

#include <array>
#include <cstdint>
#include <glm/glm.hpp>
#include <vector>

namespace kiln::viewer {

struct OverlayVertex {
  float x, y, z;
  float r, g, b, a;
};

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

class OverlayRenderer {
 public:
  OverlayRenderer() = default;
  OverlayRenderer(const OverlayRenderer&) = delete;
  OverlayRenderer& operator=(const OverlayRenderer&) = delete;
  ~OverlayRenderer();
  bool init();  // false when the shader does not compile (message on stderr)
  void draw(const OverlayList& list, const glm::mat4& viewProjection, bool depthTest);

 private:
  std::uint32_t program_ = 0, vao_ = 0, vbo_ = 0;
  std::size_t capacity_ = 0;
  void upload(const std::vector<OverlayVertex>& v);
};

}  // namespace kiln::viewer
