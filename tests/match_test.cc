// The match runner (src/match/match.h) and the players on it, with the test-only games of
// tests/test_games.h ("grab": real time; "solo": one seat against the house) and the real games:
// real time on a virtual clock, races decided by pace and never by seat number, stale moves,
// records that keep arrival times, seats left to the outside, random playouts of a real-time game,
// and matches the house wins. No test looks at the wall clock.
#include "match/match.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "bots/registry.h"
#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/common/test_util.h"
#include "match/simulate.h"
#include "test_games.h"

namespace cardroom {
namespace {

namespace tu = testing_util;
using testing_games::grab::take_move;

std::unique_ptr<AnyGame> Load(const std::string& game_string) {
  register_all_games();
  testing_games::register_test_games();
  std::string error;
  auto game = load_game(game_string, &error);
  EXPECT_TRUE(game) << game_string << ": " << error;
  return game;
}

// Players by player string, one per seat; "" leaves the seat to the outside.
std::vector<std::unique_ptr<Player>> Players(const AnyGame& game,
                                             const std::vector<std::string>& strings) {
  std::vector<std::unique_ptr<Player>> out;
  for (const auto& s : strings) {
    if (s.empty()) {
      out.push_back(nullptr);
      continue;
    }
    std::string error;
    out.push_back(load_player(s, game, &error));
    EXPECT_TRUE(out.back()) << s << ": " << error;
  }
  return out;
}

const testing_games::grab::State& GrabState(const AnyState& state) {
  return dynamic_cast<const StateAdapter<testing_games::grab::Game>&>(state).state();
}

const testing_games::grab::Game& GrabGame(const AnyGame& game) {
  return dynamic_cast<const GameAdapter<testing_games::grab::Game>&>(game).game();
}

// A table that checks that every move the runner makes and the state refuses changes nothing.
class CheckingTable final : public MatchTable {
 public:
  explicit CheckingTable(std::unique_ptr<AnyState> state) : inner_(std::move(state)) {}
  const AnyState& state() const override { return inner_.state(); }
  bool apply(Seat seat, Move move, double time, std::vector<Event>* events,
             std::string* error) override {
    auto before = inner_.state().clone();
    if (inner_.apply(seat, move, time, events, error)) {
      ++applied_;
      return true;
    }
    ++refused_;
    EXPECT_TRUE(inner_.state().equals(*before)) << "a refused move changed the state";
    last_error_ = *error;
    return false;
  }
  int applied() const { return applied_; }
  int refused() const { return refused_; }
  const std::string& last_error() const { return last_error_; }

