// The card room's SQLite storage: one file in WAL mode, one connection behind a mutex.
//
// WAL with synchronous=NORMAL makes each committed transaction survive the process being killed
// (`kill -9`): the write is in the operating system's hands once sqlite3_step returns. (A power cut
// may lose the last transactions; FULL would fsync every move.)
#include <sqlite3.h>

#include <mutex>

#include "server/storage.h"

namespace cardroom::server {
namespace {

// A prepared statement, finalized when it goes.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql, std::string* error) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) {
      *error = std::string("sqlite: ") + sqlite3_errmsg(db);
      stmt_ = nullptr;
    }
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  bool ok() const { return stmt_ != nullptr; }
  sqlite3_stmt* get() const { return stmt_; }
  void text(int i, const std::string& s) {
    sqlite3_bind_text(stmt_, i, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
  }
  void integer(int i, std::int64_t v) { sqlite3_bind_int64(stmt_, i, v); }
  void null(int i) { sqlite3_bind_null(stmt_, i); }
  std::string column_text(int i) const {
    const unsigned char* p = sqlite3_column_text(stmt_, i);
    return p ? std::string(reinterpret_cast<const char*>(p),
                           static_cast<std::size_t>(sqlite3_column_bytes(stmt_, i)))
             : std::string();
  }
  std::int64_t column_int(int i) const { return sqlite3_column_int64(stmt_, i); }
  bool column_null(int i) const { return sqlite3_column_type(stmt_, i) == SQLITE_NULL; }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

class SqliteStorage final : public Storage {
 public:
  ~SqliteStorage() override { sqlite3_close(db_); }

  bool open(const std::string& path, std::string* error) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK) {
      *error = "cannot open the database " + path + ": " + (db_ ? sqlite3_errmsg(db_) : "?");
      return false;
    }
    sqlite3_busy_timeout(db_, 5000);
    return exec("PRAGMA journal_mode=WAL", error) && exec("PRAGMA synchronous=NORMAL", error) &&
           exec("PRAGMA foreign_keys=ON", error) && exec(kStorageSchema, error) &&
           add_columns(error);
  }

  const char* kind() const override { return "sqlite"; }

  bool add_table(const TableRow& t, std::string* error) override {
    std::lock_guard lock(mu_);
    if (!exec("BEGIN", error)) return false;
    Statement st(db_,
                 "INSERT INTO tables (id, game, seed, first_dealer, turn_seconds, pace_ms, "
                 "private, created_ms, started, over) VALUES (?,?,?,?,?,?,?,?,?,?)",
                 error);
    if (!st.ok()) return rollback();
    st.text(1, t.id);
    st.text(2, t.game);
    st.text(3, std::to_string(t.seed));  // 64-bit unsigned: as text
    st.integer(4, t.first_dealer);
    st.integer(5, t.turn_seconds);
    st.integer(6, t.pace_ms);
    st.integer(7, t.is_private);
    st.integer(8, t.created_ms);
    st.integer(9, t.started);
    st.integer(10, t.over);
    if (!done(st, error)) return rollback();
    for (const SeatRow& s : t.seats)
      if (!write_seat(t.id, s, error)) return rollback();
    for (std::size_t i = 0; i < t.moves.size(); ++i)
      if (!write_move(t.id, static_cast<std::int64_t>(i), t.moves[i], error)) return rollback();
    if (!exec("COMMIT", error)) return rollback();
    return true;
  }

  bool set_seat(const std::string& table, const SeatRow& seat, std::string* error) override {
    std::lock_guard lock(mu_);
    return write_seat(table, seat, error);
  }

  bool set_started(const std::string& table, std::string* error) override {
    std::lock_guard lock(mu_);
    Statement st(db_, "UPDATE tables SET started = 1 WHERE id = ?", error);
    if (!st.ok()) return false;
    st.text(1, table);
    return done(st, error) && changed(table, error);
  }

  bool add_move(const std::string& table, std::int64_t index, const MoveRow& move,
                std::string* error) override {
    std::lock_guard lock(mu_);
    return write_move(table, index, move, error);
  }

  bool drop_table(const std::string& table, std::string* error) override {
    std::lock_guard lock(mu_);
    if (!exec("BEGIN", error)) return false;
    for (const char* sql :
         {"DELETE FROM moves WHERE table_id = ?", "DELETE FROM seats WHERE table_id = ?",
          "DELETE FROM tables WHERE id = ?"}) {
      Statement st(db_, sql, error);
      if (!st.ok()) return rollback();
      st.text(1, table);
      if (!done(st, error)) return rollback();
    }
    return exec("COMMIT", error) || rollback();
  }

