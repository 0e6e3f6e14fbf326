// Back Alley rule tests (DESIGN.md section 8; RULINGS.md section 11).
//
//   BackAlleyRules.*     one or more tests per numbered rule 1-9 and per ruling BA-A1..A11
//   BackAlleyScenario.*  the acceptance scenarios BA-01, 03, 05, 07 and 09
//   BackAlleyRecord.*    records with explicit deals (a redeal included), `replay --json` fields
//   BackAlleyPerft.*     perft counts from fixed explicit deals, checked by hand
//   BackAlleyPlayout.*   the policy's own playout against the trick core's, card by card
//
// Seats: S0..S3 clockwise; partners opposite (team 0 = S0 and S2). With compass names N = 0, E = 1,
// S = 2, W = 3. Cards "AS KH 7D 2C", bloopers "BB" and "LB".
#include "games/back_alley/back_alley.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/any_game.h"
#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/common/test_util.h"

namespace cardroom::back_alley {
namespace {

constexpr Seat kN = 0, kE = 1, kS = 2, kW = 3;

// ---------------------------------------------------------------------------------------------
// Helpers

using testing_util::AllViews;
using testing_util::HasEvent;
using testing_util::LegalTexts;

std::vector<Card> List(std::string_view text) { return testing_util::List(text, card_names()); }

CardSet Set(std::string_view text) { return testing_util::Set(text, card_names()); }

CardSet CardsIn(const nlohmann::json& j) { return testing_util::CardsIn(j, card_names()); }

std::optional<Game> TryGame(const std::string& options, std::string* error) {
  return testing_util::TryGame<Game>("back_alley", options, error);
}

Game MakeGame(const std::string& options) {
  return testing_util::MakeGame<Game>("back_alley", options);
}

Card C(std::string_view text) { return List(text).at(0); }

Deal MakeDeal(const std::vector<std::string>& hands, const std::string& pack) {
  Deal deal;
  for (const auto& h : hands) deal.hands.push_back(List(h));
  deal.pack = List(pack);
  return deal;
}

// A valid deal of h cards in id order (hands round-robin from card 0, the rest as the pack).
Deal FillerDeal(int h) {
  Deal deal;
  deal.hands.resize(kPlayers);
  for (int i = 0; i < kPlayers * h; ++i) deal.hands[i % kPlayers].push_back(static_cast<Card>(i));
  for (int i = kPlayers * h; i < kDeckSize; ++i) deal.pack.push_back(static_cast<Card>(i));
  return deal;
}

std::vector<std::string> Plays(std::string_view cards) {
  std::vector<std::string> out;
  for (Card c : List(cards)) out.push_back("play " + card_text(c, card_names()));
  return out;
}

class Table : public testing_util::RulesTable<Game, State> {
 public:
  Table(const std::string& options, int first_dealer, std::vector<Deal> deals = {},
        std::uint64_t seed = 1)
      : RulesTable(MakeGame(options), std::move(deals), first_dealer, seed) {}

