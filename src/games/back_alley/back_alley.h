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

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/match_state.h"
#include "core/move_text.h"
#include "games/common/trick_play.h"

namespace cardroom::back_alley {

class State;

inline constexpr int kPlayers = 4, kMaxHand = 13, kHands = 26, kDeckSize = 54;
inline constexpr Card kBigBlooper = 52, kLittleBlooper = 53;
inline constexpr CardSet kBloopers = CardSet((std::uint64_t{1} << 52) | (std::uint64_t{1} << 53));
inline constexpr CardSet kDeck = CardSet((std::uint64_t{1} << 54) - 1);
inline constexpr int kMaxBoard = 4;

enum MoveKind : std::uint8_t { kBidMove = 1, kBoardMove = 2, kPassMove = 3, kPlayMove = 4 };

constexpr Move pass_move() { return make_move(kPassMove); }
constexpr Move bid_move(int n) { return make_move(kBidMove, std::uint64_t(n)); }
constexpr Move board_move(int m) { return make_move(kBoardMove, std::uint64_t(m)); }
constexpr Move play_move(Card c) { return make_move(kPlayMove, c); }
// The move notation, for move_text.
inline constexpr MoveForm kMoveForms[] = {{kPassMove, "pass", MoveArg::kNone},
                                          {kBidMove, "bid", MoveArg::kNumber},
                                          {kBoardMove, "board", MoveArg::kNone},
                                          {kPlayMove, "play", MoveArg::kCard}};

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
  CARDROOM_CONFIG(Config);
};

// Hand size of hand index k (0-based): 13, 12, ..., 1, 1, 2, ..., 13; extra hands 13.
int hand_size_of_hand(int hand_index);
// Suit of a card in a hand with trump `trump` (kNoSuit: no trump): bloopers are trumps.
inline int effective_suit(Card c, int trump) { return c >= 52 ? trump : suit_of(c); }
// Rank within its effective suit: 2 = 0 .. A = 12, LB = 13, BB = 14.
inline int effective_rank(Card c) {
  if (c == kBigBlooper) return 14;
  if (c == kLittleBlooper) return 13;
  return rank_of(c);
}
// Index (in play order) of the winning card of a complete or partial trick (inline: every card
// play of a playout ends a trick in four).
inline int trick_winner(const Card* cards, int count, int trump) {
  const int led = effective_suit(cards[0], trump);
  return tricks::best_card(cards, count, [&](Card c) {
    const int s = effective_suit(c, trump);
    const int tier = s == trump && trump != kNoSuit ? 2 : s == led ? 1 : 0;
    return tier * 16 + effective_rank(c);
  });
}

// A team's contract: board multiple (0: none) or a number of tricks (0..24).
struct Contract {
  int tricks = 0;
  int board = 0;
  bool operator==(const Contract&) const = default;
};
// Rule 8: points of a team with contract `c` that took `took` of `hand_size` tricks.
int team_points(Contract c, int took, int hand_size);

// Cards of the effective suit `suit` in a hand with trump `trump` (bloopers are trumps).
inline CardSet suit_cards(int suit, int trump) {
  return suit == trump ? CardSet::suit(suit) | kBloopers : CardSet::suit(suit);
}

// Back Alley's trick rules for the trick-play core: follow the effective suit (bloopers are
// trumps), no trump lead before trumps are broken unless the hand is all trumps (rule 7, BA-A6),
// and a blooper lead forces the highest (BB) or lowest (LB) trump held.
struct Policy : tricks::FollowSuit {
  // The trick solver may search it by partition (bots/trick_solver.h): tricks go by rank within
  // the suit led or trumps, the bloopers are cards of their own, and a blooper lead leaves one
  // trump playable.
  static constexpr bool kPartitionSearch = true;
  std::uint8_t trump = kNoSuit;
  bool broken = false;
  CardSet trumps() const { return trump == kNoSuit ? CardSet() : suit_cards(trump, trump); }
  CardSet playable(CardSet hand, const tricks::TrickSoFar& t) const;
  const char* why_not(CardSet hand, const tricks::TrickSoFar& t, Card card) const;
  CardSet shown_lacking(const tricks::TrickSoFar& t, Card card) const;
  // After a blooper lead, the one trump of `trumps_held` (not empty) that must be played.
  CardSet blooper_forced(Card led, CardSet trumps_held) const;
  // After a blooper lead in a hand with trumps: every trump if `card` is none, else the trumps
  // above (BB led) or below (LB led) it.
  CardSet blooper_lacking(Card led, Card card) const;
  void on_play(const tricks::TrickSoFar& t, Card card);
  int winner(const tricks::TrickSoFar& t) const { return trick_winner(t.cards, t.count, trump); }
  // TrickPosition::play_out for this policy: the same cards drawn, the same position at the end,
  // a trick at a time with the rules above unrolled (a playout of a search plays millions of
  // tricks a second).
  template <class Position>
  static int play_out(Position& position, Rng& rng);
  bool operator==(const Policy&) const = default;
};

