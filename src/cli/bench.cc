#include <fmt/format.h>

#include <chrono>
#include <iostream>

#include "cli/commands.h"
#include "core/registry.h"

namespace cardroom::cli {

void add_bench_command(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand(
      "bench", "Random-playout throughput per game and a deterministic signature");
  static std::string games = "2000";
  static int signature_matches = 200;
  static std::string only;
  static bool json = false;
  cmd->add_option("--games", games, "random matches timed per game (default 2000)")->type_name("N");
  cmd->add_option("--game", only, "only this game string, e.g. reds(players=6)");
  cmd->add_flag("--json", json, "machine-readable output");
  cmd->callback([&ctx] {
    std::string error;
    std::uint64_t matches = 0;
    if (!parse_whole_number("--games", games, 1, kMaxGames, &matches, &error))
      return fail(ctx, error);
    std::vector<std::string> game_strings;
    if (!only.empty()) {
      game_strings.push_back(only);
    } else {
      for (const auto* g : registered_games()) game_strings.push_back(g->name);
    }
    std::int64_t signature = 0;
    nlohmann::json out = nlohmann::json::array();
    for (const auto& text : game_strings) {
      auto game = load_game(text, &error);
      if (!game) {
        fail(ctx, error);
        return;
      }
      // The signature: a fixed set of seeded playouts, independent of --games.
      PlayoutStats sig = game->random_playouts(signature_matches, 1);
      auto start = std::chrono::steady_clock::now();
      PlayoutStats timed = game->random_playouts(static_cast<int>(matches), 1000003);
      double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      double mps = timed.moves / secs;
      signature += sig.signature;
      if (json) {
        out.push_back({{"game", game->game_string()},
                       {"matches", timed.matches},
                       {"moves", timed.moves},
                       {"seconds", secs},
                       {"moves_per_second", mps},
                       {"matches_per_second", timed.matches / secs},
                       {"signature", sig.signature}});
      } else {
        std::cout << fmt::format("{:<60} {:>8.2f} M moves/s {:>10.0f} matches/s  signature {}\n",
                                 game->game_string(), mps / 1e6, timed.matches / secs,
                                 sig.signature);
      }
    }
    if (json) {
      std::cout << nlohmann::json{{"games", out}, {"signature", signature}}.dump(2) << "\n";
    } else {
      std::cout << "Bench: " << signature << "\n";
    }
  });
}

}  // namespace cardroom::cli
