// Internal to engine/particles: the AVX2 building blocks of evaluate_wide.cpp, four particles
// per register: the value type Lanes that motion_math.hpp's templates compute with, the hash
// and draw steps, the compress tables and the per-lane curve segment lookup.
#pragma once

#include "particles/evaluate_context.hpp"
#include "particles/motion_math.hpp"

#ifdef KILN_WIDE_LANES

#include <immintrin.h>

#include <array>
#include <bit>
#include <cstdint>

namespace kiln::particles::detail::lanes {

// Functions built on AVX2 intrinsics carry the target themselves, so the library stays
// baseline x86-64 and only canEvaluateWide() admits a call. KILN_AVX2 ones are inlined
// always; KILN_AVX2_OP ones are the value-type operations motion_math.hpp's templates call,
// which the compiler inlines once a template has been inlined into its AVX2 caller (an
// always-inline AVX2 function cannot be inlined into a template of the baseline target).
#define KILN_AVX2 __attribute__((target("avx2"), always_inline)) inline
#define KILN_AVX2_OP __attribute__((target("avx2"))) inline
#define KILN_AVX2_CALL __attribute__((target("avx2")))

// --- Lanes: the value type of motion_math.hpp for four doubles ------------------------------
// Arithmetic, comparisons and select are GCC vector operations, which need no target: they
// compile to AVX instructions inside the AVX2 functions that inline them.
using LaneBits = decltype(__m256d{} < __m256d{});  // a comparison's result: −1 or 0 per lane

struct LaneMask {
  LaneBits bits;
};

struct Lanes {
  __m256d v;
  Lanes() = default;
  KILN_MATH Lanes(__m256d x) : v(x) {}  // NOLINT: implicit, a register is its lanes
  // A value in every lane. A compile-time constant is a constant vector (one load); anything
  // else a shuffle of the one-lane vector, not an initializer list {c, c, c, c}, which GCC
  // builds through memory in a template of the baseline target: four stores and a wide load
  // that cannot forward, a stall per value.
  KILN_MATH Lanes(double c)  // NOLINT: implicit, a constant in every lane
      : v(__builtin_constant_p(c) ? __m256d{c, c, c, c} : __builtin_shuffle(__m256d{c}, LaneBits{0, 0, 0, 0})) {}
};

KILN_MATH Lanes operator+(Lanes a, Lanes b) { return a.v + b.v; }
KILN_MATH Lanes operator-(Lanes a, Lanes b) { return a.v - b.v; }
KILN_MATH Lanes operator*(Lanes a, Lanes b) { return a.v * b.v; }
KILN_MATH Lanes operator/(Lanes a, Lanes b) { return a.v / b.v; }
KILN_MATH Lanes operator-(Lanes a) { return -a.v; }
KILN_MATH LaneMask operator<(Lanes a, Lanes b) { return {a.v < b.v}; }
KILN_MATH LaneMask operator>(Lanes a, Lanes b) { return {a.v > b.v}; }
KILN_MATH LaneMask operator&(LaneMask a, LaneMask b) { return {a.bits & b.bits}; }
// vmaxpd/vminpd: a > b ? a : b and a < b ? a : b, one instruction each.
KILN_AVX2_OP Lanes maxOf(Lanes a, Lanes b) { return _mm256_max_pd(a.v, b.v); }
KILN_AVX2_OP Lanes minOf(Lanes a, Lanes b) { return _mm256_min_pd(a.v, b.v); }
KILN_MATH Lanes select(LaneMask m, Lanes a, Lanes b) { return m.bits ? a.v : b.v; }
KILN_AVX2_OP Lanes truncate(Lanes a) { return _mm256_round_pd(a.v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }
KILN_AVX2_OP Lanes floorOf(Lanes a) { return _mm256_round_pd(a.v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }

// Bit l set where lane l of the mask is.
KILN_AVX2 int lanesOf(LaneMask m) { return _mm256_movemask_pd(_mm256_castsi256_pd(reinterpret_cast<__m256i>(m.bits))); }

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

// Span::at on four draws.
KILN_AVX2 Lanes spanAt(const Span& s, Lanes u) { return detail::spanAt(Lanes(s.lo), Lanes(s.width), u); }

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

// The segment of t per lane, as curveSegment (motion_math.hpp) finds it: the first interior
// key at or above t ends it. In the form lookup() takes: 32-bit elements 2i and 2i + 1 of each
// 64-bit lane.
KILN_AVX2 __m256i segmentIndex(const CurveSplits& s, __m256d t) {
  const __m256d above1 = _mm256_cmp_pd(t, _mm256_set1_pd(s.first), _CMP_GT_OQ);
  const __m256d above2 = _mm256_and_pd(above1, _mm256_cmp_pd(t, _mm256_set1_pd(s.second), _CMP_GT_OQ));
  // Masks are −1 per lane: i = −above1 − above2.
  const __m256i i = _mm256_sub_epi64(_mm256_sub_epi64(_mm256_setzero_si256(), _mm256_castpd_si256(above1)),
                                     _mm256_castpd_si256(above2));
  const __m256i even = _mm256_slli_epi64(i, 1);
  return _mm256_or_si256(even, _mm256_slli_epi64(_mm256_add_epi64(even, _mm256_set1_epi64x(1)), 32));
}

// The clamped weight inside the looked-up segment (segmentWeight in motion_math.hpp).
KILN_AVX2 Lanes curveWeight(const CurveTables& c, __m256i index, Lanes t) {
  const LaneMask nonEmpty{reinterpret_cast<LaneBits>(_mm256_castpd_si256(lookup(c.valid, index)))};
  return segmentWeight(t, Lanes(lookup(c.start, index)), Lanes(lookup(c.span, index)), nonEmpty);
}

}  // namespace kiln::particles::detail::lanes

#endif  // KILN_WIDE_LANES
