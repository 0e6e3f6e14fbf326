// `cardroom serve`: the web card room (server/room.h, server/http.h, docs/web_protocol.md).
// It binds 127.0.0.1 unless told otherwise, prints the address to open, logs one line per
// connection and table event, and stops on Ctrl-C or SIGTERM. Tables live in --db and resume
// after a restart. The room's policy (server/policy.h) has a flag for each of its limits.
#include <signal.h>

#include <chrono>
#include <iostream>
#include <mutex>
#include <sstream>

#include "cli/commands.h"
#include "server/http.h"
#include "server/room.h"
#include "server/storage.h"

namespace cardroom::cli {

void add_serve_command(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("serve", "The web card room: play in the browser");
  static std::string port_text = "8080", bind = "127.0.0.1", db = "cardroom.db";
  static std::string web_dir = default_web_dir(), away_ms = "5000", pause_s = "120",
                     end_minutes = "360";
  static bool quiet = false, trust_forwarded = false;
  static const server::RoomPolicy defaults;
  static std::string players;
  static std::string max_move_ms = std::to_string(defaults.max_move_ms),
                     max_iterations = std::to_string(defaults.max_iterations),
                     max_worlds = std::to_string(defaults.max_worlds),
                     max_threads = std::to_string(defaults.max_threads),
                     max_memory_mb = std::to_string(defaults.max_memory_mb),
                     max_connections = std::to_string(defaults.max_connections),
                     max_messages = std::to_string(defaults.max_messages),
                     max_tables_per_minute = std::to_string(defaults.max_tables_per_minute),
                     max_open_tables = std::to_string(defaults.max_open_tables),
                     expire_minutes = std::to_string(
                         std::chrono::duration_cast<std::chrono::minutes>(defaults.expire_unstarted)
                             .count()),
                     lobby_tables = std::to_string(defaults.lobby_tables), search_threads = "0",
                     ping_timeout_ms = "20000";
  static std::vector<std::string> allow_origins;
  for (const auto& p : defaults.players) players += (players.empty() ? "" : ",") + p;
  cmd->add_option("--port", port_text, "TCP port (default 8080; 0: any free port)")->type_name("N");
  cmd->add_option("--bind", bind, "address to listen on (default 127.0.0.1, this machine only)");
  cmd->add_option("--db", db,
                  "where tables are kept: an SQLite file (default cardroom.db) or a "
                  "postgresql:// URI");
  cmd->add_option("--web", web_dir, "the built page (web/dist)");
  cmd->add_option("--away-after-ms", away_ms,
                  "a disconnected person's seat goes to a computer player after this long "
                  "(default 5000)")
      ->type_name("MS");
  cmd->add_option("--pause-empty-after-s", pause_s,
                  "a game nobody is at (no player or spectator connected) pauses after this long, "
                  "and goes on when someone is back (default 120; 0: never)")
      ->type_name("S");
  cmd->add_option("--end-empty-after-minutes", end_minutes,
                  "a paused game nobody came back to ends after this long, kept as abandoned "
                  "(default 360; 0: never)")
      ->type_name("MIN");
  cmd->add_flag("--quiet", quiet, "log nothing but errors");
  // The room's policy: what a visitor may ask for (docs/server.md).
  cmd->add_option("--players", players,
                  "computer players a visitor may seat (default " + players + ")")
      ->type_name("LIST");
  cmd->add_option("--max-move-ms", max_move_ms,
                  "a computer decision's time: the most a player's ms may be, and the deadline of "
                  "every search (default " +
                      max_move_ms + ")")
      ->type_name("MS");
  cmd->add_option(
         "--max-iterations", max_iterations,
         "the most ISMCTS iterations a player may ask for (default " + max_iterations + ")")
      ->type_name("N");
  cmd->add_option("--max-worlds", max_worlds,
                  "the most PIMC worlds a player may ask for (default " + max_worlds + ")")
      ->type_name("N");
  cmd->add_option("--max-threads", max_threads,
                  "the most threads one search may use (default " + max_threads + ")")
      ->type_name("N");
  cmd->add_option("--max-memory-mb", max_memory_mb,
                  "the most memory one player's search may use (default " + max_memory_mb + ")")
      ->type_name("MB");
  cmd->add_option("--max-connections", max_connections,
                  "WebSocket connections at once from one address (default " + max_connections +
                      "; 0: no limit)")
      ->type_name("N");
  cmd->add_option("--max-messages", max_messages,
                  "messages a second from one address, over all its connections (default " +
                      max_messages + "; 0: no limit)")
      ->type_name("N");
  cmd->add_option("--max-tables-per-minute", max_tables_per_minute,
                  "tables one address may create in a minute (default " + max_tables_per_minute +
                      "; 0: no limit)")
      ->type_name("N");
  cmd->add_option("--max-open-tables", max_open_tables,
                  "tables one address may have waiting for players (default " + max_open_tables +
                      "; 0: no limit)")
      ->type_name("N");
  cmd->add_option("--expire-unstarted-minutes", expire_minutes,
                  "a table whose seats are not all taken by then goes (default " + expire_minutes +
                      "; 0: never)")
      ->type_name("MIN");
  cmd->add_option("--lobby-tables", lobby_tables,
                  "tables in one lobby message; the rest are counted and paged (default " +
                      lobby_tables + ")")
      ->type_name("N");
  cmd->add_option("--search-threads", search_threads,
                  "threads for computer players that search (default 0: one per core)")
      ->type_name("N");
  cmd->add_option("--ping-timeout-ms", ping_timeout_ms,
                  "a WebSocket that answers no ping within this long is closed (default 20000; 0: "
                  "no pings)")
      ->type_name("MS");
  cmd->add_option("--allow-origin", allow_origins,
                  "another site whose pages may connect (https://example.com; * for any); the "
                  "room's own page always may")
      ->type_name("ORIGIN");
  cmd->add_flag("--trust-forwarded-for", trust_forwarded,
                "behind a reverse proxy: a visitor's address is the last in X-Forwarded-For");
  cmd->callback([&ctx] {
    std::string error;
    std::uint64_t port = 0, away = 0, pause = 0, end = 0;
    if (!parse_whole_number("--port", port_text, 0, 65535, &port, &error) ||
        !parse_whole_number("--away-after-ms", away_ms, 0, 3600000, &away, &error) ||
        !parse_whole_number("--pause-empty-after-s", pause_s, 0, 86400 * 7, &pause, &error) ||
        !parse_whole_number("--end-empty-after-minutes", end_minutes, 0, 60 * 24 * 365, &end,
                            &error))
      return fail(ctx, error);
    server::RoomPolicy policy;
    struct Limit {
      const char* flag;
      const std::string& text;
      std::uint64_t lo, hi;
      std::uint64_t value = 0;
    };
    std::vector<Limit> limits = {
        {"--max-move-ms", max_move_ms, 1, 600000},
        {"--max-iterations", max_iterations, 1, 100000000},
        {"--max-worlds", max_worlds, 1, 100000},
        {"--max-threads", max_threads, 1, 64},
        {"--max-memory-mb", max_memory_mb, 1, 65536},
        {"--max-connections", max_connections, 0, 1000000},
        {"--max-messages", max_messages, 0, 1000000},
        {"--max-tables-per-minute", max_tables_per_minute, 0, 1000000},
        {"--max-open-tables", max_open_tables, 0, 1000000},
        {"--expire-unstarted-minutes", expire_minutes, 0, 525600},
        {"--lobby-tables", lobby_tables, 1, 10000},
        {"--search-threads", search_threads, 0, 256},
        {"--ping-timeout-ms", ping_timeout_ms, 0, 3600000},
    };
    for (Limit& l : limits)
      if (!parse_whole_number(l.flag, l.text, l.lo, l.hi, &l.value, &error))
        return fail(ctx, error);
    auto value = [&](int i) { return limits[i].value; };
    policy.max_move_ms = static_cast<int>(value(0));
    policy.max_iterations = static_cast<std::int64_t>(value(1));
    policy.max_worlds = static_cast<std::int64_t>(value(2));
    policy.max_threads = static_cast<std::int64_t>(value(3));
    policy.max_memory_mb = static_cast<std::int64_t>(value(4));
    policy.max_connections = static_cast<int>(value(5));
    policy.max_messages = static_cast<int>(value(6));
    policy.max_tables_per_minute = static_cast<int>(value(7));
    policy.max_open_tables = static_cast<int>(value(8));
    policy.expire_unstarted = std::chrono::minutes(value(9));
    policy.lobby_tables = static_cast<int>(value(10));
    policy.players.clear();
    std::istringstream names(players);
    for (std::string name; std::getline(names, name, ',');)
      if (!name.empty()) policy.players.push_back(name);
    if (policy.players.empty()) return fail(ctx, "--players: name at least one player");

    // Signals are taken by sigwait below, never by a thread at random.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    signal(SIGPIPE, SIG_IGN);
    raise_file_limit();

    static std::mutex log_mu;
    auto log = [](const std::string& line) {
      if (quiet) return;
      std::lock_guard lock(log_mu);
      std::cerr << line << std::endl;
    };
    auto storage = server::open_storage(db, &error);
    if (!storage) return fail(ctx, error);
    server::RoomOptions room_options;
    room_options.away_after = std::chrono::milliseconds(away);
    room_options.abandon_after = std::chrono::seconds(pause);
    room_options.end_abandoned = std::chrono::minutes(end);
    room_options.log = log;
    room_options.policy = policy;
    room_options.search_threads = static_cast<int>(value(11));
    server::Room room(*storage, room_options);
    if (!room.restore(&error)) return fail(ctx, "reading " + db + ": " + error);
    server::ServerOptions options;
    options.bind = bind;
    options.port = static_cast<unsigned short>(port);
    options.web_dir = web_dir;
    options.log = log;
    options.ping_timeout = std::chrono::milliseconds(value(12));
    options.allow_origins = allow_origins;
    options.trust_forwarded = trust_forwarded;
    server::Server server(room, options);
    if (!server.listen(&error)) return fail(ctx, error);
    server.start();
    const std::string host = bind == "0.0.0.0" || bind == "::" ? "127.0.0.1" : bind;
    std::cout << "cardroom: the card room is open at http://" << host << ":" << server.port()
              << "/ (" << storage->kind() << ": " << db << ", " << room.table_count()
              << " unfinished tables resumed; Ctrl-C stops)" << std::endl;
    int sig = 0;
    sigwait(&signals, &sig);
    log("stopping (signal " + std::to_string(sig) + ")");
    // The room's workers first: one may hold the last reference to a connection, which must go
    // while the server's io_context still exists. Every search is cancelled: this takes no more
    // than the slowest search takes to notice.
    room.stop();
    server.stop();
  });
}

}  // namespace cardroom::cli
