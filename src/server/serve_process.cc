#include "server/serve_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string_view>

extern char** environ;

namespace cardroom::server {

ServeProcess::~ServeProcess() { stop(SIGTERM); }

unsigned short port_in(std::string_view line) {
  const std::size_t at = line.find("http://");
  if (at == std::string_view::npos) return 0;
  const std::size_t slash = line.find('/', at + 7);
  const std::size_t colon = line.rfind(':', slash);
  if (slash == std::string_view::npos || colon == std::string_view::npos || colon < at + 7)
    return 0;
  unsigned port = 0;
  for (std::size_t i = colon + 1; i < slash; ++i) {
    if (line[i] < '0' || line[i] > '9' || port > 65535) return 0;
    port = port * 10 + static_cast<unsigned>(line[i] - '0');
  }
  return port <= 65535 ? static_cast<unsigned short>(port) : 0;
}

bool ServeProcess::start(const std::string& binary, const std::string& db,
                         const std::vector<std::string>& extra, const std::string& log,
                         std::string* error) {
  int out[2];
  if (pipe(out) != 0) {
    *error = "cannot make a pipe";
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  posix_spawn_file_actions_addclose(&actions, out[1]);
  posix_spawn_file_actions_addopen(&actions, 2, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<std::string> args = {binary, "serve", "--port", "0", "--db", db};
  args.insert(args.end(), extra.begin(), extra.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int rc = posix_spawn(&pid_, binary.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  if (rc != 0) {
    close(out[0]);
    pid_ = -1;
    *error = "cannot start " + binary + " serve";
    return false;
  }
  // Its first line: "cardroom: the card room is open at http://127.0.0.1:PORT/ (...)".
  std::string line;
  char c;
  while (line.size() < 1000 && read(out[0], &c, 1) == 1 && c != '\n') line += c;
  close(out[0]);
  port_ = port_in(line);
  if (port_ == 0) {
    stop(SIGKILL);
    *error = "cardroom serve did not start (its log: " + log + ")";
    return false;
  }
  return true;
}

void ServeProcess::stop(int signal) {
  if (pid_ <= 0) return;
  ::kill(pid_, signal);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
}

}  // namespace cardroom::server
