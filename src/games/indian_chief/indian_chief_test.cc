// Indian Chief rule tests (DESIGN.md section 8; RULINGS.md section 6).
//
//   IndianChiefRules.*     one or more tests per numbered rule 1-8 of RULINGS 6.1 and per ruling
//                          IC-A1..A14, plus the option, views, resampling and notation
//   IndianChiefScenario.*  the acceptance scenarios IC-01, 03, 05, 07 and 09
//   IndianChiefRecord.*    a record with explicit deals, checked in under tests/records
//   IndianChiefPerft.*     perft counts from fixed explicit deals, hand-checked
//
// Cards are written "AS KS 7D 2C" (rank 2-9 T J Q K A, suit S H D C); with two decks a card may
// appear twice.
#include "games/indian_chief/indian_chief.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/common/test_paths.h"
#include "games/common/test_util.h"
#include "games/indian_chief/indian_chief_test_util.h"

namespace cardroom::indian_chief {
namespace {

using testing_util::HasEvent;
using testing_util::LegalTexts;
using testing_util::List;

Game MakeGame(const std::string& options) {
  return testing_util::MakeGame<Game>("indian_chief", options);
}

std::array<Card, kMaxMeld> Seven(std::string_view text) {
  const std::vector<Card> list = List(text);
  std::array<Card, kMaxMeld> out{};
  std::copy(list.begin(), list.end(), out.begin());
  return out;
}

int Score(int box, std::string_view text, bool declare = false) {
  const std::vector<Card> cards = List(text);
  EXPECT_EQ(static_cast<int>(cards.size()), meld_size(box)) << text;
  return meld_score(box, cards.data(), kNoSuit, declare);
}

using test_deals::MakeDeal;

// A match driven through the typed API with events on and explicit deals.
class Table : public testing_util::RulesTable<Game, State> {
 public:
  Table(const std::string& options, int dealer, std::vector<Deal> deals, std::uint64_t seed = 1)
      : RulesTable(MakeGame(options), std::move(deals), dealer, seed) {}
  // Picks every card of `cards` and commits `box`.
  void Meld(Seat seat, std::string_view cards, std::string_view box) {
    for (Card c : List(cards)) Do(seat, "pick " + card_text(c));
    Do(seat, "meld " + std::string(box));
  }
};

const std::vector<std::string> kHands2 = {"AS 2S 3S 4S 5S 6S 7S 8S", "AH 2H 3H 4H 5H 6H 7H 8H"};

// ---------------------------------------------------------------------------------------------
// Scenarios (RULINGS 6.4)

TEST(IndianChiefScenario, IC01RichMan) { EXPECT_EQ(Score(kRich, "KS QH 5D AC 2S"), -28); }

TEST(IndianChiefScenario, IC03BeggarCountsEveryOtherMeld) {
  Table t("players=3", 0,
          {MakeDeal(3, {"7C KD 2C 3C 4C 5C 6C 8C", "KC TD 4H AS 9D 9C 9H 9S",
                        "7H 7S 2D JD QD KH QH QS"})});
  t.Meld(0, "7C KD", "beggar");
  t.Meld(1, "KC TD 4H AS", "lawyer");
  t.Meld(2, "7H 7S 2D", "poor");
  const nlohmann::json r = t.s().last_round(0);
  EXPECT_EQ(r["points"], nlohmann::json({6, 25, 7}));  // K♣ 7♥ 7♠ = 3 matches; poor: 7♠
  EXPECT_EQ(r["melds"], nlohmann::json({"beggar", "lawyer", "poor"}));
}

TEST(IndianChiefScenario, IC05Doctor) {
  EXPECT_EQ(Score(kDoctor, "AH 2C 3C 4C 5C 6D"), 40);
  EXPECT_EQ(Score(kDoctor, "AH 2S 3S 4S 5S 6S"), 50);  // IC-A5: A♥ is the heart and the ace
  EXPECT_EQ(Score(kDoctor, "AC 2C 3D 4D 5S 6S"), 0);   // no heart
  EXPECT_EQ(Score(kDoctor, "AH 2C 2D 4C 5C 6D"), 0);   // a rank twice
  EXPECT_EQ(Score(kDoctor, "KH 2C 3D 4C 5C 6D"), 0);   // no ace
}

TEST(IndianChiefScenario, IC07BestSplit) {
  const auto cards = Seven("KS KH KD 4C 4S 9H 8C");
  const ChiefSplit split = chief_split(cards, false);
  EXPECT_EQ(split.score, 42);
  EXPECT_EQ(split.hand, PokerHand::kFullHouse);
  EXPECT_EQ(split.poker, (std::array<std::uint8_t, 5>{0, 1, 2, 3, 4}));
}

TEST(IndianChiefScenario, IC09FiveOfAKindWithTwoDecks) {
  EXPECT_EQ(chief_split(Seven("7S 7S 7H 7D 7C AH 2H"), false).score, 53);
}

// ---------------------------------------------------------------------------------------------
// Rules 1-3: players, decks, face values, the deal

TEST(IndianChiefRules, R1PlayersAndDecks) {
  EXPECT_EQ(MakeGame("players=2").new_match(1, -1, nullptr).stub().size(), 52 - 16);
  EXPECT_EQ(MakeGame("players=3").new_match(1, -1, nullptr).stub().size(), 52 - 24);
  EXPECT_EQ(MakeGame("players=4").new_match(1, -1, nullptr).stub().size(), 104 - 32);
  EXPECT_EQ(MakeGame("players=8").new_match(1, -1, nullptr).stub().size(), 104 - 64);
  std::string error;
  EXPECT_FALSE(testing_util::TryGame<Game>("indian_chief", "players=1", &error));
  EXPECT_FALSE(testing_util::TryGame<Game>("indian_chief", "players=9", &error));
  // Two decks: a hand may hold both copies of a card.
  Table t("players=4", 0,
          {MakeDeal(4, {"7H 7H 7S 7S 7D 7D 7C 7C", "AS KS QS JS TS 9S 8S 6S",
                        "AH KH QH JH TH 9H 8H 6H", "AD KD QD JD TD 9D 8D 6D"})});
  EXPECT_EQ(t.s().hand(0).count(List("7H")[0]), 2);
  EXPECT_EQ(LegalTexts(t.s(), 0),
            (std::vector<std::string>{"pick 7S", "pick 7H", "pick 7D", "pick 7C"}));
  t.Do(0, "pick 7H");
  t.Do(0, "pick 7H");
  EXPECT_EQ(t.Try(0, "pick 7H"), "you have already picked both 7H");
}

TEST(IndianChiefRules, R2FaceValues) {
  EXPECT_EQ(face_value(List("AS")[0]), 1);
  EXPECT_EQ(face_value(List("2S")[0]), 2);
  EXPECT_EQ(face_value(List("TS")[0]), 10);
  EXPECT_EQ(face_value(List("JS")[0]), 10);
  EXPECT_EQ(face_value(List("QS")[0]), 10);
  EXPECT_EQ(face_value(List("KS")[0]), 10);
}

TEST(IndianChiefRules, R3EightCardsEachAndTheStub) {
  const State s = MakeGame("players=5").new_match(4, -1, nullptr);
  for (Seat p = 0; p < 5; ++p) EXPECT_EQ(s.hand(p).size(), kHandSize);
  EXPECT_EQ(s.stub().size(), 104 - 40);
  EXPECT_EQ(s.check(), nullptr);
}

// ---------------------------------------------------------------------------------------------
// Rules 4-5: seven turns, simultaneous choice, the reveal, the refill

TEST(IndianChiefRules, R4SevenTurnsEachBoxOnce) {
  Table t("players=2", 0, {MakeDeal(2, kHands2)});
  t.Meld(0, "AS", "thief");
  t.Meld(1, "AH 2H", "beggar");
  if (t.s().phase() == State::Phase::kSteal) t.Do(0, "pass");
  EXPECT_EQ(t.s().turn(), 1);
  EXPECT_TRUE(t.s().filled(0, kThief));
  // IC-A12: a filled box is refused before the reveal, and the list offers no pick toward it.
  const Card first = t.s().hand(0).kinds().lowest();
  t.Do(0, "pick " + card_text(first));
  EXPECT_EQ(t.Try(0, "meld thief"), "your Thief box is already filled (IC-A12)");
  EXPECT_EQ(LegalTexts(t.s(), 0).back(), "pick " + card_text(t.s().hand(0).kinds().highest()));
  // Every box once, then the game is over.
  Rng rng(3);
  while (!t.s().over()) {
    const Seat seat = t.s().actors().lowest();
    MoveList<State::kMaxMoves> moves;
    t.s().legal_moves(seat, moves);
    ASSERT_TRUE(t.Apply(seat, moves[static_cast<int>(rng.below(moves.size()))]).ok());
  }
  EXPECT_EQ(t.s().rounds_completed(), kTurns);
  for (Seat p = 0; p < 2; ++p)
    for (int b = 0; b < kBoxes; ++b) EXPECT_TRUE(t.s().filled(p, b));
}

TEST(IndianChiefRules, R5SimultaneousChoiceStaysHidden) {
  Table t("players=3", 1,
          {MakeDeal(3, {"AS 2S 3S 4S 5S 6S 7S 8S", "AH 2H 3H 4H 5H 6H 7H 8H",
                        "AD 2D 3D 4D 5D 6D 7D 8D"})});
  EXPECT_EQ(t.s().mode(), ActorMode::kSimultaneous);
  EXPECT_EQ(t.s().actors(), SeatSet::first_n(3));
  t.Do(0, "pick 5S");
  t.Do(0, "pick 6S");
  // Picks in progress: seen by the seat only.
  EXPECT_EQ(t.s().view(0)["picked"], nlohmann::json({"5S", "6S"}));
  EXPECT_EQ(t.s().view(0)["hand"].size(), 6u);
  const std::string other = t.s().view(1).dump() + t.s().view(kSpectator).dump();
  EXPECT_EQ(other.find("5S"), std::string::npos);
  EXPECT_EQ(t.s().view(1)["hand_sizes"], nlohmann::json({8, 8, 8}));
  t.Do(0, "meld beggar");
  // Chosen: others see that it has chosen, never what; a second submission is refused.
  EXPECT_EQ(t.s().view(1)["chosen"], nlohmann::json({true, false, false}));
  EXPECT_EQ(t.s().view(1).dump().find("beggar"), std::string::npos);
  EXPECT_EQ(t.s().view(0)["my_meld"], "beggar");
  EXPECT_EQ(t.Try(0, "pick AS"), "you have already chosen your meld this turn");
  EXPECT_TRUE(is_out_of_turn_reason("you have already chosen your meld this turn"));
  EXPECT_EQ(t.s().actors(), SeatSet(0b110));
  EXPECT_TRUE(HasEvent(t.events(), SeatSet::of(0), "you meld Beggar Man: 5S 6S"));
  EXPECT_TRUE(
      HasEvent(t.events(), SeatSet(kEveryone.bits() & ~SeatSet::of(0).bits()), "S0 has chosen"));
  t.Meld(1, "AH 2H 3H", "poor");
  t.Meld(2, "AD 2D 3D 4D 5D", "rich");
  // Revealed together, scored, refilled to eight; the melds go back into the stub.
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S0 melds Beggar Man 5S 6S: 2 points (total 2)"));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone,
                       "S2 melds Rich Man AD 2D 3D 4D 5D: -15 points "
                       "(total -15)"));
  EXPECT_EQ(t.s().turn(), 1);
  EXPECT_EQ(t.s().phase(), State::Phase::kMeld);
  for (Seat p = 0; p < 3; ++p) EXPECT_EQ(t.s().hand(p).size(), kHandSize);
  EXPECT_EQ(t.s().stub().size(), 52 - 24);
  EXPECT_EQ(t.s().stub_known(), CardMultiset::of(List("5S 6S AH 2H 3H AD 2D 3D 4D 5D")));
}

