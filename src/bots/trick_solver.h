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
  // A table of about `bytes` (at least 64 KB).
  explicit SolverMemory(std::size_t bytes = kDefaultBytes);
  std::size_t bytes() const { return bytes_; }

  // What a search learnt of a class of positions: those with the `shape` (every hand's suit
  // lengths, the leader, the rules' state) whose top live cards of each suit (`mask`, in relative
  // ranks) are held as `pattern` says. For "at least t more tricks" questions, bounds on the
  // side's future tricks; for other questions lo = 1: "yes", hi = 0: "no".
  struct Entry {
    std::uint64_t pattern = 0;
    std::uint64_t mask = 0;
    std::uint32_t serial = 0;  // the entry's number in the search
    std::uint32_t next = 0;    // the serial of the next (older) entry of the same shape; 0: none
    std::array<std::uint8_t, kSuits> tops{};
    std::int8_t lo = 0, hi = 0;
  };
  // The entries of a shape, newest first: a chain of serials from the head. When the table is
  // full the oldest entries make room, and the chains that led to them end there.
  std::uint32_t head(std::uint64_t shape) const {
    const Head& h = heads_[shape & head_mask_];
    return h.search == search_ && h.shape == shape ? h.first : 0;
  }
  // The entry of `serial`, or nullptr if it has made room for a newer one.
  Entry* entry(std::uint32_t serial) {
    Entry& e = entries_[serial % entries_.size()];
    return e.serial == serial ? &e : nullptr;
  }
  // A new entry at the head of the chain of `shape`.
  Entry& add(std::uint64_t shape) {
    Head& h = heads_[shape & head_mask_];
    const std::uint32_t serial = next_serial_++;
    Entry& e = entries_[serial % entries_.size()];
    e = Entry{};
    e.serial = serial;
    e.next = h.search == search_ && h.shape == shape ? h.first : 0;
    h = Head{shape, search_, serial};
    return e;
  }
  // Starts a new search: the entries of earlier ones are forgotten (serials go on counting, so
  // no entry of an earlier search is ever reached).
  void new_search() {
    if (++search_ == 0 || next_serial_ > (1u << 31)) {
      std::fill(heads_.begin(), heads_.end(), Head{});
      std::fill(entries_.begin(), entries_.end(), Entry{});
      search_ = 1;
      next_serial_ = 1;
    }
  }

 private:
  struct Head {
    std::uint64_t shape = 0;
    std::uint32_t search = 0;
    std::uint32_t first = 0;
  };
  std::vector<Head> heads_;
  std::vector<Entry> entries_;
  std::size_t head_mask_ = 0;
  std::uint32_t next_serial_ = 1;
  std::uint32_t search_ = 1;
  std::size_t bytes_ = 0;
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
        if (reach(p, ~low_bits(mid), &ignored_))
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
      if (reach(p, score_goal(values[mid]), &ignored_))
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
    return reach(p, use_scores_ ? score_goal(v) : ~low_bits(std::max(v, 0)), &ignored_);
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
          score[n] = move_score(p, c, lead, partner_winning, live, trick) * 4096 +
                     static_cast<int>(std::min<std::uint32_t>(history_[p.to_play][c], 4095));
          ++n;
        }
        above_is_move = is_move;
      }
    }
    for (CardSet special = playable - CardSet::standard_deck(); !special.empty();) {
      const Card c = special.pop_lowest();
      out[n] = c;
      score[n] = move_score(p, c, lead, partner_winning, live, trick) * 4096 +
                 static_cast<int>(std::min<std::uint32_t>(history_[p.to_play][c], 4095));
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
      if (c >= 52) return 500;
      const CardSet suit_live = CardSet(live.bits() & CardSet::suit_with(c).bits());
      const Card top = suit_live.highest();
      // Cashing the suit's top live card (a winner unless trumped) first.
      if (top == c) return 1000 + rank;
      // Then a low card to a partner who holds the top card.
      for (Seat s = 0; s < p.seats; ++s)
        if (s != p.to_play && in_side(s) == in_side(p.to_play) && p.hands[s].contains(top))
          return 900 - rank;
      // Then low leads, from suits where the side holds the second card (it builds a trick).
      return 100 - rank;
    }
    trick[p.count] = c;
    const int w = p.policy.winner(tricks::TrickSoFar{trick.data(), p.count + 1, p.leader});
    const bool last = p.count + 1 == p.seats;
    if (w == p.count) {
      if (partner_winning) return 50 - rank;  // overtaking the partner
      // Winning the trick: certain when playing last or with the suit's top live card (or a
      // trump), the cheapest such card first; otherwise (second hand high) after the low cards.
      const CardSet suit_live = CardSet(live.bits() & CardSet::suit_with(c).bits());
      const bool sure = last || suit_live.highest() == c;
      return sure ? 600 - rank : 500 - rank;  // second hand high is a good first try too
    }
    return 300 - rank;
  }

  // Partition search (the class of positions an entry covers is wider than one position) for
  // the plain follow-suit family, where a trick is won by rank within the suit led or trumps.
  static constexpr bool kPartition = std::is_same_v<Policy, tricks::PlainTrumps>;

  // What the table needs of a position at the start of a trick.
  struct NodeKey {
    std::uint64_t shape = 0;
    std::array<std::uint64_t, MaxSeats> norm{};  // hands as relative ranks (partition search)
    std::array<std::uint16_t, kSuits> live{};    // live ranks per suit
  };
  NodeKey node_key(const Position& p) const {
    NodeKey k;
    std::uint64_t h = side_key_ ^ solver_detail::mix(static_cast<std::uint64_t>(p.leader) + 1);
    CardSet live;
    for (Seat s = 0; s < p.seats; ++s) live |= p.hands[s];
    for (int suit = 0; suit < kSuits; ++suit)
      k.live[suit] = static_cast<std::uint16_t>(live.rank_mask(suit));
    for (Seat s = 0; s < p.seats; ++s) {
      std::uint64_t word = p.hands[s].bits() & ~CardSet::standard_deck().bits();
      if (!task_.rank_order) {
        word = p.hands[s].bits();
      } else {
        for (int suit = 0; suit < kSuits; ++suit)
          word |= std::uint64_t{solver_detail::compress13(p.hands[s].rank_mask(suit), k.live[suit])}
                  << (suit * kRanks);
      }
      if constexpr (kPartition) {
        k.norm[s] = word;
        std::uint64_t lengths = p.hands[s].bits() & ~CardSet::standard_deck().bits();
        for (int suit = 0; suit < kSuits; ++suit)
          lengths = lengths << 4 | static_cast<std::uint64_t>(p.hands[s].in_suit(suit).size());
        word = lengths;
      }
      h = solver_detail::mix(h ^ word) + static_cast<std::uint64_t>(s);
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
    k.shape = h;
    return k;
  }
  // The top `tops[suit]` live cards of each suit.
  static CardSet top_cards(const NodeKey& k, const std::array<std::uint8_t, kSuits>& tops) {
    CardSet out;
    for (int suit = 0; suit < kSuits; ++suit) {
      unsigned m = k.live[suit];
      for (int drop = std::popcount(m) - tops[suit]; drop > 0; --drop) m &= m - 1;
      out |= CardSet(std::uint64_t{m} << (suit * kRanks));
    }
    return out;
  }
  // How many top live cards of each suit reach down to the lowest relevant card.
  static std::array<std::uint8_t, kSuits> tops_of(const NodeKey& k, CardSet relevant) {
    std::array<std::uint8_t, kSuits> tops{};
    for (int suit = 0; suit < kSuits; ++suit) {
      if constexpr (!kPartition) {
        tops[suit] = kRanks;
      } else {
        const unsigned r = relevant.rank_mask(suit);
        if (!r) continue;
        const unsigned at_or_above = k.live[suit] & ~((1u << std::countr_zero(r)) - 1);
        tops[suit] = static_cast<std::uint8_t>(std::popcount(at_or_above));
      }
    }
    return tops;
  }
  // The mask of relative ranks of the top `tops[suit]` live cards of each suit.
  static std::uint64_t tops_mask(const NodeKey& k, const std::array<std::uint8_t, kSuits>& tops) {
    std::uint64_t mask = 0;
    for (int suit = 0; suit < kSuits; ++suit) {
      const int len = std::popcount(static_cast<unsigned>(k.live[suit]));
      mask |= (low_bits(len) & ~low_bits(len - tops[suit])) << (suit * kRanks);
    }
    return mask;
  }
  std::uint64_t pattern_of(const Position& p, const NodeKey& k, std::uint64_t mask) const {
    std::uint64_t h = 0x9E37;
    for (Seat s = 0; s < p.seats; ++s) h = solver_detail::mix(h ^ (k.norm[s] & mask)) + s;
    return h;
  }
  // Entries of the position's class that answer whether the side takes at least `need` more
  // tricks (or, for other questions, yes or no): the answer, and the entry's top cards.
  std::optional<bool> lookup(const Position& p, const NodeKey& k, bool at_least, int need,
                             CardSet* relevant) {
    int scanned = 0;
    for (std::uint32_t i = memory_.head(k.shape); i != 0 && scanned < kMaxScan; ++scanned) {
      const SolverMemory::Entry* found = memory_.entry(i);
      if (!found) break;
      const SolverMemory::Entry& e = *found;
      i = e.next;
      const bool yes = at_least ? e.lo >= need : e.lo == 1;
      const bool no = at_least ? e.hi < need : e.hi == 0;
      if (!yes && !no) continue;
      if (kPartition && e.pattern != pattern_of(p, k, e.mask)) continue;
      *relevant |= top_cards(k, e.tops);
      return yes;
    }
    return std::nullopt;
  }
  void store(const Position& p, const NodeKey& k, CardSet relevant, int lo, int hi) {
    const auto tops = tops_of(k, relevant);
    const std::uint64_t mask = kPartition ? tops_mask(k, tops) : 0;
    const std::uint64_t pat = kPartition ? pattern_of(p, k, mask) : 0;
    int scanned = 0;
    for (std::uint32_t i = memory_.head(k.shape); i != 0 && scanned < kMaxScan; ++scanned) {
      SolverMemory::Entry* found = memory_.entry(i);
      if (!found) break;
      SolverMemory::Entry& e = *found;
      i = e.next;
      if (e.mask == mask && e.pattern == pat) {
        e.lo = static_cast<std::int8_t>(std::max<int>(e.lo, lo));
        e.hi = static_cast<std::int8_t>(std::min<int>(e.hi, hi));
        return;
      }
    }
    SolverMemory::Entry& e = memory_.add(k.shape);
    e.pattern = pat;
    e.mask = mask;
    e.tops = tops;
    e.lo = static_cast<std::int8_t>(lo);
    e.hi = static_cast<std::int8_t>(hi);
  }
  static constexpr int kMaxScan = 48;

  // Sure tricks of the leader's side at the start of a trick (plain follow-suit games).
  int quick_tricks(const Position& p, CardSet* relevant) const {
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
          relevant->add(make_card(suit, r));
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

  // The longest run of top live trumps in one hand of the solver's side (`ours`) or of the other:
  // tricks that side is sure of (plain follow-suit games with trumps).
  int top_trump_run(const Position& p, bool ours, CardSet* relevant) const {
    if constexpr (!std::is_same_v<Policy, tricks::PlainTrumps>) {
      return 0;
    } else {
      const int trump = p.policy.trump;
      if (trump == kNoSuit || !task_.rank_order) return 0;
      CardSet live;
      for (Seat s = 0; s < p.seats; ++s) live |= p.hands[s];
      const unsigned l = live.rank_mask(trump);
      if (!l) return 0;
      const Card top = make_card(trump, 31 - std::countl_zero(l));
      for (Seat s = 0; s < p.seats; ++s) {
        if (in_side(s) != ours || !p.hands[s].contains(top)) continue;
        const unsigned h = p.hands[s].rank_mask(trump);
        int run = 0;
        for (int r = kRanks - 1; r >= 0; --r) {
          if (!((l >> r) & 1)) continue;
          if (!((h >> r) & 1)) break;
          ++run;
          relevant->add(make_card(trump, r));
        }
        return run;
      }
      return 0;
    }
  }

  // Whether the side can end the round with a trick total in `goal` (bit t: total t). Adds to
  // `relevant` the cards whose ranks the answer depends on (partition search).
  bool reach(const Position& p, std::uint64_t goal, CardSet* relevant) {
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
    NodeKey key;
    if (p.count == 0) {
      key = node_key(p);
      if (!at_least) key.shape = solver_detail::mix(key.shape ^ future ^ 0xA5A5);
      if (const std::optional<bool> known = lookup(p, key, at_least, need, relevant)) {
        return *known;
      }
      if (at_least) {
        // Sure tricks: the leader's side's quick tricks; the top trumps held in one hand of the
        // other side (a top trump wins whenever it is played).
        CardSet lead_cards, other_cards;
        const int lead_sure = quick_tricks(p, &lead_cards);
        const int other_sure = top_trump_run(p, !in_side(p.leader), &other_cards);
        const bool ours = in_side(p.leader);
        const int at_least_side = ours ? lead_sure : other_sure;
        const int at_most_side = left - (ours ? other_sure : lead_sure);
        if (at_least_side >= need) {
          const CardSet cards = ours ? lead_cards : other_cards;
          store(p, key, cards, at_least_side, left);
          *relevant |= cards;
          return true;
        }
        if (at_most_side < need) {
          const CardSet cards = ours ? other_cards : lead_cards;
          store(p, key, cards, 0, at_most_side);
          *relevant |= cards;
          return false;
        }
      }
    }
    const bool mine = in_side(p.to_play);
    std::array<Card, 64> moves;
    const int n = ordered_moves(p, moves);
    bool result = !mine;
    CardSet all_relevant;  // of the children searched (what a "no" rests on)
    for (int i = 0; i < n && result != mine; ++i) {
      Position child = p;
      const tricks::PlayResult played = child.play(moves[i]);
      CardSet child_relevant;
      if constexpr (kPartition)
        if (played.trick_complete) child_relevant |= won_by_rank(child, played);
      const int choices = choices_of(child);
      bool hit = false;
      if (choices == 0) {
        hit = reach(child, goal, &child_relevant) == mine;
      } else {
        for (int k = 0; k < choices && !hit; ++k) {
          Position c = child;
          choose(c, k);
          hit = reach(c, goal, &child_relevant) == mine;
        }
      }
      if (hit) {
        result = mine;
        history_[p.to_play][moves[i]] += static_cast<std::uint32_t>(left * left);
        all_relevant = child_relevant;  // the one move that does it
      } else {
        all_relevant |= child_relevant;
      }
    }
    if (p.count == 0) {
      if (!at_least)
        store(p, key, all_relevant, result ? 1 : 0, result ? 1 : 0);
      else if (result)
        store(p, key, all_relevant, need, left);
      else
        store(p, key, all_relevant, 0, need - 1);
    }
    *relevant |= all_relevant;
    return result;
  }
  // The winning card of the trick `child` has just completed, if it won by its rank (it beat
  // another card of its suit); nothing if it won as the only card of the suit led or trumps.
  static CardSet won_by_rank(const Position& child, const tricks::PlayResult& played) {
    const Card w = child.trick[played.winning_card];
    for (int i = 0; i < child.seats; ++i)
      if (i != played.winning_card && suit_of(child.trick[i]) == suit_of(w)) return CardSet::of(w);
    return CardSet();
  }

  const Task& task_;
  SolverMemory& memory_;
  std::uint32_t side_mask_ = 0;
  std::uint64_t side_key_ = 0;
  bool use_scores_ = false;
  std::array<int, kMaxTricks + 1> scores_{};
  std::uint64_t nodes_ = 0;
  CardSet ignored_;
  // Cutoffs each seat's cards caused (the history heuristic: a tie-break of the move order).
  std::array<std::array<std::uint32_t, 64>, MaxSeats> history_{};
};

// Solves a task: the position's value for the side of `query.seat` and, if asked, each card's.
template <class Policy, int MaxSeats>
SolveResult solve_task(const tricks::SolverTask<Policy, MaxSeats>& task, const SolveQuery& query,
                       SolverMemory& memory) {
  const auto& p = task.position;
  SolveResult r;
  r.to_play = p.to_play;
  r.seat = query.seat == kNoSeat ? p.to_play : query.seat;
  r.tricks = p.tricks;
  for (Seat s = 0; s < p.seats; ++s)
    if (task.side[s] == task.side[r.seat]) r.won += p.tricks_won[s];
  if (!task.scores.empty())
    for (Seat s = 0; s < p.seats; ++s)
      for (int t = 0; t <= p.tricks; ++t)
        r.scores.push_back(task.scores[task.side[s] * (p.tricks + 1) + t]);
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
