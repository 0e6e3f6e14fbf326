// Reds: a trick-taking game for 2-6 players with a trump suit (diamonds) and an anti-trump suit.
//
// Rules: ../shared/rules/seeds/000_6ef166aca2166fb7.txt (Jacob Peck, v. 20110819) and RULINGS.md
// section 1; our words, options and decisions: docs/games/reds.md (also `cardroom rules reds`).
//
// Rulings applied: REDS-A1 (reading C by default, option anti_trump_lead), A2 (trick winner leads),
// A3 (dealer draw by rank, tied players redraw), A4 (turned cards stay face up, public), A5 (two
// players: left and right are the other player), A6/A7 (scoring), A8 (commit the exchange, then
// receive), A9 (tie-break rounds with no exchange, dealer keeps rotating), A10 (hidden bids
// revealed at the end of the round), A11 (six-player partnership: seat i+3), A12 (bid before
// exchange).
//
// Deck: 39 cards, spades, diamonds and clubs 2..A (standard card ids; no hearts).
//
// Trick play: games/common/trick_play.h with reds::Policy (follow suit, diamonds trump, the
// anti-trump rule).
//
// Move encoding (Move::code): kind in bits 56..63, payload below.
//   kind 1  bid N          payload N (0..5)                         text "bid N"
//   kind 2  give C1 C2 ..  payload the CardSet bits of the cards    text "give 7C 9S" (id order)
//   kind 3  play C         payload the card id                      text "play TD"
// Legal moves are sorted by code: bids ascending, gives by card mask, plays by card id.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/match_state.h"
#include "core/move_text.h"
#include "games/common/trick_play.h"

namespace cardroom::reds {

class State;

// Table sizes. kMaxTurned: with 2 players 29 cards are undealt, at most 13 diamonds then a black.
inline constexpr int kMinPlayers = 2, kMaxPlayers = 6, kHandSize = 5, kTricks = 5, kMaxBid = 5,
                     kDeckSize = 39, kMaxTurned = 14;
inline constexpr CardSet kDeck =
    CardSet::suit(kSpades) | CardSet::suit(kDiamonds) | CardSet::suit(kClubs);
inline constexpr int kTrump = kDiamonds;

enum MoveKind : std::uint8_t { kBidMove = 1, kGiveMove = 2, kPlayMove = 3 };

constexpr Move bid_move(int n) { return make_move(kBidMove, std::uint64_t(n)); }
constexpr Move give_move(CardSet cards) { return make_move(kGiveMove, cards.bits()); }
constexpr Move play_move(Card c) { return make_move(kPlayMove, c); }
// The move notation, for move_text.
inline constexpr MoveForm kMoveForms[] = {{kBidMove, "bid", MoveArg::kNumber},
                                          {kGiveMove, "give", MoveArg::kCards},
                                          {kPlayMove, "play", MoveArg::kCard}};

// REDS-A1: who wins a trick led in the anti-trump suit when other suits are played.
enum class AntiTrumpLead : std::uint8_t {
  kDrop,     // "drop" (ruling, reading C): anti-trump cards drop out; trump, else highest neutral
  kHighest,  // "highest" (reading B): highest face value among all cards, suits ignored
  kHighestOther,  // "highest_other" (reading D): highest face value among non-anti-trump cards
};

struct Config {
  int players = 4;
  bool partnership = false;
  bool hidden_bids = false;
  bool short_game = false;
  AntiTrumpLead anti_trump_lead = AntiTrumpLead::kDrop;
  // "" when the options fit together (partnership needs 4 or 6 players).
  std::string validate() const;
  CARDROOM_CONFIG(Config);
};

// The exchange of the round with chart row `row` (1..9): cards and direction (+1 left, -1 right).
struct Exchange {
  int cards = 0;
  int direction = 0;
};
Exchange exchange_for_row(int row);
// Chart row of round index r (0-based, tie-break rounds included): full game 1..9, short game
// 1,4,5,8,9, tie-break rounds 9 (no exchange).
int chart_row(const Config& config, int round_index);
int rounds_in_game(const Config& config);

// Points for one round (rule 11).
int round_points(int bid, int took);

// Index (in play order) of the card that wins a complete or partial trick. `anti_trump` is a suit
// or kNoSuit for a round without one.
int trick_winner(const Card* cards, int count, int anti_trump, AntiTrumpLead rule);

// Reds' trick rules for the trick-play core: follow suit (games/common/trick_play.h), diamonds
// trump, and the anti-trump of the round (REDS-A1 for a contaminated anti-trump lead).
struct Policy : tricks::FollowSuit {
  std::uint8_t anti_trump = kNoSuit;
  AntiTrumpLead rule = AntiTrumpLead::kDrop;
  int winner(const tricks::TrickSoFar& t) const {
    return trick_winner(t.cards, t.count, anti_trump, rule);
  }
  bool operator==(const Policy&) const = default;
};
using TrickPlay = tricks::TrickPlay<Policy, kMaxPlayers, kTricks>;

class Game : public GameWithConfig<Config, Game, State> {
 public:
  CARDROOM_GAME_CONTRACT("reds");
  int num_seats() const { return config_.players; }
  Teams teams() const;
};

// One completed round, kept for the score sheet and `replay --json`.
struct RoundRecord {
  bool operator==(const RoundRecord&) const = default;
  int round = 0;  // 1-based
  int chart_row = 0;
  std::int8_t dealer = 0;
  std::uint8_t anti_trump = kNoSuit;
  std::int8_t turned_count = 0;
  std::array<Card, kMaxTurned> turned{};
  std::array<std::int8_t, kMaxPlayers> bids{};
  std::array<CardSet, kMaxPlayers> passed{};
  TrickPlay::History tricks;
  std::array<std::int8_t, kMaxPlayers> tricks_won{};
  std::array<int, kMaxPlayers> points{};
};

class State : public MatchState<Config, RoundRecord>, public tricks::TrickAccess<State> {
 public:
  static constexpr int kMaxMoves = 16;  // 6 bids, 10 gives of 2 (or 3) from 5, 5 plays
  enum class Phase : std::uint8_t { kBid, kExchange, kPlay, kOver };

