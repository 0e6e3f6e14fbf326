// Tadmur: a two-player bluffing game of chains of cards one rank apart toward a hidden target.
//
// Rules: ../shared/rules/seeds/002_d88490290ee4893b.txt ("Tadmur", BarryAndAGrande, 2016) and
// RULINGS.md section 9; our words, options and decisions: docs/games/tadmur.md (also
// `cardroom rules tadmur`).
//
// Rulings applied: TAD-A1 (7 empty spaces), A2 (no guessing while either chain has exactly one
// empty space; option guess_bar=opponent), A3 (the last space may be filled with any card adjacent
// to the previous one; the chain is then blocked until a wrong guess reopens it), A4 (a player with
// no legal card play loses; option stuck=pass), A5 (a guess names a rank), A6 (own chain only), A7
// (a wrong guess is followed by a play), A8 (random dealer, one deal per match).
//
// Deck: 52 standard cards. Ranks are cyclic: rank indices 0 (2) .. 12 (A) are adjacent when they
// differ by 1 modulo 13, so K-A and A-2 are both adjacent.
//
// Explicit deals: hands[s] = the 24 cards of seat s, and the starters and targets either as
// per-seat piles (piles {"starter": [[c], [c]], "target": [[c], [c]]}) or, as older records do,
// the pack (top first) = starter of S0, starter of S1, target of S0, target of S1.
//
// Move encoding (Move::code): kind in bits 56..63, payload below.
//   kind 1  guess R   payload rank index 0..12 (2..A)     text "guess 9", "guess T", "guess A"
//   kind 2  play C    payload the card id                 text "play 8H"
//   kind 3  pass      payload 0 (only with stuck=pass)    text "pass"
// Legal moves are sorted by code: guesses by rank, plays by card id, then pass.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "core/game.h"
#include "core/match_state.h"
#include "core/move_text.h"

namespace cardroom::tadmur {

class State;

inline constexpr int kPlayers = 2, kHandSize = 24;
inline constexpr int kInitialSpaces = 7;  // TAD-A1
// A chain can hold at most every card of a hand (each extra card needs a wrong guess).
inline constexpr int kMaxChain = kHandSize;

enum MoveKind : std::uint8_t { kGuessMove = 1, kPlayMove = 2, kPassMove = 3 };

constexpr Move guess_move(int rank) { return make_move(kGuessMove, std::uint64_t(rank)); }
constexpr Move play_move(Card c) { return make_move(kPlayMove, c); }
constexpr Move pass_move() { return make_move(kPassMove); }
// The move notation, for move_text.
inline constexpr MoveForm kMoveForms[] = {{kGuessMove, "guess", MoveArg::kRank},
                                          {kPlayMove, "play", MoveArg::kCard},
                                          {kPassMove, "pass", MoveArg::kNone}};

// True when rank indices a and b are one apart, cyclically (A is next to both K and 2).
constexpr bool ranks_adjacent(int a, int b) {
  const int d = ((a - b) % kRanks + kRanks) % kRanks;
  return d == 1 || d == kRanks - 1;
}
// The 13-bit mask of the two ranks adjacent to rank r.
constexpr unsigned adjacent_ranks(int r) {
  return (1u << ((r + 1) % kRanks)) | (1u << ((r + kRanks - 1) % kRanks));
}
// Cards of hand whose rank is in the 13-bit mask `ranks`.
constexpr CardSet cards_of_ranks(CardSet hand, unsigned ranks) {
  std::uint64_t m = 0;
  for (int s = 0; s < kSuits; ++s) m |= std::uint64_t{ranks} << (s * kRanks);
  return hand & CardSet(m);
}
// Whether a chain of `steps` steps of +-1 (mod 13) can lead from rank `from` to rank `to`
// (RULINGS 9.1 rule 6: with s empty spaces a chain takes s + 1 steps).
bool reachable(int from, int to, int steps);

// TAD-A2: which chains bar guessing when one empty space is left.
enum class GuessBar : std::uint8_t {
  kAny,       // "any" (ruling): either chain
  kOpponent,  // "opponent": only the opponent's chain
};
// TAD-A4: a player with no legal card play.
enum class Stuck : std::uint8_t {
  kLose,  // "lose" (ruling)
  kPass,  // "pass": the player passes; two passes in a row end the match in a draw
};

struct Config {
  GuessBar guess_bar = GuessBar::kAny;
  Stuck stuck = Stuck::kLose;
  CARDROOM_CONFIG(Config);
};

// How a match ended.
enum class Ending : std::uint8_t {
  kNone,     // still on
  kGuess,    // a right guess
  kChain,    // a completed chain
  kNoCards,  // a player had no cards at the start of their turn
  kStuck,    // a player had no legal card play (TAD-A4)
  kDraw,     // stuck=pass: both players passed in a row
};

class Game : public GameWithConfig<Config, Game, State> {
 public:
  CARDROOM_GAME_CONTRACT("tadmur");
  int num_seats() const { return kPlayers; }
};

class State : public MatchState<Config> {
 public:
  static constexpr int kMaxMoves = 40;  // 13 guesses, up to 24 plays (at most 8 in fact), pass

