// The ISMCTS player (bots/ismcts.h) and its search (bots/ismcts_search.h): options and errors,
// whole matches of every game with legal moves only, determinism, decisions that depend only on
// what the seat may know, simultaneous phases that hide each seat's submission from the others,
// real time, an obviously winning move, the time budget on a clock the test drives, and no heap
// allocation per iteration, and the horizon of the playouts.
#include "bots/ismcts.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "alloc_counter.h"
#include "bots/ismcts_search.h"
#include "bots/registry.h"
#include "core/registry.h"
#include "games/all_games.h"
#include "games/common/test_util.h"
#include "match/match.h"
#include "test_games.h"

namespace cardroom {
namespace {

std::unique_ptr<AnyGame> Load(const std::string& game_string) {
  testing_games::register_test_games();
  return testing_util::LoadGame(game_string);
}

std::string LoadError(const std::string& player, const AnyGame& game) {
  std::string error;
  return load_player(player, game, &error) ? "" : error;
}

IsmctsPlayer MakeIsmcts(const IsmctsOptions& options, double pace = 1.0,
                        double (*clock)() = nullptr) {
  return IsmctsPlayer("ismcts", options, pace, Teams{}, clock);
}

// The tree's children: a run grows in move order as another seat's moves appear in new worlds
// (moving to a bigger place when full), and a run whose children have children in the table
// (keyed by their index) stays where it is.
TEST(Ismcts, SearchMemoryFindsEveryChild) {
  SearchMemory memory;
  memory.reset();
  const auto move = [](int i) { return Move{static_cast<std::uint64_t>(i)}; };
  const std::vector<Move> first = {move(10), move(20), move(30)};
  const std::uint32_t run = memory.reserve_run(0, 1, first.data(), 3);
  const std::uint32_t twenty = memory.make_child(0, 1, move(20), run + 1);
  EXPECT_EQ(memory.find(0, 1, move(20)), twenty);
  EXPECT_EQ(memory.find(0, 1, move(10)), 0u);  // reserved, not made
  memory[twenty].visits = 7;
  // New moves of seat 1, in no order: each lands in the run in move order.
  std::vector<int> added = {25, 5, 40, 15, 35, 1, 45, 50, 2, 60, 3, 4, 6, 7};
  for (int m : added) memory.make_child(0, 1, move(m), 0);
  added.push_back(20);
  for (int m : added) {
    const std::uint32_t c = memory.find(0, 1, move(m));
    ASSERT_NE(c, 0u) << m;
    EXPECT_EQ(memory[c].move, move(m));
    EXPECT_EQ(memory[c].seat, 1);
  }
  EXPECT_EQ(memory[memory.find(0, 1, move(20))].visits, 7u);
  EXPECT_EQ(memory.find(0, 2, move(20)), 0u);  // another seat's
  // Seat 2 at the root (a simultaneous phase): its children go to the table.
  const std::uint32_t other = memory.make_child(0, 2, move(20), 0);
  EXPECT_EQ(memory.find(0, 2, move(20)), other);
  // A child of the run with a child in the table pins the run: the run no longer moves.
  const std::uint32_t parent = memory.find(0, 1, move(5));
  memory.make_child(parent, 3, move(8), 0);
  const std::uint32_t below = memory.make_child(parent, 4, move(9), 0);  // table: run is 3's
  for (int m = 100; m < 140; ++m) memory.make_child(0, 1, move(m), 0);
  EXPECT_EQ(memory.find(0, 1, move(5)), parent);
  EXPECT_EQ(memory.find(parent, 4, move(9)), below);
  EXPECT_NE(memory.find(parent, 3, move(8)), 0u);
  for (int m = 100; m < 140; ++m) EXPECT_NE(memory.find(0, 1, move(m)), 0u) << m;
  for (int m : added) EXPECT_NE(memory.find(0, 1, move(m)), 0u) << m;
}

// UCB's log of availability counts: std::log's value below 4096, within 2.5e-4 of it above.
TEST(Ismcts, LogOfCounts) {
  using ismcts_detail::log_of;
  for (std::uint32_t n = 1; n < 4096; ++n) EXPECT_EQ(log_of(n), std::log(static_cast<float>(n)));
  for (std::uint64_t n = 4096; n <= 0xFFFFFFFFull; n = n * 17 / 16 + 1) {
    const auto count = static_cast<std::uint32_t>(n);
    EXPECT_NEAR(log_of(count), std::log(static_cast<double>(count)), 2.5e-4) << count;
  }
  EXPECT_NEAR(log_of(0xFFFFFFFFu), std::log(4294967295.0), 2.5e-4);
}

TEST(Ismcts, OptionsAndErrors) {
  auto s48 = Load("s48");
  ASSERT_TRUE(s48);
  EXPECT_TRUE(s48->has_search());
  std::string error;
  auto plain = load_player("ismcts", *s48, &error);
  ASSERT_TRUE(plain) << error;
  EXPECT_EQ(plain->name(), "ismcts");
  auto set = load_player("ismcts(iterations=2000,playout=heuristic,threads=2)", *s48, &error);
  ASSERT_TRUE(set) << error;
  EXPECT_EQ(set->name(),
            "ismcts(iterations=2000,ms=0,exploration=70,playout=heuristic,others=search,threads=2,"
            "tree_mb=64,trust=0,horizon=1,infer=0,pace_ms=1000)");
  ASSERT_TRUE(load_player("ismcts(ms=200,playout=heuristic)", *s48, &error)) << error;

  EXPECT_NE(LoadError("ismcts(iterations=0)", *s48).find("iterations"), std::string::npos);
  EXPECT_NE(LoadError("ismcts(iterations=0)", *s48).find("1..100000000"), std::string::npos);
  EXPECT_NE(LoadError("ismcts(ms=-1)", *s48).find("ms"), std::string::npos);
  EXPECT_NE(LoadError("ismcts(exploration=x)", *s48).find("exploration"), std::string::npos);
  EXPECT_NE(LoadError("ismcts(playout=smart)", *s48).find("random|heuristic"), std::string::npos);
  EXPECT_NE(LoadError("ismcts(threads=0)", *s48).find("1..64"), std::string::npos);
  EXPECT_NE(LoadError("ismcts(others=all)", *s48).find("search|heuristic"), std::string::npos);
  EXPECT_NE(LoadError("ismcts(tree_mb=0)", *s48).find("tree_mb"), std::string::npos);
  EXPECT_NE(LoadError("ismcts(worlds=3)", *s48).find("worlds"), std::string::npos);
  EXPECT_NE(LoadError("ismcts(horizon=-1)", *s48).find("0..1000"), std::string::npos);
  // Every game offers it, the ones without a solver too.
  for (const auto* entry : registered_games()) {
    auto game = Load(entry->name);
    ASSERT_TRUE(game);
    EXPECT_TRUE(game->has_search()) << entry->name;
    const auto names = player_names(*game);
    EXPECT_NE(std::find(names.begin(), names.end(), "ismcts"), names.end()) << entry->name;
  }
}

// A whole match of `game_string`, ISMCTS at the even seats (the given player string) and the
// heuristic at the odd ones: the runner refuses an illegal move, so the end means every move
// was legal. Returns the final state.
std::unique_ptr<AnyState> PlayMatch(const std::string& game_string, const std::string& player,
                                    std::uint64_t seed, IsmctsStats* stats = nullptr,
                                    bool searches = true) {
  auto game = Load(game_string);
  EXPECT_TRUE(game) << game_string;
  if (!game) return nullptr;
  auto table = std::make_unique<StateTable>(game->new_match(seed, -1, nullptr));
  std::vector<std::unique_ptr<Player>> players;
  std::string error;
  for (Seat s = 0; s < game->num_seats(); ++s) {
    players.push_back(load_player(s % 2 == 0 ? player : "heuristic", *game, &error));
    EXPECT_TRUE(players.back()) << error;
  }
  auto* first = dynamic_cast<IsmctsPlayer*>(players[0].get());
  VirtualClock clock;
  MatchRunner runner(*table, std::move(players), clock, seed + 1);
  EXPECT_EQ(runner.run(&error), MatchRunner::Stop::kOver) << game_string << ": " << error;
  EXPECT_TRUE(table->state().over()) << game_string;
  if (first) {
    if (searches) {
      EXPECT_GT(first->stats().searches, 0u) << game_string;
    }
    if (stats) *stats = first->stats();
  }
  return table->state().clone();
}

TEST(Ismcts, PlaysAWholeMatchOfEveryGame) {
  register_all_games();
  for (const auto* entry : registered_games()) {
    if (entry->name == "grab" || entry->name == "solo") continue;  // test games: below
    // Nuts to a lower target: a match of 25 hands is long for a test.
    const std::string game = entry->name == "nuts" ? "nuts(max_hands=2)" : entry->name;
    IsmctsStats stats;
    PlayMatch(game, "ismcts(iterations=6)", 3, &stats);
    EXPECT_EQ(stats.fewest_iterations, 6u) << game;
    EXPECT_EQ(stats.most_iterations, 6u) << game;
    EXPECT_EQ(stats.iterations, 6 * stats.searches) << game;
  }
}

// The game's heuristic in the playouts, root-parallel threads, and the variants with
// simultaneous phases (Reds' hidden bids), partnerships and more seats.
TEST(Ismcts, PlaysWithHeuristicPlayoutsThreadsAndVariants) {
  for (const char* game : {"s48(players=3)", "truc", "indian_chief(players=3)", "schwimmen",
                           "tadmur", "nuts(players=3,max_hands=1)"})
    PlayMatch(game, "ismcts(iterations=4,playout=heuristic)", 4);
  IsmctsStats stats;
  PlayMatch("reds(players=4,partnership=true,hidden_bids=true)", "ismcts(iterations=9,threads=2)",
            5, &stats);
  EXPECT_EQ(stats.fewest_iterations, 9u);
  PlayMatch("indian_chief(players=6)", "ismcts(iterations=5)", 6);
  // The other seats modelled by the heuristic: turn, simultaneous and real time.
  for (const char* game : {"bridgette", "reds(hidden_bids=true)", "nuts(max_hands=1)"})
    PlayMatch(game, "ismcts(iterations=6,others=heuristic)", 7);
}

// Same seed, same iterations: the same match, with one thread or several.
TEST(Ismcts, IsDeterministic) {
  for (const char* player : {"ismcts(iterations=20)", "ismcts(iterations=20,threads=3)"}) {
    auto a = PlayMatch("reds(hidden_bids=true)", player, 8);
    auto b = PlayMatch("reds(hidden_bids=true)", player, 8);
    ASSERT_TRUE(a && b);
    EXPECT_TRUE(a->equals(*b)) << player;
  }
  auto game = Load("s48");
  ASSERT_TRUE(game);
  auto state = game->new_match(9, -1, nullptr);
  const Seat seat = state->actors().lowest();
  IsmctsPlayer x = MakeIsmcts({.iterations = 300});
  IsmctsPlayer y = MakeIsmcts({.iterations = 300});
  Rng rx(4), ry(4);
  EXPECT_EQ(x.decide(SeatAccess(*state, seat), rx).move,
            y.decide(SeatAccess(*state, seat), ry).move);
  ASSERT_EQ(x.last_search().size(), y.last_search().size());
  for (std::size_t i = 0; i < x.last_search().size(); ++i) {
    EXPECT_EQ(x.last_search()[i].visits, y.last_search()[i].visits);
    EXPECT_EQ(x.last_search()[i].mean, y.last_search()[i].mean);
  }
  std::uint64_t visits = 0;
  for (const auto& m : x.last_search()) visits += m.visits;
  EXPECT_EQ(visits, 300u);  // every iteration starts with one of the seat's moves
}

// Whoever asks may end a search early (SeatAccess's StopToken: the card room's deadline per move,
// a table that ends, a server that stops): it answers with what it has, a legal move.
TEST(Ismcts, AStopRequestEndsTheSearchWithALegalMove) {
  auto game = Load("s48");
  ASSERT_TRUE(game);
  auto state = game->new_match(9, -1, nullptr);
  const Seat seat = state->actors().lowest();
  IsmctsPlayer player = MakeIsmcts({.iterations = 100000000});
  StopToken stop;
  stop.set_deadline(std::chrono::steady_clock::now() + std::chrono::milliseconds(30));
  Rng rng(4);
  const Move move = player.decide(SeatAccess(*state, seat, &stop), rng).move;
  const auto legal = state->legal_moves(seat);
  EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end());
  EXPECT_LT(player.stats().most_iterations, 100000000u);
  EXPECT_GE(player.stats().most_iterations, 1u);
  // Cancelled from above (the room's token over a table's): at once, after the first iterations.
  StopToken room, table(&room);
  room.cancel();
  EXPECT_TRUE(table.requested());
  player.decide(SeatAccess(*state, seat, &table), rng);
  EXPECT_LE(player.stats().fewest_iterations, 16u);
}

// Two states with the same view for the seat but different hidden cards, the same randomness:
// the same decision and the same search, in a turn game's bidding and play, a simultaneous
// exchange and a real-time race.
TEST(Ismcts, DecidesFromTheSeatsViewOnly) {
  int differing = 0;
  for (const char* game_string : {"s48", "reds", "indian_chief", "nuts"}) {
    auto game = Load(game_string);
    ASSERT_TRUE(game);
    auto truth = game->new_match(21, -1, nullptr);
    Rng walk(5);
    for (int step = 0; step < 6 && !truth->over(); ++step) {
      const Seat seat = truth->actors().lowest();
      Rng draw(99 + step);
      auto other = truth->resample(seat, draw);
      ASSERT_EQ(truth->view(seat), other->view(seat)) << game_string;
      std::vector<Move> decisions;
      for (std::uint64_t seed : {1, 2}) {
        IsmctsPlayer a = MakeIsmcts({.iterations = 40});
        IsmctsPlayer b = MakeIsmcts({.iterations = 40});
        Rng ra(seed), rb(seed);
        const Move on_truth = a.decide(SeatAccess(*truth, seat), ra).move;
        EXPECT_EQ(on_truth, b.decide(SeatAccess(*other, seat), rb).move) << game_string;
        EXPECT_EQ(ra, rb);
        ASSERT_EQ(a.last_search().size(), b.last_search().size());
        for (std::size_t i = 0; i < a.last_search().size(); ++i)
          EXPECT_EQ(a.last_search()[i].visits, b.last_search()[i].visits) << game_string;
        decisions.push_back(on_truth);
      }
      differing += decisions[0] != decisions[1];
      ASSERT_TRUE(truth->apply(seat, *truth->bot_move("heuristic", seat, walk), nullptr).ok());
    }
  }
  EXPECT_GT(differing, 0);  // the decisions come from drawn worlds: some vary with the seed
}

// trust=T: the move played is the most visited, or one visited at least T% as often (the
// game's heuristic move, kept); trust=0 always plays the most visited. Over a few dozen
// decisions of S48 and Indian Chief, trust=100 (kept only on a tie of visits) and trust=1 (kept
// nearly always) both keep the rule, and trust=1 does play moves other than the most visited.
TEST(Ismcts, TrustKeepsTheHeuristicsMoveUnlessTheSearchPrefersAnother) {
  int kept_below_best = 0;
  for (const char* game_string : {"s48", "indian_chief"}) {
    auto game = Load(game_string);
    ASSERT_TRUE(game);
    auto state = game->new_match(33, -1, nullptr);
    Rng walk(8);
    for (int step = 0; step < 24 && !state->over(); ++step) {
      const Seat seat = state->actors().lowest();
      for (int trust : {0, 1, 100}) {
        IsmctsPlayer player = MakeIsmcts({.iterations = 60, .trust = trust});
        Rng rng(static_cast<std::uint64_t>(step));
        const Move move = player.decide(SeatAccess(*state, seat), rng).move;
        if (player.last_search().empty()) continue;  // forced: no search
        std::uint32_t most = 0, chosen = 0;
        for (const auto& m : player.last_search()) {
          most = std::max(most, m.visits);
          if (m.move == move) chosen = m.visits;
        }
        EXPECT_GE(std::uint64_t{chosen} * 100, std::uint64_t{most} * (trust == 0 ? 100 : trust))
            << game_string << " step " << step << " trust " << trust;
        if (trust == 1) kept_below_best += chosen < most;
      }
      ASSERT_TRUE(state->apply(seat, *state->bot_move("heuristic", seat, walk), nullptr).ok());
    }
  }
  EXPECT_GT(kept_below_best, 0);
}

// Matching pennies, played simultaneously: S0 and S1 each choose 0 or 1, hidden until both are
// in; S1 scores 1 if they match, S0 scores 1 if they differ. A search whose tree let the second
// seat see the first's choice would find S1 always matching and S0 always losing; decoupled
// statistics keep each choice hidden, and both moves are worth about nothing to either seat.
struct Pennies {
  static constexpr int kMaxMoves = 2;
  std::array<int, 2> pick{-1, -1};
  std::array<int, 2> points{};
  int rounds = 0;

