// The Truc heuristic player.
//
// It sees only a belief state (resample of its seat: its own hand, the cards played, the raises
// and its team's signals are true; other hands are random) and never reads the hidden parts
// directly: its estimate of winning the hand averages over fresh resamples of its own seat. See
// docs/games/truc.md for how it cuts, signals, raises, answers and plays.
#pragma once

#include <vector>

#include "core/any_game.h"
#include "games/truc/truc.h"

namespace cardroom::truc {

// The card `seat` plays by the simple trick rule (win cheaply, leave a partner's winner alone,
// else throw the lowest). Also the policy of the rollouts.
Card choose_card(const State& state, Seat seat);

// Estimated chance that the team of `seat` wins the hand in progress, from `samples` resamples of
// what `seat` knows, played out with choose_card; partners' signals shape nothing but the play.
double hand_win_chance(const State& belief, Seat seat, Rng& rng, int samples = 48);

CARDROOM_HEURISTIC_PLAYER(State);

}  // namespace cardroom::truc
