// The PIMC player (bots/pimc.h): its options and errors, whole matches of legal moves, decisions
// that depend only on what its seat may know, and the time budget, counted in worlds on a clock
// the test drives.
#include "bots/pimc.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bots/registry.h"
#include "bots/trick_solver.h"
#include "core/registry.h"
#include "games/all_games.h"
#include "games/common/test_util.h"
#include "match/match.h"

namespace cardroom {
namespace {

std::unique_ptr<AnyGame> Load(const std::string& game_string) {
  return testing_util::LoadGame(game_string);
}

// The error of loading `player` for `game` ("" if it loads).
std::string LoadError(const std::string& player, const AnyGame& game) {
  std::string error;
  return load_player(player, game, &error) ? "" : error;
}

// A match of `game` played by the heuristic from `seed` until `seat` is to move in `phase`
// ("bid" or "play") with more than one legal move, after `skip` such moments.
std::unique_ptr<AnyState> PlayUntil(const AnyGame& game, std::uint64_t seed, Seat seat,
                                    const std::string& phase, int skip) {
  auto state = game.new_match(seed, 0, nullptr);
  Rng rng(seed);
  while (!state->over()) {
    const Seat actor = state->actors().lowest();
    if (actor == seat && state->view(seat)["phase"] == phase &&
        state->legal_moves(seat).size() > 1 && skip-- == 0)
      return state;
    const auto move = state->bot_move("heuristic", actor, rng);
    EXPECT_TRUE(move.has_value());
    EXPECT_TRUE(state->apply(actor, *move, nullptr).ok());
  }
  ADD_FAILURE() << "the match ended before the moment asked for";
  return state;
}

PimcPlayer MakePimc(const PimcOptions& options, PimcPlayer::Clock clock = {}) {
  return PimcPlayer("pimc", options, 1.0, "heuristic", Teams{}, std::move(clock));
}

TEST(Pimc, OptionsAndErrors) {
  auto s48 = Load("s48");
  ASSERT_TRUE(s48);
  EXPECT_TRUE(s48->has_solver());
  const auto names = player_names(*s48);
  EXPECT_NE(std::find(names.begin(), names.end(), "pimc"), names.end());
  std::string error;
  auto plain = load_player("pimc", *s48, &error);
  ASSERT_TRUE(plain) << error;
  EXPECT_EQ(plain->name(), "pimc");
  // Calls for the most bids made exactly unless told otherwise.
  auto worlds = load_player("pimc(worlds=5)", *s48, &error);
  ASSERT_TRUE(worlds) << error;
  EXPECT_NE(worlds->name().find(",bid=exact,"), std::string::npos) << worlds->name();
  auto set = load_player("pimc(worlds=12,ms=200,tt_mb=2,bid=heuristic)", *s48, &error);
  ASSERT_TRUE(set) << error;
  EXPECT_EQ(set->name(),
            "pimc(worlds=12,ms=200,tt_mb=2,solve_cards=4,direct_cards=8,alone=model,"
            "search_cards=3,bid=heuristic,infer=model,pace_ms=1000)");
  auto alone = load_player("pimc(alone=solve,search_cards=2,bid=exact)", *s48, &error);
  ASSERT_TRUE(alone) << error;
  EXPECT_NE(alone->name().find("alone=solve,search_cards=2,bid=exact"), std::string::npos);

  EXPECT_NE(LoadError("pimc(worlds=0)", *s48).find("worlds"), std::string::npos);
  EXPECT_NE(LoadError("pimc(worlds=0)", *s48).find("1..100000"), std::string::npos);
  EXPECT_NE(LoadError("pimc(ms=-5)", *s48).find("ms"), std::string::npos);
  EXPECT_NE(LoadError("pimc(tt_mb=0)", *s48).find("tt_mb"), std::string::npos);
  EXPECT_NE(LoadError("pimc(solve_cards=65)", *s48).find("0..64"), std::string::npos);
  EXPECT_NE(LoadError("pimc(bid=guess)", *s48).find("exact|solve|heuristic"), std::string::npos);
  EXPECT_NE(LoadError("pimc(alone=both)", *s48).find("model|solve"), std::string::npos);
  EXPECT_NE(LoadError("pimc(search_cards=-1)", *s48).find("search_cards"), std::string::npos);
  EXPECT_NE(LoadError("pimc(depth=3)", *s48).find("depth"), std::string::npos);

  // A game without the solver (not a trick game): a clear error naming the games pimc plays.
  auto schwimmen = Load("schwimmen");
  ASSERT_TRUE(schwimmen);
  EXPECT_FALSE(schwimmen->has_solver());
  const std::string why = LoadError("pimc", *schwimmen);
  EXPECT_NE(why.find("schwimmen has no player 'pimc'"), std::string::npos) << why;
  EXPECT_NE(why.find("pimc plays "), std::string::npos) << why;
  EXPECT_NE(why.find("s48"), std::string::npos) << why;
  EXPECT_EQ(why.find("schwimmen,"), std::string::npos) << why;
  const auto schwimmen_names = player_names(*schwimmen);
  EXPECT_EQ(std::find(schwimmen_names.begin(), schwimmen_names.end(), "pimc"),
            schwimmen_names.end());
}

// A whole S48 match, two PIMC players against two heuristic ones: the runner refuses any illegal
// move, so reaching the end means every move was legal; both kinds of decision were searched.
// Asked to stop (SeatAccess's StopToken), PIMC answers with the worlds it has solved.
TEST(Pimc, AStopRequestEndsTheSearchWithALegalMove) {
  register_all_games();
  register_all_players();
  std::string error;
  auto game = load_game("s48", &error);
  ASSERT_TRUE(game) << error;
  auto player = load_player("pimc(worlds=100000)", *game, &error);
  ASSERT_TRUE(player) << error;
  auto state = game->new_match(3, -1, nullptr);
  Rng rng(5);
  StopToken stop;
  stop.cancel();
  for (int moves = 0; moves < 40 && !state->over(); ++moves) {
    const Seat seat = state->actors().lowest();
    const Move move = player->decide(SeatAccess(*state, seat, &stop), rng).move;
    ASSERT_TRUE(state->apply(seat, move, nullptr).ok()) << state->move_text(move);
  }
  const PimcStats& stats = dynamic_cast<PimcPlayer&>(*player).stats();
  EXPECT_GT(stats.searches, 0u);
  EXPECT_EQ(stats.most_worlds, 1u);  // one world each: the first, then the request was seen
}

TEST(Pimc, PlaysWholeS48Match) {
  auto game = Load("s48(players=4)");
  ASSERT_TRUE(game);
  StateTable table(game->new_match(5, -1, nullptr));
  std::vector<std::unique_ptr<Player>> players;
  std::string error;
  // The model search (the default where each seat scores alone) and the solver's guaranteed
  // scores (alone=solve), bidding for the most exact bids and for the best average.
  for (const char* p :
       {"pimc(worlds=3,bid=exact)", "heuristic", "pimc(worlds=3,alone=solve)", "heuristic"})
    players.push_back(load_player(p, *game, &error));
  std::vector<PimcPlayer*> pimcs = {dynamic_cast<PimcPlayer*>(players[0].get()),
                                    dynamic_cast<PimcPlayer*>(players[2].get())};
  ASSERT_TRUE(pimcs[0] && pimcs[1]);
  VirtualClock clock;
  MatchRunner runner(table, std::move(players), clock, 11);
  ASSERT_EQ(runner.run(&error), MatchRunner::Stop::kOver) << error;
  for (const PimcPlayer* pimc : pimcs) {
    const PimcStats& stats = pimc->stats();
    // 9 rounds of 8..4..8 cards: a bid and 56 cards in all; the last card of each round and
    // other forced cards are played without a search.
    EXPECT_EQ(stats.decisions, 9u + 56u);
    EXPECT_GT(stats.searches, 9u);
    EXPECT_LT(stats.searches, stats.decisions);
    EXPECT_EQ(stats.fewest_worlds, 3u);
    EXPECT_EQ(stats.most_worlds, 3u);
    EXPECT_EQ(stats.worlds, 3 * stats.searches);
  }
  // The model search asks the solver only what the task says (the score tables), never a search.
  EXPECT_EQ(pimcs[0]->stats().nodes, 0u);
  EXPECT_GT(pimcs[1]->stats().nodes, 0u);
}

// Big hands rolled out (direct_cards below the hand), and calls left to the heuristic: a whole
// match of legal moves too, with the same number of decisions searched or not as above.
TEST(Pimc, PlaysWholeS48MatchByRollouts) {
  auto game = Load("s48(players=3)");
  ASSERT_TRUE(game);
  StateTable table(game->new_match(6, -1, nullptr));
  std::vector<std::unique_ptr<Player>> players;
  std::string error;
  for (const char* p : {"pimc(worlds=2,direct_cards=3,solve_cards=2,bid=heuristic,alone=solve)",
                        "heuristic", "pimc(worlds=2,solve_cards=0)"})
    players.push_back(load_player(p, *game, &error));
  auto* rolled = dynamic_cast<PimcPlayer*>(players[0].get());
  auto* unsolved = dynamic_cast<PimcPlayer*>(players[2].get());
  ASSERT_TRUE(rolled && unsolved);
  VirtualClock clock;
  MatchRunner runner(table, std::move(players), clock, 12);
  ASSERT_EQ(runner.run(&error), MatchRunner::Stop::kOver) << error;
  EXPECT_EQ(rolled->stats().decisions, 9u + 56u);
  EXPECT_GT(rolled->stats().searches, 9u);
  EXPECT_GT(rolled->stats().nodes, 0u);
  EXPECT_GT(unsolved->stats().searches, 9u);
}

// Worlds drawn with infer=model follow the other seats' bids: where a heuristic seat bid high,
// its hand in the worlds PIMC keeps holds more high-card points (A 4, K 3, Q 2, J 1) than in worlds
// drawn blindly (and where it bid nil, fewer); the seat's own cards and everything public are the
// same in every world either way; worlds are rejected (more draws than worlds kept).
TEST(Pimc, WorldsFollowTheOtherSeatsBids) {
  auto game = Load("s48(players=4)");
  ASSERT_TRUE(game);
  int checked_high = 0, checked_nil = 0;
  for (std::uint64_t seed = 1; seed < 60 && (checked_high < 2 || checked_nil < 2); ++seed) {
    // Seat 0 to play, every bid of the first round made.
    auto state = PlayUntil(*game, seed, 0, "play", 0);
    const nlohmann::json view = state->view(0);
    for (Seat other = 1; other < 4; ++other) {
      const int bid = view["bids"][other];
      const bool high = bid >= 4, nil = bid == 0;
      if (!(high && checked_high < 2) && !(nil && checked_nil < 2)) continue;
      auto points = [&](const AnyState& world) {
        int count = 0;
        const nlohmann::json seen = world.view(other);
        for (const auto& c : seen["hand"]) {
          const std::string text = c;
          count += text[0] == 'A' ? 4 : text[0] == 'K' ? 3 : text[0] == 'Q' ? 2 : text[0] == 'J';
        }
        return count;
      };
      double mean[2] = {0, 0};
      for (int infer = 0; infer < 2; ++infer) {
        PimcPlayer pimc = MakePimc(PimcOptions{.infer = infer == 0 ? PimcOptions::Infer::kNone
                                                                   : PimcOptions::Infer::kModel});
        Rng rng(seed);
        const SeatAccess seat(*state, 0);
        constexpr int kWorlds = 200;
        for (int w = 0; w < kWorlds; ++w) {
          const auto world = pimc.draw_world(seat, rng);
          EXPECT_EQ(world->view(0), state->view(0));
          mean[infer] += points(*world) / static_cast<double>(kWorlds);
        }
        if (infer == 0)
          EXPECT_EQ(pimc.stats().draws, static_cast<std::uint64_t>(kWorlds));
        else
          EXPECT_GT(pimc.stats().draws, static_cast<std::uint64_t>(kWorlds));
      }
      if (high) {
        EXPECT_GT(mean[1], mean[0] + 2) << "seed " << seed << " seat " << other << " bid " << bid;
        ++checked_high;
      } else {
        EXPECT_LT(mean[1], mean[0] - 0.25) << "seed " << seed << " seat " << other << " bid nil";
        ++checked_nil;
      }
    }
  }
  EXPECT_EQ(checked_high, 2);
  EXPECT_EQ(checked_nil, 2);
}

// bid=exact counts the targets made also where none of the seat's moves is searched
// (search_cards=0: the heuristic plays the seat's cards to the end of the round): its bids are not
// all those of bid=solve, which bids higher when a higher bid scores more.
TEST(Pimc, ExactBidsWithoutSearch) {
  auto game = Load("s48(players=4)");
  ASSERT_TRUE(game);
  int differ = 0, lower = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    auto state = PlayUntil(*game, seed, 0, "bid", 0);
    int bids[2];
    for (int exact = 0; exact < 2; ++exact) {
      PimcPlayer pimc =
          MakePimc(PimcOptions{.worlds = 10,
                               .bid = exact ? PimcOptions::Bid::kExact : PimcOptions::Bid::kSolve,
                               .search_cards = 0});
      Rng rng(seed);
      const std::string text = state->move_text(pimc.decide(SeatAccess(*state, 0), rng).move);
      bids[exact] = std::stoi(text.substr(4));
    }
    differ += bids[0] != bids[1];
    lower += bids[1] < bids[0];
  }
  EXPECT_GE(differ, 2);
  EXPECT_GE(lower, 1);
}

// bid=exact counts a target made only where one trick total scores best (a bid to make exactly).
// Red Rover's contracts are made by any total from the declarer's target up: there bid=exact
// calls what bid=solve calls, from the same worlds and randomness (at seed 17, seat 2 bid=exact
// called a Bull Rush, a contract made by taking all its tricks, when any single best trick total
// counted as a target made; bid=solve passes).
TEST(Pimc, ExactBidsOnlyForAnExactTarget) {
  auto game = Load("red_rover");
  ASSERT_TRUE(game);
  int calls = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed)
    for (Seat seat = 0; seat < 3; ++seat) {
      auto state = PlayUntil(*game, seed, seat, "auction", 0);
      if (state->over()) continue;
      Move made[2];
      Rng rngs[2] = {Rng(seed), Rng(seed)};
      for (int exact = 0; exact < 2; ++exact) {
        PimcPlayer pimc = MakePimc(PimcOptions{
            .worlds = 4, .bid = exact ? PimcOptions::Bid::kExact : PimcOptions::Bid::kSolve});
        made[exact] = pimc.decide(SeatAccess(*state, seat), rngs[exact]).move;
        EXPECT_EQ(pimc.stats().searches, 1u) << "seed " << seed << " seat " << seat;
      }
      EXPECT_EQ(made[0], made[1]) << "seed " << seed << " seat " << seat;
      EXPECT_EQ(rngs[0], rngs[1]) << "seed " << seed << " seat " << seat;
      ++calls;
    }
  EXPECT_GE(calls, 50);
}

