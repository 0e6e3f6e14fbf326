// `cardroom solve`: the double-dummy tricks of a plain bridge deal (bots/trick_solver.h on a
// bots/bridge_position.h task), the yardstick the solver is measured by.
#include <fmt/format.h>

#include <chrono>
#include <iostream>

#include "bots/bridge_position.h"
#include "bots/trick_solver.h"
#include "cli/commands.h"

namespace cardroom::cli {

void add_solve_command(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand(
      "solve", "Double-dummy tricks of a bridge deal: each side's, and after each possible lead");
  static std::string pbn, trump_text, leader_text;
  static bool json = false;
  static std::string tt_mb = "16";
  cmd->add_option("--pbn", pbn, "the deal in PBN notation, e.g. \"N:AKQ2.JT9.876.54 ...\"")
      ->required();
  cmd->add_option("--trump", trump_text, "the strain: C, D, H, S or N (no trumps)")->required();
  cmd->add_option("--leader", leader_text, "the seat to lead: N, E, S or W")->required();
  cmd->add_option("--tt-mb", tt_mb, "transposition table size in MB (default 16)")->type_name("N");
  cmd->add_flag("--json", json, "machine-readable output");
  cmd->callback([&ctx] {
    std::string error;
    const std::optional<bridge_dd::Hands> hands = bridge_dd::parse_pbn(pbn, &error);
    if (!hands) return fail(ctx, error);
    const std::optional<int> trump = bridge_dd::parse_strain(trump_text);
    if (!trump)
      return fail(ctx, "--trump must be C, D, H, S or N (no trumps), not '" + trump_text + "'");
    const std::optional<Seat> leader = bridge_dd::parse_bridge_seat(leader_text);
    if (!leader) return fail(ctx, "--leader must be N, E, S or W, not '" + leader_text + "'");
    std::uint64_t mb = 0;
    if (!parse_whole_number("--tt-mb", tt_mb, 1, 4096, &mb, &error)) return fail(ctx, error);

    SolverMemory memory(static_cast<std::size_t>(mb) << 20);
    const bridge_dd::Task task = bridge_dd::make_task(*hands, *trump, *leader);
    const auto start = std::chrono::steady_clock::now();
    SolveQuery query;
    query.tricks = true;
    const SolveResult r = solve_task(task, query, memory);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    const int total = task.position.tricks;
    const bool leader_ns = *leader % 2 == 0;
    const int ns = leader_ns ? r.value : total - r.value;
    const char seat = bridge_dd::kSeatLetters[*leader];
    if (json) {
      nlohmann::json leads = nlohmann::json::array();
      for (const CardValue& cv : r.cards) {
        const int lead_ns = leader_ns ? cv.value : total - cv.value;
        leads.push_back({{"card", card_text(cv.card)}, {"NS", lead_ns}, {"EW", total - lead_ns}});
      }
      std::cout << nlohmann::json{{"pbn", bridge_dd::pbn_text(*hands)},
                                  {"trump", std::string(1, bridge_dd::strain_letter(*trump))},
                                  {"leader", std::string(1, seat)},
                                  {"tricks", {{"NS", ns}, {"EW", total - ns}}},
                                  {"leads", leads},
                                  {"nodes", r.nodes},
                                  {"ms", ms}}
                       .dump(2)
                << "\n";
      return;
    }
    std::cout << fmt::format("{}\n{}, {} to lead: North-South {}, East-West {} (of {} tricks)\n",
                             bridge_dd::pbn_text(*hands),
                             *trump == kNoSuit
                                 ? std::string("no trumps")
                                 : std::string(1, bridge_dd::strain_letter(*trump)) + " trumps",
                             seat, ns, total - ns, total);
    std::cout << fmt::format("Leads by {}:\n", seat);
    for (const CardValue& cv : r.cards) {
      const int lead_ns = leader_ns ? cv.value : total - cv.value;
      std::cout << fmt::format(
          "  {:<3} North-South {:>2}, East-West {:>2}{}\n", card_text(cv.card), lead_ns,
          total - lead_ns,
          cv.value == r.value ? "" : fmt::format("  (costs {} to {})", r.value - cv.value, seat));
    }
    std::cout << fmt::format("{} positions searched in {:.1f} ms\n", r.nodes, ms);
  });
}

}  // namespace cardroom::cli
