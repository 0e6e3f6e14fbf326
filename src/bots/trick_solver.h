// The double-dummy trick solver: the exact value of a trick game's card play when every hand is
// known, for every trick game (Reds, S48, Back Alley, Bridgette, Red Rover, Truc, Bridge
// Solitaire, plain bridge) without knowing which one it is.
//
// It searches a games/common/trick_play.h TrickPosition, playing cards with the game's own policy
// (what may be played, who wins, who plays next, an early end), so its answers follow the game's
// rules exactly. The question it answers is boolean: "can the side of seat S end the round with a
// trick total in the set G, whatever the other seats do?"; values come from a few such questions.
//
//   - Values. With the trick objective a side's value is its trick total at the end of the round;
//     a binary search over the total asks "at least t?". With a game's round scores (SolverTask::
//     scores: making a bid exactly) the value is the side's best *guaranteed* round score: every
//     other seat plays against it (the paranoid assumption, exact for two sides, pessimistic when
//     each seat scores alone); a binary search over the distinct scores asks "a total whose score
//     is at least v?".
//   - Transposition table (SolverMemory): at the start of each trick, keyed on the hands (as
//     relative ranks when only the order of ranks matters: once the ace is gone the king is the top
//     card), the leader, the policy's state and the side. For "at least t" questions an entry
//     keeps bounds on the side's future tricks, so every question of a search reuses it; other
//     questions store their own answer under their set of totals.
//   - Equivalent cards: cards of one suit in one hand with nothing between them but cards out of
//     play are one move (SolverTask::rank_order).
//   - Move ordering: cashing top cards and low leads first; following, the cheapest card that wins
//     the trick when an opponent is winning it, else the lowest.
//   - Quick tricks (plain follow-suit games with an optional trump suit): at the start of a trick
//     the leader's run of top cards in each suit, cut where an opponent with trumps runs out of the
//     suit, is a sure lower bound of its side's tricks.
//
// Cost: the table has a fixed size (SolverMemory's bytes); the search allocates nothing.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <type_traits>
#include <vector>

#include "core/solve.h"
#include "games/common/trick_play.h"

namespace cardroom {

class SolverMemory {
 public:
  static constexpr std::size_t kDefaultBytes = std::size_t{16} << 20;
  // A table of about `bytes` (rounded down to a power of two entries, at least 1024).
  explicit SolverMemory(std::size_t bytes = kDefaultBytes);
  std::size_t bytes() const { return table_.size() * sizeof(Entry); }

  // Bounds on a side's future tricks from a position (or, for other questions, lo = 1: "yes",
  // hi = 0: "no").
  struct Entry {
    std::uint64_t key = 0;
    std::uint32_t search = 0;  // the search it belongs to; others are empty
    std::int8_t lo = 0, hi = 0;
  };
  // Starts a new search: the entries of earlier ones are ignored.
  void new_search() {
    if (++search_ == 0) {
      std::fill(table_.begin(), table_.end(), Entry{});
      search_ = 1;
    }
  }
  const Entry* find(std::uint64_t key) const {
    const std::size_t i = key & mask_;
    if (table_[i].key == key && table_[i].search == search_) return &table_[i];
    if (table_[i ^ 1].key == key && table_[i ^ 1].search == search_) return &table_[i ^ 1];
    return nullptr;
  }
  // Narrows (or creates) the entry of `key` to [lo, hi].
  void store(std::uint64_t key, int lo, int hi);

 private:
  std::vector<Entry> table_;
  std::size_t mask_ = 0;
  std::uint32_t search_ = 1;
};

namespace solver_detail {

// The rank mask `hand` (13 bits) with the ranks outside `live` squeezed out.
std::uint32_t compress13(std::uint32_t hand, std::uint32_t live);

inline std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 31;
  x *= 0x7FB5D329728EA185ull;
  x ^= x >> 27;
  x *= 0x81DADEF4BC2DD44Dull;
  x ^= x >> 33;
  return x;
}

}  // namespace solver_detail

template <class Policy, int MaxSeats>
class TrickSolver {
 public:
  using Position = tricks::TrickPosition<Policy, MaxSeats>;
  using Task = tricks::SolverTask<Policy, MaxSeats>;

