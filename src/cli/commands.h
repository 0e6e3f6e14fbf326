// The `cardroom` subcommands: each file adds one to the CLI11 app. A callback reports failure by
// setting `exit_code`; errors go to stderr.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/any_game.h"

namespace cardroom::cli {

struct Context {
  int exit_code = 0;
};

void add_list_command(CLI::App& app, Context& ctx);
void add_rules_command(CLI::App& app, Context& ctx);
void add_play_command(CLI::App& app, Context& ctx);
void add_sim_command(CLI::App& app, Context& ctx);
void add_ladder_command(CLI::App& app, Context& ctx);
void add_replay_command(CLI::App& app, Context& ctx);
void add_bench_command(CLI::App& app, Context& ctx);
void add_solve_command(CLI::App& app, Context& ctx);
void add_analyze_command(CLI::App& app, Context& ctx);
void add_serve_command(CLI::App& app, Context& ctx);
void add_loadtest_command(CLI::App& app, Context& ctx);

// Splits `key=value` words (game options given on the command line); a word without '=' is an
// error written to `error`.
bool split_options(const std::vector<std::string>& words,
                   std::vector<std::pair<std::string, std::string>>* out, std::string* error);

// The game a command line names: a registry name or a game string (`reds(players=6)`), then
// `key=value` words and, when given, --players. An option given twice is an error.
std::unique_ptr<AnyGame> game_from_command_line(const std::string& game,
                                                const std::vector<std::string>& option_words,
                                                const std::optional<std::string>& players,
                                                std::string* error);

// The value of a whole-number flag such as --games or --seed, written in decimal digits alone and
// within [lo, hi]; otherwise false and "--games must be a whole number from 1 to 1000000000".
bool parse_whole_number(const std::string& flag, const std::string& text, std::uint64_t lo,
                        std::uint64_t hi, std::uint64_t* value, std::string* error);

// Upper bound of match counts (--games).
inline constexpr std::uint64_t kMaxGames = 1000000000;

// Prints "cardroom: <message>" to stderr and sets the exit code.
void fail(Context& ctx, const std::string& message, int code = 1);

// This process's rank when an MPI launcher started it (`mpirun -np N cardroom ...`: Open MPI's
// OMPI_COMM_WORLD_RANK, PMIx's PMIX_RANK as Open MPI 5 and Slurm's srun set it, MPICH's and Intel
// MPI's PMI_RANK), read from the environment without starting MPI; -1 when none did. Every
// process of such a job runs the same command line: main() lets rank 0 alone write to stderr,
// and `sim` shares its matches between the processes (cli/sim_mpi.h).
int launcher_rank();

// Raises this process's limit on open files to the hard limit: the card room and its load
// generator hold a socket per connection.
void raise_file_limit();

}  // namespace cardroom::cli
