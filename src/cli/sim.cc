#include <iostream>
#include <sstream>

#include "bots/registry.h"
#include "cli/commands.h"
#include "core/registry.h"
#include "match/simulate.h"

namespace cardroom::cli {

void add_sim_command(CLI::App& app, Context& ctx) {
  auto* cmd =
      app.add_subcommand("sim", "Computer players against each other: scores and win rates");
  static std::string game_name;
  static int games = 100;
  static int players = 0;
  static std::string bots = "heuristic,random";
  static std::uint64_t seed = 1;
  static int threads = 1;
  static bool json = false;
  static bool no_rotate = false;
  static std::vector<std::string> option_words;
  cmd->add_option("game", game_name, "registry name, e.g. reds")->required();
  cmd->add_option("options", option_words, "game options as key=value");
  cmd->add_option("--games", games, "matches to play")->check(CLI::PositiveNumber);
  cmd->add_option("--players", players, "number of players (the game's 'players' option)");
  cmd->add_option("--bots", bots,
                  "comma-separated bots, cycled over the seats (over the teams in team games)");
  cmd->add_option("--seed", seed, "first match seed");
  cmd->add_option("--threads", threads, "worker threads (results do not depend on it)")
      ->check(CLI::Range(1, 256));
  cmd->add_flag("--json", json, "machine-readable output");
  cmd->add_flag("--no-rotate", no_rotate,
                "do not rotate the bots over the seats on duplicate deals");
  cmd->callback([&ctx] {
    std::vector<std::pair<std::string, std::string>> options;
    std::string error;
    if (!split_options(option_words, &options, &error)) return fail(ctx, error);
    if (players > 0) options.emplace_back("players", std::to_string(players));
    auto game = load_game(game_name, options, &error);
    if (!game) return fail(ctx, error);
    SimConfig config;
    config.matches = games;
    config.seed = seed;
    config.threads = threads;
    config.rotate = !no_rotate;
    config.bots = split_player_list(bots);
    SimResult result;
    bool ok = simulate(*game, config, &result, &error, [](std::uint64_t done, std::uint64_t total) {
      std::cerr << "\r" << done << "/" << total << " matches" << std::flush;
      if (done == total) std::cerr << "\n";
    });
    if (!ok) return fail(ctx, error);
    if (json)
      std::cout << result.to_json().dump(2) << "\n";
    else
      std::cout << result.to_text();
  });
}

}  // namespace cardroom::cli
