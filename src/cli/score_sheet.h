// The score sheet and the final standings of `cardroom play`, from the round summaries the viewer
// may know (Session::rounds(seat), core/game.h's last_round) and the game's Teams.
//
// A round summary may hold per seat "bids", "tricks_won" and "points"; in games whose teams score
// as a whole (Teams::team_scored: Back Alley, Truc) the team's points are "team_points" and the
// seats' cells show bid and tricks only. Missing keys leave their cells blank.
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
