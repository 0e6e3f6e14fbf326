// Double-dummy solving of a trick game's card play, as the type-erased handle (AnyState::solve)
// offers it: what a search player (PIMC) or the analysis of a finished round asks of a position in
// which every hand is known. The solver itself is bots/trick_solver.h; a game offers it by giving
// its State a `solver_task()` (games/common/trick_play.h, SolverTask), and the registry then sets
// `solve_hook<State>` when the game registers (games/all_games.cc).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/cards.h"
#include "core/game.h"
#include "core/seats.h"

namespace cardroom {

// Memory a solver keeps between solves: its transposition table (bots/trick_solver.h). One per
// thread; a player keeps one for the match.
class SolverMemory;

// What is asked of a position.
struct SolveQuery {
  // Whose side the values are for; kNoSeat: the seat to play.
  Seat seat = kNoSeat;
  // The side's trick total at the end of the round, rather than the game's round score.
  bool tricks = false;
  // Also the value of each card the seat to play may play (else the position's value only).
  bool each_card = true;
  // False: no search, only what the task itself says (SolveResult's tricks, scores and won).
  bool search = true;
};

// One card the seat to play may play, and the value of the position after it.
struct CardValue {
  Card card = kNoCard;
  Move move;
  int value = 0;
};

// The answer: values for the side of `seat`. A value is the side's trick total at the end of the
// round (tricks already won included) when the query asks for tricks or the game scores by tricks;
// otherwise the side's best guaranteed round score (SolverTask::scores) against all other seats.
struct SolveResult {
  Seat to_play = kNoSeat;
  Seat seat = kNoSeat;
  int value = 0;                  // of the position, with best play by everyone
  bool round_scores = false;      // the values are round scores, not trick totals
  std::vector<CardValue> cards;   // SolveQuery::each_card: each card the seat to play may play
  std::uint64_t nodes = 0;        // positions searched
  std::uint64_t trick_nodes = 0;  // of them, positions at the start of a trick
  // Where the game scores a round by its trick totals (SolverTask::scores): the round score of
  // each seat by its trick total at the end of the round, scores[seat * (tricks + 1) + total].
  int tricks = 0;  // the round's tricks
  std::vector<int> scores;
  int won = 0;  // the tricks the side of `seat` has won so far this round
};

// Set when a game whose State offers solver_task() registers; nullptr otherwise.
template <class S>
using SolveFn = std::optional<SolveResult> (*)(const S& state, const SolveQuery& query,
                                               SolverMemory& memory);
template <class S>
inline SolveFn<S> solve_hook = nullptr;

}  // namespace cardroom
