// The decision shape of the bidding trick games' heuristic players (S48, Back Alley): a single
// legal move needs no thought; otherwise gather what the seat knows from its belief state, then
// choose a bid in the bidding and a card in the play.
#pragma once

#include "core/game.h"

namespace cardroom {

template <class S, class Gather, class ChooseBid, class ChoosePlay>
Move bid_then_play(const S& belief, Seat seat, Gather&& gather, ChooseBid&& choose_bid,
                   ChoosePlay&& choose_play) {
  MoveList<S::kMaxMoves> moves;
  belief.legal_moves(seat, moves);
  if (moves.empty()) return Move{};
  if (moves.size() == 1) return moves[0];
  const auto knowledge = gather(belief, seat);
  if (belief.phase() == S::Phase::kBid) return choose_bid(belief, seat, knowledge);
  return choose_play(belief, seat, knowledge);
}

}  // namespace cardroom
