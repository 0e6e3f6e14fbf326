// Invariant checks for debug builds (the sanitizer build runs them; Release compiles them away).
//
//   CARDROOM_ASSERT(moves < Capacity, "MoveList overflow: raise the game's kMaxMoves");
//
// A failed assertion prints the condition, the message and the place, then aborts: an invariant
// broken inside the engine is a bug, never bad input (bad input gets a Status error at the edge).
#pragma once

#include <cstdio>
#include <cstdlib>

namespace cardroom {

[[noreturn]] inline void assertion_failed(const char* condition, const char* message,
                                          const char* file, int line) {
  std::fprintf(stderr, "%s:%d: assertion failed: %s: %s\n", file, line, condition, message);
  std::abort();
}

}  // namespace cardroom

#ifdef NDEBUG
#define CARDROOM_ASSERT(condition, message) static_cast<void>(0)
#else
#define CARDROOM_ASSERT(condition, message) \
  ((condition) ? static_cast<void>(0)       \
               : ::cardroom::assertion_failed(#condition, message, __FILE__, __LINE__))
#endif