TEST(IndianChiefRules, R5BadInputChangesNothing) {
  Table t("players=2", 0, {MakeDeal(2, kHands2)});
  const State before = t.s();
  EXPECT_EQ(t.Try(0, "pick KD"), "you do not hold KD");
  EXPECT_EQ(t.Try(0, "meld thief"), "the Thief takes 1 card; you have picked 0");
  EXPECT_EQ(t.Try(0, "pass"), "nobody steals now: choose your meld");
  EXPECT_EQ(t.Try(0, "meld doctor H"), "only the Doctor names a suit, and only with declare=true");
  EXPECT_EQ(t.s(), before);
  t.Do(0, "pick AS");
  EXPECT_EQ(t.Try(0, "pick AS"), "you have already picked AS");
  EXPECT_EQ(t.Try(0, "meld beggar"), "the Beggar Man takes 2 cards; you have picked 1");
  // A meld that does not qualify is legal and scores zero.
  for (const char* c : {"2S", "3S", "4S", "5S", "6S"}) t.Do(0, std::string("pick ") + c);
  t.Do(0, "meld doctor");
  t.Meld(1, "AH 2H 3H 4H", "lawyer");
  EXPECT_EQ(t.s().box_score(0, kDoctor), 0);  // no heart
  EXPECT_EQ(t.s().box_score(1, kLawyer), 0);  // 1 + 2 + 3 + 4 = 10
}

