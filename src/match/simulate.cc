#include "match/simulate.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <climits>
#include <cmath>
#include <mutex>
#include <optional>
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

// One match as the statistics take it: everything Simulation::fold reads, and all that travels
// between processes (Simulation::write).
struct MatchOutcome {
  std::uint64_t moves = 0;
  int rounds = 0;                             // rounds completed
  std::vector<double> score;                  // per seat
  std::vector<bool> won;                      // per seat
  std::vector<int> bot_of;                    // per seat: index into the distinct bot list
  std::vector<MatchRunner::ThinkTime> think;  // per seat
  std::string failure;  // a computer player could not move: a bug, which fails the run
  Seat forfeit = -1;    // the seat whose player failed through its own fault (match/match.h)
  std::string forfeit_reason;
  bool unfinished = false;  // cut off after SimConfig::max_rounds rounds
  // Every bid of the match against the tricks taken: `who` is a seat, or a team in team_bids.
  struct Bid {
    int who = 0, bid = 0, taken = 0;
  };
  bool has_bids = false, teams_bid = false;
  std::vector<Bid> seat_bids, team_bids;
};

namespace {

// summary[key][i] as an integer, if it is one.
std::optional<int> int_at(const nlohmann::json& summary, const char* key, std::size_t i) {
  auto it = summary.find(key);
  if (it == summary.end() || !it->is_array() || i >= it->size() || !(*it)[i].is_number_integer())
    return std::nullopt;
  return (*it)[i].get<int>();
}

// Adds one round summary's bids and tricks to `out` (the reading rules are in simulate.h); false
// if the summary holds no bids, so the game has none.
bool read_bids(const nlohmann::json& summary, const Teams& teams, int n, MatchOutcome* out) {
  auto bids = summary.find("bids");
  if (bids == summary.end() || !bids->is_array()) return false;
  out->has_bids = true;
  std::vector<int> taken(n, -1);
  auto won = summary.find("tricks_won");
  auto tricks = summary.find("tricks");
  if (won != summary.end() && won->is_array() && static_cast<int>(won->size()) == n) {
    for (Seat s = 0; s < n; ++s) taken[s] = int_at(summary, "tricks_won", s).value_or(-1);
  } else if (tricks != summary.end() && tricks->is_array()) {
    std::fill(taken.begin(), taken.end(), 0);
    for (const auto& t : *tricks) {
      auto w = t.find("winner");
      if (w != t.end() && w->is_number_integer() && w->get<int>() >= 0 && w->get<int>() < n)
        ++taken[w->get<int>()];
    }
  }
  for (Seat s = 0; s < n; ++s) {
    const auto bid = int_at(summary, "bid_tricks", s) ? int_at(summary, "bid_tricks", s)
                                                      : int_at(summary, "bids", s);
    if (bid && taken[s] >= 0) out->seat_bids.push_back({s, *bid, taken[s]});
  }
  auto contracts = summary.find("team_bid_tricks");
  if (teams.count > 0 && contracts != summary.end() && contracts->is_array() &&
      static_cast<int>(contracts->size()) == teams.count) {
    out->teams_bid = true;
    for (int t = 0; t < teams.count; ++t) {
      const auto bid = int_at(summary, "team_bid_tricks", t);
      int team_taken = 0;
      for (Seat s = 0; s < n && bid; ++s)
        if (teams.team_of[s] == t) {
          if (taken[s] < 0) team_taken = -1;
          if (team_taken >= 0) team_taken += taken[s];
        }
      if (bid && team_taken >= 0) out->team_bids.push_back({t, *bid, team_taken});
    }
  }
  return true;
}

MatchOutcome play_one(const AnyGame& game, const std::vector<std::string>& seat_bots,
                      const std::vector<int>& bot_index, std::uint64_t match_seed,
                      std::uint64_t bot_seed, int max_rounds) {
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
  const AnyState& state = table.state();
  const Teams teams = game.teams();
  // Step by step, to read each round's summary as the round completes (a move completes at most
  // one round); a game whose first summary holds no bids is not read again.
  int rounds_read = 0;
  bool read = true;
  for (;;) {
    const MatchRunner::Stop stop = runner.step(&error);
    if (read && state.rounds_completed() > rounds_read) {
      rounds_read = state.rounds_completed();
      read = read_bids(state.last_round(kOmniscient), teams, n, &out);
    }
    if (stop == MatchRunner::Stop::kFailed) out.failure = error;
    if (stop == MatchRunner::Stop::kForfeit) {
      out.forfeit = runner.forfeit_seat();
      out.forfeit_reason = error;
    }
    if (stop != MatchRunner::Stop::kMoved) break;
    if (max_rounds > 0 && state.rounds_completed() >= max_rounds && !state.over()) {
      out.unfinished = true;
      break;
    }
  }
  // The moves applied: in real time a step may only refuse a stale move.
  out.moves = state.seq();
  out.rounds = state.rounds_completed();
  SeatSet winners = state.winners();
  // A forfeit: the forfeiting seat's side loses and every other seat wins.
  auto side = [&](Seat s) { return teams.count > 0 ? static_cast<int>(teams.team_of[s]) : s; };
  for (Seat s = 0; s < n; ++s) {
    out.score.push_back(teams.count > 0 ? state.team_score(teams.team_of[s]) : state.score(s));
    out.won.push_back(out.forfeit >= 0 ? side(s) != side(out.forfeit)
                                       : !out.unfinished && winners.contains(s));
    out.bot_of.push_back(bot_index[s]);
    out.think.push_back(runner.think_time(s));
  }
  return out;
}

}  // namespace

