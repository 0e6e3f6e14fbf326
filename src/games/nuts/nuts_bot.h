// The Nuts heuristic player.
//
// It sees only a belief state (resample of its seat): every face-up card is true, the reserve
// beneath its top card and the stock's unseen cards are random, and it reads neither. Its order of
// preference (docs/games/nuts.md): a card to a foundation (the reserve's top first, then a pile's
// top, then the waste's), the reserve's top onto a pile, a move that frees the reserve (a whole
// pile onto another, leaving a space for the reserve) or uncovers a card for a foundation, the
// waste's top onto a pile, then a draw (or recycle). It declares stuck once it has leafed through
// its whole stock with nothing to play, or at once when every card of its stock has been seen and
// none of them, as they would come up, has anywhere to go.
//
// How fast it plays is not its business: the match runner makes each of its moves arrive its pace
// after it was asked (`heuristic(speed=4)`, `heuristic(pace_ms=700)`: bots/registry.h).
#pragma once

#include "core/any_game.h"
#include "games/nuts/nuts.h"

namespace cardroom::nuts {

CARDROOM_HEURISTIC_PLAYER(State);

}  // namespace cardroom::nuts
