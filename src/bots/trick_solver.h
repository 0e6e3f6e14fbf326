// The double-dummy trick solver: the exact value of a trick game's card play when every hand is
// known, for every trick game (Reds, S48, Back Alley, Bridgette, Red Rover, Truc, Bridge
// Solitaire, plain bridge) without knowing which one it is.
//
// It searches a games/common/trick_play.h TrickPosition, playing cards with the game's own policy
// (what may be played, who wins, who plays next, an early end), so its answers follow the game's
// rules exactly. The question it answers is boolean: "can the side of seat S end the round with a
// trick total in the set G, whatever the other seats do?"; values come from a few such questions.
//
//   - Values. With the trick objective a side's value is its trick total at the end of the round,
//     found by asking "at least t?" first for the total of a quick playout (each seat playing the
//     first card of the move order, a seat on lead the lead whose such playout does best), then a
//     step at a time. With a game's round scores (SolverTask::scores: making a bid exactly) the
//     value is the side's best *guaranteed* round score: every other seat plays against it (the
//     paranoid assumption, exact for two sides, pessimistic when each seat scores alone); a binary
//     search over the distinct scores asks "a total whose score is at least v?".
//   - Transposition table (SolverMemory): at the start of each trick, keyed on the hands (as
//     relative ranks when only the order of ranks matters: once the ace is gone the king is the top
//     card), the leader, the policy's state and the side. For "at least t" questions an entry
//     keeps bounds on the side's future tricks, so every question of a search reuses it; other
//     questions store their own answer under their set of totals. In the plain follow-suit family
//     (and policies declaring kPartitionSearch) an entry covers a class of positions (partition
//     search), and so does a card that failed: a lower card of its suit in the same hand would
//     fail alike (DDS's "winning ranks").
//   - Equivalent cards: cards of one suit in one hand with nothing between them but cards out of
//     play are one move (SolverTask::rank_order).
//   - Move ordering: the table's best card (of an entry of the position's class, else of the
//     newest entry of its shape); cashing top cards, leading the second-highest card from a
//     sequence with the third against the other side's top card, leading low to a partner's
//     winner (it and cashing a little earlier where the side also holds the suit's second-highest
//     card), then low leads (through the next seat's top card to a partner's second-highest
//     level with cashing), each from suits where the other side has few cards first; following,
//     the cheapest card that wins the trick when an opponent is winning it (first one that no
//     opponent still to play can beat), else the lowest, a discard from a long suit; a partner's
//     winning card overtaken first when an opponent may still beat it; a history of cutoffs breaks
//     ties.
//   - Sure tricks (plain follow-suit games with an optional trump suit), at the start of a trick:
//     the leader's side cashes runs of top cards (cut where an opponent with trumps runs out of the
//     suit) from the leader's hand or a partner's it reaches, plus one hand's sure trump tricks;
//     each side's sure trump tricks bound every position; without trumps in play, a side whose
//     top cards' suits are too short for every trick left cannot take them all (DDS's "later
//     tricks"). Within a trick, a trick sure to go to the side of the seat to play decides when
//     that side needs one more trick or the other side needs them all.
//
// Cost: the table has a fixed size (SolverMemory's bytes); the search allocates nothing.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <type_traits>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/solve.h"
#include "games/common/trick_play.h"

namespace cardroom {

class SolverMemory {
 public:
  static constexpr std::size_t kDefaultBytes = std::size_t{16} << 20;
  // A table of about `bytes` (at least 64 KB).
  explicit SolverMemory(std::size_t bytes = kDefaultBytes);
  std::size_t bytes() const {
    return entries_.size() * (sizeof(Entry) + sizeof(std::uint16_t) * 3);
  }

  // What a search learnt of a class of positions: those with a shape (every hand's suit lengths,
  // the leader, the rules' state) whose top live cards of each suit (the `tops` of each suit) are
  // held as a pattern says. `key` is the hash of the shape XOR the hash of the pattern (in the
  // partition search; the shape's alone otherwise): one comparison checks both. For "at least t
  // more tricks" questions, bounds on the side's future tricks; for other questions lo = 1:
  // "yes", hi = 0: "no". The bounds are kept beside the tags (bounds()), so that a lookup reads
  // only the entries that could answer its question. 16 bytes: four to a cache line.
  struct Entry {
    std::uint64_t key = 0;
    std::uint16_t tops = 0;  // 4 bits per suit: how many top live cards the pattern covers
    Card best = kNoCard;     // the leader's card that answered last (a first try next time)
  };
  static_assert(sizeof(Entry) == 16);
  static constexpr int kCluster = 64;
  // The kCluster entries where those of `shape` are kept (with other shapes'): contiguous, found
  // by a hash of the shape. Beside each entry a 16-bit tag (the search's stamp and bits of the
  // shape) lets a lookup read 128 bytes instead of the entries.
  std::size_t cluster_of(std::uint64_t shape) const {
    return static_cast<std::size_t>((shape >> 17) & cluster_mask_) * kCluster;
  }
  std::uint16_t tag_of(std::uint64_t shape) const {
    return static_cast<std::uint16_t>(tag_stamp_ | ((shape >> 40) & 0x0FFF));
  }
  // The entries of cluster `base` whose tag is `tag` (bit i: entry base + i): the current
  // search's entries of that shape among them.
  std::uint64_t matches(std::size_t base, std::uint16_t tag) const {
    return match_bits(&tags_[base], tag, 0xFFFF);
  }
  Entry& at(std::size_t i) { return entries_[i]; }
  // The bounds of entry i.
  int lo(std::size_t i) const { return static_cast<std::int8_t>(bounds_[i] >> 8); }
  int hi(std::size_t i) const { return static_cast<std::int8_t>(bounds_[i] & 0xFF); }
  void set_bounds(std::size_t i, int lo, int hi) {
    bounds_[i] = static_cast<std::uint16_t>(static_cast<std::uint8_t>(lo) << 8 |
                                            static_cast<std::uint8_t>(hi));
  }
  // A slot of the cluster for a new entry of `shape`: a free one (of no live search), else the
  // oldest. Its index.
  std::size_t add(std::uint64_t shape, std::uint64_t key) {
    const std::size_t base = cluster_of(shape);
    const std::uint64_t current = match_bits(&tags_[base], tag_stamp_, 0xF000);
    std::size_t victim = base;
    if (~current) {
      victim = base + static_cast<std::size_t>(std::countr_zero(~current));
    } else {
      for (std::size_t i = base + 1; i < base + kCluster; ++i)
        if (static_cast<std::uint16_t>(clock_ - ages_[i]) >
            static_cast<std::uint16_t>(clock_ - ages_[victim]))
          victim = i;
    }
    Entry& e = entries_[victim];
    e = Entry{};
    ages_[victim] = clock_++;
    tags_[victim] = tag_of(shape);
    e.key = key;
    return victim;
  }
  // Starts a new search: the entries of earlier ones are forgotten.
  void new_search() {
    ++stamp_;
    // 15 tag stamps (1..15; 0: free) in turn, the tags cleared before each round of them: a
    // slot whose tag stamp is not the search's is free (its entry is of an earlier search).
    if (stamp_ % 15 == 0) std::fill(tags_.begin(), tags_.end(), std::uint16_t{0});
    tag_stamp_ = static_cast<std::uint16_t>((stamp_ % 15 + 1) << 12);
  }