int duplicate_rotations(const AnyGame& game, std::size_t bots) {
  const Teams teams = game.teams();
  if (game.num_seats() == 1) return static_cast<int>(std::max<std::size_t>(1, bots));
  return teams.count > 0 ? teams.count : game.num_seats();
}

bool simulate(const AnyGame& game, const SimConfig& config, SimResult* result, std::string* error,
              const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  Simulation sim(game, config);
  if (!sim.prepare(error)) return false;
  sim.play(0, sim.matches(), progress);
  return sim.fold(result, error);
}

Simulation::Simulation(const AnyGame& game, const SimConfig& config)
    : game_(game), config_(config), total_(static_cast<std::uint64_t>(config.matches)) {}

Simulation::~Simulation() = default;

bool Simulation::prepare(std::string* error) {
  bots_ = config_.bots.empty() ? std::vector<std::string>{"random"} : config_.bots;
  for (const auto& b : bots_)
    if (!load_player(b, game_, error)) return false;
  distinct_.clear();
  for (const auto& b : bots_)
    if (std::find(distinct_.begin(), distinct_.end(), b) == distinct_.end()) distinct_.push_back(b);
  // A one-seat game (against the house) is a duplicate comparison only if every player plays each
  // deal: the players rotate over the deal's matches instead of over the seats.
  rotations_ = config_.rotate ? duplicate_rotations(game_, bots_.size()) : 1;
  if (config_.first_match % static_cast<std::uint64_t>(rotations_) != 0) {
    *error = fmt::format("the first match ({}) must start a deal: a multiple of {}",
                         config_.first_match, rotations_);
    return false;
  }
  outcomes_.assign(total_, MatchOutcome{});
  return true;
}

