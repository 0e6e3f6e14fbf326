// The card room as an attacker meets it (issue 40): a room on PostgreSQL with the default policy,
// served over real WebSockets on loopback, is attacked in every way the audit found while a probe
// table of computer players plays on and /health is asked every 50 ms:
//
//   huge player budgets, slow search tables filling the search pool, a searching table that must
//   still get its share, padded game strings, oversized messages, table floods from many
//   addresses, lobby floods, too many connections, message floods, a connection that goes silent,
//   a connection that resumes another seat, a page from another site, a private table watched
//   without its code, an unstarted table that expires, PostgreSQL restarted under the room, and a
//   stop while searches run.
//
// Throughout, /health answers and the probe table's computer moves keep their pace (p50 and p99
// of both are printed, and bounds far above them but far below a frozen room's are checked: the
// machines are shared, so times are reported, not asserted tightly); every attack gets its error
// or limit; nothing stored is lost. Visitors are told apart by X-Forwarded-For, as behind a
// reverse proxy (`serve --trust-forwarded-for`).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>
#include <vector>

#include "server/http.h"
#include "server/room.h"
#include "server/storage.h"
#include "test_postgres.h"
#include "test_room.h"

namespace cardroom::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using json = nlohmann::json;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using testing_room::FakeClient;

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

struct Percentiles {
  double p50 = 0, p99 = 0, max = 0;
  std::size_t n = 0;
};
Percentiles percentiles(std::vector<double> v) {
  Percentiles p;
  p.n = v.size();
  if (v.empty()) return p;
  std::sort(v.begin(), v.end());
  p.p50 = v[v.size() / 2];
  p.p99 = v[std::min(v.size() - 1, v.size() * 99 / 100)];
  p.max = v.back();
  return p;
}

// Asks GET /health every 50 ms on a fresh connection and keeps each answer's time (a refused or
// unanswered request counts as 5000 ms).
class HealthProbe {
 public:
  explicit HealthProbe(unsigned short port) : port_(port) {
    thread_ = std::thread([this] {
      while (!stop_) {
        const auto start = Clock::now();
        const bool ok = ask();
        const double took = ok ? ms_since(start) : 5000;
        {
          std::lock_guard lock(mu_);
          times_.push_back(took);
        }
        std::this_thread::sleep_for(50ms);
      }
    });
  }
  ~HealthProbe() { finish(); }
  void finish() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
  }
  std::vector<double> times() {
    std::lock_guard lock(mu_);
    return times_;
  }

 private:
  bool ask() {
    asio::io_context io;
    beast::tcp_stream stream(io);
    beast::error_code ec;
    stream.expires_after(5s);
    stream.connect(asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_), ec);
    if (ec) return false;
    http::request<http::empty_body> req{http::verb::get, "/health", 11};
    req.set(http::field::host, "127.0.0.1");
    http::write(stream, req, ec);
    if (ec) return false;
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res, ec);
    return !ec && res.result() == http::status::ok && res.body() == "ok\n";
  }

  unsigned short port_;
  std::atomic<bool> stop_{false};
  std::mutex mu_;
  std::vector<double> times_;
  std::thread thread_;
};

// A WebSocket handshake with the given headers: the HTTP status the server answered.
int handshake_status(unsigned short port, const std::string& address, const std::string& origin) {
  asio::io_context io;
  websocket::stream<asio::ip::tcp::socket> ws(io);
  beast::error_code ec;
  ws.next_layer().connect(asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), ec);
  if (ec) return -1;
  ws.set_option(websocket::stream_base::decorator([&](websocket::request_type& req) {
    if (!address.empty()) req.set("X-Forwarded-For", address);
    if (!origin.empty()) req.set(http::field::origin, origin);
  }));
  websocket::response_type res;
  ws.handshake(res, "127.0.0.1:" + std::to_string(port), "/ws", ec);
  return static_cast<int>(res.result_int());
}

// A connection that sends what it is told and never reads again: it answers no ping.
class SilentClient {
 public:
  bool connect(unsigned short port, const std::string& address) {
    beast::error_code ec;
    ws_.next_layer().connect(asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"), port),
                             ec);
    ws_.set_option(websocket::stream_base::decorator(
        [address](websocket::request_type& req) { req.set("X-Forwarded-For", address); }));
    if (!ec) ws_.handshake("127.0.0.1", "/ws", ec);
    return !ec;
  }
  void write(const json& m) {
    beast::error_code ec;
    ws_.text(true);
    ws_.write(asio::buffer(m.dump()), ec);
  }

