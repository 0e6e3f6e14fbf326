// The `cardroom` subcommands: each file adds one to the CLI11 app. A callback reports failure by
// setting `exit_code`; errors go to stderr.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <utility>
#include <vector>

namespace cardroom::cli {

struct Context {
  int exit_code = 0;
};

void add_list_command(CLI::App& app, Context& ctx);
void add_rules_command(CLI::App& app, Context& ctx);
void add_play_command(CLI::App& app, Context& ctx);
void add_sim_command(CLI::App& app, Context& ctx);
void add_replay_command(CLI::App& app, Context& ctx);
void add_bench_command(CLI::App& app, Context& ctx);

// Splits `key=value` words (game options given on the command line); a word without '=' is an
// error written to `error`.
bool split_options(const std::vector<std::string>& words,
                   std::vector<std::pair<std::string, std::string>>* out, std::string* error);

// Prints "cardroom: <message>" to stderr and sets the exit code.
void fail(Context& ctx, const std::string& message, int code = 1);

}  // namespace cardroom::cli
