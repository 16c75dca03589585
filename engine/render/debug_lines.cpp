// Renderer::drawLines: the viewer's world-space overlay (lines and points) through the lines
// program, from one streaming vertex buffer that only grows.
#include <algorithm>
#include <cstddef>
#include <glm/gtc/type_ptr.hpp>

#include "render/renderer_impl.hpp"

namespace kiln::render {
namespace {

static_assert(sizeof(DebugVertex) == 7 * sizeof(float), "DebugVertex is the lines program's vertex layout");

void ensureCapacity(Renderer::Impl& r, std::size_t vertices) {
  if (vertices <= r.debugCapacity && r.debugArray) return;
  // Doubling keeps a growing overlay to a handful of reallocations over a session.
  const std::size_t capacity = std::max<std::size_t>({vertices, r.debugCapacity * 2, 1024});
  r.debugVertices = gl::Buffer("kiln.debug-lines.vertices");
  glNamedBufferStorage(r.debugVertices.id(), static_cast<GLsizeiptr>(capacity * sizeof(DebugVertex)), nullptr,
                       GL_DYNAMIC_STORAGE_BIT);
  r.debugCapacity = capacity;
  if (!r.debugArray) {
    r.debugArray = gl::VertexArray("kiln.debug-lines.vao");
    const GLuint a = r.debugArray.id();
    glEnableVertexArrayAttrib(a, 0);
    glVertexArrayAttribFormat(a, 0, 3, GL_FLOAT, GL_FALSE, offsetof(DebugVertex, x));
    glVertexArrayAttribBinding(a, 0, 0);
    glEnableVertexArrayAttrib(a, 1);
    glVertexArrayAttribFormat(a, 1, 4, GL_FLOAT, GL_FALSE, offsetof(DebugVertex, r));
    glVertexArrayAttribBinding(a, 1, 0);
  }
  glVertexArrayVertexBuffer(r.debugArray.id(), 0, r.debugVertices.id(), 0, sizeof(DebugVertex));
}

}  // namespace

void Renderer::drawLines(std::span<const DebugVertex> lines, std::span<const DebugVertex> points,
                         const Camera& camera, std::uint32_t width, std::uint32_t height, bool depthTest) {
  const float aspect = height > 0 ? static_cast<float>(width) / static_cast<float>(height) : 1.0f;
  drawLines(lines, points, projectionMatrix(camera, aspect) * viewMatrix(camera), width, height, depthTest);
}

void Renderer::drawLines(std::span<const DebugVertex> lines, std::span<const DebugVertex> points,
                         const Camera& camera, RenderTarget& target, bool depthTest) {
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target.impl().framebuffer.id());
  drawLines(lines, points, camera, target.width(), target.height(), depthTest);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
}

void Renderer::drawLines(std::span<const DebugVertex> lines, std::span<const DebugVertex> points,
                         const glm::mat4& viewProjection, std::uint32_t width, std::uint32_t height,
                         bool depthTest) {
  const std::size_t lineCount = lines.size() & ~std::size_t{1};  // a dangling vertex is no segment
  if (lineCount == 0 && points.empty()) return;
  Impl& r = *impl_;
  std::string error;
  if (!r.ensurePrograms(error)) {
    r.log("debug lines: " + error);
    return;
  }
  gl::DebugGroup group("debug-lines");
  ensureCapacity(r, std::max(lineCount, points.size()));

  FrameUniforms u{};
  std::copy_n(glm::value_ptr(viewProjection), 16, u.viewProjection.begin());
  glNamedBufferSubData(r.frameUniforms.id(), 0, sizeof(u), &u);
  glBindBufferBase(GL_UNIFORM_BUFFER, kFrameBinding, r.frameUniforms.id());

  glViewport(0, 0, static_cast<GLsizei>(width), static_cast<GLsizei>(height));
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_CULL_FACE);
  if (depthTest)
    glEnable(GL_DEPTH_TEST);
  else
    glDisable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_FALSE);
  applyBlend(kStraightAlphaOver);
  // The lines program writes no gl_PointSize, so the fixed size applies.
  glDisable(GL_PROGRAM_POINT_SIZE);
  glPointSize(5.0f);
  glUseProgram(r.programs.lines.id());
  glBindVertexArray(r.debugArray.id());
  // One buffer serves both lists: each upload is consumed by its draw before the next replaces it.
  if (lineCount > 0) {
    glNamedBufferSubData(r.debugVertices.id(), 0, static_cast<GLsizeiptr>(lineCount * sizeof(DebugVertex)),
                         lines.data());
    glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(lineCount));
  }
  if (!points.empty()) {
    glNamedBufferSubData(r.debugVertices.id(), 0,
                         static_cast<GLsizeiptr>(points.size() * sizeof(DebugVertex)), points.data());
    glDrawArrays(GL_POINTS, 0, static_cast<GLsizei>(points.size()));
  }
  glBindVertexArray(0);
  glUseProgram(0);
  glDisable(GL_BLEND);
  glDepthMask(GL_TRUE);
  glDepthFunc(GL_LESS);
}

}  // namespace kiln::render
