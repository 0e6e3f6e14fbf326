// Ratings from pairings (match/ratings.h): the Elo-scale fit of every pair's share of the wins.
#include "match/ratings.h"

#include <gtest/gtest.h>

#include <cmath>

namespace cardroom {
namespace {

double gap(double share) { return 400 * std::log10(share / (1 - share)); }

const Rating* find(const std::vector<Rating>& ratings, const std::string& player) {
  for (const Rating& r : ratings)
    if (r.player == player) return &r;
  return nullptr;
}

TEST(Ratings, AChainAddsItsGapsAndItsIntervalsGrowUpIt) {
  // random < heuristic < pimc: each share over 100 match seeds, variance p (1 - p) / n.
  const std::vector<PairShare> pairs = {{"heuristic", "random", 0.9, 100, 0.9 * 0.1 / 100},
                                        {"pimc", "heuristic", 0.6, 100, 0.6 * 0.4 / 100}};
  const std::vector<Rating> r = fit_ratings(pairs, "random");
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].player, "random");
  EXPECT_EQ(r[2].player, "pimc");
  EXPECT_NEAR(find(r, "random")->rating, 0, 1e-9);
  EXPECT_EQ(find(r, "random")->ci95, 0);
  EXPECT_NEAR(find(r, "heuristic")->rating, gap(0.9), 1e-6);  // 381.7
  EXPECT_NEAR(find(r, "pimc")->rating, gap(0.9) + gap(0.6), 1e-6);
  // The delta method: 1.96 * (400 / ln 10) / (p (1 - p)) * sqrt(var).
  const double ci_h = 1.96 * 400 / std::log(10.0) / (0.9 * 0.1) * std::sqrt(0.9 * 0.1 / 100);
  const double ci_p = 1.96 * 400 / std::log(10.0) / (0.6 * 0.4) * std::sqrt(0.6 * 0.4 / 100);
  EXPECT_NEAR(find(r, "heuristic")->ci95, ci_h, 1e-6);
  EXPECT_NEAR(find(r, "pimc")->ci95, std::hypot(ci_h, ci_p), 1e-6);
}

TEST(Ratings, EveryMeetingCountsInARoundRobin) {
  // Consistent meetings are fitted exactly; a third, direct meeting narrows the interval.
  const double ab = 0.7, bc = 0.6;
  const double p_ac = 1 / (1 + std::pow(10.0, -(gap(ab) + gap(bc)) / 400));
  std::vector<PairShare> chain = {{"b", "a", ab, 200, ab * (1 - ab) / 200},
                                  {"c", "b", bc, 200, bc * (1 - bc) / 200}};
  std::vector<PairShare> all = chain;
  all.push_back({"c", "a", p_ac, 200, p_ac * (1 - p_ac) / 200});
  const auto r_chain = fit_ratings(chain, "a");
  const auto r_all = fit_ratings(all, "a");
  EXPECT_NEAR(find(r_all, "c")->rating, gap(ab) + gap(bc), 1e-6);
  EXPECT_LT(find(r_all, "c")->ci95, find(r_chain, "c")->ci95);
  // Meetings that disagree: the fit lies between what each says, nearer the surer one.
  std::vector<PairShare> odd = chain;
  odd.push_back({"c", "a", 0.5, 200, 0.25 / 200});
  const double c = find(fit_ratings(odd, "a"), "c")->rating;
  EXPECT_GT(c, 0);
  EXPECT_LT(c, gap(ab) + gap(bc));
}

TEST(Ratings, ACleanSweepStaysFiniteAndTheOrderOfAPairDoesNotMatter) {
  // 10 wins in 10: shrunk to (10 + 1/2) / 11.
  const auto r = fit_ratings({{"heuristic", "random", 1.0, 10, 0}}, "random");
  EXPECT_NEAR(find(r, "heuristic")->rating, gap(10.5 / 11), 1e-6);
  EXPECT_TRUE(std::isfinite(find(r, "heuristic")->ci95));
  EXPECT_GT(find(r, "heuristic")->ci95, 0);
  // The same meeting told the other way round.
  const auto a = fit_ratings({{"x", "y", 0.3, 50, 0.21 / 50}}, "y");
  const auto b = fit_ratings({{"y", "x", 0.7, 50, 0.21 / 50}}, "y");
  EXPECT_NEAR(find(a, "x")->rating, find(b, "x")->rating, 1e-9);
  EXPECT_NEAR(find(a, "x")->ci95, find(b, "x")->ci95, 1e-9);
  EXPECT_LT(find(a, "x")->rating, 0);
}

TEST(Ratings, TheAnchorAndPlayersNoMeetingReaches) {
  // No `random`: the first player listed (the first pair's lower one) is the anchor.
  const auto r =
      fit_ratings({{"pimc", "heuristic", 0.6, 100, 0.0024}, {"q", "p", 0.5, 10, 0.025}}, "random");
  ASSERT_EQ(r.size(), 2u) << "p and q meet nobody linked to the anchor";
  EXPECT_EQ(find(r, "heuristic")->ci95, 0);
  EXPECT_EQ(find(r, "heuristic")->rating, 0);
  EXPECT_NEAR(find(r, "pimc")->rating, gap(0.6), 1e-6);
  EXPECT_EQ(find(r, "q"), nullptr);
  EXPECT_TRUE(fit_ratings({}, "random").empty());
}

}  // namespace
}  // namespace cardroom
