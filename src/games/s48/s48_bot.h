// The S48 heuristic player.
//
// It sees only a belief state (resample of its seat: its own hand and public information are true,
// everything hidden is random) and never looks at the hidden parts. See docs/games/s48.md for how
// it bids and plays.
#pragma once

#include <vector>

#include "core/any_game.h"
#include "games/s48/s48.h"

namespace cardroom::s48 {

CARDROOM_HEURISTIC_PLAYER(State);

// The expected number of tricks the hand of `seat` takes, from public information and its own
// cards (exposed for tests).
double expected_tricks(const State& belief, Seat seat);

// How plausible the decisions made this round by the seats other than `observer` are in `world`,
// if they play as this heuristic does (AnyState::plausibility): the round is replayed from its
// deal, each decision weighed on what its seat knew then. A weight in (0, 1], the product over
// those decisions of: for a bid, exp(-d^2 / (2 * 0.3^2)), where d is how far (in expected tricks)
// the heuristic's estimate of the hand would have to stray to make that bid (0: the heuristic's
// bid; a bid it never makes, 1 off the hook, counts as the nearest it makes); for a card, 1 if
// it is the heuristic's card, else 0.2. For search players weighting worlds drawn for `observer`:
// it reads every hand, so it is never asked of the true state.
double plausibility(const State& world, Seat observer);

}  // namespace cardroom::s48
