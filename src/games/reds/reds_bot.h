// The Reds heuristic player.
//
// It sees only a belief state (resample of its seat: its own hand and public information are true,
// everything hidden is random), and must never rely on the hidden parts. See docs/games/reds.md for
// how it bids and plays.
#pragma once

#include <vector>

#include "core/any_game.h"
#include "games/reds/reds.h"

namespace cardroom::reds {

CARDROOM_HEURISTIC_PLAYER(State);

}  // namespace cardroom::reds
