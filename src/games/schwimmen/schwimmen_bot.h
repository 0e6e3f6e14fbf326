// The Schwimmen heuristic player.
//
// It sees only a belief state (resample of its seat: its own hand, the board and everything public
// are true; other hands and the stock are random) and reads only its hand, the board, the chips
// and the turn. See docs/games/schwimmen.md for how it plays.
#pragma once

#include "core/any_game.h"
#include "games/schwimmen/schwimmen.h"

namespace cardroom::schwimmen {

// How the player rates a hand it may still improve, in half points: its value, plus a bonus for
// two cards of one suit (a third can join them) while there are turns to come.
int hand_rating(CardSet hand, bool turns_to_come);

// The hand value (half points) at which it knocks with `players` in the game, `swimming` or not.
int knock_threshold(int players, bool swimming);

CARDROOM_HEURISTIC_PLAYER(State);

}  // namespace cardroom::schwimmen
