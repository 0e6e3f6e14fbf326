#include "bots/trick_solver.h"

#include <bit>

namespace cardroom {

SolverMemory::SolverMemory(std::size_t bytes) {
  bytes = std::max<std::size_t>(bytes, 64 << 10);
  // A quarter for the heads, the rest for the entries.
  std::size_t heads = 1024;
  while (heads * 2 * sizeof(Head) <= bytes / 4) heads *= 2;
  heads_.assign(heads, Head{});
  head_mask_ = heads - 1;
  entries_.assign((bytes - heads * sizeof(Head)) / sizeof(Entry), Entry{});
  bytes_ = heads * sizeof(Head) + entries_.size() * sizeof(Entry);
}

namespace solver_detail {
namespace {

// kSqueeze[live][hand]: `hand` (bits of `live` only) with the bits outside `live` squeezed out,
// for 7-bit halves (the low 7 ranks, then the high 6).
struct SqueezeTable {
  std::array<std::array<std::uint8_t, 128>, 128> t{};
  SqueezeTable() {
    for (unsigned live = 0; live < 128; ++live)
      for (unsigned hand = 0; hand < 128; ++hand) {
        unsigned out = 0;
        int k = 0;
        for (int b = 0; b < 7; ++b)
          if ((live >> b) & 1) {
            if ((hand >> b) & 1) out |= 1u << k;
            ++k;
          }
        t[live][hand] = static_cast<std::uint8_t>(out);
      }
  }
};
const SqueezeTable kSqueeze;

}  // namespace

std::uint32_t compress13(std::uint32_t hand, std::uint32_t live) {
  const unsigned lo_live = live & 0x7F, hi_live = live >> 7;
  const unsigned lo = kSqueeze.t[lo_live][hand & lo_live];
  const unsigned hi = kSqueeze.t[hi_live][(hand >> 7) & hi_live];
  return lo | (hi << std::popcount(lo_live));
}

}  // namespace solver_detail
}  // namespace cardroom