  // Plays until hand index `k` starts: everyone bids board (so never four passes), then the
  // highest legal card.
  void AdvanceToHand(int k) {
    while (!state_.over() && state_.hand_index() < k) {
      MoveList<State::kMaxMoves> moves;
      state_.legal_moves(state_.to_act(), moves);
      Move m = moves[moves.size() - 1];
      for (Move b : moves)
        if (move_kind(b) == kBoardMove) m = b;
      ASSERT_TRUE(Apply(state_.to_act(), m).ok());
    }
  }
};

int Winner(std::string_view cards, int trump) {
  std::vector<Card> trick = List(cards);
  return trick_winner(trick.data(), static_cast<int>(trick.size()), trump);
}

// Deal A (13 cards, spades trump: upcard 2S, bottom 3S). S0 holds AS BB and eleven hearts; S1
// twelve diamonds and 4S; S2 all clubs; S3 spades K-5, LB, AH 2H 2D.
Deal DealA() {
  return MakeDeal(
      {"AS BB KH QH JH TH 9H 8H 7H 6H 5H 4H 3H", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 4S",
       "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "KS QS JS TS 9S 8S 7S 6S 5S LB AH 2H 2D"},
      "2S 3S");
}

// Deal B (spades trump: upcard 2S, bottom 2H): S0 all trumps with BB; S1 LB and hearts.
Deal DealB() {
  return MakeDeal(
      {"BB AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S", "LB AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
       "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"},
      "2S 2H");
}

// Deal D (spades trump: upcard 2S, bottom 2H): S0 both bloopers and diamonds; S1 AS and clubs;
// S2 3S 4S 5S and hearts; S3 spades 6-K and small cards.
Deal DealD() {
  return MakeDeal(
      {"BB LB AD KD QD JD TD 9D 8D 7D 6D 5D 4D", "AS AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
       "3S 4S 5S AH KH QH JH TH 9H 8H 7H 6H 5H", "6S 7S 8S 9S TS JS QS KS 2C 4H 3H 3D 2D"},
      "2S 2H");
}

// ---------------------------------------------------------------------------------------------
// Rules 1-2: seats, teams, deck.

// The policy's own play_out (a trick at a time) draws the same cards and leaves the same
// position as the core's card by card, from random deals, trumps and tricks in progress.
TEST(BackAlleyPlayout, PlayOutMatchesCardByCard) {
  Rng rng(5);
  for (int deal = 0; deal < 20000; ++deal) {
    TrickPlay::Position p;
    p.seats = kPlayers;
    const int size = 1 + static_cast<int>(rng.below(13));
    const int trump = static_cast<int>(rng.below(5));
    p.policy.trump = static_cast<std::uint8_t>(trump == 4 ? kNoSuit : trump);
    // Without trumps (a blooper turned up) no blooper is in a hand (BA-A2).
    const CardSet cards = trump == 4 ? CardSet::standard_deck() : kDeck;
    std::vector<Card> deck(cards.begin(), cards.end());
    rng.shuffle(deck.data(), static_cast<int>(deck.size()));
    for (int i = 0; i < kPlayers * size; ++i) p.hands[i % kPlayers].add(deck[i]);
    p.policy.broken = rng.below(4) == 0;
    p.tricks = static_cast<std::int8_t>(size);
    p.leader = p.to_play = static_cast<std::int8_t>(rng.below(kPlayers));
    Rng before(rng.next());
    for (int k = static_cast<int>(rng.below(6)); k > 0 && !p.over; --k)
      p.play(random_card(p.playable(p.to_play), before));
    TrickPlay::Position a = p, b = p;
    Rng ra = before, rb = before;
    ASSERT_EQ(a.play_out(ra), b.play_out_card_by_card(rb)) << deal;
    ASSERT_TRUE(a == b) << deal;
    ASSERT_TRUE(ra == rb) << deal;
  }
}

TEST(BackAlleyRules, Rule1_PartnersSitOpposite) {
  const Game game = MakeGame("");
  EXPECT_EQ(game.num_seats(), 4);
  const Teams t = game.teams();
  EXPECT_EQ(t.count, 2);
  EXPECT_EQ(t.team_of[0], 0);
  EXPECT_EQ(t.team_of[1], 1);
  EXPECT_EQ(t.team_of[2], 0);
  EXPECT_EQ(t.team_of[3], 1);
}

TEST(BackAlleyRules, Rule2_FiftyFourCardsWithTwoBloopers) {
  EXPECT_EQ(kDeck.size(), 54);
  EXPECT_EQ(card_text(kBigBlooper, card_names()), "BB");
  EXPECT_EQ(card_text(kLittleBlooper, card_names()), "LB");
  EXPECT_EQ(parse_card("bb", card_names()), kBigBlooper);
  EXPECT_EQ(parse_card("LB", card_names()), kLittleBlooper);
  Table t("", 0);
  int cards = t.s().undealt().size() + t.s().out_of_play().size();
  for (Seat s = 0; s < 4; ++s) cards += t.s().hand(s).size();
  EXPECT_EQ(cards, 54);
}

// Rule 3: 26 hands of 13 .. 1, 1 .. 13, dealt one at a time, the deal passing left.

TEST(BackAlleyRules, Rule3_HandSizesAndDealers) {
  Table t("", 2);
  std::vector<int> sizes;
  while (!t.s().over()) {
    const int k = t.s().hand_index();
    sizes.push_back(t.s().hand_size());
    EXPECT_EQ(t.s().dealer(), (2 + k) % 4);
    for (Seat s = 0; s < 4; ++s) EXPECT_EQ(t.s().hand(s).size(), t.s().hand_size());
    t.AdvanceToHand(k + 1);
  }
  ASSERT_EQ(sizes.size(), 26u);
  for (int k = 0; k < 26; ++k) EXPECT_EQ(sizes[k], hand_size_of_hand(k));
  EXPECT_EQ(t.s().rounds_completed(), 26);
}

// Rule 4 / BA-A2: the upcard.

TEST(BackAlleyRules, Rule4_UpcardFixesTrumpBloopersAreTrumps) {
  Table t("", 0, {DealA()});
  EXPECT_EQ(t.s().upcard(), C("2S"));
  EXPECT_EQ(t.s().trump(), kSpades);
  EXPECT_EQ(t.s().view(kN)["trump"], "S");
  EXPECT_EQ(t.s().view(kN)["upcard"], "2S");
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "upcard 2S: trumps are ♠"));
  EXPECT_EQ(effective_suit(kBigBlooper, kHearts), kHearts);
  EXPECT_EQ(Winner("AS BB LB KS", kSpades), 1);
  EXPECT_EQ(Winner("AS LB KS QS", kSpades), 1);
  EXPECT_EQ(Winner("AH LB KH QH", kSpades), 1);  // a blooper trumps a side suit
  EXPECT_EQ(Winner("AH 2S KH QH", kSpades), 1);
  EXPECT_EQ(Winner("2H AD AC KH", kSpades), 3);  // off-suit cards never win
}

TEST(BackAlleyRules, A2_JokerUpcardNoTrumpAndTheOtherJokerSwapsForTheBottomCard) {
  // Upcard BB; S2 holds LB and takes the bottom card 3S.
  Table t("", 0,
          {MakeDeal(
              {"AS KS QS JS TS 9S 8S 7S 6S 5S 4S 2S AH", "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AD",
               "LB KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"},
              "BB 3S")});
  EXPECT_EQ(t.s().trump(), kNoSuit);
  EXPECT_TRUE(t.s().view(kN)["trump"].is_null());
  EXPECT_EQ(t.s().joker_swapper(), kS);
  EXPECT_TRUE(t.s().hand(kS).contains(C("3S")));
  EXPECT_FALSE(t.s().hand(kS).contains(kLittleBlooper));
  EXPECT_EQ(t.s().out_of_play(), Set("BB LB"));
  EXPECT_TRUE(t.s().undealt().empty());
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S2 discards LB and takes the bottom card"));
  EXPECT_TRUE(HasEvent(t.events(), SeatSet::of(kS), "you take 3S"));
  // Only S2 learns which card it took.
  for (Seat s : {kSpectator, kN, kE, kW}) EXPECT_FALSE(CardsIn(t.s().view(s)).contains(C("3S")));
  // No trumps: any card may lead.
  ASSERT_TRUE(t.DoInTurn({"bid 1", "pass", "pass", "pass"}));
  EXPECT_EQ(LegalTexts(t.s(), kE).size(), 13u);
}

TEST(BackAlleyRules, A2_TheSwapIsToldAfterTheHandAsDealt) {
  // S2's hand is first shown as dealt (with LB, without 3S), then the upcard, then the swap.
  Table t("", 0,
          {MakeDeal(
              {"AS KS QS JS TS 9S 8S 7S 6S 5S 4S 2S AH", "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AD",
               "LB KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"},
              "BB 3S")});
  std::vector<std::string> seen;  // what S2 is told, from its hand on
  for (const Event& e : t.events())
    if (e.visible_to_seat(kS) && (e.kind == EventKind::kHand || !seen.empty()))
      seen.push_back(e.text);
  EXPECT_EQ(seen, (std::vector<std::string>{
                      "your hand: 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD LB", "upcard BB: no trumps",
                      "S2 discards LB and takes the bottom card", "you take 3S"}));
}

TEST(BackAlleyRules, A2_NobodyHoldsTheOtherJoker) {
  Table t("", 0,
          {MakeDeal(
              {"AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
               "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"},
              "LB BB")});
  EXPECT_EQ(t.s().trump(), kNoSuit);
  EXPECT_EQ(t.s().joker_swapper(), -1);
  EXPECT_EQ(t.s().undealt(), Set("BB"));
  // Everyone can tell the big blooper is not in any hand.
  for (Seat s = 0; s < 4; ++s) EXPECT_TRUE(t.s().excluded(s).contains(kBigBlooper));
}

TEST(BackAlleyRules, A2_SmallHandsSwapForTheBottomOfTheStock) {
  // Hand 13 (1 card): upcard LB; S0 holds BB and takes the last card of the 50-card stock.
  Deal d;
  d.hands = {List("BB"), List("AS"), List("AH"), List("AD")};
  d.pack.push_back(kLittleBlooper);
  for (Card c = 0; c < 52; ++c)
    if (c != C("AS") && c != C("AH") && c != C("AD") && c != C("2C")) d.pack.push_back(c);
  d.pack.push_back(C("2C"));
  EXPECT_EQ(MakeGame("").validate_deal(d), "");
  std::vector<Deal> deals;
  for (int k = 0; k < 12; ++k) deals.push_back(FillerDeal(hand_size_of_hand(k)));
  deals.push_back(d);
  Table u("", 0, deals);
  u.AdvanceToHand(12);
  ASSERT_EQ(u.s().deals_dealt(), 13);
  EXPECT_EQ(u.s().trump(), kNoSuit);
  EXPECT_EQ(u.s().joker_swapper(), kN);
  EXPECT_EQ(u.s().hand(kN), Set("2C"));
  EXPECT_EQ(u.s().undealt().size(), 54 - 4 - 1 - 1);
}

// Rule 5 / BA-A3, A4, A5: calls and contracts.

TEST(BackAlleyRules, Rule5_OneCallEachFromDealersLeft) {
  Table t("", kW, {DealA()});
  EXPECT_EQ(t.s().to_act(), kN);
  EXPECT_EQ(t.Reject(kE, "pass"), "it is not your turn");
  ASSERT_TRUE(t.Do(kN, "bid 3"));
  EXPECT_EQ(t.s().to_act(), kE);
  ASSERT_TRUE(t.DoInTurn({"pass", "pass", "bid 1"}));
  EXPECT_EQ(t.s().phase(), State::Phase::kPlay);
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S0 bids 3"));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S1 passes"));
}

