// The card room after a game (server/room_after.cc), driven through Room::handle (or a WebSocket)
// with clients that only collect what they are sent: playing again at a new table with the same
// people, a browser key's history of finished games, the analysis of a hand that is over, the
// replay of a finished game, and a table nobody is at that pauses, goes on, or ends as abandoned.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <functional>
#include <iterator>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>
#include <tuple>

#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "server/room.h"
#include "server/storage.h"
#include "test_room.h"

namespace cardroom::server {
namespace {

using json = nlohmann::json;
using namespace std::chrono_literals;
using testing_room::FakeClient;
using testing_room::RoomFixture;
using Conn = std::shared_ptr<FakeClient>;

class AfterTheGame : public testing::TestWithParam<std::string> {};

// A short two-handed game with a solver: five rounds of five tricks.
const char* const kShort = "reds(players=2,short_game=true)";
const char* const kAnnKey = "ann-browser-key-0123456789";
const char* const kBobKey = "bob-browser-key-0123456789";

// Sends `m` with a fresh id and waits for the reply that carries it back (`ref`): the answer or
// an error. Nullopt if none came within `limit`.
std::optional<json> request(RoomFixture& f, const Conn& c, json m,
                            std::chrono::milliseconds limit = 10000ms) {
  // A string id: the fixture's own pings (RoomFixture::idle over a WebSocket) number theirs.
  static std::atomic<int> next_id{0};
  const std::string id = "request " + std::to_string(++next_id);
  m["id"] = id;
  f.send(c, m);
  return c->wait([&](const json& r) { return r.contains("ref") && r["ref"] == id; }, limit);
}

// The error message `m` gets, or "(no error: ...)" with what came instead.
std::string error_of(RoomFixture& f, const Conn& c, const json& m) {
  auto r = request(f, c, m);
  if (!r) return "(no reply)";
  if ((*r)["type"] != "error") return "(no error: " + r->dump().substr(0, 300) + ")";
  return (*r)["message"].get<std::string>();
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::size_t count_type(const Conn& c, const std::string& type) {
  std::size_t n = 0;
  for (const json& m : c->all()) n += m["type"] == type;
  return n;
}

// The index in c->all() (from `from`) of the first message satisfying `pred`, or -1.
long index_of(const Conn& c, std::size_t from, const std::function<bool(const json&)>& pred) {
  const auto all = c->all();
  for (std::size_t i = from; i < all.size(); ++i)
    if (pred(all[i])) return static_cast<long>(i);
  return -1;
}

// Every (client, table) plays the first legal move it is offered, one move at a time, until every
// table's game is over.
void play_to_end(RoomFixture& f, const std::vector<std::pair<Conn, std::string>>& players) {
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  while (std::chrono::steady_clock::now() < deadline) {
    ASSERT_TRUE(f.idle());
    bool all_over = true, moved = false;
    for (const auto& [c, table] : players) {
      auto latest = c->latest(table);
      ASSERT_TRUE(latest) << "no view of table " << table;
      if ((*latest)["over"].get<bool>()) continue;
      all_over = false;
      const json& legal = (*latest)["legal"];
      if (legal.empty()) continue;
      const json seq = (*latest)["seq"];
      f.send(c, {{"type", "move"}, {"table", table}, {"code", legal[0]["code"]}, {"seq", seq}});
      ASSERT_TRUE(c->wait([&](const json& m) {
        return (m["type"] == "update" && m["table"] == table && m["seq"] > seq) ||
               m["type"] == "error";
      })) << "no answer to a move at seq "
          << seq;
      moved = true;
      break;  // one move, then everyone catches up
    }
    if (all_over) return;
    if (!moved) std::this_thread::sleep_for(2ms);
  }
  FAIL() << "the games did not end";
}

// Waits until the finished game of `table` is stored (its record downloadable).
bool wait_finished(RoomFixture& f, const std::string& table,
                   std::chrono::milliseconds limit = 20000ms) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    if (f.room->record(table).first == 200) return true;
    std::this_thread::sleep_for(10ms);
  }
  return false;
}

// A table of computer players only, played to its end by them; its id.
std::string computer_game(RoomFixture& f, const Conn& c, const std::string& game,
                          const json& seats) {
  auto created = request(f, c, {{"type", "create"}, {"game", game}, {"seats", seats}});
  EXPECT_TRUE(created && (*created)["type"] == "created") << (created ? created->dump() : "");
  if (!created || (*created)["type"] != "created") return "";
  const std::string table = (*created)["table"];
  EXPECT_TRUE(wait_finished(f, table)) << "the computer players did not finish " << game;
  return table;
}

// Moves stored for an unfinished table (-1: it is not among the unfinished ones).
long stored_moves(RoomFixture& f, const std::string& table) {
  std::string error;
  auto rows = f.storage->unfinished(&error);
  EXPECT_TRUE(rows) << error;
  if (rows)
    for (const TableRow& row : *rows)
      if (row.id == table) return static_cast<long>(row.moves.size());
  return -1;
}

// The fixture's room again, with a table nobody is at pausing after `abandon_after` and ending
// after `end_abandoned` paused (RoomFixture::open with these two options more).
void reopen_abandoning(RoomFixture& f, std::chrono::milliseconds away_after,
                       std::chrono::milliseconds abandon_after,
                       std::chrono::milliseconds end_abandoned) {
  f.close();
  std::string error;
  f.storage = open_storage(f.where, &error);
  ASSERT_TRUE(f.storage) << error;
  RoomOptions options;
  options.away_after = away_after;
  options.abandon_after = abandon_after;
  options.end_abandoned = end_abandoned;
  options.threads = 2;
  options.seed = f.seed;
  options.policy.max_connections = 0;
  options.policy.max_messages = 0;
  options.policy.max_tables_per_minute = 0;
  options.policy.max_open_tables = 0;
  f.room = std::make_unique<Room>(*f.storage, options);
  if (f.network) {
    ServerOptions server_options;
    server_options.port = 0;
    server_options.threads = 2;
    server_options.max_per_second = 1000000;
    f.server = std::make_unique<Server>(*f.room, server_options);
    ASSERT_TRUE(f.server->listen(&error)) << error;
    f.server->start();
  }
}

// The lobby entry of `table` in a lobby message, or null.
json lobby_entry(const json& m, const std::string& table) {
  if (m["type"] != "lobby") return nullptr;
  for (const json& e : m["tables"])
    if (e["table"] == table) return e;
  return nullptr;
}

// Two people at a two-seat table of kShort: Ann creates it (seat 0), Bob joins by invitation.
struct TwoPeople {
  std::string table, watch, ann_token, bob_token;
  int first_dealer = -1;
};

TwoPeople seat_two(RoomFixture& f, const Conn& ann, const Conn& bob, bool is_private) {
  TwoPeople out;
  auto created = request(f, ann,
                         {{"type", "create"},
                          {"game", kShort},
                          {"seats", {"me", "open"}},
                          {"name", "Ann"},
                          {"key", kAnnKey},
                          {"private", is_private}});
  EXPECT_TRUE(created && (*created)["type"] == "created") << (created ? created->dump() : "");
  if (!created || (*created)["type"] != "created") return out;
  out.table = (*created)["table"];
  if (is_private) out.watch = (*created)["watch"];
  auto ann_seated = ann->wait_type("seated");
  EXPECT_TRUE(ann_seated);
  if (ann_seated) out.ann_token = (*ann_seated)["token"];
  auto seated = request(f, bob,
                        {{"type", "join"},
                         {"table", out.table},
                         {"invite", (*created)["invites"]["1"]},
                         {"name", "Bob"},
                         {"key", kBobKey}});
  EXPECT_TRUE(seated && (*seated)["type"] == "seated") << (seated ? seated->dump() : "");
  if (!seated || (*seated)["type"] != "seated") return out;
  out.bob_token = (*seated)["token"];
  auto started = bob->wait([&](const json& m) {
    return m["type"] == "table" && m["table"] == out.table && m["started"].get<bool>();
  });
  EXPECT_TRUE(started);
  if (started) out.first_dealer = (*started)["view"]["dealer"].get<int>();
  return out;
}

// --- again ------------------------------------------------------------------------------------

TEST_P(AfterTheGame, PlayAgainSeatsTheSamePeopleAtANewTable) {
  RoomFixture f(GetParam(), 5000ms, 7);
  auto ann = f.client("ann");
  auto bob = f.client("bob");
  auto spy = f.client("spy");
  const TwoPeople two = seat_two(f, ann, bob, /*is_private=*/true);
  ASSERT_FALSE(two.bob_token.empty());
  const std::string t = two.table;
  ASSERT_GE(two.first_dealer, 0);
  auto watched = request(f, spy, {{"type", "watch"}, {"table", t}, {"code", two.watch}});
  ASSERT_TRUE(watched && (*watched)["type"] == "table");

  // Before the game is over, and from a spectator: errors.
  EXPECT_TRUE(has(error_of(f, ann, {{"type", "again"}, {"table", t}}), "not over"));
  play_to_end(f, {{ann, t}, {bob, t}});
  ASSERT_TRUE(f.idle());
  EXPECT_TRUE(has(error_of(f, spy, {{"type", "again"}, {"table", t}}), "no seat"));
  // A bad "replace": nothing changes.
  EXPECT_TRUE(has(error_of(f, ann, {{"type", "again"}, {"table", t}, {"replace", 5}}), "object"));
  EXPECT_TRUE(has(error_of(f, ann, {{"type", "again"}, {"table", t}, {"replace", {{"2", "open"}}}}),
                  "not a seat"));
  EXPECT_TRUE(
      has(error_of(f, ann, {{"type", "again"}, {"table", t}, {"replace", {{"-1", "open"}}}}),
          "not a seat"));
  EXPECT_TRUE(has(error_of(f, ann, {{"type", "again"}, {"table", t}, {"replace", {{"x", "open"}}}}),
                  "not a seat"));
  EXPECT_TRUE(
      has(error_of(f, ann, {{"type", "again"}, {"table", t}, {"replace", {{"1", 3}}}}), "level"));
  ASSERT_TRUE(f.idle());
  EXPECT_EQ(f.room->table_count(), 1u);
  EXPECT_EQ(count_type(ann, "again") + count_type(bob, "again") + count_type(spy, "again"), 0u);

  // Ann asks: both are seated at a new table, in the same seats.
  const std::size_t ann_from = ann->all().size(), bob_from = bob->all().size(),
                    spy_from = spy->all().size();
  auto note = request(f, ann, {{"type", "again"}, {"table", t}});
  ASSERT_TRUE(note);
  ASSERT_EQ((*note)["type"], "again") << note->dump();
  EXPECT_EQ((*note)["table"], t);
  EXPECT_EQ((*note)["by"], "Ann");
  const std::string n = (*note)["next"];
  EXPECT_NE(n, t);
  ASSERT_TRUE(f.idle());
  EXPECT_EQ(f.room->table_count(), 2u) << "the spectator still watches the old table";
  std::string ann_token, bob_token;
  for (auto [c, from, seat] : {std::tuple{ann, ann_from, 0}, std::tuple{bob, bob_from, 1}}) {
    SCOPED_TRACE(c->label());
    const long again_at = index_of(c, from, [&](const json& m) {
      return m["type"] == "again" && m["table"] == t && m["next"] == n && m["by"] == "Ann";
    });
    const long seated_at =
        index_of(c, from, [&](const json& m) { return m["type"] == "seated" && m["table"] == n; });
    const long table_at =
        index_of(c, from, [&](const json& m) { return m["type"] == "table" && m["table"] == n; });
    ASSERT_GE(again_at, 0);
    ASSERT_GT(seated_at, again_at);
    ASSERT_GT(table_at, seated_at);
    const json seated = c->all()[seated_at];
    EXPECT_EQ(seated["seat"], seat);
    const std::string token = seated["token"];
    EXPECT_EQ(token.size(), 32u);
    EXPECT_NE(token, seat == 0 ? two.ann_token : two.bob_token) << "a new seat, a new token";
    (seat == 0 ? ann_token : bob_token) = token;
    const json table = c->all()[table_at];
    EXPECT_EQ(table["seat"], seat);
    EXPECT_TRUE(table["started"].get<bool>());
    EXPECT_FALSE(table["over"].get<bool>());
    EXPECT_TRUE(table["private"].get<bool>());
    ASSERT_EQ(table["seats"].size(), 2u);
    EXPECT_EQ(table["seats"][0]["name"], "Ann");
    EXPECT_EQ(table["seats"][1]["name"], "Bob");
    for (const json& s : table["seats"]) {
      EXPECT_EQ(s["kind"], "human");
      EXPECT_TRUE(s["connected"].get<bool>());
    }
    // The deal passes on: the first dealer is the old game's first dealer's left.
    EXPECT_EQ(table["view"]["dealer"], (two.first_dealer + 1) % 2);
    EXPECT_EQ(table["view"]["round"], 1);
  }
  EXPECT_EQ(count_type(bob, "created"), 0u);
  // The asker gets the new table's codes: no seat opened, the spectators' code of a private one.
  const long created_at = index_of(
      ann, ann_from, [&](const json& m) { return m["type"] == "created" && m["table"] == n; });
  ASSERT_GE(created_at, 0);
  const json created = ann->all()[created_at];
  EXPECT_TRUE(created["invites"].empty());
  ASSERT_TRUE(created["watch"].is_string());
  // The spectator hears of it with the code, and can watch the new table with it.
  const long spy_note =
      index_of(spy, spy_from, [&](const json& m) { return m["type"] == "again"; });
  ASSERT_GE(spy_note, 0);
  const json spied = spy->all()[spy_note];
  EXPECT_EQ(spied["next"], n);
  EXPECT_EQ(spied["watch"], created["watch"]);
  EXPECT_EQ(index_of(spy, spy_from, [](const json& m) { return m["type"] == "seated"; }), -1);
  auto spy_new = request(f, spy, {{"type", "watch"}, {"table", n}, {"code", spied["watch"]}});
  ASSERT_TRUE(spy_new);
  EXPECT_EQ((*spy_new)["type"], "table") << spy_new->dump();
  // The people have left the old table.
  EXPECT_TRUE(has(error_of(f, ann, {{"type", "again"}, {"table", t}}), "no seat"));

  // A new seed: the stored row of the new table, against the old game's record.
  auto [status, body] = f.room->record(t);
  ASSERT_EQ(status, 200);
  const json old_record = json::parse(body);
  std::string error;
  auto rows = f.storage->unfinished(&error);
  ASSERT_TRUE(rows) << error;
  bool found = false;
  for (const TableRow& row : *rows)
    if (row.id == n) {
      found = true;
      EXPECT_NE(row.seed, old_record["seed"].get<std::uint64_t>());
      EXPECT_EQ(row.first_dealer, (two.first_dealer + 1) % 2);
      EXPECT_TRUE(row.started);
    }
  EXPECT_TRUE(found) << "the new table is not stored";

  // Bob comes back to the old table with its token: a second `again` there names the new table.
  auto back = request(f, bob, {{"type", "resume"}, {"table", t}, {"token", two.bob_token}});
  ASSERT_TRUE(back && (*back)["type"] == "seated") << (back ? back->dump() : "");
  const std::string second = error_of(f, bob, {{"type", "again"}, {"table", t}});
  EXPECT_TRUE(has(second, "a new game has started already")) << second;
  EXPECT_TRUE(has(second, n)) << second;
  ASSERT_TRUE(f.idle());
  EXPECT_EQ(f.room->table_count(), 2u);

  // The new game is played at the new table, with the new tokens.
  auto latest = ann->latest(n);
  auto bob_latest = bob->latest(n);
  ASSERT_TRUE(latest && bob_latest);
  const auto& mover = (*latest)["legal"].empty() ? bob : ann;
  auto view = mover->latest(n);
  ASSERT_FALSE((*view)["legal"].empty());
  f.send(mover, {{"type", "move"},
                 {"table", n},
                 {"code", (*view)["legal"][0]["code"]},
                 {"seq", (*view)["seq"]}});
  ASSERT_TRUE(f.idle());
  auto after = mover->latest(n);
  EXPECT_GT((*after)["seq"], (*view)["seq"]);
  // After a restart, the new table is where it was, and its tokens still hold its seats.
  const json before_restart = (*ann->latest(n))["view"];
  f.restart();
  auto ann2 = f.client("ann after the restart");
  auto resumed = request(f, ann2, {{"type", "resume"}, {"table", n}, {"token", ann_token}});
  ASSERT_TRUE(resumed && (*resumed)["type"] == "seated") << (resumed ? resumed->dump() : "");
  auto table = ann2->wait_type("table");
  ASSERT_TRUE(table);
  EXPECT_EQ((*table)["view"], before_restart);
  EXPECT_EQ((*table)["seats"][1]["name"], "Bob");
}

TEST_P(AfterTheGame, PlayAgainReplacesPeopleWhoLeft) {
  RoomFixture f(GetParam(), 5000ms, 11);
  auto ann = f.client("ann");
  auto bob = f.client("bob");
  auto cy = f.client("cy");
  auto dee = f.client("dee");
  auto eve = f.client("eve");
  // Two tables at once: at one the second person leaves, at the other they disconnect.
  const TwoPeople one = seat_two(f, ann, bob, /*is_private=*/false);
  const TwoPeople two = seat_two(f, cy, dee, /*is_private=*/false);
  ASSERT_FALSE(one.bob_token.empty());
  ASSERT_FALSE(two.bob_token.empty());
  auto lobby = f.client("lobby");
  auto listed = request(f, lobby, {{"type", "lobby"}});
  ASSERT_TRUE(listed && (*listed)["type"] == "lobby");
  play_to_end(f, {{ann, one.table}, {bob, one.table}, {cy, two.table}, {dee, two.table}});
  f.send(bob, {{"type", "leave"}, {"table", one.table}});
  f.disconnect(dee);
  ASSERT_TRUE(f.idle());
  // (Over the network the room hears of the closed connection a moment later.)
  ASSERT_TRUE(lobby->wait(
      [&](const json& m) {
        for (const std::string& t : {one.table, two.table}) {
          const json e = lobby_entry(m, t);
          if (!e.is_object() || e["seats"][1]["connected"] != false) return false;
        }
        return true;
      },
      10000ms))
      << "the lobby does not show seat 1 of both tables disconnected";

  // Replacements the room's policy refuses, or that are no player: errors that change nothing.
  const std::string exec =
      error_of(f, ann, {{"type", "again"}, {"table", one.table}, {"replace", {{"1", "exec:foo"}}}});
  EXPECT_TRUE(has(exec, "exec")) << exec;
  const std::string unknown = error_of(
      f, ann, {{"type", "again"}, {"table", one.table}, {"replace", {{"1", "grandmaster"}}}});
  EXPECT_TRUE(has(unknown, "seat 1")) << unknown;
  ASSERT_TRUE(f.idle());
  EXPECT_EQ(f.room->table_count(), 2u);
  EXPECT_EQ(count_type(ann, "again"), 0u);

  // Ann opens the seat Bob left: the new table waits for someone with the invitation.
  auto note =
      request(f, ann, {{"type", "again"}, {"table", one.table}, {"replace", {{"1", "open"}}}});
  ASSERT_TRUE(note && (*note)["type"] == "again") << (note ? note->dump() : "");
  const std::string n1 = (*note)["next"];
  auto created =
      ann->wait([&](const json& m) { return m["type"] == "created" && m["table"] == n1; });
  ASSERT_TRUE(created);
  ASSERT_TRUE((*created)["invites"].contains("1")) << created->dump();
  EXPECT_EQ((*created)["invites"].size(), 1u);
  auto waiting = ann->wait([&](const json& m) { return m["type"] == "table" && m["table"] == n1; });
  ASSERT_TRUE(waiting);
  EXPECT_FALSE((*waiting)["started"].get<bool>());
  EXPECT_EQ((*waiting)["seats"][0]["name"], "Ann");
  EXPECT_EQ((*waiting)["seats"][1]["kind"], "open");
  EXPECT_EQ(count_type(bob, "again"), 0u) << "Bob left the table before";
  auto seated = request(
      f, eve,
      {{"type", "join"}, {"table", n1}, {"invite", (*created)["invites"]["1"]}, {"name", "Eve"}});
  ASSERT_TRUE(seated && (*seated)["type"] == "seated") << (seated ? seated->dump() : "");
  EXPECT_EQ((*seated)["seat"], 1);
  auto started = ann->wait([&](const json& m) {
    return m["type"] == "table" && m["table"] == n1 && m["started"].get<bool>();
  });
  ASSERT_TRUE(started);
  EXPECT_EQ((*started)["seats"][1]["name"], "Eve");

  // Cy asks without a replacement: the computer's "normal" level takes Dee's seat, and the new
  // game starts at once.
  auto note2 = request(f, cy, {{"type", "again"}, {"table", two.table}});
  ASSERT_TRUE(note2 && (*note2)["type"] == "again") << (note2 ? note2->dump() : "");
  const std::string n2 = (*note2)["next"];
  auto table2 = cy->wait([&](const json& m) { return m["type"] == "table" && m["table"] == n2; });
  ASSERT_TRUE(table2);
  EXPECT_TRUE((*table2)["started"].get<bool>());
  EXPECT_EQ((*table2)["seat"], 0);
  EXPECT_EQ((*table2)["seats"][0]["kind"], "human");
  EXPECT_EQ((*table2)["seats"][0]["name"], "Ann");  // seat_two names every creator Ann
  EXPECT_EQ((*table2)["seats"][1]["kind"], "computer");
  EXPECT_EQ((*table2)["seats"][1]["player"], "normal");
  // The game goes on with the computer player: Cy's moves are answered.
  play_to_end(f, {{cy, n2}});
}

// --- history ----------------------------------------------------------------------------------

TEST_P(AfterTheGame, HistoryListsTheFinishedGamesOfAKey) {
  RoomFixture f(GetParam(), 5000ms, 3);
  auto ann = f.client("ann");
  auto eve = f.client("eve");
  // A key out of bounds is refused wherever it is given.
  EXPECT_TRUE(has(
      error_of(
          f, ann,
          {{"type", "create"}, {"game", kShort}, {"seats", {"me", "heuristic"}}, {"key", "short"}}),
      "key"));
  EXPECT_EQ(f.room->table_count(), 0u);
  std::vector<std::string> finished;
  for (int i = 0; i < 2; ++i) {
    auto created = request(f, ann,
                           {{"type", "create"},
                            {"game", kShort},
                            {"seats", {"me", "heuristic"}},
                            {"name", "Ann"},
                            {"key", kAnnKey}});
    ASSERT_TRUE(created && (*created)["type"] == "created");
    const std::string t = (*created)["table"];
    play_to_end(f, {{ann, t}});
    ASSERT_TRUE(wait_finished(f, t));
    finished.push_back(t);
    std::this_thread::sleep_for(5ms);  // finished in different milliseconds
  }
  // One more, not finished: not in the history.
  auto open_one = request(f, ann,
                          {{"type", "create"},
                           {"game", kShort},
                           {"seats", {"me", "heuristic"}},
                           {"name", "Ann"},
                           {"key", kAnnKey}});
  ASSERT_TRUE(open_one && (*open_one)["type"] == "created");
  // And one of Bob's, at which Ann sat without her key.
  auto bob_table = request(f, eve,
                           {{"type", "create"},
                            {"game", kShort},
                            {"seats", {"me", "heuristic"}},
                            {"name", "Bob"},
                            {"key", kBobKey}});
  ASSERT_TRUE(bob_table && (*bob_table)["type"] == "created");
  play_to_end(f, {{eve, (*bob_table)["table"]}});
  ASSERT_TRUE(wait_finished(f, (*bob_table)["table"]));

  auto reply = request(f, ann, {{"type", "history"}, {"key", kAnnKey}});
  ASSERT_TRUE(reply);
  ASSERT_EQ((*reply)["type"], "history") << reply->dump();
  const json& games = (*reply)["games"];
  ASSERT_EQ(games.size(), 2u) << games.dump();
  EXPECT_EQ(games[0]["table"], finished[1]) << "newest first";
  EXPECT_EQ(games[1]["table"], finished[0]);
  for (const json& g : games) {
    SCOPED_TRACE(g.dump());
    EXPECT_TRUE(has(g["game"].get<std::string>(), "reds("));
    EXPECT_EQ(g["title"], "Reds");
    EXPECT_GT(g["created_ms"].get<std::int64_t>(), 0);
    EXPECT_GE(g["finished_ms"].get<std::int64_t>(), g["created_ms"].get<std::int64_t>());
    ASSERT_EQ(g["seats"].size(), 2u);
    EXPECT_EQ(g["seats"][0],
              json({{"seat", 0}, {"kind", "human"}, {"name", "Ann"}, {"player", nullptr}}));
    EXPECT_EQ(g["seats"][1]["kind"], "computer");
    EXPECT_EQ(g["seats"][1]["player"], "heuristic");
    EXPECT_EQ(g["mine"], json::array({0}));
    const json& result = g["result"];
    ASSERT_TRUE(result.is_object());
    EXPECT_EQ(result["ended"], "over");
    EXPECT_EQ(result["scores"].size(), 2u);
    EXPECT_FALSE(result["winners"].empty());
    EXPECT_GE(result["rounds"].get<int>(), 5);
    EXPECT_EQ(g["record"], "/record/" + g["table"].get<std::string>());
    EXPECT_EQ(f.room->record(g["table"]).first, 200);
  }
  EXPECT_GT(games[0]["finished_ms"].get<std::int64_t>(),
            games[1]["finished_ms"].get<std::int64_t>());
  // The result is the game's: the record's final scores.
  auto [status, body] = f.room->record(finished[1]);
  ASSERT_EQ(status, 200);
  std::string error;
  auto session = Session::from_record(json::parse(body), &error);
  ASSERT_TRUE(session) << error;
  EXPECT_EQ(games[0]["result"]["scores"], session->state().view(kSpectator)["scores"]);
  EXPECT_EQ(games[0]["result"]["winners"], session->state().view(kSpectator)["winners"]);

  // Bob's key sees Bob's game only; a key nobody used sees nothing.
  auto bobs = request(f, eve, {{"type", "history"}, {"key", kBobKey}});
  ASSERT_TRUE(bobs && (*bobs)["type"] == "history");
  ASSERT_EQ((*bobs)["games"].size(), 1u);
  EXPECT_EQ((*bobs)["games"][0]["table"], (*bob_table)["table"]);
  EXPECT_EQ((*bobs)["games"][0]["seats"][0]["name"], "Bob");
  auto none = request(f, eve, {{"type", "history"}, {"key", "nobody-has-this-key-0000"}});
  ASSERT_TRUE(none && (*none)["type"] == "history");
  EXPECT_TRUE((*none)["games"].empty());
  // No key, or one out of bounds: errors.
  EXPECT_TRUE(has(error_of(f, eve, {{"type", "history"}}), "key"));
  EXPECT_TRUE(has(error_of(f, eve, {{"type", "history"}, {"key", "0123456789abcde"}}), "key"));
  EXPECT_TRUE(has(error_of(f, eve, {{"type", "history"}, {"key", std::string(101, 'k')}}), "key"));
  EXPECT_TRUE(has(error_of(f, eve, {{"type", "history"}, {"key", 1234567890123456789}}), "key"));
  // The room keeps only a hash of the key.
  if (GetParam() != "postgresql")
    for (const std::string& file : {f.where, f.where + "-wal"}) {
      std::ifstream in(file, std::ios::binary);
      const std::string bytes((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
      EXPECT_FALSE(has(bytes, kAnnKey)) << "the key itself is stored in " << file;
    }
}

// --- analysis ---------------------------------------------------------------------------------

TEST_P(AfterTheGame, AnalysisOfAFinishedGameAndOfOnesOwnPlaysDuringIt) {
  RoomFixture f(GetParam(), 5000ms, 5);
  auto ann = f.client("ann");
  auto spy = f.client("spy");
  auto eve = f.client("eve");
  // A game of computer players, over: anyone may see every seat's plays.
  const std::string done = computer_game(f, eve, kShort, {"heuristic", "random"});
  ASSERT_FALSE(done.empty());
  auto reply = request(f, eve, {{"type", "analysis"}, {"table", done}, {"round", 1}}, 30000ms);
  ASSERT_TRUE(reply);
  ASSERT_EQ((*reply)["type"], "analysis") << reply->dump();
  EXPECT_EQ((*reply)["table"], done);
  const json& a = (*reply)["analysis"];
  EXPECT_TRUE(has(a["game"].get<std::string>(), "reds"));
  EXPECT_TRUE(a["seed"].is_number_unsigned());
  EXPECT_TRUE(a["seat"].is_null());
  ASSERT_EQ(a["rounds"].size(), 1u);
  EXPECT_EQ(a["rounds"][0]["round"], 1);
  const json& plays = a["rounds"][0]["plays"];
  ASSERT_EQ(plays.size(), 10u) << "five tricks of two cards";
  std::set<int> seats;
  for (const json& p : plays) {
    seats.insert(p["seat"].get<int>());
    EXPECT_TRUE(p["card"].is_string());
    EXPECT_EQ(p["cost"].get<int>(), p["best"].get<int>() - p["value"].get<int>());
    EXPECT_GE(p["cost"].get<int>(), 0);
    EXPECT_FALSE(p["cards"].empty());
  }
  EXPECT_EQ(seats, (std::set<int>{0, 1}));
  EXPECT_EQ(a["rounds"][0]["costs"].size(), 2u);
  // Without a round: the last one.
  auto last = request(f, eve, {{"type", "analysis"}, {"table", done}}, 30000ms);
  ASSERT_TRUE(last && (*last)["type"] == "analysis") << (last ? last->dump() : "");
  ASSERT_EQ((*last)["analysis"]["rounds"].size(), 1u);
  EXPECT_EQ((*last)["analysis"]["rounds"][0]["round"], (*last)["analysis"]["rounds_complete"]);
  EXPECT_GE((*last)["analysis"]["rounds_complete"].get<int>(), 5);
  EXPECT_FALSE(has(error_of(f, eve, {{"type", "analysis"}, {"table", done}, {"round", 0}}), "(no"));
  EXPECT_FALSE(
      has(error_of(f, eve, {{"type", "analysis"}, {"table", done}, {"round", "1"}}), "(no"));
  EXPECT_TRUE(
      has(error_of(f, eve, {{"type", "analysis"}, {"table", done}, {"round", 99}}), "not played"));
  EXPECT_TRUE(has(error_of(f, eve, {{"type", "analysis"}, {"table", "nosuch"}}), "no finished"));
  EXPECT_FALSE(has(error_of(f, eve, {{"type", "analysis"}}), "(no"));
  // A game without a solver: an error naming it.
  const std::string swim =
      computer_game(f, eve, "schwimmen(players=2)", {"heuristic", "heuristic"});
  ASSERT_FALSE(swim.empty());
  const std::string no_solver =
      error_of(f, eve, {{"type", "analysis"}, {"table", swim}, {"round", 1}});
  EXPECT_TRUE(has(no_solver, "Schwimmen") && has(no_solver, "solver")) << no_solver;

  // During a game: Ann, seated, after the first round is over.
  auto created = request(
      f, ann,
      {{"type", "create"}, {"game", kShort}, {"seats", {"me", "heuristic"}}, {"name", "Ann"}});
  ASSERT_TRUE(created && (*created)["type"] == "created");
  const std::string t = (*created)["table"];
  auto watched = request(f, spy, {{"type", "watch"}, {"table", t}});
  ASSERT_TRUE(watched && (*watched)["type"] == "table");
  EXPECT_TRUE(has(error_of(f, ann, {{"type", "analysis"}, {"table", t}}), "no hand is over"));
  const auto deadline = std::chrono::steady_clock::now() + 30s;
  for (;;) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "round 1 did not end";
    ASSERT_TRUE(f.idle());
    auto latest = ann->latest(t);
    ASSERT_TRUE(latest);
    if ((*latest)["view"]["round"].get<int>() >= 2) break;
    if ((*latest)["legal"].empty()) continue;
    f.send(ann, {{"type", "move"},
                 {"table", t},
                 {"code", (*latest)["legal"][0]["code"]},
                 {"seq", (*latest)["seq"]}});
    ASSERT_TRUE(ann->wait([&](const json& m) {
      return (m["type"] == "update" && m["seq"] > (*latest)["seq"]) || m["type"] == "error";
    }));
  }
  ASSERT_TRUE(f.idle());
  ASSERT_FALSE((*ann->latest(t))["over"].get<bool>());
  auto mine = request(f, ann, {{"type", "analysis"}, {"table", t}, {"round", 1}}, 30000ms);
  ASSERT_TRUE(mine);
  ASSERT_EQ((*mine)["type"], "analysis") << mine->dump();
  const json& ma = (*mine)["analysis"];
  EXPECT_EQ(ma["seat"], 0);
  ASSERT_EQ(ma["rounds"].size(), 1u);
  ASSERT_EQ(ma["rounds"][0]["plays"].size(), 5u) << "Ann's five cards";
  for (const json& p : ma["rounds"][0]["plays"]) EXPECT_EQ(p["seat"], 0) << p.dump();
  EXPECT_TRUE(ma["rounds"][0]["costs"][1].is_null()) << "nothing of the other seat";
  // Without a round: the one that is over.
  auto mine_last = request(f, ann, {{"type", "analysis"}, {"table", t}}, 30000ms);
  ASSERT_TRUE(mine_last && (*mine_last)["type"] == "analysis")
      << (mine_last ? mine_last->dump() : "");
  EXPECT_EQ((*mine_last)["analysis"]["rounds"][0]["round"], 1);
  for (const json& p : (*mine_last)["analysis"]["rounds"][0]["plays"]) EXPECT_EQ(p["seat"], 0);
  // The round in progress, a spectator, someone not at the table: errors.
  EXPECT_TRUE(
      has(error_of(f, ann, {{"type", "analysis"}, {"table", t}, {"round", 2}}), "in progress"));
  EXPECT_TRUE(has(error_of(f, spy, {{"type", "analysis"}, {"table", t}, {"round", 1}}), "players"));
  EXPECT_TRUE(has(error_of(f, eve, {{"type", "analysis"}, {"table", t}, {"round", 1}}), "players"));
  // Once it is over, everyone may see every seat's plays, the table still in the room.
  play_to_end(f, {{ann, t}});
  ASSERT_TRUE(wait_finished(f, t));
  EXPECT_EQ(f.room->table_count(), 1u);
  auto open = request(f, spy, {{"type", "analysis"}, {"table", t}, {"round", 1}}, 30000ms);
  ASSERT_TRUE(open && (*open)["type"] == "analysis") << (open ? open->dump() : "");
  EXPECT_EQ((*open)["analysis"]["rounds"][0]["plays"].size(), 10u);
  EXPECT_TRUE((*open)["analysis"]["seat"].is_null());
}

// --- replay -----------------------------------------------------------------------------------

TEST_P(AfterTheGame, ReplayStepsThroughAFinishedGame) {
  RoomFixture f(GetParam(), 5000ms, 9);
  auto ann = f.client("ann");
  auto eve = f.client("eve");
  const std::string done = computer_game(f, eve, kShort, {"heuristic", "heuristic"});
  ASSERT_FALSE(done.empty());
  auto [status, body] = f.room->record(done);
  ASSERT_EQ(status, 200);
  const json record = json::parse(body);
  const std::size_t total = record["moves"].size();
  ASSERT_GT(total, 20u);

  auto start = request(f, eve, {{"type", "replay"}, {"table", done}, {"step", 0}});
  ASSERT_TRUE(start);
  ASSERT_EQ((*start)["type"], "replay") << start->dump();
  EXPECT_EQ((*start)["table"], done);
  EXPECT_EQ((*start)["step"], 0);
  EXPECT_EQ((*start)["steps"], total);
  EXPECT_TRUE((*start)["move"].is_null());
  EXPECT_TRUE((*start)["events"].empty());
  EXPECT_FALSE((*start)["over"].get<bool>());
  EXPECT_FALSE((*start)["view"].contains("hand")) << "the spectator's view";
  EXPECT_EQ((*start)["view"]["round"], 1);
  // Every seat's dealt hand: five cards each, none twice.
  const json& hands = (*start)["hands"];
  ASSERT_EQ(hands.size(), 2u);
  std::set<std::string> dealt;
  for (const json& hand : hands) {
    ASSERT_TRUE(hand.is_array()) << hands.dump();
    EXPECT_EQ(hand.size(), 5u);
    for (const json& card : hand) dealt.insert(card.get<std::string>());
  }
  EXPECT_EQ(dealt.size(), 10u);

  // The first move, as the record has it.
  auto first = request(f, eve, {{"type", "replay"}, {"table", done}, {"step", 1}});
  ASSERT_TRUE(first && (*first)["type"] == "replay") << (first ? first->dump() : "");
  ASSERT_TRUE((*first)["move"].is_object());
  EXPECT_EQ((*first)["move"]["seat"], record["moves"][0][0]);
  EXPECT_EQ((*first)["move"]["text"], record["moves"][0][1]);
  EXPECT_TRUE((*first)["move"].contains("label"));
  EXPECT_FALSE((*first)["events"].empty());
  // A card play shows up in the hands: the card leaves its player's hand.
  std::size_t play_at = 0;
  for (std::size_t i = 0; i < total && !play_at; ++i)
    if (record["moves"][i][1].get<std::string>().starts_with("play ")) play_at = i + 1;
  ASSERT_GT(play_at, 0u);
  auto before = request(f, eve, {{"type", "replay"}, {"table", done}, {"step", play_at - 1}});
  auto played = request(f, eve, {{"type", "replay"}, {"table", done}, {"step", play_at}});
  ASSERT_TRUE(before && played && (*played)["type"] == "replay");
  const int seat = record["moves"][play_at - 1][0];
  const std::string card = record["moves"][play_at - 1][1].get<std::string>().substr(5);
  const json& held = (*before)["hands"][seat];
  EXPECT_NE(std::find(held.begin(), held.end(), json(card)), held.end()) << held.dump();
  const json& left = (*played)["hands"][seat];
  EXPECT_EQ(std::find(left.begin(), left.end(), json(card)), left.end()) << left.dump();
  EXPECT_EQ(left.size() + 1, held.size());
  // The end.
  auto end = request(f, eve, {{"type", "replay"}, {"table", done}, {"step", total}});
  ASSERT_TRUE(end && (*end)["type"] == "replay") << (end ? end->dump() : "");
  EXPECT_TRUE((*end)["over"].get<bool>());
  EXPECT_TRUE((*end)["view"]["over"].get<bool>());
  EXPECT_EQ((*end)["move"]["text"], record["moves"][total - 1][1]);

  // Errors: past the end, no step, an unknown table, a game not over (for its player and anyone).
  EXPECT_TRUE(
      has(error_of(f, eve, {{"type", "replay"}, {"table", done}, {"step", total + 1}}), "past"));
  EXPECT_TRUE(has(error_of(f, eve, {{"type", "replay"}, {"table", done}}), "step"));
  EXPECT_TRUE(has(error_of(f, eve, {{"type", "replay"}, {"table", done}, {"step", -1}}), "step"));
  EXPECT_TRUE(
      has(error_of(f, eve, {{"type", "replay"}, {"table", "nosuch"}, {"step", 0}}), "no finished"));
  auto created = request(
      f, ann,
      {{"type", "create"}, {"game", kShort}, {"seats", {"me", "heuristic"}}, {"name", "Ann"}});
  ASSERT_TRUE(created && (*created)["type"] == "created");
  const std::string live = (*created)["table"];
  EXPECT_TRUE(
      has(error_of(f, ann, {{"type", "replay"}, {"table", live}, {"step", 0}}), "game is over"));
  EXPECT_TRUE(
      has(error_of(f, eve, {{"type", "replay"}, {"table", live}, {"step", 0}}), "game is over"));
}

// --- a table nobody is at ---------------------------------------------------------------------

TEST_P(AfterTheGame, ATableNobodyIsAtPausesAndGoesOnWhenSomeoneComes) {
  RoomFixture f(GetParam(), 5000ms, 13);
  reopen_abandoning(f, 20ms, 300ms, 0ms);
  auto ann = f.client("ann");
  auto lobby = f.client("lobby");
  auto watcher = f.client("watcher");
  auto listed = request(f, lobby, {{"type", "lobby"}});
  ASSERT_TRUE(listed && (*listed)["type"] == "lobby");
  auto created = request(f, ann,
                         {{"type", "create"},
                          {"game", "s48(players=4)"},
                          {"seats", {"me", "heuristic", "heuristic", "heuristic"}},
                          {"name", "Ann"},
                          {"pace_ms", 10}});
  ASSERT_TRUE(created && (*created)["type"] == "created");
  const std::string t = (*created)["table"];
  auto seated = ann->wait_type("seated");
  ASSERT_TRUE(seated);
  const std::string token = (*seated)["token"];
  ASSERT_TRUE(f.idle());
  f.disconnect(ann);
  const long at_leaving = stored_moves(f, t);
  ASSERT_GE(at_leaving, 0);
  // The computers play on (one for Ann) until nobody has been there for a while; then it pauses.
  auto paused = lobby->wait(
      [&](const json& m) {
        const json e = lobby_entry(m, t);
        return e.is_object() && e["paused"] == true;
      },
      15000ms);
  ASSERT_TRUE(paused) << "the table did not pause";
  const json entry = lobby_entry(*paused, t);
  EXPECT_TRUE(entry["started"].get<bool>());
  EXPECT_FALSE(entry["over"].get<bool>());
  const long at_pause = stored_moves(f, t);
  EXPECT_GT(at_pause, at_leaving) << "nobody played on after Ann left";
  std::this_thread::sleep_for(400ms);
  ASSERT_TRUE(f.idle());
  EXPECT_EQ(stored_moves(f, t), at_pause) << "moves were made at a paused table";
  EXPECT_EQ(f.room->table_count(), 1u);

  // A spectator comes: it goes on.
  auto watched = request(f, watcher, {{"type", "watch"}, {"table", t}});
  ASSERT_TRUE(watched && (*watched)["type"] == "table") << (watched ? watched->dump() : "");
  const json seq = (*watched)["seq"];
  ASSERT_TRUE(watcher->wait([&](const json& m) { return m["type"] == "update" && m["seq"] > seq; },
                            10000ms))
      << "the table did not go on";
  EXPECT_TRUE(lobby->wait(
      [&](const json& m) {
        const json e = lobby_entry(m, t);
        return e.is_object() && e["paused"] == false;
      },
      5000ms))
      << "the lobby still lists it as paused";
  EXPECT_GT(stored_moves(f, t), at_pause);

  // The spectator goes: it pauses again; Ann resumes her seat: it goes on.
  f.send(watcher, {{"type", "leave"}, {"table", t}});
  ASSERT_TRUE(lobby->wait(
      [&](const json& m) {
        const json e = lobby_entry(m, t);
        return e.is_object() && e["paused"] == true;
      },
      15000ms))
      << "the table did not pause again";
  const long second_pause = stored_moves(f, t);
  auto back = f.client("ann again");
  auto resumed = request(f, back, {{"type", "resume"}, {"table", t}, {"token", token}});
  ASSERT_TRUE(resumed && (*resumed)["type"] == "seated") << (resumed ? resumed->dump() : "");
  auto table = back->wait_type("table");
  ASSERT_TRUE(table);
  EXPECT_FALSE((*table)["seats"][0]["away"].get<bool>());
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (stored_moves(f, t) <= second_pause) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "the table did not go on";
    ASSERT_TRUE(f.idle());
    auto latest = back->latest(t);
    if (!(*latest)["legal"].empty())  // Ann's turn: the table waits for her
      f.send(back, {{"type", "move"},
                    {"table", t},
                    {"code", (*latest)["legal"][0]["code"]},
                    {"seq", (*latest)["seq"]}});
    std::this_thread::sleep_for(20ms);
  }
  EXPECT_TRUE(lobby->wait(
      [&](const json& m) {
        const json e = lobby_entry(m, t);
        return e.is_object() && e["paused"] == false;
      },
      5000ms));
}

TEST_P(AfterTheGame, ATableNobodyComesBackToEndsAsAbandoned) {
  RoomFixture f(GetParam(), 5000ms, 17);
  reopen_abandoning(f, 20ms, 300ms, 500ms);
  auto ann = f.client("ann");
  auto eve = f.client("eve");
  auto created = request(f, ann,
                         {{"type", "create"},
                          {"game", "s48(players=4)"},
                          {"seats", {"me", "heuristic", "heuristic", "heuristic"}},
                          {"name", "Ann"},
                          {"key", kAnnKey},
                          {"pace_ms", 10}});
  ASSERT_TRUE(created && (*created)["type"] == "created");
  const std::string t = (*created)["table"];
  ASSERT_TRUE(f.idle());
  EXPECT_EQ(f.room->record(t).first, 403);
  f.disconnect(ann);
  ASSERT_TRUE(wait_finished(f, t, 15000ms)) << "the table nobody came back to did not end";
  // It leaves the room right after its record is stored.
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (f.room->table_count() > 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(5ms);
  EXPECT_EQ(f.room->table_count(), 0u);
  const std::string gone = error_of(f, eve, {{"type", "watch"}, {"table", t}});
  EXPECT_TRUE(has(gone, "there is no table")) << gone;
  // Its record is kept: the game as far as it went.
  auto [status, body] = f.room->record(t);
  ASSERT_EQ(status, 200) << body;
  std::string error;
  auto session = Session::from_record(json::parse(body), &error);
  ASSERT_TRUE(session) << error;
  EXPECT_FALSE(session->state().over());
  EXPECT_GT(session->moves_made(), 0u);
  // In Ann's history, as abandoned.
  auto history = request(f, eve, {{"type", "history"}, {"key", kAnnKey}});
  ASSERT_TRUE(history && (*history)["type"] == "history") << (history ? history->dump() : "");
  ASSERT_EQ((*history)["games"].size(), 1u);
  const json& g = (*history)["games"][0];
  EXPECT_EQ(g["table"], t);
  EXPECT_EQ(g["result"]["ended"], "abandoned");
  EXPECT_EQ(g["mine"], json::array({0}));
  EXPECT_EQ(g["result"]["scores"].size(), 4u);
  // Not resumed after a restart.
  f.restart();
  EXPECT_EQ(f.room->table_count(), 0u);
  EXPECT_EQ(f.room->record(t).first, 200);
}

// Every game of the collection, a person against computers, played to its end and played again:
// the person is seated at the new game, the computers kept, and the new game starts.
TEST(ServerAfterEveryGame, EveryGameIsPlayedAgain) {
  RoomFixture f("sqlite", 5000ms, 31);
  auto ann = f.client("ann");
  // Short settings where a game has them; Nuts: one hand to a low target.
  const std::map<std::string, std::string> quick = {{"reds", "reds(players=3,short_game=true)"},
                                                    {"s48", "s48(players=3)"},
                                                    {"nuts", "nuts(target=1,max_hands=1)"}};
  int played = 0;
  for (const GameEntry* entry : registered_games()) {
    if (rules_page(entry->name).empty()) continue;  // the tests' own games
    SCOPED_TRACE(entry->name);
    const std::string game = quick.contains(entry->name) ? quick.at(entry->name) : entry->name;
    std::string error;
    auto loaded = load_game(game, &error);
    ASSERT_TRUE(loaded) << error;
    // Nuts is played on the clock: its computers quick (50 ms a move), and Ann plays the hint
    // (the heuristic's move, at once), so that the hand ends in moments.
    const std::string computer = entry->name == "nuts" ? "easy(pace_ms=50)" : "easy";
    json seats = json::array({"me"});
    for (int s = 1; s < loaded->num_seats(); ++s) seats.push_back(computer);
    auto created = request(
        f, ann,
        {{"type", "create"}, {"game", game}, {"seats", seats}, {"name", "Ann"}, {"key", kAnnKey}});
    ASSERT_TRUE(created && (*created)["type"] == "created") << (created ? created->dump() : "");
    const std::string t = (*created)["table"];
    auto first = ann->wait([&](const json& m) { return m["type"] == "table" && m["table"] == t; });
    ASSERT_TRUE(first);
    // Ann plays a random legal move whenever she may (Nuts: the hint), until the game is over.
    Rng rng(7);
    const auto deadline = std::chrono::steady_clock::now() + 90s;
    for (;;) {
      ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "the game did not end";
      auto latest = ann->latest(t);
      ASSERT_TRUE(latest);
      if ((*latest)["over"].get<bool>()) break;
      const json& legal = (*latest)["legal"];
      if (legal.empty()) {
        std::this_thread::sleep_for(2ms);
        continue;
      }
      json code = legal[rng.below(static_cast<std::uint32_t>(legal.size()))]["code"];
      if ((*latest)["mode"] == "real_time")
        if (auto hint = request(f, ann, {{"type", "hint"}, {"table", t}});
            hint && (*hint)["type"] == "hint")
          code = (*hint)["code"];
      json m = {{"type", "move"}, {"table", t}, {"code", code}};
      if ((*latest)["mode"] != "real_time") m["seq"] = (*latest)["seq"];
      const json seq = (*latest)["seq"];
      f.send(ann, m);
      ann->wait([&](const json& r) {
        return (r["type"] == "update" && r["table"] == t && r["seq"] > seq) || r["type"] == "error";
      });
    }
    ASSERT_TRUE(wait_finished(f, t));
    auto again = request(f, ann, {{"type", "again"}, {"table", t}});
    ASSERT_TRUE(again && (*again)["type"] == "again") << (again ? again->dump() : "");
    const std::string next = (*again)["next"];
    auto table = ann->wait([&](const json& m) {
      return m["type"] == "table" && m["table"] == next && m["started"].get<bool>();
    });
    ASSERT_TRUE(table) << "the new game of " << game << " did not start";
    EXPECT_EQ((*table)["seat"], 0);
    EXPECT_EQ((*table)["game"],
              (*created).contains("game") ? (*created)["game"] : (*table)["game"]);
    EXPECT_EQ((*table)["seats"][0]["name"], "Ann");
    for (int s = 1; s < loaded->num_seats(); ++s)
      EXPECT_EQ((*table)["seats"][s]["player"], computer);
    EXPECT_FALSE((*table)["over"].get<bool>());
    f.send(ann, {{"type", "leave"}, {"table", next}});
    ++played;
  }
  EXPECT_EQ(played, 11);
}

INSTANTIATE_TEST_SUITE_P(ServerAfter, AfterTheGame,
                         testing::Values("sqlite", "postgresql", "websocket"),
                         [](const testing::TestParamInfo<std::string>& info) {
                           return info.param;
                         });

}  // namespace
}  // namespace cardroom::server
