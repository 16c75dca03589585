// Fuzz entry: the KWS1 decoder and scanner on arbitrary bytes. They must never crash and must
// agree, and every accepted world must survive decode → encodeKws1 → decode unchanged.
#include <algorithm>

#include "fuzz_check.hpp"
#include "world/world.hpp"

namespace {

void exercise(std::span<const std::uint8_t> file) {
  namespace ww = kiln::world;
  const auto scanned = ww::scanKws1(file);
  const auto decoded = ww::decodeKws1(file);
  if (const auto* e = std::get_if<kiln::core::DecodeError>(&decoded)) {
    KILN_FUZZ_CHECK(e->offset <= file.size());
    // Phase 1 runs first: a scan error is the decoder's error, at the same field.
    if (scanned) KILN_FUZZ_CHECK(e->code == scanned->code && e->offset == scanned->offset);
    return;
  }
  KILN_FUZZ_CHECK(!scanned.has_value());
  const auto& world = std::get<ww::World>(decoded);
  // The decoder hands out only valid, canonical worlds.
  KILN_FUZZ_CHECK(ww::validateWorld(world).empty());
  KILN_FUZZ_CHECK(ww::canonical(world) == world);
  const auto bytes = ww::encodeKws1(world);
  // The encoding is canonical, so an accepted file is already its own encoding.
  KILN_FUZZ_CHECK(std::equal(bytes.begin(), bytes.end(), file.begin(), file.end()));
  const auto again = ww::decodeKws1(bytes);
  KILN_FUZZ_CHECK(std::holds_alternative<ww::World>(again));
  KILN_FUZZ_CHECK(std::get<ww::World>(again) == world);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  exercise({data, size});
  exercise(kiln::fuzz::resealed(data, size));
  return 0;
}
