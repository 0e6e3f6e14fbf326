// Back Alley: a partnership bidding trick game for 4 players with a 54-card deck (two jokers, the
// big and little bloopers, above the ace of trumps), 26 hands of 13, 12, ..., 1, 1, 2, ..., 13
// cards, team contracts and board bids.
//
// Rules: ../shared/rules/seeds/002_d88490290ee4893b.txt (section "Back Alley") and RULINGS.md
// section 11; our words, options and decisions: docs/games/back_alley.md (`cardroom rules
// back_alley`).
//
// Rulings applied: BA-A1 (+1 point per overtrick), A2 (the joker holder takes the bottom card of
// the undealt stock), A3 (numeric bids 1..h-1; option bid_range), A4 (a board bid makes the team
// contract board at its member's highest multiple), A5 (anyone later may bid the next multiple),
// A6 (an all-trump hand may lead a trump before trumps are broken), A7 (a contract of 0 scores 1 a
// trick), A8 (no trumps: any card on a blooper lead), A9 (a final tie is shared; option
// final_tie), A10 (a void player need not trump), A11 (board scores 10 x multiple x hand size).
//
// Seats: 0..3 clockwise; partners opposite: team 0 = seats 0 and 2, team 1 = seats 1 and 3.
// Cards: standard ids 0..51, big blooper BB = 52, little blooper LB = 53 (see card_names()).
//
// Trick play: games/common/trick_play.h with back_alley::Policy (bloopers as trumps, unbroken
// trumps, blooper leads).
//
// Move encoding (Move::code): kind in bits 56..63, payload below.
//   kind 1  bid N    payload N (1..12)                text "bid N"
//   kind 2  board    payload the multiple m (1..4)    text "board" (always the next multiple)
//   kind 3  pass     payload 0                        text "pass"
//   kind 4  play C   payload the card id              text "play TD", "play BB"
// Legal moves are sorted by code: bids ascending, board, pass, plays by card id. (Pass sorts last
// so that move lists read as a bid menu: `cardroom play` titles a menu by its first move.)
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/common/trick_play.h"