// Two states that look the same from the seat (same view) but hide different cards: the same
// decision for the same randomness, in the bidding and in the play.
TEST(Pimc, DecidesFromTheSeatsViewOnly) {
  auto game = Load("s48(players=4)");
  ASSERT_TRUE(game);
  int differing_decisions = 0;
  for (const auto& [phase, skip] : std::vector<std::pair<std::string, int>>{
           {"bid", 0}, {"play", 1}, {"play", 3}, {"play", 9}}) {
    const Seat seat = 1;
    auto truth = PlayUntil(*game, 21, seat, phase, skip);
    Rng draw(99);
    auto other = truth->resample(seat, draw);
    ASSERT_EQ(truth->view(seat), other->view(seat)) << phase;
    ASSERT_NE(truth->view((seat + 1) % 4), other->view((seat + 1) % 4))
        << phase << ": the next seat's hidden hand should differ";
    std::vector<Move> decisions;
    for (std::uint64_t seed : {1, 2, 3}) {
      // Cards solved directly, and rolled out to 2 cards first (a big hand's way).
      for (const PimcOptions& options :
           {PimcOptions{.worlds = 6},
            PimcOptions{.worlds = 3, .bid = PimcOptions::Bid::kExact, .search_cards = 4},
            PimcOptions{.worlds = 3, .alone = PimcOptions::Alone::kSolve},
            PimcOptions{.worlds = 3,
            .solve_cards = 2,
            .direct_cards = 2,
            .alone = PimcOptions::Alone::kSolve}}) {
        PimcPlayer a = MakePimc(options);
        PimcPlayer b = MakePimc(options);
        Rng ra(seed), rb(seed);
        const Move on_truth = a.decide(SeatAccess(*truth, seat), ra).move;
        EXPECT_EQ(on_truth, b.decide(SeatAccess(*other, seat), rb).move) << phase << " " << skip;
        EXPECT_EQ(ra, rb);
        EXPECT_EQ(a.stats().searches, 1u);
        if (options.worlds == 6) decisions.push_back(on_truth);
      }
    }
    // A seat whose search looked at the true hands would not need worlds at all; these decisions
    // came from drawn worlds, so some vary with the randomness (checked over all moments).
    differing_decisions += decisions[0] != decisions[1] || decisions[1] != decisions[2];
  }
  EXPECT_GT(differing_decisions, 0);
}

