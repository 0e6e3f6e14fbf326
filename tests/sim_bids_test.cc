// Bids in the simulation harness (match/simulate.h, issue 10): in games whose round summaries hold
// bids, `sim` sets every bid against the tricks taken (share exact, mean tricks taken - bid) per
// seat and per player, and every team contract where teams bid (Back Alley). Checked against the
// same match played on a Session and counted here from its round summaries in each game's own
// terms; games without bids report none.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "bots/registry.h"
#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/common/test_util.h"
#include "match/match.h"
#include "match/simulate.h"

namespace cardroom {
namespace {

std::unique_ptr<AnyGame> Load(const std::string& game_string) {
  return testing_util::LoadGame(game_string);
}

// The one match of a simulation of one match (no rotation) with `bot` at every seat, replayed on a
// Session with the simulation's bot seed: its round summaries.
std::vector<nlohmann::json> SameMatchRounds(const std::string& game_string, const std::string& bot,
                                            std::uint64_t seed) {
  std::string error;
  auto session = Session::create(Load(game_string), seed, -1, {}, &error);
  EXPECT_TRUE(session) << error;
  if (!session) return {};
  std::vector<std::unique_ptr<Player>> players;
  for (Seat s = 0; s < session->game().num_seats(); ++s)
    players.push_back(load_player(bot, session->game(), &error));
  SessionTable table(*session);
  VirtualClock clock;
  // simulate.cc: match i (0 here) plays with bot seed (seed * 0x9E3779B97F4A7C15) ^ (i + 1).
  MatchRunner runner(table, std::move(players), clock, (seed * 0x9E3779B97F4A7C15ull) ^ 1);
  EXPECT_EQ(runner.run(&error), MatchRunner::Stop::kOver) << error;
  return session->rounds();
}

SimResult SimulateOne(const std::string& game_string, const std::string& bot, std::uint64_t seed) {
  SimConfig config;
  config.matches = 1;
  config.rotate = false;
  config.bots = {bot};
  config.seed = seed;
  SimResult result;
  std::string error;
  EXPECT_TRUE(simulate(*Load(game_string), config, &result, &error)) << error;
  return result;
}

// Exact share and mean taken - bid of a list of (bid, taken).
struct Expected {
  int n = 0, exact = 0, difference = 0;
  void add(int bid, int taken) {
    ++n;
    exact += bid == taken;
    difference += taken - bid;
  }
};

void ExpectLine(const BidLine& line, const Expected& want) {
  ASSERT_GT(want.n, 0) << line.name;
  EXPECT_EQ(line.exact.n, static_cast<std::uint64_t>(want.n)) << line.name;
  EXPECT_NEAR(line.exact.mean, static_cast<double>(want.exact) / want.n, 1e-9) << line.name;
  EXPECT_NEAR(line.taken_minus_bid.mean, static_cast<double>(want.difference) / want.n, 1e-9)
      << line.name;
}

TEST(SimBids, S48SeatsBidAgainstTheirTricks) {
  const auto rounds = SameMatchRounds("s48", "heuristic", 5);
  ASSERT_EQ(rounds.size(), 9u);
  std::vector<Expected> seats(4);
  Expected all;
  for (const auto& r : rounds)
    for (Seat s = 0; s < 4; ++s) {
      seats[s].add(r["bids"][s].get<int>(), r["tricks_won"][s].get<int>());
      all.add(r["bids"][s].get<int>(), r["tricks_won"][s].get<int>());
    }
  const SimResult result = SimulateOne("s48", "heuristic", 5);
  ASSERT_TRUE(result.has_bids);
  EXPECT_FALSE(result.teams_bid);
  ASSERT_EQ(result.bid_seats.size(), 4u);
  for (Seat s = 0; s < 4; ++s) ExpectLine(result.bid_seats[s], seats[s]);
  ASSERT_EQ(result.bid_bots.size(), 1u);
  EXPECT_EQ(result.bid_bots[0].name, "heuristic");
  ExpectLine(result.bid_bots[0], all);
  const nlohmann::json j = result.to_json();
  EXPECT_EQ(j["bids"]["seats"][2]["name"], "S2");
  EXPECT_EQ(j["bids"]["bots"][0]["exact"]["n"], 36);
  EXPECT_FALSE(j["bids"].contains("teams"));
}

// Back Alley's calls are text ("pass", "bid 3", "board"), its tricks belong to the team, and a
// team's contract is its partners' numbers added up, or all the tricks when either bid board.
int CallTricks(const std::string& call, int hand_size) {
  if (call == "pass") return 0;
  if (call.find("board") != std::string::npos) return hand_size;
  return std::stoi(call.substr(4));  // "bid N"
}

TEST(SimBids, BackAlleySeatsAndTeamContracts) {
  const auto rounds = SameMatchRounds("back_alley", "heuristic", 5);
  ASSERT_EQ(rounds.size(), 26u);
  std::vector<Expected> seats(4), teams(2);
  for (const auto& r : rounds) {
    const int h = r["hand_size"].get<int>();
    std::vector<int> won(4, 0);
    for (const auto& t : r["tricks"]) ++won[t["winner"].get<int>()];
    for (Seat s = 0; s < 4; ++s)
      seats[s].add(CallTricks(r["bids"][s].get<std::string>(), h), won[s]);
    for (int t = 0; t < 2; ++t) {
      const auto& c = r["contracts"][t];
      teams[t].add(c.contains("board") ? h : c["tricks"].get<int>(), r["tricks_won"][t].get<int>());
    }
  }
  const SimResult result = SimulateOne("back_alley", "heuristic", 5);
  ASSERT_TRUE(result.has_bids);
  ASSERT_TRUE(result.teams_bid);
  ASSERT_EQ(result.bid_seats.size(), 4u);
  for (Seat s = 0; s < 4; ++s) ExpectLine(result.bid_seats[s], seats[s]);
  ASSERT_EQ(result.bid_teams.size(), 2u);
  EXPECT_EQ(result.bid_teams[1].name, "T1");
  for (int t = 0; t < 2; ++t) ExpectLine(result.bid_teams[t], teams[t]);
  Expected both = teams[0];
  both.n += teams[1].n;
  both.exact += teams[1].exact;
  both.difference += teams[1].difference;
  ASSERT_EQ(result.bid_team_bots.size(), 1u);
  ExpectLine(result.bid_team_bots[0], both);
  const nlohmann::json j = result.to_json();
  EXPECT_EQ(j["bids"]["teams"][0]["taken_minus_bid"]["n"], 26);
  EXPECT_EQ(j["bids"]["team_bots"][0]["name"], "heuristic");
}

TEST(SimBids, RedsPartnersBidAlone) {
  const SimResult result = SimulateOne("reds(players=4,partnership=true)", "random", 2);
  EXPECT_TRUE(result.has_bids);
  EXPECT_FALSE(result.teams_bid);
  ASSERT_EQ(result.bid_seats.size(), 4u);
  EXPECT_GT(result.bid_seats[0].exact.n, 0u);
  EXPECT_FALSE(result.to_json()["bids"].contains("teams"));
}

TEST(SimBids, NoneInGamesWithoutBids) {
  for (const char* g : {"truc", "tadmur"}) {
    const SimResult result = SimulateOne(g, "random", 2);
    EXPECT_FALSE(result.has_bids) << g;
    EXPECT_TRUE(result.bid_seats.empty() && result.bid_bots.empty()) << g;
    EXPECT_FALSE(result.to_json().contains("bids")) << g;
    EXPECT_EQ(result.to_text().find("bids of"), std::string::npos) << g;
  }
}

}  // namespace
}  // namespace cardroom
