// The room's policy: what a visitor may ask of a card room open to the public, with safe defaults
// that the operator can raise (`cardroom serve` flags, docs/server.md).
//
//   RoomPolicy      which computer players a visitor may seat and how much each may cost: time per
//                   move, iterations, worlds, threads and memory (checked at `create`: larger
//                   values are refused with an error naming the limit and its flag); the limits
//                   per visitor address; how long an unstarted table waits; the lobby's size.
//   AddressBook     the counts behind the limits per address: connections, messages in the last
//                   second, tables created in the last minute, tables open and not yet started.
//                   Thread-safe; the network (server/http.h) and the room (server/room.h) share
//                   the room's one.
//
// A connection with no address (a room driven directly, in tests) is not counted.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "core/any_game.h"

namespace cardroom::server {

struct RoomPolicy {
  // Player names (the registry's, without options) a visitor may seat; `exec:` never.
  std::vector<std::string> players = {"random", "heuristic", "ismcts", "pimc"};
  // A computer decision's time: a cap on the `ms` option, and the deadline of every decision that
  // searches (a search still going then answers with what it has).
  int max_move_ms = 5000;
  std::int64_t max_iterations = 200000;  // ISMCTS's `iterations`
  std::int64_t max_worlds = 1000;        // PIMC's `worlds`
  std::int64_t max_threads = 1;          // a search's `threads`
  std::int64_t max_memory_mb = 256;      // ISMCTS's `tree_mb` times its threads; PIMC's `tt_mb`
  // Per visitor address (0: no limit).
  int max_connections = 16;        // WebSocket connections at once
  int max_messages = 60;           // messages in any second, over all its connections
  int max_tables_per_minute = 10;  // tables created
  int max_open_tables = 5;         // tables created and not yet started
  // An unstarted table goes after this long (0: never); expired tables are not restored.
  std::chrono::milliseconds expire_unstarted{std::chrono::minutes(30)};
  int lobby_tables = 50;  // tables in one lobby message (the rest are counted, and paged)

  // Whether a visitor may seat `player_string` at `game`: an error naming the limit and the flag
  // that raises it, or empty.
  std::string check_player(const std::string& player_string, const AnyGame& game) const;
};

class AddressBook {
 public:
  explicit AddressBook(const RoomPolicy& policy) : policy_(policy) {}

  // A WebSocket connection opens (false: too many from that address) and closes.
  bool connect(const std::string& address);
  void disconnect(const std::string& address);
  // A message arrives: false when the address has sent max_messages in the last second.
  bool message(const std::string& address);
  // A table is to be created: an error when the address has created max_tables_per_minute in the
  // last minute or has max_open_tables not yet started; otherwise counted as one more open
  // table (opened), and empty.
  std::string create_table(const std::string& address);
  // One of its open tables started, expired or could not be created after all.
  void table_closed(const std::string& address);

  int connections(const std::string& address) const;
  int open_tables(const std::string& address) const;

 private:
  using Clock = std::chrono::steady_clock;
  struct Counts {
    int connections = 0, open_tables = 0;
    Clock::time_point second{};  // the start of the current one-second window
    int in_second = 0;
    std::vector<Clock::time_point> created;  // within the last minute
  };
  Counts& at(const std::string& address);
  void forget_if_idle(const std::string& address);

  const RoomPolicy& policy_;
  mutable std::mutex mu_;
  std::map<std::string, Counts> counts_;
};

}  // namespace cardroom::server
