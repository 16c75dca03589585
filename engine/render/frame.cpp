// One frame: clocks and camera upload, then a loop over the pass table (render/cpu/passes.hpp),
// each pass inside a debug group and a timer query, drawn by the method of its kind.
#include <chrono>

#include <glm/gtc/type_ptr.hpp>

#include "render/gl_enums.hpp"
#include "render/renderer_impl.hpp"

namespace kiln::render {

bool passShown(const FrameOptions& o, Pass p) {
  const auto i = static_cast<std::size_t>(p);
  return o.passEnabled[i] && (!o.soloPass || *o.soloPass == p);
}

// The fixed-function state a row of the pass table asks for; every pass sets all of it, so no
// pass depends on what the one before left behind, and the cache sends only what changed.
void applyPassState(GlState& state, const PassInfo& p) {
  state.depthTest(p.depthTest);
  state.depthMask(p.depthWrite);
  state.cullBackFaces(p.cullBackFaces);
  state.blend(p.blend);
  state.colorMask(true);
}

namespace {

std::uint32_t& drawCalls(FrameStats& s, const PassInfo& p) { return s.passDrawCalls[static_cast<std::size_t>(p.pass)]; }

}  // namespace

void applyBlend(const BlendState& b) {
  if (!b.enabled) {
    glDisable(GL_BLEND);
    return;
  }
  glEnable(GL_BLEND);
  glBlendFuncSeparate(gl::blendFactor(b.srcRgb), gl::blendFactor(b.dstRgb), gl::blendFactor(b.srcAlpha),
                      gl::blendFactor(b.dstAlpha));
}

void Renderer::drawFrame(double levelTime, const Camera& camera, const FrameOptions& options, std::uint32_t width,
                         std::uint32_t height) {
  impl_->drawFrameInto(0, 0, impl_->callerQueries, levelTime, camera, options, width, height);
}

void Renderer::drawFrame(double levelTime, const Camera& camera, const FrameOptions& options, RenderTarget& target) {
  RenderTarget::Impl& t = target.impl();
  // The overdraw view's colours are layer counts: they are shown as they are, never tone mapped.
  t.lastFrameHdr = options.output.hdr && !options.debug.overdraw && impl_->programs.built();
  t.lastUserEv.reset();
  if (!t.lastFrameHdr) {
    impl_->drawFrameInto(t.framebuffer.id(), t.color.id(), t.queries, levelTime, camera, options, target.width(),
                         target.height());
  } else {
    t.ensureHdr();
    impl_->drawFrameInto(t.hdrFramebuffer.id(), t.hdrColor.id(), t.queries, levelTime, camera, options, target.width(),
                         target.height(), &t);
  }
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
}

bool Renderer::applyOutput(RenderTarget& target, const OutputOptions& output) {
  RenderTarget::Impl& t = target.impl();
  if (!t.lastFrameHdr || !output.hdr) return false;
  t.lastUserEv.reset();
  impl_->applyOutput(t, output);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  return true;
}

void Renderer::Impl::bindLevelBuffers() const {
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kPresetsBinding, level->particles.presets.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kEmittersBinding, level->particles.emitters.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kScheduleBinding, level->particles.schedule.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kClocksBinding, level->particles.clocks.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kFrameRectsBinding, level->particles.frameRects.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kInstancesBinding, level->particles.instances.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kCountersBinding, level->particles.counters.id());
}

// The target bound, its viewport set, and cleared: colour (or the checkerboard), depth 1.
void Renderer::Impl::clearTarget(GLuint framebuffer, const FrameOptions& options, std::uint32_t width,
                                 std::uint32_t height) {
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
  glViewport(0, 0, static_cast<GLsizei>(width), static_cast<GLsizei>(height));
  glDisable(GL_SCISSOR_TEST);
  glState.colorMask(true);
  glState.depthMask(true);
  const bool overdraw = options.debug.overdraw;
  const std::array<float, 4> clearColor = overdraw ? std::array<float, 4>{0, 0, 0, 1} : options.clearColor;
  glClearBufferfv(GL_COLOR, 0, clearColor.data());
  if (options.checkerSize > 0 && !overdraw) {
    // Every other square a darker grey: scissored clears, no program and no allocation.
    const std::array<float, 4> dark{clearColor[0] * 0.6f, clearColor[1] * 0.6f, clearColor[2] * 0.6f, clearColor[3]};
    const std::uint32_t n = options.checkerSize;
    glEnable(GL_SCISSOR_TEST);
    for (std::uint32_t y = 0; y < height; y += n)
      for (std::uint32_t x = (y / n % 2) * n; x < width; x += 2 * n) {
        glScissor(static_cast<GLint>(x), static_cast<GLint>(y), static_cast<GLsizei>(n), static_cast<GLsizei>(n));
        glClearBufferfv(GL_COLOR, 0, dark.data());
      }
    glDisable(GL_SCISSOR_TEST);
  }
  const float depthOne = 1.0f;
  glClearBufferfv(GL_DEPTH, 0, &depthOne);
}

