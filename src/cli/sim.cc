#include <functional>
#include <iostream>
#include <optional>
#include <sstream>

#include "bots/registry.h"
#include "cli/commands.h"
#include "cli/terminal.h"
#include "core/registry.h"
#include "match/simulate.h"
#ifdef CARDROOM_WITH_MPI
#include "cli/sim_mpi.h"
#endif

namespace cardroom::cli {

void add_sim_command(CLI::App& app, Context& ctx) {
  auto* cmd =
      app.add_subcommand("sim", "Computer players against each other: scores and win rates");
  static std::string game_name;
  static std::string games = "100";
  static std::optional<std::string> players;
  static std::string bots = "heuristic,random";
  static std::string seed = "1";
  static int threads = 1;
  static bool json = false;
  static bool no_rotate = false;
  static bool timing = false;
  static int max_rounds = SimConfig{}.max_rounds;
  static std::vector<std::string> option_words;
  cmd->add_option("game", game_name, "registry name or game string, e.g. reds(players=6)")
      ->required();
  cmd->add_option("options", option_words, "game options as key=value");
  cmd->add_option("--games", games, "matches to play (default 100)")->type_name("N");
  cmd->add_option("--players", players, "number of players (the game's 'players' option)");
  cmd->add_option("--bots", bots,
                  "comma-separated bots, cycled over the seats (over the teams in team games; in a "
                  "one-seat game each deal is played by each); exec:COMMAND runs another program "
                  "(docs/bot_protocol.md)");
  cmd->add_option("--seed", seed, "first match seed (default 1)")->type_name("N");
  cmd->add_option("--threads", threads, "worker threads (results do not depend on it)")
      ->check(CLI::Range(1, 256));
  cmd->add_flag("--json", json, "machine-readable output");
  cmd->add_flag("--no-rotate", no_rotate,
                "do not rotate the bots over the seats on duplicate deals (in a one-seat game, "
                "over each deal's matches)");
  cmd->add_option("--max-rounds", max_rounds,
                  "cut a match off, unfinished, after this many rounds (default 1000; 0: never): "
                  "some never end by the rules, as Nuts between two weak players")
      ->check(CLI::Range(0, 1000000));
  cmd->add_flag("--timing", timing,
                "also print each bot's wall-clock time per move (varies from run to run)");
  cmd->callback([&ctx] {
    std::string error;
    std::uint64_t matches = 0, first_seed = 0;
    if (!parse_whole_number("--games", games, 1, kMaxGames, &matches, &error) ||
        !parse_whole_number("--seed", seed, 0, UINT64_MAX, &first_seed, &error))
      return fail(ctx, error);
    auto game = game_from_command_line(game_name, option_words, players, &error);
    if (!game) return fail(ctx, error);
    SimConfig config;
    config.matches = static_cast<int>(matches);
    config.seed = first_seed;
    config.threads = threads;
    config.rotate = !no_rotate;
    config.timing = timing;
    config.max_rounds = max_rounds;
    config.bots = split_player_list(bots);
    SimResult result;
    // The progress line is for a person watching a terminal, not for a log file.
    std::function<void(std::uint64_t, std::uint64_t)> progress;
    if (stderr_is_terminal())
      progress = [](std::uint64_t done, std::uint64_t total) {
        std::cerr << "\r" << done << "/" << total << " matches" << std::flush;
        if (done == total) std::cerr << "\n";
      };
    // Started by an MPI launcher, each process plays its share of the matches and the first
    // prints the result (cli/sim_mpi.h).
    if (launcher_rank() >= 0) {
#ifdef CARDROOM_WITH_MPI
      int rank = 0;
      const bool ok = simulate_mpi(*game, config, &result, &error, &rank, progress);
      if (rank != 0) {
        if (!ok) ctx.exit_code = 1;
        return;
      }
      if (!ok) return fail(ctx, error);
#else
      return fail(ctx,
                  "this cardroom was built without MPI: run sim without mpirun, or install "
                  "libopenmpi-dev (scripts/bootstrap.sh) and build again");
#endif
    } else if (!simulate(*game, config, &result, &error, progress)) {
      return fail(ctx, error);
    }
    // Forfeits (a player that failed through its own fault, an exec: program) go to the log, in
    // match order; the results count them.
    constexpr std::size_t kShown = 20;
    for (std::size_t i = 0; i < result.forfeit_log.size() && i < kShown; ++i)
      std::cerr << "match " << result.forfeit_log[i].match << ": " << result.forfeit_log[i].reason
                << ": S" << result.forfeit_log[i].seat << " forfeits\n";
    if (result.forfeit_log.size() > kShown)
      std::cerr << "... and " << result.forfeit_log.size() - kShown
                << " more forfeits (all of them: --json, forfeit_log)\n";
    if (json)
      std::cout << result.to_json().dump(2) << "\n";
    else
      std::cout << result.to_text();
  });
}

}  // namespace cardroom::cli