TEST(BackAlleyRules, A3_NumericBidsOneToHandSizeLessOne) {
  Table t("", kW, {DealA()});
  std::vector<std::string> want;
  for (int b = 1; b <= 12; ++b) want.push_back("bid " + std::to_string(b));
  want.push_back("board");
  want.push_back("pass");
  EXPECT_EQ(LegalTexts(t.s(), kN), want);
  EXPECT_EQ(t.Reject(kN, "bid 13"), "parse: a bid is at most 12");
  // Hand 13 has one card: pass or board only.
  Table u("", 0);
  u.AdvanceToHand(12);
  ASSERT_EQ(u.s().hand_size(), 1);
  EXPECT_EQ(LegalTexts(u.s(), u.s().to_act()), (std::vector<std::string>{"board", "pass"}));
  EXPECT_EQ(u.Reject(u.s().to_act(), "bid 1"),
            "a bid must be 1 to one less than the cards dealt (or board)");
}

TEST(BackAlleyRules, A3_OptionBidsUpToTwelve) {
  Table u("bid_range=up_to_12", 0);
  u.AdvanceToHand(12);
  ASSERT_EQ(u.s().hand_size(), 1);
  EXPECT_EQ(LegalTexts(u.s(), u.s().to_act()),
            (std::vector<std::string>{"bid 1", "board", "pass"}));
  Table t("bid_range=up_to_12", kW, {DealA()});
  EXPECT_EQ(LegalTexts(t.s(), kN).size(), 14u);  // 13 cards: still 1..12
}