// The card ranks of a JSON list of cards, in one suit.
int Rank(const nlohmann::json& card) { return rank_of(*parse_card(card.get<std::string>())); }
int Suit(const nlohmann::json& card) { return suit_of(*parse_card(card.get<std::string>())); }

// What the model search asks of the solver besides values: each seat's round score by its trick
// total (S48: 10 times the bid, at least 1, for the bid exactly, else minus the same) and the
// tricks the seat has won.
TEST(Pimc, SolverAnswersScoresAndTricksWon) {
  auto game = Load("s48(players=4)");
  ASSERT_TRUE(game);
  auto state = PlayUntil(*game, 13, 2, "play", 4);
  const nlohmann::json v = state->view(2);
  SolverMemory memory(1 << 20);
  const auto r = state->solve(SolveQuery{.seat = 2, .tricks = true, .each_card = false}, memory);
  ASSERT_TRUE(r);
  const int tricks = v["hand_size"];
  EXPECT_EQ(r->tricks, tricks);
  EXPECT_EQ(r->won, v["tricks_won"][2].get<int>());
  ASSERT_EQ(r->scores.size(), static_cast<std::size_t>(4 * (tricks + 1)));
  for (Seat s = 0; s < 4; ++s) {
    const int bid = v["bids"][s], e = std::max(bid, 1);
    for (int t = 0; t <= tricks; ++t)
      EXPECT_EQ(r->scores[s * (tricks + 1) + t], t == bid ? 10 * e : -e) << s << " " << t;
  }
  // Partners in Reds: a team's points are no function of its trick total, so no scores.
  auto reds = Load("reds(partnership=true)");
  ASSERT_TRUE(reds);
  auto late = PlayUntil(*reds, 3, 0, "play", 6);
  const auto plain = late->solve(SolveQuery{.tricks = true, .each_card = false}, memory);
  ASSERT_TRUE(plain);
  EXPECT_TRUE(plain->scores.empty());
}

