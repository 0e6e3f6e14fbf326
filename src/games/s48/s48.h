// S48: an Oh Hell relative for 3-6 players with no trumps, hands of 8-7-6-5-4-5-6-7-8 cards and
// a dealer hook.
//
// Rules: ../shared/rules/seeds/004_b939fa404e9cf2f6.txt ("AndyS48") and RULINGS.md section 3; our
// words, options and decisions: docs/games/s48.md (also `cardroom rules s48`).
//
// Rulings applied: S48-A1 (no trump suit), A2 (A high .. 2 low), A3 (cut: lowest card deals, ace
// high, tied players recut; option cut_ace), A4 (zero counts as one: made 0 = +10, missed 0 = -1),
// A5 (a missed bid loses max(bid,1) however it was missed), A6 (bids 0..hand size), A7 (always 9
// rounds), A8 (the seed scoreboard's typos ignored), A9 (a final tie is shared; option final_tie).
//
// Deck: the standard 52 cards (standard card ids); undealt cards are unused and unknown to all.
//
// Trick play: games/common/trick_play.h with tricks::PlainTrumps and no trump suit.
//
// Move encoding (Move::code): kind in bits 56..63, payload below.
//   kind 1  bid N   payload N (0..hand size)   text "bid N"
//   kind 2  play C  payload the card id        text "play TD"
// Legal moves are sorted by code: bids ascending, plays by card id.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/match_state.h"
#include "core/move_text.h"
#include "games/common/trick_play.h"

namespace cardroom::s48 {

class State;

inline constexpr int kMinPlayers = 3, kMaxPlayers = 6, kMaxHand = 8, kRounds = 9, kDeckSize = 52;
inline constexpr CardSet kDeck = CardSet::standard_deck();

enum MoveKind : std::uint8_t { kBidMove = 1, kPlayMove = 2 };

constexpr Move bid_move(int n) { return make_move(kBidMove, std::uint64_t(n)); }
constexpr Move play_move(Card c) { return make_move(kPlayMove, c); }
// The move notation, for move_text.
inline constexpr MoveForm kMoveForms[] = {{kBidMove, "bid", MoveArg::kNumber},
                                          {kPlayMove, "play", MoveArg::kCard}};

// S48-A3: how the ace ranks in the cut for the first dealer (the lowest card deals).
enum class CutAce : std::uint8_t { kHigh, kLow };
// S48-A9: what happens when first place is tied after round 9.
enum class FinalTie : std::uint8_t {
  kShared,      // "shared" (ruling): every player tied for first wins
  kExtraRound,  // "extra_round": play 8-card rounds, the deal still passing left, until one leads
};

struct Config {
  int players = 4;
  CutAce cut_ace = CutAce::kHigh;
  FinalTie final_tie = FinalTie::kShared;
  CARDROOM_CONFIG(Config);
};

// Hand size of round index r (0-based): 8 7 6 5 4 5 6 7 8, then 8 for extra rounds.
int hand_size_of_round(int round_index);
// Rule 6 / S48-A4, A5: exact bid b scores 10*max(b,1); otherwise -max(b,1).
int round_points(int bid, int took);
// Rule 4: the one bid the dealer may not make (total of bids == hand size), or -1 if none.
int hooked_bid(int others_total, int hand_size);

using TrickPlay = tricks::TrickPlay<tricks::PlainTrumps, kMaxPlayers, kMaxHand>;

class Game : public GameWithConfig<Config, Game, State> {
 public:
  // validate_deal: Hands must be one per seat, all of one size 4..8, no card twice. The size must
  // be that of the round the deal is used for; a deal that does not fit its round is not used (that
  // round is shuffled, and a public event says so), since validation cannot know the round.
  CARDROOM_GAME_CONTRACT("s48");
  int num_seats() const { return config_.players; }
};

// One completed round, kept for the score sheet and `replay --json`.
struct RoundRecord {
  bool operator==(const RoundRecord&) const = default;
  int round = 0;  // 1-based
  std::int8_t dealer = 0;
  std::int8_t hand_size = 0;
  std::array<std::int8_t, kMaxPlayers> bids{};
  TrickPlay::History tricks;
  std::array<std::int8_t, kMaxPlayers> tricks_won{};
  std::array<int, kMaxPlayers> points{};
};

class State : public MatchState<Config, RoundRecord>, public tricks::TrickAccess<State> {
 public:
  static constexpr int kMaxMoves = kMaxHand + 1;  // bids 0..8, or at most 8 cards to play
  enum class Phase : std::uint8_t { kBid, kPlay, kOver };

  CARDROOM_STATE_CONTRACT(State);
  // A random legal move, as core/game.h defines it: a playable card, or a bid.
  Move random_move(Seat seat, Rng& rng) const {
    return phase_ == Phase::kPlay ? play_move(random_card(play_.playable(seat), rng))
                                  : random_bid(rng);
  }
  // The round played out at random, as core/game.h defines it: the bids on a copy of the state,
  // then the card play on the trick position alone, scored by the bids (rule 6).
  RoundOutcome random_round_outcome(Rng& rng) const;
  int num_seats() const { return config_.players; }
  ActorMode mode() const { return ActorMode::kTurn; }
  bool over() const { return phase_ == Phase::kOver; }
  int score(Seat seat) const { return scores_[seat]; }
  int team_score(int team) const;

  // Read access for players, tests and the UI.
  Phase phase() const { return phase_; }
  int hand_size() const { return hand_size_; }
  const TrickPlay& trick_play() const { return play_; }
  int bid(Seat seat) const { return bids_[seat]; }  // -1: not yet made (bids are public)
  int tricks_won(Seat seat) const { return play_.tricks_won(seat); }
  CardSet undealt() const { return pack_; }
  Seat to_act() const { return phase_ == Phase::kPlay ? play_.to_play() : to_act_; }
  // The bid the dealer may not make now (-1 if none, or if it is not the dealer's turn to bid).
  int forbidden_bid() const;
  // The card play for the double-dummy solver (bots/trick_solver.h): each seat for itself, scored
  // by its bid (rule 6).
  std::optional<tricks::SolverTask<tricks::PlainTrumps, kMaxPlayers>> solver_task() const;
  // This round as it was dealt: every hand as dealt (the cards played this round back in it), no
  // bid, no card played; the match otherwise as it is. For replaying the round's moves (a search
  // player weighing a world drawn for its seat: bid_plausibility in s48_bot.h).
  State round_as_dealt() const;
  // The round's decisions (core/any_game.h, RoundReplay): from round_as_dealt(), the bids and the
  // cards played.
  std::optional<RoundReplay<State>> round_replay() const;

 private:
  void start_round(const ApplyContext* ctx);
  void finish_round(const ApplyContext* ctx);
  Status apply_bid(Seat seat, int n, const ApplyContext* ctx);
  Move random_bid(Rng& rng) const;  // random_move in the bidding

  Phase phase_ = Phase::kBid;
  std::int8_t to_act_ = 0;
  std::int8_t hand_size_ = 0;
  std::int8_t bids_made_ = 0;
  CardSet pack_;    // undealt: unused, unknown to everyone
  TrickPlay play_;  // hands, tricks, voids shown
  std::array<std::int8_t, kMaxPlayers> bids_{};
  std::array<int, kMaxPlayers> scores_{};
};

}  // namespace cardroom::s48
