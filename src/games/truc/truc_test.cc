// Truc rule tests (DESIGN.md section 8; RULINGS.md section 4).
//
//   TrucRules.*     one or more tests per numbered rule 1-10 of RULINGS 4.1 and per ruling
//                   TRUC-A1..A13, plus options, signals, views, resampling and notation
//   TrucScenario.*  the acceptance scenarios TRUC-01, 03, 05, 07 and 09
//   TrucRecord.*    a game record with explicit deals, replayed
//   TrucPerft.*     perft counts from fixed explicit deals (from the match start, at the cut,
//                   and from the first trick), hand-checked at low depth
//
// Seats S0..S3 clockwise, partners opposite (S0+S2, S1+S3); play goes to the right (seat - 1).
// With S0 dealing, the playing order is S3 (eldest, "P0"), S2, S1, S0 (dealer, "P3"); the
// dealer's opponents ("team A") are S1+S3.
#include "games/truc/truc.h"

#include <gtest/gtest.h>

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

namespace cardroom::truc {
namespace {

using testing_util::CardsIn;
using testing_util::Contains;
using testing_util::HasEvent;
using testing_util::LegalTexts;
using testing_util::List;
using testing_util::Set;

std::optional<Game> TryGame(const std::string& options, std::string* error) {
  return testing_util::TryGame<Game>("truc", options, error);
}

Game MakeGame(const std::string& options) { return testing_util::MakeGame<Game>("truc", options); }

Card C(std::string_view text) { return List(text).at(0); }

// An explicit deal: one hand per seat S0..S3 ("3S 2H 4C"); the pack is the rest.
Deal MakeDeal(const std::vector<std::string>& hands) {
  Deal deal;
  for (const auto& h : hands) deal.hands.push_back(List(h));
  return deal;
}

// A filler deal for hands a test does not care about.
Deal Filler() { return MakeDeal({"4S 5S 6S", "4H 5H 6H", "4D 5D 6D", "4C 5C 6C"}); }

// How a test table opens. Every hand, the first included, opens with the cut offered to the
// dealer's left (rule 4). Most tests want a hand in play, so by default the table takes that cut,
// which deals the first explicit deal (3 cards each); `kAsk` leaves the cut question open.
enum class Open { kCut, kAsk };

class Table : public testing_util::RulesTable<Game, State> {
 public:
  Table(const std::string& options, int dealer, std::vector<Deal> deals, Open open = Open::kCut,
        std::uint64_t seed = 1)
      : RulesTable(MakeGame(options), std::move(deals), dealer, seed) {
    EXPECT_EQ(state_.phase(), State::Phase::kCut) << "every match opens with the cut";
    if (open == Open::kCut) {
      EXPECT_TRUE(Do((dealer + 1) % kPlayers, "cut"));
    }
  }
  // Plays one trick: the cards in playing order from the player to play.
  bool Trick(const std::vector<std::string>& cards) {
    for (const auto& c : cards)
      if (!Do(state_.to_play(), "play " + c)) return false;
    return true;
  }
  // Ends hands quickly: the player to act's team throws the hand by a truc answered "reject"
  // ... (not used); instead rejects: `Concede` makes the next player call truc and the responder
  // reject, giving the caller's team 1 point.
  bool Concede() {
    const Seat caller = state_.to_play();
    return Do(caller, "truc") && Do(next_seat(caller), "reject");
  }
};

// ---------------------------------------------------------------------------------------------
// Rules 1-3: seats, deck, rank

TEST(TrucRules, Rule1_TeamsOppositeAndPlayToTheRight) {
  const Game game = MakeGame("");
  EXPECT_EQ(game.teams().count, 2);
  EXPECT_EQ(game.teams().team_of[0], game.teams().team_of[2]);
  EXPECT_EQ(game.teams().team_of[1], game.teams().team_of[3]);
  EXPECT_NE(game.teams().team_of[0], game.teams().team_of[1]);
  EXPECT_EQ(next_seat(3), 2);
  EXPECT_EQ(next_seat(0), 3);
  Table t("", 0, {MakeDeal({"4S 5S 6S", "4H 5H 6H", "4D 5D 6D", "4C 5C 6C"})});
  EXPECT_EQ(t.s().eldest(), 3) << "the dealer's right leads";
  EXPECT_EQ(t.s().dealer_opponents(), 1) << "S1+S3 are the dealer's opponents (team A)";
  EXPECT_TRUE(t.Do(3, "play 4C"));
  EXPECT_EQ(t.s().to_play(), 2);
  EXPECT_TRUE(t.Do(2, "play 4D"));
  EXPECT_EQ(t.s().to_play(), 1);
}

TEST(TrucRules, Rule2_FortyCardDeck) {
  EXPECT_EQ(kDeck.size(), 40);
  for (Card c : kDeck) {
    EXPECT_NE(rank_of(c), kEight);
    EXPECT_NE(rank_of(c), kNine);
    EXPECT_NE(rank_of(c), kTen);
  }
  const Game game = MakeGame("");
  std::string error;
  Deal bad = MakeDeal({"8S 5S 6S", "4H 5H 6H", "4D 5D 6D", "4C 5C 6C"});
  EXPECT_NE(game.validate_deal(bad).find("not in the Truc deck"), std::string::npos);
}

TEST(TrucRules, Rule3_RankOrder) {
  // TRUC-01: 3 2 A K Q J 7 6 5 4.
  const std::vector<Card> order = List("3S 2S AS KS QS JS 7S 6S 5S 4S");
  for (std::size_t i = 1; i < order.size(); ++i)
    EXPECT_GT(strength(order[i - 1]), strength(order[i])) << card_text(order[i]);
  EXPECT_EQ(strength(C("3H")), strength(C("3C"))) << "suits never matter";
}

// ---------------------------------------------------------------------------------------------
// Rule 4: cut and deal

TEST(TrucRules, Rule4_FirstHandOffersTheCutToTheDealersLeft) {
  // The first hand of a match is like every other: the dealer's left is offered the cut before
  // any card is dealt.
  Table t("", 0, {MakeDeal({"4S 5S 6S", "4H 5H 6H", "4D 5D 6D", "4C 5C 6C"})}, Open::kAsk);
  EXPECT_EQ(t.s().phase(), State::Phase::kCut);
  EXPECT_EQ(t.s().actors(), SeatSet::of(1)) << "the dealer's left (S0 + 1 = S1) cuts";
  EXPECT_EQ(LegalTexts(t.s(), 1), (std::vector<std::string>{"cut", "tap"}));
  for (Seat s : {0, 2, 3}) EXPECT_TRUE(LegalTexts(t.s(), s).empty()) << "S" << s;
  for (Seat s = 0; s < 4; ++s) EXPECT_EQ(t.s().hand(s).size(), 0) << "nothing dealt yet";
  EXPECT_EQ(t.s().view(1)["phase"], "cut");
  EXPECT_EQ(t.s().view(1)["cut"], nullptr);
  EXPECT_EQ(t.s().view(1)["cards_per_hand"], nullptr);
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S1 is offered the cut ('cut' or 'tap')"));
  EXPECT_EQ(t.Reject(3, "play 4C"), "it is not your turn");
  EXPECT_EQ(t.Reject(1, "signal three"), "signals are made once the cards are dealt");
  EXPECT_TRUE(t.Do(1, "cut"));
  EXPECT_EQ(t.s().phase(), State::Phase::kPlay);
  EXPECT_EQ(t.s().cards_per_hand(), 3);
  for (Seat s = 0; s < 4; ++s) EXPECT_EQ(t.s().hand(s).size(), 3);
  EXPECT_EQ(t.s().hand(3), Set("4C 5C 6C")) << "the explicit deal is dealt after the cut";
  EXPECT_EQ(t.s().view(0)["cut"], "cut");
  EXPECT_EQ(t.s().to_play(), 3) << "the eldest (dealer's right) leads";
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S1 cuts"));
}

TEST(TrucRules, Rule4_A4_FirstHandTapAndOneCardDeal) {
  Table t("", 0, {MakeDeal({"3S", "2S", "AS", "KS"})}, Open::kAsk);
  ASSERT_TRUE(t.Do(1, "tap"));
  EXPECT_EQ(t.s().phase(), State::Phase::kDealChoice);
  EXPECT_EQ(t.s().actors(), SeatSet::of(0)) << "the dealer chooses";
  EXPECT_EQ(LegalTexts(t.s(), 0), (std::vector<std::string>{"deal 1", "deal 3"}));
  ASSERT_TRUE(t.Do(0, "deal 1"));
  EXPECT_EQ(t.s().cards_per_hand(), 1);
  for (Seat s = 0; s < 4; ++s) EXPECT_EQ(t.s().hand(s).size(), 1);
  EXPECT_EQ(t.s().view(2)["cut"], "tap");
}

TEST(TrucRules, Rule4_CutOfferedToDealersLeftThenThreeCards) {
  Table t("", 0, {Filler(), Filler()});
  ASSERT_TRUE(t.Concede());  // S3 truc, S2 rejects: S1+S3 +1; the deal passes right to S3
  EXPECT_EQ(t.s().dealer(), 3);
  EXPECT_EQ(t.s().phase(), State::Phase::kCut);
  EXPECT_EQ(t.s().actors(), SeatSet::of(0)) << "the dealer's left (S3 + 1 = S0) cuts";
  EXPECT_EQ(LegalTexts(t.s(), 0), (std::vector<std::string>{"cut", "tap"}));
  EXPECT_TRUE(t.Do(0, "cut"));
  EXPECT_EQ(t.s().cards_per_hand(), 3);
  EXPECT_EQ(t.s().phase(), State::Phase::kPlay);
  EXPECT_EQ(t.s().to_play(), 2) << "the new eldest is the new dealer's right";
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S0 cuts"));
}

TEST(TrucRules, Rule4_A4_TapLetsTheDealerDealOneCard) {
  Table t("", 0, {Filler(), MakeDeal({"3S", "2S", "AS", "KS"})});
  ASSERT_TRUE(t.Concede());
  EXPECT_TRUE(t.Do(0, "tap"));
  EXPECT_EQ(t.s().phase(), State::Phase::kDealChoice);
  EXPECT_EQ(t.s().actors(), SeatSet::of(3));
  EXPECT_EQ(LegalTexts(t.s(), 3), (std::vector<std::string>{"deal 1", "deal 3"}));
  EXPECT_TRUE(t.Do(3, "deal 1"));
  EXPECT_EQ(t.s().cards_per_hand(), 1);
  for (Seat s = 0; s < 4; ++s) EXPECT_EQ(t.s().hand(s).size(), 1);
  EXPECT_EQ(t.s().check(), nullptr);
}

TEST(TrucRules, Rule4_TapThenDealThree) {
  Table t("", 0, {Filler(), Filler()});
  ASSERT_TRUE(t.Concede());
  ASSERT_TRUE(t.Do(0, "tap"));
  ASSERT_TRUE(t.Do(3, "deal 3"));
  EXPECT_EQ(t.s().cards_per_hand(), 3);
}

TEST(TrucRules, Rule4_DealPassesRightAndUnplayedCardsReturn) {
  Table t("", 2, {Filler(), Filler(), Filler()});
  EXPECT_EQ(t.s().dealer(), 2);
  ASSERT_TRUE(t.Concede());
  EXPECT_EQ(t.s().dealer(), 1);
  ASSERT_TRUE(t.Do(2, "cut"));
  ASSERT_TRUE(t.Concede());
  EXPECT_EQ(t.s().dealer(), 0);
  // Every hand is a fresh 40-card deal: the cards of the conceded hands came back.
  ASSERT_TRUE(t.Do(1, "cut"));
  EXPECT_EQ(t.s().check(), nullptr);
  EXPECT_EQ(t.s().played().size(), 0);
}

// ---------------------------------------------------------------------------------------------
// Rule 5: tricks

TEST(TrucRules, Rule5_NoDutyToFollowSuitHighestWins) {
  // S0 deals; S3 leads 4C; S2 plays 5S (another suit), S1 KH, S0 2D: the 2 wins.
  Table t("", 0, {MakeDeal({"2D 5D 6D", "KH 5H 6H", "5S 4D 6S", "4C 5C 6C"})});
  EXPECT_TRUE(t.Trick({"4C", "5S", "KH", "2D"}));
  EXPECT_EQ(t.s().trick_winner_of(0), 0);
  EXPECT_EQ(t.s().to_play(), 0) << "the winner leads";
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "trick 1 to S0 (2D)"));
}

