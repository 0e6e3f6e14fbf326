// `cardroom sim` as one process of an MPI job: `mpirun -np N cardroom sim ...` (issue 18; built
// when CMake finds MPI, see CARDROOM_MPI in CMakeLists.txt, and only into the cardroom binary).
//
// Every process runs the same command line. Process r of N plays matches [total·r/N,
// total·(r+1)/N) (each on --threads threads), sends their outcomes to process 0 as bytes
// (match/simulate.h's Simulation), and process 0 folds every match's outcome in match order, the
// one-process code path: the result is exactly that of `cardroom sim` in one process with the
// same arguments, to the last bit of every mean and interval. Only process 0 prints.
//
// MPI is started only when an MPI launcher started the process (launcher_rank() in
// cli/commands.h reads the launcher's environment), so `cardroom sim` run alone never touches it.
#pragma once

#include <cstdint>
#include <string>

#include "core/any_game.h"
#include "match/simulate.h"

namespace cardroom::cli {

// Initialises MPI, runs the simulation over every process of MPI_COMM_WORLD as above, and
// finalises MPI; every process of the job must call it. `*rank` is set to this process's rank.
// All processes return the same: false when any of them could not load a player string, or when a
// computer player could not move; then process 0 has `error` (naming the process, if another's).
// Process 0 alone gets `result` and `progress` (its own matches: done, of its share).
bool simulate_mpi(const AnyGame& game, const SimConfig& config, SimResult* result,
                  std::string* error, int* rank, const Simulation::Progress& progress = {});

}  // namespace cardroom::cli
