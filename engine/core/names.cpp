// Name validation: length, strict UTF-8 decoding and control characters (C0, DEL, C1).
#include "core/names.hpp"

#include <cstdint>
#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace kiln::core {
namespace {

// Decodes one scalar value at s[i]; returns its byte length, or 0 when the bytes are not
// well-formed UTF-8 (overlong forms, surrogates and values above U+10FFFF are rejected).
std::size_t decode(std::string_view s, std::size_t i, std::uint32_t& cp) {
  const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(s[k]); };
  const std::uint8_t b0 = byte(i);
  std::size_t len = 0;
  std::uint32_t min = 0;
  if (b0 < 0x80) {
    cp = b0;
    return 1;
  } else if ((b0 & 0xE0) == 0xC0) {
    len = 2, cp = b0 & 0x1Fu, min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    len = 3, cp = b0 & 0x0Fu, min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    len = 4, cp = b0 & 0x07u, min = 0x10000;
  } else {
    return 0;
  }
  if (i + len > s.size()) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3Fu);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

// Whether all 8 bytes of `w` are printable ASCII (0x20..0x7E). A byte below 0x20 borrows in
// w − 0x20…, one of 0x7F or more sets its top bit in w or in w + 0x01…; a borrow or carry only
// ever starts at a byte that fails, so the test is exact.
bool printableAscii8(std::uint64_t w) {
  constexpr std::uint64_t kOnes = 0x0101010101010101u, kHigh = 0x8080808080808080u;
  return (((w - 0x20 * kOnes) | w | (w + kOnes)) & kHigh) == 0;
}

#ifdef __SSE2__
// Whether all 16 bytes at p are printable ASCII: as signed bytes, 0x20..0x7E are exactly those
// above 0x1F and below 0x7F (0x80 and up are negative).
bool printableAscii16(const char* p) {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i ok = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(0x1F)), _mm_cmplt_epi8(v, _mm_set1_epi8(0x7F)));
  return _mm_movemask_epi8(ok) == 0xFFFF;
}
#endif

}  // namespace

std::optional<std::string> textProblem(std::string_view text) {
  // Names are almost always plain ASCII: skip 16 bytes, then 8, at a time while every byte is
  // printable, then decode the rest (and any defect, reported at its own byte) one scalar at a
  // time.
  std::size_t start = 0;
#ifdef __SSE2__
  while (start + 16 <= text.size() && printableAscii16(text.data() + start)) start += 16;
#endif
  while (start + 8 <= text.size()) {
    std::uint64_t w = 0;
    std::memcpy(&w, text.data() + start, 8);
    if (!printableAscii8(w)) break;
    start += 8;
  }
  for (std::size_t i = start; i < text.size();) {
    std::uint32_t cp = 0;
    const std::size_t len = decode(text, i, cp);
    if (len == 0) return "name is not valid UTF-8 at byte " + std::to_string(i);
    if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F))
      return "name contains a control character at byte " + std::to_string(i);
    i += len;
  }
  return std::nullopt;
}

std::optional<std::string> nameProblem(std::string_view name, std::size_t maxBytes) {
  if (name.empty()) return "name is empty";
  if (name.size() > maxBytes)
    return "name is " + std::to_string(name.size()) + " bytes; at most " + std::to_string(maxBytes) +
           " are allowed";
  return textProblem(name);
}

}  // namespace kiln::core
