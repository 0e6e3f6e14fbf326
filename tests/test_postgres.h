// A PostgreSQL server of the tests' own, for the card room's storage tests: started on first use
// on 127.0.0.1 at a free port with its data in a temporary directory (initdb and pg_ctl of
// Debian's postgresql package; as root, run as the `postgres` user, since PostgreSQL refuses to
// run as root), stopped and removed when the test program exits.
#pragma once

#include <string>

namespace cardroom::testing_support {

class TestPostgres {
 public:
  // The server, started on the first call; ok() false (error() says why) if it could not be.
  static TestPostgres& get();
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  // A new, empty database's URI: postgresql://postgres@127.0.0.1:PORT/NAME.
  std::string new_database();
  // Stops the server (as a crash or an operator would: fast, connections cut) and starts it again
  // on the same port with the same data: the card room's tests of a database that goes away.
  bool stop();
  bool start();

 private:
  TestPostgres();
  ~TestPostgres();
  std::string dir_, bin_, as_user_, error_;
  int port_ = 0;
  int databases_ = 0;
};

}  // namespace cardroom::testing_support
