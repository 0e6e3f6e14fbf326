// The card room's network side: HTTP and WebSocket with Boost.Beast on Boost.Asio.
//
//   GET /               the page (web/dist/index.html)
//   GET /assets/NAME    its script, style sheet and images (web/dist/assets/)
//   GET /record/TABLE   a finished table's game record (Room::record)
//   GET /health         "ok"
//   GET /ws             the WebSocket: each text message goes to Room::handle
//
// Limits per connection: a WebSocket message over `max_message` bytes closes the connection (close
// code 1009, "message too big"); more than `max_per_second` messages in one second are answered
// with an error and ignored; a client that lets `max_queued` bytes of messages pile up unread is
// disconnected. A connection's next message is read only once the room has answered the last
// (Room::handle's `done`), so its requests are answered in order and cannot pile up. HTTP requests
// are small GETs: bodies and headers are limited too.
//
// Limits per visitor address (the room's AddressBook, server/policy.h): WebSocket connections at
// once (more are refused with 429) and messages a second over all of them. The address is the
// peer's, or with `trust_forwarded` the last one a reverse proxy added to X-Forwarded-For.
//
// Liveness: the server pings a WebSocket that has been silent for half of `ping_timeout` and closes
// one that answers nothing within it; the room then counts its seats as disconnected.
//
// Origin: /ws accepts a browser's connection only from the room's own page (its Origin names the
// Host it connects to) or an origin in `allow_origins` ("*": any); a client that sends no Origin
// (not a browser) is let in.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/room.h"

namespace cardroom::server {

struct ServerOptions {
  std::string bind = "127.0.0.1";
  unsigned short port = 8080;  // 0: any free port (tests); Server::port() says which
  std::string web_dir;         // holds index.html and assets/
  int threads = 0;             // network threads (0: one per core)
  std::size_t max_message = 64 * 1024;
  int max_per_second = 40;
  std::size_t max_queued = 8 * 1024 * 1024;
  std::chrono::milliseconds ping_timeout{20000};  // 0: no pings, no idle timeout
  std::vector<std::string> allow_origins;         // besides the room's own page
  bool trust_forwarded = false;                   // the address from X-Forwarded-For
  std::function<void(const std::string&)> log;    // one line per connection
};

// Stop the room (Room::stop) before the server goes: a room worker may hold the last reference
// to a connection, which must be destroyed while the server's io_context exists.
class Server {
 public:
  Server(Room& room, ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds and listens; false with `error` if the address cannot be had.
  bool listen(std::string* error);
  unsigned short port() const;
  // Serves on the network threads until stop().
  void start();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cardroom::server
