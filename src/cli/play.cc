// `cardroom play GAME`: one person against computer players, in a terminal or through a pipe; or,
// with --watch, computer players alone with the terminal as a spectator.
//
// Generic over every registered game: the match runs through the match runner (match/match.h) on
// a Session and the wall clock, the person's seat left to the outside; what is shown comes from
// the person's view and the typed events their seat may see, drawn by the table (table_view.h),
// the score sheet (score_sheet.h), the event log (event_log.h) and the move list (move_prompt.h).
//
// Hidden information: the person at seat S is shown only view(S), the events visible to S and the
// round summaries as S may know them; a spectator only public events and public halves. Computer
// players are players of the registry (bots/registry.h): they see only their seat.
//
// Input (one line per answer): a number from the list, or the move's text (`bid 2`, `give 7C 9S`,
// `play TD`, lower case, `10` for T, suit symbols). Commands: help, hint, last, analyze, score,
// table, save, quit (`analyze` only in games with a double-dummy solver, and only for rounds that
// are over: it reads the record, which knows every hand). When stdin is not a terminal, no prompt
// is printed and each decision prints a `moves:` line; end of input saves the record like `quit`.
// In real-time games the computers keep moving at their pace while the person thinks; the table is
// shown again after each of their moves.
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "bots/exec_player.h"
#include "bots/registry.h"
#include "cli/analyze.h"
#include "cli/commands.h"
#include "cli/event_log.h"
#include "cli/move_prompt.h"
#include "cli/score_sheet.h"
#include "cli/table_view.h"
#include "cli/terminal.h"
#include "core/files.h"
#include "core/registry.h"
#include "core/session.h"
#include "match/match.h"

namespace cardroom::cli {
namespace {

using nlohmann::json;

std::string trim(std::string_view s) { return std::string(trim_blanks(s)); }

// Where a game is saved when nobody says: "cardroom-reds-17.json".
std::string default_record_name(const Session& session) {
  return "cardroom-" + std::string(session.game().name()) + "-" + std::to_string(session.seed()) +
         ".json";
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Ctrl-C (SIGINT) during a game: the handler only sets this flag, and a blocking read of stdin is
// interrupted (no SA_RESTART); the game then saves and stops as `quit` does. A second Ctrl-C
// kills the program as usual (SA_RESETHAND). The handler stays until the program exits, so a
// Ctrl-C just after the game ended does not cut off its last lines. An atomic, not a volatile
// sig_atomic_t: the handler may run on the reader thread.
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "used in a signal handler");

// Standard input becomes /dev/null as well (open and dup2 are async-signal-safe): a read that was
// about to start when the signal came then ends at once instead of waiting for a line.
extern "C" void on_interrupt(int) {
  const int saved_errno = errno;
  g_interrupted = true;
  if (const int fd = ::open("/dev/null", O_RDONLY); fd >= 0) {
    ::dup2(fd, STDIN_FILENO);
    ::close(fd);
  }
  errno = saved_errno;
}

void save_on_interrupt() {
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &sa, nullptr);
}

// Lines from standard input. Turn games read them blocking; a real-time game waits for one only
// until the next computer move is due, so the first such wait moves reading to a thread that
// queues lines (it then serves every read).
class LineInput {
 public:
  enum class Got { kLine, kTimeout, kEnd, kInterrupted };

