// Bridge Solitaire: one player against the house (the stock), contract bridge with rubber scoring.
//
// Rules: ../shared/rules/seeds/002_d88490290ee4893b.txt ("Bridge Solitaire") and RULINGS.md
// section 10; our words, options and decisions: docs/games/bridge_solitaire.md (also `cardroom
// rules bridge_solitaire`).
//
// Rulings applied: BS-A1 (the house bid counts winners against every card not in the player's
// hand; option winners_against), A2 (the counting algorithm), A3 (shortest-suit ties go to the
// higher suit; option short_tie), A4 (house bids 1 to 6), A5 (the joker rules of play override
// "cannot win or lose"), A6 (a joker lead loses to the house's top stock card), A7 (the last stock
// card is the house's play, valid or not), A8 (honours only in the player's hand), A9 (jokers
// double or redouble any final contract), A10 (the unfinished-rubber bonuses, when a rubber is cut
// off: option max_hands), A11 (invalid turned cards leave play face up), A12 (the player chooses
// the top card of the discard pile), A13 (the house never bids no trump).
//
// Deck: 52 standard cards and two jokers, J1 = 52 and J2 = 53 (card_names()).
//
// Seats: the player is seat 0, the only seat. In the trick-play core the house is seat 1: its
// "hand" is the card it is about to play, turned from the stock by the game, never chosen.
//
// Move encoding (Move::code): kind in bits 56..63, payload below.
//   kind 1  keep C      payload the card id   keep a face-up card (6 in all; jokers must be kept)
//   kind 2  discard C   payload the card id   the card laid on top of the discard pile
//   kind 3  bid B       payload bridge::Bid::rank() (1C = 5 .. 7NT = 39)   text "bid 2S"
//   kind 4  pass        no payload            let the house's bid stand and defend
//   kind 5  play C      payload the card id
// Legal moves are sorted by code.
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

namespace cardroom::bridge_solitaire {

class State;

inline constexpr Card kJoker1 = 52, kJoker2 = 53;
inline constexpr CardSet kJokers = CardSet((std::uint64_t{1} << 52) | (std::uint64_t{1} << 53));
inline constexpr CardSet kDeck = CardSet::standard_deck() | kJokers;
inline constexpr int kDeckSize = 54, kFaceDown = 7, kFaceUp = 13, kKeep = 6, kHand = 13,
                     kStockSize = kDeckSize - kFaceDown - kFaceUp;  // 34
inline constexpr int kNoTrumpTurns = 4;         // the most stock cards turned to a no-trump lead
inline constexpr Seat kPlayer = 0, kHouse = 1;  // seats of the trick play; sides WE and THEY
CardNames card_names();
constexpr bool is_joker(Card c) { return c == kJoker1 || c == kJoker2; }

enum MoveKind : std::uint8_t {
  kKeepMove = 1,
  kDiscardMove = 2,
  kBidMove = 3,
  kPassMove = 4,
  kPlayMove = 5
};
constexpr Move keep_move(Card c) { return make_move(kKeepMove, c); }
constexpr Move discard_move(Card c) { return make_move(kDiscardMove, c); }
constexpr Move bid_move(bridge::Bid b) { return make_move(kBidMove, std::uint64_t(b.rank())); }
constexpr Move pass_move() { return make_move(kPassMove); }
constexpr Move play_move(Card c) { return make_move(kPlayMove, c); }

// BS-A1: the cards the player's winning tricks are counted against.
enum class WinnersAgainst : std::uint8_t {
  kAll,          // "all" (ruling): every card not in the player's hand, the discards too
  kUndiscarded,  // "undiscarded": the discard pile does not count
};
// BS-A3: which of two equally short suits the house bids.
enum class ShortTie : std::uint8_t { kHigher, kLower };

struct Config {
  WinnersAgainst winners_against = WinnersAgainst::kAll;
  ShortTie short_tie = ShortTie::kHigher;
  int max_hands = 0;  // 0: the rubber is played out; N: cut off after N hands (BS-A10)
  CARDROOM_CONFIG(Config);
};

// Rule 3 / BS-A2: the player's winning tricks in each suit (engine suit order S H D C) against
// `outside`, the cards counted as the house's.
std::array<int, kSuits> winning_tricks(CardSet hand, CardSet outside);
// Rule 3 / BS-A3: the suit the player holds fewest cards of (jokers not counted).
int shortest_suit(CardSet hand, ShortTie tie);
// Rule 3: the house's bid for `hand` (nullopt: the house passes).
std::optional<bridge::Bid> house_bid(CardSet hand, CardSet outside, ShortTie tie);
// Rule 4: the distributions that allow the player a no-trump bid (4-3-3-3, 3-3-3-3 + one joker,
// 3-3-3-2 + two jokers).
bool no_trump_allowed(CardSet hand);
// Rule 5 / BS-A9: the doubling the player's jokers give the contract.
bridge::Doubling joker_doubling(CardSet hand);

// The play's rules for the trick-play core. The player follows suit when able (a joker counts as
// not following), else plays anything, a joker included; after a joker lead anything goes. A
// trick with a joker goes to the house, except a joker answering the house's joker lead. Once the
// stock is out the round is decided (rule 7).
struct Policy : tricks::PlainTrumps {
  bool stock_out = false;

