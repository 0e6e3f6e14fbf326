// Truc: a four-player partnership trick-taking game of three-card hands, raises and bluff.
//
// Rules: ../shared/rules/seeds/002_d88490290ee4893b.txt ("Truc") and RULINGS.md section 4; our
// words, options and decisions: docs/games/truc.md (also `cardroom rules truc`).
//
// Seats 0..3 clockwise; partners opposite (team = seat % 2). Play and the deal go to the RIGHT:
// the next player after seat s is s - 1 (mod 4). The eldest (dealer's right, leads trick 1) is
// dealer - 1; the dealer's opponents ("team A" in RULINGS) are the team of dealer + 1.
//
// Rulings applied: TRUC-A1 (partners tied for best win the trick; the earlier of them leads), A2/A3
// (hand result and early end: with r tricks left, the dealer's opponents have won when a >= b + r,
// the dealer's team when b > a + r), A4 (one-card deal only after a declined cut, dealer's choice,
// never when a team has 11), A5 (the caller's right-hand opponent answers at once; playing a card
// accepts only when it is that player's turn to play), A6 (accept then retruc), A7 (retruc by
// either member of the team that did not call truc), A8 (no raise beyond 3), A9 (eleven: decline
// gives the opponents 1, option eleven_fold_points; no raises in the 3-point hand), A10/A11 (raises
// allowed when pointless), A12 (raise before the first lead), A13 (cut by the dealer's left).
//
// Deck: 40 standard cards (no 8, 9, 10). Trick rank (high to low): 3 2 A K Q J 7 6 5 4.
//
// Team signals (see docs/games/truc.md): `signal X` with X in {three, two, ace, strong, weak}; a
// move that does not pass the turn, at most one per player per hand, seen only by the two
// partners (and kept in the record as a move).
//
// Trick play: games/common/trick_play.h with truc::Policy (any card, Truc's ranks, play to the
// right, drawn tricks, the early end).
//
// Move encoding (Move::code): kind in bits 56..63, payload below.
//   kind 1  cut / tap        payload 0 cut, 1 tap                    text "cut", "tap"
//   kind 2  deal N           payload 1 or 3 (dealer, after a tap)    text "deal 3", "deal 1"
//   kind 3  eleven decision  payload 0 fold, 1 go                    text "fold", "go"
//   kind 4  play C [raise]   payload card | raise << 8 (1 truc, 2 retruc)
//                                                                    text "play 3S", "play 3S truc"
//   kind 5  raise            payload 1 truc, 2 retruc                text "truc", "retruc"
//   kind 6  answer           payload 0 reject, 1 accept              text "reject", "accept"
//   kind 7  signal           payload index into kSignalNames         text "signal three"
// Legal moves are sorted by code.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "core/game.h"
#include "core/match_state.h"
#include "games/common/trick_play.h"

