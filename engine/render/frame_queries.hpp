// One view's GPU queries: per pass a timer and (where the driver has them) three pipeline
// statistics, and one timer for the particle compute passes, double-buffered so that a frame
// reads the previous frame's results without waiting. Each RenderTarget owns one set, and the
// renderer one for drawing into a caller's framebuffer, so a view's figures are its own however
// many other views draw in between. Internal to engine/render: owns GL query objects.
#pragma once

#include <array>
#include <cstdint>

#include "render/gl_objects.hpp"
#include "render/renderer.hpp"

namespace kiln::render {

class FrameQueries {
 public:
  // `statistics`: create the pipeline statistics queries too (the driver has them).
  explicit FrameQueries(bool statistics);

  // Starts a frame: `out` gets the latest results this view has, refreshed by whatever of its
  // previous frame the GPU has finished (never waits).
  void beginFrame(FrameStats& out);
  void beginCompute();
  void endCompute();
  void beginPass(std::size_t pass);
  void endPass(std::size_t pass);
  // The pass drew nothing this frame: no query ran, and its figures read 0.
  void skipPass(std::size_t pass);
  // Copies the live-particle counter into this frame's slot of a persistently mapped buffer and
  // fences it: the count reaches FrameStats::liveParticles with the next frame of this view
  // (or with endFrame when it waits), without stalling the pipeline.
  void recordLiveCount(GLuint counters);
  // Ends a frame; `wait`: read this frame's results into `out` now, waiting for the GPU.
  void endFrame(bool wait, FrameStats& out);

 private:
  // Reads set `set`'s results into the latest ones (waiting for them when `wait`).
  void read(std::uint32_t set, bool wait);
  void publish(FrameStats& out) const;

  bool statistics_ = false;
  std::uint32_t set_ = 0;  // the set this frame issues
  std::array<std::array<gl::Query, kPassCount>, 2> timers_;
  std::array<std::array<bool, kPassCount>, 2> issued_{};
  std::array<std::array<bool, kPassCount>, 2> skipped_{};
  std::array<gl::Query, 2> computeTimers_;
  std::array<bool, 2> computeIssued_{};
  // Per set and pass: vertex invocations, primitives, fragments.
  std::array<std::array<std::array<gl::GenQuery, 3>, kPassCount>, 2> statistics3_;
  // The latest results read.
  std::array<double, kPassCount> gpuMs_{};
  double computeMs_ = 0;
  std::array<PassStatistics, kPassCount> passStatistics_{};
  // The live-particle counts per set, read through a persistent mapping once fenced.
  gl::Buffer liveReadback_;
  const std::uint32_t* liveMapped_ = nullptr;
  std::array<gl::Fence, 2> liveFences_;
  std::uint32_t liveParticles_ = 0;
};

}  // namespace kiln::render
