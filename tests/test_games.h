// Two small test-only games, written on the same engine interfaces as the real games, so that the
// match runner, real time and play against the house are exercised by the conformance suite and
// the runner tests (tests/match_test.cc). They are registered in the test binary only, by
// register_test_games().
//
// grab (2-4 players, option `players`, default 2), a real-time game (ActorMode::kRealTime).
//   The 13 spades, shuffled, lie face up in a row, their order seen by all (a race, not a guess:
//   the hidden information is the lucky hearts); the first card is the top. Every seat is
//   dealt one hidden "lucky" heart (seen only by itself); the other hearts are set aside unseen.
//   Any seat may at any time "take C", C the top spade. Taking scores the card's rank (A=1, 2-10,
//   J=11, Q=12, K=13), doubled when it matches the rank of the seat's lucky heart (the doubling is
//   public: so is every score). A take of a card that is no longer on top is refused (a stale
//   move). The match ends when the stack is empty; the highest score wins, ties share.
//   Explicit deals: hands[s] = the lucky heart of seat s, pack = the 13 spades, top first.
//   Moves: kind 1 take C, payload the card id, text "take 7S". Legal: the top card only.
//
// solo (one seat against the house, kAgainstHouse), a turn game.
//   The seat draws cards from a shuffled, hidden pack one at a time ("draw") or stops ("stop").
//   Cards count A=1, 2-10 face value, J Q K 10. Going over 21 loses at once; stopping at `target`
//   (option, default 17) or more wins (winners {S0}); stopping below it loses. A lost match has no
//   winner: the house won (winners empty).
//   Explicit deals: hands = one empty hand, pack = all 52 cards, top first.
//   Moves: kind 1 draw, kind 2 stop (no payload).
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "core/any_game.h"
#include "core/game.h"
#include "core/match_state.h"
#include "core/move_text.h"

namespace cardroom::testing_games {

// Registers "grab" and "solo" with the game registry; idempotent.
void register_test_games();

// ---------------------------------------------------------------------------------------------
namespace grab {

class State;

inline constexpr int kMinPlayers = 2, kMaxPlayers = 4;
inline constexpr int kStackSize = 13;

enum MoveKind : std::uint8_t { kTakeMove = 1 };
constexpr Move take_move(Card c) { return make_move(kTakeMove, c); }
inline constexpr MoveForm kMoveForms[] = {{kTakeMove, "take", MoveArg::kCard}};

// A spade's points: A=1, 2..10, J=11, Q=12, K=13.
constexpr int card_points(Card c) { return rank_of(c) == kAce ? 1 : rank_of(c) + 2; }

struct Config {
  int players = 2;
  CARDROOM_CONFIG(Config);
};

class Game : public GameWithConfig<Config, Game, State> {
 public:
  CARDROOM_GAME_CONTRACT("grab");
  int num_seats() const { return config_.players; }
};

class State : public MatchState<Config> {
 public:
  static constexpr int kMaxMoves = 1;  // the top card

  CARDROOM_STATE_CONTRACT(State);
  int num_seats() const { return config_.players; }
  ActorMode mode() const { return ActorMode::kRealTime; }
  bool over() const { return next_ >= kStackSize; }
  int score(Seat seat) const { return seat >= 0 && seat < num_seats() ? scores_[seat] : 0; }
  int team_score(int team) const { return score(team); }

  // The top card of the stack (kNoCard once it is empty), cards left, and what each seat holds.
  Card top() const { return over() ? kNoCard : stack_[next_]; }
  int stack_left() const { return kStackSize - next_; }
  Card lucky(Seat seat) const { return lucky_[seat]; }
  CardSet taken(Seat seat) const { return taken_[seat]; }
  // The rank of `seat`'s lucky heart when everyone knows it (one of its takes was doubled), or -1.
  int known_lucky_rank(Seat seat) const;
  // The arrival time (ApplyContext::time_ms) of the last take, -1 when it came with none.
  std::int64_t last_time_ms() const { return last_time_ms_; }

 private:
  void deal(const ApplyContext* ctx);
  void announce_top(const ApplyContext* ctx) const;

  std::array<Card, kStackSize> stack_{};  // top first from next_
  std::int8_t next_ = 0;
  std::array<Card, kMaxPlayers> lucky_{};
  CardSet spare_;  // the hearts nobody was dealt
  std::array<CardSet, kMaxPlayers> taken_{};
  std::array<int, kMaxPlayers> scores_{};
  std::int64_t last_time_ms_ = -1;
};

CARDROOM_HEURISTIC_PLAYER(State);

}  // namespace grab

// ---------------------------------------------------------------------------------------------
namespace solo {

class State;

inline constexpr int kDeckSize = 52, kLimit = 21;

enum MoveKind : std::uint8_t { kDrawMove = 1, kStopMove = 2 };
constexpr Move draw_move() { return make_move(kDrawMove); }
constexpr Move stop_move() { return make_move(kStopMove); }
inline constexpr MoveForm kMoveForms[] = {{kDrawMove, "draw", MoveArg::kNone},
                                          {kStopMove, "stop", MoveArg::kNone}};

// A card's count: A=1, 2..10, J Q K 10.
constexpr int card_points(Card c) { return rank_of(c) == kAce ? 1 : std::min(rank_of(c) + 2, 10); }

struct Config {
  int target = 17;  // stopping at this total or more wins
  CARDROOM_CONFIG(Config);
};

enum class Outcome : std::uint8_t { kPlaying, kBust, kWon, kShort };

class Game : public GameWithConfig<Config, Game, State> {
 public:
  CARDROOM_GAME_CONTRACT("solo");
  static constexpr bool kAgainstHouse = true;
  int num_seats() const { return 1; }
};

class State : public MatchState<Config> {
 public:
  static constexpr int kMaxMoves = 2;  // draw, stop

  CARDROOM_STATE_CONTRACT(State);
  int num_seats() const { return 1; }
  ActorMode mode() const { return ActorMode::kTurn; }
  bool over() const { return outcome_ != Outcome::kPlaying; }
  // 1 for a won match, else 0.
  int score(Seat seat) const { return seat == 0 && outcome_ == Outcome::kWon ? 1 : 0; }
  int team_score(int team) const { return score(team); }

  int total() const { return total_; }
  CardSet hand() const { return hand_; }
  Outcome outcome() const { return outcome_; }
  int pack_left() const { return kDeckSize - next_; }

 private:
  void finish(Outcome outcome, const ApplyContext* ctx);

  std::array<Card, kDeckSize> pack_{};  // top first from next_
  std::int8_t next_ = 0;
  CardSet hand_;
  std::int16_t total_ = 0;
  Outcome outcome_ = Outcome::kPlaying;
};

CARDROOM_HEURISTIC_PLAYER(State);

}  // namespace solo

}  // namespace cardroom::testing_games
