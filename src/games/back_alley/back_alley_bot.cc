// The Back Alley heuristic player.
//
// Card strength, from its own hand and public information only: a card takes a trick with the
// chance (1 - rho * meet)^k, k = higher cards of its (effective) suit still unseen, rho = the share
// of unseen cards that sit in other hands. Side-suit cards are discounted for the risk of being
// ruffed. Play uses it to judge whether a card will hold.
//   Bid: the hand's tricks are counted from card values fitted by regression on simulated hands:
//        a trump is worth most of a trick even below the top (it ruffs), a side card little
//        unless it is the top one; less when the opponents' bids are above the usual. The first
//        partner to call bids its count less a little; the second adds its count to what its
//        partner's bid says, and completes the contract to the size with the best expected score
//        when the team's tricks are taken as normal around that estimate (a set costs 5 a trick,
//        a made contract earns 5 a trick and 1 per overtrick: bid a trick or so below the
//        estimate). Board only on a certain hand: every card a sure winner (top trumps in
//        sequence, or a no-trump hand of top cards in every suit held) - and never on one card
//        that is not the top of its suit. Constants fitted by simulation
//        (docs/games/back_alley.md).
//   Play: tricks are always worth having (overtricks score, and each is one the opponents lack), so
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
constexpr double kRuffRisk = 0.85;  // side-suit winners survive ruffs this often

// Bidding. A card's worth in tricks by the number of higher cards of its suit unseen (0, 1, 2, 3+),
// fitted by regression of the tricks teams took on their hands in simulated matches.
constexpr double kTrumpWorth[4] = {1.1, 0.9, 0.77, 0.5};
constexpr double kSideWorth[4] = {0.5, 0.27, 0.12, 0.0};      // a side suit, trumps in play
constexpr double kNoTrumpWorth[4] = {0.85, 0.6, 0.38, 0.09};  // a no-trump hand (joker upcard)
constexpr double kLongTrump = 0.12;                           // each trump beyond the third
constexpr double kSeatBase = 0.25;  // what the card values leave out, per seat
// The rest was fitted by simulation (self-play and against the previous player).
constexpr double kOpponentShare = 0.25;  // of an opponent's bid above the usual, tricks we lose
constexpr double kUsualBid = 0.85;       // the usual bid, as a share of h / 4
constexpr double kFirstShade = 0.6;      // the first partner to call bids its count less this
constexpr double kPassedCount = 0.85;    // what a partner's pass says its hand is worth
constexpr double kSpread = 0.8, kSpreadPerCard = 0.055;  // sd of a team's tricks: a + b * h

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

// The tricks the hand is worth, from its cards alone.
double hand_count(const Knowledge& k) {
  double count = kSeatBase;
  int trumps = 0;
  for (Card c : k.hand) {
    const int above = std::min(3, higher_unseen(k, c));
    if (k.trump == kNoSuit) {
      count += kNoTrumpWorth[above];
    } else if (is_trump(k, c)) {
      count += kTrumpWorth[above];
      ++trumps;
    } else {
      count += kSideWorth[above];
    }
  }
  return count + kLongTrump * std::max(0, trumps - 3);
}

// Expected points of a numeric contract of c tricks (0: both partners passed) when the team takes
// t of h tricks with chances proportional to a normal density around `mean`.
double contract_value(int c, double mean, double spread, int h) {
  double total = 0, weight = 0;
  for (int t = 0; t <= h; ++t) {
    const double z = (t - mean) / spread;
    const double p = std::exp(-0.5 * z * z);
    weight += p;
    total += p * (c == 0 ? t : t >= c ? 5.0 * c + (t - c) : -5.0 * c);
  }
  return total / weight;
}

Move choose_bid(const State& s, Seat seat, const Knowledge& k) {
  MoveList<State::kMaxMoves> moves;
  s.legal_moves(seat, moves);
  if (certain(k))
    for (Move m : moves)
      if (move_kind(m) == kBoardMove) return m;
  const Seat partner = (seat + 2) % kPlayers;
  if (s.board(partner) > 0) return pass_move();  // the contract is board: our number is ignored
  const int h = s.hand_size();
  // The opponents' bids so far, against the usual: what they take, we do not.
  double above_usual = 0;
  for (Seat o : {(seat + 1) % kPlayers, (seat + 3) % kPlayers}) {
    if (s.board(o) > 0)
      above_usual += h - kUsualBid * h / 4;
    else if (s.bid(o) >= 0)
      above_usual += s.bid(o) - kUsualBid * h / 4;
  }
  const bool first = s.bid(partner) < 0;
  // Partners share the loss: the first to call takes half of it.
  const double count = hand_count(k) - kOpponentShare * above_usual * (first ? 0.5 : 1.0);
  int want;
  if (first) {
    want = static_cast<int>(std::floor(count - kFirstShade + 0.5));
  } else {
    // Complete the contract to the size with the best expected score.
    const int partner_bid = s.bid(partner);
    const double team = count + (partner_bid > 0 ? partner_bid + kFirstShade : kPassedCount);
    const double spread = kSpread + kSpreadPerCard * h;
    int best = partner_bid;
    double best_value = contract_value(best, team, spread, h);
    for (int c = partner_bid + 1; c <= partner_bid + h; ++c) {
      const double v = contract_value(c, team, spread, h);
      if (v > best_value) {
        best_value = v;
        best = c;
      }
    }
    want = best - partner_bid;
  }
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

double expected_tricks(const State& belief, Seat seat) { return hand_count(gather(belief, seat)); }

Move heuristic_move(const State& belief, Seat seat, Rng&) {  // deterministic given the belief
  return bid_then_play(belief, seat, gather, choose_bid, choose_play);
}

}  // namespace cardroom::back_alley
