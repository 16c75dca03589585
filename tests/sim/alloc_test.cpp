// A frame allocates nothing: global operator new is replaced in this test executable to count
// allocations (tests/support/counting_allocator) over 1,000 frames of 10,000 live particles (step, buffers, declare, build, sort).
#include <catch2/catch.hpp>
#include <utility>

#include "scenes.hpp"
#include "sim/batcher.hpp"
#include "sim/render_buffers.hpp"
#include "sim/sort.hpp"
#include "support/counting_allocator.hpp"

#if KILN_COUNTING_ALLOCATOR

namespace {

template <class Fn>
std::size_t allocationsBy(Fn&& fn) {
  return kiln::testing::measureAllocations(std::forward<Fn>(fn)).allocations;
}

}  // namespace

using namespace simtest;

TEST_CASE("the counting allocator counts", "[sim][alloc]") {
  CHECK(allocationsBy([] { std::vector<int> v(3); }) == 1);
}

TEST_CASE("1,000 frames of 10,000 particles allocate nothing", "[sim][alloc]") {
  Events e = sampleEvents();
  e.capacity = 10000;
  e.recipes[1].count = 10000;
  e.recipes[1].lifetime = 3600;
  e.recipes[0].lifetime = 3600;
  e.script = {{0.0, "pickup", {0, 0, 0}, 1}};
  e.emitters[0].rate = 30;  // the pool stays full: each emitted ember recycles the oldest
  ParticleSystem s(compiled(e));
  EventRenderBuffers buffers(s.capacity());
  SpriteBatcher batcher(5000);  // under budget: drops and the paced warning run too
  DepthSorter sorter(s.capacity());
  s.advance();
  REQUIRE(s.liveCount() == 10000);
  std::size_t frames = 0, declared = 0;
  const std::size_t allocations = allocationsBy([&] {
    for (int f = 0; f < 1000; ++f) {
      s.advance();
      writeRenderBuffers(s, buffers);
      const SortMode mode = f % 3 == 0 ? SortMode::View : f % 3 == 1 ? SortMode::Iso : SortMode::None;
      batcher.beginFrame(static_cast<double>(s.step()) / s.stepHz());
      if (declareParticles(batcher, s, buffers, {mode, {5, 5, 5}, {-0.6f, -0.8f, 0.0f}})) return;
      batcher.build();
      sorter.sortBackToFront(buffers, {5, 5, 5}, {0, 0, -1});
      declared += buffers.count();
      ++frames;
    }
  });
  CHECK(frames == 1000);
  CHECK(declared == 10000u * 1000u);
  CHECK(s.liveCount() == 10000);
  CHECK(s.counters().recycled > 0);
  CHECK(batcher.droppedTotal() == 5000u * 1000u);
  CHECK(allocations == 0);
}

#endif
