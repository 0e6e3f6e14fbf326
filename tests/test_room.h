// Support for the card room's tests: a room on a fresh SQLite file or PostgreSQL database, and
// clients that collect what they are sent, talking to the room directly (Room::handle) or over a
// real WebSocket through the Boost.Beast server (server/http.h) with a Beast client.
//
// A fixture's kind is "sqlite", "postgresql" (the room called directly) or "websocket" (SQLite,
// every message over the network). Tests are written once: f.client(name), f.send(c, message),
// f.disconnect(c) and f.idle() do the right thing for each.
#pragma once

#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/http.h"
#include "server/room.h"
#include "server/storage.h"
#include "test_postgres.h"

namespace cardroom::server::testing_room {

using json = nlohmann::json;
using namespace std::chrono_literals;

// A connection that keeps every message it receives. Directly attached, the room calls send();
// over the network, a reader thread does with what the socket brings.
class FakeClient final : public Client {
 public:
  explicit FakeClient(std::string name) : name_(std::move(name)) {}
  ~FakeClient() override { close(); }

  void send(std::string message) override {
    std::lock_guard lock(mu_);
    messages_.push_back(json::parse(message));
    arrived_.push_back(std::chrono::steady_clock::now());
    const json& m = messages_.back();
    if (m["type"] == "pong" && m.contains("ref") && m["ref"].is_number_integer())
      last_pong_ = std::max(last_pong_, m["ref"].get<long long>());
    cv_.notify_all();
  }
  std::string label() const override { return name_; }

  // --- over the network ---
  // `address`: the visitor's, as a reverse proxy says it (X-Forwarded-For), if given.
  bool connect(unsigned short port, const std::string& address = "") {
    namespace beast = boost::beast;
    beast::error_code ec;
    ws_.next_layer().connect(
        boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port), ec);
    if (!ec) ws_.next_layer().set_option(boost::asio::ip::tcp::no_delay(true), ec);
    if (!address.empty())
      ws_.set_option(boost::beast::websocket::stream_base::decorator(
          [address](boost::beast::websocket::request_type& req) {
            req.set("X-Forwarded-For", address);
          }));
    if (!ec) ws_.handshake("127.0.0.1", "/ws", ec);
    if (ec) return false;
    connected_ = true;
    reader_ = std::thread([this] {
      for (;;) {
        beast::flat_buffer buffer;
        beast::error_code read_error;
        ws_.read(buffer, read_error);
        if (read_error) return;
        send(beast::buffers_to_string(buffer.data()));
      }
    });
    return true;
  }
  bool connected() const { return connected_; }
  void write(const std::string& text) {
    std::lock_guard lock(write_mu_);
    boost::beast::error_code ec;
    ws_.text(true);
    ws_.write(boost::asio::buffer(text), ec);
  }
  void close() {
    if (!connected_) return;
    connected_ = false;
    boost::beast::error_code ec;
    ws_.next_layer().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
    ws_.next_layer().close(ec);
    if (reader_.joinable()) reader_.join();
  }

  // The first message not yet waited for that satisfies `pred`, waiting up to `limit`.
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
  // Waits (without consuming anything) for the pong of ping `id` or a later one: a client's pings
  // are answered in order. Kept apart from the messages, so that waiting does not read them all
  // again at every wake (a long game's thousands of them).
  bool pong(long long id, std::chrono::milliseconds limit) {
    std::unique_lock lock(mu_);
    return cv_.wait_for(lock, limit, [&] { return last_pong_ >= id; });
  }
  std::vector<json> all() {
    std::lock_guard lock(mu_);
    return messages_;
  }
  // When each message of all() arrived.
  std::vector<std::chrono::steady_clock::time_point> arrivals() {
    std::lock_guard lock(mu_);
    return arrived_;
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
  std::vector<std::chrono::steady_clock::time_point> arrived_;
  std::size_t seen_ = 0;
  long long last_pong_ = 0;  // the highest ref of a pong received
  // The network side.
  boost::asio::io_context io_;
  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws_{io_};
  std::mutex write_mu_;
  std::thread reader_;
  bool connected_ = false;
};

struct RoomFixture {
  explicit RoomFixture(const std::string& kind, std::chrono::milliseconds away_after = 5000ms,
                       std::optional<std::uint64_t> table_seed = std::nullopt)
      : seed(table_seed), network(kind == "websocket") {
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
    for (auto& c : clients) c->close();
    close();
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
    // The tests' clients all come from 127.0.0.1, as fast as they can: no limits per address
    // (tests/server_attack_test.cc plays the attacker against the defaults).
    options.policy.max_connections = 0;
    options.policy.max_messages = 0;
    options.policy.max_tables_per_minute = 0;
    options.policy.max_open_tables = 0;
    room = std::make_unique<Room>(*storage, options);
    if (network) {
      ServerOptions server_options;
      server_options.port = 0;
      server_options.threads = 2;
      server_options.max_per_second = 1000000;  // the tests send as fast as they can
      server = std::make_unique<Server>(*room, server_options);
      ASSERT_TRUE(server->listen(&error)) << error;
      server->start();
    }
  }
  void close() {
    // The room's workers stop before the server goes (server/http.h).
    if (room) room->stop();
    if (server) server->stop();
    server.reset();
    room.reset();
    storage.reset();
  }
  void restart(std::chrono::milliseconds away_after = 5000ms) {
    for (auto& c : clients) c->close();
    close();
    open(away_after);
    std::string error;
    EXPECT_TRUE(room->restore(&error)) << error;
  }

  // A new client of the room (over the network it connects on its first message).
  std::shared_ptr<FakeClient> client(const std::string& name) {
    clients.push_back(std::make_shared<FakeClient>(name));
    return clients.back();
  }
  void send(const std::shared_ptr<FakeClient>& c, const json& m) { send_text(c, m.dump()); }
  void send_text(const std::shared_ptr<FakeClient>& c, const std::string& text) {
    if (!network) return room->handle(c, text);
    if (!c->connected()) {
      ASSERT_TRUE(c->connect(server->port()));
    }
    c->write(text);
  }
  void disconnect(const std::shared_ptr<FakeClient>& c) {
    if (network)
      c->close();
    else
      room->disconnect(c);
  }
  // No computer move or timer job runs or waits to, and (over the network) every client has
  // received what the room sent it so far. Over the network a request's reply comes after
  // everything before it on its connection, so a round of pings first makes sure the room has
  // handled what the clients sent (and posted the computer moves that follow), and a round after
  // makes sure the clients have what those moves sent.
  bool idle() {
    if (network && !ping_all()) return false;
    if (!room->idle(10000ms)) return false;
    return !network || ping_all();
  }
  bool ping_all() {
    for (auto& c : clients) {
      if (!c->connected()) continue;
      const int id = ++pings;
      c->write(json{{"type", "ping"}, {"id", id}}.dump());
      if (!c->pong(id, 10000ms)) return false;
    }
    return true;
  }

  std::optional<std::uint64_t> seed;  // seeded tables (RoomOptions::seed)
  bool network = false;
  int pings = 0;
  std::string dir, where;
  std::unique_ptr<Storage> storage;
  std::unique_ptr<Room> room;
  std::unique_ptr<Server> server;
  std::vector<std::shared_ptr<FakeClient>> clients;
};

}  // namespace cardroom::server::testing_room
