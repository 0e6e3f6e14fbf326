// Registers every game with the registry. Call once at start-up (the CLI, tests, benchmarks).
#pragma once

#include <string_view>

namespace cardroom {

void register_all_games();

// The rules page of a game, docs/games/<game>.md embedded at build time ("" if there is none).
std::string_view rules_page(std::string_view game);

}  // namespace cardroom
