// Schwimmen (Thirty-One): a commerce game for 2 to 8 players. Exchange cards with a face-up board
// to build the best three-card hand; the lowest hand of each deal loses a chip.
//
// Rules: ../shared/rules/seeds/002_d88490290ee4893b.txt ("Schwimmen") and RULINGS.md section 5;
// our words, options and decisions: docs/games/schwimmen.md (also `cardroom rules schwimmen`).
//
// Rulings applied: SCHW-A1 (closing is the whole turn; option close=after_exchange), A2 (closing is
// allowed on the first orbit), A3 (special hands are checked right after the deal, after the
// dealer's choice and after every exchange), A4 (several special hands: scored normally), A5-A7
// (ties for lowest: the lower suit, the lower trips rank, else all tied lose), A8 (a short stock
// takes back the earlier discards, shuffled), A9 (the orbit of passes counts from the last
// exchange, refresh or deal), A10 (the closer loses one chip like anyone), A11 (only the mover is
// checked), A12 (the dealer chooses blind).
//
// Deck: the 32 cards 7..A of four suits. Hand values are kept in half points (`value2`): Feuer
// 64, Schnauz 62, three of a kind 61 (30½), otherwise twice the best suit's sum.
//
// A hand is a deal and its play; after it ends every hand is shown (the showdown) and the next
// dealer's move `deal` deals the next hand. Eliminated seats hold no cards and are skipped.
//
// Explicit deals: a hand's deal is hands[s] = the 3 cards of each seat still in the game (none
// for an eliminated seat), and the pack = the 3 board cards, then the stock top first. A stock
// refilled from the discards (A8) is a deal of its own with no hands: the pack is the new stock,
// top first.
//
// Move encoding (Move::code): kind in bits 56..63, payload below.
//   kind 1  keep             the dealer keeps the hand; the board turns face up    "keep"
//   kind 2  board            the dealer takes the face-down board                 "board"
//   kind 3  swap H B         payload H << 8 | B, bit 16 set: then knock           "swap 7D KH"
//                                                                                 "swap 7D KH
//                                                                                 knock"
//   kind 4  take all         swap all three cards; bit 16 set: then knock         "take all"
//   kind 5  pass                                                                  "pass"
//   kind 6  knock            close: every other player has one more turn          "knock"
//   kind 7  deal             the next dealer deals the next hand                  "deal"
// The knocking forms of swap and take all exist only with close=after_exchange.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "core/game.h"
#include "core/match_state.h"
#include "core/move_text.h"

