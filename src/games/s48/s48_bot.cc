// The S48 heuristic player.
//
// One number per card drives everything: its chance to take a trick, q = (1 - rho * meet)^k, where
// k is the number of higher cards of its suit still unseen (not in our hand, not played), rho the
// share of the unseen cards that sit in other hands (the rest are undealt and never play), and
// `meet` the chance such a higher card is played on ours rather than elsewhere. With no trumps a
// card can only be beaten by a higher card of its own suit, so this is a fair first estimate.
//   Bid: the sum of q over the hand, moved a quarter of the way towards the tricks nobody has
//        claimed (the hand size less the bids made and those expected from later bidders): when
//        the table bids low, the spare tricks fall to the players who cannot duck them. Nil below
//        1.9 tricks, else that estimate rounded up from .7, and never 1: a nil scores the same and
//        is far easier to make (S48-A4). If the dealer hook forbids the bid, the nearer
//        neighbour, nil in place of 1. Fitted by simulation (docs/games/s48.md).
//   Play: while tricks are still needed, win cheaply (the lowest sure winner; lead the strongest
//        card); once the bid is made (or a nil), duck (the highest card that still loses; discard
//        the most dangerous card; lead the weakest). Once it has taken more than it bid, the round
//        is lost for it whatever it does: it takes tricks again, so that they do not fall to the
//        players who want no more.
// Other players' hands in the belief state are random fakes and are never looked at.
#include "games/s48/s48_bot.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdlib>

#include "games/common/bid_then_play.h"

