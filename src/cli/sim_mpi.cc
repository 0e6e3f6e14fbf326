#include "cli/sim_mpi.h"

#include <mpi.h>

#include <algorithm>
#include <vector>

namespace cardroom::cli {
namespace {

// MPI for the length of one simulation. FUNNELED: the simulation's worker threads never call MPI,
// only the thread that started it.
class MpiWorld {
 public:
  MpiWorld() {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  ~MpiWorld() { MPI_Finalize(); }
  MpiWorld(const MpiWorld&) = delete;
  MpiWorld& operator=(const MpiWorld&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  int rank_ = 0, size_ = 1;
};

// MPI counts are ints: longer messages go in pieces of this many bytes.
constexpr std::uint64_t kPiece = std::uint64_t{1} << 30;

void send_bytes(const std::string& bytes, int to) {
  std::uint64_t size = bytes.size();
  MPI_Send(&size, 1, MPI_UINT64_T, to, 0, MPI_COMM_WORLD);
  for (std::uint64_t at = 0; at < size; at += kPiece)
    MPI_Send(bytes.data() + at, static_cast<int>(std::min(kPiece, size - at)), MPI_BYTE, to, 0,
             MPI_COMM_WORLD);
}

std::string receive_bytes(int from) {
  std::uint64_t size = 0;
  MPI_Recv(&size, 1, MPI_UINT64_T, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  std::string bytes(size, '\0');
  for (std::uint64_t at = 0; at < size; at += kPiece)
    MPI_Recv(bytes.data() + at, static_cast<int>(std::min(kPiece, size - at)), MPI_BYTE, from, 0,
             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return bytes;
}

// The first match of process r's share (r = size: the end of the last share). Shares differ by
// one match at most; the product fits: total is at most sim's 10^9 matches.
std::uint64_t share_begin(std::uint64_t total, int r, int size) {
  return total * static_cast<std::uint64_t>(r) / static_cast<std::uint64_t>(size);
}

}  // namespace

bool simulate_mpi(const AnyGame& game, const SimConfig& config, SimResult* result,
                  std::string* error, int* rank, const Simulation::Progress& progress) {
  MpiWorld world;
  *rank = world.rank();
  Simulation sim(game, config);
  // Each process loads the players itself, and a player string could load on one machine and not
  // on another (a player this build lacks): the first process that cannot fails the run for all.
  // Loading an exec: player starts nothing, so a program missing on one machine is found only when
  // its matches start there, and its seat forfeits them (docs/simulation.md).
  std::string mine;
  int loaded = sim.prepare(&mine) ? 1 : 0;
  std::vector<int> all_loaded(world.size());
  MPI_Allgather(&loaded, 1, MPI_INT, all_loaded.data(), 1, MPI_INT, MPI_COMM_WORLD);
  const int first_failed =
      static_cast<int>(std::find(all_loaded.begin(), all_loaded.end(), 0) - all_loaded.begin());
  if (first_failed < world.size()) {
    if (first_failed == 0) {
      if (world.rank() == 0) *error = mine;
    } else if (world.rank() == first_failed) {
      send_bytes(mine, 0);
    } else if (world.rank() == 0) {
      *error = "process " + std::to_string(first_failed) + ": " + receive_bytes(first_failed);
    }
    return false;
  }

  const std::uint64_t total = sim.matches();
  const int r = world.rank(), size = world.size();
  sim.play(share_begin(total, r, size), share_begin(total, r + 1, size),
           r == 0 ? progress : Simulation::Progress{});
  int ok = 1;
  if (r != 0) {
    send_bytes(sim.write(share_begin(total, r, size), share_begin(total, r + 1, size)), 0);
  } else {
    // Every process's outcomes are received, even after one is refused: a sender waits for its
    // message to be taken.
    for (int from = 1; from < size; ++from) {
      const std::string bytes = receive_bytes(from);
      if (ok &&
          !sim.read(share_begin(total, from, size), share_begin(total, from + 1, size), bytes)) {
        *error = "process " + std::to_string(from) +
                 " sent outcomes that are not its matches' (is every process running the same "
                 "cardroom build?)";
        ok = 0;
      }
    }
    if (ok) ok = sim.fold(result, error) ? 1 : 0;
  }
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return ok == 1;
}

}  // namespace cardroom::cli