TEST(TrucRules, Rule5_OppositeTeamsTieIsADrawLeaderLeadsAgain) {
  Table t("", 0, {MakeDeal({"3D 5D 6D", "KH 5H 6H", "5S 4D 6S", "3C 5C 6C"})});
  EXPECT_TRUE(t.Trick({"3C", "5S", "KH", "3D"}));  // S3 (A) and S0 (B) tie with 3s
  EXPECT_EQ(t.s().trick_winner_of(0), -1);
  EXPECT_EQ(t.s().to_play(), 3) << "after a draw the leader leads again";
  EXPECT_TRUE(
      HasEvent(t.events(), kEveryone, "trick 1: a draw (both teams tied for the best card)"));
}

TEST(TrucRules, A1_PartnersTieTeamWinsEarlierLeads) {
  // S3 and S1 are partners; both play a 2; the earlier (S3) leads next.
  Table t("", 0, {MakeDeal({"4D 5D 6D", "2H 5H 6H", "5S 4H 6S", "2C 5C 6C"})});
  EXPECT_TRUE(t.Trick({"2C", "5S", "2H", "4D"}));
  EXPECT_EQ(t.s().trick_winner_of(0), 3);
  EXPECT_EQ(t.s().tricks_won(1), 1);
  EXPECT_EQ(t.s().to_play(), 3);
}

// ---------------------------------------------------------------------------------------------
// Rule 6: hand result and early end