namespace cardroom::schwimmen {

class State;

inline constexpr int kMinPlayers = 2, kMaxPlayers = 8, kHand = 3, kDeckSize = 32;
// 7, 8, 9, 10, J, Q, K, A of every suit.
inline constexpr CardSet kDeck = [] {
  CardSet d;
  for (int s = 0; s < kSuits; ++s)
    for (int r = kSeven; r <= kAce; ++r) d.add(make_card(s, r));
  return d;
}();

enum MoveKind : std::uint8_t {
  kKeepMove = 1,
  kBoardMove = 2,
  kSwapMove = 3,
  kTakeAllMove = 4,
  kPassMove = 5,
  kKnockMove = 6,
  kDealMove = 7,
};
inline constexpr std::uint64_t kThenKnock = std::uint64_t{1} << 16;
constexpr Move keep_move() { return make_move(kKeepMove); }
constexpr Move board_move() { return make_move(kBoardMove); }
constexpr Move swap_move(Card hand, Card board, bool knock = false) {
  return make_move(kSwapMove, (knock ? kThenKnock : 0) | (std::uint64_t{hand} << 8) | board);
}
constexpr Move take_all_move(bool knock = false) {
  return make_move(kTakeAllMove, knock ? kThenKnock : 0);
}
constexpr Move pass_move() { return make_move(kPassMove); }
constexpr Move knock_move() { return make_move(kKnockMove); }
constexpr Move deal_move() { return make_move(kDealMove); }

// Card points: A 11; K, Q, J, 10 10; 9, 8, 7 their face value.
constexpr int card_points(Card c) {
  const int r = rank_of(c);
  return r == kAce ? 11 : r >= kTen ? 10 : r + 2;
}
// Suit order for ties: clubs > spades > hearts > diamonds (0 = diamonds .. 3 = clubs).
constexpr int suit_order(int suit) {
  return suit == kClubs ? 3 : suit == kSpades ? 2 : suit == kHearts ? 1 : 0;
}

enum class Special : std::uint8_t { kNone, kSchnauz, kFeuer };

// A hand's value and where it comes from.
struct HandValue {
  int value2 = 0;  // half points: 64 Feuer, 62 Schnauz, 61 three of a kind, else 2 x best suit sum
  int suit = kNoSuit;   // the scoring suit of a suited hand (SCHW-A6: the highest-ranked of equals)
  int trips_rank = -1;  // the rank of three of a kind (Feuer too), else -1
  Special special = Special::kNone;
  // Orders hands for the loss (SCHW-A5): the value, then the suit order of a suited hand, or the
  // rank of trips. Equal keys tie.
  int key() const {
    return value2 * 16 + (trips_rank >= 0   ? trips_rank - kSeven
                          : suit == kNoSuit ? 0
                                            : suit_order(suit));
  }
};
// The value of a hand of three cards (RULINGS 5.1 rule 9).
HandValue hand_value(CardSet hand);

// Whether a hand of three cards is a Feuer (three aces) or a Schnauz (an ace and two ten-point
// cards of its suit): hand_value(hand).special, from two masks (it runs after every exchange).
inline constexpr CardSet kAces =
    CardSet((std::uint64_t{1} << kAce) | (std::uint64_t{1} << (13 + kAce)) |
            (std::uint64_t{1} << (26 + kAce)) | (std::uint64_t{1} << (39 + kAce)));
inline constexpr CardSet kTenToAce = [] {
  CardSet d;
  for (int s = 0; s < kSuits; ++s)
    for (int r = kTen; r <= kAce; ++r) d.add(make_card(s, r));
  return d;
}();
constexpr Special special_of(CardSet hand) {
  const CardSet aces = hand & kAces;
  if (aces.size() == 3) return Special::kFeuer;
  if (aces.size() != 1 || !(hand - kTenToAce).empty()) return Special::kNone;
  return (hand - CardSet::suit_with(aces.lowest())).empty() ? Special::kSchnauz : Special::kNone;
}
// The value in points as the rules write it: "21", "30½", "32".
std::string value_text(int value2);

// SCHW-A1: whether a player may exchange and close in one turn.
enum class Close : std::uint8_t {
  kAlone,          // "alone" (ruling): closing is the whole turn
  kAfterExchange,  // "after_exchange": also an exchange followed by a close
};

struct Config {
  int players = 4;
  int chips = 3;
  Close close = Close::kAlone;
  CARDROOM_CONFIG(Config);
};

class Game : public GameWithConfig<Config, Game, State> {
 public:
  CARDROOM_GAME_CONTRACT("schwimmen");
  int num_seats() const { return config_.players; }
};

// How a hand ended.
enum class Ending : std::uint8_t {
  kNone,
  kKnock,    // the close and the final turns
  kSpecial,  // a Schnauz or Feuer shown after an exchange or the dealer's choice
  kDealt,    // a Schnauz or Feuer dealt
};

// The last completed hand.
struct RoundRecord {
  int round = 0;
  std::int8_t dealer = 0;
  Ending ending = Ending::kNone;
  std::int8_t ended_by = -1;  // the closer, or the seat that showed a special hand
  bool dealer_took_board = false;
  bool replayed = false;  // the hand would have eliminated everyone left: no chip changed
  std::int8_t refreshes = 0;
  CardSet board;   // the board at the end (empty when it never turned face up)
  SeatSet played;  // the seats in the hand
  SeatSet losers;  // the seats that lost a chip (or were eliminated)
  std::array<CardSet, kMaxPlayers> hands{};
  std::array<std::int8_t, kMaxPlayers> chips{};  // after the hand; -1 eliminated
  bool operator==(const RoundRecord&) const = default;
};

class State : public MatchState<Config, RoundRecord> {
 public:
  static constexpr int kMaxMoves = 24;  // 9 swaps + take all, twice with knocking, pass, knock
  enum class Phase : std::uint8_t { kChoose, kPlay, kShowdown, kOver };

  CARDROOM_STATE_CONTRACT(State);
  // The move for people (core/move_data.h): the game's own wording.
  std::string move_label(Move move) const;
  int num_seats() const { return config_.players; }
  ActorMode mode() const { return ActorMode::kTurn; }
  bool over() const { return phase_ == Phase::kOver; }
  // Chips left: 0 swimming, -1 eliminated.
  int score(Seat seat) const { return seat >= 0 && seat < num_seats() ? chips_[seat] : 0; }
  int team_score(int team) const { return score(team); }

