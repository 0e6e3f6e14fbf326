// `cardroom serve`: the web card room (server/room.h, server/http.h, docs/web_protocol.md).
// It binds 127.0.0.1 unless told otherwise, prints the address to open, logs one line per
// connection and table event, and stops on Ctrl-C or SIGTERM. Tables live in --db and resume
// after a restart.
#include <signal.h>

#include <chrono>
#include <iostream>
#include <mutex>

#include "cli/commands.h"
#include "server/http.h"
#include "server/room.h"
#include "server/storage.h"

namespace cardroom::cli {

void add_serve_command(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("serve", "The web card room: play in the browser");
  static std::string port_text = "8080", bind = "127.0.0.1", db = "cardroom.db";
  static std::string web_dir = default_web_dir(), away_ms = "5000";
  static bool quiet = false;
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
  cmd->add_flag("--quiet", quiet, "log nothing but errors");
  cmd->callback([&ctx] {
    std::string error;
    std::uint64_t port = 0, away = 0;
    if (!parse_whole_number("--port", port_text, 0, 65535, &port, &error) ||
        !parse_whole_number("--away-after-ms", away_ms, 0, 3600000, &away, &error))
      return fail(ctx, error);
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
    room_options.log = log;
    server::Room room(*storage, room_options);
    if (!room.restore(&error)) return fail(ctx, "reading " + db + ": " + error);
    server::ServerOptions options;
    options.bind = bind;
    options.port = static_cast<unsigned short>(port);
    options.web_dir = web_dir;
    options.log = log;
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
    // while the server's io_context still exists.
    room.stop();
    server.stop();
  });
}

}  // namespace cardroom::cli