// Plays tricks from a deal so that each trick goes as `pattern` says: 'A' (S3 wins: S1+S3, the
// dealer's opponents with S0 dealing), 'B' (S0 wins), 'D' (draw between S3 and S0).
struct PatternResult {
  int tricks_played = 0;
  int winning_team = -1;
};
PatternResult PlayPattern(const std::string& pattern) {
  // Each trick: S3 leads X, S2 4, S1 4, S0 Y. Cards per trick i from fixed sets.
  std::vector<std::string> s3, s0;
  const char* kHigh[] = {"3S", "3H", "3D"};
  const char* kLow[] = {"5S", "5H", "5D"};
  const char* kTie[] = {"KS", "KH", "KD"};
  const char* kTie0[] = {"KC", "QS", "QH"};
  for (int i = 0; i < 3; ++i) {
    const char p = pattern[i];
    s3.push_back(p == 'A' ? kHigh[i] : p == 'B' ? kLow[i] : kTie[i]);
    s0.push_back(p == 'A'   ? kLow[i] == std::string("5S") ? "6S" : (i == 1 ? "6H" : "6D")
                 : p == 'B' ? (i == 0   ? "2S"
                               : i == 1 ? "2H"
                                        : "2D")
                            : (i == 0   ? "KC"
                               : i == 1 ? "QC"
                                        : "JC"));
  }
  // Draws need equal ranks: use K/K, Q/Q, J/J.
  for (int i = 0; i < 3; ++i)
    if (pattern[i] == 'D') {
      s3[i] = i == 0 ? "KS" : i == 1 ? "QS" : "JS";
      s0[i] = i == 0 ? "KC" : i == 1 ? "QC" : "JC";
    }
  (void)kTie0;
  auto join = [](const std::vector<std::string>& v) {
    std::string out;
    for (const auto& c : v) out += (out.empty() ? "" : " ") + c;
    return out;
  };
  Table t("signals=false", 0, {MakeDeal({join(s0), "4H 4D 4C", "7S 7H 7D", join(s3)})});
  PatternResult r;
  const int hands = t.s().rounds_completed();
  Seat expected_leader = 3;
  for (int i = 0; i < 3 && t.s().rounds_completed() == hands; ++i) {
    EXPECT_EQ(t.s().to_play(), expected_leader) << pattern << " trick " << i + 1;
    if (pattern[i] != 'D') expected_leader = pattern[i] == 'A' ? 3 : 0;  // a draw: same leader
    // Whoever leads, S3 and S0 play their card for this trick; S2 and S1 play low cards.
    for (int k = 0; k < 4; ++k) {
      const Seat p = t.s().to_play();
      const std::string card = p == 3   ? s3[i]
                               : p == 0 ? s0[i]
                               : p == 2 ? std::string(i == 0   ? "7S"
                                                      : i == 1 ? "7H"
                                                               : "7D")
                                        : std::string(i == 0   ? "4H"
                                                      : i == 1 ? "4D"
                                                               : "4C");
      EXPECT_TRUE(t.Do(p, "play " + card));
    }
    ++r.tricks_played;
  }
  EXPECT_EQ(t.s().rounds_completed(), hands + 1) << pattern;
  r.winning_team = t.s().last_hand().winning_team;
  return r;
}

TEST(TrucRules, Rule6_HandResultFormula) {
  EXPECT_EQ(hand_result(2, 0, 1), +1);
  EXPECT_EQ(hand_result(1, 0, 1), +1) << "A then draw: A has won (a >= b + r)";
  EXPECT_EQ(hand_result(0, 1, 1), 0) << "B then draw: trick 3 decides";
  EXPECT_EQ(hand_result(0, 2, 1), -1);
  EXPECT_EQ(hand_result(1, 1, 1), 0);
  EXPECT_EQ(hand_result(0, 0, 0), +1) << "all draws: the dealer's opponents";
  EXPECT_EQ(hand_result(1, 1, 0), +1) << "equal counts: the dealer's opponents";
  EXPECT_EQ(hand_result(0, 1, 0), -1);
  EXPECT_EQ(hand_result(0, 0, 2), 0);
}

TEST(TrucRules, Rule6_A3_EarlyEnd) {
  EXPECT_EQ(PlayPattern("AAx").tricks_played, 2);
  EXPECT_EQ(PlayPattern("BBx").tricks_played, 2);
  EXPECT_EQ(PlayPattern("BBx").winning_team, 0);
  // B then draw: trick 3 is played (an A win would make it 1-1, which goes to A).
  const PatternResult bd = PlayPattern("BDA");
  EXPECT_EQ(bd.tricks_played, 3);
  EXPECT_EQ(bd.winning_team, 1);
  const PatternResult bdb = PlayPattern("BDB");
  EXPECT_EQ(bdb.winning_team, 0);
}

TEST(TrucRules, Rule6_OneCardHandDrawGoesToDealersOpponents) {
  Table t("", 0, {Filler(), MakeDeal({"KS", "4S", "KH", "4H"})});
  ASSERT_TRUE(t.Concede());  // dealer is now S3; S0 cuts
  ASSERT_TRUE(t.Do(0, "tap"));
  ASSERT_TRUE(t.Do(3, "deal 1"));
  // Eldest S2 leads KH; S1 4S; S0 KS (a tie between S2 (A: S0+S2 are S3's opponents) and S0).
  const int before = t.s().team_score(0);
  ASSERT_TRUE(t.Trick({"KH", "4S", "KS", "4H"}));
  EXPECT_EQ(t.s().last_hand().winning_team, 0) << "S0+S2 are the dealer's (S3) opponents";
  EXPECT_EQ(t.s().team_score(0), before + 1);
}

// ---------------------------------------------------------------------------------------------
// Rule 7: raises

Table FreshHand(const std::string& options = "") {
  return Table(options, 0,
               {MakeDeal({"2D 5D 6D", "KH 5H 6H", "5S 4D 6S", "3C 5C 6C"}), Filler(), Filler()});
}

TEST(TrucRules, Rule7_A12_TrucBeforeTheFirstLead) {
  Table t = FreshHand();
  EXPECT_TRUE(Contains(LegalTexts(t.s(), 3), "truc"));
  EXPECT_TRUE(t.Do(3, "truc"));
  EXPECT_EQ(t.s().pending_raise(), 2);
  EXPECT_EQ(t.s().actors(), SeatSet::of(2)) << "the caller's right answers (TRUC-A5)";
  // S2 is not the player to play (S3 has not led): only accept or reject (and signals).
  const auto legal = LegalTexts(t.s(), 2);
  EXPECT_TRUE(Contains(legal, "accept"));
  EXPECT_TRUE(Contains(legal, "reject"));
  EXPECT_FALSE(Contains(legal, "play 5S"));
  EXPECT_EQ(t.Reject(3, "play 3C"), "a raise is waiting for its answer");
  EXPECT_TRUE(t.Do(2, "accept"));
  EXPECT_EQ(t.s().stake(), 2);
  EXPECT_EQ(t.s().actors(), SeatSet::of(3)) << "back to the player to play";
}

TEST(TrucRules, Rule7_RejectedTrucScoresOneForTheCaller) {
  Table t = FreshHand();
  ASSERT_TRUE(t.Do(3, "truc"));
  ASSERT_TRUE(t.Do(2, "reject"));
  EXPECT_EQ(t.s().team_score(1), 1);
  EXPECT_EQ(t.s().team_score(0), 0);
  EXPECT_EQ(t.s().last_round(kOmniscient)["ending"], "rejected");
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S2 rejects the truc"));
  // The score sheet's own columns: the dealer, the points the hand was worth, how, the tricks.
  EXPECT_EQ(t.s().last_round(0)["sheet"], nlohmann::json::parse(R"([
      {"title": "dealer", "value": "S0"}, {"title": "stake", "value": 1},
      {"title": "how", "value": "truc rejected"}, {"title": "tricks", "teams": [0, 0]}])"));
}

