// The Indian Chief heuristic player.
//
//   Meld: for every unfilled box it finds the best meld its hand makes now (all subsets of the
//   right size that contain the cards already picked) and compares it with the box's par, what
//   the box is worth on average on a later turn. It fills the box that beats its par by the most
//   (a sure Lawyer, a full house for the Chief, a Rich Man of low cards) and picks that meld's
//   cards one at a time, then commits. The Beggar is valued by the cards it has not seen: the
//   expected number of the other melds' cards matching its two ranks; the Thief by its face value
//   plus what a stolen card is worth.
//   Steal: the card on the table that most improves what its hand can make in its unfilled boxes.
#include "games/indian_chief/indian_chief_bot.h"

#include <algorithm>
#include <vector>

namespace cardroom::indian_chief {
namespace {

constexpr double kStealWorth = 3.0;  // a chosen card instead of a random one

// What the bot knows of the cards it cannot see: copies per rank unseen, and how many cards the
// other players will meld this turn on average.
struct Outlook {
  std::array<int, kRanks> unseen{};
  int unseen_total = 0;
  double others_cards = 0;
  bool declare = false;
};

Outlook outlook(const State& belief, Seat seat) {
  Outlook o;
  o.declare = belief.config().declare;
  const int decks = belief.config().decks();
  o.unseen.fill(kSuits * decks);
  CardMultiset seen = belief.hand(seat) + belief.stub_known();
  for (Seat s = 0; s < belief.num_seats(); ++s) seen += belief.meld(s);
  for (Card c : seen.to_vector()) --o.unseen[rank_of(c)];
  for (int n : o.unseen) o.unseen_total += std::max(n, 0);
  for (Seat s = 0; s < belief.num_seats(); ++s) {
    if (s == seat) continue;
    int open = 0, cards = 0;
    for (int b = 0; b < kBoxes; ++b)
      if (!belief.filled(s, b)) {
        ++open;
        cards += meld_size(b);
      }
    if (open > 0) o.others_cards += static_cast<double>(cards) / open;
  }
  return o;
}

// The value of one meld of `box` (cards in pick order) to the bot.
double meld_value(int box, const Card* cards, const Outlook& o) {
  if (box == kBeggar) {
    const int a = rank_of(cards[0]), b = rank_of(cards[1]);
    double matching = std::max(o.unseen[a], 0) + (a == b ? 0 : std::max(o.unseen[b], 0));
    return o.unseen_total > 0 ? 2.0 * o.others_cards * matching / o.unseen_total : 0.0;
  }
  const double score = meld_score(box, cards, kNoSuit, o.declare);
  return box == kThief ? score + kStealWorth : score;
}

// The best meld of `box` from `hand` whose first `picked` cards are fixed (the picks).
MeldPlan best_from(const std::vector<Card>& hand, int picked, int box, const Outlook& o) {
  MeldPlan best;
  best.box = box;
  best.size = meld_size(box);
  const int free = static_cast<int>(hand.size()) - picked, need = best.size - picked;
  if (need < 0 || need > free) return best;
  std::array<Card, kMaxMeld> cards{};
  for (int i = 0; i < picked; ++i) cards[i] = hand[i];
  for (unsigned mask = 0; mask < (1u << free); ++mask) {
    if (std::popcount(mask) != need) continue;
    int k = picked;
    for (int i = 0; i < free; ++i)
      if (mask >> i & 1) cards[k++] = hand[picked + i];
    if (box == kChief && o.declare && picked < 5) {
      // Declared split: the poker hand is picked first, so order the free cards that way.
      const ChiefSplit split = chief_split(cards, false);
      std::array<Card, kMaxMeld> ordered{};
      std::array<bool, kMaxMeld> used{};
      int n = 0;
      for (int i = 0; i < picked; ++i) ordered[n++] = cards[i], used[i] = true;
      for (std::uint8_t i : split.poker)
        if (!used[i]) ordered[n++] = cards[i], used[i] = true;
      for (int i = 0; i < kMaxMeld; ++i)
        if (!used[i]) ordered[n++] = cards[i];
      cards = ordered;
    }
    const double v = meld_value(box, cards.data(), o);
    if (v > best.value) {
      best.value = v;
      best.cards = cards;
    }
  }
  return best;
}

// The hand in pick order: the picks first, then the other cards.
std::vector<Card> hand_in_pick_order(const State& belief, Seat seat) {
  std::vector<Card> out;
  CardMultiset rest = belief.hand(seat);
  for (int i = 0; i < belief.picked(seat); ++i) {
    out.push_back(belief.pick(seat, i));
    rest.remove(belief.pick(seat, i));
  }
  for (Card c : rest.to_vector()) out.push_back(c);
  return out;
}

// Pars: roughly what the heuristic itself scores in a box it fills on a later turn (measured in
// self-play; a higher Doctor or Chief par makes it wait for a better hand, a lower Rich Man par
// makes it take a cheap Rich Man before it is forced into a dear one).
double par_of(int box, const Outlook& o) {
  switch (box) {
    case kThief:
      return 10.0 + kStealWorth;
    case kBeggar:
      return 2.0 * o.others_cards * 2.0 / kRanks;
    case kPoor:
      return 16.0;
    case kLawyer:
      return 22.0;
    case kRich:
      return -21.0;
    case kDoctor:
      return 24.0;
    default:
      return 33.0;
  }
}

// How much a hand (`hand`, no picks) can make in the open boxes of `seat`: the sum of the best
// meld of each, for choosing a card to steal.
double potential(const State& belief, Seat seat, const std::vector<Card>& hand, const Outlook& o) {
  double sum = 0;
  for (int b = 0; b < kBoxes; ++b)
    if (!belief.filled(seat, b) && meld_size(b) <= static_cast<int>(hand.size()))
      sum += best_from(hand, 0, b, o).value - par_of(b, o);
  return sum;
}

Move choose_steal(const State& belief, Seat seat) {
  const Outlook o = outlook(belief, seat);
  const std::vector<Card> hand = belief.hand(seat).to_vector();
  Move best = pass_move();
  double best_value = -1e9;
  for (Seat from = 0; from < belief.num_seats(); ++from) {
    if (from == seat) continue;
    for (Card c : belief.meld(from).kinds()) {
      std::vector<Card> with = hand;
      with.push_back(c);
      const double v = potential(belief, seat, with, o);
      if (v > best_value) {
        best_value = v;
        best = steal_move(from, c);
      }
    }
  }
  return best;
}

}  // namespace

MeldPlan best_meld(const State& belief, Seat seat, int box) {
  return best_from(hand_in_pick_order(belief, seat), belief.picked(seat), box,
                   outlook(belief, seat));
}

double box_par(const State& belief, Seat seat, int box) {
  return par_of(box, outlook(belief, seat));
}

MeldPlan plan_turn(const State& belief, Seat seat) {
  const Outlook o = outlook(belief, seat);
  const std::vector<Card> hand = hand_in_pick_order(belief, seat);
  const int picked = belief.picked(seat);
  MeldPlan best;
  double best_gain = -1e9;
  for (int b = 0; b < kBoxes; ++b) {
    if (belief.filled(seat, b) || meld_size(b) < picked) continue;
    if (meld_size(b) == picked && belief.has_chosen(seat)) continue;
    MeldPlan plan = best_from(hand, picked, b, o);
    if (plan.value <= -1e9) continue;
    const double gain = plan.value - par_of(b, o);
    if (gain > best_gain) {
      best_gain = gain;
      best = plan;
    }
  }
  return best;
}

Move heuristic_move(const State& belief, Seat seat, Rng& rng) {
  if (belief.phase() == State::Phase::kSteal) return choose_steal(belief, seat);
  const MeldPlan plan = plan_turn(belief, seat);
  const int picked = belief.picked(seat);
  MoveList<State::kMaxMoves> legal;
  belief.legal_moves(seat, legal);
  if (plan.box >= 0) {
    if (picked == plan.size) {
      int suit = kNoSuit;
      if (plan.box == kDoctor && belief.config().declare) {
        std::array<int, kSuits> in_suit{};
        for (int i = 0; i < plan.size; ++i) ++in_suit[suit_of(plan.cards[i])];
        suit = static_cast<int>(std::max_element(in_suit.begin(), in_suit.end()) - in_suit.begin());
      }
      if (legal.contains(meld_move(plan.box, suit))) return meld_move(plan.box, suit);
    } else if (legal.contains(pick_move(plan.cards[picked]))) {
      return pick_move(plan.cards[picked]);
    }
  }
  return random_legal_move(belief, seat, rng);  // not reached with a consistent plan
}

}  // namespace cardroom::indian_chief
