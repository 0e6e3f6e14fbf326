// Levels of play: the computer players a person chooses by strength, not by algorithm. Each game
// names, weakest first, `easy` (random legal moves), `normal` (the game's heuristic player) and,
// where a search player was measured stronger than the heuristic (docs/strength.md, 1,000
// duplicate deals or more, the interval excluding zero, under 100 ms a move), `strong`, and
// `expert` where a second search player is stronger still. A level is accepted wherever a player
// string is (`play --opponents strong`, `sim --bots normal,easy`, the card room's seats), with the
// options of a player string ("normal(speed=3)"), which go to the player it names.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/any_game.h"

namespace cardroom {

struct Level {
  std::string name;         // "easy", "normal", "strong", "expert"
  std::string player;       // the player string it stands for: "pimc(worlds=20)"
  std::string description;  // one line for people
};

// The levels of `game`, weakest first.
std::vector<Level> player_levels(const AnyGame& game);

// The player string for `player_string` when its name is a level of `game` (its options added to
// the level's player's), or nullopt when it names no level. A level the game lacks ("strong" in
// Schwimmen, where nothing beats the heuristic yet) is an error, saying which levels it has.
std::optional<std::string> level_player(std::string_view player_string, const AnyGame& game,
                                        std::string* error);

// Whether `name` is one of the level names.
bool is_level_name(std::string_view name);

}  // namespace cardroom
