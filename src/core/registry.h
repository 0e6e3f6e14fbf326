// The game registry: games by name, with their option specs and rules text.
//
// Games register explicitly (games/all_games.cc adds each game once, add<G>) so that
// no static-initialisation order or linker dead-stripping can lose one.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/any_game.h"

namespace cardroom {

struct GameEntry {
  std::string name;
  std::string title;        // "Reds"
  std::string description;  // one line for `cardroom list`
  std::vector<OptionSpec> options;
  std::function<std::string()> rules_text;
  // Options under which every match ends whoever plays: a cap on its rounds, for a game whose
  // matches need not end by its rules (Nuts plays until a total passes 100, which two random
  // players' falling totals never do: "max_hands=25"); empty for every other game. Tools that
  // play random matches to the end load the game with them (G::kCappedOptions): `cardroom bench`,
  // the conformance suite (capped_game_string).
  std::string capped_options;
  // Builds the game from validated options; nullptr and `error` on cross-option errors.
  std::function<std::unique_ptr<AnyGame>(const OptionValues&, std::string* error)> create;
};

void register_game(GameEntry entry);
// The entry's name, with its capped options where it has them: "nuts(max_hands=25)", "reds".
std::string capped_game_string(const GameEntry& entry);
const GameEntry* find_game(std::string_view name);
std::vector<const GameEntry*> registered_games();

// "reds(players=4,partnership=true)" -> game, or nullptr with a clear `error`.
std::unique_ptr<AnyGame> load_game(const std::string& game_string, std::string* error);
// Name plus options as a JSON object (game records).
std::unique_ptr<AnyGame> load_game(const std::string& name, const nlohmann::json& options,
                                   std::string* error);
// Name plus raw key/value options (command-line flags).
std::unique_ptr<AnyGame> load_game(const std::string& name,
                                   const std::vector<std::pair<std::string, std::string>>& options,
                                   std::string* error);

// The entry of game G: its title, one line for `cardroom list`, its own computer players (the
// heuristic) and its rules page.
template <class G>
GameEntry make_game_entry(std::string title, std::string description,
                          std::vector<BotEntry<typename G::State>> bots,
                          std::function<std::string()> rules_text) {
  GameEntry e;
  e.name = std::string(G::kName);
  e.title = std::move(title);
  e.description = std::move(description);
  e.options = G::option_specs();
  e.rules_text = std::move(rules_text);
  if constexpr (requires { G::kCappedOptions; }) e.capped_options = G::kCappedOptions;
  // Registered entries live as long as the program; so do their players.
  auto players = std::make_shared<const std::vector<BotEntry<typename G::State>>>(std::move(bots));
  e.create = [players](const OptionValues& values, std::string* error) -> std::unique_ptr<AnyGame> {
    auto game = G::create(values, error);
    if (!game) return nullptr;
    return std::make_unique<GameAdapter<G>>(std::move(*game), values, players.get());
  };
  return e;
}

}  // namespace cardroom
