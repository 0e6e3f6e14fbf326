// The card room over the network, with a Boost.Beast WebSocket client: the HTTP routes, the
// limits on a connection (oversized messages, floods, binary frames), and `cardroom serve` killed
// with SIGKILL mid-game and started again with nothing lost.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>

#include "core/registry.h"
#include "games/all_games.h"
#include "games/common/test_paths.h"
#include "server/http.h"
#include "server/room.h"
#include "server/serve_process.h"
#include "server/storage.h"
#include "test_postgres.h"

namespace cardroom::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using json = nlohmann::json;
using namespace std::chrono_literals;

// A WebSocket client for tests: every read has a time limit.
class WsClient {
 public:
  bool connect(unsigned short port) {
    beast::error_code ec;
    beast::get_lowest_layer(ws_).connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port),
                                         ec);
    if (ec) return false;
    ws_.handshake("127.0.0.1", "/ws", ec);
    return !ec;
  }
  void send(const json& m) { send_text(m.dump()); }
  void send_text(const std::string& text) {
    beast::error_code ec;
    ws_.text(true);
    ws_.write(asio::buffer(text), ec);
    last_error_ = ec;
  }
  void send_binary(const std::string& bytes) {
    beast::error_code ec;
    ws_.binary(true);
    ws_.write(asio::buffer(bytes), ec);
    last_error_ = ec;
  }
  // The next message, or nullopt (time out, or the connection closed: closed() says). A read that
  // times out stays pending for the next call (a cancelled read would break the stream).
  std::optional<json> read(std::chrono::milliseconds limit = 5000ms) {
    if (!reading_) {
      reading_ = true;
      done_ = false;
      ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
        done_ = true;
        last_error_ = ec;
      });
    }
    io_.restart();
    io_.run_for(limit);
    if (!done_) return std::nullopt;
    reading_ = false;
    if (last_error_) return std::nullopt;
    json out = json::parse(beast::buffers_to_string(buffer_.data()));
    buffer_.consume(buffer_.size());
    return out;
  }
  std::optional<json> read_type(const std::string& type, std::chrono::milliseconds limit = 5000ms) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
      auto m = read(std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now()));
      if (!m) return std::nullopt;
      if ((*m)["type"] == type) return m;
    }
    return std::nullopt;
  }
  beast::error_code last_error() const { return last_error_; }
  websocket::close_reason close_reason() const { return ws_.reason(); }

 private:
  asio::io_context io_;
  websocket::stream<beast::tcp_stream> ws_{io_};
  beast::flat_buffer buffer_;
  bool reading_ = false, done_ = false;
  beast::error_code last_error_;
};

// GET `target`: {status, body}.
std::pair<int, std::string> http_get(unsigned short port, const std::string& target) {
  asio::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1");
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  return {static_cast<int>(res.result_int()), res.body()};
}

struct LiveRoom {
  LiveRoom() {
    dir = testing::TempDir() + "net_" + std::to_string(::getpid());
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir + "/web/assets");
    {
      std::ofstream(dir + "/web/index.html") << "<!doctype html><title>test page</title>";
      std::ofstream(dir + "/web/assets/app.js") << "console.log(1)";
    }
    std::string error;
    storage = open_sqlite(dir + "/room.db", &error);
    EXPECT_TRUE(storage) << error;
    RoomOptions room_options;
    room_options.threads = 1;
    room = std::make_unique<Room>(*storage, room_options);
    ServerOptions options;
    options.port = 0;
    options.threads = 1;
    options.web_dir = dir + "/web";
    options.max_per_second = 20;
    options.max_message = 4096;
    server = std::make_unique<Server>(*room, options);
    EXPECT_TRUE(server->listen(&error)) << error;
    server->start();
  }
  ~LiveRoom() {
    room->stop();  // before the server goes (server/http.h)
    server->stop();
    std::filesystem::remove_all(dir);
  }
  std::string dir;
  std::unique_ptr<Storage> storage;
  std::unique_ptr<Room> room;
  std::unique_ptr<Server> server;
};

TEST(ServerNet, ServesThePageItsAssetsAndNothingElse) {
  LiveRoom live;
  const unsigned short port = live.server->port();
  EXPECT_EQ(http_get(port, "/health"), (std::pair<int, std::string>{200, "ok\n"}));
  EXPECT_EQ(http_get(port, "/").second, "<!doctype html><title>test page</title>");
  EXPECT_EQ(http_get(port, "/?table=abc&invite=def").first, 200);
  EXPECT_EQ(http_get(port, "/assets/app.js").second, "console.log(1)");
  EXPECT_EQ(http_get(port, "/assets/../room.db").first, 404);
  EXPECT_EQ(http_get(port, "/assets/%2e%2e/room.db").first, 404);
  EXPECT_EQ(http_get(port, "/assets/.hidden").first, 404);
  EXPECT_EQ(http_get(port, "/room.db").first, 404);
  EXPECT_EQ(http_get(port, "/record/nosuch").first, 404);
}

