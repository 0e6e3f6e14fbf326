#include <algorithm>
#include <iostream>
#include <optional>
#include <sstream>

#include "cli/commands.h"
#include "cli/markdown.h"
#include "cli/terminal.h"
#include "core/options.h"
#include "core/registry.h"

namespace cardroom::cli {
namespace {

// Columns of the terminal on stdout; 100 through a pipe.
int output_width() {
  const int columns = output_columns();
  return columns > 0 ? std::clamp(columns, 40, 120) : 100;
}

}  // namespace

void add_rules_command(CLI::App& app, Context& ctx) {
  auto* cmd =
      app.add_subcommand("rules", "Print a game's rules in our words, its options and notation");
  static std::string name;
  static std::vector<std::string> option_words;
  static bool markdown = false;
  cmd->add_option("game", name, "registry name or game string, e.g. reds(players=6)")->required();
  cmd->add_option("options", option_words, "game options as key=value: shows their values");
  cmd->add_flag("--markdown", markdown, "print the page's Markdown source as it is");
  cmd->callback([&ctx] {
    std::string error;
    // The game string and options are checked as `play` would; their values are shown.
    auto game = game_from_command_line(name, option_words, std::nullopt, &error);
    if (!game) return fail(ctx, error);
    const GameEntry* g = find_game(game->name());
    std::ostringstream page;
    page << g->rules_text();
    page << "\n## Options (as built into this binary)\n\n";
    const auto defaults =
        load_game(g->name, std::vector<std::pair<std::string, std::string>>{}, &error);
    if (defaults && defaults->game_string() != game->game_string())
      page << "This table: `" << game->game_string() << "`.\n\n";
    for (const auto& o : g->options)
      page << "- `" << o.name << "` (" << o.allowed() << ", default " << o.default_value
           << "): " << o.help << "\n";
    if (markdown) {
      std::cout << page.str();
      return;
    }
    std::cout << render_markdown(page.str(), detect_style(false), output_width());
  });
}

}  // namespace cardroom::cli
