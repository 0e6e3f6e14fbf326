#include <iostream>

#include "cli/commands.h"
#include "core/registry.h"

namespace cardroom::cli {

void add_rules_command(CLI::App& app, Context& ctx) {
  auto* cmd =
      app.add_subcommand("rules", "Print a game's rules in our words, its options and notation");
  static std::string name;
  cmd->add_option("game", name, "registry name, e.g. reds")->required();
  cmd->callback([&ctx] {
    const GameEntry* g = find_game(name);
    if (!g) {
      fail(ctx, "unknown game '" + name + "' (see 'cardroom list')");
      return;
    }
    std::cout << g->rules_text();
    std::cout << "\n## Options (as built into this binary)\n\n";
    for (const auto& o : g->options)
      std::cout << "- `" << o.name << "` (" << o.allowed() << ", default " << o.default_value
                << "): " << o.help << "\n";
  });
}

}  // namespace cardroom::cli