TEST(BackAlleyRules, A5_LaterBoardBidsAreTheNextMultiple) {
  Table t("", kW, {DealA()});
  ASSERT_TRUE(t.Do(kN, "board"));
  EXPECT_EQ(t.s().board(kN), 1);
  EXPECT_EQ(t.s().next_board(), 2);
  std::string error;
  EXPECT_EQ(t.s().parse_move(kE, "board", &error), board_move(2));
  EXPECT_EQ(t.s().move_text(board_move(2)), "board");
  EXPECT_EQ(t.s().parse_move(kE, "double board", &error), board_move(2));
  ASSERT_TRUE(t.Do(kE, "board"));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S1 bids double board"));
  ASSERT_TRUE(t.Do(kS, "board"));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S2 bids triple board"));
  ASSERT_TRUE(t.Do(kW, "board"));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S3 bids quadruple board"));
  // A board bid that is not the next multiple is refused.
  Table u("", kW, {DealA()});
  State copy = u.s();
  EXPECT_EQ(std::string(copy.apply(kN, board_move(2), nullptr).error),
            "a board bid must be the next multiple");
}

TEST(BackAlleyRules, A4_TeamContractsSumOrBoard) {
  Table t("", kW, {DealA()});
  ASSERT_TRUE(t.DoInTurn({"bid 3", "bid 2", "board", "bid 4"}));
  EXPECT_EQ(t.s().contract(0), (Contract{13, 1}));  // N's 3 is ignored under S's board
  EXPECT_EQ(t.s().contract(1), (Contract{6, 0}));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S0/S2 contract: board"));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S1/S3 contract: 6"));
}

TEST(BackAlleyRules, A4_BothPartnersBoardTakesTheHigherMultiple) {
  Table t("", kW, {DealA()});
  ASSERT_TRUE(t.DoInTurn({"board", "pass", "board", "pass"}));
  EXPECT_EQ(t.s().contract(0).board, 2);
  EXPECT_EQ(t.s().contract(1), (Contract{0, 0}));
}

// Rule 6: the opening lead.

TEST(BackAlleyRules, Rule6_HighestCallLeadsTiesToTheEarliest) {
  {
    Table t("", kW, {DealA()});
    ASSERT_TRUE(t.DoInTurn({"bid 3", "bid 3", "bid 2", "pass"}));
    EXPECT_EQ(t.s().to_act(), kN);
  }
  {
    Table t("", kW, {DealA()});
    ASSERT_TRUE(t.DoInTurn({"bid 3", "bid 4", "bid 12", "board"}));
    EXPECT_EQ(t.s().to_act(), kW);
  }
  {
    Table t("", kW, {DealA()});
    ASSERT_TRUE(t.DoInTurn({"board", "pass", "board", "pass"}));
    EXPECT_EQ(t.s().to_act(), kS);  // double board outranks board
  }
}

// Rule 7 / BA-A6, A8, A10: play.

TEST(BackAlleyRules, Rule7_FollowSuitVoidMayPlayAnythingNeedNotTrump) {
  Table t("", kW, {DealA()});
  ASSERT_TRUE(t.DoInTurn({"bid 1", "pass", "pass", "pass"}));
  ASSERT_EQ(t.s().to_act(), kN);
  ASSERT_TRUE(t.Do(kN, "play KH"));
  EXPECT_EQ(LegalTexts(t.s(), kE).size(), 13u);  // void in hearts: anything (BA-A10)
  ASSERT_TRUE(t.Do(kE, "play 3D"));              // not trumping is fine
  ASSERT_TRUE(t.Do(kS, "play 2C"));
  EXPECT_EQ(LegalTexts(t.s(), kW), (std::vector<std::string>{"play 2H", "play AH"}));
  EXPECT_EQ(t.Reject(kW, "play LB"), "you must follow suit");
  ASSERT_TRUE(t.Do(kW, "play AH"));
  EXPECT_EQ(t.s().trick_winner_of(0), kW);
  EXPECT_EQ(t.s().team_tricks(1), 1);
  EXPECT_FALSE(t.s().trumps_broken());
  EXPECT_EQ(t.s().to_act(), kW);
  // W leads: trumps (spades, LB) unbroken, W holds hearts and diamonds too.
  EXPECT_EQ(LegalTexts(t.s(), kW), (std::vector<std::string>{"play 2H", "play 2D"}));
  EXPECT_EQ(t.Reject(kW, "play KS"), "trumps are not broken yet");
}

TEST(BackAlleyRules, Rule7_TrumpingBreaksTrumps) {
  Table t("", kW, {DealA()});
  ASSERT_TRUE(t.DoInTurn({"bid 1", "pass", "pass", "pass"}));
  ASSERT_TRUE(t.DoInTurn(Plays("KH 4S 2C 2H")));
  EXPECT_TRUE(t.s().trumps_broken());
  EXPECT_EQ(t.s().trick_winner_of(0), kE);
  EXPECT_EQ(t.s().view(kN)["trumps_broken"], true);
}

TEST(BackAlleyRules, A6_AllTrumpHandMayLeadTrumpAndBreaksThem) {
  Table t("", 0, {DealB()});
  ASSERT_TRUE(t.DoInTurn({"pass", "pass", "pass", "bid 5"}));
  ASSERT_EQ(t.s().to_act(), kN);
  EXPECT_EQ(LegalTexts(t.s(), kN).size(), 13u);
  ASSERT_TRUE(t.Do(kN, "play 3S"));
  EXPECT_TRUE(t.s().trumps_broken());
}

