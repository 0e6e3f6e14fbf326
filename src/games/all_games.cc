#include "games/all_games.h"

#include "core/registry.h"
#include "games/reds/reds.h"
#include "games/reds/reds_bot.h"

namespace cardroom {

void register_all_games() {
  register_game(make_game_entry<reds::Game>(
      "Reds", "trick-taking for 2-6 players: diamonds trump, a black anti-trump, bid exactly",
      &reds::bots()));
}

}  // namespace cardroom