  ~LineInput() {
    // The reader may be blocked in getline for good: it owns nothing of ours but the shared queue.
    if (reader_.joinable()) reader_.detach();
  }
  Got read(std::string* line) { return read_for(-1, line); }
  // `seconds` < 0: no time limit.
  Got read_for(double seconds, std::string* line) {
    if (g_interrupted) return Got::kInterrupted;
    if (!reader_.joinable()) {
      if (seconds < 0) {
        if (std::getline(std::cin, *line)) return Got::kLine;
        return g_interrupted ? Got::kInterrupted : Got::kEnd;
      }
      queue_ = std::make_shared<Queue>();
      reader_ = std::thread([q = queue_] {
        std::string l;
        while (std::getline(std::cin, l)) {
          std::lock_guard lock(q->mutex);
          q->lines.push_back(l);
          q->ready.notify_one();
        }
        std::lock_guard lock(q->mutex);
        q->ended = true;
        q->ready.notify_one();
      });
    }
    std::unique_lock lock(queue_->mutex);
    auto has = [&] { return !queue_->lines.empty() || queue_->ended || g_interrupted; };
    // In slices, so that a Ctrl-C caught by another thread is seen.
    using Clock = std::chrono::steady_clock;
    const Clock::time_point deadline =
        Clock::now() + std::chrono::duration_cast<Clock::duration>(
                           std::chrono::duration<double>(seconds < 0 ? 1e9 : seconds));
    while (!has()) {
      const Clock::duration left = deadline - Clock::now();
      if (left <= Clock::duration::zero()) return Got::kTimeout;
      queue_->ready.wait_for(lock, std::min<Clock::duration>(left, std::chrono::milliseconds(100)));
    }
    if (g_interrupted) return Got::kInterrupted;
    if (queue_->lines.empty()) return Got::kEnd;
    *line = std::move(queue_->lines.front());
    queue_->lines.pop_front();
    return Got::kLine;
  }

 private:
  struct Queue {
    std::mutex mutex;
    std::condition_variable ready;
    std::deque<std::string> lines;
    bool ended = false;
  };
  std::shared_ptr<Queue> queue_;
  std::thread reader_;
};

// A player string with the option speed=N added (N > 0): "heuristic" -> "heuristic(speed=3)",
// "random(pace_ms=500)" -> "random(pace_ms=500,speed=3)" (the level then sets the pace).
// An exec player takes it before its command: "exec:./bot" -> "exec(speed=3):./bot".
std::string with_speed(const std::string& player, int speed) {
  if (speed <= 0) return player;
  const std::string option = "speed=" + std::to_string(speed);
  if (is_exec_player_string(player)) {
    auto parts = split_exec_player_string(player);
    if (!parts) return player;  // no command: loading it says so
    return with_speed(parts->head, speed) + ":" + parts->command;
  }
  if (!player.empty() && player.back() == ')')
    return player.substr(0, player.size() - 1) + "," + option + ")";
  return player + "(" + option + ")";
}

// `text` quoted for a POSIX shell when it needs it: 'exec:python3 bot.py'.
std::string shell_quote(const std::string& text) {
  const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || (c != 0 && std::strchr("_-.,:/=+@%", c));
  });
  if (plain) return text;
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

enum class TurnResult { kMoved, kQuit, kEndOfInput, kInterrupted };

class TerminalGame {
 public:
  // `resume_options`: what the resume hint adds to --resume and --seat (" --opponents '...'").
  TerminalGame(Session& session, Seat seat, std::vector<std::unique_ptr<Player>> players,
               std::string opponents, std::string resume_options, std::string save_path,
               TerminalStyle style, bool interactive)
      : session_(session),
        viewer_{seat, style, session.game().card_names()},
        teams_(session.game().teams()),
        solver_(session.game().has_solver()),
        opponents_(std::move(opponents)),
        resume_options_(std::move(resume_options)),
        save_path_(std::move(save_path)),
        interactive_(interactive),
        log_(viewer_, interactive || style.unicode),
        prompt_(session.state(), viewer_, !interactive && !style.unicode),
        table_(session),
        runner_(table_, std::move(players), clock_,
                session.seed() * 0x9E3779B97F4A7C15ull ^ (session.moves_made() + 0x5EED)),
        hint_rng_(~session.seed() ^ session.moves_made()) {
    for (const auto& b : session.game().bot_names())
      if (b != "random") {
        hint_bot_ = b;
        if (b == "heuristic") break;
      }
  }

