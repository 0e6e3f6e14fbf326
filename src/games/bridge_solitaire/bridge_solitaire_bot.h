// The Bridge Solitaire heuristic player.
//
// It sees only a belief state (resample of its seat: its hand and everything face up are true, the
// face-down cards before they are turned and the order of the stock are random) and never looks at
// the hidden parts. See docs/games/bridge_solitaire.md for how it chooses, bids and plays.
#pragma once

#include "core/any_game.h"
#include "games/bridge_solitaire/bridge_solitaire.h"

namespace cardroom::bridge_solitaire {

CARDROOM_HEURISTIC_PLAYER(State);

// The value the keeping rule gives a set of cards (exposed for tests): its winning tricks against
// every card outside it, plus its high-card points, plus its longest suit's cards beyond three.
double keep_value(CardSet cards);

// The chance that leading `card` wins the trick when the house turns its answer from `unseen`
// (the cards it may still turn, in random order) under `trump` (kNoSuit: no trump).
double lead_win_chance(Card card, CardSet unseen, int trump);

}  // namespace cardroom::bridge_solitaire