// The model search in S48: a seat that bid nil and has taken no trick, last to play to a trick
// with a card that would win it and one that would not, ducks (taking the trick loses its bid in
// every world). Found in heuristic matches; checked at several such moments.
TEST(Pimc, ModelSearchDucksForNil) {
  auto game = Load("s48(players=4)");
  ASSERT_TRUE(game);
  int checked = 0;
  for (std::uint64_t seed = 1; seed < 40 && checked < 3; ++seed) {
    auto state = game->new_match(seed, 0, nullptr);
    Rng rng(seed);
    while (!state->over() && checked < 3) {
      const Seat actor = state->actors().lowest();
      const nlohmann::json v = state->view(actor);
      if (v["phase"] == "play" && v["bids"][actor] == 0 && v["tricks_won"][actor] == 0 &&
          v["trick"]["cards"].size() == 3) {
        const auto& trick = v["trick"]["cards"];
        int top = Rank(trick[0]);
        for (const auto& c : trick)
          if (Suit(c) == Suit(trick[0])) top = std::max(top, Rank(c));
        bool over = false, under = false;
        for (const auto& c : v["hand"]) {
          if (Suit(c) != Suit(trick[0])) continue;
          (Rank(c) > top ? over : under) = true;
        }
        if (over && under) {
          PimcPlayer pimc = MakePimc(PimcOptions{.worlds = 4});
          Rng r(seed);
          const Move m = pimc.decide(SeatAccess(*state, actor), r).move;
          const std::string text = state->move_text(m);
          const Card c = *parse_card(text.substr(text.find(' ') + 1));
          EXPECT_TRUE(suit_of(c) == Suit(trick[0]) && rank_of(c) < top) << text;
          EXPECT_EQ(pimc.stats().searches, 1u);
          ++checked;
        }
      }
      EXPECT_TRUE(state->apply(actor, *state->bot_move("heuristic", actor, rng), nullptr).ok());
    }
  }
  EXPECT_EQ(checked, 3);
}

