// Tadmur rule tests (DESIGN.md section 8; RULINGS.md section 9).
//
//   TadmurRules.*     one or more tests per numbered rule 1-6 of RULINGS 9.1 and per ruling
//                     TAD-A1..A8, plus options, views, resampling and notation
//   TadmurScenario.*  the acceptance scenarios TAD-01, 03, 05, 07 and 09
//   TadmurRecord.*    a hand-checked game record with an explicit deal, and bad records
//   TadmurPerft.*     perft counts from fixed explicit deals, hand-checked at low depth and
//                     cross-checked against an independent model
//
// Seats S0, S1. Cards are written "AS KS 7D 2C" (rank 2-9 T J Q K A, suit S H D C). An explicit
// deal's pack is: starter of S0, starter of S1, target of S0, target of S1.
#include "games/tadmur/tadmur.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/common/test_paths.h"
#include "games/common/test_util.h"

namespace cardroom::tadmur {
namespace {

// ---------------------------------------------------------------------------------------------
// Helpers

using testing_util::CardsIn;
using testing_util::Contains;
using testing_util::HasEvent;
using testing_util::LegalTexts;
using testing_util::List;
using testing_util::Set;

std::optional<Game> TryGame(const std::string& options, std::string* error) {
  return testing_util::TryGame<Game>("tadmur", options, error);
}

Game MakeGame(const std::string& options) {
  return testing_util::MakeGame<Game>("tadmur", options);
}

Card C(std::string_view text) { return List(text).at(0); }

int R(char rank) {
  for (int r = 0; r < kRanks; ++r)
    if (rank_char(r) == rank) return r;
  ADD_FAILURE() << "bad rank " << rank;
  return 0;
}

// An explicit deal: "starter0 starter1 target0 target1", then the cards each hand must hold. The
// remaining cards fill S0's hand, then S1's, in card id order, except that cards of a rank listed
// in avoid0 (e.g. "46") go to S1 and cards of a rank in avoid1 go to S0.
Deal MakeDeal(const std::string& layout, const std::string& hand0, const std::string& hand1,
              const std::string& avoid0 = "", const std::string& avoid1 = "") {
  Deal deal;
  deal.pack = List(layout);
  EXPECT_EQ(deal.pack.size(), 4u);
  deal.hands.resize(2);
  deal.hands[0] = List(hand0);
  deal.hands[1] = List(hand1);
  CardSet used;
  for (Card c : deal.pack) used.add(c);
  for (const auto& h : deal.hands)
    for (Card c : h) used.add(c);
  std::vector<Card> free;
  for (Card c : CardSet::standard_deck() - used) {
    const char rank = rank_char(rank_of(c));
    if (avoid0.find(rank) != std::string::npos)
      deal.hands[1].push_back(c);
    else if (avoid1.find(rank) != std::string::npos)
      deal.hands[0].push_back(c);
    else
      free.push_back(c);
  }
  for (Card c : free)
    (deal.hands[0].size() < kHandSize ? deal.hands[0] : deal.hands[1]).push_back(c);
  EXPECT_EQ(deal.hands[0].size(), 24u) << "a test deal does not fit";
  EXPECT_EQ(deal.hands[1].size(), 24u) << "a test deal does not fit";
  return deal;
}

// A match driven through the typed API with events on and an explicit deal.
class Table : public testing_util::RulesTable<Game, State> {
 public:
  Table(const std::string& options, int dealer, Deal deal, std::uint64_t seed = 1)
      : RulesTable(MakeGame(options), {std::move(deal)}, dealer, seed) {}
};

// A standard layout for rule tests: S0 starter 5S target 9D, S1 starter KC target 3S; S0 holds
// 4S 6S 6D 7S 7H 7D 8S 8H 2S (and no other 4 or 6), S1 holds QS QH AS AH KS KH (and no other Q
// or A). S1 deals: S0 moves first.
Deal StandardDeal() {
  return MakeDeal("5S KC 9D 3S", "4S 6S 6D 7S 7H 7D 8S 8H 2S", "QS QH AS AH KS KH", "46", "QA");
}

// ---------------------------------------------------------------------------------------------
// Rule 1: deck and cyclic ranks

TEST(TadmurRules, Rule1_RanksAreCyclic) {
  EXPECT_TRUE(ranks_adjacent(kKing, kAce));
  EXPECT_TRUE(ranks_adjacent(kAce, kTwo));
  EXPECT_TRUE(ranks_adjacent(kTwo, kThree));
  EXPECT_TRUE(ranks_adjacent(kNine, kEight));
  EXPECT_FALSE(ranks_adjacent(kQueen, kAce));
  EXPECT_FALSE(ranks_adjacent(kFive, kFive));
  EXPECT_FALSE(ranks_adjacent(kKing, kTwo));
  int pairs = 0;
  for (int a = 0; a < kRanks; ++a)
    for (int b = 0; b < kRanks; ++b) pairs += ranks_adjacent(a, b);
  EXPECT_EQ(pairs, 26) << "each rank has exactly two neighbours";
}

TEST(TadmurRules, Rule1_SuitsAreIrrelevant) {
  // A play follows any suit: 5S -> 6D -> 7H -> 8S.
  Table t("", 1, StandardDeal());
  EXPECT_TRUE(
      t.DoAll({{0, "play 6D"}, {1, "play QS"}, {0, "play 7H"}, {1, "play KS"}, {0, "play 8S"}}));
  EXPECT_EQ(t.s().chain_length(0), 3);
}

TEST(TadmurRules, Rule1_DealUsesAll52Cards) {
  const Game game = MakeGame("");
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    State s = game.new_match(seed, -1, nullptr);
    EXPECT_EQ(s.check(), nullptr);
    CardSet all = s.hand(0) | s.hand(1);
    for (Seat p = 0; p < 2; ++p) {
      all.add(s.starter(p));
      all.add(s.target(p));
    }
    EXPECT_EQ(all, CardSet::standard_deck());
  }
}

// ---------------------------------------------------------------------------------------------
// Rule 2: setup

TEST(TadmurRules, Rule2_StartersTargetsAndHandsOf24) {
  Table t("", 1, StandardDeal());
  EXPECT_EQ(t.s().starter(0), C("5S"));
  EXPECT_EQ(t.s().starter(1), C("KC"));
  EXPECT_EQ(t.s().target(0), C("9D"));
  EXPECT_EQ(t.s().target(1), C("3S"));
  EXPECT_EQ(t.s().hand(0).size(), 24);
  EXPECT_EQ(t.s().hand(1).size(), 24);
  EXPECT_TRUE(HasEvent(t.events(), kEveryone,
                       "starters: S0 5S, S1 KC; each chain has 7 empty spaces before its target"));
  EXPECT_TRUE(HasEvent(t.events(), SeatSet::of(0), "your target: 9D"));
  EXPECT_TRUE(HasEvent(t.events(), SeatSet::of(1), "your target: 3S"));
}

TEST(TadmurRules, Rule2_StartersPublicTargetsPrivate) {
  Table t("", 1, StandardDeal());
  const nlohmann::json v0 = t.s().view(0), v1 = t.s().view(1), spec = t.s().view(kSpectator);
  EXPECT_EQ(v0["starters"], nlohmann::json({"5S", "KC"}));
  EXPECT_EQ(spec["starters"], nlohmann::json({"5S", "KC"}));
  EXPECT_EQ(v0["target"], "9D");
  EXPECT_EQ(v0["targets"], nlohmann::json({"9D", nullptr}));
  EXPECT_EQ(v1["targets"], nlohmann::json({nullptr, "3S"}));
  EXPECT_EQ(spec["targets"], nlohmann::json({nullptr, nullptr}));
  EXPECT_FALSE(spec.contains("hand"));
  // No card of the opponent's hand or target appears in a seat's view.
  for (Seat s = 0; s < 2; ++s) {
    const CardSet seen = CardsIn(t.s().view(s));
    EXPECT_FALSE(seen.intersects(t.s().hand(1 - s)));
    EXPECT_FALSE(seen.contains(t.s().target(1 - s)));
  }
  const CardSet seen = CardsIn(spec);
  EXPECT_FALSE(seen.intersects(t.s().hand(0) | t.s().hand(1)));
  EXPECT_FALSE(seen.contains(t.s().target(0)) || seen.contains(t.s().target(1)));
}

TEST(TadmurRules, Rule2_NonDealerMovesFirst) {
  for (int dealer = 0; dealer < 2; ++dealer) {
    Table t("", dealer, StandardDeal());
    EXPECT_EQ(t.s().actors(), SeatSet::of(1 - dealer));
    EXPECT_EQ(t.s().mode(), ActorMode::kTurn);
  }
}

TEST(TadmurRules, Rule2_TurnsAlternate) {
  Table t("", 1, StandardDeal());
  EXPECT_TRUE(t.Do(0, "play 6S"));
  EXPECT_EQ(t.s().to_act(), 1);
  EXPECT_EQ(t.Reject(0, "play 7S"), "it is not your turn");
  EXPECT_TRUE(t.Do(1, "play QS"));
  EXPECT_EQ(t.s().to_act(), 0);
}

// ---------------------------------------------------------------------------------------------
// Rule 3: a turn

TEST(TadmurRules, Rule3_PlayMustBeAdjacentToTheChainEnd) {
  Table t("", 1, StandardDeal());
  // Starter 5S: 4s and 6s only.
  EXPECT_EQ(t.Reject(0, "play 7S"),
            "the card must be one rank above or below the end of your chain");
  EXPECT_TRUE(t.Do(0, "play 4S"));
  EXPECT_TRUE(t.Do(1, "play AS"));
  // Now the end is 4S: 3s and 5s.
  EXPECT_EQ(t.Reject(0, "play 6S"),
            "the card must be one rank above or below the end of your chain");
  const auto legal = LegalTexts(t.s(), 0);
  for (const auto& m : legal)
    if (m.rfind("play ", 0) == 0) {
      const int r = rank_of(C(m.substr(5)));
      EXPECT_TRUE(r == kThree || r == kFive) << m;
    }
}

TEST(TadmurRules, Rule3_MustHoldTheCard) {
  Table t("", 1, StandardDeal());
  EXPECT_EQ(t.Reject(0, "play 6H"), "you do not hold that card");
}

TEST(TadmurRules, Rule3_GuessBeforePlayingThenPlay) {
  Table t("", 1, StandardDeal());
  const auto legal = LegalTexts(t.s(), 0);
  for (int r = 0; r < kRanks; ++r)
    EXPECT_TRUE(Contains(legal, "guess " + std::string(1, rank_char(r))));
  EXPECT_TRUE(t.Do(0, "guess J"));  // S1's target is 3S: wrong
  // TAD-A7: still S0's turn, and it must play a card now.
  EXPECT_EQ(t.s().to_act(), 0);
  EXPECT_TRUE(t.s().guessed_this_turn());
  for (const auto& m : LegalTexts(t.s(), 0)) EXPECT_EQ(m.rfind("play ", 0), 0u) << m;
  EXPECT_TRUE(t.Do(0, "play 6S"));
  EXPECT_EQ(t.s().to_act(), 1);
  EXPECT_FALSE(t.s().guessed_this_turn());
}

TEST(TadmurRules, Rule3_WrongGuessPushesOwnTargetOneSpace) {
  Table t("", 1, StandardDeal());
  EXPECT_EQ(t.s().spaces(0), 7);
  EXPECT_TRUE(t.Do(0, "guess J"));
  EXPECT_EQ(t.s().spaces(0), 8);
  EXPECT_EQ(t.s().spaces(1), 7) << "the opponent's chain is unchanged";
  EXPECT_TRUE(HasEvent(t.events(), kEveryone,
                       "S0 guesses J: wrong; S0's target moves one space further (8 empty "
                       "spaces)"));
  EXPECT_EQ(t.s().ruled_out(1), 1u << kJack);
  EXPECT_EQ(t.s().view(kSpectator)["wrong_guesses"], nlohmann::json::parse(R"([["J"], []])"));
  EXPECT_TRUE(t.Do(0, "play 6S"));
  EXPECT_EQ(t.s().spaces(0), 7);
}

TEST(TadmurRules, Rule3_PlayFillsTheNextEmptySpace) {
  Table t("", 1, StandardDeal());
  EXPECT_TRUE(t.Do(0, "play 6S"));
  EXPECT_EQ(t.s().spaces(0), 6);
  EXPECT_EQ(t.s().chain_length(0), 1);
  EXPECT_EQ(t.s().chain_end(0), C("6S"));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S0 plays 6S (chain 5S 6S, 6 spaces left)"));
  EXPECT_EQ(t.s().view(1)["chains"], nlohmann::json::parse(R"([["6S"], []])"));
}

// ---------------------------------------------------------------------------------------------
// Rule 4: completion

TEST(TadmurRules, Rule4_CompletingTheChainWins) {
  // S0: 5S -> 6S 7S 8S 7H 8H 7D 8D, target 9D: 8D is next to 9.
  Table t("", 1, MakeDeal("5S KC 9D 3S", "6S 7S 8S 7H 8H 7D 8D", "QS KS QH KH QD KD QC"));
  const std::vector<std::string> s0 = {"6S", "7S", "8S", "7H", "8H", "7D", "8D"};
  const std::vector<std::string> s1 = {"QS", "KS", "QH", "KH", "QD", "KD"};
  for (int i = 0; i < 7; ++i) {
    ASSERT_TRUE(t.Do(0, "play " + s0[i]));
    if (i < 6) {
      ASSERT_TRUE(t.Do(1, "play " + s1[i]));
    }
  }
  EXPECT_TRUE(t.s().over());
  EXPECT_EQ(t.s().ending(), Ending::kChain);
  EXPECT_EQ(t.s().winners(), SeatSet::of(0));
  EXPECT_EQ(t.s().score(0), 1);
  EXPECT_EQ(t.s().score(1), 0);
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S0 completes the chain to the target 9D"));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "game over; winner: S0"));
  EXPECT_EQ(t.s().view(1)["targets"], nlohmann::json({"9D", "3S"})) << "revealed at the end";
}

TEST(TadmurRules, Rule4_A3_FullChainNotNextToTargetIsBlocked) {
  // S0 fills its 7 spaces ending on 7D; target 9D is not next to 7: blocked.
  Table t("", 1, MakeDeal("5S KC 9D 3S", "6S 7S 8S 7H 8H 7D 6D", "QS KS QH KH QD KD QC"));
  const std::vector<std::string> s0 = {"6S", "7S", "8S", "7H", "8H", "7D", "6D"};
  const std::vector<std::string> s1 = {"QS", "KS", "QH", "KH", "QD", "KD", "QC"};
  // 6D must be in S0's hand: the filler gives S0 the lowest remaining cards, so check it.
  ASSERT_TRUE(t.s().hand(0).contains(C("6D")));
  for (int i = 0; i < 7; ++i) {
    ASSERT_TRUE(t.Do(0, "play " + s0[i]));
    if (i < 6) {
      ASSERT_TRUE(t.Do(1, "play " + s1[i]));
    }
  }
  EXPECT_FALSE(t.s().over());
  EXPECT_TRUE(t.s().blocked(0));
  EXPECT_EQ(t.s().spaces(0), 0);
  EXPECT_TRUE(HasEvent(t.events(), kEveryone,
                       "S0's chain is full but 6D is not next to the target: blocked until a "
                       "wrong guess opens a space"));
  // Everyone now knows the target is neither a 5 nor a 7.
  EXPECT_EQ(t.s().ruled_out(0), (1u << kFive) | (1u << kSeven));
  EXPECT_EQ(t.s().view(1)["blocked"], nlohmann::json({true, false}));
}

// ---------------------------------------------------------------------------------------------
// Rule 5: loss conditions

TEST(TadmurRules, Rule5_NoCardsAtStartOfTurnLoses) {
  // S0 holds every 2..7 and walks all 24 from its starter 8S: 7 6 7 6 7 6 7 6, 5 4 5 4 5 4 5 4,
  // 3 2 3 2 3 2 3 2. S1 walks 24 of its own from AC. Both guess wrong (5: the targets are aces)
  // before every play, so neither chain fills. After 24 turns each, S0 has no cards: it loses.
  Table t("", 1, MakeDeal("8S AC AH AD", "", "", "", "234567"));
  ASSERT_EQ(t.s().hand(0).size(), 24);
  const std::string walk0 = "767676765454545432323232";
  const std::string walk1 = "KAKQKQKQJQJTJTJT9T989898";
  auto play_rank = [&](Seat p, char rank) {
    for (Card c : t.s().hand(p))
      if (rank_char(rank_of(c)) == rank) return t.Do(p, "play " + card_text(c));
    ADD_FAILURE() << "S" << p << " holds no " << rank;
    return false;
  };
  for (int i = 0; i < 24; ++i) {
    ASSERT_TRUE(t.Do(0, "guess 5"));
    ASSERT_TRUE(play_rank(0, walk0[i]));
    ASSERT_TRUE(t.Do(1, "guess 5"));
    ASSERT_TRUE(play_rank(1, walk1[i]));
  }
  EXPECT_TRUE(t.s().over());
  EXPECT_EQ(t.s().ending(), Ending::kNoCards);
  EXPECT_EQ(t.s().winners(), SeatSet::of(1));
  EXPECT_EQ(t.s().chain_length(0), 24);
  EXPECT_EQ(t.s().spaces(0), 7);
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S0 has no cards left"));
  EXPECT_EQ(t.s().last_round(kOmniscient)["ending"], "no_cards");
  EXPECT_EQ(t.s().last_round(kOmniscient)["ended_by"], 0);
}

TEST(TadmurRules, Rule5_A4_NoLegalPlayAndNoGuessLoses) {
  // S0's starter 5S; S0 holds no 4 or 6. Guessing is open, so S0 must guess (its only moves);
  // after the wrong guess it still has no play: it loses.
  Table t("", 1, MakeDeal("5S KC 9D 3S", "", "4S 4H 4D 4C 6S 6H 6D 6C"));
  EXPECT_TRUE(t.s().playable(0).empty());
  const auto legal = LegalTexts(t.s(), 0);
  EXPECT_EQ(legal.size(), 13u) << "only guesses";
  EXPECT_TRUE(t.Do(0, "guess J"));
  EXPECT_TRUE(t.s().over());
  EXPECT_EQ(t.s().ending(), Ending::kStuck);
  EXPECT_EQ(t.s().winners(), SeatSet::of(1));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S0 has no legal card play after the guess"));
}

TEST(TadmurRules, Rule5_A4_NoLegalPlayCanStillWinByGuessing) {
  Table t("", 1, MakeDeal("5S KC 9D 3S", "", "4S 4H 4D 4C 6S 6H 6D 6C"));
  EXPECT_TRUE(t.Do(0, "guess 3"));
  EXPECT_EQ(t.s().ending(), Ending::kGuess);
  EXPECT_EQ(t.s().winners(), SeatSet::of(0));
}

TEST(TadmurRules, A4_StuckPassOption) {
  Table t("stuck=pass", 1, MakeDeal("5S KC 9D 3S", "", "4S 4H 4D 4C 6S 6H 6D 6C QS"));
  auto legal = LegalTexts(t.s(), 0);
  EXPECT_EQ(legal.size(), 14u) << "13 guesses and pass";
  EXPECT_EQ(legal.back(), "pass");
  EXPECT_TRUE(t.Do(0, "guess J"));
  EXPECT_EQ(LegalTexts(t.s(), 0), std::vector<std::string>{"pass"});
  EXPECT_TRUE(t.Do(0, "pass"));
  EXPECT_FALSE(t.s().over());
  // Passing shows S0 holds no 4 or 6.
  EXPECT_EQ(t.s().void_ranks(0), (1u << kFour) | (1u << kSix));
  EXPECT_EQ(t.s().to_act(), 1);
  // S1 can play: no draw. Then S0 passes again, then S1 ... a play in between resets the count.
  EXPECT_TRUE(t.Do(1, "play QS"));
  EXPECT_TRUE(t.Do(0, "pass"));
  EXPECT_FALSE(t.s().over());
  EXPECT_EQ(t.Reject(1, "pass"), "you may pass only with no legal card play");
}

TEST(TadmurRules, A4_TwoPassesInARowDraw) {
  // Both players start with nothing to play on their starters.
  Table t("stuck=pass", 1,
          MakeDeal("5S 9C TD 3S", "8S 8H 8D TS TH TC", "4S 4H 4D 4C 6S 6H 6D 6C", "", "8T"));
  EXPECT_TRUE(t.s().playable(0).empty());
  EXPECT_TRUE(t.s().playable(1).empty());
  EXPECT_TRUE(t.Do(0, "pass"));
  EXPECT_TRUE(t.Do(1, "pass"));
  EXPECT_TRUE(t.s().over());
  EXPECT_EQ(t.s().ending(), Ending::kDraw);
  EXPECT_EQ(t.s().winners(), SeatSet::first_n(2));
  EXPECT_EQ(t.s().score(0), 0);
  EXPECT_EQ(t.s().score(1), 0);
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "game over: a draw (both players passed)"));
}