void Simulation::play(std::uint64_t begin, std::uint64_t end, const Progress& progress) {
  const int n = game_.num_seats();
  // In team games the bots are dealt to the teams (partners play the same bot) and rotate over
  // them.
  const Teams teams = game_.teams();
  auto unit_of = [&](Seat s) { return teams.count > 0 ? static_cast<int>(teams.team_of[s]) : s; };
  const std::uint64_t count = end - begin;
  std::atomic<std::uint64_t> next{begin}, done{0};
  std::mutex progress_mutex;
  auto worker = [&] {
    for (;;) {
      std::uint64_t i = next.fetch_add(1);
      if (i >= end) break;
      // The match's index in the one long simulation of the seed (SimConfig::first_match).
      const std::uint64_t index = config_.first_match + i;
      std::uint64_t group = index / static_cast<std::uint64_t>(rotations_);
      int r = static_cast<int>(index % static_cast<std::uint64_t>(rotations_));
      std::vector<std::string> seat_bots(n);
      std::vector<int> bot_index(n);
      for (Seat s = 0; s < n; ++s) {
        seat_bots[s] = bots_[(unit_of(s) + r) % bots_.size()];
        bot_index[s] = static_cast<int>(
            std::find(distinct_.begin(), distinct_.end(), seat_bots[s]) - distinct_.begin());
      }
      outcomes_[i] =
          play_one(game_, seat_bots, bot_index, config_.seed + group,
                   (config_.seed * 0x9E3779B97F4A7C15ull) ^ (index + 1), config_.max_rounds);
      std::uint64_t d = done.fetch_add(1) + 1;
      if (progress && (d % 50 == 0 || d == count)) {
        std::lock_guard lock(progress_mutex);
        progress(d, count);
      }
    }
  };
  int threads = std::max(1, config_.threads);
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
}

namespace {

// The bytes of Simulation::write: every number as 8 bytes, little-endian, whatever the machine
// (integers in two's complement, doubles as their bits), so a result folded from another machine's
// outcomes is the one this machine would have computed.
class OutcomeWriter {
 public:
  explicit OutcomeWriter(std::string* out) : out_(out) {}
  void u64(std::uint64_t v) {
    for (int b = 0; b < 8; ++b) out_->push_back(static_cast<char>((v >> (8 * b)) & 0xFF));
  }
  void i64(std::int64_t v) { u64(static_cast<std::uint64_t>(v)); }
  void f64(double v) { u64(std::bit_cast<std::uint64_t>(v)); }
  void text(const std::string& s) {
    u64(s.size());
    out_->append(s);
  }

 private:
  std::string* out_;
};

class OutcomeReader {
 public:
  explicit OutcomeReader(std::string_view in) : in_(in) {}
  std::uint64_t u64() {
    if (in_.size() - pos_ < 8) {
      ok_ = false;
      return 0;
    }
    std::uint64_t v = 0;
    for (int b = 0; b < 8; ++b)
      v |= static_cast<std::uint64_t>(static_cast<unsigned char>(in_[pos_ + b])) << (8 * b);
    pos_ += 8;
    return v;
  }
  std::int64_t i64() { return static_cast<std::int64_t>(u64()); }
  double f64() { return std::bit_cast<double>(u64()); }
  // A whole number in [lo, hi), or lo with the reader failed.
  int index(std::int64_t lo, std::int64_t hi) {
    std::int64_t v = i64();
    if (v < lo || v >= hi) ok_ = false;
    return ok_ ? static_cast<int>(v) : static_cast<int>(lo);
  }
  // A count of items of at least `item_bytes` bytes each that the rest of the input can hold.
  std::uint64_t count(std::uint64_t item_bytes) {
    std::uint64_t v = u64();
    if (v > (in_.size() - pos_) / item_bytes) ok_ = false;
    return ok_ ? v : 0;
  }
  std::string text() {
    std::uint64_t size = count(1);
    std::string s(in_.substr(pos_, size));
    pos_ += size;
    return s;
  }
  bool ok() const { return ok_; }
  bool at_end() const { return pos_ == in_.size(); }

 private:
  std::string_view in_;
  std::size_t pos_ = 0;
  bool ok_ = true;
};

}  // namespace

