// One frame: clocks and camera upload, then the passes in the contract's order, each inside a
// debug group and a timer query.
#include <chrono>

#include <glm/gtc/type_ptr.hpp>

#include "render/gl_enums.hpp"
#include "render/renderer_impl.hpp"

namespace kiln::render {
namespace {

bool passShown(const FrameOptions& o, Pass p) {
  const auto i = static_cast<std::size_t>(p);
  return o.passEnabled[i] && (!o.soloPass || *o.soloPass == p);
}

void applyBlend(const gl::BlendState& b) {
  if (b.enabled) {
    glEnable(GL_BLEND);
    glBlendFuncSeparate(b.srcRgb, b.dstRgb, b.srcAlpha, b.dstAlpha);
  } else {
    glDisable(GL_BLEND);
  }
  glDepthMask(b.depthWrite ? GL_TRUE : GL_FALSE);
}

// The blend state a particle pass draws with (alpha and premultiplied share theirs).
particles::Blend passBlend(Pass p) {
  return p == Pass::Cutout ? particles::Blend::Cutout
         : p == Pass::Alpha ? particles::Blend::Alpha
                            : particles::Blend::Additive;
}

}  // namespace

void Renderer::drawFrame(double levelTime, const Camera& camera, const FrameOptions& options, std::uint32_t width,
                         std::uint32_t height) {
  GLint bound = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
  impl_->drawFrameInto(static_cast<GLuint>(bound), levelTime, camera, options, width, height);
}

void Renderer::drawFrame(double levelTime, const Camera& camera, const FrameOptions& options, RenderTarget& target) {
  // Leave the caller's framebuffer bound (the viewer draws its UI right after).
  GLint bound = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
  impl_->drawFrameInto(target.impl().framebuffer.id(), levelTime, camera, options, target.width(), target.height());
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(bound));
}

void Renderer::Impl::bindLevelBuffers() const {
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kPresetsBinding, level->presets.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kEmittersBinding, level->emitters.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kScheduleBinding, level->schedule.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kClocksBinding, level->clocks.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kFrameRectsBinding, level->frameRects.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kInstancesBinding, level->instances.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kCountersBinding, level->counters.id());
}