inline CardSet Policy::playable(CardSet hand, const tricks::TrickSoFar& t) const {
  const CardSet trumps_held = hand & trumps();
  if (t.count == 0) {
    // Rule 7: no trump lead before trumps are broken, unless the hand is all trumps (BA-A6).
    if (!broken && !trumps_held.empty() && trumps_held != hand) return hand - trumps_held;
    return hand;
  }
  const Card led = t.led();
  if (trump != kNoSuit && !trumps_held.empty()) {
    // A blooper led: the highest (BB) or lowest (LB) trump held, which is forced.
    if (led == kBigBlooper || led == kLittleBlooper) return blooper_forced(led, trumps_held);
  }
  const CardSet follow = hand & suit_cards(effective_suit(led, trump), trump);
  return follow.empty() ? hand : follow;
}

inline const char* Policy::why_not(CardSet hand, const tricks::TrickSoFar& t, Card) const {
  if (t.count == 0) return "trumps are not broken yet";
  const Card led = t.led();
  if (led >= 52 && trump != kNoSuit && !(hand & trumps()).empty())
    return led == kBigBlooper ? "the big blooper was led: play your highest trump"
                              : "the little blooper was led: play your lowest trump";
  return "you must follow suit";
}

inline CardSet Policy::shown_lacking(const tricks::TrickSoFar& t, Card card) const {
  // What everyone learns about the hand: a void, or no trump above (BB) / below (LB) the one
  // played (blooper_lacking); a trump led before trumps are broken shows a hand of trumps only
  // (rule 7, BA-A6).
  if (t.count == 0) return !broken && trumps().contains(card) ? kDeck - trumps() : CardSet();
  const Card led = t.led();
  if (led >= 52 && trump != kNoSuit) return blooper_lacking(led, card);
  const int led_suit = effective_suit(led, trump);
  return effective_suit(card, trump) == led_suit ? CardSet() : suit_cards(led_suit, trump);
}

inline void Policy::on_play(const tricks::TrickSoFar& t, Card card) {
  // A trump played off a non-trump lead breaks trumps, and so does a trump led from an all-trump
  // hand (BA-A6).
  if (!trumps().contains(card)) return;
  if (t.count == 0 || effective_suit(t.led(), trump) != trump) broken = true;
}

template <class Position>
int Policy::play_out(Position& p, Rng& rng) {
  int played = 0;
  // Card by card as the core plays them: the trick in progress, a hand without trumps (the
  // bloopers then follow no suit) and a trick led by a blooper (which forces a trump).
  const auto one_card = [&] {
    p.play(random_card(p.playable(p.to_play), rng));
    ++played;
  };
  while (!p.over && p.count != 0) one_card();
  if (p.policy.trump == kNoSuit) {
    while (!p.over) one_card();
    return played;
  }
  // Each card's key in a trick: 32 for a trump, 16 for the suit led, plus its rank; the
  // highest wins (trick_winner). Keys of the suit led or trumps differ, and the lead's is one of
  // them, so the winner is the maximum of key * 8 + seat (no branch to mispredict).
  const CardSet trumps = p.policy.trumps();
  const int seats = p.seats;
  while (!p.over) {
    const Seat leader = p.leader;
    const CardSet hand = p.hands[leader];
    const CardSet held = hand & trumps;
    // Rule 7: no trump lead before trumps are broken, unless the hand is all trumps (playable).
    const Card led =
        random_card(!p.policy.broken && !held.empty() && held != hand ? hand - held : hand, rng);
    if (led >= 52) {
      p.play(led);
      ++played;
      while (!p.over && p.count != 0) one_card();
      continue;
    }
    p.policy.broken |= trumps.contains(led);  // on_play: a trump led breaks trumps
    p.hands[leader].remove(led);
    p.played.add(led);
    p.trick[0] = led;
    const CardSet suit =
        CardSet::suit(suit_of(led)) | (suit_of(led) == p.policy.trump ? kBloopers : CardSet());
    const bool trump_led = suit_of(led) == p.policy.trump;
    int best = (32 * trump_led + 16 + rank_of(led)) * 8 + leader;
    Seat s = leader;
    for (int i = 1; i < seats; ++i) {
      s = s + 1 == seats ? 0 : s + 1;
      const CardSet h = p.hands[s];
      const CardSet follow = h & suit;
      const Card c = random_card(follow.empty() ? h : follow, rng);
      const bool trump = trumps.contains(c);
      p.policy.broken |= trump && !trump_led;  // on_play: a trump played off a plain lead
      p.hands[s].remove(c);
      p.played.add(c);
      p.trick[i] = c;
      best = std::max(best, (32 * trump + 16 * suit.contains(c) + effective_rank(c)) * 8 + s);
    }
    const int winner = best & 7;
    ++p.tricks_won[winner];
    ++p.trick_no;
    p.leader = p.to_play = static_cast<std::int8_t>(winner);
    p.over = p.trick_no == p.tricks;
    played += seats;
  }
  return played;
}

using TrickPlay = tricks::TrickPlay<Policy, kPlayers, kMaxHand>;

