// The contract-bridge family (Bridgette, Bridge Solitaire): strains and their order, bids and
// their notation, the two-handed auction with double and redouble, contracts, and rubber-bridge
// scoring (trick score below the line, games at 100, vulnerability, overtricks, insult, slams,
// undertricks, honours, the rubber bonus and the unfinished-rubber rule).
//
// Sources: RULINGS.md section 8 (Bridgette: 0NT, the auction and its endings) and section 10
// (Bridge Solitaire: the rubber-scoring values, from the ACBL rubber-bridge page). What each game
// adds (Bridgette's length rules and flat score table, Bridge Solitaire's house bid and jokers)
// stays in the game.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/cards.h"

namespace cardroom::bridge {

// Strains in bidding order: clubs < diamonds < hearts < spades < no trump.
enum class Strain : std::uint8_t { kClubs = 0, kDiamonds, kHearts, kSpades, kNoTrump };
inline constexpr int kStrains = 5;
inline constexpr int kMaxLevel = 7;

// The engine suit of a strain (core/cards.h numbers suits S H D C); kNoSuit for no trump.
constexpr int trump_suit(Strain s) {
  return s == Strain::kNoTrump ? kNoSuit : kClubs - static_cast<int>(s);
}
// The strain of an engine suit (kNoSuit gives no trump).
constexpr Strain strain_of_suit(int suit) {
  return suit == kNoSuit ? Strain::kNoTrump : static_cast<Strain>(kClubs - suit);
}
// "C", "D", "H", "S", "NT"; with `symbols`, "♣", "♦", "♥", "♠", "NT".
std::string_view strain_text(Strain s, bool symbols = false);

enum class Doubling : std::uint8_t { kNone = 0, kDoubled = 1, kRedoubled = 2 };

// A bid: a level (odd tricks, 6 + level to take) and a strain. Level 0 exists only with no trump
// (Bridgette's 0NT). Bids are ordered by rank(): 0NT < 1♣ < 1♦ < ... < 1NT < 2♣ < ... < 7NT.
struct Bid {
  std::int8_t level = 0;
  Strain strain = Strain::kNoTrump;

  static constexpr int kRanks = (kMaxLevel + 1) * kStrains;  // rank() is below this
  constexpr int rank() const { return level * kStrains + static_cast<int>(strain); }
  static constexpr Bid of_rank(int r) {
    return Bid{static_cast<std::int8_t>(r / kStrains), static_cast<Strain>(r % kStrains)};
  }
  // A real bid: levels 1..7 in any strain, or 0NT.
  constexpr bool valid() const {
    return level >= 0 && level <= kMaxLevel && static_cast<int>(strain) < kStrains &&
           (level > 0 || strain == Strain::kNoTrump);
  }
  constexpr int tricks_needed() const { return 6 + level; }
  constexpr bool is_suit() const { return strain != Strain::kNoTrump; }
  constexpr int suit() const { return trump_suit(strain); }
  constexpr bool operator==(const Bid&) const = default;
  constexpr auto operator<=>(const Bid& o) const { return rank() <=> o.rank(); }
};

// "2S", "0NT", "1NT"; with `symbols`, "2♠", "0NT".
std::string bid_text(Bid b, bool symbols = false);
// The same text with static storage, for event labels (core/event.h keeps a `const char*`):
// "2S", "0NT"; with a doubling, "2SX", "2SXX"; with `symbols`, "2♠X". nullptr for an invalid bid.
const char* bid_label(Bid b, Doubling d = Doubling{}, bool symbols = false);
// Reads "2S", "2s", "2♠", "3NT", "3nt", "3N", "0NT"; nullopt for anything else, including a
// level below `min_level` (Bridge Solitaire has no 0NT) or an invalid bid.
std::optional<Bid> parse_bid(std::string_view text, int min_level = 0);

// The lowest level at which `strain` overcalls `current` (no bid yet: the lowest level of the
// strain, `min_level` for no trump and max(1, min_level) for a suit); kMaxLevel + 1 if none.
int lowest_level(Strain strain, std::optional<Bid> current, int min_level = 0);
// A jump: the same strain one level lower would also have overcalled `current` (RULINGS BRG-A3;
// for an opening the lowest level counts, so an opening 2♥ is a jump and 1♥ is not).
bool is_jump(Bid bid, std::optional<Bid> current, int min_level = 0);

// "", "X", "XX".
std::string_view doubling_text(Doubling d);

// A final contract: the bid, its doubling and the declaring side (a seat or side index; the game
// says which).
struct Contract {
  Bid bid;
  Doubling doubling = Doubling::kNone;
  std::int8_t declarer = -1;
  bool operator==(const Contract&) const = default;
};
// "3NT", "1CX", "4HXX"; with `symbols`, "4♥XX".
std::string contract_text(const Contract& c, bool symbols = false);

// The two-handed auction (Bridgette, RULINGS 8.1 rule 6 and BRG-A5, A6): sides 0 and 1 alternate
// from `opener`. Calls are a higher bid, pass, double (only the opponent's current undoubled bid)
// and redouble (only one's own bid, when doubled). A redouble ends the auction; a pass by the
// doubled side straight after the double ends it (contract doubled); a new bid cancels a double;
// otherwise two consecutive passes end it. A side that passed may bid again. Whether a bid is
// allowed by the hand (length rules) and whether the opener may pass is the game's business: the
// auction only checks order and turns. A plain value, copied by search.
class Auction {
 public:
  Auction() = default;
  explicit Auction(int opener, int min_level = 0)
      : to_call_(static_cast<std::int8_t>(opener)),
        min_level_(static_cast<std::int8_t>(min_level)) {}

