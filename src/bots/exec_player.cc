#include "bots/exec_player.h"

#include <fcntl.h>
#include <openssl/evp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "core/assert.h"
#include "core/session.h"

extern char** environ;

namespace cardroom {
namespace {

using SteadyClock = std::chrono::steady_clock;

// An answer line longer than this is refused (a program that writes without end).
constexpr std::size_t kMaxLine = 1 << 20;
// After its input is closed at the end, how long the program has to exit before it is killed.
constexpr auto kExitGrace = std::chrono::milliseconds(250);
// After its output ends, how long the program has to exit so that its exit status can be told.
constexpr auto kStatusWait = std::chrono::milliseconds(200);

std::string trim(std::string_view s) {
  const std::size_t from = s.find_first_not_of(" \t\r\n");
  if (from == std::string_view::npos) return {};
  const std::size_t to = s.find_last_not_of(" \t\r\n");
  return std::string(s.substr(from, to - from + 1));
}

// The length of the well-formed UTF-8 character at the start of `s`, or 0 where it does not start
// with one (a stray continuation byte, a cut character, an overlong form, a surrogate, a code
// point past U+10FFFF).
std::size_t utf8_character(std::string_view s) {
  const auto byte = static_cast<unsigned char>(s[0]);
  const std::size_t length = byte < 0x80           ? 1
                             : (byte >> 5) == 0x6  ? 2
                             : (byte >> 4) == 0xE  ? 3
                             : (byte >> 3) == 0x1E ? 4
                                                   : 0;
  if (length <= 1 || length > s.size()) return length > s.size() ? 0 : length;
  std::uint32_t cp = byte & (0x7F >> length);
  for (std::size_t k = 1; k < length; ++k) {
    const auto next = static_cast<unsigned char>(s[k]);
    if ((next & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (next & 0x3F);
  }
  static constexpr std::uint32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
  const bool ok = cp >= kLeast[length] && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
  return ok ? length : 0;
}

// `s` as valid UTF-8, at most `limit` bytes of it: a byte that does not start a well-formed
// character is written '?', and a character is never cut (one across the limit is left out).
// A program's bytes reach JSON output (`sim --json`'s forfeit reasons), which must be UTF-8.
std::string valid_utf8(std::string_view s, std::size_t limit = std::string_view::npos) {
  std::string out;
  std::size_t i = 0;
  while (i < s.size() && i < limit) {
    const std::size_t length = utf8_character(s.substr(i));
    if (length == 0) {
      out += '?';
      ++i;
      continue;
    }
    if (i + length > limit) break;
    out.append(s.substr(i, length));
    i += length;
  }
  return out;
}

// A line quoted in an error: at most 80 bytes, as valid UTF-8.
std::string excerpt(std::string_view line) {
  return line.size() <= 80 ? valid_utf8(line) : valid_utf8(line, 77) + "...";
}

// The seed a program is sent with each decision: a one-way function (SHA-256) of the match's bot
// generator draw and the seat. The draw itself would hand the program the generator's state,
// which can be run backwards to the match seed, and so to every hidden card; a SHA-256 digest
// cannot be turned back into the draw, and it is as reproducible (the same for the same match).
std::uint64_t seed_for_program(std::uint64_t draw, Seat seat) {
  unsigned char input[32] = "cardroom exec seed v1";
  for (int k = 0; k < 8; ++k) input[22 + k] = static_cast<unsigned char>(draw >> (8 * k));
  input[30] = static_cast<unsigned char>(seat);
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  const int ok = EVP_Digest(input, sizeof input, digest, &size, EVP_sha256(), nullptr);
  CARDROOM_ASSERT(ok == 1 && size >= 8, "SHA-256 is available");
  (void)ok;
  std::uint64_t seed = 0;
  for (int k = 0; k < 8; ++k) seed |= std::uint64_t{digest[k]} << (8 * k);
  return seed;
}

// The environment a program starts with: cardroom's, without the variables an MPI launcher sets
// for cardroom's own processes (OMPI_*, PMIX_*, PMI_*), which would make a program that uses MPI,
// or runs cardroom, take itself for one of them.
std::vector<std::string> program_environment() {
  std::vector<std::string> out;
  for (char** e = environ; e && *e; ++e) {
    std::string_view var(*e);
    if (var.starts_with("OMPI_") || var.starts_with("PMIX_") || var.starts_with("PMI_")) continue;
    out.emplace_back(var);
  }
  return out;
}

// SIGPIPE blocked in this thread while a write to a program that may have died is made: the write
// fails with EPIPE instead, and a SIGPIPE it raised is taken off the pending set before the mask
// is restored (so cardroom is never killed by a bot's death, and the rest of the program keeps
// the default SIGPIPE behaviour).
class SigpipeBlock {
 public:
  SigpipeBlock() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &set, &old_);
    sigset_t pending;
    sigpending(&pending);
    pending_before_ = sigismember(&pending, SIGPIPE) == 1;
  }
  ~SigpipeBlock() {
    if (!pending_before_) {
      sigset_t pending;
      sigpending(&pending);
      if (sigismember(&pending, SIGPIPE) == 1) {
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, SIGPIPE);
        const timespec zero{};
        while (sigtimedwait(&set, nullptr, &zero) < 0 && errno == EINTR) {
        }
      }
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
  SigpipeBlock(const SigpipeBlock&) = delete;
  SigpipeBlock& operator=(const SigpipeBlock&) = delete;

 private:
  sigset_t old_;
  bool pending_before_ = false;
};

// Milliseconds left until `deadline` for poll (0 once it has passed).
int ms_left(SteadyClock::time_point deadline) {
  const auto left =
      std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now()).count();
  return static_cast<int>(std::clamp<long long>(left + 1, 0, 1 << 30));
}

class ExecPlayer final : public Player {
 public:
  ExecPlayer(std::string name, std::string command, const AnyGame& game, int timeout_ms,
             int start_ms, bool events, double pace)
      : name_(std::move(name)),
        command_(std::move(command)),
        game_string_(game.game_string()),
        teams_(game.teams()),
        card_names_(game.card_names()),
        timeout_(timeout_ms),
        start_(start_ms),
        events_(events),
        pace_(pace) {}
  ~ExecPlayer() override { stop(true); }
  ExecPlayer(const ExecPlayer&) = delete;
  ExecPlayer& operator=(const ExecPlayer&) = delete;