  // Plays to the end (or until quit / end of input). Returns false, with `error`, on failure.
  bool run(bool resumed, std::string* error);

 private:
  const AnyState& state() const { return session_.state(); }
  Seat seat() const { return viewer_.seat; }
  bool watching() const { return viewer_.spectator(); }
  const std::vector<json>& rounds() const { return session_.rounds(seat()); }

  void print_intro(bool resumed);
  void flush_events();
  void show_table(const json& view) { cli::show_table(view, state(), teams_, viewer_); }
  // In a real-time game on a terminal (Nuts), the table is redrawn in place, from the top of a
  // cleared screen, so that the moves stay in view instead of scrolling away with every
  // computer move; the events since the last drawing come first.
  bool redraw_in_place() const {
    return interactive_ && viewer_.style.unicode && state().mode() == ActorMode::kRealTime;
  }
  void clear_screen() const {
    if (redraw_in_place()) std::cout << "\x1b[H\x1b[2J";
  }
  void show_score_sheet() { cli::show_score_sheet(rounds(), state(), teams_, viewer_); }
  void show_help(const std::vector<Choice>& list, const nlohmann::json& view);
  void show_hint();
  // `analyze [N] [all]`: the double-dummy analysis of round N (default: the last that is over),
  // the person's plays (all: every seat's).
  void show_analysis(std::string_view words);
  void finish();
  bool save(std::string* error) { return session_.save(save_path_, error); }
  // Saves where the game must stop (its end, end of input, Ctrl-C): if the save path fails, the
  // record goes to the default name here, then in the temporary folder, and says so.
  bool save_or_rescue(std::string* error);
  void print_resume_hint();
  // A computer player failed (an exec: program that broke the protocol or died, or a bug): the
  // game stops, saved like at `quit`; returns false with `error` saying why.
  bool stop_on_failure(std::string* error);

  TurnResult human_turn(std::string* error);
  bool computer_move(std::string* error);
  // Real time: waits for the person's line until the next computer move is due, making the moves
  // that come due meanwhile.
  LineInput::Got next_line(std::string* line, bool* moved, std::string* error);

  Session& session_;
  Viewer viewer_;
  Teams teams_;
  bool solver_;  // the game offers a double-dummy solver: `analyze` works
  std::string opponents_;
  std::string resume_options_;
  std::string save_path_;
  bool interactive_;
  EventLog log_;
  MovePrompt prompt_;
  WallClock clock_;
  SessionTable table_;
  MatchRunner runner_;
  LineInput input_;
  Rng hint_rng_;
  std::string hint_bot_;
  std::size_t events_shown_ = 0;
  std::size_t rounds_shown_ = 0;
};

void TerminalGame::print_intro(bool resumed) {
  const AnyGame& game = session_.game();
  const GameEntry* entry = find_game(game.name());
  std::cout << paint(entry ? entry->title : std::string(game.name()), Paint::kBold, viewer_.style)
            << ": " << game.game_string() << "\n";
  if (watching()) {
    std::cout << "You are watching " << opponents_ << " computer players.\n";
  } else if (state().num_seats() == 1) {
    std::cout << "You are " << viewer_.seat_label(seat())
              << (game.against_house() ? ", playing against the house.\n" : ", playing alone.\n");
  } else {
    std::string who;
    for (Seat s = 0; s < state().num_seats(); ++s)
      if (s != seat()) who += (who.empty() ? "" : ", ") + seat_name(s);
    const bool one = state().num_seats() == 2;
    std::cout << "You are " << viewer_.seat_label(seat()) << "; " << who
              << (one ? " is a " : " are ") << opponents_
              << (one ? " computer player.\n" : " computer players.\n");
  }
  std::cout << "Seed " << session_.seed();
  if (!resumed)
    std::cout << " (same deal again: " << command_path() << " play " << game.name() << " --seed "
              << session_.seed() << " ...)";
  std::cout << (watching() ? ".\n" : ". Type 'help' for commands.\n");
  if (resumed) {
    std::cout << "Resumed after " << session_.moves_made()
              << (session_.moves_made() == 1 ? " move, " : " moves, ") << rounds().size()
              << (rounds().size() == 1 ? " round complete.\n" : " rounds complete.\n");
    // Context: the visible events since the start of the current round.
    const std::vector<Event> events = session_.events_for(seat());
    std::size_t from = 0;
    for (std::size_t i = 0; i < events.size(); ++i)
      if (events[i].kind == EventKind::kRoundStart) from = i;
    if (!rounds().empty()) show_score_sheet();
    for (std::size_t i = from; i < events.size(); ++i) log_.print(events[i]);
    events_shown_ = session_.events().size();
    rounds_shown_ = rounds().size();
  }
}