std::string Simulation::write(std::uint64_t begin, std::uint64_t end) const {
  std::string bytes;
  OutcomeWriter w(&bytes);
  w.u64(begin);
  w.u64(end);
  auto bids = [&](const std::vector<MatchOutcome::Bid>& list) {
    w.u64(list.size());
    for (const auto& b : list) {
      w.i64(b.who);
      w.i64(b.bid);
      w.i64(b.taken);
    }
  };
  for (std::uint64_t i = begin; i < end; ++i) {
    const MatchOutcome& o = outcomes_[i];
    w.u64(o.moves);
    w.i64(o.rounds);
    w.u64(o.score.size());
    for (std::size_t s = 0; s < o.score.size(); ++s) {
      w.f64(o.score[s]);
      w.u64(o.won[s] ? 1 : 0);
      w.i64(o.bot_of[s]);
      w.u64(o.think[s].decisions);
      w.f64(o.think[s].seconds);
      w.f64(o.think[s].longest);
    }
    w.text(o.failure);
    w.i64(o.forfeit);
    w.text(o.forfeit_reason);
    w.u64((o.has_bids ? 1 : 0) | (o.teams_bid ? 2 : 0) | (o.unfinished ? 4 : 0));
    bids(o.seat_bids);
    bids(o.team_bids);
  }
  return bytes;
}

bool Simulation::read(std::uint64_t begin, std::uint64_t end, std::string_view bytes) {
  const int n = game_.num_seats();
  const int teams = game_.teams().count;
  const auto bots = static_cast<std::int64_t>(distinct_.size());
  if (begin > end || end > total_) return false;
  OutcomeReader r(bytes);
  if (r.u64() != begin || r.u64() != end) return false;
  // Read into a copy: outcomes that fail to read leave the simulation as it was.
  std::vector<MatchOutcome> in(end - begin);
  auto bids = [&](std::vector<MatchOutcome::Bid>* list, int who_limit) {
    list->resize(r.count(24));
    for (auto& b : *list) {
      b.who = r.index(0, who_limit);
      b.bid = r.index(INT_MIN, std::int64_t{INT_MAX} + 1);
      b.taken = r.index(INT_MIN, std::int64_t{INT_MAX} + 1);
    }
  };
  for (MatchOutcome& o : in) {
    o.moves = r.u64();
    o.rounds = r.index(0, std::int64_t{INT_MAX} + 1);
    if (r.u64() != static_cast<std::uint64_t>(n)) return false;
    for (Seat s = 0; s < n; ++s) {
      o.score.push_back(r.f64());
      o.won.push_back(r.index(0, 2) == 1);
      o.bot_of.push_back(r.index(0, bots));
      MatchRunner::ThinkTime t;
      t.decisions = r.u64();
      t.seconds = r.f64();
      t.longest = r.f64();
      o.think.push_back(t);
    }
    o.failure = r.text();
    // A forfeit names a seat of the game and why it forfeited (match/match.h: the player's
    // failure, never empty); no forfeit, no reason.
    o.forfeit = r.index(-1, n);
    o.forfeit_reason = r.text();
    if ((o.forfeit >= 0) == o.forfeit_reason.empty()) return false;
    const int flags = r.index(0, 8);
    o.has_bids = flags & 1;
    o.teams_bid = flags & 2;
    o.unfinished = flags & 4;
    bids(&o.seat_bids, n);
    bids(&o.team_bids, teams);
    if (!r.ok()) return false;
  }
  if (!r.at_end()) return false;
  std::move(in.begin(), in.end(), outcomes_.begin() + static_cast<std::ptrdiff_t>(begin));
  return true;
}

