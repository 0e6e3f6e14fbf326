// Nuts (Nerts, Pounce, Racing Demon): competitive solitaire in real time. Every player (or
// partnership) races to play its own deck onto shared foundations; there are no turns.
//
// Rules: ../shared/rules/seeds/002_d88490290ee4893b.txt ("Nuts (a.k.a. Nerts, Pounce)") and
// RULINGS.md section 7; our words, options and decisions: docs/games/nuts.md (also
// `cardroom rules nuts`).
//
// Rulings applied: NUTS-A1 (moves apply in arrival order; a stale move is refused and changes
// nothing), A2 (no grace after "Nuts!": a move after the emptying one is refused; option grace_ms
// gives the others that many ms to complete their moves, see Grace below), A3 (the "stuck" vote,
// rule 6), A4 (an emptied reserve costs 0), A5 (a draw takes what is left, up to 3), A6 (a tie on
// top plays another hand; option final_tie=share), A7 (strictly more than the target), A8 (2-4
// players alone, 6 or 8 in partnerships of neighbours sharing one layout; 5 and 7 refused), A9
// (only the reserve's top card is known, even to its owner), A10 (own layout only; foundation cards
// never move), A11 (only a pile's top card goes to a foundation), A12 (all stuck: rotate once;
// stuck again with no card moved to a tableau or foundation since: the hand ends).
//
// Stuck by the engine (NUTS-A3's auto-flag, which rule 6's vote needs so that nobody can stall a
// hand for ever): a layout is declared stuck for it, after any move, when since the hand last
// changed for it (a card went to a foundation, from any layout; a card left its own reserve or
// waste; the rotation, for its draws) it has
//   1. drawn through its whole stock and waste (idle_draws >= stock + waste), has no card to
//      move (no play, no move onto a pile: the ruling's "no legal move and cycled the whole
//      stock since their last non-draw move") and nothing to draw for (drawing_may_help: a pass
//      begun mid-stock comes up in other threes than the next, whole ones), or
//   2. drawn through them twice whatever it could move, or
//   3. moved cards from pile to pile kIdlePileMoves times (kept across rotations).
// A pile-to-pile move restarts the count of draws, a card moved to a foundation restarts both
// counts of every layout. Between two cards going to a foundation or leaving a reserve or waste
// (at most 52 per layout a hand) there are so at most kIdlePileMoves pile moves per layout, so at
// most that many rotations with a card moved, and two passes through the stock per rotation:
// every hand ends, whatever the players do.
//
// Layouts: one per player, or per partnership (seats 2p and 2p+1 share layout p). Every card has
// an owner (its layout's deck); card ids are the standard 0..51 within a deck. A layout holds its
// reserve (13 dealt, top visible to all, the rest hidden from all), four tableau piles (face up),
// its stock (face down: cards never yet turned up are hidden from all; once turned up a card is
// known to everyone, its place in the stock too) and its waste (face up, fanned: every card seen,
// only the top playable). Up to 16 foundation piles are shared: a suit built up from the ace to
// the king, each card remembering its owner.
//
// Explicit deals (one per hand): no hands, no pack; per layout the piles "reserve" (13 cards, top
// first), "tableau" (4 cards, T1 first) and "stock" (35 cards, top first): piles["reserve"][l].
//
// Grace (grace_ms > 0, NUTS-A2's flag): when a reserve empties the hand does not end at once. The
// deadline is the emptying move's arrival time (ApplyContext::time_ms) plus grace_ms. Until then
// every other layout may still play to a foundation or move to a tableau, or say "done"; the
// layout that called Nuts is done. The hand ends when every layout is done, or when a move that
// would be legal arrives after the deadline (or with no time, or when the Nuts move had none): that
// move is not played, the hand ends with a "too late" event and apply returns Ok. Draw, recycle
// and stuck are refused during the grace. A refused move changes nothing.
//
// Move encoding (Move::code): kind in bits 56..63, payload below.
//   kind 1  play C      payload card id                  text "play 5C" (to a foundation)
//   kind 2  move C Tj   payload card id | (j-1) << 8     text "move 7D T2" (C and every card on
//                                                        it onto tableau pile j)
//   kind 3  draw        no payload                       text "draw" (up to 3 from the stock)
//   kind 4  recycle     no payload                       text "recycle" (stock empty: turn the
//                                                        waste over into a new stock)
//   kind 5  stuck       no payload                       text "stuck" (the vote, rule 6)
//   kind 6  done        no payload                       text "done" (during a grace: nothing
//                                                        more to complete)
// A card names its place: a seat moves only its own layout's cards, where each card is once.
// Legal moves are sorted by code: plays, moves (by pile, then card), draw or recycle, stuck (during
// a grace: plays, moves, done).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "core/game.h"
#include "core/match_state.h"
#include "core/move_text.h"

