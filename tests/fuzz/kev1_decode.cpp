// Fuzz entry: the KEV1 event section decoder and scanner on arbitrary bytes. They must never
// crash and must agree; an accepted file is its own canonical encoding and decodes again the same.
#include <algorithm>

#include "fuzz_check.hpp"
#include "sim/kev1.hpp"

namespace {

void exercise(std::span<const std::uint8_t> file) {
  namespace sim = kiln::sim;
  const auto scanned = sim::scanKev1(file);
  const auto decoded = sim::decodeKev1(file);
  if (const auto* e = std::get_if<kiln::core::DecodeError>(&decoded)) {
    KILN_FUZZ_CHECK(e->offset <= file.size());
    // Phase 1 runs first: a scan error is the decoder's error, at the same place.
    if (scanned) KILN_FUZZ_CHECK(e->code == scanned->code && e->offset == scanned->offset);
    return;
  }
  KILN_FUZZ_CHECK(!scanned.has_value());
  const auto& events = std::get<sim::Events>(decoded);
  const auto bytes = sim::encodeKev1(events);
  KILN_FUZZ_CHECK(std::equal(bytes.begin(), bytes.end(), file.begin(), file.end()));
  const auto again = sim::decodeKev1(bytes);
  KILN_FUZZ_CHECK(std::holds_alternative<sim::Events>(again));
  KILN_FUZZ_CHECK(std::get<sim::Events>(again) == events);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  exercise({data, size});
  // Re-sealed so mutations reach the payload walk instead of stopping at the checksum.
  exercise(kiln::fuzz::resealed(data, size));
  return 0;
}
