// `cardroom loadtest`: a load generator for the card room, loopback only. It opens --clients
// WebSocket clients (Boost.Beast), each of which creates a table with itself and computer players
// (pace 0), sits, and plays random legal moves after a think time, starting a new table when a
// game ends. It reports the seats held, moves per second, the latency from a move being sent to
// its broadcast reaching the client (p50, p99, max) and the server's memory.
//
// Without --url it starts `cardroom serve` itself (this binary, a database in a temporary
// directory) and reads the server's memory from /proc; with --url it loads a running server, and
// --server-pid names the process whose memory to read.
//
// The soak (docs/server.md): --abusive N adds clients that send what an ill-willed visitor would
// (malformed and unknown messages, huge player budgets, padded game strings, oversized messages
// that get them closed, lobby and table floods) and reconnect; --kill-at S kills the server with
// SIGKILL after S seconds and starts it again on the same database, and the clients reconnect and
// resume their seats. At the end the moves every client saw acknowledged are compared with the
// moves the database holds: `moves_lost` must be 0.
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>

#include "cli/commands.h"
#include "core/registry.h"
#include "server/serve_process.h"
#include "server/storage.h"

namespace cardroom::cli {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

struct LoadConfig {
  std::string host = "127.0.0.1";
  unsigned short port = 0;  // changes when the server is started again (--kill-at)
  bool reconnect = false;   // clients reconnect and resume when their connection drops
  std::string game = "s48";
  int seats = 4;
  int clients = 200;
  double seconds = 10;
  double think_ms = 1000;
};

struct LoadStats {
  std::vector<double> latency_ms;
  std::uint64_t moves = 0, updates = 0, errors = 0, tables = 0, games_over = 0, closed = 0;
  int seated = 0;  // clients holding a seat now
  std::string first_error;
  // The highest seq each table showed its players: every move up to it was acknowledged.
  std::map<std::string, std::uint64_t> acknowledged;
  std::uint64_t reconnects = 0, abuse_sent = 0, abuse_refused = 0, abuse_closed = 0;
};

// Only the fields a client acts on: views and events are skipped, not kept.
json parse_light(const std::string& text) {
  return json::parse(
      text,
      [](int depth, json::parse_event_t event, json& parsed) {
        if (depth == 1 && event == json::parse_event_t::key &&
            (parsed == "view" || parsed == "events" || parsed == "chat" || parsed == "seats"))
          return false;
        return true;
      },
      false);
}

// One connection: its stream and what its reads and writes use, kept alive by their handlers (a
// client that reconnects leaves the old one to its last handlers).
struct Conn {
  explicit Conn(asio::io_context& io) : ws(io) {}
  websocket::stream<beast::tcp_stream> ws;
  beast::flat_buffer buffer;
  std::deque<std::string> outbox;
  bool writing = false;
  void close() {
    beast::error_code ec;
    beast::get_lowest_layer(ws).socket().close(ec);
  }
};
using ConnPtr = std::shared_ptr<Conn>;

class LoadClient : public std::enable_shared_from_this<LoadClient> {
 public:
  LoadClient(asio::io_context& io, const LoadConfig& config, LoadStats& stats, std::uint64_t seed)
      : io_(io), config_(config), stats_(stats), think_(io), rng_(seed) {}

  void start() {
    if (conn_) conn_->close();
    conn_ = std::make_shared<Conn>(io_);
    beast::get_lowest_layer(conn_->ws).async_connect(
        tcp::endpoint(asio::ip::make_address(config_.host), config_.port),
        [self = shared_from_this(), c = conn_](beast::error_code ec) {
          if (c != self->conn_) return;  // a connection that is gone
          if (ec) return self->fail("connect: " + ec.message());
          beast::error_code ignored;
          beast::get_lowest_layer(c->ws).socket().set_option(tcp::no_delay(true), ignored);
          c->ws.async_handshake(self->config_.host, "/ws", [self, c](beast::error_code ec2) {
            if (c != self->conn_) return;
            if (ec2) return self->fail("handshake: " + ec2.message());
            // Back after the server went: resume the seat; else a new table.
            if (self->token_.empty())
              self->create();
            else
              self->send({{"type", "resume"}, {"table", self->table_}, {"token", self->token_}});
            self->read();
          });
        });
  }

