// Bridgette: Kansil's two-player bridge with a 55-card deck (the Grand, Royal and Little Colons),
// an exchange from the stock, a bridge auction from 0NT and a flat six-deal score table.
//
// Rules: ../shared/rules/seeds/002_d88490290ee4893b.txt (section "Bridgette") and RULINGS.md
// section 8; our words, options and decisions: docs/games/bridgette.md (`cardroom rules
// bridgette`).
//
// Rulings applied: BRG-A1 (the upcard stays on the stock and is the non-dealer's first card;
// option upcard), A2 (discards face down, non-dealer first, colons may be discarded), A3 (a jump
// is a level above the lowest that overcalls; NT jumps need only the NT rule; option nt_jumps),
// A4 (colons never count for lengths), A5 (double and redouble), A6 (re-entry after a pass), A7
// (the dealer always can open, so must), A8 (an in-range colon may answer a lead the hand could
// follow; option colon_when_following), A9 (the lead restriction lapses when nothing else can be
// led; a colon lead satisfies it), A10 (colon on colon only from a hand of colons), A11 (doubling
// adds only the bonuses), A12 (tie-break hands until untied), A14 (the seed's table as data).
//
// Seats: 0 and 1; the deal alternates. Cards: standard ids 0..51, the colons GC = 52 (range:
// aces), RC = 53 (J Q K), LC = 54 (2..10), named by card_names().
//
// The contract-bridge parts (strains, bids, the auction, contracts) are games/common/bridge.h.
// Trick play: games/common/trick_play.h with bridgette::Policy (the colons).
//
// Move encoding (Move::code): kind in bits 56..63, payload below.
//   kind 1  bid B       payload the bid's rank (bridge::Bid::rank: 0NT = 4 .. 7NT = 39)
//                       text "bid 2S", "bid 0NT", "bid 3NT"
//   kind 2  pass        payload 0                        text "pass"
//   kind 3  double      payload 0                        text "double"
//   kind 4  redouble    payload 0                        text "redouble"
//   kind 5  discard C   payload the card id              text "discard 7H", "discard LC"
//   kind 6  play C      payload the card id              text "play 7H", "play GC"
// Legal moves are sorted by code: bids from the lowest, then pass, double, redouble; discards and
// plays by card id.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/match_state.h"
#include "core/move_text.h"
#include "games/common/bridge.h"
#include "games/common/trick_play.h"

namespace cardroom::bridgette {

class State;

inline constexpr int kPlayers = 2, kHand = 13, kHands = 6, kDeckSize = 55, kMaxDraw = 12;
inline constexpr Card kGrandColon = 52, kRoyalColon = 53, kLittleColon = 54;
inline constexpr CardSet kColons = CardSet(std::uint64_t{7} << 52);
inline constexpr CardSet kDeck = CardSet((std::uint64_t{1} << kDeckSize) - 1);
inline constexpr CardSet kStandard = CardSet::standard_deck();

enum MoveKind : std::uint8_t {
  kBidMove = 1,
  kPassMove = 2,
  kDoubleMove = 3,
  kRedoubleMove = 4,
  kDiscardMove = 5,
  kPlayMove = 6,
};
constexpr Move bid_move(bridge::Bid b) { return make_move(kBidMove, std::uint64_t(b.rank())); }
constexpr Move pass_move() { return make_move(kPassMove); }
constexpr Move double_move() { return make_move(kDoubleMove); }
constexpr Move redouble_move() { return make_move(kRedoubleMove); }
constexpr Move discard_move(Card c) { return make_move(kDiscardMove, c); }
constexpr Move play_move(Card c) { return make_move(kPlayMove, c); }
// The move notation, for move_text (bids are written by bridge::bid_text).
inline constexpr MoveForm kMoveForms[] = {{kPassMove, "pass", MoveArg::kNone},
                                          {kDoubleMove, "double", MoveArg::kNone},
                                          {kRedoubleMove, "redouble", MoveArg::kNone},
                                          {kDiscardMove, "discard", MoveArg::kCard},
                                          {kPlayMove, "play", MoveArg::kCard}};

CardNames card_names();

// BRG-A1: where the upcard goes.
enum class Upcard : std::uint8_t {
  kStays,     // "stays" (ruling): it stays on the stock; the non-dealer's two cards start with it
  kSetAside,  // "set_aside": set aside face up, out of play; the non-dealer draws the two below
};
// BRG-A3: jump bids in no trump.
enum class NtJumps : std::uint8_t {
  kAllowed,    // "allowed" (ruling): an NT jump needs only the NT rule
  kForbidden,  // "forbidden": no jump in no trump
};

struct Config {
  Upcard upcard = Upcard::kStays;
  NtJumps nt_jumps = NtJumps::kAllowed;
  bool colon_when_following = true;  // BRG-A8 (ruling): an in-range colon even when able to follow
  CARDROOM_CONFIG(Config);
};

// ---- Rules tables ---------------------------------------------------------------------------

// Rule 4: the dealer draws 4 (upcard 2..10 or LC), 8 (J Q K or RC) or 12 (A or GC).
int dealer_draw(Card upcard);
// The colon whose range holds the rank of the standard card `c` (rule 1): GC for an ace, RC for a
// court card, LC for 2..10.
constexpr Card covering_colon(Card c) {
  const int r = rank_of(c);
  return r == kAce ? kGrandColon : r >= kJack ? kRoyalColon : kLittleColon;
}
// Rule 5: why `hand` may not make `bid` over `current` (nullopt: no bid yet), or nullptr. Suit
// bids need 2 cards of the suit, NT bids a card of each suit, a jump in a suit 4 cards (and none
// at all in NT with NtJumps::kForbidden). Colons never count (BRG-A4).
const char* why_not_bid_by_hand(CardSet hand, bridge::Bid bid, std::optional<bridge::Bid> current,
                                NtJumps nt_jumps);

// Rule 9: what a hand scores, as lines.
enum class LineKind : std::uint8_t { kContract, kExacto, kTrifecta, kDoubled, kRedoubled, kSet };
std::string_view line_kind_text(LineKind k);  // "contract", "exacto", ..., "set"
struct ScoreLine {
  std::int8_t seat = 0;
  LineKind kind = LineKind::kContract;
  std::int32_t points = 0;
  bool operator==(const ScoreLine&) const = default;
};
struct HandScore {
  std::array<ScoreLine, 5> lines{};
  std::int8_t count = 0;
  int total(int seat) const;
  bool operator==(const HandScore&) const = default;
};
// The base value of a made contract (the flat table).
int made_base(bridge::Bid bid);
// The defender's points for a set `down` tricks.
int set_points(bridge::Doubling d, int down);
// The lines of a hand: `contract.declarer` took `taken` tricks of 13.
HandScore score_hand(const bridge::Contract& contract, int taken);

// ---- Trick play -----------------------------------------------------------------------------

// Bridgette's trick rules (rule 7, 8): follow suit; the colons as ruled; after an in-range colon
// response the leader (who won) may not lead the suit just led while it holds another suit or a
// colon.
struct Policy : tricks::FollowSuit {
  std::uint8_t trump = kNoSuit;
  std::uint8_t barred = kNoSuit;     // the suit the next lead may not be
  bool colon_when_following = true;  // BRG-A8