TEST(IndianChiefRules, R5SeventhTurnHasNoTheftOrRefill) {
  Table t("players=2", 0, {MakeDeal(2, kHands2)}, 11);
  Rng rng(5);
  // Six turns of random play, then both play a thief on the last turn where possible.
  while (!t.s().over() && t.s().turn() < kTurns - 1) {
    const Seat seat = t.s().actors().lowest();
    MoveList<State::kMaxMoves> moves;
    t.s().legal_moves(seat, moves);
    ASSERT_TRUE(t.Apply(seat, moves[static_cast<int>(rng.below(moves.size()))]).ok());
  }
  ASSERT_EQ(t.s().turn(), kTurns - 1);
  const int stub = t.s().stub().size();
  while (!t.s().over()) {
    const Seat seat = t.s().actors().lowest();
    MoveList<State::kMaxMoves> moves;
    t.s().legal_moves(seat, moves);
    ASSERT_TRUE(t.Apply(seat, moves[0]).ok());
    ASSERT_NE(t.s().phase(), State::Phase::kSteal);
  }
  EXPECT_EQ(t.s().stub().size(), stub);
  EXPECT_EQ(t.s().deals_dealt(), kTurns);  // the first deal and six refills
}

// ---------------------------------------------------------------------------------------------
// Rule 6: the melds

TEST(IndianChiefRules, R6ThiefPoorLawyerRich) {
  EXPECT_EQ(Score(kThief, "KD"), 10);
  EXPECT_EQ(Score(kThief, "AD"), 1);
  EXPECT_EQ(Score(kPoor, "KS AS 9H"), 11);  // IC-A4: face values of the spades only
  EXPECT_EQ(Score(kPoor, "KH AD 9H"), 0);
  EXPECT_EQ(Score(kLawyer, "KS 5H 9D AC"), 25);
  EXPECT_EQ(Score(kLawyer, "KS 5H 9D 2C"), 0);
  EXPECT_EQ(Score(kRich, "AS AH AD AC 2S"), -6);  // IC-A13: always negative
}

