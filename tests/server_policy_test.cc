// The card room's parts that keep it open to the public, each on its own: the policy's checks of
// player strings, the counts per address, the search pool's fairness and cancellation, the lobby's
// pages, and storage writes that may be retried (server/policy.h, server/search_pool.h,
// server/lobby.h, server/storage.h).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>
#include <vector>

#include "bots/registry.h"
#include "core/registry.h"
#include "games/all_games.h"
#include "server/lobby.h"
#include "server/policy.h"
#include "server/room.h"
#include "server/search_pool.h"
#include "server/storage.h"
#include "test_postgres.h"

namespace cardroom::server {
namespace {

using namespace std::chrono_literals;

std::unique_ptr<AnyGame> Load(const std::string& game) {
  register_all_games();
  std::string error;
  auto g = load_game(game, &error);
  EXPECT_TRUE(g) << error;
  return g;
}

TEST(RoomPolicy, SeatsTheDefaultsAndRefusesWhatIsOverALimit) {
  RoomPolicy policy;
  auto s48 = Load("s48");
  for (const char* ok : {"random", "heuristic", "ismcts", "pimc", "ismcts(ms=5000)",
                         "ismcts(iterations=200000,tree_mb=256)", "pimc(worlds=1000,tt_mb=256)"})
    EXPECT_EQ(policy.check_player(ok, *s48), "") << ok;
  EXPECT_EQ(policy.check_player("ismcts(ms=5001)", *s48),
            "ismcts: ms=5001 is over this room's limit of 5000 (serve --max-move-ms)");
  EXPECT_NE(policy.check_player("ismcts(iterations=200001)", *s48).find("--max-iterations"),
            std::string::npos);
  EXPECT_NE(policy.check_player("pimc(worlds=1001)", *s48).find("--max-worlds"), std::string::npos);
  EXPECT_NE(policy.check_player("ismcts(threads=2)", *s48).find("--max-threads"),
            std::string::npos);
  // Memory counts every thread's tree.
  policy.max_threads = 4;
  EXPECT_EQ(policy.check_player("ismcts(threads=4,tree_mb=64)", *s48), "");
  EXPECT_NE(policy.check_player("ismcts(threads=4,tree_mb=65)", *s48).find("--max-memory-mb"),
            std::string::npos);
  EXPECT_NE(policy.check_player("pimc(tt_mb=257)", *s48).find("--max-memory-mb"),
            std::string::npos);
  EXPECT_EQ(policy.check_player("exec:python3 bot.py", *s48),
            "exec players cannot sit in the room");
  // Unknown players get the registry's error; known ones the room does not seat, the room's.
  EXPECT_NE(policy.check_player("grandmaster", *s48).find("unknown player"), std::string::npos);
  policy.players = {"random", "heuristic"};
  EXPECT_EQ(policy.check_player("pimc", *s48),
            "this room does not seat 'pimc' (it seats random, heuristic; serve --players)");
  // The operator raises a limit: allowed.
  policy.max_move_ms = 60000;
  policy.players = {"ismcts"};
  EXPECT_EQ(policy.check_player("ismcts(ms=60000)", *s48), "");
}

TEST(AddressBook, CountsConnectionsMessagesAndTablesPerAddress) {
  RoomPolicy policy;
  policy.max_connections = 2;
  policy.max_messages = 3;
  policy.max_tables_per_minute = 3;
  policy.max_open_tables = 2;
  AddressBook book(policy);
  EXPECT_TRUE(book.connect("a"));
  EXPECT_TRUE(book.connect("a"));
  EXPECT_FALSE(book.connect("a"));
  EXPECT_TRUE(book.connect("b"));  // another address has its own count
  book.disconnect("a");
  EXPECT_TRUE(book.connect("a"));
  EXPECT_EQ(book.connections("a"), 2);
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(book.message("a"));
  EXPECT_FALSE(book.message("a"));
  EXPECT_TRUE(book.message("b"));
  // Open tables: two, then one more once one of them started.
  EXPECT_EQ(book.create_table("a"), "");
  EXPECT_EQ(book.create_table("a"), "");
  EXPECT_NE(book.create_table("a").find("--max-open-tables"), std::string::npos);
  book.table_closed("a");
  EXPECT_EQ(book.create_table("a"), "");
  // Three in a minute: the fourth is refused however many have started.
  book.table_closed("a");
  book.table_closed("a");
  EXPECT_NE(book.create_table("a").find("--max-tables-per-minute"), std::string::npos);
  EXPECT_EQ(book.open_tables("a"), 0);
  // No address (a room driven directly) is never counted; 0 is no limit.
  for (int i = 0; i < 10; ++i) EXPECT_TRUE(book.connect(""));
  RoomPolicy open;
  open.max_connections = open.max_messages = open.max_tables_per_minute = open.max_open_tables = 0;
  AddressBook unlimited(open);
  for (int i = 0; i < 100; ++i) {
    EXPECT_TRUE(unlimited.connect("x"));
    EXPECT_TRUE(unlimited.message("x"));
    EXPECT_EQ(unlimited.create_table("x"), "");
  }
}

TEST(SearchPool, TablesTakeTurnsAndOneTableNeverHoldsMoreThanOneThread) {
  SearchPool pool(2, 10s);
  std::mutex mu;
  std::vector<std::string> order;
  std::atomic<int> running_a{0}, most_a{0};
  StopToken a_stop, b_stop;
  int a = 0, b = 0;  // keys
  auto slow = [&](const std::string& name) {
    return [&, name](const StopToken&) {
      const int now = ++running_a;
      most_a = std::max(most_a.load(), now);
      std::this_thread::sleep_for(50ms);
      --running_a;
      std::lock_guard lock(mu);
      order.push_back(name);
    };
  };
  for (int i = 0; i < 3; ++i) pool.submit(&a, &a_stop, slow("a" + std::to_string(i)));
  pool.submit(&b, &b_stop, [&](const StopToken&) {
    std::lock_guard lock(mu);
    order.push_back("b");
  });
  while (pool.pending() > 0) std::this_thread::sleep_for(5ms);
  EXPECT_EQ(most_a, 1) << "one table's decisions ran side by side";
  ASSERT_EQ(order.size(), 4u);
  // b ran on the second thread while a's first decision ran, never after all of a's.
  EXPECT_NE(order.back(), "b");
}

TEST(SearchPool, ADeadlineAndACancelledTableEndTheirSearches) {
  SearchPool pool(1, 100ms);
  std::atomic<bool> saw_deadline{false}, saw_cancel{false};
  StopToken table;
  int key = 0;
  pool.submit(&key, &table, [&](const StopToken& stop) {
    const auto start = std::chrono::steady_clock::now();
    while (!stop.requested() && std::chrono::steady_clock::now() - start < 10s)
      std::this_thread::sleep_for(1ms);
    saw_deadline = std::chrono::steady_clock::now() - start < 5s;
  });
  while (pool.pending() > 0) std::this_thread::sleep_for(5ms);
  EXPECT_TRUE(saw_deadline);
  SearchPool slow_pool(1, 60s);
  slow_pool.submit(&key, &table, [&](const StopToken& stop) {
    while (!stop.requested()) std::this_thread::sleep_for(1ms);
    saw_cancel = true;
  });
  std::this_thread::sleep_for(20ms);
  const auto start = std::chrono::steady_clock::now();
  table.cancel();
  slow_pool.stop();
  EXPECT_TRUE(saw_cancel);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
}

TEST(Lobby, AMessageHoldsAPageAndCountsTheRest) {
  boost::asio::io_context io;
  Lobby lobby(io, 3, 10ms);
  for (int i = 0; i < 7; ++i)
    lobby.publish("t" + std::to_string(i), {{"table", "t" + std::to_string(i)}}, true,
                  /*waiting=*/i % 2 == 0, /*created_ms=*/i);
  lobby.publish("private", {{"table", "private"}}, false, true, 100);
  const auto first = lobby.message(0);
  EXPECT_EQ(first["total"], 7);
  ASSERT_EQ(first["tables"].size(), 3u);
  // Waiting tables first, the newest first: t6, t4, t2; then t0, and the playing ones.
  EXPECT_EQ(first["tables"][0]["table"], "t6");
  EXPECT_EQ(first["tables"][2]["table"], "t2");
  const auto second = lobby.message(3);
  EXPECT_EQ(second["tables"][0]["table"], "t0");
  EXPECT_EQ(second["tables"][1]["table"], "t5");
  EXPECT_EQ(lobby.message(6)["tables"].size(), 1u);
  lobby.remove("t6");
  EXPECT_EQ(lobby.message(0)["total"], 6);
}

class StorageRetry : public testing::TestWithParam<std::string> {};

TEST_P(StorageRetry, TheSameMoveAgainIsStoredOnceAnotherIsAnError) {
  std::string where, error;
  std::string dir = testing::TempDir() + "retry_" + std::to_string(getpid());
  if (GetParam() == "postgresql") {
    auto& pg = testing_support::TestPostgres::get();
    ASSERT_TRUE(pg.ok()) << pg.error();
    where = pg.new_database();
  } else {
    std::filesystem::create_directories(dir);
    where = dir + "/room.db";
  }
  auto storage = open_storage(where, &error);
  ASSERT_TRUE(storage) << error;
  TableRow t;
  t.id = "t1";
  t.game = "reds";
  t.seats.push_back({0, "open", "", "", "", "code", ""});
  ASSERT_TRUE(storage->add_table(t, &error)) << error;
  ASSERT_TRUE(storage->add_move("t1", 0, {0, "bid 2", std::nullopt}, &error)) << error;
  EXPECT_TRUE(storage->add_move("t1", 0, {0, "bid 2", std::nullopt}, &error)) << error;
  EXPECT_FALSE(storage->add_move("t1", 0, {0, "bid 3", std::nullopt}, &error));
  EXPECT_NE(error.find("stored already, and is another"), std::string::npos) << error;
  auto rows = storage->unfinished(&error);
  ASSERT_TRUE(rows) << error;
  ASSERT_EQ(rows->size(), 1u);
  EXPECT_EQ((*rows)[0].moves.size(), 1u);
  // An expired table goes, seats and all.
  TableRow u = t;
  u.id = "t2";
  ASSERT_TRUE(storage->add_table(u, &error)) << error;
  ASSERT_TRUE(storage->drop_table("t2", &error)) << error;
  rows = storage->unfinished(&error);
  ASSERT_TRUE(rows) << error;
  EXPECT_EQ(rows->size(), 1u);
  std::filesystem::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Storage, StorageRetry, testing::Values("sqlite", "postgresql"));

// An unstarted table older than the policy's wait is not restored after a restart, and goes
// from the storage; a younger one is restored.
TEST(RoomRestore, ExpiredUnstartedTablesAreNotRestored) {
  const std::string dir = testing::TempDir() + "expired_" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  std::string error;
  auto storage = open_storage(dir + "/room.db", &error);
  ASSERT_TRUE(storage) << error;
  const std::int64_t now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                  std::chrono::system_clock::now().time_since_epoch())
                                  .count();
  for (const auto& [id, age_ms] :
       {std::pair<std::string, std::int64_t>{"old", 2 * 3600 * 1000}, {"young", 60 * 1000}}) {
    TableRow t;
    t.id = id;
    t.game =
        "reds(players=4,partnership=false,hidden_bids=false,short_game=false,"
        "anti_trump_lead=drop)";
    t.created_ms = now_ms - age_ms;
    for (int s = 0; s < 4; ++s)
      t.seats.push_back({s, "open", "", "", "", "code" + std::to_string(s), ""});
    ASSERT_TRUE(storage->add_table(t, &error)) << error;
  }
  {
    RoomOptions options;  // the default policy: 30 minutes
    Room room(*storage, options);
    ASSERT_TRUE(room.restore(&error)) << error;
    EXPECT_EQ(room.table_count(), 1u);
    room.stop();
  }
  auto rows = storage->unfinished(&error);
  ASSERT_TRUE(rows) << error;
  ASSERT_EQ(rows->size(), 1u);
  EXPECT_EQ((*rows)[0].id, "young");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace cardroom::server