  // Values for the side of `seat`: its trick totals if `tricks` (or the task has no scores), else
  // its guaranteed round scores. Starts a new search in `memory`.
  TrickSolver(const Task& task, Seat seat, bool tricks, SolverMemory& memory)
      : task_(task), memory_(memory) {
    memory_.new_search();
    const Position& p = task.position;
    for (Seat s = 0; s < p.seats; ++s)
      if (task.side[s] == task.side[seat]) side_mask_ |= 1u << s;
    side_key_ = solver_detail::mix(side_mask_ + 0x51ED27);
    use_scores_ = !tricks && !task.scores.empty();
    if (use_scores_) {
      const int n = p.tricks + 1;
      for (int t = 0; t < n; ++t) scores_[t] = task.scores[task.side[seat] * n + t];
    }
  }

  // The value of the task's position.
  int value() { return value_of(task_.position, kLowest, kHighest); }
  // The value after the seat to play plays `card` (it must be playable). When the play asks the
  // player a choice (a suit to name), the best choice for the player's side.
  int value_after(Card card, int hint = kLowest) {
    const Position& p = task_.position;
    const bool mine = in_side(p.to_play);
    int best = mine ? kLowest : kHighest;
    Position child = p;
    child.play(card);
    const int choices = choices_of(child);
    for (int i = 0; i < std::max(1, choices); ++i) {
      Position c = child;
      if (choices > 0) choose(c, i);
      // The hint (the position's value) is the likeliest answer: the best card keeps it.
      const int v = hint == kLowest ? value_of(c, kLowest, kHighest) : value_near(c, hint, mine);
      best = mine ? std::max(best, v) : std::min(best, v);
    }
    return best;
  }
  // The cards of the seat to play, one per class of equivalent cards first (others follow the
  // representative's value): representatives[i] stands for the cards of classes[i].
  void card_classes(std::vector<Card>* representatives, std::vector<CardSet>* classes) const {
    const Position& p = task_.position;
    CardSet left = p.playable(p.to_play);
    while (!left.empty()) {
      const Card c = left.highest();
      const CardSet cls = equivalents(p, c, left);
      representatives->push_back(c);
      classes->push_back(cls);
      left -= cls;
    }
  }
  std::uint64_t nodes() const { return nodes_; }

  static constexpr int kLowest = -(1 << 30);
  static constexpr int kHighest = 1 << 30;

 private:
  static constexpr int kMaxTricks = 63;

  bool in_side(Seat s) const { return (side_mask_ >> s) & 1; }
  int side_won(const Position& p) const {
    int w = 0;
    for (Seat s = 0; s < p.seats; ++s)
      if (in_side(s)) w += p.tricks_won[s];
    return w;
  }
  static std::uint64_t low_bits(int n) {
    return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  }

  // The value of `p` known to lie in [lo, hi] (kLowest / kHighest: unknown).
  int value_of(const Position& p, int lo, int hi) {
    const int won = side_won(p);
    const int most = won + (p.tricks - p.trick_no);
    if (!use_scores_) {
      int a = std::max(lo, won), b = std::min(hi, most);
      while (a < b) {  // the answer is in [a, b]
        const int mid = (a + b + 1) / 2;
        if (reach(p, ~low_bits(mid)))
          a = mid;
        else
          b = mid - 1;
      }
      return a;
    }
    // Distinct scores of the reachable totals, ascending.
    std::array<int, kMaxTricks + 1> values{};
    int n = 0;
    for (int t = won; t <= most; ++t) values[n++] = scores_[t];
    std::sort(values.begin(), values.begin() + n);
    n = static_cast<int>(std::unique(values.begin(), values.begin() + n) - values.begin());
    int a = 0, b = n - 1;
    while (a < n - 1 && values[a] < lo) ++a;
    while (b > 0 && values[b] > hi) --b;
    while (a < b) {
      const int mid = (a + b + 1) / 2;
      if (reach(p, score_goal(values[mid])))
        a = mid;
      else
        b = mid - 1;
    }
    return values[a];
  }
  // The value of `p` when `guess` is likely: a player of the side cannot do better than `guess`
  // (the position's value), an opponent cannot do worse for the side.
  int value_near(const Position& p, int guess, bool mine) {
    if (mine) {
      if (reaches_at_least(p, guess)) return guess;
      return value_of(p, kLowest, guess - 1);
    }
    if (!reaches_at_least(p, guess + 1)) return guess;
    return value_of(p, guess + 1, kHighest);
  }
  bool reaches_at_least(const Position& p, int v) {
    return reach(p, use_scores_ ? score_goal(v) : ~low_bits(std::max(v, 0)));
  }
  // The totals whose score is at least v.
  std::uint64_t score_goal(int v) const {
    std::uint64_t g = 0;
    for (int t = 0; t <= task_.position.tricks; ++t)
      if (scores_[t] >= v) g |= std::uint64_t{1} << t;
    return g;
  }

