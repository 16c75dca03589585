// Move-only RAII owners for OpenGL objects, created with glCreate* (DSA) and labelled with
// glObjectLabel. Internal to engine/render: this header exposes GLuint, public ones do not.
#pragma once

#include <glad/gl.h>

#include <string_view>
#include <utility>

namespace kiln::render::gl {

// One owner per object. `Traits` supplies create/destroy and the KHR_debug identifier.
template <typename Traits>
class Object {
 public:
  Object() = default;
  explicit Object(std::string_view label) : id_(Traits::create()) { setLabel(label); }
  template <typename Arg>
  Object(Arg arg, std::string_view label) : id_(Traits::create(arg)) { setLabel(label); }
  Object(Object&& o) noexcept : id_(std::exchange(o.id_, 0u)) {}
  Object& operator=(Object&& o) noexcept {
    if (this != &o) {
      reset();
      id_ = std::exchange(o.id_, 0u);
    }
    return *this;
  }
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;
  ~Object() { reset(); }

  GLuint id() const { return id_; }
  explicit operator bool() const { return id_ != 0; }
  void reset() {
    if (id_ != 0) Traits::destroy(std::exchange(id_, 0u));
  }
  void setLabel(std::string_view label) {
    if (id_ != 0 && !label.empty())
      glObjectLabel(Traits::kIdentifier, id_, static_cast<GLsizei>(label.size()), label.data());
  }

 private:
  GLuint id_ = 0;
};

struct BufferTraits {
  static constexpr GLenum kIdentifier = GL_BUFFER;
  static GLuint create() { GLuint i = 0; glCreateBuffers(1, &i); return i; }
  static void destroy(GLuint i) { glDeleteBuffers(1, &i); }
};
struct TextureTraits {
  static constexpr GLenum kIdentifier = GL_TEXTURE;
  static GLuint create(GLenum target) { GLuint i = 0; glCreateTextures(target, 1, &i); return i; }
  static void destroy(GLuint i) { glDeleteTextures(1, &i); }
};
struct FramebufferTraits {
  static constexpr GLenum kIdentifier = GL_FRAMEBUFFER;
  static GLuint create() { GLuint i = 0; glCreateFramebuffers(1, &i); return i; }
  static void destroy(GLuint i) { glDeleteFramebuffers(1, &i); }
};
struct RenderbufferTraits {
  static constexpr GLenum kIdentifier = GL_RENDERBUFFER;
  static GLuint create() { GLuint i = 0; glCreateRenderbuffers(1, &i); return i; }
  static void destroy(GLuint i) { glDeleteRenderbuffers(1, &i); }
};
struct VertexArrayTraits {
  static constexpr GLenum kIdentifier = GL_VERTEX_ARRAY;
  static GLuint create() { GLuint i = 0; glCreateVertexArrays(1, &i); return i; }
  static void destroy(GLuint i) { glDeleteVertexArrays(1, &i); }
};
struct ProgramTraits {
  static constexpr GLenum kIdentifier = GL_PROGRAM;
  static GLuint create() { return glCreateProgram(); }
  static void destroy(GLuint i) { glDeleteProgram(i); }
};
struct ShaderTraits {
  static constexpr GLenum kIdentifier = GL_SHADER;
  static GLuint create(GLenum stage) { return glCreateShader(stage); }
  static void destroy(GLuint i) { glDeleteShader(i); }
};
struct QueryTraits {
  static constexpr GLenum kIdentifier = GL_QUERY;
  static GLuint create(GLenum target) { GLuint i = 0; glCreateQueries(target, 1, &i); return i; }
  static void destroy(GLuint i) { glDeleteQueries(1, &i); }
};

using Buffer = Object<BufferTraits>;
using Texture = Object<TextureTraits>;
using Framebuffer = Object<FramebufferTraits>;
using Renderbuffer = Object<RenderbufferTraits>;
using VertexArray = Object<VertexArrayTraits>;
using Program = Object<ProgramTraits>;
using Shader = Object<ShaderTraits>;
using Query = Object<QueryTraits>;
// A query made by glGenQueries and one empty begin/end on its target, for targets a driver's
// glCreateQueries rejects although glBeginQuery supports them (Mesa 22 and the pipeline
// statistics targets).
struct GenQueryTraits {
  static constexpr GLenum kIdentifier = GL_QUERY;
  static GLuint create(GLenum target) {
    GLuint i = 0;
    glGenQueries(1, &i);
    glBeginQuery(target, i);
    glEndQuery(target);
    return i;
  }
  static void destroy(GLuint i) { glDeleteQueries(1, &i); }
};
using GenQuery = Object<GenQueryTraits>;

// A fence sync object: GPU commands complete up to where it was placed. Move-only.
class Fence {
 public:
  Fence() = default;
  static Fence place() {
    Fence f;
    f.sync_ = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    return f;
  }
  Fence(Fence&& o) noexcept : sync_(std::exchange(o.sync_, nullptr)) {}
  Fence& operator=(Fence&& o) noexcept {
    if (this != &o) {
      reset();
      sync_ = std::exchange(o.sync_, nullptr);
    }
    return *this;
  }
  Fence(const Fence&) = delete;
  Fence& operator=(const Fence&) = delete;
  ~Fence() { reset(); }
  explicit operator bool() const { return sync_ != nullptr; }
  // Whether the GPU has passed the fence; never waits.
  bool signaled() const { return sync_ && glClientWaitSync(sync_, 0, 0) != GL_TIMEOUT_EXPIRED; }
  // Waits until the GPU has passed the fence (flushing what is queued first).
  void wait() const {
    while (sync_ && glClientWaitSync(sync_, GL_SYNC_FLUSH_COMMANDS_BIT, 1'000'000'000) == GL_TIMEOUT_EXPIRED) {
    }
  }
  void reset() {
    if (sync_) glDeleteSync(sync_);
    sync_ = nullptr;
  }

 private:
  GLsync sync_ = nullptr;
};

// A KHR_debug group for the lifetime of the scope, so a RenderDoc capture reads like the code.
class DebugGroup {
 public:
  explicit DebugGroup(std::string_view name) {
    glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 0, static_cast<GLsizei>(name.size()), name.data());
  }
  ~DebugGroup() { glPopDebugGroup(); }
  DebugGroup(const DebugGroup&) = delete;
  DebugGroup& operator=(const DebugGroup&) = delete;
};

}  // namespace kiln::render::gl