namespace cardroom::nuts {

class State;

inline constexpr int kMaxLayouts = 4, kMaxPlayers = 8;
inline constexpr int kReserveSize = 13, kPiles = 4, kDraw = 3;
inline constexpr int kStockSize = 52 - kReserveSize - kPiles;  // 35
inline constexpr int kMaxPile = 13;                            // a king down to an ace
inline constexpr int kMaxFoundations = 4 * kMaxLayouts;        // one per ace in play
// Pile-to-pile moves with nothing gained after which a layout is stuck (see Stuck by the engine).
inline constexpr int kIdlePileMoves = 20;
inline constexpr CardSet kDeck = CardSet::standard_deck();

enum MoveKind : std::uint8_t {
  kPlayMove = 1,
  kMoveMove = 2,
  kDrawMove = 3,
  kRecycleMove = 4,
  kStuckMove = 5,
  kDoneMove = 6
};
constexpr Move play_move(Card c) { return make_move(kPlayMove, c); }
constexpr Move move_move(Card c, int pile) {
  return make_move(kMoveMove, c | (std::uint64_t(pile) << 8));
}
constexpr Move draw_move() { return make_move(kDrawMove); }
constexpr Move recycle_move() { return make_move(kRecycleMove); }
constexpr Move stuck_move() { return make_move(kStuckMove); }
constexpr Move done_move() { return make_move(kDoneMove); }

// Nuts ranks: ace low. 1 (A) .. 13 (K).
constexpr int nuts_rank(Card c) { return rank_of(c) == kAce ? 1 : rank_of(c) + 2; }
constexpr Card card_of(int suit, int nuts_rank_value) {
  return make_card(suit, nuts_rank_value == 1 ? kAce : nuts_rank_value - 2);
}
constexpr bool is_red(Card c) { return suit_of(c) == kHearts || suit_of(c) == kDiamonds; }
// Whether `card` may go on `onto` in a tableau: one rank lower, the other colour.
constexpr bool builds_on(Card card, Card onto) {
  return nuts_rank(card) + 1 == nuts_rank(onto) && is_red(card) != is_red(onto);
}

enum class FinalTie : std::uint8_t { kPlayOn, kShare };  // NUTS-A6

struct Config {
  int players = 2;
  int target = 100;   // the game ends after a hand when a total is more than this (NUTS-A7)
  int max_hands = 0;  // 0: no limit (rule 9); else after this many hands the highest total wins
  FinalTie final_tie = FinalTie::kPlayOn;
  int grace_ms = 0;  // after "Nuts!" the others may complete their moves this long (NUTS-A2)
  CARDROOM_CONFIG(Config);
  std::string validate() const;
  bool partnership() const { return players > 4; }
  int layouts() const { return partnership() ? players / 2 : players; }
};

class Game : public GameWithConfig<Config, Game, State> {
 public:
  CARDROOM_GAME_CONTRACT("nuts");
  // Rule 9 sets no limit on hands, so two weak players' match may never end: tools that play
  // random matches to the end use this cap (core/registry.h, GameEntry::capped_options).
  static constexpr const char* kCappedOptions = "max_hands=25";
  int num_seats() const { return config_.players; }
  Teams teams() const;
};

// One player's (or partnership's) cards.
struct Layout {
  std::array<Card, kReserveSize> reserve{};  // bottom first; the top is reserve[reserve_n - 1]
  std::array<std::array<Card, kMaxPile>, kPiles> tableau{};  // each pile bottom first
  std::array<Card, kStockSize> stock{};                      // bottom first; the top is last
  std::array<Card, kStockSize> waste{};                      // bottom first; the top is last
  std::array<CardSet, kPiles> pile_cards{};                  // the cards of each pile, as a set
  std::uint64_t stock_known = 0;  // bit i: stock[i] has been face up (everyone knows it)
  std::int8_t reserve_n = 0, stock_n = 0, waste_n = 0;
  std::array<std::int8_t, kPiles> pile_n{};
  std::int8_t played = 0;  // cards of this deck on the foundations this hand
  // Cards drawn since this layout last moved a card, any card went to a foundation or the stock
  // was rotated; pile-to-pile moves since a card of this layout left its reserve or waste or any
  // card went to a foundation (see Stuck by the engine).
  std::int16_t idle_draws = 0;
  std::int8_t idle_pile_moves = 0;
  bool stuck = false;  // has declared stuck (or was declared by the engine) since the last rotation
  bool operator==(const Layout&) const = default;