  // How many choices the card just led asks of its player (a suit named with a lead): a policy
  // may offer `int choices(const TrickSoFar&) const` and `void choose(int)`.
  static int choices_of(const Position& p) {
    if constexpr (requires(const Policy& q) { q.choices(p.current()); })
      return p.policy.choices(p.current());
    else
      return 0;
  }

  // Makes choice `k` of the card just led.
  static void choose(Position& p, int k) {
    if constexpr (requires(Policy & q) { q.choose(k); }) p.policy.choose(k);
  }

  // The cards of `moves` (all in one hand) that play as `card` does: same suit, with nothing but
  // cards out of play between them (not in a hand nor in the trick in progress).
  CardSet equivalents(const Position& p, Card card, CardSet moves) const {
    if (!task_.rank_order || card >= 52) return CardSet::of(card);
    CardSet live;
    for (Seat s = 0; s < p.seats; ++s) live |= p.hands[s];
    for (int i = 0; i < p.count; ++i) live.add(p.trick[i]);
    const int suit = suit_of(card);
    const unsigned m = moves.rank_mask(suit), l = live.rank_mask(suit);
    CardSet out = CardSet::of(card);
    // Walk down and up from the card while the next live card is also one of the moves.
    for (int r = rank_of(card) - 1; r >= 0; --r) {
      if (!((l >> r) & 1)) continue;
      if (!((m >> r) & 1)) break;
      out.add(make_card(suit, r));
    }
    for (int r = rank_of(card) + 1; r < kRanks; ++r) {
      if (!((l >> r) & 1)) continue;
      if (!((m >> r) & 1)) break;
      out.add(make_card(suit, r));
    }
    return out;
  }

  // The moves of the seat to play, one per class of equivalent cards, best first.
  int ordered_moves(const Position& p, std::array<Card, 64>& out) const {
    const CardSet playable = p.playable(p.to_play);
    CardSet live;  // cards in a hand or in the trick in progress
    for (Seat s = 0; s < p.seats; ++s) live |= p.hands[s];
    for (int i = 0; i < p.count; ++i) live.add(p.trick[i]);
    std::array<int, 64> score{};
    int n = 0;
    const bool lead = p.count == 0;
    int winner = -1;
    bool partner_winning = false;
    std::array<Card, MaxSeats> trick = p.trick;
    if (!lead) {
      winner = p.policy.winner(tricks::TrickSoFar{trick.data(), p.count, p.leader});
      partner_winning = winner >= 0 && in_side(p.seat_of(winner)) == in_side(p.to_play);
    }
    for (int suit = 0; suit < kSuits; ++suit) {
      unsigned m = playable.rank_mask(suit);
      if (!m) continue;
      unsigned l = (live.rank_mask(suit)) | m;
      if (!task_.rank_order) l = 0x1FFF;
      bool above_is_move = false;
      for (int r = kRanks - 1; r >= 0; --r) {
        if (!((l >> r) & 1)) continue;
        const bool is_move = (m >> r) & 1;
        if (is_move && !(task_.rank_order && above_is_move)) {
          const Card c = make_card(suit, r);
          out[n] = c;
          score[n] = move_score(p, c, lead, partner_winning, live, trick);
          ++n;
        }
        above_is_move = is_move;
      }
    }
    for (CardSet special = playable - CardSet::standard_deck(); !special.empty();) {
      const Card c = special.pop_lowest();
      out[n] = c;
      score[n] = move_score(p, c, lead, partner_winning, live, trick);
      ++n;
    }
    // Insertion sort, best first (n is small).
    for (int i = 1; i < n; ++i) {
      const Card c = out[i];
      const int s = score[i];
      int j = i - 1;
      while (j >= 0 && score[j] < s) {
        out[j + 1] = out[j];
        score[j + 1] = score[j];
        --j;
      }
      out[j + 1] = c;
      score[j + 1] = s;
    }
    return n;
  }
  int move_score(const Position& p, Card c, bool lead, bool partner_winning, CardSet live,
                 std::array<Card, MaxSeats>& trick) const {
    const int rank = c < 52 ? rank_of(c) : kRanks;
    if (lead) {
      // A lead of the suit's top live card (a winner unless trumped) first, then low leads.
      if (c < 52 && CardSet(live.bits() & CardSet::suit_with(c).bits()).highest() == c)
        return 1000 + rank;
      return 100 - rank;
    }
    trick[p.count] = c;
    const int w = p.policy.winner(tricks::TrickSoFar{trick.data(), p.count + 1, p.leader});
    if (w == p.count) return partner_winning ? 50 - rank : 500 - rank;
    return 300 - rank;
  }

