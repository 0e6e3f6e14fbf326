#include "bots/ismcts.h"

#include <algorithm>
#include <thread>

#include "bots/ismcts_search.h"

namespace cardroom {

IsmctsPlayer::IsmctsPlayer(std::string name, const IsmctsOptions& options, double pace, Teams teams,
                           double (*clock)())
    : name_(std::move(name)), options_(options), pace_(pace), teams_(teams), clock_(clock) {}

IsmctsPlayer::~IsmctsPlayer() = default;

Decision IsmctsPlayer::decide(const SeatAccess& seat, Rng& rng) {
  ++stats_.decisions;
  last_.clear();
  const std::vector<Move> legal = seat.legal_moves();
  CARDROOM_ASSERT(!legal.empty(), "ismcts was asked to move for a seat that may not move");
  if (legal.size() <= 1) return {legal.empty() ? Move{} : legal[0], pace_};

  const int threads = std::max(1, options_.threads);
  SearchQuery query;
  query.exploration = options_.exploration / 100.0;
  query.heuristic_playout = options_.heuristic_playout;
  query.heuristic_others = options_.heuristic_others;
  query.horizon = options_.horizon;
  query.infer_pool = options_.infer;
  query.teams = teams_;
  query.clock = clock_;
  query.stop = seat.stop();
  query.max_nodes = static_cast<std::uint32_t>(std::min<std::uint64_t>(
      (std::uint64_t{static_cast<unsigned>(options_.tree_mb)} << 20) / sizeof(SearchMemory::Node),
      std::uint64_t{1} << 31));
  if (options_.ms > 0) {
    // Real time: it thinks within the slice its move takes (its pace).
    double ms = options_.ms;
    if (seat.mode() == ActorMode::kRealTime) ms = std::min(ms, pace_ * 1000);
    query.seconds = std::max(ms, 1.0) / 1000.0;
    query.iterations = std::numeric_limits<std::uint32_t>::max();
  }
  while (static_cast<int>(memory_.size()) < threads)
    memory_.push_back(std::make_unique<SearchMemory>());

  // Each thread its share of the iterations and its own RNG, split in order.
  std::vector<Rng> rngs;
  std::vector<SearchQuery> queries(static_cast<std::size_t>(threads), query);
  for (int t = 0; t < threads; ++t) {
    rngs.push_back(rng.split());
    if (options_.ms == 0)
      queries[t].iterations = static_cast<std::uint64_t>(options_.iterations / threads +
                                                         (t < options_.iterations % threads));
  }
  std::vector<std::optional<SearchResult>> results(static_cast<std::size_t>(threads));
  auto run = [&](int t) {
    if (queries[t].iterations > 0) results[t] = seat.search(queries[t], *memory_[t], rngs[t]);
  };
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t) workers.emplace_back(run, t);
  run(0);
  for (auto& w : workers) w.join();

  // The roots added up: visits, and each move's mean weighted by its visits.
  last_.clear();
  for (Move m : legal) last_.push_back({m, 0, 0});
  std::uint64_t iterations = 0;
  for (const auto& r : results) {
    if (!r) continue;
    iterations += r->iterations;
    stats_.most_nodes = std::max(stats_.most_nodes, r->nodes);
    for (const SearchMoveStats& s : r->moves) {
      auto it = std::find_if(last_.begin(), last_.end(),
                             [&](const SearchMoveStats& x) { return x.move == s.move; });
      CARDROOM_ASSERT(it != last_.end(), "ismcts: the search offered a move the seat may not make");
      if (it == last_.end() || s.visits == 0) continue;
      const double total = it->mean * it->visits + s.mean * s.visits;
      it->visits += s.visits;
      it->mean = total / it->visits;
    }
  }
  CARDROOM_ASSERT(iterations > 0, "ismcts: the game offers no search");
  stats_.fewest_iterations =
      stats_.searches == 0 ? iterations : std::min(stats_.fewest_iterations, iterations);
  stats_.most_iterations = std::max(stats_.most_iterations, iterations);
  stats_.iterations += iterations;
  ++stats_.searches;