bool Simulation::fold(SimResult* result, std::string* error) const {
  const int n = game_.num_seats();
  const Teams teams = game_.teams();
  const bool one_seat = n == 1;
  const std::vector<std::string>& distinct = distinct_;
  const std::uint64_t total = total_;
  const int rotations = rotations_;
  const std::vector<MatchOutcome>& outcomes = outcomes_;
  for (std::uint64_t i = 0; i < total; ++i) {
    if (outcomes[i].score.size() != static_cast<std::size_t>(n)) {
      *error = "match " + std::to_string(i) + " was never played";
      return false;
    }
    if (!outcomes[i].failure.empty()) {
      *error = "match " + std::to_string(i) + ": " + outcomes[i].failure;
      return false;
    }
  }

  // Aggregate in match order so the result does not depend on the thread count.
  std::vector<RunningStat> seat_score(n), seat_win(n);
  std::vector<RunningStat> bot_score(distinct.size()), bot_win(distinct.size());
  // One-seat games: each player's scores over the deal's matches (one player each).
  std::vector<double> deal_sum(distinct.size(), 0);
  std::vector<int> deal_count(distinct.size(), 0);
  // Per distinct bot, the seats it held in the deal's matches, forfeited ones included (the
  // denominator of its win rate; deal_count counts only the finished matches, which are scored).
  std::vector<int> deal_held(distinct.size(), 0);
  // The margin is one value per duplicate deal (the mean over its rotations, matches where both
  // players sit): the rotations of a deal are not independent of one another (with deterministic
  // players two rotations may be the same match), the deals are.
  RunningStat margin;
  double deal_margin = 0;
  int deal_matches = 0;
  std::uint64_t deal = 0;
  // The deal's matches: rounds played, and per distinct bot the wins of its seats.
  int deal_rounds = 0, deal_all_matches = 0;
  std::vector<double> deal_wins(distinct.size(), 0);
  std::vector<SimResult::DuplicateDeal> duplicate_deals;
  auto close_deal = [&] {
    if (one_seat && distinct.size() == 2 && deal_count[0] > 0 && deal_count[1] > 0) {
      deal_margin = deal_sum[0] / deal_count[0] - deal_sum[1] / deal_count[1];
      deal_matches = 1;
    }
    if (deal_matches > 0) {
      margin.add(deal_margin / deal_matches);
      SimResult::DuplicateDeal d;
      d.margin = deal_margin / deal_matches;
      d.rounds = static_cast<double>(deal_rounds) / deal_all_matches;
      for (std::size_t b = 0; b < 2; ++b) d.win_rate[b] = deal_wins[b] / deal_held[b];
      duplicate_deals.push_back(d);
    }
    std::fill(deal_sum.begin(), deal_sum.end(), 0);
    std::fill(deal_count.begin(), deal_count.end(), 0);
    std::fill(deal_held.begin(), deal_held.end(), 0);
    std::fill(deal_wins.begin(), deal_wins.end(), 0);
    deal_margin = 0;
    deal_matches = 0;
    deal_rounds = 0;
    deal_all_matches = 0;
  };
  // Bids: exact (0 or 1) and taken - bid, per seat, team and distinct bot.
  struct BidStats {
    RunningStat exact, taken_minus_bid;
    void add(const MatchOutcome::Bid& b) {
      exact.add(b.taken == b.bid ? 1 : 0);
      taken_minus_bid.add(b.taken - b.bid);
    }
  };
  std::vector<BidStats> seat_bids(n), bot_bids(distinct.size()), team_bids(teams.count),
      team_bot_bids(distinct.size());
  std::vector<MatchRunner::ThinkTime> bot_think(distinct.size());
  std::vector<std::uint64_t> seat_forfeits(n, 0), bot_forfeits(distinct.size(), 0);
  bool has_bids = false, teams_bid = false;
  SimResult res;
  res.game = game_.game_string();
  res.matches = total;
  res.max_rounds = config_.max_rounds;
  for (std::uint64_t i = 0; i < total; ++i) {
    const MatchOutcome& o = outcomes[i];
    if (i / static_cast<std::uint64_t>(rotations) != deal) {
      close_deal();
      deal = i / static_cast<std::uint64_t>(rotations);
    }
    res.moves += o.moves;
    res.unfinished += o.unfinished ? 1 : 0;
    deal_rounds += o.rounds;
    ++deal_all_matches;
    // A forfeited match counts its wins and losses, never its scores or bids (it did not finish).
    const bool scored = o.forfeit < 0;
    if (!scored) {
      ++res.forfeited;
      ++seat_forfeits[o.forfeit];
      ++bot_forfeits[o.bot_of[o.forfeit]];
      res.forfeit_log.push_back({i, o.forfeit, distinct[o.bot_of[o.forfeit]], o.forfeit_reason});
    }
    has_bids |= o.has_bids && scored;
    teams_bid |= o.teams_bid && scored;
    for (const auto& b : o.seat_bids) {
      if (!scored) break;
      seat_bids[b.who].add(b);
      bot_bids[o.bot_of[b.who]].add(b);
    }
    for (const auto& b : o.team_bids) {
      if (!scored) break;
      team_bids[b.who].add(b);
      for (Seat s = 0; s < n; ++s)  // partners play the same bot: its first member's
        if (teams.team_of[s] == b.who) {
          team_bot_bids[o.bot_of[s]].add(b);
          break;
        }
    }
    std::vector<double> sum(distinct.size(), 0);
    std::vector<int> count(distinct.size(), 0);
    for (Seat s = 0; s < n; ++s) {
      MatchRunner::ThinkTime& t = bot_think[o.bot_of[s]];
      t.decisions += o.think[s].decisions;
      t.seconds += o.think[s].seconds;
      t.longest = std::max(t.longest, o.think[s].longest);
      seat_win[s].add(o.won[s] ? 1 : 0);
      bot_win[o.bot_of[s]].add(o.won[s] ? 1 : 0);
      deal_held[o.bot_of[s]]++;
      deal_wins[o.bot_of[s]] += o.won[s] ? 1 : 0;
      if (!scored) continue;
      seat_score[s].add(o.score[s]);
      bot_score[o.bot_of[s]].add(o.score[s]);
      sum[o.bot_of[s]] += o.score[s];
      count[o.bot_of[s]]++;
      deal_sum[o.bot_of[s]] += o.score[s];
      deal_count[o.bot_of[s]]++;
    }
    if (distinct.size() == 2 && count[0] > 0 && count[1] > 0) {
      deal_margin += sum[0] / count[0] - sum[1] / count[1];
      ++deal_matches;
    }
  }
  close_deal();
  for (Seat s = 0; s < n; ++s)
    res.seats.push_back({"S" + std::to_string(s), seat_score[s].estimate(), seat_win[s].estimate(),
                         seat_forfeits[s]});
  for (std::size_t b = 0; b < distinct.size(); ++b)
    res.bots.push_back(
        {distinct[b], bot_score[b].estimate(), bot_win[b].estimate(), bot_forfeits[b]});
  if (distinct.size() == 2) {
    res.has_margin = true;
    res.margin_of = distinct[0];
    res.margin_over = distinct[1];
    res.margin = margin.estimate();
    res.duplicate_deals = std::move(duplicate_deals);
  }
  auto bid_line = [](std::string name, const BidStats& b) {
    return BidLine{std::move(name), b.exact.estimate(), b.taken_minus_bid.estimate()};
  };
  res.has_bids = has_bids;
  for (Seat s = 0; s < n && has_bids; ++s)
    res.bid_seats.push_back(bid_line("S" + std::to_string(s), seat_bids[s]));
  for (std::size_t b = 0; b < distinct.size() && has_bids; ++b)
    res.bid_bots.push_back(bid_line(distinct[b], bot_bids[b]));
  res.teams_bid = teams_bid;
  for (int t = 0; t < teams.count && teams_bid; ++t)
    res.bid_teams.push_back(bid_line("T" + std::to_string(t), team_bids[t]));
  for (std::size_t b = 0; b < distinct.size() && teams_bid; ++b)
    res.bid_team_bots.push_back(bid_line(distinct[b], team_bot_bids[b]));
  for (std::size_t b = 0; b < distinct.size() && config_.timing; ++b) {
    const MatchRunner::ThinkTime& t = bot_think[b];
    res.timing.push_back({distinct[b], t.decisions,
                          t.decisions > 0 ? 1000 * t.seconds / static_cast<double>(t.decisions) : 0,
                          1000 * t.longest});
  }
  *result = std::move(res);
  return true;
}