namespace cardroom::s48 {
namespace {

constexpr double kMeet = 0.7;        // chance an unseen higher card held by an opponent meets ours
constexpr double kHoldEnough = 0.5;  // try to win with a card that holds at least this often
// Bidding, fitted by simulation (self-play and against the previous player, 4 players):
constexpr double kSpareShare = 0.25;  // share of the unclaimed tricks expected to come our way
constexpr double kLaterBids = 0.85;   // a later bidder's expected bid, as a share of h / players
constexpr double kNilBelow = 1.9;     // bid nil below this many expected tricks
constexpr double kRoundUp = 0.3;      // round the estimate down, from .7 up
// bid_plausibility: how far (in expected tricks) another player's judgement of its hand may stray
// from ours (a normal spread), and the widest stray looked for.
constexpr double kBidSpread = 0.3;
constexpr double kWidestStray = 4.0;
constexpr double kStrayStep = 0.05;
// plausibility: the weight of a card play that is not the one this heuristic makes.
constexpr double kOtherPlay = 0.2;

struct Knowledge {
  CardSet hand;
  CardSet unseen;  // not ours, not played: other hands and the undealt cards
  double rho = 0;  // share of the unseen cards that are in other hands
};

Knowledge gather(const State& s, Seat seat) {
  Knowledge k;
  k.hand = s.hand(seat);
  k.unseen = kDeck - k.hand - s.played_this_round();
  int in_hands = 0;
  for (Seat p = 0; p < s.num_seats(); ++p)
    if (p != seat) in_hands += s.hand(p).size();  // sizes are public
  k.rho = k.unseen.empty() ? 0 : static_cast<double>(in_hands) / k.unseen.size();
  return k;
}

int higher_unseen(const Knowledge& k, Card c) {
  const unsigned above = k.unseen.rank_mask(suit_of(c)) >> (rank_of(c) + 1);
  return std::popcount(above);
}

// Chance that `c` takes a trick it contests.
double strength(const Knowledge& k, Card c) {
  return std::pow(1.0 - k.rho * kMeet, higher_unseen(k, c));
}

// Danger of a card for a player who wants no more tricks: strength, high ranks first on ties.
double danger(const Knowledge& k, Card c) { return strength(k, c) + rank_of(c) * 1e-3; }

// The tricks the hand of `seat` is expected to take: its cards' chances, moved towards the tricks
// no bid has claimed. `bids[p]`: the bid of seat p, -1 if it has not bid (yet).
double table_estimate(const Knowledge& k, Seat seat, int hand_size, int n, const int* bids) {
  double expected = 0;
  for (Card c : k.hand) expected += strength(k, c);
  double claimed = 0;
  for (Seat p = 0; p < n; ++p)
    if (p != seat) claimed += bids[p] >= 0 ? bids[p] : kLaterBids * hand_size / n;
  return expected + kSpareShare * (hand_size - claimed - expected);
}

// The bid for estimate `e`: nil below kNilBelow, else rounded, never 1; the hook's neighbour.
int bid_for_estimate(double e, int h, int forbidden) {
  int bid = e < kNilBelow ? 0 : std::clamp(static_cast<int>(std::floor(e + kRoundUp)), 2, h);
  if (bid == forbidden) {
    // The hook: the neighbour nearer the estimate (nil rather than 1, which scores the same).
    const int down = bid == 2 ? 0 : bid - 1, up = bid + 1;
    if (bid == 0)
      bid = 1;
    else if (up > h || e + kRoundUp - bid < 0.5)
      bid = down;
    else
      bid = up;
  }
  return bid;
}

std::array<int, kMaxPlayers> bids_of(const State& s) {
  std::array<int, kMaxPlayers> bids{};
  for (Seat p = 0; p < s.num_seats(); ++p) bids[p] = s.bid(p);
  return bids;
}

Move choose_bid(const State& s, Seat seat, const Knowledge& k) {
  const double e = table_estimate(k, seat, s.hand_size(), s.num_seats(), bids_of(s).data());
  return bid_move(bid_for_estimate(e, s.hand_size(), s.forbidden_bid()));
}

Move choose_play(const State& s, Seat seat, const Knowledge& k) {
  MoveList<State::kMaxMoves> moves;
  s.legal_moves(seat, moves);
  const int n = s.num_seats();
  // Tricks are wanted while the bid is not made, and again once it is lost by taking too many.
  const bool want = s.tricks_won(seat) != s.bid(seat);
  auto pick = [&](auto&& score) {  // the legal card with the highest score
    Move best = moves[0];
    double best_score = -1e9;
    for (Move m : moves) {
      const double v = score(static_cast<Card>(move_payload(m)));
      if (v > best_score) {
        best_score = v;
        best = m;
      }
    }
    return best;
  };
  const int count = s.trick_size();
  if (count == 0) {
    // Leading: the strongest card when tricks are wanted, the weakest otherwise.
    if (want) return pick([&](Card c) { return danger(k, c); });
    return pick([&](Card c) { return -danger(k, c); });
  }
  const int trick = s.trick_number();
  const Card led = s.trick_card(trick, 0);
  Card top = led;
  for (int i = 1; i < count; ++i) {
    const Card c = s.trick_card(trick, i);
    if (suit_of(c) == suit_of(top) && rank_of(c) > rank_of(top)) top = c;
  }
  const bool following = !k.hand.in_suit(suit_of(led)).empty();
  if (!following) {
    // Void: keep winners when tricks are wanted, shed the most dangerous card otherwise.
    if (want) return pick([&](Card c) { return -danger(k, c); });
    return pick([&](Card c) { return danger(k, c); });
  }
  const bool last = count == n - 1;
  // How likely a winning card holds against the players still to play (each not shown void).
  int still_to_play = 0;
  for (int i = count + 1; i < n; ++i) {
    const Seat p = (s.trick_leader() + i) % n;
    if (!((s.void_suits(p) >> suit_of(led)) & 1)) ++still_to_play;
  }
  const double share = static_cast<double>(still_to_play) / std::max(1, n - 1);
  auto holds = [&](Card c) {
    if (last || still_to_play == 0) return 1.0;
    return std::pow(strength(k, c), share);
  };
  if (want) {
    // The lowest card that wins and holds well enough; else the lowest card.
    return pick([&](Card c) {
      const bool wins = rank_of(c) > rank_of(top);
      if (wins && holds(c) >= kHoldEnough) return 100.0 - rank_of(c);
      return -static_cast<double>(rank_of(c));
    });
  }
  // Ducking: the highest card under the winner; if every card wins, the highest when last (the
  // trick is ours anyway), else the lowest (a later player may still overtake).
  return pick([&](Card c) {
    if (rank_of(c) < rank_of(top)) return 100.0 + rank_of(c);
    return last ? static_cast<double>(rank_of(c)) : -static_cast<double>(rank_of(c));
  });
}

}  // namespace

double expected_tricks(const State& belief, Seat seat) {
  const Knowledge k = gather(belief, seat);
  double expected = 0;
  for (Card c : k.hand) expected += strength(k, c);
  return expected;
}

Move heuristic_move(const State& belief, Seat seat, Rng&) {  // deterministic given the belief
  return bid_then_play(belief, seat, gather, choose_bid, choose_play);
}

double plausibility(const State& world, Seat observer) {
  if (world.over()) return 1;
  const int n = world.num_seats(), h = world.hand_size();
  // The round replayed from its deal: each seat's decision weighed on what it knew then.
  State replay = world.round_as_dealt();
  double weight = 1;
  Rng unused(0);  // the heuristic draws nothing
  auto replay_move = [&](Seat p, Move m) {
    [[maybe_unused]] const Status st = replay.apply(p, m, nullptr);
    CARDROOM_ASSERT(st.ok(), "s48 plausibility: the round's own move was refused on its replay");
  };
  for (int i = 0; i < n && world.bid((world.dealer() + 1 + i) % n) >= 0; ++i) {
    const Seat p = (world.dealer() + 1 + i) % n;
    const int bid = world.bid(p);
    if (p != observer) {
      const int forbidden = replay.forbidden_bid();
      const double e = table_estimate(gather(replay, p), p, h, n, bids_of(replay).data());
      // The smallest stray of the estimate that explains the bid; for a bid this model never
      // makes (1, unless hooked), the smallest that comes nearest.
      double stray = kWidestStray;
      int nearest = h + 1;
      for (double d = 0; d <= kWidestStray; d += kStrayStep)
        for (const double shifted : {e - d, e + d}) {
          const int miss = std::abs(bid_for_estimate(shifted, h, forbidden) - bid);
          if (miss < nearest) {
            nearest = miss;
            stray = d;
          }
        }
      weight *= std::exp(-0.5 * (stray / kBidSpread) * (stray / kBidSpread));
    }
    replay_move(p, bid_move(bid));
  }
  if (world.phase() != State::Phase::kPlay) return weight;
  const TrickPlay& play = world.trick_play();
  for (int t = 0; t <= play.trick_number() && t < play.tricks(); ++t) {
    const int count = t < play.trick_number() ? n : play.trick_size();
    for (int i = 0; i < count; ++i) {
      const Seat p = play.seat_of(t, i);
      const Move played = play_move(play.card(t, i));
      if (p != observer && heuristic_move(replay, p, unused) != played) weight *= kOtherPlay;
      replay_move(p, played);
    }
  }
  return weight;
}

}  // namespace cardroom::s48