 private:
  StateTable inner_;
  int applied_ = 0, refused_ = 0;
  std::string last_error_;
};

// Cards each seat took in a finished or unfinished match of grab.
std::vector<int> CardsTaken(const AnyState& state) {
  const auto& s = GrabState(state);
  std::vector<int> out;
  for (Seat seat = 0; seat < s.num_seats(); ++seat) out.push_back(s.taken(seat).size());
  return out;
}

// ---------------------------------------------------------------------------------------------
// The test games themselves

TEST(TestGames, RegisteredWithTheirPlayersAndTheHouseFlag) {
  auto grab = Load("grab");
  auto solo = Load("solo");
  auto reds = Load("reds");
  ASSERT_TRUE(grab && solo && reds);
  EXPECT_EQ(grab->num_seats(), 2);
  EXPECT_EQ(Load("grab(players=4)")->num_seats(), 4);
  std::string error;
  EXPECT_FALSE(load_game("grab(players=5)", &error));
  EXPECT_NE(error.find("players"), std::string::npos) << error;
  EXPECT_EQ(solo->num_seats(), 1);
  // Only the game against the house says so (XGame::kAgainstHouse, read by the adapter).
  EXPECT_TRUE(solo->against_house());
  EXPECT_FALSE(grab->against_house());
  for (const auto* entry : registered_games()) {
    const bool house = entry->name == "solo" || entry->name == "bridge_solitaire";
    if (auto game = Load(entry->name)) {
      EXPECT_EQ(game->against_house(), house) << entry->name;
    }
  }
  for (const auto* game : {grab.get(), solo.get()}) {
    EXPECT_TRUE(tu::Contains(player_names(*game), "heuristic")) << game->name();
    EXPECT_TRUE(tu::Contains(player_names(*game), "random")) << game->name();
  }
  EXPECT_EQ(grab->new_match(1, -1, nullptr)->mode(), ActorMode::kRealTime);
  EXPECT_EQ(solo->new_match(1, -1, nullptr)->mode(), ActorMode::kTurn);
}

// An explicit grab deal: the stack top first, each seat's lucky heart.
std::unique_ptr<Session> GrabSession(const std::string& stack, const std::string& lucky) {
  auto game = Load("grab");
  Deal deal;
  deal.pack = tu::List(stack);
  for (Card c : tu::List(lucky)) deal.hands.push_back({c});
  std::string error;
  auto session = Session::create(std::move(game), 1, 0, {deal}, &error);
  EXPECT_TRUE(session) << error;
  return session;
}

TEST(TestGames, GrabTakesTheTopSpadeAndRefusesStaleTakes) {
  auto s = GrabSession("7S KS AS 2S 3S 4S 5S 6S 8S 9S TS JS QS", "7H 2H");
  ASSERT_TRUE(s);
  std::string error;
  EXPECT_EQ(s->state().legal_moves(0), std::vector<Move>{take_move(tu::List("7S")[0])});
  EXPECT_EQ(s->state().view(1)["top"], "7S");
  EXPECT_EQ(s->state().view(0)["hand"], nlohmann::json::array({"7H"}));
  EXPECT_EQ(s->state().view(0)["lucky"], nlohmann::json::array({"7H", nullptr}));
  EXPECT_EQ(s->state().view(kSpectator)["lucky"], nlohmann::json::array({nullptr, nullptr}));
  // Not the top card: refused, nothing changes.
  auto before = s->state().clone();
  EXPECT_FALSE(s->play(1, "take KS", &error));
  EXPECT_NE(error.find("only the top card"), std::string::npos) << error;
  EXPECT_FALSE(s->play(1, "take 7H", &error));
  EXPECT_NE(error.find("only spades"), std::string::npos) << error;
  EXPECT_FALSE(s->play(1, "grab 7S", &error));
  EXPECT_NE(error.find("not a Grab move"), std::string::npos) << error;
  EXPECT_TRUE(s->state().equals(*before));
  // S0 takes 7S on its lucky rank: doubled, and the text says so.
  ASSERT_TRUE(s->play(0, "take 7S", &error)) << error;
  EXPECT_EQ(s->state().score(0), 14);
  EXPECT_EQ(s->events().back().text, "top of the stack: KS (12 left)");
  EXPECT_EQ(s->events()[s->events().size() - 2].text, "S0 takes 7S: lucky, 14 points (total 14)");
  // S1 decided on 7S too: its move arrives late and is refused as stale, changing nothing.
  before = s->state().clone();
  EXPECT_FALSE(s->play(1, "take 7S", &error));
  EXPECT_NE(error.find("no longer on top"), std::string::npos) << error;
  EXPECT_TRUE(s->state().equals(*before));
  ASSERT_TRUE(s->play(1, "KS", &error)) << error;  // a bare card is a take
  EXPECT_EQ(s->state().score(1), 13);
  ASSERT_TRUE(s->play(1, "take AS", &error)) << error;
  EXPECT_EQ(s->state().score(1), 14);
  ASSERT_TRUE(s->play(1, "take 2S", &error)) << error;
  EXPECT_EQ(s->state().score(1), 18);  // 2S on the lucky 2H: doubled
  // Everyone knows S0's lucky rank now (its take doubled); resampling keeps it, and keeps S1's
  // lucky rank as 2 too, while the spare hearts vary.
  Rng rng(3);
  for (int k = 0; k < 20; ++k) {
    auto world = s->state().resample(kSpectator, rng);
    EXPECT_EQ(GrabState(*world).lucky(0), tu::List("7H")[0]);
    EXPECT_EQ(GrabState(*world).lucky(1), tu::List("2H")[0]);
    EXPECT_EQ(world->check(), nullptr);
  }
  // The rest: the match ends when the stack is empty; the higher score wins.
  for (const char* card : {"3S", "4S", "5S", "6S", "8S", "9S", "TS", "JS"})
    ASSERT_TRUE(s->play(0, std::string("take ") + card, &error)) << error;
  ASSERT_TRUE(s->play(1, "take QS", &error)) << error;
  EXPECT_TRUE(s->state().over());
  EXPECT_EQ(s->state().score(0), 14 + 3 + 4 + 5 + 6 + 8 + 9 + 10 + 11);
  EXPECT_EQ(s->state().score(1), 18 + 12);
  EXPECT_EQ(s->state().winners(), SeatSet::of(0));
  EXPECT_EQ(s->state().view(1)["lucky"], nlohmann::json::array({"7H", "2H"}));
  EXPECT_FALSE(s->play(0, "take 7S", &error));
  EXPECT_EQ(error, "the game is over");
  EXPECT_EQ(s->events().back().kind, EventKind::kGameOver);
}

TEST(TestGames, GrabTiesShareTheWin) {
  // 91 points in the stack, plus 3 and 4 for the lucky takes: 49 each.
  auto s = GrabSession("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "3H 4H");
  ASSERT_TRUE(s);
  std::string error;
  const std::vector<std::pair<Seat, const char*>> takes = {
      {1, "AS"}, {1, "2S"}, {0, "3S"}, {1, "4S"}, {1, "5S"}, {1, "6S"}, {0, "7S"},
      {1, "8S"}, {1, "9S"}, {1, "TS"}, {0, "JS"}, {0, "QS"}, {0, "KS"}};
  for (auto [seat, card] : takes) ASSERT_TRUE(s->play(seat, card, &error)) << card << error;
  EXPECT_EQ(s->state().score(0), 6 + 7 + 11 + 12 + 13);
  EXPECT_EQ(s->state().score(1), 1 + 2 + 8 + 5 + 6 + 8 + 9 + 10);
  EXPECT_EQ(s->state().winners(), SeatSet::first_n(2));
  EXPECT_EQ(s->events().back().text, "game over; winners (tied): S0 S1");
  EXPECT_EQ(s->summary()["winners"], nlohmann::json::array({0, 1}));
}

TEST(TestGames, SoloWinsLosesAndBusts) {
  auto play = [](const std::string& pack_top, const std::vector<std::string>& moves) {
    auto game = Load("solo");
    Deal deal;
    deal.hands = {{}};
    deal.pack = tu::List(pack_top);
    for (Card c : CardSet::standard_deck())
      if (std::find(deal.pack.begin(), deal.pack.end(), c) == deal.pack.end())
        deal.pack.push_back(c);
    std::string error;
    auto s = Session::create(std::move(game), 1, -1, {deal}, &error);
    EXPECT_TRUE(s) << error;
    for (const auto& m : moves) EXPECT_TRUE(s->play(0, m, &error)) << m << ": " << error;
    return s;
  };
  auto won = play("KS 7H", {"draw", "draw", "stop"});
  EXPECT_TRUE(won->state().over());
  EXPECT_EQ(won->state().winners(), SeatSet::of(0));
  EXPECT_EQ(won->state().score(0), 1);
  auto short_stop = play("KS 6H", {"draw", "draw", "stop"});
  EXPECT_TRUE(short_stop->state().over());
  EXPECT_TRUE(short_stop->state().winners().empty());
  EXPECT_EQ(short_stop->summary()["rounds"][0]["outcome"], "short");
  auto bust = play("KS QS 2C", {"draw", "draw", "draw"});
  EXPECT_TRUE(bust->state().over());
  EXPECT_TRUE(bust->state().winners().empty());
  EXPECT_EQ(bust->summary()["rounds"][0]["outcome"], "bust");
  EXPECT_EQ(bust->events().back().kind, EventKind::kGameOver);
  EXPECT_TRUE(bust->events().back().seats.empty());
  EXPECT_EQ(bust->events().back().text, "game over: the house wins");
  // Aces count 1: A A A ... never bust early.
  auto aces = play("AS AH AD AC KS", {"draw", "draw", "draw", "draw", "draw", "draw"});
  EXPECT_EQ(aces->state().view(0)["total"], 4 + 10 + 2);  // the sixth card is 2S, the first left
  std::string error;
  EXPECT_FALSE(aces->play(0, "hit", &error));
  EXPECT_NE(error.find("not a Solo move"), std::string::npos) << error;
}

TEST(TestGames, SoloResampleReshufflesThePackOnly) {
  auto game = Load("solo");
  auto state = game->new_match(5, -1, nullptr);
  ASSERT_TRUE(state->apply(0, testing_games::solo::draw_move(), nullptr).ok());
  Rng rng(2);
  std::set<std::vector<Card>> packs;
  for (int k = 0; k < 10; ++k) {
    auto world = state->resample(0, rng);
    EXPECT_EQ(world->view(0), state->view(0));
    EXPECT_EQ(world->check(), nullptr);
    const auto piles = world->piles();
    ASSERT_EQ(piles.size(), 2u);
    EXPECT_EQ(piles[0].cards, state->piles()[0].cards);  // the drawn card
    EXPECT_EQ(piles[1].visible_to, SeatSet());           // the pack: nobody sees it
    packs.insert(piles[1].cards);
  }
  EXPECT_GT(packs.size(), 5u);
  EXPECT_EQ(packs.count(state->piles()[1].cards), 0u) << "a resample gave back the true pack";
}

// ---------------------------------------------------------------------------------------------
// Real time on a virtual clock

TEST(MatchRunner, RealTimeTablesGiveApplyTheArrivalTime) {
  // ApplyContext::time_ms: from the table's clock (StateTable and SessionTable), from
  // Session::play's time_ms (also when a record replays), absent when there is none.
  auto game = Load("grab");
  ASSERT_TRUE(game);
  std::string error;
  StateTable table(game->new_match(7, -1, nullptr));
  const Card top = GrabState(table.state()).top();
  ASSERT_TRUE(table.apply(0, take_move(top), 1.2345, nullptr, &error)) << error;
  EXPECT_EQ(GrabState(table.state()).last_time_ms(), 1235);
  auto session = Session::create(Load("grab"), 7, -1, {}, &error);
  ASSERT_TRUE(session) << error;
  SessionTable session_table(*session);
  ASSERT_TRUE(session_table.apply(1, take_move(top), 0.5, nullptr, &error));
  EXPECT_EQ(GrabState(session->state()).last_time_ms(), 500);
  const Card next = GrabState(session->state()).top();
  ASSERT_TRUE(session->play(0, take_move(next), &error)) << error;
  EXPECT_EQ(GrabState(session->state()).last_time_ms(), -1);
  const Card third = GrabState(session->state()).top();
  ASSERT_TRUE(session->play(1, take_move(third), &error, 900)) << error;
  auto replayed = Session::from_record(session->record(), &error);
  ASSERT_TRUE(replayed) << error;
  EXPECT_EQ(GrabState(replayed->state()).last_time_ms(), 900);
  EXPECT_TRUE(replayed->state().equals(session->state()));
}

TEST(MatchRunner, RealTimeMatchRunsToTheEndOnAVirtualClock) {
  for (const char* pair : {"heuristic(pace_ms=100)", "random(pace_ms=250)"}) {
    SCOPED_TRACE(pair);
    auto game = Load("grab");
    ASSERT_TRUE(game);
    StateTable table(game->new_match(7, -1, nullptr));
    VirtualClock clock;
    MatchRunner runner(table, Players(*game, {pair, pair}), clock, 11);
    const double pace = std::string(pair).find("100") != std::string::npos ? 0.1 : 0.25;
    EXPECT_DOUBLE_EQ(runner.next_due(), pace);  // both decided at 0, due one pace later
    std::string error;
    std::uint64_t seq = 0;
    int steps = 0;
    for (;;) {
      const auto stop = runner.step(&error);
      if (stop == MatchRunner::Stop::kOver) break;
      ASSERT_EQ(stop, MatchRunner::Stop::kMoved) << error;
      ASSERT_LT(++steps, 100);
      if (table.state().seq() != seq) {
        seq = table.state().seq();
        // Every take comes one pace after the previous one: both seats were asked at once.
        EXPECT_NEAR(clock.now(), static_cast<double>(seq) * pace, 1e-9) << "take " << seq;
      }
    }
    EXPECT_TRUE(table.state().over());
    EXPECT_EQ(table.state().seq(), 13u);
    EXPECT_NEAR(clock.now(), 13 * pace, 1e-9);
    EXPECT_EQ(runner.next_due(), std::numeric_limits<double>::infinity());
    EXPECT_EQ(runner.step(&error), MatchRunner::Stop::kOver);
    const auto taken = CardsTaken(table.state());
    EXPECT_EQ(taken[0] + taken[1], 13);
    EXPECT_FALSE(table.state().winners().empty());
  }
}

TEST(MatchRunner, PaceDecidesRaces) {
  auto game = Load("grab");
  ASSERT_TRUE(game);
  int fast_total = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    // The fast player sits at S0 in even matches and at S1 in odd ones: pace, not the seat.
    const Seat fast = static_cast<Seat>(seed % 2);
    std::vector<std::string> who(2, "heuristic(pace_ms=300)");
    who[fast] = "random(pace_ms=100)";
    StateTable table(game->new_match(seed, -1, nullptr));
    VirtualClock clock;
    MatchRunner runner(table, Players(*game, who), clock, seed + 40);
    std::string error;
    ASSERT_EQ(runner.run(&error), MatchRunner::Stop::kOver) << error;
    const auto taken = CardsTaken(table.state());
    // The fast seat is due three times for each time the slow one is; the slow seat's decision
    // goes stale whenever the fast one takes a card before it comes due.
    EXPECT_GE(taken[fast], 8) << "seed " << seed;
    fast_total += taken[fast];
  }
  EXPECT_GE(fast_total, 20 * 9);
}

TEST(MatchRunner, EqualPacesShowNoSeatBias) {
  auto game = Load("grab");
  ASSERT_TRUE(game);
  constexpr int kMatches = 400;
  std::array<int, 2> wins{}, cards{};
  int stale = 0;
  std::set<std::vector<int>> first_takers;
  for (int i = 0; i < kMatches; ++i) {
    StateTable table(game->new_match(static_cast<std::uint64_t>(i), -1, nullptr));
    VirtualClock clock;
    MatchRunner runner(table, Players(*game, {"heuristic(pace_ms=200)", "heuristic(pace_ms=200)"}),
                       clock, static_cast<std::uint64_t>(i) * 7 + 3);
    std::string error;
    ASSERT_EQ(runner.run(&error), MatchRunner::Stop::kOver) << error;
    const auto taken = CardsTaken(table.state());
    for (Seat s = 0; s < 2; ++s) {
      cards[s] += taken[s];
      wins[s] += table.state().winners().contains(s);
    }
    stale += runner.stale_moves();
  }
  // Every card is a race at equal times, broken by the runner's seeded RNG: each seat takes about
  // half the cards (6.5 of 13 per match; 5200 races, sd 0.7%) and wins about half the matches.
  for (Seat s = 0; s < 2; ++s) {
    const double card_share = cards[s] / (13.0 * kMatches);
    const double win_share = static_cast<double>(wins[s]) / (wins[0] + wins[1]);
    EXPECT_GT(card_share, 0.45) << "S" << s;
    EXPECT_LT(card_share, 0.55) << "S" << s;
    EXPECT_GT(win_share, 0.35) << "S" << s;
    EXPECT_LT(win_share, 0.65) << "S" << s;
  }
  // Every race has a loser, whose move comes due in a state where its card is gone; but the
  // last one's lapses: the match is over.
  EXPECT_EQ(stale, 12 * kMatches);
}

TEST(MatchRunner, StaleMovesAreRefusedAndChangeNothing) {
  auto game = Load("grab(players=3)");
  ASSERT_TRUE(game);
  CheckingTable table(game->new_match(21, -1, nullptr));
  VirtualClock clock;
  MatchRunner runner(
      table, Players(*game, {"random(pace_ms=50)", "heuristic(pace_ms=50)", "random(pace_ms=50)"}),
      clock, 8);
  std::string error;
  ASSERT_EQ(runner.run(&error), MatchRunner::Stop::kOver) << error;
  EXPECT_EQ(table.applied(), 13);
  EXPECT_GT(runner.stale_moves(), 0);
  EXPECT_EQ(runner.stale_moves(), table.refused());
  EXPECT_NE(table.last_error().find("no longer on top"), std::string::npos) << table.last_error();
  EXPECT_EQ(table.state().check(), nullptr);
  const auto taken = CardsTaken(table.state());
  EXPECT_EQ(taken[0] + taken[1] + taken[2], 13);
}

// A move from the outside makes a computer seat's pending decision stale.
TEST(MatchRunner, OutsideMoveInRealTimeMakesPendingDecisionsStale) {
  auto game = Load("grab");
  ASSERT_TRUE(game);
  StateTable table(game->new_match(3, -1, nullptr));
  VirtualClock clock;
  MatchRunner runner(table, Players(*game, {"", "heuristic(pace_ms=100)"}), clock, 5);
  EXPECT_FALSE(runner.is_computer(0));
  EXPECT_TRUE(runner.is_computer(1));
  EXPECT_DOUBLE_EQ(runner.next_due(), 0.1);  // S1 has decided on the top card
  const Card top = GrabState(table.state()).top();
  std::string error;
  EXPECT_FALSE(runner.submit(1, take_move(top), &error));  // a computer seat
  EXPECT_NE(error.find("played by the computer"), std::string::npos) << error;
  ASSERT_TRUE(runner.submit(0, take_move(top), &error)) << error;  // S0 is quicker, at 0 s
  EXPECT_EQ(GrabState(table.state()).taken(0), CardSet::of(top));
  auto before = table.state().clone();
  EXPECT_EQ(runner.step(&error), MatchRunner::Stop::kMoved);
  EXPECT_EQ(runner.stale_moves(), 1);
  EXPECT_TRUE(table.state().equals(*before));
  EXPECT_NEAR(clock.now(), 0.1, 1e-12);
  EXPECT_EQ(runner.step(&error), MatchRunner::Stop::kMoved);  // decided again at 0.1: due 0.2
  EXPECT_EQ(CardsTaken(table.state())[1], 1);
  EXPECT_NEAR(clock.now(), 0.2, 1e-12);
}

// ---------------------------------------------------------------------------------------------
// Records

TEST(MatchRunner, RecordsKeepArrivalTimesAndReplay) {
  auto game = Load("grab(players=3)");
  ASSERT_TRUE(game);
  std::string error;
  auto session = Session::create(Load("grab(players=3)"), 12, -1, {}, &error);
  ASSERT_TRUE(session) << error;
  SessionTable table(*session);
  VirtualClock clock;
  MatchRunner runner(
      table,
      Players(*game, {"heuristic(pace_ms=200)", "random(pace_ms=200)", "heuristic(pace_ms=300)"}),
      clock, 17);
  ASSERT_EQ(runner.run(&error), MatchRunner::Stop::kOver) << error;
  const nlohmann::json record = session->record();
  const auto& moves = record["moves"];
  ASSERT_EQ(moves.size(), 13u);  // stale moves are not recorded
  std::int64_t last = 0;
  std::set<Seat> movers;
  for (const auto& m : moves) {
    ASSERT_EQ(m.size(), 3u) << m.dump();
    ASSERT_TRUE(m[2].is_number_integer()) << m.dump();
    const std::int64_t t = m[2].get<std::int64_t>();
    EXPECT_GE(t, last) << "moves out of arrival order: " << moves.dump();
    last = t;
    movers.insert(m[0].get<Seat>());
    // Nothing arrives before the fastest pace.
    EXPECT_GE(t, 200);
  }
  EXPECT_EQ(moves[0][2], 200);  // S0 or S1 (a race at equal times) takes first, at 200 ms
  EXPECT_EQ(last, std::llround(clock.now() * 1000));
  EXPECT_GE(movers.size(), 2u);
  // Replays to an equal state, with the same times.
  auto replayed = Session::from_record(nlohmann::json::parse(record.dump()), &error);
  ASSERT_TRUE(replayed) << error;
  EXPECT_TRUE(replayed->state().equals(session->state()));
  EXPECT_EQ(replayed->summary(), session->summary());
  EXPECT_EQ(replayed->record(), record);
  // Out of arrival order the record is refused.
  nlohmann::json swapped = record;
  std::swap(swapped["moves"][3][2], swapped["moves"][8][2]);
  if (swapped["moves"][3][2] != record["moves"][3][2]) {
    EXPECT_FALSE(Session::from_record(swapped, &error));
    EXPECT_NE(error.find("time order"), std::string::npos) << error;
  }
}

// ---------------------------------------------------------------------------------------------
// The outside seat in a turn game

TEST(MatchRunner, OutsideSeatStopsTheRunnerAndSubmitsItsMoves) {
  for (const char* name : {"reds", "truc"}) {
    SCOPED_TRACE(name);
    auto game = Load(name);
    ASSERT_TRUE(game);
    StateTable table(game->new_match(4, -1, nullptr));
    VirtualClock clock;
    std::vector<std::string> who(game->num_seats(), "heuristic");
    who[1] = "";  // S1 is left to the outside
    MatchRunner runner(table, Players(*game, who), clock, 9);
    Rng rng(6);
    std::string error;
    int outside_turns = 0;
    for (int guard = 0; guard < 2000; ++guard) {
      const auto stop = runner.run(&error);
      if (stop == MatchRunner::Stop::kOver) break;
      ASSERT_EQ(stop, MatchRunner::Stop::kOutside) << error;
      ASSERT_TRUE(table.state().actors().contains(1));
      ++outside_turns;
      // A bad move is refused with a reason and changes nothing.
      auto before = table.state().clone();
      error.clear();
      EXPECT_FALSE(runner.submit(1, Move{~std::uint64_t{0}}, &error));
      EXPECT_FALSE(error.empty());
      EXPECT_TRUE(table.state().equals(*before));
      // So is a move for a computer seat, even a legal-looking one.
      auto legal = table.state().legal_moves(1);
      ASSERT_FALSE(legal.empty());
      EXPECT_FALSE(runner.submit(0, legal[0], &error));
      EXPECT_TRUE(table.state().equals(*before));
      // A good one applies.
      const Move m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      ASSERT_TRUE(runner.submit(1, m, &error)) << error;
      EXPECT_EQ(table.state().seq(), before->seq() + 1);
    }
    EXPECT_TRUE(table.state().over());
    EXPECT_GT(outside_turns, 5);
    EXPECT_EQ(clock.now(), 0.0);  // a turn game never waits on the clock
  }
}

// ---------------------------------------------------------------------------------------------
// Random playouts of a real-time game

TEST(RandomPlayout, RealTimeGameDoesNotFavourTheLowestSeat) {
  for (int players : {2, 3}) {
    SCOPED_TRACE(players);
    auto game = Load("grab(players=" + std::to_string(players) + ")");
    ASSERT_TRUE(game);
    const auto& typed = GrabGame(*game);
    constexpr int kMatches = 400;
    std::vector<int> cards(players, 0), wins(players, 0);
    for (int i = 0; i < kMatches; ++i) {
      auto state = typed.new_match(static_cast<std::uint64_t>(i), -1, nullptr);
      Rng rng(~static_cast<std::uint64_t>(i));
      EXPECT_EQ(random_playout(state, rng), 13u);
      for (Seat s = 0; s < players; ++s) {
        cards[s] += state.taken(s).size();
        wins[s] += state.winners().contains(s);
      }
    }
    // Each card goes to a seat drawn at random: 5200 draws, sd under 0.7% of the cards.
    const double fair = 1.0 / players;
    int all_wins = 0;
    for (int w : wins) all_wins += w;
    for (Seat s = 0; s < players; ++s) {
      EXPECT_NEAR(cards[s] / (13.0 * kMatches), fair, 0.05) << "S" << s;
      EXPECT_NEAR(static_cast<double>(wins[s]) / all_wins, fair, 0.15) << "S" << s;
    }
    // The type-erased playouts are the same playouts: deterministic, every card taken.
    const PlayoutStats a = game->random_playouts(50, 9), b = game->random_playouts(50, 9);
    EXPECT_EQ(a.moves, 50u * 13u);
    EXPECT_EQ(a.signature, b.signature);
  }
}

// ---------------------------------------------------------------------------------------------
// Simulation (match/simulate.h) runs real-time matches through the runner

TEST(Simulate, RealTimeMatchesCountAppliedMovesNotStaleOnes) {
  auto game = Load("grab");
  ASSERT_TRUE(game);
  SimConfig config;
  config.matches = 40;
  config.bots = {"heuristic(pace_ms=100)", "random(pace_ms=100)"};
  config.seed = 3;
  SimResult result;
  std::string error;
  ASSERT_TRUE(simulate(*game, config, &result, &error)) << error;
  // 13 takes per match; the stale decisions of every race's loser are no moves.
  EXPECT_EQ(result.moves, 40u * 13u);
  ASSERT_EQ(result.seats.size(), 2u);
  for (const auto& line : result.seats) {
    EXPECT_GT(line.win_rate.mean, 0.2) << line.name;
    EXPECT_LT(line.win_rate.mean, 0.8) << line.name;
  }
}

TEST(Simulate, TheFasterPlayerWinsTheRaces) {
  auto game = Load("grab");
  ASSERT_TRUE(game);
  SimConfig config;
  config.matches = 20;  // each deal twice, the players swapping seats
  config.bots = {"heuristic(pace_ms=100)", "heuristic(pace_ms=300)"};
  SimResult result;
  std::string error;
  ASSERT_TRUE(simulate(*game, config, &result, &error)) << error;
  ASSERT_EQ(result.bots.size(), 2u);
  EXPECT_EQ(result.bots[0].name, "heuristic(pace_ms=100)");
  EXPECT_GT(result.bots[0].win_rate.mean, 0.9);
  EXPECT_LT(result.bots[1].win_rate.mean, 0.1);
  ASSERT_TRUE(result.has_margin);
  EXPECT_GT(result.margin.mean, 0);
}

// The margin's interval is over duplicate deals, not matches: a deal's rotations share its cards
// (with deterministic players two of them may be the same match), so one value per deal.
TEST(Simulate, TheMarginIsOneValuePerDuplicateDeal) {
  auto game = Load("reds");
  ASSERT_TRUE(game);
  SimConfig config;
  config.matches = 12;  // 3 deals of 4 rotations
  config.bots = {"heuristic", "random"};
  SimResult rotated;
  std::string error;
  ASSERT_TRUE(simulate(*game, config, &rotated, &error)) << error;
  ASSERT_TRUE(rotated.has_margin);
  EXPECT_EQ(rotated.margin.n, 3u);
  EXPECT_EQ(rotated.to_json()["margin"]["n"], 3);
  EXPECT_EQ(rotated.bots[0].score.n, 24u);  // the players' lines stay per seat and match
  // The deals' mean is the matches' mean when every deal is complete (two seats each a match).
  EXPECT_NEAR(rotated.margin.mean, rotated.bots[0].score.mean - rotated.bots[1].score.mean, 1e-9);
  // Without rotation every match is its own deal.
  config.rotate = false;
  config.matches = 5;
  SimResult plain;
  ASSERT_TRUE(simulate(*game, config, &plain, &error)) << error;
  ASSERT_TRUE(plain.has_margin);
  EXPECT_EQ(plain.margin.n, 5u);
}

// Timing (sim --timing): each bot's decisions counted with the time they took; only when asked,
// since the times vary from run to run and the rest of the result does not.
TEST(Simulate, TimingOnlyWhenAsked) {
  auto game = Load("reds");
  ASSERT_TRUE(game);
  SimConfig config;
  config.matches = 4;
  config.bots = {"heuristic", "random"};
  SimResult plain, timed;
  std::string error;
  ASSERT_TRUE(simulate(*game, config, &plain, &error)) << error;
  EXPECT_TRUE(plain.timing.empty());
  EXPECT_FALSE(plain.to_json().contains("timing"));
  EXPECT_EQ(plain.to_text().find("time per move"), std::string::npos);
  config.timing = true;
  ASSERT_TRUE(simulate(*game, config, &timed, &error)) << error;
  ASSERT_EQ(timed.timing.size(), 2u);
  EXPECT_EQ(timed.timing[0].name, "heuristic");
  // Every move of these matches was a computer player's decision.
  EXPECT_EQ(timed.timing[0].decisions + timed.timing[1].decisions, timed.moves);
  EXPECT_GT(timed.timing[0].decisions, 0u);
  EXPECT_GE(timed.timing[0].longest_ms, timed.timing[0].mean_ms);
  EXPECT_EQ(timed.to_json()["timing"][1]["decisions"], timed.timing[1].decisions);
  EXPECT_NE(timed.to_text().find("time per move of random: "), std::string::npos);
  EXPECT_EQ(timed.to_json()["bots"], plain.to_json()["bots"]);  // nothing else changes
}

TEST(Simulate, HouseGameHasMatchesNobodyWins) {
  auto game = Load("solo");
  ASSERT_TRUE(game);
  SimConfig config;
  config.matches = 60;
  config.bots = {"heuristic"};
  SimResult result;
  std::string error;
  ASSERT_TRUE(simulate(*game, config, &result, &error)) << error;
  ASSERT_EQ(result.seats.size(), 1u);
  EXPECT_GT(result.seats[0].win_rate.mean, 0.0);
  EXPECT_LT(result.seats[0].win_rate.mean, 1.0);
  EXPECT_EQ(result.to_json()["seats"][0]["win_rate"]["n"], 60);
}

// A one-seat game is a duplicate comparison too: each deal (match seed) is played once by each
// player, and the margin is over those deals.
TEST(Simulate, OneSeatGamesPlayEachDealOncePerPlayer) {
  auto game = Load("solo");
  ASSERT_TRUE(game);
  SimConfig config;
  config.matches = 40;  // 20 deals, each played by both
  // The same deterministic player under two names: on the same cards, the same score.
  config.bots = {"heuristic", "heuristic(pace_ms=500)"};
  SimResult same;
  std::string error;
  ASSERT_TRUE(simulate(*game, config, &same, &error)) << error;
  ASSERT_TRUE(same.has_margin);
  EXPECT_EQ(same.margin.n, 20u);
  EXPECT_EQ(same.margin.mean, 0.0);
  EXPECT_EQ(same.margin.half_width, 0.0);
  ASSERT_EQ(same.bots.size(), 2u);
  EXPECT_EQ(same.bots[0].score.n, 20u);
  EXPECT_EQ(same.bots[1].score.n, 20u);
  EXPECT_GT(same.bots[0].win_rate.mean, 0.0);  // not all zero: the deals differ
  EXPECT_EQ(same.bots[0].win_rate.mean, same.bots[1].win_rate.mean);
  EXPECT_EQ(same.seats[0].score.n, 40u);  // the seat's line stays per match
  EXPECT_NE(same.to_text().find("(95% CI over 20 deals)"), std::string::npos) << same.to_text();
  // A real difference shows: the heuristic stops at 17, the random player at random.
  config.bots = {"heuristic", "random"};
  SimResult versus;
  ASSERT_TRUE(simulate(*game, config, &versus, &error)) << error;
  EXPECT_EQ(versus.margin.n, 20u);
  EXPECT_NEAR(versus.margin.mean, versus.bots[0].score.mean - versus.bots[1].score.mean, 1e-9);
  // Without rotation every match is the first player's, as before: no margin to measure.
  config.rotate = false;
  SimResult plain;
  ASSERT_TRUE(simulate(*game, config, &plain, &error)) << error;
  ASSERT_EQ(plain.bots.size(), 2u);
  EXPECT_EQ(plain.bots[0].score.n, 40u);
  EXPECT_EQ(plain.bots[1].score.n, 0u);
  EXPECT_EQ(plain.margin.n, 0u);
}

// A player that always answers a move no game accepts: a broken player is a bug, which the runner
// reports (kFailed) and simulate turns into an error naming the match, not a short match.
class BrokenPlayer final : public Player {
 public:
  const std::string& name() const override { return name_; }
  Decision decide(const SeatAccess&, Rng&) override { return {Move{~std::uint64_t{0}}, 0}; }

