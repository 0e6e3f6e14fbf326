// The Schwimmen heuristic player.
//
//   Dealer's choice (blind): keep a hand worth 18 or more (or three of a kind), else take the
//   board, which is a random hand (taking it also shows the old hand to the next player).
//   A turn: rate every exchange by the hand it leaves (hand_rating: the value, plus a bonus for two
//   cards of the suit it is chasing while turns remain) and take the best; pass when nothing beats
//   the hand it holds. It knocks instead when its hand is worth at least knock_threshold, which
//   depends on the number of players still in (see there); while it is swimming (its next loss
//   eliminates it) it waits for a hand one point stronger. In the
//   final turns after someone else's knock it takes whatever makes its hand worth the most now.
#include "games/schwimmen/schwimmen_bot.h"

namespace cardroom::schwimmen {

int hand_rating(CardSet hand, bool turns_to_come) {
  const HandValue v = hand_value(hand);
  if (!turns_to_come || v.special != Special::kNone) return v.key();
  // Chasing a suit: the best pair of one suit, worth its points plus the hope of a third card.
  int best = v.value2;
  for (int s = 0; s < kSuits; ++s) {
    const CardSet in = hand.in_suit(s);
    if (in.size() != 2) continue;
    int sum = 0;
    for (Card c : in) sum += card_points(c);
    best = std::max(best, 2 * sum + 8);
  }
  return best * 16 + (v.key() & 15);
}

int knock_threshold(int players, bool swimming) {
  // Half points: 2 players 24, 3-4 players 25, 5-6 players 24, 7-8 players 22. Measured against
  // itself (docs/games/schwimmen.md): two players knock early, for the one opponent left gets a
  // single turn to improve; larger tables knock lower too, as someone is likely to be weaker.
  int t = players <= 2 ? 48 : players <= 4 ? 50 : players <= 6 ? 48 : 44;
  if (swimming) t += 2;
  return t;
}

Move heuristic_move(const State& belief, Seat seat, Rng& rng) {
  MoveList<State::kMaxMoves> moves;
  belief.legal_moves(seat, moves);
  switch (belief.phase()) {
    case State::Phase::kChoose: {
      const HandValue v = hand_value(belief.hand(seat));
      return v.value2 >= 36 || v.trips_rank >= 0 ? keep_move() : board_move();
    }
    case State::Phase::kShowdown:
    case State::Phase::kOver:
      return moves[0];
    case State::Phase::kPlay:
      break;
  }
  const CardSet hand = belief.hand(seat);
  const CardSet board = belief.board();
  const bool final_turn = belief.closer() >= 0;
  const int players = belief.active_count();
  const bool swimming = belief.swimming(seat);
  const int now = hand_value(hand).value2;
  const bool may_knock = moves.contains(knock_move());
  // Knock on a strong hand (closing is the whole turn under the ruling).
  if (may_knock && now >= knock_threshold(players, swimming)) {
    // Unless one exchange makes it much better at once (a Schnauz or Feuer ends the hand).
    bool special = false;
    for (Move m : moves)
      if (move_kind(m) == kSwapMove && !(move_payload(m) & kThenKnock)) {
        const Card h = static_cast<Card>(move_payload(m) >> 8),
                   b = static_cast<Card>(move_payload(m) & 0xFF);
        special |= hand_value((hand - CardSet::of(h)) | CardSet::of(b)).special != Special::kNone;
      }
    if (!special) return knock_move();
  }
  // The exchange that leaves the best hand.
  int best = hand_rating(hand, !final_turn);
  Move choice = pass_move();
  int ties = 0;
  for (Move m : moves) {
    CardSet next;
    if (move_kind(m) == kSwapMove) {
      const Card h = static_cast<Card>((move_payload(m) >> 8) & 0xFF),
                 b = static_cast<Card>(move_payload(m) & 0xFF);
      next = (hand - CardSet::of(h)) | CardSet::of(b);
    } else if (move_kind(m) == kTakeAllMove) {
      next = board;
    } else {
      continue;
    }
    const bool then_knock = move_payload(m) & kThenKnock;
    const HandValue v = hand_value(next);
    if (then_knock && v.value2 < knock_threshold(players, swimming)) continue;
    int r = hand_rating(next, !final_turn && !then_knock);
    if (then_knock) r += 1;  // knocking on a hand that is good enough ends the hand sooner
    if (v.special != Special::kNone) r = 1 << 20;
    if (r > best) {
      best = r;
      choice = m;
      ties = 1;
    } else if (r == best && choice != pass_move() &&
               rng.below(static_cast<std::uint32_t>(++ties)) == 0) {
      choice = m;
    }
  }
  return choice;
}

}  // namespace cardroom::schwimmen
