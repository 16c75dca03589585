// Fuzz entry: every accepted KWP1 file round-trips. decode → encode gives the same bytes
// (the encoding is canonical) and decode → encode → decode gives the same document.
#include <algorithm>

#include "fuzz_check.hpp"
#include "particles/kwp1/kwp1.hpp"

namespace {

void roundTrip(std::span<const std::uint8_t> file, bool checkStoredBounds) {
  namespace wp = kiln::particles;
  wp::DecodeOptions options;
  options.checkStoredBounds = checkStoredBounds;
  const auto first = wp::decodeKwp1(file, options);
  const auto* doc = std::get_if<wp::Document>(&first);
  if (!doc) return;
  const auto bytes = wp::encodeKwp1(*doc);
  KILN_FUZZ_CHECK(std::equal(bytes.begin(), bytes.end(), file.begin(), file.end()));
  const auto second = wp::decodeKwp1(bytes, options);
  KILN_FUZZ_CHECK(std::holds_alternative<wp::Document>(second));
  KILN_FUZZ_CHECK(std::get<wp::Document>(second) == *doc);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto sealed = kiln::fuzz::resealed(data, size);
  for (bool strict : {true, false}) {
    roundTrip({data, size}, strict);
    roundTrip(sealed, strict);
  }
  return 0;
}
