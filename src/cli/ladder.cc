// `cardroom ladder GAME --deals N`: each adjacent pair of a list of players over duplicate,
// seat-rotated deals (match/ladder.h says what is measured and how).
#include "match/ladder.h"

#include <functional>
#include <iostream>
#include <optional>

#include "bots/registry.h"
#include "cli/commands.h"
#include "cli/terminal.h"

namespace cardroom::cli {

void add_ladder_command(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand(
      "ladder",
      "Each player of a list against the one before it, over duplicate seat-rotated deals: margin "
      "per deal, 95% interval, win rate, time per move");
  cmd->footer(
      "Players are compared in pairs of neighbours, the later one (upper) against the earlier "
      "(lower), on the same match seeds. Margin per deal: the upper player's final score less the "
      "lower's, summed over the match seeds and divided by their deals (rounds, hands): points per "
      "deal. Win rate: the upper player's share of the wins (50% is parity). Each pair plays match "
      "seeds until their deals reach --deals (each seed in every rotation of the players over the "
      "seats, or teams). Default players: every player the registry has for the game, in its "
      "order (random, heuristic, then the search players), with default options. Ratings: every "
      "player on the Elo scale (400 points: odds of 10 to 1), fitted to the win rates of all the "
      "pairs played, random = 0, with 95% intervals. Progress goes to stderr.\n");
  static std::string game_name;
  static std::string deals = "1000";
  static std::optional<std::string> players;
  static std::string seed = "1";
  static int threads = 1;
  static bool json = false;
  static std::string pairs = "neighbours";
  static std::vector<std::string> option_words;
  cmd->add_option("game", game_name, "registry name or game string, e.g. 's48(players=4)'")
      ->required();
  cmd->add_option("options", option_words, "game options as key=value");
  cmd->add_option("--deals", deals, "deals each pair plays, at least (default 1000)")
      ->type_name("N");
  cmd->add_option("--players", players,
                  "comma-separated player strings, weakest first, e.g. "
                  "'random,heuristic,pimc(worlds=20)' (default: every player the game has; the "
                  "number of seats is a game option: players=5)")
      ->type_name("LIST");
  cmd->add_option("--seed", seed, "first match seed (default 1); every pair plays the same seeds")
      ->type_name("N");
  cmd->add_option("--threads", threads, "worker threads (results do not depend on it)")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--pairs", pairs,
                  "which pairs play: neighbours (each player with the one before it, the "
                  "default) or all (every two players: more meetings for the ratings)")
      ->check(CLI::IsMember({"neighbours", "all"}));
  cmd->add_flag("--json", json, "machine-readable output");
  cmd->callback([&ctx] {
    std::string error;
    std::uint64_t deal_count = 0, first_seed = 0;
    if (!parse_whole_number("--deals", deals, 1, kMaxGames, &deal_count, &error) ||
        !parse_whole_number("--seed", seed, 0, UINT64_MAX, &first_seed, &error))
      return fail(ctx, error);
    auto game = game_from_command_line(game_name, option_words, std::nullopt, &error);
    if (!game) return fail(ctx, error);
    LadderConfig config;
    config.deals = static_cast<int>(deal_count);
    config.seed = first_seed;
    config.threads = threads;
    config.all_pairs = pairs == "all";
    if (players) {
      config.players = split_player_list(*players);
      if (config.players.empty()) return fail(ctx, "--players names no player");
    }
    // Progress: a line per pair always (long runs are logged); the match count only on a terminal.
    LadderProgress progress;
    const bool terminal = stderr_is_terminal();
    progress.line = [terminal](const std::string& line) {
      std::cerr << (terminal ? "\r\033[K" : "") << "ladder: " << line << "\n" << std::flush;
    };
    if (terminal)
      progress.matches = [](std::uint64_t done, std::uint64_t total) {
        std::cerr << "\r" << done << "/" << total << " matches" << std::flush;
      };
    LadderResult result;
    if (!run_ladder(*game, config, &result, &error, progress)) return fail(ctx, error);
    if (json)
      std::cout << result.to_json().dump(2) << "\n";
    else
      std::cout << result.to_text();
  });
}

}  // namespace cardroom::cli
