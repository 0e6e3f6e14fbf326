// Indian Chief: a meld game for 2-8 players, seven turns, seven boxes, all reveal together.
//
// Rules: ../shared/rules/seeds/002_d88490290ee4893b.txt ("Indian Chief", Stven Carlberg, 2009, as
// told by denexa) and RULINGS.md section 6; our words, options and decisions:
// docs/games/indian_chief.md (also `cardroom rules indian_chief`).
//
// Rulings applied: IC-A1 (Beggar counts every other player's meld), A2 (Beggar scored on the melds
// as revealed), A3 (each opposing card counts once), A4 (Poor Man: face values), A5 (A♥ is both
// heart and ace), A6 (the engine takes the best Chief split and Doctor suit; option
// declare=true: the first five cards picked are the poker hand, the Doctor names its suit), A7
// (thieves in rank order A low .. K high), A8 (tied thieves choose at the same time; a clash
// steals nothing), A9 (no stealing from one's own meld or a card already taken), A10 (stub
// shortage: the remaining melds are shuffled in), A11 (duplicates pair), A12 (a filled box is
// refused), A13 (Rich Man forced), A14 (ties share the win).
//
// Deck: one standard deck for 2-3 players, two for 4-8; hands, melds and the stub are card
// multisets (core/card_multiset.h), so the two 7♥ are two copies of one card id.
//
// A match is one game of seven turns (a "round" of the engine is a turn). In a turn every seat
// picks the cards of its meld one at a time and then commits the box (simultaneous: others see
// only that it has chosen); the melds are revealed and scored; thieves steal in order; the dealer
// refills every hand to eight. Explicit deals: deal 0 gives each seat's eight cards (pack: the
// stub); deal t (t = 1..6) gives each seat the cards it is dealt after turn t (pack: the stub
// after the melds are returned).
//
// Move encoding (Move::code): kind in bits 56..63, payload below.
//   kind 1  pick C         payload the card id                       text "pick 7H"
//   kind 2  meld B [S]     payload box b (0..6) | (suit + 1) << 8     text "meld chief",
//                          (a suit only for the Doctor with declare)       "meld doctor H"
//   kind 3  steal C from S payload seat << 8 | card id                text "steal 7H S2"
//   kind 4  pass           payload 0 (a thief that takes nothing)     text "pass"
// Legal moves are sorted by code: picks by card, the meld, steals by seat then card, pass.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "core/card_multiset.h"
#include "core/game.h"
#include "core/match_state.h"
#include "core/move_text.h"

