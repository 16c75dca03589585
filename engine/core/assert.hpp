// KILN_ASSERT: a broken precondition is a programmer mistake, not bad input, so it stops the
// program at once, naming the condition and where it failed, in every build type.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace kiln::core::detail {

[[noreturn]] inline void assertFailed(const char* condition, const char* file, int line, const char* function) {
  std::fprintf(stderr, "%s:%d: %s: assertion failed: %s\n", file, line, function, condition);
  std::abort();
}

}  // namespace kiln::core::detail

// Checks a caller's promise (an index in range, a non-empty input). Recoverable failures are
// never asserted: they return a core::Diagnostic.
#define KILN_ASSERT(condition) \
  ((condition) ? void(0) : ::kiln::core::detail::assertFailed(#condition, __FILE__, __LINE__, __func__))