// The time budget, on a clock that moves `step` seconds at every look: worlds are counted.
TEST(Pimc, TimeBudgetCountsWorlds) {
  auto game = Load("s48(players=4)");
  ASSERT_TRUE(game);
  auto play = PlayUntil(*game, 8, 0, "play", 0);
  auto bid = PlayUntil(*game, 8, 2, "bid", 0);
  auto ticking = [](double step) { return [step, now = 0.0]() mutable { return now += step; }; };
  for (const AnyState* state : {play.get(), bid.get()}) {
    const Seat seat = state->actors().lowest();
    Rng rng(4);
    // 1 ms a look, 10 ms budget: the decision's start and one look after each world.
    PimcPlayer ten = MakePimc(PimcOptions{.worlds = 3, .ms = 10}, ticking(0.001));
    ten.decide(SeatAccess(*state, seat), rng);
    EXPECT_EQ(ten.stats().searches, 1u);
    EXPECT_EQ(ten.stats().worlds, 10u);  // `worlds` does not count with a budget
    // A budget spent before the first world ends: still one world.
    PimcPlayer slow = MakePimc(PimcOptions{.ms = 10}, ticking(1.0));
    slow.decide(SeatAccess(*state, seat), rng);
    EXPECT_EQ(slow.stats().worlds, 1u);
    // No budget: `worlds` worlds.
    PimcPlayer counted = MakePimc(PimcOptions{.worlds = 7}, ticking(1.0));
    counted.decide(SeatAccess(*state, seat), rng);
    EXPECT_EQ(counted.stats().worlds, 7u);
  }
  // The real clock: a 1 ms budget still solves at least one world per search.
  std::string error;
  auto real = load_player("pimc(ms=1)", *game, &error);
  ASSERT_TRUE(real) << error;
  Rng rng(5);
  const Seat seat = play->actors().lowest();
  const Move move = real->decide(SeatAccess(*play, seat), rng).move;
  const auto legal = play->legal_moves(seat);
  EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end());
  const auto& stats = dynamic_cast<PimcPlayer&>(*real).stats();
  EXPECT_EQ(stats.searches, 1u);
  EXPECT_GE(stats.fewest_worlds, 1u);
}

