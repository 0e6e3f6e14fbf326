// Red Rover: a Brisbane Cards house game for 3 players with 36 cards: three centre packets, a
// first auction of five "rover" contracts (the declarer against two temporary allies), and when
// all pass a second auction of marriage bids after the packets are picked up; the marriage game
// scores kings and queens captured together in tricks.
//
// Rules: ../shared/rules/seeds/003_3e80ae34d82c1e8c.txt and RULINGS.md section 2; our words,
// options and decisions: docs/games/red_rover.md (also `cardroom rules red_rover`).
//
// Rulings applied: RR-A1 (red suits reversed everywhere; option red_order), A2 (the 6D belongs
// only to the trump suit), A3/A4 (no trumps: the 6D has no suit, wins any trick, is led with a
// named suit and joins another's trick only when void), A5 (both auctions let rearhand speak),
// A6 (last player overcalled = the next-highest other bidder; rover compensation an award, option
// rover_compensation; marriage failure a 5-point transfer), A7 (any card may be called), A8 (the
// declarer must win each of tricks 1-6; play stops once the result is certain), A9 (Bull Rush win
// or lose 30), A10 (unchosen packets are out of play), A11 (second-bid packets before the bid),
// A12 (marriage in tricks: K and Q of a suit in one won pile), A13 (most tricks only if unique;
// option most_tricks_tie), A14 (bare marriage by rule-4 suits), A15 (declarations optional,
// checked), A16/A17 (declarer's marriage scoring), A18 (deal clockwise), A19 (compensation and the
// defenders' variant both apply; option compensation_with_defenders_score), A20 (against
// contracts with a turned-up 6D: P3 barred, or forbidden by option), A21 (a bidder may raise).
//
// Deck: 6..A of each suit (36 standard card ids). Seats 0..2; forehand = dealer + 1.
//
// Trick play: games/common/trick_play.h with red_rover::Policy (the reversed red suits, the 6D in
// trump and no-trump contracts, the suit named with a no-trump 6D lead, a called card's lead, and
// the early end of rover contracts).
//
// Move encoding (Move::code): kind in bits 56..63, payload below.
//   kind 1   pass                 payload 0            "pass" (either auction; no declaration)
//   kind 2   rover contract       payload 1..5         "bid rover", "bid rover-hand",
//                                                      "bid rover-against",
//                                                      "bid rover-hand-against", "bid bull-rush"
//   kind 3   marriage bid         payload 4 * n + suit "bid 2H" (n = 1..4 marriages, the trump)
//   kind 4   take a packet        payload 1..3         "take 2"
//   kind 5   discard              payload the card id  "discard 7H"
//   kind 6   trump announcement   payload the suit     "trump S"
//   kind 7   no trumps            payload 0            "notrump"
//   kind 8   call a card's suit   payload the suit     "call S"  (then its rank: one pick each)
//   kind 14  call a card's rank   payload the rank     "call A"
//   kind 9   Bull Rush leader     payload the seat     "leader 2"
//   kind 10  declare the 6D       payload 0            "declare 6D"
//   kind 11  declare a marriage   payload the suit     "declare marriage H"
//   kind 12  play a card          payload the card id  "play TD"
//   kind 13  name a suit          payload the suit     "name H" (after leading the 6D in NT)
// Legal moves are sorted by code.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/match_state.h"
#include "core/move_text.h"
#include "games/common/trick_play.h"

