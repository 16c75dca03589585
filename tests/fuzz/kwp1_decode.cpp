// Fuzz entry: the KWP1 decoder, scanner and layout dump on arbitrary bytes. They must never
// crash, and must agree: a file decodes only if it scans, and it scans iff it lays out.
#include "fuzz_check.hpp"
#include "particles/kwp1/kwp1.hpp"

namespace {

void exercise(std::span<const std::uint8_t> file) {
  namespace wp = kiln::particles;
  const auto scanned = wp::scanKwp1(file);
  // The layout dump is the same walk with a trace; it must fail exactly where the scan does.
  const auto layout = wp::layoutKwp1(file);
  if (const auto* e = std::get_if<kiln::core::DecodeError>(&layout)) {
    KILN_FUZZ_CHECK(scanned && e->code == scanned->code && e->offset == scanned->offset);
  } else {
    KILN_FUZZ_CHECK(!scanned);
  }
  const auto decoded = wp::decodeKwp1(file);
  if (std::holds_alternative<wp::Document>(decoded)) KILN_FUZZ_CHECK(!scanned.has_value());
  if (const auto* e = std::get_if<kiln::core::DecodeError>(&decoded)) {
    KILN_FUZZ_CHECK(e->offset <= file.size());
    // A scan error is the decoder's error: phase 1 runs first and stops at the same field.
    if (scanned) KILN_FUZZ_CHECK(e->code == scanned->code && e->offset == scanned->offset);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  exercise({data, size});
  const auto sealed = kiln::fuzz::resealed(data, size);
  exercise(sealed);
  return 0;
}
