// Renderer construction, program building (embedded or reloadable shaders) and level
// preparation: texture proofs, atlas pages, particle tables, sector and debug geometry.
#include "particles/schedule.hpp"
#include "render/renderer.hpp"

#include <algorithm>

#include "core/assert.hpp"
#include "particles/bounds.hpp"
#include "render/cpu/atlas.hpp"
#include "render/program.hpp"
#include "render/programs.hpp"
#include "render/renderer_impl.hpp"
#include "render/cpu/resources.hpp"
#include "render/cpu/sector_mesh.hpp"

namespace kiln::render {
namespace {

const char* debugSourceName(GLenum source) {
  switch (source) {
    case GL_DEBUG_SOURCE_API: return "api";
    case GL_DEBUG_SOURCE_WINDOW_SYSTEM: return "window system";
    case GL_DEBUG_SOURCE_SHADER_COMPILER: return "shader compiler";
    case GL_DEBUG_SOURCE_THIRD_PARTY: return "third party";
    case GL_DEBUG_SOURCE_APPLICATION: return "application";
    default: return "other";
  }
}

const char* debugTypeName(GLenum type) {
  switch (type) {
    case GL_DEBUG_TYPE_ERROR: return "error";
    case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR: return "deprecated";
    case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR: return "undefined behaviour";
    case GL_DEBUG_TYPE_PORTABILITY: return "portability";
    case GL_DEBUG_TYPE_PERFORMANCE: return "performance";
    case GL_DEBUG_TYPE_MARKER: return "marker";
    case GL_DEBUG_TYPE_PUSH_GROUP: return "push group";
    case GL_DEBUG_TYPE_POP_GROUP: return "pop group";
    default: return "other";
  }
}

const char* debugSeverityName(GLenum severity) {
  switch (severity) {
    case GL_DEBUG_SEVERITY_HIGH: return "high";
    case GL_DEBUG_SEVERITY_MEDIUM: return "medium";
    case GL_DEBUG_SEVERITY_LOW: return "low";
    default: return "notification";
  }
}

// "GL error (api, id 1280, high): message" for errors, "GL (source, type, id, severity): …"
// otherwise. Notifications arrive only with RendererOptions::debugOutput, and the renderer's
// own debug-group push/pop messages never (they would double every pass).
void GLAPIENTRY debugMessage(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                             const GLchar* message, const void* user) {
  if (user == nullptr || type == GL_DEBUG_TYPE_PUSH_GROUP || type == GL_DEBUG_TYPE_POP_GROUP) return;
  auto* impl = static_cast<Renderer::Impl*>(const_cast<void*>(user));
  if (severity == GL_DEBUG_SEVERITY_NOTIFICATION && !impl->options.debugOutput) return;
  std::string text = type == GL_DEBUG_TYPE_ERROR ? "GL error (" : "GL (";
  text.append(debugSourceName(source));
  if (type != GL_DEBUG_TYPE_ERROR) text.append(", ").append(debugTypeName(type));
  text.append(", id ").append(std::to_string(id)).append(", ").append(debugSeverityName(severity)).append("): ");
  text.append(message, static_cast<std::size_t>(length));
  // Synchronous output calls back on the thread that made the call; asynchronous output may call
  // from a driver thread, so the message waits for the renderer's thread (drainDebugMessages).
  if (impl->synchronousDebug) {
    impl->log(text);
    return;
  }
  const std::lock_guard lock(impl->debugInbox.mutex);
  impl->debugInbox.messages.push_back(std::move(text));
}

// A buffer holding `data` from its creation. `flags` 0: immutable contents; GL_DYNAMIC_STORAGE_BIT
// for the tables an edit in place rewrites with glNamedBufferSubData (edit_upload.cpp).
template <typename T>
gl::Buffer filledBuffer(std::string_view label, const std::vector<T>& data, GLbitfield flags = 0) {
  gl::Buffer b(label);
  glNamedBufferStorage(b.id(), static_cast<GLsizeiptr>(std::max<std::size_t>(1, data.size()) * sizeof(T)),
                       data.empty() ? nullptr : data.data(), flags);
  return b;
}

}  // namespace

Renderer::Renderer(RendererOptions options) : impl_(std::make_unique<Impl>()) { impl_->options = std::move(options); }
Renderer::Renderer(Renderer&&) noexcept = default;
Renderer& Renderer::operator=(Renderer&&) noexcept = default;
Renderer::~Renderer() {
  // The callback points at this Impl; a later message must not reach a dead object.
  if (impl_ && impl_->programs.built()) {
    void* user = nullptr;
    glGetPointerv(GL_DEBUG_CALLBACK_USER_PARAM, &user);
    if (user == impl_.get()) glDebugMessageCallback(nullptr, nullptr);
  }
}

bool Renderer::ready() const { return impl_->level.has_value(); }
void Renderer::clear() {
  impl_->level.reset();
  impl_->events.reset();
}
const FrameStats& Renderer::stats() const { return impl_->stats; }
const DriverInfo& Renderer::driver() const { return impl_->driver; }
std::uint32_t Renderer::atlasPageCount() const {
  return impl_->level ? static_cast<std::uint32_t>(impl_->level->atlas.pages.size()) : 0;
}

void Renderer::Impl::drainDebugMessages() {
  if (synchronousDebug) return;
  std::vector<std::string> arrived;
  {
    const std::lock_guard lock(debugInbox.mutex);
    if (debugInbox.messages.empty()) return;  // the steady state: nothing allocated
    arrived.swap(debugInbox.messages);
  }
  for (const std::string& m : arrived) log(m);
}

bool Renderer::Impl::ensurePrograms(std::string& error) {
  if (programs.built()) return true;
  if (glDebugMessageCallback != nullptr) {
    // Synchronous output serialises the driver with the caller, a cost on a GPU driver: only
    // with --gl-debug (debugOutput) or in a debug context (tests ask for one). Otherwise the
    // output stays on, asynchronous, so errors and warnings still reach the log.
    GLint flags = 0;
    glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
    synchronousDebug = options.debugOutput || (flags & GL_CONTEXT_FLAG_DEBUG_BIT) != 0;
    glEnable(GL_DEBUG_OUTPUT);
    if (synchronousDebug) glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    else glDisable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(debugMessage, this);
    // Every severity on: a context starts with the low ones off. Notifications are filtered in
    // the callback unless debugOutput asks for them.
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_TRUE);
    if (options.debugOutput) {
      static constexpr char kOn[] = "kiln: GL debug output is on, every severity";
      glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, kDebugOutputOnId,
                           GL_DEBUG_SEVERITY_NOTIFICATION, -1, kOn);
    }
  }
  if (!programs.build(options, error)) return false;
  emptyArray = gl::VertexArray("kiln.particle.vao");
  {
    // Quad k: (4k, 4k+1, 4k+2) and (4k+2, 4k+1, 4k+3), the two triangles a 4-vertex strip makes,
    // with the same provoking (last) vertices.
    std::vector<std::uint16_t> indices;
    indices.reserve(std::size_t{particles::kMaxSlotsPerEmitter} * 6);
    for (std::uint32_t k = 0; k < particles::kMaxSlotsPerEmitter; ++k)
      for (const std::uint32_t corner : {0u, 1u, 2u, 2u, 1u, 3u})
        indices.push_back(static_cast<std::uint16_t>(4 * k + corner));
    quadIndices = gl::Buffer("kiln.particle-quad-indices");
    glNamedBufferStorage(quadIndices.id(), static_cast<GLsizeiptr>(indices.size() * sizeof(std::uint16_t)),
                         indices.data(), 0);
    quadArray = gl::VertexArray("kiln.particle-quads.vao");
    glVertexArrayElementBuffer(quadArray.id(), quadIndices.id());
  }
  frameUniforms = gl::Buffer("kiln.frame.ubo");
  glNamedBufferStorage(frameUniforms.id(), sizeof(FrameUniforms), nullptr, GL_DYNAMIC_STORAGE_BIT);
  hasStatistics = GLAD_GL_ARB_pipeline_statistics_query != 0;
  softwareDriver = softwareRenderer();
  const auto driverString = [](GLenum name) {
    const auto* s = reinterpret_cast<const char*>(glGetString(name));
    return s ? std::string(s) : std::string();
  };
  driver = {options.contextPlatform, driverString(GL_VENDOR), driverString(GL_RENDERER), driverString(GL_VERSION)};
  return true;
}