namespace cardroom::back_alley {

inline constexpr int kPlayers = 4;
inline constexpr int kMaxHand = 13;
inline constexpr int kHands = 26;
inline constexpr int kDeckSize = 54;
inline constexpr Card kBigBlooper = 52;
inline constexpr Card kLittleBlooper = 53;
inline constexpr CardSet kBloopers = CardSet((std::uint64_t{1} << 52) | (std::uint64_t{1} << 53));
inline constexpr CardSet kDeck = CardSet((std::uint64_t{1} << 54) - 1);
inline constexpr int kMaxBoard = 4;

enum MoveKind : std::uint8_t { kBidMove = 1, kBoardMove = 2, kPassMove = 3, kPlayMove = 4 };

constexpr Move pass_move() { return Move{std::uint64_t{kPassMove} << 56}; }
constexpr Move bid_move(int n) { return Move{(std::uint64_t{kBidMove} << 56) | std::uint64_t(n)}; }
constexpr Move board_move(int m) {
  return Move{(std::uint64_t{kBoardMove} << 56) | std::uint64_t(m)};
}
constexpr Move play_move(Card c) { return Move{(std::uint64_t{kPlayMove} << 56) | c}; }
constexpr int move_kind(Move m) { return static_cast<int>(m.code >> 56); }
constexpr std::uint64_t move_payload(Move m) { return m.code & ((std::uint64_t{1} << 56) - 1); }

// BA-A3: the numeric bids allowed with h cards.
enum class BidRange : std::uint8_t {
  kBelowHand,  // "below_hand" (ruling): 1..h-1; all the tricks is "board"
  kUpTo12,     // "up_to_12": 1..min(12, h)
};
// BA-A9: a tie after hand 26.
enum class FinalTie : std::uint8_t {
  kShared,     // "shared" (ruling)
  kExtraHand,  // "extra_hand": further 13-card hands, the deal passing left, until one team leads
};

struct Config {
  BidRange bid_range = BidRange::kBelowHand;
  FinalTie final_tie = FinalTie::kShared;
  bool operator==(const Config&) const = default;
};

// Hand size of hand index k (0-based): 13, 12, ..., 1, 1, 2, ..., 13; extra hands 13.
int hand_size_of_hand(int hand_index);
// Suit of a card in a hand with trump `trump` (kNoSuit: no trump): bloopers are trumps.
int effective_suit(Card c, int trump);
// Rank within its effective suit: 2 = 0 .. A = 12, LB = 13, BB = 14.
int effective_rank(Card c);
// Index (in play order) of the winning card of a complete or partial trick.
int trick_winner(const Card* cards, int count, int trump);

// A team's contract: board multiple (0: none) or a number of tricks (0..24).
struct Contract {
  int tricks = 0;
  int board = 0;
  bool operator==(const Contract&) const = default;
};
// Rule 8: points of a team with contract `c` that took `took` of `hand_size` tricks.
int team_points(Contract c, int took, int hand_size);

// Cards of the effective suit `suit` in a hand with trump `trump` (bloopers are trumps).
CardSet suit_cards(int suit, int trump);

// Back Alley's trick rules for the trick-play core: follow the effective suit (bloopers are
// trumps), no trump lead before trumps are broken unless the hand is all trumps (rule 7, BA-A6),
// and a blooper lead forces the highest (BB) or lowest (LB) trump held.
struct Policy : tricks::FollowSuit {
  std::uint8_t trump = kNoSuit;
  bool broken = false;
  CardSet trumps() const { return trump == kNoSuit ? CardSet() : suit_cards(trump, trump); }
  CardSet playable(CardSet hand, const tricks::TrickSoFar& t) const;
  const char* why_not(CardSet hand, const tricks::TrickSoFar& t, Card card) const;
  CardSet shown_lacking(const tricks::TrickSoFar& t, Card card) const;
  void on_play(const tricks::TrickSoFar& t, Card card);
  int winner(const tricks::TrickSoFar& t) const { return trick_winner(t.cards, t.count, trump); }
  bool operator==(const Policy&) const = default;
};
using TrickPlay = tricks::TrickPlay<Policy, kPlayers, kMaxHand>;

class State;

class Game {
 public:
  using State = back_alley::State;
  static constexpr std::string_view kName = "back_alley";
  static const std::vector<OptionSpec>& option_specs();
  static std::optional<Game> create(const OptionValues& values, std::string* error);
  static std::string rules_text();

  explicit Game(Config config) : config_(config) {}
  const Config& config() const { return config_; }
  int num_seats() const { return kPlayers; }
  Teams teams() const;
  CardNames card_names() const;
  State new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const;
  // Four hands of one size 1..13 and the whole undealt pack (54 - 4h cards, upcard first, the
  // bottom card last). A deal whose size does not fit the hand it falls on is not used (that hand
  // is shuffled; a public event says so).
  std::string validate_deal(const Deal& deal) const;

 private:
  Config config_;
};

CardNames card_names();

// One completed hand, kept for the score sheet and `replay --json`.
struct RoundRecord {
  int round = 0;  // 1-based hand number
  std::int8_t dealer = 0;
  std::int8_t hand_size = 0;
  Card upcard = kNoCard;
  std::uint8_t trump = kNoSuit;
  std::array<std::int8_t, kPlayers> bids{};    // -1 none, 0 pass, n
  std::array<std::int8_t, kPlayers> boards{};  // board multiple bid by the seat, 0 none
  std::array<Contract, 2> contracts{};
  TrickPlay::History tricks;
  std::array<std::int8_t, 2> tricks_won{};
  std::array<int, 2> points{};
  bool operator==(const RoundRecord&) const = default;
};

class State {
 public:
  static constexpr int kMaxMoves = 14;  // pass, bids 1..12, board; or at most 13 cards
  enum class Phase : std::uint8_t { kBid, kPlay, kOver };

