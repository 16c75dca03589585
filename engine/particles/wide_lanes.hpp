// Internal to engine/particles: the AVX2 building blocks of evaluate_wide.cpp, four particles
// per register. Each mirrors one scalar step of the evaluator with the same IEEE operations in
// the same order, so a lane computes the bits the scalar code does.
#pragma once

#include "particles/evaluate_context.hpp"

#ifdef KILN_WIDE_LANES

#include <immintrin.h>

#include <array>
#include <bit>
#include <cstdint>

namespace kiln::particles::detail::lanes {

// Every function that touches a 256-bit register carries the target itself, so the library
// stays baseline x86-64 and only canEvaluateWide() admits a call.
#define KILN_AVX2 __attribute__((target("avx2"), always_inline)) inline
#define KILN_AVX2_CALL __attribute__((target("avx2")))

// Compress tables: for a 4-bit lane mask, the 32-bit element indices that move the selected
// lanes to the front, for 64-bit lanes (two elements each) and for 32-bit lanes.
struct CompressTables {
  alignas(32) std::uint32_t wide[16][8];
  alignas(32) std::uint32_t narrow[16][8];
};
constexpr CompressTables makeCompressTables() {
  CompressTables t{};
  for (std::uint32_t m = 0; m < 16; ++m) {
    std::uint32_t j = 0;
    for (std::uint32_t lane = 0; lane < 4; ++lane) {
      if (!(m & (1u << lane))) continue;
      t.wide[m][2 * j] = 2 * lane;
      t.wide[m][2 * j + 1] = 2 * lane + 1;
      t.narrow[m][j] = lane;
      ++j;
    }
  }
  return t;
}
inline constexpr CompressTables kCompress = makeCompressTables();

// The four 32-bit lanes of v moved as the narrow compress table says.
KILN_AVX2 __m128i pack(__m128i v, __m256i index) {
  return _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_castsi128_si256(v), index));
}

// mixHash on every 32-bit lane.
KILN_AVX2 __m256i mix8(__m256i x) {
  x = _mm256_xor_si256(x, _mm256_srli_epi32(x, 16));
  x = _mm256_mullo_epi32(x, _mm256_set1_epi32(0x7feb352d));
  x = _mm256_xor_si256(x, _mm256_srli_epi32(x, 15));
  x = _mm256_mullo_epi32(x, _mm256_set1_epi32(static_cast<int>(0x846ca68bu)));
  return _mm256_xor_si256(x, _mm256_srli_epi32(x, 16));
}
KILN_AVX2 __m128i mix4(__m128i x) { return _mm256_castsi256_si128(mix8(_mm256_zextsi128_si256(x))); }

// unitFromHash, promoted to double: (h >> 8)·2^-24 is exact in float and in double.
KILN_AVX2 __m256d unit4(__m128i h) {
  return _mm256_cvtps_pd(_mm_mul_ps(_mm_cvtepi32_ps(_mm_srli_epi32(h, 8)), _mm_set1_ps(1.0f / 16777216.0f)));
}

// Span::at on four draws: lo + u·width.
KILN_AVX2 __m256d spanAt(const Span& s, __m256d u) {
  return _mm256_add_pd(_mm256_set1_pd(s.lo), _mm256_mul_pd(u, _mm256_set1_pd(s.width)));
}

// std::clamp(v, 0.0, 1.0): v < 0 ? 0 : (1 < v ? 1 : v). max_pd(a, b) is a > b ? a : b and
// min_pd(a, b) is a < b ? a : b, so NaN and −0 pass through as in std::clamp.
KILN_AVX2 __m256d clampUnit(__m256d v) {
  return _mm256_min_pd(_mm256_set1_pd(1.0), _mm256_max_pd(_mm256_setzero_pd(), v));
}

// The low 32 bits of four 64-bit lanes, as four 32-bit lanes.
KILN_AVX2 __m128i lowHalves(__m256i v) {
  return _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7)));
}

// A curve of up to four keys as up to three segments, each looked up per lane by its index
// (one cross-lane permute per table instead of a compare chain).
struct CurveTables {
  bool constant = true;  // 0 or 1 key: the value does not depend on t
  std::array<double, 4> start{}, span{}, valid{};  // a_i, a_{i+1} − a_i, and whether a_{i+1} > a_i
};

template <class Key>
inline CurveTables curveTables(const std::array<Key, kMaxCurveKeys>& keys, std::size_t n) {
  CurveTables c;
  c.constant = n < 2;
  for (std::size_t i = 0; i + 1 < n && i < 3; ++i) {
    c.start[i] = keys[i].age;
    c.span[i] = keys[i + 1].age - keys[i].age;
    c.valid[i] = std::bit_cast<double>(keys[i + 1].age > keys[i].age ? ~std::uint64_t{0} : std::uint64_t{0});
  }
  return c;
}

// One table lookup per lane: table[index], index in 0..3 as prepared by segmentIndex().
KILN_AVX2 __m256d lookup(const std::array<double, 4>& table, __m256i index) {
  return _mm256_castps_pd(_mm256_permutevar8x32_ps(_mm256_castpd_ps(_mm256_loadu_pd(table.data())), index));
}

// The segment of t per lane, as locateClamped finds it (the first interior key at or above t
// ends it), in the form lookup() takes: 32-bit elements 2i and 2i + 1 of each 64-bit lane.
KILN_AVX2 __m256i segmentIndex(const CurveSplits& s, __m256d t) {
  const __m256d above1 = _mm256_cmp_pd(t, _mm256_set1_pd(s.first), _CMP_GT_OQ);
  const __m256d above2 = _mm256_and_pd(above1, _mm256_cmp_pd(t, _mm256_set1_pd(s.second), _CMP_GT_OQ));
  // Masks are −1 per lane: i = −above1 − above2.
  const __m256i i = _mm256_sub_epi64(_mm256_sub_epi64(_mm256_setzero_si256(), _mm256_castpd_si256(above1)),
                                     _mm256_castpd_si256(above2));
  const __m256i even = _mm256_slli_epi64(i, 1);
  return _mm256_or_si256(even, _mm256_slli_epi64(_mm256_add_epi64(even, _mm256_set1_epi64x(1)), 32));
}

// The clamped weight inside the looked-up segment: a_{i+1} > a_i ? (t − a_i)/(a_{i+1} − a_i)
// : 0, then clamped.
KILN_AVX2 __m256d segmentWeight(const CurveTables& c, __m256i index, __m256d t) {
  const __m256d w = _mm256_div_pd(_mm256_sub_pd(t, lookup(c.start, index)), lookup(c.span, index));
  return clampUnit(_mm256_and_pd(lookup(c.valid, index), w));
}

}  // namespace kiln::particles::detail::lanes

#endif  // KILN_WIDE_LANES
