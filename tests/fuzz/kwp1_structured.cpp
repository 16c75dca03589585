// Fuzz entry with a structure-aware mutator for KWP1: a mutant is decoded (bounds unchecked),
// one field of the document is changed to an edge value, and the document is encoded again,
// so the header size and crc32 are always valid and mutants reach the validation rules instead
// of stopping at checksum-mismatch. Inputs that do not decode fall back to libFuzzer's byte
// mutations, re-sealed. The test itself is kwp1_decode's and kwp1_roundtrip's contract.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "fuzz_check.hpp"
#include "particles/kwp1/kwp1.hpp"

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t maxSize);

namespace {

namespace wp = kiln::particles;

struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  }
  std::size_t below(std::size_t n) { return n ? static_cast<std::size_t>(next() % n) : 0; }
};

double edgeDouble(Rng& r, double was) {
  static constexpr double kEdges[] = {0.0, -0.0, 1.0, -1.0, 1e-300, 1e300, 3600.0, 3600.0000001, 1e-3, 0.999,
                                      std::numeric_limits<double>::quiet_NaN(),
                                      std::numeric_limits<double>::infinity(),
                                      std::numeric_limits<double>::denorm_min(), 4096.0, 65536.0};
  switch (r.below(3)) {
    case 0: return kEdges[r.below(std::size(kEdges))];
    case 1: return was * (r.below(2) ? 2.0 : -0.5);
    default: return std::nextafter(was, r.below(2) ? 1e308 : -1e308);
  }
}

std::uint32_t edgeU32(Rng& r, std::uint32_t was) {
  static constexpr std::uint32_t kEdges[] = {0, 1, 2, 15, 16, 17, 255, 256, 1023, 1024, 4095, 4096, 4097, 65535,
                                             65536, 0xFFFFFFFFu};
  return r.below(2) ? kEdges[r.below(std::size(kEdges))] : was + static_cast<std::uint32_t>(r.below(3)) - 1;
}

void mutateDocument(wp::Document& d, Rng& r) {
  const std::size_t pick = r.below(12);
  if (!d.presets.empty() && pick < 6) {
    wp::Preset& p = d.presets[r.below(d.presets.size())];
    switch (pick) {
      case 0: p.capacity = edgeU32(r, p.capacity); break;
      case 1: p.lifetime.min = edgeDouble(r, p.lifetime.min); break;
      case 2:
        if (!p.size.empty()) p.size[r.below(p.size.size())].age = edgeDouble(r, 0.5);
        break;
      case 3:
        if (!p.color.empty()) p.color[r.below(p.color.size())].rgba[r.below(4)] = edgeDouble(r, 0.5);
        break;
      case 4: p.sprite.fps = edgeDouble(r, p.sprite.fps); break;
      default:
        if (r.below(2) && !p.sprite.frames.empty()) p.sprite.frames.pop_back();
        else p.sprite.frames.push_back(r.below(2) ? "../x" : std::string(1 + r.below(70), 'f'));
    }
    return;
  }
  if (!d.emitters.empty() && pick < 11) {
    wp::Emitter& e = d.emitters[r.below(d.emitters.size())];
    switch (pick) {
      case 6: e.rate = edgeDouble(r, e.rate); break;
      case 7: e.period = edgeDouble(r, e.period); break;
      case 8: e.preset = edgeU32(r, e.preset); break;
      case 9: e.bounds.max.x = edgeDouble(r, e.bounds.max.x); break;
      default:
        if (r.below(2)) e.bursts.push_back({edgeDouble(r, 0), edgeU32(r, 1)});
        else e.name = r.below(2) ? std::string("a\xff") : std::string(65, 'e');
    }
    return;
  }
  // Whole elements: duplicate or drop one, or change the version.
  if (r.below(3) == 0) d.version = static_cast<std::uint16_t>(edgeU32(r, d.version));
  else if (!d.emitters.empty() && r.below(2)) d.emitters.push_back(d.emitters[r.below(d.emitters.size())]);
  else if (!d.presets.empty()) d.presets.erase(d.presets.begin() + static_cast<std::ptrdiff_t>(r.below(d.presets.size())));
}

void exercise(std::span<const std::uint8_t> file, bool strict) {
  wp::DecodeOptions options;
  options.checkStoredBounds = strict;
  const auto decoded = wp::decodeKwp1(file, options);
  if (const auto* e = std::get_if<kiln::core::DecodeError>(&decoded)) {
    KILN_FUZZ_CHECK(e->offset <= file.size());
    return;
  }
  const auto bytes = wp::encodeKwp1(std::get<wp::Document>(decoded));
  KILN_FUZZ_CHECK(std::equal(bytes.begin(), bytes.end(), file.begin(), file.end()));
}

}  // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t maxSize,
                                              unsigned int seed) {
  Rng r{seed | 1ull << 40};
  wp::DecodeOptions relaxed;
  relaxed.checkStoredBounds = false;
  auto decoded = wp::decodeKwp1({data, size}, relaxed);
  if (auto* doc = std::get_if<wp::Document>(&decoded); doc && r.below(8) != 0) {
    for (std::size_t n = 1 + r.below(3); n > 0; --n) mutateDocument(*doc, r);
    const auto bytes = wp::encodeKwp1(*doc);
    if (bytes.size() <= maxSize) {
      std::memcpy(data, bytes.data(), bytes.size());
      return bytes.size();
    }
  }
  size = LLVMFuzzerMutate(data, size, maxSize);
  const auto sealed = kiln::fuzz::resealed(data, size);
  std::memcpy(data, sealed.data(), std::min(sealed.size(), maxSize));
  return std::min(sealed.size(), maxSize);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  for (bool strict : {true, false}) exercise({data, size}, strict);
  return 0;
}
