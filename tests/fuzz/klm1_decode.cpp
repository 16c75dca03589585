// Fuzz entry: the KLM1 level-module decoder on arbitrary bytes. It must never crash, its error
// offsets lie inside the file, and every accepted level survives decode → encodeKlm1 → decode.
#include <algorithm>

#include "fuzz_check.hpp"
#include "world/level.hpp"

namespace {

namespace ww = kiln::world;

void exercise(std::span<const std::uint8_t> file, bool checkStoredBounds) {
  kiln::particles::DecodeOptions options;
  options.checkStoredBounds = checkStoredBounds;
  const auto decoded = ww::decodeKlm1(file, options);
  if (const auto* e = std::get_if<kiln::core::DecodeError>(&decoded)) {
    KILN_FUZZ_CHECK(e->offset <= file.size());
    return;
  }
  const auto& level = std::get<ww::Level>(decoded);
  // Declared features must equal the required set (order is free, so compare as sets).
  auto declared = level.features;
  auto required = ww::requiredFeatures(level);
  std::sort(declared.begin(), declared.end());
  std::sort(required.begin(), required.end());
  KILN_FUZZ_CHECK(declared == required);
  KILN_FUZZ_CHECK(ww::validateWorld(level.world).empty());
  const auto bytes = ww::encodeKlm1(level);
  const auto again = ww::decodeKlm1(bytes, options);
  KILN_FUZZ_CHECK(std::holds_alternative<ww::Level>(again));
  KILN_FUZZ_CHECK(std::get<ww::Level>(again) == level);
  // The encoding is deterministic: a second trip writes the same bytes.
  const auto bytes2 = ww::encodeKlm1(std::get<ww::Level>(again));
  KILN_FUZZ_CHECK(bytes2 == bytes);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // The input as given, then with every embedded entry and the module itself re-sealed, so
  // mutations inside an entry reach that entry's decoder instead of its checksum.
  const auto sealed = kiln::fuzz::resealedKlm1(data, size);
  for (bool strict : {true, false}) {
    exercise({data, size}, strict);
    exercise(sealed, strict);
  }
  return 0;
}