void TerminalGame::flush_events() {
  const std::vector<Event> events = session_.events_for(seat(), events_shown_);
  events_shown_ = session_.events().size();
  const bool new_round = rounds().size() > rounds_shown_;
  // When a round ends, its results come first, then the score sheet, then the next deal.
  std::size_t split = events.size();
  if (new_round)
    for (std::size_t i = 0; i < events.size(); ++i)
      if (events[i].kind == EventKind::kRoundStart) {
        split = i;
        break;
      }
  for (std::size_t i = 0; i < split; ++i) log_.print(events[i]);
  if (new_round) {
    rounds_shown_ = rounds().size();
    show_score_sheet();
  }
  for (std::size_t i = split; i < events.size(); ++i) log_.print(events[i]);
}

void TerminalGame::show_help(const std::vector<Choice>& list, const nlohmann::json& view) {
  std::string example = list.empty() ? "" : list.back().text;
  std::cout << "Answer with the number of a move in the list, or the move itself";
  if (!example.empty()) std::cout << " (e.g. '" << lower(example) << "')";
  std::cout << ".\n"
               "  Cards are written like AS KH TD 9C: lower case, 10 for T and suit symbols\n"
               "  work too";
  // The examples are this game's own, from the moves on offer now.
  std::string bare;
  bool bids = false, bids_by_value = true;
  for (const Choice& c : list) {
    const MoveData d = state().move_data(c.move);
    if (bare.empty() && d.cards.size() == 1 && !d.verb.empty() &&
        c.text.find(' ') != std::string::npos)
      bare = "'" + lower(card_text(d.cards[0], session_.game().card_names())) + "' = '" +
             lower(c.text) + "'";
    if (c.bid) {
      bids = true;
      bids_by_value &= d.number && *d.number == c.label;
    }
  }
  if (!bare.empty()) std::cout << ", and a card alone is the move that names it (" << bare << ")";
  std::cout << ".\n";
  if (bids && bids_by_value)
    std::cout << "  Bids are numbered by their value (0 is pass where a pass bids nothing).\n";
  std::cout << "  Plays keep the order of your hand.\n"
               "Commands:\n"
               "  hint         what the computer would do in your place\n";
  if (view.contains("tricks")) std::cout << "  last         the last completed trick\n";
  if (solver_)
    std::cout << "  analyze [N]  what each of your cards cost in the last round that is over (or\n"
                 "               round N), every hand known; 'analyze all': every seat's cards\n";
  std::cout << "  score        the score sheet\n"
               "  table        show the table and your moves again\n"
               "  save [PATH]  save the game record (to PATH from now on) and keep playing\n"
               "  quit         save the game record and stop (resume later with --resume)\n"
               "  help, ?      this help\n";
}

