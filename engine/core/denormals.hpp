// Flushing float32 values below the normal range to zero for a stretch of work. On x86 a float
// operation on a denormal (|v| < 2^-126) takes tens of times longer than on a normal number, so a
// loop over numbers that can get that small (a velocity decaying under drag, a size or speed
// authored that small) would cost far more than its operations count.
#pragma once

#if defined(__SSE__) || defined(__x86_64__)
#include <xmmintrin.h>
#endif

namespace kiln::core {

// While alive, float results below the normal range become zero (FTZ) and such inputs are read as
// zero (DAZ); the previous mode comes back on destruction. Elsewhere than x86 it does nothing.
class FlushDenormals {
 public:
#if defined(__SSE__) || defined(__x86_64__)
  FlushDenormals() : saved_(_mm_getcsr()) { _mm_setcsr(saved_ | kFtz | kDaz); }
  ~FlushDenormals() { _mm_setcsr(saved_); }

 private:
  static constexpr unsigned kFtz = 0x8000;  // MXCSR bit 15: flush to zero
  static constexpr unsigned kDaz = 0x0040;  // MXCSR bit 6: denormals are zero
  unsigned saved_;
#else
  FlushDenormals() = default;
#endif
  FlushDenormals(const FlushDenormals&) = delete;
  FlushDenormals& operator=(const FlushDenormals&) = delete;
};

}  // namespace kiln::core