TEST(TrucRules, Rule7_AcceptedTrucWorthTwo) {
  Table t = FreshHand("signals=false");
  ASSERT_TRUE(t.Do(3, "truc"));
  ASSERT_TRUE(t.Do(2, "accept"));
  // S3 3C, S2 5S, S1 KH, S0 2D: S3 wins; S3 5C, S2 6S, S1 5H, S0 5D: S0+S2? 5C v 5H v 5D v 6S:
  // S2's 6S wins (B). Trick 3: S2 leads 4D, S1 6H, S0 6D, S3 6C: 6s tie across teams: draw.
  ASSERT_TRUE(t.Trick({"3C", "5S", "KH", "2D"}));
  ASSERT_TRUE(t.Trick({"5C", "6S", "5H", "5D"}));
  ASSERT_TRUE(t.Trick({"4D", "6H", "6D", "6C"}));
  EXPECT_EQ(t.s().last_hand().winning_team, 1) << "1-1 and a draw: the dealer's opponents";
  EXPECT_EQ(t.s().team_score(1), 2);
  const nlohmann::json sheet = t.s().last_round(kSpectator)["sheet"];
  EXPECT_EQ(sheet[1]["value"], 2);
  EXPECT_EQ(sheet[2]["value"], "truc");
  EXPECT_EQ(sheet[3]["teams"], nlohmann::json({1, 1})) << "a drawn trick is nobody's";
}

TEST(TrucRules, Rule7_PlayThenTrucAndImplicitAccept) {
  Table t = FreshHand();
  EXPECT_TRUE(Contains(LegalTexts(t.s(), 3), "play 3C truc"));
  ASSERT_TRUE(t.Do(3, "play 3C truc"));
  EXPECT_EQ(t.s().pending_raise(), 2);
  EXPECT_EQ(t.s().actors(), SeatSet::of(2));
  // S2 is the next to play: playing a card accepts.
  EXPECT_TRUE(Contains(LegalTexts(t.s(), 2), "play 5S"));
  ASSERT_TRUE(t.Do(2, "play 5S"));
  EXPECT_EQ(t.s().stake(), 2);
  EXPECT_EQ(t.s().pending_raise(), 0);
  EXPECT_EQ(t.s().view(0)["raises"][0]["answer"], "accept");
}

TEST(TrucRules, A5_RaiseAfterTheLastCardOfATrickIsAnsweredByTheRight) {
  Table t = FreshHand();
  ASSERT_TRUE(t.Trick({"3C", "5S", "KH"}));
  // S0 plays the last card of trick 1 and calls truc; S3 (its right) answers, although S3 (the
  // trick winner) is also the next to play.
  ASSERT_TRUE(t.Do(0, "play 2D truc"));
  EXPECT_EQ(t.s().actors(), SeatSet::of(3));
  EXPECT_EQ(t.s().to_play(), 3);
  ASSERT_TRUE(t.Do(3, "reject"));
  EXPECT_EQ(t.s().team_score(0), 1);
}

TEST(TrucRules, A5_PlayDoesNotAcceptOutOfTurn) {
  // S1 plays and calls truc after S2 led... S0 is S1's right and the next to play: it may play.
  // When the caller calls before its card, the responder is not to play: no play allowed.
  Table t = FreshHand();
  ASSERT_TRUE(t.Trick({"3C", "5S"}));
  ASSERT_TRUE(t.Do(1, "truc"));
  EXPECT_EQ(t.Reject(0, "play 2D"), "you must answer the raise: accept or reject");
}

TEST(TrucRules, A7_RetrucOnlyByTheOtherTeam) {
  Table t = FreshHand();
  ASSERT_TRUE(t.Do(3, "truc"));
  ASSERT_TRUE(t.Do(2, "accept"));
  EXPECT_FALSE(Contains(LegalTexts(t.s(), 3), "retruc")) << "S3 called truc";
  EXPECT_EQ(t.Reject(3, "retruc"), "you may not make that raise now");
  ASSERT_TRUE(t.Do(3, "play 3C"));
  // S2 (the other team) may retruc on its turn.
  EXPECT_TRUE(Contains(LegalTexts(t.s(), 2), "retruc"));
  ASSERT_TRUE(t.Do(2, "play 5S"));
  // S1 is S3's partner: no retruc.
  EXPECT_FALSE(Contains(LegalTexts(t.s(), 1), "retruc"));
  ASSERT_TRUE(t.Do(1, "play KH"));
  // S0 may, on a later trick too.
  EXPECT_TRUE(Contains(LegalTexts(t.s(), 0), "retruc"));
}

TEST(TrucRules, A7_RejectedRetrucScoresTwo) {
  Table t = FreshHand();
  ASSERT_TRUE(t.Do(3, "truc"));
  ASSERT_TRUE(t.Do(2, "accept"));
  ASSERT_TRUE(t.Do(3, "play 3C"));
  ASSERT_TRUE(t.Do(2, "retruc"));
  EXPECT_EQ(t.s().actors(), SeatSet::of(1));
  ASSERT_TRUE(t.Do(1, "reject"));
  EXPECT_EQ(t.s().team_score(0), 2) << "the last accepted value";
  EXPECT_EQ(t.s().team_score(1), 0);
}

TEST(TrucRules, A6_AcceptThenRetrucSameTurn) {
  Table t = FreshHand();
  ASSERT_TRUE(t.Do(3, "play 3C truc"));
  ASSERT_TRUE(t.Do(2, "accept"));  // S2 is to play: it may now retruc before its card
  EXPECT_TRUE(Contains(LegalTexts(t.s(), 2), "retruc"));
  ASSERT_TRUE(t.Do(2, "retruc"));
  ASSERT_TRUE(t.Do(1, "accept"));
  EXPECT_EQ(t.s().stake(), 3);
}

TEST(TrucRules, A8_NoRaiseBeyondThree) {
  Table t = FreshHand();
  ASSERT_TRUE(t.Do(3, "truc"));
  ASSERT_TRUE(t.Do(2, "accept"));
  ASSERT_TRUE(t.Do(3, "play 3C"));
  ASSERT_TRUE(t.Do(2, "retruc"));
  ASSERT_TRUE(t.Do(1, "accept"));
  for (Seat s = 0; s < 4; ++s) {
    EXPECT_FALSE(Contains(LegalTexts(t.s(), s), "truc"));
    EXPECT_FALSE(Contains(LegalTexts(t.s(), s), "retruc"));
  }
  EXPECT_EQ(t.s().raise_available(2), 0);
}

TEST(TrucRules, Rule7_RaiseThatWouldEndTheHandIsRefused) {
  // Trick 1 to S3 (A); trick 2: S3 leads 3... the last card of trick 2 ends the hand when A wins
  // it: "play C truc" with that card is not offered.
  Table t("", 0, {MakeDeal({"4D 5D 6D", "4H 5H 6H", "4S 5S 6S", "3C 2C 6C"})});
  ASSERT_TRUE(t.Trick({"3C", "4S", "4H", "4D"}));
  ASSERT_TRUE(t.Trick({"2C", "5S", "5H"}));
  EXPECT_FALSE(Contains(LegalTexts(t.s(), 0), "play 5D truc"));
  EXPECT_TRUE(Contains(LegalTexts(t.s(), 0), "truc")) << "before the card it is allowed";
  EXPECT_EQ(t.Reject(0, "play 5D truc"), "this card ends the hand: there is nothing left to raise");
}