TEST(BackAlleyRules, Rule7_BigBloopLedForcesTheHighestTrump) {
  Table t("", 0, {DealB()});
  ASSERT_TRUE(t.DoInTurn({"pass", "pass", "pass", "bid 5"}));
  ASSERT_TRUE(t.Do(kN, "play BB"));
  EXPECT_EQ(LegalTexts(t.s(), kE), (std::vector<std::string>{"play LB"}));
  EXPECT_EQ(t.Reject(kE, "play AH"), "the big blooper was led: play your highest trump");
  ASSERT_TRUE(t.Do(kE, "play LB"));
  EXPECT_EQ(LegalTexts(t.s(), kS).size(), 13u);  // no trumps: any card (BA-A8)
  ASSERT_TRUE(t.Do(kS, "play 2D"));
  EXPECT_TRUE(t.s().excluded(kS).contains_all(Set("AS KS LB")));  // S showed no trumps
  ASSERT_TRUE(t.Do(kW, "play 2C"));
  EXPECT_EQ(t.s().trick_winner_of(0), kN);
}

TEST(BackAlleyRules, Rule7_LittleBlooperLedForcesTheLowestTrump) {
  Table t("", 0, {DealD()});
  ASSERT_TRUE(t.DoInTurn({"bid 2", "pass", "pass", "pass"}));  // S1 leads
  ASSERT_EQ(t.s().to_act(), kE);
  ASSERT_TRUE(t.DoInTurn(Plays("3C 3S 2C BB")));  // S2 ruffs, S0 overruffs with BB
  EXPECT_EQ(t.s().trick_winner_of(0), kN);
  ASSERT_TRUE(t.Do(kN, "play LB"));
  EXPECT_EQ(LegalTexts(t.s(), kE), (std::vector<std::string>{"play AS"}));
  ASSERT_TRUE(t.Do(kE, "play AS"));
  EXPECT_EQ(LegalTexts(t.s(), kS), (std::vector<std::string>{"play 4S"}));
  EXPECT_EQ(t.Reject(kS, "play 5S"), "the little blooper was led: play your lowest trump");
  ASSERT_TRUE(t.Do(kS, "play 4S"));
  EXPECT_EQ(LegalTexts(t.s(), kW), (std::vector<std::string>{"play 6S"}));
  ASSERT_TRUE(t.Do(kW, "play 6S"));
  EXPECT_EQ(t.s().trick_winner_of(1), kN);
  // What the answers revealed: S3 holds no trump below 6S.
  EXPECT_TRUE(t.s().excluded(kW).contains(C("5S")));
}

TEST(BackAlleyRules, Rule7_LittleBlooperLosesOnlyToALoneBigBlooper) {
  EXPECT_EQ(Winner("LB AS BB 4S", kSpades), 2);
  EXPECT_EQ(Winner("LB AS KS 4S", kSpades), 0);
}

// Rule 8 / BA-A1, A7, A11: scoring.

TEST(BackAlleyRules, Rule8_NumericContracts) {
  EXPECT_EQ(team_points({5, 0}, 5, 13), 25);
  EXPECT_EQ(team_points({5, 0}, 7, 13), 27);  // BA-A1: +1 point per overtrick
  EXPECT_EQ(team_points({5, 0}, 4, 13), -25);
  EXPECT_EQ(team_points({0, 0}, 3, 13), 3);  // BA-A7
  EXPECT_EQ(team_points({0, 0}, 0, 13), 0);
}

TEST(BackAlleyRules, A11_BoardScoresTenTimesMultipleTimesHandSize) {
  EXPECT_EQ(team_points({13, 1}, 13, 13), 130);
  EXPECT_EQ(team_points({13, 1}, 12, 13), -130);
  EXPECT_EQ(team_points({5, 3}, 5, 5), 150);
  EXPECT_EQ(team_points({1, 4}, 0, 1), -40);
}

TEST(BackAlleyRules, Rule8_ScoresAreTeamProperty) {
  Table t("", kW, {DealA()});
  ASSERT_TRUE(t.DoInTurn({"bid 1", "pass", "pass", "pass"}));
  while (t.s().rounds_completed() == 0) {
    MoveList<State::kMaxMoves> moves;
    t.s().legal_moves(t.s().to_act(), moves);
    ASSERT_TRUE(t.Apply(t.s().to_act(), moves[0]).ok());
  }
  const RoundRecord& r = t.s().last_round_record();
  EXPECT_EQ(r.tricks_won[0] + r.tricks_won[1], 13);
  EXPECT_EQ(r.points[0], team_points({1, 0}, r.tricks_won[0], 13));
  EXPECT_EQ(r.points[1], r.tricks_won[1]);
  EXPECT_EQ(t.s().score(kN), t.s().score(kS));
  EXPECT_EQ(t.s().score(kE), t.s().score(kW));
  EXPECT_EQ(t.s().team_score(0), r.points[0]);
}

// Rule 9 / BA-A9: the end.

std::uint64_t FindTiedMatch() {
  const Game game = MakeGame("");
  for (std::uint64_t seed = 0; seed < 200000; ++seed) {
    State s = game.new_match(seed, 0, nullptr);
    Rng rng(seed);
    random_playout(s, rng);
    if (s.winners().size() == 4) return seed;
  }
  return ~std::uint64_t{0};
}

