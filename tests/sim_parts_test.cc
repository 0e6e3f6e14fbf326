// simulate() in parts (match/simulate.h's Simulation), as `mpirun ... cardroom sim` runs it: the
// matches played in ranges by separate simulations, the outcomes carried as bytes and folded on
// one, give the one-process result to the bit, bids, team contracts, one-seat deals and real-time
// races included, and forfeits of exec: players (their seats and reasons travel with the
// outcomes); bytes that are not a range's outcomes are refused.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/common/test_paths.h"
#include "games/common/test_util.h"
#include "match/simulate.h"

namespace cardroom {
namespace {

SimConfig Config(int matches, std::vector<std::string> bots) {
  SimConfig config;
  config.matches = matches;
  config.bots = std::move(bots);
  config.seed = 11;
  return config;
}

// The result folded from `ranges` (each [begin, end), together every match), each played by a
// simulation of its own and read from its bytes into the first range's.
std::string FoldedFromRanges(const AnyGame& game, const SimConfig& config,
                             const std::vector<std::pair<std::uint64_t, std::uint64_t>>& ranges) {
  std::string error;
  Simulation root(game, config);
  EXPECT_TRUE(root.prepare(&error)) << error;
  root.play(ranges[0].first, ranges[0].second);
  for (std::size_t k = 1; k < ranges.size(); ++k) {
    Simulation other(game, config);
    EXPECT_TRUE(other.prepare(&error)) << error;
    other.play(ranges[k].first, ranges[k].second);
    EXPECT_TRUE(root.read(ranges[k].first, ranges[k].second,
                          other.write(ranges[k].first, ranges[k].second)));
  }
  SimResult result;
  EXPECT_TRUE(root.fold(&result, &error)) << error;
  return result.to_json().dump();
}

std::string OneProcess(const AnyGame& game, const SimConfig& config) {
  SimResult result;
  std::string error;
  EXPECT_TRUE(simulate(game, config, &result, &error)) << error;
  return result.to_json().dump();
}

TEST(SimParts, RangesFoldToTheOneProcessResult) {
  struct Case {
    const char* game;
    int matches;
    std::vector<std::string> bots;
  };
  const std::vector<Case> cases = {
      {"reds", 14, {"heuristic", "random"}},       // bids; a deal split between ranges
      {"back_alley", 5, {"heuristic", "random"}},  // team contracts
      {"bridge_solitaire(max_hands=1)", 9, {"heuristic", "random"}},  // one seat
      {"nuts", 3, {"heuristic(speed=4)", "heuristic(speed=3)"}},      // real time
      {"s48", 7, {"heuristic", "random", "heuristic"}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.game);
    auto game = testing_util::LoadGame(c.game);
    ASSERT_TRUE(game);
    const SimConfig config = Config(c.matches, c.bots);
    const std::string one = OneProcess(*game, config);
    const std::uint64_t n = static_cast<std::uint64_t>(c.matches);
    EXPECT_EQ(FoldedFromRanges(*game, config, {{0, n / 2}, {n / 2, n}}), one);
    EXPECT_EQ(FoldedFromRanges(*game, config, {{n - 1, n}, {0, 1}, {1, n - 1}}), one);
    EXPECT_EQ(FoldedFromRanges(*game, config, {{0, n}, {n, n}}), one);  // an empty range
  }
}

TEST(SimParts, TimingTravelsWithTheOutcomes) {
  auto game = testing_util::LoadGame("reds");
  ASSERT_TRUE(game);
  SimConfig config = Config(6, {"heuristic", "random"});
  config.timing = true;
  std::string error;
  Simulation a(*game, config), b(*game, config), all(*game, config);
  ASSERT_TRUE(a.prepare(&error) && b.prepare(&error) && all.prepare(&error)) << error;
  all.play(0, 6);
  a.play(0, 2);
  ASSERT_TRUE(a.read(2, 6, all.write(2, 6)));
  SimResult from_all, folded;
  ASSERT_TRUE(all.fold(&from_all, &error)) << error;
  ASSERT_TRUE(a.fold(&folded, &error)) << error;
  ASSERT_EQ(folded.timing.size(), 2u);
  EXPECT_EQ(folded.timing[0].decisions + folded.timing[1].decisions, folded.moves);
  EXPECT_EQ(folded.timing[1].decisions, from_all.timing[1].decisions);
  EXPECT_GT(folded.timing[0].mean_ms, 0);
}

// A forfeit (an exec: program that crashes: tests/bots/misbehaving_bot.py) is part of the match's
// outcome: its seat and reason are written and read, so the folded result counts and logs it as one
// process does. A forfeit seat past the table, or one without a reason, is refused.
TEST(SimParts, ForfeitsTravelWithTheOutcomes) {
  auto game = testing_util::LoadGame("reds(players=2)");
  ASSERT_TRUE(game);
  const std::string bot = "exec:/usr/bin/python3 " + testing_util::source_dir() +
                          "/tests/bots/misbehaving_bot.py crash 2";
  const SimConfig config = Config(4, {bot, "random"});
  const std::string one = OneProcess(*game, config);
  EXPECT_EQ(FoldedFromRanges(*game, config, {{0, 1}, {1, 4}}), one);
  EXPECT_EQ(FoldedFromRanges(*game, config, {{2, 4}, {0, 2}}), one);

  std::string error;
  Simulation played(*game, config), root(*game, config);
  ASSERT_TRUE(played.prepare(&error) && root.prepare(&error)) << error;
  played.play(1, 4);
  root.play(0, 1);
  const std::string bytes = played.write(1, 4);
  ASSERT_TRUE(root.read(1, 4, bytes));
  SimResult result;
  ASSERT_TRUE(root.fold(&result, &error)) << error;
  EXPECT_EQ(result.forfeited, 4u);
  ASSERT_EQ(result.forfeit_log.size(), 4u);
  for (std::uint64_t i = 0; i < 4; ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(result.forfeit_log[i].match, i);
    EXPECT_EQ(result.forfeit_log[i].bot, bot);
    EXPECT_NE(result.forfeit_log[i].reason.find("exited with status 3"), std::string::npos)
        << result.forfeit_log[i].reason;
  }
  ASSERT_EQ(result.bots.size(), 2u);
  EXPECT_EQ(result.bots[0].forfeits, 4u);
  EXPECT_EQ(result.bots[0].score.n, 0u);

  // The first match's forfeit fields: after its header (begin, end: 16 bytes) come moves, rounds,
  // the seat count (8 each), two seats of 6 numbers, and the failure's length (0, no failure).
  const std::size_t at = 16 + 3 * 8 + 2 * 6 * 8 + 8;
  auto with = [&](std::size_t offset, std::uint64_t v) {
    std::string b = bytes;
    for (int k = 0; k < 8; ++k) b[offset + k] = static_cast<char>((v >> (8 * k)) & 0xFF);
    return b;
  };
  auto seat = [&](std::size_t offset) {
    std::uint64_t v = 0;
    for (int k = 0; k < 8; ++k)
      v |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[offset + k])) << (8 * k);
    return v;
  };
  ASSERT_LT(seat(at), 2u);  // the forfeit seat, as written
  Simulation refuses(*game, config);
  ASSERT_TRUE(refuses.prepare(&error)) << error;
  EXPECT_TRUE(refuses.read(1, 4, bytes));
  EXPECT_FALSE(refuses.read(1, 4, with(at, 2)));  // no seat 2 in a two-seat game
  EXPECT_FALSE(refuses.read(1, 4, with(at, static_cast<std::uint64_t>(-2))));
  // No forfeit, yet a reason: refused (a forfeit without a reason cannot be written as the same
  // length, so this is the one-field change that shows the pair is checked).
  EXPECT_FALSE(refuses.read(1, 4, with(at, static_cast<std::uint64_t>(-1))));
}