TEST(IndianChiefRules, R6PokerHands) {
  auto hand = [](std::string_view text) {
    const std::vector<Card> v = List(text);
    return poker_hand({v[0], v[1], v[2], v[3], v[4]});
  };
  EXPECT_EQ(hand("7S 7S 7H 7D 7C"), PokerHand::kFiveOfAKind);
  EXPECT_EQ(hand("9H TH JH QH KH"), PokerHand::kStraightFlush);
  EXPECT_EQ(hand("TS JS QS KS AS"), PokerHand::kStraightFlush);  // royal
  EXPECT_EQ(hand("AD 2D 3D 4D 5D"), PokerHand::kStraightFlush);  // the wheel
  EXPECT_EQ(hand("9S 9H 9D 9C 2S"), PokerHand::kFourOfAKind);
  EXPECT_EQ(hand("9S 9H 9D 2C 2S"), PokerHand::kFullHouse);
  EXPECT_EQ(hand("2H 7H 9H JH KH"), PokerHand::kFlush);
  EXPECT_EQ(hand("7H 7H 9H JH KH"), PokerHand::kFlush);  // IC-A11: a flush with duplicates
  EXPECT_EQ(hand("5S 6H 7D 8C 9S"), PokerHand::kStraight);
  EXPECT_EQ(hand("AS 2H 3D 4C 5S"), PokerHand::kStraight);
  EXPECT_EQ(hand("QS KH AD 2C 3S"), PokerHand::kHighCard);  // no wrap-around
  EXPECT_EQ(hand("9S 9H 9D 2C 3S"), PokerHand::kThreeOfAKind);
  EXPECT_EQ(hand("9S 9H 2D 2C 3S"), PokerHand::kTwoPair);
  EXPECT_EQ(hand("9S 9S 2D 4C 3S"), PokerHand::kPair);  // IC-A11: identical cards pair
  EXPECT_EQ(hand("9S 7H 2D 4C 3S"), PokerHand::kHighCard);
  for (int h = 0; h <= static_cast<int>(PokerHand::kFiveOfAKind); ++h)
    EXPECT_EQ(poker_value(static_cast<PokerHand>(h)), 5 + 5 * h);
}

TEST(IndianChiefRules, R6ChiefBaccaratDropsTheTens) {
  // Poker 5 high card + baccarat (K + 9) % 10 = 9 beats pairing the king.
  const auto split = chief_split(Seven("2S 4H 6D 8C TS KD 9H"), false);
  EXPECT_EQ(split.score, 14);
  EXPECT_EQ(chief_split(Seven("KS KH 2D 3C 5S 9D 9H"), false).score, 15 + 8);  // KK99 + 3+5
}

TEST(IndianChiefRules, IC_A1_A2_A3BeggarRules) {
  // Each opposing card counts once even when both beggar cards share its rank (IC-A3), every
  // other meld counts, a thief's card too, and thefts come after the scoring (IC-A2).
  Table t("players=3", 0,
          {MakeDeal(3, {"7C 7D 2C 3C 4C 5C 6C 8C", "7H KD 4H AS 9D 9C 9H 9S",
                        "7S 2D JD QD KH QH QS 3H"})});
  t.Meld(0, "7C 7D", "beggar");
  t.Meld(1, "7H", "thief");
  t.Meld(2, "7S 2D JD", "poor");
  EXPECT_EQ(t.s().box_score(0, kBeggar), 4);  // 7♥ and 7♠, 2 points each
  EXPECT_EQ(t.s().phase(), State::Phase::kSteal);
  t.Do(1, "steal 7C S0");
  EXPECT_EQ(t.s().box_score(0, kBeggar), 4);
}

TEST(IndianChiefRules, IC_A6DeclareOption) {
  // declare=true: the first five picks are the poker hand, the Doctor names its suit.
  EXPECT_EQ(chief_split(Seven("KS KH KD 4C 4S 9H 8C"), true).score, 35 + 7);
  EXPECT_EQ(chief_split(Seven("KS KH KD 4C 9H 4S 8C"), true).score, 20 + 2);  // 4♠+8♣ = 12
  Table t("players=2,declare=true", 0,
          {MakeDeal(2, {"AH 2C 3C 4C 5C 6D 7S 8S", "AS 2S 3S 4S 5S 6S 7H 8H"})});
  for (const char* c : {"AH", "2C", "3C", "4C", "5C", "6D"}) t.Do(0, std::string("pick ") + c);
  EXPECT_EQ(LegalTexts(t.s(), 0).back(), "meld doctor C");
  EXPECT_EQ(t.Try(0, "meld doctor"),
            "the Doctor names a suit (declare=true): e.g. 'meld doctor H'");
  t.Do(0, "meld doctor H");  // a legal, poor choice: one heart
  t.Meld(1, "AS 2S 3S 4S 5S 6S 7H", "chief");
  EXPECT_EQ(t.s().box_score(0, kDoctor), 10);
  EXPECT_EQ(t.s().last_round(0)["doctor_suit"][0], "H");
  // Without the option the engine names the best suit.
  EXPECT_EQ(Score(kDoctor, "AH 2C 3C 4C 5C 6D"), 40);
}

TEST(IndianChiefRules, IC_A6ADoctorThatDoesNotQualifyNamesNoSuit) {
  // No heart and no ace: the Doctor scores 0, and the suit its player named is not its suit.
  Table t("players=2,declare=true", 0,
          {MakeDeal(2, {"2C 3C 4C 5C 6C 7D 8S 9S", "AS 2S 3S 4S 5S 6S 7H 8H"})});
  for (const char* c : {"2C", "3C", "4C", "5C", "6C", "7D"}) t.Do(0, std::string("pick ") + c);
  t.Do(0, "meld doctor S");
  t.Meld(1, "AS 2S 3S 4S 5S 6S 7H", "chief");
  EXPECT_EQ(t.s().box_score(0, kDoctor), 0);
  EXPECT_EQ(t.s().last_round(0)["doctor_suit"][0], nullptr);
  EXPECT_EQ(t.s().last_round(0)["doctor_suit"][1], nullptr);  // not a Doctor
}

