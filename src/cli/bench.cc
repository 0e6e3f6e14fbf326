#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iostream>

#include "bots/bridge_position.h"
#include "bots/trick_solver.h"
#include "cli/commands.h"
#include "core/registry.h"

namespace cardroom::cli {

namespace {

// `bench --solver`: the double-dummy solver on the fixed set of bridge deals (bridge_dd::
// bench_cases), one full solve (the tricks of the side on lead) per deal and strain.
void solver_bench(bool json) {
  const std::vector<bridge_dd::BenchCase> cases = bridge_dd::bench_cases();
  SolverMemory memory;
  std::vector<double> ms;
  std::uint64_t nodes = 0;
  std::int64_t tricks = 0;
  SolveQuery query;
  query.tricks = true;
  query.each_card = false;
  for (const auto& c : cases) {
    const bridge_dd::Task task = bridge_dd::make_task(c.hands, c.trump, c.leader);
    const auto start = std::chrono::steady_clock::now();
    const SolveResult r = solve_task(task, query, memory);
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
    nodes += r.nodes;
    tricks += r.value;
  }
  double total = 0;
  for (double t : ms) total += t;
  std::vector<double> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  const double mean = total / ms.size();
  const double p95 = sorted[static_cast<std::size_t>(0.95 * (sorted.size() - 1))];
  const double mean_nodes = static_cast<double>(nodes) / ms.size();
  if (json) {
    std::cout << nlohmann::json{{"solves", ms.size()},
                                {"mean_ms", mean},
                                {"p95_ms", p95},
                                {"max_ms", sorted.back()},
                                {"mean_nodes", mean_nodes},
                                {"table_bytes", memory.bytes()},
                                {"tricks", tricks}}
                     .dump(2)
              << "\n";
    return;
  }
  std::cout << fmt::format(
      "solver: {} full solves (100 deals x 5 strains): mean {:.2f} ms, p95 {:.2f} ms, max {:.2f} "
      "ms, {:.0f} nodes per solve, table {} MB\n",
      ms.size(), mean, p95, sorted.back(), mean_nodes, memory.bytes() >> 20);
  std::cout << "Solver tricks: " << tricks << "\n";
}

}  // namespace

void add_bench_command(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand(
      "bench", "Random-playout throughput per game and a deterministic signature");
  static std::string games = "2000";
  static int signature_matches = 200;
  static std::string only;
  static bool json = false;
  static bool solver = false;
  cmd->add_flag("--solver", solver,
                "time the double-dummy solver on 100 fixed bridge deals (all strains) instead");
  cmd->add_option("--games", games, "random matches timed per game (default 2000)")->type_name("N");
  cmd->add_option("--game", only, "only this game string, e.g. reds(players=6)");
  cmd->add_flag("--json", json, "machine-readable output");
  cmd->callback([&ctx] {
    if (solver) return solver_bench(json);
    std::string error;
    std::uint64_t matches = 0;
    if (!parse_whole_number("--games", games, 1, kMaxGames, &matches, &error))
      return fail(ctx, error);
    std::vector<std::string> game_strings;
    if (!only.empty()) {
      game_strings.push_back(only);
    } else {
      for (const auto* g : registered_games()) game_strings.push_back(g->name);
    }
    std::int64_t signature = 0;
    nlohmann::json out = nlohmann::json::array();
    for (const auto& text : game_strings) {
      auto game = load_game(text, &error);
      if (!game) {
        fail(ctx, error);
        return;
      }
      // The signature: a fixed set of seeded playouts, independent of --games.
      PlayoutStats sig = game->random_playouts(signature_matches, 1);
      auto start = std::chrono::steady_clock::now();
      PlayoutStats timed = game->random_playouts(static_cast<int>(matches), 1000003);
      double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      double mps = timed.moves / secs;
      signature += sig.signature;
      if (json) {
        out.push_back({{"game", game->game_string()},
                       {"matches", timed.matches},
                       {"moves", timed.moves},
                       {"seconds", secs},
                       {"moves_per_second", mps},
                       {"matches_per_second", timed.matches / secs},
                       {"signature", sig.signature}});
      } else {
        std::cout << fmt::format("{:<60} {:>8.2f} M moves/s {:>10.0f} matches/s  signature {}\n",
                                 game->game_string(), mps / 1e6, timed.matches / secs,
                                 sig.signature);
      }
    }
    if (json) {
      std::cout << nlohmann::json{{"games", out}, {"signature", signature}}.dump(2) << "\n";
    } else {
      std::cout << "Bench: " << signature << "\n";
    }
  });
}

}  // namespace cardroom::cli