// ---------------------------------------------------------------------------------------------
// Rules 8-9: eleven and game end

// A table where the scores reach (a, b) for teams (S0+S2, S1+S3) by conceded hands, then the
// next deal is `deal`. Concessions alternate as needed; each gives the caller's team 1 point.
Table AtScore(int team0, int team1, const Deal& deal, const std::string& options = "") {
  std::vector<Deal> deals(static_cast<std::size_t>(team0 + team1), Filler());
  deals.push_back(deal);
  Table t(options, 0, deals);
  // Team 1 first, then team 0; a team on 11 facing the eleven decision folds, which gives the
  // other team its point.
  int got0 = 0, got1 = 0;
  while (got0 < team0 || got1 < team1) {
    const State& s = t.s();
    if (s.phase() == State::Phase::kCut) {
      EXPECT_TRUE(t.Do(s.actors().lowest(), "cut"));
      continue;
    }
    if (s.phase() == State::Phase::kEleven) {
      EXPECT_TRUE(t.Do(s.eleven_decider(), "fold"));
      (s.eleven_team() == 0 ? got1 : got0)++;
      continue;
    }
    const int need = got1 < team1 ? 1 : 0;
    Seat caller = s.to_play();
    if (caller % 2 != need) {
      // Play a card so that the turn passes to the other team.
      EXPECT_TRUE(t.Do(caller, "play " + card_text(s.hand(caller).lowest())));
      caller = t.s().to_play();
    }
    EXPECT_TRUE(t.Do(caller, "truc"));
    EXPECT_TRUE(t.Do(next_seat(caller), "reject"));
    (need == 0 ? got0 : got1)++;
  }
  EXPECT_EQ(t.s().team_score(0), team0);
  EXPECT_EQ(t.s().team_score(1), team1);
  return t;
}

TEST(TrucScenario, TRUC_09_Eleven) {
  // S0+S2 on 11, S1+S3 on 7.
  const Deal deal = MakeDeal({"3S 3H 2S", "4S 4H 5S", "3D 2H AS", "4D 5H 5D"});
  {
    Table t = AtScore(11, 7, deal);
    EXPECT_EQ(t.s().phase(), State::Phase::kEleven) << "no cut: a 3-card deal is compulsory";
    EXPECT_EQ(t.s().cards_per_hand(), 3);
    EXPECT_EQ(t.s().view(0)["cut"], nullptr);
    const Seat decider = t.s().eleven_decider();
    EXPECT_EQ(decider % 2, 0) << "the team on 11 decides";
    EXPECT_EQ(t.s().actors(), SeatSet::of(decider));
    EXPECT_TRUE(Contains(LegalTexts(t.s(), decider), "go"));
    EXPECT_TRUE(Contains(LegalTexts(t.s(), decider), "fold"));
    ASSERT_TRUE(t.Do(decider, "go"));
    EXPECT_EQ(t.s().stake(), 3);
    // No raises in the 3-point hand (TRUC-A9): "P1 truc" is illegal.
    for (Seat s = 0; s < 4; ++s) EXPECT_FALSE(Contains(LegalTexts(t.s(), s), "truc"));
    EXPECT_EQ(t.Reject(t.s().to_play(), "truc"), "no raises in the hand played on eleven");
    // S0+S2 hold both 3s and the 2s: they win; 11 + 3 = 14, game over.
    while (!t.s().over() && t.s().rounds_completed() == 18)
      ASSERT_TRUE(t.Do(t.s().to_play(), "play " + card_text(t.s().hand(t.s().to_play()).lowest())));
    EXPECT_TRUE(t.s().over());
    EXPECT_EQ(t.s().team_score(0), 14);
    EXPECT_EQ(t.s().winners(), SeatSet(0b0101));
  }
  {
    // The opponents win the 3-point hand: 7 + 3 = 10.
    const Deal weak = MakeDeal({"4S 4H 5S", "3S 3H 2S", "4D 5H 5D", "3D 2H AS"});
    Table t = AtScore(11, 7, weak);
    ASSERT_TRUE(t.Do(t.s().eleven_decider(), "go"));
    while (t.s().rounds_completed() == 18)
      ASSERT_TRUE(t.Do(t.s().to_play(), "play " + card_text(t.s().hand(t.s().to_play()).lowest())));
    EXPECT_EQ(t.s().team_score(1), 10);
    EXPECT_FALSE(t.s().over());
  }
  {
    // The team on 11 declines: the opponents score 1 (7 + 1 = 8).
    Table t = AtScore(11, 7, deal);
    ASSERT_TRUE(t.Do(t.s().eleven_decider(), "fold"));
    EXPECT_EQ(t.s().team_score(1), 8);
    EXPECT_EQ(t.s().team_score(0), 11);
    EXPECT_EQ(t.s().last_round(kOmniscient)["ending"], "eleven_fold");
  }
}

TEST(TrucRules, A9_ElevenFoldPointsOption) {
  const Deal deal = MakeDeal({"3S 3H 2S", "4S 4H 5S", "3D 2H AS", "4D 5H 5D"});
  Table t = AtScore(11, 7, deal, "eleven_fold_points=0");
  ASSERT_TRUE(t.Do(t.s().eleven_decider(), "fold"));
  EXPECT_EQ(t.s().team_score(1), 7);
  EXPECT_EQ(t.s().team_score(0), 11);
  EXPECT_EQ(MakeGame("").config().eleven_fold_points, 1);
  std::string error;
  EXPECT_FALSE(TryGame("eleven_fold_points=4", &error));
  EXPECT_NE(error.find("eleven_fold_points"), std::string::npos);
}

TEST(TrucRules, A10_BothOnElevenNormalHandWinnerWins) {
  const Deal deal = MakeDeal({"3S 3H 2S", "4S 4H 5S", "3D 2H AS", "4D 5H 5D"});
  Table t = AtScore(11, 11, deal);
  EXPECT_EQ(t.s().phase(), State::Phase::kPlay) << "no eleven decision";
  EXPECT_EQ(t.s().cards_per_hand(), 3);
  EXPECT_EQ(t.s().stake(), 1);
  // Raising is allowed (and pointless): a rejected truc gives the caller's team the game.
  const Seat caller = t.s().to_play();
  EXPECT_TRUE(Contains(LegalTexts(t.s(), caller), "truc"));
  ASSERT_TRUE(t.Do(caller, "truc"));
  ASSERT_TRUE(t.Do(next_seat(caller), "reject"));
  EXPECT_TRUE(t.s().over());
  EXPECT_EQ(t.s().team_score(caller % 2), 12);
}

TEST(TrucRules, A11_RaiseThatWouldGiveTheGameIsAllowed) {
  Table t = AtScore(10, 0, MakeDeal({"3S 3H 2S", "4S 4H 5S", "3D 2H AS", "4D 5H 5D"}));
  ASSERT_EQ(t.s().phase(), State::Phase::kCut);
  ASSERT_TRUE(t.Do(t.s().actors().lowest(), "cut"));
  // Accepting would let S0+S2 reach 12: truc is still offered to everyone on their turn.
  EXPECT_TRUE(Contains(LegalTexts(t.s(), t.s().to_play()), "truc"));
}

