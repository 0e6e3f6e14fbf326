// The Schwimmen heuristic player: always legal in every variant, sensible in spot checks (keeps a
// good hand blind, chases its best suit, takes a Schnauz when offered, knocks at its threshold and
// waits longer while swimming, makes the most of a last turn), and far stronger than random.
#include "games/schwimmen/schwimmen_bot.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/common/test_util.h"
#include "games/schwimmen/schwimmen_test_deal.h"

namespace cardroom::schwimmen {
namespace {

struct Spot {
  std::vector<Deal> deals;
  ApplyContext ctx;
  State state;
  Spot(const std::string& options, const Deal& deal)
      : deals{deal},
        ctx{nullptr, deals, nullptr},
        state(testing_util::MakeGame<Game>("schwimmen", options).new_match(1, 0, &ctx)) {}
  void Play(Seat seat, const std::string& text) {
    std::string error;
    auto m = state.parse_move(seat, text, &error);
    ASSERT_TRUE(m) << error;
    ASSERT_TRUE(state.apply(seat, *m, &ctx).ok()) << text;
  }
  // The heuristic's move for the seat to act, as matches ask it: from a resample.
  std::string Bot(std::uint64_t seed = 5) {
    Rng rng(seed);
    const Seat seat = state.to_act();
    return state.move_text(heuristic_move(state.resample(seat, rng), seat, rng));
  }
};

TEST(SchwimmenBot, LegalAndEndingInEveryVariant) {
  for (const char* g :
       {"schwimmen(players=2)", "schwimmen", "schwimmen(players=8)",
        "schwimmen(players=5,close=after_exchange)", "schwimmen(players=3,chips=1)"})
    testing_util::ExpectLegalMatches(g, 12, 20000);
}

TEST(SchwimmenBot, DealerKeepsAGoodHandBlind) {
  Spot good("", MakeDeal({"AS KS 9H", "TS JH 9D", "QS 8C 7H", "KD 9C 8S"}, "7C JD QH"));
  EXPECT_EQ(good.Bot(), "keep");  // 21 in spades
  Spot bad("", MakeDeal({"9S 8H 7D", "TS JH 9D", "QS 8C 7H", "KD 9C 8S"}, "AC KC QH"));
  EXPECT_EQ(bad.Bot(), "board");  // 9: a random hand is better on average
}

TEST(SchwimmenBot, ChasesItsBestSuit) {
  // S1 holds AS 7H 8D; the board offers KS: two spades worth 21 beat anything else.
  Spot s("", MakeDeal({"9S 8H 7D", "AS 7H 8D", "QS 8C 7S", "KD 9C 8S"}, "KS 9H 7C"));
  s.Play(0, "keep");
  const std::string m = s.Bot();
  EXPECT_TRUE(m == "swap 7H KS" || m == "swap 8D KS") << m;
}

TEST(SchwimmenBot, TakesASchnauzWhenOffered) {
  Spot s("", MakeDeal({"9S 8H 7D", "AS KS 7H", "QS 8C 7S", "KD 9C 8S"}, "TS 9H 7C"));
  s.Play(0, "keep");
  EXPECT_EQ(s.Bot(), "swap 7H TS");
}

TEST(SchwimmenBot, TakesAllWhenTheBoardIsMuchBetter) {
  // The board shows KH QH TH (30 in hearts); S1 holds 9.
  Spot t("", MakeDeal({"9S JH 7D", "7S 8D 9C", "QS QC 7H", "KD TC 8S"}, "KH QH TH"));
  t.Play(0, "keep");
  EXPECT_EQ(t.Bot(), "take all");  // 30 in hearts
}

TEST(SchwimmenBot, KnocksAtItsThresholdAndWaitsWhileSwimming) {
  EXPECT_EQ(knock_threshold(2, false), 48);  // 24
  EXPECT_EQ(knock_threshold(4, false), 50);  // 25
  EXPECT_EQ(knock_threshold(8, false), 44);  // 22
  EXPECT_GT(knock_threshold(4, true), knock_threshold(4, false));
  // S1 holds AH KH 7C, 21: no knock with four players.
  Spot weak("", MakeDeal({"9S 8H 7D", "AH KH 7C", "QS 8C 7S", "KD 9C 8S"}, "TS 9D JC"));
  weak.Play(0, "keep");
  EXPECT_NE(weak.Bot(), "knock");
  // 25 in hearts (KH 8H 7H): the four-player threshold ...
  const Deal at25 = MakeDeal({"9S JH 7D", "KH 8H 7H", "QS 8C 7S", "KD 9C 8S"}, "TS 9D JC");
  Spot knock("", at25);
  knock.Play(0, "keep");
  EXPECT_EQ(knock.Bot(), "knock");
  // ... but while swimming it waits for 26. One chip, lost in a first hand (S1's 9 is lowest).
  Spot swim("chips=1", MakeDeal({"AS KS 9S", "7S 8H 9D", "QS JC 7H", "KD 9C 8S"}, "TC QD JH"));
  swim.Play(0, "keep");
  swim.Play(1, "knock");
  for (Seat s : {2, 3, 0}) swim.Play(s, "pass");
  ASSERT_TRUE(swim.state.swimming(1));
  swim.deals.push_back(at25);
  swim.ctx.deals = swim.deals;
  swim.Play(1, "deal");  // S1 deals; S2 plays first
  swim.Play(1, "keep");
  swim.Play(2, "pass");
  swim.Play(3, "pass");
  swim.Play(0, "pass");
  EXPECT_EQ(swim.state.to_act(), 1);
  EXPECT_NE(swim.Bot(), "knock");
}

TEST(SchwimmenBot, LastTurnTakesTheBestValueNow) {
  // After a knock, S2 holds QS JS 7H (20); KS would make 30 in spades at once.
  Spot s("", MakeDeal({"9S 8H 7D", "AH KH TC", "QS JS 7H", "KD 9C 8S"}, "KS 9H 7C"));
  s.Play(0, "keep");
  s.Play(1, "knock");
  EXPECT_EQ(s.Bot(), "swap 7H KS");
}

TEST(SchwimmenBot, RatingAddsHopeOnlyWhileTurnsRemain) {
  const CardSet pair = testing_util::Set("AS KS 7H");
  EXPECT_GT(hand_rating(pair, true), hand_rating(pair, false));
  EXPECT_EQ(hand_rating(pair, false), hand_value(pair).key());
}

TEST(SchwimmenBot, BeatsRandom) {
  // Heuristic seats against random ones, seats alternating: the heuristic wins most matches.
  register_all_games();
  std::string error;
  auto game = load_game("schwimmen", &error);
  ASSERT_TRUE(game) << error;
  int heuristic_wins = 0, matches = 60;
  for (int i = 0; i < matches; ++i) {
    auto state = game->new_match(500 + i, -1, nullptr);
    Rng rng(i);
    while (!state->over()) {
      const Seat seat = state->actors().lowest();
      const bool heuristic = (seat + i) % 2 == 0;
      auto move = state->bot_move(heuristic ? "heuristic" : "random", seat, rng);
      ASSERT_TRUE(move);
      ASSERT_TRUE(state->apply(seat, *move, nullptr).ok());
    }
    for (Seat s : state->winners()) heuristic_wins += (s + i) % 2 == 0;
  }
  EXPECT_GT(heuristic_wins, matches * 8 / 10);
}

}  // namespace
}  // namespace cardroom::schwimmen
