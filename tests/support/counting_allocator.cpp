// The replaced global allocation functions behind counting_allocator.hpp. Each block carries
// its size in a 16-byte header so frees lower the live count and the peak is exact.
#include "support/counting_allocator.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace kiln::testing {
namespace {

std::atomic<bool> gCounting{false};
std::atomic<std::size_t> gBytes{0};
std::atomic<std::size_t> gAllocations{0};
std::atomic<long long> gLive{0};  // may go below 0 when blocks from before are freed
std::atomic<long long> gPeak{0};

}  // namespace

void beginCounting() {
  gBytes = 0;
  gAllocations = 0;
  gLive = 0;
  gPeak = 0;
  gCounting = true;
}

AllocationStats endCounting() {
  gCounting = false;
  return {gBytes.load(), gAllocations.load(), static_cast<std::size_t>(gPeak.load())};
}

#if KILN_COUNTING_ALLOCATOR
namespace {

constexpr std::size_t kHeader = 16;  // keeps the 16-byte alignment operator new promises

void* allocate(std::size_t n) {
  auto* base = static_cast<unsigned char*>(std::malloc(n + kHeader));
  if (!base) return nullptr;
  *reinterpret_cast<std::size_t*>(base) = n;
  if (gCounting) {
    gBytes += n;
    ++gAllocations;
    const long long live = gLive += static_cast<long long>(n);
    long long peak = gPeak.load();
    while (live > peak && !gPeak.compare_exchange_weak(peak, live)) {
    }
  }
  return base + kHeader;
}

void release(void* p) {
  if (!p) return;
  auto* base = static_cast<unsigned char*>(p) - kHeader;
  if (gCounting) gLive -= static_cast<long long>(*reinterpret_cast<std::size_t*>(base));
  std::free(base);
}

}  // namespace
#endif

}  // namespace kiln::testing

#if KILN_COUNTING_ALLOCATOR
// Paired with malloc/free through allocate/release, which is correct; GCC 12 sees free()
// inlined where a new-expression's pointer arrives and warns.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void* operator new(std::size_t n) {
  if (void* p = kiln::testing::allocate(n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return kiln::testing::allocate(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return kiln::testing::allocate(n); }
void operator delete(void* p) noexcept { kiln::testing::release(p); }
void operator delete(void* p, std::size_t) noexcept { kiln::testing::release(p); }
void operator delete[](void* p) noexcept { kiln::testing::release(p); }
void operator delete[](void* p, std::size_t) noexcept { kiln::testing::release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { kiln::testing::release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { kiln::testing::release(p); }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif
