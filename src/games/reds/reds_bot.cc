// The Reds heuristic player.
//
// One small model drives bidding, the exchange and play. Each card in hand gets two numbers from
// public information only (own hand, cards played and turned, shown voids, hand sizes, public
// bids):
//   p  the chance it takes a trick if we try to win with it,
//   f  the chance it takes a trick even if we try to lose with it (an ace of trumps always does).
// Treating cards as independent, a tiny dynamic programme gives the joint distribution of the
// fewest tricks we cannot avoid (lo) and the most we can take (hi); assuming we then steer to the
// bid when lo <= bid <= hi (with some slip), that gives the expected round points of any plan.
//   Bid: the bid with the best expected points, after the best exchange for that bid.
//   Exchange: the k cards whose loss (plus k average unknown cards) best suits the bid.
//   Play: for each legal card, the chance it wins this trick (it wins now and no later player is
//   likely to beat it) times the value of the rest of the hand with one more trick, plus the
//   chance it loses times the value with the same tricks. In partnerships the partner's gain or
//   loss from keeping the trick is added, so we do not overtake a partner without need.
// Other players' hands in the belief state are random fakes and are never looked at; neither are
// other players' bids when bids are hidden (they are random in the belief).
#include "games/reds/reds_bot.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace cardroom::reds {
namespace {

// Card model for one table size, fitted to self-play logs: for each card in hand at the start of
// play, whether it took a trick, for a seat that bid 5 (p: trying to win) and one that bid 0 (f:
// trying to lose). "clear" is the chance that none of the higher cards of its suit still out falls
// on it, each out card being held with the chance rho and meeting ours with the chance `meet`.
struct SuitModel {
  double meet = 0.5;  // chance a held higher card meets ours (5 tricks left; rises to 1 at 1)
  double reach = 1;   // trump: share of the lost "clear" that really loses; black: chance the
                      // card gets a trick its suit can win (its suit led, or anti-trump follows)
  double others = 1;  // neutral: weight of the ruff risk; anti-trump: exponent of all-follow
  double lower = 0;   // forced: division by (1 + lower * cards below it in hand)
};
struct TableModel {
  SuitModel trump, neutral, anti;        // p, trying to win
  SuitModel trump_f, neutral_f, anti_f;  // f, trying to lose
};
constexpr std::array<TableModel, kMaxPlayers - kMinPlayers + 1> kTableModels = {{
    // 2 players
    {{1.0, 0.85},
     {0.65, 0.8, 0.4},
     {0.75, 0.7, 1.5},
     {0.85, 1.0},
     {0.75, 0.5, 0.8, 1.0},
     {0.85, 0.3, 2.0, 0.5}},
    // 3 players
    {{0.5, 1.0},
     {0.55, 0.8, 0.6},
     {0.85, 0.5, 0.5},
     {0.7, 1.0},
     {0.65, 0.6, 0.6, 1.0},
     {0.95, 0.6, 2.0, 2.0}},
    // 4 players
    {{0.4, 0.95},
     {0.45, 0.7, 0.6},
     {0.85, 0.4, 0.5},
     {0.55, 1.0},
     {0.55, 0.6, 0.6, 1.0},
     {0.95, 0.8, 2.0, 2.0}},
    // 5 players
    {{0.45, 0.85},
     {0.35, 0.7, 0.8},
     {0.75, 0.4, 0.5},
     {0.6, 0.95},
     {0.35, 0.5, 0.8, 1.0},
     {0.85, 0.7, 1.5, 2.0}},
    // 6 players
    {{0.4, 0.85},
     {0.35, 0.8, 0.8},
     {0.65, 0.4, 0.5},
     {0.6, 0.95},
     {0.35, 0.6, 0.8, 1.0},
     {0.75, 0.5, 1.0, 2.0}},
}};

// The constants of the decisions, tuned by simulation (heuristic against random and itself).
struct Tuning {
  double follow_will = 0.9;   // chance a player able to beat us by following does so
  double ruff_will = 0.7;     // chance a player able to trump or discard a winner does so
  double slip = 0.12;         // chance of missing an exact target that needs steering
  double competition = 0.1;   // bid shading per trick the earlier bids exceed their share
  double sender_bias = 0.25;  // how much a visible sender bid shapes the cards we expect
  double partner_gain = 4.0;  // partner's points from a trick it still needs
  double partner_loss = 6.0;  // partner's points lost from a trick that breaks its bid
  double nil_bonus = 0.5;     // nils succeed more often than the model predicts (against random
                              // players more nils cost margin: they get the tricks we refuse)
};

constexpr Tuning kTuning;

struct Strength {
  double p = 0;  // takes a trick when we want it
  double f = 0;  // takes a trick even when we do not
};

// (lo, hi) distribution: p[lo][hi], lo <= hi <= cards.
struct Spread {
  std::array<std::array<double, kHandSize + 1>, kHandSize + 1> p{};
  int cards = 0;
};

// What the seat knows, gathered once per decision.
struct Knowledge {
  const State* s = nullptr;
  const Tuning* t = nullptr;
  Seat seat = 0;
  int n = 0;
  int anti = kNoSuit;
  CardSet hand;
  CardSet out;      // may be in another hand or the pack: not ours, not played, not turned
  CardSet located;  // cards we passed that the recipient still holds
  Seat recipient = -1;
  int unlocated = 0;                          // |out - located|
  std::array<int, kMaxPlayers> free_cards{};  // other hands: cards not known to us
  double rho = 0;  // chance an unlocated out card is in some other hand (not the pack)
};

// Chance that `draws` cards drawn from `pool` contain none of `bad` given cards.
double none_drawn(int pool, int bad, int draws) {
  double q = 1;
  for (int i = 0; i < draws; ++i) {
    if (pool - bad - i <= 0) return 0;
    q *= static_cast<double>(pool - bad - i) / (pool - i);
  }
  return q;
}

bool is_void(const Knowledge& k, Seat j, int suit) { return (k.s->void_suits(j) >> suit) & 1; }

// Chance that seat j holds at least one card of `x` (cards out).
double holds_any(const Knowledge& k, Seat j, CardSet x) {
  if (j == k.recipient && x.intersects(k.located)) return 1;
  x -= k.located;
  for (int suit = 0; suit < kSuits; ++suit)
    if (is_void(k, j, suit)) x -= CardSet::suit(suit);
  if (x.empty()) return 0;
  return 1 - none_drawn(k.unlocated, x.size(), k.free_cards[j]);
}

// Chance that seat j has no card of `suit`.
double void_prob(const Knowledge& k, Seat j, int suit) {
  if (is_void(k, j, suit)) return 1;
  if (j == k.recipient && k.located.intersects(CardSet::suit(suit))) return 0;
  return none_drawn(k.unlocated, (k.out - k.located).in_suit(suit).size(), k.free_cards[j]);
}

Knowledge gather(const State& s, Seat seat, const Tuning& t) {
  Knowledge k;
  k.s = &s;
  k.t = &t;
  k.seat = seat;
  k.n = s.num_seats();
  k.anti = s.anti_trump();
  k.hand = s.hand(seat);
  k.out = kDeck - k.hand - s.played_this_round() - s.turned_set();
  if (s.phase() == State::Phase::kPlay && s.exchange().cards > 0) {
    k.recipient = (seat + s.exchange().direction + k.n) % k.n;
    k.located = s.passed(seat) & k.out;
  }
  k.unlocated = (k.out - k.located).size();
  int free_total = 0;
  for (Seat j = 0; j < k.n; ++j) {
    if (j == seat) continue;
    k.free_cards[j] = s.hand(j).size() - (j == k.recipient ? k.located.size() : 0);
    free_total += k.free_cards[j];
  }
  k.rho = k.unlocated > 0 ? static_cast<double>(free_total) / k.unlocated : 0;
  return k;
}

// Cards of `suit` in `set` above (or below) card c.
CardSet above(CardSet set, Card c) {
  return set.in_suit(suit_of(c)) & CardSet(~((std::uint64_t{2} << c) - 1));
}
CardSet below(CardSet set, Card c) {
  return set.in_suit(suit_of(c)) & CardSet((std::uint64_t{1} << c) - 1);
}

// Chance that no higher card of c's suit still out falls on c, with `tricks` tricks to come.
double clear_of_higher(const Knowledge& k, Card c, double meet5, int tricks) {
  // Fitted with 5 tricks to come; with one trick left every held card meets ours.
  const double meet = meet5 + (1 - meet5) * (kTricks - std::clamp(tricks, 1, kTricks)) / 4.0;
  double clear = 1;
  for (Card x : above(k.out, c)) clear *= 1 - meet * (k.located.contains(x) ? 1 : k.rho);
  return clear;
}

// How likely card c of `hand` is to take a trick in the `tricks` tricks to come.
Strength card_strength(const Knowledge& k, Card c, CardSet hand, int tricks) {
  const TableModel& m = kTableModels[k.n - kMinPlayers];
  const int suit = suit_of(c);
  if (suit == kTrump) {
    const double p = 1 - m.trump.reach * (1 - clear_of_higher(k, c, m.trump.meet, tricks));
    const double f = 1 - m.trump_f.reach * (1 - clear_of_higher(k, c, m.trump_f.meet, tricks));
    return {p, std::min(p, f)};
  }
  const int lower = below(hand, c).size();
  if (suit == k.anti && k.s->config().anti_trump_lead == AntiTrumpLead::kDrop) {
    // Wins only if the anti-trump suit is led and every other player follows it.
    double all_follow = 1;
    for (Seat j = 0; j < k.n; ++j)
      if (j != k.seat && k.s->hand(j).size() > 0) all_follow *= 1 - void_prob(k, j, suit);
    const double p = m.anti.reach * clear_of_higher(k, c, m.anti.meet, tricks) *
                     std::pow(all_follow, m.anti.others);
    const double f = m.anti_f.reach * clear_of_higher(k, c, m.anti_f.meet, tricks) *
                     std::pow(all_follow, m.anti_f.others) / (1 + m.anti_f.lower * lower);
    return {p, std::min(p, f)};
  }
  // A neutral card (or anti-trump under the face-value readings): wins when its suit leads (or on
  // an anti-trump lead it cannot follow) and nobody trumps it.
  const CardSet trumps_out = k.out.in_suit(kTrump);
  double no_ruff = 1;  // chance that nobody can trump it
  for (Seat j = 0; j < k.n; ++j)
    if (j != k.seat && k.s->hand(j).size() > 0)
      no_ruff *= 1 - void_prob(k, j, suit) * holds_any(k, j, trumps_out);
  const double ruff = 1 - no_ruff;
  const double p = m.neutral.reach * clear_of_higher(k, c, m.neutral.meet, tricks) *
                   (1 - m.neutral.others * ruff);
  const double f = m.neutral_f.reach * clear_of_higher(k, c, m.neutral_f.meet, tricks) *
                   (1 - m.neutral_f.others * ruff) / (1 + m.neutral_f.lower * lower);
  return {p, std::min(p, f)};
}

void add_card(Spread& sp, Strength st) {
  Spread next;
  next.cards = sp.cards + 1;
  const double optional = std::max(0.0, st.p - st.f);
  const double none = std::max(0.0, 1 - st.p);
  for (int lo = 0; lo <= sp.cards; ++lo)
    for (int hi = lo; hi <= sp.cards; ++hi) {
      const double q = sp.p[lo][hi];
      if (q == 0) continue;
      next.p[lo + 1][hi + 1] += q * st.f;
      next.p[lo][hi + 1] += q * optional;
      next.p[lo][hi] += q * none;
    }
  sp = next;
}

Spread start_spread() {
  Spread sp;
  sp.p[0][0] = 1;
  return sp;
}

// Expected round points with `won` tricks so far and the future tricks spread as `sp`.
double expected_points(const Spread& sp, int bid, int won, double slip) {
  double total = 0;
  for (int lo = 0; lo <= sp.cards; ++lo)
    for (int hi = lo; hi <= sp.cards; ++hi) {
      const double q = sp.p[lo][hi];
      if (q == 0) continue;
      const int target = std::clamp(bid - won, lo, hi);
      double v = round_points(bid, won + target);
      if (lo < hi && target > lo && target < hi) {
        // Hitting the target needs both winning and ducking on purpose: allow a slip either way.
        v = (1 - slip) * v +
            slip * 0.5 *
                (round_points(bid, won + target - 1) + round_points(bid, won + target + 1));
      } else if (lo < hi) {
        const int other = target == lo ? target + 1 : target - 1;
        v = (1 - slip * 0.5) * v + slip * 0.5 * round_points(bid, won + other);
      }
      total += q * v;
    }
  return total;
}

// Strengths of every card of `hand` for the `tricks` to come, optionally shaded by `scale`.
int hand_strengths(const Knowledge& k, CardSet hand, int tricks, double scale,
                   std::array<Strength, kHandSize>& out) {
  int m = 0;
  for (Card c : hand) {
    Strength st = card_strength(k, c, hand, tricks);
    if (scale != 1 && st.p < 1) {
      st.p = std::clamp(st.p * scale, 0.0, 1.0);
      st.f = std::min(st.f * scale, st.p);
    }
    out[m++] = st;
  }
  return m;
}

// The average strength of a card we may receive in the exchange, from the unknown cards. A sender
// whose public bid is low will likely pass good cards; a high bidder passes poor ones.
Strength received_strength(const Knowledge& k, CardSet kept, int tricks, Seat sender) {
  std::array<double, kDeckSize> ps{}, fs{};
  int m = 0;
  for (Card x : k.out) {
    CardSet with = kept;
    with.add(x);
    Strength st = card_strength(k, x, with, tricks);
    ps[m] = st.p;
    fs[m] = st.f;
    ++m;
  }
  if (m == 0) return {};
  double sp = 0, sf = 0;
  for (int i = 0; i < m; ++i) sp += ps[i], sf += fs[i];
  const Strength avg{sp / m, sf / m};
  const State& s = *k.s;
  if (s.config().hidden_bids || sender < 0 || sender == k.seat || !s.has_bid(sender)) return avg;
  const int b = s.bid(sender);
  if (b >= 2 && b <= 3) return avg;
  // Low bidders pass their best cards, high bidders their worst: the top or bottom third.
  std::array<int, kDeckSize> idx{};
  for (int i = 0; i < m; ++i) idx[i] = i;
  std::sort(idx.begin(), idx.begin() + m, [&](int a, int c) { return ps[a] > ps[c]; });
  const int third = std::max(1, m / 3);
  const int from = b <= 1 ? 0 : m - third;
  double tp = 0, tf = 0;
  for (int i = from; i < from + third; ++i) tp += ps[idx[i]], tf += fs[idx[i]];
  const double w = k.t->sender_bias;
  return {(1 - w) * avg.p + w * tp / third, (1 - w) * avg.f + w * tf / third};
}

// Best expected points for `bid` over the possible exchanges of `cards` cards (none: keep all).
// Writes the best cards to pass to `best_give`.
double best_exchange_value(const Knowledge& k, int bid, int cards, Seat sender, double scale,
                           CardSet* best_give) {
  const CardSet hand = k.hand;
  std::array<Card, kHandSize> list{};
  int h = 0;
  for (Card c : hand) list[h++] = c;
  double best = -1;
  for (unsigned mask = 0; mask < (1u << h); ++mask) {
    if (std::popcount(mask) != cards) continue;
    CardSet give;
    for (int i = 0; i < h; ++i)
      if ((mask >> i) & 1) give.add(list[i]);
    const CardSet kept = hand - give;
    std::array<Strength, kHandSize> st{};
    const int m = hand_strengths(k, kept, kHandSize, scale, st);
    Spread sp = start_spread();
    for (int i = 0; i < m; ++i) add_card(sp, st[i]);
    if (cards > 0) {
      Strength r = received_strength(k, kept, kHandSize, sender);
      for (int i = 0; i < cards; ++i) add_card(sp, r);
    }
    // Passing strength to a neighbour helps an opponent: a small tie-break against it.
    double given = 0;
    for (Card c : give) given += card_strength(k, c, hand, kHandSize).p;
    const double v = expected_points(sp, bid, 0, k.t->slip) - 0.01 * given;
    if (v > best) {
      best = v;
      if (best_give) *best_give = give;
    }
  }
  return best;
}

// Shading of our card strengths from the public bids already made: tricks the others have claimed
// beyond an even share will be fought for.
double competition_scale(const Knowledge& k) {
  const State& s = *k.s;
  if (s.config().hidden_bids) return 1;  // others' bids in the belief are random
  int claimed = 0, bidders = 0;
  for (Seat j = 0; j < k.n; ++j)
    if (j != k.seat && s.has_bid(j)) claimed += s.bid(j), ++bidders;
  if (bidders == 0) return 1;
  std::array<Strength, kHandSize> st{};
  const int m = hand_strengths(k, k.hand, kHandSize, 1, st);
  double mine = 0;
  for (int i = 0; i < m; ++i) mine += st[i].p;
  const double share = std::max(0.0, kTricks - mine) / (k.n - 1);
  const double excess = claimed - bidders * share;
  return std::clamp(1 - k.t->competition * excess, 0.7, 1.2);
}

Move choose_bid(const Knowledge& k) {
  const State& s = *k.s;
  const Exchange ex = s.exchange();
  const Seat sender = ex.cards > 0 ? (k.seat - ex.direction + k.n) % k.n : -1;
  const double scale = competition_scale(k);
  int best_bid = 0;
  double best = -1;
  for (int b = 0; b <= kMaxBid; ++b) {
    const double v =
        best_exchange_value(k, b, ex.cards, sender, scale, nullptr) + (b == 0 ? k.t->nil_bonus : 0);
    if (v > best) best = v, best_bid = b;
  }
  return bid_move(best_bid);
}

Move choose_give(const Knowledge& k) {
  const State& s = *k.s;
  const Exchange ex = s.exchange();
  const Seat sender = (k.seat - ex.direction + k.n) % k.n;
  CardSet give;
  best_exchange_value(k, s.bid(k.seat), ex.cards, sender, 1, &give);
  return give_move(give);
}

// Chance that the card at `index` of the (partial) trick still wins once the players after it play.
double hold_prob(const Knowledge& k, std::array<Card, kMaxPlayers>& trick, int count, int index) {
  const State& s = *k.s;
  const AntiTrumpLead rule = s.config().anti_trump_lead;
  if (trick_winner(trick.data(), count, k.anti, rule) != index) return 0;
  if (count == k.n) return 1;
  const int led = suit_of(trick[0]);
  CardSet beat_follow, beat_other;
  for (Card x : k.out) {
    trick[count] = x;
    if (trick_winner(trick.data(), count + 1, k.anti, rule) != count) continue;
    if (suit_of(x) == led)
      beat_follow.add(x);
    else
      beat_other.add(x);
  }
  // When every card off the led suit beats ours (anti-trump led), a void player beats it perforce.
  const bool forced = beat_other == k.out - k.out.in_suit(led);
  const Seat leader = s.trick_leader();
  double hold = 1;
  for (int i = count; i < k.n; ++i) {
    const Seat j = (leader + i) % k.n;
    if (j == k.seat) continue;
    const double v = void_prob(k, j, led);
    double beat = k.t->follow_will * holds_any(k, j, beat_follow);
    if (!beat_other.empty())
      beat += v * (forced ? 1.0 : holds_any(k, j, beat_other) * k.t->ruff_will);
    hold *= 1 - std::min(1.0, beat);
  }
  return hold;
}

// What the partner gains (or loses) by taking one more trick, from its public bid.
double partner_trick_value(const Knowledge& k, Seat partner) {
  const State& s = *k.s;
  if (s.config().hidden_bids) return 1;  // unknown bid: a trick is mildly welcome
  const int need = s.bid(partner) - s.tricks_won(partner);
  if (need >= 1) return k.t->partner_gain;
  if (need == 0) return -k.t->partner_loss;
  return 1;  // already over: each trick is a point
}

Move choose_play(const Knowledge& k, const MoveList<State::kMaxMoves>& moves) {
  const State& s = *k.s;
  const int count = s.trick_size();
  const int bid = s.bid(k.seat);
  const int won = s.tricks_won(k.seat);
  std::array<Card, kMaxPlayers> trick{};
  for (int i = 0; i < count; ++i) trick[i] = s.trick_card(s.trick_number(), i);

  // Partnership: is the partner winning the trick so far, and how safely?
  Seat partner = -1;
  double partner_hold = 0, partner_value = 0;
  if (s.config().partnership && count > 0) {
    partner = (k.seat + k.n / 2) % k.n;
    const int w = trick_winner(trick.data(), count, k.anti, s.config().anti_trump_lead);
    if ((s.trick_leader() + w) % k.n == partner) {
      partner_value = partner_trick_value(k, partner);
      // The partner's card against the players after us, if we play under it.
      std::array<Card, kMaxPlayers> probe = trick;
      for (Move m : moves) {
        probe[count] = static_cast<Card>(move_payload(m));
        if (trick_winner(probe.data(), count + 1, k.anti, s.config().anti_trump_lead) == w) {
          partner_hold = hold_prob(k, probe, count + 1, w);
          break;
        }
      }
    }
  }

  Move best_move = moves[0];
  double best = -1e9;
  int best_rank = -1;
  for (Move m : moves) {
    const Card c = static_cast<Card>(move_payload(m));
    trick[count] = c;
    const double win = hold_prob(k, trick, count + 1, count);
    const CardSet rest = k.hand - CardSet::of(c);
    std::array<Strength, kHandSize> st{};
    const int r = hand_strengths(k, rest, rest.size(), 1, st);
    Spread sp = start_spread();
    for (int i = 0; i < r; ++i) add_card(sp, st[i]);
    double v = win * expected_points(sp, bid, won + 1, k.t->slip) +
               (1 - win) * expected_points(sp, bid, won, k.t->slip);
    if (partner >= 0 && partner_value != 0) {
      const int w = trick_winner(trick.data(), count + 1, k.anti, s.config().anti_trump_lead);
      if ((s.trick_leader() + w) % k.n == partner) v += partner_hold * partner_value;
    }
    // Ties (cards that are all equally useless) go to the highest card: shed danger early.
    const int rank = rank_of(c) + (suit_of(c) == kTrump ? 13 : 0);
    if (v > best + 1e-9 || (v > best - 1e-9 && rank > best_rank)) {
      best = v;
      best_move = m;
      best_rank = rank;
    }
  }
  return best_move;
}

Move decide(const State& belief, Seat seat, const Tuning& t) {
  MoveList<State::kMaxMoves> moves;
  belief.legal_moves(seat, moves);
  if (moves.empty()) return Move{};
  if (moves.size() == 1) return moves[0];
  const Knowledge k = gather(belief, seat, t);
  Move m;
  switch (belief.phase()) {
    case State::Phase::kBid:
      m = choose_bid(k);
      break;
    case State::Phase::kExchange:
      m = choose_give(k);
      break;
    case State::Phase::kPlay:
      m = choose_play(k, moves);
      break;
    default:
      return moves[0];
  }
  // Never hand back an illegal move, whatever the model decided.
  return moves.contains(m) ? m : moves[0];
}

}  // namespace

Move heuristic_move(const State& belief, Seat seat, Rng& rng) {
  (void)rng;  // the heuristic is deterministic; the belief state already carries the chance
  return decide(belief, seat, kTuning);
}

}  // namespace cardroom::reds