// A frame that does not count live particles shows none, whatever an earlier frame counted.
void Renderer::Impl::uncountedLive(const FrameOptions& options, FrameStats& next) const {
  if (options.countLiveParticles && level && level->hasParticles) return;
  next.liveParticles = 0;
  next.liveParticlesFrame = 0;
}

void Renderer::Impl::drawFrameInto(GLuint framebuffer, GLuint targetColor, std::optional<FrameQueries>& viewQueries,
                                   double levelTime, const Camera& camera, const FrameOptions& options,
                                   std::uint32_t width, std::uint32_t height, RenderTarget::Impl* hdr) {
  const auto cpuStart = std::chrono::steady_clock::now();
  drainDebugMessages();
  frameTargetColor = targetColor;
  if (!viewQueries) viewQueries.emplace(hasStatistics);
  FrameQueries& queries = *viewQueries;
  FrameStats next;
  // This view's timer and statistics results of the latest frame the GPU has finished (never
  // waits, unless the GPU is a whole query ring behind: frame_queries.hpp).
  queries.beginFrame(next);
  glState.forget();  // the caller has drawn since the last frame
  next.timersUnreliable = softwareDriver;
  uncountedLive(options, next);

  if (!level || !programs.built()) {
    clearTarget(framebuffer, options, width, height);
    if (hdr && programs.built()) applyOutput(*hdr, options.output);
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
  glBindBufferBase(GL_UNIFORM_BUFFER, kFrameBinding, frameUniforms.id());
  if (level->hasParticles) {
    // Last frame's shaders wrote the counters (atomics), the live bits and the index counts of
    // the indirect commands; this frame rewrites all three from the CPU side (sub-data here and in
    // cullEmitters, the clear in evaluateParticles). Buffer updates wait for earlier shader writes
    // only behind this barrier; the storage bit orders this frame's compute writes after last
    // frame's draws read the states and the draw list.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
    fillClocks(level->particles.doc, levelTime, options.emitterMuted, options.soloEmitter, level->particles.clockStaging);
    glNamedBufferSubData(level->particles.clocks.id(), 0, static_cast<GLsizeiptr>(level->particles.clockStaging.size() * sizeof(ClockStd430)),
                         level->particles.clockStaging.data());
    if (options.countLiveParticles) {
      const GLuint zero = 0;
      glNamedBufferSubData(level->particles.counters.id(), 0, sizeof(zero), &zero);
    }
    bindLevelBuffers();
    cullEmitters(levelTime, camera, aspect, options, next);
    gl::DebugGroup group("particle-compute");
    queries.beginCompute();
    evaluateParticles();
    queries.endCompute();
  }

  // Event particles reach level time T before any pass draws (the CPU half of the
  // scene-transparency pass: step, render buffers, batcher; event_pass.cpp draws them).
  if (events && options.events && passShown(options, Pass::SceneTransparency)) {
    events->scene.update(levelTime, camera, options.eventSort, options.eventStepBudget);
    next.events = events->scene.stats();
  }

  // The clear comes after the compute passes, so that it and every draw make one batch of
  // rasterizer work: a software rasterizer that had to finish a queued clear before a dispatch
  // would write the whole target out and read it back in for the first draw.
  {
    gl::DebugGroup group("clear");
    clearTarget(framebuffer, options, width, height);
  }

  glDepthFunc(GL_LESS);
  for (const PassInfo& pass : kPasses) {
    const auto i = static_cast<std::size_t>(pass.pass);
    // A pass with nothing to draw sets no state and runs no query; its figures read 0.
    if (!passHasWork(pass, options)) {
      queries.skipPass(i);
    } else {
      gl::DebugGroup group(pass.name);
      queries.beginPass(i);
      switch (pass.kind) {
        case PassKind::Sectors: drawSectorsPass(pass, options, next); break;
        case PassKind::WorldParticles: drawParticlePass(pass, options, next); break;
        case PassKind::SceneTransparency: drawSceneTransparencyPass(pass, options, next); break;
        case PassKind::DebugViews: drawDebugPass(pass, options, next); break;
      }
      queries.endPass(i);
    }
    // Outside the timers: the palette replaces the layer counts once every particle is in.
    if (pass.pass == kLastParticlePass && options.debug.overdraw && level->hasParticles)
      resolveOverdraw(framebuffer, width, height);
  }

  // The caller gets a plain state back: no culling or blending, depth writes on, nothing bound.
  glState.cullBackFaces(false);
  glState.blend(kNoBlend);
  glState.depthMask(true);
  glState.vertexArray(0);
  glState.program(0);
  if (hdr) {
    queries.beginOutput();
    applyOutput(*hdr, options.output);
    queries.endOutput();
  }
  if (level->hasParticles && options.countLiveParticles) queries.recordLiveCount(level->particles.counters.id());
  for (const std::uint32_t n : next.passDrawCalls) next.drawCalls += n;
  queries.endFrame(options.waitForQueries, next);
  uncountedLive(options, next);
  next.cpuMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - cpuStart).count();
  stats = next;
}

