// Where the card room keeps its tables: one small interface, an SQLite file by default
// (`--db cardroom.db`) and, for a room that outgrows one file, PostgreSQL (`--db
// postgresql://...`).
//
// What is kept: each table's game string, seed, first dealer and settings, its seats (who sits,
// the hash of the seat's secret token, the invitation code), every applied move in order (text, and
// the arrival time in a real-time game) and, once the game is over, its game record. That is all
// the room needs to resume every unfinished table exactly after a restart, `kill -9` included: the
// room writes each move before it tells anyone about it (server/room.h).
//
// A storage that loses its database (PostgreSQL restarted) fails its calls with an error and
// connects again on a later call, backing off (PostgreSQL: 250 ms doubling to 5 s); the room
// pauses the tables whose moves it could not write and retries them.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cardroom::server {

struct SeatRow {
  int seat = 0;
  std::string kind;        // "open", "human" or "computer"
  std::string name;        // a person's name, or the computer player's
  std::string player;      // the computer player's string ("heuristic"); empty for people
  std::string token_hash;  // SHA-256 (hex) of the seat's token; empty while open
  std::string invite;      // the invitation code of an open seat
  // SHA-256 (hex) of the key of the browser that took the seat (the page keeps a random key, so
  // that a person finds their finished games again); empty when none was given.
  std::string person;
};

struct MoveRow {
  int seat = 0;
  std::string text;
  std::optional<std::int64_t> time_ms;  // real-time games: arrival, ms from the match's start
};

struct TableRow {
  std::string id;
  std::string game;  // the game string, "reds(players=4)"
  std::uint64_t seed = 0;
  int first_dealer = -1;
  int turn_seconds = 0;  // 0: no turn timer
  int pace_ms = 0;       // pause before each computer move
  bool is_private = false;
  std::int64_t created_ms = 0;  // Unix time
  bool started = false;
  bool over = false;
  std::vector<SeatRow> seats;
  std::vector<MoveRow> moves;
};

// A finished table as a person's history lists it.
struct HistoryRow {
  std::string id;
  std::string game;
  std::int64_t created_ms = 0;
  std::int64_t finished_ms = 0;
  std::string result;  // JSON text, as given to finish
  std::vector<SeatRow> seats;
};

class Storage {
 public:
  virtual ~Storage() = default;
  // "sqlite" or "postgresql".
  virtual const char* kind() const = 0;
  // Every call is one transaction, durable when it returns; on error nothing is written.
  virtual bool add_table(const TableRow& table, std::string* error) = 0;
  virtual bool set_seat(const std::string& table, const SeatRow& seat, std::string* error) = 0;
  virtual bool set_started(const std::string& table, std::string* error) = 0;
  // Move `index` (0-based) of the table. Writing the same move at the same index again succeeds
  // (a retry after a connection lost mid-commit); another move at a stored index is an error.
  virtual bool add_move(const std::string& table, std::int64_t index, const MoveRow& move,
                        std::string* error) = 0;
  // Removes a table that never started (it expired): its row and seats.
  virtual bool drop_table(const std::string& table, std::string* error) = 0;
  // The game is over (or ended unfinished, abandoned): its record (JSON text) is kept for download,
  // with the result the history shows (JSON text: scores, winners, how it ended) and the time.
  virtual bool finish(const std::string& table, const std::string& record,
                      const std::string& result, std::int64_t finished_ms, std::string* error) = 0;
  // Every unfinished table with its seats and moves in order.
  virtual std::optional<std::vector<TableRow>> unfinished(std::string* error) = 0;
  // A finished table's record; nullopt when there is none (unknown or unfinished: `error` empty)
  // or reading failed (`error` says why).
  virtual std::optional<std::string> record(const std::string& table, std::string* error) = 0;
  // The finished tables one of whose seats `person` (a SeatRow::person hash) took, the newest
  // first, at most `limit`; each with its seats (token hashes and invitations left empty).
  virtual std::optional<std::vector<HistoryRow>> history(const std::string& person, int limit,
                                                         std::string* error) = 0;
};

// The tables every storage creates (if missing): tables, seats, moves.
extern const char* const kStorageSchema;
// Columns added since the first schema: each storage adds those a database made earlier lacks.
struct AddedColumn {
  const char* table;
  const char* column;
  const char* definition;  // "TEXT NOT NULL DEFAULT ''"
};
extern const std::vector<AddedColumn> kAddedColumns;

// `where`: a file path (SQLite, created if missing) or a `postgresql://` URI.
std::unique_ptr<Storage> open_storage(const std::string& where, std::string* error);
std::unique_ptr<Storage> open_sqlite(const std::string& path, std::string* error);
// A libpq connection URI: postgresql://user@host:port/database.
std::unique_ptr<Storage> open_postgres(const std::string& uri, std::string* error);

}  // namespace cardroom::server
