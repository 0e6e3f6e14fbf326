// The card room's PostgreSQL storage (libpq): the same tables as the SQLite file, for a room that
// outgrows one file. One connection behind a mutex; every call is one transaction, committed
// (and so durable, with PostgreSQL's default synchronous_commit) when it returns.
//
// When the server goes away (restarted, unreachable) calls fail with libpq's error, and a later
// call connects again (PQreset), at most every 250 ms at first, backing off to every 5 s while it
// fails; connecting waits at most 3 s (connect_timeout, unless the URI sets its own).
#include <libpq-fe.h>

#include <algorithm>
#include <chrono>
#include <mutex>

#include "server/storage.h"

namespace cardroom::server {
namespace {

// A query's result, cleared when it goes.
class Result {
 public:
  explicit Result(PGresult* r) : r_(r) {}
  ~Result() { PQclear(r_); }
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;
  PGresult* get() const { return r_; }
  int rows() const { return PQntuples(r_); }
  std::string text(int row, int col) const { return PQgetvalue(r_, row, col); }
  bool null(int row, int col) const { return PQgetisnull(r_, row, col) != 0; }
  std::int64_t integer(int row, int col) const { return std::stoll(text(row, col)); }
  bool boolean(int row, int col) const { return text(row, col) == "t"; }
  bool affected() const {
    const char* n = PQcmdTuples(r_);
    return n && *n && std::string(n) != "0";
  }

 private:
  PGresult* r_;
};

// Query parameters as text (NULL for nullopt).
class Params {
 public:
  Params& add(std::string v) {
    values_.push_back(std::move(v));
    nulls_.push_back(false);
    return *this;
  }
  Params& add(std::int64_t v) { return add(std::to_string(v)); }
  Params& add_bool(bool v) { return add(std::string(v ? "true" : "false")); }
  Params& add_null() {
    values_.emplace_back();
    nulls_.push_back(true);
    return *this;
  }
  std::vector<const char*> pointers() const {
    std::vector<const char*> out;
    for (std::size_t i = 0; i < values_.size(); ++i)
      out.push_back(nulls_[i] ? nullptr : values_[i].c_str());
    return out;
  }

 private:
  std::vector<std::string> values_;
  std::vector<bool> nulls_;
};

class PostgresStorage final : public Storage {
 public:
  ~PostgresStorage() override { PQfinish(conn_); }

  bool open(const std::string& uri, std::string* error) {
    // connect_timeout first: the URI's own, if it has one, overrides it (expand_dbname).
    const char* keys[] = {"connect_timeout", "dbname", nullptr};
    const char* values[] = {"3", uri.c_str(), nullptr};
    conn_ = PQconnectdbParams(keys, values, 1);
    if (PQstatus(conn_) != CONNECTION_OK) {
      *error = "cannot connect to PostgreSQL: " + message();
      return false;
    }
    // Quiet: CREATE TABLE IF NOT EXISTS notices would go to stderr.
    PQsetNoticeProcessor(
        conn_, [](void*, const char*) {}, nullptr);
    if (!command(kStorageSchema, error)) return false;
    for (const AddedColumn& c : kAddedColumns) {
      const std::string sql = std::string("ALTER TABLE ") + c.table + " ADD COLUMN IF NOT EXISTS " +
                              c.column + " " + c.definition;
      if (!command(sql.c_str(), error)) return false;
    }
    return true;
  }

  const char* kind() const override { return "postgresql"; }

  bool add_table(const TableRow& t, std::string* error) override {
    std::lock_guard lock(mu_);
    if (!connected(error) || !command("BEGIN", error)) return false;
    Params p;
    p.add(t.id)
        .add(t.game)
        .add(std::to_string(t.seed))
        .add(std::int64_t{t.first_dealer})
        .add(std::int64_t{t.turn_seconds})
        .add(std::int64_t{t.pace_ms})
        .add_bool(t.is_private)
        .add(t.created_ms)
        .add_bool(t.started)
        .add_bool(t.over);
    bool ok =
        run("INSERT INTO tables (id, game, seed, first_dealer, turn_seconds, pace_ms, private, "
            "created_ms, started, over) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)",
            p, error)
            .has_value();
    for (std::size_t i = 0; ok && i < t.seats.size(); ++i) ok = write_seat(t.id, t.seats[i], error);
    for (std::size_t i = 0; ok && i < t.moves.size(); ++i)
      ok = write_move(t.id, static_cast<std::int64_t>(i), t.moves[i], error);
    if (ok && command("COMMIT", error)) return true;
    std::string ignored;
    command("ROLLBACK", &ignored);
    return false;
  }

  bool set_seat(const std::string& table, const SeatRow& seat, std::string* error) override {
    std::lock_guard lock(mu_);
    return connected(error) && write_seat(table, seat, error);
  }

  bool set_started(const std::string& table, std::string* error) override {
    std::lock_guard lock(mu_);
    if (!connected(error)) return false;
    Params p;
    p.add(table);
    auto r = run("UPDATE tables SET started = TRUE WHERE id = $1", p, error);
    return r && found(*r, table, error);
  }