  const std::string& name() const override { return name_; }
  std::string failure() const override { return failure_; }
  bool wants_events() const override { return events_; }

  void start(const SeatAccess& seat) override {
    seat_ = seat.seat();
    if (!failure_.empty() || pid_ > 0) return;
    std::string why;
    if (!spawn(&why)) return fail("could not start: " + why);
    nlohmann::json teams = nullptr;
    if (teams_.count > 0) {
      teams = nlohmann::json::array();
      for (Seat s = 0; s < seat.num_seats(); ++s) teams.push_back(teams_.team_of[s]);
    }
    send({{"type", "start"},
          {"protocol", kBotProtocolVersion},
          {"game", game_string_},
          {"seat", seat_},
          {"seats", seat.num_seats()},
          {"teams", teams},
          {"mode", actor_mode_name(seat.mode())},
          {"timeout_ms", timeout_.count()},
          {"start_ms", start_.count()},
          {"events", events_}},
         "the start message");
  }

  void observe(const SeatAccess& seat, const Event& event) override {
    (void)seat;
    if (!running()) return;
    send({{"type", "event"}, {"event", event_json(event, card_names_)}}, "an event");
  }

  void end(const SeatAccess& seat) override {
    if (!running()) return;
    nlohmann::json view = seat.view();
    nlohmann::json message = {{"type", "end"}};
    message["scores"] = view.value("scores", nlohmann::json::array());
    message["winners"] = view.value("winners", nlohmann::json::array());
    message["view"] = std::move(view);
    // The match is over: a program that cannot take its last message forfeits nothing.
    std::string why;
    write_line(message.dump() + "\n", SteadyClock::now() + timeout_, &why);
    stop(true);
  }

