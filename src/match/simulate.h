// The simulation harness behind `cardroom sim`: computer players against each other.
//
// Matches come in groups of duplicate deals: group g uses match seed `seed + g` for every rotation
// r = 0..seats-1, and seat s is played by bots[(s + r) % bots.size()] (the bot list is cycled to
// fill the table). So every bot plays every seat on the same cards. In team games the same is done
// over teams instead of seats (both partners play the same bot). A one-seat game (Bridge Solitaire,
// against the house) rotates the bots over the group's matches instead: r = 0..bots.size()-1, and
// the seat is played by bots[r], so every bot plays every deal. Each match's bot randomness
// comes from its own index, and results are summed in index order: identical for any thread count.
// Every match runs through the match runner (match/match.h) on a virtual clock, so real-time games
// are raced at the players' paces.
//
// Bids: in games whose round summaries hold bids (core/game.h's last_round), every round's bids are
// set against the tricks taken, read generically from the summary: a seat's bid is its
// "bid_tricks" entry (the tricks its call promises, where calls are not plain numbers) or else its
// "bids" entry, a number; its tricks are "tricks_won" when that holds one entry per seat, else the
// tricks of "tricks" whose "winner" it is. Where teams bid (the summary holds "team_bid_tricks", a
// contract per team), each team's contract is set against the tricks its members took.
//
// Unfinished matches: a match cut off after SimConfig::max_rounds rounds counts its scores as they
// stood, in every score statistic, and is won by nobody; they are counted (SimResult::unfinished).
//
// Forfeits: a player that fails through its own fault (an exec: program that answers an illegal
// move, a malformed line or nothing in time, or dies: match/match.h) stops its match, and the
// simulation goes on with the next one. The forfeited match counts as a loss for the forfeiting
// seat (its team, in team games) and a win for every other seat, in the win rates (and the
// duplicate deals' win rates); its scores and bids are left out of every score statistic (the
// score estimates, the margin and the bids: it did not finish), and the forfeits are counted per
// seat and per bot. A computer player of the engine that cannot move is a bug, which fails the
// run.
#pragma once

#include <array>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/any_game.h"

namespace cardroom {

struct SimConfig {
  int matches = 100;
  std::vector<std::string> bots;  // player strings (bots/registry.h), cycled over the seats;
                                  // empty means all "random"
  std::uint64_t seed = 1;
  // The simulation plays matches first_match .. first_match + matches - 1 of the one long
  // simulation of `seed`: the same deals and the same computer players' seeds, so a run split
  // into consecutive parts plays what one run plays (the ladder's batches). A multiple of the
  // duplicate rotations (duplicate_rotations), so that parts start at a deal's first match.
  std::uint64_t first_match = 0;
  int threads = 1;
  bool rotate = true;  // duplicate deals with seats rotated
  // Also report the wall-clock time each bot took per move (SimResult::timing): it varies from
  // run to run, so it is left out unless asked for.
  bool timing = false;
  // A match still going after this many rounds is cut off, unfinished (0: never). Some matches
  // never end by the rules: Nuts ends when a total passes 100, which two weak players' falling
  // totals never do; the rules stay as they are and the simulation stops such a match here.
  int max_rounds = 1000;
};

// Mean with a 95% confidence interval (normal approximation, sample standard deviation).
struct Estimate {
  double mean = 0;
  double half_width = 0;  // the interval is mean ± half_width
  std::uint64_t n = 0;
};

class RunningStat {
 public:
  void add(double x);
  void merge(const RunningStat& o);
  Estimate estimate() const;

