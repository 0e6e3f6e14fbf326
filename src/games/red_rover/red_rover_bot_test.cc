// The Red Rover heuristic player: legal in every phase, bids from its hand, declares, plays for
// marriages, and beats the random player.
#include "games/red_rover/red_rover_bot.h"

#include <gtest/gtest.h>

#include "games/common/test_util.h"

namespace cardroom::red_rover {
namespace {

using testing_util::List;
using testing_util::Set;

State Start(const char* h0, const char* h1, const char* h2, const char* pack) {
  const Game game = testing_util::MakeGame<Game>("red_rover", "");
  Deal deal;
  for (const char* h : {h0, h1, h2}) deal.hands.push_back(List(h));
  deal.pack = List(pack);
  const std::vector<Deal> deals = {deal};
  ApplyContext ctx{.deals = deals};
  return game.new_match(1, 2, &ctx);
}

void Do(State& s, Seat seat, const std::string& text) {
  std::string error;
  auto m = s.parse_move(seat, text, &error);
  ASSERT_TRUE(m) << error;
  ASSERT_TRUE(s.apply(seat, *m, nullptr).ok()) << text;
}

// The heuristic's move in `s` for the seat to act, as text (it reads only what the seat knows:
// the test hands it the true state, which is one of its possible beliefs).
std::string Heuristic(const State& s) {
  Rng rng(1);
  return s.move_text(heuristic_move(s, s.to_act(), rng));
}

constexpr const char* kPack = "AH 7D 8D 9D TD JD QD KD AD";

TEST(RedRoverBot, PlaysLegallyInEveryPhase) {
  testing_util::ExpectLegalMatches("red_rover(deals=3)", 6, 4000);
  testing_util::ExpectLegalMatches("red_rover(deals=3,red_order=normal)", 2, 4000);
}

TEST(RedRoverBot, EstimatesRunningTricks) {
  const RoverEstimate e = rover_estimate(Set("6D AS KS QS JS TS 9S 8S 7S"), RedOrder::kReversed);
  EXPECT_EQ(e.trump, kSpades);
  EXPECT_EQ(e.tricks, 9);
  EXPECT_LT(rover_estimate(Set("6D 7S 9S JS 7C 9C 7H 9H JH"), RedOrder::kReversed).tricks, 5);
}

TEST(RedRoverBot, BidsARoverContractOnlyWithARunningHand) {
  State s = Start("6D AS KS QS JS TS 9S 8S 7S", "6S AC KC QC JC TC 9C 8C 7C",
                  "6C 6H 7H 8H 9H TH JH QH KH", kPack);
  EXPECT_EQ(Heuristic(s), "bid rover-hand");
  Do(s, 0, "bid rover-hand");
  EXPECT_EQ(Heuristic(s), "pass");  // S1 has no running no-trump hand against it
  Do(s, 1, "pass");
  Do(s, 2, "pass");
  EXPECT_EQ(Heuristic(s), "trump S");
}

TEST(RedRoverBot, DeclaresItsBareMarriage) {
  State s = Start("AS JS TS 9S 8S 7S 6S AC KC", "KS QS QC JC TC 9C 8C 7C 6C",
                  "6D 6H 7H 8H 9H TH JH QH KH", kPack);
  for (Seat seat = 0; seat < kPlayers; ++seat) Do(s, seat, "pass");
  Do(s, 0, "take 1");
  Do(s, 1, "take 2");
  for (Seat seat = 0; seat < kPlayers; ++seat) Do(s, seat, "pass");
  ASSERT_EQ(s.phase(), State::Phase::kDeclare);
  EXPECT_EQ(Heuristic(s), "declare marriage S");
  Do(s, 1, "declare marriage S");
  EXPECT_EQ(Heuristic(s), "declare 6D");
}

TEST(RedRoverBot, BidsTheMarriagesItHolds) {
  EXPECT_GE(expected_marriages(Set("KS QS 9S 8S KC QC 7C 6D AS JS 6H 7H"), kSpades), 2);
  EXPECT_EQ(expected_marriages(Set("6S 7S 8S 9S 7C 8C 6H 7H 8H 7D 8D 9D"), kSpades), 0);
}

TEST(RedRoverBot, BeatsRandom) {
  register_all_games();
  std::string error;
  auto game = load_game("red_rover(deals=3)", &error);
  ASSERT_TRUE(game) << error;
  long heuristic = 0, random = 0;
  for (int i = 0; i < 12; ++i) {
    auto state = game->new_match(300 + i, -1, nullptr);
    Rng rng(17 + i);
    const Seat smart = i % kPlayers;
    while (!state->over()) {
      const Seat seat = state->actors().lowest();
      auto move = state->bot_move(seat == smart ? "heuristic" : "random", seat, rng);
      ASSERT_TRUE(move);
      ASSERT_TRUE(state->apply(seat, *move, nullptr).ok());
    }
    for (Seat seat = 0; seat < kPlayers; ++seat)
      (seat == smart ? heuristic : random) += state->score(seat) * (seat == smart ? 2 : 1);
  }
  EXPECT_GT(heuristic, random);  // per seat: the heuristic's total counted twice, two randoms once
}

}  // namespace
}  // namespace cardroom::red_rover
