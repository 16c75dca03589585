// One view's GPU queries: per pass a timer and (where the driver has them) three pipeline
// statistics, one timer for the particle compute passes and the live-particle count, in a ring
// of kQuerySets sets so that a frame reads whatever earlier frames the GPU has finished without
// waiting, however far the GPU runs behind. Each RenderTarget owns one ring, and the renderer one
// for drawing into a caller's framebuffer, so a view's figures are its own however many other
// views draw in between. Internal to engine/render: owns GL query objects.
//
// The rule of the ring: a set is issued by one frame, fenced at that frame's end, and read once
// its fence has signalled; it is never issued again before it was read. When a set comes round
// while still unread (the GPU is kQuerySets frames behind), that frame waits for its fence.
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

  // Starts a frame: reads every set whose frame the GPU has finished (never waits, except for the
  // set this frame must reuse; see the rule above) and gives `out` the latest results with the
  // frames they belong to.
  void beginFrame(FrameStats& out);
  void beginCompute();
  void endCompute();
  // The HDR output pass (exposure, bloom, tone map), timed like the compute passes.
  void beginOutput();
  void endOutput();
  void beginPass(std::size_t pass);
  void endPass(std::size_t pass);
  // The pass drew nothing this frame: no query ran, and its figures read 0.
  void skipPass(std::size_t pass);
  // Copies the live-particle counter into this set's slot of a persistently mapped buffer; the
  // frame's fence covers the copy, so the count arrives with the set's other results.
  void recordLiveCount(GLuint counters);
  // Ends a frame: fences the set and flushes, so the GPU starts on it without a later call having
  // to. `wait`: read this frame's results into `out` now, waiting for the GPU.
  void endFrame(bool wait, FrameStats& out);

 private:
  struct Set {
    std::array<gl::Query, kPassCount> timers;
    std::array<bool, kPassCount> issued{}, skipped{};
    gl::Query computeTimer, outputTimer;
    bool computeIssued = false, outputIssued = false;
    // Per pass: vertex invocations, primitives, fragments.
    std::array<std::array<gl::GenQuery, 3>, kPassCount> statistics;
    bool liveCounted = false;
    gl::Fence fence;          // placed at the end of the frame that issued the set
    std::uint64_t frame = 0;  // that frame's number; 0: the set holds nothing unread
  };
  // Reads set `s` if its frame is done (or, with `wait`, once it is); false when it is not yet.
  bool read(Set& s, bool wait);
  // Reads every set whose frame the GPU has finished, oldest first (`wait`: every set, waiting).
  void poll(bool wait);
  void publish(FrameStats& out) const;
  bool available(const Set& s) const;

  bool statistics_ = false;
  std::uint64_t frame_ = 0;  // the frame being drawn (this view's count, from 1)
  std::size_t set_ = 0;      // the set it issues
  std::array<Set, kQuerySets> sets_;
  // The latest results read, and the frames they belong to.
  std::array<double, kPassCount> gpuMs_{};
  double computeMs_ = 0, outputMs_ = 0;
  std::array<PassStatistics, kPassCount> passStatistics_{};
  std::uint64_t timingsFrame_ = 0;
  std::uint32_t liveParticles_ = 0;
  std::uint64_t liveFrame_ = 0;
  // The live-particle counts per set, read through a persistent mapping once fenced.
  gl::Buffer liveReadback_;
  const std::uint32_t* liveMapped_ = nullptr;
};

}  // namespace kiln::render
