// Schwimmen rule tests (DESIGN.md section 8; RULINGS.md section 5).
//
//   SchwimmenRules.*     one or more tests per numbered rule 1-12 of RULINGS 5.1 and per ruling
//                        SCHW-A1..A12, plus options, views, resampling and notation
//   SchwimmenScenario.*  the acceptance scenarios SCHW-01, 03, 05, 07 and 09
//   SchwimmenRecord.*    a hand-checked game record with explicit deals, and bad deals
//   SchwimmenPerft.*     perft counts from a fixed explicit deal, hand-checked
//
// Cards are written "AS KS 7D TC" (rank 7-9 T J Q K A, suit S H D C). An explicit deal's pack is
// the 3 board cards, then the stock top first; Deal() below fills the stock with the cards not
// named, in card order, after the ones a test names.
#include "games/schwimmen/schwimmen.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/common/test_paths.h"
#include "games/common/test_util.h"
#include "games/schwimmen/schwimmen_test_deal.h"

namespace cardroom::schwimmen {
namespace {

using testing_util::Contains;
using testing_util::HasEvent;
using testing_util::LegalTexts;
using testing_util::List;
using testing_util::Set;

Game MakeGame(const std::string& options) {
  return testing_util::MakeGame<Game>("schwimmen", options);
}

// A match from explicit deals with every event kept.
struct Table {
  Game game;
  std::vector<Event> events;
  std::vector<Deal> deals;
  ApplyContext ctx;
  State state;

  Table(const std::string& options, int first_dealer, std::vector<Deal> given)
      : game(MakeGame(options)),
        deals(std::move(given)),
        ctx{&events, deals, nullptr},
        state(game.new_match(11, first_dealer, &ctx)) {}