bool Renderer::reloadShadersIfChanged(std::string& error) {
  Impl& r = *impl_;
  if (!r.programs.built() || !r.programs.changedOnDisk(r.options)) return false;
  return r.programs.build(r.options, error);
}

ParticlesGpu ParticlesGpu::upload(const particles::Document* doc, const AtlasLayout& atlas) {
  ParticlesGpu p;
  p.counters = gl::Buffer("kiln.counters");
  glNamedBufferStorage(p.counters.id(), 16, nullptr, GL_DYNAMIC_STORAGE_BIT);
  if (doc == nullptr) return p;
  p.doc = *doc;
  ParticleTables tables = buildParticleTables(*doc, atlas);
  p.presets = filledBuffer("kiln.presets", tables.presets, GL_DYNAMIC_STORAGE_BIT);
  p.emitters = filledBuffer("kiln.emitters", tables.emitters, GL_DYNAMIC_STORAGE_BIT);
  p.schedule = filledBuffer("kiln.schedules", tables.schedule, GL_DYNAMIC_STORAGE_BIT);
  p.frameRects = filledBuffer("kiln.frame-rects", tables.frameRects);
  p.instances = filledBuffer("kiln.instances", tables.instances);
  p.instanceCount = static_cast<std::uint32_t>(tables.instances.size());
  p.draws = std::move(tables.draws);
  p.runs = std::move(tables.runs);
  p.layout = std::move(tables.layout);
  std::uint32_t largestBlock = 0;
  for (const std::uint32_t n : p.layout.scheduleReserved) largestBlock = std::max(largestBlock, n);
  p.scheduleStaging.reserve(largestBlock);
  for (const auto& e : doc->emitters) p.alive.push_back(aliveWindow(doc->presets[e.preset], e, particles::birthSchedule(e)));
  p.cull.assign(doc->emitters.size(), CullReason::Drawn);
  p.indirectStaging.reserve(std::max<std::size_t>(1, p.runs.size()));
  p.drawCommands.assign(p.draws.size(), {0, 0});
  p.indirect = gl::Buffer("kiln.indirect");
  glNamedBufferStorage(p.indirect.id(),
                       static_cast<GLsizeiptr>(std::max<std::size_t>(1, p.runs.size()) * sizeof(IndirectCommand)), nullptr,
                       GL_DYNAMIC_STORAGE_BIT);
  p.states = gl::Buffer("kiln.particle-states");
  glNamedBufferStorage(p.states.id(), static_cast<GLsizeiptr>(std::size_t{p.instanceCount} * kQuadBytes), nullptr, 0);
  p.liveBits = gl::Buffer("kiln.live-bits");
  glNamedBufferStorage(p.liveBits.id(),
                       static_cast<GLsizeiptr>(std::max<std::size_t>(1, (std::size_t{p.instanceCount} + 31) / 32) * 4),
                       nullptr, 0);
  p.drawList = gl::Buffer("kiln.draw-list");
  glNamedBufferStorage(p.drawList.id(), static_cast<GLsizeiptr>(std::size_t{p.instanceCount} * 4), nullptr, 0);
  p.clockStaging.assign(std::max<std::size_t>(1, doc->emitters.size()), ClockStd430{});
  p.clocks = gl::Buffer("kiln.clocks");
  glNamedBufferStorage(p.clocks.id(), static_cast<GLsizeiptr>(p.clockStaging.size() * sizeof(ClockStd430)),
                       p.clockStaging.data(), GL_DYNAMIC_STORAGE_BIT);
  return p;
}

