// Per-view timer, pipeline statistics and live-count queries in a ring (frame_queries.hpp).
#include "render/frame_queries.hpp"

#include <string>

namespace kiln::render {

FrameQueries::FrameQueries(bool statistics) : statistics_(statistics) {
  for (Set& s : sets_) {
    for (std::size_t i = 0; i < s.timers.size(); ++i)
      s.timers[i] = gl::Query(GL_TIME_ELAPSED, "kiln.timer." + std::string(passName(static_cast<Pass>(i))));
    s.computeTimer = gl::Query(GL_TIME_ELAPSED, "kiln.timer.particle-compute");
    s.outputTimer = gl::Query(GL_TIME_ELAPSED, "kiln.timer.output");
  }
  liveReadback_ = gl::Buffer("kiln.live-count-readback");
  constexpr GLbitfield kMapping = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
  constexpr GLsizeiptr kBytes = kQuerySets * sizeof(std::uint32_t);
  glNamedBufferStorage(liveReadback_.id(), kBytes, nullptr, kMapping);
  liveMapped_ = static_cast<const std::uint32_t*>(glMapNamedBufferRange(liveReadback_.id(), 0, kBytes, kMapping));
  if (!statistics_) return;
  // The driver must accept the targets, not only advertise the extension.
  while (glGetError() != GL_NO_ERROR) {
  }
  for (Set& s : sets_)
    for (std::size_t i = 0; i < s.statistics.size(); ++i) {
      const std::string pass(passName(static_cast<Pass>(i)));
      s.statistics[i][0] = gl::GenQuery(GL_VERTEX_SHADER_INVOCATIONS, "kiln.stats.vertices." + pass);
      s.statistics[i][1] = gl::GenQuery(GL_PRIMITIVES_SUBMITTED, "kiln.stats.primitives." + pass);
      s.statistics[i][2] = gl::GenQuery(GL_FRAGMENT_SHADER_INVOCATIONS, "kiln.stats.fragments." + pass);
    }
  if (glGetError() != GL_NO_ERROR) {
    statistics_ = false;
    for (Set& s : sets_)
      for (auto& pass : s.statistics) pass = {};
  }
}

// Every query the set issued says its result is there. A signalled fence promises it, but a
// result is only ever read after the driver has said so (reading one that is not would wait).
bool FrameQueries::available(const Set& s) const {
  GLuint ready = 1;
  if (s.computeIssued) glGetQueryObjectuiv(s.computeTimer.id(), GL_QUERY_RESULT_AVAILABLE, &ready);
  if (ready && s.outputIssued) glGetQueryObjectuiv(s.outputTimer.id(), GL_QUERY_RESULT_AVAILABLE, &ready);
  for (std::size_t i = 0; ready && i < kPassCount; ++i) {
    if (!s.issued[i]) continue;
    glGetQueryObjectuiv(s.timers[i].id(), GL_QUERY_RESULT_AVAILABLE, &ready);
    for (std::size_t q = 0; statistics_ && ready && q < 3; ++q)
      glGetQueryObjectuiv(s.statistics[i][q].id(), GL_QUERY_RESULT_AVAILABLE, &ready);
  }
  return ready != 0;
}

bool FrameQueries::read(Set& s, bool wait) {
  if (s.frame == 0) return true;
  if (wait) s.fence.wait();
  else if (!s.fence.signaled() || !available(s)) return false;
  const auto index = static_cast<std::size_t>(&s - sets_.data());
  if (s.liveCounted && liveMapped_) {
    liveParticles_ = liveMapped_[index];
    liveFrame_ = s.frame;
  }
  const auto ms = [](const gl::Query& q) {
    GLuint64 ns = 0;
    glGetQueryObjectui64v(q.id(), GL_QUERY_RESULT, &ns);
    return static_cast<double>(ns) * 1e-6;
  };
  if (s.computeIssued) computeMs_ = ms(s.computeTimer);
  outputMs_ = s.outputIssued ? ms(s.outputTimer) : 0.0;  // an LDR frame has no output pass
  for (std::size_t i = 0; i < kPassCount; ++i) {
    if (s.skipped[i]) {
      gpuMs_[i] = 0;
      passStatistics_[i] = {};
    }
    if (!s.issued[i]) continue;
    gpuMs_[i] = ms(s.timers[i]);
    if (statistics_) {
      GLuint64 v[3] = {};
      for (std::size_t q = 0; q < 3; ++q) glGetQueryObjectui64v(s.statistics[i][q].id(), GL_QUERY_RESULT, &v[q]);
      passStatistics_[i] = {v[0], v[1], v[2]};
    }
  }
  timingsFrame_ = s.frame;
  s.issued = {};
  s.skipped = {};
  s.computeIssued = s.outputIssued = s.liveCounted = false;
  s.fence.reset();
  s.frame = 0;
  return true;
}

void FrameQueries::poll(bool wait) {
  // The GPU finishes frames in order: read from the oldest unread set until one is not done.
  for (;;) {
    Set* oldest = nullptr;
    for (Set& s : sets_)
      if (s.frame != 0 && (oldest == nullptr || s.frame < oldest->frame)) oldest = &s;
    if (oldest == nullptr || !read(*oldest, wait)) return;
  }
}

void FrameQueries::publish(FrameStats& out) const {
  out.gpuMs = gpuMs_;
  out.computeMs = computeMs_;
  out.outputMs = outputMs_;
  out.passStatistics = passStatistics_;
  out.pipelineStatistics = statistics_;
  out.liveParticles = liveParticles_;
  out.frame = frame_;
  out.timingsFrame = timingsFrame_;
  out.liveParticlesFrame = liveFrame_;
}

void FrameQueries::beginFrame(FrameStats& out) {
  ++frame_;
  set_ = static_cast<std::size_t>(frame_ % kQuerySets);
  poll(false);
  // Still unread after kQuerySets frames: the GPU is that far behind, and this frame waits for
  // it rather than issue the set again over results nobody has read.
  if (sets_[set_].frame != 0) read(sets_[set_], true);
  publish(out);
}

void FrameQueries::beginCompute() { glBeginQuery(GL_TIME_ELAPSED, sets_[set_].computeTimer.id()); }

void FrameQueries::endCompute() {
  glEndQuery(GL_TIME_ELAPSED);
  sets_[set_].computeIssued = true;
}

void FrameQueries::beginOutput() { glBeginQuery(GL_TIME_ELAPSED, sets_[set_].outputTimer.id()); }

void FrameQueries::endOutput() {
  glEndQuery(GL_TIME_ELAPSED);
  sets_[set_].outputIssued = true;
}

void FrameQueries::beginPass(std::size_t pass) {
  Set& s = sets_[set_];
  glBeginQuery(GL_TIME_ELAPSED, s.timers[pass].id());
  if (statistics_) {
    glBeginQuery(GL_VERTEX_SHADER_INVOCATIONS, s.statistics[pass][0].id());
    glBeginQuery(GL_PRIMITIVES_SUBMITTED, s.statistics[pass][1].id());
    glBeginQuery(GL_FRAGMENT_SHADER_INVOCATIONS, s.statistics[pass][2].id());
  }
}

void FrameQueries::endPass(std::size_t pass) {
  if (statistics_) {
    glEndQuery(GL_VERTEX_SHADER_INVOCATIONS);
    glEndQuery(GL_PRIMITIVES_SUBMITTED);
    glEndQuery(GL_FRAGMENT_SHADER_INVOCATIONS);
  }
  glEndQuery(GL_TIME_ELAPSED);
  sets_[set_].issued[pass] = true;
}

void FrameQueries::skipPass(std::size_t pass) {
  sets_[set_].issued[pass] = false;
  sets_[set_].skipped[pass] = true;
}

void FrameQueries::recordLiveCount(GLuint counters) {
  // The counter was written by shader atomics; a buffer copy must see those writes.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glCopyNamedBufferSubData(counters, liveReadback_.id(), 0, static_cast<GLintptr>(set_ * sizeof(std::uint32_t)),
                           sizeof(std::uint32_t));
  sets_[set_].liveCounted = true;
}

void FrameQueries::endFrame(bool wait, FrameStats& out) {
  Set& s = sets_[set_];
  s.fence = gl::Fence::place();
  s.frame = frame_;
  if (!wait) {
    // A fence polled without a flush may never signal on a driver that defers submission (zink).
    glFlush();
    return;
  }
  // This frame's results, and before them any older set still unread (done by now too), so
  // that the latest results are this frame's.
  poll(true);
  publish(out);
}

}  // namespace kiln::render