  // The move's error ("" when it applies): parse_move, then apply.
  std::string Try(Seat seat, const std::string& text) {
    std::string error;
    auto move = state.parse_move(seat, text, &error);
    if (!move) return error;
    const Status st = state.apply(seat, *move, &ctx);
    return st.ok() ? "" : st.error;
  }
  void Play(Seat seat, const std::string& text) {
    const std::string error = Try(seat, text);
    ASSERT_EQ(error, "") << "S" << seat << " " << text;
  }
  nlohmann::json Last() const { return state.last_round(kOmniscient); }
};

// Four players, S0 deals; S1 plays first. No special hand anywhere.
Deal Plain4() {
  return MakeDeal({"9S 8H 7D", "TS JH 9D", "QS 8C 7H", "KD 9C 8S"}, "7C JD QH", "TH JS KS");
}

// ---------------------------------------------------------------------------------------------
// Rule 1: players, deck, chips

TEST(SchwimmenRules, R1_PlayersDeckAndChips) {
  std::string error;
  for (int n = 2; n <= 8; ++n)
    EXPECT_TRUE(testing_util::TryGame<Game>("schwimmen", "players=" + std::to_string(n), &error))
        << error;
  EXPECT_FALSE(testing_util::TryGame<Game>("schwimmen", "players=1", &error));
  EXPECT_FALSE(testing_util::TryGame<Game>("schwimmen", "players=9", &error));
  EXPECT_FALSE(testing_util::TryGame<Game>("schwimmen", "chips=0", &error));
  EXPECT_EQ(MakeGame("").config().chips, 3);
  EXPECT_EQ(MakeGame("").config().players, 4);
  EXPECT_EQ(kDeck.size(), 32);
  for (Card c : kDeck) EXPECT_GE(rank_of(c), kSeven);
  const State s = MakeGame("chips=5").new_match(3, -1, nullptr);
  for (Seat p = 0; p < 4; ++p) EXPECT_EQ(s.score(p), 5);
  EXPECT_EQ(s.view(0)["initial_score"], 5);
  CardSet all;
  for (const Pile& p : s.piles())
    for (Card c : p.cards) all.add(c);
  EXPECT_EQ(all, kDeck);
  EXPECT_EQ(s.check(), nullptr);
}

// Rule 2: card values and the suit order.
TEST(SchwimmenRules, R2_CardValuesAndSuitOrder) {
  EXPECT_EQ(card_points(List("AS")[0]), 11);
  for (const char* c : {"KH", "QD", "JC", "TS"}) EXPECT_EQ(card_points(List(c)[0]), 10) << c;
  EXPECT_EQ(card_points(List("9S")[0]), 9);
  EXPECT_EQ(card_points(List("8S")[0]), 8);
  EXPECT_EQ(card_points(List("7S")[0]), 7);
  EXPECT_GT(suit_order(kClubs), suit_order(kSpades));
  EXPECT_GT(suit_order(kSpades), suit_order(kHearts));
  EXPECT_GT(suit_order(kHearts), suit_order(kDiamonds));
}

// Rule 3: the deal.
TEST(SchwimmenRules, R3_DealThreeEachThreeToTheBoardRestIsStock) {
  for (int n : {2, 4, 8}) {
    const State s = MakeGame("players=" + std::to_string(n)).new_match(5, 0, nullptr);
    for (Seat p = 0; p < n; ++p) EXPECT_EQ(s.hand(p).size(), 3);
    EXPECT_EQ(s.board().size(), 3);
    EXPECT_FALSE(s.board_face_up());
    EXPECT_EQ(s.stock_size(), 32 - 3 * n - 3);
  }
}

// Rule 4 and SCHW-A3: a special hand dealt ends the hand before anyone moves; the dealer is scored
// with the hand dealt.
TEST(SchwimmenRules, R4_DealtSchnauzEndsTheHandAtOnce) {
  Table t("", 0, {MakeDeal({"9S 8H 7D", "TS JH 9D", "AH KH TH", "KD 9C 8S"}, "7C JD QH")});
  EXPECT_EQ(t.state.phase(), State::Phase::kShowdown);
  EXPECT_TRUE(HasEvent(t.events, kEveryone, "S2 shows Schnauz: TH KH AH"));
  const auto r = t.Last();
  EXPECT_EQ(r["ending"], "dealt");
  EXPECT_EQ(r["ended_by"], 2);
  EXPECT_EQ(r["hands"][0], nlohmann::json({"9S", "8H", "7D"}));       // the dealer's original hand
  EXPECT_EQ(r["board"], nullptr);                                     // never turned face up
  EXPECT_EQ(r["lost"], nlohmann::json({true, false, false, false}));  // S0: 9 is lowest
  EXPECT_EQ(t.state.score(0), 2);
  // The next dealer deals the next hand.
  EXPECT_EQ(t.state.actors(), SeatSet::of(1));
  EXPECT_EQ(LegalTexts(t.state, 1), std::vector<std::string>({"deal"}));
  EXPECT_EQ(t.Try(0, "deal"), kNotYourTurn);
  EXPECT_EQ(t.Try(1, "pass"), "the hand is over: the dealer deals the next one ('deal')");
  t.Play(1, "deal");
  EXPECT_EQ(t.state.phase(), State::Phase::kChoose);
  EXPECT_EQ(t.state.dealer(), 1);
}

TEST(SchwimmenRules, R4_DealtFeuerToTheDealerEndsTheHandToo) {
  // Our decision: the seed's "dealt to them" covers the dealer.
  Table t("players=3", 0, {MakeDeal({"AS AH AD", "TS JH 9D", "QS 8C 7H"}, "7C JD QH")});
  EXPECT_EQ(t.state.phase(), State::Phase::kShowdown);
  EXPECT_EQ(t.Last()["special"][0], "Feuer");
  EXPECT_EQ(t.Last()["lost"], nlohmann::json({false, true, true}));
}

TEST(SchwimmenRules, R4_DealtSchnauzToTheDealerIsShownAndEndsTheHand) {
  // The seed: "whether because it was dealt to them or because they exchanged to get it, they
  // must reveal it immediately"; the dealer (S0) is dealt AS KS QS and makes no choice.
  Table t("", 0, {MakeDeal({"AS KS QS", "TS JH 9D", "8H 7D 9C", "KD 9H 8S"}, "7C JD QH")});
  EXPECT_EQ(t.state.phase(), State::Phase::kShowdown);
  EXPECT_TRUE(HasEvent(t.events, kEveryone, "S0 shows Schnauz: QS KS AS")) << t.events.size();
  const auto r = t.Last();
  EXPECT_EQ(r["ending"], "dealt");
  EXPECT_EQ(r["ended_by"], 0);
  EXPECT_EQ(r["special"][0], "Schnauz");
  EXPECT_EQ(r["board"], nullptr);  // the dealer never chose: the board was never turned
  EXPECT_EQ(r["lost"], nlohmann::json({false, false, true, false}));  // S2: 9 is lowest
}

// Rule 5 and SCHW-A12: the dealer's blind choice.
TEST(SchwimmenRules, R5_DealerChoosesBlindKeepTurnsTheBoard) {
  Table t("", 0, {Plain4()});
  EXPECT_EQ(t.state.phase(), State::Phase::kChoose);
  EXPECT_EQ(t.state.actors(), SeatSet::of(0));
  EXPECT_EQ(LegalTexts(t.state, 0), std::vector<std::string>({"keep", "board"}));
  EXPECT_EQ(t.state.view(0)["board"], nullptr);  // nobody has seen the board
  EXPECT_EQ(t.Try(1, "pass"), kNotYourTurn);
  EXPECT_EQ(t.Try(0, "pass"), "the dealer first chooses: 'keep' the hand or take the 'board'");
  t.Play(0, "keep");
  EXPECT_EQ(t.state.board(), Set("7C JD QH"));
  EXPECT_EQ(t.state.view(2)["board"], nlohmann::json({"QH", "JD", "7C"}));
  EXPECT_EQ(t.state.hand(0), Set("9S 8H 7D"));
  EXPECT_EQ(t.state.actors(), SeatSet::of(1));
}

TEST(SchwimmenRules, R5_DealerTakesTheBoardAndLaysTheHandFaceUp) {
  Table t("", 0, {Plain4()});
  t.Play(0, "board");
  EXPECT_EQ(t.state.hand(0), Set("7C JD QH"));
  EXPECT_EQ(t.state.board(), Set("9S 8H 7D"));
  // Others do not see the dealer's new hand; the dealer does.
  EXPECT_EQ(t.state.view(1)["known"][0], nlohmann::json::array());
  EXPECT_EQ(t.state.view(0)["hand"], nlohmann::json({"QH", "JD", "7C"}));
  EXPECT_TRUE(
      HasEvent(t.events, kEveryone, "S0 takes the board and lays the old hand face up: 9S 8H 7D"));
}

TEST(SchwimmenRules, R5_SpecialHandCheckAfterTheChoice) {
  Table t("", 0, {MakeDeal({"9S 8H 7D", "TS JH 9D", "QS 8C 7H", "KD 9C 8S"}, "AC KC QC")});
  t.Play(0, "board");
  EXPECT_EQ(t.state.phase(), State::Phase::kShowdown);
  EXPECT_EQ(t.Last()["ending"], "special");
  EXPECT_EQ(t.Last()["ended_by"], 0);
  EXPECT_EQ(t.Last()["board"], nlohmann::json({"9S", "8H", "7D"}));
  EXPECT_EQ(t.Last()["dealer_took_board"], true);
}

// Rule 6: the four options of a turn.
TEST(SchwimmenRules, R6_TurnOptions) {
  Table t("", 0, {Plain4()});
  t.Play(0, "keep");
  const auto legal = LegalTexts(t.state, 1);
  EXPECT_EQ(legal.size(), 12u);  // 3 x 3 swaps, take all, pass, knock
  for (const char* m : {"swap TS QH", "swap 9D 7C", "take all", "pass", "knock"})
    EXPECT_TRUE(Contains(legal, m)) << m;
  t.Play(1, "swap 9D QH");
  EXPECT_EQ(t.state.hand(1), Set("TS JH QH"));
  EXPECT_EQ(t.state.board(), Set("7C JD 9D"));
  EXPECT_TRUE(HasEvent(t.events, kEveryone, "S1 swaps 9D for QH"));
  t.Play(2, "take all");
  EXPECT_EQ(t.state.hand(2), Set("7C JD 9D"));
  EXPECT_EQ(t.state.board(), Set("QS 8C 7H"));
  EXPECT_TRUE(HasEvent(t.events, kEveryone, "S2 takes all three, 9D JD 7C, for QS 7H 8C"));
  t.Play(3, "pass");
  EXPECT_EQ(t.state.actors(), SeatSet::of(0));
}

TEST(SchwimmenRules, R6_BadExchangesAreRefusedWithTheReasonAndChangeNothing) {
  Table t("", 0, {Plain4()});
  t.Play(0, "keep");
  const auto before = testing_util::AllViews(t.state);
  const State copy = t.state;
  EXPECT_EQ(t.Try(1, "swap TS JH QH 7C"),
            "swapping exactly two cards is not allowed: swap one card, or 'take all'");
  EXPECT_EQ(t.Try(1, "swap TS KS"), "KS is not on the board");
  EXPECT_EQ(t.Try(1, "swap 8S QH"), "you do not hold 8S");
  EXPECT_EQ(t.Try(1, "swap 2S QH"), "'2s' is not a card of the 32-card deck (7 to A)");
  EXPECT_EQ(t.Try(1, "swap TS"),
            "'swap' takes one card of your hand and one of the board, e.g. 'swap 7D KH'");
  EXPECT_EQ(t.Try(1, "keep"), "only the dealer chooses, before the first turn");
  EXPECT_EQ(t.Try(1, "deal"), "the hand is still being played");
  EXPECT_EQ(t.Try(1, "swap TS QH knock"),
            "closing is the whole turn: knock without exchanging (close=alone)");
  EXPECT_EQ(t.Try(1, "fold"),
            "'fold' is not a Schwimmen move (try 'swap C B', 'take all', 'pass', 'knock', 'keep', "
            "'board' or 'deal')");
  EXPECT_EQ(t.Try(2, "pass"), kNotYourTurn);
  EXPECT_EQ(testing_util::AllViews(t.state), before);
  EXPECT_TRUE(t.state == copy);
}

TEST(SchwimmenRules, R6_ExchangeToSchnauzEndsTheHandAtOnce) {
  Table t("", 0, {MakeDeal({"9S 8H 7D", "AS KS 9D", "QS 8C 7H", "KD 9C 8S"}, "7C JD TS")});
  t.Play(0, "keep");
  t.Play(1, "swap 9D TS");
  EXPECT_EQ(t.state.phase(), State::Phase::kShowdown);
  EXPECT_TRUE(HasEvent(t.events, kEveryone, "S1 shows Schnauz: TS KS AS"));
  EXPECT_EQ(t.Last()["ending"], "special");
  EXPECT_EQ(t.Last()["ended_by"], 1);
}

// Rule 7 and scenario SCHW-07: after a close, one more turn each, no knock, no refresh.
TEST(SchwimmenScenario, SCHW_07_CloseAndLastTurns) {
  Table t("", 0, {Plain4()});
  t.Play(0, "keep");
  t.Play(1, "pass");
  t.Play(2, "knock");
  EXPECT_EQ(t.state.closer(), 2);
  EXPECT_TRUE(HasEvent(t.events, kEveryone, "S2 knocks: everyone else has one more turn"));
  for (Seat s : {3, 0, 1}) {
    ASSERT_EQ(t.state.actors(), SeatSet::of(s));
    const auto legal = LegalTexts(t.state, s);
    EXPECT_FALSE(Contains(legal, "knock"));
    EXPECT_EQ(legal.size(), 11u);
    EXPECT_EQ(t.Try(s, "knock"), "the hand is already closed: swap, take all or pass");
    t.Play(s, "pass");
  }
  EXPECT_EQ(t.state.phase(), State::Phase::kShowdown);
  EXPECT_EQ(t.Last()["ending"], "knock");
  EXPECT_EQ(t.Last()["ended_by"], 2);
  EXPECT_EQ(t.Last()["refreshes"],
            0);  // five passes in a row, but a refresh waits on no closed hand
}

// Rule 8 and SCHW-A9: a full orbit of passes refreshes the board; an exchange restarts the count.
TEST(SchwimmenRules, R8_FullOrbitOfPassesRefreshesTheBoard) {
  Table t("", 0, {Plain4()});
  t.Play(0, "keep");
  for (Seat s : {1, 2, 3}) t.Play(s, "pass");
  EXPECT_EQ(t.state.board(), Set("7C JD QH"));
  t.Play(0, "pass");
  EXPECT_EQ(t.state.board(), Set("TH JS KS"));
  EXPECT_EQ(t.state.discards(), Set("7C JD QH"));
  EXPECT_EQ(t.state.stock_size(), 32 - 12 - 3 - 3);
  EXPECT_TRUE(
      HasEvent(t.events, kEveryone, "everyone passed: S0 discards the board and turns JS KS TH"));
  EXPECT_EQ(t.state.actors(), SeatSet::of(1));
}

TEST(SchwimmenRules, A9_AnExchangeRestartsTheOrbit) {
  Table t("", 0, {Plain4()});
  t.Play(0, "keep");
  t.Play(1, "pass");
  t.Play(2, "pass");
  t.Play(3, "swap 8S 7C");
  for (Seat s : {0, 1, 2}) t.Play(s, "pass");
  EXPECT_EQ(t.state.view(0)["refreshes"], 0);
  t.Play(3, "pass");
  EXPECT_EQ(t.state.view(0)["refreshes"], 1);
  EXPECT_EQ(t.state.passes(), 0);
}

TEST(SchwimmenRules, A8_AShortStockTakesBackTheDiscards) {
  // Eight players: the stock holds 5. The first refresh leaves 2; the second shuffles the 3 first
  // discards back in and turns 3 of those 5.
  Table t("players=8", 0,
          {MakeDeal({"9S 8H 7D", "TS JH 9D", "QS 8C 7H", "KD 9C 8S", "AS AH KH", "AD KC QD",
                     "AC JC 8D", "7S 9H TD"},
                    "7C JD QH", "TH JS")});
  EXPECT_EQ(t.state.stock_size(), 5);
  t.Play(0, "keep");
  for (int orbit = 0; orbit < 8; ++orbit) t.Play((orbit + 1) % 8, "pass");
  const CardSet rest = t.state.stock();
  EXPECT_EQ(t.state.board().size(), 3);
  EXPECT_EQ(t.state.stock_size(), 2);
  EXPECT_EQ(t.state.discards(), Set("7C JD QH"));
  const CardSet second = t.state.board();
  for (int orbit = 0; orbit < 8; ++orbit) t.Play((orbit + 1) % 8, "pass");
  EXPECT_TRUE(HasEvent(t.events, kEveryone,
                       "the stock is short: the discarded boards are shuffled into it (5 cards)"));
  EXPECT_TRUE((rest | Set("7C JD QH")).contains_all(t.state.board()));
  EXPECT_EQ(t.state.discards(), second);  // the board just discarded waits for the next refill
  EXPECT_EQ(t.state.stock_size(), 2);
  EXPECT_EQ(t.state.deals_dealt(), 2);  // the refill is a deal of its own
  EXPECT_EQ(t.state.check(), nullptr);
  // Everyone knows the stock holds the two discards not turned.
  Rng rng(4);
  const CardSet known_in_stock = t.state.stock() & Set("7C JD QH");
  for (int i = 0; i < 20; ++i)
    EXPECT_TRUE(t.state.resample(3, rng).stock().contains_all(known_in_stock));
}

// Rule 9 and scenario SCHW-01: hand values.
TEST(SchwimmenScenario, SCHW_01_HandValues) {
  struct Case {
    const char* hand;
    int value2;
    Special special;
  };
  for (const Case& c :
       {Case{"AS KD 7H", 22, Special::kNone}, Case{"AS KD 7D", 34, Special::kNone},
        Case{"KH QH JH", 60, Special::kNone}, Case{"AC AS KC", 42, Special::kNone},
        Case{"8C 8H 8D", 61, Special::kNone}, Case{"AH KH TH", 62, Special::kSchnauz},
        Case{"AC AS AH", 64, Special::kFeuer}}) {
    const HandValue v = hand_value(Set(c.hand));
    EXPECT_EQ(v.value2, c.value2) << c.hand;
    EXPECT_EQ(v.special, c.special) << c.hand;
  }
  EXPECT_EQ(value_text(61), "30½");
  EXPECT_EQ(value_text(62), "31");
}

TEST(SchwimmenRules, R9_EveryHandOfThreeCounted) {
  // All 4,960 hands: the fast special check agrees with the value, and the values are spread as
  // counted by hand: 4 Feuer (one per missing ace), 4 x 6 Schnauz (A + 2 of the 4 ten-pointers),
  // 7 x 4 other trips.
  int feuer = 0, schnauz = 0, trips = 0;
  const std::vector<Card> deck(kDeck.begin(), kDeck.end());
  for (std::size_t a = 0; a < deck.size(); ++a)
    for (std::size_t b = a + 1; b < deck.size(); ++b)
      for (std::size_t c = b + 1; c < deck.size(); ++c) {
        CardSet h;
        for (Card x : {deck[a], deck[b], deck[c]}) h.add(x);
        const HandValue v = hand_value(h);
        ASSERT_EQ(special_of(h), v.special) << cards_text(h);
        feuer += v.special == Special::kFeuer;
        schnauz += v.special == Special::kSchnauz;
        trips += v.value2 == 61;
        ASSERT_LE(v.value2, 64);
        ASSERT_GE(v.value2, 2 * 8);  // the least: 7S 7H 8D, 8
      }
  EXPECT_EQ(feuer, 4);
  EXPECT_EQ(schnauz, 24);
  EXPECT_EQ(trips, 28);
}

TEST(SchwimmenRules, A6_EqualSuitsScoreInTheHigherSuit) {
  EXPECT_EQ(hand_value(Set("AS AD 7H")).suit, kSpades);
  EXPECT_EQ(hand_value(Set("AC AS 7H")).suit, kClubs);
  EXPECT_EQ(hand_value(Set("8H 8D 7S")).value2, 16);
  EXPECT_EQ(hand_value(Set("8H 8D 7S")).suit, kHearts);
}

// A hand closed at once by S1 with every other seat passing: the dealt hands are compared.
void KnockAndPass(Table& t) {
  t.Play(t.state.dealer(), "keep");
  const Seat closer = t.state.to_act();
  t.Play(closer, "knock");
  while (t.state.phase() == State::Phase::kPlay) t.Play(t.state.to_act(), "pass");
}

// Rule 10: who loses.
TEST(SchwimmenRules, R10_TheLowestHandLosesAChip) {
  Table t("", 0, {Plain4()});
  KnockAndPass(t);
  // S0 9 in spades; S1 10 (TS or JH: spades), S2 10 in spades, S3 10 in diamonds.
  const auto r = t.Last();
  EXPECT_EQ(r["values"], nlohmann::json({"9", "10", "10", "10"}));
  EXPECT_EQ(r["lost"], nlohmann::json({true, false, false, false}));
  EXPECT_EQ(r["points"], nlohmann::json({-1, 0, 0, 0}));
  EXPECT_EQ(r["chips"], nlohmann::json({2, 3, 3, 3}));
  EXPECT_TRUE(HasEvent(t.events, kEveryone, "S0 loses a chip (2 left)"));
  EXPECT_TRUE(HasEvent(t.events, kEveryone, "S3 shows 8S KD 9C: 10"));
}

TEST(SchwimmenRules, A5_TiesForLowestGoToTheLowerSuit) {
  // S1 21 in diamonds, S2 21 in hearts, S0 21 in spades: diamonds is the lowest suit.
  Table t("players=3", 0, {MakeDeal({"AS KS 8C", "AD KD 8S", "AH QH 7C"}, "7S 7H 9D")});
  KnockAndPass(t);
  EXPECT_EQ(t.Last()["values"], nlohmann::json({"21", "21", "21"}));
  EXPECT_EQ(t.Last()["lost"], nlohmann::json({false, true, false}));
  // The tie and how it was settled, in words.
  EXPECT_TRUE(HasEvent(t.events, kEveryone,
                       "S0/S1/S2 tie at 21; of equal hands the lower suit loses (clubs, spades, "
                       "hearts, diamonds): S1, in ♦"));
}

TEST(SchwimmenRules, A7_StillTiedAllLose) {
  // S1 and S2 both hold 10 in spades; nothing breaks the tie: both lose.
  Table t("players=3", 0, {MakeDeal({"AC KC 9C", "TS 7H 8D", "JS 7D 9H"}, "7S 7C 9D")});
  KnockAndPass(t);
  EXPECT_EQ(t.Last()["lost"], nlohmann::json({false, true, true}));
  EXPECT_EQ(t.state.score(1), 2);
  EXPECT_EQ(t.state.score(2), 2);
  EXPECT_TRUE(HasEvent(t.events, kEveryone,
                       "S1/S2 tie for the lowest hand, 10 in the same suit: each loses a chip"));
}

TEST(SchwimmenScenario, SCHW_03_FeuerMakesEveryoneElseLose) {
  Table t("players=3", 2, {MakeDeal({"AC AS AH", "KD QD JD", "7S 8H 9C"}, "7C JC QH")});
  // P1 = S0 (Feuer, dealt: the hand ends at once), P2 = S1, P3 = S2.
  EXPECT_EQ(t.Last()["lost"], nlohmann::json({false, true, true}));
  EXPECT_EQ(t.state.score(0), 3);
  EXPECT_EQ(t.state.score(1), 2);
  EXPECT_EQ(t.state.score(2), 2);
}

TEST(SchwimmenScenario, SCHW_05_TripsTieBreakByRank) {
  Table t("players=3", 2, {MakeDeal({"AH KH TH", "7C 7S 7D", "8C 8S 8H"}, "7H JC QD")});
  EXPECT_EQ(t.Last()["ending"], "dealt");
  EXPECT_EQ(t.Last()["values"], nlohmann::json({"31", "30½", "30½"}));
  EXPECT_EQ(t.Last()["lost"], nlohmann::json({false, true, false}));
  EXPECT_TRUE(
      HasEvent(t.events, kEveryone, "S1/S2 each hold three of a kind: the lower rank loses, S1's"));
}

TEST(SchwimmenRules, A4_SchnauzWithoutFeuerIsJust31) {
  // Two Schnauz dealt, no Feuer: scored normally, the lowest loses.
  Table t("players=3", 2, {MakeDeal({"AH KH TH", "AS QS JS", "8C 8S 8H"}, "7H JC QD")});
  EXPECT_EQ(t.Last()["special"], nlohmann::json({"Schnauz", "Schnauz", nullptr}));
  EXPECT_EQ(t.Last()["lost"], nlohmann::json({false, false, true}));
}

TEST(SchwimmenRules, A10_TheCloserLosesOneChipLikeAnyone) {
  Table t("", 0, {MakeDeal({"9S 8H 7D", "7S 8D 9H", "QS 8C 7H", "KD 9C 8S"}, "7C JD QH")});
  // S1 knocks on 9 in hearts; S0's 9 is in spades, a higher suit: S1 alone loses, one chip.
  t.Play(0, "keep");
  t.Play(1, "knock");
  for (Seat s : {2, 3, 0}) t.Play(s, "pass");
  EXPECT_EQ(t.Last()["lost"], nlohmann::json({false, true, false, false}));
  EXPECT_EQ(t.state.score(1), 2);
}

// Rule 11 and scenario SCHW-09: swimming and elimination.
TEST(SchwimmenScenario, SCHW_09_SwimmingThenOut) {
  // One chip each: S0 loses twice, swimming after the first, out after the second.
  const Deal lose = MakeDeal({"9S 8H 7D", "TS JH 9D", "QS 8C 7H"}, "7C JD QH");
  Table t("players=3,chips=1", 0, {lose});
  KnockAndPass(t);
  EXPECT_EQ(t.state.score(0), 0);
  EXPECT_TRUE(t.state.swimming(0));
  EXPECT_EQ(t.state.view(1)["seat_status"], nlohmann::json({"swimming", "in", "in"}));
  EXPECT_TRUE(HasEvent(t.events, kEveryone, "S0 loses a chip and is swimming"));
  t.deals.push_back(MakeDeal({"7C 8D 9H", "TS JH 9D", "QS 8C 7H"}, "9S JD QH"));
  t.ctx.deals = t.deals;
  t.Play(1, "deal");
  KnockAndPass(t);
  EXPECT_EQ(t.Last()["lost"], nlohmann::json({true, false, false}));
  EXPECT_EQ(t.state.score(0), -1);
  EXPECT_FALSE(t.state.active(0));
  EXPECT_TRUE(HasEvent(t.events, kEveryone, "S0 loses while swimming and is out"));
  EXPECT_EQ(t.state.view(1)["seat_status"], nlohmann::json({"out", "in", "in"}));
  // The out seat gets no cards and no turns; the deal passed from S1 to S2.
  t.Play(2, "deal");
  EXPECT_TRUE(t.state.hand(0).empty());
  t.Play(2, "keep");
  EXPECT_EQ(t.state.actors(), SeatSet::of(1));
  t.Play(1, "pass");
  EXPECT_EQ(t.state.actors(), SeatSet::of(2));
  EXPECT_EQ(t.state.check(), nullptr);
}

TEST(SchwimmenScenario, SCHW_09_LastTwoSwimmingTiedReplayTheHand) {
  // One chip each: a first tie makes both swim, a second would put both out: replayed.
  Table t("players=2,chips=1", 0,
          {MakeDeal({"TS 7H 8D", "JS 7D 9H"}, "7S 7C 9D"),  // tied: both lose, both swim
           MakeDeal({"TS 7H 8D", "JS 7D 9H"}, "7S 7C 9D")});
  KnockAndPass(t);
  EXPECT_EQ(t.Last()["lost"], nlohmann::json({true, true}));
  EXPECT_TRUE(t.state.swimming(0));
  EXPECT_TRUE(t.state.swimming(1));
  EXPECT_EQ(t.state.dealer(), 1);
  t.Play(1, "deal");
  KnockAndPass(t);
  EXPECT_EQ(t.Last()["replayed"], true);
  EXPECT_EQ(t.Last()["lost"], nlohmann::json({false, false}));
  EXPECT_TRUE(HasEvent(t.events, kEveryone,
                       "S0 S1 would all be eliminated: no chip changes hands and the hand is "
                       "played again"));
  EXPECT_FALSE(t.state.over());
  EXPECT_EQ(t.state.dealer(), 1);  // the same dealer deals again
  EXPECT_EQ(t.state.score(0), 0);
  EXPECT_EQ(t.state.score(1), 0);
}

// Rule 12: the deal passes left among the seats in the game; the last one left wins.
TEST(SchwimmenRules, R12_TheLastPlayerLeftWins) {
  Table t("players=2,chips=1", 0,
          {MakeDeal({"9S 8H 7D", "TS JH 9D"}, "7C JD QH"),
           MakeDeal({"9S 8H 7D", "TS JH 9D"}, "7C JD QH")});
  KnockAndPass(t);
  EXPECT_EQ(t.state.score(0), 0);
  EXPECT_EQ(t.state.dealer(), 1);
  t.Play(1, "deal");
  KnockAndPass(t);
  EXPECT_TRUE(t.state.over());
  EXPECT_EQ(t.state.winners(), SeatSet::of(1));
  EXPECT_TRUE(t.state.actors().empty());
  EXPECT_TRUE(HasEvent(t.events, kEveryone, "S1 wins the game"));
  EXPECT_EQ(t.Try(1, "deal"), "the game is over");
  // The final hands stay shown.
  EXPECT_EQ(t.state.view(kSpectator)["hands"][0], nlohmann::json({"9S", "8H", "7D"}));
}

TEST(SchwimmenRules, R12_DealSkipsSeatsOutOfTheGame) {
  // One chip each: S1 loses hands 1 and 2 and is out.
  Table t("players=3,chips=1", 0,
          {MakeDeal({"AC KC 9C", "7S 8H 9D", "QS 8C 7H"}, "7C JD QH"),
           MakeDeal({"AC KC 9C", "7S 8H 9D", "QS JC 7H"}, "7C JD QH")});
  KnockAndPass(t);  // S1 (9 in diamonds) loses: swimming
  EXPECT_EQ(t.state.dealer(), 1);
  t.Play(1, "deal");
  KnockAndPass(t);  // S1 deals, S2 knocks; S1 (9) loses again: out
  EXPECT_FALSE(t.state.active(1));
  EXPECT_EQ(t.state.dealer(), 2);
  t.Play(2, "deal");
  EXPECT_EQ(t.state.hand(1).size(), 0);
  t.Play(2, "keep");
  EXPECT_EQ(t.state.actors(), SeatSet::of(0));
}

// SCHW-A1: closing is the whole turn by default; the option allows an exchange and a close.
TEST(SchwimmenRules, A1_CloseAfterExchangeOption) {
  Table t("close=after_exchange", 0, {Plain4()});
  t.Play(0, "keep");
  const auto legal = LegalTexts(t.state, 1);
  EXPECT_EQ(legal.size(), 22u);
  EXPECT_TRUE(Contains(legal, "swap 9D QH knock"));
  EXPECT_TRUE(Contains(legal, "take all knock"));
  t.Play(1, "swap 9D QH knock");
  EXPECT_EQ(t.state.hand(1), Set("TS JH QH"));
  EXPECT_EQ(t.state.closer(), 1);
  EXPECT_FALSE(Contains(LegalTexts(t.state, 2), "take all knock"));
  for (Seat s : {2, 3, 0}) t.Play(s, "pass");
  EXPECT_EQ(t.Last()["ending"], "knock");
}

// SCHW-A2: closing on the very first turn is allowed.
TEST(SchwimmenRules, A2_KnockOnTheFirstTurn) {
  Table t("", 0, {Plain4()});
  t.Play(0, "keep");
  EXPECT_TRUE(Contains(LegalTexts(t.state, 1), "knock"));
  t.Play(1, "knock");
  EXPECT_EQ(t.state.closer(), 1);
}

// SCHW-A11: a refresh changes no hand, so nobody is checked (the board may show a special hand).
TEST(SchwimmenRules, A11_RefreshChecksNobody) {
  Table t("", 0,
          {MakeDeal({"9S 8H 7D", "TS JH 9D", "QS 8C 7H", "KD 9C 8S"}, "7C JD QH", "AC AS AH")});
  t.Play(0, "keep");
  for (Seat s : {1, 2, 3, 0}) t.Play(s, "pass");
  EXPECT_EQ(t.state.board(), Set("AC AS AH"));
  EXPECT_EQ(t.state.phase(), State::Phase::kPlay);
  t.Play(1, "take all");  // now S1 holds Feuer: shown at once
  EXPECT_EQ(t.state.phase(), State::Phase::kShowdown);
  EXPECT_EQ(t.Last()["lost"], nlohmann::json({true, false, true, true}));
}

// ---------------------------------------------------------------------------------------------
// Views, resampling, notation

TEST(SchwimmenRules, ViewsHideHandsAndTheUnturnedBoard) {
  Table t("", 0, {Plain4()});
  for (Seat v = kSpectator; v < 4; ++v) {
    const auto cards = testing_util::CardsIn(t.state.view(v));
    if (v >= 0) {
      EXPECT_EQ(cards, t.state.hand(v)) << v;
    } else {
      EXPECT_TRUE(cards.empty());
    }
  }
  t.Play(0, "keep");
  t.Play(1, "swap 9D QH");
  // Everyone knows S1 holds QH; nobody else sees TS or JH.
  const nlohmann::json v2 = t.state.view(2);
  EXPECT_EQ(v2["known"][1], nlohmann::json({"QH"}));
  EXPECT_EQ(v2["hand_sizes"], nlohmann::json({3, 3, 3, 3}));
  EXPECT_FALSE(testing_util::CardsIn(v2).contains(List("TS")[0]));
  EXPECT_EQ(v2["hand_value"], "10");  // S2: QS 8C 7H, 10 in spades
}

TEST(SchwimmenRules, ResampleKeepsWhatTheBoardShowed) {
  Table t("", 0, {Plain4()});
  t.Play(0, "keep");
  t.Play(1, "swap 9D QH");
  t.Play(2, "swap 8C 9D");
  Rng rng(8);
  bool varied = false;
  for (int i = 0; i < 30; ++i) {
    const State w = t.state.resample(3, rng);
    EXPECT_TRUE(w.hand(1).contains(List("QH")[0]));
    EXPECT_TRUE(w.hand(2).contains(List("9D")[0]));
    EXPECT_EQ(w.hand(3), t.state.hand(3));
    EXPECT_EQ(w.board(), t.state.board());
    EXPECT_EQ(w.view(3), t.state.view(3));
    EXPECT_EQ(w.check(), nullptr);
    varied |= w.hand(1) != t.state.hand(1);
  }
  EXPECT_TRUE(varied);
}

TEST(SchwimmenRules, ResampleRedealsTheFaceDownBoardForTheDealer) {
  Table t("", 0, {Plain4()});
  Rng rng(2);
  bool varied = false;
  for (int i = 0; i < 20; ++i) {
    const State w = t.state.resample(0, rng);
    EXPECT_EQ(w.hand(0), t.state.hand(0));
    varied |= w.board() != t.state.board();
  }
  EXPECT_TRUE(varied);
}

using testing_util::ExpectReplays;

// The same of worlds drawn for every seat (a world that contradicts the hand has none).
void ExpectWorldsReplay(const State& s) {
  Rng rng(17);
  for (int i = 0; i < 10; ++i)
    for (Seat o = 0; o < s.num_seats(); ++o) {
      const State w = s.resample(o, rng);
      if (w.round_replay()) ExpectReplays(w);
    }
}

std::vector<std::string> ReplayTexts(const RoundReplay<State>& r) {
  std::vector<std::string> out;
  for (const auto& [seat, move] : r.moves)
    out.push_back(seat_name(seat) + " " + r.start.move_text(move));
  return out;
}

TEST(SchwimmenRules, RoundReplayUndoesTheExchangesAndRefreshes) {
  Table t("", 0, {Plain4()});
  ExpectReplays(t.state);
  t.Play(0, "board");
  t.Play(1, "swap 9D 8H");
  t.Play(2, "take all");
  for (Seat s : {3, 0, 1, 2}) t.Play(s, "pass");  // the board turns TH JS KS
  t.Play(3, "swap 8S KS");
  const RoundReplay<State> r = ExpectReplays(t.state);
  ExpectWorldsReplay(t.state);
  // The start: the hand as dealt, the board face down, the stock whole.
  EXPECT_EQ(r.start.phase(), State::Phase::kChoose);
  EXPECT_EQ(r.start.to_act(), 0);
  const std::vector<std::string> dealt = {"9S 8H 7D", "TS JH 9D", "QS 8C 7H", "KD 9C 8S"};
  for (Seat s = 0; s < 4; ++s) EXPECT_EQ(r.start.hand(s), Set(dealt[s]));
  EXPECT_EQ(r.start.board(), Set("7C JD QH"));
  EXPECT_FALSE(r.start.board_face_up());
  EXPECT_EQ(r.start.stock_size(), 17);
  EXPECT_TRUE(r.start.discards().empty());
  EXPECT_TRUE(r.start.seen().empty());
  EXPECT_EQ(ReplayTexts(r),
            (std::vector<std::string>{"S0 board", "S1 swap 9D 8H", "S2 take all", "S3 pass",
                                      "S0 pass", "S1 pass", "S2 pass", "S3 swap 8S KS"}));
  t.Play(0, "knock");
  EXPECT_EQ(ExpectReplays(t.state).moves.size(), 9u);
  for (Seat s : {1, 2, 3}) t.Play(s, "pass");
  EXPECT_EQ(t.state.phase(), State::Phase::kShowdown);
  EXPECT_FALSE(t.state.round_replay());  // between hands
}

TEST(SchwimmenRules, RoundReplayStartsAfterAStockRefill) {
  // Eight players (SCHW-A8 as above): the second refresh refills the stock by a shuffle that a
  // world cannot repeat, so the replay starts after it.
  Table t("players=8", 0,
          {MakeDeal({"9S 8H 7D", "TS JH 9D", "QS 8C 7H", "KD 9C 8S", "AS AH KH", "AD KC QD",
                     "AC JC 8D", "7S 9H TD"},
                    "7C JD QH", "TH JS")});
  t.Play(0, "keep");
  for (int orbit = 0; orbit < 8; ++orbit) t.Play((orbit + 1) % 8, "pass");
  EXPECT_EQ(ExpectReplays(t.state).moves.size(), 9u);
  ExpectWorldsReplay(t.state);
  for (int orbit = 0; orbit < 7; ++orbit) t.Play((orbit + 1) % 8, "pass");
  const CardSet discarded = t.state.board();
  t.Play(0, "pass");  // the refill
  ASSERT_EQ(t.state.deals_dealt(), 2);
  RoundReplay<State> r = ExpectReplays(t.state);
  EXPECT_TRUE(r.moves.empty());
  EXPECT_TRUE(r.start == t.state);
  const CardSet board = t.state.board();
  t.Play(1, "take all");
  t.Play(2, "pass");
  r = ExpectReplays(t.state);
  ExpectWorldsReplay(t.state);
  EXPECT_EQ(r.start.phase(), State::Phase::kPlay);
  EXPECT_EQ(r.start.board(), board);
  EXPECT_EQ(r.start.discards(), discarded);
  EXPECT_EQ(r.start.stock_size(), 2);
  EXPECT_EQ(r.start.view(0)["refreshes"], 2);
  EXPECT_EQ(ReplayTexts(r), (std::vector<std::string>{"S1 take all", "S2 pass"}));
}

TEST(SchwimmenRules, NotationRoundTripsAndReadsNaturally) {
  Table t("close=after_exchange", 0, {Plain4()});
  for (const auto& text : LegalTexts(t.state, 0)) {
    std::string error;
    auto m = t.state.parse_move(0, text, &error);
    ASSERT_TRUE(m) << text << ": " << error;
    EXPECT_EQ(t.state.move_text(*m), text);
  }
  t.Play(0, "keep");
  for (const auto& text : LegalTexts(t.state, 1)) {
    std::string error;
    auto m = t.state.parse_move(1, text, &error);
    ASSERT_TRUE(m) << text << ": " << error;
    EXPECT_EQ(t.state.move_text(*m), text);
  }
  std::string error;
  EXPECT_EQ(t.state.parse_move(1, "  Swap qh 9d ", &error),
            swap_move(List("9D")[0], List("QH")[0]));
  EXPECT_EQ(t.state.parse_move(1, "swap TS JH 9D QH JD 7C", &error), take_all_move());
  EXPECT_EQ(t.state.parse_move(1, "take all close", &error), take_all_move(true));
  EXPECT_EQ(t.state.parse_move(1, "close", &error), knock_move());
  EXPECT_EQ(t.state.parse_move(1, "take board", &error), board_move());
  EXPECT_FALSE(t.state.parse_move(1, "take two", &error));
  EXPECT_EQ(error, "'take all' swaps all three cards with the board (add 'knock' to close too)");
}

// ---------------------------------------------------------------------------------------------
// Perft: four players, every ace in the stock, so no special hand can arise early. Depth 1: keep
// or board (2). Depth 2: S1 has 9 swaps, take all, pass, knock (2 x 12). Depth 3: after S1's
// knock S2 may not knock (11), else 12: 2 x (11 x 12 + 11) = 286. Depth 4: 2 x (11 x (11 + 132)
// + 121) = 3388.

TEST(SchwimmenPerft, HandCheckedCounts) {
  const Deal deal = MakeDeal({"9S 8H 7D", "TS JH 9D", "QS 8C 7H", "KD 9C 8S"}, "7C JD QH");
  std::vector<Deal> deals{deal};
  ApplyContext ctx{nullptr, deals, nullptr};
  const State s = MakeGame("").new_match(1, 0, &ctx);
  EXPECT_EQ(testing_util::Perft(s, 1, &ctx), 2u);
  EXPECT_EQ(testing_util::Perft(s, 2, &ctx), 24u);
  EXPECT_EQ(testing_util::Perft(s, 3, &ctx), 286u);
  EXPECT_EQ(testing_util::Perft(s, 4, &ctx), 3388u);
}

// ---------------------------------------------------------------------------------------------
// Records

// Three players, S0 deals. Hand 1: S0 takes the board (TD JD 8D, 28) and lays 9S 8H 7D face up;
// S1 swaps 8C for 9S (AS KS 9S, 30); S2 knocks on AH QH 7C (21); S0's last turn swaps 8D for 8H
// (TD JD 8H: 20, the lowest); S1 passes. S0 loses a chip. Hand 2: S1 deals and S2, dealt a
// Schnauz, ends it at once; S0's 9 is lowest again.
nlohmann::json KnockRecord() {
  const Deal one = MakeDeal({"9S 8H 7D", "AS KS 8C", "AH QH 7C"}, "TD JD 8D");
  const Deal two = MakeDeal({"9S 8H 7D", "TS JH 9D", "AH KH TH"}, "7C JD QH");
  nlohmann::json record;
  record["game"] = "schwimmen";
  record["options"] = {{"players", 3}};
  record["seed"] = 5;
  record["first_dealer"] = 0;
  record["deals"] = nlohmann::json::array({deal_to_json(one, {}), deal_to_json(two, {})});
  record["moves"] = nlohmann::json::array(
      {{0, "board"}, {1, "swap 8C 9S"}, {2, "knock"}, {0, "swap 8D 8H"}, {1, "pass"}, {1, "deal"}});
  return record;
}

TEST(SchwimmenRecord, ExplicitDealsReplayToHandComputedResults) {
  register_all_games();
  std::string error;
  auto session = Session::from_record(KnockRecord(), &error);
  ASSERT_TRUE(session) << error;
  ASSERT_EQ(session->rounds().size(), 2u);
  const nlohmann::json& r = session->rounds()[0];
  EXPECT_EQ(r["dealer"], 0);
  EXPECT_EQ(r["hands"], nlohmann::json::parse(R"([["8H", "TD", "JD"], ["9S", "KS", "AS"],
                                                   ["QH", "AH", "7C"]])"));
  EXPECT_EQ(r["values"], nlohmann::json({"20", "30", "21"}));
  EXPECT_EQ(r["lost"], nlohmann::json({true, false, false}));
  EXPECT_EQ(r["chips"], nlohmann::json({2, 3, 3}));
  EXPECT_EQ(r["board"], nlohmann::json({"7D", "8D", "8C"}));
  EXPECT_EQ(r["ending"], "knock");
  EXPECT_EQ(r["ended_by"], 2);
  EXPECT_EQ(r["dealer_took_board"], true);
  const nlohmann::json& r2 = session->rounds()[1];
  EXPECT_EQ(r2["ending"], "dealt");
  EXPECT_EQ(r2["ended_by"], 2);
  EXPECT_EQ(r2["dealer"], 1);
  EXPECT_EQ(r2["values"], nlohmann::json({"9", "10", "31"}));
  EXPECT_EQ(r2["special"], nlohmann::json({nullptr, nullptr, "Schnauz"}));
  EXPECT_EQ(r2["chips"], nlohmann::json({1, 3, 3}));
  EXPECT_EQ(r2["sheet"], nlohmann::json::parse(R"([
      {"title": "ended", "value": "S2 was dealt a special hand"},
      {"title": "hand", "seats": ["9S 8H 7D", "TS JH 9D", "TH KH AH"]},
      {"title": "value", "seats": ["9", "10", "31"]},
      {"title": "status", "seats": [null, null, null]}])"));
  const nlohmann::json summary = session->summary();
  EXPECT_EQ(summary["totals"], nlohmann::json::array({1, 3, 3}));
}

TEST(SchwimmenRecord, CheckedInRecordFileMatches) {
  register_all_games();
  auto session = testing_util::CheckedInRecord("schwimmen_knock_and_schnauz.json", KnockRecord());
  ASSERT_TRUE(session);
}

TEST(SchwimmenRecord, BadDealsGiveClearErrors) {
  const Game game = MakeGame("");
  const Deal good = Plain4();
  EXPECT_EQ(game.validate_deal(good), "");
  Deal two = good;
  two.hands[1].pop_back();
  EXPECT_EQ(game.validate_deal(two),
            "hand of S1 has 2 cards (needs 3, or none for a seat out of the game)");
  Deal lone = MakeDeal({"9S 8H 7D", "", "", ""}, "7C JD QH");
  EXPECT_EQ(game.validate_deal(lone), "at least 2 seats must be dealt hands");
  Deal short_pack = good;
  short_pack.pack.pop_back();
  EXPECT_EQ(game.validate_deal(short_pack),
            "the pack must hold the other 20 cards: the 3 board cards, then the stock (got 19)");
  Deal low = good;
  low.hands[0][0] = List("2S")[0];
  EXPECT_NE(game.validate_deal(low).find("not in the 32-card deck"), std::string::npos);
  Deal refill;
  refill.pack = List("7C JD QH TH JS");
  EXPECT_EQ(game.validate_deal(refill), "");
  refill.pack.resize(2);
  EXPECT_EQ(game.validate_deal(refill), "a refilled stock has 3 to 23 cards (got 2)");
  Deal three = good;
  three.hands.pop_back();
  EXPECT_NE(game.validate_deal(three), "");
}

TEST(SchwimmenRecord, AnExplicitDealThatDoesNotFitIsShuffledWithANote) {
  // A deal that leaves out a seat still in the game is not used.
  Table u("players=3", 0, {MakeDeal({"9S 8H 7D", "TS JH 9D", ""}, "7C JD QH")});
  EXPECT_TRUE(HasEvent(u.events, kEveryone,
                       "explicit deal 1 does not fit this hand's seats: not used, the cards are "
                       "shuffled"));
  EXPECT_EQ(u.state.hand(2).size(), 3);
}

}  // namespace
}  // namespace cardroom::schwimmen