  CARDROOM_STATE_CONTRACT(State);
  // A random legal move, as core/game.h defines it: in the card play, a playable card.
  Move random_move(Seat seat, Rng& rng) const {
    return phase_ == Phase::kPlay ? play_move(random_card(play_.playable(seat), rng))
                                  : random_listed_move(*this, seat, rng);
  }
  int num_seats() const { return config_.players; }
  ActorMode mode() const;
  bool over() const { return phase_ == Phase::kOver; }
  int score(Seat seat) const { return scores_[seat]; }
  int team_score(int team) const;

  // Read access for players, tests and the UI.
  Phase phase() const { return phase_; }
  int row() const { return chart_row(config_, round_); }
  Exchange exchange() const { return exchange_for_row(row()); }
  int anti_trump() const { return anti_trump_; }
  const TrickPlay& trick_play() const { return play_; }
  // The bid of `seat` this round, or -1 (not yet made). With hidden bids this is the true bid: UIs
  // must go through view(). Players only ever see a resampled state, where hidden bids are random.
  int bid(Seat seat) const { return bids_[seat]; }
  bool has_bid(Seat seat) const { return bid_submitted_.contains(seat); }
  bool exchange_submitted(Seat seat) const { return exchange_submitted_.contains(seat); }
  CardSet pending_exchange(Seat seat) const { return pending_[seat]; }
  CardSet passed(Seat seat) const { return passed_[seat]; }
  int tricks_won(Seat seat) const { return play_.tricks_won(seat); }
  CardSet turned_set() const;
  Seat to_act() const { return phase_ == Phase::kPlay ? play_.to_play() : to_act_; }
  Seat team_of(Seat seat) const;
  // The card play for the double-dummy solver (bots/trick_solver.h): partners (the partnership
  // option) form one side, valued by tricks since each scores its own bid; otherwise each seat
  // for itself, scored by its bid (rule 11).
  std::optional<tricks::SolverTask<Policy, kMaxPlayers>> solver_task() const;
  // The round's decisions (core/game.h, RoundReplay). `start`: the round at its first bid, after
  // the deal and the cards turned, every hand as dealt (the cards played back in it, the exchange
  // undone: the cards passed back to their senders, as the state holds them); then the bids
  // (hidden bids, made at once, in seat order), the exchange choices (seat order) and the cards
  // played.
  std::optional<RoundReplay<State>> round_replay() const;

 private:
  void start_round(const ApplyContext* ctx);
  void begin_play(const ApplyContext* ctx);
  void finish_round(const ApplyContext* ctx);
  void resolve_exchange(const ApplyContext* ctx);
  Status apply_bid(Seat seat, int n, const ApplyContext* ctx);
  Status apply_give(Seat seat, CardSet cards, const ApplyContext* ctx);
  Seat recipient(Seat seat) const;
  Seat sender_to(Seat seat) const;
  bool may_act(Seat seat) const;  // actors().contains(seat), without building the set
  // Whether `observer` saw the cards `passer` passed in the last completed round.
  bool knows_last_pass(Seat observer, Seat passer) const;

  Phase phase_ = Phase::kBid;
  std::int8_t to_act_ = 0;
  std::uint8_t anti_trump_ = kNoSuit;
  std::int8_t turned_count_ = 0;
  SeatSet bid_submitted_;
  SeatSet exchange_submitted_;
  std::array<Card, kMaxTurned> turned_{};
  CardSet pack_;                                // undealt and not turned: unknown to everyone
  TrickPlay play_;                              // hands, tricks, voids shown
  std::array<CardSet, kMaxPlayers> pending_{};  // exchange choices not yet resolved
  std::array<CardSet, kMaxPlayers> passed_{};   // resolved exchange, this round
  std::array<std::int8_t, kMaxPlayers> bids_{};
  std::array<int, kMaxPlayers> scores_{};
};

inline bool State::may_act(Seat seat) const {
  switch (phase_) {
    case Phase::kBid:
      if (!config_.hidden_bids) return seat == to_act_;
      return seat >= 0 && seat < config_.players && !bid_submitted_.contains(seat);
    case Phase::kExchange:
      return seat >= 0 && seat < config_.players && !exchange_submitted_.contains(seat);
    case Phase::kPlay:
      return seat == play_.to_play();
    case Phase::kOver:
      break;
  }
  return false;
}

}  // namespace cardroom::reds