  bool add_move(const std::string& table, std::int64_t index, const MoveRow& move,
                std::string* error) override {
    std::lock_guard lock(mu_);
    return connected(error) && write_move(table, index, move, error);
  }

  bool drop_table(const std::string& table, std::string* error) override {
    std::lock_guard lock(mu_);
    if (!connected(error) || !command("BEGIN", error)) return false;
    Params p;
    p.add(table);
    bool ok = true;
    for (const char* sql :
         {"DELETE FROM moves WHERE table_id = $1", "DELETE FROM seats WHERE table_id = $1",
          "DELETE FROM tables WHERE id = $1"})
      ok = ok && run(sql, p, error).has_value();
    if (ok && command("COMMIT", error)) return true;
    std::string ignored;
    command("ROLLBACK", &ignored);
    return false;
  }

  bool finish(const std::string& table, const std::string& record, const std::string& result,
              std::int64_t finished_ms, std::string* error) override {
    std::lock_guard lock(mu_);
    if (!connected(error)) return false;
    Params p;
    p.add(record).add(table).add(result).add(finished_ms);
    auto r = run(
        "UPDATE tables SET over = TRUE, record = $1, result = $3, finished_ms = $4 WHERE id = $2",
        p, error);
    return r && found(*r, table, error);
  }

  std::optional<std::vector<TableRow>> unfinished(std::string* error) override {
    std::lock_guard lock(mu_);
    if (!connected(error)) return std::nullopt;
    auto tables =
        run("SELECT id, game, seed, first_dealer, turn_seconds, pace_ms, private, created_ms, "
            "started FROM tables WHERE NOT over ORDER BY created_ms, id",
            Params(), error);
    if (!tables) return std::nullopt;
    std::vector<TableRow> out;
    for (int i = 0; i < tables->rows(); ++i) {
      TableRow t;
      t.id = tables->text(i, 0);
      t.game = tables->text(i, 1);
      t.seed = std::stoull(tables->text(i, 2));
      t.first_dealer = static_cast<int>(tables->integer(i, 3));
      t.turn_seconds = static_cast<int>(tables->integer(i, 4));
      t.pace_ms = static_cast<int>(tables->integer(i, 5));
      t.is_private = tables->boolean(i, 6);
      t.created_ms = tables->integer(i, 7);
      t.started = tables->boolean(i, 8);
      Params p;
      p.add(t.id);
      auto seats =
          run("SELECT seat, kind, name, player, token_hash, invite, person FROM seats WHERE "
              "table_id = $1 ORDER BY seat",
              p, error);
      if (!seats) return std::nullopt;
      for (int r = 0; r < seats->rows(); ++r)
        t.seats.push_back(SeatRow{static_cast<int>(seats->integer(r, 0)), seats->text(r, 1),
                                  seats->text(r, 2), seats->text(r, 3), seats->text(r, 4),
                                  seats->text(r, 5), seats->text(r, 6)});
      auto moves = run(
          "SELECT idx, seat, text, time_ms FROM moves WHERE table_id = $1 ORDER BY idx", p, error);
      if (!moves) return std::nullopt;
      for (int r = 0; r < moves->rows(); ++r) {
        if (moves->integer(r, 0) != static_cast<std::int64_t>(t.moves.size())) {
          *error = "table " + t.id + ": move " + std::to_string(t.moves.size()) + " is missing";
          return std::nullopt;
        }
        MoveRow m{static_cast<int>(moves->integer(r, 1)), moves->text(r, 2), std::nullopt};
        if (!moves->null(r, 3)) m.time_ms = moves->integer(r, 3);
        t.moves.push_back(std::move(m));
      }
      out.push_back(std::move(t));
    }
    return out;
  }

  std::optional<std::string> record(const std::string& table, std::string* error) override {
    std::lock_guard lock(mu_);
    error->clear();
    if (!connected(error)) return std::nullopt;
    Params p;
    p.add(table);
    auto r = run("SELECT record FROM tables WHERE id = $1 AND over", p, error);
    if (!r || r->rows() == 0 || r->null(0, 0)) return std::nullopt;
    return r->text(0, 0);
  }

  std::optional<std::vector<HistoryRow>> history(const std::string& person, int limit,
                                                 std::string* error) override {
    std::lock_guard lock(mu_);
    if (!connected(error)) return std::nullopt;
    Params p;
    p.add(person).add(std::int64_t{limit});
    auto tables = run(
        "SELECT id, game, created_ms, finished_ms, result FROM tables WHERE over AND id IN "
        "(SELECT table_id FROM seats WHERE person = $1) ORDER BY finished_ms DESC NULLS LAST, id "
        "LIMIT $2",
        p, error);
    if (!tables) return std::nullopt;
    std::vector<HistoryRow> out;
    for (int i = 0; i < tables->rows(); ++i) {
      HistoryRow h{tables->text(i, 0),    tables->text(i, 1),
                   tables->integer(i, 2), tables->null(i, 3) ? 0 : tables->integer(i, 3),
                   tables->text(i, 4),    {}};
      Params q;
      q.add(h.id);
      auto seats = run(
          "SELECT seat, kind, name, player, person FROM seats WHERE table_id = $1 ORDER BY seat", q,
          error);
      if (!seats) return std::nullopt;
      for (int r = 0; r < seats->rows(); ++r)
        h.seats.push_back(SeatRow{static_cast<int>(seats->integer(r, 0)), seats->text(r, 1),
                                  seats->text(r, 2), seats->text(r, 3), "", "", seats->text(r, 4)});
      out.push_back(std::move(h));
    }
    return out;
  }

