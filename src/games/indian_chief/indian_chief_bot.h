// The Indian Chief heuristic player.
//
// It sees only a belief state (resample of its seat: its own hand, picks and every revealed meld
// are true; other hands and the stub are random) and reads only what its seat knows: its hand,
// the boxes filled, the melds on the table and which cards it has not seen. See
// docs/games/indian_chief.md for how it plans.
#pragma once

#include <array>

#include "core/any_game.h"
#include "games/indian_chief/indian_chief.h"

namespace cardroom::indian_chief {

// The best meld for `box` from `hand` that contains the cards already picked (in pick order,
// `picks`), and its value to the bot: the score it makes now (for the Beggar: the expected score
// from the cards the bot has not seen; for the Thief: its face value plus what a theft is worth).
struct MeldPlan {
  int box = -1;
  int size = 0;
  std::array<Card, kMaxMeld> cards{};  // picks first, then the rest in the order to pick them
  double value = -1e9;
};
MeldPlan best_meld(const State& belief, Seat seat, int box);

// What `box` is worth on average when it is filled on a later turn (its par), for seat `seat`.
double box_par(const State& belief, Seat seat, int box);

// The plan of the turn: the unfilled box whose best meld now beats its par by the most.
MeldPlan plan_turn(const State& belief, Seat seat);

CARDROOM_HEURISTIC_PLAYER(State);

}  // namespace cardroom::indian_chief