// ---------------------------------------------------------------------------------------------
// Rule 7: thieves

TEST(IndianChiefRules, R7ThievesStealInRankOrder) {
  // Thieves K (S0), A (S1), 5 (S2): A first, then 5, then K (IC-A7: A low, K high).
  Table t("players=4", 3,
          {MakeDeal(4, {"KS 2C 3C 4C 5C 6C 7C 8C", "AH 2H 3H 4H 5H 6H 7H 8H",
                        "5D 2D 3D 4D 6D 7D 8D 9D", "QS JS TS 9S 8S 7S 6S 2S"})});
  t.Meld(0, "KS", "thief");
  t.Meld(1, "AH", "thief");
  t.Meld(2, "5D", "thief");
  t.Meld(3, "QS JS TS", "poor");
  EXPECT_EQ(t.s().phase(), State::Phase::kSteal);
  EXPECT_EQ(t.s().actors(), SeatSet::of(1));
  EXPECT_EQ(t.s().mode(), ActorMode::kTurn);
  EXPECT_EQ(t.Try(0, "steal QS S3"), "it is not your turn");
  EXPECT_EQ(t.Try(1, "steal AH S1"), "a thief steals from another player's meld (IC-A9)");
  EXPECT_EQ(t.Try(1, "pick 2H"), "the melds are revealed: steal a card or pass");
  t.Do(1, "steal KS S0");  // another thief's card
  EXPECT_EQ(t.s().actors(), SeatSet::of(2));
  EXPECT_EQ(t.Try(2, "steal KS S0"), "that card is not in that meld (or is already taken)");
  t.Do(2, "steal QS S3");
  EXPECT_EQ(t.s().actors(), SeatSet::of(0));
  t.Do(0, "pass");  // stealing is optional
  // The stolen card replaces the thief's refill card; S0 passed and is dealt one.
  EXPECT_EQ(t.s().turn(), 1);
  EXPECT_TRUE(t.s().hand(1).contains(List("KS")[0]));
  EXPECT_TRUE(t.s().hand(2).contains(List("QS")[0]));
  EXPECT_EQ(t.s().known(1), CardMultiset::of(List("KS")));
  const nlohmann::json r = t.s().last_round(kSpectator);
  EXPECT_EQ(r["stole"], nlohmann::json({nullptr, "KS", "QS", nullptr}));
  EXPECT_EQ(r["stole_from"], nlohmann::json({nullptr, 0, 3, nullptr}));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S1 steals KS from S0's meld"));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S0 takes no card"));
  for (Seat p = 0; p < 4; ++p) EXPECT_EQ(t.s().hand(p).size(), kHandSize);
}

TEST(IndianChiefRules, R7TiedThievesChooseTogether) {
  // Two 9s: they choose at the same time; the same card means neither steals (IC-A8).
  for (const bool clash : {true, false}) {
    Table t("players=3", 0,
            {MakeDeal(3, {"9S 2C 3C 4C 5C 6C 7C 8C", "9H 2H 3H 4H 5H 6H 7H 8H",
                          "KD QD JD 4D 6D 7D 8D 9D"})});
    t.Meld(0, "9S", "thief");
    t.Meld(1, "9H", "thief");
    t.Meld(2, "KD QD JD", "poor");
    EXPECT_EQ(t.s().mode(), ActorMode::kSimultaneous);
    EXPECT_EQ(t.s().actors(), SeatSet(0b11));
    t.Do(0, "steal KD S2");
    EXPECT_EQ(t.Try(0, "pass"), "you have already chosen what to steal");
    EXPECT_EQ(t.s().view(1)["seat_notes"][0], "Thief 9S: 9, has chosen");
    t.Do(1, clash ? "steal KD S2" : "steal QD from S2");
    const nlohmann::json r = t.s().last_round(0);
    if (clash) {
      EXPECT_EQ(r["stole"], nlohmann::json({nullptr, nullptr, nullptr}));
      EXPECT_EQ(r["clashed"], nlohmann::json({true, true, false}));
      EXPECT_TRUE(
          HasEvent(t.events(), kEveryone, "S0 S1 chose the same card: none of them steals"));
    } else {
      EXPECT_EQ(r["stole"], nlohmann::json({"KD", "QD", nullptr}));
    }
  }
}

TEST(IndianChiefRules, R7TiedThievesMayTakeBothCopies) {
  // Two decks: a meld with both K♦ gives one to each tied thief (no clash).
  Table t("players=4", 0,
          {MakeDeal(4, {"9S 2C 3C 4C 5C 6C 7C 8C", "9S 2H 3H 4H 5H 6H 7H 8H",
                        "KD KD JD 4D 6D 7D 8D 9D", "AS 2S 3S 4S 5S 6S 7S 8S"})});
  t.Meld(0, "9S", "thief");
  t.Meld(1, "9S", "thief");
  t.Meld(2, "KD KD", "beggar");
  t.Meld(3, "AS 2S", "beggar");
  t.Do(0, "steal KD S2");
  t.Do(1, "steal KD S2");
  EXPECT_EQ(t.s().last_round(0)["stole"], nlohmann::json({"KD", "KD", nullptr, nullptr}));
}

