// Sessions and game records: create, play, events with visibility, save/load, record errors.
#include "core/session.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "core/registry.h"
#include "games/all_games.h"

namespace cardroom {
namespace {

std::unique_ptr<Session> new_session(const std::string& game_string, std::uint64_t seed) {
  register_all_games();
  std::string error;
  auto game = load_game(game_string, &error);
  EXPECT_TRUE(game) << error;
  auto s = Session::create(std::move(game), seed, -1, {}, &error);
  EXPECT_TRUE(s) << error;
  return s;
}

void play_randomly(Session& s, int moves, Rng& rng) {
  std::string error;
  for (int i = 0; i < moves && !s.state().over(); ++i) {
    Seat seat = s.state().actors().lowest();
    auto m = s.state().bot_move("random", seat, rng);
    ASSERT_TRUE(m);
    ASSERT_TRUE(s.play(seat, *m, &error)) << error;
  }
}

TEST(Session, PlaysByTextAndRejectsBadMovesWithoutChange) {
  auto s = new_session("reds", 1);
  Seat seat = s->state().actors().lowest();
  std::string error;
  std::size_t events = s->events().size();
  EXPECT_FALSE(s->play(seat, "bid 6", &error));
  EXPECT_FALSE(error.empty());
  EXPECT_FALSE(s->play(seat, "dance", &error));
  EXPECT_FALSE(s->play((seat + 1) % 4, "bid 1", &error));
  EXPECT_EQ(error, "it is not your turn");
  EXPECT_FALSE(s->play(9, "bid 1", &error));
  EXPECT_EQ(s->moves_made(), 0u);
  EXPECT_EQ(s->events().size(), events);
  EXPECT_TRUE(s->play(seat, "BID 2", &error)) << error;
  EXPECT_EQ(s->record()["moves"][0], nlohmann::json({seat, "bid 2"}));
}

TEST(Session, PrivateEventsReachOnlyTheirSeat) {
  auto s = new_session("reds(players=3)", 4);
  Rng rng(2);
  play_randomly(*s, 60, rng);
  int private_events = 0;
  for (const auto& e : s->events()) {
    if (e.text.starts_with("your hand")) {
      EXPECT_EQ(e.visible_to.size(), 1);
      ++private_events;
    }
    if (e.text.find(" passed you ") != std::string::npos) {
      EXPECT_EQ(e.visible_to.size(), 1);
    }
  }
  EXPECT_GT(private_events, 0);
}

TEST(Session, SaveAndResumeContinuesTheSameMatch) {
  auto s = new_session("reds(players=5,short_game=true)", 99);
  Rng rng(3);
  play_randomly(*s, 37, rng);
  std::string path = ::testing::TempDir() + "/session_test_record.json";
  std::string error;
  ASSERT_TRUE(s->save(path, &error)) << error;
  auto resumed = Session::from_record_file(path, &error);
  ASSERT_TRUE(resumed) << error;
  EXPECT_TRUE(resumed->state().equals(s->state()));
  Rng a(5), b(5);
  play_randomly(*s, 1000, a);
  play_randomly(*resumed, 1000, b);
  EXPECT_TRUE(resumed->state().equals(s->state()));
  EXPECT_TRUE(resumed->state().over());
  std::remove(path.c_str());
}

TEST(Session, SummaryHasTheReplayFields) {
  auto s = new_session("reds(players=4,partnership=true)", 8);
  Rng rng(1);
  play_randomly(*s, 100000, rng);
  nlohmann::json j = s->summary();
  EXPECT_EQ(j["game"], "reds");
  EXPECT_TRUE(j["over"].get<bool>());
  EXPECT_EQ(j["totals"].size(), 4u);
  EXPECT_EQ(j["team_totals"].size(), 2u);
  EXPECT_EQ(j["team_totals"][0].get<int>(), j["totals"][0].get<int>() + j["totals"][2].get<int>());
  EXPECT_TRUE(j["to_act"].empty());
  EXPECT_TRUE(j["legal"].empty());
  ASSERT_GE(j["rounds"].size(), 9u);
  for (const char* key :
       {"dealer", "anti_trump", "turned", "bids", "tricks", "tricks_won", "points"})
    EXPECT_TRUE(j["rounds"][0].contains(key)) << key;
  EXPECT_EQ(j["rounds"][0]["tricks"].size(), 5u);
  for (const char* key : {"leader", "cards", "winner"})
    EXPECT_TRUE(j["rounds"][0]["tricks"][0].contains(key)) << key;
}

TEST(Session, RecordErrorsAreClear) {
  register_all_games();
  std::string error;
  auto load = [&](const std::string& text) {
    return Session::from_record(nlohmann::json::parse(text), &error);
  };
  EXPECT_FALSE(load("[]"));
  EXPECT_FALSE(load(R"({"seed": 1})"));
  EXPECT_NE(error.find("game"), std::string::npos);
  EXPECT_FALSE(load(R"({"game": "reds", "options": {"players": 8}})"));
  EXPECT_NE(error.find("players"), std::string::npos);
  EXPECT_FALSE(load(R"({"game": "reds", "seed": -3})"));
  EXPECT_NE(error.find("seed"), std::string::npos);
  EXPECT_FALSE(load(R"({"game": "reds", "first_dealer": 4})"));
  EXPECT_NE(error.find("first_dealer"), std::string::npos);
  EXPECT_FALSE(load(R"({"game": "reds", "moves": [[0]]})"));
  EXPECT_FALSE(load(R"({"game": "reds", "first_dealer": 0, "moves": [[0, "bid 1"]]})"));
  EXPECT_NE(error.find("move 0"), std::string::npos);
  EXPECT_NE(error.find("not your turn"), std::string::npos);
  EXPECT_FALSE(load(R"({"game": "reds", "deals": [{"hands": [["AS"]]}]})"));
  EXPECT_NE(error.find("deal 0"), std::string::npos);
  EXPECT_FALSE(Session::from_record_file("/nonexistent/record.json", &error));
  EXPECT_NE(error.find("cannot read '/nonexistent/record.json'"), std::string::npos);
  // A directory is a file error like any other, not an exception.
  EXPECT_FALSE(Session::from_record_file("/", &error));
  EXPECT_NE(error.find("Is a directory"), std::string::npos);
}

}  // namespace
}  // namespace cardroom