  bool finish(const std::string& table, const std::string& record, const std::string& result,
              std::int64_t finished_ms, std::string* error) override {
    std::lock_guard lock(mu_);
    Statement st(db_,
                 "UPDATE tables SET over = 1, record = ?, result = ?, finished_ms = ? WHERE id = ?",
                 error);
    if (!st.ok()) return false;
    st.text(1, record);
    st.text(2, result);
    st.integer(3, finished_ms);
    st.text(4, table);
    return done(st, error) && changed(table, error);
  }

  std::optional<std::vector<TableRow>> unfinished(std::string* error) override {
    std::lock_guard lock(mu_);
    std::vector<TableRow> out;
    {
      Statement st(db_,
                   "SELECT id, game, seed, first_dealer, turn_seconds, pace_ms, private, "
                   "created_ms, started FROM tables WHERE over = 0 ORDER BY created_ms, id",
                   error);
      if (!st.ok()) return std::nullopt;
      int rc;
      while ((rc = sqlite3_step(st.get())) == SQLITE_ROW) {
        TableRow t;
        t.id = st.column_text(0);
        t.game = st.column_text(1);
        t.seed = std::stoull(st.column_text(2));
        t.first_dealer = static_cast<int>(st.column_int(3));
        t.turn_seconds = static_cast<int>(st.column_int(4));
        t.pace_ms = static_cast<int>(st.column_int(5));
        t.is_private = st.column_int(6) != 0;
        t.created_ms = st.column_int(7);
        t.started = st.column_int(8) != 0;
        out.push_back(std::move(t));
      }
      if (rc != SQLITE_DONE) return fail(error);
    }
    for (TableRow& t : out) {
      Statement seats(db_,
                      "SELECT seat, kind, name, player, token_hash, invite, person FROM seats "
                      "WHERE table_id = ? ORDER BY seat",
                      error);
      if (!seats.ok()) return std::nullopt;
      seats.text(1, t.id);
      int rc;
      while ((rc = sqlite3_step(seats.get())) == SQLITE_ROW)
        t.seats.push_back(SeatRow{static_cast<int>(seats.column_int(0)), seats.column_text(1),
                                  seats.column_text(2), seats.column_text(3), seats.column_text(4),
                                  seats.column_text(5), seats.column_text(6)});
      if (rc != SQLITE_DONE) return fail(error);
      Statement moves(
          db_, "SELECT idx, seat, text, time_ms FROM moves WHERE table_id = ? ORDER BY idx", error);
      if (!moves.ok()) return std::nullopt;
      moves.text(1, t.id);
      while ((rc = sqlite3_step(moves.get())) == SQLITE_ROW) {
        if (moves.column_int(0) != static_cast<std::int64_t>(t.moves.size())) {
          *error = "table " + t.id + ": move " + std::to_string(t.moves.size()) + " is missing";
          return std::nullopt;
        }
        MoveRow m{static_cast<int>(moves.column_int(1)), moves.column_text(2), std::nullopt};
        if (!moves.column_null(3)) m.time_ms = moves.column_int(3);
        t.moves.push_back(std::move(m));
      }
      if (rc != SQLITE_DONE) return fail(error);
    }
    return out;
  }