void TerminalGame::show_hint() {
  if (hint_bot_.empty()) {
    std::cout << "No hint: this game has no computer player but random.\n";
    return;
  }
  auto m = SeatAccess(state(), seat()).game_player_move(hint_bot_, hint_rng_);
  if (!m) {
    std::cout << "No hint right now.\n";
    return;
  }
  std::string label;
  for (const auto& c : prompt_.choices(state().view(seat())))
    if (c.move == *m) label = " (" + std::to_string(c.label) + ")";
  std::cout << "Hint: "
            << paint(viewer_.style.unicode ? state().move_text(*m)
                                           : ascii_symbols(state().move_text(*m)),
                     Paint::kYellow, viewer_.style)
            << label << "\n";
}

void TerminalGame::show_analysis(std::string_view words) {
  if (!solver_) {
    std::cout << "No analysis: this game has no double-dummy solver (games with one: "
              << games_with_solver() << ").\n";
    return;
  }
  AnalysisRequest request;
  request.seat = seat();
  request.round = state().rounds_completed();
  for (std::string_view rest = trim_blanks(words); !rest.empty();) {
    const std::size_t space = rest.find(' ');
    const std::string word = lower(std::string(rest.substr(0, space)));
    rest = space == std::string_view::npos ? std::string_view() : trim_blanks(rest.substr(space));
    std::uint64_t n = 0;
    std::string why;
    if (word == "all")
      request.seat = kNoSeat;
    else if (parse_whole_number("round", word, 1, 1000000, &n, &why))
      request.round = static_cast<int>(n);
    else {
      std::cout << paint("error: 'analyze' takes a round number and 'all', e.g. 'analyze 2 all'",
                         Paint::kError, viewer_.style)
                << "\n";
      return;
    }
  }
  request.progress = progress_on_stderr();
  std::string error;
  // From the session's record, which knows every hand: the round asked for must be over.
  const std::optional<Analysis> analysis = analyze_record(session_, request, &error);
  if (!analysis) {
    std::cout << paint("error: " + error, Paint::kError, viewer_.style) << "\n";
    return;
  }
  print_analysis(*analysis, viewer_, false, std::cout);
}

LineInput::Got TerminalGame::next_line(std::string* line, bool* moved, std::string* error) {
  const double due = runner_.next_due();
  if (due == std::numeric_limits<double>::infinity()) return input_.read(line);
  const LineInput::Got got = input_.read_for(std::max(0.0, due - clock_.now()), line);
  if (got != LineInput::Got::kTimeout) return got;
  // Nothing typed before the next computer move came due: it is made (an error ends the turn).
  const MatchRunner::Stop stop = runner_.step(error);
  if (stop == MatchRunner::Stop::kFailed || stop == MatchRunner::Stop::kForfeit)
    return LineInput::Got::kEnd;
  *moved = true;
  return LineInput::Got::kTimeout;
}