  CardSet playable(CardSet hand, const tricks::TrickSoFar& t) const {
    if (t.count == 0 || is_joker(t.led())) return hand;
    const CardSet follow = hand.in_suit(suit_of(t.led()));
    return follow.empty() ? hand : follow;
  }
  CardSet shown_lacking(const tricks::TrickSoFar& t, Card card) const {
    if (t.count == 0 || is_joker(t.led())) return CardSet();
    const CardSet led_suit = CardSet::suit_with(t.led());
    return led_suit.contains(card) ? CardSet() : led_suit;
  }
  int winner(const tricks::TrickSoFar& t) const;
  template <class Position>
  bool decided(const Position&) const {
    return stock_out;
  }
  bool operator==(const Policy&) const = default;
};
using TrickPlay = tricks::TrickPlay<Policy, 2, kHand>;

// Rule 6: the index in `stock` of the card the house plays, stock[next..size) being the cards
// still in the stock, top first. The top card when the house leads (`led` kNoCard) or answers a
// joker; on the player's lead the first valid card turned (the suit led, a trump, a joker), at
// most four turned in no trump, the last stock card whatever it is. The cards turned before it
// leave play.
int house_card(const Card* stock, int next, int size, Card led, int trump);

// The play as the double-dummy solver searches it (State::solver_task, bots/trick_solver.h), with
// the stock's order known. The house is a seat whose play is forced: the card house_card finds.
// Its hand holds the stock cards not yet turned and the cards turned and left out of play this
// hand: once the stock is out (rule 7) the play goes on to the 13th trick instead of stopping,
// the player leading or answering with its lowest card and winning every trick while the house
// gives up cards out of play, so that the player's trick total counts the cards left in its hand.
struct SolverPolicy : Policy {
  std::array<Card, kStockSize> stock{};  // the whole stock, top first
  std::int8_t next = 0;                  // the index of the next card to turn
  bool counting = false;  // the stock ran out before this trick: the trick is the player's

  // Who plays the next card of `t` (two seats: the leader, then the other).
  static Seat seat_to_play(const tricks::TrickSoFar& t) {
    return t.count == 0 ? t.leader : 1 - t.leader;
  }
  CardSet playable(CardSet hand, const tricks::TrickSoFar& t) const {
    if (t.count == 0 ? stock_out : counting) return CardSet::of(hand.lowest());
    if (seat_to_play(t) == kPlayer) return Policy::playable(hand, t);
    return CardSet::of(
        stock[house_card(stock.data(), next, kStockSize, t.count == 0 ? kNoCard : t.led(), trump)]);
  }
  void on_play(const tricks::TrickSoFar& t, [[maybe_unused]] Card card) {
    if (t.count == 0) counting = stock_out;
    if (counting || seat_to_play(t) != kHouse) return;
    next = static_cast<std::int8_t>(
        house_card(stock.data(), next, kStockSize, t.count == 0 ? kNoCard : t.led(), trump) + 1);
    CARDROOM_ASSERT(stock[next - 1] == card, "the house plays the card the stock gives it");
    if (next == kStockSize) stock_out = true;
  }
  int winner(const tricks::TrickSoFar& t) const {
    if (counting) return t.leader == kPlayer ? 0 : 1;
    return Policy::winner(t);
  }
  template <class Position>
  bool decided(const Position&) const {
    return false;
  }
  bool operator==(const SolverPolicy&) const = default;
};

class Game : public GameWithConfig<Config, Game, State> {
 public:
  // validate_deal: hands[0] the 13 face-up cards, piles["face_down"][0] the 7 face-down cards,
  // the pack the 34 stock cards top first; 54 distinct cards of the deck.
  CARDROOM_GAME_CONTRACT("bridge_solitaire");
  static constexpr bool kAgainstHouse = true;
  int num_seats() const { return 1; }
  CardNames card_names() const;
};

// One completed hand, for the score sheet and `replay --json`.
struct RoundRecord {
  int round = 0;  // 1-based
  CardSet face_up, kept, face_down, discards, turned;
  Card discard_top = kNoCard;
  std::optional<bridge::Bid> house_bid, call;  // call: the player's bid (none: pass)
  bridge::Contract contract;
  CardSet hand;                   // the player's 13 cards before play
  std::int8_t tricks = 0;         // tricks played out
  std::int8_t player_tricks = 0;  // won, with the cards left when the stock ran out
  std::int16_t honours = 0;       // 0, 100 or 150, to the player
  TrickPlay::History history;
  bridge::HandLines lines;
  std::array<std::int32_t, 2> totals{};  // WE, THEY after the hand
  std::array<std::int8_t, 2> games{};
  bool unfinished = false;  // the rubber was cut off after this hand
  bool operator==(const RoundRecord&) const = default;
};

class State : public MatchState<Config, RoundRecord>, public tricks::TrickAccess<State> {
 public:
  static constexpr int kMaxMoves = 36;  // 35 bids and pass
  enum class Phase : std::uint8_t { kKeep, kDiscard, kCall, kPlay, kOver };