  CardSet playable(CardSet hand, const tricks::TrickSoFar& t) const {
    if (t.count == 0) {
      if (barred == kNoSuit) return hand;
      const CardSet other = hand - CardSet::suit(barred);
      return other.empty() ? hand : other;
    }
    const Card led = t.cards[0];
    if (led >= 52) {  // a colon led: any card, but a colon only from a hand of colons
      const CardSet plain = hand - kColons;
      return plain.empty() ? hand : plain;
    }
    const CardSet in_range = hand & CardSet::of(covering_colon(led));
    const CardSet follow = hand & CardSet::suit_with(led);
    CardSet out;
    if (!follow.empty())
      out = colon_when_following ? follow | in_range : follow;
    else
      out = (hand - kColons) | in_range;
    return out.empty() ? hand : out;  // nothing but out-of-range colons: one is played, and loses
  }
  const char* why_not(CardSet hand, const tricks::TrickSoFar& t, Card card) const;
  CardSet shown_lacking(const tricks::TrickSoFar& t, Card card) const {
    if (t.count == 0)  // a lead of the barred suit shows nothing else was held
      return barred != kNoSuit && card < 52 && suit_of(card) == barred
                 ? kDeck - CardSet::suit(barred)
                 : CardSet();
    const Card led = t.cards[0];
    if (led >= 52) return card >= 52 ? kStandard : CardSet();
    if (card < 52) return suit_of(card) == suit_of(led) ? CardSet() : CardSet::suit_with(led);
    if (card != covering_colon(led))  // out of range: the hand held only such colons
      return kDeck - (kColons - CardSet::of(covering_colon(led)));
    return colon_when_following ? CardSet() : CardSet::suit_with(led);
  }
  void on_play(const tricks::TrickSoFar& t, Card card) {
    if (t.count == 0)
      barred = kNoSuit;
    else if (t.cards[0] < 52 && card == covering_colon(t.cards[0]))
      barred = static_cast<std::uint8_t>(suit_of(t.cards[0]));
  }
  int winner(const tricks::TrickSoFar& t) const {
    const Card lead = t.cards[0], answer = t.cards[1];
    if (answer >= 52) return 0;  // a colon answer loses (also to a colon lead)
    if (lead >= 52)              // a colon lead loses to a trump or a card of its range
      return suit_of(answer) == trump || covering_colon(answer) == lead ? 1 : 0;
    return tricks::trick_winner(t.cards, 2, trump);
  }
  bool operator==(const Policy&) const = default;
};

using TrickPlay = tricks::TrickPlay<Policy, kPlayers, kHand>;

class Game : public GameWithConfig<Config, Game, State> {
 public:
  // validate_deal: two hands of 13 and the whole stock (29 cards, the upcard first, then the
  // order the cards are drawn in); every card of the 55 once.
  CARDROOM_GAME_CONTRACT("bridgette");
  int num_seats() const { return kPlayers; }
  CardNames card_names() const;
};

// The calls of an auction in order, for views and records: a bid's rank, or one of the calls.
inline constexpr std::uint8_t kCallPass = 100, kCallDouble = 101, kCallRedouble = 102;
struct CallLog {
  static constexpr int kMax = 112;  // 36 bids, each followed by at most two other calls
  std::array<std::uint8_t, kMax> calls{};
  std::uint8_t count = 0;
  void add(std::uint8_t call) {
    if (count < kMax) calls[count++] = call;
  }
  bool operator==(const CallLog&) const = default;
};
// "2S" ("2♠" with `symbols`), "pass", "double", "redouble".
std::string call_text(std::uint8_t call, bool symbols = false);

// One completed hand, kept for the score sheet and `replay --json`.
struct RoundRecord {
  int round = 0;  // 1-based hand number
  std::int8_t dealer = 0;
  Card upcard = kNoCard;
  std::int8_t draw = 0;
  std::array<CardSet, kPlayers> discards{};  // private: each seat sees its own
  CallLog auction;
  bridge::Contract contract;
  std::int8_t declarer_tricks = 0;
  HandScore score;
  std::array<int, kPlayers> points{};
  TrickPlay::History tricks;
  bool operator==(const RoundRecord&) const = default;
};

class State : public MatchState<Config, RoundRecord>, public tricks::TrickAccess<State> {
 public:
  // 36 bids, pass and double; 25 cards to discard from; 13 to play.
  static constexpr int kMaxMoves = 38;
  enum class Phase : std::uint8_t { kDiscard, kBid, kPlay, kOver };