TEST(TadmurRules, A4_PassNotAllowedByDefault) {
  Table t("", 1, StandardDeal());
  EXPECT_EQ(t.Reject(0, "pass"), "passing is not allowed (stuck=lose)");
}

TEST(TadmurRules, A4_BlockedWithGuessingBarredLoses) {
  // S0 blocks its chain; on its next turn S1's chain has one space left, so nobody may guess:
  // S0 has no legal move and loses. S1 plays to one space first.
  Table t("", 1, MakeDeal("5S KC 9D 3S", "6S 7S 8S 7H 8H 7D 6D", "QS KS QH KH QD KD QC"));
  const std::vector<std::string> s0 = {"6S", "7S", "8S", "7H", "8H", "7D", "6D"};
  const std::vector<std::string> s1 = {"QS", "KS", "QH", "KH", "QD", "KD"};
  for (int i = 0; i < 7; ++i) {
    ASSERT_TRUE(t.Do(0, "play " + s0[i]));
    if (i < 6) {
      ASSERT_TRUE(t.Do(1, "play " + s1[i]));
    }
  }
  // S0 blocked (0 spaces), S1 at 1 space: S1 to move. S1 holds QC but target 3S is not next to Q:
  // S1 plays QC and blocks; now S0's turn: no chain at one space, S0 may guess.
  EXPECT_EQ(t.s().spaces(1), 1);
  EXPECT_TRUE(t.Do(1, "play QC"));
  EXPECT_TRUE(t.s().blocked(1));
  EXPECT_FALSE(t.s().over());
  EXPECT_EQ(LegalTexts(t.s(), 0).size(), 13u) << "a blocked chain: guesses only";
  // S0 guesses wrong: one space; it holds a card next to 6D? (5s and 7s): 7C is in its hand.
  EXPECT_TRUE(t.Do(0, "guess J"));
  EXPECT_EQ(t.s().spaces(0), 1);
  EXPECT_FALSE(t.s().over());
}

