// Shared helpers for the fuzz entry points: a failure that aborts (so libFuzzer and the replay
// driver both report it) and header re-seals so mutations reach past the checksums.
#pragma once

#include <algorithm>
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

namespace detail {
inline std::uint32_t readLe(const std::vector<std::uint8_t>& b, std::size_t at, std::size_t width) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < width; ++i) v |= static_cast<std::uint32_t>(b[at + i]) << (8 * i);
  return v;
}
}  // namespace detail

// A KLM1 module with each embedded entry (walked leniently, as far as the bytes allow) and then
// the module re-sealed: an entry is a complete file with a checksum of its own.
inline std::vector<std::uint8_t> resealedKlm1(const std::uint8_t* data, std::size_t size) {
  std::vector<std::uint8_t> b(data, data + size);
  std::size_t at = core::kHeaderSize;
  const auto need = [&](std::size_t n) { return at <= b.size() && b.size() - at >= n; };
  if (!need(4)) return resealed(b.data(), b.size());
  std::uint32_t features = detail::readLe(b, at, 4);
  at += 4;
  for (std::uint32_t i = 0; i < features && i < 64; ++i) {
    if (!need(2)) return resealed(b.data(), b.size());
    at += 2 + detail::readLe(b, at, 2);
  }
  if (!need(4)) return resealed(b.data(), b.size());
  const std::uint32_t entries = detail::readLe(b, at, 4);
  at += 4;
  for (std::uint32_t i = 0; i < entries && i < 64; ++i) {
    if (!need(2)) break;
    at += 2 + detail::readLe(b, at, 2);
    if (!need(4)) break;
    const std::uint32_t n = detail::readLe(b, at, 4);
    at += 4;
    if (!need(n)) break;
    const auto entry = resealed(b.data() + at, n);
    std::copy(entry.begin(), entry.end(), b.begin() + static_cast<std::ptrdiff_t>(at));
    at += n;
  }
  return resealed(b.data(), b.size());
}

}  // namespace kiln::fuzz