AtlasGpu AtlasGpu::upload(const AtlasLayout& atlas, std::span<const core::NamedImage> textures) {
  AtlasGpu a;
  for (std::uint32_t i = 0; i < atlas.pages.size(); ++i) {
    const core::Image pixels = buildAtlasPage(atlas, i, textures);
    gl::Texture page(GL_TEXTURE_2D, "kiln.atlas.page" + std::to_string(i));
    glTextureStorage2D(page.id(), 1, GL_RGBA8, static_cast<GLsizei>(pixels.width), static_cast<GLsizei>(pixels.height));
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTextureSubImage2D(page.id(), 0, 0, 0, static_cast<GLsizei>(pixels.width), static_cast<GLsizei>(pixels.height),
                        GL_RGBA, GL_UNSIGNED_BYTE, pixels.rgba.data());
    // No mipmaps: one texel of padding only protects the base level from bleeding.
    glTextureParameteri(page.id(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTextureParameteri(page.id(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTextureParameteri(page.id(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTextureParameteri(page.id(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    a.pages.push_back(std::move(page));
  }
  return a;
}

SectorsGpu SectorsGpu::upload(const std::vector<SectorVertex>& triangles) {
  SectorsGpu g;
  g.vertexCount = static_cast<GLsizei>(triangles.size());
  g.vertices = filledBuffer("kiln.sector.vertices", triangles);
  g.array = gl::VertexArray("kiln.sector.vao");
  const GLuint sa = g.array.id();
  glVertexArrayVertexBuffer(sa, 0, g.vertices.id(), 0, sizeof(SectorVertex));
  for (GLuint attr = 0; attr < 4; ++attr) {
    glEnableVertexArrayAttrib(sa, attr);
    glVertexArrayAttribFormat(sa, attr, 3, GL_FLOAT, GL_FALSE, attr * 3 * sizeof(float));
    glVertexArrayAttribBinding(sa, attr, 0);
  }
  return g;
}

LevelLinesGpu LevelLinesGpu::upload(const world::World& world, const particles::Document* doc,
                                    const std::vector<SectorVertex>& triangles) {
  LevelLinesGpu g;
  std::vector<LineVertex> lines;
  appendSectorOutlines(world, {0.9f, 0.9f, 0.95f, 1.0f}, lines);
  g.outlines = {0, static_cast<GLsizei>(lines.size())};
  if (doc != nullptr) {
    const auto first = static_cast<GLint>(lines.size());
    for (const auto& e : doc->emitters) appendBox(e.bounds, LevelLinesGpu::kStoredColor, lines);
    g.storedBounds = {first, static_cast<GLsizei>(lines.size()) - first};
    // rewriteBounds finds emitter i's box at first + i·kBoxVertices.
    KILN_ASSERT(g.storedBounds.count == LevelLinesGpu::kBoxVertices * static_cast<GLsizei>(doc->emitters.size()));
    const auto again = static_cast<GLint>(lines.size());
    for (const auto& e : doc->emitters)
      appendBox(particles::conservativeEmitterBounds(doc->presets.at(e.preset), e), LevelLinesGpu::kRecomputedColor, lines);
    g.recomputedBounds = {again, static_cast<GLsizei>(lines.size()) - again};
  }
  g.planes = {static_cast<GLint>(lines.size()), 0};
  appendSectorPlanes(triangles, lines);
  g.planes.count = static_cast<GLsizei>(lines.size()) - g.planes.first;
  g.vertices = filledBuffer("kiln.debug.lines", lines, GL_DYNAMIC_STORAGE_BIT);
  g.boxStaging.reserve(LevelLinesGpu::kBoxVertices);
  g.array = gl::VertexArray("kiln.lines.vao");
  const GLuint la = g.array.id();
  glVertexArrayVertexBuffer(la, 0, g.vertices.id(), 0, sizeof(LineVertex));
  glEnableVertexArrayAttrib(la, 0);
  glVertexArrayAttribFormat(la, 0, 3, GL_FLOAT, GL_FALSE, 0);
  glVertexArrayAttribBinding(la, 0, 0);
  glEnableVertexArrayAttrib(la, 1);
  glVertexArrayAttribFormat(la, 1, 4, GL_FLOAT, GL_FALSE, 3 * sizeof(float));
  glVertexArrayAttribBinding(la, 1, 0);
  return g;
}

core::Diagnostics Renderer::prepare(const world::World& world, const particles::Document* particles,
                                    std::span<const core::NamedImage> textures) {
  impl_->level.reset();
  impl_->events.reset();
  AtlasLayout atlas;
  if (particles != nullptr) {
    // Proved from rectangles (render/cpu/resources.hpp); page pixels are built at upload.
    GLint maxTexture = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxTexture);
    auto packed = planAtlas(*particles, textures, static_cast<std::uint32_t>(std::max(maxTexture, 1)));
    if (auto* errors = std::get_if<core::Diagnostics>(&packed)) return *errors;
    atlas = std::move(std::get<AtlasLayout>(packed));
  }
  std::string error;
  if (!impl_->ensurePrograms(error)) return {{core::Code::GlError, "shaders", error}};

  // One resource at a time, each its own type (renderer_impl.hpp).
  LevelGpu level;
  level.hasParticles = particles != nullptr;
  level.particles = ParticlesGpu::upload(particles, atlas);
  level.atlas = AtlasGpu::upload(atlas, textures);
  const std::vector<SectorVertex> triangles = buildSectorTriangles(world);
  level.sectors = SectorsGpu::upload(triangles);
  level.lines = LevelLinesGpu::upload(world, particles, triangles);
  impl_->drainDebugMessages();
  if (const GLenum e = glGetError(); e != GL_NO_ERROR)
    return {{core::Code::GlError, "render.prepare", "OpenGL error " + std::to_string(e) + " while uploading the level"}};
  impl_->level = std::move(level);
  return {};
}

}  // namespace kiln::render