 private:
  std::string name_ = "broken";
};

TEST(Simulate, ABrokenPlayerFailsTheRun) {
  auto game = Load("reds");
  ASSERT_TRUE(game);
  static std::once_flag once;
  std::call_once(once, [] {
    register_player({"broken",
                     "answers a move no game accepts",
                     {},
                     nullptr,
                     [](const AnyGame&, const std::string&, const OptionValues&, std::string*) {
                       return std::unique_ptr<Player>(std::make_unique<BrokenPlayer>());
                     }});
  });
  StateTable table(game->new_match(1, 0, nullptr));
  VirtualClock clock;
  std::vector<std::unique_ptr<Player>> players(4);
  for (auto& p : players) p = std::make_unique<BrokenPlayer>();
  MatchRunner runner(table, std::move(players), clock, 1);
  std::string error;
  EXPECT_EQ(runner.run(&error), MatchRunner::Stop::kFailed);
  EXPECT_NE(error.find("refused"), std::string::npos) << error;
  EXPECT_EQ(table.state().seq(), 0u);

  SimConfig config;
  config.matches = 4;
  config.bots = {"random", "broken"};
  SimResult result;
  error.clear();
  EXPECT_FALSE(simulate(*game, config, &result, &error));
  EXPECT_NE(error.find("match 0: computer player broken"), std::string::npos) << error;
}

// Decisions made away from the table (the card room): ask, decide on the copy, deliver.
TEST(MatchRunner, AskedDecisionsPlayAWholeMatch) {
  auto game = Load("reds");
  ASSERT_TRUE(game);
  StateTable table(game->new_match(5, -1, nullptr));
  VirtualClock clock;
  MatchRunner runner(table, Players(*game, {"heuristic", "random", "heuristic", "random"}), clock,
                     3);
  std::string error;
  int moves = 0;
  while (!table.state().over()) {
    auto ask = runner.ask();
    ASSERT_TRUE(ask);
    EXPECT_FALSE(runner.ask()) << "one decision at a time in a turn game";
    EXPECT_TRUE(runner.asking(ask->seat));
    ask->state = table.state().clone();  // decided elsewhere, on a copy of the table
    const Decision d = ask->player->decide(SeatAccess(*ask->state, ask->seat), ask->rng);
    ASSERT_EQ(runner.deliver(*ask, d, &error), MatchRunner::Stop::kMoved) << error;
    ASSERT_LT(++moves, 2000);
  }
  EXPECT_FALSE(runner.ask());
}

TEST(MatchRunner, AnAskLapsesWhenTheSeatChangesHandsOrTheTableMoves) {
  auto game = Load("reds");
  ASSERT_TRUE(game);
  StateTable table(game->new_match(5, -1, nullptr));
  VirtualClock clock;
  MatchRunner runner(table, Players(*game, {"heuristic", "heuristic", "heuristic", "heuristic"}),
                     clock, 3);
  std::string error;
  auto ask = runner.ask();
  ASSERT_TRUE(ask);
  const Decision d = ask->player->decide(SeatAccess(table.state(), ask->seat), ask->rng);
  // A person takes the seat back meanwhile: the decision lapses and changes nothing.
  runner.set_player(ask->seat, nullptr);
  EXPECT_FALSE(runner.asking(ask->seat));
  EXPECT_EQ(runner.deliver(*ask, d, &error), MatchRunner::Stop::kOutside);
  EXPECT_EQ(table.state().seq(), 0u);
  // The seat's new player is asked afresh, with a new ticket; an old ticket stays lapsed.
  runner.set_player(ask->seat, std::move(Players(*game, {"heuristic"})[0]));
  auto again = runner.ask();
  ASSERT_TRUE(again);
  EXPECT_NE(again->ticket, ask->ticket);
  EXPECT_EQ(runner.deliver(*ask, d, &error), MatchRunner::Stop::kOutside);
  EXPECT_TRUE(runner.asking(again->seat));
  ASSERT_EQ(runner.deliver(*again, d, &error), MatchRunner::Stop::kMoved) << error;
  EXPECT_EQ(table.state().seq(), 1u);
}

TEST(MatchRunner, AskedRealTimeDecisionsComeDueAtTheirPace) {
  auto game = Load("grab");
  ASSERT_TRUE(game);
  StateTable table(game->new_match(7, -1, nullptr));
  VirtualClock clock;
  MatchRunner runner(table, Players(*game, {"heuristic(pace_ms=100)", "heuristic(pace_ms=250)"}),
                     clock, 11);
  std::string error;
  while (!table.state().over()) {
    while (auto ask = runner.ask()) {
      const Decision d = ask->player->decide(SeatAccess(table.state(), ask->seat), ask->rng);
      ASSERT_EQ(runner.deliver(*ask, d, &error), MatchRunner::Stop::kOutside) << error;
    }
    const double due = runner.held_due();
    ASSERT_LT(due, std::numeric_limits<double>::infinity());
    if (due > clock.now()) {
      EXPECT_EQ(runner.step_due(&error), MatchRunner::Stop::kOutside) << "nothing is due yet";
      clock.wait_until(due);
    }
    ASSERT_EQ(runner.step_due(&error), MatchRunner::Stop::kMoved) << error;
  }
  const auto taken = CardsTaken(table.state());
  EXPECT_GT(taken[0], taken[1]);  // the faster player takes more
}

// A real-time player whose move never says when it arrives: a broken player, not a match that
// waits for ever.
class TimelessPlayer final : public Player {
 public:
  const std::string& name() const override { return name_; }
  Decision decide(const SeatAccess& seat, Rng& rng) override {
    return {*seat.random_legal_move(rng), std::numeric_limits<double>::infinity()};
  }