// ---------------------------------------------------------------------------------------------
// IC-A10: the stub runs out while refilling

TEST(IndianChiefRules, IC_A10StubShortage) {
  // Eight players, two decks: the stub holds 40; eight Indian Chiefs need 56.
  std::vector<std::string> hands;
  const char* suits = "SHDC";
  for (int p = 0; p < 8; ++p) {
    std::string h;
    for (const char* r : {"A", "2", "3", "4", "5", "6", "7", "8"})
      h += std::string(h.empty() ? "" : " ") + r + suits[p % 4];
    hands.push_back(h);
  }
  Table t("players=8", 0, {MakeDeal(8, hands)});
  for (Seat p = 0; p < 8; ++p) {
    const std::string s(1, suits[p % 4]);
    t.Meld(p, "A" + s + " 2" + s + " 3" + s + " 4" + s + " 5" + s + " 6" + s + " 7" + s, "chief");
  }
  EXPECT_EQ(t.s().turn(), 1);
  EXPECT_EQ(t.s().last_round(0)["shortage"], true);
  for (Seat p = 0; p < 8; ++p) EXPECT_EQ(t.s().hand(p).size(), kHandSize);
  EXPECT_EQ(t.s().stub().size(), 104 - 64);
  EXPECT_TRUE(t.s().stub_known().empty());  // the melds were mixed in: nothing is known
  EXPECT_EQ(t.s().check(), nullptr);
}

// ---------------------------------------------------------------------------------------------
// Rule 8 and IC-A14: the end

TEST(IndianChiefRules, R8HighestTotalWinsTiesShare) {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    State s = MakeGame("players=2").new_match(seed, -1, nullptr);
    Rng rng(seed);
    while (!s.over()) {
      const Seat seat = s.actors().lowest();
      MoveList<State::kMaxMoves> moves;
      s.legal_moves(seat, moves);
      ASSERT_TRUE(s.apply(seat, moves[static_cast<int>(rng.below(moves.size()))], nullptr).ok());
    }
    const int best = std::max(s.score(0), s.score(1));
    SeatSet winners;
    for (Seat p = 0; p < 2; ++p)
      if (s.score(p) == best) winners.add(p);
    EXPECT_EQ(s.winners(), winners) << seed;
  }
}

// ---------------------------------------------------------------------------------------------
// Notation, views, resampling

TEST(IndianChiefRules, NotationRoundTrips) {
  const State s = MakeGame("players=4,declare=true").new_match(2, -1, nullptr);
  std::string error;
  for (const char* text :
       {"pick 7H", "meld thief", "meld beggar", "meld poor", "meld lawyer", "meld rich",
        "meld doctor", "meld doctor H", "meld chief", "steal 7H S2", "pass"}) {
    auto m = s.parse_move(0, text, &error);
    ASSERT_TRUE(m) << text << ": " << error;
    EXPECT_EQ(s.move_text(*m), text);
  }
  EXPECT_EQ(s.parse_move(0, "meld Indian Chief", &error), meld_move(kChief));
  EXPECT_EQ(s.parse_move(0, "meld beggar man", &error), meld_move(kBeggar));
  EXPECT_EQ(s.parse_move(0, "steal 7h from s2", &error), steal_move(2, List("7H")[0]));
  EXPECT_EQ(s.parse_move(0, "7H", &error), pick_move(List("7H")[0]));
  EXPECT_FALSE(s.parse_move(0, "meld king", &error));
  EXPECT_EQ(error, "'king' is not a box (thief, beggar, poor, lawyer, rich, doctor, chief)");
  EXPECT_FALSE(s.parse_move(0, "meld doctor X", &error));
  EXPECT_EQ(error, "'x' is not a suit (S, H, D, C)");
  EXPECT_FALSE(s.parse_move(0, "steal 7H", &error));
  EXPECT_FALSE(s.parse_move(0, "dance", &error));
}

TEST(IndianChiefRules, ResampleKeepsOwnPicksAndRedrawsOthers) {
  Table t("players=3", 0,
          {MakeDeal(3, {"AS 2S 3S 4S 5S 6S 7S 8S", "AH 2H 3H 4H 5H 6H 7H 8H",
                        "AD 2D 3D 4D 5D 6D 7D 8D"})});
  t.Do(0, "pick 2S");
  t.Meld(1, "AH 2H 3H 4H 5H 6H 7H", "chief");
  Rng rng(4);
  bool others_differ = false, box_differs = false;
  for (int i = 0; i < 20; ++i) {
    const State w = t.s().resample(0, rng);
    EXPECT_EQ(w.check(), nullptr);
    EXPECT_EQ(w.hand(0), t.s().hand(0));
    EXPECT_EQ(w.picked(0), 1);
    EXPECT_EQ(w.view(0), t.s().view(0));
    EXPECT_TRUE(w.has_chosen(1));
    others_differ |= w.hand(1) != t.s().hand(1);
    box_differs |= w.chosen_box(1) != kChief;
  }
  EXPECT_TRUE(others_differ);
  EXPECT_TRUE(box_differs);
}

using testing_util::ExpectReplays;