TEST(BackAlleyRules, Rule9_HigherTeamWinsAfter26Hands) {
  Table t("", 1);
  t.AdvanceToHand(100);
  ASSERT_TRUE(t.s().over());
  EXPECT_EQ(t.s().rounds_completed(), 26);
  const SeatSet w = t.s().winners();
  if (t.s().team_score(0) > t.s().team_score(1)) {
    EXPECT_EQ(w, SeatSet(0b0101));
  }
  if (t.s().team_score(1) > t.s().team_score(0)) {
    EXPECT_EQ(w, SeatSet(0b1010));
  }
  State copy = t.s();
  EXPECT_EQ(std::string(copy.apply(0, pass_move(), nullptr).error), "the game is over");
}

TEST(BackAlleyRules, A9_TiesAreSharedOrExtraHands) {
  const std::uint64_t seed = FindTiedMatch();
  ASSERT_NE(seed, ~std::uint64_t{0}) << "no tied match found";
  {
    State s = MakeGame("").new_match(seed, 0, nullptr);
    Rng rng(seed);
    random_playout(s, rng);
    EXPECT_EQ(s.winners(), SeatSet(0b1111));
    EXPECT_EQ(s.team_score(0), s.team_score(1));
  }
  State s = MakeGame("final_tie=extra_hand").new_match(seed, 0, nullptr);
  Rng rng(seed);
  MoveList<State::kMaxMoves> moves;
  while (!s.over()) {
    if (s.hand_index() >= 26) {
      EXPECT_EQ(s.hand_size(), 13);
    }
    moves.clear();
    s.legal_moves(s.to_act(), moves);
    s.apply(s.to_act(),
            moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))], nullptr);
  }
  EXPECT_GT(s.rounds_completed(), 26);
  EXPECT_NE(s.team_score(0), s.team_score(1));
  EXPECT_EQ(s.winners().size(), 2);
}

TEST(BackAlleyRules, OptionsAreValidated) {
  std::string error;
  EXPECT_FALSE(TryGame("bid_range=13", &error));
  EXPECT_NE(error.find("bid_range"), std::string::npos) << error;
  EXPECT_FALSE(TryGame("players=5", &error));
  EXPECT_TRUE(TryGame("bid_range=up_to_12,final_tie=extra_hand", &error)) << error;
}

TEST(BackAlleyRules, MoveText) {
  Table t("", 0);
  std::string error;
  EXPECT_EQ(t.s().parse_move(0, "pass", &error), pass_move());
  EXPECT_EQ(t.s().parse_move(0, "bid 0", &error), pass_move());
  EXPECT_EQ(t.s().parse_move(0, "Bid 12", &error), bid_move(12));
  EXPECT_EQ(t.s().parse_move(0, "board", &error), board_move(1));
  EXPECT_EQ(t.s().parse_move(0, "play bb", &error), play_move(kBigBlooper));
  EXPECT_EQ(t.s().parse_move(0, "LB", &error), play_move(kLittleBlooper));
  EXPECT_EQ(t.s().move_text(play_move(kLittleBlooper)), "play LB");
  EXPECT_EQ(t.s().move_text(bid_move(7)), "bid 7");
  EXPECT_FALSE(t.s().parse_move(0, "bid x", &error));
  EXPECT_FALSE(t.s().parse_move(0, "double", &error));
}

// Views and resampling.

TEST(BackAlleyRules, ViewsNeverShowThePartnersHand) {
  Table t("", kW, {DealA()});
  for (Seat s = 0; s < 4; ++s) {
    const CardSet visible = CardsIn(t.s().view(s));
    EXPECT_TRUE(visible.contains_all(t.s().hand(s)));
    for (Seat o = 0; o < 4; ++o)
      if (o != s) {
        EXPECT_FALSE(visible.intersects(t.s().hand(o))) << s << " sees " << o;
      }
    EXPECT_FALSE(visible.contains(C("3S")));  // the face-down bottom card
  }
  const CardSet spectator = CardsIn(t.s().view(kSpectator));
  EXPECT_EQ(spectator, Set("2S"));
}

TEST(BackAlleyRules, ViewsCallRoundsHands) {
  // The rules speak of hands, not rounds: interfaces say "hand 1 of 26".
  Table t("", kW, {DealA()});
  const nlohmann::json v = t.s().view(kN);
  EXPECT_EQ(v["round_name"], "hand");
  EXPECT_EQ(v["round"], 1);
  EXPECT_EQ(v["rounds"], 26);
}

TEST(BackAlleyRules, ResampleHonoursVoidsAndBlooperAnswers) {
  Table t("", 0, {DealD()});
  ASSERT_TRUE(t.DoInTurn({"bid 2", "pass", "pass", "pass"}));
  ASSERT_TRUE(t.DoInTurn(Plays("3C 3S 2C BB LB AS 4S 6S")));
  Rng rng(5);
  for (int k = 0; k < 200; ++k) {
    const State r = t.s().resample(kN, rng);
    ASSERT_EQ(r.check(), nullptr);
    EXPECT_EQ(r.hand(kN), t.s().hand(kN));
    EXPECT_TRUE(r.hand(kS).in_suit(kClubs).empty());  // S2 failed to follow clubs
    EXPECT_TRUE(r.hand(kN).in_suit(kClubs).empty());
    EXPECT_TRUE((r.hand(kW) & Set("5S")).empty());                       // S3 answered LB with 6S
    EXPECT_TRUE((r.hand(kE) & Set("KS QS JS TS 9S 8S 7S 5S")).empty());  // S1 had only AS
    EXPECT_EQ(r.view(kN), t.s().view(kN));
  }
}