  int num_seats() const { return kPlayers; }
  ActorMode mode() const { return ActorMode::kTurn; }
  SeatSet actors() const;
  void legal_moves(Seat seat, MoveList<kMaxMoves>& out) const;
  Status apply(Seat seat, Move move, const ApplyContext* ctx);
  bool over() const { return phase_ == Phase::kOver; }
  // A seat's running total is its team's: tricks and points are team property.
  int score(Seat seat) const { return scores_[seat % 2]; }
  int team_score(int team) const { return team == 0 || team == 1 ? scores_[team] : 0; }
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
  int hand_index() const { return hand_; }  // 0-based, extra hands included
  int hand_size() const { return hand_size_; }
  Seat dealer() const { return dealer_; }
  Card upcard() const { return upcard_; }
  int trump() const { return trump_; }
  bool trumps_broken() const { return play_.policy().broken; }
  Seat joker_swapper() const { return swapper_; }  // -1: nobody swapped this hand
  CardSet hand(Seat seat) const { return play_.hand(seat); }
  const TrickPlay& trick_play() const { return play_; }
  int bid(Seat seat) const { return bids_[seat]; }  // -1 none yet, 0 pass, else the number
  int board(Seat seat) const { return boards_[seat]; }
  int next_board() const;  // the multiple a board bid would be now
  Contract contract(int team) const { return contracts_[team]; }
  int team_tricks(int team) const { return play_.tricks_won(team) + play_.tricks_won(team + 2); }
  int trick_number() const { return play_.trick_number(); }
  Seat trick_leader() const {
    return play_.leader_of(play_.trick_number() < hand_size_ ? play_.trick_number() : 0);
  }
  int trick_size() const { return play_.trick_size(); }
  Card trick_card(int trick, int i) const { return play_.card(trick, i); }
  Seat trick_winner_of(int trick) const { return play_.winner_of(trick); }
  CardSet played_this_round() const { return play_.played(); }
  CardSet out_of_play() const { return out_; }  // the upcard and a discarded joker
  CardSet undealt() const { return pack_; }
  // Cards everyone knows `seat` does not hold (voids, forced blooper answers).
  CardSet excluded(Seat seat) const { return play_.excluded(seat); }
  Seat to_act() const { return phase_ == Phase::kPlay ? play_.to_play() : to_act_; }
  Seat opening_leader() const;
  const RoundRecord& last_round_record() const { return last_; }

 private:
  friend class Game;
  void start_hand(const ApplyContext* ctx);
  void finish_hand(const ApplyContext* ctx);
  Status apply_call(Seat seat, int bid, int board, const ApplyContext* ctx);
  Status apply_play(Seat seat, Card card, const ApplyContext* ctx);

  Config config_;
  Rng rng_;
  Phase phase_ = Phase::kBid;
  std::int8_t dealer_ = 0;
  std::int8_t to_act_ = 0;
  std::int8_t hand_size_ = 0;
  std::int8_t calls_ = 0;
  std::int8_t swapper_ = -1;
  std::uint8_t trump_ = kNoSuit;
  Card upcard_ = kNoCard;
  std::int16_t hand_ = 0;
  std::int16_t deals_ = 0;
  std::int16_t rounds_completed_ = 0;
  SeatSet winners_;
  CardSet pack_;    // undealt, face down: unknown to everyone
  CardSet out_;     // face up and out of play: the upcard, a discarded joker
  TrickPlay play_;  // hands, tricks, what each seat showed it lacks
  std::array<std::int8_t, kPlayers> bids_{};
  std::array<std::int8_t, kPlayers> boards_{};
  std::array<Contract, 2> contracts_{};
  std::array<int, 2> scores_{};
  RoundRecord last_;
};

}  // namespace cardroom::back_alley
