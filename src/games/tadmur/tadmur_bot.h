// The Tadmur heuristic player.
//
// It sees only a belief state (resample of its seat: its own hand and target and the public chains
// are true; the opponent's hand and target are random) and never reads the hidden parts. See
// docs/games/tadmur.md for how it guesses and plays.
#pragma once

#include <array>
#include <vector>

#include "core/any_game.h"
#include "games/tadmur/tadmur.h"

namespace cardroom::tadmur {

// The bot's estimate of the chance that the opponent's target has each rank, from what `seat`
// knows: ranks ruled out by wrong guesses and blocked chains get 0; the others are weighted by the
// copies of the rank `seat` cannot see and by whether the opponent's chain can still end next to
// that rank in the spaces it has left.
std::array<double, kRanks> target_odds(const State& belief, Seat seat);

// Whether `seat` can fill its chain from its own hand and finish next to its target: a path of
// exactly spaces(seat) cards from the chain end, each one rank from the previous.
bool can_complete(const State& belief, Seat seat);

CARDROOM_HEURISTIC_PLAYER(State);

}  // namespace cardroom::tadmur
