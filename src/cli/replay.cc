#include <iostream>

#include "cli/commands.h"
#include "core/session.h"

namespace cardroom::cli {

void add_replay_command(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("replay", "Replay a game record and print the final state");
  static std::string file;
  static bool json = false;
  cmd->add_option("file", file, "game record (JSON)")->required();
  cmd->add_flag("--json", json, "machine-readable output");
  cmd->callback([&ctx] {
    std::string error;
    auto session = Session::from_record_file(file, &error);
    if (!session) {
      fail(ctx, error);
      return;
    }
    nlohmann::json summary = session->summary();
    if (json) {
      std::cout << summary.dump(2) << "\n";
      return;
    }
    const auto& state = session->state();
    std::cout << session->game().game_string() << ", seed " << session->seed() << ", "
              << session->moves_made() << (session->moves_made() == 1 ? " move, " : " moves, ")
              << session->rounds().size()
              << (session->rounds().size() == 1 ? " round complete\n" : " rounds complete\n");
    for (const auto& e : session->events())
      if (e.public_event()) std::cout << "  " << e.text << "\n";
    std::cout << (state.over() ? "final" : "current") << " totals:";
    for (Seat s = 0; s < state.num_seats(); ++s) std::cout << " S" << s << "=" << state.score(s);
    std::cout << "\n";
    if (!state.over()) {
      std::cout << "to act:";
      for (Seat s : state.actors().to_vector()) std::cout << " S" << s;
      std::cout << "\n";
    }
  });
}

}  // namespace cardroom::cli