  std::optional<std::string> record(const std::string& table, std::string* error) override {
    std::lock_guard lock(mu_);
    error->clear();
    Statement st(db_, "SELECT record FROM tables WHERE id = ? AND over = 1", error);
    if (!st.ok()) return std::nullopt;
    st.text(1, table);
    const int rc = sqlite3_step(st.get());
    if (rc == SQLITE_ROW && !st.column_null(0)) return st.column_text(0);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) fail(error);
    return std::nullopt;
  }

  std::optional<std::vector<HistoryRow>> history(const std::string& person, int limit,
                                                 std::string* error) override {
    std::lock_guard lock(mu_);
    std::vector<HistoryRow> out;
    {
      Statement st(db_,
                   "SELECT t.id, t.game, t.created_ms, t.finished_ms, t.result FROM tables t "
                   "WHERE t.over = 1 AND t.id IN (SELECT table_id FROM seats WHERE person = ?) "
                   "ORDER BY t.finished_ms DESC, t.id LIMIT ?",
                   error);
      if (!st.ok()) return std::nullopt;
      st.text(1, person);
      st.integer(2, limit);
      int rc;
      while ((rc = sqlite3_step(st.get())) == SQLITE_ROW)
        out.push_back(HistoryRow{st.column_text(0),
                                 st.column_text(1),
                                 st.column_int(2),
                                 st.column_null(3) ? 0 : st.column_int(3),
                                 st.column_text(4),
                                 {}});
      if (rc != SQLITE_DONE) return fail(error);
    }
    for (HistoryRow& h : out) {
      Statement seats(db_,
                      "SELECT seat, kind, name, player, person FROM seats WHERE table_id = ? "
                      "ORDER BY seat",
                      error);
      if (!seats.ok()) return std::nullopt;
      seats.text(1, h.id);
      int rc;
      while ((rc = sqlite3_step(seats.get())) == SQLITE_ROW) {
        SeatRow row{static_cast<int>(seats.column_int(0)),
                    seats.column_text(1),
                    seats.column_text(2),
                    seats.column_text(3),
                    "",
                    "",
                    seats.column_text(4)};
        h.seats.push_back(std::move(row));
      }
      if (rc != SQLITE_DONE) return fail(error);
    }
    return out;
  }

 private:
  // A database made before a column was added gets it (SQLite has no ADD COLUMN IF NOT EXISTS:
  // the table's columns are read first).
  bool add_columns(std::string* error) {
    for (const AddedColumn& c : kAddedColumns) {
      Statement info(db_, (std::string("PRAGMA table_info(") + c.table + ")").c_str(), error);
      if (!info.ok()) return false;
      bool present = false;
      while (sqlite3_step(info.get()) == SQLITE_ROW) present |= info.column_text(1) == c.column;
      if (present) continue;
      const std::string sql =
          std::string("ALTER TABLE ") + c.table + " ADD COLUMN " + c.column + " " + c.definition;
      if (!exec(sql.c_str(), error)) return false;
    }
    return true;
  }
  bool exec(const char* sql, std::string* error) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) == SQLITE_OK) return true;
    *error = std::string("sqlite: ") + (message ? message : sqlite3_errmsg(db_));
    sqlite3_free(message);
    return false;
  }
  std::nullopt_t fail(std::string* error) {
    *error = std::string("sqlite: ") + sqlite3_errmsg(db_);
    return std::nullopt;
  }
  bool done(Statement& st, std::string* error) {
    if (sqlite3_step(st.get()) == SQLITE_DONE) return true;
    *error = std::string("sqlite: ") + sqlite3_errmsg(db_);
    return false;
  }
  bool changed(const std::string& table, std::string* error) {
    if (sqlite3_changes(db_) > 0) return true;
    *error = "no table " + table;
    return false;
  }
  bool rollback() {
    std::string ignored;
    exec("ROLLBACK", &ignored);
    return false;
  }
  bool write_seat(const std::string& table, const SeatRow& s, std::string* error) {
    Statement st(db_,
                 "INSERT OR REPLACE INTO seats (table_id, seat, kind, name, player, token_hash, "
                 "invite, person) VALUES (?,?,?,?,?,?,?,?)",
                 error);
    if (!st.ok()) return false;
    st.text(1, table);
    st.integer(2, s.seat);
    st.text(3, s.kind);
    st.text(4, s.name);
    st.text(5, s.player);
    st.text(6, s.token_hash);
    st.text(7, s.invite);
    st.text(8, s.person);
    return done(st, error);
  }
  bool write_move(const std::string& table, std::int64_t index, const MoveRow& m,
                  std::string* error) {
    int rc = SQLITE_OK;
    {
      Statement st(db_, "INSERT INTO moves (table_id, idx, seat, text, time_ms) VALUES (?,?,?,?,?)",
                   error);
      if (!st.ok()) return false;
      st.text(1, table);
      st.integer(2, index);
      st.integer(3, m.seat);
      st.text(4, m.text);
      if (m.time_ms)
        st.integer(5, *m.time_ms);
      else
        st.null(5);
      rc = sqlite3_step(st.get());
      if (rc == SQLITE_DONE) return true;
      *error = std::string("sqlite: ") + sqlite3_errmsg(db_);
    }
    if ((rc & 0xff) != SQLITE_CONSTRAINT) return false;
    // Stored already: the same move again (a retry) is done; another one is an error.
    Statement same(db_, "SELECT seat, text FROM moves WHERE table_id = ? AND idx = ?", error);
    if (!same.ok()) return false;
    same.text(1, table);
    same.integer(2, index);
    if (sqlite3_step(same.get()) == SQLITE_ROW && same.column_int(0) == m.seat &&
        same.column_text(1) == m.text)
      return true;
    *error = "move " + std::to_string(index) + " of table " + table +
             " is stored already, and is another";
    return false;
  }

  std::mutex mu_;
  sqlite3* db_ = nullptr;
};

}  // namespace

std::unique_ptr<Storage> open_sqlite(const std::string& path, std::string* error) {
  auto storage = std::make_unique<SqliteStorage>();
  if (!storage->open(path, error)) return nullptr;
  return storage;
}

}  // namespace cardroom::server