TEST(SimParts, BytesThatAreNotTheRangesOutcomesAreRefused) {
  auto game = testing_util::LoadGame("reds");
  auto five = testing_util::LoadGame("reds(players=5)");
  ASSERT_TRUE(game && five);
  const SimConfig config = Config(4, {"heuristic", "random"});
  std::string error;
  Simulation played(*game, config), root(*game, config), other_game(*five, config);
  ASSERT_TRUE(played.prepare(&error) && root.prepare(&error) && other_game.prepare(&error));
  played.play(0, 4);
  other_game.play(2, 4);
  const std::string bytes = played.write(2, 4);
  EXPECT_FALSE(root.read(1, 3, bytes));                              // another range
  EXPECT_FALSE(root.read(2, 4, bytes.substr(0, bytes.size() - 1)));  // cut short
  EXPECT_FALSE(root.read(2, 4, bytes + "x"));                        // more after them
  EXPECT_FALSE(root.read(2, 4, other_game.write(2, 4)));             // five seats, not four
  EXPECT_FALSE(root.read(2, 6, played.write(2, 4)));                 // past the last match
  // Nothing refused was stored: matches not played or read stop the fold.
  root.play(0, 2);
  SimResult result;
  EXPECT_FALSE(root.fold(&result, &error));
  EXPECT_EQ(error, "match 2 was never played");
  ASSERT_TRUE(root.read(2, 4, bytes));
  EXPECT_TRUE(root.fold(&result, &error)) << error;
}

}  // namespace
}  // namespace cardroom