// The same of worlds drawn for every seat and for a spectator.
void ExpectWorldsReplay(const State& s) {
  Rng rng(17);
  for (int i = 0; i < 10; ++i)
    for (Seat o = kSpectator; o < s.num_seats(); ++o) ExpectReplays(s.resample(o, rng));
}

std::string ReplayText(const RoundReplay<State>& r) {
  std::string out;
  for (const auto& [seat, move] : r.moves)
    out += (out.empty() ? "" : ", ") + seat_name(seat) + " " + r.start.move_text(move);
  return out;
}

TEST(IndianChiefRules, RoundReplayFromTheTurnsFirstPick) {
  // Turn 1 as in R7ThievesStealInRankOrder: S1 steals K♠ from S0, S2 Q♠ from S3, S0 passes.
  Table t("players=4", 3,
          {MakeDeal(4, {"KS 2C 3C 4C 5C 6C 7C 8C", "AH 2H 3H 4H 5H 6H 7H 8H",
                        "5D 2D 3D 4D 6D 7D 8D 9D", "QS JS TS 9S 8S 7S 6S 2S"})});
  t.Do(0, "pick KS");
  EXPECT_EQ(ReplayText(ExpectReplays(t.s())), "S0 pick KS");
  t.Do(0, "meld thief");
  t.Meld(1, "AH", "thief");
  t.Do(3, "pick QS");
  t.Do(3, "pick JS");
  ExpectWorldsReplay(t.s());
  EXPECT_EQ(ReplayText(ExpectReplays(t.s())),
            "S0 pick KS, S0 meld thief, S1 pick AH, S1 meld thief, S3 pick QS, S3 pick JS");
  t.Meld(2, "5D", "thief");
  t.Do(3, "pick TS");
  t.Do(3, "meld poor");
  t.Do(1, "steal KS S0");
  t.Do(2, "steal QS S3");
  RoundReplay<State> r = ExpectReplays(t.s());
  ExpectWorldsReplay(t.s());
  EXPECT_EQ(ReplayText(r),
            "S0 pick KS, S0 meld thief, S1 pick AH, S1 meld thief, S2 pick 5D, S2 meld thief, "
            "S3 pick QS, S3 pick JS, S3 pick TS, S3 meld poor, S1 steal KS S0, S2 steal QS S3");
  EXPECT_EQ(r.start.phase(), State::Phase::kMeld);
  EXPECT_EQ(r.start.hand(1), CardMultiset::of(List("AH 2H 3H 4H 5H 6H 7H 8H")));
  EXPECT_EQ(r.start.score(3), 0);
  EXPECT_FALSE(r.start.filled(3, kPoor));
  EXPECT_TRUE(r.start.known(1).empty());
  t.Do(0, "pass");
  // Turn 2: S1 melds the K♠ everyone knew it held; S3's thief is to steal.
  EXPECT_TRUE(ExpectReplays(t.s()).moves.empty());
  ASSERT_EQ(t.s().known(1), CardMultiset::of(List("KS")));
  t.Meld(1, "KS 2H", "beggar");
  t.Meld(0, "2C 3C", "beggar");
  t.Meld(2, "QS 2D", "beggar");
  t.Meld(3, "2S", "thief");
  EXPECT_TRUE(t.s().known(1).empty());
  r = ExpectReplays(t.s());
  ExpectWorldsReplay(t.s());
  EXPECT_EQ(r.start.known(1), CardMultiset::of(List("KS")));
  EXPECT_EQ(r.start.known(2), CardMultiset::of(List("QS")));
  EXPECT_TRUE(r.start.hand(1).contains(List("KS")[0]));
  EXPECT_EQ(r.start.score(3), t.s().box_score(3, kPoor));
  EXPECT_EQ(r.moves.size(), 11u);
  t.Do(3, "steal KS S1");
  EXPECT_TRUE(ExpectReplays(t.s()).moves.empty());
}

TEST(IndianChiefRules, RoundReplayOfTiedThievesAndADeclaredDoctor) {
  // A clash of tied thieves (IC-A8) replays as their two choices; a Doctor that does not qualify
  // names the suit it holds most of (the one it named is never shown).
  Table t("players=4,declare=true", 0,
          {MakeDeal(4, {"9S 2C 3C 4C 5C 6C 7C 8C", "9H 2H 3H 4H 5H 6H 7H 8H",
                        "KD QD JD 4D 6D 7D 8D 9D", "KS 2S 3S 4S 5S 6S 7S 8S"})});
  t.Meld(0, "9S", "thief");
  t.Meld(1, "9H", "thief");
  for (const char* c : {"KD", "QD", "JD", "4D", "6D", "7D"}) t.Do(2, std::string("pick ") + c);
  t.Do(2, "meld doctor S");
  t.Meld(3, "KS", "thief");
  t.Do(0, "steal KD S2");
  ExpectWorldsReplay(t.s());  // S0's choice is hidden: a world's is any
  t.Do(1, "steal KD S2");
  ASSERT_EQ(t.s().stealing_now(), SeatSet::of(3));
  const RoundReplay<State> r = ExpectReplays(t.s());
  ExpectWorldsReplay(t.s());
  ASSERT_EQ(r.moves.size(), 15u);
  EXPECT_EQ(r.moves[10], std::make_pair(Seat{2}, meld_move(kDoctor, kDiamonds)));
  EXPECT_EQ(r.moves[13], std::make_pair(Seat{0}, steal_move(2, List("KD")[0])));
  EXPECT_EQ(r.moves[14], std::make_pair(Seat{1}, steal_move(2, List("KD")[0])));
}