 private:
  asio::io_context io_;
  websocket::stream<asio::ip::tcp::socket> ws_{io_};
};

class ServerAttack : public testing::Test {
 protected:
  void SetUp() override {
    auto& pg = testing_support::TestPostgres::get();
    ASSERT_TRUE(pg.ok()) << pg.error();
    where_ = pg.new_database();
    std::string error;
    storage_ = open_storage(where_, &error);
    ASSERT_TRUE(storage_) << error;
    RoomOptions options;
    options.threads = 2;
    options.search_threads = 2;
    options.away_after = 500ms;
    options.log = [this](const std::string& line) {
      std::lock_guard lock(log_mu_);
      log_.push_back(line);
    };
    options.policy.expire_unstarted = 3s;  // the default policy but for this, to see one go
    room_ = std::make_unique<Room>(*storage_, options);
    ServerOptions server_options;
    server_options.port = 0;
    server_options.threads = 2;
    server_options.trust_forwarded = true;
    server_options.ping_timeout = 1000ms;
    server_ = std::make_unique<Server>(*room_, server_options);
    ASSERT_TRUE(server_->listen(&error)) << error;
    server_->start();
  }
  void TearDown() override {
    for (auto& c : clients_) c->close();
    if (room_) room_->stop();
    if (server_) server_->stop();
  }

  // A client of visitor `address`, connected.
  std::shared_ptr<FakeClient> visitor(const std::string& address) {
    auto c = std::make_shared<FakeClient>(address);
    EXPECT_TRUE(c->connect(server_->port(), address)) << address;
    clients_.push_back(c);
    return c;
  }
  static void send(const std::shared_ptr<FakeClient>& c, const json& m) { c->write(m.dump()); }
  // Creates a table; the `created` reply or the error.
  static json create(const std::shared_ptr<FakeClient>& c, const std::string& game,
                     const json& seats, json extra = json::object()) {
    json m = {{"type", "create"}, {"game", game}, {"seats", seats}};
    m.update(extra);
    send(c, m);
    auto reply = c->wait(
        [](const json& r) { return r["type"] == "created" || r["type"] == "error"; }, 10000ms);
    return reply ? *reply : json{{"type", "none"}};
  }
  static std::string error_of(const json& reply) {
    return reply["type"] == "error" ? reply["message"].get<std::string>() : std::string();
  }
  bool logged(const std::string& part) {
    std::lock_guard lock(log_mu_);
    return std::any_of(log_.begin(), log_.end(),
                       [&](const std::string& l) { return l.find(part) != std::string::npos; });
  }

  std::string where_;
  std::unique_ptr<Storage> storage_;
  std::unique_ptr<Room> room_;
  std::unique_ptr<Server> server_;
  std::vector<std::shared_ptr<FakeClient>> clients_;
  std::mutex log_mu_;
  std::vector<std::string> log_;
};

