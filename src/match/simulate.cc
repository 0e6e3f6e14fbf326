#include "match/simulate.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <sstream>
#include <thread>

#include "bots/registry.h"
#include "match/match.h"

namespace cardroom {

void RunningStat::add(double x) {
  ++n_;
  double d = x - mean_;
  mean_ += d / static_cast<double>(n_);
  m2_ += d * (x - mean_);
}

void RunningStat::merge(const RunningStat& o) {
  if (o.n_ == 0) return;
  if (n_ == 0) {
    *this = o;
    return;
  }
  std::uint64_t n = n_ + o.n_;
  double d = o.mean_ - mean_;
  mean_ += d * static_cast<double>(o.n_) / static_cast<double>(n);
  m2_ +=
      o.m2_ + d * d * static_cast<double>(n_) * static_cast<double>(o.n_) / static_cast<double>(n);
  n_ = n;
}

Estimate RunningStat::estimate() const {
  Estimate e;
  e.n = n_;
  e.mean = mean_;
  if (n_ > 1)
    e.half_width = 1.96 * std::sqrt(m2_ / static_cast<double>(n_ - 1) / static_cast<double>(n_));
  return e;
}

namespace {

struct MatchOutcome {
  std::uint64_t moves = 0;
  std::vector<double> score;  // per seat
  std::vector<bool> won;      // per seat
  std::vector<int> bot_of;    // per seat: index into the distinct bot list
  std::string failure;        // a computer player could not move: a bug, which fails the run
};

MatchOutcome play_one(const AnyGame& game, const std::vector<std::string>& seat_bots,
                      const std::vector<int>& bot_index, std::uint64_t match_seed,
                      std::uint64_t bot_seed) {
  const int n = game.num_seats();
  StateTable table(game.new_match(match_seed, -1, nullptr));
  std::vector<std::unique_ptr<Player>> players;
  for (Seat s = 0; s < n; ++s) {
    std::string error;  // the player strings were checked before the matches started
    players.push_back(load_player(seat_bots[s], game, &error));
  }
  VirtualClock clock;
  MatchRunner runner(table, std::move(players), clock, bot_seed);
  MatchOutcome out;
  std::string error;
  if (runner.run(&error) == MatchRunner::Stop::kFailed) out.failure = error;
  const AnyState& state = table.state();
  // The moves applied: in real time a step may only refuse a stale move.
  out.moves = state.seq();
  const Teams teams = game.teams();
  SeatSet winners = state.winners();
  for (Seat s = 0; s < n; ++s) {
    out.score.push_back(teams.count > 0 ? state.team_score(teams.team_of[s]) : state.score(s));
    out.won.push_back(winners.contains(s));
    out.bot_of.push_back(bot_index[s]);
  }
  return out;
}

}  // namespace

bool simulate(const AnyGame& game, const SimConfig& config, SimResult* result, std::string* error,
              const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  const int n = game.num_seats();
  std::vector<std::string> bots =
      config.bots.empty() ? std::vector<std::string>{"random"} : config.bots;
  for (const auto& b : bots)
    if (!load_player(b, game, error)) return false;
  std::vector<std::string> distinct;
  for (const auto& b : bots)
    if (std::find(distinct.begin(), distinct.end(), b) == distinct.end()) distinct.push_back(b);

  const std::uint64_t total = static_cast<std::uint64_t>(config.matches);
  // In team games the bots are dealt to the teams (partners play the same bot) and rotate over
  // them.
  const Teams teams = game.teams();
  auto unit_of = [&](Seat s) { return teams.count > 0 ? static_cast<int>(teams.team_of[s]) : s; };
  const int units = teams.count > 0 ? teams.count : n;
  const int rotations = config.rotate ? units : 1;
  std::vector<MatchOutcome> outcomes(total);
  std::atomic<std::uint64_t> next{0}, done{0};
  std::mutex progress_mutex;
  auto worker = [&] {
    for (;;) {
      std::uint64_t i = next.fetch_add(1);
      if (i >= total) break;
      std::uint64_t group = i / static_cast<std::uint64_t>(rotations);
      int r = static_cast<int>(i % static_cast<std::uint64_t>(rotations));
      std::vector<std::string> seat_bots(n);
      std::vector<int> bot_index(n);
      for (Seat s = 0; s < n; ++s) {
        seat_bots[s] = bots[(unit_of(s) + r) % bots.size()];
        bot_index[s] = static_cast<int>(std::find(distinct.begin(), distinct.end(), seat_bots[s]) -
                                        distinct.begin());
      }
      outcomes[i] = play_one(game, seat_bots, bot_index, config.seed + group,
                             (config.seed * 0x9E3779B97F4A7C15ull) ^ (i + 1));
      std::uint64_t d = done.fetch_add(1) + 1;
      if (progress && (d % 50 == 0 || d == total)) {
        std::lock_guard lock(progress_mutex);
        progress(d, total);
      }
    }
  };
  int threads = std::max(1, config.threads);
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  for (std::uint64_t i = 0; i < total; ++i)
    if (!outcomes[i].failure.empty()) {
      *error = "match " + std::to_string(i) + ": " + outcomes[i].failure;
      return false;
    }

  // Aggregate in match order so the result does not depend on the thread count.
  std::vector<RunningStat> seat_score(n), seat_win(n);
  std::vector<RunningStat> bot_score(distinct.size()), bot_win(distinct.size());
  RunningStat margin;
  SimResult res;
  res.game = game.game_string();
  res.matches = total;
  for (const auto& o : outcomes) {
    res.moves += o.moves;
    std::vector<double> sum(distinct.size(), 0);
    std::vector<int> count(distinct.size(), 0);
    for (Seat s = 0; s < n; ++s) {
      seat_score[s].add(o.score[s]);
      seat_win[s].add(o.won[s] ? 1 : 0);
      bot_score[o.bot_of[s]].add(o.score[s]);
      bot_win[o.bot_of[s]].add(o.won[s] ? 1 : 0);
      sum[o.bot_of[s]] += o.score[s];
      count[o.bot_of[s]]++;
    }
    if (distinct.size() == 2 && count[0] > 0 && count[1] > 0)
      margin.add(sum[0] / count[0] - sum[1] / count[1]);
  }
  for (Seat s = 0; s < n; ++s)
    res.seats.push_back(
        {"S" + std::to_string(s), seat_score[s].estimate(), seat_win[s].estimate()});
  for (std::size_t b = 0; b < distinct.size(); ++b)
    res.bots.push_back({distinct[b], bot_score[b].estimate(), bot_win[b].estimate()});
  if (distinct.size() == 2) {
    res.has_margin = true;
    res.margin_of = distinct[0];
    res.margin_over = distinct[1];
    res.margin = margin.estimate();
  }
  *result = std::move(res);
  return true;
}

namespace {
nlohmann::json estimate_json(const Estimate& e) {
  return {{"mean", e.mean}, {"ci95", e.half_width}, {"n", e.n}};
}
nlohmann::json line_json(const SimResult::Line& l) {
  return {
      {"name", l.name}, {"score", estimate_json(l.score)}, {"win_rate", estimate_json(l.win_rate)}};
}
}  // namespace

nlohmann::json SimResult::to_json() const {
  nlohmann::json j;
  j["game"] = game;
  j["matches"] = matches;
  j["moves"] = moves;
  j["seats"] = nlohmann::json::array();
  for (const auto& l : seats) j["seats"].push_back(line_json(l));
  j["bots"] = nlohmann::json::array();
  for (const auto& l : bots) j["bots"].push_back(line_json(l));
  if (has_margin)
    j["margin"] = {{"of", margin_of},
                   {"over", margin_over},
                   {"mean", margin.mean},
                   {"ci95", margin.half_width},
                   {"n", margin.n}};
  return j;
}

std::string SimResult::to_text() const {
  std::ostringstream out;
  out << game << ": " << matches << " matches, " << moves << " moves\n";
  out << fmt::format("{:<12} {:>22} {:>18}\n", "", "mean score (95% CI)", "win rate");
  auto row = [&](const Line& l) {
    out << fmt::format("{:<12} {:>12.2f} ± {:<7.2f} {:>9.1f}% ± {:.1f}\n", l.name, l.score.mean,
                       l.score.half_width, 100 * l.win_rate.mean, 100 * l.win_rate.half_width);
  };
  for (const auto& l : seats) row(l);
  out << "\n";
  for (const auto& l : bots) row(l);
  if (has_margin)
    out << fmt::format("\nmargin of {} over {}: {:+.2f} ± {:.2f} points per match (95% CI, n={})\n",
                       margin_of, margin_over, margin.mean, margin.half_width, margin.n);
  return out.str();
}

}  // namespace cardroom