TEST(TadmurRules, A4_StuckAtTurnStartLosesWhenGuessingBarred) {
  // S0 starter 5S holds no 4 or 6; S1 is at one space when S0's turn comes: S0 loses at once.
  // S1 guesses are not needed: S1 plays six cards while S0 ... S0 must move first, so give S0
  // plays until S1 reaches one space, then S0 has nothing adjacent.
  // S0: 5S -> 6S -> 7S -> 6H -> 7H -> 6D -> 7D (6 plays), then needs a 6 or 8: none left.
  Table t("", 1, MakeDeal("5S KC 9D 3S", "6S 7S 6H 7H 6D 7D", "6C 8S 8H 8D 8C QS KS QH KH QD KD"));
  const std::vector<std::string> s0 = {"6S", "7S", "6H", "7H", "6D", "7D"};
  const std::vector<std::string> s1 = {"QS", "KS", "QH", "KH", "QD", "KD"};
  for (int i = 0; i < 6; ++i) {
    ASSERT_TRUE(t.Do(0, "play " + s0[i]));
    ASSERT_TRUE(t.Do(1, "play " + s1[i]));
  }
  // S0 at 1 space with end 7D; S1 at 1 space: S0 has no 6 or 8 and may not guess.
  EXPECT_TRUE(t.s().over());
  EXPECT_EQ(t.s().ending(), Ending::kStuck);
  EXPECT_EQ(t.s().winners(), SeatSet::of(1));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S0 has no legal card play and may not guess"));
}