namespace cardroom::red_rover {

class State;

inline constexpr int kPlayers = 3, kDealt = 9, kPacket = 3, kPackets = 3, kMaxHand = 12,
                     kDeckSize = 36;
// 6..A of each suit: rank indices 4..12.
inline constexpr CardSet kDeck = CardSet(std::uint64_t{0x1FF0} | std::uint64_t{0x1FF0} << 13 |
                                         std::uint64_t{0x1FF0} << 26 | std::uint64_t{0x1FF0} << 39);
inline constexpr Card kRedRover = make_card(kDiamonds, kSix);  // the 6D

enum MoveKind : std::uint8_t {
  kPassMove = 1,
  kContractMove = 2,
  kMarriageBidMove = 3,
  kTakeMove = 4,
  kDiscardMove = 5,
  kTrumpMove = 6,
  kNoTrumpMove = 7,
  kCallMove = 8,
  kLeaderMove = 9,
  kDeclareSixMove = 10,
  kDeclareMarriageMove = 11,
  kPlayMove = 12,
  kNameMove = 13,
  kCallRankMove = 14,
};

// The contracts: the five rover contracts of the first auction (in ascending order), the declared
// marriage game and the all-pass marriage game.
enum Contract : std::uint8_t {
  kNoContract = 0,
  kRover = 1,
  kRoverHand = 2,
  kRoverAgainst = 3,
  kRoverHandAgainst = 4,
  kBullRush = 5,
  kMarriageGame = 6,
  kAllPassGame = 7,
};
// The value of a rover contract (10, 12, 20, 22, 30); 0 for the others.
int contract_value(int contract);
// "rover", "rover-hand", ..., "marriage", "all-pass".
const char* contract_name(int contract);
// Whether the contract is one of the three "against" contracts (the declarer lacks the 6D).
constexpr bool is_against(int c) { return c >= kRoverAgainst && c <= kBullRush; }
constexpr bool is_rover(int c) { return c >= kRover && c <= kBullRush; }

constexpr Move pass_move() { return make_move(kPassMove); }
constexpr Move contract_move(int c) { return make_move(kContractMove, std::uint64_t(c)); }
constexpr Move marriage_bid_move(int n, int suit) {
  return make_move(kMarriageBidMove, std::uint64_t(4 * n + suit));
}
constexpr Move take_move(int packet) { return make_move(kTakeMove, std::uint64_t(packet)); }
constexpr Move discard_move(Card c) { return make_move(kDiscardMove, c); }
constexpr Move trump_move(int suit) { return make_move(kTrumpMove, std::uint64_t(suit)); }
constexpr Move notrump_move() { return make_move(kNoTrumpMove); }
constexpr Move call_suit_move(int suit) { return make_move(kCallMove, std::uint64_t(suit)); }
constexpr Move call_rank_move(int rank) { return make_move(kCallRankMove, std::uint64_t(rank)); }
constexpr Move leader_move(Seat s) { return make_move(kLeaderMove, std::uint64_t(s)); }
constexpr Move declare_six_move() { return make_move(kDeclareSixMove); }
constexpr Move declare_marriage_move(int suit) {
  return make_move(kDeclareMarriageMove, std::uint64_t(suit));
}
constexpr Move play_move(Card c) { return make_move(kPlayMove, c); }
constexpr Move name_move(int suit) { return make_move(kNameMove, std::uint64_t(suit)); }

// RR-A1: the order of the red suits.
enum class RedOrder : std::uint8_t {
  kReversed,  // "reversed" (ruling): 6H high .. AH low, 7D high .. AD low
  kNormal,    // "normal": A high .. 6 low, like the black suits
};
// RR-A6: how a failed rover contract compensates the last player overcalled.
enum class RoverCompensation : std::uint8_t {
  kAward,     // "award" (ruling): half their own bid, on top; the declarer loses exactly V
  kTransfer,  // "transfer": the same half is also deducted from the declarer
  kNone,      // "none": no compensation
};
// RR-A13: "most tricks" when the top is tied.
enum class MostTricksTie : std::uint8_t {
  kNobody,   // "nobody" (ruling): no +4 on a tie
  kAllTied,  // "all_tied": every tied player scores +4
};
// RR-A20: the against contracts when the 6D is the turn-up.
enum class AgainstTurnedSix : std::uint8_t {
  kPacketBarred,  // "packet_barred" (base rules): allowed, but packet 3 may not be taken
  kForbidden,     // "forbidden" (the seed's variant): no against contract may be bid
};

struct Config {
  int deals = 12;  // a multiple of 3
  RedOrder red_order = RedOrder::kReversed;
  RoverCompensation rover_compensation = RoverCompensation::kAward;
  bool defenders_score_failed_rover = false;      // seed variant "Scoring in 'rover' contracts"
  bool compensation_with_defenders_score = true;  // RR-A19
  bool declared_most_tricks = true;  // false: seed variant, no most/no tricks in a declared game
  MostTricksTie most_tricks_tie = MostTricksTie::kNobody;
  AgainstTurnedSix against_turned_six = AgainstTurnedSix::kPacketBarred;
  std::string validate() const;
  CARDROOM_CONFIG(Config);
};

// ---- Trick play -----------------------------------------------------------------------------

// Rank keys (higher wins) of the 36 cards within their natural suit, by red order.
namespace detail {
inline constexpr auto kRankKey = [] {
  std::array<std::array<std::uint8_t, 64>, 2> t{};
  for (int c = 0; c < 52; ++c) {
    const int s = c / kRanks, r = c % kRanks;
    const bool red = s == kHearts || s == kDiamonds;
    t[0][c] = static_cast<std::uint8_t>(red ? kRanks - 1 - r : r);  // reversed
    t[1][c] = static_cast<std::uint8_t>(r);                         // normal
  }
  return t;
}();
}  // namespace detail

// The rank key of `c` within its suit (higher beats lower) under `order`.
constexpr int rank_key(Card c, RedOrder order) {
  return detail::kRankKey[static_cast<int>(order)][c & 63];
}

// Red Rover's trick rules (rules 3, 4, RR-A2..A4, A7, A8).
//  - Trump contracts: the trump suit is the 6D then the trump suit's cards; the 6D belongs to no
//    other suit. No trumps (trump == kNoSuit): the 6D has no suit, wins any trick, may be led at
//    any time (the leader then names a suit, `named`) and joins another's trick only when void.
//  - `must_lead`: the called card its holder must lead to trick 1 (kNoCard: none).
//  - `declarer`/`need`: a rover contract ends once the declarer has lost a trick or won `need`.
struct Policy : tricks::FollowSuit {
  std::uint8_t trump = kNoSuit;
  std::uint8_t named = kNoSuit;  // NT: the suit named with a 6D lead
  RedOrder order = RedOrder::kReversed;
  Card must_lead = kNoCard;
  std::int8_t declarer = kNoSeat;
  std::int8_t need = 0;  // 0: play every trick