  int num_seats() const { return 2; }
  SeatSet actors() const {
    SeatSet a;
    for (Seat s = 0; s < 2 && rounds == 0; ++s)
      if (pick[s] < 0) a.add(s);
    return a;
  }
  ActorMode mode() const { return ActorMode::kSimultaneous; }
  void legal_moves(Seat seat, MoveList<kMaxMoves>& out) const {
    out.clear();
    if (!actors().contains(seat)) return;
    out.push(Move{0});
    out.push(Move{1});
  }
  Status apply(Seat seat, Move move, const ApplyContext*) {
    if (!actors().contains(seat)) return Status::Error(kNotYourTurn);
    pick[seat] = static_cast<int>(move.code);
    if (pick[0] >= 0 && pick[1] >= 0) {
      points[pick[0] == pick[1] ? 1 : 0] = 1;
      rounds = 1;
    }
    return Status::Ok();
  }
  bool over() const { return rounds == 1; }
  int score(Seat seat) const { return points[seat]; }
  int team_score(int team) const { return points[team]; }
  SeatSet winners() const { return over() ? SeatSet::of(points[0] ? 0 : 1) : SeatSet(); }
  nlohmann::json view(Seat) const { return {}; }
  // The other seat's choice, when made, is hidden: drawn afresh.
  Pennies resample(Seat seat, Rng& rng) const {
    Pennies w = *this;
    if (rounds == 0 && w.pick[1 - seat] >= 0) w.pick[1 - seat] = static_cast<int>(rng.below(2));
    return w;
  }
  std::string move_text(Move m) const { return std::to_string(m.code); }
  std::optional<Move> parse_move(Seat, std::string_view, std::string*) const {
    return std::nullopt;
  }
  int deals_dealt() const { return 1; }
  int rounds_completed() const { return rounds; }
  nlohmann::json last_round(Seat) const { return {}; }
  std::vector<Pile> piles() const { return {}; }
  const char* check() const { return nullptr; }
  bool operator==(const Pennies&) const = default;
};
static_assert(GameState<Pennies>);

TEST(Ismcts, SimultaneousChoicesStayHidden) {
  for (Seat seat : {0, 1}) {
    SearchMemory memory;
    SearchQuery query;
    query.seat = seat;
    query.iterations = 4000;
    Rng rng(3);
    const SearchResult r = ismcts_search<Pennies>(Pennies{}, nullptr, query, memory, rng);
    ASSERT_EQ(r.moves.size(), 2u);
    for (const SearchMoveStats& m : r.moves) {
      EXPECT_GT(m.visits, 1000u) << "S" << seat;  // neither choice is dominated
      // Each seat's result is its points minus the other's: -1 or +1, about 0 on average.
      EXPECT_GT(m.mean, -0.4) << "S" << seat;
      EXPECT_LT(m.mean, 0.4) << "S" << seat;
    }
  }
  // The second seat's submission comes after the first's in the tree; had its statistics been
  // kept below the first seat's move it would have learned to match, and S0's moves would be
  // worth nearly -1. After S0 has submitted, S1's worlds draw S0's hidden choice afresh.
  Pennies after;
  after.pick[0] = 1;
  SearchMemory memory;
  SearchQuery query;
  query.seat = 1;
  query.iterations = 2000;
  Rng rng(4);
  const SearchResult r =
      ismcts_search<Pennies>(after.resample(1, rng), nullptr, query, memory, rng);
  for (const SearchMoveStats& m : r.moves) EXPECT_LT(std::abs(m.mean), 0.4);
}

// Solo against the house (tests/test_games.h): draw or stop, 17 to 21 wins, over 21 loses.
// Positions from an explicit pack: the first cards drawn, then the rest of the deck.
std::unique_ptr<AnyState> SoloAfter(const std::vector<Card>& drawn) {
  auto game = Load("solo");
  EXPECT_TRUE(game);
  Deal deal;
  deal.hands = {{}};
  deal.pack = drawn;
  for (Card c : CardSet::standard_deck())
    if (std::find(drawn.begin(), drawn.end(), c) == drawn.end()) deal.pack.push_back(c);
  const std::vector<Deal> deals = {deal};
  ApplyContext ctx{.deals = deals};
  auto state = game->new_match(1, -1, &ctx);
  for (std::size_t i = 0; i < drawn.size(); ++i)
    EXPECT_TRUE(state->apply(0, testing_games::solo::draw_move(), nullptr).ok());
  return state;
}

TEST(Ismcts, PrefersTheObviouslyWinningMove) {
  using testing_util::List;
  // 20: stopping wins; drawing busts on anything but an ace.
  auto twenty = SoloAfter(List("TS QS"));
  // 5: stopping loses (short); the next card cannot bust.
  auto five = SoloAfter(List("2S 3S"));
  for (const IsmctsOptions& options :
       {IsmctsOptions{.iterations = 200}, IsmctsOptions{.iterations = 200, .threads = 2}}) {
    IsmctsPlayer player = MakeIsmcts(options);
    Rng rng(1);
    EXPECT_EQ(player.decide(SeatAccess(*twenty, 0), rng).move, testing_games::solo::stop_move());
    EXPECT_EQ(player.decide(SeatAccess(*five, 0), rng).move, testing_games::solo::draw_move());
  }
}

// Real time: Grab (tests/test_games.h) and Nuts, and the time budget cut to the pace.
double g_test_now = 0;
double TestClock() { return g_test_now += 0.001; }  // a millisecond passes at each reading

TEST(Ismcts, RealTimeAndTheTimeBudget) {
  // In Grab every move is forced (the top card): nothing to search.
  PlayMatch("grab(players=3)", "ismcts(iterations=10)", 1, nullptr, false);
  PlayMatch("nuts(players=4,max_hands=1)", "ismcts(iterations=5)", 2);
  auto game = Load("nuts");
  ASSERT_TRUE(game);
  auto state = game->new_match(3, -1, nullptr);
  const Seat seat = 0;
  ASSERT_TRUE(state->actors().contains(seat));
  // The clock is read once at the start and every 16 iterations: a budget of b ms is spent
  // after 16 b iterations of this clock.
  IsmctsPlayer turn = MakeIsmcts({.ms = 50}, 1.0, &TestClock);
  IsmctsPlayer quick = MakeIsmcts({.ms = 50}, 0.02, &TestClock);  // a pace of 20 ms
  Rng rng(1);
  const Decision slow = turn.decide(SeatAccess(*state, seat), rng);
  EXPECT_NEAR(static_cast<double>(turn.stats().iterations), 16 * 50, 16);
  EXPECT_EQ(slow.delay, 1.0);
  const Decision fast = quick.decide(SeatAccess(*state, seat), rng);
  EXPECT_NEAR(static_cast<double>(quick.stats().iterations), 16 * 20, 16);  // within its pace
  EXPECT_EQ(fast.delay, 0.02);
}

// A playout ends at the end of the search's last round: the first (horizon 1, the default), the
// second (2) or the match's (0). Indian Chief's match is seven turns of one meld each (a turn is a
// round), so from its first turn the playouts of horizon 2 play about twice the moves of horizon
// 1, and those of horizon 0 about seven times.
TEST(Ismcts, TheHorizonSetsTheRoundsAPlayoutPlays) {
  auto game = Load("indian_chief");
  ASSERT_TRUE(game);
  auto state = game->new_match(5, -1, nullptr);
  const Seat seat = state->actors().lowest();
  std::map<int, double> per_iteration;
  for (int horizon : {1, 2, 0}) {
    SearchMemory memory;
    SearchQuery query;
    query.seat = seat;
    query.iterations = 300;
    query.horizon = horizon;
    Rng rng(1);
    const auto result = state->search(query, memory, rng);
    ASSERT_TRUE(result);
    per_iteration[horizon] =
        static_cast<double>(result->playout_moves + result->tree_moves) / result->iterations;
  }
  EXPECT_GT(per_iteration[2], 1.6 * per_iteration[1]);
  EXPECT_LT(per_iteration[2], 2.4 * per_iteration[1]);
  EXPECT_GT(per_iteration[0], 5.0 * per_iteration[1]);
  EXPECT_LT(per_iteration[0], 9.0 * per_iteration[1]);
  // The option reaches the search: a player with the horizon plays a whole match.
  PlayMatch("indian_chief(players=3)", "ismcts(iterations=20,horizon=0)", 2);
}

// The tree comes from an arena: once it has grown, a search allocates the same few times (its
// result) whatever its number of iterations: nothing per node, per iteration or per playout.
TEST(Ismcts, AllocatesNothingPerIteration) {
  register_all_games();
  for (const auto* entry : registered_games()) {
    auto game = Load(entry->name);
    ASSERT_TRUE(game);
    auto state = game->new_match(2, -1, nullptr);
    const Seat seat = state->actors().lowest();
    SearchMemory memory;
    SearchQuery query;
    query.seat = seat;
    Rng rng(1);
    query.iterations = 3000;
    ASSERT_TRUE(state->search(query, memory, rng));  // the arena grows to its size
    long counts[2];
    for (int i = 0; i < 2; ++i) {
      query.iterations = i == 0 ? 1500 : 100;
      const long before = cardroom_test_allocations();
      const auto result = state->search(query, memory, rng);
      counts[i] = cardroom_test_allocations() - before;
      ASSERT_TRUE(result);
      EXPECT_EQ(result->iterations, query.iterations);
    }
    EXPECT_EQ(counts[0], counts[1]) << entry->name;
    EXPECT_LE(counts[0], 2) << entry->name;  // the result's list of moves
  }
}

}  // namespace
}  // namespace cardroom
