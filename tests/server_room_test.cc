// The card room's rules of the house, driven through Room::handle with clients that only collect
// what they are sent (no sockets): seats and tokens, invitations, moves, errors that change
// nothing, spectators, chat, people away and back, a restart from the storage.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "core/session.h"
#include "server/room.h"
#include "server/storage.h"
#include "test_room.h"

namespace cardroom::server {
namespace {

using json = nlohmann::json;
using namespace std::chrono_literals;
using testing_room::FakeClient;
using testing_room::RoomFixture;

class ServerRoom : public testing::TestWithParam<std::string> {};

// Creates a table with `seats`; returns its id (the creator sits at "me" if any).
std::string create(RoomFixture& f, const std::shared_ptr<FakeClient>& c, const std::string& game,
                   const json& seats, json extra = json::object()) {
  json m = {{"type", "create"}, {"game", game}, {"seats", seats}, {"name", "Ann"}};
  m.update(extra);
  f.send(c, m);
  auto created = c->wait_type("created");
  EXPECT_TRUE(created) << "no created message";
  return created ? (*created)["table"].get<std::string>() : std::string();
}

// Plays the first legal move whenever `c` may move, until the game is over.
void play_out(RoomFixture& f, const std::shared_ptr<FakeClient>& c, const std::string& table) {
  const auto deadline = std::chrono::steady_clock::now() + 120s;
  while (std::chrono::steady_clock::now() < deadline) {
    ASSERT_TRUE(f.idle());
    auto latest = c->latest(table);
    ASSERT_TRUE(latest);
    if ((*latest)["over"].get<bool>()) return;
    const json& legal = (*latest)["legal"];
    if (legal.empty()) {
      std::this_thread::sleep_for(2ms);
      continue;
    }
    f.send(c, {{"type", "move"},
               {"table", table},
               {"code", legal[0]["code"]},
               {"seq", (*latest)["seq"]}});
    // The reply is an update for everyone; wait for ours.
    ASSERT_TRUE(c->wait([&](const json& m) {
      return (m["type"] == "update" && m["seq"] > (*latest)["seq"]) || m["type"] == "error";
    })) << "no answer to a move at seq "
        << (*latest)["seq"] << "; the last message: " << c->all().back().dump().substr(0, 2000);
  }
  FAIL() << "the game did not end";
}

TEST_P(ServerRoom, PlaysAWholeGameAgainstComputerPlayersAndOffersItsRecord) {
  RoomFixture f(GetParam());
  auto ann = f.client("ann");
  const std::string table =
      create(f, ann, "s48(players=4)", {"me", "heuristic", "random", "heuristic"});
  auto seated = ann->wait_type("seated");
  ASSERT_TRUE(seated);
  EXPECT_EQ((*seated)["seat"], 0);
  EXPECT_EQ((*seated)["token"].get<std::string>().size(), 32u);
  auto first = ann->wait_type("table");
  ASSERT_TRUE(first);
  EXPECT_TRUE((*first)["started"].get<bool>());
  EXPECT_EQ((*first)["view"]["seat"], 0);
  EXPECT_EQ(f.room->record(table).first, 403) << "an unfinished game's record stays in the room";
  play_out(f, ann, table);
  auto [status, body] = f.room->record(table);
  ASSERT_EQ(status, 200) << body;
  std::string error;
  auto session = Session::from_record(json::parse(body), &error);
  ASSERT_TRUE(session) << error;
  EXPECT_TRUE(session->state().over());
  EXPECT_EQ(f.room->record("nosuch").first, 404);
  // Someone who comes to the table now gets the whole score sheet: S48's nine rounds.
  auto late = f.client("late");
  f.send(late, {{"type", "watch"}, {"table", table}});
  auto sheet = late->wait_type("table");
  ASSERT_TRUE(sheet);
  ASSERT_EQ((*sheet)["rounds"].size(), 9u);
  EXPECT_EQ((*sheet)["rounds"][8]["round"], 9);
  f.send(late, {{"type", "leave"}, {"table", table}});
  // Once nobody is at the finished table, the room forgets it; its record stays.
  EXPECT_EQ(f.room->table_count(), 1u);
  f.send(ann, {{"type", "leave"}, {"table", table}});
  ASSERT_TRUE(f.idle());
  EXPECT_EQ(f.room->table_count(), 0u);
  EXPECT_EQ(f.room->record(table).first, 200);
}

TEST_P(ServerRoom, BadRequestsGetAnErrorAndChangeNothing) {
  RoomFixture f(GetParam());
  auto ann = f.client("ann");
  auto eve = f.client("eve");
  const std::string table =
      create(f, ann, "reds(players=4)", {"me", "heuristic", "heuristic", "heuristic"});
  ASSERT_TRUE(f.idle());
  auto before = ann->latest(table);
  ASSERT_TRUE(before);
  const auto errors_for = [&](const std::shared_ptr<FakeClient>& c, const std::string& text) {
    f.send_text(c, text);
    auto e = c->wait_type("error");
    return e ? (*e)["message"].get<std::string>() : std::string("(no error)");
  };
  EXPECT_NE(errors_for(ann, "{not json").find("JSON object"), std::string::npos);
  EXPECT_NE(errors_for(ann, "[1,2]").find("JSON object"), std::string::npos);
  EXPECT_NE(errors_for(ann, R"({"type":"dance"})").find("unknown message type"), std::string::npos);
  EXPECT_NE(errors_for(ann, R"({"type":"move","table":"nope","move":"x"})").find("no table"),
            std::string::npos);
  EXPECT_NE(errors_for(ann, json{{"type", "move"}, {"table", table}, {"move", "play 9Z"}}.dump()),
            "(no error)");
  EXPECT_NE(errors_for(ann, json{{"type", "move"}, {"table", table}, {"code", "12x"}}.dump())
                .find("decimal"),
            std::string::npos);
  EXPECT_NE(
      errors_for(ann, json{{"type", "move"}, {"table", table}, {"code", "1"}, {"seq", 999}}.dump())
          .find("stale"),
      std::string::npos);
  // Someone without the seat's token cannot move for it, nor claim it.
  EXPECT_NE(errors_for(eve, json{{"type", "move"}, {"table", table}, {"code", "1"}}.dump())
                .find("no seat"),
            std::string::npos);
  EXPECT_NE(
      errors_for(eve,
                 json{{"type", "resume"}, {"table", table}, {"token", std::string(32, '0')}}.dump())
          .find("no seat"),
      std::string::npos);
  EXPECT_NE(errors_for(eve, json{{"type", "join"}, {"table", table}}.dump()).find("no open seat"),
            std::string::npos);
  // A reply carries the request's id back.
  f.send(ann, {{"type", "dance"}, {"id", 42}});
  auto e = ann->wait_type("error");
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["ref"], 42);
  ASSERT_TRUE(f.idle());
  auto after = ann->latest(table);
  EXPECT_EQ((*after)["seq"], (*before)["seq"]);
  EXPECT_EQ((*after)["view"], (*before)["view"]);
  // Creating: every seat entry checked; exec players never sit in the room.
  auto bad_create = [&](json seats, const std::string& game = "reds(players=4)") {
    f.send(ann, {{"type", "create"}, {"game", game}, {"seats", seats}});
    auto err = ann->wait_type("error");
    return err ? (*err)["message"].get<std::string>() : std::string("(no error)");
  };
  EXPECT_NE(bad_create({"me", "open", "open"}).find("4 entries"), std::string::npos);
  EXPECT_NE(bad_create({"me", "me", "open", "open"}).find("only one"), std::string::npos);
  EXPECT_NE(bad_create({"me", "open", "open", "exec:sh -c 'touch /tmp/x'"}).find("exec"),
            std::string::npos);
  EXPECT_NE(bad_create({"me", "open", "open", "grandmaster"}).find("unknown player"),
            std::string::npos);
  EXPECT_NE(bad_create({"me", "open", "open", "open"}, "reds(players=99)"), "(no error)");
  EXPECT_EQ(f.room->table_count(), 1u);
}

TEST_P(ServerRoom, InvitationsSeatPeopleAndTheGameStartsWhenFull) {
  RoomFixture f(GetParam());
  auto ann = f.client("ann");
  auto bob = f.client("bob");
  auto eve = f.client("eve");
  f.send(ann, {{"type", "create"},
               {"game", "reds(players=4)"},
               {"seats", {"me", "open", "heuristic", "heuristic"}},
               {"private", true}});
  auto created = ann->wait_type("created");
  ASSERT_TRUE(created);
  const std::string table = (*created)["table"];
  const std::string invite = (*created)["invites"]["1"];
  auto table_msg = ann->wait_type("table");
  EXPECT_FALSE((*table_msg)["started"].get<bool>());
  EXPECT_TRUE((*table_msg)["legal"].empty());
  // The lobby does not list a private table; joining it needs the invitation.
  f.send(eve, {{"type", "lobby"}});
  auto lobby = eve->wait_type("lobby");
  ASSERT_TRUE(lobby);
  EXPECT_TRUE((*lobby)["tables"].empty());
  f.send(eve, {{"type", "join"}, {"table", table}});
  EXPECT_NE((*eve->wait_type("error"))["message"].get<std::string>().find("private"),
            std::string::npos);
  f.send(eve, {{"type", "join"}, {"table", table}, {"invite", "0123456789abcdef"}});
  EXPECT_TRUE(eve->wait_type("error"));
  f.send(bob, {{"type", "join"}, {"table", table}, {"invite", invite}, {"name", "Bob"}});
  auto seated = bob->wait_type("seated");
  ASSERT_TRUE(seated);
  EXPECT_EQ((*seated)["seat"], 1);
  auto started = bob->wait([](const json& m) { return m["type"] == "table" && m["started"]; });
  ASSERT_TRUE(started);
  EXPECT_EQ((*started)["seats"][1]["name"], "Bob");
  EXPECT_EQ((*started)["seats"][0]["kind"], "human");
  EXPECT_EQ((*started)["seats"][2]["kind"], "computer");
  // The invitation is spent.
  f.send(eve, {{"type", "join"}, {"table", table}, {"invite", invite}});
  EXPECT_TRUE(eve->wait_type("error"));
}

TEST_P(ServerRoom, SpectatorsAndOtherSeatsSeeNoHiddenCard) {
  RoomFixture f(GetParam());
  auto ann = f.client("ann");
  auto spy = f.client("spy");
  const std::string table =
      create(f, ann, "s48(players=4)", {"me", "heuristic", "heuristic", "heuristic"});
  ASSERT_TRUE(f.idle());
  f.send(spy, {{"type", "watch"}, {"table", table}});
  auto watched = spy->wait_type("table");
  ASSERT_TRUE(watched);
  EXPECT_TRUE((*watched)["seat"].is_null());
  EXPECT_FALSE((*watched)["view"].contains("hand"));
  EXPECT_TRUE((*watched)["legal"].empty());
  // The spectator's view and events name no card of Ann's hand (cards drawn for the deal, before
  // the shuffle, are public).
  auto ann_view = ann->latest(table);
  ASSERT_TRUE(ann_view);
  json events = json::array();
  for (const json& e : (*watched)["events"])
    if (e["kind"] != "dealer") events.push_back(e);
  const std::string spied = (*watched)["view"].dump() + events.dump();
  for (const json& card : (*ann_view)["view"]["hand"])
    EXPECT_EQ(spied.find("\"" + card.get<std::string>() + "\""), std::string::npos)
        << card << " reached a spectator";
  // A spectator cannot move.
  f.send(spy, {{"type", "move"}, {"table", table}, {"code", "1"}});
  EXPECT_TRUE(spy->wait_type("error"));
}

TEST_P(ServerRoom, ADisconnectedPersonIsPlayedForUntilTheyResume) {
  RoomFixture f(GetParam(), 30ms);
  auto ann = f.client("ann");
  const std::string table =
      create(f, ann, "s48(players=4)", {"me", "heuristic", "heuristic", "heuristic"});
  auto seated = ann->wait_type("seated");
  ASSERT_TRUE(seated);
  const std::string token = (*seated)["token"];
  ASSERT_TRUE(f.idle());
  f.disconnect(ann);
  // The computer player sits in: the whole game is played without Ann.
  auto watcher = f.client("watcher");
  f.send(watcher, {{"type", "watch"}, {"table", table}});
  ASSERT_TRUE(
      watcher->wait([](const json& m) { return m["type"] == "update" && m["over"]; }, 20000ms))
      << "nobody played for the absent person";
  auto back = f.client("ann again");
  f.send(back, {{"type", "resume"}, {"table", table}, {"token", token}});
  auto again = back->wait_type("seated");
  ASSERT_TRUE(again);
  EXPECT_EQ((*again)["seat"], 0);
}

TEST_P(ServerRoom, AwayAndBackMidGame) {
  RoomFixture f(GetParam(), 20ms);
  auto ann = f.client("ann");
  const std::string table = create(f, ann, "s48(players=4)",
                                   {"me", "heuristic", "heuristic", "heuristic"}, {{"pace_ms", 5}});
  auto seated = ann->wait_type("seated");
  const std::string token = (*seated)["token"];
  ASSERT_TRUE(f.idle());
  f.disconnect(ann);
  auto back = f.client("ann again");
  f.send(back, {{"type", "watch"}, {"table", table}});
  auto away = back->wait(
      [](const json& m) { return m["type"] == "update" && m["seq"].get<int>() >= 6; }, 20000ms);
  ASSERT_TRUE(away) << "the computer player did not play for Ann";
  f.send(back, {{"type", "resume"}, {"table", table}, {"token", token}});
  auto resumed = back->wait([](const json& m) { return m["type"] == "table" && m["seat"] == 0; });
  ASSERT_TRUE(resumed);
  EXPECT_FALSE((*resumed)["seats"][0]["away"].get<bool>());
  EXPECT_TRUE((*resumed)["seats"][0]["connected"].get<bool>());
  // Ann is back: the game waits for her when it is her turn.
  play_out(f, back, table);
}

TEST_P(ServerRoom, ATurnTimerHandsTheSeatToAComputerPlayer) {
  RoomFixture f(GetParam());
  auto ann = f.client("ann");
  const std::string table =
      create(f, ann, "s48(players=4)", {"me", "heuristic", "heuristic", "heuristic"},
             {{"turn_seconds", 1}, {"pace_ms", 100}});
  auto first = ann->wait_type("table");
  ASSERT_TRUE(first);
  ASSERT_TRUE((*first)["turn"].is_object());
  auto away = ann->wait([](const json& m) { return m["type"] == "table" && m["seats"][0]["away"]; },
                        5000ms);
  ASSERT_TRUE(away) << "the timer did not run out";
  // A move from Ann's connection takes the seat back (the computer's pace keeps the game from
  // ending before it arrives).
  auto latest = ann->latest(table);
  f.send(ann, {{"type", "move"}, {"table", table}, {"code", "1"}});
  auto table_back =
      ann->wait([](const json& m) { return m["type"] == "table" && !m["seats"][0]["away"]; });
  ASSERT_TRUE(table_back);
}

TEST_P(ServerRoom, TeamChatReachesOnlyTheTeamWhereTheRulesAllowIt) {
  RoomFixture f(GetParam());
  auto ann = f.client("ann");
  auto bob = f.client("bob");
  auto cy = f.client("cy");
  f.send(ann,
         {{"type", "create"}, {"game", "truc"}, {"seats", {"me", "open", "open", "heuristic"}}});
  auto created = ann->wait_type("created");
  ASSERT_TRUE(created);
  const std::string table = (*created)["table"];
  f.send(bob, {{"type", "join"}, {"table", table}, {"seat", 1}});
  ASSERT_TRUE(bob->wait_type("seated"));
  f.send(cy, {{"type", "join"}, {"table", table}, {"seat", 2}});
  ASSERT_TRUE(cy->wait_type("seated"));
  // Seats 0 and 2 are partners in four-handed Truc.
  f.send(ann,
         {{"type", "chat"}, {"table", table}, {"text", "I have the 1 of swords"}, {"to", "team"}});
  auto to_cy = cy->wait_type("chat");
  ASSERT_TRUE(to_cy);
  EXPECT_EQ((*to_cy)["to"], "team");
  EXPECT_FALSE(bob->wait_type("chat", 200ms)) << "team chat reached the other team";
  f.send(bob, {{"type", "chat"}, {"table", table}, {"text", "good luck"}});
  EXPECT_TRUE(ann->wait_type("chat"));
  EXPECT_TRUE(cy->wait_type("chat"));
  // Reds has no table talk between partners.
  auto dan = f.client("dan");
  const std::string reds =
      create(f, dan, "reds(players=4)", {"me", "heuristic", "heuristic", "heuristic"});
  f.send(dan, {{"type", "chat"}, {"table", reds}, {"text", "hi"}, {"to", "team"}});
  auto refused = dan->wait_type("error");
  ASSERT_TRUE(refused);
  EXPECT_NE((*refused)["message"].get<std::string>().find("no talk"), std::string::npos);
}

TEST_P(ServerRoom, ARestartResumesEveryUnfinishedTableWhereItWas) {
  RoomFixture f(GetParam());
  auto ann = f.client("ann");
  const std::string table =
      create(f, ann, "s48(players=4)", {"me", "heuristic", "heuristic", "heuristic"});
  auto seated = ann->wait_type("seated");
  const std::string token = (*seated)["token"];
  // A few moves of Ann's.
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(f.idle());
    auto latest = ann->latest(table);
    if ((*latest)["legal"].empty()) break;
    f.send(ann, {{"type", "move"}, {"table", table}, {"code", (*latest)["legal"][0]["code"]}});
  }
  ASSERT_TRUE(f.idle());
  auto before = ann->latest(table);
  ASSERT_TRUE(before);
  f.restart();
  EXPECT_EQ(f.room->table_count(), 1u);
  auto again = f.client("ann after the restart");
  f.send(again, {{"type", "resume"}, {"table", table}, {"token", token}});
  auto resumed = again->wait_type("table");
  ASSERT_TRUE(resumed);
  EXPECT_EQ((*resumed)["seq"], (*before)["seq"]);
  EXPECT_EQ((*resumed)["view"], (*before)["view"]);
  play_out(f, again, table);
}

INSTANTIATE_TEST_SUITE_P(Storage, ServerRoom, testing::Values("sqlite", "postgresql", "websocket"),
                         [](const testing::TestParamInfo<std::string>& info) {
                           return info.param;
                         });

}  // namespace
}  // namespace cardroom::server
