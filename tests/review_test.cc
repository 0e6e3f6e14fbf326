// The review of a game from its record (server/review.h), for every game: the replay shows each
// seat's hand at every step exactly as that seat's own view holds it, and a hand's analysis while
// the game goes on is given only of the asker's plays, and only for hands every seat played to
// the end (a Truc hand folded keeps its unplayed cards hidden).
#include "server/review.h"

#include <gtest/gtest.h>

#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"

namespace cardroom::server {
namespace {

using json = nlohmann::json;

// A match of `game` played with random moves from `seed`, at most `limit` moves.
std::unique_ptr<Session> random_match(const std::string& game, std::uint64_t seed, int limit) {
  std::string error;
  auto session = Session::create(load_game(game, &error), seed, -1, {}, &error);
  EXPECT_TRUE(session) << game << ": " << error;
  if (!session) return nullptr;
  Rng rng(seed);
  std::int64_t time = 0;
  for (int i = 0; i < limit && !session->state().over(); ++i) {
    const AnyState& state = session->state();
    const Seat seat = state.actors().lowest();
    const std::optional<Move> move = state.random_legal_move(seat, rng);
    EXPECT_TRUE(move) << game << ": no move for S" << seat;
    if (!move) return nullptr;
    std::optional<std::int64_t> at;
    if (state.mode() == ActorMode::kRealTime) at = time += 40;
    EXPECT_TRUE(session->play(seat, *move, &error, at)) << game << ": " << error;
  }
  return session;
}

TEST(Review, TheReplayShowsEveryHandAtEveryStepOfEveryGame) {
  register_all_games();
  for (const GameEntry* entry : registered_games()) {
    SCOPED_TRACE(entry->name);
    auto session = random_match(entry->name, 5, 1500);
    ASSERT_TRUE(session);
    const json record = session->record();
    const std::size_t steps = record["moves"].size();
    ASSERT_GT(steps, 0u);
    // The same record replayed here, step by step, is what each step must show.
    json start = record;
    start["moves"] = json::array();
    std::string error;
    auto mirror = Session::from_record(start, &error);
    ASSERT_TRUE(mirror) << error;
    const std::size_t stride = std::max<std::size_t>(1, steps / 7);
    for (std::size_t step = 0; step <= steps; ++step) {
      if (step > 0) {
        const json& m = record["moves"][step - 1];
        std::optional<std::int64_t> at;
        if (m.size() == 3) at = m[2].get<std::int64_t>();
        ASSERT_TRUE(mirror->play(m[0].get<int>(), m[1].get<std::string>(), &error, at)) << error;
      }
      if (step % stride != 0 && step != steps) continue;
      const json r = replay_step(record, step, &error);
      ASSERT_FALSE(r.is_null()) << "step " << step << ": " << error;
      EXPECT_EQ(r["step"], step);
      EXPECT_EQ(r["steps"], steps);
      EXPECT_EQ(r["over"], mirror->state().over());
      EXPECT_EQ(r["view"], mirror->state().view(kSpectator));
      const int seats = mirror->state().num_seats();
      ASSERT_EQ(r["hands"].size(), static_cast<std::size_t>(seats));
      for (Seat s = 0; s < seats; ++s) {
        const json own = mirror->state().view(s);
        EXPECT_EQ(r["hands"][s], own.contains("hand") ? own["hand"] : json(nullptr))
            << "step " << step << ", S" << s;
      }
      if (step == 0) {
        EXPECT_TRUE(r["move"].is_null());
        EXPECT_TRUE(r["events"].empty());
      } else {
        const json& m = record["moves"][step - 1];
        EXPECT_EQ(r["move"]["seat"], m[0]);
        EXPECT_EQ(r["move"]["text"], m[1]);
        EXPECT_FALSE(r["move"]["label"].get<std::string>().empty());
      }
    }
    EXPECT_TRUE(replay_step(record, steps + 1, &error).is_null());
    EXPECT_NE(error.find("past the game's end"), std::string::npos) << error;
  }
}

// Cards left in the seats' hands when round `round` of `record` ended (not counting the card of
// the move that ended it): cards nobody saw. Found by replaying the record here, apart from
// review.cc's own replay.
std::size_t unplayed(const json& record, int round) {
  std::string error;
  json start = record;
  start["moves"] = json::array();
  auto session = Session::from_record(start, &error);
  EXPECT_TRUE(session) << error;
  std::size_t left = 0;
  for (const json& m : record["moves"]) {
    if (session->state().rounds_completed() + 1 == round) {
      left = 0;
      for (Seat s = 0; s < session->state().num_seats(); ++s)
        left += session->state().view(s).value("hand", json::array()).size();
      // The move's own card: "play QD", "play QD and call truc".
      const std::string text = m[1].get<std::string>();
      if (text.rfind("play ", 0) == 0) --left;
    }
    EXPECT_TRUE(session->play(m[0].get<int>(), m[1].get<std::string>(), &error)) << error;
    if (session->state().rounds_completed() >= round) return left;
  }
  ADD_FAILURE() << "round " << round << " did not end";
  return 0;
}

TEST(Review, WhileTheGameGoesOnAHandFoldedIsNotAnalysed) {
  register_all_games();
  // Truc: four players of three cards; a hand folded before its last trick leaves cards unplayed.
  int folded = 0, played_out = 0;
  for (std::uint64_t seed = 1; seed <= 6 && (folded == 0 || played_out == 0); ++seed) {
    auto session = random_match("truc", seed, 400);
    ASSERT_TRUE(session);
    const json record = session->record();
    const int rounds = session->state().rounds_completed();
    for (int round = 1; round <= rounds; ++round) {
      std::string error;
      const json mine = analysis_json(record, round, 0, &error);
      if (unplayed(record, round) > 0) {
        ++folded;
        EXPECT_TRUE(mine.is_null()) << "seed " << seed << ", hand " << round << ": " << mine.dump();
        EXPECT_NE(error.find("cards not played"), std::string::npos) << error;
      } else {
        ++played_out;
        ASSERT_FALSE(mine.is_null()) << "seed " << seed << ", hand " << round << ": " << error;
        EXPECT_EQ(mine["seat"], 0);
        for (const json& p : mine["rounds"][0]["plays"]) EXPECT_EQ(p["seat"], 0);
      }
    }
  }
  EXPECT_GT(folded, 0) << "no hand was folded in the random games: the test saw nothing";
  EXPECT_GT(played_out, 0) << "no hand was played out in the random games";
}

TEST(Review, EveryHandOfAnEndedGameIsAnalysedForEverySeat) {
  register_all_games();
  auto session = random_match("reds(players=3,short_game=true)", 9, 2000);
  ASSERT_TRUE(session);
  ASSERT_TRUE(session->state().over());
  const json record = session->record();
  std::string error;
  for (int round = 1; round <= 5; ++round) {
    const json all = analysis_json(record, round, kNoSeat, &error);
    ASSERT_FALSE(all.is_null()) << error;
    EXPECT_TRUE(all["seat"].is_null());
    EXPECT_EQ(all["rounds"][0]["round"], round);
    EXPECT_EQ(all["rounds"][0]["plays"].size(), 15u) << "three players' five cards";
    // Every hand of Reds is played out: the player's own plays are given while it goes on.
    const json mine = analysis_json(record, round, 2, &error);
    ASSERT_FALSE(mine.is_null()) << error;
    EXPECT_EQ(mine["rounds"][0]["plays"].size(), 5u);
  }
  // The default is the last hand that is over; a hand that was not played is an error.
  EXPECT_EQ(analysis_json(record, 0, kNoSeat, &error)["rounds"][0]["round"], 5);
  EXPECT_TRUE(analysis_json(record, 6, kNoSeat, &error).is_null());
  EXPECT_NE(error.find("not played"), std::string::npos) << error;
  auto schwimmen = random_match("schwimmen", 3, 50);
  ASSERT_TRUE(schwimmen);
  EXPECT_TRUE(analysis_json(schwimmen->record(), 0, kNoSeat, &error).is_null());
  EXPECT_NE(error.find("solver"), std::string::npos) << error;
}

}  // namespace
}  // namespace cardroom::server