TEST(TrucRules, Rule4_UnplayedCardsReturnUnseen) {
  Table t = FreshHand();
  ASSERT_TRUE(t.Do(3, "play 3C"));
  ASSERT_TRUE(t.Do(2, "truc"));
  ASSERT_TRUE(t.Do(1, "reject"));
  // The hand is over: the hand summary shows no card that was not played (the unfinished trick
  // is not listed) and the new hand starts from the whole pack.
  const CardSet shown = CardsIn(t.s().view(1)["last_round"]);
  EXPECT_TRUE(Set("3C").contains_all(shown));
  EXPECT_EQ(t.s().played().size(), 0);
}

TEST(TrucRules, Rule9_GameToTwelve) {
  Table t = AtScore(10, 0, Filler());
  EXPECT_FALSE(t.s().over());
  // Two more for S0+S2: 12 wins (a concession is 1 point each).
  Table u = AtScore(11, 10, MakeDeal({"3S 3H 2S", "4S 4H 5S", "3D 2H AS", "4D 5H 5D"}));
  ASSERT_TRUE(u.Do(u.s().eleven_decider(), "fold"));
  EXPECT_EQ(u.s().team_score(1), 11);
  EXPECT_FALSE(u.s().over());
}

// ---------------------------------------------------------------------------------------------
// Rule 10: signals

TEST(TrucRules, Rule10_SignalsSeenOnlyByThePartner) {
  Table t = FreshHand();
  EXPECT_TRUE(Contains(LegalTexts(t.s(), 3), "signal three"));
  ASSERT_TRUE(t.Do(3, "signal three"));
  EXPECT_EQ(t.s().actors(), SeatSet::of(3)) << "a signal does not pass the turn";
  EXPECT_TRUE(
      HasEvent(t.events(), SeatSet(0b1010), "S3 signals to the partner: three (I have a 3)"));
  EXPECT_EQ(t.s().view(1)["signals"], nlohmann::json({nullptr, nullptr, nullptr, "three"}));
  EXPECT_EQ(t.s().view(3)["signals"], nlohmann::json({nullptr, nullptr, nullptr, "three"}));
  EXPECT_EQ(t.s().view(0)["signals"], nlohmann::json({nullptr, nullptr, nullptr, nullptr}));
  EXPECT_EQ(t.s().view(kSpectator)["signals"],
            nlohmann::json({nullptr, nullptr, nullptr, nullptr}));
  // Once per hand.
  EXPECT_FALSE(Contains(LegalTexts(t.s(), 3), "signal weak"));
  EXPECT_EQ(t.Reject(3, "signal weak"), "one signal per player per hand");
  ASSERT_TRUE(t.Do(3, "play 3C"));
  EXPECT_TRUE(Contains(LegalTexts(t.s(), 2), "signal weak"));
}

TEST(TrucRules, Rule10_SignalsOffOption) {
  Table t = FreshHand("signals=false");
  EXPECT_FALSE(Contains(LegalTexts(t.s(), 3), "signal three"));
  EXPECT_EQ(t.Reject(3, "signal three"), "signals are off (signals=false)");
}

TEST(TrucRules, Rule10_SignalsKeptInTheRecord) {
  register_all_games();
  std::string error;
  auto session = Session::create(load_game("truc", &error), 3, 0, {}, &error);
  ASSERT_TRUE(session) << error;
  ASSERT_TRUE(session->play(1, "cut", &error)) << error;  // S0 deals: S1 cuts, S3 leads
  ASSERT_TRUE(session->play(3, "signal strong", &error)) << error;
  const nlohmann::json record = session->record();
  EXPECT_EQ(record["moves"][0], nlohmann::json({1, "cut"}));
  EXPECT_EQ(record["moves"][1], nlohmann::json({3, "signal strong"}));
  auto again = Session::from_record(record, &error);
  ASSERT_TRUE(again) << error;
  EXPECT_TRUE(again->state().equals(session->state()));
}

// ---------------------------------------------------------------------------------------------
// Replays (round_replay)

TEST(TrucRules, RoundReplayKeepsSignalsRaisesAndAnswersBetweenTheCards) {
  Table t = FreshHand();
  const std::vector<std::pair<Seat, std::string>> made = {
      {3, "play 3C truc"}, {2, "signal two"}, {2, "accept"},  {2, "retruc"},
      {1, "signal weak"},  {1, "accept"},     {2, "play 5S"}, {1, "play KH"}};
  for (const auto& [seat, text] : made) ASSERT_TRUE(t.Do(seat, text)) << text;
  std::optional<RoundReplay<State>> replay = t.s().round_replay();
  ASSERT_TRUE(replay);
  std::vector<std::pair<Seat, std::string>> replayed;
  for (const auto& [seat, m] : replay->moves) replayed.emplace_back(seat, t.s().move_text(m));
  EXPECT_EQ(replayed, made);
  EXPECT_EQ(replay->start.phase(), State::Phase::kPlay);
  EXPECT_EQ(replay->start.stake(), 1);
  EXPECT_EQ(replay->start.hand(3), Set("3C 5C 6C"));
}

TEST(TrucRules, RoundReplayGivesTheDecisionsAsMade) {
  testing_util::ExpectRoundReplaysAsMade("truc", 8);
  testing_util::ExpectRoundReplaysAsMade("truc(signals=false)", 2);
}

// ---------------------------------------------------------------------------------------------
// Views, resampling, notation, options

TEST(TrucRules, View_ShowsCardsInTrucRankOrder) {
  // The view tells interfaces to show cards by Truc's rank, highest first, suits ignored.
  const Table t = FreshHand();
  const std::string order = t.s().view(0)["rank_order"].get<std::string>();
  ASSERT_EQ(order, "32AKQJ7654");
  for (std::size_t i = 1; i < order.size(); ++i)
    EXPECT_GT(strength(C(std::string(1, order[i - 1]) + "S")),
              strength(C(std::string(1, order[i]) + "S")))
        << order[i];
  EXPECT_EQ(t.s().view(kSpectator)["rank_order"], order);
}

TEST(TrucRules, View_StakeAndWhoMayRaiseNext) {
  // Every seat's view says what the hand is worth, which raise may come next and who may call it.
  using nlohmann::json;
  Table t = FreshHand();
  auto raise_view = [&](Seat seat) {
    const json v = t.s().view(seat);
    return json{v["stake"], v["next_raise"], v["may_raise"], v["pending_raise"]};
  };
  EXPECT_EQ(raise_view(0), json::parse(R"([1, "truc", [0, 1, 2, 3], null])"));
  EXPECT_EQ(t.s().view(kSpectator)["next_raise"], "truc");
  ASSERT_TRUE(t.Do(3, "truc"));
  EXPECT_EQ(raise_view(1), json::parse(R"([1, null, [], "truc"])")) << "waiting for the answer";
  ASSERT_TRUE(t.Do(2, "accept"));
  EXPECT_EQ(raise_view(1), json::parse(R"([2, "retruc", [0, 2], null])")) << "TRUC-A7";
  ASSERT_TRUE(t.Do(3, "play 3C"));
  ASSERT_TRUE(t.Do(2, "play 5S retruc"));
  ASSERT_TRUE(t.Do(1, "accept"));
  EXPECT_EQ(raise_view(0), json::parse(R"([3, null, [], null])")) << "TRUC-A8: no more raises";
  EXPECT_EQ(t.s().view(0)["round_name"], "hand");
}

