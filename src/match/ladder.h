// The strength ladder behind `cardroom ladder`: a list of players, weakest first, each compared
// with the one before it over duplicate, seat-rotated deals (match/simulate.h), reported per deal.
//
// Terms. A *match* is what the game plays from its seed to its end: several rounds in most games
// (S48's 9 rounds, Back Alley's 26 hands, Truc's hands up to 12 points, Indian Chief's 7 turns),
// one in Tadmur and in Bridge Solitaire with max_hands=1. A *deal* is one round of a match (one
// shuffle, core/game.h's rounds_completed): what docs/strength.md counts. A *match seed* is played
// once per rotation of the two players over the seats (over the teams in team games; in a
// one-seat game once by each player), so both play the same deals: one duplicate comparison.
//
// Ratings: from every pair's win rate, each player's rating on the Elo scale, anchored at
// `random` = 0, with a 95% interval (match/ratings.h says how they are fitted).
//
// Each pair (lower, upper) of neighbours in the list (or, with all_pairs, every two players, the
// later one upper) plays match seeds seed, seed+1, ... until the
// deals played reach `deals` (a match seed's deals: the mean of its rotations' rounds, which differ
// only in games whose length depends on the play), and two seeds at least (for an interval). The
// same seeds serve every pair. What is
// reported, for the upper player over the lower:
//   margin per deal   Σ over the match seeds of the margin (the upper player's mean final score
//                     less the lower's, averaged over the rotations) ÷ Σ of their deals: points per
//                     deal. Its 95% interval is the ratio estimator's (delta method) over the match
//                     seeds, the independent units; in games of fixed length it is exactly the
//                     margin per match ÷ deals per match.
//   margin per match  the mean over the match seeds of the margin, with its 95% interval (what
//                     `sim` reports as `margin`).
//   win rate          the upper player's share of the wins: per match seed, u ÷ (u + l), u being
//                     the wins of its seats over the seed's matches ÷ the seats it held (l the
//                     lower player's), ½ when neither won; the mean over the match seeds with its
//                     95% interval. 50% is parity; a share, so an odd table (two players over three
//                     seats) is fair. In a one-seat game, its share of the deals won.
//   ms per move       each player's mean (and longest) wall-clock time per decision.
// Results depend on the seeds and players only, not on the thread count. Timing varies.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/any_game.h"
#include "match/ratings.h"
#include "match/simulate.h"

namespace cardroom {

struct LadderConfig {
  // Player strings, weakest first; empty: default_ladder(game).
  std::vector<std::string> players;
  int deals = 1000;  // deals per pair, at least
  std::uint64_t seed = 1;
  int threads = 1;
  // Which pairs play: each player with the one before it (a chain), or every two players (a round
  // robin: more meetings for the ratings, n (n - 1) / 2 pairs).
  bool all_pairs = false;
};

struct LadderPair {
  std::string upper, lower;  // player strings: upper is compared with lower
  std::uint64_t match_seeds = 0, matches = 0;
  double deals = 0;
  Estimate margin_per_deal, margin_per_match, win_rate;
  struct Time {
    std::uint64_t decisions = 0;
    double mean_ms = 0, longest_ms = 0;
  };
  Time upper_time, lower_time;
};

struct LadderResult {
  std::string game;  // game string
  int deals = 0;     // asked for, per pair
  std::uint64_t seed = 0;
  std::vector<std::string> players;
  std::vector<LadderPair> pairs;
  // Every player's rating from the win rates of all the pairs played (match/ratings.h), anchored
  // at `random` (rated 0; the first player when the list has no `random`).
  std::vector<Rating> ratings;
  std::string anchor;

  nlohmann::json to_json() const;
  std::string to_text() const;
};

// The default list for `game`: every registered player that plays it, in the registry's order
// (random, heuristic, then the search players: pimc where the game has the solver, ismcts), with
// its default options.
std::vector<std::string> default_ladder(const AnyGame& game);

// Progress: a line of text now and then (each pair's start and end), and matches done of a total
// (from worker threads, now and then).
struct LadderProgress {
  std::function<void(const std::string&)> line;
  std::function<void(std::uint64_t done, std::uint64_t total)> matches;
};

// Plays the ladder. False with `error` set on a bad list (fewer than two players, a player next to
// itself, a player the game does not have) or a failed simulation.
bool run_ladder(const AnyGame& game, const LadderConfig& config, LadderResult* result,
                std::string* error, const LadderProgress& progress = {});

// The ratio Σ numerators ÷ Σ denominators of paired samples, with the half width of its 95%
// interval by the delta method (n: the pairs). Denominators must be positive.
Estimate ratio_estimate(const std::vector<double>& numerators,
                        const std::vector<double>& denominators);

}  // namespace cardroom