  // The cards that belong to `suit` under this contract.
  CardSet members(int suit) const {
    const CardSet plain = CardSet::suit(suit) - CardSet::of(kRedRover);
    return suit == trump ? plain | CardSet::of(kRedRover) : plain;
  }
  // The suit to follow: the led card's suit (the trump suit for a trump 6D; NT: the named one).
  int led_suit(const tricks::TrickSoFar& t) const {
    const Card led = t.cards[0];
    if (led != kRedRover) return suit_of(led);
    return trump != kNoSuit ? trump : named;
  }
  CardSet playable(CardSet hand, const tricks::TrickSoFar& t) const {
    if (t.count == 0)
      return must_lead != kNoCard && hand.contains(must_lead) ? CardSet::of(must_lead) : hand;
    const int suit = led_suit(t);
    if (suit == kNoSuit) return hand;  // a 6D lead waiting for its suit: nobody plays yet
    const CardSet follow = hand & members(suit);
    return follow.empty() ? hand : follow;
  }
  const char* why_not(CardSet hand, const tricks::TrickSoFar& t, Card card) const;
  CardSet shown_lacking(const tricks::TrickSoFar& t, Card card) const {
    if (t.count == 0) return CardSet();
    const int suit = led_suit(t);
    if (suit == kNoSuit) return CardSet();
    const CardSet m = members(suit);
    return m.contains(card) ? CardSet() : m;
  }
  void on_play(const tricks::TrickSoFar& t, Card) {
    if (t.count == 0) {
      named = kNoSuit;
      must_lead = kNoCard;
    }
  }
  int winner(const tricks::TrickSoFar& t) const {
    const int suit = led_suit(t);
    return tricks::best_card(t.cards, t.count, [&](Card c) {
      if (c == kRedRover) return 64;  // the top trump; in NT it wins any trick
      const int s = suit_of(c);
      if (s == trump) return 48 + rank_key(c, order);
      return s == suit ? 32 + rank_key(c, order) : 0;
    });
  }
  // The double-dummy solver's branching on the suit named (bots/trick_solver.h): a 6D just led
  // in no trumps asks its player one of the four suits; choose(k) names suit k, as the move
  // `name` does.
  int choices(const tricks::TrickSoFar& t) const {
    return t.count == 1 && t.cards[0] == kRedRover && trump == kNoSuit && named == kNoSuit ? kSuits
                                                                                           : 0;
  }
  void choose(int k) { named = static_cast<std::uint8_t>(k); }
  template <class Position>
  bool decided(const Position& p) const {
    if (need == 0) return false;
    const int won = p.tricks_won[declarer];
    return won < p.trick_no || won >= need;
  }
  bool operator==(const Policy&) const = default;
};

using TrickPlay = tricks::TrickPlay<Policy, kPlayers, kMaxHand>;

class Game : public GameWithConfig<Config, Game, State> {
 public:
  // validate_deal: three hands of 9 (seat order) and the pack of 9 cards, packets 1, 2, 3 in
  // order, three cards each; the first card of packet 3 (pack[6]) is the turn-up. Every card of
  // the 36 once.
  CARDROOM_GAME_CONTRACT("red_rover");
  int num_seats() const { return kPlayers; }
};

// The calls of a round's auctions in order, for views and records.
//   code 0: pass; 1..5: a rover contract; 8 + 4n + suit: a marriage bid of n in suit.
struct CallLog {
  static constexpr int kMax = 24;
  std::array<std::uint8_t, kMax> calls{};
  std::array<std::int8_t, kMax> seats{};
  std::uint8_t count = 0;
  void add(Seat seat, std::uint8_t call) {
    if (count < kMax) {
      seats[count] = static_cast<std::int8_t>(seat);
      calls[count++] = call;
    }
  }
  bool operator==(const CallLog&) const = default;
};
inline constexpr std::uint8_t kMarriageCall = 8;  // + 4n + suit

// A declaration before the first lead of a marriage game (rule 10).
inline constexpr std::uint8_t kNoDeclaration = 0, kDeclaredSix = 1,
                              kDeclaredMarriage = 2;  // + the suit
inline constexpr std::uint8_t kDeclinedToDeclare = 255;

// The marriages (bit s: suit s) among `won` (rule 11, RR-A12: K and Q of one suit).
unsigned marriages_in(CardSet won);
// Whether `hand` holds a bare marriage in `suit` (RR-A14: suits as rule 4 under `trump`).
bool bare_marriage(CardSet hand, int suit, int trump);

// What a round's score depends on (rules 8 and 11).
struct RoundFacts {
  int contract = kNoContract;
  Seat declarer = kNoSeat;
  int bid_marriages = 0;
  Seat overcalled = kNoSeat;  // the last player overcalled (RR-A6)
  int overcalled_bid = 0;     // the value of their rover bid (rover contracts)
  bool made = false;          // rover contracts and the declared marriage game
  std::array<int, kPlayers> tricks_won{};
  std::array<int, kPlayers> marriages{};  // marriages in tricks
  std::array<std::uint8_t, kPlayers> declared{};
};
// Each seat's points for the round.
std::array<int, kPlayers> round_points(const Config& config, const RoundFacts& facts);

// One completed round, kept for the score sheet and `replay --json`.
struct RoundRecord {
  int round = 0;  // 1-based
  std::int8_t dealer = 0;
  Card turn_up = kNoCard;
  std::uint8_t contract = kNoContract;
  std::int8_t declarer = kNoSeat;
  std::int8_t bid_marriages = 0;
  std::uint8_t bid_suit = kNoSuit;
  std::uint8_t trump = kNoSuit;
  Card called = kNoCard;
  std::int8_t overcalled = kNoSeat;
  std::int8_t made = -1;  // rover contracts and declared marriage games: 1 made, 0 failed
  std::int8_t tricks_played = 0;
  CallLog calls;
  std::array<std::uint8_t, kPlayers> declared{};
  std::array<std::int8_t, kPlayers> tricks_won{};
  std::array<std::uint8_t, kPlayers> marriages{};  // bit s: a marriage in suit s
  std::array<int, kPlayers> points{};
  std::array<CardSet, kPackets> packets{};  // as dealt (omniscient summaries only)
  CardSet discards;                         // the declarer's (its own and omniscient summaries)
  TrickPlay::History tricks;
  bool operator==(const RoundRecord&) const = default;
};

class State : public MatchState<Config, RoundRecord>, public tricks::TrickAccess<State> {
 public:
  // 16 marriage bids and pass; 12 cards to discard or play.
  static constexpr int kMaxMoves = 17;
  enum class Phase : std::uint8_t {
    kAuction,   // the first bid: rover contracts
    kTake,      // the rover declarer takes a packet
    kDiscard,   // ... and discards 3, one at a time
    kAnnounce,  // the rover declarer names trumps or no trumps
    kCall,      // against contracts (not Bull Rush): the declarer calls a card
    kLeader,    // Bull Rush: the defenders choose who leads
    kPickup,    // all passed: forehand, then middlehand take a packet (rearhand the last)
    kBid,       // the second bid: marriages
    kDeclare,   // declarations of the 6D or a bare marriage before the first lead
    kPlay,
    kOver,
  };

