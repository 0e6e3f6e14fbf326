#include "match/ladder.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "bots/registry.h"

namespace cardroom {
namespace {

// The mean deals of a match of `game`, from a few random matches: the first batch's size.
double random_match_rounds(const AnyGame& game, std::uint64_t seed) {
  constexpr int kMatches = 3;
  double rounds = 0;
  for (int i = 0; i < kMatches; ++i) {
    auto state = game.new_match(seed + static_cast<std::uint64_t>(i), -1, nullptr);
    Rng rng((seed + static_cast<std::uint64_t>(i)) ^ 0x5DEECE66Dull);
    for (int moves = 0; !state->over() && moves < 1000000; ++moves) {
      const std::vector<Seat> actors = state->actors().to_vector();
      const Seat seat = actors[rng.below(static_cast<std::uint32_t>(actors.size()))];
      state->apply(seat, *state->random_legal_move(seat, rng), nullptr);
    }
    rounds += state->rounds_completed();
  }
  return std::max(1.0, rounds / kMatches);
}

std::string thousands(double value) {
  const std::string digits = fmt::format("{:.0f}", value);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    const std::size_t left = digits.size() - i;
    if (i > 0 && digits[i - 1] != '-' && left % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

nlohmann::json estimate_json(const Estimate& e) {
  return {{"mean", e.mean}, {"ci95", e.half_width}, {"n", e.n}};
}

nlohmann::json time_json(const LadderPair::Time& t) {
  return {{"mean_ms", t.mean_ms}, {"longest_ms", t.longest_ms}, {"decisions", t.decisions}};
}

}  // namespace

Estimate ratio_estimate(const std::vector<double>& numerators,
                        const std::vector<double>& denominators) {
  Estimate e;
  e.n = numerators.size();
  double num = 0, den = 0;
  for (std::size_t i = 0; i < numerators.size(); ++i) {
    num += numerators[i];
    den += denominators[i];
  }
  if (e.n == 0 || den <= 0) return e;
  e.mean = num / den;
  if (e.n < 2) return e;
  // Var(ratio) ≈ Σ (x_i - r y_i)² / (n (n - 1) ȳ²).
  double squares = 0;
  for (std::size_t i = 0; i < numerators.size(); ++i) {
    const double residual = numerators[i] - e.mean * denominators[i];
    squares += residual * residual;
  }
  const double n = static_cast<double>(e.n);
  const double mean_den = den / n;
  e.half_width = 1.96 * std::sqrt(squares / (n * (n - 1))) / mean_den;
  return e;
}

std::vector<std::string> default_ladder(const AnyGame& game) {
  std::vector<std::string> out;
  for (const std::string& name : player_names(game)) {
    std::string error;
    if (load_player(name, game, &error)) out.push_back(name);  // playable with its defaults
  }
  return out;
}

bool run_ladder(const AnyGame& game, const LadderConfig& config, LadderResult* result,
                std::string* error, const LadderProgress& progress) {
  const std::vector<std::string> players =
      config.players.empty() ? default_ladder(game) : config.players;
  if (players.size() < 2) {
    *error = "a ladder needs at least two players (it compares each with the one before it)";
    return false;
  }
  for (const std::string& p : players)
    if (!load_player(p, game, error)) return false;
  for (std::size_t k = 1; k < players.size(); ++k)
    if (players[k] == players[k - 1]) {
      *error = "player '" + players[k] + "' is next to itself: neighbours in a ladder must differ";
      return false;
    }
  if (config.all_pairs)
    for (std::size_t a = 0; a < players.size(); ++a)
      for (std::size_t b = a + 1; b < players.size(); ++b)
        if (players[a] == players[b]) {
          *error = "player '" + players[a] + "' is listed twice: every pair would meet itself";
          return false;
        }
  if (config.deals < 1) {
    *error = "a ladder plays at least one deal a pair";
    return false;
  }
  LadderResult res;
  res.game = game.game_string();
  res.deals = config.deals;
  res.seed = config.seed;
  res.players = players;
  const int rotations = duplicate_rotations(game, 2);
  const double first_guess = random_match_rounds(game, config.seed);
  // The pairs: neighbours, or every two players (the later one upper).
  std::vector<std::pair<std::size_t, std::size_t>> meetings;
  for (std::size_t k = 1; k < players.size(); ++k)
    if (config.all_pairs)
      for (std::size_t j = 0; j < k; ++j) meetings.emplace_back(j, k);
    else
      meetings.emplace_back(k - 1, k);
  for (const auto& [lower_index, upper_index] : meetings) {
    LadderPair pair;
    pair.upper = players[upper_index];
    pair.lower = players[lower_index];
    if (progress.line)
      progress.line(fmt::format("{} against {}: {} deals or more", pair.upper, pair.lower,
                                thousands(config.deals)));
    std::vector<double> margins, rounds;
    RunningStat margin, win_rate;
    double upper_ms = 0, lower_ms = 0;
    std::uint64_t next_seed = config.seed, played = 0;
    // Match seeds in batches until their deals reach the target; the pair's result is the
    // shortest run of seeds from the first that reaches it, though a batch may have played a few
    // more. Each batch continues one long simulation of the ladder's seed (SimConfig::
    // first_match): the same deals and players' seeds however the batches fall, so the result
    // does not depend on them.
    auto seeds_for = [&](double deals_left, double deals_per_seed) {
      return static_cast<std::uint64_t>(std::max(1.0, std::ceil(deals_left / deals_per_seed)));
    };
    // Batches of at most kMaxBatch seeds keep the match count of a simulation within an int.
    constexpr std::uint64_t kMaxBatch = 100000;
    // The first batch plays a quarter of what random players' matches suggest: strong players
    // may play far longer matches (Schwimmen's random players lose their chips in a few hands).
    std::uint64_t batch =
        std::min(kMaxBatch, std::max<std::uint64_t>(2, seeds_for(config.deals, first_guess) / 4));
    // Two match seeds at least: one gives no interval.
    auto enough = [&] { return pair.deals >= config.deals && pair.match_seeds >= 2; };
    while (!enough()) {
      SimConfig sim;
      sim.bots = {pair.upper, pair.lower};
      sim.matches = static_cast<int>(batch * static_cast<std::uint64_t>(rotations));
      sim.seed = config.seed;
      sim.first_match = (next_seed - config.seed) * static_cast<std::uint64_t>(rotations);
      sim.threads = config.threads;
      sim.timing = true;
      SimResult out;
      std::function<void(std::uint64_t, std::uint64_t)> matches_done;
      if (progress.matches)
        matches_done = [&](std::uint64_t done, std::uint64_t total) {
          progress.matches(played + done, played + total);
        };
      if (!simulate(game, sim, &out, error, matches_done)) return false;
      played += static_cast<std::uint64_t>(sim.matches);
      next_seed += batch;
      for (const SimResult::Timing& t : out.timing) {
        const bool upper = t.name == pair.upper;
        LadderPair::Time& time = upper ? pair.upper_time : pair.lower_time;
        time.decisions += t.decisions;
        time.longest_ms = std::max(time.longest_ms, t.longest_ms);
        (upper ? upper_ms : lower_ms) += t.mean_ms * static_cast<double>(t.decisions);
      }
      for (const SimResult::DuplicateDeal& d : out.duplicate_deals) {
        if (enough()) break;
        // A match plays one round at least (a game ends its match at the end of a round).
        const double deals = std::max(d.rounds, 1.0);
        margins.push_back(d.margin);
        rounds.push_back(deals);
        margin.add(d.margin);
        const double shares = d.win_rate[0] + d.win_rate[1];
        win_rate.add(shares > 0 ? d.win_rate[0] / shares : 0.5);
        pair.deals += deals;
        ++pair.match_seeds;
      }
      if (out.duplicate_deals.empty()) {
        *error = "the simulation of " + pair.upper + " against " + pair.lower +
                 " gave no duplicate deal to compare";
        return false;
      }
      batch = std::min<std::uint64_t>(
          kMaxBatch, seeds_for(std::max(0.0, config.deals - pair.deals),
                               pair.deals / static_cast<double>(pair.match_seeds)));
    }
    pair.matches = pair.match_seeds * static_cast<std::uint64_t>(rotations);
    pair.margin_per_deal = ratio_estimate(margins, rounds);
    pair.margin_per_match = margin.estimate();
    pair.win_rate = win_rate.estimate();
    if (pair.upper_time.decisions > 0)
      pair.upper_time.mean_ms = upper_ms / static_cast<double>(pair.upper_time.decisions);
    if (pair.lower_time.decisions > 0)
      pair.lower_time.mean_ms = lower_ms / static_cast<double>(pair.lower_time.decisions);
    if (progress.line)
      progress.line(fmt::format("{} against {}: {:+.3f} ± {:.3f} points per deal over {} deals",
                                pair.upper, pair.lower, pair.margin_per_deal.mean,
                                pair.margin_per_deal.half_width, thousands(pair.deals)));
    res.pairs.push_back(std::move(pair));
  }
  // Ratings from every pair's win rate (its variance over the match seeds).
  res.anchor = std::find(players.begin(), players.end(), "random") != players.end()
                   ? std::string("random")
                   : players.front();
  std::vector<PairShare> shares;
  for (const LadderPair& p : res.pairs) {
    const double sd = p.win_rate.half_width / 1.96;
    shares.push_back(
        {p.upper, p.lower, p.win_rate.mean, static_cast<double>(p.match_seeds), sd * sd});
  }
  res.ratings = fit_ratings(shares, res.anchor);
  *result = std::move(res);
  return true;
}

nlohmann::json LadderResult::to_json() const {
  nlohmann::json j;
  j["game"] = game;
  j["deals"] = deals;
  j["seed"] = seed;
  j["players"] = players;
  j["pairs"] = nlohmann::json::array();
  for (const LadderPair& p : pairs)
    j["pairs"].push_back(
        {{"upper", p.upper},
         {"lower", p.lower},
         {"match_seeds", p.match_seeds},
         {"matches", p.matches},
         {"deals", p.deals},
         {"margin_per_deal", estimate_json(p.margin_per_deal)},
         {"margin_per_match", estimate_json(p.margin_per_match)},
         {"win_rate", estimate_json(p.win_rate)},
         {"ms_per_move",
          {{"upper", time_json(p.upper_time)}, {"lower", time_json(p.lower_time)}}}});
  j["anchor"] = anchor;
  j["ratings"] = nlohmann::json::array();
  for (const Rating& r : ratings)
    j["ratings"].push_back({{"player", r.player}, {"rating", r.rating}, {"ci95", r.ci95}});
  return j;
}

std::string LadderResult::to_text() const {
  std::ostringstream out;
  out << "ladder of " << game << ": " << thousands(deals)
      << " deals or more a pair, match seeds from " << seed << "\n";
  out << "margin: the upper player's score less the lower's (95% CI); win rate: the upper "
         "player's share of the wins (95% CI)\n\n";
  std::size_t width = std::string("upper > lower").size();
  for (const LadderPair& p : pairs) width = std::max(width, p.upper.size() + p.lower.size() + 3);
  out << fmt::format("{:<{}}  {:>7}  {:>6}  {:>19}  {:>21}  {:>15}  {}\n", "upper > lower", width,
                     "deals", "seeds", "margin per deal", "margin per match", "win rate",
                     "ms/move upper, lower");
  for (const LadderPair& p : pairs)
    out << fmt::format(
        "{:<{}}  {:>7}  {:>6}  {:>+10.3f} ± {:<6.3f}  {:>+11.2f} ± {:<7.2f}  {:>6.1f}% ± {:<5.1f}  "
        "{:.3f}, {:.3f}\n",
        p.upper + " > " + p.lower, width, thousands(p.deals), p.match_seeds, p.margin_per_deal.mean,
        p.margin_per_deal.half_width, p.margin_per_match.mean, p.margin_per_match.half_width,
        100 * p.win_rate.mean, 100 * p.win_rate.half_width, p.upper_time.mean_ms,
        p.lower_time.mean_ms);
  if (!ratings.empty()) {
    out << "\nratings (Elo scale from the win rates, " << anchor << " = 0; 95% CI)\n";
    std::size_t name_width = 6;
    for (const Rating& r : ratings) name_width = std::max(name_width, r.player.size());
    for (const Rating& r : ratings)
      out << fmt::format("  {:<{}}  {:>6.0f}", r.player, name_width, r.rating)
          << (r.player == anchor ? std::string("  (anchor)") : fmt::format(" ± {:.0f}", r.ci95))
          << "\n";
  }
  return out.str();
}

}  // namespace cardroom