namespace cardroom::indian_chief {

class State;

inline constexpr int kMinPlayers = 2, kMaxPlayers = 8, kHandSize = 8, kTurns = 7, kBoxes = 7,
                     kMaxMeld = 7;
inline constexpr CardSet kDeck = CardSet::standard_deck();

// The boxes, each named for its number of cards: box b holds a meld of b + 1 cards.
enum Box : std::uint8_t {
  kThief = 0,   // 1 card: its face value; steals a card after the reveal
  kBeggar = 1,  // 2 cards: 2 per card of another meld matching either rank
  kPoor = 2,    // 3 cards: the face values of its spades
  kLawyer = 3,  // 4 cards: 25 if the face values add up to exactly 25
  kRich = 4,    // 5 cards: minus the face values
  kDoctor = 5,  // 6 cards: all ranks different, a heart and an ace: 10 per card of the best suit
  kChief = 6,   // 7 cards: best poker hand of five plus the baccarat value of the other two
};
constexpr int meld_size(int box) { return box + 1; }
// "thief", "beggar", ...: the word of the move notation.
const char* box_word(int box);
// "Thief", "Beggar Man", ..., "Indian Chief": the name on the score sheet.
const char* box_name(int box);

enum MoveKind : std::uint8_t { kPickMove = 1, kMeldMove = 2, kStealMove = 3, kPassMove = 4 };
constexpr Move pick_move(Card c) { return make_move(kPickMove, c); }
constexpr Move meld_move(int box, int suit = kNoSuit) {
  return make_move(kMeldMove,
                   std::uint64_t(box) | (suit == kNoSuit ? 0 : std::uint64_t(suit + 1) << 8));
}
constexpr Move steal_move(Seat from, Card c) {
  return make_move(kStealMove, std::uint64_t(from) << 8 | c);
}
constexpr Move pass_move() { return make_move(kPassMove); }

// Face value (rule 2): A = 1, 2..10 their pips, J Q K = 10.
constexpr int face_value(Card c) {
  const int r = rank_of(c);
  return r == kAce ? 1 : r >= kTen ? 10 : r + 2;
}
// The thieves' order (IC-A7): A low (0) .. K high (12).
constexpr int thief_order(Card c) { return (rank_of(c) + 1) % kRanks; }

// Poker values of five cards (rule 6), duplicates from two decks pairing (IC-A11).
enum class PokerHand : std::uint8_t {
  kHighCard,
  kPair,
  kTwoPair,
  kThreeOfAKind,
  kStraight,
  kFlush,
  kFullHouse,
  kFourOfAKind,
  kStraightFlush,
  kFiveOfAKind,
};
PokerHand poker_hand(const std::array<Card, 5>& cards);
int poker_value(PokerHand hand);  // 5, 10, ..., 50
const char* poker_name(PokerHand hand);

// The Indian Chief split: the five cards of the poker hand (indices into the seven), its kind and
// the total (poker value + baccarat value of the other two).
struct ChiefSplit {
  std::array<std::uint8_t, 5> poker{};
  PokerHand hand = PokerHand::kHighCard;
  int score = 0;
};
// The best split of seven cards (IC-A6), or with `declared` the first five as the poker hand.
ChiefSplit chief_split(const std::array<Card, kMaxMeld>& cards, bool declared);
// The Doctor's suit: the declared one, or (-1 given) the suit with most cards; its score 10 per
// card of it when the meld qualifies, else 0.
int doctor_score(const Card* cards, int suit);
bool doctor_qualifies(const Card* cards);
// The score of one meld of `box` (cards in pick order), without the Beggar (which needs the other
// melds): Thief, Poor Man, Lawyer, Rich Man, Doctor (`suit` as declared or kNoSuit), Chief.
int meld_score(int box, const Card* cards, int suit, bool declare);

struct Config {
  int players = 4;
  bool declare = false;  // IC-A6 [flag]
  // Decks in play: one for 2-3 players, two for 4-8 (rule 1).
  int decks() const { return players <= 3 ? 1 : 2; }
  CARDROOM_CONFIG(Config);
};

class Game : public GameWithConfig<Config, Game, State> {
 public:
  CARDROOM_GAME_CONTRACT("indian_chief");
  int num_seats() const { return config_.players; }
};

// One completed turn, for the score sheet and `replay --json`: every meld as revealed, its points,
// and the thefts.
struct TurnRecord {
  int turn = 0;  // 1-based
  std::int8_t dealer = 0;
  std::array<std::int8_t, kMaxPlayers> box{};
  std::array<std::uint8_t, kMaxPlayers> suit{};  // the Doctor's suit, else kNoSuit
  std::array<std::array<Card, kMaxMeld>, kMaxPlayers> cards{};
  std::array<int, kMaxPlayers> points{};
  std::array<Card, kMaxPlayers> stole{};  // kNoCard: none
  std::array<std::int8_t, kMaxPlayers> stole_from{};
  std::array<bool, kMaxPlayers> clashed{};  // a tied thief whose group chose the same card
  bool shortage = false;                    // IC-A10 happened at the refill
  // Bit i: the i-th card of the meld was one everyone knew in the hand (stolen in an earlier
  // turn), no secret once melded: for round_replay, which gives it back to known().
  std::array<std::uint8_t, kMaxPlayers> known_melded{};
  bool operator==(const TurnRecord&) const = default;
};

class State : public MatchState<Config, TurnRecord> {
 public:
  // Picks: at most 8 different cards and one meld (four with a declared Doctor suit); steals: at
  // most 7 cards of each of 7 other melds, and pass.
  static constexpr int kMaxMoves = 64;
  enum class Phase : std::uint8_t { kMeld, kSteal, kOver };
  static constexpr std::int16_t kEmpty = -32768;  // a box not filled yet

  CARDROOM_STATE_CONTRACT(State);
  // The move for people (core/move_data.h): the game's own wording.
  std::string move_label(Move move) const;
  int num_seats() const { return config_.players; }
  ActorMode mode() const;
  bool over() const { return phase_ == Phase::kOver; }
  int score(Seat seat) const { return seat >= 0 && seat < num_seats() ? scores_[seat] : 0; }
  int team_score(int team) const { return score(team); }

