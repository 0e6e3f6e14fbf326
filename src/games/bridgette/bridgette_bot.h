// The Bridgette heuristic player.
//
// It sees only a belief state (resample of its seat: its own hand, its own discards and public
// information are true, everything hidden is random) and never looks at the hidden parts. See
// docs/games/bridgette.md for how it discards, bids and plays.
#pragma once

#include <vector>

#include "core/any_game.h"
#include "games/bridgette/bridgette.h"

namespace cardroom::bridgette {

CARDROOM_HEURISTIC_PLAYER(State);

// The tricks the hand of `seat` is expected to take with `strain` as trumps (exposed for tests):
// each card's chance to win from what the seat has seen, long trumps and the colons counted.
double expected_tricks(const State& belief, Seat seat, bridge::Strain strain);

}  // namespace cardroom::bridgette