  std::uint64_t position_key(const Position& p) const {
    std::uint64_t h = side_key_ ^ solver_detail::mix(static_cast<std::uint64_t>(p.leader) + 1);
    if (task_.rank_order) {
      CardSet live;
      for (Seat s = 0; s < p.seats; ++s) live |= p.hands[s];
      for (Seat s = 0; s < p.seats; ++s) {
        std::uint64_t word = p.hands[s].bits() & ~CardSet::standard_deck().bits();
        for (int suit = 0; suit < kSuits; ++suit)
          word |= std::uint64_t{solver_detail::compress13(p.hands[s].rank_mask(suit),
                                                          live.rank_mask(suit))}
                  << (suit * kRanks);
        h = solver_detail::mix(h ^ word) + static_cast<std::uint64_t>(s);
      }
    } else {
      for (Seat s = 0; s < p.seats; ++s)
        h = solver_detail::mix(h ^ p.hands[s].bits()) + static_cast<std::uint64_t>(s);
    }
    // The policy's state (a suit barred, trumps broken): its bytes.
    std::array<std::uint64_t, (sizeof(Policy) + 7) / 8> words{};
    std::memcpy(words.data(), &p.policy, sizeof(Policy));
    for (std::uint64_t w : words) h = solver_detail::mix(h ^ w);
    // A policy that ends the round early may look at the tricks won.
    if constexpr (!std::is_same_v<decltype(&Policy::template decided<Position>),
                                  bool (tricks::FollowSuit::*)(const Position&) const>) {
      std::uint64_t won = 0;
      for (Seat s = 0; s < p.seats; ++s)
        won = won << 8 | static_cast<std::uint8_t>(p.tricks_won[s]);
      h = solver_detail::mix(h ^ won);
    }
    return h;
  }

  // Sure tricks of the leader's side at the start of a trick (plain follow-suit games).
  int quick_tricks(const Position& p) const {
    if constexpr (!std::is_same_v<Policy, tricks::PlainTrumps>) {
      return 0;
    } else {
      if (!task_.rank_order) return 0;
      const Seat leader = p.leader;
      const CardSet hand = p.hands[leader];
      CardSet live;
      for (Seat s = 0; s < p.seats; ++s) live |= p.hands[s];
      const int trump = p.policy.trump;
      const bool leader_in_side = in_side(leader);
      int total = 0;
      for (int suit = 0; suit < kSuits; ++suit) {
        const unsigned h = hand.rank_mask(suit);
        if (!h) continue;
        const unsigned l = live.rank_mask(suit);
        int run = 0;
        for (int r = kRanks - 1; r >= 0; --r) {
          if (!((l >> r) & 1)) continue;
          if (!((h >> r) & 1)) break;
          ++run;
        }
        if (run == 0) continue;
        if (trump != kNoSuit && suit != trump) {
          for (Seat o = 0; o < p.seats; ++o) {
            if (in_side(o) == leader_in_side) continue;
            if (p.hands[o].rank_mask(trump) == 0) continue;
            run = std::min(run, std::popcount(p.hands[o].rank_mask(suit)));
          }
        }
        total += run;
      }
      return std::min(total, hand.size());
    }
  }