  CARDROOM_STATE_CONTRACT(State);
  // A random legal move, as core/game.h defines it: in the card play, a playable card.
  Move random_move(Seat seat, Rng& rng) const {
    return phase_ == Phase::kPlay && !naming() ? play_move(random_card(play_.playable(seat), rng))
                                               : random_listed_move(*this, seat, rng);
  }
  int num_seats() const { return kPlayers; }
  ActorMode mode() const { return ActorMode::kTurn; }
  bool over() const { return phase_ == Phase::kOver; }
  int score(Seat seat) const { return seat >= 0 && seat < kPlayers ? scores_[seat] : 0; }
  int team_score(int team) const { return score(team); }  // no teams: team t is seat t

  // Read access for players, tests and the UI.
  Phase phase() const { return phase_; }
  Seat to_act() const;
  Seat forehand() const { return (dealer_ + 1) % kPlayers; }
  Card turn_up() const { return turn_up_; }
  CardSet packet(int k) const { return packets_[k]; }  // cards still in the centre (k = 0..2)
  Seat packet_taker(int k) const { return packet_taker_[k]; }
  int contract() const { return contract_; }
  Seat declarer() const { return declarer_; }
  int bid_marriages() const { return bid_n_; }
  int bid_suit() const { return bid_suit_; }
  int trump() const { return play_.policy().trump; }
  bool no_trumps() const { return phase_ == Phase::kPlay && trump() == kNoSuit; }
  Card called() const { return called_; }
  int called_suit() const { return called_suit_; }
  CardSet exposed() const { return exposed_; }
  bool open_play() const { return open_; }
  CardSet discards() const { return discards_; }
  int to_discard() const { return to_discard_; }
  std::uint8_t declared(Seat s) const { return declared_[s]; }
  // Cards of `s`'s hand that everyone knows are there (a taken turn-up, declared cards).
  CardSet known_in_hand(Seat s) const { return known_[s] & play_.hand(s); }
  // The highest bid so far in the current auction (contract or marriage rank; 0: none) and who.
  int high_bid() const { return high_; }
  Seat high_bidder() const { return high_seat_; }
  bool has_passed(Seat s) const { return (passed_ >> s) & 1; }
  Seat last_overcalled() const { return overcalled_; }
  const CallLog& calls() const { return log_; }
  const TrickPlay& trick_play() const { return play_; }
  CardSet excluded(Seat s) const { return play_.excluded(s); }
  int tricks_won(Seat s) const { return play_.tricks_won(s); }
  // The rank of a marriage bid (n marriages in `suit`) with this round's turn-up priority.
  int marriage_rank(int n, int suit) const;
  // The suit with priority in the second auction (the turn-up's; a 6D turn-up gives diamonds).
  int priority_suit() const { return suit_of(turn_up_); }
  // Why `seat` may not bid rover contract `c` now (eligibility, order), or nullptr.
  const char* why_not_contract(Seat seat, int c) const;
  // Why `seat` may not make declaration `d` (kDeclaredSix or kDeclaredMarriage + suit), or
  // nullptr.
  const char* why_not_declare(Seat seat, int d) const;
  // Whether the seat to play has led the 6D in NT and must name a suit.
  bool naming() const {
    return phase_ == Phase::kPlay && play_.policy().choices(play_.position().current()) > 0;
  }
  // The card play of a rover contract for the double-dummy solver (bots/trick_solver.h): the
  // declarer against its two allies (made exactly when the declarer's total reaches the tricks it
  // needs; the allies' total is 1 exactly when it fails), with round scores: the declarer's points,
  // and for the allies the declarer's loss. Nullopt outside the card play, while a 6D lead waits
  // for its suit, and in the marriage games (they score kings and queens captured, not tricks).
  std::optional<tricks::SolverTask<Policy, kPlayers>> solver_task() const;
  // The round's decisions (core/game.h, RoundReplay) from the first after the first auction and
  // the exchange: the trump announcement of a rover contract, or the first marriage bid. Nullopt
  // before it and once the match is over.
  std::optional<RoundReplay<State>> round_replay() const;

