#include "cli/commands.h"

namespace cardroom::cli {

void add_play_command(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("play", "Play a game in the terminal against computer players");
  cmd->callback([&ctx] { fail(ctx, "play is not built yet"); });
}

}  // namespace cardroom::cli