  bool searches() const override { return true; }  // another program: it may take its time
  Decision decide(const SeatAccess& seat, Rng& rng) override {
    seat_ = seat.seat();
    const std::vector<Move> legal = seat.legal_moves();
    // The seed is drawn even by a program that has failed, so that the match's other players draw
    // the same values whatever happened here.
    const std::uint64_t seed = seed_for_program(rng.next(), seat_);
    if (!running()) {
      if (failure_.empty()) fail("was asked to move before the match started");
      return {legal.empty() ? Move{} : legal.front(), pace_};
    }
    // The first decision also waits for the program to start (an interpreter may take a while).
    const SteadyClock::time_point deadline =
        SteadyClock::now() + timeout_ + (decided_ ? std::chrono::milliseconds(0) : start_);
    decided_ = true;
    // Lines written while it was not asked: a broken program (or logs on the wrong stream).
    std::string unasked;
    if (take_unasked_line(&unasked)) {
      fail("wrote '" + excerpt(unasked) +
           "' while not asked to move (answer only after a decide message; logs go to stderr)");
      return {legal.empty() ? Move{} : legal.front(), pace_};
    }
    nlohmann::json moves = nlohmann::json::array(), codes = nlohmann::json::array(),
                   data = nlohmann::json::array();
    for (Move m : legal) {
      moves.push_back(seat.move_text(m));
      codes.push_back(m.code);
      data.push_back(seat.move_json(m));
    }
    nlohmann::json view = seat.view();
    const nlohmann::json seq = view.value("seq", nlohmann::json(0));
    if (!send({{"type", "decide"},
               {"seq", seq},
               {"view", std::move(view)},
               {"moves", moves},
               {"codes", codes},
               {"legal", data},
               {"seed", seed}},
              "the decide message", deadline))
      return {legal.empty() ? Move{} : legal.front(), pace_};
    std::string line;
    for (;;) {
      if (!read_line(deadline, &line)) return {legal.empty() ? Move{} : legal.front(), pace_};
      line = trim(line);
      if (!line.empty()) break;  // blank lines are ignored
    }
    std::string why;
    std::optional<Move> move = read_answer(seat, line, legal, &why);
    if (!move) {
      fail(why);
      return {legal.empty() ? Move{} : legal.front(), pace_};
    }
    return {*move, pace_};
  }

 private:
  bool running() const { return pid_ > 0 && failure_.empty(); }

  // The move an answer line names (see the header), or nullopt with `why`.
  std::optional<Move> read_answer(const SeatAccess& seat, const std::string& line,
                                  const std::vector<Move>& legal, std::string* why) const {
    std::string text;
    if (line.front() == '{' || line.front() == '"') {
      nlohmann::json answer = nlohmann::json::parse(line, nullptr, false);
      if (answer.is_discarded()) {
        *why = "malformed answer '" + excerpt(line) + "': not valid JSON";
        return std::nullopt;
      }
      if (answer.is_string()) {
        text = answer.get<std::string>();
      } else if (answer.contains("move") && answer["move"].is_string()) {
        text = answer["move"].get<std::string>();
      } else if (answer.contains("index") && answer["index"].is_number_integer()) {
        const auto index = answer["index"].get<std::int64_t>();
        if (index < 0 || index >= static_cast<std::int64_t>(legal.size())) {
          *why = "illegal move index " + std::to_string(index) + ": the legal moves are 0.." +
                 std::to_string(static_cast<std::int64_t>(legal.size()) - 1);
          return std::nullopt;
        }
        return legal[static_cast<std::size_t>(index)];
      } else {
        *why = "malformed answer '" + excerpt(line) +
               "': an answer object needs \"move\" (a move text) or \"index\" (into moves)";
        return std::nullopt;
      }
    } else {
      text = line;
    }
    std::string error;
    const std::optional<Move> move = seat.parse_move(text, &error);
    if (!move) {
      *why = "illegal move '" + excerpt(text) + "': " + error;
      return std::nullopt;
    }
    if (std::find(legal.begin(), legal.end(), *move) == legal.end()) {
      *why = "illegal move '" + excerpt(text) + "': not one of the " +
             std::to_string(legal.size()) + " legal moves sent";
      return std::nullopt;
    }
    return move;
  }