TEST_F(ServerAttack, NoVisitorFreezesExhaustsOrBreaksTheRoom) {
  const unsigned short port = server_->port();
  HealthProbe health(port);

  // The probe: Back Alley (26 hands: it outlasts the attacks) among four heuristic players at
  // 100 ms a move, watched by a spectator whose client keeps the time each update arrives.
  auto host = visitor("198.51.100.1");
  const json probe_created = create(
      host, "back_alley", {"heuristic", "heuristic", "heuristic", "heuristic"}, {{"pace_ms", 100}});
  ASSERT_EQ(probe_created["type"], "created") << probe_created.dump();
  const std::string probe = probe_created["table"];
  auto watcher = visitor("198.51.100.2");
  send(watcher, {{"type", "watch"}, {"table", probe}});
  ASSERT_TRUE(watcher->wait_type("table"));

  // 1. Huge budgets, and another program, are refused at create, each naming its limit.
  auto attacker = visitor("203.0.113.1");
  const std::vector<std::pair<std::string, std::string>> budgets = {
      {"ismcts(iterations=100000000,threads=64,tree_mb=65536)", "iterations=100000000"},
      {"ismcts(ms=600000)", "ms=600000 is over this room's limit of 5000 (serve --max-move-ms)"},
      {"pimc(worlds=100000,tt_mb=4096)", "worlds=100000"},
      {"pimc(ms=600000)", "--max-move-ms"},
      {"ismcts(threads=64)", "--max-threads"},
      {"ismcts(tree_mb=65536)", "--max-memory-mb"},
      {"exec:sleep 1000", "exec players cannot sit in the room"}};
  for (const auto& [player, why] : budgets) {
    const json r = create(attacker, "s48(players=4)", {"me", player, "heuristic", "heuristic"});
    EXPECT_NE(error_of(r).find(why), std::string::npos) << player << ": " << r.dump();
  }

  // 2. Padded game strings, and a message over the size limit.
  const std::string padded = "s48(" + std::string(65000, ',') + ")";
  EXPECT_NE(error_of(create(attacker, padded, {"me", "open", "open", "open"})).find("too long"),
            std::string::npos);
  EXPECT_NE(error_of(create(attacker, "s48(players=4,,)", {"me", "open", "open", "open"}))
                .find("empty option"),
            std::string::npos);
  {
    auto big = visitor("203.0.113.2");
    big->write(std::string(70000, ' '));
    // Closed (1009): the next message gets no answer.
    send(big, {{"type", "ping"}, {"id", 1}});
    EXPECT_FALSE(big->pong(1, 1000ms));
  }

  // 3. Game strings are stored and shown in canonical form.
  {
    auto canon = visitor("203.0.113.3");
    const json r = create(canon, "s48( players = 4 )", {"me", "open", "open", "open"});
    ASSERT_EQ(r["type"], "created") << r.dump();
    auto t = canon->wait_type("table");
    ASSERT_TRUE(t);
    EXPECT_EQ((*t)["game"], "s48(players=4,cut_ace=high,final_tie=shared)");
  }

  // 4. Slow tables within the limits fill the search pool; a searching table still gets moves.
  auto slow = visitor("203.0.113.4");
  for (int i = 0; i < 2; ++i) {
    const json r =
        create(slow, "s48(players=4)",
               {"ismcts(ms=5000)", "ismcts(ms=5000)", "ismcts(ms=5000)", "ismcts(ms=5000)"});
    ASSERT_EQ(r["type"], "created") << r.dump();
  }
  auto fair = visitor("203.0.113.5");
  const json fair_created = create(fair, "s48(players=4)",
                                   {"ismcts(iterations=200)", "ismcts(iterations=200)",
                                    "ismcts(iterations=200)", "ismcts(iterations=200)"});
  ASSERT_EQ(fair_created["type"], "created") << fair_created.dump();
  const auto fair_start = Clock::now();
  send(fair, {{"type", "watch"}, {"table", fair_created["table"]}});
  ASSERT_TRUE(fair->wait_type("table"));

  // 5. Table floods: ten visitors try twenty unstarted tables each; five each are let in.
  std::vector<std::shared_ptr<FakeClient>> flooders;
  for (int a = 0; a < 10; ++a) flooders.push_back(visitor("192.0.2." + std::to_string(10 + a)));
  int accepted = 0, refused = 0;
  for (auto& f : flooders)
    for (int i = 0; i < 20; ++i) {
      const json r = create(f, "reds", {"me", "open", "open", "open"});
      if (r["type"] == "created")
        ++accepted;
      else if (error_of(r).find("too many tables") != std::string::npos)
        ++refused;
    }
  EXPECT_EQ(accepted, 50);
  EXPECT_EQ(refused, 150);
  // The lobby stays small and counts what it does not list.
  auto looker = visitor("192.0.2.99");
  send(looker, {{"type", "lobby"}});
  auto lobby = looker->wait_type("lobby");
  ASSERT_TRUE(lobby);
  EXPECT_LE((*lobby)["tables"].size(), 50u);
  EXPECT_GE((*lobby)["total"].get<int>(), 52);
  EXPECT_LT(lobby->dump().size(), 64u * 1024);
  send(looker, {{"type", "lobby"}, {"offset", 50}});
  auto page2 = looker->wait_type("lobby");
  ASSERT_TRUE(page2);
  EXPECT_GE((*page2)["tables"].size(), 2u);

  // 6. Too many connections from one address: the rest are refused with 429.
  int too_many = 0;
  std::vector<std::shared_ptr<FakeClient>> crowd;
  for (int i = 0; i < 16; ++i) crowd.push_back(visitor("203.0.113.6"));
  for (int i = 0; i < 4; ++i) too_many += handshake_status(port, "203.0.113.6", "") == 429;
  EXPECT_EQ(too_many, 4);
  // A message flood over those connections: the address's limit answers with an error.
  for (auto& c : crowd)
    for (int i = 0; i < 10; ++i) send(c, {{"type", "ping"}, {"id", 1000 + i}});
  int told = 0;
  for (auto& c : crowd)
    told += c->wait(
                 [](const json& m) {
                   return m["type"] == "error" && m["message"].get<std::string>().find(
                                                      "from your address") != std::string::npos;
                 },
                 2000ms)
                .has_value();
  EXPECT_GT(told, 0);

  // 7. A page from another site may not drive the room; its own page may.
  EXPECT_EQ(handshake_status(port, "203.0.113.7", "http://evil.example"), 403);
  EXPECT_EQ(handshake_status(port, "203.0.113.7", "http://127.0.0.1:" + std::to_string(port)), 101);

  // 8. A private table is watched only with its code.
  auto privy = visitor("203.0.113.8");
  const json private_created =
      create(privy, "reds", {"me", "heuristic", "heuristic", "heuristic"}, {{"private", true}});
  ASSERT_EQ(private_created["type"], "created");
  ASSERT_TRUE(private_created.contains("watch"));
  auto nosy = visitor("203.0.113.9");
  send(nosy, {{"type", "watch"}, {"table", private_created["table"]}});
  auto refused_watch = nosy->wait_type("error");
  ASSERT_TRUE(refused_watch);
  EXPECT_NE((*refused_watch)["message"].get<std::string>().find("private"), std::string::npos);
  send(
      nosy,
      {{"type", "watch"}, {"table", private_created["table"]}, {"code", private_created["watch"]}});
  EXPECT_TRUE(nosy->wait_type("table"));

  // 9. A connection that goes silent: closed after the ping timeout, its seat taken over.
  auto silent_host = visitor("203.0.113.10");
  const json silent_created =
      create(silent_host, "reds", {"me", "open", "heuristic", "heuristic"}, {{"pace_ms", 0}});
  ASSERT_EQ(silent_created["type"], "created");
  const std::string silent_table = silent_created["table"];
  SilentClient silent;
  ASSERT_TRUE(silent.connect(port, "203.0.113.11"));
  silent.write({{"type", "join"}, {"table", silent_table}, {"seat", 1}});
  auto away = silent_host->wait(
      [](const json& m) {
        return m["type"] == "table" && m["seats"][1]["kind"] == "human" &&
               m["seats"][1]["away"] == true;
      },
      10000ms);
  EXPECT_TRUE(away) << "the silent seat was not taken over";

  // 10. A connection that resumes another seat releases its first one.
  auto resumer = visitor("203.0.113.12"), other = visitor("203.0.113.13");
  const json two_created =
      create(resumer, "reds", {"me", "open", "heuristic", "heuristic"}, {{"pace_ms", 0}});
  ASSERT_EQ(two_created["type"], "created");
  const std::string two = two_created["table"];
  send(other, {{"type", "join"}, {"table", two}, {"seat", 1}});
  auto other_seat = other->wait_type("seated");
  ASSERT_TRUE(other_seat);
  other->close();
  send(resumer, {{"type", "resume"}, {"table", two}, {"token", (*other_seat)["token"]}});
  auto released = resumer->wait(
      [](const json& m) { return m["type"] == "table" && m["seats"][0]["away"] == true; }, 10000ms);
  EXPECT_TRUE(released) << "the first seat was never released";

  // 11. An unstarted table expires (3 s here) and is not kept.
  auto waiting = visitor("203.0.113.14");
  const json expiring = create(waiting, "reds", {"me", "open", "open", "open"});
  ASSERT_EQ(expiring["type"], "created");
  auto closed = waiting->wait_type("closed", 10000ms);
  ASSERT_TRUE(closed);
  EXPECT_NE((*closed)["message"].get<std::string>().find("3 seconds"), std::string::npos);

  // The searching table got its share meanwhile.
  EXPECT_TRUE(
      fair->wait([](const json& m) { return m["type"] == "update" && m["seq"] >= 4; }, 30000ms))
      << "a searching table got no computer move while two slow tables searched";
  const double fair_ms = ms_since(fair_start);

  // 12. PostgreSQL goes away under the room and comes back: the probe pauses, then goes on.
  auto& pg = testing_support::TestPostgres::get();
  const auto before_down = watcher->latest(probe);
  ASSERT_TRUE(before_down);
  ASSERT_TRUE(pg.stop());
  auto paused = watcher->wait(
      [](const json& m) { return m["type"] == "paused" && m["paused"] == true; }, 10000ms);
  EXPECT_TRUE(paused) << "the probe table did not pause";
  EXPECT_NE(error_of(create(host, "reds", {"me", "open", "open", "open"})).find("could not store"),
            std::string::npos);
  std::this_thread::sleep_for(1500ms);
  ASSERT_TRUE(pg.start());
  auto resumed = watcher->wait(
      [](const json& m) { return m["type"] == "paused" && m["paused"] == false; }, 20000ms);
  EXPECT_TRUE(resumed) << "the probe table did not resume";
  EXPECT_TRUE(logged("resumed: the storage is back"));
  const std::size_t seq_resumed = watcher->latest(probe).value_or(json{{"seq", 0}})["seq"];
  EXPECT_TRUE(watcher->wait(
      [&](const json& m) { return m["type"] == "update" && m["seq"] > seq_resumed + 3; }, 20000ms))
      << "the probe table made no move after the database came back";

  // The probe's pace (the gaps between its moves, but for the pause) and /health, throughout.
  health.finish();
  std::vector<double> gaps;
  {
    const std::vector<json> all = watcher->all();
    const auto arrived = watcher->arrivals();
    std::optional<Clock::time_point> last;
    bool in_pause = false;
    for (std::size_t i = 0; i < all.size(); ++i) {
      if (all[i]["type"] == "paused") {
        in_pause = all[i]["paused"] == true;
        last.reset();
      }
      if (all[i]["type"] != "update" || all[i]["table"] != probe || in_pause) continue;
      if (last)
        gaps.push_back(std::chrono::duration<double, std::milli>(arrived[i] - *last).count());
      last = arrived[i];
    }
  }
  const Percentiles h = percentiles(health.times()), g = percentiles(gaps);
  std::cout << "[ attack   ] /health: n=" << h.n << " p50=" << h.p50 << " ms p99=" << h.p99
            << " ms max=" << h.max << " ms" << std::endl
            << "[ attack   ] the probe's moves (pace 100 ms): n=" << g.n << " p50=" << g.p50
            << " ms p99=" << g.p99 << " ms max=" << g.max << " ms" << std::endl
            << "[ attack   ] a searching table's 4th move, behind two slow tables: " << fair_ms
            << " ms" << std::endl;
  EXPECT_GT(h.n, 20u);
  EXPECT_LT(h.p99, 1000) << "/health was slow";
  EXPECT_LT(h.max, 5000) << "/health went unanswered";
  EXPECT_GT(g.n, 50u);
  EXPECT_LT(g.p50, 400) << "the probe table lost its pace";
  EXPECT_LT(g.max, 5000) << "the probe table stalled";

  // 13. Nothing stored is lost: every move anyone heard of is in the storage.
  const std::size_t heard = watcher->latest(probe).value_or(json{{"seq", 0}})["seq"];
  std::string error;
  auto reader = open_storage(where_, &error);
  ASSERT_TRUE(reader) << error;
  auto rows = reader->unfinished(&error);
  ASSERT_TRUE(rows) << error;
  std::size_t stored = 0;
  for (const TableRow& row : *rows)
    if (row.id == probe) stored = row.moves.size();
  if (stored == 0) {
    auto record = reader->record(probe, &error);
    ASSERT_TRUE(record) << "the probe table is neither unfinished nor finished in the storage";
    stored = json::parse(*record)["moves"].size();
  }
  EXPECT_GE(stored, heard);

  // 14. Stopping while searches run takes no longer than they take to notice.
  const auto stop_start = Clock::now();
  room_->stop();
  EXPECT_LT(ms_since(stop_start), 3000) << "the room took too long to stop";
  std::cout << "[ attack   ] stop with searches running: " << ms_since(stop_start) << " ms"
            << std::endl;
}

}  // namespace
}  // namespace cardroom::server