 private:
  std::uint64_t n_ = 0;
  double mean_ = 0, m2_ = 0;
};

// Bids against tricks taken, for one seat, player or team: the share of bids made exactly, and the
// mean of tricks taken minus tricks bid (negative: bids too high), each over every bid (`n`).
// Bids within a match are not independent, so the intervals are only a guide.
struct BidLine {
  std::string name;  // "S0", a bot name, or "T0"
  Estimate exact;
  Estimate taken_minus_bid;
};

struct SimResult {
  std::string game;  // game string
  std::uint64_t matches = 0;
  std::uint64_t moves = 0;
  // Forfeits (match/match.h): the matches a player stopped by failing through its own fault (an
  // exec: program), and each of them in match order: the seat, its bot and why.
  std::uint64_t forfeited = 0;
  struct Forfeit {
    std::uint64_t match = 0;
    Seat seat = 0;
    std::string bot, reason;
  };
  std::vector<Forfeit> forfeit_log;
  // Matches cut off after SimConfig::max_rounds rounds (see Unfinished matches above).
  std::uint64_t unfinished = 0;
  int max_rounds = 0;
  struct Line {
    std::string name;  // "S0" or a bot name
    Estimate score;    // final score of the seat (its team's score in team games)
    Estimate win_rate;
    std::uint64_t forfeits = 0;  // the matches it forfeited (see Forfeits above)
  };
  std::vector<Line> seats;
  std::vector<Line> bots;
  // With exactly two different bots: per match, the mean score of the first bot's seats minus the
  // second's (only matches where both sit), as `margin` of bots[0] over bots[1]: its estimate is
  // over the duplicate deals (`n` deals), each deal's value the mean over its rotations. In a
  // one-seat game, where a match has one bot, a deal's value is the first bot's mean score over
  // the deal's matches minus the second's.
  bool has_margin = false;
  std::string margin_of, margin_over;
  Estimate margin;
  // With exactly two different bots, each duplicate deal (a match seed, played in every rotation;
  // the margin's values, in order) on its own, for comparisons that weigh the deals themselves
  // (match/ladder.h):
  //   margin  the deal's value of `margin` (the first bot's score less the second's)
  //   rounds  the rounds played (core/game.h's rounds_completed), the mean over the deal's matches
  //   win_rate[b]  the wins of bot b's seats over the deal's matches divided by the seats it held
  //           (a shared win counts for each winner; in a one-seat game, the share of its matches
  //           it won)
  struct DuplicateDeal {
    double margin = 0;
    double rounds = 0;
    std::array<double, 2> win_rate{};
  };
  std::vector<DuplicateDeal> duplicate_deals;
  // Games whose round summaries hold bids: per seat and per distinct bot (each seat's own bid).
  bool has_bids = false;
  std::vector<BidLine> bid_seats, bid_bots;
  // Games where teams bid: per team and per distinct bot (the contracts of the teams it played).
  bool teams_bid = false;
  std::vector<BidLine> bid_teams, bid_team_bots;
  // SimConfig::timing: per distinct bot, its decisions and the wall-clock time they took.
  struct Timing {
    std::string name;
    std::uint64_t decisions = 0;
    double mean_ms = 0, longest_ms = 0;
  };
  std::vector<Timing> timing;

  nlohmann::json to_json() const;
  std::string to_text() const;
};

// The matches of one duplicate deal (a match seed) of `game` with `bots` players: the rotations
// over the seats (over the teams in team games; over the players in a one-seat game).
int duplicate_rotations(const AnyGame& game, std::size_t bots);

// Runs the simulation; `progress(done, total)` is called from worker threads now and then.
// Returns false and sets `error` on a bad player string, or when a computer player could not move
// (a bug: the first such match is named); forfeits do not fail it.
bool simulate(const AnyGame& game, const SimConfig& config, SimResult* result, std::string* error,
              const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

struct MatchOutcome;  // what the statistics take from one match (simulate.cc)

// simulate() in parts, so that several processes can share one simulation (`mpirun ... cardroom
// sim`, cli/sim_mpi.h) and still give its result to the bit: each plays a range of the match
// indices (a match's players and seeds come from its index alone), the outcomes travel as bytes,
// and one process folds them all in match order, the order the floating-point sums depend on.
// simulate() is the same steps in one process: prepare, play every match, fold.
class Simulation {
 public:
  using Progress = std::function<void(std::uint64_t, std::uint64_t)>;

  // `game` must outlive the simulation.
  Simulation(const AnyGame& game, const SimConfig& config);
  ~Simulation();
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  // Loads each player string once: false with `error` on a bad one. Call it before the rest.
  bool prepare(std::string* error);
  std::uint64_t matches() const { return total_; }
  // Plays matches [begin, end) on config.threads threads; `progress(done, end - begin)` is called
  // from worker threads now and then.
  void play(std::uint64_t begin, std::uint64_t end, const Progress& progress = {});
  // The outcomes of matches [begin, end), played here, as bytes (the same on every machine: fixed
  // width, little-endian, doubles as their bits); read() stores them as those matches' outcomes,
  // false if `bytes` are not outcomes of [begin, end) of this simulation's game and players.
  std::string write(std::uint64_t begin, std::uint64_t end) const;
  bool read(std::uint64_t begin, std::uint64_t end, std::string_view bytes);
  // Every match's outcome, played here or read, folded in match order into `result`: false with
  // `error` naming the first match whose computer player could not move, or one never played.
  bool fold(SimResult* result, std::string* error) const;

 private:
  const AnyGame& game_;
  SimConfig config_;
  std::uint64_t total_ = 0;
  std::vector<std::string> bots_;      // the player strings, cycled over the seats
  std::vector<std::string> distinct_;  // each once, in order of first appearance
  int rotations_ = 1;                  // matches per duplicate deal
  std::vector<MatchOutcome> outcomes_;
};

}  // namespace cardroom
