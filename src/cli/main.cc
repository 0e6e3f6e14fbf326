// `cardroom`: one binary, one file per subcommand (list, rules, play, sim, ladder, replay, analyze,
// bench, solve).
#include <sys/resource.h>

#include <climits>
#include <cstdlib>
#include <iostream>
#include <limits>

#include "cli/commands.h"
#include "core/options.h"
#include "core/registry.h"
#include "games/all_games.h"

namespace cardroom::cli {

bool split_options(const std::vector<std::string>& words,
                   std::vector<std::pair<std::string, std::string>>* out, std::string* error) {
  for (const auto& w : words) {
    auto eq = w.find('=');
    if (eq == std::string::npos || eq == 0) {
      *error = "'" + w + "' is not a game option (write key=value, e.g. partnership=true)";
      return false;
    }
    out->emplace_back(w.substr(0, eq), w.substr(eq + 1));
  }
  return true;
}

std::unique_ptr<AnyGame> game_from_command_line(const std::string& game,
                                                const std::vector<std::string>& option_words,
                                                const std::optional<std::string>& players,
                                                std::string* error) {
  auto parsed = parse_game_string(game, error);
  if (!parsed) return nullptr;
  if (!split_options(option_words, &parsed->options, error)) return nullptr;
  if (players) parsed->options.emplace_back("players", *players);
  return load_game(parsed->name, parsed->options, error);
}

bool parse_whole_number(const std::string& flag, const std::string& text, std::uint64_t lo,
                        std::uint64_t hi, std::uint64_t* value, std::string* error) {
  std::uint64_t v = 0;
  bool ok = !text.empty() && text.size() <= 20;
  for (char c : text) {
    if (!ok) break;
    if (c < '0' || c > '9')
      ok = false;
    else if (v > (std::numeric_limits<std::uint64_t>::max() - (c - '0')) / 10)
      ok = false;
    else
      v = v * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (!ok || v < lo || v > hi) {
    *error = flag + " must be a whole number from " + std::to_string(lo) + " to " +
             std::to_string(hi) + ", not '" + text + "'";
    return false;
  }
  *value = v;
  return true;
}

void fail(Context& ctx, const std::string& message, int code) {
  std::cerr << "cardroom: " << message << "\n";
  ctx.exit_code = code;
}

void raise_file_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

int launcher_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"}) {
    const char* value = std::getenv(name);
    std::uint64_t rank = 0;
    std::string error;
    if (value && parse_whole_number(name, value, 0, INT_MAX, &rank, &error))
      return static_cast<int>(rank);
  }
  return -1;
}

}  // namespace cardroom::cli

int main(int argc, char** argv) {
  // Under an MPI launcher every process runs this command line, so all but the first would only
  // repeat its messages (a mistyped flag, a bad game string): they write nothing to stderr. What
  // only one process can know, `sim` sends to the first (cli/sim_mpi.h).
  if (cardroom::cli::launcher_rank() > 0) std::cerr.rdbuf(nullptr);
  cardroom::register_all_games();
  CLI::App app{"cardroom: play, simulate and study card games"};
  app.require_subcommand(1);
  cardroom::cli::Context ctx;
  cardroom::cli::add_list_command(app, ctx);
  cardroom::cli::add_rules_command(app, ctx);
  cardroom::cli::add_play_command(app, ctx);
  cardroom::cli::add_sim_command(app, ctx);
  cardroom::cli::add_ladder_command(app, ctx);
  cardroom::cli::add_replay_command(app, ctx);
  cardroom::cli::add_analyze_command(app, ctx);
  cardroom::cli::add_bench_command(app, ctx);
  cardroom::cli::add_solve_command(app, ctx);
  cardroom::cli::add_serve_command(app, ctx);
  cardroom::cli::add_loadtest_command(app, ctx);
  // A first word that is neither a flag nor a command: name it (CLI11 would only say that a
  // subcommand is required).
  std::string names;
  for (const CLI::App* sub : app.get_subcommands({}))
    names += (names.empty() ? "" : ", ") + sub->get_name();
  if (argc == 1) {
    std::cerr << "cardroom: which command? (" << names << "; see 'cardroom --help')\n";
    return 1;
  }
  if (argv[1][0] != '-') {
    const std::string word = argv[1];
    bool known = false;
    for (const CLI::App* sub : app.get_subcommands({})) known |= sub->get_name() == word;
    if (!known) {
      std::cerr << "cardroom: unknown command '" << word << "' (commands: " << names
                << "; see 'cardroom --help')\n";
      return 1;
    }
  }
  CLI11_PARSE(app, argc, argv);
  return ctx.exit_code;
}
