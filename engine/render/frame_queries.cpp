// Per-view timer and pipeline statistics queries (frame_queries.hpp).
#include "render/frame_queries.hpp"

#include <string>

namespace kiln::render {

FrameQueries::FrameQueries(bool statistics) : statistics_(statistics) {
  for (auto& set : timers_)
    for (std::size_t i = 0; i < set.size(); ++i)
      set[i] = gl::Query(GL_TIME_ELAPSED, "kiln.timer." + std::string(passName(static_cast<Pass>(i))));
  for (auto& q : computeTimers_) q = gl::Query(GL_TIME_ELAPSED, "kiln.timer.particle-compute");
  liveReadback_ = gl::Buffer("kiln.live-count-readback");
  constexpr GLbitfield kMapping = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
  glNamedBufferStorage(liveReadback_.id(), 2 * sizeof(std::uint32_t), nullptr, kMapping);
  liveMapped_ = static_cast<const std::uint32_t*>(
      glMapNamedBufferRange(liveReadback_.id(), 0, 2 * sizeof(std::uint32_t), kMapping));
  if (!statistics_) return;
  // The driver must accept the targets, not only advertise the extension.
  while (glGetError() != GL_NO_ERROR) {
  }
  for (auto& set : statistics3_)
    for (std::size_t i = 0; i < set.size(); ++i) {
      const std::string pass(passName(static_cast<Pass>(i)));
      set[i][0] = gl::GenQuery(GL_VERTEX_SHADER_INVOCATIONS, "kiln.stats.vertices." + pass);
      set[i][1] = gl::GenQuery(GL_PRIMITIVES_SUBMITTED, "kiln.stats.primitives." + pass);
      set[i][2] = gl::GenQuery(GL_FRAGMENT_SHADER_INVOCATIONS, "kiln.stats.fragments." + pass);
    }
  if (glGetError() != GL_NO_ERROR) {
    statistics_ = false;
    for (auto& set : statistics3_)
      for (auto& pass : set) pass = {};
  }
}

void FrameQueries::read(std::uint32_t set, bool wait) {
  if (liveFences_[set] && (wait || liveFences_[set].signaled())) {
    if (wait) liveFences_[set].wait();
    if (liveMapped_) liveParticles_ = liveMapped_[set];
    liveFences_[set].reset();
  }
  if (computeIssued_[set]) {
    GLuint available = 0;
    if (!wait) glGetQueryObjectuiv(computeTimers_[set].id(), GL_QUERY_RESULT_AVAILABLE, &available);
    if (wait || available) {
      GLuint64 ns = 0;
      glGetQueryObjectui64v(computeTimers_[set].id(), GL_QUERY_RESULT, &ns);
      computeMs_ = static_cast<double>(ns) * 1e-6;
      computeIssued_[set] = false;
    }
  }
  for (std::size_t i = 0; i < kPassCount; ++i) {
    if (skipped_[set][i]) {
      gpuMs_[i] = 0;
      passStatistics_[i] = {};
      skipped_[set][i] = false;
    }
    if (!issued_[set][i]) continue;
    if (!wait) {
      // Every query of the pass must be available: reading one that is not would wait.
      GLuint available = 0;
      glGetQueryObjectuiv(timers_[set][i].id(), GL_QUERY_RESULT_AVAILABLE, &available);
      for (std::size_t q = 0; statistics_ && available && q < 3; ++q)
        glGetQueryObjectuiv(statistics3_[set][i][q].id(), GL_QUERY_RESULT_AVAILABLE, &available);
      if (!available) continue;
    }
    GLuint64 ns = 0;
    glGetQueryObjectui64v(timers_[set][i].id(), GL_QUERY_RESULT, &ns);
    gpuMs_[i] = static_cast<double>(ns) * 1e-6;
    if (statistics_) {
      GLuint64 v[3] = {};
      for (std::size_t q = 0; q < 3; ++q) glGetQueryObjectui64v(statistics3_[set][i][q].id(), GL_QUERY_RESULT, &v[q]);
      passStatistics_[i] = {v[0], v[1], v[2]};
    }
    issued_[set][i] = false;
  }
}

void FrameQueries::publish(FrameStats& out) const {
  out.gpuMs = gpuMs_;
  out.computeMs = computeMs_;
  out.passStatistics = passStatistics_;
  out.pipelineStatistics = statistics_;
  out.liveParticles = liveParticles_;
}

void FrameQueries::recordLiveCount(GLuint counters) {
  // The counter was written by shader atomics; a buffer copy must see those writes.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glCopyNamedBufferSubData(counters, liveReadback_.id(), 0, static_cast<GLintptr>(set_ * sizeof(std::uint32_t)),
                           sizeof(std::uint32_t));
  liveFences_[set_] = gl::Fence::place();
}

void FrameQueries::beginFrame(FrameStats& out) {
  read(set_ ^ 1u, false);
  publish(out);
}

void FrameQueries::beginCompute() { glBeginQuery(GL_TIME_ELAPSED, computeTimers_[set_].id()); }

void FrameQueries::endCompute() {
  glEndQuery(GL_TIME_ELAPSED);
  computeIssued_[set_] = true;
}

void FrameQueries::beginPass(std::size_t pass) {
  glBeginQuery(GL_TIME_ELAPSED, timers_[set_][pass].id());
  if (statistics_) {
    glBeginQuery(GL_VERTEX_SHADER_INVOCATIONS, statistics3_[set_][pass][0].id());
    glBeginQuery(GL_PRIMITIVES_SUBMITTED, statistics3_[set_][pass][1].id());
    glBeginQuery(GL_FRAGMENT_SHADER_INVOCATIONS, statistics3_[set_][pass][2].id());
  }
}

void FrameQueries::endPass(std::size_t pass) {
  if (statistics_) {
    glEndQuery(GL_VERTEX_SHADER_INVOCATIONS);
    glEndQuery(GL_PRIMITIVES_SUBMITTED);
    glEndQuery(GL_FRAGMENT_SHADER_INVOCATIONS);
  }
  glEndQuery(GL_TIME_ELAPSED);
  issued_[set_][pass] = true;
}

void FrameQueries::skipPass(std::size_t pass) {
  issued_[set_][pass] = false;
  skipped_[set_][pass] = true;
}

void FrameQueries::endFrame(bool wait, FrameStats& out) {
  if (wait) {
    read(set_, true);
    publish(out);
  }
  set_ ^= 1u;
}

}  // namespace kiln::render