  Card reserve_top() const { return reserve_n ? reserve[reserve_n - 1] : kNoCard; }
  Card waste_top() const { return waste_n ? waste[waste_n - 1] : kNoCard; }
  Card pile_top(int p) const { return pile_n[p] ? tableau[p][pile_n[p] - 1] : kNoCard; }
  // Every card of the layout that is not on a foundation.
  CardSet cards() const;
};

struct Foundation {
  std::int8_t suit = kNoSuit;
  std::int8_t size = 0;                       // the top card's rank (1 = ace .. 13 = king)
  std::array<std::int8_t, kMaxPile> owner{};  // the layout whose deck each rank came from
  bool operator==(const Foundation&) const = default;
  Card top() const { return size ? card_of(suit, size) : kNoCard; }
};

// How a hand ended.
enum class HandEnd : std::uint8_t { kNone, kNuts, kStuck };

struct HandRecord {
  int hand = 0;
  HandEnd end = HandEnd::kNone;
  std::int8_t nuts_by = -1;  // the layout that emptied its reserve
  std::array<std::int8_t, kMaxLayouts> played{}, reserve_left{};
  std::array<int, kMaxLayouts> points{}, totals{};
  bool operator==(const HandRecord&) const = default;
};

class State : public MatchState<Config, HandRecord> {
 public:
  // play: 6 accessible cards; move: onto each of 4 piles at most every card of the layout but one.
  static constexpr int kMaxMoves = 6 + kPiles * (2 + kPiles * kMaxPile) + 2;

  CARDROOM_STATE_CONTRACT(State);
  // The move for people (core/move_data.h): the game's own wording.
  std::string move_label(Move move) const;
  int num_seats() const { return config_.players; }
  ActorMode mode() const { return ActorMode::kRealTime; }
  bool over() const { return over_; }
  // A seat's total is its layout's (partners share one).
  int score(Seat seat) const {
    return seat >= 0 && seat < num_seats() ? totals_[layout_of(seat)] : 0;
  }
  int team_score(int team) const { return team >= 0 && team < layouts() ? totals_[team] : 0; }

