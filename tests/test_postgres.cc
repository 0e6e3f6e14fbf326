#include "test_postgres.h"

#include <libpq-fe.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>

namespace cardroom::testing_support {
namespace {

// Runs a shell command; its exit status.
int shell(const std::string& command) { return std::system(command.c_str()); }

std::string sh_quote(const std::string& s) { return "'" + s + "'"; }

}  // namespace

TestPostgres& TestPostgres::get() {
  static TestPostgres server;
  return server;
}

TestPostgres::TestPostgres() {
  namespace fs = std::filesystem;
  // The newest installed server.
  if (fs::exists("/usr/lib/postgresql"))
    for (const auto& entry : fs::directory_iterator("/usr/lib/postgresql"))
      if (fs::exists(entry.path() / "bin/initdb") &&
          (bin_.empty() || entry.path().string() + "/bin" > bin_))
        bin_ = entry.path().string() + "/bin";
  if (bin_.empty()) {
    error_ =
        "no PostgreSQL server (/usr/lib/postgresql/*/bin/initdb): scripts/bootstrap.sh installs it";
    return;
  }
  char pattern[] = "/tmp/cardroom-pg-XXXXXX";
  if (!mkdtemp(pattern)) {
    error_ = "cannot make a temporary directory";
    return;
  }
  dir_ = pattern;
  if (geteuid() == 0) {
    as_user_ = "runuser -u postgres -- ";
    shell("chown postgres " + sh_quote(dir_));
  }
  if (shell(as_user_ + sh_quote(bin_ + "/initdb") + " -D " + sh_quote(dir_ + "/data") +
            " -A trust -U postgres -E UTF8 --no-sync >" + sh_quote(dir_ + "/initdb.log") +
            " 2>&1") != 0) {
    error_ = "initdb failed: see " + dir_ + "/initdb.log";
    return;
  }
  // A port nobody uses: try a few from one that depends on the process.
  for (int attempt = 0; attempt < 8; ++attempt) {
    port_ = 20000 + static_cast<int>((getpid() * 7 + attempt * 101) % 30000);
    if (start()) return;
  }
  error_ = "the PostgreSQL server did not start: see " + dir_ + "/log";
}

bool TestPostgres::start() {
  const std::string options = "-c listen_addresses=127.0.0.1 -p " + std::to_string(port_) + " -k " +
                              dir_ + " -c fsync=off -c max_connections=50";
  return shell(as_user_ + sh_quote(bin_ + "/pg_ctl") + " -D " + sh_quote(dir_ + "/data") + " -l " +
               sh_quote(dir_ + "/log") + " -o " + sh_quote(options) +
               " -w -t 30 start >/dev/null 2>&1") == 0;
}

bool TestPostgres::stop() {
  return shell(as_user_ + sh_quote(bin_ + "/pg_ctl") + " -D " + sh_quote(dir_ + "/data") +
               " -m fast -w -t 30 stop >/dev/null 2>&1") == 0;
}

TestPostgres::~TestPostgres() {
  if (ok())
    shell(as_user_ + sh_quote(bin_ + "/pg_ctl") + " -D " + sh_quote(dir_ + "/data") +
          " -m immediate stop >/dev/null 2>&1");
  if (!dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
}

std::string TestPostgres::new_database() {
  static std::mutex mu;
  std::lock_guard lock(mu);
  const std::string base = "postgresql://postgres@127.0.0.1:" + std::to_string(port_) + "/";
  const std::string name = "room_" + std::to_string(getpid()) + "_" + std::to_string(++databases_);
  PGconn* conn = PQconnectdb((base + "postgres").c_str());
  PQclear(PQexec(conn, ("CREATE DATABASE " + name).c_str()));
  PQfinish(conn);
  return base + name;
}

}  // namespace cardroom::testing_support
