// Bridge Solitaire: every numbered rule of RULINGS.md section 10 and its rulings, the seed's two
// examples card for card, the acceptance scenarios BS-01..09, views, records and perft counts.
//
//   BridgeSolitaireRules.*     keeping, the house bid, the call, jokers, play against the stock
//   BridgeSolitaireScoring.*   rubber scoring through whole hands, the unfinished rubber
//   BridgeSolitaireExample.*   the seed's examples 1 and 2 (also tests/records/)
//   BridgeSolitaireView.*      what the player and a spectator see
//   BridgeSolitairePerft.*     move-sequence counts from fixed deals
#include "games/bridge_solitaire/bridge_solitaire.h"

#include <gtest/gtest.h>

#include "core/session.h"
#include "games/common/test_paths.h"
#include "games/common/test_util.h"

namespace cardroom::bridge_solitaire {
namespace {

using bridge::Bid;
using bridge::Doubling;
using testing_util::HasEvent;
using testing_util::LegalTexts;

Game MakeGame(const std::string& options) {
  return testing_util::MakeGame<Game>("bridge_solitaire", options);
}
CardSet S(std::string_view text) { return testing_util::Set(text, card_names()); }
std::vector<Card> L(std::string_view text) { return testing_util::List(text, card_names()); }

// A deal: the 13 face-up cards, the 7 face-down cards, and the top of the stock; the rest of the
// deck follows in card-id order.
Deal MakeDeal(std::string_view face_up, std::string_view face_down, std::string_view stock_top) {
  Deal d;
  d.hands = {L(face_up)};
  d.piles["face_down"] = {L(face_down)};
  d.pack = L(stock_top);
  CardSet used = S(face_up) | S(face_down) | S(stock_top);
  for (Card c : kDeck - used) d.pack.push_back(c);
  return d;
}

// A match driven through the typed API with events on and explicit deals.
// The one player sits at seat 0.
class Table : public testing_util::RulesTable<Game, State> {
 public:
  Table(const std::string& options, std::vector<Deal> deals, std::uint64_t seed = 1)
      : RulesTable(MakeGame(options), std::move(deals), -1, seed) {}

