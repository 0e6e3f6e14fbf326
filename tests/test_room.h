// Support for the card room's tests: a client that only collects what it is sent, and a room on a
// fresh SQLite file or PostgreSQL database.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/room.h"
#include "server/storage.h"
#include "test_postgres.h"

namespace cardroom::server::testing_room {

using json = nlohmann::json;
using namespace std::chrono_literals;

class FakeClient final : public Client {
 public:
  explicit FakeClient(std::string name) : name_(std::move(name)) {}
  void send(std::string message) override {
    std::lock_guard lock(mu_);
    messages_.push_back(json::parse(message));
    cv_.notify_all();
  }
  std::string label() const override { return name_; }

  // The first message from index `from` on that satisfies `pred`, waiting up to `limit`.
  std::optional<json> wait(const std::function<bool(const json&)>& pred,
                           std::chrono::milliseconds limit = 5000ms) {
    std::unique_lock lock(mu_);
    std::optional<json> found;
    cv_.wait_for(lock, limit, [&] {
      for (; seen_ < messages_.size(); ++seen_)
        if (pred(messages_[seen_])) {
          found = messages_[seen_++];
          return true;
        }
      return false;
    });
    return found;
  }
  std::optional<json> wait_type(const std::string& type, std::chrono::milliseconds limit = 5000ms) {
    return wait([&](const json& m) { return m["type"] == type; }, limit);
  }
  std::vector<json> all() {
    std::lock_guard lock(mu_);
    return messages_;
  }
  // The latest view and legal moves this client holds for `table` (from table and update).
  std::optional<json> latest(const std::string& table) {
    std::lock_guard lock(mu_);
    for (auto it = messages_.rbegin(); it != messages_.rend(); ++it)
      if (((*it)["type"] == "table" || (*it)["type"] == "update") && (*it)["table"] == table)
        return *it;
    return std::nullopt;
  }

 private:
  std::string name_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<json> messages_;
  std::size_t seen_ = 0;
};

// A room on a storage of kind "sqlite" (a file in a temporary directory) or "postgresql" (a new
// database on the tests' own server).
struct RoomFixture {
  explicit RoomFixture(const std::string& kind, std::chrono::milliseconds away_after = 5000ms,
                       std::optional<std::uint64_t> table_seed = std::nullopt)
      : seed(table_seed) {
    dir = testing::TempDir() + "room_" + std::to_string(reinterpret_cast<std::uintptr_t>(this));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    if (kind == "postgresql") {
      auto& pg = testing_support::TestPostgres::get();
      EXPECT_TRUE(pg.ok()) << pg.error();
      where = pg.new_database();
    } else {
      where = dir + "/room.db";
    }
    open(away_after);
  }
  ~RoomFixture() {
    room.reset();
    std::filesystem::remove_all(dir);
  }
  void open(std::chrono::milliseconds away_after) {
    std::string error;
    storage = open_storage(where, &error);
    ASSERT_TRUE(storage) << error;
    RoomOptions options;
    options.away_after = away_after;
    options.threads = 2;
    options.seed = seed;
    room = std::make_unique<Room>(*storage, options);
  }
  void restart(std::chrono::milliseconds away_after = 5000ms) {
    room.reset();
    storage.reset();
    open(away_after);
    std::string error;
    EXPECT_TRUE(room->restore(&error)) << error;
  }
  void send(const std::shared_ptr<FakeClient>& c, const json& m) { room->handle(c, m.dump()); }
  bool idle() { return room->idle(10000ms); }

  std::optional<std::uint64_t> seed;  // seeded tables (RoomOptions::seed)
  std::string dir, where;
  std::unique_ptr<Storage> storage;
  std::unique_ptr<Room> room;
};

}  // namespace cardroom::server::testing_room