// ---------------------------------------------------------------------------------------------
// Rule 6: parity

TEST(TadmurRules, Rule6_ParityTable) {
  // d = target - starter (mod 13); with s spaces the chain takes s + 1 steps.
  auto unreachable = [](int spaces) {
    std::set<int> out;
    for (int d = 0; d < kRanks; ++d)
      if (!reachable(0, d, spaces + 1)) out.insert(d);
    return out;
  };
  EXPECT_EQ(unreachable(7), (std::set<int>{1, 12, 3, 10}));
  EXPECT_EQ(unreachable(8), (std::set<int>{0, 2, 11}));
  EXPECT_EQ(unreachable(9), (std::set<int>{1, 12}));
  EXPECT_EQ(unreachable(10), (std::set<int>{0}));
  for (int s = 11; s <= 20; ++s) EXPECT_TRUE(unreachable(s).empty()) << s;
}

TEST(TadmurRules, Rule6_ParityMatchesExhaustiveSearch) {
  for (int steps = 1; steps <= 12; ++steps)
    for (int d = 0; d < kRanks; ++d) {
      bool found = false;
      for (unsigned m = 0; m < (1u << steps) && !found; ++m) {
        int r = 0;
        for (int i = 0; i < steps; ++i) r = (r + (((m >> i) & 1) ? 1 : kRanks - 1)) % kRanks;
        found = r == d;
      }
      EXPECT_EQ(reachable(0, d, steps), found) << steps << " " << d;
    }
}

// ---------------------------------------------------------------------------------------------
// Rulings

TEST(TadmurRules, A1_SevenEmptySpaces) {
  Table t("", 1, StandardDeal());
  EXPECT_EQ(t.s().spaces(0), kInitialSpaces);
  EXPECT_EQ(t.s().spaces(1), 7);
  EXPECT_EQ(t.s().view(0)["spaces"], nlohmann::json::array({7, 7}));
}

TEST(TadmurRules, A2_NoGuessWhileEitherChainHasOneSpace) {
  // S0 reaches one space: then neither S1 nor S0 may guess until it changes.
  Table t("", 1, MakeDeal("5S KC 9D 3S", "6S 7S 8S 7H 8H 7D 8D", "QS KS QH KH QD KD QC"));
  const std::vector<std::string> s0 = {"6S", "7S", "8S", "7H", "8H", "7D"};
  const std::vector<std::string> s1 = {"QS", "KS", "QH", "KH", "QD"};
  for (int i = 0; i < 6; ++i) {
    ASSERT_TRUE(t.Do(0, "play " + s0[i]));
    if (i < 5) {
      ASSERT_TRUE(t.Do(1, "play " + s1[i]));
    }
  }
  EXPECT_EQ(t.s().spaces(0), 1);
  EXPECT_EQ(t.s().to_act(), 1);
  EXPECT_EQ(t.Reject(1, "guess 9"), "no guessing while a chain is one card from completion");
  EXPECT_FALSE(t.s().view(1)["guessing_open"].get<bool>());
  // S1 plays KD: S1 at 1 space too. S0 may not guess either (its own chain has one space).
  ASSERT_TRUE(t.Do(1, "play KD"));
  EXPECT_EQ(t.Reject(0, "guess 3"), "no guessing while a chain is one card from completion");
}

TEST(TadmurRules, A2_OptionOpponentOnly) {
  Table t("guess_bar=opponent", 1,
          MakeDeal("5S KC 9D 3S", "6S 7S 8S 7H 8H 7D 8D", "QS KS QH KH QD KD QC"));
  const std::vector<std::string> s0 = {"6S", "7S", "8S", "7H", "8H", "7D"};
  const std::vector<std::string> s1 = {"QS", "KS", "QH", "KH", "QD", "KD"};
  for (int i = 0; i < 6; ++i) {
    ASSERT_TRUE(t.Do(0, "play " + s0[i]));
    if (i == 5) {
      EXPECT_EQ(t.Reject(1, "guess 9"), "no guessing while a chain is one card from completion");
    }
    ASSERT_TRUE(t.Do(1, "play " + s1[i]));
  }
  // Both chains at one space: S1's bars S0 under either option.
  EXPECT_EQ(t.Reject(0, "guess 3"), "no guessing while a chain is one card from completion");
  // S1 guesses wrong once early, so when S0 reaches one space S1 still has three.
  auto play_out = [&](Table& x) {
    for (int i = 0; i < 6; ++i) {
      EXPECT_TRUE(x.Do(0, "play " + s0[i]));
      if (i == 0) {
        EXPECT_TRUE(x.Do(1, "guess J"));
      }
      if (i < 5) {
        EXPECT_TRUE(x.Do(1, "play " + s1[i]));
      }
    }
    EXPECT_EQ(x.Reject(1, "guess 3"), "no guessing while a chain is one card from completion");
    EXPECT_TRUE(x.Do(1, "play KD"));
    EXPECT_EQ(x.s().spaces(0), 1);
    EXPECT_EQ(x.s().spaces(1), 2);
  };
  Table u("guess_bar=opponent", 1,
          MakeDeal("5S KC 9D 3S", "6S 7S 8S 7H 8H 7D 8D", "QS KS QH KH QD KD QC"));
  play_out(u);
  EXPECT_TRUE(Contains(LegalTexts(u.s(), 0), "guess 3")) << "own one-space chain does not bar";
  // With the default, it does.
  Table v("", 1, MakeDeal("5S KC 9D 3S", "6S 7S 8S 7H 8H 7D 8D", "QS KS QH KH QD KD QC"));
  play_out(v);
  EXPECT_FALSE(Contains(LegalTexts(v.s(), 0), "guess 3"));
  EXPECT_EQ(v.Reject(0, "guess 3"), "no guessing while a chain is one card from completion");
}

TEST(TadmurRules, A3_LastSpaceAcceptsAnyAdjacentCard) {
  // The play rule does not look at the hidden target: the last space takes 6D after 7D even
  // though the target is 9D (covered with its consequences in Rule4_A3_...); here: the last card
  // is never refused for the target's sake.
  Table t("", 1, MakeDeal("5S KC 9D 3S", "6S 7S 8S 7H 8H 7D 6D", "QS KS QH KH QD KD QC"));
  const std::vector<std::string> s0 = {"6S", "7S", "8S", "7H", "8H", "7D"};
  const std::vector<std::string> s1 = {"QS", "KS", "QH", "KH", "QD", "KD"};
  for (int i = 0; i < 6; ++i) {
    ASSERT_TRUE(t.Do(0, "play " + s0[i]));
    ASSERT_TRUE(t.Do(1, "play " + s1[i]));
  }
  // S1 at one space: S0 still moves (it has a play); both 6D and 8D... 8S/8H are played; 6D legal.
  EXPECT_TRUE(Contains(LegalTexts(t.s(), 0), "play 6D"));
}

