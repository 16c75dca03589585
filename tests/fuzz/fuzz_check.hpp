// Shared helpers for the KWP1 fuzz entry points: a failure that aborts (so libFuzzer and the
// replay driver both report it) and a header re-seal so mutations reach past the checksum.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <vector>

#include "core/header.hpp"

#define KILN_FUZZ_CHECK(cond)                                                            \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                      \
    }                                                                                    \
  } while (0)

namespace kiln::fuzz {

// The input with its header's payload size and crc32 recomputed. Most random edits would
// otherwise stop at checksum-mismatch; sealing lets them exercise the payload scanner.
inline std::vector<std::uint8_t> resealed(const std::uint8_t* data, std::size_t size) {
  std::vector<std::uint8_t> b(data, data + size);
  if (b.size() < core::kHeaderSize) return b;
  const auto payload = std::span<const std::uint8_t>(b).subspan(core::kHeaderSize);
  const std::uint32_t n = static_cast<std::uint32_t>(payload.size());
  const std::uint32_t crc = core::crc32(payload);
  for (int i = 0; i < 4; ++i) {
    b[8 + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(n >> (8 * i));
    b[12 + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(crc >> (8 * i));
  }
  return b;
}

}  // namespace kiln::fuzz
