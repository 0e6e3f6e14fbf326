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

Move heuristic_move(const State& belief, Seat seat, Rng& rng);

// Expected tricks of the hand of `seat` from its own cards and public information (for tests).
double expected_tricks(const State& belief, Seat seat);

// The computer players Back Alley registers besides "random".
const std::vector<BotEntry<State>>& bots();

}  // namespace cardroom::back_alley