// ---------------------------------------------------------------------------------------------
// Records

nlohmann::json SmallRecord() {
  register_all_games();
  std::string error;
  auto session = Session::create(load_game("indian_chief(players=3)", &error), 21, 2, {}, &error);
  EXPECT_TRUE(session) << error;
  Rng rng(8);
  while (!session->state().over()) {
    const Seat seat = session->state().actors().lowest();
    auto move = session->state().bot_move("heuristic", seat, rng);
    EXPECT_TRUE(session->play(seat, *move, &error)) << error;
  }
  // The record with every deal the game made: it replays under any seed.
  nlohmann::json record = session->record();
  record["deals"] = nlohmann::json::array();
  for (const Deal& d : session->dealt()) record["deals"].push_back(deal_to_json(d, {}));
  return record;
}

TEST(IndianChiefRecord, ReplaysFromDealsAndScoresAddUp) {
  register_all_games();
  std::string error;
  nlohmann::json record = SmallRecord();
  record["seed"] = 999;  // the deals alone decide every card
  auto session = Session::from_record(record, &error);
  ASSERT_TRUE(session) << error;
  ASSERT_EQ(session->rounds().size(), static_cast<std::size_t>(kTurns));
  std::array<int, 3> totals{};
  for (const nlohmann::json& r : session->rounds())
    for (int p = 0; p < 3; ++p) {
      const int box = [&] {
        for (int b = 0; b < kBoxes; ++b)
          if (r["melds"][p] == box_word(b)) return b;
        return -1;
      }();
      ASSERT_GE(box, 0);
      std::vector<Card> cards;
      for (const auto& c : r["meld_cards"][p]) cards.push_back(List(c.get<std::string>())[0]);
      ASSERT_EQ(static_cast<int>(cards.size()), meld_size(box));
      if (box != kBeggar) {
        EXPECT_EQ(r["points"][p], meld_score(box, cards.data(), kNoSuit, false));
      }
      totals[p] += r["points"][p].get<int>();
    }
  EXPECT_EQ(session->summary()["totals"], nlohmann::json(totals));
}

TEST(IndianChiefRecord, CheckedInRecordFileMatches) {
  // tests/records/indian_chief_three_players.json: a heuristic game with its deals, for `cardroom
  // replay`. With CARDROOM_REGEN_GOLDEN=1 (scripts/regen_golden.sh) it is rewritten.
  register_all_games();
  auto session = testing_util::CheckedInRecord("indian_chief_three_players.json", SmallRecord());
  ASSERT_TRUE(session);
}

TEST(IndianChiefRecord, BadDealsGiveClearErrors) {
  const Game game = MakeGame("players=2");
  Deal deal = MakeDeal(2, kHands2);
  EXPECT_EQ(game.validate_deal(deal), "");
  Deal twice = deal;
  twice.hands[1][0] = twice.hands[0][0];
  EXPECT_EQ(game.validate_deal(twice), "hand of S1: AS appears twice");
  Deal big = deal;
  big.hands[0].push_back(deal.pack[0]);
  EXPECT_EQ(game.validate_deal(big), "hand of S0 has 9 cards (at most 8)");
  Deal three = deal;
  three.hands.push_back({});
  EXPECT_EQ(game.validate_deal(three), "needs 2 hands, one per seat (got 3)");
  const Game four = MakeGame("players=4");
  Deal two_decks = MakeDeal(4, {"7H 7H 2S 3S 4S 5S 6S 7S", "AH 2H 3H 4H 5H 6H 8H 9H",
                                "AD 2D 3D 4D 5D 6D 7D 8D", "AC 2C 3C 4C 5C 6C 7C 8C"});
  EXPECT_EQ(four.validate_deal(two_decks), "");
  two_decks.hands[1][0] = List("7H")[0];
  EXPECT_EQ(four.validate_deal(two_decks), "hand of S1: 7H appears 3 times (the decks hold 2)");
}

// ---------------------------------------------------------------------------------------------
// Perft

TEST(IndianChiefPerft, OpeningHandChecked) {
  using testing_util::Perft;
  Table t("players=2", 0, {MakeDeal(2, kHands2)});
  // 8 picks; then 7 picks + the Thief; after two picks 6 picks + the Beggar, after a Thief the
  // other seat's 8 picks: 8 * (7 * 7 + 8) = 456.
  EXPECT_EQ(Perft(t.s(), 1), 8u);
  EXPECT_EQ(Perft(t.s(), 2), 64u);
  EXPECT_EQ(Perft(t.s(), 3), 456u);
  // Two decks: the two copies of a card are one pick.
  Table two("players=4", 0,
            {MakeDeal(4, {"7H 7H 7S 7S 2D 2D 2C 2C", "AS KS QS JS TS 9S 8S 6S",
                          "AH KH QH JH TH 9H 8H 6H", "AD KD QD JD TD 9D 8D 6D"})});
  EXPECT_EQ(Perft(two.s(), 1), 4u);
  EXPECT_EQ(Perft(two.s(), 2), 4u * 5u);  // 4 kinds still pickable, and the Thief
}

}  // namespace
}  // namespace cardroom::indian_chief
