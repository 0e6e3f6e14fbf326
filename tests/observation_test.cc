// Observations for learning (core/observation.h): the encoder on hand-made views, and the layout
// of every game as documented in docs/observations.md (rewritten instead of compared with
// CARDROOM_REGEN_GOLDEN=1, as scripts/regen_golden.sh does). That every game's views fit its
// layout is the conformance suite's (Conformance.ObservationsFitTheirLayout).
#include "core/observation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <numeric>
#include <sstream>

#include "core/registry.h"
#include "games/all_games.h"
#include "games/common/test_paths.h"
#include "test_games.h"

namespace cardroom {
namespace {

const ExtraCard kJoker[] = {{52, "JK"}};

std::vector<float> encode(const ObservationLayout& layout, const nlohmann::json& view, Seat seat) {
  std::vector<float> out(layout.size(), -1.0f);
  std::string error;
  EXPECT_TRUE(layout.encode(view, seat, out, &error)) << error;
  return out;
}

std::string encode_error(const ObservationLayout& layout, const nlohmann::json& view) {
  std::vector<float> out(layout.size());
  std::string error;
  EXPECT_FALSE(layout.encode(view, 0, out, &error));
  return error;
}

TEST(Observation, CardsCountCopiesOverTheGamesCardIds) {
  ObservationLayout layout({obs::cards("/hand", "")}, 2, {}, kJoker);
  EXPECT_EQ(layout.card_ids(), 53);
  ASSERT_EQ(layout.size(), 53);
  auto v = encode(layout, {{"hand", {"AS", "2S", "JK", "2S"}}}, 0);
  EXPECT_EQ(v[12], 1);  // AS
  EXPECT_EQ(v[0], 2);   // 2S twice
  EXPECT_EQ(v[52], 1);  // the joker
  EXPECT_EQ(v[1], 0);
  // One card, null and a missing key.
  EXPECT_EQ(encode(layout, {{"hand", "3S"}}, 0)[1], 1);
  auto none = encode(layout, {{"hand", nullptr}}, 0);
  EXPECT_EQ(std::count(none.begin(), none.end(), 0.0f), 53);
  none = encode(layout, nlohmann::json::object(), 1);
  EXPECT_EQ(std::count(none.begin(), none.end(), 0.0f), 53);
}

TEST(Observation, SeatBlocksStartAtTheObserver) {
  ObservationLayout layout({obs::number("/sizes/{seat}", 10, ""), obs::seat("/dealer", "")}, 3, {},
                           {});
  ASSERT_EQ(layout.size(), 6);
  nlohmann::json view = {{"sizes", {10, 20, 30}}, {"dealer", 0}};
  EXPECT_EQ(encode(layout, view, 0), (std::vector<float>{1, 2, 3, 1, 0, 0}));
  EXPECT_EQ(encode(layout, view, 1), (std::vector<float>{2, 3, 1, 0, 0, 1}));
  EXPECT_EQ(encode(layout, view, 2), (std::vector<float>{3, 1, 2, 0, 1, 0}));
}

TEST(Observation, TeamBlocksStartAtTheObserversTeam) {
  const Teams teams = Teams::alternating(4, 2, true);
  ObservationLayout layout({obs::number("/team_scores/{team}", 1, "")}, 4, teams, {});
  nlohmann::json view = {{"team_scores", {5, 7}}};
  EXPECT_EQ(encode(layout, view, 0), (std::vector<float>{5, 7}));
  EXPECT_EQ(encode(layout, view, 3), (std::vector<float>{7, 5}));
}

TEST(Observation, TricksBySeatFixedEntriesAndUnions) {
  ObservationLayout layout({obs::trick("/trick", ""), obs::cards("/piles/{2}", ""),
                            obs::cards("/found/{all}/cards", "")},
                           2, {}, {});
  ASSERT_EQ(layout.size(), 2 * 52 + 2 * 52 + 52);
  nlohmann::json view = {{"trick", {{"cards", {"KH", "AH"}}, {"seats", {1, 0}}, {"leader", 1}}},
                         {"piles", {{"2C"}, {"3C", "4C"}}},
                         {"found", {{{"cards", {"AS"}}}, {{"cards", {"AD", "2D"}}}}}};
  auto v = encode(layout, view, 1);
  EXPECT_EQ(v[0 * 52 + 24], 1);    // the observer (seat 1) played KH
  EXPECT_EQ(v[1 * 52 + 25], 1);    // the next seat (seat 0) played AH
  EXPECT_EQ(v[104 + 39], 1);       // pile 1: 2C
  EXPECT_EQ(v[156 + 40], 1);       // pile 2: 3C
  EXPECT_EQ(v[208 + 12], 1);       // foundations: AS
  EXPECT_EQ(v[208 + 26 + 12], 1);  // and AD
  EXPECT_EQ(std::accumulate(v.begin(), v.end(), 0.0f), 8);
}

TEST(Observation, NumbersWithPresenceAndChoices) {
  ObservationLayout layout(
      {obs::number_or_none("/bids/{seat}", 2, ""), obs::choice("/phase", {"bid", "play"}, ""),
       obs::choice("/voids", obs::suits(), ""), obs::number("/flag", 1, "")},
      2, {}, {});
  ASSERT_EQ(layout.size(), 4 + 2 + 4 + 1);
  auto v =
      encode(layout,
             {{"bids", {0, nullptr}}, {"phase", "play"}, {"voids", {"H", "C"}}, {"flag", true}}, 0);
  EXPECT_EQ(v, (std::vector<float>{0, 1, 0, 0, 0, 1, 0, 1, 0, 1, 1}));
}

TEST(Observation, AViewThatDoesNotFitIsAnErrorNamingTheField) {
  ObservationLayout cards({obs::cards("/hand", "")}, 2, {}, {});
  EXPECT_NE(encode_error(cards, {{"hand", 3}}).find("/hand"), std::string::npos);
  EXPECT_NE(encode_error(cards, {{"hand", {"ZZ"}}}).find("'ZZ' is not a card"), std::string::npos);
  ObservationLayout seats({obs::number("/s/{seat}", 1, "")}, 2, {}, {});
  EXPECT_NE(encode_error(seats, {{"s", {1, 2, 3}}}).find("at most 2"), std::string::npos);
  EXPECT_NE(encode_error(seats, {{"s", {"x", 2}}}).find("expected a number"), std::string::npos);
  ObservationLayout choice({obs::choice("/c", {"a"}, "")}, 2, {}, {});
  EXPECT_NE(encode_error(choice, {{"c", "b"}}).find("not one of its choices"), std::string::npos);
  ObservationLayout seat({obs::seat("/d", "")}, 2, {}, {});
  EXPECT_NE(encode_error(seat, {{"d", 2}}).find("expected a seat"), std::string::npos);
}

// docs/observations.md: the layout of every game at its default options.
std::string observations_page() {
  register_all_games();
  std::ostringstream out;
  out << "# Observation layouts\n\n"
         "The fields of `state.observation(seat)` (docs/python.md) for every game at its default\n"
         "options, generated from the games' layouts (`Game.observation_layout()` in Python);\n"
         "other options (more players) change the sizes. Regenerate with "
         "`scripts/regen_golden.sh`.\n";
  for (const GameEntry* entry : registered_games()) {
    // The test-only games (tests/test_games.h) are registered when other tests ran first.
    if (entry->name == testing_games::grab::Game::kName ||
        entry->name == testing_games::solo::Game::kName)
      continue;
    std::string error;
    auto game = load_game(entry->name, &error);
    EXPECT_TRUE(game) << error;
    if (!game) continue;
    out << "\n## " << entry->title << ": `" << game->game_string() << "`\n\n"
        << game->observation_layout().markdown();
  }
  return out.str();
}

TEST(Observation, LayoutsAreDocumented) {
  const std::string path = testing_util::source_dir() + "/docs/observations.md";
  const std::string page = observations_page();
  const char* env = std::getenv("CARDROOM_REGEN_GOLDEN");
  if (env && std::string(env) == "1") {
    std::ofstream(path) << page;
    return;
  }
  std::ifstream in(path);
  std::stringstream have;
  have << in.rdbuf();
  EXPECT_EQ(have.str(), page) << path << " is out of date: run scripts/regen_golden.sh";
}

}  // namespace
}  // namespace cardroom