 private:
  std::string name_ = "timeless";
};

TEST(MatchRunner, ARealTimeDecisionWithNoTimeIsABrokenPlayer) {
  auto game = Load("grab");
  ASSERT_TRUE(game);
  StateTable table(game->new_match(1, -1, nullptr));
  VirtualClock clock;
  std::vector<std::unique_ptr<Player>> players(2);
  for (auto& p : players) p = std::make_unique<TimelessPlayer>();
  MatchRunner runner(table, std::move(players), clock, 1);
  std::string error;
  EXPECT_EQ(runner.step(&error), MatchRunner::Stop::kFailed);
  EXPECT_NE(error.find("gave its move no time to arrive"), std::string::npos) << error;
  EXPECT_EQ(table.state().seq(), 0u);
}

TEST(Simulate, MatchesStillGoingAfterMaxRoundsAreCutOffUnfinished) {
  // Two random players' Nuts totals fall hand after hand: the match never ends by the rules.
  auto game = Load("nuts");
  ASSERT_TRUE(game);
  SimConfig config;
  config.matches = 4;
  config.bots = {"random"};
  config.max_rounds = 3;
  SimResult result;
  std::string error;
  ASSERT_TRUE(simulate(*game, config, &result, &error)) << error;
  EXPECT_EQ(result.unfinished, 4u);
  EXPECT_EQ(result.bots[0].win_rate.mean, 0);  // nobody won a match that did not end
  EXPECT_EQ(result.bots[0].score.n, 8u);       // the scores count as they stood
  EXPECT_LT(result.bots[0].score.mean, 0);
  EXPECT_EQ(result.to_json()["unfinished"], 4);
  EXPECT_EQ(result.to_json()["max_rounds"], 3);
  EXPECT_NE(result.to_text().find("4 of 4 matches were still going after 3 rounds"),
            std::string::npos)
      << result.to_text();
  // A match that ends is never cut off.
  config.bots = {"heuristic"};
  config.max_rounds = 1000;
  ASSERT_TRUE(simulate(*game, config, &result, &error)) << error;
  EXPECT_EQ(result.unfinished, 0u);
  EXPECT_EQ(result.to_text().find("still going"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// The house game

TEST(MatchRunner, HouseGameEndsWithNoWinnerAndASaneSummary) {
  auto game = Load("solo");
  ASSERT_TRUE(game);
  int house_won = 0, seat_won = 0;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    std::string error;
    auto session = Session::create(Load("solo"), seed, -1, {}, &error);
    ASSERT_TRUE(session) << error;
    SessionTable table(*session);
    VirtualClock clock;
    MatchRunner runner(table, Players(*game, {seed % 2 ? "random" : "heuristic"}), clock, seed);
    ASSERT_EQ(runner.run(&error), MatchRunner::Stop::kOver) << error;
    const nlohmann::json summary = session->summary();
    EXPECT_EQ(summary["game"], "solo");
    EXPECT_EQ(summary["over"], true);
    EXPECT_EQ(summary["to_act"], nlohmann::json::array());
    EXPECT_EQ(summary["legal"], nlohmann::json::object());
    ASSERT_EQ(summary["totals"].size(), 1u);
    ASSERT_EQ(summary["rounds"].size(), 1u);
    const auto& round = summary["rounds"][0];
    const int total = round["total"].get<int>();
    if (session->state().winners().empty()) {
      ++house_won;
      EXPECT_EQ(summary["winners"], nlohmann::json::array());
      EXPECT_EQ(summary["totals"][0], 0);
      EXPECT_TRUE(round["outcome"] == "bust" || round["outcome"] == "short") << round.dump();
      EXPECT_TRUE(total > 21 || total < 17) << round.dump();
    } else {
      ++seat_won;
      EXPECT_EQ(summary["winners"], nlohmann::json::array({0}));
      EXPECT_EQ(summary["totals"][0], 1);
      EXPECT_EQ(round["outcome"], "won");
      EXPECT_GE(total, 17);
      EXPECT_LE(total, 21);
    }
    EXPECT_EQ(session->events().back().kind, EventKind::kGameOver);
    // The record replays, no winner and all.
    auto replayed = Session::from_record(session->record(), &error);
    ASSERT_TRUE(replayed) << error;
    EXPECT_EQ(replayed->summary(), summary);
  }
  EXPECT_GT(house_won, 0);
  EXPECT_GT(seat_won, 0);
}

// A table nobody is at holds its clock (server/room_table.cc): a real-time game's time stops, and
// goes on from where it stopped.
TEST(WallClock, HeldTimeStopsAndGoesOnFromWhereItStopped) {
  WallClock clock(10.0);
  EXPECT_GE(clock.now(), 10.0);
  clock.hold();
  EXPECT_TRUE(clock.held());
  const double at = clock.now();
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_EQ(clock.now(), at);
  clock.hold();  // holding again changes nothing
  EXPECT_EQ(clock.now(), at);
  const auto before_release = std::chrono::steady_clock::now();
  clock.release();
  EXPECT_FALSE(clock.held());
  const double after = clock.now();
  const double since =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - before_release).count();
  // The 30 ms held are not counted: only the time since the release.
  EXPECT_GE(after, at);
  EXPECT_LE(after - at, since + 1e-9);
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_GT(clock.now(), after);
}

}  // namespace
}  // namespace cardroom