TEST(TrucRules, View_NoRaiseInTheHandOnEleven) {
  Table t = AtScore(11, 7, MakeDeal({"3S 3H 2S", "4S 4H 5S", "3D 2H AS", "4D 5H 5D"}));
  EXPECT_TRUE(t.s().view(0)["next_raise"].is_null()) << "no hand in play before the decision";
  ASSERT_TRUE(t.Do(t.s().eleven_decider(), "go"));
  EXPECT_EQ(t.s().view(0)["stake"], 3);
  EXPECT_TRUE(t.s().view(0)["next_raise"].is_null()) << "TRUC-A9";
  EXPECT_TRUE(t.s().view(0)["may_raise"].empty());
}

TEST(TrucRules, View_HidesOtherHandsIncludingPartner) {
  Table t = FreshHand();
  for (Seat s = 0; s < 4; ++s) {
    const CardSet seen = CardsIn(t.s().view(s));
    EXPECT_EQ(seen, t.s().hand(s)) << "S" << s << " sees only its own cards";
  }
  EXPECT_TRUE(CardsIn(t.s().view(kSpectator)).empty());
  ASSERT_TRUE(t.Do(3, "play 3C"));
  EXPECT_TRUE(CardsIn(t.s().view(1)).contains(C("3C"))) << "played cards are public";
}

TEST(TrucRules, Resample_KeepsOwnHandAndPlayedCards) {
  Table t = FreshHand();
  ASSERT_TRUE(t.Do(3, "signal three"));
  ASSERT_TRUE(t.Do(3, "play 3C"));
  Rng rng(4);
  std::set<std::uint64_t> partner_hands;
  for (int k = 0; k < 50; ++k) {
    const State b = t.s().resample(1, rng);
    EXPECT_EQ(b.view(1), t.s().view(1));
    EXPECT_EQ(b.hand(1), t.s().hand(1));
    EXPECT_EQ(b.signal_of(3), t.s().signal_of(3)) << "the partner's signal is known";
    EXPECT_FALSE(b.hand(0).contains(C("3C")));
    partner_hands.insert(b.hand(3).bits());
  }
  EXPECT_GT(partner_hands.size(), 5u) << "the partner's hand is hidden too";
}

TEST(TrucRules, Notation_RoundTrips) {
  Table t = FreshHand();
  std::string error;
  for (Move m : {cut_move(false), cut_move(true), deal_move(1), deal_move(3), eleven_move(true),
                 eleven_move(false), play_move(C("3C")), play_move(C("3C"), 1),
                 play_move(C("3C"), 2), raise_move(1), raise_move(2), answer_move(true),
                 answer_move(false), signal_move(0), signal_move(4)})
    EXPECT_EQ(t.s().parse_move(0, t.s().move_text(m), &error), m) << t.s().move_text(m);
  EXPECT_EQ(t.s().parse_move(0, "3c", &error), play_move(C("3C")));
  EXPECT_EQ(t.s().parse_move(0, "PLAY 3C TRUC", &error), play_move(C("3C"), 1));
  EXPECT_FALSE(t.s().parse_move(0, "play 3C banana", &error));
  EXPECT_FALSE(t.s().parse_move(0, "signal maybe", &error));
  EXPECT_FALSE(t.s().parse_move(0, "hello", &error));
  EXPECT_NE(error.find("not a Truc move"), std::string::npos);
}

TEST(TrucRules, Options_Errors) {
  std::string error;
  EXPECT_FALSE(TryGame("signals=maybe", &error));
  EXPECT_NE(error.find("signals"), std::string::npos);
  EXPECT_FALSE(TryGame("players=3", &error));
  EXPECT_NE(error.find("players"), std::string::npos);
  const Game g = MakeGame("");
  EXPECT_EQ(g.config().eleven_fold_points, 1);
  EXPECT_TRUE(g.config().signals);
}

// ---------------------------------------------------------------------------------------------
// Scenarios

TEST(TrucScenario, TRUC_01_Rank) {
  const std::vector<Card> order = List("3C 2C AC KC QC JC 7C 6C 5C 4C");
  for (std::size_t i = 0; i < order.size(); ++i)
    EXPECT_EQ(strength(order[i]), 9 - static_cast<int>(i));
}

TEST(TrucScenario, TRUC_03_PartnersTie) {
  // P0..P3 = S3, S2, S1, S0 (S0 deals). P0 3S, P1 KH, P2 3D, P3 4C: team A (P0, P2) wins and P0
  // leads.
  Table t("", 0, {MakeDeal({"4C 5C 6C", "3D 5D 6D", "KH 5H 6H", "3S 5S 6S"})});
  ASSERT_TRUE(t.Trick({"3S", "KH", "3D", "4C"}));
  EXPECT_EQ(t.s().trick_winner_of(0), 3);
  EXPECT_EQ(t.s().tricks_won(1), 1);
  EXPECT_EQ(t.s().to_play(), 3);
}

TEST(TrucScenario, TRUC_05_AThenDraw) {
  const PatternResult r = PlayPattern("ADx");
  EXPECT_EQ(r.tricks_played, 2) << "trick 3 is not played";
  EXPECT_EQ(r.winning_team, 1);
}

TEST(TrucScenario, TRUC_07_DrawsGoToTheDealersOpponents) {
  EXPECT_EQ(PlayPattern("DDD").winning_team, 1);
  EXPECT_EQ(PlayPattern("ABD").winning_team, 1);
  EXPECT_EQ(PlayPattern("BAD").winning_team, 1);
  EXPECT_EQ(PlayPattern("DDD").tricks_played, 3);
}

// ---------------------------------------------------------------------------------------------
// Record

// Two hands: a cut, a truc accepted by a card, a rejected retruc (2 points), then a tap and a
// one-card deal. S0 deals first.
nlohmann::json RaisesRecord() {
  nlohmann::json record;
  record["game"] = "truc";
  record["options"] = {{"signals", true}};
  record["seed"] = 9;
  record["first_dealer"] = 0;
  record["deals"] = nlohmann::json::array(
      {deal_to_json(MakeDeal({"2D 5D 6D", "KH 5H 6H", "5S 4D 6S", "3C 5C 6C"}), {}),
       deal_to_json(MakeDeal({"3S", "2S", "AS", "KS"}), {})});
  record["moves"] = nlohmann::json::array({{1, "cut"},
                                           {3, "signal three"},
                                           {3, "play 3C truc"},
                                           {2, "play 5S"},
                                           {1, "play KH"},
                                           {0, "play 2D"},
                                           {3, "play 5C"},
                                           {2, "retruc"},
                                           {1, "reject"},
                                           {0, "tap"},
                                           {3, "deal 1"},
                                           {2, "play AS"},
                                           {1, "play 2S"},
                                           {0, "play 3S"},
                                           {3, "play KS"}});
  return record;
}