  bool spawn(std::string* why) {
    int in[2], out[2];
    if (::pipe2(in, O_CLOEXEC) != 0) {
      *why = std::strerror(errno);
      return false;
    }
    if (::pipe2(out, O_CLOEXEC) != 0) {
      *why = std::strerror(errno);
      ::close(in[0]);
      ::close(in[1]);
      return false;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    // Its own process group (killed whole, and out of reach of the terminal's Ctrl-C, which
    // `play` handles), an empty signal mask and SIGPIPE and SIGINT at their defaults.
    posix_spawnattr_setflags(
        &attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setpgroup(&attr, 0);
    sigset_t mask;
    sigemptyset(&mask);
    posix_spawnattr_setsigmask(&attr, &mask);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGINT);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    std::string sh = "/bin/sh", dash_c = "-c", command = command_;
    char* argv[] = {sh.data(), dash_c.data(), command.data(), nullptr};
    std::vector<std::string> env = program_environment();
    std::vector<char*> envp;
    for (std::string& var : env) envp.push_back(var.data());
    envp.push_back(nullptr);
    pid_t pid = -1;
    const int rc = ::posix_spawn(&pid, "/bin/sh", &actions, &attr, argv, envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    ::close(in[0]);
    ::close(out[1]);
    if (rc != 0) {
      ::close(in[1]);
      ::close(out[0]);
      *why = std::strerror(rc);
      return false;
    }
    pid_ = pid;
    to_child_ = in[1];
    from_child_ = out[0];
    ::fcntl(to_child_, F_SETFL, ::fcntl(to_child_, F_GETFL) | O_NONBLOCK);
    ::fcntl(from_child_, F_SETFL, ::fcntl(from_child_, F_GETFL) | O_NONBLOCK);
    return true;
  }

  // Writes one message; on failure the player fails, naming `what` was being sent.
  bool send(const nlohmann::json& message, const char* what) {
    return send(message, what, SteadyClock::now() + timeout_);
  }
  bool send(const nlohmann::json& message, const char* what, SteadyClock::time_point deadline) {
    std::string why;
    if (write_line(message.dump() + "\n", deadline, &why)) return true;
    fail("could not send " + std::string(what) + ": " + why);
    return false;
  }

  bool write_line(std::string_view data, SteadyClock::time_point deadline, std::string* why) {
    if (to_child_ < 0) {
      *why = "its input is closed";
      return false;
    }
    SigpipeBlock block;
    while (!data.empty()) {
      const ssize_t k = ::write(to_child_, data.data(), data.size());
      if (k > 0) {
        data.remove_prefix(static_cast<std::size_t>(k));
        continue;
      }
      if (k < 0 && errno == EINTR) continue;
      if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        pollfd p{to_child_, POLLOUT, 0};
        const int ready = ::poll(&p, 1, ms_left(deadline));
        if (ready < 0 && errno != EINTR) {
          *why = std::strerror(errno);
          return false;
        }
        if (ready == 0) {
          *why = "it read nothing within " + std::to_string(timeout_.count()) + " ms";
          return false;
        }
        continue;
      }
      *why = errno == EPIPE ? "it closed its input" + exit_status() : std::strerror(errno);
      return false;
    }
    return true;
  }

  // Reads one line (without its newline) before `deadline`; on failure the player fails.
  bool read_line(SteadyClock::time_point deadline, std::string* line) {
    for (;;) {
      const std::size_t newline = buffer_.find('\n');
      if (newline != std::string::npos) {
        *line = buffer_.substr(0, newline);
        buffer_.erase(0, newline + 1);
        decided_once_ = true;
        return true;
      }
      if (buffer_.size() > kMaxLine) {
        fail("malformed answer '" + excerpt(buffer_) + "': a line longer than " +
             std::to_string(kMaxLine) + " bytes");
        return false;
      }
      pollfd p{from_child_, POLLIN, 0};
      const int ready = ::poll(&p, 1, ms_left(deadline));
      if (ready < 0) {
        if (errno == EINTR) continue;
        fail(std::string("could not read its answer: ") + std::strerror(errno));
        return false;
      }
      if (ready == 0) {
        fail("no answer within " + std::to_string(timeout_.count()) + " ms" +
             (decided_once_ ? "" : " (and " + std::to_string(start_.count()) + " ms to start)"));
        return false;
      }
      char chunk[4096];
      const ssize_t k = ::read(from_child_, chunk, sizeof chunk);
      if (k > 0) {
        buffer_.append(chunk, static_cast<std::size_t>(k));
        continue;
      }
      if (k < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) continue;
      if (k < 0) {
        fail(std::string("could not read its answer: ") + std::strerror(errno));
        return false;
      }
      fail("ended its output before answering" + exit_status());
      return false;
    }
  }

  // A non-blank line the program has written (and not yet been read) while it was not asked.
  bool take_unasked_line(std::string* line) {
    char chunk[4096];
    for (;;) {
      const ssize_t k = ::read(from_child_, chunk, sizeof chunk);
      if (k > 0) {
        buffer_.append(chunk, static_cast<std::size_t>(k));
        if (buffer_.size() > kMaxLine) break;
        continue;
      }
      if (k < 0 && errno == EINTR) continue;
      break;  // nothing more for now, or its output ended (found when it is asked)
    }
    const std::string rest = trim(buffer_);
    if (rest.empty()) {
      buffer_.clear();
      return false;
    }
    *line = rest.substr(0, rest.find('\n'));
    return true;
  }

  // Whether the program has exited, without reaping it (`status`: its waitid report). Left
  // unreaped, its process ID, and so its process group's, cannot be taken by another program
  // before stop() kills the group and reaps it.
  bool has_exited(siginfo_t* status) {
    status->si_pid = 0;
    const int rc = ::waitid(P_PID, static_cast<id_t>(pid_), status, WEXITED | WNOHANG | WNOWAIT);
    return rc == 0 && status->si_pid == pid_;
  }

  // ": exited with status 3" once the program has exited (waiting briefly for it), else "".
  std::string exit_status() {
    if (pid_ <= 0) return {};
    const SteadyClock::time_point until = SteadyClock::now() + kStatusWait;
    for (;;) {
      siginfo_t info{};
      if (has_exited(&info)) {
        if (info.si_code == CLD_EXITED)
          return " (it exited with status " + std::to_string(info.si_status) + ")";
        if (info.si_code == CLD_KILLED || info.si_code == CLD_DUMPED)
          return " (it was killed by signal " + std::to_string(info.si_status) + ", " +
                 strsignal(info.si_status) + ")";
        return {};
      }
      if (SteadyClock::now() >= until) return {};
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }

  // The player fails: `failure_` says why, and the program is stopped.
  void fail(const std::string& what) {
    // The reason may quote the program's bytes (a game's parse error quotes the move text whole).
    if (failure_.empty())
      failure_ =
          valid_utf8("exec bot '" + command_ + "' (seat " + std::to_string(seat_) + "): " + what);
    stop(false);
  }

  // Closes its input, gives it `kExitGrace` to exit when `graceful`, then kills its process group
  // and reaps it: no zombie and no descriptor is left behind.
  void stop(bool graceful) {
    if (to_child_ >= 0) ::close(to_child_);
    to_child_ = -1;
    if (pid_ > 0) {
      if (graceful) {
        const SteadyClock::time_point until = SteadyClock::now() + kExitGrace;
        siginfo_t info{};
        while (!has_exited(&info) && SteadyClock::now() < until)
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      // The whole group, so that what the shell started goes too, and the program itself in case
      // it left the group (setsid). It is not reaped yet, so neither ID can be another program's.
      ::kill(-pid_, SIGKILL);
      ::kill(pid_, SIGKILL);
      int status = 0;
      while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
      }
      pid_ = -1;
    }
    if (from_child_ >= 0) ::close(from_child_);
    from_child_ = -1;
    buffer_.clear();
  }

  std::string name_;
  std::string command_;
  std::string game_string_;
  Teams teams_;
  CardNames card_names_;
  std::chrono::milliseconds timeout_;
  std::chrono::milliseconds start_;
  bool events_;
  bool decided_ = false;       // it has been asked to decide
  bool decided_once_ = false;  // it has answered a line
  double pace_;
  Seat seat_ = 0;
  pid_t pid_ = -1;
  int to_child_ = -1, from_child_ = -1;
  std::string buffer_;  // read from the program, not yet taken as a line
  std::string failure_;
};

}  // namespace

bool is_exec_player_string(std::string_view player_string) {
  const std::string t = trim(player_string);
  return t.starts_with("exec:") || t.starts_with("exec(");
}

std::optional<ExecPlayerString> split_exec_player_string(std::string_view player_string) {
  const std::string t = trim(player_string);
  int depth = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '(') ++depth;
    if (t[i] == ')') depth = std::max(0, depth - 1);
    if (t[i] == ':' && depth == 0)
      return ExecPlayerString{trim(t.substr(0, i)), trim(t.substr(i + 1))};
  }
  return std::nullopt;
}

const PlayerEntry& exec_player_entry() {
  static const PlayerEntry entry{
      "exec",
      "another program speaking the bot protocol on its standard input and output "
      "(docs/bot_protocol.md): exec:COMMAND",
      {OptionSpec::integer("timeout_ms", 5000, 1, 3600000,
                           "milliseconds the program has for each decision"),
       OptionSpec::integer("start_ms", 5000, 0, 3600000,
                           "milliseconds the program may take to start, added to the limit of "
                           "its first decision"),
       OptionSpec::boolean("events", true, "send the program every event its seat may see")},
      nullptr,
      [](const AnyGame& game, const std::string& player_string, const OptionValues& options,
         std::string* error) -> std::unique_ptr<Player> {
        auto parts = split_exec_player_string(player_string);
        if (!parts || parts->command.empty()) {
          *error = "player '" + player_string +
                   "': exec needs the command to run after the colon, e.g. 'exec:python3 bot.py'";
          return nullptr;
        }
        const double pace = pace_ms_of(static_cast<int>(options.get_int("speed")),
                                       static_cast<int>(options.get_int("pace_ms"))) /
                            1000.0;
        return std::make_unique<ExecPlayer>(
            player_string, parts->command, game, static_cast<int>(options.get_int("timeout_ms")),
            static_cast<int>(options.get_int("start_ms")), options.get_bool("events"), pace);
      }};
  return entry;
}

}  // namespace cardroom
