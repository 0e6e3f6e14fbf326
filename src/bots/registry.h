// The player registry: computer players by name, with typed options, like games.
//
//   random                    a uniformly random legal move
//   heuristic                 the game's own heuristic player (each game ships one)
//   pimc(worlds=40)           Perfect Information Monte Carlo over the trick solver (bots/pimc.h),
//                             in the games that offer the solver
//   ismcts(iterations=2000)   information-set Monte Carlo tree search (bots/ismcts.h), every game
//   exec:COMMAND              another program, in any language, speaking the bot protocol on its
//                             standard input and output (bots/exec_player.h, docs/bot_protocol.md);
//                             COMMAND runs through /bin/sh -c, every game. Options go before the
//                             colon: exec(timeout_ms=500,events=false):./bot. It is not among
//                             player_names (no game "has" it): it is named with its command.
//
// A player string is `name` or `name(key=value,...)`. Every player takes the option `pace_ms`:
// how long it takes over each move in real-time games (default 1000), and `speed`, a speed level
// from 1 (slowest) to 5 (fastest) that sets the pace instead (2000, 1400, 1000, 700, 500 ms; 0, the
// default, leaves it to pace_ms): `heuristic(speed=4)`. Errors name the unknown
// player (and list the ones this game has; for a player the game cannot have, the games it plays)
// or the option, the value and what is allowed.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bots/player.h"
#include "core/options.h"

namespace cardroom {

struct PlayerEntry {
  std::string name;
  std::string description;
  std::vector<OptionSpec> options;  // its own options; `pace_ms` and `speed` are added to all
  // Whether it can play `game` (nullptr: every game).
  std::function<bool(const AnyGame& game)> plays;
  std::function<std::unique_ptr<Player>(const AnyGame& game, const std::string& player_string,
                                        const OptionValues& options, std::string* error)>
      create;
};

inline constexpr int kSpeedLevels = 5;
// The pace in ms of speed level `speed` (1..kSpeedLevels), or `pace_ms` for speed 0.
int pace_ms_of(int speed, int pace_ms);

void register_player(PlayerEntry entry);
// Registers the game-independent players (random, pimc, ismcts) and `heuristic`; idempotent.
void register_all_players();

// The players that can play `game`, by name.
std::vector<std::string> player_names(const AnyGame& game);
// The option specs of player `name` (its own plus pace_ms and speed); nullptr if there is no such
// player.
const std::vector<OptionSpec>* player_options(std::string_view name);

// "heuristic", "random(pace_ms=500)" -> a player for `game`, or nullptr with a clear `error`.
std::unique_ptr<Player> load_player(std::string_view player_string, const AnyGame& game,
                                    std::string* error);

// Splits "heuristic,ismcts(iterations=200,ms=5)" at the commas outside parentheses, dropping
// spaces outside parentheses; an exec piece ("exec:python3 bot.py 'a,b'") keeps its spaces and
// also ends only at a comma outside single or double quotes, which its command keeps for the shell.
std::vector<std::string> split_player_list(std::string_view list);

}  // namespace cardroom