class Game : public GameWithConfig<Config, Game, State> {
 public:
  // validate_deal: Four hands of one size 1..13 and the whole undealt pack (54 - 4h cards, upcard
  // first, the bottom card last). A deal whose size does not fit the hand it falls on is not used
  // (that hand is shuffled; a public event says so).
  CARDROOM_GAME_CONTRACT("back_alley");
  int num_seats() const { return kPlayers; }
  Teams teams() const { return kTwoPartnerships; }
  CardNames card_names() const;
};

CardNames card_names();

// The calls of a hand and the contracts they make.
struct Auction {
  std::array<std::int8_t, kPlayers> bids{};    // -1 none, 0 pass, n
  std::array<std::int8_t, kPlayers> boards{};  // board multiple bid by the seat, 0 none
  std::array<Contract, 2> contracts{};
  bool operator==(const Auction&) const = default;
};

// One completed hand, kept for the score sheet and `replay --json`.
struct RoundRecord {
  int round = 0;  // 1-based hand number
  std::int8_t dealer = 0;
  std::int8_t hand_size = 0;
  Card upcard = kNoCard;  // a blooper: no trumps; else its suit is trump
  Auction auction;
  TrickPlay::History tricks;
  std::array<std::int8_t, 2> tricks_won{};
  std::array<int, 2> points{};
  bool operator==(const RoundRecord&) const = default;
};

class State : public MatchState<Config, RoundRecord>, public tricks::TrickAccess<State> {
 public:
  static constexpr int kMaxMoves = 14;  // pass, bids 1..12, board; or at most 13 cards
  enum class Phase : std::uint8_t { kBid, kPlay, kOver };

  CARDROOM_STATE_CONTRACT(State);
  // A random legal move, as core/game.h defines it: a playable card, or a call.
  Move random_move(Seat seat, Rng& rng) const {
    return phase_ == Phase::kPlay ? play_move(random_card(play_.playable(seat), rng))
                                  : random_call(rng);
  }
  // The round played out at random, as core/game.h defines it: the calls on a copy of the state,
  // then the card play on the trick position alone, scored by the contracts (rule 8).
  RoundOutcome random_round_outcome(Rng& rng) const;
  int num_seats() const { return kPlayers; }
  ActorMode mode() const { return ActorMode::kTurn; }
  bool over() const { return phase_ == Phase::kOver; }
  // A seat's running total is its team's: tricks and points are team property.
  int score(Seat seat) const { return scores_[seat % 2]; }
  int team_score(int team) const { return team == 0 || team == 1 ? scores_[team] : 0; }

  // Read access for players, tests and the UI.
  Phase phase() const { return phase_; }
  int hand_index() const { return round_; }  // 0-based, extra hands included
  int hand_size() const { return hand_size_; }
  Card upcard() const { return upcard_; }
  int trump() const { return trump_; }
  bool trumps_broken() const { return play_.policy().broken; }
  Seat joker_swapper() const { return swapper_; }  // -1: nobody swapped this hand
  const TrickPlay& trick_play() const { return play_; }
  int bid(Seat seat) const { return auction_.bids[seat]; }  // -1 none yet, 0 pass, else the number
  int board(Seat seat) const { return auction_.boards[seat]; }
  int next_board() const;  // the multiple a board bid would be now
  Contract contract(int team) const { return auction_.contracts[team]; }
  int team_tricks(int team) const { return play_.tricks_won(team) + play_.tricks_won(team + 2); }
  CardSet out_of_play() const { return out_; }  // the upcard and a discarded joker
  CardSet undealt() const { return pack_; }
  // Cards everyone knows `seat` does not hold (voids, forced blooper answers).
  CardSet excluded(Seat seat) const { return play_.excluded(seat); }
  Seat to_act() const { return phase_ == Phase::kPlay ? play_.to_play() : to_act_; }
  Seat opening_leader() const;
  // The card play for the double-dummy solver (bots/trick_solver.h): the two partnerships, each
  // scored by its contract and team total (rule 8).
  std::optional<tricks::SolverTask<Policy, kPlayers>> solver_task() const;
  // The hand's decisions (core/game.h, RoundReplay). `start`: the hand at its first call, after
  // the deal, the upcard and the joker swap (no decision: rule 4, BA-A2), every hand as it was
  // then (the cards played back in it); then the calls and the cards played. After an all-pass
  // redeal, the hand dealt again.
  std::optional<RoundReplay<State>> round_replay() const;

 private:
  void start_hand(const ApplyContext* ctx);
  void finish_hand(const ApplyContext* ctx);
  Status apply_call(Seat seat, int bid, int board, const ApplyContext* ctx);
  Move random_call(Rng& rng) const;  // random_move in the bidding

  Phase phase_ = Phase::kBid;
  std::int8_t to_act_ = 0;
  std::int8_t hand_size_ = 0;
  std::int8_t calls_ = 0;
  std::int8_t swapper_ = -1;
  std::uint8_t trump_ = kNoSuit;
  Card upcard_ = kNoCard;
  CardSet pack_;    // undealt, face down: unknown to everyone
  CardSet out_;     // face up and out of play: the upcard, a discarded joker
  TrickPlay play_;  // hands, tricks, what each seat showed it lacks
  Auction auction_;
  std::array<int, 2> scores_{};
};

}  // namespace cardroom::back_alley