bool Renderer::Impl::passHasWork(const PassInfo& pass, const FrameOptions& options) const {
  switch (pass.kind) {
    case PassKind::Sectors: return level->sectors.vertexCount > 0;  // depth, even when hidden
    case PassKind::WorldParticles: {
      if (!level->hasParticles || !passShown(options, pass.pass)) return false;
      for (std::size_t g = 0; g < level->particles.draws.size(); ++g)
        if (level->particles.draws[g].pass == pass.pass && level->particles.drawCommands[g].second > 0) return true;
      return false;
    }
    case PassKind::SceneTransparency:
      return events && options.events && passShown(options, pass.pass) && !events->scene.batcher().sorted().empty();
    case PassKind::DebugViews: {
      const DebugViews& d = options.debug;
      return passShown(options, pass.pass) &&
             ((d.sectorPlanes && (level->lines.planes.count > 0 || level->lines.outlines.count > 0)) ||
              (d.storedBounds && level->lines.storedBounds.count > 0) ||
              (d.recomputedBounds && level->lines.recomputedBounds.count > 0));
    }
  }
  return true;
}

// Sectors always fill depth so particles are occluded the same way whichever pass is shown.
void Renderer::Impl::drawSectorsPass(const PassInfo& pass, const FrameOptions& options, FrameStats& next) {
  const bool shown = passShown(options, pass.pass) && !options.debug.overdraw;
  applyPassState(glState, pass);
  if (!shown) glState.colorMask(false);  // depth only; the next pass turns colour back on
  glState.program(programs.sector.id());
  glProgramUniform1ui(programs.sector.id(), 0, options.debug.grid ? 1u : 0u);
  glState.vertexArray(level->sectors.array.id());
  if (level->sectors.vertexCount > 0) {
    glDrawArrays(GL_TRIANGLES, 0, level->sectors.vertexCount);
    ++drawCalls(next, pass);
  }
}

// The draw groups buildParticleTables made for this pass, one multi-draw of indexed quads each.
void Renderer::Impl::drawParticlePass(const PassInfo& pass, const FrameOptions& options, FrameStats& next) {
  applyPassState(glState, pass);
  if (options.debug.overdraw) {
    glState.blend(kLayerCount);
    glState.depthMask(false);
  }
  glState.program(programs.particle.id());
  glProgramUniform1ui(programs.particle.id(), 0, options.debug.overdraw ? 1u : 0u);
  glState.vertexArray(quadArray.id());
  glBindBuffer(GL_DRAW_INDIRECT_BUFFER, level->particles.indirect.id());
  for (std::size_t g = 0; g < level->particles.draws.size(); ++g) {
    const DrawGroup& d = level->particles.draws[g];
    if (d.pass != pass.pass) continue;
    // One command per drawn emitter run; particle_compact.comp has set each one's index count to
    // six per live slot, so dead slots and culled emitters cost no quad. Indexed triangles, not
    // instanced strips: one batch of vertices per command rather than one per particle.
    const auto [first, count] = level->particles.drawCommands[g];
    if (count == 0) continue;
    if (d.page < level->atlas.pages.size()) glState.texture(kAtlasUnit, level->atlas.pages[d.page].id());
    glMultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT,
                                reinterpret_cast<const void*>(static_cast<std::uintptr_t>(first) * sizeof(ParticlesGpu::IndirectCommand)),
                                static_cast<GLsizei>(count), 0);
    ++drawCalls(next, pass);
  }
  glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
}