 private:
  // libpq's last error on one line (it writes several, with tabs).
  std::string message() const {
    std::string m;
    for (const char* p = PQerrorMessage(conn_); *p; ++p) {
      const bool blank = *p == '\n' || *p == '\t' || *p == ' ';
      if (!blank)
        m += *p;
      else if (!m.empty() && m.back() != ' ')
        m += ' ';
    }
    while (!m.empty() && m.back() == ' ') m.pop_back();
    return m;
  }
  bool command(const char* sql, std::string* error) {
    Result r(PQexec(conn_, sql));
    if (PQresultStatus(r.get()) == PGRES_COMMAND_OK) return true;
    *error = "postgresql: " + message();
    return false;
  }
  std::optional<Result> run(const char* sql, const Params& params, std::string* error) {
    const std::vector<const char*> values = params.pointers();
    PGresult* raw = PQexecParams(conn_, sql, static_cast<int>(values.size()), nullptr,
                                 values.data(), nullptr, nullptr, 0);
    const ExecStatusType status = PQresultStatus(raw);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      PQclear(raw);
      *error = "postgresql: " + message();
      return std::nullopt;
    }
    return std::optional<Result>(std::in_place, raw);
  }
  bool found(const Result& r, const std::string& table, std::string* error) {
    if (r.affected()) return true;
    *error = "no table " + table;
    return false;
  }
  bool write_seat(const std::string& table, const SeatRow& s, std::string* error) {
    Params p;
    p.add(table)
        .add(std::int64_t{s.seat})
        .add(s.kind)
        .add(s.name)
        .add(s.player)
        .add(s.token_hash)
        .add(s.invite)
        .add(s.person);
    return run("INSERT INTO seats (table_id, seat, kind, name, player, token_hash, invite, person) "
               "VALUES ($1,$2,$3,$4,$5,$6,$7,$8) ON CONFLICT (table_id, seat) DO UPDATE SET "
               "kind = EXCLUDED.kind, name = EXCLUDED.name, player = EXCLUDED.player, "
               "token_hash = EXCLUDED.token_hash, invite = EXCLUDED.invite, "
               "person = EXCLUDED.person",
               p, error)
        .has_value();
  }
  bool write_move(const std::string& table, std::int64_t index, const MoveRow& m,
                  std::string* error) {
    Params p;
    p.add(table).add(index).add(std::int64_t{m.seat}).add(m.text);
    if (m.time_ms)
      p.add(*m.time_ms);
    else
      p.add_null();
    auto r =
        run("INSERT INTO moves (table_id, idx, seat, text, time_ms) VALUES ($1,$2,$3,$4,$5) "
            "ON CONFLICT (table_id, idx) DO NOTHING",
            p, error);
    if (!r) return false;
    if (r->affected()) return true;
    // Stored already: the same move again (a retry after a commit whose answer was lost) is
    // done; another one is an error.
    Params q;
    q.add(table).add(index);
    auto same = run("SELECT seat, text FROM moves WHERE table_id = $1 AND idx = $2", q, error);
    if (!same) return false;
    if (same->rows() == 1 && same->integer(0, 0) == m.seat && same->text(0, 1) == m.text)
      return true;
    *error = "move " + std::to_string(index) + " of table " + table +
             " is stored already, and is another";
    return false;
  }

  // The connection, made again if it was lost (backing off while that fails).
  bool connected(std::string* error) {
    if (PQstatus(conn_) == CONNECTION_OK) return true;
    const auto now = std::chrono::steady_clock::now();
    if (now < next_try_) {
      *error = "postgresql: no connection to the server (connecting again shortly)";
      return false;
    }
    PQreset(conn_);
    if (PQstatus(conn_) == CONNECTION_OK) {
      backoff_ = std::chrono::milliseconds(0);
      return true;
    }
    backoff_ =
        std::clamp(backoff_ * 2, std::chrono::milliseconds(250), std::chrono::milliseconds(5000));
    next_try_ = now + backoff_;
    *error = "postgresql: " + message();
    return false;
  }

  std::mutex mu_;
  PGconn* conn_ = nullptr;
  std::chrono::milliseconds backoff_{0};
  std::chrono::steady_clock::time_point next_try_{};
};

}  // namespace

std::unique_ptr<Storage> open_postgres(const std::string& uri, std::string* error) {
  auto storage = std::make_unique<PostgresStorage>();
  if (!storage->open(uri, error)) return nullptr;
  return storage;
}

}  // namespace cardroom::server
