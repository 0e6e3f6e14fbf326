// The Back Alley heuristic player.
//
// Card strength, from its own hand and public information only: a card takes a trick with the
// chance (1 - rho * meet)^k, k = higher cards of its (effective) suit still unseen, rho = the share
// of unseen cards that sit in other hands. Side-suit cards are discounted for the risk of being
// ruffed; trumps beyond the third add a little for ruffing power.
//   Bid: the expected tricks scaled by kBidShare (fitted by simulation: the card model alone
//        undercounts), one trick less when the partner has already bid (their estimate overlaps
//        ours), rounded down with a margin since a set costs 5 a trick and an overtrick earns 1;
//        pass below one trick. Board only on a certain hand: every card a sure winner (top trumps
//        in sequence, or a no-trump hand of top cards in every suit held) - and never on one card
//        that is not the top of its suit.
//   Play: tricks are always worth having (overtricks score, and opponents' sets score for us), so
//        it wins cheaply when it can, but never overtakes or trumps its partner's winning card
//        without need; when it cannot win it plays its lowest card, keeping trumps.
#include "games/back_alley/back_alley_bot.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "games/common/bid_then_play.h"

namespace cardroom::back_alley {
namespace {

constexpr double kMeet = 0.8;
constexpr double kRuffRisk = 0.85;     // side-suit winners survive ruffs this often
constexpr double kLengthBonus = 0.4;   // each trump beyond the third
constexpr double kBidShare = 1.15;     // the card model undercounts (ruffs, long suits): scale up
constexpr double kPartnerShade = 1.0;  // fewer tricks when the partner has bid already

struct Knowledge {
  CardSet hand;
  CardSet unseen;
  double rho = 0;
  int trump = kNoSuit;
};

CardSet suit_set(int suit, int trump) {
  CardSet s = CardSet::suit(suit);
  if (suit == trump) s |= kBloopers;
  return s;
}

Knowledge gather(const State& s, Seat seat) {
  Knowledge k;
  k.hand = s.hand(seat);
  k.trump = s.trump();
  k.unseen = kDeck - k.hand - s.played_this_round() - s.out_of_play();
  int in_hands = 0;
  for (Seat p = 0; p < kPlayers; ++p)
    if (p != seat) in_hands += s.hand(p).size();
  k.rho = k.unseen.empty() ? 0 : static_cast<double>(in_hands) / k.unseen.size();
  return k;
}

int higher_unseen(const Knowledge& k, Card c) {
  const int suit = effective_suit(c, k.trump);
  int count = 0;
  for (Card u : k.unseen& suit_set(suit, k.trump))
    if (effective_rank(u) > effective_rank(c)) ++count;
  return count;
}

bool is_trump(const Knowledge& k, Card c) {
  return k.trump != kNoSuit && effective_suit(c, k.trump) == k.trump;
}

double strength(const Knowledge& k, Card c) {
  double q = std::pow(1.0 - k.rho * kMeet, higher_unseen(k, c));
  if (!is_trump(k, c) && k.trump != kNoSuit) q *= kRuffRisk;
  return q;
}

double expected(const Knowledge& k) {
  double e = 0;
  int trumps = 0;
  for (Card c : k.hand) {
    e += strength(k, c);
    trumps += is_trump(k, c);
  }
  return e + kLengthBonus * std::max(0, trumps - 3);
}

// Every card a sure winner: the top unseen card of its suit with nothing above it, and (with
// trumps) either a trump or a side card when we also hold every trump still out.
bool certain(const Knowledge& k) {
  const CardSet trumps_out = k.trump == kNoSuit ? CardSet() : k.unseen & suit_set(k.trump, k.trump);
  for (Card c : k.hand) {
    if (higher_unseen(k, c) > 0) return false;
    if (!is_trump(k, c) && !trumps_out.empty()) return false;
  }
  // A lone non-trump top card is only certain if we lead; the opening lead goes to the board
  // bidder, but later side cards need the lead back: guaranteed only with all cards winners.
  return true;
}

Move choose_bid(const State& s, Seat seat, const Knowledge& k) {
  MoveList<State::kMaxMoves> moves;
  s.legal_moves(seat, moves);
  if (certain(k))
    for (Move m : moves)
      if (move_kind(m) == kBoardMove) return m;
  double e = expected(k) * kBidShare;
  const Seat partner = (seat + 2) % kPlayers;
  if (s.bid(partner) > 0 || s.board(partner) > 0) e -= kPartnerShade;
  const int want = static_cast<int>(std::floor(e + 0.25));
  // The highest legal number not above `want`; pass if none.
  Move best = pass_move();
  for (Move m : moves)
    if (move_kind(m) == kBidMove && static_cast<int>(move_payload(m)) <= want) best = m;
  return best;
}

Move choose_play(const State& s, Seat seat, const Knowledge& k) {
  MoveList<State::kMaxMoves> moves;
  s.legal_moves(seat, moves);
  auto card_of = [](Move m) { return static_cast<Card>(move_payload(m)); };
  auto pick = [&](auto&& score) {
    Move best = moves[0];
    double best_score = -1e9;
    for (Move m : moves) {
      const double v = score(card_of(m));
      if (v > best_score) {
        best_score = v;
        best = m;
      }
    }
    return best;
  };
  // Low value = cheap to give away: side cards before trumps, low before high.
  auto cheapness = [&](Card c) { return -(is_trump(k, c) ? 20.0 : 0.0) - effective_rank(c); };
  const int count = s.trick_size();
  if (count == 0) {
    // Lead a sure winner if any (the strongest), else the cheapest card.
    return pick([&](Card c) {
      const double q = strength(k, c);
      return q > 0.8 ? 100 + q * 10 + effective_rank(c) * 0.01 : cheapness(c);
    });
  }
  const int trick = s.trick_number();
  std::array<Card, kPlayers> cards{};
  for (int i = 0; i < count; ++i) cards[i] = s.trick_card(trick, i);
  const int w = trick_winner(cards.data(), count, k.trump);
  const Seat winning_seat = (s.trick_leader() + w) % kPlayers;
  const Seat partner = (seat + 2) % kPlayers;
  const bool last = count == kPlayers - 1;
  auto wins_now = [&](Card c) {
    cards[count] = c;
    return trick_winner(cards.data(), count + 1, k.trump) == count;
  };
  // The partner's card holds if we are last, or if it is the top unseen card of its suit: then
  // do not overtake or trump it.
  if (winning_seat == partner) {
    const Card pc = cards[w];
    const bool holds = last || higher_unseen(k, pc) == 0;
    if (holds) return pick([&](Card c) { return cheapness(c); });
  }
  // Win as cheaply as is likely to hold; otherwise throw the cheapest card.
  return pick([&](Card c) {
    if (wins_now(c)) {
      const double hold = last ? 1.0 : std::pow(strength(k, c), 0.5);
      if (hold >= 0.5) return 100.0 + cheapness(c);
    }
    return cheapness(c);
  });
}

}  // namespace

double expected_tricks(const State& belief, Seat seat) { return expected(gather(belief, seat)); }

Move heuristic_move(const State& belief, Seat seat, Rng&) {  // deterministic given the belief
  return bid_then_play(belief, seat, gather, choose_bid, choose_play);
}

}  // namespace cardroom::back_alley