  void stop() {
    stopped_ = true;
    think_.cancel();
    if (conn_) conn_->close();
  }

 private:
  void fail(const std::string& why) {
    if (stopped_) return;
    if (config_.reconnect) {
      // The server went (--kill-at): again in a moment, to its new port.
      if (seated_) --stats_.seated;
      seated_ = pending_ = thinking_ = false;
      think_.cancel();
      ++stats_.reconnects;
      auto retry = std::make_shared<asio::steady_timer>(io_, std::chrono::milliseconds(300));
      retry->async_wait([self = shared_from_this(), retry](beast::error_code) {
        if (!self->stopped_) self->start();
      });
      return;
    }
    ++stats_.errors;
    ++stats_.closed;
    if (stats_.first_error.empty()) stats_.first_error = why;
    if (seated_) --stats_.seated;
    seated_ = false;
    stopped_ = true;
  }

  void create() {
    json seats = json::array({"me"});
    for (int s = 1; s < config_.seats; ++s) seats.push_back("heuristic");
    send({{"type", "create"}, {"game", config_.game}, {"seats", seats}, {"name", "load"}});
  }

  void send(const json& m) {
    conn_->outbox.push_back(m.dump());
    if (!conn_->writing) write(conn_);
  }
  void write(const ConnPtr& c) {
    c->writing = true;
    c->ws.text(true);
    c->ws.async_write(asio::buffer(c->outbox.front()),
                      [self = shared_from_this(), c](beast::error_code ec, std::size_t) {
                        c->writing = false;
                        if (c != self->conn_) return;  // a connection that is gone
                        if (ec) return self->fail("write: " + ec.message());
                        c->outbox.pop_front();
                        if (!c->outbox.empty()) self->write(c);
                      });
  }

  void read() {
    ConnPtr c = conn_;
    c->ws.async_read(c->buffer, [self = shared_from_this(), c](beast::error_code ec, std::size_t) {
      if (c != self->conn_) return;  // a connection that is gone
      if (ec) return self->fail("read: " + ec.message());
      const std::string text = beast::buffers_to_string(c->buffer.data());
      c->buffer.consume(c->buffer.size());
      self->on_message(parse_light(text));
      if (!self->stopped_) self->read();
    });
  }

  void on_message(const json& m) {
    if (stopped_ || !m.is_object()) return;
    const std::string type = m.value("type", "");
    if (type == "created") {
      table_ = m.value("table", "");
      ++stats_.tables;
    } else if (type == "seated") {
      if (!seated_) ++stats_.seated;
      seated_ = true;
      token_ = m.value("token", "");
    } else if (type == "table" || type == "update") {
      if (m.value("table", "") != table_) return;
      ++stats_.updates;
      seq_ = m.value("seq", std::uint64_t{0});
      std::uint64_t& acked = stats_.acknowledged[table_];
      acked = std::max(acked, seq_);
      real_time_ = m.value("mode", "turn") == "real_time";
      legal_ = m.value("legal", json::array());
      if (pending_ && seq_ > sent_seq_) {
        stats_.latency_ms.push_back(
            std::chrono::duration<double, std::milli>(Clock::now() - sent_at_).count());
        pending_ = false;
      }
      if (m.value("over", false)) {
        ++stats_.games_over;
        pending_ = thinking_ = false;
        think_.cancel();
        send({{"type", "leave"}, {"table", table_}});
        token_.clear();
        create();
        return;
      }
      if (!pending_ && !thinking_ && !legal_.empty()) think();
    } else if (type == "error") {
      ++stats_.errors;
      if (stats_.first_error.empty()) stats_.first_error = m.value("message", "");
      pending_ = false;
      if (!thinking_ && !legal_.empty()) think();
    }
  }

  // A person takes a while: uniformly 0.5 to 1.5 think times.
  void think() {
    thinking_ = true;
    std::uniform_real_distribution<double> d(0.5 * config_.think_ms, 1.5 * config_.think_ms);
    think_.expires_after(std::chrono::microseconds(static_cast<std::int64_t>(d(rng_) * 1000)));
    think_.async_wait([self = shared_from_this()](beast::error_code ec) {
      self->thinking_ = false;
      if (ec || self->stopped_ || self->legal_.empty() || self->pending_) return;
      const json& pick = self->legal_[self->rng_() % self->legal_.size()];
      json move = {{"type", "move"}, {"table", self->table_}, {"code", pick["code"]}};
      if (!self->real_time_) move["seq"] = self->seq_;
      self->pending_ = true;
      self->sent_seq_ = self->seq_;
      self->sent_at_ = Clock::now();
      ++self->stats_.moves;
      self->send(move);
    });
  }

