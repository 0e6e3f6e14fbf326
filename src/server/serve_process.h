// `cardroom serve` as a child process on a free port: the load generator starts one to load, and
// the tests start one to kill with SIGKILL and start again.
#pragma once

#include <sys/types.h>

#include <string>
#include <string_view>
#include <vector>

namespace cardroom::server {

// The port of the first "http://HOST:PORT/" in `line` (serve's first line), or 0.
unsigned short port_in(std::string_view line);

class ServeProcess {
 public:
  ServeProcess() = default;
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;
  // Stops it (SIGTERM) if it still runs.
  ~ServeProcess();

  // Runs `binary serve --port 0 --db DB` plus `extra` arguments, its stderr to `log` (a file, or
  // /dev/null), and waits for the line that names its address. False with `error` if it did not
  // start.
  bool start(const std::string& binary, const std::string& db,
             const std::vector<std::string>& extra, const std::string& log, std::string* error);
  // Ends it now with `signal` (SIGKILL: as a crash would) and reaps it.
  void stop(int signal);

  pid_t pid() const { return pid_; }
  unsigned short port() const { return port_; }

 private:
  pid_t pid_ = -1;
  unsigned short port_ = 0;
};

}  // namespace cardroom::server