void Renderer::Impl::evaluateParticles() {
  LevelGpu& l = *level;
  if (l.particles.indirectStaging.empty()) return;
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kStatesBinding, l.particles.states.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kLiveBitsBinding, l.particles.liveBits.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kDrawListBinding, l.particles.drawList.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kCommandsBinding, l.particles.indirect.id());
  const auto groups = static_cast<GLuint>(l.particles.indirectStaging.size());
  // Two dispatches, and no barrier() inside either: no lane ever waits for another
  // (docs/rendering.md, "One evaluation per slot").
  glClearNamedBufferData(l.particles.liveBits.id(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);
  glState.program(programs.state.id());
  glDispatchCompute(groups, 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  glState.program(programs.compact.id());
  glProgramUniform1ui(programs.compact.id(), 0, groups);  // one lane per command
  glDispatchCompute((groups + 63) / 64, 1, 1);
  // The quads read the states and draw list; the draws read the commands' index counts.
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
}

void Renderer::Impl::cullEmitters(double levelTime, const Camera& camera, double aspect, const FrameOptions& options,
                                  FrameStats& next) {
  LevelGpu& l = *level;
  const Frustum frustum = frustumOf(camera, aspect);
  for (std::size_t e = 0; e < l.particles.doc.emitters.size(); ++e) {
    CullReason& why = l.particles.cull[e];
    if (!options.cull) why = CullReason::Drawn;
    else if (idleAt(l.particles.alive[e], levelTime)) why = CullReason::Schedule;
    else if (boxOutside(frustum, l.particles.doc.emitters[e].bounds)) why = CullReason::Frustum;
    else why = CullReason::Drawn;
    ++(why == CullReason::Drawn ? next.emittersDrawn : why == CullReason::Frustum ? next.emittersCulledFrustum
                                                                                 : next.emittersCulledSchedule);
  }
  // Capacity reserved at prepare (one command per run at most): no allocation here.
  l.particles.indirectStaging.clear();
  for (std::size_t g = 0; g < l.particles.draws.size(); ++g) {
    const DrawGroup& d = l.particles.draws[g];
    const auto first = static_cast<std::uint32_t>(l.particles.indirectStaging.size());
    for (std::uint32_t r = d.firstRun; r < d.firstRun + d.runCount; ++r) {
      const EmitterRun& run = l.particles.runs[r];
      // A run whose G·B is 0 now (no births) keeps its block for a later edit but has nothing
      // to evaluate.
      if (l.particles.cull[run.emitter] != CullReason::Drawn || run.instanceCount == 0) continue;
      next.slotsSubmitted += run.instanceCount;
      // One command per run (one compute workgroup each): baseVertex makes gl_VertexID / 4 the
      // run's place in the draw list, baseInstance carries its slot count, and the compute
      // passes fill in six indices per live particle.
      l.particles.indirectStaging.push_back({0, 1, 0, static_cast<GLint>(4 * run.firstInstance), run.instanceCount});
    }
    l.particles.drawCommands[g] = {first, static_cast<std::uint32_t>(l.particles.indirectStaging.size()) - first};
  }
  if (!l.particles.indirectStaging.empty())
    glNamedBufferSubData(l.particles.indirect.id(), 0,
                         static_cast<GLsizeiptr>(l.particles.indirectStaging.size() * sizeof(ParticlesGpu::IndirectCommand)),
                         l.particles.indirectStaging.data());
}

void Renderer::Impl::drawDebugPass(const PassInfo& pass, const FrameOptions& options, FrameStats& next) {
  const auto& d = options.debug;
  applyPassState(glState, pass);
  glState.program(programs.lines.id());
  glState.vertexArray(level->lines.array.id());
  if (d.sectorPlanes && level->lines.planes.count > 0) {
    // Tinted over the sector surfaces they coincide with: pulled towards the camera so they
    // win the depth test, culled like the sectors pass (near walls stay open), no depth
    // writes so the outlines still land.
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(-1.0f, -1.0f);
    glDepthFunc(GL_LEQUAL);
    glDrawArrays(GL_TRIANGLES, level->lines.planes.first, level->lines.planes.count);
    ++drawCalls(next, pass);
    glDisable(GL_POLYGON_OFFSET_FILL);
    glDepthFunc(GL_LESS);
  }
  glState.blend(kNoBlend);  // lines are opaque
  for (const auto& [on, range] : {std::pair{d.sectorPlanes, level->lines.outlines},
                                  std::pair{d.storedBounds, level->lines.storedBounds},
                                  std::pair{d.recomputedBounds, level->lines.recomputedBounds}}) {
    if (!on || range.count == 0) continue;
    glDrawArrays(GL_LINES, range.first, range.count);
    ++drawCalls(next, pass);
  }
}

}  // namespace kiln::render