  asio::io_context& io_;
  const LoadConfig& config_;
  LoadStats& stats_;
  ConnPtr conn_;  // a new one for each connection
  asio::steady_timer think_;
  std::mt19937_64 rng_;
  std::string table_, token_;
  json legal_ = json::array();
  std::uint64_t seq_ = 0, sent_seq_ = 0;
  Clock::time_point sent_at_;
  bool pending_ = false, thinking_ = false, seated_ = false, stopped_ = false, real_time_ = false;
};

// An ill-willed visitor: every 100 ms a burst of what the room must refuse, and back at once when
// it is thrown out.
class AbusiveClient : public std::enable_shared_from_this<AbusiveClient> {
 public:
  AbusiveClient(asio::io_context& io, const LoadConfig& config, LoadStats& stats,
                std::uint64_t seed)
      : io_(io), config_(config), stats_(stats), timer_(io), rng_(seed) {}

  void start() {
    if (stopped_) return;
    if (conn_) conn_->close();
    conn_ = std::make_shared<Conn>(io_);
    beast::get_lowest_layer(conn_->ws).async_connect(
        tcp::endpoint(asio::ip::make_address(config_.host), config_.port),
        [self = shared_from_this(), c = conn_](beast::error_code ec) {
          if (c != self->conn_) return;
          if (ec) return self->again();
          c->ws.async_handshake(self->config_.host, "/ws", [self, c](beast::error_code ec2) {
            if (c != self->conn_) return;
            if (ec2) return self->again();
            self->read(c);
            self->burst(c);
          });
        });
  }
  void stop() {
    stopped_ = true;
    timer_.cancel();
    if (conn_) conn_->close();
  }

 private:
  void again() {
    if (stopped_) return;
    timer_.cancel();
    auto retry = std::make_shared<asio::steady_timer>(io_, std::chrono::milliseconds(300));
    retry->async_wait([self = shared_from_this(), retry](beast::error_code) { self->start(); });
  }
  void read(const ConnPtr& c) {
    c->ws.async_read(c->buffer, [self = shared_from_this(), c](beast::error_code ec, std::size_t) {
      if (c != self->conn_) return;
      if (ec) {
        ++self->stats_.abuse_closed;
        return self->again();
      }
      const json m = parse_light(beast::buffers_to_string(c->buffer.data()));
      c->buffer.consume(c->buffer.size());
      if (m.is_object() && m.value("type", "") == "error") ++self->stats_.abuse_refused;
      self->read(c);
    });
  }
  void burst(const ConnPtr& c) {
    if (stopped_ || c != conn_) return;
    static const std::vector<std::string> kAbuse = [] {
      const json budget = {{"type", "create"},
                           {"game", "s48(players=4)"},
                           {"seats", {"me", "ismcts(ms=600000)", "pimc(worlds=100000)", "random"}}};
      const json padded = {{"type", "create"},
                           {"game", "s48(" + std::string(60000, ',') + ")"},
                           {"seats", {"me", "open", "open", "open"}}};
      const json exec = {{"type", "create"},
                         {"game", "s48(players=4)"},
                         {"seats", {"me", "exec:sleep 100", "random", "random"}}};
      return std::vector<std::string>{
          "not json",
          R"({"type":"nonsense"})",
          budget.dump(),
          padded.dump(),
          exec.dump(),
          R"({"type":"lobby"})",
          R"({"type":"move","table":"nosuchtable","move":"play AS"})",
          R"({"type":"watch","table":"nosuchtable"})",
          R"({"type":"create","game":"reds","seats":["me","open","open","open"]})",
          std::string(70000, ' '),  // over the message limit: the connection is closed
      };
    }();
    for (int i = 0; i < 10; ++i) {
      c->outbox.push_back(kAbuse[rng_() % kAbuse.size()]);
      ++stats_.abuse_sent;
    }
    write(c);
    timer_.expires_after(std::chrono::milliseconds(100));
    timer_.async_wait([self = shared_from_this(), c](beast::error_code ec) {
      if (!ec) self->burst(c);
    });
  }
  void write(const ConnPtr& c) {
    if (c->writing || c->outbox.empty()) return;
    c->writing = true;
    c->ws.text(true);
    c->ws.async_write(asio::buffer(c->outbox.front()),
                      [self = shared_from_this(), c](beast::error_code ec, std::size_t) {
                        c->writing = false;
                        if (ec || c != self->conn_) return;
                        c->outbox.pop_front();
                        self->write(c);
                      });
  }