void Renderer::Impl::drawFrameInto(GLuint framebuffer, double levelTime, const Camera& camera,
                                   const FrameOptions& options, std::uint32_t width, std::uint32_t height) {
  const auto cpuStart = std::chrono::steady_clock::now();
  const std::uint32_t set = frameIndex & 1u, previous = set ^ 1u;
  FrameStats next;
  // Timer results of the previous frame, when the driver has them (never waits).
  for (std::size_t i = 0; i < kPassCount; ++i) {
    next.gpuMs[i] = stats.gpuMs[i];
    if (!issued[previous][i]) continue;
    GLuint available = 0;
    glGetQueryObjectuiv(queries[previous][i].id(), GL_QUERY_RESULT_AVAILABLE, &available);
    if (available) {
      GLuint64 ns = 0;
      glGetQueryObjectui64v(queries[previous][i].id(), GL_QUERY_RESULT, &ns);
      next.gpuMs[i] = static_cast<double>(ns) * 1e-6;
      issued[previous][i] = false;
    }
  }

  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
  glViewport(0, 0, static_cast<GLsizei>(width), static_cast<GLsizei>(height));
  glDisable(GL_SCISSOR_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDepthMask(GL_TRUE);
  const bool overdraw = options.debug.overdraw;
  const std::array<float, 4> clearColor = overdraw ? std::array<float, 4>{0, 0, 0, 1} : options.clearColor;
  glClearBufferfv(GL_COLOR, 0, clearColor.data());
  const float depthOne = 1.0f;
  glClearBufferfv(GL_DEPTH, 0, &depthOne);
  if (!level || !particle) {
    stats = next;
    return;
  }

  const float aspect = height > 0 ? static_cast<float>(width) / static_cast<float>(height) : 1.0f;
  const glm::mat4 view = viewMatrix(camera);
  const glm::mat4 vp = projectionMatrix(camera, aspect) * view;
  FrameUniforms u{};
  std::copy_n(glm::value_ptr(vp), 16, u.viewProjection.begin());
  u.cameraRight = {view[0][0], view[1][0], view[2][0], 0};
  u.cameraUp = {view[0][1], view[1][1], view[2][1], 0};
  u.cameraForward = {-view[0][2], -view[1][2], -view[2][2], 0};
  u.options = {options.countLiveParticles ? 1u : 0u, 0, 0, 0};
  glNamedBufferSubData(frameUniforms.id(), 0, sizeof(u), &u);
  glBindBufferBase(GL_UNIFORM_BUFFER, 0, frameUniforms.id());
  if (level->hasParticles) {
    fillClocks(level->doc, levelTime, options.emitterMuted, options.soloEmitter, level->clockStaging);
    glNamedBufferSubData(level->clocks.id(), 0, static_cast<GLsizeiptr>(level->clockStaging.size() * sizeof(ClockGpu)),
                         level->clockStaging.data());
    if (options.countLiveParticles) {
      const GLuint zero = 0;
      glNamedBufferSubData(level->counters.id(), 0, sizeof(zero), &zero);
    }
    bindLevelBuffers();
  }

  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  const auto timed = [&](Pass pass, auto&& body) {
    const auto i = static_cast<std::size_t>(pass);
    const std::string_view name = passName(pass);
    gl::DebugGroup group(name);
    glBeginQuery(GL_TIME_ELAPSED, queries[set][i].id());
    body();
    glEndQuery(GL_TIME_ELAPSED);
    issued[set][i] = true;
  };

  // Sectors always fill depth so particles are occluded the same way whichever pass is shown.
  const bool sectorsShown = passShown(options, Pass::Sectors) && !overdraw;
  timed(Pass::Sectors, [&] {
    glDisable(GL_BLEND);
    glEnable(GL_CULL_FACE);
    glCullFace(GL_BACK);
    glFrontFace(GL_CCW);
    if (!sectorsShown) glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glUseProgram(sector.id());
    glProgramUniform1ui(sector.id(), 0, options.debug.grid ? 1u : 0u);
    glBindVertexArray(level->sectorArray.id());
    if (level->sectorVertexCount > 0) {
      glDrawArrays(GL_TRIANGLES, 0, level->sectorVertexCount);
      ++next.passDrawCalls[static_cast<std::size_t>(Pass::Sectors)];
    }
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDisable(GL_CULL_FACE);
  });

  const auto particlePass = [&](Pass pass) {
    timed(pass, [&] {
      if (!level->hasParticles || !passShown(options, pass)) return;
      gl::BlendState b = gl::blendState(passBlend(pass));
      if (overdraw) b = {true, GL_ONE, GL_ONE, GL_ONE, GL_ONE, false};
      applyBlend(b);
      glUseProgram(particle.id());
      glProgramUniform1ui(particle.id(), 0, overdraw ? 1u : 0u);
      glBindVertexArray(emptyArray.id());
      for (const DrawGroup& d : level->draws) {
        if (d.pass != pass) continue;
        if (d.page < level->pages.size()) glBindTextureUnit(0, level->pages[d.page].id());
        glDrawArraysInstancedBaseInstance(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(d.instanceCount), d.firstInstance);
        ++next.passDrawCalls[static_cast<std::size_t>(pass)];
        next.slotsSubmitted += d.instanceCount;
      }
    });
  };
  particlePass(Pass::Cutout);
  // Scene transparency: Kiln has none yet; the slot keeps the contract's order visible.
  timed(Pass::SceneTransparency, [] {});
  particlePass(Pass::Additive);
  particlePass(Pass::Alpha);
  if (overdraw && level->hasParticles) resolveOverdraw(framebuffer, width, height);

  timed(Pass::Debug, [&] {
    if (!passShown(options, Pass::Debug)) return;
    const auto& d = options.debug;
    if (!d.sectorPlanes && !d.storedBounds && !d.recomputedBounds) return;
    std::uint32_t& calls = next.passDrawCalls[static_cast<std::size_t>(Pass::Debug)];
    glUseProgram(lines.id());
    glBindVertexArray(level->lineArray.id());
    if (d.sectorPlanes && level->planes.count > 0) {
      // Tinted over the sector surfaces they coincide with: pulled towards the camera so they
      // win the depth test, culled like the sectors pass (near walls stay open), no depth
      // writes so the outlines still land.
      applyBlend({true, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA, false});
      glEnable(GL_CULL_FACE);
      glEnable(GL_POLYGON_OFFSET_FILL);
      glPolygonOffset(-1.0f, -1.0f);
      glDepthFunc(GL_LEQUAL);
      glDrawArrays(GL_TRIANGLES, level->planes.first, level->planes.count);
      ++calls;
      glDisable(GL_POLYGON_OFFSET_FILL);
      glDisable(GL_CULL_FACE);
      glDepthFunc(GL_LESS);
    }
    applyBlend({false, GL_ONE, GL_ZERO, GL_ONE, GL_ZERO, false});
    for (const auto& [on, range] : {std::pair{d.sectorPlanes, level->outlines},
                                    std::pair{d.storedBounds, level->storedBounds},
                                    std::pair{d.recomputedBounds, level->recomputedBounds}}) {
      if (!on || range.count == 0) continue;
      glDrawArrays(GL_LINES, range.first, range.count);
      ++calls;
    }
  });

  glDisable(GL_BLEND);
  glDepthMask(GL_TRUE);
  glBindVertexArray(0);
  glUseProgram(0);
  if (level->hasParticles && options.countLiveParticles) {
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    GLuint live = 0;
    glGetNamedBufferSubData(level->counters.id(), 0, sizeof(live), &live);
    next.liveParticles = live;
  }
  for (const std::uint32_t n : next.passDrawCalls) next.drawCalls += n;
  ++frameIndex;
  next.cpuMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - cpuStart).count();
  stats = next;
}

}  // namespace kiln::render
