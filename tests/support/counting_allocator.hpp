// One counting allocator for the tests that bound memory: global operator new/delete are
// replaced (in counting_allocator.cpp, linked only into the test executables that ask for it)
// to count the bytes and allocations requested while a function runs, and the peak of live
// heap above the starting level. docs/limits.md cites the tests that use it.
#pragma once

#include <cstddef>
#include <utility>

// AddressSanitizer owns operator new and reports a replacement's malloc/free pairs as
// mismatched; sanitizer builds check memory their own way, so the counter is left out there.
#if defined(__SANITIZE_ADDRESS__)
#define KILN_COUNTING_ALLOCATOR 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KILN_COUNTING_ALLOCATOR 0
#endif
#endif
#ifndef KILN_COUNTING_ALLOCATOR
#define KILN_COUNTING_ALLOCATOR 1
#endif

namespace kiln::testing {

struct AllocationStats {
  std::size_t bytes = 0;        // bytes requested through operator new
  std::size_t allocations = 0;  // calls of operator new
  std::size_t peakBytes = 0;    // most bytes live at once, above the level when counting began
};

void beginCounting();
AllocationStats endCounting();

// What `fn` allocates (one measurement at a time; not thread-aware beyond atomic counters).
template <class Fn>
AllocationStats measureAllocations(Fn&& fn) {
  beginCounting();
  std::forward<Fn>(fn)();
  return endCounting();
}

}  // namespace kiln::testing