TEST(ServerNet, ServesEveryGamesRulesPage) {
  LiveRoom live;
  const unsigned short port = live.server->port();
  int pages = 0;
  for (const GameEntry* g : registered_games()) {
    const auto [status, body] = http_get(port, "/rules/" + g->name);
    if (rules_page(g->name).empty()) {  // the tests' own games have none
      EXPECT_EQ(status, 404) << g->name;
      continue;
    }
    ++pages;
    // The page `cardroom rules` prints: its title first, then the rules in our words.
    EXPECT_EQ(status, 200) << g->name;
    EXPECT_EQ(body, std::string(rules_page(g->name))) << g->name;
    EXPECT_EQ(body.rfind("# " + g->title, 0), 0u) << g->name << ": " << body.substr(0, 40);
  }
  EXPECT_GE(pages, 11) << "every game of the collection";
  EXPECT_EQ(http_get(port, "/rules/nosuch").first, 404);
  EXPECT_EQ(http_get(port, "/rules/../room.db").first, 404);
}

TEST(ServerNet, LimitsOnAConnectionLeaveOthersAndTheRoomAlone) {
  LiveRoom live;
  const unsigned short port = live.server->port();
  // A binary frame is refused and the connection goes on.
  WsClient a;
  ASSERT_TRUE(a.connect(port));
  a.send_binary(std::string("\x01\x02", 2));
  auto binary = a.read_type("error");
  ASSERT_TRUE(binary);
  EXPECT_NE((*binary)["message"].get<std::string>().find("binary"), std::string::npos);
  a.send({{"type", "lobby"}});
  EXPECT_TRUE(a.read_type("lobby"));
  // A flood: past the limit, one error and the rest ignored; a second later all is well.
  for (int i = 0; i < 50; ++i) a.send({{"type", "lobby"}, {"id", i}});
  int lobbies = 0, errors = 0;
  while (auto m = a.read(300ms)) {
    if ((*m)["type"] == "lobby") ++lobbies;
    if ((*m)["type"] == "error") {
      ++errors;
      EXPECT_NE((*m)["message"].get<std::string>().find("too many"), std::string::npos);
    }
  }
  EXPECT_LE(lobbies, 20);
  EXPECT_EQ(errors, 1);
  std::this_thread::sleep_for(1100ms);
  a.send({{"type", "lobby"}});
  EXPECT_TRUE(a.read_type("lobby"));
  // An oversized message closes that connection (1009), and only that one.
  WsClient b;
  ASSERT_TRUE(b.connect(port));
  b.send_text(json{{"type", "chat"}, {"text", std::string(5000, 'x')}}.dump());
  EXPECT_FALSE(b.read(2000ms));
  EXPECT_EQ(b.close_reason().code, websocket::close_code::too_big);
  std::this_thread::sleep_for(1100ms);
  a.send({{"type", "lobby"}});
  EXPECT_TRUE(a.read_type("lobby"));
}

// --- `cardroom serve` killed with SIGKILL ------------------------------------------------------

class ServerKill : public testing::TestWithParam<std::string> {};

TEST_P(ServerKill, KilledMidGameTheRoomLosesNoAppliedMove) {
  const std::string dir = testing::TempDir() + "kill_" + std::to_string(::getpid());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::string db = dir + "/room.db";
  if (GetParam() == "postgresql") {
    auto& pg = testing_support::TestPostgres::get();
    ASSERT_TRUE(pg.ok()) << pg.error();
    db = pg.new_database();
  }
  std::string table, token, error;
  json last_update;
  {
    ServeProcess serve;
    ASSERT_TRUE(serve.start(testing_util::cardroom_binary(), db, {"--away-after-ms", "100000"},
                            "/dev/null", &error))
        << error;
    WsClient ann;
    ASSERT_TRUE(ann.connect(serve.port()));
    ann.send({{"type", "create"},
              {"game", "s48"},
              {"seats", {"me", "heuristic", "heuristic", "heuristic"}}});
    auto created = ann.read_type("created");
    ASSERT_TRUE(created);
    table = (*created)["table"];
    auto seated = ann.read_type("seated");
    ASSERT_TRUE(seated);
    token = (*seated)["token"];
    auto state = ann.read_type("table");
    ASSERT_TRUE(state);
    json current = *state;
    // Ann moves whenever she may, until 12 of her moves are made; every update she hears of is
    // a move the storage has.
    for (int moves = 0; moves < 12;) {
      if (!current["legal"].empty()) {
        ann.send({{"type", "move"}, {"table", table}, {"code", current["legal"][0]["code"]}});
        ++moves;
      }
      auto m = ann.read_type("update");
      ASSERT_TRUE(m) << "no update";
      current = *m;
      last_update = current;
    }
    serve.stop(SIGKILL);
  }
  ServeProcess again;
  ASSERT_TRUE(again.start(testing_util::cardroom_binary(), db, {"--away-after-ms", "100000"},
                          "/dev/null", &error))
      << error;
  WsClient ann;
  ASSERT_TRUE(ann.connect(again.port()));
  ann.send({{"type", "resume"}, {"table", table}, {"token", token}});
  auto resumed = ann.read_type("table");
  ASSERT_TRUE(resumed);
  // The restarted room has at least every move Ann heard of, and her view of it agrees.
  EXPECT_GE((*resumed)["seq"].get<std::uint64_t>(), last_update["seq"].get<std::uint64_t>());
  if ((*resumed)["seq"] == last_update["seq"]) {
    EXPECT_EQ((*resumed)["view"], last_update["view"]);
  }
  again.stop(SIGKILL);
  std::filesystem::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Storage, ServerKill, testing::Values("sqlite", "postgresql"),
                         [](const testing::TestParamInfo<std::string>& info) {
                           return info.param;
                         });

}  // namespace
}  // namespace cardroom::server
