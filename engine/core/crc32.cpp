// CRC-32 as zlib and gzip define it (reflected polynomial 0xEDB88320, initial value and final
// XOR 0xFFFFFFFF). On x86-64 CPUs with PCLMULQDQ the bulk of the bytes is folded 64 at a time
// by carry-less multiplication; zlib computes the rest and runs where that instruction is
// missing. The fold constants are derived below from the polynomial, not copied.
#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "core/header.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define KILN_CRC_CLMUL 1
#include <immintrin.h>
#endif

namespace kiln::core {
namespace {

// zlib's update: crc32(state, bytes) continues a CRC; chunks keep lengths inside uInt.
std::uint32_t zlibUpdate(std::uint32_t crc, const std::uint8_t* data, std::size_t size) {
  uLong c = crc;
  while (size > 0) {
    const std::size_t n = std::min<std::size_t>(size, 1u << 30);
    c = ::crc32(c, data, static_cast<uInt>(n));
    data += n;
    size -= n;
  }
  return static_cast<std::uint32_t>(c);
}

#ifdef KILN_CRC_CLMUL

// The polynomial x^32 + x^26 + x^23 + … + 1 with bit k the coefficient of x^k.
constexpr std::uint64_t kPolynomial = 0x104C11DB7u;

// x^n mod P, bit k the coefficient of x^k.
constexpr std::uint32_t xPowerMod(unsigned n) {
  std::uint64_t r = 1;
  for (unsigned i = 0; i < n; ++i) {
    r <<= 1;
    if (r >> 32) r ^= kPolynomial;
  }
  return static_cast<std::uint32_t>(r);
}

// In reflected order a 16-byte block loaded little-endian holds the coefficient of x^(127−j)
// in register bit j, so its low 64 bits are the high-degree half. A 64-bit multiplier operand
// holds the coefficient of x^(63−j) in bit j, and the carry-less product of two such operands
// then lands in the block's alignment multiplied by x.
constexpr std::uint64_t operand(std::uint32_t p) {
  std::uint64_t c = 0;
  for (int d = 0; d < 32; ++d)
    if ((p >> d) & 1u) c |= std::uint64_t{1} << (63 - d);
  return c;
}

// Moving a block D bits further along the message multiplies it by x^D: its high half (times
// x^64) by x^(D+63) and its low half by x^(D−1), each reduced mod P, the product's own factor
// x making up the difference.
struct Fold {
  std::uint64_t high, low;
};
constexpr Fold foldBy(unsigned bits) { return {operand(xPowerMod(bits + 63)), operand(xPowerMod(bits - 1))}; }
constexpr Fold kFold512 = foldBy(512);  // four blocks ahead: the main loop's four lanes
constexpr Fold kFold128 = foldBy(128);  // one block ahead

__attribute__((target("pclmul,sse2"))) inline __m128i fold(__m128i block, __m128i constants) {
  return _mm_xor_si128(_mm_clmulepi64_si128(block, constants, 0x00), _mm_clmulepi64_si128(block, constants, 0x11));
}

__attribute__((target("pclmul,sse2"))) inline __m128i load(const std::uint8_t* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

// At least 64 bytes. The initial value is XORed into the first four bytes; every fold keeps
// the remainder of (the lanes, then the bytes not yet read) equal to the message's, so the last
// block and the tail are finished by zlib as a message that starts from a zero register.
__attribute__((target("pclmul,sse2"))) std::uint32_t clmulCrc(const std::uint8_t* data, std::size_t size) {
  const __m128i k512 = _mm_set_epi64x(static_cast<long long>(kFold512.low), static_cast<long long>(kFold512.high));
  const __m128i k128 = _mm_set_epi64x(static_cast<long long>(kFold128.low), static_cast<long long>(kFold128.high));
  __m128i x0 = _mm_xor_si128(load(data), _mm_cvtsi32_si128(-1));
  __m128i x1 = load(data + 16), x2 = load(data + 32), x3 = load(data + 48);
  data += 64;
  size -= 64;
  for (; size >= 64; data += 64, size -= 64) {
    x0 = _mm_xor_si128(fold(x0, k512), load(data));
    x1 = _mm_xor_si128(fold(x1, k512), load(data + 16));
    x2 = _mm_xor_si128(fold(x2, k512), load(data + 32));
    x3 = _mm_xor_si128(fold(x3, k512), load(data + 48));
  }
  x1 = _mm_xor_si128(fold(x0, k128), x1);
  x2 = _mm_xor_si128(fold(x1, k128), x2);
  x3 = _mm_xor_si128(fold(x2, k128), x3);
  for (; size >= 16; data += 16, size -= 16) x3 = _mm_xor_si128(fold(x3, k128), load(data));
  std::uint8_t last[16];
  _mm_storeu_si128(reinterpret_cast<__m128i*>(last), x3);
  // zlib complements its register on entry and exit: entering with ~0 starts from zero.
  const std::uint32_t c = zlibUpdate(0xFFFFFFFFu, last, sizeof last);
  return zlibUpdate(c, data, size);
}

bool hasClmul() {
  static const bool yes = __builtin_cpu_supports("pclmul");  // SSE2 is part of every x86-64
  return yes;
}

#endif

}  // namespace

std::uint32_t crc32(std::span<const std::uint8_t> bytes) {
#ifdef KILN_CRC_CLMUL
  if (bytes.size() >= 64 && hasClmul()) return clmulCrc(bytes.data(), bytes.size());
#endif
  return zlibUpdate(0, bytes.data(), bytes.size());
}

}  // namespace kiln::core