TurnResult TerminalGame::human_turn(std::string* error) {
  json view = state().view(seat());
  std::vector<Choice> list = prompt_.choices(view);
  clear_screen();
  flush_events();
  show_table(view);
  prompt_.show(list, view);
  const bool script = !interactive_ && !viewer_.style.unicode;
  for (;;) {
    if (interactive_)
      std::cout << paint(viewer_.style.unicode ? "▸ " : "> ", Paint::kCyan, viewer_.style);
    std::cout << std::flush;
    std::string raw;
    bool moved = false;
    const LineInput::Got got =
        state().mode() == ActorMode::kRealTime ? next_line(&raw, &moved, error) : input_.read(&raw);
    if (!error->empty()) return TurnResult::kQuit;
    if (moved) {
      // A computer moved first: the table and the list change.
      if (interactive_ && !redraw_in_place()) std::cout << "\n";
      clear_screen();
      flush_events();
      if (!state().actors().contains(seat())) return TurnResult::kMoved;
      view = state().view(seat());
      list = prompt_.choices(view);
      show_table(view);
      prompt_.show(list, view);
      continue;
    }
    if (got == LineInput::Got::kEnd || got == LineInput::Got::kInterrupted) {
      if (interactive_) std::cout << "\n";
      return got == LineInput::Got::kEnd ? TurnResult::kEndOfInput : TurnResult::kInterrupted;
    }
    std::string line = trim(raw);
    if (line.empty()) continue;
    std::string cmd = lower(line);
    if (cmd == "?" || cmd == "help" || cmd == "h") {
      show_help(list, view);
      continue;
    }
    if (cmd == "hint") {
      show_hint();
      continue;
    }
    if (cmd == "last") {
      show_last_trick(view, state().num_seats(), viewer_);
      continue;
    }
    if (cmd == "analyze" || cmd == "analyse" || cmd.starts_with("analyze ") ||
        cmd.starts_with("analyse ")) {
      show_analysis(std::string_view(cmd).substr(7));
      continue;
    }
    if (cmd == "score" || cmd == "scores") {
      show_score_sheet();
      continue;
    }
    if (cmd == "table" || cmd == "look" || cmd == "moves") {
      show_table(view);
      prompt_.show(list, view);
      continue;
    }
    if (cmd == "save" || cmd.starts_with("save ")) {
      // `save PATH`: save there, and from now on (quit, the end) there too.
      const std::string path = cmd == "save" ? save_path_ : trim(line.substr(5));
      std::string why;
      if (session_.save(path, &why)) {
        save_path_ = path;
        std::cout << "Saved to " << save_path_ << "\n";
      } else {
        std::cout << paint("error: " + why, Paint::kError, viewer_.style) << "\n";
      }
      continue;
    }
    if (cmd == "quit" || cmd == "exit" || cmd == "q") {
      // The game ends only once it is saved: otherwise the person may fix the cause, or save
      // elsewhere, and quit again.
      std::string why;
      if (save(&why)) return TurnResult::kQuit;
      std::cout << paint("error: " + why, Paint::kError, viewer_.style) << "\n"
                << "The game is not saved and goes on: 'save PATH' saves it elsewhere.\n";
      continue;
    }
    std::string why;
    auto move = prompt_.resolve(line, list, &why);
    if (move && runner_.submit(seat(), *move, &why)) return TurnResult::kMoved;
    std::cout << paint("error: " + why, Paint::kError, viewer_.style) << "\n";
    if (script)
      prompt_.show(list, view);
    else
      std::cout << "Type a number from the list, a move, or 'help'.\n";
  }
}

bool TerminalGame::computer_move(std::string* error) {
  switch (runner_.step(error)) {
    case MatchRunner::Stop::kMoved:
      break;
    case MatchRunner::Stop::kOver:
      return true;
    case MatchRunner::Stop::kFailed:
    case MatchRunner::Stop::kForfeit:
      return false;
    case MatchRunner::Stop::kOutside:
      *error = "no computer player may move and " + seat_name(seat()) + " is not to act";
      return false;
  }
  // A person follows the computers' turns one at a time.
  if (state().mode() == ActorMode::kTurn && interactive_ && viewer_.style.unicode) {
    flush_events();
    std::this_thread::sleep_for(std::chrono::milliseconds(watching() ? 600 : 350));
  }
  return true;
}

void TerminalGame::finish() {
  print_rule("Game over", viewer_.style);
  show_final_standings(state(), teams_, viewer_);
}

bool TerminalGame::save_or_rescue(std::string* error) {
  if (save(error)) return true;
  const std::string name = default_record_name(session_);
  const char* tmp = std::getenv("TMPDIR");
  for (const std::string& path : {name, std::string(tmp && *tmp ? tmp : "/tmp") + "/" + name}) {
    std::string ignored;
    if (path == save_path_ || !session_.save(path, &ignored)) continue;
    std::cout << paint("error: " + *error, Paint::kError, viewer_.style) << "\n"
              << "The game is saved to " << path << " instead.\n";
    save_path_ = path;
    error->clear();
    return true;
  }
  return false;
}

void TerminalGame::print_resume_hint() {
  std::cout << "Resume with: " << command_path() << " play " << session_.game().name()
            << " --resume " << save_path_;
  if (seat() != 0) std::cout << " --seat " << seat();
  std::cout << resume_options_ << "\n";
}

