// `cardroom analyze RECORD`: the double-dummy analysis of a game record's rounds that are over
// (cli/analyze.h), as text or JSON.
#include <iostream>

#include "cli/analyze.h"
#include "cli/commands.h"
#include "cli/table_view.h"

namespace cardroom::cli {

void add_analyze_command(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand(
      "analyze", "Double-dummy analysis of a game record: what each card played cost");
  static std::string file;
  static std::string round;
  static std::string seat;
  static bool json_output = false;
  cmd->add_option("record", file, "game record (JSON), as play saves it")->required();
  cmd->add_option("--round", round, "analyse this round only (1 is the first)")->type_name("N");
  cmd->add_option("--seat", seat, "show this seat's plays only (2 or S2)")->type_name("S");
  cmd->add_flag("--json", json_output, "machine-readable output (fields in docs/analysis.md)");
  cmd->footer([] {
    return "Replays the record, which knows every hand, and solves each position of the rounds\n"
           "that are over: every card the player could have played, its value, and what the card\n"
           "played cost against the best. Games with a solver: " +
           games_with_solver() + ".";
  });
  cmd->callback([&ctx] {
    std::string error;
    auto session = Session::from_record_file(file, &error);
    if (!session) return fail(ctx, error);
    AnalysisRequest request;
    if (!round.empty()) {
      std::uint64_t n = 0;
      if (!parse_whole_number("--round", round, 1, 1000000, &n, &error)) return fail(ctx, error);
      request.round = static_cast<int>(n);
    }
    if (!seat.empty()) {
      const int seats = session->state().num_seats();
      const std::string digits = seat[0] == 'S' || seat[0] == 's' ? seat.substr(1) : seat;
      std::uint64_t s = 0;
      if (!parse_whole_number("--seat", digits, 0, static_cast<std::uint64_t>(seats - 1), &s,
                              &error))
        return fail(ctx,
                    "--seat " + seat + ": this table has seats 0.." + std::to_string(seats - 1));
      request.seat = static_cast<Seat>(s);
    }
    request.progress = progress_on_stderr();
    std::optional<Analysis> analysis = analyze_record(*session, request, &error);
    if (!analysis) return fail(ctx, "'" + file + "': " + error);
    if (json_output) {
      std::cout << analysis->to_json().dump(2) << "\n";
      return;
    }
    const Viewer viewer{kSpectator, detect_style(false), analysis->names};
    print_analysis(*analysis, viewer, true, std::cout);
  });
}

}  // namespace cardroom::cli
