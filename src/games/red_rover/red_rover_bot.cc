// The Red Rover heuristic player.
//
//   First auction: a rover contract only with a hand that runs: rover_estimate counts the tricks
//     it wins in a row from the lead (top trumps, and all its trumps and top side cards once the
//     defenders' trumps must be gone). Rover Hand from 6 such tricks, Rover (with the exchange)
//     from 5; an against contract only when the 6D is turned up (out of play), from 8 and 7
//     (a defender holding the 6D wins a trick as soon as it is void).
//   Exchanges: takes packet 3 when the turn-up is worth having, keeps trumps and top cards, calls
//     the lowest trump it lacks (a defender must lead it into its trumps).
//   Second auction: counts marriages it should capture (both K and Q, or one of them with trump
//     length behind) in its longest trump suit; bids that many when it holds 4 trumps or more.
//   Declarations: always (the bare marriage's 3 before the 6D's 2).
//   Play: wins tricks holding a king or queen as cheaply as it can, keeps its own kings and queens
//     out of tricks it loses, leads sure winners (trumps first when it holds the most), and in a
//     rover contract the declarer wins every trick it can while a defender takes any one.
// Other players' hands in the belief state are random fakes and are never looked at.
#include "games/red_rover/red_rover_bot.h"

#include <algorithm>
#include <bit>

