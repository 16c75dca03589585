// KWP1 decode + validate of the largest document the limits allow, beside a memcpy of the same
// bytes, so the ratio says what the codec costs over merely touching the file.
#include <benchmark/benchmark.h>

#include <cstring>
#include <string>

#include "particles/kwp1/kwp1.hpp"
#include "particles/sample_docs.hpp"
#include "support/long_name.hpp"

namespace wp = kiln::particles;

namespace {

std::string longName(const char* stem, int i) {
  return kiln::testsupport::longName(stem, static_cast<std::size_t>(i), wp::kMaxNameBytes);
}

// Every limit at its maximum: 64 presets with 4+4 curve keys and 16 frames, 256 emitters with
// 16 bursts, 64-byte names everywhere, and 256 × 256 = 65,536 slots in total.
wp::Document largestDocument() {
  wp::Document d;
  d.version = wp::AlphaVersion;
  for (int i = 0; i < 64; ++i) {
    wp::Preset p = kiln::testdocs::embersPreset(longName("preset", i), 256);
    p.size = {{0, 0.05}, {0.25, 0.08}, {0.5, 0.06}, {1, 0}};
    p.color = {{0, {1, 0.6, 0.2, 1}}, {0.3, {1, 0.5, 0.1, 1}}, {0.7, {1, 0.3, 0, 0.5}}, {1, {1, 0.2, 0, 0}}};
    p.sprite.frames.clear();
    for (int f = 0; f < 16; ++f) p.sprite.frames.push_back(longName("frame", f));
    p.sprite.blend = static_cast<wp::Blend>(i % 4);
    d.presets.push_back(p);
  }
  for (int i = 0; i < 256; ++i) {
    wp::Emitter e = kiln::testdocs::onceEmitter(longName("emitter", i), static_cast<std::uint32_t>(i % 64));
    e.position = {i * 0.5, -i * 0.25, 1};
    e.rate = 0;
    e.bursts.clear();
    for (int b = 0; b < 16; ++b) e.bursts.push_back({b * 0.1, 16});  // 256 births
    d.emitters.push_back(e);
  }
  kiln::testdocs::fillBounds(d);
  return d;
}

const std::vector<std::uint8_t>& largestFile() {
  static const auto bytes = [] {
    auto b = wp::encodeKwp1(largestDocument());
    // A benchmark of a rejected file would measure the wrong thing.
    if (!std::holds_alternative<wp::Document>(wp::decodeKwp1(b))) std::abort();
    return b;
  }();
  return bytes;
}

void BM_Kwp1DecodeValidate(benchmark::State& state) {
  const auto& file = largestFile();
  for (auto _ : state) {
    auto r = wp::decodeKwp1(file);
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * file.size()));
  state.counters["file_bytes"] = static_cast<double>(file.size());
}
BENCHMARK(BM_Kwp1DecodeValidate);

void BM_Kwp1ScanOnly(benchmark::State& state) {
  const auto& file = largestFile();
  for (auto _ : state) {
    auto r = wp::scanKwp1(file);
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * file.size()));
}
BENCHMARK(BM_Kwp1ScanOnly);

void BM_Kwp1Encode(benchmark::State& state) {
  const auto doc = largestDocument();
  std::size_t size = 0;
  for (auto _ : state) {
    auto b = wp::encodeKwp1(doc);
    size = b.size();
    benchmark::DoNotOptimize(b);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * size));
}
BENCHMARK(BM_Kwp1Encode);

void BM_MemcpySameBytes(benchmark::State& state) {
  const auto& file = largestFile();
  std::vector<std::uint8_t> out(file.size());
  for (auto _ : state) {
    std::memcpy(out.data(), file.data(), file.size());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * file.size()));
}
BENCHMARK(BM_MemcpySameBytes);

}  // namespace

BENCHMARK_MAIN();