namespace cardroom::truc {

class State;

inline constexpr int kPlayers = 4, kMaxHand = 3, kDeckSize = 40;
inline constexpr int kTarget = 12, kEleven = 11;  // points to win; the score of eleven
inline constexpr int kSignals = 5;
inline constexpr std::array<const char*, kSignals> kSignalNames = {"three", "two", "ace", "strong",
                                                                   "weak"};
inline constexpr std::array<const char*, kSignals> kSignalMeanings = {
    "I have a 3", "I have a 2", "I have an ace", "I have a strong hand", "I have a weak hand"};

// 8s, 9s and 10s removed.
constexpr CardSet truc_deck() {
  std::uint64_t m = 0;
  for (int s = 0; s < kSuits; ++s)
    for (int r = 0; r < kRanks; ++r)
      if (r != kEight && r != kNine && r != kTen) m |= std::uint64_t{1} << (s * kRanks + r);
  return CardSet(m);
}
inline constexpr CardSet kDeck = truc_deck();

// Trick strength of a card: 0 (a 4) .. 9 (a 3). Suits never matter.
constexpr int strength(Card c) {
  constexpr std::array<int, kRanks> kByRank = {8, 9, 0, 1, 2, 3, -1, -1, -1, 4, 5, 6, 7};
  return kByRank[rank_of(c)];
}

// The ranks from the highest, as rank letters: the order cards are shown in (view "rank_order").
inline constexpr const char* kRankOrder = "32AKQJ7654";

enum MoveKind : std::uint8_t {
  kCutMove = 1,
  kDealMove = 2,
  kElevenMove = 3,
  kPlayMove = 4,
  kRaiseMove = 5,
  kAnswerMove = 6,
  kSignalMove = 7
};

constexpr Move cut_move(bool tap) { return make_move(kCutMove, tap ? 1 : 0); }
constexpr Move deal_move(int cards) {
  return make_move(kDealMove, static_cast<std::uint64_t>(cards));
}
constexpr Move eleven_move(bool go) { return make_move(kElevenMove, go ? 1 : 0); }
constexpr Move play_move(Card c, int raise = 0) {
  return make_move(kPlayMove, c | (static_cast<std::uint64_t>(raise) << 8));
}
constexpr Move raise_move(int raise) {
  return make_move(kRaiseMove, static_cast<std::uint64_t>(raise));
}
constexpr Move answer_move(bool accept) { return make_move(kAnswerMove, accept ? 1 : 0); }
constexpr Move signal_move(int index) {
  return make_move(kSignalMove, static_cast<std::uint64_t>(index));
}

// The next player in play order (to the right).
constexpr Seat next_seat(Seat s) { return (s + kPlayers - 1) % kPlayers; }

// Result of a hand given the tricks won by the dealer's opponents (a) and the dealer's team (b)
// with `left` tricks still to play: +1 the dealer's opponents have won, -1 the dealer's team has
// won, 0 not decided yet (TRUC-A2, A3).
constexpr int hand_result(int a, int b, int left) {
  if (a >= b + left) return +1;
  if (b > a + left) return -1;
  return 0;
}

// Truc's trick rules for the trick-play core: any card may be played (no suit to follow), the
// strongest rank wins, partners tied for best win (the earlier leads on), both teams tied for best
// draw the trick (the leader leads again), play goes to the right, and the hand ends as soon as
// its result is certain (TRUC-A1..A3).
struct Policy : tricks::FollowSuit {
  std::int8_t dealer_opponents = 0;  // the team of the dealer's left ("team A")
  CardSet playable(CardSet hand, const tricks::TrickSoFar&) const { return hand; }
  CardSet shown_lacking(const tricks::TrickSoFar&, Card) const { return CardSet(); }
  static Seat next_seat(Seat s, int seats) { return (s + seats - 1) % seats; }
  static constexpr bool kClockwise = false;
  int winner(const tricks::TrickSoFar& t) const;
  template <class Position>
  bool decided(const Position& p) const {
    const int a = p.tricks_won[dealer_opponents] + p.tricks_won[dealer_opponents + 2];
    const int b = p.tricks_won[1 - dealer_opponents] + p.tricks_won[3 - dealer_opponents];
    return hand_result(a, b, p.tricks - p.trick_no) != 0;
  }
  bool operator==(const Policy&) const = default;
};
using TrickPlay = tricks::TrickPlay<Policy, kPlayers, kMaxHand>;

struct Config {
  int eleven_fold_points = 1;  // TRUC-A9 [flag]: what the opponents score when 11 declines
  bool signals = true;         // team signals offered as moves
  CARDROOM_CONFIG(Config);
};

class Game : public GameWithConfig<Config, Game, State> {
 public:
  CARDROOM_GAME_CONTRACT("truc");
  int num_seats() const { return kPlayers; }
  Teams teams() const { return kTwoPartnerships; }
};

// A raise in a hand: who called it, what it proposed, and the answer (-1 pending, 0 rejected, 1
// accepted).
struct RaiseRecord {
  std::int8_t by = -1;
  std::int8_t value = 0;
  std::int8_t answer = -1;
  bool operator==(const RaiseRecord&) const = default;
};

// One completed hand, kept for the score sheet and `replay --json`.
struct HandRecord {
  int hand = 0;  // 1-based
  std::int8_t dealer = 0;
  std::int8_t cut = -1;  // -1 not offered (a team had 11), 0 cut, 1 tap
  std::int8_t cards = 3;
  std::int8_t eleven_team = -1;
  std::int8_t eleven = -1;  // -1 no eleven decision, 0 fold, 1 go
  std::int8_t tricks_played = 0;
  TrickPlay::History tricks;  // winner -1 for a draw
  std::int8_t raises = 0;
  std::array<RaiseRecord, 2> raise{};
  std::int8_t stake = 1;
  std::int8_t winning_team = -1;
  std::int8_t ending = 0;  // 0 tricks, 1 rejected raise, 2 eleven fold
  std::array<int, 2> points{};
  bool operator==(const HandRecord&) const = default;
};

class State : public MatchState<Config, HandRecord>, public tricks::TrickAccess<State> {
 public:
  static constexpr int kMaxMoves = 24;  // 3 plays, 3 plays with a raise, raise, 2 answers, signals
  enum class Phase : std::uint8_t { kCut, kDealChoice, kEleven, kPlay, kOver };