  // Read access for players, tests and the UI.
  Phase phase() const { return phase_; }
  Seat to_act() const { return to_act_; }
  CardSet hand(Seat seat) const { return hands_[seat]; }
  CardSet board() const { return board_; }
  bool board_face_up() const { return board_up_; }
  int stock_size() const { return stock_end_ - stock_pos_; }
  CardSet stock() const;
  CardSet discards() const { return discards_; }
  // Cards that have lain face up on the board this hand (everyone knows where each one is now).
  CardSet seen() const { return seen_; }
  int chips(Seat seat) const { return chips_[seat]; }
  bool active(Seat seat) const { return chips_[seat] >= 0; }
  bool swimming(Seat seat) const { return chips_[seat] == 0; }
  int active_count() const;
  Seat closer() const { return closer_; }
  int passes() const { return passes_; }
  // The next seat in the game to the left of `seat`.
  Seat next_active(Seat seat) const;
  // The hand's decisions (core/game.h, RoundReplay). `start` is the hand at the dealer's choice:
  // each hand now with the exchanges undone (cards taken from the board given back, cards laid
  // down taken back), the board as dealt face down, the boards turned by refreshes back on top of
  // the stock, nothing seen, passed, knocked or discarded. After the stock was refilled from the
  // discards (SCHW-A8: a shuffle by the match's RNG, which no world can repeat) it is the hand
  // just after that refill and its refresh instead: the decisions before it are not replayed.
  // Nullopt between hands, when the hand outran the record (kMaxLog), or in a world that
  // contradicts the hand's course (a hand it gives a seat after its exchange would have been a
  // Schnauz or Feuer, which ends the hand at once: resample does not rule those out).
  std::optional<RoundReplay<State>> round_replay() const;

 private:
  void deal_hand(const ApplyContext* ctx);
  void refresh_board(const ApplyContext* ctx);
  void restock(const ApplyContext* ctx);
  void next_turn(Seat after, const ApplyContext* ctx);
  bool reveal_special(Seat seat, const ApplyContext* ctx);
  void end_hand(Ending how, Seat by, const ApplyContext* ctx);
  Status apply_choice(Seat seat, bool take_board, const ApplyContext* ctx);
  Status apply_exchange(Seat seat, Move move, const ApplyContext* ctx);
  Status apply_pass(Seat seat, const ApplyContext* ctx);
  Status apply_knock(Seat seat, const ApplyContext* ctx);
  nlohmann::json hand_json(Seat viewer) const;
  void log_entry(std::uint16_t entry);

  Phase phase_ = Phase::kChoose;
  std::int8_t to_act_ = 0;
  std::int8_t closer_ = -1;     // the seat that knocked this hand
  std::int8_t final_left_ = 0;  // final turns still to come after the knock
  std::int8_t passes_ = 0;      // passes in a row since the last exchange, refresh or deal
  std::int8_t refreshes_ = 0;   // board refreshes this hand
  bool board_up_ = false;
  bool took_board_ = false;  // the dealer took the face-down board
  std::uint8_t stock_pos_ = 0, stock_end_ = 0;
  std::array<Card, kDeckSize> stock_{};  // stock_[stock_pos_] is the top card
  CardSet board_, discards_, seen_;
  std::array<CardSet, kMaxPlayers> hands_{};
  std::array<std::int8_t, kMaxPlayers> chips_{};
  // The hand's record for round_replay: every decision since its start, or since the stock was
  // last refilled, in order, and the boards each refresh discarded (the boards it turns are in
  // stock_ before stock_pos_). An entry is a decision (its kind, its cards, the knock), or after
  // a pass, the board the refresh it caused discarded; entry 0 of a hand whose stock was refilled
  // is the board the refill's refresh discarded. kLogFull: the hand outran the record. 47 entries
  // (94 bytes, copied with every state): about 40 decisions, where the heuristic players' hands
  // take at most 25 and 97% of random play's positions are reached.
  static constexpr int kMaxLog = 47;
  static constexpr std::uint8_t kLogFull = 0xFF;
  std::uint8_t log_n_ = 0;
  std::array<std::uint16_t, kMaxLog> log_{};
  CardSet log_seen_;  // seen_ when the stock was refilled (the record's start), else empty
};

}  // namespace cardroom::schwimmen
