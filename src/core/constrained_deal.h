// Dealing unknown cards to hidden places under constraints: the heart of every `resample`.
//
// Each slot (an opponent's hand, the undealt pack, ...) takes exactly `count` cards, each from its
// `allowed` set (e.g. everything but the suits that player has shown void in). The deal first tries
// plain rejection sampling (exactly uniform when it succeeds); when the constraints are tight it
// builds a valid assignment by augmenting paths and then mixes it with random allowed swaps.
#pragma once

#include <span>

#include "core/cards.h"
#include "core/rng.h"

namespace cardroom {

struct DealSlot {
  int count = 0;
  CardSet allowed = CardSet(~std::uint64_t{0});
};

// Splits `pool` (whose size must equal the sum of the counts) into `out[i]` for each slot.
// Returns false (and leaves `out` unspecified) if no assignment satisfies the constraints.
bool deal_constrained(CardSet pool, std::span<const DealSlot> slots, std::span<CardSet> out,
                      Rng& rng);

}  // namespace cardroom