bool TerminalGame::stop_on_failure(std::string* error) {
  flush_events();
  std::string why;
  if (save_or_rescue(&why)) {
    std::cout << "The game stops: game saved to " << save_path_ << "\n";
    print_resume_hint();
  } else {
    *error += " (and the game could not be saved: " + why + ")";
  }
  return false;
}

bool TerminalGame::run(bool resumed, std::string* error) {
  save_on_interrupt();
  print_intro(resumed);
  for (;;) {
    // Redrawn in place, the person's turn clears the screen first and then shows the events.
    const bool redraw_next = redraw_in_place() && !watching() && !state().over() &&
                             !g_interrupted && state().actors().contains(seat());
    if (!redraw_next) flush_events();
    if (g_interrupted && !state().over()) {
      // Ctrl-C while the computers were moving: stop as at the person's turn.
      if (!save_or_rescue(error)) return false;
      std::cout << "\nInterrupted: game saved to " << save_path_ << "\n";
      print_resume_hint();
      return true;
    }
    if (state().over()) {
      finish();
      if (!save_or_rescue(error)) return false;
      std::cout << "Game record saved to " << save_path_ << "\n";
      if (solver_)
        std::cout << "What each card played cost, every hand known: cardroom analyze " << save_path_
                  << "\n";
      return true;
    }
    if (!watching() && state().actors().contains(seat())) {
      TurnResult r = human_turn(error);
      if (!error->empty()) return stop_on_failure(error);
      if (r != TurnResult::kMoved) {
        flush_events();
        if (r != TurnResult::kQuit && !save_or_rescue(error)) return false;  // quit saved already
        std::cout << (r == TurnResult::kQuit          ? "Game saved to "
                      : r == TurnResult::kInterrupted ? "Interrupted: game saved to "
                                                      : "End of input: game saved to ")
                  << save_path_ << "\n";
        print_resume_hint();
        return true;
      }
      continue;
    }
    if (!computer_move(error)) return stop_on_failure(error);
  }
}

}  // namespace