namespace {
nlohmann::json estimate_json(const Estimate& e) {
  return {{"mean", e.mean}, {"ci95", e.half_width}, {"n", e.n}};
}
nlohmann::json line_json(const SimResult::Line& l) {
  return {{"name", l.name},
          {"score", estimate_json(l.score)},
          {"win_rate", estimate_json(l.win_rate)},
          {"forfeits", l.forfeits}};
}
nlohmann::json bid_lines_json(const std::vector<BidLine>& lines) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& l : lines)
    out.push_back({{"name", l.name},
                   {"exact", estimate_json(l.exact)},
                   {"taken_minus_bid", estimate_json(l.taken_minus_bid)}});
  return out;
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
  if (has_bids) {
    j["bids"] = {{"seats", bid_lines_json(bid_seats)}, {"bots", bid_lines_json(bid_bots)}};
    if (teams_bid) {
      j["bids"]["teams"] = bid_lines_json(bid_teams);
      j["bids"]["team_bots"] = bid_lines_json(bid_team_bots);
    }
  }
  j["unfinished"] = unfinished;
  j["max_rounds"] = max_rounds;
  j["forfeited"] = forfeited;
  j["forfeit_log"] = nlohmann::json::array();
  for (const auto& f : forfeit_log)
    j["forfeit_log"].push_back(
        {{"match", f.match}, {"seat", f.seat}, {"bot", f.bot}, {"reason", f.reason}});
  if (!timing.empty()) {
    j["timing"] = nlohmann::json::array();
    for (const auto& t : timing)
      j["timing"].push_back({{"name", t.name},
                             {"decisions", t.decisions},
                             {"mean_ms", t.mean_ms},
                             {"longest_ms", t.longest_ms}});
  }
  return j;
}

