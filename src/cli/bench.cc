#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <ctime>
#include <iostream>

#include "bots/bridge_position.h"
#include "bots/inference.h"
#include "bots/ismcts_search.h"
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
  std::uint64_t nodes = 0, trick_nodes = 0;
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
    trick_nodes += r.trick_nodes;
    tricks += r.value;
  }
  double total = 0;
  for (double t : ms) total += t;
  std::vector<double> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  const double mean = total / ms.size();
  const double p95 = sorted[static_cast<std::size_t>(0.95 * (sorted.size() - 1))];
  const double mean_nodes = static_cast<double>(nodes) / ms.size();
  // Positions at the start of a trick: what DDS counts as its nodes.
  const double mean_trick_nodes = static_cast<double>(trick_nodes) / ms.size();
  if (json) {
    std::cout << nlohmann::json{{"solves", ms.size()},
                                {"mean_ms", mean},
                                {"p95_ms", p95},
                                {"max_ms", sorted.back()},
                                {"mean_nodes", mean_nodes},
                                {"mean_trick_nodes", mean_trick_nodes},
                                {"table_bytes", memory.bytes()},
                                {"tricks", tricks}}
                     .dump(2)
              << "\n";
    return;
  }
  std::cout << fmt::format(
      "solver: {} full solves (100 deals x 5 strains): mean {:.2f} ms, p95 {:.2f} ms, max {:.2f} "
      "ms, {:.0f} nodes per solve ({:.0f} at trick starts), table {} MB\n",
      ms.size(), mean, p95, sorted.back(), mean_nodes, mean_trick_nodes, memory.bytes() >> 20);
  std::cout << "Solver tricks: " << tricks << "\n";
}

// A position for `bench --search`: the first decision of the match, or of round `round` (1-based)
// reached by random moves from the match's seed.
struct SearchPosition {
  std::string label;
  std::unique_ptr<AnyState> state;
};

SearchPosition search_position(const AnyGame& game, int round) {
  SearchPosition p{game.game_string(), game.new_match(1, -1, nullptr)};
  Rng rng(7);
  while (p.state->rounds_completed() < round - 1 && !p.state->over()) {
    const Seat s = p.state->actors().lowest();
    p.state->apply(s, *p.state->random_legal_move(s, rng), nullptr);
  }
  if (round > 1) p.label += fmt::format(" round {}", round);
  return p;
}

// CPU seconds of the calling thread: on a shared machine the search's speed on one core is its
// iterations per CPU second, whatever else runs beside it (wall time would count the waits).
double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// `bench --search`: the ISMCTS search (random playouts, one thread) from each position, timed in
// CPU seconds of this thread.
void search_bench(std::vector<SearchPosition> positions, int iterations, bool json) {
  nlohmann::json out = nlohmann::json::array();
  // The searches' signature: every root move's visits and mean, so that a change that should
  // leave the search as it was can be checked to (FNV-1a over their bits).
  std::uint64_t signature = 0xcbf29ce484222325ull;
  const auto mix = [&signature](std::uint64_t x) {
    for (int i = 0; i < 8; ++i, x >>= 8) signature = (signature ^ (x & 0xff)) * 0x100000001b3ull;
  };
  if (!json)
    std::cout << fmt::format(
        "ismcts, random playouts, one thread, {} iterations from the first decision (per CPU "
        "second):\n"
        "{:<44} {:>6} {:>12} {:>10} {:>13} {:>12}\n",
        iterations, "position", "hand", "iterations/s", "moves/it", "resamples/s", "MB/100k it");
  for (const SearchPosition& p : positions) {
    const AnyState& state = *p.state;
    const Seat seat = state.actors().lowest();
    const nlohmann::json view = state.view(seat);
    const int hand = view.contains("hand") && view["hand"].is_array()
                         ? static_cast<int>(view["hand"].size())
                         : 0;
    // Resamples: on the concrete State, as the search draws them.
    Rng rng(11);
    const int resamples = 200000;
    double start = thread_cpu_seconds();
    const std::uint64_t checksum = state.resample_many(seat, resamples, rng);
    const double resample_secs = thread_cpu_seconds() - start;
    SearchMemory memory;
    SearchQuery query;
    query.seat = seat;
    query.iterations = static_cast<std::uint64_t>(iterations);
    start = thread_cpu_seconds();
    const auto result = state.search(query, memory, rng);
    const double secs = thread_cpu_seconds() - start;
    if (!result) continue;
    for (const SearchMoveStats& m : result->moves) {
      mix(m.move.code);
      mix(m.visits);
      mix(std::bit_cast<std::uint64_t>(m.mean));
    }
    const double per_second = result->iterations / secs;
    const double moves = static_cast<double>(result->playout_moves + result->tree_moves) /
                         static_cast<double>(result->iterations);
    // The tree's memory per iteration: its nodes and their table.
    const double mb_per_100k = static_cast<double>(memory.bytes_used()) * 1e5 /
                               static_cast<double>(result->iterations) / (1 << 20);
    if (json) {
      out.push_back({{"position", p.label},
                     {"seat", seat},
                     {"hand", hand},
                     {"iterations", result->iterations},
                     {"cpu_seconds", secs},
                     {"iterations_per_second", per_second},
                     {"moves_per_iteration", moves},
                     {"tree_moves_per_iteration", static_cast<double>(result->tree_moves) /
                                                      static_cast<double>(result->iterations)},
                     {"nodes", result->nodes},
                     {"mb_per_100k_iterations", mb_per_100k},
                     {"resamples_per_second", resamples / resample_secs},
                     {"checksum", checksum}});
    } else {
      std::cout << fmt::format("{:<44} {:>6} {:>12.0f} {:>10.1f} {:>13.0f} {:>12.2f}\n",
                               p.label.substr(0, 44), hand, per_second, moves,
                               resamples / resample_secs, mb_per_100k);
    }
  }
  if (json)
    std::cout << nlohmann::json{{"search", out}, {"signature", signature}}.dump(2) << "\n";
  else
    std::cout << fmt::format("Search signature: {:016x}\n", signature);
}

}  // namespace