  asio::io_context& io_;
  const LoadConfig& config_;
  LoadStats& stats_;
  ConnPtr conn_;  // a new one for each connection
  asio::steady_timer timer_;
  std::mt19937_64 rng_;
  bool stopped_ = false;
};

// The moves clients saw acknowledged that the database at `db` does not hold: each table's moves
// are its unfinished row's, or its finished record's. Nullopt with `error` if it cannot be read.
std::optional<std::uint64_t> moves_lost(const std::string& db,
                                        const std::map<std::string, std::uint64_t>& acknowledged,
                                        std::string* error) {
  auto storage = server::open_storage(db, error);
  if (!storage) return std::nullopt;
  auto rows = storage->unfinished(error);
  if (!rows) return std::nullopt;
  std::map<std::string, std::uint64_t> stored;
  for (const auto& row : *rows) stored[row.id] = row.moves.size();
  std::uint64_t lost = 0;
  for (const auto& [table, seen] : acknowledged) {
    std::uint64_t have = 0;
    if (auto it = stored.find(table); it != stored.end()) {
      have = it->second;
    } else if (auto record = storage->record(table, error)) {
      const json r = json::parse(*record, nullptr, false);
      if (r.is_object() && r.contains("moves")) have = r["moves"].size();
    }
    if (seen > have) lost += seen - have;
  }
  return lost;
}

// VmRSS and VmHWM of a process, in MiB (-1 if unknown).
std::pair<double, double> memory_mib(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string key;
  double rss = -1, hwm = -1;
  while (in >> key) {
    double kb = 0;
    if (key == "VmRSS:" && in >> kb) rss = kb / 1024;
    if (key == "VmHWM:" && in >> kb) hwm = kb / 1024;
  }
  return {rss, hwm};
}

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  const std::size_t i = std::min(v.size() - 1, static_cast<std::size_t>(p * (v.size() - 1) + 0.5));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(i), v.end());
  return v[i];
}

}  // namespace