  bool Do(std::string_view text) { return RulesTable::Do(0, text); }
  bool DoAll(const std::vector<std::string>& moves) {
    for (const auto& m : moves)
      if (!Do(m)) return false;
    return true;
  }
  // A move that must be refused: nothing changes; returns the reason.
  std::string Reject(std::string_view text) { return RulesTable::Reject(0, text); }
  // Keeps `cards` and lays `top` on the discard pile.
  bool Choose(std::string_view cards, std::string_view top) {
    for (Card c : L(cards))
      if (!Do("keep " + card_text(c, card_names()))) return false;
    return Do("discard " + std::string(top));
  }
  bool HasText(const std::string& text) const { return HasEvent(events_, kEveryone, text); }
};

// The seed's example 1 (see BridgeSolitaireExample.One): the stock cards the text leaves unnamed
// are chosen to fit it (high cards of other suits turned before the 2, 6 and 7 of clubs).
Deal ExampleOneDeal() {
  return MakeDeal("JS TS 7S 2S 9D AC KC TC 8C QH 8H 5H 4H", "QC JC 7H 9S 4S 3D J1",
                  "3C 7D 5D AH 9C KD AS 2C QS KH 6C AD JH 7C TD 4C KS 4D QD 2H J2 6D 5C");
}
const std::vector<std::string> kExampleOneMoves = {
    "keep AC", "keep KC", "keep TC", "keep 8C", "keep QH", "keep 8H", "discard JS",
    "bid 1C",  "play 8C", "play AC", "play KC", "play QC", "play JC", "play QH",
    "play 4S", "play 3D", "play J1", "play 7H", "play 9S", "play TC", "play 8H"};

Deal ExampleTwoDeal() {
  return MakeDeal("AH TH 3H 2H 7D 6D 2D KC 4C 2C TS 5S 4S", "QH 3D 3C AS 9S 3S J1", "JH QD J2");
}
const std::vector<std::string> kExampleTwoMoves = {"keep AH", "keep TH", "keep 3H",    "keep 2H",
                                                   "keep KC", "keep 4C", "discard 7D", "bid 1H",
                                                   "play QH", "play AH"};

// ---------------------------------------------------------------------------------------------
// Rules

TEST(BridgeSolitaireRules, TheDeckHasFiftyFourCardsDealtSevenThirteenAndThirtyFour) {
  EXPECT_EQ(kDeck.size(), 54);
  const Game game = MakeGame("");
  std::vector<Deal> dealt;
  ApplyContext ctx{nullptr, {}, &dealt};
  const State s = game.new_match(11, -1, &ctx);
  ASSERT_EQ(dealt.size(), 1u);
  EXPECT_EQ(dealt[0].hands[0].size(), 13u);
  EXPECT_EQ(dealt[0].piles.at("face_down")[0].size(), 7u);
  EXPECT_EQ(dealt[0].pack.size(), 34u);
  EXPECT_EQ(game.validate_deal(dealt[0]), "");
  EXPECT_EQ(s.face_up().size(), 13);
  EXPECT_EQ(s.stock_left(), 34);
  EXPECT_EQ(s.phase(), State::Phase::kKeep);
  EXPECT_EQ(s.check(), nullptr);
}

TEST(BridgeSolitaireRules, BadDealsAreRefusedWithTheReason) {
  const Game game = MakeGame("");
  Deal d = ExampleOneDeal();
  EXPECT_EQ(game.validate_deal(d), "");
  Deal short_stock = d;
  short_stock.pack.pop_back();
  EXPECT_NE(game.validate_deal(short_stock).find("34 cards"), std::string::npos);
  Deal no_down = d;
  no_down.piles.clear();
  EXPECT_NE(game.validate_deal(no_down).find("face_down"), std::string::npos);
  Deal twice = d;
  twice.pack[0] = twice.hands[0][0];
  EXPECT_NE(game.validate_deal(twice).find("twice"), std::string::npos);
  Deal small = d;
  small.hands[0].pop_back();
  EXPECT_NE(game.validate_deal(small).find("13"), std::string::npos);
}

TEST(BridgeSolitaireRules, SixCardsAreKeptOneAtATimeThenTheTopDiscardIsChosen) {
  Table t("", {ExampleOneDeal()});
  EXPECT_EQ(LegalTexts(t.s(), 0).size(), 13u);
  EXPECT_EQ(t.Reject("keep QC"), "you may keep only a card lying face up");  // face down
  EXPECT_EQ(t.Reject("discard JS"),
            "keep six cards first; then choose the top of the discard pile");
  EXPECT_EQ(t.Reject("bid 1C"), "choose your hand first");
  EXPECT_EQ(t.Reject("play AC"), "it is not time to play a card");
  ASSERT_TRUE(t.DoAll({"keep AC", "keep KC", "keep TC", "keep 8C", "keep QH"}));
  EXPECT_EQ(t.Reject("keep AC"), "you may keep only a card lying face up");
  ASSERT_TRUE(t.Do("keep 8H"));
  EXPECT_EQ(t.s().phase(), State::Phase::kDiscard);
  EXPECT_EQ(t.Reject("keep JS"), "the six cards are already kept");
  EXPECT_EQ(LegalTexts(t.s(), 0),
            (std::vector<std::string>{"discard 2S", "discard 7S", "discard TS", "discard JS",
                                      "discard 4H", "discard 5H", "discard 9D"}));
  EXPECT_EQ(t.Reject("discard AC"),
            "the top of the discard pile must be one of the cards not kept");
  ASSERT_TRUE(t.Do("discard JS"));
  EXPECT_EQ(t.s().discard_top(), *parse_card("JS"));
  EXPECT_EQ(t.s().discards(), S("JS TS 7S 2S 9D 5H 4H"));
  // The face-down cards join the hand (rule 2).
  EXPECT_EQ(t.s().hand(0), S("AC KC QC JC TC 8C QH 8H 7H 9S 4S 3D J1"));
  EXPECT_TRUE(t.HasText("S0 discards 2S 7S TS JS 4H 5H 9D, JS on top"));
}

TEST(BridgeSolitaireRules, FaceUpJokersMustBeKept) {
  Table t("", {MakeDeal("J1 J2 AS KS QS JS TS 9S 8S 7S 6S 5S 4S", "AH KH QH JH TH 9H 8H", "")});
  ASSERT_TRUE(t.DoAll({"keep AS", "keep KS", "keep QS"}));
  // Three picks left and two jokers: a fourth spade still leaves room for both.
  ASSERT_TRUE(t.Do("keep JS"));
  EXPECT_EQ(LegalTexts(t.s(), 0), (std::vector<std::string>{"keep J1", "keep J2"}));
  EXPECT_EQ(t.Reject("keep TS"), "the jokers face up must be kept");
  ASSERT_TRUE(t.DoAll({"keep J2", "keep J1"}));
  EXPECT_EQ(t.s().phase(), State::Phase::kDiscard);
}

TEST(BridgeSolitaireRules, WinningTricksFollowTheSeedsExamples) {
  // BS-A2: A-Q-10-9D 2; A-K-Q-J-10-8C 5; Q-8-7H 1; A-Q-10-3-2H 3; K-4-3C 1; A-9-3S 1.
  auto winners = [](std::string_view hand) {
    const CardSet h = S(hand);
    return winning_tricks(h, CardSet::standard_deck() - h);
  };
  EXPECT_EQ(winners("AD QD TD 9D")[kDiamonds], 2);
  EXPECT_EQ(winners("AC KC QC JC TC 8C")[kClubs], 5);
  EXPECT_EQ(winners("QH 8H 7H")[kHearts], 1);
  EXPECT_EQ(winners("AH QH TH 3H 2H")[kHearts], 3);
  EXPECT_EQ(winners("KC 4C 3C")[kClubs], 1);
  EXPECT_EQ(winners("AS 9S 3S")[kSpades], 1);
  EXPECT_EQ(winners("KC")[kClubs], 0);
  EXPECT_EQ(winners("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")[kSpades], 13);
}

TEST(BridgeSolitaireRules, HouseBidFromTheSeedsSecondExample) {
  // BS-01: W = 3 + 0 + 1 + 1 = 5; diamonds are shortest: 1D.
  const CardSet hand = S("AH QH TH 3H 2H 3D KC 4C 3C AS 9S 3S J1");
  const auto w = winning_tricks(hand, CardSet::standard_deck() - hand);
  EXPECT_EQ(w[kHearts], 3);
  EXPECT_EQ(w[kDiamonds], 0);
  EXPECT_EQ(w[kClubs], 1);
  EXPECT_EQ(w[kSpades], 1);
  const auto bid = house_bid(hand, CardSet::standard_deck() - hand, ShortTie::kHigher);
  ASSERT_TRUE(bid);
  EXPECT_EQ(bridge::bid_text(*bid), "1D");
}

TEST(BridgeSolitaireRules, HouseBidsSixLessWinnersInTheShortestSuitOrPasses) {
  const CardSet outside_of_nothing = CardSet::standard_deck();
  // No winners at all: the house bids 6 (BS-A4) in the shortest suit, clubs.
  const CardSet weak = S("2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 2C 3C");
  EXPECT_EQ(bridge::bid_text(*house_bid(weak, outside_of_nothing - weak, ShortTie::kHigher)), "6C");
  // BS-A3: equally short diamonds and clubs: the higher (diamonds), or the lower by option.
  const CardSet tie = S("2S 3S 4S 5S 2H 3H 4H 5H 6H 2D 3D 2C 3C");
  EXPECT_EQ(shortest_suit(tie, ShortTie::kHigher), kDiamonds);
  EXPECT_EQ(shortest_suit(tie, ShortTie::kLower), kClubs);
  // Jokers do not count towards length: 3 spades + joker is still a 3-card suit.
  EXPECT_EQ(shortest_suit(S("AS KS QS J1 AH KH QH JH AD KD QD JD TD"), ShortTie::kHigher), kClubs);
  // Six winners or more: the house passes.
  const CardSet strong = S("AS KS QS AH KH QH 2D 3D 4D 5D 2C 3C 4C");
  EXPECT_FALSE(house_bid(strong, outside_of_nothing - strong, ShortTie::kHigher));
}

TEST(BridgeSolitaireRules, WinnersAgainstOnlyTheUndiscardedCardsIsAnOption) {
  // BS-A1 [flag]: with the K and Q of hearts in the discards, AJ-doubleton... A J 2H: the
  // ruling counts A (K takes 2, Q takes J): 1; against the undiscarded cards A and J win: 2.
  const CardSet hand = S("AH JH 2H");
  const CardSet discards = S("KH QH");
  const CardSet outside = CardSet::standard_deck() - hand;
  EXPECT_EQ(winning_tricks(hand, outside)[kHearts], 1);
  EXPECT_EQ(winning_tricks(hand, outside - discards)[kHearts], 2);
  // Through the game: AH JH 2H kept, KH QH discarded. W = 1 + 3 (AKQ of spades) = 4 and the
  // house bids 2S (spades, hearts and clubs are equally short: the highest); not counting the
  // discards, W = 5 and the house bids 1S.
  const Deal deal = MakeDeal("AH JH 2H AS KS QS KH QH 2C 3C 4C 5C 6C", "2D 3D 4D 5D 7C 8C 9C", "");
  Table all("", {deal});
  Table undiscarded("winners_against=undiscarded", {deal});
  for (Table* t : {&all, &undiscarded}) ASSERT_TRUE(t->Choose("AH JH 2H AS KS QS", "KH"));
  EXPECT_EQ(bridge::bid_text(*all.s().house_bid()), "2S");
  EXPECT_EQ(bridge::bid_text(*undiscarded.s().house_bid()), "1S");
}

TEST(BridgeSolitaireRules, NoTrumpNeedsOneOfThreeDistributions) {
  // BS-03.
  EXPECT_TRUE(no_trump_allowed(S("AS KS QS JS AH KH QH AD KD QD AC KC QC")));   // 4-3-3-3
  EXPECT_FALSE(no_trump_allowed(S("AS KS QS JS TS AH KH QH AD KD QD AC KC")));  // 5-3-3-2
  EXPECT_TRUE(no_trump_allowed(S("AS KS QS AH KH QH AD KD QD AC KC QC J1")));   // 3-3-3-3 + J
  EXPECT_TRUE(no_trump_allowed(S("AS KS QS AH KH QH AD KD QD AC KC J1 J2")));   // 3-3-3-2 + JJ
  EXPECT_FALSE(no_trump_allowed(S("AS KS QS JS AH KH QH AD KD QD AC KC J1")));  // 4-3-3-2 + J
}

TEST(BridgeSolitaireRules, ThePlayersCall) {
  Table t("", {ExampleTwoDeal()});
  ASSERT_TRUE(t.Choose("AH TH 3H 2H KC 4C", "7D"));
  EXPECT_TRUE(t.HasText("the house bids 1♦"));
  EXPECT_EQ(t.s().phase(), State::Phase::kCall);
  // Above 1D, any suit bid; no NT with 5-1-3-3 + joker; pass.
  const auto legal = LegalTexts(t.s(), 0);
  EXPECT_EQ(legal.front(), "bid 1H");
  EXPECT_EQ(legal.back(), "pass");
  EXPECT_EQ(legal.size(), 1u + 2 + 6 * 4);  // 1H 1S, 2C..7S, pass
  EXPECT_EQ(t.Reject("bid 1D"), "a bid must be higher than the house's 1D");
  EXPECT_EQ(t.Reject("bid 1C"), "a bid must be higher than the house's 1D");
  EXPECT_EQ(t.Reject("bid 2NT"),
            "no trump needs a 4-3-3-3 hand, 3-3-3-3 with a joker or 3-3-3-2 with both jokers");
  std::string error;
  EXPECT_FALSE(t.s().parse_move(0, "bid 0NT", &error));
  EXPECT_EQ(error, "the lowest bid in Bridge Solitaire is 1C (there is no 0NT)");
  EXPECT_FALSE(t.s().parse_move(0, "double", &error));
  EXPECT_EQ(error, "Bridge Solitaire has no doubles: your jokers double or redouble the contract");
  EXPECT_FALSE(t.s().parse_move(0, "redouble", &error));
  EXPECT_FALSE(t.s().parse_move(0, "bid 8S", &error));
  EXPECT_NE(error.find("is not a bid"), std::string::npos);
}

TEST(BridgeSolitaireRules, WhenTheHousePassesThePlayerMustBid) {
  Table t("", {ExampleOneDeal()});
  ASSERT_TRUE(t.Choose("AC KC TC 8C QH 8H", "JS"));
  EXPECT_TRUE(t.HasText("the house passes"));
  const auto legal = LegalTexts(t.s(), 0);
  EXPECT_EQ(legal.front(), "bid 1C");
  EXPECT_EQ(legal.size(), 7u * 4);  // every suit bid, no NT (6-3-2-1 + joker), no pass
  EXPECT_EQ(t.Reject("pass"), "the house passed: you must bid");
}

TEST(BridgeSolitaireRules, JokersDoubleOrRedoubleWhoeverDeclares) {
  EXPECT_EQ(joker_doubling(S("AS")), Doubling::kNone);
  EXPECT_EQ(joker_doubling(S("AS J2")), Doubling::kDoubled);
  EXPECT_EQ(joker_doubling(S("J1 J2")), Doubling::kRedoubled);
  // BS-A9: the house's contract is doubled too when the player passes holding a joker.
  Table t("", {ExampleTwoDeal()});
  ASSERT_TRUE(t.Choose("AH TH 3H 2H KC 4C", "7D"));
  ASSERT_TRUE(t.Do("pass"));
  EXPECT_EQ(bridge::contract_text(t.s().contract()), "1DX");
  EXPECT_EQ(t.s().contract().declarer, kHouse);
  EXPECT_TRUE(t.HasText("contract 1♦X by the house"));
  // The defender leads first: the player.
  EXPECT_EQ(t.s().trick_size(), 0);
  EXPECT_EQ(t.s().stock_left(), 34);
}

// A hand of 13 hearts: the house passes; stock as given.
Deal HeartsDeal(std::string_view stock_top) {
  return MakeDeal("AH KH QH JH TH 9H 2C 3C 4C 5C 6C 7C 8C", "8H 7H 6H 5H 4H 3H 2H", stock_top);
}

TEST(BridgeSolitaireRules, TheHouseLeadsTheTopStockCardAndThePlayerFollows) {
  Table t("", {ExampleOneDeal()});
  ASSERT_TRUE(t.Choose("AC KC TC 8C QH 8H", "JS"));
  ASSERT_TRUE(t.Do("bid 1C"));
  // The player declares: the house (defender) leads the top stock card, 3C.
  EXPECT_TRUE(t.HasText("the house plays 3C"));
  EXPECT_EQ(LegalTexts(t.s(), 0), (std::vector<std::string>{"play 8C", "play TC", "play JC",
                                                            "play QC", "play KC", "play AC"}));
  EXPECT_EQ(t.Reject("play QH"), "you must follow suit");
  EXPECT_EQ(t.Reject("play J1"), "you must follow suit");  // a joker only when void
  EXPECT_EQ(t.Reject("play 2S"), "you do not hold that card");
}

TEST(BridgeSolitaireRules, APlayerLeadTurnsStockCardsUntilAValidOne) {
  // Rule 6, suit contract: valid = the suit led, a trump or a joker; invalid cards leave play.
  Table t("", {ExampleOneDeal()});
  ASSERT_TRUE(t.Choose("AC KC TC 8C QH 8H", "JS"));
  ASSERT_TRUE(t.DoAll({"bid 1C", "play 8C", "play AC"}));
  EXPECT_TRUE(t.HasText("the house turns 7D 5D AH: no play"));
  EXPECT_TRUE(t.HasText("the house plays 9C"));
  EXPECT_EQ(t.s().turned(), S("7D 5D AH"));
  EXPECT_EQ(t.s().player_tricks(), 2);
}

TEST(BridgeSolitaireRules, NoTrumpTurnsAtMostFourCards) {
  // BS-05: 2NT, the player leads QH; the stock runs 3D 4C 9S KD 2H: four turned, none valid, the
  // player wins by default and 2H is next.
  Table t("", {MakeDeal("AS KS QS AH KH QH 2S 3S 4S 5S 6S 7S 8S", "JH AD QD JD AC KC QC",
                        "2C 3D 4C 9S KD 2H")});
  ASSERT_TRUE(t.Choose("AS KS QS AH KH QH", "8S"));
  EXPECT_FALSE(t.s().house_bid());
  ASSERT_TRUE(t.DoAll({"bid 2NT", "play QC"}));  // the house led 2C
  EXPECT_EQ(t.s().player_tricks(), 1);
  const int stock = t.s().stock_left();
  ASSERT_TRUE(t.Do("play QH"));
  EXPECT_EQ(stock - t.s().stock_left(), 4);
  EXPECT_EQ(t.s().turned(), S("3D 4C 9S"));
  EXPECT_EQ(t.s().player_tricks(), 2);
  EXPECT_TRUE(t.HasText("trick 2 to S0 (QH)"));
  // The next stock card is 2H: the player leads again and the house finds it at once.
  ASSERT_TRUE(t.Do("play JH"));
  EXPECT_TRUE(t.HasText("the house plays 2H"));
}

TEST(BridgeSolitaireRules, JokersInPlay) {
  // The house leads a joker: the player may play anything; the other joker wins it.
  {
    Table t("", {MakeDeal("AS KS QS J2 AH KH QH JH TH 9H 8H 7H 6H", "5H 4H 3H 2H AD KD AC",
                          "J1 2S 3S")});
    ASSERT_TRUE(t.Choose("J2 AS KS QS AH KH", "6H"));
    ASSERT_TRUE(t.Do("bid 1S"));  // doubled by the joker
    EXPECT_TRUE(t.HasText("the house plays J1"));
    EXPECT_EQ(LegalTexts(t.s(), 0).size(), 13u);  // anything
    ASSERT_TRUE(t.Do("play J2"));
    EXPECT_TRUE(t.HasText("trick 1 to S0 (J2)"));
  }
  {
    Table t("", {MakeDeal("AS KS QS J2 AH KH QH JH TH 9H 8H 7H 6H", "5H 4H 3H 2H AD KD AC",
                          "J1 2S 3S")});
    ASSERT_TRUE(t.Choose("J2 AS KS QS AH KH", "6H"));
    ASSERT_TRUE(t.DoAll({"bid 1S", "play AS"}));
    EXPECT_TRUE(t.HasText("trick 1 to the house (J1)"));  // any other answer loses
  }
}

TEST(BridgeSolitaireRules, AJokerFollowsOnlyWhenVoidAndLoses) {
  Table t("",
          {MakeDeal("AS KS QS J2 AH KH QH JH TH 9H 8H 7H 6H", "5H 4H 3H 2H AD KD QD", "2C 3S 4S")});
  ASSERT_TRUE(t.Choose("J2 AS KS QS AH KH", "6H"));
  ASSERT_TRUE(t.Do("bid 1S"));
  // The house led 2C; the player has no clubs: anything, a joker included.
  EXPECT_EQ(LegalTexts(t.s(), 0).size(), 13u);
  ASSERT_TRUE(t.Do("play J2"));
  EXPECT_TRUE(t.HasText("trick 1 to the house (2C)"));
  // The house leads again (3S); the player follows with a spade.
  EXPECT_EQ(t.Reject("play AH"), "you must follow suit");
  ASSERT_TRUE(t.Do("play AS"));
  EXPECT_TRUE(t.HasText("trick 2 to S0 (AS)"));
}

TEST(BridgeSolitaireRules, AJokerLeadLosesToTheTopStockCard) {
  Table t("",
          {MakeDeal("AS KS QS J2 AH KH QH JH TH 9H 8H 7H 6H", "5H 4H 3H 2H AD KD QD", "2S 2C 3C")});
  ASSERT_TRUE(t.Choose("J2 AS KS QS AH KH", "6H"));
  ASSERT_TRUE(t.DoAll({"bid 1S", "play AS"}));  // the house led 2S: the player leads next
  ASSERT_TRUE(t.Do("play J2"));
  EXPECT_TRUE(t.HasText("the house plays 2C"));
  EXPECT_TRUE(t.HasText("trick 2 to the house (2C)"));
}

TEST(BridgeSolitaireRules, TheLastStockCardIsTheHousesPlayValidOrNot) {
  // Rule 7 / BS-A7: 13 hearts, 1H by the player. Stock: 9C, J1, J2, 2D, then 30 cards with no
  // heart. T1 9C (ruffed), T2 3H led: J1 wins it; T3 J2 led; T4 2D led (ruffed); T5 6H led: the
  // house turns the other 30, the last (AC) is its play and loses. The stock is out: the 8 cards
  // left count as the player's tricks: 3 + 8 = 11.
  Table t("", {HeartsDeal("9C J1 J2 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2S 3S 4S 5S 6S 7S 8S "
                          "9S TS JS QS KS AS TC JC QC KC AC")});
  ASSERT_TRUE(t.Choose("AH KH QH JH TH 9H", "8C"));
  EXPECT_FALSE(t.s().house_bid());  // 13 winners
  ASSERT_TRUE(t.DoAll({"bid 1H", "play 2H", "play 3H", "play 4H", "play 5H"}));
  EXPECT_EQ(t.s().stock_left(), 30);
  EXPECT_EQ(t.s().round_index(), 0);
  ASSERT_TRUE(t.Do("play 6H"));
  // The hand is over.
  EXPECT_EQ(t.s().round_index(), 1);
  const RoundRecord& r = t.s().last_round_record();
  EXPECT_EQ(r.tricks, 5);
  EXPECT_EQ(r.player_tricks, 11);
  EXPECT_EQ(r.turned.size(), 29);
  EXPECT_EQ(r.history.cards[4][1], *parse_card("AC"));
  EXPECT_EQ(r.history.winner[4], kPlayer);
  EXPECT_TRUE(t.HasText("the stock is out: S0 counts 8 cards left as tricks"));
  // 1H made with 4 overtricks: 30 below, 120 above, and 150 honours (all five hearts).
  EXPECT_EQ(t.s().rubber().below(0), 30);
  EXPECT_EQ(t.s().rubber().above(0), 120 + 150);
}

TEST(BridgeSolitaireRules, HonoursScoreForThePlayerEvenWhenTheContractFails) {
  // BS-A8 / rule 8: 13 hearts, 7H by the player; the house's jokers take two tricks (the stock of
  // TheLastStockCard...): down 2, 100 to THEY, and still 150 honours to WE.
  Table t("", {HeartsDeal("9C J1 J2 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2S 3S 4S 5S 6S 7S 8S "
                          "9S TS JS QS KS AS TC JC QC KC AC")});
  ASSERT_TRUE(t.Choose("AH KH QH JH TH 9H", "8C"));
  ASSERT_TRUE(t.DoAll({"bid 7H", "play 2H", "play 3H", "play 4H", "play 5H", "play 6H"}));
  const RoundRecord& r = t.s().last_round_record();
  EXPECT_EQ(r.player_tricks, 11);
  EXPECT_EQ(t.s().rubber().above(1), 100);
  EXPECT_EQ(t.s().rubber().above(0), 150);
  EXPECT_EQ(t.s().rubber().below(0), 0);
}

TEST(BridgeSolitaireRules, TheHouseNeverBidsNoTrump) {
  // BS-A13, over many random 13-card hands: a suit bid (1 to 6) or a pass.
  Rng rng(3);
  for (int k = 0; k < 2000; ++k) {
    std::array<Card, kDeckSize> deck = card_ids<kDeckSize>();
    rng.shuffle(deck.data(), kDeckSize);
    CardSet hand;
    for (int i = 0; i < kHand; ++i) hand.add(deck[i]);
    const auto bid = house_bid(hand, CardSet::standard_deck() - hand, ShortTie::kHigher);
    if (!bid) continue;
    EXPECT_TRUE(bid->is_suit());
    EXPECT_GE(bid->level, 1);
    EXPECT_LE(bid->level, 6);
    EXPECT_EQ(bid->suit(), shortest_suit(hand, ShortTie::kHigher));
  }
}

// ---------------------------------------------------------------------------------------------
// The seed's examples

TEST(BridgeSolitaireExample, One) {
  Table t("", {ExampleOneDeal()});
  ASSERT_TRUE(t.DoAll(kExampleOneMoves));
  EXPECT_EQ(t.s().round_index(), 1);  // the rubber goes on
  const RoundRecord& r = t.s().last_round_record();
  EXPECT_FALSE(r.house_bid);
  EXPECT_EQ(bridge::contract_text(r.contract), "1CX");
  EXPECT_EQ(r.contract.declarer, kPlayer);
  EXPECT_EQ(r.hand, S("AC KC QC JC TC 8C QH 8H 7H 9S 4S 3D J1"));
  EXPECT_EQ(r.player_tricks, 7);
  EXPECT_EQ(r.tricks, 13);
  // Trick by trick: who won each (the seed's commentary).
  const int winners[13] = {0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 0, 1};
  for (int i = 0; i < 13; ++i) EXPECT_EQ(r.history.winner[i], winners[i]) << "trick " << i + 1;
  // 40 below the line; 150 honours and 50 insult above.
  EXPECT_EQ(t.s().rubber().below(0), 40);
  EXPECT_EQ(t.s().rubber().above(0), 200);
  EXPECT_EQ(t.s().rubber().total(1), 0);
  EXPECT_EQ(t.s().score(0), 240);
  EXPECT_TRUE(t.HasText("1♣X made with 7 tricks"));
  EXPECT_TRUE(t.HasText("WE below the line, contract: 40"));
  EXPECT_TRUE(t.HasText("WE above the line, insult: 50"));
  EXPECT_TRUE(t.HasText("WE above the line, honours: 150"));
  EXPECT_TRUE(t.HasText("the house turns 7D 5D AH: no play"));
  const nlohmann::json j = t.s().last_round(0);
  EXPECT_EQ(j["contract"]["text"], "1♣X");
  EXPECT_EQ(j["declarer"], "player");
  EXPECT_EQ(j["house_bid"], "pass");
  EXPECT_EQ(j["tricks_won"], nlohmann::json::array({7}));
  EXPECT_EQ(j["honours"], 150);
  EXPECT_EQ(j["lines"], nlohmann::json::parse(R"([
      {"side": "WE", "line": "below", "kind": "contract", "points": 40},
      {"side": "WE", "line": "above", "kind": "insult", "points": 50},
      {"side": "WE", "line": "above", "kind": "honours", "points": 150}])"));
  EXPECT_EQ(j["points"], nlohmann::json::array({240}));
}

TEST(BridgeSolitaireExample, Two) {
  // BS-01 in play: the house bids 1D; the player bids 1H, doubled by the joker; the house leads
  // JH and the QH wins; the AH is led, the house turns QD (no play) and the other joker wins.
  Table t("", {ExampleTwoDeal()});
  ASSERT_TRUE(
      t.DoAll({"keep AH", "keep TH", "keep 3H", "keep 2H", "keep KC", "keep 4C", "discard 7D"}));
  EXPECT_EQ(t.s().hand(0), S("AH QH TH 3H 2H 3D KC 4C 3C AS 9S 3S J1"));
  ASSERT_TRUE(t.s().house_bid());
  EXPECT_EQ(bridge::bid_text(*t.s().house_bid()), "1D");
  ASSERT_TRUE(t.Do("bid 1H"));
  EXPECT_EQ(bridge::contract_text(t.s().contract()), "1HX");
  EXPECT_TRUE(t.HasText("the house plays JH"));
  ASSERT_TRUE(t.Do("play QH"));
  EXPECT_TRUE(t.HasText("trick 1 to S0 (QH)"));
  ASSERT_TRUE(t.Do("play AH"));
  EXPECT_TRUE(t.HasText("the house turns QD: no play"));
  EXPECT_TRUE(t.HasText("the house plays J2"));
  EXPECT_TRUE(t.HasText("trick 2 to the house (J2)"));
  EXPECT_EQ(t.s().player_tricks(), 1);
}

// ---------------------------------------------------------------------------------------------
// Scoring through whole hands

TEST(BridgeSolitaireScoring, HouseContractsScoreForThey) {
  // The player passes 1D with a joker: 1DX by the house. The player then takes every trick it
  // can with hand 2's cards; whatever happens, the lines add up to the rubber's totals.
  Table t("", {ExampleTwoDeal()});
  ASSERT_TRUE(t.Choose("AH TH 3H 2H KC 4C", "7D"));
  ASSERT_TRUE(t.Do("pass"));
  while (t.s().round_index() == 0) {
    MoveList<State::kMaxMoves> moves;
    t.s().legal_moves(0, moves);
    ASSERT_FALSE(moves.empty());
    ASSERT_TRUE(t.Do(t.s().move_text(moves[0])));
  }
  const RoundRecord& r = t.s().last_round_record();
  EXPECT_EQ(r.contract.declarer, kHouse);
  const int house_tricks = kHand - r.player_tricks;
  if (house_tricks >= 7) {
    EXPECT_EQ(t.s().rubber().below(1), 40);  // 1DX: 20 x 2
  } else {
    EXPECT_EQ(t.s().rubber().above(0),
              bridge::undertrick_points(Doubling::kDoubled, false, 7 - house_tricks));
  }
  EXPECT_EQ(r.lines.total(0), t.s().rubber().total(0));
  EXPECT_EQ(r.lines.total(1), t.s().rubber().total(1));
}

TEST(BridgeSolitaireScoring, AMatchIsOneRubberWonOnPoints) {
  // Random rubbers end, with the winner decided by points (rule 8): the player wins only with
  // more points than the house.
  const Game game = MakeGame("");
  int player_wins = 0, house_wins = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    State s = game.new_match(seed, -1, nullptr);
    Rng rng(seed);
    for (int moves = 0; !s.over(); ++moves) {
      ASSERT_LT(moves, 100000);
      MoveList<State::kMaxMoves> legal;
      s.legal_moves(0, legal);
      ASSERT_TRUE(s.apply(0, legal[static_cast<int>(rng.below(legal.size()))], nullptr).ok());
      ASSERT_EQ(s.check(), nullptr);
    }
    EXPECT_TRUE(s.rubber().over());
    EXPECT_TRUE(s.rubber().games(0) == 2 || s.rubber().games(1) == 2);
    const bool won = s.rubber().total(0) > s.rubber().total(1);
    EXPECT_EQ(s.winners().contains(0), won);
    (won ? player_wins : house_wins)++;
  }
  EXPECT_GT(house_wins, 0);
}

TEST(BridgeSolitaireScoring, ARubberCutOffIsScoredAsUnfinished) {
  // max_hands=1 (BS-A10): example 1 gives WE 40 below, a part score: +100.
  Table t("max_hands=1", {ExampleOneDeal()});
  ASSERT_TRUE(t.DoAll(kExampleOneMoves));
  EXPECT_TRUE(t.s().over());
  const RoundRecord& r = t.s().last_round_record();
  EXPECT_TRUE(r.unfinished);
  EXPECT_EQ(r.lines.lines[r.lines.count - 1],
            (bridge::ScoreLine{0, false, bridge::LineKind::kUnfinished, 100}));
  EXPECT_EQ(t.s().score(0), 340);
  EXPECT_EQ(t.s().winners(), SeatSet::of(0));
  EXPECT_TRUE(t.HasText("the rubber is over: WE 340, THEY 0; S0 wins"));
  EXPECT_EQ(t.s().last_round(0)["unfinished"], true);
}

// ---------------------------------------------------------------------------------------------
// Views

TEST(BridgeSolitaireView, FaceDownCardsStayHiddenUntilTurned) {
  Table t("", {ExampleOneDeal()});
  const CardSet down = S("QC JC 7H 9S 4S 3D J1");
  for (Seat seat : {Seat{0}, kSpectator}) {
    const nlohmann::json v = t.s().view(seat);
    EXPECT_FALSE(testing_util::CardsIn(v, card_names()).intersects(down)) << v.dump();
    EXPECT_EQ(v["face_down"], 7);
    EXPECT_EQ(v["stock"], 34);
  }
  ASSERT_TRUE(t.Choose("AC KC TC 8C QH 8H", "JS"));
  const nlohmann::json v = t.s().view(0);
  EXPECT_EQ(testing_util::CardsIn(v["hand"], card_names()),
            S("AC KC QC JC TC 8C QH 8H 7H 9S 4S 3D J1"));
  EXPECT_EQ(v["discard_top"], "JS");
  EXPECT_EQ(v["discards"], 7);
  EXPECT_EQ(v["house_bid"], "pass");
  // A spectator sees what lies face up, not the player's hand.
  const nlohmann::json spectator = t.s().view(kSpectator);
  EXPECT_FALSE(spectator.contains("hand"));
  EXPECT_FALSE(testing_util::CardsIn(spectator, card_names()).intersects(down));
  // The events before the turn show the face-down cards to nobody else.
  for (const Event& e : t.events()) {
    if (!e.visible_to_spectators()) continue;
    for (Card c : e.cards) EXPECT_FALSE(down.contains(c)) << e.text;
  }
}

TEST(BridgeSolitaireView, ResampleKeepsWhatThePlayerSawAndRedealsTheRest) {
  Table t("", {ExampleOneDeal()});
  ASSERT_TRUE(t.Do("keep AC"));
  Rng rng(5);
  bool face_down_varied = false;
  for (int k = 0; k < 20; ++k) {
    const State w = t.s().resample(0, rng);
    EXPECT_EQ(w.view(0), t.s().view(0));
    EXPECT_EQ(w.check(), nullptr);
    face_down_varied |= w.piles()[3].cards != t.s().piles()[3].cards;
  }
  EXPECT_TRUE(face_down_varied);
  // In play: the stock's cards are the unseen ones, in a new order.
  ASSERT_TRUE(t.DoAll({"keep KC", "keep TC", "keep 8C", "keep QH", "keep 8H", "discard JS",
                       "bid 1C", "play 8C", "play AC"}));
  const State w = t.s().resample(0, rng);
  EXPECT_EQ(w.view(0), t.s().view(0));
  EXPECT_EQ(w.unseen(), t.s().unseen());
  EXPECT_EQ(w.hand(0), t.s().hand(0));
}

TEST(BridgeSolitaireView, TheTableShowsTheContractAndTheRubber) {
  Table t("", {ExampleOneDeal()});
  ASSERT_TRUE(t.Choose("AC KC TC 8C QH 8H", "JS"));
  ASSERT_TRUE(t.Do("bid 1C"));
  const nlohmann::json v = t.s().view(0);
  EXPECT_EQ(v["phase"], "play");
  EXPECT_EQ(v["contract"]["text"], "1♣X");
  EXPECT_EQ(v["contract"]["declarer"], "player");
  EXPECT_EQ(v["trump"], "C");
  EXPECT_EQ(v["trick"]["cards"], nlohmann::json::array({"3C"}));
  EXPECT_EQ(v["trick"]["leader"], 1);  // the house is seat 1 of the trick play
  EXPECT_EQ(v["rubber"]["we"]["vulnerable"], false);
  EXPECT_EQ(v["round_name"], "hand");
}

// ---------------------------------------------------------------------------------------------
// Perft

TEST(BridgeSolitairePerft, FromExampleOne) {
  Table t("", {ExampleOneDeal()});
  // Keeping: 13 face-up cards, no joker among them: 13, 13*12, 13*12*11 sequences.
  EXPECT_EQ(testing_util::Perft(t.s(), 1), 13u);
  EXPECT_EQ(testing_util::Perft(t.s(), 2), 156u);
  EXPECT_EQ(testing_util::Perft(t.s(), 3), 1716u);
  ASSERT_TRUE(t.Choose("AC KC TC 8C QH 8H", "JS"));
  // The call: 28 suit bids (no NT, no pass); then the play of the first trick.
  EXPECT_EQ(testing_util::Perft(t.s(), 1), 28u);
  const std::uint64_t two = testing_util::Perft(t.s(), 2);
  const std::uint64_t three = testing_util::Perft(t.s(), 3);
  // Every contract: the house leads 3C and the player has six clubs to follow with, each of
  // which wins; then the player leads any of its 12 cards.
  EXPECT_EQ(two, 28u * 6);
  EXPECT_EQ(three, 28u * 6 * 12);
}

// ---------------------------------------------------------------------------------------------
// Records

nlohmann::json ExampleRecord(const Deal& deal, const std::vector<std::string>& moves) {
  nlohmann::json record;
  record["game"] = "bridge_solitaire";
  record["options"] = nlohmann::json::object();
  record["seed"] = 1;
  record["first_dealer"] = 0;
  record["deals"] = nlohmann::json::array({deal_to_json(deal, card_names())});
  nlohmann::json list = nlohmann::json::array();
  for (const auto& m : moves) list.push_back({0, m});
  record["moves"] = list;
  return record;
}

TEST(BridgeSolitaireRecord, TheSeedExamplesAreCheckedInAsRecords) {
  register_all_games();
  const std::pair<const char*, nlohmann::json> records[] = {
      {"bridge_solitaire_example_1.json", ExampleRecord(ExampleOneDeal(), kExampleOneMoves)},
      {"bridge_solitaire_example_2.json", ExampleRecord(ExampleTwoDeal(), kExampleTwoMoves)}};
  for (const auto& [name, record] : records)
    EXPECT_TRUE(testing_util::CheckedInRecord(name, record));
  std::string error;
  auto one = Session::from_record(ExampleRecord(ExampleOneDeal(), kExampleOneMoves), &error);
  ASSERT_TRUE(one) << error;
  ASSERT_EQ(one->rounds().size(), 1u);
  EXPECT_EQ(one->rounds()[0]["totals"]["we"], 240);
}

TEST(BridgeSolitaireRecord, ABadMoveInARecordIsNamed) {
  register_all_games();
  nlohmann::json record = ExampleRecord(ExampleOneDeal(), kExampleOneMoves);
  record["moves"][7] = {0, "bid 0NT"};
  std::string error;
  EXPECT_FALSE(Session::from_record(record, &error));
  EXPECT_NE(error.find("0NT"), std::string::npos) << error;
}

}  // namespace
}  // namespace cardroom::bridge_solitaire
