// Benchmarks of the worldparticles core, each beside a trivial baseline of the same size:
// validate of a maximum-size document, bounds of 256 emitters, evaluate of 65,536 slots.
#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#include "particles/bounds.hpp"
#include "particles/evaluate.hpp"
#include "particles/sample_docs.hpp"
#include "particles/validate.hpp"

using namespace kiln;
using namespace kiln::particles;

namespace {

const Document& doc() {
  static const Document d = testdocs::maximumDocument();
  return d;
}

void BM_Validate_MaxDocument(benchmark::State& state) {
  if (!validate(doc()).empty()) state.SkipWithError("the maximum document must be valid");
  for (auto _ : state) benchmark::DoNotOptimize(validate(doc()));
}
BENCHMARK(BM_Validate_MaxDocument)->Unit(benchmark::kMicrosecond);

// Baseline: a deep copy of the same document (its strings and vectors).
void BM_Baseline_CopyMaxDocument(benchmark::State& state) {
  for (auto _ : state) {
    Document copy = doc();
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_Baseline_CopyMaxDocument)->Unit(benchmark::kMicrosecond);

void BM_Bounds_256Emitters(benchmark::State& state) {
  for (auto _ : state)
    for (const Emitter& e : doc().emitters) benchmark::DoNotOptimize(conservativeEmitterBounds(doc().presets[e.preset], e));
}
BENCHMARK(BM_Bounds_256Emitters)->Unit(benchmark::kMicrosecond);

// Baseline: the same 256 emitters, reading the inputs the bounds read and summing them.
void BM_Baseline_Read256Emitters(benchmark::State& state) {
  for (auto _ : state) {
    double sum = 0;
    for (const Emitter& e : doc().emitters) {
      const Preset& p = doc().presets[e.preset];
      sum += e.position.x + e.yaw + e.scale + p.velocity.max.z + p.acceleration.z + p.lifetime.max;
    }
    benchmark::DoNotOptimize(sum);
  }
}
BENCHMARK(BM_Baseline_Read256Emitters)->Unit(benchmark::kMicrosecond);

void BM_Evaluate_65536Slots(benchmark::State& state) {
  std::vector<RenderBuffers> buffers(doc().emitters.size());
  for (std::size_t i = 0; i < buffers.size(); ++i) buffers[i].reserve(doc().presets[doc().emitters[i].preset].capacity);
  std::uint64_t alive = 0;
  for (auto _ : state) {
    alive = 0;
    for (std::size_t i = 0; i < buffers.size(); ++i) {
      evaluate(doc(), i, 1.95, buffers[i]);
      alive += buffers[i].count;
    }
    benchmark::DoNotOptimize(alive);
  }
  state.counters["alive"] = static_cast<double>(alive);
}
BENCHMARK(BM_Evaluate_65536Slots)->Unit(benchmark::kMicrosecond);

// Baseline: writing the same output volume (65,536 × 10 floats + 2 uint32) with memcpy.
void BM_Baseline_Memcpy65536Slots(benchmark::State& state) {
  const std::size_t floats = 65536 * 12;
  std::vector<float> src(floats, 1.0f), dst(floats);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), floats * sizeof(float));
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_Baseline_Memcpy65536Slots)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