void add_loadtest_command(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand(
      "loadtest", "Load the web card room with WebSocket clients playing random moves (loopback)");
  static std::string clients_text = "200", seconds_text = "10", think_text = "1000";
  static std::string game = "s48", url, server_pid_text, abusive_text = "0", kill_text = "0";
  static bool as_json = false;
  cmd->add_option("--clients", clients_text, "clients, each a person at its own table (1-10000)")
      ->type_name("N");
  cmd->add_option("--seconds", seconds_text, "how long to play (1-3600)")->type_name("S");
  cmd->add_option("--think-ms", think_text,
                  "a client's think time before each move, on average (0-60000; default 1000)")
      ->type_name("MS");
  cmd->add_option("--game", game, "the game string of every table (default s48)");
  cmd->add_option("--url", url,
                  "a running room's WebSocket, ws://127.0.0.1:PORT/ws (default: start one)");
  cmd->add_option("--server-pid", server_pid_text, "with --url: the server's process, for memory");
  cmd->add_option("--abusive", abusive_text,
                  "more clients that send what an ill-willed visitor would, and reconnect when "
                  "thrown out (0-1000; default 0)")
      ->type_name("N");
  cmd->add_option(
         "--kill-at", kill_text,
         "kill the server (SIGKILL) after this many seconds and start it again on the same "
         "database; clients resume their seats, and moves lost are counted (default 0: "
         "never)")
      ->type_name("S");
  cmd->add_flag("--json", as_json, "machine-readable output");
  cmd->callback([&ctx] {
    std::string error;
    std::uint64_t clients = 0, seconds = 0, think = 0, server_pid = 0, abusive = 0, kill_at = 0;
    if (!parse_whole_number("--clients", clients_text, 1, 10000, &clients, &error) ||
        !parse_whole_number("--seconds", seconds_text, 1, 3600, &seconds, &error) ||
        !parse_whole_number("--think-ms", think_text, 0, 60000, &think, &error) ||
        !parse_whole_number("--abusive", abusive_text, 0, 1000, &abusive, &error) ||
        !parse_whole_number("--kill-at", kill_text, 0, 3600, &kill_at, &error))
      return fail(ctx, error);
    if (kill_at > 0 && !url.empty())
      return fail(ctx, "--kill-at needs the load test's own server (leave out --url)");
    if (kill_at >= seconds) return fail(ctx, "--kill-at must come before the end (--seconds)");
    if (!server_pid_text.empty() &&
        !parse_whole_number("--server-pid", server_pid_text, 1, 1u << 30, &server_pid, &error))
      return fail(ctx, error);
    auto loaded = load_game(game, &error);
    if (!loaded) return fail(ctx, error);
    raise_file_limit();
    signal(SIGPIPE, SIG_IGN);
    LoadConfig config;
    config.game = game;
    config.seats = loaded->num_seats();
    config.clients = static_cast<int>(clients);
    config.seconds = static_cast<double>(seconds);
    config.think_ms = static_cast<double>(think);
    config.reconnect = kill_at > 0;

    std::optional<server::ServeProcess> child;
    std::string dir;
    // Every load client comes from this machine's one address: no limits per address (the
    // abusive clients meet the per-connection ones).
    const std::vector<std::string> serve_flags = {
        "--quiet", "--max-connections", "0", "--max-messages", "0", "--max-tables-per-minute",
        "0",       "--max-open-tables", "0"};
    if (url.empty()) {
      char pattern[] = "/tmp/cardroom-load-XXXXXX";
      if (!mkdtemp(pattern)) return fail(ctx, "cannot make a temporary directory");
      dir = pattern;
      child.emplace();
      if (!child->start("/proc/self/exe", dir + "/load.db", serve_flags, dir + "/serve.log",
                        &error))
        return fail(ctx, error);
      config.port = child->port();
      server_pid = static_cast<std::uint64_t>(child->pid());
    } else {
      // Loopback only: a load generator is not to be pointed at other people's machines.
      const bool loopback =
          (url.starts_with("ws://127.0.0.1:") || url.starts_with("ws://localhost:")) &&
          url.ends_with("/ws");
      config.port = loopback ? server::port_in("http" + url.substr(2, url.size() - 5) + "/") : 0;
      if (config.port == 0)
        return fail(ctx, "--url must be ws://127.0.0.1:PORT/ws (loopback only), not '" + url + "'");
    }

    asio::io_context io;
    LoadStats stats;
    std::vector<std::shared_ptr<LoadClient>> all;
    for (int i = 0; i < config.clients; ++i) {
      all.push_back(
          std::make_shared<LoadClient>(io, config, stats, 1000 + static_cast<unsigned>(i)));
      all.back()->start();
    }
    std::vector<std::shared_ptr<AbusiveClient>> abusers;
    for (std::uint64_t i = 0; i < abusive; ++i) {
      abusers.push_back(std::make_shared<AbusiveClient>(io, config, stats, 7000 + i));
      abusers.back()->start();
    }
    // --kill-at: the server is killed as a crash would, and started again on its database.
    asio::steady_timer kill(io);
    double restart_ms = -1;
    std::string restart_error;
    if (kill_at > 0) {
      kill.expires_after(std::chrono::seconds(kill_at));
      kill.async_wait([&](beast::error_code ec) {
        if (ec) return;
        const auto at = Clock::now();
        child->stop(SIGKILL);
        child.emplace();
        if (!child->start("/proc/self/exe", dir + "/load.db", serve_flags, dir + "/serve.log",
                          &restart_error)) {
          for (auto& c : all) c->stop();
          for (auto& a : abusers) a->stop();
          return;
        }
        restart_ms = std::chrono::duration<double, std::milli>(Clock::now() - at).count();
        config.port = child->port();
        server_pid = static_cast<std::uint64_t>(child->pid());
      });
    }
    // Seats are counted at the end; latencies from the second half (once every client is in).
    const auto started = Clock::now();
    asio::steady_timer half(io), end(io);
    std::size_t warmup_samples = 0;
    std::uint64_t warmup_moves = 0;
    half.expires_after(std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(config.seconds / 2)));
    half.async_wait([&](beast::error_code) {
      warmup_samples = stats.latency_ms.size();
      warmup_moves = stats.moves;
    });
    int seats_at_end = 0;
    end.expires_after(
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(config.seconds)));
    end.async_wait([&](beast::error_code) {
      seats_at_end = stats.seated;
      for (auto& c : all) c->stop();
      for (auto& a : abusers) a->stop();
    });
    io.run();
    const double elapsed = std::chrono::duration<double>(Clock::now() - started).count();
    const auto [rss, hwm] =
        server_pid ? memory_mib(static_cast<pid_t>(server_pid)) : std::pair<double, double>{-1, -1};
    std::vector<double> steady(
        stats.latency_ms.begin() + static_cast<std::ptrdiff_t>(warmup_samples),
        stats.latency_ms.end());
    const double window = config.seconds / 2;
    json out = {{"game", game},
                {"clients", config.clients},
                {"seconds", elapsed},
                {"think_ms", config.think_ms},
                {"seats", seats_at_end},
                {"tables", stats.tables},
                {"games_over", stats.games_over},
                {"moves", stats.moves},
                {"moves_per_second", static_cast<double>(stats.moves - warmup_moves) / window},
                {"updates", stats.updates},
                {"latency_ms",
                 {{"samples", steady.size()},
                  {"p50", percentile(steady, 0.50)},
                  {"p99", percentile(steady, 0.99)},
                  {"max", steady.empty() ? 0.0 : *std::max_element(steady.begin(), steady.end())}}},
                {"server_rss_mib", rss},
                {"server_peak_rss_mib", hwm},
                {"errors", stats.errors},
                {"first_error", stats.first_error}};
    if (!restart_error.empty()) return fail(ctx, "starting the server again: " + restart_error);
    child.reset();  // SIGTERM: it stops as it would
    if (abusive > 0)
      out["abusive"] = {{"clients", abusive},
                        {"sent", stats.abuse_sent},
                        {"refused", stats.abuse_refused},
                        {"closed_by_server", stats.abuse_closed}};
    if (kill_at > 0)
      out["kill"] = {
          {"at_seconds", kill_at}, {"restart_ms", restart_ms}, {"reconnects", stats.reconnects}};
    std::optional<std::uint64_t> lost;
    if (!dir.empty()) {
      lost = moves_lost(dir + "/load.db", stats.acknowledged, &error);
      if (!lost) return fail(ctx, "reading the load test's database: " + error);
      out["moves_lost"] = *lost;
    }
    if (!dir.empty()) std::filesystem::remove_all(dir);
    if (as_json) {
      std::cout << out.dump(2) << "\n";
    } else {
      std::cout << "clients " << config.clients << ", seats held at the end " << seats_at_end
                << ", " << stats.tables << " tables, " << stats.games_over << " games over\n"
                << "moves sent (second half): " << out["moves_per_second"].get<double>()
                << " per second; updates received " << stats.updates << "\n"
                << "move to broadcast, ms (second half, " << steady.size() << " moves): p50 "
                << out["latency_ms"]["p50"].get<double>() << ", p99 "
                << out["latency_ms"]["p99"].get<double>() << ", max "
                << out["latency_ms"]["max"].get<double>() << "\n"
                << "server memory: " << rss << " MiB now, " << hwm << " MiB at most\n"
                << "errors: " << stats.errors
                << (stats.first_error.empty() ? "" : " (first: " + stats.first_error + ")") << "\n";
      if (abusive > 0)
        std::cout << "abusive clients " << abusive << ": " << stats.abuse_sent << " requests sent, "
                  << stats.abuse_refused << " refused with an error, " << stats.abuse_closed
                  << " connections closed by the server\n";
      if (kill_at > 0)
        std::cout << "server killed (SIGKILL) at " << kill_at << " s, serving again after "
                  << restart_ms << " ms; " << stats.reconnects << " reconnections\n";
      if (lost) std::cout << "moves acknowledged but not stored: " << *lost << "\n";
    }
    if (lost && *lost > 0)
      return fail(ctx, std::to_string(*lost) + " acknowledged moves were lost");
    if (seats_at_end < config.clients) fail(ctx, "not every client held a seat at the end");
  });
}

}  // namespace cardroom::cli
