// Dealing unknown cards to hidden places under constraints: the heart of every `resample`.
//
// Each slot (an opponent's hand, the undealt pack, ...) takes exactly `count` cards, each from its
// `allowed` set (e.g. everything but the suits that player has shown void in). The deal first tries
// plain rejection sampling (exactly uniform when it succeeds); when the constraints are tight it
// builds a valid assignment by augmenting paths and then mixes it with random allowed swaps.
//
// The deal is complete: the augmenting-path search is a maximum bipartite b-matching (cards on one
// side, slots with capacity `count` on the other; a slot is entered once per search and any of its
// cards may move on), so it fails only when no assignment exists at all. For a state reached by
// legal play the true cards are such an assignment, so resample never fails; a failure means the
// caller's constraints contradict its own state, a bug.
#pragma once

#include <span>

#include "core/card_multiset.h"
#include "core/cards.h"
#include "core/rng.h"

namespace cardroom {

inline constexpr int kMaxDealSlots = 16;

struct DealSlot {
  int count = 0;
  CardSet allowed = CardSet(~std::uint64_t{0});
};

// Splits `pool` (whose size must equal the sum of the counts) into `out[i]` for each slot.
// Returns false (and leaves `out` unspecified) if no assignment satisfies the constraints.
bool deal_constrained(CardSet pool, std::span<const DealSlot> slots, std::span<CardSet> out,
                      Rng& rng);

// The same for several copies of cards (card multisets): `allowed` names card ids, any copy of an
// allowed id may go to the slot. At most 255 cards.
bool deal_constrained(const CardMultiset& pool, std::span<const DealSlot> slots,
                      std::span<CardMultiset> out, Rng& rng);

// A place whose cards are hidden from an observer, for resample.
struct HiddenPlace {
  CardSet* cards = nullptr;                      // its true cards: replaced by the redeal
  CardSet known;                                 // those the observer knows are there: kept
  CardSet allowed = CardSet(~std::uint64_t{0});  // what it may hold (voids shown remove suits)
};

// Redeals the hidden places: every card of theirs that is not known goes into one pool, and each
// place gets back its known cards plus as many pool cards as it held, drawn under `allowed`.
// Places are dealt in the order given (the same order gives the same draw from the same RNG).
// False if no deal satisfies the constraints; each place then holds only its known cards, so the
// true cards never come back (callers treat this as the bug it is).
bool redeal_hidden(std::span<const HiddenPlace> places, Rng& rng);

}  // namespace cardroom