  CARDROOM_STATE_CONTRACT(State);
  // The move for people (core/move_data.h): the game's own wording.
  std::string move_label(Move move) const;
  int num_seats() const { return kPlayers; }
  ActorMode mode() const { return ActorMode::kTurn; }
  bool over() const { return phase_ == Phase::kOver; }
  // A seat's score is its team's score (points are won by teams).
  int score(Seat seat) const { return seat >= 0 && seat < kPlayers ? scores_[seat % 2] : 0; }
  int team_score(int team) const { return team >= 0 && team < 2 ? scores_[team] : 0; }

  // Read access for players, tests and the UI.
  Phase phase() const { return phase_; }
  Seat eldest() const { return next_seat(dealer_); }
  int dealer_opponents() const { return (dealer_ + 1) % 2; }
  const TrickPlay& trick_play() const { return play_; }
  int cards_per_hand() const { return cards_; }
  int stake() const { return stake_; }
  int pending_raise() const { return pending_; }  // 0, or the value proposed (2 or 3)
  Seat raiser() const { return raiser_; }
  Seat responder() const { return pending_ ? next_seat(raiser_) : -1; }
  int truc_team() const { return truc_team_; }
  Seat to_play() const { return play_.to_play(); }
  int tricks_won(int team) const { return play_.tricks_won(team) + play_.tricks_won(team + 2); }
  int signal_of(Seat seat) const { return signals_[seat]; }  // -1 if none this hand
  bool eleven_hand() const { return eleven_ == 1; }
  int eleven_team() const { return eleven_team_; }
  Seat eleven_decider() const;
  CardSet played() const { return play_.played(); }
  const HandRecord& last_hand() const { return last_; }
  // The raise that may be called next in this hand, whoever is to play: 0 none (a raise is
  // pending, retruc was called, the hand on eleven, no hand in play), 1 truc, 2 retruc.
  int next_raise() const;
  // Whether `seat` may call next_raise() on its turn (retruc: only the team that did not truc).
  bool may_raise(Seat seat) const;
  // Whether `seat` may call truc/retruc now (it is the player to play, no raise pending).
  int raise_available(Seat seat) const;  // 0 none, 1 truc, 2 retruc
  // The card play for the double-dummy solver (bots/trick_solver.h): the two partnerships,
  // valued by tricks (who wins the hand depends on both teams' tricks, drawn tricks counting for
  // neither); nullopt while a raise waits for its answer.
  std::optional<tricks::SolverTask<Policy, kPlayers>> solver_task() const;
  // The hand's decisions (core/game.h, RoundReplay). `start`: the hand just dealt, at its first
  // decision after the deal (on eleven, else the eldest's to lead), every hand as dealt (the cards
  // played back in it), the cut and the deal as they were; then the decisions since in the order
  // decisions_ keeps. Once the cards are dealt, the cut and the choice of deal stand before
  // `start`: the deal that followed them is the world's, which no replay of them would draw.
  // Before the deal, `start` is the hand at its cut.
  std::optional<RoundReplay<State>> round_replay() const;

 private:
  void start_hand(const ApplyContext* ctx);
  void deal(int cards, const ApplyContext* ctx);
  void begin_play();
  void finish_hand(int winning_team, int ending, const ApplyContext* ctx);
  bool play_ends_hand(Seat seat, Card card) const;
  Status apply_play(Seat seat, Card card, int raise, const ApplyContext* ctx);
  Status apply_raise(Seat seat, int raise, const ApplyContext* ctx);
  // `seat` raises (1 truc, 2 retruc): the raise waits for the answer of the seat on its right.
  void call_raise(Seat seat, int raise, const ApplyContext* ctx);
  Status apply_answer(Seat seat, bool accept, const ApplyContext* ctx);
  Status apply_signal(Seat seat, int index, const ApplyContext* ctx);
  // Adds a decision of the hand (a Decision of truc.cc) to decisions_.
  void note_decision(int kind);

  Phase phase_ = Phase::kCut;
  std::int8_t cut_ = -1;
  std::int8_t cards_ = 3;
  std::int8_t eleven_team_ = -1;
  std::int8_t eleven_ = -1;
  std::int8_t stake_ = 1;
  std::int8_t pending_ = 0;
  std::int8_t raiser_ = -1;
  std::int8_t truc_team_ = -1;
  std::int8_t raises_ = 0;
  TrickPlay play_;  // hands and tricks
  CardSet pack_;
  std::array<std::int8_t, kPlayers> signals_{};
  std::array<RaiseRecord, 2> raise_{};
  std::array<int, 2> scores_{};
  // The kinds of the hand's decisions since the deal, in order, 3 bits each from bit 0 (a
  // Decision of truc.cc, never 0): when each signal, raise and answer came between the cards,
  // which nothing else in the state says, for round_replay. At most 20 decisions (4 signals, 12
  // cards, 2 raises and 2 answers; a hand on eleven has no raises) fill 60 of its bits.
  std::uint64_t decisions_ = 0;
};

}  // namespace cardroom::truc
