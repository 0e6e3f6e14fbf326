// The Truc heuristic player.
//
//   Cut and deal: cuts (three-card hands favour the better player); a dealer offered the choice
//   deals three.
//   Signals: on its first turn of a hand, tells its partner its best card (three, two, ace) or
//   whether the hand is strong or weak.
//   Strength: the chance of winning the hand, estimated by playing the hand out from many
//   resamples of its own view (its hand and every card played are fixed; the rest is dealt at
//   random), everyone playing the simple trick rule. A partner's signal of a 3, 2 or ace raises
//   the estimate, since the random partner hands do not know it.
//   Raise: truc when the chance is high (retruc higher still); sometimes bluffs with a weak hand.
//   Answer: accepts when the chance beats the break-even point of the raise (accepting a truc
//   risks 2 to save 1), shaded because a raise signals a strong hand.
//   Eleven: plays the 3-point hand when the chance is fair.
//   Play: the lowest card that takes the trick, unless its partner already holds it; else the
//   lowest card. Leads its best card.
#include "games/truc/truc_bot.h"

#include <algorithm>

namespace cardroom::truc {
namespace {

constexpr double kTrucAt = 0.68;       // chance to call truc
constexpr double kRetrucAt = 0.78;     // chance to call retruc
constexpr double kBluff = 0.12;        // chance to bluff a truc with a weak hand
constexpr double kBluffBelow = 0.3;    // "weak" for a bluff
constexpr double kAcceptTruc = 0.38;   // break-even 0.25, shaded for the raiser's strength
constexpr double kAcceptRetruc = 0.3;  // break-even 1/6, shaded
constexpr double kElevenGo = 0.42;

Card lowest(CardSet cards) {
  Card best = cards.lowest();
  for (Card c : cards)
    if (strength(c) < strength(best)) best = c;
  return best;
}

Card highest(CardSet cards) {
  Card best = cards.lowest();
  for (Card c : cards)
    if (strength(c) > strength(best)) best = c;
  return best;
}

// Whether the partner's signal says it holds a card at least as strong as `s`.
int partner_signal_strength(const State& s, Seat seat) {
  const int sig = s.signal_of((seat + 2) % kPlayers);
  switch (sig) {
    case 0:
      return 9;  // a 3
    case 1:
      return 8;  // a 2
    case 2:
      return 7;  // an ace
    default:
      return -1;
  }
}

}  // namespace

Card choose_card(const State& s, Seat seat) {
  const CardSet hand = s.hand(seat);
  const int t = s.trick_number();
  const int k = s.trick_size();
  if (k == 0) return highest(hand);
  const Seat leader = s.trick_leader_of(t);
  int best = -1;
  unsigned teams = 0;
  for (int i = 0; i < k; ++i) {
    const int st = strength(s.trick_card(t, i));
    const int team = ((leader + kPlayers - i) % kPlayers) % 2;
    if (st > best) {
      best = st;
      teams = 1u << team;
    } else if (st == best) {
      teams |= 1u << team;
    }
  }
  const unsigned mine = 1u << (seat % 2);
  if (teams == mine && (best >= 7 || k == 3)) return lowest(hand);  // the partner holds it
  Card take = kNoCard;
  for (Card c : hand)
    if (strength(c) > best && (take == kNoCard || strength(c) < strength(take))) take = c;
  if (take != kNoCard) return take;
  // Cannot take: a tie makes a draw when an opponent leads the trick, which favours the dealer's
  // opponents (equal counts go to them).
  if (!(teams & mine) && seat % 2 == s.dealer_opponents())
    for (Card c : hand)
      if (strength(c) == best) return c;
  return lowest(hand);
}

double hand_win_chance(const State& belief, Seat seat, Rng& rng, int samples) {
  if (belief.phase() != State::Phase::kPlay && belief.phase() != State::Phase::kEleven) return 0.5;
  const int team = seat % 2;
  const int boost = partner_signal_strength(belief, seat);
  int wins = 0;
  for (int i = 0; i < samples; ++i) {
    State s = belief.resample(seat, rng);
    const int hands_before = s.rounds_completed();
    for (int guard = 0; guard < 64 && s.rounds_completed() == hands_before && !s.over(); ++guard) {
      const Seat p = s.actors().lowest();
      Move m;
      if (s.phase() == State::Phase::kEleven) {
        m = eleven_move(true);
      } else if (s.pending_raise() && p != s.to_play()) {
        m = answer_move(true);
      } else {
        m = play_move(choose_card(s, p));
      }
      if (!s.apply(p, m, nullptr).ok()) break;
    }
    if (s.rounds_completed() != hands_before && s.last_hand().winning_team == team) ++wins;
  }
  double p = static_cast<double>(wins) / samples;
  // The partner told us about a top card the random fakes do not hold.
  if (boost >= 0) p = p + (1 - p) * (boost - 6) * 0.1;
  return p;
}

Move heuristic_move(const State& belief, Seat seat, Rng& rng) {
  MoveList<State::kMaxMoves> moves;
  belief.legal_moves(seat, moves);
  if (moves.empty()) return Move{};
  auto legal = [&](Move m) { return moves.contains(m); };
  switch (belief.phase()) {
    case State::Phase::kCut:
      return cut_move(false);
    case State::Phase::kDealChoice:
      return deal_move(3);
    default:
      break;
  }
  // Signal first (it does not pass the turn).
  if (belief.phase() == State::Phase::kPlay && legal(signal_move(0)) && !belief.pending_raise()) {
    const CardSet hand = belief.hand(seat);
    const int top = strength(highest(hand));
    int total = 0;
    for (Card c : hand) total += strength(c);
    const int sig = top == 9 ? 0 : top == 8 ? 1 : top == 7 ? 2 : total >= 15 ? 3 : 4;
    return signal_move(sig);
  }
  if (belief.phase() == State::Phase::kEleven) {
    const double p = hand_win_chance(belief, seat, rng);
    return eleven_move(p >= kElevenGo);
  }
  if (belief.pending_raise()) {
    const double p = hand_win_chance(belief, seat, rng);
    const bool accept = p >= (belief.pending_raise() == 2 ? kAcceptTruc : kAcceptRetruc);
    if (!accept) return answer_move(false);
    // Accepting on one's own turn: the card itself accepts.
    if (seat == belief.to_play()) return play_move(choose_card(belief, seat));
    return answer_move(true);
  }
  const int raise = belief.raise_available(seat);
  if (raise) {
    const double p = hand_win_chance(belief, seat, rng);
    const bool strong = p >= (raise == 1 ? kTrucAt : kRetrucAt);
    const bool bluff = raise == 1 && p < kBluffBelow && rng.uniform() < kBluff;
    if ((strong || bluff) && legal(raise_move(raise))) return raise_move(raise);
  }
  const Move m = play_move(choose_card(belief, seat));
  return legal(m) ? m : moves[0];
}

}  // namespace cardroom::truc
