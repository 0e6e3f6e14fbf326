// Inference: worlds drawn for a seat in proportion to how plausible the other seats' decisions
// this round are in them (policy-based inference: Rebstock, Solinas, Buro, Sturtevant, "Policy
// Based Inference in Trick-Taking Card Games", 2019). A world is drawn by SeatAccess::resample (so
// it holds only what the seat may know, and guesses the rest) and kept with the chance
// AnyState::plausibility gives it: the game's model of its players (its heuristic, replayed over
// the round: core/any_game.h, replay_plausibility; S48 its own bid model) asked whether each other
// seat's decision is what it would have made, holding the cards the world gives it. This is
// rejection sampling of the seat's belief given those decisions; after `max_draws` draws with none
// kept, the most plausible of them is used. AnyState::plausibility is the game's own model (S48's
// bids); the generic model (replay_plausibility, every game that replays its rounds) costs a
// replay of the round per world weighed, and is used through WorldPool.
//
// measure_inference reports what it is worth: at decisions of heuristic matches, the share of the
// cards hidden from the deciding seat that worlds put where they truly are, drawn uniformly
// (resample) and by inference (`cardroom bench --infer`).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bots/player.h"

namespace cardroom {

struct InferenceStats {
  std::uint64_t worlds = 0;    // worlds drawn by draw_plausible_world
  std::uint64_t draws = 0;     // resamples made for them (more where some were rejected)
  std::uint64_t unlikely = 0;  // worlds kept as the most plausible of max_draws, none accepted
};

inline constexpr int kMaxInferenceDraws = 200;

// Sampling importance resampling, with the generic model (AnyState::replay_plausibility, which
// costs a replay of the round per world): `size` worlds drawn by resample and weighed once; each
// draw() is one of them (a copy) chosen in proportion to its weight. Bounded cost where rejection
// sampling would need many replays per world kept.
class WorldPool {
 public:
  void fill(const SeatAccess& seat, int size, Rng& rng, InferenceStats& stats);
  bool empty() const { return worlds_.empty(); }
  std::unique_ptr<AnyState> draw(Rng& rng) const;
  // The pool's effective size (sum of weights squared over the sum of squares): how many
  // distinct worlds it is worth.
  double effective_size() const;

 private:
  std::vector<std::unique_ptr<AnyState>> worlds_;
  std::vector<double> weights_, cumulative_;
};

std::unique_ptr<AnyState> draw_plausible_world(const SeatAccess& seat, Rng& rng,
                                               InferenceStats& stats,
                                               int max_draws = kMaxInferenceDraws);

// The share of `hidden` cards (those in piles the seat does not see in `truth`) that `world` puts
// in the pile they are in in `truth`; `hidden` gets their number.
double placed_right(const AnyState& truth, const AnyState& world, Seat seat, int* hidden);

struct InferenceReport {
  std::string game;
  int positions = 0;    // decisions looked at (of seats with cards hidden from them)
  double uniform = 0;   // mean share placed right by worlds of resample
  double inferred = 0;  // ... by worlds drawn from a WorldPool of twice their number
  double uniform_se = 0, inferred_se = 0;  // their standard errors over the positions
  double gain = 0, gain_se = 0;  // inferred less uniform, paired by position, and its error
  double effective = 0;          // the pools' effective size, as a share of their worlds
  double us_per_world = 0;       // microseconds per inferred world (one thread)
  bool has_model = false;        // whether any world weighed less than 1 (the game has a model)
};

// Heuristic matches of `game` from `seed`; at every `stride`-th decision of a seat that has cards
// hidden from it (at most `positions` in all), `worlds` worlds of each kind.
InferenceReport measure_inference(const AnyGame& game, int positions, int worlds,
                                  std::uint64_t seed, int stride = 3);

}  // namespace cardroom