  int layouts() const { return config_.layouts(); }
  int layout_of(Seat seat) const { return config_.partnership() ? seat / 2 : seat; }
  const Layout& layout(int l) const { return layouts_[l]; }
  int foundations() const { return foundations_n_; }
  const Foundation& foundation(int f) const { return foundations_[f]; }
  int rotations() const { return rotations_; }
  bool progress_since_rotation() const { return progress_; }
  // The grace after "Nuts!" (option grace_ms): whether it runs, who called, its deadline (absent
  // when the Nuts move came with no time: every later move is then too late), who is done.
  bool in_grace() const { return grace_; }
  int nuts_by() const { return nuts_by_; }
  std::optional<std::int64_t> grace_deadline_ms() const {
    return deadline_known_ ? std::optional<std::int64_t>(deadline_ms_) : std::nullopt;
  }
  bool done(int l) const { return (done_ >> l) & 1; }
  // Where card `c` of layout `l` lies, for its moves: the reserve top, the waste top, or pile p at
  // depth k (0 = the pile's bottom); Where::kNone when it is not accessible.
  struct Where {
    enum Kind : std::uint8_t { kNone, kReserve, kWaste, kPile } kind = kNone;
    std::int8_t pile = -1, depth = -1;
  };
  Where find(int l, Card c) const;
  // The foundation pile `card` goes on now (a new one for an ace), or -1.
  int foundation_for(Card card) const;
  // Whether drawing on may bring up a card of layout l with somewhere to go. Once every card of
  // its stock has been face up (the waste's always are) the whole draw cycle is known: the cards
  // in the order they come up, the waste's from its bottom then the stock's from its top, drawn
  // three at a time and turned over at the end. False when no card that comes up on the waste's
  // top, from here until the cycle repeats, goes to a foundation or onto a pile's top card: then
  // drawing is no use until something else changes. It reads only face-up cards (a seat's belief
  // state answers as the true one).
  bool drawing_may_help(int l) const;
  // Whether a foundation takes `card` now (an ace starts a new one).
  bool foundation_takes(Card card) const {
    const int rank = nuts_rank(card);
    return rank == 1 ? foundations_n_ < kMaxFoundations : (wanted_[suit_of(card)] >> rank) & 1;
  }

 private:
  void deal(const ApplyContext* ctx);
  Status apply_in_play(Seat seat, Move move, const ApplyContext* ctx);  // outside a grace
  Status apply_play(int l, Seat seat, Card card, const ApplyContext* ctx);
  Status apply_move(int l, Seat seat, Card card, int pile, const ApplyContext* ctx);
  Status apply_stuck(int l, Seat seat, const ApplyContext* ctx);
  // After a move: declares stuck every layout that has gone through its stock or shuffled its
  // piles with nothing gained (see Stuck by the engine); then the vote as after a declaration.
  void stuck_by_engine(const ApplyContext* ctx);
  // Everyone stuck: the rotation, or the hand ends (rule 6).
  void after_stuck(const ApplyContext* ctx);
  bool has_card_move(int l) const;  // a play or a move onto a pile
  Status apply_in_grace(Seat seat, Move move, const ApplyContext* ctx);
  void start_grace(int l, const ApplyContext* ctx);
  void end_grace(const ApplyContext* ctx);
  void take(Layout& lay, Where where, int count);  // removes `count` cards from `where`
  void after_card_move(int l, const ApplyContext* ctx);
  void rotate(const ApplyContext* ctx);
  void end_hand(HandEnd how, int nuts_by, const ApplyContext* ctx);
  bool may_move(Seat seat) const;
  SeatSet seats_of(int l) const;

  std::array<Layout, kMaxLayouts> layouts_{};
  std::array<Foundation, kMaxFoundations> foundations_{};
  std::int8_t foundations_n_ = 0;
  // Per suit, bit r (2..13) when an open foundation of the suit has rank r - 1 on top.
  std::array<std::uint16_t, kSuits> wanted_{};
  std::int8_t rotations_ = 0;  // this hand
  bool progress_ = false;      // a card moved to a tableau or foundation since the last rotation
  bool over_ = false;
  // The grace after "Nuts!" (grace_ms > 0): running, the caller, the deadline, done layouts.
  bool grace_ = false;
  bool deadline_known_ = false;
  std::int8_t nuts_by_ = -1;
  std::uint8_t done_ = 0;  // bit l: layout l is done
  std::int64_t deadline_ms_ = 0;
  std::array<int, kMaxLayouts> totals_{};
};

}  // namespace cardroom::nuts
