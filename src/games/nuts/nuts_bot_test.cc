// The Nuts heuristic player: its order of preference, its stuck vote, its strength against random,
// and speed levels racing each other on the match runner's virtual clock.
#include "games/nuts/nuts_bot.h"

#include <gtest/gtest.h>

#include "bots/registry.h"
#include "core/registry.h"
#include "games/all_games.h"
#include "games/common/test_util.h"
#include "games/nuts/nuts_test_util.h"
#include "match/match.h"
#include "match/simulate.h"

namespace cardroom::nuts {
namespace {

using testing_util::Contains;
using testing_util::List;

// A state dealt from layouts {reserve prefix, tableau, stock prefix} (nuts_test_util.h).
State Dealt(const std::vector<test_deals::LayoutSpec>& layouts) {
  std::vector<Deal> deals{test_deals::MakeDeal(layouts)};
  ApplyContext ctx;
  ctx.deals = deals;
  return testing_util::MakeGame<Game>("nuts", "").new_match(1, -1, &ctx);
}

std::string Choice(const State& s, Seat seat) {
  Rng rng(1);
  const State belief = s.resample(seat, rng);
  return s.move_text(heuristic_move(belief, seat, rng));
}

TEST(NutsBot, FoundationFirstThenTheReserveThenDraws) {
  // Reserve top 7D goes on 8S; AH is on T4 (a foundation move): the foundation comes first.
  State s = Dealt({{"7D", "8S KH KD AH", ""}, {"", "QS QH QD QC", ""}});
  EXPECT_EQ(Choice(s, 0), "play AH");
  ASSERT_TRUE(s.apply(0, play_move(List("AH")[0]), nullptr).ok());
  EXPECT_EQ(Choice(s, 0), "move 7D T1");
  ASSERT_TRUE(s.apply(0, move_move(List("7D")[0], 0), nullptr).ok());
  // Nothing else to do: T4 is empty and takes the reserve's next card.
  EXPECT_EQ(Choice(s, 0).substr(0, 4), "move");
  EXPECT_EQ(Choice(s, 0).substr(8), "T4");
}

TEST(NutsBot, FreesASpaceForTheReserve) {
  // 9S on TD: moving T1 whole onto T2 empties T1 for the reserve.
  State s = Dealt({{"5C", "9S TD KH KD", ""}, {"", "QS QH QD QC", ""}});
  EXPECT_EQ(Choice(s, 0), "move 9S T2");
}

TEST(NutsBot, DeclaresStuckOnlyOnceItsStockHasNothingToGive) {
  // Kings on the tableau, the reserve top a 2: nothing moves but the stock's cards.
  State s = Dealt({{"2C", "KS KH KD KC", "3D 3H 3S"}, {"", "QS QH QD QC", ""}});
  int draws = 0;
  for (;;) {
    const std::string choice = Choice(s, 0);
    if (choice == "stuck") break;
    ASSERT_TRUE(choice == "draw" || choice == "recycle" || choice.starts_with("move") ||
                choice.starts_with("play"))
        << choice;
    std::string error;
    auto move = s.parse_move(0, choice, &error);
    ASSERT_TRUE(move) << error;
    ASSERT_TRUE(s.apply(0, *move, nullptr).ok()) << choice;
    ASSERT_FALSE(s.layout(0).stuck) << "the engine declared it first";
    draws += choice == "draw";
    ASSERT_LT(draws, 200);
  }
  // It has seen every card of its stock, and none of them, as they come up, goes anywhere.
  EXPECT_GT(draws, 0);
  EXPECT_FALSE(s.drawing_may_help(0));
}

TEST(NutsBot, JoinsTheStuckVoteAtOnceWhenItKnowsItsStockHasNothing) {
  // S0's aces, queens and 3D lie in its reserve under 2D and 9C: nothing in its stock has
  // anywhere to go, and after a pass the engine declares it stuck. S1's AD lets it play 2D;
  // then, with its whole stock known and nothing in it to play, it votes again without another
  // pass.
  State s = Dealt(
      {{"2D 9C QS QH QD QC AS AH AC AD 2S 2H 3D", "KS KH KD KC", ""}, {"AD", "9S 9H 9D 9C", ""}});
  for (int i = 0; i < 12; ++i) ASSERT_TRUE(s.apply(0, draw_move(), nullptr).ok());
  ASSERT_TRUE(s.layout(0).stuck);
  ASSERT_TRUE(s.apply(1, play_move(List("AD")[0]), nullptr).ok());
  std::vector<std::string> chosen;
  while (chosen.size() < 40) {
    chosen.push_back(Choice(s, 0));
    if (chosen.back() == "stuck") break;
    std::string error;
    auto move = s.parse_move(0, chosen.back(), &error);
    ASSERT_TRUE(move) << error;
    ASSERT_TRUE(s.apply(0, *move, nullptr).ok()) << chosen.back();
  }
  EXPECT_EQ(chosen, (std::vector<std::string>{"play 2D", "stuck"}));
  EXPECT_LT(s.layout(0).idle_draws, s.layout(0).stock_n + s.layout(0).waste_n);
}

SimResult Sim(const std::string& game, const std::vector<std::string>& bots, int matches) {
  register_all_games();
  std::string error;
  auto g = load_game(game, &error);
  EXPECT_TRUE(g) << error;
  SimConfig config;
  config.matches = matches;
  config.bots = bots;
  config.seed = 11;
  SimResult result;
  EXPECT_TRUE(simulate(*g, config, &result, &error)) << error;
  return result;
}

TEST(NutsBot, DuringTheGraceItCompletesItsMovesThenSaysDone) {
  // S0 empties its reserve of spades at 100 ms; S1 has 500 ms to play AH 2H and to lay its
  // reserve out (JS onto QD frees T3 for 9C), never drawing or voting.
  std::vector<Deal> deals{
      test_deals::MakeDeal({{"AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "KH KD KC QH", ""},
                            {"AH 2H 9C", "QD QC JS JC", ""}})};
  ApplyContext ctx;
  ctx.deals = deals;
  State s = testing_util::MakeGame<Game>("nuts", "grace_ms=500").new_match(1, -1, &ctx);
  ApplyContext at;
  at.time_ms = 100;
  for (const char* c :
       {"AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"})
    ASSERT_TRUE(s.apply(0, play_move(List(c)[0]), &at).ok());
  ASSERT_TRUE(s.in_grace());
  std::vector<std::string> chosen;
  at.time_ms = 200;
  while (s.in_grace() && chosen.size() < 20) {
    chosen.push_back(Choice(s, 1));
    std::string error;
    auto move = s.parse_move(1, chosen.back(), &error);
    ASSERT_TRUE(move) << error;
    ASSERT_TRUE(s.apply(1, *move, &at).ok()) << chosen.back();
  }
  ASSERT_GE(chosen.size(), 4u);
  EXPECT_EQ(chosen[0], "play AH");
  EXPECT_EQ(chosen[1], "play 2H");
  EXPECT_EQ(chosen.back(), "done");
  for (const std::string& c : chosen) EXPECT_TRUE(c != "draw" && c != "stuck") << c;
  EXPECT_EQ(s.rounds_completed(), 1);
  EXPECT_EQ(s.last_round(kSpectator)["reserve_left"][1], 10);  // AH, 2H and 9C are out
}

TEST(NutsBot, BeatsRandomByAWideMargin) {
  const SimResult r = Sim("nuts", {"heuristic", "random"}, 20);
  ASSERT_TRUE(r.has_margin);
  EXPECT_GT(r.margin.mean, 100);
  EXPECT_GT(r.bots[0].win_rate.mean, 0.95);
}

TEST(NutsBot, TheFasterSpeedLevelWinsMore) {
  const SimResult r = Sim("nuts", {"heuristic(speed=5)", "heuristic(speed=1)"}, 20);
  ASSERT_EQ(r.bots.size(), 2u);
  EXPECT_EQ(r.bots[0].name, "heuristic(speed=5)");
  EXPECT_GT(r.bots[0].win_rate.mean, 0.75);
  EXPECT_GT(r.margin.mean, 0);
}

// Every registered player (and ISMCTS at a few budgets) against every other, and itself: every
// hand ends within a bound on moves and on virtual time, however the players play (the engine's
// stuck rule, nuts.h), and a match with a player that can pass 100 ends by the rules.
TEST(NutsBot, MatchesBetweenEveryPairOfPlayersEnd) {
  register_all_games();
  std::string error;
  auto game = load_game("nuts", &error);
  ASSERT_TRUE(game) << error;
  std::vector<std::string> players;
  // The project's players (match_test.cc registers a `broken` one in this binary).
  for (const std::string& name : player_names(*game))
    if (name != "ismcts" && name != "broken") players.push_back(name);
  ASSERT_TRUE(Contains(players, "random") && Contains(players, "heuristic"));
  for (const char* budget : {"ismcts(iterations=50)", "ismcts(iterations=200)",
                             "ismcts(iterations=200,playout=heuristic,others=heuristic,trust=15)"})
    players.push_back(budget);
  // A hand of two heuristic players takes some 300 moves and 4 virtual minutes.
  constexpr std::uint64_t kMovesPerHand = 20000;
  constexpr double kSecondsPerHand = 4 * 3600;
  for (std::size_t a = 0; a < players.size(); ++a)
    for (std::size_t b = a; b < players.size(); ++b) {
      const std::string pair = players[a] + " v " + players[b];
      // Whether the match must end by the rules: someone can pass 100.
      const bool to_the_end = players[a] == "heuristic" || players[b] == "heuristic";
      StateTable table(game->new_match(a * 31 + b, -1, nullptr));
      std::vector<std::unique_ptr<Player>> seats;
      seats.push_back(load_player(players[a], *game, &error));
      seats.push_back(load_player(players[b], *game, &error));
      VirtualClock clock;
      MatchRunner runner(table, std::move(seats), clock, 7);
      const AnyState& state = table.state();
      std::uint64_t hand_start_seq = 0;
      double hand_start_time = 0;
      int hand = 0;
      while (!state.over() && (to_the_end ? hand < 60 : hand < 3)) {
        ASSERT_EQ(runner.step(&error), MatchRunner::Stop::kMoved) << pair << ": " << error;
        ASSERT_LT(state.seq() - hand_start_seq, kMovesPerHand) << pair << " hand " << hand + 1;
        ASSERT_LT(clock.now() - hand_start_time, kSecondsPerHand) << pair << " hand " << hand + 1;
        if (state.rounds_completed() != hand) {
          hand = state.rounds_completed();
          hand_start_seq = state.seq();
          hand_start_time = clock.now();
        }
      }
      if (to_the_end) {
        EXPECT_TRUE(state.over()) << pair << " after " << hand << " hands";
      }
    }
}

TEST(NutsBot, HeuristicMatchesEndWithLegalMovesAtEveryTableSize) {
  for (const char* game :
       {"nuts(players=3)", "nuts(players=4)", "nuts(players=6)", "nuts(players=8)"}) {
    const SimResult r = Sim(game, {"heuristic"}, 2);
    EXPECT_EQ(r.matches, 2u) << game;
    EXPECT_GT(r.moves, 100u) << game;
  }
}

}  // namespace
}  // namespace cardroom::nuts