// One legal move (the last card of a round): made at once, no search.
TEST(Pimc, ForcedMoveWithoutSearch) {
  auto game = Load("s48(players=4)");
  ASSERT_TRUE(game);
  auto state = game->new_match(3, 0, nullptr);
  Rng rng(3);
  PimcPlayer pimc = MakePimc(PimcOptions{.worlds = 2});
  bool forced = false;
  while (!state->over() && !forced) {
    const Seat actor = state->actors().lowest();
    if (state->legal_moves(actor).size() == 1) {
      const Move m = pimc.decide(SeatAccess(*state, actor), rng).move;
      EXPECT_EQ(m, state->legal_moves(actor)[0]);
      EXPECT_EQ(pimc.stats().searches, 0u);
      forced = true;
    }
    EXPECT_TRUE(state->apply(actor, *state->bot_move("heuristic", actor, rng), nullptr).ok());
  }
  EXPECT_TRUE(forced);
}

// A card play the game's solver does not value (Red Rover's marriage games, which score kings and
// queens captured): every card rolled out to the end of the round, not left to the heuristic.
TEST(Pimc, RollsOutCardPlayTheSolverDoesNotValue) {
  auto game = Load("red_rover");
  ASSERT_TRUE(game);
  SolverMemory memory(1 << 16);
  const Seat seat = 1;
  for (int skip = 4; skip < 40; ++skip) {
    auto state = PlayUntil(*game, 3, seat, "play", skip);
    if (state->over() || state->solve(SolveQuery{.seat = seat}, memory) ||
        state->view(seat)["hand"].size() > 8)
      continue;
    PimcPlayer pimc = MakePimc(PimcOptions{.worlds = 3});
    Rng rng(7);
    const Move move = pimc.decide(SeatAccess(*state, seat), rng).move;
    const auto legal = state->legal_moves(seat);
    EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end());
    EXPECT_EQ(pimc.stats().searches, 1u);
    EXPECT_EQ(pimc.stats().worlds, 3u);
    return;
  }
  ADD_FAILURE() << "no card play without a solver answer and at most 8 cards in hand";
}

}  // namespace
}  // namespace cardroom
