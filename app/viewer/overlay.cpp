// The overlay's GL side: one program, one streaming buffer (GL 4.6 DSA).
#include <epoxy/gl.h>

#include <cstdio>
#include <glm/gtc/type_ptr.hpp>

#include "overlay.hpp"

namespace kiln::viewer {
namespace {

const char* kVertex = R"(#version 460 core
layout(location = 0) in vec3 aPos;
layout(location = 1) in vec4 aColor;
uniform mat4 uViewProjection;
out vec4 vColor;
void main() {
  gl_Position = uViewProjection * vec4(aPos, 1.0);
  gl_PointSize = 5.0;
  vColor = aColor;
})";

const char* kFragment = R"(#version 460 core
in vec4 vColor;
out vec4 fragColor;
void main() { fragColor = vColor; })";

GLuint compile(GLenum stage, const char* src) {
  GLuint s = glCreateShader(stage);
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[1024];
    glGetShaderInfoLog(s, sizeof log, nullptr, log);
    std::fprintf(stderr, "kiln-view: overlay shader: %s\n", log);
  }
  return s;
}

}  // namespace

OverlayRenderer::~OverlayRenderer() {
  if (program_) glDeleteProgram(program_);
  if (vbo_) glDeleteBuffers(1, &vbo_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
}

bool OverlayRenderer::init() {
  GLuint vs = compile(GL_VERTEX_SHADER, kVertex), fs = compile(GL_FRAGMENT_SHADER, kFragment);
  program_ = glCreateProgram();
  glAttachShader(program_, vs);
  glAttachShader(program_, fs);
  glLinkProgram(program_);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(program_, GL_LINK_STATUS, &ok);
  glObjectLabel(GL_PROGRAM, program_, -1, "viewer overlay");
  glCreateVertexArrays(1, &vao_);
  glObjectLabel(GL_VERTEX_ARRAY, vao_, -1, "viewer overlay");
  glEnableVertexArrayAttrib(vao_, 0);
  glEnableVertexArrayAttrib(vao_, 1);
  glVertexArrayAttribFormat(vao_, 0, 3, GL_FLOAT, GL_FALSE, 0);
  glVertexArrayAttribFormat(vao_, 1, 4, GL_FLOAT, GL_FALSE, 3 * sizeof(float));
  glVertexArrayAttribBinding(vao_, 0, 0);
  glVertexArrayAttribBinding(vao_, 1, 0);
  return ok != 0;
}

void OverlayRenderer::upload(const std::vector<OverlayVertex>& v) {
  const std::size_t bytes = v.size() * sizeof(OverlayVertex);
  if (bytes > capacity_) {
    if (vbo_) glDeleteBuffers(1, &vbo_);
    capacity_ = bytes * 2;
    glCreateBuffers(1, &vbo_);
    glObjectLabel(GL_BUFFER, vbo_, -1, "viewer overlay vertices");
    glNamedBufferStorage(vbo_, static_cast<GLsizeiptr>(capacity_), nullptr, GL_DYNAMIC_STORAGE_BIT);
    glVertexArrayVertexBuffer(vao_, 0, vbo_, 0, sizeof(OverlayVertex));
  }
  glNamedBufferSubData(vbo_, 0, static_cast<GLsizeiptr>(bytes), v.data());
}

void OverlayRenderer::draw(const OverlayList& list, const glm::mat4& vp, bool depthTest) {
  if (!program_ || (list.lines.empty() && list.points.empty())) return;
  glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 0, -1, "viewer overlay");
  glUseProgram(program_);
  glUniformMatrix4fv(glGetUniformLocation(program_, "uViewProjection"), 1, GL_FALSE, glm::value_ptr(vp));
  glBindVertexArray(vao_);
  if (depthTest) glEnable(GL_DEPTH_TEST);
  else glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glEnable(GL_PROGRAM_POINT_SIZE);
  if (!list.lines.empty()) {
    upload(list.lines);
    glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(list.lines.size()));
  }
  if (!list.points.empty()) {
    upload(list.points);
    glDrawArrays(GL_POINTS, 0, static_cast<GLsizei>(list.points.size()));
  }
  glDepthMask(GL_TRUE);
  glBindVertexArray(0);
  glUseProgram(0);
  glPopDebugGroup();
}

}  // namespace kiln::viewer