  // Whether the side can end the round with a trick total in `goal` (bit t: total t).
  bool reach(const Position& p, std::uint64_t goal) {
    ++nodes_;
    const int won = side_won(p);
    const int left = p.over ? 0 : p.tricks - p.trick_no;
    const std::uint64_t all = low_bits(left + 1);
    const std::uint64_t future = (goal >> won) & all;
    if (future == 0) return false;
    if (future == all) return true;
    // "At least `need` more tricks"?
    const int need = std::countr_zero(future);
    const bool at_least = future == (all & ~low_bits(need));
    std::uint64_t key = 0;
    if (p.count == 0) {
      key = position_key(p);
      if (!at_least) key = solver_detail::mix(key ^ future ^ 0xA5A5);
      if (const SolverMemory::Entry* e = memory_.find(key)) {
        if (!at_least) return e->lo == 1;
        if (e->lo >= need) return true;
        if (e->hi < need) return false;
      }
      if (at_least) {
        const int sure = quick_tricks(p);
        if (in_side(p.leader) ? sure >= need : left - sure < need) {
          if (in_side(p.leader))
            memory_.store(key, sure, left);
          else
            memory_.store(key, 0, left - sure);
          return in_side(p.leader);
        }
      }
    }
    const bool mine = in_side(p.to_play);
    std::array<Card, 64> moves;
    const int n = ordered_moves(p, moves);
    bool result = !mine;
    for (int i = 0; i < n && result != mine; ++i) {
      Position child = p;
      child.play(moves[i]);
      const int choices = choices_of(child);
      if (choices == 0) {
        if (reach(child, goal) == mine) result = mine;
        continue;
      }
      for (int k = 0; k < choices && result != mine; ++k) {
        Position c = child;
        choose(c, k);
        if (reach(c, goal) == mine) result = mine;
      }
    }
    if (p.count == 0) {
      if (!at_least)
        memory_.store(key, result ? 1 : 0, result ? 1 : 0);
      else if (result)
        memory_.store(key, need, left);
      else
        memory_.store(key, 0, need - 1);
    }
    return result;
  }

  const Task& task_;
  SolverMemory& memory_;
  std::uint32_t side_mask_ = 0;
  std::uint64_t side_key_ = 0;
  bool use_scores_ = false;
  std::array<int, kMaxTricks + 1> scores_{};
  std::uint64_t nodes_ = 0;
};

// Solves a task: the position's value for the side of `query.seat` and, if asked, each card's.
template <class Policy, int MaxSeats>
SolveResult solve_task(const tricks::SolverTask<Policy, MaxSeats>& task, const SolveQuery& query,
                       SolverMemory& memory) {
  const auto& p = task.position;
  SolveResult r;
  r.to_play = p.to_play;
  r.seat = query.seat == kNoSeat ? p.to_play : query.seat;
  TrickSolver<Policy, MaxSeats> solver(task, r.seat, query.tricks, memory);
  r.value = solver.value();
  r.round_scores = !query.tricks && !task.scores.empty();
  if (query.each_card) {
    std::vector<Card> reps;
    std::vector<CardSet> classes;
    solver.card_classes(&reps, &classes);
    for (std::size_t i = 0; i < reps.size(); ++i) {
      const int v = solver.value_after(reps[i], r.value);
      for (Card c : classes[i])
        r.cards.push_back(CardValue{c, task.card_move ? task.card_move(c) : Move{}, v});
    }
    std::sort(r.cards.begin(), r.cards.end(),
              [](const CardValue& a, const CardValue& b) { return a.card < b.card; });
  }
  r.nodes = solver.nodes();
  return r;
}

// AnyState::solve for a game whose State offers solver_task() (core/solve.h's solve_hook).
template <class S>
std::optional<SolveResult> solve_state(const S& state, const SolveQuery& query,
                                       SolverMemory& memory) {
  auto task = state.solver_task();
  if (!task) return std::nullopt;
  return solve_task(*task, query, memory);
}

}  // namespace cardroom