void add_play_command(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("play", "Play a game in the terminal against computer players");
  static std::string game_name;
  static std::vector<std::string> option_words;
  static std::optional<std::string> players;
  static int seat = 0;
  static std::string seed;
  static std::string opponents = "heuristic";
  static std::string resume;
  static std::string save;
  static bool ascii = false;
  static bool watch = false;
  static int speed = 0;
  cmd->add_option("game", game_name,
                  "registry name or game string, e.g. reds or reds(players=6) (optional with "
                  "--resume)");
  cmd->add_option("options", option_words, "game options as key=value, e.g. partnership=true");
  cmd->add_option("--players", players, "number of players (the game's 'players' option)");
  auto* seat_opt = cmd->add_option("--seat", seat, "your seat, 0 first (default 0)");
  auto* seed_opt =
      cmd->add_option("--seed", seed, "match seed (default: random, printed)")->type_name("N");
  cmd->add_option("--opponents", opponents,
                  "computer players: a player string for all (heuristic, random, "
                  "random(pace_ms=500), exec:COMMAND for another program, ...) or one per "
                  "computer seat, comma separated");
  cmd->add_option("--resume", resume,
                  "continue a saved game record (saved back to it unless --save says otherwise)");
  cmd->add_option("--save", save,
                  "where to save the record (default cardroom-<game>-<seed>.json, or the "
                  "--resume file)");
  cmd->add_option("--speed", speed,
                  "real-time games: the computer players' speed level, 1 (slowest) to 5 "
                  "(fastest); the same as giving each of them speed=N")
      ->check(CLI::Range(1, kSpeedLevels));
  cmd->add_flag("--ascii", ascii, "plain ASCII: no colour, no suit symbols");
  cmd->add_flag("--watch", watch,
                "computer players at every seat; you watch as a spectator (public events only)");
  cmd->footer(
      "In the game: a number from the list or a move ('bid 2', 'give 7C 9S', 'play TD');\n"
      "help, hint, last, analyze, score, table, save, quit. With stdin not a terminal, one move\n"
      "per line; end of input saves the record.");
  cmd->callback([&ctx, seed_opt, seat_opt] {
    std::string error;
    std::unique_ptr<Session> session;
    bool resumed = !resume.empty();
    if (resumed) {
      if (!option_words.empty() || players)
        return fail(ctx, "game options come from the record; do not give them with --resume");
      if (seed_opt->count() > 0) return fail(ctx, "--seed comes from the record with --resume");
      session = Session::from_record_file(resume, &error);
      if (!session) return fail(ctx, error);
      if (!game_name.empty() && game_name != session->game().name() &&
          game_name != session->game().game_string())
        return fail(ctx, resume + " is a game of " + std::string(session->game().name()) +
                             ", not " + game_name);
    } else {
      if (game_name.empty()) return fail(ctx, "which game? (see 'cardroom list')");
      auto game = game_from_command_line(game_name, option_words, players, &error);
      if (!game) return fail(ctx, error);
      std::uint64_t match_seed = 0;
      if (seed_opt->count() > 0) {
        if (!parse_whole_number("--seed", seed, 0, UINT64_MAX, &match_seed, &error))
          return fail(ctx, error);
      } else {
        std::random_device rd;
        match_seed = (static_cast<std::uint64_t>(rd()) << 32 | rd()) % 1000000000000ull;
      }
      session = Session::create(std::move(game), match_seed, -1, {}, &error);
      if (!session) return fail(ctx, error);
    }
    const int n = session->state().num_seats();
    if (watch && seat_opt->count() > 0) return fail(ctx, "--watch takes no --seat: nobody sits");
    if (seat < 0 || seat >= n)
      return fail(ctx, "--seat " + std::to_string(seat) + ": this table has seats 0.." +
                           std::to_string(n - 1));
    const Seat person = watch ? kSpectator : seat;
    // One player string for every computer seat, or one per computer seat in seat order.
    const std::vector<std::string> list = split_player_list(opponents);
    const int computers = watch ? n : n - 1;
    if (list.size() != 1 && static_cast<int>(list.size()) != computers)
      return fail(ctx, "--opponents " + opponents +
                           ": give one player for every computer seat or " +
                           std::to_string(computers) + " (one per computer seat), not " +
                           std::to_string(list.size()));
    std::vector<std::unique_ptr<Player>> seats(n);
    for (Seat s = 0, k = 0; s < n; ++s) {
      if (s == person) continue;
      const std::string& name = with_speed(list[list.size() == 1 ? 0 : k++], speed);
      seats[s] = load_player(name, session->game(), &error);
      if (!seats[s]) return fail(ctx, "--opponents " + name + ": " + error);
    }
    // A resumed game saves back to its file; a new one to --save or a name from game and seed.
    std::string path = !save.empty() ? save : resumed ? resume : default_record_name(*session);
    // Found now, not at the end of the game.
    if (!check_writable(path, &error))
      return fail(ctx, save.empty() ? error + " (choose where to save with --save PATH)" : error);
    TerminalStyle style = detect_style(ascii);
    const std::string who =
        speed > 0 ? opponents + " (speed " + std::to_string(speed) + ")" : opponents;
    // The resume hint names the computer players when they are not the default (an exec: bot
    // that failed is to be fixed and named again).
    std::string resume_options;
    if (opponents != "heuristic") resume_options += " --opponents " + shell_quote(opponents);
    if (speed > 0) resume_options += " --speed " + std::to_string(speed);
    TerminalGame game(*session, person, std::move(seats), who, resume_options, path, style,
                      stdin_is_terminal());
    if (!game.run(resumed, &error)) fail(ctx, error);
  });
}

}  // namespace cardroom::cli