TEST(TrucRecord, ExplicitDealsReplay) {
  register_all_games();
  const nlohmann::json record = RaisesRecord();
  std::string error;
  auto session = Session::from_record(record, &error);
  ASSERT_TRUE(session) << error;
  ASSERT_EQ(session->rounds().size(), 2u);
  const nlohmann::json& h1 = session->rounds()[0];
  EXPECT_EQ(h1["dealer"], 0);
  EXPECT_EQ(h1["cut"], "cut");
  EXPECT_EQ(h1["raises"], nlohmann::json::parse(
                              R"([{"call":"truc","by":3,"answer":"accept"},
                                  {"call":"retruc","by":2,"answer":"reject"}])"));
  EXPECT_EQ(h1["ending"], "rejected");
  EXPECT_EQ(h1["winning_team"], 0);
  EXPECT_EQ(h1["team_points"], nlohmann::json({2, 0}));
  EXPECT_EQ(h1["points"], nlohmann::json({2, 0, 2, 0}));
  const nlohmann::json& h2 = session->rounds()[1];
  EXPECT_EQ(h2["dealer"], 3);
  EXPECT_EQ(h2["cut"], "tap");
  EXPECT_EQ(h2["cards"], 1);
  EXPECT_EQ(h2["tricks"][0]["cards"], nlohmann::json({"AS", "2S", "3S", "KS"}));
  EXPECT_EQ(h2["tricks"][0]["winner"], 0);
  EXPECT_EQ(h2["winning_team"], 0);
  EXPECT_EQ(session->summary()["team_totals"], nlohmann::json({3, 0}));
  EXPECT_TRUE(HasEvent(session->events(), SeatSet(0b1010),
                       "S3 signals to the partner: three (I have a 3)"));
}

TEST(TrucRecord, CheckedInRecordFileMatches) {
  // tests/records/truc_raises_one_card.json is the same record, for `cardroom replay`. With
  // CARDROOM_REGEN_GOLDEN=1 (scripts/regen_golden.sh) it is rewritten from the record above.
  register_all_games();
  auto session = testing_util::CheckedInRecord("truc_raises_one_card.json", RaisesRecord());
  ASSERT_TRUE(session);
}

// ---------------------------------------------------------------------------------------------
// Perft

// Moves are applied with the table's explicit deals (no events), so a cut or a deal choice deals
// the next given deal.
using testing_util::Perft;

const Deal kPerftDeal = MakeDeal({"2D 5D 6D", "KH 5H 6H", "5S 4D 6S", "3C 5C 6C"});

TEST(TrucPerft, MatchStartNoSignals) {
  // The match opens with the cut (S0 deals, S1 cuts). Depth 1: cut, tap = 2. Depth 2: after the
  // cut, the eldest S3 has 3 plays + 3 plays with truc + truc = 7; after the tap, the dealer has
  // deal 1, deal 3 = 2. 7 + 2 = 9. Depth 3: after the cut, the first-trick depth 2 (38, see
  // FirstTrickNoSignals); after deal 3, the first-trick depth 1 (7); after deal 1 (S3 holds 3C):
  // play 3C, play 3C truc (the hand goes on after it), truc = 3. 38 + 7 + 3 = 48. Depth 4: 173
  // + 38 + (after S3's play: S2 has play, play truc, truc = 3; after play truc: S2 plays
  // (accepting), accepts or rejects = 3; after truc: accept or reject = 2: 8) = 219. Depth 5: 843
  // + 173 + (after deal 1: play 3C then 8 as above; play 3C truc, then S2 plays (S1 may only play:
  // 1), accepts (S2 may retruc: 3) or rejects (the next cut: 2) = 6; truc, then accept (S3 only
  // plays: 1) or reject (2) = 3: 17) = 1033.
  Table t("signals=false", 0, {kPerftDeal}, Open::kAsk);
  ApplyContext ctx{nullptr, t.deals()};
  const std::uint64_t expected[] = {1, 2, 9, 48, 219, 1033};
  for (int d = 0; d <= 5; ++d) EXPECT_EQ(Perft(t.s(), d, &ctx), expected[d]) << "depth " << d;
}

TEST(TrucPerft, FirstTrickNoSignals) {
  // After the cut. Depth 1: 3 plays + 3 plays with truc + truc = 7. Depth 2: after a play, the
  // next player has the same 7 (21); after "play C truc" the responder is to play: 3 plays +
  // accept + reject (15); after "truc" the responder answers only (2). 21 + 15 + 2 = 38.
  Table t("signals=false", 0, {kPerftDeal});
  ApplyContext ctx{nullptr, t.deals()};
  EXPECT_EQ(Perft(t.s(), 1, &ctx), 7u);
  EXPECT_EQ(Perft(t.s(), 2, &ctx), 38u);
  // Depth 3 (hand-checked): after play/play: 3x3 x 7 (63), play/play-truc: 3x3 x 5 (45),
  // play/truc: 3 x 2 (6); after play-truc: its responder plays (3x3 x 3 plays, no raise for S1's
  // team: 27), accepts (3 x 7 with retruc: 21) or rejects (3 x 2 cut moves of the next hand: 6);
  // after truc: accept then 3 plays, or reject then 2 cut moves (5). 114 + 54 + 5 = 173.
  const std::uint64_t expected[] = {1, 7, 38, 173, 843};
  for (int d = 0; d <= 4; ++d) EXPECT_EQ(Perft(t.s(), d, &ctx), expected[d]) << "depth " << d;
}

TEST(TrucPerft, MatchStartWithSignals) {
  // No signals before the cards are dealt. Depth 1: cut, tap = 2. Depth 2: after the cut, 7 + 5
  // signals = 12; after the tap, deal 1, deal 3 = 2. 12 + 2 = 14. Depth 3: after the cut, the
  // first-trick depth 2 (108, see FirstTrickWithSignals); after deal 3, 12; after deal 1, S3's 3
  // moves + 5 signals = 8. 108 + 12 + 8 = 128. Depth 4: 898 + 108 + (after deal 1: S3 plays, then
  // S2 has 3 + 5 signals = 8; S3 plays with truc, then S2 plays, accepts, rejects or signals = 8;
  // S3 trucs, then S2 accepts, rejects or signals = 7; S3 signals (5), then 3 moves each = 15:
  // 38) = 1044.
  Table t("", 0, {kPerftDeal}, Open::kAsk);
  ApplyContext ctx{nullptr, t.deals()};
  const std::uint64_t expected[] = {1, 2, 14, 128, 1044};
  for (int d = 0; d <= 4; ++d) EXPECT_EQ(Perft(t.s(), d, &ctx), expected[d]) << "depth " << d;
}

TEST(TrucPerft, FirstTrickWithSignals) {
  // After the cut. Depth 1: 7 + 5 signals = 12.
  Table t("", 0, {kPerftDeal});
  ApplyContext ctx{nullptr, t.deals()};
  EXPECT_EQ(Perft(t.s(), 1, &ctx), 12u);
  const std::uint64_t expected[] = {1, 12, 108, 898};
  for (int d = 0; d <= 3; ++d) EXPECT_EQ(Perft(t.s(), d, &ctx), expected[d]) << "depth " << d;
}

}  // namespace
}  // namespace cardroom::truc
