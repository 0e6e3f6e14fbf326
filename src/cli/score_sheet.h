// The score sheet and the final standings of `cardroom play`, from the round summaries the viewer
// may know (Session::rounds(seat), core/game.h's last_round) and the game's Teams.
//
// A round summary may give the game's own columns under "sheet" (core/game.h: Back Alley's calls
// and contracts, Truc's stakes and raises, Tadmur's ending and targets); the sheet then has the
// round, those columns, and a block per team (where teams score as a whole: Teams::team_scored)
// or per seat with its columns, its points ("team_points" or "points") and its running total,
// under a heading per group. Without "sheet", each seat's cell is bid/won (per seat "bids",
// "tricks_won"), points and total, with team totals where there are teams. Missing keys leave
// their cells blank. Rounds with "sides" and "lines" (Bridge Solitaire) get a bridge score sheet
// instead: a column per side, points above the line, then below it game by game.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "cli/terminal.h"
#include "core/any_game.h"

namespace cardroom::cli {

void show_score_sheet(const std::vector<nlohmann::json>& rounds, const AnyState& state,
                      const Teams& teams, const Viewer& viewer);

// The final standings, the winners and a line for the person ("You win!").
void show_final_standings(const AnyState& state, const Teams& teams, const Viewer& viewer);

}  // namespace cardroom::cli
