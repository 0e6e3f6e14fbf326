#include "bots/inference.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

namespace cardroom {

std::unique_ptr<AnyState> draw_plausible_world(const SeatAccess& seat, Rng& rng,
                                               InferenceStats& stats, int max_draws) {
  ++stats.worlds;
  std::unique_ptr<AnyState> best;
  double best_weight = -1;
  for (int draw = 0; draw < max_draws; ++draw) {
    std::unique_ptr<AnyState> world = seat.resample(rng);
    ++stats.draws;
    const double weight = world->plausibility(seat.seat());
    if (weight >= 1 || rng.uniform() < weight) return world;
    if (weight > best_weight) {
      best_weight = weight;
      best = std::move(world);
    }
  }
  ++stats.unlikely;
  return best;
}

void WorldPool::fill(const SeatAccess& seat, int size, Rng& rng, InferenceStats& stats) {
  worlds_.clear();
  weights_.clear();
  cumulative_.clear();
  double total = 0;
  for (int k = 0; k < size; ++k) {
    worlds_.push_back(seat.resample(rng));
    ++stats.draws;
    weights_.push_back(worlds_.back()->replay_plausibility(seat.seat()));
    total += weights_.back();
    cumulative_.push_back(total);
  }
  if (total <= 0) {  // nothing plausible at all: every world alike
    total = 0;
    for (std::size_t k = 0; k < worlds_.size(); ++k) cumulative_[k] = total += weights_[k] = 1;
  }
}

std::unique_ptr<AnyState> WorldPool::draw(Rng& rng) const {
  const double x = rng.uniform() * cumulative_.back();
  const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), x);
  const std::size_t k =
      std::min(static_cast<std::size_t>(it - cumulative_.begin()), worlds_.size() - 1);
  return worlds_[k]->clone();
}

double WorldPool::effective_size() const {
  double sum = 0, squares = 0;
  for (double w : weights_) {
    sum += w;
    squares += w * w;
  }
  return squares > 0 ? sum * sum / squares : 0;
}

namespace {

// Where each card lies ("hand S1", "stock"), and which are hidden from `seat` there.
std::map<Card, std::string> where(const AnyState& s, Seat seat, std::vector<Card>* hidden) {
  std::map<Card, std::string> out;
  for (const Pile& p : s.piles())
    for (Card c : p.cards) {
      out[c] = p.name;
      if (hidden && !p.visible_to.contains(seat)) hidden->push_back(c);
    }
  return out;
}

double mean(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return v.empty() ? 0 : sum / static_cast<double>(v.size());
}

double standard_error(const std::vector<double>& v) {
  if (v.size() < 2) return 0;
  const double m = mean(v);
  double ss = 0;
  for (double x : v) ss += (x - m) * (x - m);
  return std::sqrt(ss / static_cast<double>(v.size() - 1) / static_cast<double>(v.size()));
}

}  // namespace

double placed_right(const AnyState& truth, const AnyState& world, Seat seat, int* hidden) {
  std::vector<Card> cards;
  const auto true_place = where(truth, seat, &cards);
  const auto world_place = where(world, seat, nullptr);
  int right = 0;
  for (Card c : cards) {
    const auto it = world_place.find(c);
    right += it != world_place.end() && it->second == true_place.at(c);
  }
  if (hidden) *hidden = static_cast<int>(cards.size());
  return cards.empty() ? 0 : static_cast<double>(right) / static_cast<double>(cards.size());
}

InferenceReport measure_inference(const AnyGame& game, int positions, int worlds,
                                  std::uint64_t seed, int stride) {
  InferenceReport r;
  r.game = std::string(game.name());
  std::vector<double> uniform, inferred;
  InferenceStats stats;
  double seconds = 0, effective = 0;
  Rng rng(seed);
  for (std::uint64_t match = 0; r.positions < positions && match < 1000; ++match) {
    auto state = game.new_match(seed + match, -1, nullptr);
    int decision = 0;
    while (!state->over() && r.positions < positions) {
      const Seat seat = state->actors().lowest();
      int hidden = 0;
      placed_right(*state, *state, seat, &hidden);
      if (hidden > 0 && state->legal_moves(seat).size() > 1 && decision++ % stride == 0) {
        ++r.positions;
        const SeatAccess access(*state, seat);
        double u = 0, in = 0;
        for (int k = 0; k < worlds; ++k)
          u += placed_right(*state, *access.resample(rng), seat, nullptr);
        const auto start = std::chrono::steady_clock::now();
        WorldPool pool;
        pool.fill(access, 2 * worlds, rng, stats);
        std::vector<std::unique_ptr<AnyState>> drawn;
        for (int k = 0; k < worlds; ++k) drawn.push_back(pool.draw(rng));
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        effective += pool.effective_size() / (2 * worlds);
        for (const auto& world : drawn) {
          r.has_model |= world->replay_plausibility(seat) < 1;
          in += placed_right(*state, *world, seat, nullptr);
        }
        uniform.push_back(u / worlds);
        inferred.push_back(in / worlds);
      }
      const auto move = state->bot_move("heuristic", seat, rng);
      const Status st =
          state->apply(seat, move ? *move : *state->random_legal_move(seat, rng), nullptr);
      if (!st.ok()) break;
    }
  }
  r.uniform = mean(uniform);
  r.inferred = mean(inferred);
  r.uniform_se = standard_error(uniform);
  r.inferred_se = standard_error(inferred);
  std::vector<double> gains;
  for (std::size_t i = 0; i < uniform.size(); ++i) gains.push_back(inferred[i] - uniform[i]);
  r.gain = mean(gains);
  r.gain_se = standard_error(gains);
  if (r.positions > 0) {
    r.effective = effective / r.positions;
    r.us_per_world = seconds * 1e6 / (static_cast<double>(r.positions) * worlds);
  }
  return r;
}

}  // namespace cardroom
