// Information-set Monte Carlo tree search, as the type-erased handle offers it (AnyState::search):
// what a search player (bots/ismcts.h) asks of a position, and what it gets back. The search
// itself is bots/ismcts_search.h, a template over the game's concrete State that the registry
// instantiates for every game when it registers (games/all_games.cc sets `search_hook<State>`),
// so that its hot loop (resample, descend, play out) runs on the concrete State with no virtual
// call, no string and no allocation.
//
// The search never sees the true state: AnyState::search draws one world for the seat
// (resample(seat, rng)) and hands only that world to the hook, which draws every world of its
// iterations from it. A world drawn for the seat keeps everything the seat knows, so worlds
// drawn from it are drawn from the same set as worlds drawn from the true state.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/game.h"
#include "core/seats.h"

namespace cardroom {

// The tree's nodes and the search's buffers, kept between searches (bots/ismcts_search.h). One
// per thread; a player keeps one per search thread for the match.
class SearchMemory;

// A request to end a long decision early: a deadline, a flag to cancel, and the token of whoever
// asked above (a table's, the room's): whoever asks a computer player to decide may set it (the
// card room: its deadline per move, a table that ends, a server that stops). Searches check it
// between iterations (worlds) and answer with what they have; a decision always comes back.
class StopToken {
 public:
  explicit StopToken(const StopToken* parent = nullptr) : parent_(parent) {}
  StopToken(const StopToken&) = delete;
  StopToken& operator=(const StopToken&) = delete;
  // Set before the token is shared.
  void set_deadline(std::chrono::steady_clock::time_point at) { deadline_ = at; }
  void cancel() { cancelled_.store(true, std::memory_order_relaxed); }
  bool cancelled() const {
    return cancelled_.load(std::memory_order_relaxed) || (parent_ && parent_->cancelled());
  }
  // Cancelled (here or above), or past the deadline (here or above).
  bool requested() const {
    if (cancelled_.load(std::memory_order_relaxed)) return true;
    if (deadline_ && std::chrono::steady_clock::now() >= *deadline_) return true;
    return parent_ && parent_->requested();
  }

 private:
  const StopToken* parent_;
  std::atomic<bool> cancelled_{false};
  std::optional<std::chrono::steady_clock::time_point> deadline_;
};

// What a search does.
struct SearchQuery {
  Seat seat = kNoSeat;  // the searching seat; an actor of the state (SeatAccess::search sets it)
  // Iterations (worlds searched), at least one. With `seconds` > 0 the search runs until that
  // much time has passed instead (at least one iteration) and `iterations` is only a cap.
  std::uint64_t iterations = 1000;
  double seconds = 0;
  // Seconds on a monotonic clock for `seconds`; nullptr: std::chrono::steady_clock. Tests pass
  // their own.
  double (*clock)() = nullptr;
  double exploration = 0.7;  // UCB's constant, on rewards scaled to [0, 1]
  // The moves of a playout: uniformly random legal moves, or the game's heuristic player (the
  // random move where the game has none).
  bool heuristic_playout = false;
  // The other seats' moves in the tree: chosen by their own results like the seat's (false), or
  // made by the game's heuristic player, a model of opponents who play it (true; where the game
  // has none they are searched).
  bool heuristic_others = false;
  // Where a playout (and the tree) ends: at the end of the round the search began in (1), of the
  // horizon-th round from it (counting that one), or of the match (0). Games whose rounds carry
  // plans across them (Indian Chief's score sheet, filled a box a turn) need more than one.
  int horizon = 1;
  // Inference (bots/inference.h): at the search's start this many worlds are drawn for the seat
  // and weighed by AnyState::plausibility (how plausible the other seats' decisions this round
  // are in each, by the game's model of its players); each iteration then searches one of them,
  // drawn in proportion to its weight. 0: every iteration draws its own world, all alike.
  int infer_pool = 0;
  // Sides: partnerships score as one (each seat backs up its team's result).
  Teams teams;
  // The arena's limit, in nodes' worth of memory: past it the tree stops growing (iterations go
  // on, playing out from the leaves they reach).
  std::uint32_t max_nodes = 1u << 22;
  // Whoever asked may end the search early (at least one iteration is made); nullptr: never.
  const StopToken* stop = nullptr;
};

// One legal move of the searching seat at the root.
struct SearchMoveStats {
  Move move;
  std::uint32_t visits = 0;
  double mean = 0;  // mean result for the seat's side (see SearchResult::reward)
};

struct SearchResult {
  // The seat's legal moves at the root, in move order, each with its visits and mean result.
  std::vector<SearchMoveStats> moves;
  std::uint64_t iterations = 0;
  std::uint64_t nodes = 0;          // nodes in the tree at the end
  std::uint64_t playout_moves = 0;  // moves made by the playouts
  std::uint64_t tree_moves = 0;     // moves made while descending the tree
  std::size_t bytes = 0;            // memory held by the SearchMemory
  // A result (the value each iteration backs up for a side) is the side's score change from the
  // root to the end of the round minus the mean change of the other sides (the change alone with
  // one side): points, in the game's own unit.
};

template <class S>
using SearchFn = SearchResult (*)(const S& world, Move (*heuristic)(const S&, Seat, Rng&),
                                  const SearchQuery& query, SearchMemory& memory, Rng& rng);
// Set for every game when it registers (bots/ismcts_search.h); nullptr otherwise.
template <class S>
inline SearchFn<S> search_hook = nullptr;

}  // namespace cardroom
