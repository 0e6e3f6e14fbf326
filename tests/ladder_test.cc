// The strength ladder (match/ladder.h, issue 16) and the duplicate deals simulate reports for it.
#include "match/ladder.h"

#include <gtest/gtest.h>

#include <cmath>

#include "bots/registry.h"
#include "core/registry.h"
#include "games/all_games.h"
#include "games/common/test_util.h"
#include "test_games.h"

namespace cardroom {
namespace {

std::unique_ptr<AnyGame> Load(const std::string& game_string) {
  register_all_games();
  testing_games::register_test_games();  // after the real games: they keep their order
  return testing_util::LoadGame(game_string);
}

TEST(Ladder, RatioEstimateOfFixedDenominatorsIsTheScaledMean) {
  const std::vector<double> x = {3, -1, 4, 1, 5, 9, 2, 6};
  RunningStat plain;
  for (double v : x) plain.add(v);
  const Estimate per_item = plain.estimate();
  const Estimate ratio = ratio_estimate(x, std::vector<double>(x.size(), 9.0));
  EXPECT_EQ(ratio.n, x.size());
  EXPECT_NEAR(ratio.mean, per_item.mean / 9, 1e-12);
  EXPECT_NEAR(ratio.half_width, per_item.half_width / 9, 1e-12);
}

TEST(Ladder, RatioEstimateWeighsByTheDenominators) {
  // Σx / Σy, not the mean of the ratios: 10/10 and 0/30 give 10/40, not 1/2.
  const Estimate e = ratio_estimate({10, 0}, {10, 30});
  EXPECT_DOUBLE_EQ(e.mean, 0.25);
  EXPECT_GT(e.half_width, 0);
  // Exact proportions have no spread.
  EXPECT_DOUBLE_EQ(ratio_estimate({2, 4, 6}, {1, 2, 3}).half_width, 0);
  EXPECT_EQ(ratio_estimate({}, {}).n, 0u);
}

// simulate's duplicate deals are the margin's values, in order, with each deal's rounds and wins.
TEST(Ladder, SimulateReportsEachDuplicateDeal) {
  auto game = Load("s48");
  ASSERT_TRUE(game);
  SimConfig config;
  config.matches = 12;  // 3 match seeds of 4 rotations
  config.bots = {"heuristic", "random"};
  SimResult result;
  std::string error;
  ASSERT_TRUE(simulate(*game, config, &result, &error)) << error;
  ASSERT_EQ(result.duplicate_deals.size(), 3u);
  RunningStat margin;
  for (const auto& d : result.duplicate_deals) {
    margin.add(d.margin);
    EXPECT_EQ(d.rounds, 9);  // S48 with 4 players: 9 rounds a match
    for (double w : d.win_rate) EXPECT_TRUE(w >= 0 && w <= 1);
  }
  EXPECT_NEAR(margin.estimate().mean, result.margin.mean, 1e-9);
  EXPECT_NEAR(margin.estimate().half_width, result.margin.half_width, 1e-9);
  // With one player there is nothing to compare.
  config.bots = {"heuristic"};
  ASSERT_TRUE(simulate(*game, config, &result, &error)) << error;
  EXPECT_TRUE(result.duplicate_deals.empty());
}

TEST(Ladder, PairsOfNeighboursOverTheFewestSeedsThatReachTheDeals) {
  auto game = Load("s48");
  ASSERT_TRUE(game);
  LadderConfig config;
  config.players = {"random", "heuristic", "random(pace_ms=5)"};
  config.deals = 30;  // 4 match seeds of 9 rounds
  config.seed = 11;
  LadderResult result;
  std::string error;
  ASSERT_TRUE(run_ladder(*game, config, &result, &error)) << error;
  EXPECT_EQ(result.players, config.players);
  ASSERT_EQ(result.pairs.size(), 2u);
  const LadderPair& first = result.pairs[0];
  EXPECT_EQ(first.upper, "heuristic");
  EXPECT_EQ(first.lower, "random");
  EXPECT_EQ(first.match_seeds, 4u);
  EXPECT_EQ(first.matches, 16u);
  EXPECT_EQ(first.deals, 36);
  EXPECT_EQ(first.margin_per_deal.n, 4u);
  EXPECT_NEAR(first.margin_per_deal.mean * 9, first.margin_per_match.mean, 1e-9);
  EXPECT_GT(first.margin_per_deal.mean, 0);
  EXPECT_GT(first.win_rate.mean, 0.5);
  EXPECT_GT(first.upper_time.decisions, 0u);
  EXPECT_GT(first.lower_time.decisions, 0u);
  EXPECT_EQ(result.pairs[1].upper, "random(pace_ms=5)");
  EXPECT_LT(result.pairs[1].margin_per_deal.mean, 0);
  // Ratings from the win rates: random is the anchor, the heuristic above it, and the chain's
  // third player at its gap below the heuristic.
  EXPECT_EQ(result.anchor, "random");
  ASSERT_EQ(result.ratings.size(), 3u);
  EXPECT_EQ(result.ratings[0].player, "random");
  EXPECT_EQ(result.ratings[0].rating, 0);
  EXPECT_EQ(result.ratings[1].player, "heuristic");
  EXPECT_GT(result.ratings[1].rating, 100);
  EXPECT_GT(result.ratings[1].ci95, 0);
  EXPECT_LT(result.ratings[2].rating, result.ratings[1].rating);
  EXPECT_GT(result.ratings[2].ci95, result.ratings[1].ci95);
  EXPECT_EQ(result.to_json()["ratings"].size(), 3u);
  EXPECT_NE(result.to_text().find("ratings (Elo scale"), std::string::npos);
  // The same numbers with more threads, and the same as a simulation of those seeds.
  config.threads = 3;
  LadderResult threaded;
  ASSERT_TRUE(run_ladder(*game, config, &threaded, &error)) << error;
  auto without_times = [](nlohmann::json j) {
    for (auto& p : j["pairs"]) p.erase("ms_per_move");
    return j;
  };
  EXPECT_EQ(without_times(threaded.to_json()), without_times(result.to_json()));
  SimConfig sim;
  sim.bots = {"heuristic", "random"};
  sim.matches = 16;
  sim.seed = 11;
  SimResult same;
  ASSERT_TRUE(simulate(*game, sim, &same, &error)) << error;
  EXPECT_NEAR(same.margin.mean, first.margin_per_match.mean, 1e-9);
}

// A simulation from a later first match plays the later matches of the one long simulation: the
// same deals and players' seeds, so its duplicate deals are the long run's last ones (Truc's
// heuristic bluffs at random, so a different bot seed would show). A first match inside a deal is
// refused.
// Every two players meet with all_pairs: three pairs of three players, each fitted into the
// ratings.
TEST(Ladder, AllPairsMeetAndEveryMeetingCountsInTheRatings) {
  auto game = Load("s48");
  ASSERT_TRUE(game);
  LadderConfig config;
  config.players = {"random", "heuristic", "random(pace_ms=5)"};
  config.deals = 18;
  config.seed = 5;
  config.all_pairs = true;
  LadderResult result;
  std::string error;
  ASSERT_TRUE(run_ladder(*game, config, &result, &error)) << error;
  ASSERT_EQ(result.pairs.size(), 3u);
  EXPECT_EQ(result.pairs[0].lower, "random");
  EXPECT_EQ(result.pairs[0].upper, "heuristic");
  EXPECT_EQ(result.pairs[1].lower, "random");
  EXPECT_EQ(result.pairs[1].upper, "random(pace_ms=5)");
  EXPECT_EQ(result.pairs[2].lower, "heuristic");
  EXPECT_EQ(result.pairs[2].upper, "random(pace_ms=5)");
  ASSERT_EQ(result.ratings.size(), 3u);
  EXPECT_GT(result.ratings[1].rating, result.ratings[2].rating);
  config.players = {"random", "heuristic", "random"};
  EXPECT_FALSE(run_ladder(*game, config, &result, &error));
  EXPECT_NE(error.find("listed twice"), std::string::npos) << error;
}

TEST(Ladder, AFirstMatchContinuesTheOneLongSimulation) {
  auto game = Load("truc");
  ASSERT_TRUE(game);
  SimConfig all;
  all.bots = {"heuristic", "random"};
  all.matches = 12;
  all.seed = 21;
  SimResult whole, part;
  std::string error;
  ASSERT_TRUE(simulate(*game, all, &whole, &error)) << error;
  SimConfig later = all;
  later.matches = 4;
  later.first_match = 8;
  ASSERT_TRUE(simulate(*game, later, &part, &error)) << error;
  ASSERT_EQ(whole.duplicate_deals.size(), 6u);
  ASSERT_EQ(part.duplicate_deals.size(), 2u);
  for (int d = 0; d < 2; ++d) {
    EXPECT_EQ(part.duplicate_deals[d].margin, whole.duplicate_deals[4 + d].margin) << d;
    EXPECT_EQ(part.duplicate_deals[d].rounds, whole.duplicate_deals[4 + d].rounds) << d;
  }
  // Not the deals of the simulation's first matches (they would be with first_match ignored).
  EXPECT_NE(part.duplicate_deals[0].rounds * 1000 + part.duplicate_deals[0].margin,
            whole.duplicate_deals[0].rounds * 1000 + whole.duplicate_deals[0].margin);
  later.first_match = 7;
  SimResult refused;
  EXPECT_FALSE(simulate(*game, later, &refused, &error));
  EXPECT_NE(error.find("must start a deal"), std::string::npos) << error;
}

// The same deterministic player under two names is even on every deal: margin 0, win rate ½
// (solo's heuristic and S48's draw nothing at random; Truc's bluffs, so its matches would differ
// by their bot seeds).
TEST(Ladder, APlayerAgainstItselfIsEven) {
  for (const char* name : {"s48", "solo"}) {
    auto game = Load(name);
    ASSERT_TRUE(game);
    LadderConfig config;
    config.players = {"heuristic", "heuristic(pace_ms=500)"};
    config.deals = 12;
    LadderResult result;
    std::string error;
    ASSERT_TRUE(run_ladder(*game, config, &result, &error)) << error;
    ASSERT_EQ(result.pairs.size(), 1u);
    const LadderPair& p = result.pairs[0];
    EXPECT_GE(p.deals, 12) << name;
    EXPECT_EQ(p.margin_per_deal.mean, 0) << name;
    EXPECT_EQ(p.margin_per_deal.half_width, 0) << name;
    EXPECT_EQ(p.win_rate.mean, 0.5) << name;
  }
}

// One match seed would give no interval: two at least, however few deals are asked for.
TEST(Ladder, TwoMatchSeedsAtLeast) {
  auto game = Load("s48");
  ASSERT_TRUE(game);
  LadderConfig config;
  config.players = {"random", "heuristic"};
  config.deals = 1;
  LadderResult result;
  std::string error;
  ASSERT_TRUE(run_ladder(*game, config, &result, &error)) << error;
  EXPECT_EQ(result.pairs[0].match_seeds, 2u);
  EXPECT_EQ(result.pairs[0].deals, 18);
  EXPECT_GT(result.pairs[0].margin_per_deal.half_width, 0);
}

TEST(Ladder, TheDefaultListIsEveryPlayerTheGameHas) {
  auto s48 = Load("s48");
  auto schwimmen = Load("schwimmen");
  ASSERT_TRUE(s48 && schwimmen);
  EXPECT_EQ(default_ladder(*s48), player_names(*s48));
  const std::vector<std::string> trick = default_ladder(*s48);
  ASSERT_GE(trick.size(), 3u);
  EXPECT_EQ(trick[0], "random");
  EXPECT_EQ(trick[1], "heuristic");
  EXPECT_EQ(trick[2], "pimc");
  const std::vector<std::string> other = default_ladder(*schwimmen);
  EXPECT_EQ(std::count(other.begin(), other.end(), "pimc"), 0);
}

TEST(Ladder, BadListsAreErrors) {
  auto game = Load("s48");
  ASSERT_TRUE(game);
  LadderResult result;
  std::string error;
  LadderConfig config;
  config.deals = 4;
  config.players = {"heuristic"};
  EXPECT_FALSE(run_ladder(*game, config, &result, &error));
  EXPECT_NE(error.find("at least two players"), std::string::npos) << error;
  config.players = {"random", "random"};
  EXPECT_FALSE(run_ladder(*game, config, &result, &error));
  EXPECT_NE(error.find("'random' is next to itself"), std::string::npos) << error;
  config.players = {"random", "nosuch"};
  EXPECT_FALSE(run_ladder(*game, config, &result, &error));
  EXPECT_NE(error.find("unknown player 'nosuch'"), std::string::npos) << error;
}

}  // namespace
}  // namespace cardroom
