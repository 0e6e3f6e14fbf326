// The card room: tables, seats, spectators and the lobby, driven by JSON messages
// (docs/web_protocol.md). The network (server/http.h) hands each WebSocket message to
// Room::handle and each closed connection to Room::disconnect; everything a connection receives
// goes through its Client::send. Nothing here knows about sockets, so tests drive a room directly.
//
// A table is a Session run by a MatchRunner with a wall clock, the same runner `play` and `sim`
// use: people are the runner's outside seats, computer players its players. Every message a
// connection receives is built from view(seat) (spectators: view(kSpectator)) and the events its
// seat may see; a seat is bound to a random secret token (the storage keeps its SHA-256), and a
// connection acts for a seat only after it presented the token or took the seat itself.
//
// Threads (server/room_impl.h): handle and disconnect may be called from any thread and never
// wait on a table: a table's work runs on its own strand on the room's workers, and computer
// players that search decide on a pool of their own (server/search_pool.h), fairly across tables,
// each decision with a deadline and cancelled when its table ends or the room stops. A move is
// written to the storage before any connection hears of it; while the storage cannot write, the
// table pauses (nothing is applied that is not stored, or heard of) and retries until it can.
//
// The room's policy (server/policy.h) says which computer players a visitor may seat and at what
// cost, and limits what one visitor address may do; unstarted tables expire.
//
// After a game (server/room_after.cc): `again` starts a new game at the table with the same people
// and computer players; `history` lists the finished games of a browser's key; `analysis` and
// `replay` review a game (the double-dummy analysis of a hand that is over, a finished game move by
// move with every hand shown). A table nobody is at pauses, and ends after a longer while.
//
// People away: when a person's turn timer runs out, or their last connection has been gone for
// `away_after`, a computer player (the game's heuristic) plays their seat until they come back:
// a `resume` with the seat's token, or a move from a connection holding the seat.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "server/policy.h"
#include "server/storage.h"

namespace cardroom::server {

// A connection as the room sees it. send never blocks and may be called from any thread.
class Client {
 public:
  virtual ~Client() = default;
  virtual void send(std::string message) = 0;
  // For the log: "127.0.0.1:53122 #7".
  virtual std::string label() const = 0;
  // The visitor's address, for the limits per address ("" when there is none: not counted).
  virtual std::string address() const { return ""; }
};

struct RoomOptions {
  // A disconnected person's seat goes to a computer player after this long.
  std::chrono::milliseconds away_after{5000};
  // A started table nobody is at (no connection holds a seat or watches) pauses after this long,
  // listed as paused, until someone comes back; paused for `end_abandoned`, it ends (stored as
  // abandoned, its record kept). Zero: never.
  std::chrono::milliseconds abandon_after{std::chrono::minutes(2)};
  std::chrono::milliseconds end_abandoned{std::chrono::hours(6)};
  // Worker threads for the tables' work and timers (0: one per core).
  int threads = 0;
  // Threads for computer players that search (0: one per core).
  int search_threads = 0;
  RoomPolicy policy;
  // Tests: tables' seeds come from this seed (in the order tables are created) rather than from
  // the system's randomness, so their games are seeded.
  std::optional<std::uint64_t> seed;
  // One line per table event (created, joined, started, away, back, over, errors).
  std::function<void(const std::string&)> log;
};

class Room {
 public:
  Room(Storage& storage, RoomOptions options);
  ~Room();
  Room(const Room&) = delete;
  Room& operator=(const Room&) = delete;

  // Loads every unfinished table from the storage and resumes it (after a restart).
  bool restore(std::string* error);
  // One message from `client`; replies and broadcasts go through Client::send. `done` is called
  // (on any thread) once the message is answered: the network reads the connection's next
  // message only then.
  void handle(const std::shared_ptr<Client>& client, std::string_view message,
              std::function<void()> done = {});
  // The connection is gone: it leaves the lobby and its tables; its seats count as disconnected.
  void disconnect(const std::shared_ptr<Client>& client);
  // GET /record/TABLE: {200, record JSON} for a finished table, {403, why} for an unfinished one,
  // {404, why} for an unknown one.
  std::pair<int, std::string> record(const std::string& table);
  // Stops timers and computer moves and waits for the workers; the room then ignores messages.
  void stop();
  // Tests: waits until no computer move or timer job is running or queued (timers in the future
  // may remain). True if that happened within `limit`.
  bool idle(std::chrono::milliseconds limit);

  std::size_t table_count() const;
  // The limits per visitor address the network shares (connections, messages).
  AddressBook& addresses();
  const RoomPolicy& policy() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cardroom::server