std::string SimResult::to_text() const {
  std::ostringstream out;
  out << game << ": " << matches << " matches, " << moves << " moves\n";
  out << fmt::format("{:<12} {:>22} {:>18}\n", "", "mean score (95% CI)", "win rate");
  auto row = [&](const Line& l) {
    // No score where every match was forfeited (none finished).
    const std::string score =
        l.score.n > 0 ? fmt::format("{:>12.2f} ± {:<7.2f}", l.score.mean, l.score.half_width)
                      : fmt::format("{:>12}   {:<7}", "-", "");
    out << fmt::format("{:<12} {} {:>9.1f}% ± {:.1f}\n", l.name, score, 100 * l.win_rate.mean,
                       100 * l.win_rate.half_width);
  };
  for (const auto& l : seats) row(l);
  out << "\n";
  for (const auto& l : bots) row(l);
  if (unfinished > 0)
    out << fmt::format(
        "\n{} of {} matches were still going after {} rounds and were cut off (--max-rounds): "
        "their scores are as they stood, and nobody won them\n",
        unfinished, matches, max_rounds);
  if (forfeited > 0) {
    out << fmt::format(
        "\n{} of {} matches ended by a forfeit (a loss for the forfeiting side, a win for the "
        "others; their scores are left out)\n",
        forfeited, matches);
    for (const auto& l : bots)
      if (l.forfeits > 0) out << fmt::format("forfeits of {}: {}\n", l.name, l.forfeits);
  }
  if (has_margin && margin.n == 0)
    out << fmt::format("\nmargin of {} over {}: no deal finished\n", margin_of, margin_over);
  else if (has_margin)
    out << fmt::format(
        "\nmargin of {} over {}: {:+.2f} ± {:.2f} points per match (95% CI over {} deals)\n",
        margin_of, margin_over, margin.mean, margin.half_width, margin.n);
  auto bid_row = [&](const char* what, const char* bid, const BidLine& l) {
    out << fmt::format(
        "{} of {}: {:.1f}% ± {:.1f} exact, tricks taken - {} {:+.2f} ± {:.2f} (n={})\n", what,
        l.name, 100 * l.exact.mean, 100 * l.exact.half_width, bid, l.taken_minus_bid.mean,
        l.taken_minus_bid.half_width, l.exact.n);
  };
  if (has_bids) out << "\n";
  for (const auto& l : bid_bots) bid_row("bids", "bid", l);
  for (const auto& l : bid_team_bots) bid_row("team contracts", "contract", l);
  if (!timing.empty()) out << "\n";
  for (const auto& t : timing)
    out << fmt::format("time per move of {}: {:.2f} ms mean, {:.1f} ms longest (n={})\n", t.name,
                       t.mean_ms, t.longest_ms, t.decisions);
  return out.str();
}

}  // namespace cardroom
