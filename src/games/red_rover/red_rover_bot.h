// The Red Rover heuristic player.
//
// It sees only a belief state (resample of its seat: its own hand and public information are true,
// everything hidden is random) and never looks at the hidden parts. See docs/games/red_rover.md for
// how it bids and plays.
#pragma once

#include "core/any_game.h"
#include "games/red_rover/red_rover.h"

namespace cardroom::red_rover {

CARDROOM_HEURISTIC_PLAYER(State);

// The trump suit (or kNoSuit) and the number of tricks a 9-card hand should win in a row from the
// lead in a rover contract (exposed for tests): top trumps drawn first, then top side cards.
struct RoverEstimate {
  int trump = kNoSuit;
  int tricks = 0;
};
RoverEstimate rover_estimate(CardSet hand, RedOrder order);

// The marriages (bit s) a 12-card hand expects to capture with `trump` as trumps (for tests).
int expected_marriages(CardSet hand, int trump);

}  // namespace cardroom::red_rover
