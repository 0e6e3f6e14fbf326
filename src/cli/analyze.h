// Double-dummy analysis of the rounds of a game record that are over: for every card played, the
// value of each card its player could have played at that moment, every hand known (AnyState::
// solve on the replayed true state), and what the card played cost against the best.
//
// Who calls it: `cardroom analyze RECORD` (analyze.cc) and the `analyze` command of `cardroom
// play` (play.cc), on a copy of the session's record. It reads the whole record, so it reveals the
// hands of a round: it is offered only for rounds that are over, never for the one in progress.
// Values are the game's round score where the solver has one (SolveResult::round_scores: the
// player's best guaranteed score, every other seat playing against it), else the player's side's
// trick total at the end of the round. docs/analysis.md explains the output and the JSON fields.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/terminal.h"
#include "core/session.h"
#include "core/solve.h"

namespace cardroom::cli {

// One card played, in a round that is over.
struct PlayAnalysis {
  std::size_t move = 0;  // its index in the record's moves
  int trick = 0;         // 1-based within the round; 0 when the game's view has no "tricks"
  Seat seat = kNoSeat;
  Card card = kNoCard;
  int value = 0;                 // of the card played
  int best = 0;                  // of the best card (the highest value of `cards`)
  std::vector<CardValue> cards;  // each card the seat could play, in the game's display order
  int cost() const { return best - value; }
};

struct RoundAnalysis {
  int round = 0;           // 1-based
  std::string round_name;  // the game's word for a round ("round", "hand")
  std::vector<PlayAnalysis> plays;
};

struct Analysis {
  std::string game;  // game string
  std::uint64_t seed = 0;
  CardNames names;
  int seats = 0;
  // The values are round scores ("points"), else trick totals; unknown (nullopt) when no card was
  // analysed.
  std::optional<bool> points;
  int rounds_complete = 0;
  int round_in_progress = 0;  // the round not over at the end of the record; 0 if the match is over
  Seat seat = kNoSeat;        // the only seat analysed; kNoSeat: every seat
  std::vector<RoundAnalysis> rounds;

  // The `analyze --json` document (docs/analysis.md).
  nlohmann::json to_json() const;
};

struct AnalysisRequest {
  int round = 0;        // the one round to analyse (1-based); 0: every round that is over
  Seat seat = kNoSeat;  // the one seat whose plays are analysed; kNoSeat: every seat
  // Called after each move replayed: (moves replayed, moves in the record).
  std::function<void(std::size_t done, std::size_t total)> progress;
};

// Analyses the session's record. Nullopt and `error` when the game has no solver (the message
// names the games that have one), when the round asked for is not over (or does not exist), or
// when the seat is not at the table.
std::optional<Analysis> analyze_record(const Session& session, const AnalysisRequest& request,
                                       std::string* error);

// The registry names of the games with a double-dummy solver, comma separated: "back_alley, s48".
std::string games_with_solver();

// A progress reporter for long analyses: a line on stderr, only when stderr is a terminal and
// only once the analysis has run for a second; the line is cleared when it ends.
std::function<void(std::size_t, std::size_t)> progress_on_stderr();

// The analysis as text: what the values mean, then each round's plays, one line a play ("S2
// played 7H: 3 tricks; best KH, AH: 4 (cost 1)") and one with each card's value where the cards
// differ, then the round's costs per seat. `header`: first the game, the seed and whether a round
// is left out.
void print_analysis(const Analysis& analysis, const Viewer& viewer, bool header, std::ostream& out);

}  // namespace cardroom::cli