 private:
  // Bit i set where (tags[i] & mask) == tag, for the kCluster tags from `tags`.
  static std::uint64_t match_bits(const std::uint16_t* tags, std::uint16_t tag,
                                  std::uint16_t mask) {
    std::uint64_t out = 0;
#if defined(__SSE2__)
    const __m128i t = _mm_set1_epi16(static_cast<short>(tag));
    const __m128i m = _mm_set1_epi16(static_cast<short>(mask));
    for (int i = 0; i < kCluster; i += 16) {
      const __m128i a =
          _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(tags + i)), m);
      const __m128i b =
          _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(tags + i + 8)), m);
      const __m128i eq = _mm_packs_epi16(_mm_cmpeq_epi16(a, t), _mm_cmpeq_epi16(b, t));
      out |= static_cast<std::uint64_t>(static_cast<std::uint16_t>(_mm_movemask_epi8(eq))) << i;
    }
#else
    for (int i = 0; i < kCluster; ++i)
      out |= static_cast<std::uint64_t>((tags[i] & mask) == tag) << i;
#endif
    return out;
  }

  std::vector<Entry> entries_;
  std::vector<std::uint16_t> tags_, ages_, bounds_;
  std::uint64_t cluster_mask_ = 0;
  std::uint64_t stamp_ = 1;
  std::uint16_t tag_stamp_ = 2 << 12;
  std::uint16_t clock_ = 0;
};