  CARDROOM_STATE_CONTRACT(State);
  int num_seats() const { return kPlayers; }
  ActorMode mode() const { return ActorMode::kTurn; }
  bool over() const { return ending_ != Ending::kNone; }
  int score(Seat seat) const { return seat >= 0 && seat < kPlayers ? scores_[seat] : 0; }
  int team_score(int team) const { return score(team); }

  // Read access for players, tests and the UI. target() is the true target: players only ever see
  // a resampled state, where the opponent's target is random among the consistent ones.
  Seat to_act() const { return to_act_; }
  Ending ending() const { return ending_; }
  CardSet hand(Seat seat) const { return hands_[seat]; }
  Card starter(Seat seat) const { return starters_[seat]; }
  Card target(Seat seat) const { return targets_[seat]; }
  int chain_length(Seat seat) const { return chain_len_[seat]; }  // cards placed, starter excluded
  Card chain_card(Seat seat, int i) const { return chains_[seat][i]; }
  // The card the next card of `seat` must be adjacent to: its last placed card, or its starter.
  Card chain_end(Seat seat) const;
  int spaces(Seat seat) const { return spaces_[seat]; }
  bool blocked(Seat seat) const { return spaces_[seat] == 0 && !over(); }
  bool guessed_this_turn() const { return guessed_; }
  // Ranks (13-bit mask) that everyone knows the target of `seat` is not: wrong guesses against it
  // and the ranks next to the last card of a chain that filled up without completing.
  unsigned ruled_out(Seat seat) const { return ruled_out_[seat]; }
  // Ranks of wrong guesses made by `seat` (13-bit mask).
  unsigned wrong_guesses(Seat seat) const { return wrong_guesses_[seat]; }
  int guesses_made(Seat seat) const { return guess_count_[seat]; }
  // Ranks `seat` has shown it does not hold (stuck=pass: passing shows no adjacent card).
  unsigned void_ranks(Seat seat) const { return void_ranks_[seat]; }
  // Whether guessing is allowed now for `seat` by the one-space rule (TAD-A2), whatever the turn.
  bool guess_open(Seat seat) const;
  // Cards `seat` could play now (ignores whose turn it is).
  CardSet playable(Seat seat) const;
  // The match's decisions (core/game.h, RoundReplay; the match is one round). `start` is the
  // deal: each hand now with the cards of its chain back in it, the targets as the world holds
  // them, no card played, no guess or pass made, seven empty spaces each, the dealer's opponent
  // to move. Nullopt once the match is over, or when it outran the record (kMaxLog).
  std::optional<RoundReplay<State>> round_replay() const;

 private:
  void deal(const ApplyContext* ctx);
  void begin_turn(Seat seat, const ApplyContext* ctx);
  void after_guess(Seat seat, const ApplyContext* ctx);
  void finish(Seat winner, Ending how, const ApplyContext* ctx);
  Status apply_guess(Seat seat, int rank, const ApplyContext* ctx);
  Status apply_play(Seat seat, Card card, const ApplyContext* ctx);
  Status apply_pass(Seat seat, const ApplyContext* ctx);
  bool must_pass(Seat seat) const;
  void log_move(int code);

  std::int8_t to_act_ = 0;
  bool guessed_ = false;      // the player to act has guessed this turn
  bool last_passed_ = false;  // stuck=pass: the previous turn was a pass
  Ending ending_ = Ending::kNone;
  std::int8_t ended_by_ = -1;  // the seat whose guess, chain, empty hand or block ended the match
  // The match's decisions for round_replay, one 4-bit code each in order: a guess's rank (0..12),
  // kLogPlay (the mover's next chain card) or kLogPass; the mover follows from them (a play or a
  // pass ends a turn). kMaxLog codes (31 bytes with the count, copied with every state): the
  // heuristic players' matches take at most about 40 moves, random ones seldom more than 60.
  // log_n_ is kLogFull once the match outran it.
  static constexpr int kMaxLog = 60, kLogPlay = 13, kLogPass = 14;
  static constexpr std::uint8_t kLogFull = 0xFF;
  std::uint8_t log_n_ = 0;
  std::array<Card, kPlayers> starters_{};
  std::array<Card, kPlayers> targets_{};
  std::array<CardSet, kPlayers> hands_{};
  std::array<std::array<Card, kMaxChain>, kPlayers> chains_{};
  std::array<std::int8_t, kPlayers> chain_len_{};
  std::array<std::int8_t, kPlayers> spaces_{};
  std::array<std::uint16_t, kPlayers> ruled_out_{};
  std::array<std::uint16_t, kPlayers> wrong_guesses_{};
  std::array<std::int8_t, kPlayers> guess_count_{};
  std::array<std::uint16_t, kPlayers> void_ranks_{};
  std::array<int, kPlayers> scores_{};
  std::array<std::uint8_t, kMaxLog / 2> log_{};  // two codes a byte, the first in the low bits
};

}  // namespace cardroom::tadmur