TEST(BackAlleyRules, ResampleKnowsATrumpLedUnbrokenLeftOnlyTrumps) {
  // BA-A6: N leads a trump before trumps are broken, so its hand was all trumps; every world
  // holds it so, and the hand replays in every world (round_replay).
  Table t("", 0, {DealB()});
  ASSERT_TRUE(t.DoInTurn({"pass", "pass", "pass", "bid 5"}));
  ASSERT_TRUE(t.Do(kN, "play AS"));
  Rng rng(5);
  for (int k = 0; k < 50; ++k) {
    const State r = t.s().resample(kE, rng);
    ASSERT_EQ(r.check(), nullptr);
    EXPECT_TRUE((r.hand(kN) - suit_cards(kSpades, kSpades)).empty());
    std::optional<RoundReplay<State>> replay = r.round_replay();
    ASSERT_TRUE(replay);
    for (const auto& [seat, m] : replay->moves)
      ASSERT_TRUE(replay->start.apply(seat, m, nullptr).ok());
    EXPECT_EQ(replay->start, r);
  }
}

TEST(BackAlleyRules, RoundReplayGivesTheCallsAndCardsAsMade) {
  testing_util::ExpectRoundReplaysAsMade("back_alley", 3);
}

// ---------------------------------------------------------------------------------------------
// Acceptance scenarios

TEST(BackAlleyScenario, BA_01_HandSizes) {
  EXPECT_EQ(hand_size_of_hand(0), 13);
  EXPECT_EQ(hand_size_of_hand(1), 12);
  EXPECT_EQ(hand_size_of_hand(12), 1);
  EXPECT_EQ(hand_size_of_hand(13), 1);
  EXPECT_EQ(hand_size_of_hand(14), 2);
  EXPECT_EQ(hand_size_of_hand(25), 13);
  EXPECT_EQ(kHands, 26);
}

TEST(BackAlleyScenario, BA_03_ContractsAndOpeningLead) {
  Table t("", kW, {DealA()});
  ASSERT_TRUE(t.DoInTurn({"bid 3", "bid 4", "bid 2", "pass"}));
  EXPECT_EQ(t.s().contract(0), (Contract{5, 0}));
  EXPECT_EQ(t.s().contract(1), (Contract{4, 0}));
  EXPECT_EQ(t.s().to_act(), kE);
}

TEST(BackAlleyScenario, BA_05_Board) {
  Table t("", kW, {DealA()});
  ASSERT_TRUE(t.DoInTurn({"board", "board", "bid 2", "pass"}));
  EXPECT_EQ(t.s().contract(0).board, 1);
  EXPECT_EQ(t.s().contract(1).board, 2);
  EXPECT_EQ(t.s().to_act(), kE);
  EXPECT_EQ(team_points(t.s().contract(0), 0, 13), -130);
  EXPECT_EQ(team_points(t.s().contract(1), 13, 13), 260);
  EXPECT_EQ(team_points(t.s().contract(0), 1, 13), -130);
  EXPECT_EQ(team_points(t.s().contract(1), 12, 13), -260);
}

TEST(BackAlleyScenario, BA_07_TrumpLeading) {
  // Unbroken, trump and a side card: the side suit only (also with BB as the trump).
  {
    Table t("", kW, {DealA()});
    ASSERT_TRUE(t.DoInTurn({"bid 1", "pass", "pass", "pass"}));
    const auto leads = LegalTexts(t.s(), kN);
    EXPECT_EQ(leads.size(), 11u);
    for (const auto& m : leads) EXPECT_EQ(m.back(), 'H') << m;
  }
  // Unbroken, only trumps: any trump.
  {
    Table t("", 0, {DealB()});
    ASSERT_TRUE(t.DoInTurn({"pass", "pass", "pass", "bid 5"}));
    EXPECT_EQ(LegalTexts(t.s(), kN).size(), 13u);
  }
  // Broken: trumps and side cards alike.
  {
    Table t("", kW, {DealA()});
    ASSERT_TRUE(t.DoInTurn({"bid 1", "pass", "pass", "pass"}));
    ASSERT_TRUE(t.DoInTurn(Plays("KH 4S 2C 2H")));  // E trumps: broken; E leads
    ASSERT_TRUE(t.DoInTurn(Plays("3D 3C 2D BB")));  // N ruffs with BB and leads
    ASSERT_EQ(t.s().to_act(), kN);
    const auto leads = LegalTexts(t.s(), kN);
    EXPECT_NE(std::find(leads.begin(), leads.end(), "play AS"), leads.end());
    EXPECT_NE(std::find(leads.begin(), leads.end(), "play QH"), leads.end());
  }
}

TEST(BackAlleyScenario, BA_09_AllPassRedealBySameDealer) {
  Deal second = DealB();
  Table t("", kW, {DealA(), second});
  ASSERT_TRUE(t.DoInTurn({"pass", "pass", "pass", "pass"}));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "all pass: S3 deals again"));
  EXPECT_EQ(t.s().dealer(), kW);
  EXPECT_EQ(t.s().hand_index(), 0);
  EXPECT_EQ(t.s().hand_size(), 13);
  EXPECT_EQ(t.s().deals_dealt(), 2);
  EXPECT_EQ(t.s().rounds_completed(), 0);
  EXPECT_EQ(t.s().phase(), State::Phase::kBid);
  EXPECT_EQ(t.s().to_act(), kN);
  EXPECT_EQ(t.s().hand(kN), Set("BB AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"));  // deals[1]
}

// ---------------------------------------------------------------------------------------------
// Records

