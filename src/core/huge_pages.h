// Memory for large arrays a search reads at random: ISMCTS's tree of nodes
// (bots/ismcts_search.h).
//
// Each step of such a search reads a place in many megabytes that no step before it predicts, so
// besides the cache it misses the TLB: with 4 KiB pages a 16 MB tree spans 4,096 pages, twice the
// second-level TLB of the machines we run on, and nearly every read first walks the page tables.
// An allocation of at least 2 MiB is therefore aligned to 2 MiB and offered to the kernel for huge
// pages (madvise(MADV_HUGEPAGE): Linux's transparent huge pages in their default "madvise" mode),
// where a 16 MB tree is 8 pages. Where the kernel has no huge pages to give (or another system
// has no madvise) the memory is ordinary pages, and everything works the same, only slower.
// Smaller allocations are plain operator new. (The trick solver's table, tried the same way,
// showed no gain: docs/players.md.)
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace cardroom {

inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

// A standard allocator (for std::vector) giving huge-page-backed memory to large arrays.
template <class T>
struct HugePageAllocator {
  using value_type = T;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kHugePageBytes) return static_cast<T*>(::operator new(bytes));
    const std::size_t rounded = (bytes + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
    void* p = std::aligned_alloc(kHugePageBytes, rounded);
    if (p == nullptr) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    ::madvise(p, rounded, MADV_HUGEPAGE);  // a request: refused, the pages stay small
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) noexcept {
    if (n * sizeof(T) < kHugePageBytes)
      ::operator delete(p);
    else
      std::free(p);
  }

  template <class U>
  bool operator==(const HugePageAllocator<U>&) const noexcept {
    return true;
  }
};

}  // namespace cardroom