TEST(TadmurRules, A3_WrongGuessReopensABlockedChain) {
  // S0 blocks on 6C (target 6H); S1 keeps two or more spaces by guessing wrong. A wrong guess by
  // S0 opens one space and S0 may play again.
  Table t("", 1, MakeDeal("5S KC 6H 3S", "6S 6D 6C 7S 7H 7D 7C 8S", "QS QH QD QC KS KH KD"));
  const std::vector<std::string> s0 = {"6S", "7S", "8S", "7H", "6D", "7D", "6C"};
  const std::vector<std::string> s1 = {"QS", "KS", "QH", "KH", "QD", "KD", "QC"};
  for (int i = 0; i < 7; ++i) {
    ASSERT_TRUE(t.Do(0, "play " + s0[i]));
    if (i != 5) {
      ASSERT_TRUE(t.Do(1, "guess J"));
    }
    ASSERT_TRUE(t.Do(1, "play " + s1[i]));
  }
  ASSERT_TRUE(t.s().blocked(0));
  // Blocked: guesses only.
  for (const auto& m : LegalTexts(t.s(), 0)) EXPECT_EQ(m.rfind("guess ", 0), 0u) << m;
  EXPECT_EQ(t.Reject(0, "play 7C"),
            "your chain is blocked: no empty space (a wrong guess opens one)");
  ASSERT_TRUE(t.Do(0, "guess 9"));
  EXPECT_FALSE(t.s().blocked(0));
  EXPECT_EQ(t.s().spaces(0), 1);
  EXPECT_TRUE(Contains(LegalTexts(t.s(), 0), "play 7C"));
}

TEST(TadmurRules, A5_GuessNamesARankNotACard) {
  Table t("", 1, StandardDeal());
  std::string error;
  EXPECT_FALSE(t.s().parse_move(0, "guess 3S", &error));
  EXPECT_NE(error.find("not a rank"), std::string::npos);
  // Any suit of the right rank wins: S1's target is 3S; "guess 3" is right.
  EXPECT_TRUE(t.Do(0, "guess 3"));
  EXPECT_EQ(t.s().ending(), Ending::kGuess);
}

TEST(TadmurRules, A6_OnlyOwnChain) {
  // A card next to the opponent's chain end (KC) but not one's own (5S) is refused.
  Table t("", 1, StandardDeal());
  ASSERT_TRUE(t.s().hand(0).contains(C("QC")));
  EXPECT_EQ(t.Reject(0, "play QC"),
            "the card must be one rank above or below the end of your chain");
  ASSERT_TRUE(t.s().hand(0).contains(C("2S")));
  EXPECT_EQ(t.Reject(0, "play 2S"),
            "the card must be one rank above or below the end of your chain");
}

TEST(TadmurRules, A7_AtMostOneGuessPerTurnThenPlay) {
  Table t("", 1, StandardDeal());
  EXPECT_TRUE(t.Do(0, "guess 4"));
  EXPECT_EQ(t.Reject(0, "guess 5"), "only one guess per turn");
  EXPECT_TRUE(t.Do(0, "play 6S"));
  EXPECT_TRUE(Contains(LegalTexts(t.s(), 1), "guess 5")) << "a new turn allows a new guess";
}

TEST(TadmurRules, A8_RandomDealerOneDeal) {
  const Game game = MakeGame("");
  int dealt_by[2] = {0, 0};
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    State s = game.new_match(seed, -1, nullptr);
    ++dealt_by[s.dealer()];
    EXPECT_EQ(s.to_act(), 1 - s.dealer());
    EXPECT_EQ(s.deals_dealt(), 1);
  }
  EXPECT_GT(dealt_by[0], 60);
  EXPECT_GT(dealt_by[1], 60);
}

// ---------------------------------------------------------------------------------------------
// Options, notation, views, resampling, records

TEST(TadmurRules, Options_DefaultsAreTheRulingsAndBadValuesAreClear) {
  const Game game = MakeGame("");
  EXPECT_EQ(game.config().guess_bar, GuessBar::kAny);
  EXPECT_EQ(game.config().stuck, Stuck::kLose);
  std::string error;
  EXPECT_FALSE(TryGame("guess_bar=me", &error));
  EXPECT_NE(error.find("guess_bar"), std::string::npos);
  EXPECT_NE(error.find("any|opponent"), std::string::npos) << error;
  EXPECT_FALSE(TryGame("stuck=cry", &error));
  EXPECT_NE(error.find("stuck"), std::string::npos);
  EXPECT_FALSE(TryGame("players=3", &error));
  EXPECT_NE(error.find("players"), std::string::npos);
}

TEST(TadmurRules, Notation_RoundTripsAndAliases) {
  Table t("stuck=pass", 1, StandardDeal());
  std::string error;
  for (int r = 0; r < kRanks; ++r) {
    const Move m = guess_move(r);
    EXPECT_EQ(t.s().parse_move(0, t.s().move_text(m), &error), m);
  }
  EXPECT_EQ(t.s().move_text(guess_move(kTen)), "guess T");
  EXPECT_EQ(t.s().parse_move(0, "guess 10", &error), guess_move(kTen));
  EXPECT_EQ(t.s().parse_move(0, "GUESS q", &error), guess_move(kQueen));
  EXPECT_EQ(t.s().parse_move(0, "play 6s", &error), play_move(C("6S")));
  EXPECT_EQ(t.s().parse_move(0, "6S", &error), play_move(C("6S")));
  EXPECT_EQ(t.s().parse_move(0, "pass", &error), pass_move());
  EXPECT_EQ(t.s().move_text(pass_move()), "pass");
  EXPECT_FALSE(t.s().parse_move(0, "guess", &error));
  EXPECT_FALSE(t.s().parse_move(0, "guess 1", &error));
  EXPECT_FALSE(t.s().parse_move(0, "play", &error));
  EXPECT_FALSE(t.s().parse_move(0, "hello", &error));
  EXPECT_NE(error.find("not a Tadmur move"), std::string::npos);
}

TEST(TadmurRules, Apply_RejectsGarbageWithoutChange) {
  Table t("", 1, StandardDeal());
  const State before = t.s();
  State s = t.s();
  EXPECT_FALSE(s.apply(0, guess_move(13), nullptr).ok());
  EXPECT_FALSE(s.apply(0, play_move(60), nullptr).ok());
  EXPECT_FALSE(s.apply(0, Move{0}, nullptr).ok());
  EXPECT_FALSE(s.apply(0, Move{(std::uint64_t{kPassMove} << 56) | 1}, nullptr).ok());
  EXPECT_FALSE(s.apply(2, play_move(C("6S")), nullptr).ok());
  EXPECT_FALSE(s.apply(-1, play_move(C("6S")), nullptr).ok());
  EXPECT_TRUE(s == before);
}

TEST(TadmurRules, View_ShowsOwnHandAndTargetOnly) {
  Table t("", 1, StandardDeal());
  ASSERT_TRUE(t.Do(0, "guess J"));
  ASSERT_TRUE(t.Do(0, "play 6S"));
  const nlohmann::json v = t.s().view(1);
  EXPECT_EQ(v["seat"], 1);
  EXPECT_EQ(v["target"], "3S");
  EXPECT_EQ(v["hand"].size(), 24u);
  EXPECT_EQ(v["hand_sizes"], nlohmann::json::array({23, 24}));
  EXPECT_EQ(v["chains"], nlohmann::json::parse(R"([["6S"], []])"));
  EXPECT_EQ(v["ruled_out"], nlohmann::json::parse(R"([[], ["J"]])"));
  EXPECT_EQ(v["to_act"], nlohmann::json::array({1}));
  EXPECT_EQ(v["legal"].size(), 13u + 4u) << "13 guesses, QS QH AS AH on KC";
  EXPECT_TRUE(t.s().view(0)["legal"].empty());
}

