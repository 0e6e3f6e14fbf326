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

}  // namespace cardroom::s48