namespace cardroom::red_rover {
namespace {

constexpr int kRoverHandTricks = 6, kRoverTricks = 5, kHandAgainstTricks = 8, kAgainstTricks = 7;
constexpr double kBidSlack = 0.2;  // round the expected marriages up from .8
constexpr int kMinTrumpsToBid = 4;

// The cards of `suit` (kNoSuit: the 6D alone) under `trump`, highest first.
int ranked(int suit, int trump, RedOrder order, std::array<Card, 10>& out) {
  Policy p;
  p.trump = static_cast<std::uint8_t>(trump);
  p.order = order;
  CardSet cards = suit == kNoSuit ? CardSet::of(kRedRover) : p.members(suit) & kDeck;
  int n = 0;
  for (Card c : cards) out[n++] = c;
  std::sort(out.begin(), out.begin() + n, [&](Card a, Card b) {
    if (a == kRedRover) return true;
    if (b == kRedRover) return false;
    return rank_key(a, order) > rank_key(b, order);
  });
  return n;
}

// Tricks a suit runs from the lead: its top sequence, or all of it once the others' cards fall
// under that sequence (two defenders each follow once per lead).
int running(CardSet hand, int suit, int trump, RedOrder order) {
  std::array<Card, 10> cards{};
  const int n = ranked(suit, trump, order, cards);
  int top = 0;
  while (top < n && hand.contains(cards[top])) ++top;
  int held = 0, others = 0;
  for (int i = 0; i < n; ++i) (hand.contains(cards[i]) ? held : others)++;
  return others <= 2 * top ? held : top;
}

// Whether `card` beats every card still unseen by the seat, led now under `policy`.
bool sure_winner(const Policy& policy, Card card, CardSet unseen) {
  for (Card u : unseen) {
    const std::array<Card, 2> t = {card, u};
    if (policy.winner({t.data(), 2, 0}) == 1) return false;
  }
  return true;
}

bool court(Card c) { return rank_of(c) == kKing || rank_of(c) == kQueen; }

struct Knowledge {
  CardSet hand;
  CardSet unseen;  // not ours, not played, not our discards
  Policy policy;
};

Knowledge gather(const State& s, Seat seat) {
  Knowledge k;
  k.hand = s.hand(seat);
  k.unseen = kDeck - k.hand - s.played_this_round();
  if (s.declarer() == seat) k.unseen -= s.discards();
  if (s.open_play()) {  // Bull Rush: every hand is face up
    k.unseen = CardSet();
    for (Seat p = 0; p < kPlayers; ++p)
      if (p != seat) k.unseen |= s.hand(p);
  }
  k.policy = s.trick_play().policy();
  return k;
}

// The suit the hand would choose as trumps for the marriage game: the most members (the 6D
// counts), then the most court cards.
int best_marriage_trump(CardSet hand) {
  int best = kSpades, best_score = -1;
  for (int s = 0; s < kSuits; ++s) {
    Policy p;
    p.trump = static_cast<std::uint8_t>(s);
    const int score = 4 * (hand & p.members(s)).size() + (hand & CardSet::suit(s)).size();
    if (score > best_score) {
      best_score = score;
      best = s;
    }
  }
  return best;
}

double marriage_estimate(CardSet hand, int trump) {
  Policy p;
  p.trump = static_cast<std::uint8_t>(trump);
  double e = 0;
  for (int s = 0; s < kSuits; ++s) {
    const bool k = hand.contains(make_card(s, kKing)), q = hand.contains(make_card(s, kQueen));
    const int length = (hand & p.members(s)).size();
    if (k && q)
      e += s == trump || length >= 3 ? 0.9 : 0.6;
    else if (k || q)
      e += s == trump ? 0.3 : 0.1;
  }
  const int trumps = (hand & p.members(trump)).size();
  return e + 0.15 * std::max(0, trumps - kMinTrumpsToBid);
}

Move choose_first_bid(const State& s, Seat seat, const Knowledge& k) {
  const RoverEstimate e = rover_estimate(k.hand, s.config().red_order);
  int want = kNoContract;
  if (k.hand.contains(kRedRover)) {
    if (e.tricks >= kRoverHandTricks)
      want = kRoverHand;
    else if (e.tricks >= kRoverTricks)
      want = kRover;
  } else if (s.turn_up() == kRedRover) {
    // The 6D lies in packet 3: Rover takes it; an against contract (packet 3 barred) plays with
    // the 6D out of play, the only time the heuristic risks one.
    const int with_six =
        rover_estimate(k.hand | CardSet::of(kRedRover), s.config().red_order).tricks;
    if (with_six - 1 >= kHandAgainstTricks)
      want = kRoverHandAgainst;
    else if (with_six - 1 >= kAgainstTricks)
      want = kRoverAgainst;
    else if (with_six >= kRoverHandTricks)
      want = kRover;
  }
  if (want != kNoContract && !s.why_not_contract(seat, want)) return contract_move(want);
  return pass_move();
}

Move choose_second_bid(const State& s, Seat, const Knowledge& k) {
  const int trump = best_marriage_trump(k.hand);
  Policy p;
  p.trump = static_cast<std::uint8_t>(trump);
  if ((k.hand & p.members(trump)).size() < kMinTrumpsToBid) return pass_move();
  const int n = static_cast<int>(marriage_estimate(k.hand, trump) + kBidSlack);
  if (n < 1) return pass_move();
  for (int level = 1; level <= std::min(n, 4); ++level)
    if (s.marriage_rank(level, trump) > s.high_bid()) return marriage_bid_move(level, trump);
  return pass_move();
}

// The trump a rover declarer names: the estimate's, or no trumps.
int rover_trump(const State& s, CardSet hand) {
  return rover_estimate(hand, s.config().red_order).trump;
}

Move choose_discard(const State& s, const Knowledge& k) {
  const int trump = rover_trump(s, k.hand);
  Policy p;
  p.trump = static_cast<std::uint8_t>(trump);
  p.order = s.config().red_order;
  // Keep trumps and sure winners; among the rest, the lowest card of the shortest suit goes.
  Card best = k.hand.lowest();
  int best_score = 1 << 30;
  for (Card c : k.hand) {
    int score = rank_key(c, p.order);
    if (c == kRedRover || (trump != kNoSuit && p.members(trump).contains(c))) score += 1000;
    if (sure_winner(p, c, kDeck - k.hand)) score += 500;
    score += 10 * (k.hand & CardSet::suit(suit_of(c))).size();
    if (score < best_score) {
      best_score = score;
      best = c;
    }
  }
  return discard_move(best);
}

Move choose_take(const State& s, Seat seat) {
  MoveList<State::kMaxMoves> moves;
  s.legal_moves(seat, moves);
  const Card up = s.turn_up();
  const bool wanted =
      up == kRedRover || rank_of(up) >= kQueen || rank_key(up, s.config().red_order) >= 10;
  for (Move m : moves)
    if (wanted == (move_payload(m) == 3)) return m;
  return moves[0];
}

Move choose_call(const State& s, const Knowledge& k) {
  // The lowest card of the trump suit (else of the longest suit) it does not hold.
  Policy p = k.policy;
  int suit = p.trump;
  if (suit == kNoSuit) {
    int longest = 0;
    for (int x = 0; x < kSuits; ++x)
      if ((k.hand & CardSet::suit(x)).size() > longest) {
        longest = (k.hand & CardSet::suit(x)).size();
        suit = x;
      }
  }
  Card best = kNoCard;
  for (Card c : p.members(suit) & kDeck)
    if (!k.hand.contains(c) && c != kRedRover &&
        (best == kNoCard ||
         rank_key(c, s.config().red_order) < rank_key(best, s.config().red_order)))
      best = c;
  if (best == kNoCard) best = (kDeck - k.hand).lowest();
  if (s.called_suit() == kNoSuit) return call_suit_move(suit_of(best));
  if (suit_of(best) == s.called_suit()) return call_rank_move(rank_of(best));
  return call_rank_move(kSix);
}

Move choose_declaration(const State& s, Seat seat) {
  for (int suit = 0; suit < kSuits; ++suit)
    if (!s.why_not_declare(seat, kDeclaredMarriage + suit)) return declare_marriage_move(suit);
  if (!s.why_not_declare(seat, kDeclaredSix)) return declare_six_move();
  return pass_move();
}

Move choose_name(const State& s, Seat seat, const Knowledge& k) {
  // Name the suit it is longest in (the others may have to give up their top cards).
  (void)s;
  (void)seat;
  int best = 0, longest = -1;
  for (int x = 0; x < kSuits; ++x) {
    const int n = (k.hand & CardSet::suit(x)).size();
    if (n > longest) {
      longest = n;
      best = x;
    }
  }
  return name_move(best);
}

Move choose_play(const State& s, Seat seat, const Knowledge& k) {
  MoveList<State::kMaxMoves> moves;
  s.legal_moves(seat, moves);
  const Policy& p = k.policy;
  const int count = s.trick_size();
  const int trick = s.trick_number();
  std::array<Card, kPlayers> cards{};
  for (int i = 0; i < count; ++i) cards[i] = s.trick_card(trick, i);
  const bool rover = is_rover(s.contract());
  const bool declarer = s.declarer() == seat;
  // Whether `c` would win the trick as it stands.
  auto wins_now = [&](Card c) {
    cards[count] = c;
    return p.winner({cards.data(), count + 1, s.trick_leader()}) == count;
  };
  auto strength = [&](Card c) {
    const int base = c == kRedRover ? 100 : rank_key(c, p.order);
    return (p.trump != kNoSuit && p.members(p.trump).contains(c)) ? 50 + base : base;
  };
  auto pick = [&](auto&& score) {
    Move best = moves[0];
    int best_score = -(1 << 30);
    for (Move m : moves) {
      const int v = score(static_cast<Card>(move_payload(m)));
      if (v > best_score) {
        best_score = v;
        best = m;
      }
    }
    return best;
  };
  if (count == 0) {
    // Lead a sure winner (the strongest first when drawing trumps); else a low card that is not
    // a king or queen.
    return pick([&](Card c) {
      if (sure_winner(p, c, k.unseen)) return 1000 + strength(c);
      return (court(c) ? -200 : 0) - strength(c);
    });
  }
  int value = 0;  // kings and queens in the trick
  for (int i = 0; i < count; ++i) value += court(cards[i]);
  const bool last = count == kPlayers - 1;
  bool partner_winning = false;  // a rover defender's ally holds the trick
  if (rover && !declarer) {
    const int w = p.winner({cards.data(), count, s.trick_leader()});
    partner_winning = tricks::nth_seat<Policy>(s.trick_leader(), w, kPlayers) != s.declarer();
  }
  const bool want =
      rover ? (declarer || !partner_winning) : (value > 0 || s.tricks_won(seat) == 0 || last);
  return pick([&](Card c) {
    const bool w = wins_now(c);
    if (want && w) {
      // The cheapest winner when last or sure; else the strongest.
      const bool holds = last || sure_winner(p, c, k.unseen);
      return 1000 + (holds ? 200 - strength(c) : strength(c)) + (court(c) ? 30 : 0);
    }
    // Losing or not wanted: the weakest card, keeping kings and queens.
    return -strength(c) - (court(c) ? 60 : 0) - (w ? 100 : 0) * (partner_winning ? 1 : 0);
  });
}

}  // namespace

RoverEstimate rover_estimate(CardSet hand, RedOrder order) {
  RoverEstimate best;
  for (int trump = 0; trump <= kSuits; ++trump) {
    const int t = trump == kSuits ? kNoSuit : trump;
    int tricks = 0;
    if (t != kNoSuit) {
      Policy p;
      p.trump = static_cast<std::uint8_t>(t);
      std::array<Card, 10> cards{};
      const int n = ranked(t, t, order, cards);
      int top = 0;
      while (top < n && hand.contains(cards[top])) ++top;
      const int held = (hand & p.members(t)).size(), others = n - held;
      if (others > 2 * top) {
        tricks = top;
      } else {
        tricks = held;
        for (int s = 0; s < kSuits; ++s)
          if (s != t) {
            std::array<Card, 10> side{};
            const int m = ranked(s, t, order, side);
            int k = 0;
            while (k < m && hand.contains(side[k])) ++k;
            tricks += k;
          }
      }
    } else {
      tricks = hand.contains(kRedRover) ? 1 : 0;
      for (int s = 0; s < kSuits; ++s) tricks += running(hand, s, kNoSuit, order);
    }
    if (tricks > best.tricks) best = {t, tricks};
  }
  return best;
}

int expected_marriages(CardSet hand, int trump) {
  return static_cast<int>(marriage_estimate(hand, trump) + kBidSlack);
}

Move heuristic_move(const State& belief, Seat seat, Rng&) {
  MoveList<State::kMaxMoves> moves;
  belief.legal_moves(seat, moves);
  if (moves.empty()) return Move{};
  if (moves.size() == 1) return moves[0];
  const Knowledge k = gather(belief, seat);
  switch (belief.phase()) {
    case State::Phase::kAuction:
      return choose_first_bid(belief, seat, k);
    case State::Phase::kBid:
      return choose_second_bid(belief, seat, k);
    case State::Phase::kTake:
    case State::Phase::kPickup:
      return choose_take(belief, seat);
    case State::Phase::kDiscard:
      return choose_discard(belief, k);
    case State::Phase::kAnnounce: {
      const int t = rover_trump(belief, k.hand);
      return t == kNoSuit ? notrump_move() : trump_move(t);
    }
    case State::Phase::kCall:
      return choose_call(belief, k);
    case State::Phase::kLeader:
      return leader_move(seat);
    case State::Phase::kDeclare:
      return choose_declaration(belief, seat);
    case State::Phase::kPlay:
      return belief.naming() ? choose_name(belief, seat, k) : choose_play(belief, seat, k);
    case State::Phase::kOver:
      break;
  }
  return moves[0];
}

}  // namespace cardroom::red_rover
