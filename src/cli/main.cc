// `cardroom`: one binary, one file per subcommand (list, rules, play, sim, replay, bench).
#include <iostream>

#include "cli/commands.h"
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

void fail(Context& ctx, const std::string& message, int code) {
  std::cerr << "cardroom: " << message << "\n";
  ctx.exit_code = code;
}

}  // namespace cardroom::cli

int main(int argc, char** argv) {
  cardroom::register_all_games();
  CLI::App app{"cardroom: play, simulate and study card games"};
  app.require_subcommand(1);
  cardroom::cli::Context ctx;
  cardroom::cli::add_list_command(app, ctx);
  cardroom::cli::add_rules_command(app, ctx);
  cardroom::cli::add_play_command(app, ctx);
  cardroom::cli::add_sim_command(app, ctx);
  cardroom::cli::add_replay_command(app, ctx);
  cardroom::cli::add_bench_command(app, ctx);
  CLI11_PARSE(app, argc, argv);
  return ctx.exit_code;
}
