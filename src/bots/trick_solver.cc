#include "bots/trick_solver.h"

#include <bit>

namespace cardroom {

SolverMemory::SolverMemory(std::size_t bytes) {
  bytes = std::max<std::size_t>(bytes, 64 << 10);
  std::size_t clusters = 1;
  const std::size_t per_entry = sizeof(Entry) + 3 * sizeof(std::uint16_t);
  while (clusters * 2 * kCluster * per_entry <= bytes) clusters *= 2;
  entries_.assign(clusters * kCluster, Entry{});
  tags_.assign(entries_.size(), 0);
  ages_.assign(entries_.size(), 0);
  bounds_.assign(entries_.size(), 0);
  cluster_mask_ = clusters - 1;
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