TEST(BackAlleyRecord, ReplayJsonFieldsWithARedeal) {
  register_all_games();
  nlohmann::json record;
  record["game"] = "back_alley";
  record["options"] = nlohmann::json::object();
  record["seed"] = 5u;
  record["first_dealer"] = static_cast<unsigned>(kW);
  record["deals"] = {deal_to_json(DealA(), card_names()), deal_to_json(DealD(), card_names())};
  nlohmann::json moves = nlohmann::json::array();
  for (Seat s : {kN, kE, kS, kW}) moves.push_back({s, "pass"});  // redeal: DealD
  for (auto [s, m] : std::vector<std::pair<Seat, std::string>>{
           {kN, "board"}, {kE, "bid 2"}, {kS, "pass"}, {kW, "pass"}})
    moves.push_back({s, m});
  record["moves"] = moves;
  std::string error;
  auto session = Session::from_record(record, &error);
  ASSERT_TRUE(session) << error;
  ASSERT_EQ(session->state().actors().lowest(), kN);
  // N (BB LB and diamonds) leads: trumps unbroken, so a diamond; play the hand out by first legal.
  while (session->rounds().empty()) {
    const Seat seat = session->state().actors().lowest();
    ASSERT_TRUE(session->play(seat, session->state().legal_moves(seat)[0], &error)) << error;
  }
  const nlohmann::json summary = session->summary();
  ASSERT_TRUE(summary.contains("team_totals"));
  const nlohmann::json& r = summary["rounds"][0];
  EXPECT_EQ(r["round"], 1);
  EXPECT_EQ(r["dealer"], kW);
  EXPECT_EQ(r["hand_size"], 13);
  EXPECT_EQ(r["upcard"], "2S");
  EXPECT_EQ(r["trump"], "S");
  EXPECT_EQ(r["bids"], nlohmann::json({"board", "bid 2", "pass", "pass"}));
  EXPECT_EQ(r["contracts"], nlohmann::json({{{"board", 1}}, {{"tricks", 2}}}));
  EXPECT_EQ(r["tricks"].size(), 13u);
  EXPECT_EQ(r["tricks"][0]["leader"], kN);
  const int ns = r["tricks_won"][0], ew = r["tricks_won"][1];
  EXPECT_EQ(ns + ew, 13);
  EXPECT_EQ(r["points"][0], team_points({13, 1}, ns, 13));
  EXPECT_EQ(r["points"][1], team_points({2, 0}, ew, 13));
  // The score sheet's own columns: each seat's call, each team's contract and tricks.
  EXPECT_EQ(r["sheet"], nlohmann::json::parse(
                            R"([{"title": "calls", "seats": ["board", "2", "pass", "pass"]},
                                      {"title": "bid/took", "teams": ["board/)" +
                            std::to_string(ns) + R"(", "2/)" + std::to_string(ew) + R"("]}])"));
  EXPECT_EQ(summary["team_totals"], nlohmann::json({r["points"][0], r["points"][1]}));
  EXPECT_EQ(summary["totals"],
            nlohmann::json({r["points"][0], r["points"][1], r["points"][0], r["points"][1]}));
  // The record round-trips.
  auto again = Session::from_record(session->record(), &error);
  ASSERT_TRUE(again) << error;
  EXPECT_TRUE(again->state().equals(session->state()));
}

TEST(BackAlleyRecord, BadDealsGiveClearErrors) {
  const Game game = MakeGame("");
  EXPECT_EQ(game.validate_deal(MakeDeal({"AS", "KS", "QS"}, "")),
            "needs 4 hands, one per seat (got 3)");
  Deal d = DealA();
  d.pack.pop_back();
  EXPECT_EQ(game.validate_deal(d), "the pack must list all 2 undealt cards, upcard first (got 1)");
  d = DealA();
  d.pack.back() = kBigBlooper;
  EXPECT_EQ(game.validate_deal(d), "pack: BB appears twice");
  d = DealA();
  d.hands[1].pop_back();
  EXPECT_EQ(game.validate_deal(d),
            "hand of S1 has 12 cards (S0 has 13; all hands are the same size)");
  // A deal of the wrong size for its hand is not used.
  Table t("", 0, {FillerDeal(5)});
  EXPECT_TRUE(HasEvent(t.events(), kEveryone,
                       "explicit deal 1 has hands of 5 cards but this hand deals 13: not used, "
                       "the cards are shuffled"));
}

// ---------------------------------------------------------------------------------------------
// Perft

using testing_util::Perft;

TEST(BackAlleyPerft, BiddingThirteenCards) {
  // 14 calls each (1..12, board at the next multiple, pass): 14^n for n <= 4.
  Table t("", kW, {DealA()});
  const std::vector<std::uint64_t> expected = {1, 14, 196, 2744, 38416};
  for (int d = 0; d < static_cast<int>(expected.size()); ++d)
    EXPECT_EQ(Perft(t.s(), d), expected[d]) << "depth " << d;
}

TEST(BackAlleyPerft, FirstTrickDealA) {
  // N leads one of 11 hearts (trumps unbroken); E and S are void (13 each); W follows with AH or
  // 2H.
  Table t("", kW, {DealA()});
  ASSERT_TRUE(t.DoInTurn({"bid 1", "pass", "pass", "pass"}));
  const std::vector<std::uint64_t> expected = {1, 11, 11 * 13, 11 * 13 * 13, 11 * 13 * 13 * 2};
  for (int d = 0; d < static_cast<int>(expected.size()); ++d)
    EXPECT_EQ(Perft(t.s(), d), expected[d]) << "depth " << d;
}

}  // namespace
}  // namespace cardroom::back_alley
