// Random playouts (legal-move generation and apply) must not allocate: counted by replacing the
// global operator new for this test binary (other tests read the count: alloc_counter.h).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "alloc_counter.h"
#include "core/registry.h"
#include "games/all_games.h"

namespace {
std::atomic<long> g_allocations{0};
}

long cardroom_test_allocations() { return g_allocations.load(); }

void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
// The nothrow form too (std::stable_sort's buffer): its memory is freed by the delete below, so it
// must come from malloc as well (under ASan the sanitizer's own nothrow new would not).
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size ? size : 1);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace cardroom {
namespace {

TEST(Allocation, RandomPlayoutsAllocateNothing) {
  register_all_games();
  for (const auto* entry : registered_games()) {
    std::string error;
    auto game = load_game(capped_game_string(*entry), &error);
    ASSERT_TRUE(game) << error;
    game->random_playouts(1, 1);  // warm-up (lazy statics)
    long before = g_allocations.load();
    PlayoutStats stats = game->random_playouts(50, 7);
    long after = g_allocations.load();
    EXPECT_GT(stats.moves, 0u);
    EXPECT_EQ(after - before, 0) << entry->name << " allocates during random playouts";
  }
}

TEST(Allocation, TheCounterSeesAllocations) {
  long before = g_allocations.load();
  auto* p = new std::string(100, 'x');
  delete p;
  EXPECT_GT(g_allocations.load(), before);
}

}  // namespace
}  // namespace cardroom
