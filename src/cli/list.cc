#include <iostream>

#include "cli/commands.h"
#include "core/registry.h"

namespace cardroom::cli {

void add_list_command(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("list", "List the games, one per line, its name first");
  cmd->callback([&ctx] {
    (void)ctx;
    for (const auto* g : registered_games()) {
      std::cout << g->name << "\t" << g->title << ": " << g->description << "\n";
    }
  });
}

}  // namespace cardroom::cli