TEST(TadmurRules, View_ShowsCardsByRank) {
  // Ranks are what matter: interfaces show cards by rank, A 2 3 ... K, each next to the next.
  const Table t("", 1, StandardDeal());
  const std::string order = t.s().view(0)["rank_order"].get<std::string>();
  ASSERT_EQ(order.size(), 13u);
  for (std::size_t i = 1; i < order.size(); ++i)
    EXPECT_TRUE(ranks_adjacent(rank_of(C(std::string(1, order[i - 1]) + "S")),
                               rank_of(C(std::string(1, order[i]) + "S"))))
        << order;
  EXPECT_EQ(order.substr(0, 2), "A2");
  EXPECT_EQ(t.s().view(0)["round_name"], "game") << "a match is one game of one deal";
}

TEST(TadmurRules, Resample_HonoursWhatTheSeatKnows) {
  // S1 is blocked on 6D (target not 5 or 7) and S0 guessed J wrong: S1's target is none of those.
  Table t("", 0, MakeDeal("KC 5S 3S 9D", "QS KS QH KH QD KD QC", "6S 7S 8S 7H 8H 7D 6D"));
  const std::vector<std::string> s1 = {"6S", "7S", "8S", "7H", "8H", "7D"};
  const std::vector<std::string> s0 = {"QS", "KS", "QH", "KH", "QD", "KD"};
  ASSERT_TRUE(t.Do(1, "play 6S"));
  ASSERT_TRUE(t.Do(0, "guess J"));
  ASSERT_TRUE(t.Do(0, "play QS"));
  for (int i = 1; i < 6; ++i) {
    ASSERT_TRUE(t.Do(1, "play " + s1[i]));
    ASSERT_TRUE(t.Do(0, "play " + s0[i]));
  }
  ASSERT_TRUE(t.Do(1, "play 6D"));
  ASSERT_TRUE(t.s().blocked(1));
  EXPECT_EQ(t.s().ruled_out(1), (1u << kFive) | (1u << kSeven) | (1u << kJack)) << "J, 5, 7";
  Rng rng(3);
  std::set<int> target_ranks;
  for (int k = 0; k < 300; ++k) {
    const State b = t.s().resample(0, rng);
    EXPECT_EQ(b.check(), nullptr);
    EXPECT_EQ(b.view(0), t.s().view(0));
    EXPECT_EQ(b.hand(0), t.s().hand(0));
    EXPECT_EQ(b.target(0), t.s().target(0));
    const int r = rank_of(b.target(1));
    EXPECT_NE(r, kFive);
    EXPECT_NE(r, kSeven);
    EXPECT_NE(r, kJack);
    target_ranks.insert(r);
  }
  EXPECT_GE(target_ranks.size(), 8u) << "the hidden target varies over the other ranks";
}

TEST(TadmurRules, Resample_ActorWithoutGuessHoldsAPlay) {
  // S0 reached one space, so S1 may not guess; S1 was not eliminated, so it holds a Q or an A
  // (its chain ends on KD): every belief of S0 must give S1 such a card.
  Table t("", 1, MakeDeal("5S KC 9D 3S", "6S 7S 8S 7H 8H 7D 8D", "QS KS QH KH QD KD QC"));
  const std::vector<std::string> s0 = {"6S", "7S", "8S", "7H", "8H", "7D"};
  const std::vector<std::string> s1 = {"QS", "KS", "QH", "KH", "QD"};
  for (int i = 0; i < 6; ++i) {
    ASSERT_TRUE(t.Do(0, "play " + s0[i]));
    if (i < 5) {
      ASSERT_TRUE(t.Do(1, "play " + s1[i]));
    }
  }
  ASSERT_EQ(t.s().to_act(), 1);
  Rng rng(8);
  for (int k = 0; k < 200; ++k) {
    const State b = t.s().resample(0, rng);
    EXPECT_FALSE(b.playable(1).empty());
    MoveList<State::kMaxMoves> moves;
    b.legal_moves(1, moves);
    EXPECT_FALSE(moves.empty());
  }
}

TEST(TadmurRules, Resample_PassShowsVoidRanks) {
  Table t("stuck=pass", 1, MakeDeal("5S KC 9D 3S", "", "4S 4H 4D 4C 6S 6H 6D 6C QS"));
  ASSERT_TRUE(t.Do(0, "pass"));
  ASSERT_TRUE(t.Do(1, "play QS"));
  Rng rng(2);
  for (int k = 0; k < 100; ++k) {
    const State b = t.s().resample(1, rng);
    EXPECT_TRUE(b.playable(0).empty()) << "S0 showed it holds no 4 or 6";
  }
}

// round_replay of `s`, checked: its decisions applied to its start give `s` back, and so for
// worlds drawn for each seat and a spectator. The moves of the replay of `s` as text.
std::string ExpectReplays(const State& s) {
  std::string text;
  Rng rng(6);
  for (int k = 0; k < 12; ++k) {
    const State w = k == 0 ? s : s.resample(static_cast<Seat>(k % 3 - 1), rng);
    std::optional<RoundReplay<State>> r = w.round_replay();
    EXPECT_TRUE(r);
    if (!r) return "";
    State replayed = r->start;
    EXPECT_EQ(replayed.check(), nullptr);
    for (const auto& [seat, move] : r->moves) {
      if (k == 0) text += (text.empty() ? "" : ", ") + seat_name(seat) + " " + s.move_text(move);
      EXPECT_TRUE(replayed.apply(seat, move, nullptr).ok())
          << seat_name(seat) << " " << s.move_text(move);
    }
    EXPECT_TRUE(replayed == w);
  }
  return text;
}

TEST(TadmurRules, RoundReplayFromTheDeal) {
  Table t("", 1, StandardDeal());
  EXPECT_EQ(ExpectReplays(t.s()), "");
  for (const auto& [seat, move] : std::vector<std::pair<Seat, std::string>>{
           {0, "guess Q"}, {0, "play 6S"}, {1, "play QS"}, {0, "play 7S"}, {1, "guess 2"}})
    ASSERT_TRUE(t.Do(seat, move));
  EXPECT_EQ(ExpectReplays(t.s()), "S0 guess Q, S0 play 6S, S1 play QS, S0 play 7S, S1 guess 2");
  ASSERT_TRUE(t.Do(1, "play KS"));
  const RoundReplay<State> r = *t.s().round_replay();
  EXPECT_EQ(r.start.to_act(), 0);
  EXPECT_EQ(r.start.hand(0), t.s().hand(0) | Set("6S 7S"));
  EXPECT_EQ(r.start.hand(1), t.s().hand(1) | Set("QS KS"));
  for (Seat p = 0; p < 2; ++p) {
    EXPECT_EQ(r.start.chain_length(p), 0);
    EXPECT_EQ(r.start.spaces(p), kInitialSpaces);
    EXPECT_EQ(r.start.guesses_made(p), 0);
    EXPECT_EQ(r.start.ruled_out(p), 0u);
  }
  EXPECT_EQ(r.moves.size(), 6u);
  ASSERT_TRUE(t.Do(0, "guess T"));
  EXPECT_EQ(t.Reject(0, "guess 3"), "only one guess per turn");  // not a decision of the round
  EXPECT_EQ(ExpectReplays(t.s()),
            "S0 guess Q, S0 play 6S, S1 play QS, S0 play 7S, S1 guess 2, S1 play KS, S0 guess T");
  ASSERT_TRUE(t.Do(0, "play 8S"));
  ASSERT_TRUE(t.Do(1, "guess 9"));  // right: the match is over
  EXPECT_FALSE(t.s().round_replay());
}