  CARDROOM_STATE_CONTRACT(State);
  // A random legal move, as core/game.h defines it: in the card play, a playable card.
  Move random_move(Seat seat, Rng& rng) const {
    return phase_ == Phase::kPlay ? play_move(random_card(play_.playable(seat), rng))
                                  : random_listed_move(*this, seat, rng);
  }
  int num_seats() const { return kPlayers; }
  ActorMode mode() const { return ActorMode::kTurn; }
  bool over() const { return phase_ == Phase::kOver; }
  int score(Seat seat) const { return seat == 0 || seat == 1 ? scores_[seat] : 0; }
  int team_score(int team) const { return score(team); }

  // Read access for players, tests and the UI.
  Phase phase() const { return phase_; }
  Seat to_act() const { return phase_ == Phase::kPlay ? play_.to_play() : to_act_; }
  Seat non_dealer() const { return dealer_ ^ 1; }
  Card upcard() const { return upcard_; }
  int draw() const { return draw_; }  // the dealer's draw this hand
  CardSet discards(Seat s) const { return discards_[s]; }
  int to_discard(Seat s) const { return to_discard_[s]; }
  CardSet stock() const { return stock_; }
  CardSet set_aside() const { return aside_; }
  const bridge::Auction& auction() const { return auction_; }
  const CallLog& calls() const { return log_; }
  // The contract once the auction is over (declarer a seat).
  bridge::Contract contract() const { return auction_.contract(); }
  int trump() const { return play_.policy().trump; }
  const TrickPlay& trick_play() const { return play_; }
  CardSet excluded(Seat s) const { return play_.excluded(s); }
  // Why `seat`'s hand may not bid `bid` now (the auction's order and the length rules).
  const char* why_not_bid(Seat seat, bridge::Bid bid) const;
  // The card play for the double-dummy solver (bots/trick_solver.h): declarer against defender,
  // each scored by the hand's lines (rule 9) for its trick total.
  std::optional<tricks::SolverTask<Policy, kPlayers>> solver_task() const;
  // The hand's decisions (core/game.h, RoundReplay) from its first card: the cards played.
  // Nullopt before the play and once the match is over.
  std::optional<RoundReplay<State>> round_replay() const;

 private:
  void start_hand(const ApplyContext* ctx);
  void start_auction(const ApplyContext* ctx);
  void finish_hand(const ApplyContext* ctx);
  Status apply_discard(Seat seat, std::uint64_t payload, const ApplyContext* ctx);
  Status apply_call(Seat seat, int kind, std::uint64_t payload, const ApplyContext* ctx);
  void begin_play(const ApplyContext* ctx);

  Phase phase_ = Phase::kDiscard;
  std::int8_t to_act_ = 0;
  std::int8_t draw_ = 0;
  std::array<std::int8_t, kPlayers> to_discard_{};
  Card upcard_ = kNoCard;
  CardSet stock_;  // face down, unknown to everyone
  CardSet aside_;  // the upcard set aside face up (Upcard::kSetAside)
  std::array<CardSet, kPlayers> discards_{};
  TrickPlay play_;
  bridge::Auction auction_;
  CallLog log_;
  std::array<int, kPlayers> scores_{};
};

}  // namespace cardroom::bridgette