namespace solver_detail {

// kSqueeze[live][hand]: `hand` (bits of `live` only) with the bits outside `live` squeezed out,
// for 7-bit halves (the low 7 ranks, then the high 6).
using SqueezeTable = std::array<std::array<std::uint8_t, 128>, 128>;
extern const SqueezeTable kSqueeze;

// The rank mask `hand` (13 bits) with the ranks outside `live` squeezed out. Inline: the table's
// key calls it for every hand and suit at every trick start.
inline std::uint32_t compress13(std::uint32_t hand, std::uint32_t live) {
  const unsigned lo_live = live & 0x7F, hi_live = live >> 7;
  const unsigned lo = kSqueeze[lo_live][hand & lo_live];
  const unsigned hi = kSqueeze[hi_live][(hand >> 7) & hi_live];
  return lo | (hi << std::popcount(lo_live));
}

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
    CARDROOM_ASSERT(!kPartition || task.rank_order,
                    "a policy searched by partition must keep only the order of ranks");
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
  // The positions at the start of a trick among them (DDS counts these as its nodes).
  std::uint64_t trick_nodes() const { return trick_nodes_; }
  // Whether the side ends the round of `p` with at least `total` tricks (whatever the task's
  // objective), and the cards the answer rests on: it holds for every position with the same suit
  // lengths, leader, rules' state and trick so far whose live cards of each suit, down to the
  // lowest of `relevant` in that suit, are held alike (all of them where the policy is not searched
  // by partition). For tests of the partition search; the search's own questions are asked inside.
  bool reaches(const Position& p, int total, CardSet* relevant) {
    return reach(p, ~low_bits(std::max(total, 0)), relevant);
  }

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
      // First the total of a quick playout (each seat's first move in the search's order, the
      // leads looked ahead), then a step at a time: the questions far from the answer are
      // skipped. The lookahead makes 6% fewer questions, 2.4% fewer positions searched, on the
      // benchmark's 500 solves.
      int guess = std::clamp(playout(p, true), a, b);
      bool up = true;
      while (a < b) {  // the answer is in [a, b]
        const int mid = guess > a ? guess : a + 1;
        if (reach(p, ~low_bits(mid), &ignored_)) {
          a = mid;
          guess = up ? mid + 1 : (a + b + 1) / 2;
        } else {
          b = mid - 1;
          up = false;
          guess = b;
        }
        guess = std::clamp(guess, a, b);
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
  // The side's final total when every seat plays the first card of the search's move order,
  // except that with `lookahead` each seat on lead leads the card whose such playout is best for
  // its side.
  int playout(Position p, bool lookahead = false) const {
    std::array<Card, 64> moves;
    while (!p.over) {
      const int n = ordered_moves(p, moves);
      Card pick = moves[0];
      if (lookahead && p.count == 0 && n > 1) {
        const bool mine = in_side(p.to_play);
        int best = 0;
        for (int i = 0; i < n; ++i) {
          Position c = p;
          c.play(moves[i]);
          if (choices_of(c) > 0) choose(c, 0);
          const int v = mine ? playout(c) : -playout(c);
          if (i == 0 || v > best) {
            best = v;
            pick = moves[i];
          }
        }
      }
      p.play(pick);
      if (const int choices = choices_of(p); choices > 0) choose(p, 0);
    }
    return side_won(p);
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
  int ordered_moves(const Position& p, std::array<Card, 64>& out, Card hint = kNoCard) const {
    const CardSet playable = p.playable(p.to_play);
    CardSet live;  // cards in a hand or in the trick in progress
    for (Seat s = 0; s < p.seats; ++s) live |= p.hands[s];
    for (int i = 0; i < p.count; ++i) live.add(p.trick[i]);
    std::array<int, 64> score;  // left uninitialised: only the first n are used
    int n = 0;
    const bool lead = p.count == 0;
    Follow f;
    std::array<Card, MaxSeats> trick = p.trick;
    if (!lead) {
      f.winner = p.policy.winner(tricks::TrickSoFar{trick.data(), p.count, p.leader});
      f.partner_winning = f.winner >= 0 && in_side(p.seat_of(f.winner)) == in_side(p.to_play);
      if constexpr (kSureTricks) {
        if (p.count + 1 < p.seats) {
          const Card top = p.trick[f.winner];
          if (f.partner_winning)
            f.winner_holds = holds_trick(p, top);
          else
            f.partner_takes = partner_takes(p, live, top);
        }
      }
    }
    for (int suit = 0; suit < kSuits; ++suit) {
      unsigned m = playable.rank_mask(suit);
      if (!m) continue;
      unsigned l = (live.rank_mask(suit)) | m;
      if (!task_.rank_order) l = 0x1FFF;
      const LeadSuit led = lead ? lead_suit(p, suit, live) : LeadSuit{};
      // The moves from the highest down; with rank_order, one per run of moves that no other live
      // card separates (the highest of the run).
      const unsigned others = l & ~m;  // live cards of the suit that are not moves
      for (unsigned rest = m; rest;) {
        const int r = 31 - std::countl_zero(rest);
        if (!task_.rank_order) {
          rest &= ~(1u << r);
        } else {
          // The run goes down to the highest other live card below r.
          const unsigned below = others & ((1u << r) - 1);
          rest &= below ? (1u << (31 - std::countl_zero(below))) - 1 : 0;
        }
        const Card c = make_card(suit, r);
        out[n] = c;
        score[n] = (lead ? lead_score(led, c) : follow_score(p, c, f, live, trick)) * 4096 +
                   static_cast<int>(std::min<std::uint32_t>(history_[p.to_play][c], 4095));
        ++n;
      }
    }
    for (CardSet special = playable - CardSet::standard_deck(); !special.empty();) {
      const Card c = special.pop_lowest();
      out[n] = c;
      score[n] = (lead ? 500 : follow_score(p, c, f, live, trick)) * 4096 +
                 static_cast<int>(std::min<std::uint32_t>(history_[p.to_play][c], 4095));
      ++n;
    }
    for (int i = 0; i < n; ++i)
      if (out[i] == hint) score[i] = std::numeric_limits<int>::max();
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
  // The highest card of `suit` in `cards`; kNoCard if there is none.
  static Card top_of(CardSet cards, int suit) {
    const unsigned m = cards.rank_mask(suit);
    return m ? make_card(suit, 31 - std::countl_zero(m)) : kNoCard;
  }
  // What the score of a lead in `suit` depends on, found once for all the suit's leads.
  struct LeadSuit {
    Card top = kNoCard;         // the suit's highest live card
    bool partner_top = false;   // a partner of the seat to play holds it
    bool second_ours = false;   // the side of the seat to play holds the second-highest
    Card second_led = kNoCard;  // the second-highest, when the seat to play holds it and the
                                // third-highest and the other side the highest
    bool through = false;       // the next seat, of the other side, holds the highest and the
                                // seat after it, a partner, the second-highest and another card
    int theirs = 0;             // the other side's choices when the suit is led
  };
  LeadSuit lead_suit(const Position& p, int suit, CardSet live) const {
    LeadSuit out;
    const CardSet in_suit = CardSet::suit_with(make_card(suit, 0));
    const unsigned ranks = live.rank_mask(suit);
    if (!ranks) return out;
    const int top = 31 - std::countl_zero(ranks);
    const unsigned below = ranks & ~(1u << top);
    const int second = below ? 31 - std::countl_zero(below) : -1;
    out.top = make_card(suit, top);
    const bool side = in_side(p.to_play);
    for (Seat s = 0; s < p.seats; ++s) {
      if (in_side(s) == side) {
        const unsigned m = p.hands[s].rank_mask(suit);
        if (s != p.to_play && ((m >> top) & 1)) out.partner_top = true;
        if (second >= 0 && ((m >> second) & 1)) out.second_ours = true;
        continue;
      }
      const int n = (p.hands[s] & in_suit).size();
      out.theirs += n > 0 ? n : p.hands[s].size();
    }
    const unsigned own = p.hands[p.to_play].rank_mask(suit);
    if (second >= 0 && !((own >> top) & 1) && !out.partner_top && ((own >> second) & 1)) {
      const unsigned rest = below & ~(1u << second);
      if (rest && ((own >> (31 - std::countl_zero(rest))) & 1))
        out.second_led = make_card(suit, second);
    }
    if (second >= 0) {
      const Seat next = Policy::next_seat(p.to_play, p.seats);
      const Seat third = Policy::next_seat(next, p.seats);
      const unsigned m = p.hands[third].rank_mask(suit);
      out.through = third != p.to_play && in_side(next) != side && in_side(third) == side &&
                    ((p.hands[next].rank_mask(suit) >> top) & 1) && ((m >> second) & 1) &&
                    std::popcount(m) > 1;
    }
    return out;
  }
  // Cashing the suit's top live card, then the second-highest from a sequence with the third when
  // the other side holds the top (it forces the top card out), then a low card to a partner who
  // holds the top, then low leads; cashing and leading to the partner a little earlier where the
  // side holds the second-highest card too (the suit stays the side's), and leads through the
  // next seat's top card to a partner's second-highest (with a card to spare, it makes a trick
  // whether the top card is played or not) level with cashing. But first of all, by a
  // wide margin, suits where the other side has few cards to choose from (a void counts as a
  // whole hand: any card may be discarded), which keeps the search small. On the first 40 solves
  // of the benchmark set this weighting searched 3.7 M positions at trick starts where the kind
  // of lead first searched 12.1 M; the sequence and the second-highest card, 3.8% fewer trick
  // starts over the benchmark's 500 solves and 0.2 to 3.5% fewer on four sets of fresh deals;
  // leading through, 1.8% fewer again, and 1.8 to 7.2% fewer on five sets of fresh deals.
  static int lead_score(const LeadSuit& led, Card c) {
    const int rank = rank_of(c);
    const int held = led.second_ours ? 10 : 0;
    const int through = led.through ? 40 : 0;
    if (led.top == c) return 1000 + rank - 20 * led.theirs + held;
    if (led.second_led == c) return 980 - 20 * led.theirs + through;
    if (led.partner_top) return 985 - rank - 20 * led.theirs + held;
    return 970 - rank - 20 * led.theirs + through;
  }
  // What the score of a card played to a trick already led depends on, found once for all the
  // cards: the card winning so far (its index), whether a partner played it, and (plain
  // follow-suit policy, a seat still to play after this one) whether no opponent still to play can
  // beat it (holds_trick) or a partner still to play holds the suit's top card (partner_takes).
  struct Follow {
    int winner = -1;
    bool partner_winning = false, winner_holds = false, partner_takes = false;
  };
  // A card played to a trick already led.
  int follow_score(const Position& p, Card c, const Follow& f, CardSet live,
                   std::array<Card, MaxSeats>& trick) const {
    const int winner = f.winner;
    const bool partner_winning = f.partner_winning;
    const int rank = c < 52 ? rank_of(c) : kRanks;
    const bool last = p.count + 1 == p.seats;
    int w;
    if constexpr (kSureTricks) {
      // tricks::trick_winner's rule for one more card.
      const Card top = trick[winner];
      w = tricks::beats(c, top, p.policy.trump) ? p.count : winner;
      if (w == p.count && !last) {
        // With the trick's later cards in view (plain follow-suit rules): overtaking a partner
        // whose card an opponent may still beat with one no opponent can, first of all (with
        // another card, before the low cards; a partner's card that holds, last); letting
        // a partner to come win with the suit's top card when no opponent can ruff, after the low
        // cards; and any card no opponent can beat is a sure winner. On the benchmark's 500 solves
        // these searched 40% fewer trick starts.
        if (partner_winning) {
          if (f.winner_holds) return 50 - rank;
          return holds_trick(p, c) ? 550 - rank : 450 - rank;
        }
        if (f.partner_takes) return 250 - rank;
        if (holds_trick(p, c)) return 600 - rank;
      }
    } else {
      trick[p.count] = c;
      w = p.policy.winner(tricks::TrickSoFar{trick.data(), p.count + 1, p.leader});
    }
    if (w == p.count) {
      if (partner_winning) return 50 - rank;  // overtaking the partner
      // Winning the trick: certain when playing last or with the suit's top live card (or a
      // trump), the cheapest such card first; otherwise (second hand high) after the low cards.
      const CardSet suit_live = CardSet(live.bits() & CardSet::suit_with(c).bits());
      const bool sure = last || suit_live.highest() == c;
      return sure ? 600 - rank : 500 - rank;  // second hand high is a good first try too
    }
    // Not winning: the lowest card; a discard from a long suit (short ones keep their guards).
    if (c < 52 && trick[0] < 52 && suit_of(c) != suit_of(trick[0]))
      return 300 + 4 * (p.hands[p.to_play] & CardSet::suit_with(c)).size() - rank;
    return 300 - rank;
  }
  // Whether `c`, winning the trick in progress so far, keeps it whatever the opponents of the seat
  // to play who are still to play this trick do (plain follow-suit rules with a trump suit): each
  // holds only lower cards of the suit led, or is void in it and cannot ruff (or overruff).
  bool holds_trick(const Position& p, Card c) const {
    const int led = suit_of(p.trick[0]), trump = p.policy.trump;
    for (int i = p.count + 1; i < p.seats; ++i) {
      const Seat o = p.seat_of(i);
      if (in_side(o) == in_side(p.to_play)) continue;
      if (const unsigned m = p.hands[o].rank_mask(led)) {
        if (suit_of(c) == led && 31 - std::countl_zero(m) > rank_of(c)) return false;
      } else if (can_ruff(p, o, led)) {
        const unsigned t = p.hands[o].rank_mask(trump);
        if (suit_of(c) != trump || 31 - std::countl_zero(t) > rank_of(c)) return false;
      }
    }
    return true;
  }
  // Whether seat `s` may ruff a trick led in suit `led`: void in it, holding a trump of another
  // suit.
  bool can_ruff(const Position& p, Seat s, int led) const {
    const int trump = p.policy.trump;
    return trump != kNoSuit && led != trump && !p.hands[s].rank_mask(led) &&
           p.hands[s].rank_mask(trump);
  }
  // Whether a partner of the seat to play, still to play this trick, holds the highest live card
  // of the suit led while the trick's winning card so far (`top`) is of that suit and no opponent
  // still to play can ruff.
  bool partner_takes(const Position& p, CardSet live, Card top) const {
    const int led = suit_of(p.trick[0]);
    const Card high = top_of(live, led);
    if (high == kNoCard || suit_of(top) != led) return false;
    bool partner = false;
    for (int i = p.count + 1; i < p.seats; ++i) {
      const Seat o = p.seat_of(i);
      if (in_side(o) == in_side(p.to_play)) {
        partner = partner || p.hands[o].contains(high);
      } else if (can_ruff(p, o, led)) {
        return false;
      }
    }
    return partner;
  }

  // Partition search (the class of positions an entry covers is wider than one position) for
  // the plain follow-suit family, where a trick is won by rank within the suit led or trumps, and
  // for a policy that says it plays alike (`static constexpr bool kPartitionSearch = true`): the
  // order of ranks within a suit is all that matters (SolverTask::rank_order), a card beats
  // another of its suit by rank only, special cards (ids 52 and up) are themselves, and a rule
  // that picks one card of a suit by rank (the highest trump) leaves that card the only one
  // playable.
  static constexpr bool partition_policy() {
    if constexpr (requires { Policy::kPartitionSearch; })
      return Policy::kPartitionSearch;
    else
      return std::is_same_v<Policy, tricks::PlainTrumps>;
  }
  static constexpr bool kPartition = partition_policy();

  // What the table needs of a position at the start of a trick.
  struct NodeKey {
    std::uint64_t shape = 0;
    std::array<std::uint64_t, MaxSeats> norm{};  // hands as relative ranks (partition search)
    std::array<std::uint16_t, kSuits> live{};    // live ranks per suit
    std::array<std::uint8_t, kSuits> length{};   // live cards per suit
  };
  NodeKey node_key(const Position& p) const {
    NodeKey k;
    std::uint64_t h = side_key_ ^ solver_detail::mix(static_cast<std::uint64_t>(p.leader) + 1);
    CardSet live;
    for (Seat s = 0; s < p.seats; ++s) live |= p.hands[s];
    for (int suit = 0; suit < kSuits; ++suit) {
      k.live[suit] = static_cast<std::uint16_t>(live.rank_mask(suit));
      k.length[suit] = static_cast<std::uint8_t>(std::popcount(live.rank_mask(suit)));
    }
    for (Seat s = 0; s < p.seats; ++s) {
      std::uint64_t word = p.hands[s].bits() & ~CardSet::standard_deck().bits();
      if (!task_.rank_order) {
        word = p.hands[s].bits();
      } else {
        // Relative ranks counted from the top: the highest live card of a suit at its bit 12,
        // so that a suit's top cards are the same bits whatever its length (tops_mask).
        for (int suit = 0; suit < kSuits; ++suit)
          word |= std::uint64_t{solver_detail::compress13(p.hands[s].rank_mask(suit), k.live[suit])}
                  << (suit * kRanks + kRanks - k.length[suit]);
      }
      if constexpr (kPartition) {
        k.norm[s] = word;
        // The suit lengths, and the special cards (ids 52 and up) held, which are themselves.
        std::uint64_t lengths = (p.hands[s].bits() >> 52) << (4 * kSuits);
        for (int suit = 0; suit < kSuits; ++suit)
          lengths |= static_cast<std::uint64_t>(p.hands[s].in_suit(suit).size()) << (4 * suit);
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
  // The top live cards of each suit, as many as `tops` says (packed, pack_tops).
  static CardSet top_cards(const NodeKey& k, std::uint16_t tops) {
    CardSet out;
    for (int suit = 0; suit < kSuits; ++suit) {
      unsigned m = k.live[suit];
      for (int drop = k.length[suit] - ((tops >> (4 * suit)) & 15); drop > 0; --drop) m &= m - 1;
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
  // The mask of the top `tops` live cards of each suit (packed, pack_tops) in the hands as
  // NodeKey::norm holds them (relative ranks from the top). An entry of another shape under the
  // same tag may count more cards than a suit has: the bits below its cards are empty in every
  // hand (and its key differs anyway).
  static std::uint64_t tops_mask(std::uint16_t tops) {
    std::uint64_t mask = 0;
    for (int suit = 0; suit < kSuits; ++suit) {
      const unsigned top = (tops >> (4 * suit)) & 15u;  // at most kRanks (tops_of)
      mask |= std::uint64_t{(1u << kRanks) - (1u << (kRanks - top))} << (suit * kRanks);
    }
    return mask;
  }
  // The key of the entry of `k`'s class for the top cards `tops` (SolverMemory::Entry).
  std::uint64_t key_of(const Position& p, const NodeKey& k, std::uint16_t tops) const {
    if constexpr (!kPartition) return k.shape;
    return k.shape ^ pattern_of(p, k, tops_mask(tops));
  }
  std::uint64_t pattern_of(const Position& p, const NodeKey& k, std::uint64_t mask) const {
    std::uint64_t h = 0x9E3779B97F4A7C15ull;
    for (Seat s = 0; s + 1 < p.seats; ++s) h = (h ^ (k.norm[s] & mask)) * 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 29);
  }
  static std::uint16_t pack_tops(const std::array<std::uint8_t, kSuits>& tops) {
    std::uint16_t v = 0;
    for (int suit = 0; suit < kSuits; ++suit)
      v |= static_cast<std::uint16_t>(tops[suit] << (4 * suit));
    return v;
  }
  // Entries of the position's class that answer whether the side takes at least `need` more
  // tricks (or, for other questions, yes or no): the answer, and the entry's top cards.
  std::optional<bool> lookup(const Position& p, const NodeKey& k, bool at_least, int need,
                             CardSet* relevant, Card* hint) {
    const std::size_t base = memory_.cluster_of(k.shape);
    const std::uint64_t same = memory_.matches(base, memory_.tag_of(k.shape));
    // The entries whose bounds answer the question first; only those are read. From the last
    // slot down: a cluster fills from its first slot, so the newest entries come first, and
    // those that match are found sooner (and, on the benchmark's deals, answer with 3% fewer
    // positions searched).
    std::uint64_t cannot = 0;
    for (std::uint64_t m = same; m;) {
      const int slot = 63 - std::countl_zero(m);
      m &= ~(std::uint64_t{1} << slot);
      const std::size_t i = base + static_cast<std::size_t>(slot);
      const int lo = memory_.lo(i), hi = memory_.hi(i);
      const bool yes = at_least ? lo >= need : lo == 1;
      const bool no = at_least ? hi < need : hi == 0;
      if (!yes && !no) {
        cannot |= std::uint64_t{1} << slot;
        continue;
      }
      const SolverMemory::Entry& e = memory_.at(i);
      if (e.key != key_of(p, k, e.tops)) continue;
      *relevant |= top_cards(k, e.tops);
      return yes;
    }
    // No answer: the first card to try. From an entry of the position's class, else from the
    // newest entry of its shape whose card the leader holds: positions with the same suit lengths
    // in every hand are often won by the same plan (4 to 6% fewer trick nodes on the benchmark's
    // deals).
    if (*hint != kNoCard) return std::nullopt;
    for (std::uint64_t m = cannot; m; m &= m - 1) {
      const SolverMemory::Entry& e = memory_.at(base + std::countr_zero(m));
      if (e.best != kNoCard && e.key == key_of(p, k, e.tops)) {
        *hint = e.best;
        return std::nullopt;
      }
    }
    for (std::uint64_t m = same; m;) {
      const int slot = 63 - std::countl_zero(m);
      m &= ~(std::uint64_t{1} << slot);
      const Card best = memory_.at(base + static_cast<std::size_t>(slot)).best;
      if (best != kNoCard && p.hands[p.leader].contains(best)) {
        *hint = best;
        break;
      }
    }
    return std::nullopt;
  }
  void store(const Position& p, const NodeKey& k, CardSet relevant, int lo, int hi,
             Card best = kNoCard) {
    const std::uint16_t tops = pack_tops(tops_of(k, relevant));
    const std::uint64_t key = key_of(p, k, tops);
    const std::size_t base = memory_.cluster_of(k.shape);
    for (std::uint64_t m = memory_.matches(base, memory_.tag_of(k.shape)); m; m &= m - 1) {
      const std::size_t i = base + std::countr_zero(m);
      SolverMemory::Entry& e = memory_.at(i);
      if (e.key == key && e.tops == tops) {
        memory_.set_bounds(i, std::max(memory_.lo(i), lo), std::min(memory_.hi(i), hi));
        if (best != kNoCard) e.best = best;
        return;
      }
    }
    const std::size_t i = memory_.add(k.shape, key);
    SolverMemory::Entry& e = memory_.at(i);
    e.tops = tops;
    e.best = best;
    memory_.set_bounds(i, lo, hi);
  }

  // Sure tricks at the start of a trick (plain follow-suit games with an optional trump suit,
  // where every hand holds a card for each trick left). Each bound adds to `relevant` the cards
  // whose ranks it rests on.
  static constexpr bool kSureTricks = std::is_same_v<Policy, tricks::PlainTrumps>;

  // The tricks a seat on lead takes by cashing its suits one after another from the top, keeping
  // the lead (run_of): a suit's run is cut where an opponent holding trumps runs out of it, and the
  // non-trump tricks are cut to the non-trump cards of each partner holding trumps (a partner with
  // nothing else to play would ruff and take the lead). No opponent plays a trump meanwhile, and
  // the discards of the others only shorten their holdings, so each suit counts on its own; when
  // the trumps cashed first leave no opponent a trump, no run is cut (`free_others`).
  struct Cash {
    int trumps = 0, others = 0, free_others = 0;
    CardSet trump_cards, other_cards, free_cards;  // what `trumps`, `others`, `free_others` rest on
  };
  // The tricks the seat takes cashing `suit` from the top, keeping the lead, and the ranks that
  // rests on. Every other hand keeps its highest card of the suit as long as it can (discarding
  // its lowest), so the seat's k-th highest card wins the k-th round when it beats the highest
  // card of every other hand holding k cards of the suit or more: top cards, honours that drop
  // (a singleton king under the ace), and length winners once the others run out. The count
  // rests on the seat's cards of the rounds where another hand still follows (from the top: the
  // lower ones win by length alone). A partner whose cards of the suit can all go under the
  // seat's (its j-th highest below the seat's j-th highest) unblocks: it follows low and the
  // seat keeps the lead. That rests on no card of the partner's: the seat's cards of the rounds
  // the partner follows are in `cards`, so every position that holds the live cards alike down to
  // the lowest of them gives the partner the same cards above it, and its lower ones go under
  // the seat's anyway. Any other partner is treated like an opponent (its higher card would take
  // the lead). No ruff is considered here.
  struct Run {
    int won = 0;
    unsigned cards = 0;  // the seat's ranks the count rests on
  };
  Run run_of(const Position& p, Seat leader, int suit) const {
    const unsigned own = p.hands[leader].rank_mask(suit);
    Run out;
    std::uint32_t others = 0;  // the seats that may take a round of the suit
    for (Seat o = 0; o < p.seats; ++o) {
      const unsigned m = p.hands[o].rank_mask(suit);
      if (o == leader || !m) continue;
      if (in_side(o) == in_side(leader) && unblocks(m, own)) continue;
      others |= 1u << o;
    }
    unsigned rest = own;
    for (int k = 1; rest; ++k) {
      const int r = 31 - std::countl_zero(rest);
      bool followed = false;
      for (Seat o = 0; o < p.seats; ++o) {
        const unsigned m = p.hands[o].rank_mask(suit);
        if (o == leader || std::popcount(m) < k) continue;
        followed = true;  // by an opponent, or by a partner unblocking under the seat's card
        if (((others >> o) & 1) && 31 - std::countl_zero(m) > r) return out;
      }
      ++out.won;
      if (followed) out.cards |= 1u << r;
      rest &= ~(1u << r);
    }
    return out;
  }
  // Whether a partner holding `theirs` of a suit can play each of its cards under the seat's
  // (`own`) in the rounds the seat leads from the top: its j-th highest below the seat's j-th.
  static bool unblocks(unsigned theirs, unsigned own) {
    if (std::popcount(theirs) > std::popcount(own)) return false;
    while (theirs) {
      if (31 - std::countl_zero(theirs) > 31 - std::countl_zero(own)) return false;
      theirs &= ~(1u << (31 - std::countl_zero(theirs)));
      own &= ~(1u << (31 - std::countl_zero(own)));
    }
    return true;
  }
  Cash cash(const Position& p, Seat leader) const {
    Cash out;
    const int trump = p.policy.trump;
    const bool side = in_side(leader);
    bool drawn = trump != kNoSuit;  // the trumps cashed leave no opponent a trump
    if (trump != kNoSuit) {
      const Run t = run_of(p, leader, trump);
      const int run = t.won;
      out.trumps = run;
      out.trump_cards = CardSet(std::uint64_t{t.cards} << (trump * kRanks));
      for (Seat o = 0; o < p.seats && drawn; ++o)
        if (in_side(o) != side && std::popcount(p.hands[o].rank_mask(trump)) > run) drawn = false;
    }
    for (int suit = 0; suit < kSuits; ++suit) {
      if (suit == trump || !p.hands[leader].rank_mask(suit)) continue;
      const Run r = run_of(p, leader, suit);
      const int run = r.won;
      const unsigned cards = r.cards;
      int cut = run;
      if (trump != kNoSuit) {
        bool ruffs = false;
        for (Seat o = 0; o < p.seats; ++o) {
          if (in_side(o) == side || p.hands[o].rank_mask(trump) == 0) continue;
          ruffs = true;
          cut = std::min(cut, std::popcount(p.hands[o].rank_mask(suit)));
        }
        // Length winners only where no opponent could ruff them: the top cards alone, and of
        // those only as many as the ruffs leave (their ranks are all the count rests on).
        if (ruffs) cut = std::min(cut, std::popcount(cards));
      }
      const CardSet used(std::uint64_t{top_bits(cards, cut)} << (suit * kRanks));
      out.others += cut;
      out.other_cards |= used;
      if (drawn) {
        out.free_others += run;
        out.free_cards |= CardSet(std::uint64_t{cards} << (suit * kRanks));
      } else {
        out.free_others += cut;
        out.free_cards |= used;
      }
    }
    if (trump != kNoSuit) {
      for (Seat s = 0; s < p.seats; ++s) {
        if (s == leader || in_side(s) != side || p.hands[s].rank_mask(trump) == 0) continue;
        out.others = std::min(out.others, non_trumps(p, s));
        out.free_others = std::min(out.free_others, non_trumps(p, s));
      }
    }
    return out;
  }
  // The `n` highest bits of `bits`.
  static unsigned top_bits(unsigned bits, int n) {
    for (int drop = std::popcount(bits) - n; drop > 0; --drop) bits &= bits - 1;
    return bits;
  }
  int non_trumps(const Position& p, Seat s) const {
    const int trump = p.policy.trump;
    return p.hands[s].size() - (trump == kNoSuit ? 0 : std::popcount(p.hands[s].rank_mask(trump)));
  }

  // Tricks the trumps of `hand` are sure to take: each is played in its own trick, which its side
  // wins unless a higher trump of the other side falls in it, and each of those beats one trump at
  // most. `lowest`: the lowest of the hand's trumps counted; the count rests only on the trumps
  // at or above it (it cannot fall wherever the lower ones are).
  struct SureTrumps {
    int count = 0;
    Card lowest = kNoCard;
  };
  SureTrumps sure_trumps(const Position& p, Seat hand) const {
    SureTrumps out;
    const int trump = p.policy.trump;
    if (trump == kNoSuit || !task_.rank_order) return out;
    const unsigned h = p.hands[hand].rank_mask(trump);
    if (!h) return out;
    unsigned theirs = 0;
    for (Seat s = 0; s < p.seats; ++s)
      if (in_side(s) != in_side(hand)) theirs |= p.hands[s].rank_mask(trump);
    // Each of theirs beats one lower trump of the hand: match from the top down.
    int free = 0;
    for (int r = kRanks - 1; r >= 0; --r) {
      if ((theirs >> r) & 1) ++free;
      if ((h >> r) & 1) {
        if (free > 0) {
          --free;
        } else {
          ++out.count;
          out.lowest = make_card(trump, r);
        }
      }
    }
    return out;
  }

  // Quick tricks of the leader's side: a seat on lead (the leader, or a partner the leader
  // reaches by leading a suit whose top live card the partner holds, with no ruff in the way;
  // without trumps, the leader's runs and then the partner's) cashes its runs; then one hand's
  // sure trump tricks (when it needs no trump meanwhile).
  int quick_tricks(const Position& p, CardSet live, CardSet* relevant) const {
    if constexpr (!kSureTricks) {
      return 0;
    } else {
      if (!task_.rank_order) return 0;
      const Seat leader = p.leader;
      const bool side = in_side(leader);
      const int trump = p.policy.trump;
      std::array<SureTrumps, MaxSeats> sure{};
      for (Seat s = 0; s < p.seats; ++s)
        if (in_side(s) == side) sure[s] = sure_trumps(p, s);
      int best = 0;
      CardSet best_cards;
      // The tricks of `on_lead` cashing (reached through a trump lead when `by_trump`).
      auto consider = [&](Seat on_lead, bool by_trump) {
        const Cash c = cash(p, on_lead);
        if (c.trumps + c.free_others > best) {
          best = c.trumps + c.free_others;
          best_cards = c.trump_cards | c.free_cards;
        }
        if (trump == kNoSuit || by_trump) return;
        for (Seat h = 0; h < p.seats; ++h) {
          if (in_side(h) != side || sure[h].count == 0) continue;
          if (h != on_lead && non_trumps(p, h) < c.others) continue;
          if (c.others + sure[h].count > best) {
            best = c.others + sure[h].count;
            best_cards = c.other_cards;
            best_cards.add(sure[h].lowest);
          }
        }
      };
      consider(leader, false);
      std::optional<Cash> first_cash;
      for (Seat partner = 0; partner < p.seats; ++partner) {
        if (partner == leader || in_side(partner) != side) continue;
        int via = -1;  // the suit that reaches the partner
        for (int suit = 0; suit < kSuits && via < 0; ++suit) {
          const Card top = top_of(live, suit);
          if (top == kNoCard || !p.hands[leader].rank_mask(suit)) continue;
          if (!p.hands[partner].contains(top)) continue;
          bool ok = true;
          if (trump != kNoSuit && suit != trump) {
            for (Seat s = 0; s < p.seats && ok; ++s) {
              if (s == leader || s == partner || p.hands[s].rank_mask(suit) != 0) continue;
              // Void in the suit led: an opponent with trumps may ruff; so must a partner with
              // nothing but trumps.
              const unsigned t = p.hands[s].rank_mask(trump);
              if (in_side(s) != side ? t != 0 : std::popcount(t) == p.hands[s].size()) ok = false;
            }
          }
          if (ok) via = suit;
        }
        // Crossing with a non-trump lead, the leader spends a non-trump card on one of the
        // partner's run tricks.
        if (via < 0) continue;
        consider(partner, via == trump);
        // Without trumps, the leader may cash its own runs first: a suit has a run in one hand
        // of the two at most (each treats the other as an opponent), the leader keeps its cards
        // of the suit that reaches the partner, and the partner, following or discarding, keeps
        // its run cards when it has enough others.
        if (trump == kNoSuit) {
          if (!first_cash) first_cash = cash(p, leader);
          const Cash then = cash(p, partner);
          if (p.hands[partner].size() - then.others >= first_cash->others &&
              first_cash->others + then.others > best) {
            best = first_cash->others + then.others;
            best_cards = first_cash->other_cards | then.other_cards;
          }
        }
      }
      *relevant |= best_cards;
      return std::min(best, p.hands[leader].size());
    }
  }

  // Whether the trick in progress (its lead played, no trump played to another suit led) is
  // sure to go to the side of the seat to play: a seat of that side still to play holds the
  // highest card of the suit led, or can ruff it, and no seat of another side still to play could
  // ruff. `cards`: the card whose rank that rests on.
  bool trick_is_sure(const Position& p, CardSet* cards) const {
    const Card led = p.trick[0];
    if (led >= 52) return false;
    const int suit = suit_of(led), trump = p.policy.trump;
    int played_top = rank_of(led);  // the highest card of the suit led played so far
    for (int i = 1; i < p.count; ++i) {
      const Card c = p.trick[i];
      if (c >= 52 || (suit_of(c) == trump && suit != trump)) return false;
      if (suit_of(c) == suit) played_top = std::max(played_top, rank_of(c));
    }
    const bool side = in_side(p.to_play);
    CardSet in_hands;
    for (Seat s = 0; s < p.seats; ++s) in_hands |= p.hands[s];
    const Card top = top_of(in_hands, suit);
    bool ours_top = false, ours_ruff = false;
    for (int i = p.count; i < p.seats; ++i) {
      const Seat s = p.seat_of(i);
      const bool ruffs = can_ruff(p, s, suit);
      if (in_side(s) != side) {
        if (ruffs) return false;
        continue;
      }
      if (top != kNoCard && rank_of(top) > played_top && p.hands[s].contains(top)) ours_top = true;
      if (ruffs) ours_ruff = true;
    }
    if (ours_ruff) return true;
    if (ours_top) cards->add(top);
    return ours_top;
  }

  // The later-tricks rule (DDS's), without trumps in play. A side that must take every trick left
  // takes each in a suit whose top live card it then holds (the other side's holder would play
  // its top card and win), and in a suit no more tricks than its longest hand there has cards.
  // Whether one side's suits are too short for that: the solver's side if `all` (it cannot take
  // every trick left), else the other side (the solver's side takes one trick at least). `cards`:
  // what the answer rests on, the top cards of the side that is not asked about (in suits where
  // another hand holds cards). Kept out of line: inlined into the search it cost 7% of the time.
  [[gnu::noinline]] bool top_suits_short(const Position& p, CardSet live, bool all,
                                         CardSet* cards) const {
    const int trump = p.policy.trump;
    if (trump != kNoSuit && live.rank_mask(trump)) return false;
    const bool side = all;  // the side asked about: in_side(s) == side
    int sum = 0;
    CardSet tops;
    for (int suit = 0; suit < kSuits; ++suit) {
      const Card top = top_of(live, suit);
      if (top == kNoCard) continue;
      int longest = 0;
      bool held = false, others_hold = false;  // the top card held by the side; other holders
      for (Seat s = 0; s < p.seats; ++s) {
        const unsigned m = p.hands[s].rank_mask(suit);
        if (!m) continue;
        if (p.hands[s].contains(top)) {
          held = in_side(s) == side;
        } else {
          others_hold = true;
        }
        if (in_side(s) == side) longest = std::max(longest, std::popcount(m));
      }
      if (held)
        sum += longest;
      else if (others_hold)
        tops.add(top);
    }
    if (sum >= p.tricks - p.trick_no) return false;
    *cards |= tops;
    return true;
  }

  // The most sure trump tricks of one hand of a side (`ours`: the solver's).
  int side_sure_trumps(const Position& p, bool ours, CardSet* relevant) const {
    if constexpr (!kSureTricks) {
      return 0;
    } else {
      SureTrumps best;
      for (Seat s = 0; s < p.seats; ++s) {
        if (in_side(s) != ours) continue;
        const SureTrumps t = sure_trumps(p, s);
        if (t.count > best.count) best = t;
      }
      if (best.count > 0) relevant->add(best.lowest);
      return best.count;
    }
  }

  // Whether the side can end the round with a trick total in `goal` (bit t: total t). Adds to
  // `relevant` the cards whose ranks the answer depends on (partition search).
  bool reach(const Position& p, std::uint64_t goal, CardSet* relevant) {
    ++nodes_;
    if (p.count == 0) ++trick_nodes_;
    const int won = side_won(p);
    const int left = p.over ? 0 : p.tricks - p.trick_no;
    const std::uint64_t all = low_bits(left + 1);
    const std::uint64_t future = (goal >> won) & all;
    if (future == 0) return false;
    if (future == all) return true;
    // "At least `need` more tricks"?
    const int need = std::countr_zero(future);
    const bool at_least = future == (all & ~low_bits(need));
    // The last trick, every card forced: play it out.
    if (left == 1 && p.count == 0) {
      Position c = p;
      tricks::PlayResult played;
      bool forced = true;
      while (forced && !c.over) {
        const CardSet m = c.playable(c.to_play);
        forced = m.size() == 1;
        if (forced) played = c.play(m.lowest());
        if (choices_of(c) > 0) forced = false;
      }
      if (forced) {
        if constexpr (kPartition)
          if (played.trick_complete && played.winning_card >= 0)
            *relevant |= won_by_rank(c, played);
        return (goal >> side_won(c)) & 1;
      }
    }
    // Within a trick: it is sure to go to the side of the seat to play, and that decides (one
    // more trick is all the side needs, or the other side needs every trick).
    if constexpr (kSureTricks) {
      if (at_least && p.count > 0) {
        const bool ours = in_side(p.to_play);
        if (ours ? need == 1 : need == left) {
          CardSet cards;
          if (trick_is_sure(p, &cards)) {
            *relevant |= cards;
            return ours;
          }
        }
      }
    }
    NodeKey key;
    Card hint = kNoCard, best = kNoCard;
    if (p.count == 0) {
      key = node_key(p);
      if (!at_least) key.shape = solver_detail::mix(key.shape ^ future ^ 0xA5A5);
      if (const std::optional<bool> known = lookup(p, key, at_least, need, relevant, &hint)) {
        return *known;
      }
      if (at_least) {
        // Sure tricks: the leader's side's quick tricks; each side's sure trump tricks.
        CardSet live;
        for (Seat s = 0; s < p.seats; ++s) live |= p.hands[s];
        CardSet lead_cards, ours_cards, theirs_cards;
        const bool ours = in_side(p.leader);
        const int lead_sure = quick_tricks(p, live, &lead_cards);
        const int ours_sure = side_sure_trumps(p, true, &ours_cards);
        const int theirs_sure = side_sure_trumps(p, false, &theirs_cards);
        CardSet low_cards = ours_cards, high_cards = theirs_cards;
        int at_least_side = ours_sure, at_most_side = left - theirs_sure;
        if (ours && lead_sure > at_least_side) {
          at_least_side = lead_sure;
          low_cards = lead_cards;
        }
        if (!ours && left - lead_sure < at_most_side) {
          at_most_side = left - lead_sure;
          high_cards = lead_cards;
        }
        if (at_least_side >= need) {
          store(p, key, low_cards, at_least_side, left);
          *relevant |= low_cards;
          return true;
        }
        if (at_most_side < need) {
          store(p, key, high_cards, 0, at_most_side);
          *relevant |= high_cards;
          return false;
        }
        if constexpr (kSureTricks) {
          if (need == left || need == 1) {
            const bool all = need == left;  // else: one trick
            CardSet cards;
            if (top_suits_short(p, live, all, &cards)) {
              if (all)
                store(p, key, cards, 0, left - 1);
              else
                store(p, key, cards, 1, left);
              *relevant |= cards;
              return !all;
            }
          }
        }
      }
    }
    const bool mine = in_side(p.to_play);
    std::array<Card, 64> moves;
    const int n = ordered_moves(p, moves, hint);
    bool result = !mine;
    CardSet all_relevant;  // of the children searched (what a "no" rests on)
    // A card a rule picked by rank among others of its suit: its rank decided the play.
    CardSet picked;
    if constexpr (kPartition) {
      if (n == 1 && moves[0] < 52 && p.playable(p.to_play).size() == 1 &&
          (p.hands[p.to_play] & CardSet::suit_with(moves[0])).size() > 1)
        picked = CardSet::of(moves[0]);
    }
    // Per suit, the rank below which a card that failed lay under every card its answer rested
    // on: any other card of the suit below it would fail the same way (partition search).
    std::array<int, kSuits> failed_below{};
    for (int i = 0; i < n && result != mine; ++i) {
      if constexpr (kPartition) {
        if (moves[i] < 52 && rank_of(moves[i]) < failed_below[suit_of(moves[i])]) continue;
      }
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
        best = moves[i];
        history_[p.to_play][moves[i]] += static_cast<std::uint32_t>(left * left);
        all_relevant = child_relevant;  // the one move that does it
      } else {
        all_relevant |= child_relevant;
        if constexpr (kPartition) {
          if (moves[i] < 52) {
            const int suit = suit_of(moves[i]);
            const unsigned r = child_relevant.rank_mask(suit);
            const int lowest = r ? std::countr_zero(r) : kRanks;
            if (rank_of(moves[i]) < lowest)
              failed_below[suit] = std::max(failed_below[suit], lowest);
          }
        }
      }
    }
    all_relevant |= picked;
    if constexpr (kPartition) {
      // Every move was answered (no cutoff): each stood for its class of equivalent cards. A
      // class the answer's ranks reach into must be held alike in every position the answer
      // covers, or its cards would not be one move there: its lowest card becomes relevant.
      if (result != mine) widen_to_classes(p, moves, n, &all_relevant);
    }
    if (p.count == 0) {
      if (!at_least)
        store(p, key, all_relevant, result ? 1 : 0, result ? 1 : 0, best);
      else if (result)
        store(p, key, all_relevant, need, left, best);
      else
        store(p, key, all_relevant, 0, need - 1, best);
    }
    *relevant |= all_relevant;
    return result;
  }
  // For each move of `moves` (representatives of classes of equivalent cards, as ordered_moves
  // gives them) whose class has cards on both sides of the lowest relevant card of its suit, adds
  // the class's lowest card to `relevant`.
  void widen_to_classes(const Position& p, const std::array<Card, 64>& moves, int n,
                        CardSet* relevant) const {
    const CardSet playable = p.playable(p.to_play);
    for (int i = 0; i < n; ++i) {
      const Card c = moves[i];
      if (c >= 52) continue;
      const unsigned r = relevant->rank_mask(suit_of(c));
      if (!r || std::countr_zero(r) > rank_of(c)) continue;  // the answer does not reach it
      const CardSet cls = equivalents(p, c, playable);
      const Card bottom = cls.lowest();
      if (rank_of(bottom) < std::countr_zero(r)) relevant->add(bottom);
    }
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
  std::uint64_t nodes_ = 0, trick_nodes_ = 0;
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
  r.round_scores = !query.tricks && !task.scores.empty();
  if (!query.search) return r;
  TrickSolver<Policy, MaxSeats> solver(task, r.seat, query.tricks, memory);
  r.value = solver.value();
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
  r.trick_nodes = solver.trick_nodes();
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