  // Read access for players, tests and the UI (the truth: players see a resampled state).
  Phase phase() const { return phase_; }
  int turn() const { return round_; }                                 // 0-based
  const CardMultiset& hand(Seat seat) const { return hands_[seat]; }  // picks included
  int picked(Seat seat) const { return pick_count_[seat]; }
  Card pick(Seat seat, int i) const { return picks_[seat][i]; }
  bool has_chosen(Seat seat) const { return chosen_.contains(seat); }
  int chosen_box(Seat seat) const { return box_[seat]; }
  bool filled(Seat seat, int box) const { return boxes_[seat][box] != kEmpty; }
  int box_score(Seat seat, int box) const { return boxes_[seat][box]; }
  const CardMultiset& meld(Seat seat) const { return melds_[seat]; }  // revealed, after thefts
  const CardMultiset& stub() const { return stub_; }
  // The cards every seat knows to be in `seat`'s hand (those it stole), and in the stub.
  const CardMultiset& known(Seat seat) const { return known_[seat]; }
  const CardMultiset& stub_known() const { return stub_known_; }
  // The thieves still to steal this turn (the current group first).
  SeatSet thieves_left() const { return thieves_; }
  SeatSet stealing_now() const { return group_; }
  // The unfilled boxes a seat's picks can still lead to: a box of size > picks.
  bool may_pick_more(Seat seat) const;
  // The turn's decisions (core/game.h, RoundReplay). `start` is the turn before its first pick:
  // every hand as the turn began (its melded cards back, a card it stole this turn given back),
  // nothing picked or chosen, no meld on the table and the scores before them. The decisions:
  // each seat's picks in order and its meld, seat by seat (they choose at the same time, unseen),
  // then the thieves' steals or passes, group by group. With declare=true a Doctor that does not
  // qualify never shows the suit it named (it scores nothing whatever the suit): its meld names
  // the suit it holds most of. Nullopt once the game is over.
  std::optional<RoundReplay<State>> round_replay() const;

 private:
  void start_turn(const ApplyContext* ctx);
  void deal(const ApplyContext* ctx);
  void reveal(const ApplyContext* ctx);
  void next_thieves(const ApplyContext* ctx);
  void resolve_group(const ApplyContext* ctx);
  void finish_turn(const ApplyContext* ctx);
  void refill(const ApplyContext* ctx);
  Status apply_pick(Seat seat, Card card, const ApplyContext* ctx);
  Status apply_meld(Seat seat, int box, int suit, const ApplyContext* ctx);
  Status apply_steal(Seat seat, Move move, const ApplyContext* ctx);
  bool may_steal(Seat thief, Seat from, Card c) const;
  CardMultiset picks_of(Seat seat) const;
  int times_picked(Seat seat, Card c) const;

  Phase phase_ = Phase::kMeld;
  SeatSet chosen_;   // committed this turn (meld phase)
  SeatSet thieves_;  // steal phase: thieves yet to steal, current group included
  SeatSet group_;    // steal phase: the current group, those yet to choose
  SeatSet group_all_;
  CardMultiset stub_;
  CardMultiset stub_known_;
  std::array<CardMultiset, kMaxPlayers> hands_{};
  std::array<CardMultiset, kMaxPlayers> melds_{};
  std::array<CardMultiset, kMaxPlayers> known_{};
  std::array<std::array<Card, kMaxMeld>, kMaxPlayers> picks_{};
  std::array<std::int8_t, kMaxPlayers> pick_count_{};
  std::array<std::int8_t, kMaxPlayers> box_{};      // the committed box, -1 none
  std::array<std::uint8_t, kMaxPlayers> suit_{};    // a declared Doctor suit, else kNoSuit
  std::array<std::uint16_t, kMaxPlayers> steal_{};  // a tied thief's choice: seat << 8 | card
  std::array<std::array<std::int16_t, kBoxes>, kMaxPlayers> boxes_{};
  std::array<int, kMaxPlayers> scores_{};
  TurnRecord current_{};  // the turn in progress from its reveal on; last_ once it is complete
};

}  // namespace cardroom::indian_chief
