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

constexpr SqueezeTable make_squeeze_table() {
  SqueezeTable t{};
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
  return t;
}

}  // namespace

// Constant-initialised: no static initialiser of another file can see it empty.
constexpr SqueezeTable kSqueeze = make_squeeze_table();

}  // namespace solver_detail
}  // namespace cardroom