  // The most visited; ties: the better mean, then the lower move (the first).
  const SearchMoveStats* best = &last_[0];
  for (const SearchMoveStats& s : last_)
    if (s.visits > best->visits || (s.visits == best->visits && s.mean > best->mean)) best = &s;
  if (options_.trust > 0) {
    // The heuristic's move stands unless the search clearly prefers another: UCB visits a move
    // about as often as the best while its results are about as good, so a move visited at
    // least `trust` percent as often as the best is as good as the search can tell.
    Rng heuristic_rng = rng.split();
    if (const auto h = seat.game_player_move("heuristic", heuristic_rng)) {
      const auto it = std::find_if(last_.begin(), last_.end(),
                                   [&](const SearchMoveStats& x) { return x.move == *h; });
      if (it != last_.end() &&
          std::uint64_t{it->visits} * 100 >= std::uint64_t{best->visits} * options_.trust)
        return {*h, pace_};
    }
  }
  return {best->move, pace_};
}

PlayerEntry ismcts_player_entry() {
  return {"ismcts",
          "information-set Monte Carlo tree search (every game)",
          {OptionSpec::integer("iterations", 1000, 1, 100000000, "iterations (worlds) per move"),
           OptionSpec::integer("ms", 0, 0, 600000,
                               "time budget per move in ms: search until it is spent, at least "
                               "one iteration (0: no budget, `iterations` per move)"),
           OptionSpec::integer("exploration", 70, 0, 10000,
                               "UCB's exploration constant in hundredths (70: 0.70), on results "
                               "scaled to [0, 1]"),
           OptionSpec::choice("playout", {"random", "heuristic"},
                              "the moves of a playout: uniformly random, or the game's heuristic "
                              "player"),
           OptionSpec::choice("others", {"search", "heuristic"},
                              "the other seats' moves in the tree: searched by their own results, "
                              "or the game's heuristic player's (a model of such opponents)"),
           OptionSpec::integer("threads", 1, 1, 64,
                               "root-parallel search: threads, each its own tree and share of "
                               "the iterations"),
           OptionSpec::integer("tree_mb", 64, 1, 65536,
                               "the tree's memory per thread in MB (past it the tree stops "
                               "growing)"),
           OptionSpec::integer("trust", 0, 0, 100,
                               "play the game's heuristic move unless the search visits it less "
                               "than this percentage as often as its most visited move (0: "
                               "always the most visited)"),
           OptionSpec::integer("horizon", 1, 0, 1000,
                               "rounds a playout plays, the search's own first: 1 to the end of "
                               "the round, N to the end of the N-th, 0 to the end of the match"),
           OptionSpec::integer("infer", 0, 0, 100000,
                               "inference: draw this many worlds at each search's start, weighed "
                               "by how plausible the other seats' decisions this round are in "
                               "them (the game's heuristic as their model), and search those in "
                               "proportion (0: every iteration its own world, all alike)")},
          [](const AnyGame& game) { return game.has_search(); },
          [](const AnyGame& game, const std::string& name, const OptionValues& values,
             std::string*) -> std::unique_ptr<Player> {
            IsmctsOptions options;
            options.iterations = static_cast<int>(values.get_int("iterations"));
            options.ms = static_cast<int>(values.get_int("ms"));
            options.exploration = static_cast<int>(values.get_int("exploration"));
            options.heuristic_playout = values.get_choice_index("playout") == 1;
            options.heuristic_others = values.get_choice_index("others") == 1;
            options.threads = static_cast<int>(values.get_int("threads"));
            options.tree_mb = static_cast<int>(values.get_int("tree_mb"));
            options.trust = static_cast<int>(values.get_int("trust"));
            options.horizon = static_cast<int>(values.get_int("horizon"));
            options.infer = static_cast<int>(values.get_int("infer"));
            const double pace = pace_ms_of(static_cast<int>(values.get_int("speed")),
                                           static_cast<int>(values.get_int("pace_ms"))) /
                                1000.0;
            return std::make_unique<IsmctsPlayer>(name, options, pace, game.teams());
          }};
}

}  // namespace cardroom