// `bench --infer`: what inference is worth, per game (bots/inference.h, measure_inference).
void infer_bench(const std::vector<std::string>& game_strings, int positions, int worlds, bool json,
                 Context& ctx) {
  nlohmann::json out = nlohmann::json::array();
  if (!json)
    std::cout << fmt::format("{:<18} {:>9} {:>15} {:>15} {:>15} {:>10} {:>9}\n", "game",
                             "decisions", "uniform (±se)", "inferred (±se)", "gain (±se)",
                             "effective", "us/world");
  for (const auto& text : game_strings) {
    std::string error;
    auto game = load_game(text, &error);
    if (!game) return fail(ctx, error);
    const InferenceReport r = measure_inference(*game, positions, worlds, 1);
    if (json) {
      out.push_back({{"game", r.game},
                     {"decisions", r.positions},
                     {"uniform", r.uniform},
                     {"uniform_se", r.uniform_se},
                     {"inferred", r.inferred},
                     {"inferred_se", r.inferred_se},
                     {"gain", r.gain},
                     {"gain_se", r.gain_se},
                     {"effective_share", r.effective},
                     {"us_per_world", r.us_per_world},
                     {"model", r.has_model}});
      continue;
    }
    std::cout << fmt::format(
        "{:<18} {:>9} {:>8.1f}% ±{:<4.1f} {:>8.1f}% ±{:<4.1f} {:>+8.2f}% ±{:<4.2f} {:>9.0f}% "
        "{:>9.0f}{}\n",
        text, r.positions, 100 * r.uniform, 100 * r.uniform_se, 100 * r.inferred,
        100 * r.inferred_se, 100 * r.gain, 100 * r.gain_se, 100 * r.effective, r.us_per_world,
        r.has_model ? "" : "  (no model: alike)");
  }
  if (json) std::cout << nlohmann::json{{"infer", out}}.dump(2) << "\n";
}

void add_bench_command(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand(
      "bench", "Random-playout throughput per game and a deterministic signature");
  static std::string games = "2000";
  static int signature_matches = 200;
  static std::string only;
  static bool json = false;
  static bool solver = false;
  static bool search = false;
  static int iterations = 100000;
  static int round = 1;
  static bool infer = false;
  static int positions = 150;
  static int worlds = 10;
  cmd->add_flag("--infer", infer,
                "measure inference instead: at decisions of heuristic matches, the share of the "
                "cards hidden from the deciding seat that its worlds put where they are, drawn "
                "uniformly and weighed by the other seats' decisions (bots/inference.h)");
  cmd->add_option("--positions", positions, "--infer: decisions per game (default 150)")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--worlds", worlds, "--infer: worlds of each kind per decision (default 10)")
      ->check(CLI::Range(1, 10000));
  cmd->add_flag("--solver", solver,
                "time the double-dummy solver on 100 fixed bridge deals (all strains) instead");
  cmd->add_flag("--search", search,
                "time the ISMCTS search (iterations per second on one core, resamples per "
                "second, memory) from the first decision of each game instead");
  cmd->add_option("--iterations", iterations, "--search: iterations per position (default 100000)")
      ->check(CLI::Range(1, 100000000));
  cmd->add_option("--round", round,
                  "--search: from the first decision of this round (reached by random moves)")
      ->check(CLI::Range(1, 1000));
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
      // Random matches are played to the end: a game whose matches need not end (Nuts) is
      // timed with its cap on rounds (GameEntry::capped_options).
      for (const auto* g : registered_games()) game_strings.push_back(capped_game_string(*g));
    }
    if (infer) return infer_bench(game_strings, positions, worlds, json, ctx);
    if (search) {
      std::vector<SearchPosition> positions;
      for (const auto& text : game_strings) {
        auto game = load_game(text, &error);
        if (!game) return fail(ctx, error);
        positions.push_back(search_position(*game, round));
      }
      // Four players with 12-card hands (issue 16's yardstick, OpenSpiel's
      // oh_hell(players=4,num_tricks_fixed=12)): S48 deals at most 8, so Back Alley's second
      // hand, 4 players with 12 cards each, bidding then trick play with trumps.
      if (only.empty()) {
        auto game = load_game("back_alley", &error);
        if (game) positions.push_back(search_position(*game, 2));
      }
      return search_bench(std::move(positions), iterations, json);
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
                       {"cpu_seconds", secs},
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
