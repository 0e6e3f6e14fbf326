// The Back Alley heuristic player.
//
// It sees only a belief state (resample of its seat: its own hand and public information are true,
// everything hidden, its partner's hand included, is random) and never looks at the hidden parts.
// See docs/games/back_alley.md for how it bids and plays.
#pragma once

#include <vector>

#include "core/any_game.h"
#include "games/back_alley/back_alley.h"

namespace cardroom::back_alley {

CARDROOM_HEURISTIC_PLAYER(State);

// Expected tricks of the hand of `seat` from its own cards and public information (for tests).
double expected_tricks(const State& belief, Seat seat);

}  // namespace cardroom::back_alley