 private:
  void start_round(const ApplyContext* ctx);
  void clear_round();  // every field of the round as it stands before its first call, but the deal
  void finish_round(const ApplyContext* ctx);
  Seat next_bidder(Seat after) const;
  Status apply_call(Seat seat, Move move, const ApplyContext* ctx);
  void end_first_auction(const ApplyContext* ctx);
  void end_second_auction(const ApplyContext* ctx);
  Status apply_take(Seat seat, int packet, const ApplyContext* ctx);
  void take_packet(Seat seat, int k, const ApplyContext* ctx);
  Status apply_discard(Seat seat, Card card, const ApplyContext* ctx);
  Status apply_announce(Seat seat, int suit, const ApplyContext* ctx);
  Status apply_call_card(Seat seat, Card card, const ApplyContext* ctx);
  Status apply_leader(Seat seat, Seat leader, const ApplyContext* ctx);
  Status apply_declare(Seat seat, Move move, const ApplyContext* ctx);
  void after_announce(const ApplyContext* ctx);
  void begin_marriage_game(const ApplyContext* ctx);
  void next_declarer_turn(Seat after, const ApplyContext* ctx);
  void begin_play(Seat leader, const ApplyContext* ctx);

  Phase phase_ = Phase::kAuction;
  std::int8_t to_act_ = 0;
  std::uint8_t contract_ = kNoContract;
  std::int8_t declarer_ = kNoSeat;
  std::int8_t overcalled_ = kNoSeat;
  std::uint8_t passed_ = 0;  // bit s: s has passed in this auction
  std::int8_t high_ = 0;
  std::int8_t high_seat_ = kNoSeat;
  std::array<std::int8_t, kPlayers> seat_best_{};  // each seat's highest bid in this auction
  std::int8_t bid_n_ = 0;
  std::uint8_t bid_suit_ = kNoSuit;
  std::int8_t to_discard_ = 0;
  std::int8_t first_leader_ = 0;
  bool open_ = false;  // Bull Rush: every hand face up
  Card turn_up_ = kNoCard;
  Card called_ = kNoCard;
  std::uint8_t called_suit_ = kNoSuit;       // the suit of the card being called
  std::array<CardSet, kPackets> packets_{};  // still in the centre
  std::array<CardSet, kPackets> dealt_packets_{};
  std::array<std::int8_t, kPackets> packet_taker_{};
  CardSet exposed_;                        // Rover Against: the packet shown to all
  CardSet discards_;                       // the rover declarer's, face down
  std::array<CardSet, kPlayers> known_{};  // cards everyone knows a seat held (see known_in_hand)
  std::array<std::uint8_t, kPlayers> declared_{};
  std::uint8_t named_ = kNoSuit;  // the suit named with the 6D led in no trumps (round_replay)
  CallLog log_;
  TrickPlay play_;
  std::array<int, kPlayers> scores_{};
};

}  // namespace cardroom::red_rover
