// ISMCTS (Information-Set Monte Carlo Tree Search): the `ismcts` player, one player for every game
// and every actor mode (core/game.h: turn, simultaneous, real time). It knows no rules: it reaches
// the game through SeatAccess::search (core/search.h), whose search is bots/ismcts_search.h, a
// template over the game's concrete State instantiated when the game registers.
//
// It sees what its seat may see and nothing else: the search starts from a world drawn for the
// seat (resample), and every iteration draws its own world from that one.
//
// An iteration:
//   1. draws a world (resample(seat, rng)): a determinization of the hidden cards;
//   2. descends the tree from the root, applying each node's move to the world: at each step the
//      seat to move chooses among *its* moves that are legal in this world. A move not tried yet
//      here (drawn uniformly among those) is added as a new node and ends the descent; otherwise
//      the child with the best upper confidence bound, UCB1 with availability counts (a move is
//      compared only over the iterations in which it was legal: the subset-armed bandit of
//      SO-ISMCTS);
//   3. plays the world out to the end of the round (a uniformly random legal move, or the game's
//      heuristic player, at every seat);
//   4. backs up to each node on the path the result of the side of the seat that moved there.
//
// Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): one tree for the searching seat,
// in which a node is the sequence of moves from the root, whatever the hidden cards; the other
// seats choose in the same tree by their own results. Why not multiple-observer ISMCTS (a tree
// per seat, each merging the moves it cannot see): most moves other seats make in turn are
// public (a bid, a card played, a raise, a draw, a guess), the hidden ones that seats make
// together are simultaneous phases, decoupled below in the one tree; for the hidden moves that
// remain (discards in an exchange: Bridgette, Red Rover) SO-ISMCTS lets the searcher's later
// moves in the lookahead depend on them, a weakness of the lookahead and never a leak: the move
// made now depends only on worlds drawn for the seat. One tree costs one lookup per step
// instead of one per seat.
//
// Simultaneous phases (Reds' exchange and hidden bids, Indian Chief's reveals): decoupled UCT.
// At the node where the phase begins every seat of it chooses by its own statistics kept at that
// node (its moves' visits and results, whatever the others submit, which it cannot see); the
// joint move then leads on through a chain of nodes, one per submission, to the position after
// the phase. So no seat's choice in the tree depends on a submission it may not see.
//
// Real time (Nuts): the search models the match runner's race between players of equal pace. Time
// passes in slices; in each slice every seat that may move makes one move, in random order (the
// runner's tie break between decisions due at the same time). The seat's own move is the root's
// decision and arrives first. In a real-time game a time budget (`ms`) is cut to the player's
// pace: it thinks within the time slice its move takes, and the move arrives its pace after it
// was asked, like every other player's.
//
// Results. A playout ends at the end of the round (hand, deal) in which the search began (or of
// the horizon-th round from it, option `horizon`; 0: the match's end), or when the match ends:
// matches run to 9 (S48), 26 (Back Alley) or an open number of rounds, and a playout to the end of
// the match would spend most of its moves on rounds whose cards are not dealt yet. The result of a
// side (a seat, or a partnership where seats play in teams, so that partners back up their team's
// result) is its score change over the round minus the mean change of the other sides (the change
// alone in a one-seat game): the relative score, which is what winning a match and the simulation's
// margin measure. UCB scales the results seen so far in the search to [0, 1] (min-max), so one
// exploration constant serves games that score a round 1 point (Truc) or 400 (Bridgette).
//
// The move made: the most visited of the seat's root moves (ties: the better mean, then the
// lower move). A move with one legal choice is made at once. Root-parallel search (`threads`):
// each thread searches its own tree from its own worlds (its own RNG, split from the player's
// in order, so results do not depend on scheduling) with its share of the iterations; the roots'
// visits are added up.
//
// Options (bots/registry.h): iterations (per move, default 1000), ms (a time budget per move:
// when set, the search runs until it is spent and `iterations` no longer counts), exploration
// (UCB's constant in hundredths, default 70), playout (random | heuristic), others (search: the
// other seats choose in the tree by their own results | heuristic: their moves are the game's
// heuristic's, a model of such opponents), threads (root parallel, default 1), tree_mb (the
// tree's memory limit per thread, default 64: past it the tree stops growing and iterations play
// out from the leaves), trust (play the heuristic's move unless the search clearly prefers
// another), horizon (the rounds a playout plays, default 1).
//
// Cost: per iteration one resample (a copy of the State and a redeal), one step per tree level
// (one pass over the node's children, kept in move order beside the legal moves), a playout,
// one backup. The tree grows by a 32-byte node per iteration (one per seat of a simultaneous
// phase), and children are reserved in runs: 3 to 48 MB per 100,000 iterations (`cardroom bench
// --search`). It is kept between moves and cleared at each.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bots/player.h"
#include "bots/registry.h"

namespace cardroom {

struct IsmctsOptions {
  int iterations = 1000;
  int ms = 0;            // 0: no time budget, `iterations` per move
  int exploration = 70;  // UCB's constant in hundredths
  bool heuristic_playout = false;
  bool heuristic_others = false;  // the other seats move by the game's heuristic in the tree
  int threads = 1;
  int tree_mb = 64;  // per thread
  // 1..100: the game's heuristic move is played unless the search visits it less than `trust`
  // percent as often as its most visited move (0: the most visited move, always).
  int trust = 0;
  int horizon = 1;  // SearchQuery::horizon: rounds a playout plays (0: to the match's end)
  int infer = 0;    // SearchQuery::infer_pool: worlds weighed by inference (0: none)
};

// What an ISMCTS player has done in its match, for tests and measurement.
struct IsmctsStats {
  std::uint64_t decisions = 0;  // moves made
  std::uint64_t searches = 0;   // moves decided by a search (not forced)
  std::uint64_t iterations = 0;
  std::uint64_t fewest_iterations = 0, most_iterations = 0;  // per search
  std::uint64_t most_nodes = 0;                              // in one thread's tree
};

class IsmctsPlayer final : public Player {
 public:
  // `clock`: seconds on a monotonic clock for the `ms` budget (nullptr: steady_clock); tests pass
  // their own. `teams`: the game's (partners back up their team's result).
  IsmctsPlayer(std::string name, const IsmctsOptions& options, double pace, Teams teams,
               double (*clock)() = nullptr);
  ~IsmctsPlayer() override;

  const std::string& name() const override { return name_; }
  Decision decide(const SeatAccess& seat, Rng& rng) override;
  bool searches() const override { return true; }
  const IsmctsStats& stats() const { return stats_; }
  // The root statistics of the last search, added up over the threads (empty after a forced
  // move).
  const std::vector<SearchMoveStats>& last_search() const { return last_; }

 private:
  std::string name_;
  IsmctsOptions options_;
  double pace_;
  Teams teams_;
  double (*clock_)();
  std::vector<std::unique_ptr<SearchMemory>> memory_;  // one per thread, kept for the match
  IsmctsStats stats_;
  std::vector<SearchMoveStats> last_;
};

// The registry's entry: plays every game whose State offers the search (AnyGame::has_search).
PlayerEntry ismcts_player_entry();

}  // namespace cardroom