  int to_call() const { return to_call_; }
  bool over() const { return over_; }
  bool has_bid() const { return bidder_ >= 0; }
  std::optional<Bid> current() const { return has_bid() ? std::optional<Bid>(bid_) : std::nullopt; }
  int bidder() const { return bidder_; }
  Doubling doubling() const { return doubling_; }
  int calls() const { return calls_; }
  int min_level() const { return min_level_; }
  // The contract once over (declarer = the last bidder; -1 if the auction ended without a bid).
  Contract contract() const { return {bid_, doubling_, bidder_}; }

  // Why `side` may not make the call, or nullptr. They check the turn first.
  const char* why_not_bid(int side, Bid bid) const;
  const char* why_not_pass(int side) const;
  const char* why_not_double(int side) const;
  const char* why_not_redouble(int side) const;

  // Make a call the why_not_ check allowed; each returns whether the auction is now over.
  bool bid(Bid bid);
  bool pass();
  bool double_bid();
  bool redouble();

  bool operator==(const Auction&) const = default;

 private:
  Bid bid_;
  std::int8_t bidder_ = -1, to_call_ = 0, passes_ = 0, min_level_ = 0;
  std::int16_t calls_ = 0;
  Doubling doubling_ = Doubling::kNone;
  bool over_ = false;
  bool just_doubled_ = false;  // the last call was a double
};

// Tricks over (> 0), exactly made (0) or down (< 0): taken - needed.
constexpr int result_tricks(Bid bid, int taken) { return taken - bid.tricks_needed(); }

// ---- Rubber bridge scoring -------------------------------------------------------------------

// What a score line is for.
enum class LineKind : std::uint8_t {
  kContract,     // trick score for the odd tricks bid (below the line)
  kOvertricks,   // above
  kInsult,       // making a doubled (50) or redoubled (100) contract
  kSlam,         // small or grand slam bid and made
  kUndertricks,  // to the defenders
  kHonours,      // 100 or 150 to the side whose hand holds them
  kRubber,       // 700 or 500 for winning the rubber
  kUnfinished,   // 300 for a game, 100 for a part score, when a rubber is abandoned
};
std::string_view line_kind_text(LineKind k);  // "contract", "overtricks", ..., "unfinished"

struct ScoreLine {
  std::int8_t side = 0;  // 0 = WE, 1 = THEY
  bool below = false;    // below the line (trick score) or above it
  LineKind kind = LineKind::kContract;
  std::int32_t points = 0;
  bool operator==(const ScoreLine&) const = default;
};

// The lines one hand (or the end of a rubber) adds to the score sheet.
struct HandLines {
  static constexpr int kMax = 12;  // a hand's lines and an abandoned rubber's
  std::array<ScoreLine, kMax> lines{};
  std::int8_t count = 0;
  void add(int side, bool below, LineKind kind, int points);
  int total(int side) const;  // above + below points of `side` in these lines
  bool operator==(const HandLines&) const = default;
};

// Trick score of a made contract for its odd tricks (below the line): 20 per trick in a minor,
// 30 in a major, 40 + 30 per further trick in no trump; ×2 doubled, ×4 redoubled.
int trick_score(Bid bid, Doubling d);
// Points for `over` overtricks: trick value each undoubled; 100/200 each doubled (not vulnerable
// / vulnerable), 200/400 redoubled.
int overtrick_points(Bid bid, Doubling d, bool vulnerable, int over);
// Points to the defenders for `down` undertricks (the ACBL table; redoubled = 2 × doubled).
int undertrick_points(Doubling d, bool vulnerable, int down);
// Honours held in one hand: 4 of the 5 trump honours (A K Q J 10) 100, all 5 150; in no trump,
// the 4 aces 150; otherwise 0.
int honours(CardSet hand, Strain strain);

// A rubber between WE (side 0) and THEY (side 1), from hand to hand until a side has two games.
class Rubber {
 public:
  // Scores one played hand: `contract.declarer` is the declaring side, `taken` the tricks it
  // took, `honours_side`/`honours_points` the honours (0 points: none). Adds the rubber bonus
  // when this hand wins the second game. Returns the lines added.
  HandLines score_hand(const Contract& contract, int taken, int honours_side, int honours_points);
  // The unfinished-rubber bonuses (RULINGS BS-A10: 300 to a side with a game, 100 to a side with
  // a part score in the game in progress), applied once when a rubber is abandoned.
  HandLines abandon();

  bool over() const { return over_; }
  bool vulnerable(int side) const { return games_[side] >= 1; }
  int games(int side) const { return games_[side]; }
  int below(int side) const { return below_[side]; }  // in the game in progress
  int below_total(int side) const { return below_total_[side]; }
  int above(int side) const { return above_[side]; }
  int total(int side) const { return below_total_[side] + above_[side]; }
  int game_number() const { return games_[0] + games_[1] + 1; }  // the game in progress
  // Which side won the rubber (-1 while on, or after an abandoned rubber with equal totals).
  int winner() const;

  bool operator==(const Rubber&) const = default;

 private:
  void add(HandLines& out, int side, bool below, LineKind kind, int points);
  std::array<std::int32_t, 2> below_{}, below_total_{}, above_{};
  std::array<std::int8_t, 2> games_{};
  bool over_ = false;
};

}  // namespace cardroom::bridge
