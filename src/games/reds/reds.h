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
#include "games/common/trick_play.h"

namespace cardroom::reds {

inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 6;
inline constexpr int kHandSize = 5;
inline constexpr int kTricks = 5;
inline constexpr int kMaxBid = 5;
inline constexpr int kDeckSize = 39;
inline constexpr int kMaxTurned =
    14;  // 2 players: 29 undealt, at most 13 diamonds then a black card
inline constexpr CardSet kDeck =
    CardSet::suit(kSpades) | CardSet::suit(kDiamonds) | CardSet::suit(kClubs);
inline constexpr int kTrump = kDiamonds;

enum MoveKind : std::uint8_t { kBidMove = 1, kGiveMove = 2, kPlayMove = 3 };

constexpr Move bid_move(int n) { return Move{(std::uint64_t{kBidMove} << 56) | std::uint64_t(n)}; }
constexpr Move give_move(CardSet cards) {
  return Move{(std::uint64_t{kGiveMove} << 56) | cards.bits()};
}
constexpr Move play_move(Card c) { return Move{(std::uint64_t{kPlayMove} << 56) | c}; }
constexpr int move_kind(Move m) { return static_cast<int>(m.code >> 56); }
constexpr std::uint64_t move_payload(Move m) { return m.code & ((std::uint64_t{1} << 56) - 1); }

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
  bool operator==(const Config&) const = default;
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

class State;

class Game {
 public:
  using State = reds::State;
  static constexpr std::string_view kName = "reds";
  static const std::vector<OptionSpec>& option_specs();
  static std::optional<Game> create(const OptionValues& values, std::string* error);
  static std::string rules_text();

  explicit Game(Config config) : config_(config) {}
  const Config& config() const { return config_; }
  int num_seats() const { return config_.players; }
  Teams teams() const;
  CardNames card_names() const { return {}; }
  State new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const;
  std::string validate_deal(const Deal& deal) const;

 private:
  Config config_;
};

// One completed round, kept for the score sheet and `replay --json`.
struct RoundRecord {
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
  bool operator==(const RoundRecord&) const = default;
};

class State {
 public:
  static constexpr int kMaxMoves = 16;  // 6 bids, 10 gives of 2 (or 3) from 5, 5 plays
  enum class Phase : std::uint8_t { kBid, kExchange, kPlay, kOver };

  int num_seats() const { return config_.players; }
  ActorMode mode() const;
  SeatSet actors() const;
  void legal_moves(Seat seat, MoveList<kMaxMoves>& out) const;
  Status apply(Seat seat, Move move, const ApplyContext* ctx);
  bool over() const { return phase_ == Phase::kOver; }
  int score(Seat seat) const { return scores_[seat]; }
  int team_score(int team) const;
  SeatSet winners() const { return winners_; }
  nlohmann::json view(Seat seat) const;
  State resample(Seat observer, Rng& rng) const;
  std::string move_text(Move move) const;
  std::optional<Move> parse_move(Seat seat, std::string_view text, std::string* error) const;
  int deals_dealt() const { return deals_; }
  int rounds_completed() const { return rounds_completed_; }
  nlohmann::json last_round(Seat seat) const;
  std::vector<Pile> piles() const;
  const char* check() const;
  bool operator==(const State&) const = default;

  // Read access for players, tests and the UI.
  const Config& config() const { return config_; }
  Phase phase() const { return phase_; }
  int round_index() const { return round_; }  // 0-based, tie-break rounds included
  int row() const { return chart_row(config_, round_); }
  Exchange exchange() const { return exchange_for_row(row()); }
  Seat dealer() const { return dealer_; }
  int anti_trump() const { return anti_trump_; }
  CardSet hand(Seat seat) const { return play_.hand(seat); }
  const TrickPlay& trick_play() const { return play_; }
  // The bid of `seat` this round, or -1 (not yet made). With hidden bids this is the true bid: UIs
  // must go through view(). Players only ever see a resampled state, where hidden bids are random.
  int bid(Seat seat) const { return bids_[seat]; }
  bool has_bid(Seat seat) const { return bid_submitted_.contains(seat); }
  bool exchange_submitted(Seat seat) const { return exchange_submitted_.contains(seat); }
  CardSet pending_exchange(Seat seat) const { return pending_[seat]; }
  CardSet passed(Seat seat) const { return passed_[seat]; }
  int tricks_won(Seat seat) const { return play_.tricks_won(seat); }
  int trick_number() const { return play_.trick_number(); }  // 0-based, the trick in progress
  Seat trick_leader() const {
    return play_.leader_of(play_.trick_number() < kTricks ? play_.trick_number() : kTricks - 1);
  }
  int trick_size() const { return play_.trick_size(); }
  Card trick_card(int trick, int i) const { return play_.card(trick, i); }
  Seat trick_winner_of(int trick) const { return play_.winner_of(trick); }
  Seat trick_leader_of(int trick) const { return play_.leader_of(trick); }
  CardSet played_this_round() const { return play_.played(); }
  CardSet turned_set() const;
  // Suits `seat` has shown void in this round (bit s: suit s).
  unsigned void_suits(Seat seat) const;
  Seat to_act() const { return phase_ == Phase::kPlay ? play_.to_play() : to_act_; }
  Seat team_of(Seat seat) const;
  const RoundRecord& last_round_record() const { return last_; }

 private:
  friend class Game;
  void start_round(const ApplyContext* ctx);
  void draw_for_dealer(const ApplyContext* ctx);
  void begin_play(const ApplyContext* ctx);
  void finish_round(const ApplyContext* ctx);
  void resolve_exchange(const ApplyContext* ctx);
  Status apply_bid(Seat seat, int n, const ApplyContext* ctx);
  Status apply_give(Seat seat, CardSet cards, const ApplyContext* ctx);
  Status apply_play(Seat seat, Card card, const ApplyContext* ctx);
  Seat recipient(Seat seat) const;
  Seat sender_to(Seat seat) const;
  bool leader_unique(SeatSet* winners) const;
  bool may_act(Seat seat) const;  // actors().contains(seat), without building the set
  // Whether `observer` saw the cards `passer` passed in the last completed round.
  bool knows_last_pass(Seat observer, Seat passer) const;

  Config config_;
  Rng rng_;
  Phase phase_ = Phase::kBid;
  std::int8_t dealer_ = 0;
  std::int8_t to_act_ = 0;
  std::uint8_t anti_trump_ = kNoSuit;
  std::int8_t turned_count_ = 0;
  std::int16_t round_ = 0;
  std::int16_t deals_ = 0;
  std::int16_t rounds_completed_ = 0;
  SeatSet bid_submitted_;
  SeatSet exchange_submitted_;
  SeatSet winners_;
  std::array<Card, kMaxTurned> turned_{};
  CardSet pack_;                                // undealt and not turned: unknown to everyone
  TrickPlay play_;                              // hands, tricks, voids shown
  std::array<CardSet, kMaxPlayers> pending_{};  // exchange choices not yet resolved
  std::array<CardSet, kMaxPlayers> passed_{};   // resolved exchange, this round
  std::array<std::int8_t, kMaxPlayers> bids_{};
  std::array<int, kMaxPlayers> scores_{};
  RoundRecord last_;
};

}  // namespace cardroom::reds