TEST(TadmurRules, RoundReplayWithPasses) {
  Table t("stuck=pass", 1, MakeDeal("5S KC 9D 3S", "", "4S 4H 4D 4C 6S 6H 6D 6C QS"));
  ASSERT_TRUE(t.Do(0, "guess J"));
  ASSERT_TRUE(t.Do(0, "pass"));
  ASSERT_TRUE(t.Do(1, "play QS"));
  ASSERT_TRUE(t.Do(0, "pass"));
  EXPECT_EQ(ExpectReplays(t.s()), "S0 guess J, S0 pass, S1 play QS, S0 pass");
}

// ---------------------------------------------------------------------------------------------
// Acceptance scenarios (RULINGS 9.4)

TEST(TadmurScenario, TAD_01_Adjacency) {
  EXPECT_TRUE(ranks_adjacent(kKing, kAce));
  EXPECT_TRUE(ranks_adjacent(kAce, kTwo));
  EXPECT_FALSE(ranks_adjacent(kQueen, kAce));
  EXPECT_FALSE(ranks_adjacent(kFive, kFive));
  // Through the game: K then A is legal; Q then A is not.
  Table t("", 1, MakeDeal("KS QC 9D 3S", "AS 2S", "AH KH"));
  EXPECT_TRUE(Contains(LegalTexts(t.s(), 0), "play AS"));
  ASSERT_TRUE(t.Do(0, "play AS"));
  EXPECT_FALSE(Contains(LegalTexts(t.s(), 1), "play AH"));
  EXPECT_EQ(t.Reject(1, "play AH"),
            "the card must be one rank above or below the end of your chain");
  ASSERT_TRUE(t.Do(1, "play KH"));
  EXPECT_TRUE(Contains(LegalTexts(t.s(), 0), "play 2S")) << "A then 2";
}

TEST(TadmurScenario, TAD_03_ParityTrap) {
  // Starter 5S, target 6H: d = 1, not completable with 7 spaces, completable with 8.
  EXPECT_FALSE(reachable(R('5'), R('6'), 7 + 1));
  EXPECT_TRUE(reachable(R('5'), R('6'), 8 + 1));
  // The scenario's literal plays 6 7 6 7 6 7 6 need four 6s while 6H is the target; we play
  // 6 7 8 7 6 7 6 (same parity, same blocked ending). S1's target is 3S; S1 never reaches one
  // space: it guesses wrong (J, not S0's 6) and plays each turn, except when guessing is barred.
  Table t("", 1, MakeDeal("5S KC 6H 3S", "6S 6D 6C 7S 7H 7D 7C 8S", "QS QH QD QC KS KH KD"));
  const std::vector<std::string> s0 = {"6S", "7S", "8S", "7H", "6D", "7D", "6C"};
  const std::vector<std::string> s1 = {"QS", "KS", "QH", "KH", "QD", "KD", "QC"};
  for (int i = 0; i < 7; ++i) {
    ASSERT_TRUE(t.Do(0, "play " + s0[i]));
    // After S0's 6th card its chain has one space: guessing is barred then.
    if (i != 5) {
      ASSERT_TRUE(t.Do(1, "guess J"));
    }
    ASSERT_TRUE(t.Do(1, "play " + s1[i]));
    EXPECT_GE(t.s().spaces(1), 2);
  }
  EXPECT_EQ(t.s().spaces(0), 0);
  EXPECT_TRUE(t.s().blocked(0)) << "the last 6 is not adjacent to the target 6";
  ASSERT_TRUE(t.Do(0, "guess J"));  // wrong: S1's target is a 3
  EXPECT_EQ(t.s().spaces(0), 1);
  ASSERT_TRUE(t.Do(0, "play 7C"));
  EXPECT_TRUE(t.s().over());
  EXPECT_EQ(t.s().ending(), Ending::kChain);
  EXPECT_EQ(t.s().winners(), SeatSet::of(0));
}

TEST(TadmurScenario, TAD_05_CorrectGuessWins) {
  Table t("", 1, MakeDeal("5S KC 3S 9D", "", ""));
  const CardSet hand_before = t.s().hand(0);
  ASSERT_TRUE(t.Do(0, "guess 9"));
  EXPECT_TRUE(t.s().over());
  EXPECT_EQ(t.s().winners(), SeatSet::of(0));
  EXPECT_EQ(t.s().ending(), Ending::kGuess);
  EXPECT_EQ(t.s().hand(0), hand_before) << "P1 plays no card";
  EXPECT_EQ(t.s().chain_length(0), 0);
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S0 guesses 9: right! S1's target is 9D"));
  EXPECT_EQ(t.s().last_round(1)["sheet"][0]["value"], "S0 guesses the target");
}

TEST(TadmurScenario, TAD_07_OnlyOneGuessPerTurn) {
  Table t("", 1, MakeDeal("5S KC 3S 9D", "", ""));
  ASSERT_TRUE(t.Do(0, "guess 4"));
  EXPECT_EQ(t.Reject(0, "guess 5"), "only one guess per turn");
  EXPECT_FALSE(Contains(LegalTexts(t.s(), 0), "guess 5"));
}

TEST(TadmurScenario, TAD_09_NonDealerFirst) {
  Table t("", 1, StandardDeal());
  EXPECT_EQ(t.s().actors(), SeatSet::of(0));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S1 deals; S0 moves first"));
}

// ---------------------------------------------------------------------------------------------
// Records

nlohmann::json ParityRecord() {
  const Deal deal = MakeDeal("5S KC 6H 3S", "6S 6D 6C 7S 7H 7D 7C 8S", "QS QH QD QC KS KH KD");
  nlohmann::json record;
  record["game"] = "tadmur";
  record["options"] = nlohmann::json::object();
  record["seed"] = 5;
  record["first_dealer"] = 1;
  record["deals"] = nlohmann::json::array({deal_to_json(deal, {})});
  nlohmann::json moves = nlohmann::json::array();
  const std::vector<std::string> s0 = {"6S", "7S", "8S", "7H", "6D", "7D", "6C"};
  const std::vector<std::string> s1 = {"QS", "KS", "QH", "KH", "QD", "KD", "QC"};
  for (int i = 0; i < 7; ++i) {
    moves.push_back({0, "play " + s0[i]});
    if (i != 5) moves.push_back({1, "guess J"});
    moves.push_back({1, "play " + s1[i]});
  }
  moves.push_back({0, "guess J"});
  moves.push_back({0, "play 7C"});
  record["moves"] = moves;
  return record;
}

TEST(TadmurRecord, ExplicitDealReplaysToHandComputedResult) {
  register_all_games();
  std::string error;
  auto session = Session::from_record(ParityRecord(), &error);
  ASSERT_TRUE(session) << error;
  ASSERT_EQ(session->rounds().size(), 1u);
  const nlohmann::json& r = session->rounds()[0];
  EXPECT_EQ(r["dealer"], 1);
  EXPECT_EQ(r["first_player"], 0);
  EXPECT_EQ(r["starters"], nlohmann::json({"5S", "KC"}));
  EXPECT_EQ(r["targets"], nlohmann::json({"6H", "3S"}));
  EXPECT_EQ(r["chains"][0], nlohmann::json({"6S", "7S", "8S", "7H", "6D", "7D", "6C", "7C"}));
  EXPECT_EQ(r["chains"][1].size(), 7u);
  EXPECT_EQ(r["spaces"], nlohmann::json::array({0, 6}));
  EXPECT_EQ(r["guesses"], nlohmann::json::array({1, 6}));
  EXPECT_EQ(r["wrong_guesses"], nlohmann::json::parse(R"([["J"], ["J"]])"));
  EXPECT_EQ(r["ending"], "chain");
  EXPECT_EQ(r["ended_by"], 0);
  EXPECT_EQ(r["winners"], nlohmann::json::array({0}));
  EXPECT_EQ(r["points"], nlohmann::json::array({1, 0}));
  EXPECT_EQ(r["sheet"], nlohmann::json::parse(R"([
      {"title": "ended", "value": "S0 completes the chain"},
      {"title": "target", "seats": ["6H", "3S"]}, {"title": "guesses", "seats": [1, 6]}])"));
  const nlohmann::json summary = session->summary();
  EXPECT_EQ(summary["totals"], nlohmann::json::array({1, 0}));
  EXPECT_EQ(summary["winners"], nlohmann::json::array({0}));
}