  CARDROOM_STATE_CONTRACT(State);
  // A random legal move, as core/game.h defines it: in the card play, a playable card.
  Move random_move(Seat seat, Rng& rng) const {
    return phase_ == Phase::kPlay ? play_move(random_card(play_.playable(kPlayer), rng))
                                  : random_listed_move(*this, seat, rng);
  }
  int num_seats() const { return 1; }
  ActorMode mode() const { return ActorMode::kTurn; }
  bool over() const { return phase_ == Phase::kOver; }
  // The rubber's result for the player: WE's points less THEY's (the house's).
  int score(Seat seat) const { return seat == kPlayer ? rubber_.total(0) - rubber_.total(1) : 0; }
  int team_score(int team) const { return score(team); }

  // Read access for players, tests and the UI.
  Phase phase() const { return phase_; }
  const TrickPlay& trick_play() const { return play_; }
  const bridge::Rubber& rubber() const { return rubber_; }
  CardSet face_up() const { return face_up_; }  // still on the table, not kept
  CardSet kept() const { return kept_; }
  CardSet discards() const { return discards_; }
  Card discard_top() const { return discard_top_; }
  CardSet turned() const { return turned_; }  // invalid stock cards turned this hand
  int stock_left() const { return kStockSize - stock_next_; }
  std::optional<bridge::Bid> house_bid() const { return house_bid_; }
  const bridge::Contract& contract() const { return contract_; }  // in play
  // Cards the house may still hold: every card not seen by the player (for players' estimates).
  CardSet unseen() const;
  // The tricks the player has won in the hand so far.
  int player_tricks() const { return play_.tricks_won(kPlayer); }
  // The card play for the double-dummy solver (bots/trick_solver.h): the player (side 0) against
  // the house (side 1), whose cards come in the stock's order (SolverPolicy); a side's score is
  // what the hand adds to its rubber result (WE less THEY, the house's the opposite) for its
  // trick total, the cards left when the stock runs out counted as the player's tricks.
  std::optional<tricks::SolverTask<SolverPolicy, 2>> solver_task() const;
  // The hand's decisions (core/game.h, RoundReplay) from its first card: the cards the player
  // played (the house's come from the stock again). Nullopt before the play and once the rubber
  // is over.
  std::optional<RoundReplay<State>> round_replay() const;

 private:
  void start_hand(const ApplyContext* ctx);
  void reveal(const ApplyContext* ctx);
  void begin_play(const ApplyContext* ctx);
  void house_plays(const ApplyContext* ctx);
  void play_card(Seat side, Card card, const ApplyContext* ctx);
  void finish_hand(const ApplyContext* ctx);
  // Scores this hand on `rubber` as if the player ends it with `player_tricks` tricks: the
  // hand's lines and, when the rubber is cut off after it (BS-A10), the unfinished-rubber bonuses
  // (then `*unfinished` is set).
  bridge::HandLines score_hand_on(bridge::Rubber& rubber, int player_tricks,
                                  bool* unfinished) const;
  Status apply_call(std::optional<bridge::Bid> bid, const ApplyContext* ctx);
  CardSet outside_for_bid() const;

  Phase phase_ = Phase::kKeep;
  CardSet face_up_, kept_, face_down_, discards_, turned_;
  Card discard_top_ = kNoCard;
  std::array<Card, kStockSize> stock_{};  // top first from stock_next_
  std::int8_t stock_next_ = 0;
  std::optional<bridge::Bid> house_bid_, call_;
  bridge::Contract contract_;
  CardSet hand_at_start_;
  TrickPlay play_;
  bridge::Rubber rubber_;
};

}  // namespace cardroom::bridge_solitaire
