#include "server/storage.h"

namespace cardroom::server {

// Plain SQL both SQLite and PostgreSQL read alike (SQLite keeps booleans as 0 and 1).
const char* const kStorageSchema = R"sql(
CREATE TABLE IF NOT EXISTS tables (
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  seed TEXT NOT NULL,
  first_dealer INTEGER NOT NULL,
  turn_seconds INTEGER NOT NULL,
  pace_ms INTEGER NOT NULL,
  private BOOLEAN NOT NULL,
  created_ms BIGINT NOT NULL,
  started BOOLEAN NOT NULL DEFAULT FALSE,
  over BOOLEAN NOT NULL DEFAULT FALSE,
  record TEXT
);
CREATE TABLE IF NOT EXISTS seats (
  table_id TEXT NOT NULL REFERENCES tables(id),
  seat INTEGER NOT NULL,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  player TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  invite TEXT NOT NULL,
  PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
  table_id TEXT NOT NULL REFERENCES tables(id),
  idx BIGINT NOT NULL,
  seat INTEGER NOT NULL,
  text TEXT NOT NULL,
  time_ms BIGINT,
  PRIMARY KEY (table_id, idx)
);
)sql";

const std::vector<AddedColumn> kAddedColumns = {
    {"seats", "person", "TEXT NOT NULL DEFAULT ''"},
    {"tables", "finished_ms", "BIGINT"},
    {"tables", "result", "TEXT"},
};

std::unique_ptr<Storage> open_storage(const std::string& where, std::string* error) {
  if (where.starts_with("postgresql://") || where.starts_with("postgres://"))
    return open_postgres(where, error);
  return open_sqlite(where, error);
}

}  // namespace cardroom::server
