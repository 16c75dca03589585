// Benchmarks of event particles, each beside a baseline in the same run: one step of 65,536
// live particles (vs a memcpy of the particle state), declare + build of 10,000 sprites sorted
// by view depth (vs copying the declarations), and the back-to-front sort of 65,536 (vs
// std::stable_sort of the same depths).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <vector>

#include "sim/batcher.hpp"
#include "sim/render_buffers.hpp"
#include "sim/sort.hpp"

using namespace kiln::sim;

namespace {

// count live particles of one recipe, thrown in `bursts` bursts across a few metres so depths
// differ; lifetimes long enough that none dies while measured.
ParticleSystem fullSystem(std::uint32_t count) {
  Events e;
  e.capacity = count;
  Recipe r;
  r.name = "spark";
  r.count = count / 16, r.speed = 4.5, r.spread = 2.2, r.lifetime = 3600, r.size = 0.1;
  r.gravity = -7, r.drag = 1.8, r.color = {0.5, 5, 2.2}, r.glows = true;
  e.recipes = {r};
  for (std::uint32_t i = 0; i < 16; ++i)
    e.script.push_back({0.0, "spark", {static_cast<double>(i % 4), static_cast<double>(i / 4), 1.0}, i});
  EventsCompileResult c = compileEvents(e, {});
  ParticleSystem s(std::move(*c.scene));
  s.advance();
  return s;
}

void BM_Step_65536Live(benchmark::State& state) {
  ParticleSystem s = fullSystem(65536);
  if (s.liveCount() != 65536) state.SkipWithError("the pool must be full");
  for (auto _ : state) {
    s.advance();
    benchmark::ClobberMemory();
  }
  state.counters["live"] = s.liveCount();
}
BENCHMARK(BM_Step_65536Live)->Unit(benchmark::kMicrosecond);

// Baseline: copying the whole particle state once (birth records and motion of every slot).
void BM_Baseline_MemcpyParticleState(benchmark::State& state) {
  const std::size_t bytes = 65536 * (sizeof(ParticleBirth) + sizeof(ParticleMotion));
  std::vector<unsigned char> from(bytes, 1), to(bytes);
  for (auto _ : state) {
    std::memcpy(to.data(), from.data(), bytes);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}
BENCHMARK(BM_Baseline_MemcpyParticleState)->Unit(benchmark::kMicrosecond);

void BM_DeclareBuild_10000_View(benchmark::State& state) {
  ParticleSystem s = fullSystem(10000);
  for (int i = 0; i < 30; ++i) s.advance();  // spread the bursts out
  EventRenderBuffers buffers(s.capacity());
  writeRenderBuffers(s, buffers);
  SpriteBatcher batcher(s.capacity());
  const ParticleView view{SortMode::View, {8, -6, 5}, {-0.6f, 0.64f, -0.48f}};
  for (auto _ : state) {
    batcher.beginFrame(1.0);
    if (declareParticles(batcher, s, buffers, view)) state.SkipWithError("window closed");
    batcher.build();
    benchmark::DoNotOptimize(batcher.ranges().data());
  }
  state.counters["sprites"] = static_cast<double>(batcher.sorted().size());
}
BENCHMARK(BM_DeclareBuild_10000_View)->Unit(benchmark::kMicrosecond);

// Baseline: copying 10,000 declarations twice (what declare and build move at the least).
void BM_Baseline_Copy10000Declarations(benchmark::State& state) {
  std::vector<SpriteDeclaration> a(10000), b(10000), c(10000);
  for (auto _ : state) {
    std::copy(a.begin(), a.end(), b.begin());
    std::copy(b.begin(), b.end(), c.begin());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_Baseline_Copy10000Declarations)->Unit(benchmark::kMicrosecond);

void BM_SortBackToFront_65536(benchmark::State& state) {
  ParticleSystem s = fullSystem(65536);
  for (int i = 0; i < 30; ++i) s.advance();
  EventRenderBuffers buffers(s.capacity());
  writeRenderBuffers(s, buffers);
  DepthSorter sorter(s.capacity());
  for (auto _ : state) benchmark::DoNotOptimize(sorter.sortBackToFront(buffers, {8, -6, 5}, {-0.6f, 0.64f, -0.48f}).data());
}
BENCHMARK(BM_SortBackToFront_65536)->Unit(benchmark::kMicrosecond);

// Baseline: std::stable_sort of the same 65,536 depths (indices by descending depth).
void BM_Baseline_StdStableSort_65536(benchmark::State& state) {
  ParticleSystem s = fullSystem(65536);
  for (int i = 0; i < 30; ++i) s.advance();
  EventRenderBuffers buffers(s.capacity());
  writeRenderBuffers(s, buffers);
  DepthSorter sorter(s.capacity());
  sorter.sortBackToFront(buffers, {8, -6, 5}, {-0.6f, 0.64f, -0.48f});
  const std::vector<float> depths(sorter.depths().begin(), sorter.depths().end());
  std::vector<std::uint32_t> order(depths.size());
  for (auto _ : state) {
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return depths[a] > depths[b]; });
    benchmark::DoNotOptimize(order.data());
  }
}
BENCHMARK(BM_Baseline_StdStableSort_65536)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