TEST(TadmurRecord, CheckedInRecordFileMatches) {
  // tests/records/tadmur_parity_trap.json is the same record, for `cardroom replay`. With
  // CARDROOM_REGEN_GOLDEN=1 (scripts/regen_golden.sh) it is rewritten from the record above.
  register_all_games();
  auto session = testing_util::CheckedInRecord("tadmur_parity_trap.json", ParityRecord());
  ASSERT_TRUE(session);
}

TEST(TadmurRecord, BadDealsGiveClearErrors) {
  const Game game = MakeGame("");
  Deal deal = StandardDeal();
  EXPECT_EQ(game.validate_deal(deal), "");
  Deal short_pack = deal;
  short_pack.pack.pop_back();
  EXPECT_NE(game.validate_deal(short_pack).find("exactly 4 cards"), std::string::npos);
  Deal twice = deal;
  twice.hands[1][0] = twice.hands[0][0];
  EXPECT_NE(game.validate_deal(twice).find("appears twice"), std::string::npos);
  Deal small = deal;
  small.hands[0].pop_back();
  EXPECT_NE(game.validate_deal(small).find("needs 24"), std::string::npos);
  Deal three = deal;
  three.hands.push_back({});
  EXPECT_NE(game.validate_deal(three).find("needs 2 hands"), std::string::npos);
  // A bad move in a record names it.
  register_all_games();
  nlohmann::json record = ParityRecord();
  record["moves"][0] = {0, "play 9S"};
  std::string error;
  EXPECT_FALSE(Session::from_record(record, &error));
  EXPECT_NE(error.find("play 9S"), std::string::npos) << error;
}

// ---------------------------------------------------------------------------------------------
// Perft

using testing_util::Perft;

// An independent model of the rules (default options), written from RULINGS 9.1 directly: hands
// as rank counts per card, chains as end rank and spaces.
struct RefState {
  std::array<CardSet, 2> hand;
  std::array<int, 2> end{}, spaces{}, target{};
  int to_act = 0;
  bool guessed = false;
  bool over = false;
};

bool RefGuessOpen(const RefState& s) { return s.spaces[0] != 1 && s.spaces[1] != 1; }

std::vector<Card> RefPlays(const RefState& s) {
  std::vector<Card> out;
  if (s.spaces[s.to_act] == 0) return out;
  for (Card c : s.hand[s.to_act]) {
    const int d = (rank_of(c) - s.end[s.to_act] + 13) % 13;
    if (d == 1 || d == 12) out.push_back(c);
  }
  return out;
}

// Ends the game if the player to act cannot move (empty hand; or no play and no guess).
void RefStartTurn(RefState& s) {
  s.guessed = false;
  if (s.hand[s.to_act].empty() || (RefPlays(s).empty() && !RefGuessOpen(s))) s.over = true;
}

std::uint64_t RefPerft(const RefState& s, int depth) {
  if (depth == 0 || s.over) return 1;
  std::uint64_t total = 0;
  const int p = s.to_act;
  if (!s.guessed && RefGuessOpen(s)) {
    for (int r = 0; r < 13; ++r) {
      if (depth == 1) {
        ++total;
        continue;
      }
      RefState n = s;
      if (r == s.target[1 - p]) {
        n.over = true;
      } else {
        n.guessed = true;
        ++n.spaces[p];
        if (RefPlays(n).empty()) n.over = true;
      }
      total += RefPerft(n, depth - 1);
    }
  }
  for (Card c : RefPlays(s)) {
    if (depth == 1) {
      ++total;
      continue;
    }
    RefState n = s;
    n.hand[p].remove(c);
    n.end[p] = rank_of(c);
    --n.spaces[p];
    const int d = (rank_of(c) - s.target[p] + 13) % 13;
    if (n.spaces[p] == 0 && (d == 1 || d == 12)) {
      n.over = true;
    } else {
      n.to_act = 1 - p;
      RefStartTurn(n);
    }
    total += RefPerft(n, depth - 1);
  }
  return total;
}

RefState RefFrom(const State& s) {
  RefState r;
  for (Seat p = 0; p < 2; ++p) {
    r.hand[p] = s.hand(p);
    r.end[p] = rank_of(s.chain_end(p));
    r.spaces[p] = s.spaces(p);
    r.target[p] = rank_of(s.target(p));
  }
  r.to_act = s.to_act();
  r.guessed = s.guessed_this_turn();
  r.over = s.over();
  return r;
}

TEST(TadmurPerft, OpeningHandChecked) {
  // S0 to move on starter 5S with 4S 6S 6D in hand (k = 3 plays); S1 on KC holds QS QH AS AH
  // (k1 = 4). Depth 1: 13 guesses + 3 plays = 16. Depth 2: 12 wrong guesses x 3 plays, the right
  // guess ends the game (1), and 3 plays x (13 guesses + 4 plays): 36 + 1 + 51 = 88.
  Table t("", 1, MakeDeal("5S KC 9D 3S", "4S 6S 6D", "QS QH AS AH", "46", "QA"));
  ASSERT_EQ(t.s().playable(0), Set("4S 6S 6D"));
  ASSERT_EQ(t.s().playable(1), Set("QS QH AS AH"));
  EXPECT_EQ(Perft(t.s(), 1), 16u);
  EXPECT_EQ(Perft(t.s(), 2), 88u);
  const RefState ref = RefFrom(t.s());
  for (int d = 0; d <= 4; ++d) EXPECT_EQ(Perft(t.s(), d), RefPerft(ref, d)) << "depth " << d;
  const std::uint64_t expected[] = {1, 16, 88, 948, 7172};
  for (int d = 0; d <= 4; ++d) EXPECT_EQ(Perft(t.s(), d), expected[d]) << "depth " << d;
}

TEST(TadmurPerft, NearTheEndCrossChecked) {
  // From the parity-trap position after S0's fifth card: one-space bars and a blocked chain are
  // all inside the horizon.
  Table t("", 1, MakeDeal("5S KC 6H 3S", "6S 6D 6C 7S 7H 7D 7C 8S", "QS QH QD QC KS KH KD"));
  ASSERT_TRUE(t.DoAll({{0, "play 6S"},
                       {1, "play QS"},
                       {0, "play 7S"},
                       {1, "play KS"},
                       {0, "play 8S"},
                       {1, "play QH"},
                       {0, "play 7H"},
                       {1, "play KH"},
                       {0, "play 6D"}}));
  const RefState ref = RefFrom(t.s());
  const std::uint64_t expected[] = {1, 17, 113, 947, 4443, 33191, 204935};
  for (int d = 0; d <= 6; ++d) {
    EXPECT_EQ(Perft(t.s(), d), RefPerft(ref, d)) << "depth " << d;
    EXPECT_EQ(Perft(t.s(), d), expected[d]) << "depth " << d;
  }
}

TEST(TadmurPerft, RandomDealsCrossChecked) {
  const Game game = MakeGame("");
  for (std::uint64_t seed = 0; seed < 5; ++seed) {
    const State s = game.new_match(seed, -1, nullptr);
    const RefState ref = RefFrom(s);
    for (int d = 0; d <= 3; ++d) EXPECT_EQ(Perft(s, d), RefPerft(ref, d)) << seed << " " << d;
  }
}

}  // namespace
}  // namespace cardroom::tadmur
