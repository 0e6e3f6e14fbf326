// Levels of play (bots/levels.h): every game has easy and normal, strong and expert where a search
// player was measured stronger; a level loads wherever a player string does, with options.
#include "bots/levels.h"

#include <gtest/gtest.h>

#include "bots/registry.h"
#include "core/registry.h"
#include "games/all_games.h"

namespace cardroom {
namespace {

std::unique_ptr<AnyGame> game(const char* name) {
  register_all_games();
  std::string error;
  auto g = load_game(name, &error);
  EXPECT_TRUE(g) << error;
  return g;
}

TEST(Levels, EveryGameHasEasyAndNormalAndEachLevelLoads) {
  register_all_games();
  for (const GameEntry* entry : registered_games()) {
    auto g = game(std::string(entry->name).c_str());
    const std::vector<Level> levels = player_levels(*g);
    ASSERT_GE(levels.size(), 2u) << entry->name;
    EXPECT_EQ(levels[0].name, "easy");
    EXPECT_EQ(levels[1].name, "normal");
    for (const Level& level : levels) {
      EXPECT_FALSE(level.description.empty());
      std::string error;
      auto player = load_player(level.name, *g, &error);
      ASSERT_TRUE(player) << entry->name << " " << level.name << ": " << error;
      EXPECT_EQ(player->name(), load_player(level.player, *g, &error)->name()) << level.name;
    }
  }
}

TEST(Levels, StrongWhereMeasuredAndAClearErrorElsewhere) {
  auto s48 = game("s48");
  EXPECT_EQ(*level_player("strong", *s48, nullptr),
            "ismcts(iterations=2000,playout=heuristic,others=heuristic)");
  std::string why;
  EXPECT_FALSE(load_player("expert", *s48, &why));  // nothing stands 100 above strong
  EXPECT_EQ(why, "s48 has no level 'expert' (its levels: easy normal strong)");
  auto back_alley = game("back_alley");
  EXPECT_EQ(*level_player("expert", *back_alley, nullptr),
            "ismcts(iterations=2000,playout=heuristic,others=heuristic)");
  EXPECT_FALSE(level_player("heuristic", *s48, nullptr));  // not a level: a player's own name
  auto schwimmen = game("schwimmen");
  std::string error;
  EXPECT_FALSE(load_player("strong", *schwimmen, &error));
  EXPECT_EQ(error, "schwimmen has no level 'strong' (its levels: easy normal)");
}

TEST(Levels, OptionsGoToThePlayerTheLevelNames) {
  auto nuts = game("nuts");
  EXPECT_EQ(*level_player("normal(speed=3)", *nuts, nullptr), "heuristic(speed=3)");
  EXPECT_EQ(*level_player("strong(speed=2)", *nuts, nullptr),
            "ismcts(iterations=200,playout=heuristic,others=heuristic,trust=15,speed=2)");
  std::string error;
  EXPECT_TRUE(load_player("normal(speed=3)", *nuts, &error)) << error;
  EXPECT_FALSE(load_player("normal(speed=9)", *nuts, &error));
  EXPECT_NE(error.find("speed"), std::string::npos) << error;
}

}  // namespace
}  // namespace cardroom
