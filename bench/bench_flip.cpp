// LDR-ꟻLIP of two 1920×1080 images (`kiln compare --metric flip`) at the default 67 ppd, beside
// a memcpy of the same bytes (both images), so the ratio says what the metric costs over merely
// touching the pixels. ꟻLIP runs on every core; wall time is the figure (UseRealTime).
#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#include "render/cpu/flip.hpp"

namespace {

constexpr std::uint32_t kWidth = 1920, kHeight = 1080;

// A render-like pair: smooth gradients with hashed detail, the test image a shifted, darkened
// copy in a band, so both pipelines do real work and the error map is not flat.
const std::pair<kiln::core::Image, kiln::core::Image>& imagePair() {
  static const auto pair = [] {
    kiln::core::Image a, b;
    a.width = b.width = kWidth;
    a.height = b.height = kHeight;
    a.rgba.resize(std::size_t{kWidth} * kHeight * 4);
    for (std::uint32_t y = 0; y < kHeight; ++y)
      for (std::uint32_t x = 0; x < kWidth; ++x) {
        const std::uint32_t hash = (x * 73856093u) ^ (y * 19349663u);
        std::uint8_t* p = &a.rgba[(std::size_t{y} * kWidth + x) * 4];
        p[0] = static_cast<std::uint8_t>(x * 255 / kWidth);
        p[1] = static_cast<std::uint8_t>(y * 255 / kHeight);
        p[2] = static_cast<std::uint8_t>(hash % 64 + 96);
        p[3] = 255;
      }
    b = a;
    for (std::uint32_t y = kHeight / 3; y < 2 * kHeight / 3; ++y)
      for (std::uint32_t x = 0; x < kWidth; ++x)
        for (std::size_t c = 0; c < 3; ++c) {
          std::uint8_t& v = b.rgba[(std::size_t{y} * kWidth + x) * 4 + c];
          v = static_cast<std::uint8_t>(v * 7 / 8);
        }
    return std::pair{std::move(a), std::move(b)};
  }();
  return pair;
}

void BM_Flip1080p(benchmark::State& state) {
  const auto& [a, b] = imagePair();
  for (auto _ : state) {
    auto r = kiln::render::flip(a, b, 67.0);
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * (a.rgba.size() + b.rgba.size())));
}
BENCHMARK(BM_Flip1080p)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_MemcpySameBytes(benchmark::State& state) {
  const auto& [a, b] = imagePair();
  std::vector<std::uint8_t> out(a.rgba.size() + b.rgba.size());
  for (auto _ : state) {
    std::memcpy(out.data(), a.rgba.data(), a.rgba.size());
    std::memcpy(out.data() + a.rgba.size(), b.rgba.data(), b.rgba.size());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * out.size()));
}
BENCHMARK(BM_MemcpySameBytes)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
