// The card room's insides, shared by its files (server/room.h says what the room does):
//
//   room.cc         the Room: requests in and their dispatch, creating, expiring and restoring
//                   tables, the lobby's entries
//   room_table.cc   a table: its messages, moves stored then sent (or the table paused while the
//                   storage is away), computer moves asked for and made, timers
//   room_seats.cc   seats and liveness: join, resume, watch, move, hint, chat, leave; people who
//                   disconnect go away and come back
//
// Threads. Each table has a strand on the room's workers: everything that reads or changes a table
// runs there, one job at a time, so no network thread ever waits on a table. A request for a table
// is posted to its strand and answered from there; the connection reads its next message only
// then (server/http.h), so one connection's requests are answered in order. Computer players that
// search decide on the search pool (server/search_pool.h), on a copy of the state; their decision
// comes back to the strand. The room's mutex guards only the map of tables and each connection's
// tables, and is never held while anything else is done.
#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/search.h"
#include "core/session.h"
#include "match/match.h"
#include "server/lobby.h"
#include "server/policy.h"
#include "server/room.h"
#include "server/search_pool.h"

namespace cardroom::server::room_detail {

using json = nlohmann::json;
using SteadyTime = std::chrono::steady_clock::time_point;
using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

inline constexpr std::size_t kMaxName = 40;
inline constexpr std::size_t kMaxChat = 500;
inline constexpr std::size_t kChatKept = 100;
inline constexpr std::size_t kEventsSent = 200;
inline constexpr int kMaxTurnSeconds = 24 * 3600;
inline constexpr int kMaxPaceMs = 10000;
// A table whose storage writes fail retries after this long, doubling up to the longest.
inline constexpr std::chrono::milliseconds kFirstRetry{200}, kLongestRetry{5000};

// JSON text for the wire; strings that are not UTF-8 (none should be) are repaired, not thrown.
std::string text_of(const json& j);
std::string random_hex(std::size_t bytes);
std::uint64_t random_seed();
std::string sha256_hex(std::string_view text);
std::int64_t unix_ms();
// A request's field, or nullptr; a string field, or nullptr.
const json* field(const json& request, const char* name);
const std::string* string_field(const json& request, const char* name);
// A game string's title for people ("reds(players=4)": "Reds").
std::string game_title(const std::string& game_string);
// The player string a person's seat gets while they are away.
std::string sitter_for(const AnyGame& game);
// A private table's code for spectators: derived from its secret seed, never stored apart.
std::string watch_code(const TableRow& row);
// A stored chat line as sent; the lines `seat` may read (room_seats.cc).
json chat_json(const json& stored);
json visible_chat(const std::deque<json>& chat, Seat seat);

struct Watcher {
  std::weak_ptr<Client> client;
  Seat seat = kSpectator;
};

struct SeatState {
  bool away = false;                        // a computer player sits in for the person
  std::optional<SteadyTime> turn_deadline;  // their turn timer, while it runs
  std::optional<SteadyTime> gone_since;     // when their last connection went
};

// One table: its settings and seats (the stored row), the match, who watches, the chat. Touched
// only on its strand.
class Table {
 public:
  Table(boost::asio::io_context& io, const StopToken* room_stop)
      : strand(boost::asio::make_strand(io)), stop(room_stop), timer(strand), expiry(strand) {}

  Strand strand;
  StopToken stop;             // cancelled when the table goes: its searches answer at once
  std::string creator;        // the creating connection's address (its count of open tables)
  bool counted_open = false;  // counted among the creator's open tables (until it starts or goes)
  TableRow row;               // settings and seats; its `moves` stay empty (the session has them)
  std::unique_ptr<Session> session;
  std::unique_ptr<SessionTable> match_table;
  std::unique_ptr<WallClock> clock;
  std::unique_ptr<MatchRunner> runner;  // once every seat is taken
  std::vector<SeatState> seats;
  std::vector<Watcher> watchers;
  std::deque<json> chat;
  boost::asio::steady_timer timer;  // the next thing due: a computer move, a timer, a retry
  std::optional<SteadyTime> timer_at;
  boost::asio::steady_timer expiry;              // an unstarted table's end
  std::optional<SteadyTime> next_computer_move;  // the pace before the next computer move
  bool broken = false;                           // a computer player failed: the table stops
  bool finished_stored = false;
  bool gone = false;  // removed from the room (expired, or finished and left)
  // Nobody at the table (no live connection) since; paused for it (RoomOptions::abandon_after).
  std::optional<SteadyTime> empty_since;
  bool abandoned = false;
  std::string next;  // the table where its people play again (`again`)
  // Storage: moves [stored, moves_made) are applied but not yet stored, and nobody has heard of
  // them (events from `unsent_events` on); while any is, the table is paused and retries.
  bool paused = false;
  std::size_t stored = 0;
  std::size_t unsent_events = 0;
  std::chrono::milliseconds retry{0};

  int num_seats() const { return static_cast<int>(row.seats.size()); }
  const AnyState& state() const { return session->state(); }
  bool is_person(Seat s) const { return row.seats[s].kind == "human"; }
  bool anyone_here() const {
    for (const Watcher& w : watchers)
      if (!w.client.expired()) return true;
    return false;
  }
  bool connected(Seat s) const {
    for (const Watcher& w : watchers)
      if (w.seat == s && !w.client.expired()) return true;
    return false;
  }
  Watcher* watcher_of(const Client* client) {
    for (Watcher& w : watchers)
      if (w.client.lock().get() == client) return &w;
    return nullptr;
  }
  // Partners may talk where the game's rules allow signals between them (Truc's `signals`).
  bool table_talk() const;
};

using TablePtr = std::shared_ptr<Table>;
// Called when a request is answered (the connection then reads its next one).
using Done = std::function<void()>;

}  // namespace cardroom::server::room_detail

namespace cardroom::server {

struct Room::Impl {
  using Table = room_detail::Table;
  using TablePtr = room_detail::TablePtr;
  using json = room_detail::json;
  using Done = room_detail::Done;
  using SteadyTime = room_detail::SteadyTime;

  Impl(Storage& s, RoomOptions o);

  Storage& storage;
  RoomOptions options;
  boost::asio::io_context work;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> guard;
  std::vector<std::thread> threads;
  std::atomic<bool> stopped{false};
  StopToken room_stop;  // cancelled when the room stops: every search answers at once
  AddressBook addresses;
  std::unique_ptr<SearchPool> pool;
  Lobby lobby;
  json games_reply;  // the `games` message, built once

  // The tables, and each connection's tables. Held only to look up or change these.
  mutable std::mutex mu;
  std::map<std::string, TablePtr> tables;
  std::map<const Client*, std::set<std::string>> member_of;

  std::atomic<std::uint64_t> seeded{0};  // tables seeded from options.seed so far

  std::mutex jobs_mu;
  std::condition_variable jobs_cv;
  int jobs = 0;  // posted or searching and not yet finished

  void log(const std::string& line) const {
    if (options.log) options.log(line);
  }

  // --- jobs (room.cc) ---
  // Runs `job` on the table's strand (counted for idle()); nothing once the room stops.
  void on_strand(const TablePtr& t, std::function<void()> job);
  void job_started();
  void job_finished();

  // --- sending ---
  static void send(const std::shared_ptr<Client>& client, const json& message);
  static void error(const std::shared_ptr<Client>& client, const std::string& message,
                    const json* ref);

  // --- making tables (room.cc) ---
  // A new table's seed: from RoomOptions::seed in tests, else the system's randomness.
  std::uint64_t next_seed();
  // Seats a computer player the policy allows: `what` is a level ("normal": kept by name, so
  // people see the level they chose) or a player string (kept canonical). The error, or "".
  std::string seat_computer(SeatRow& row, const std::string& what, const AnyGame& game);
  // The table's match from its row (game, seed, first dealer), its clock and its seats' state.
  bool open_match(Table& t, std::unique_ptr<AnyGame> game, double clock_from, std::string* error);

  // --- requests (room.cc, room_seats.cc) ---
  void handle(const std::shared_ptr<Client>& client, std::string_view text, Done done);
  void games(const std::shared_ptr<Client>& client, const json* ref);
  void create(const std::shared_ptr<Client>& client, const json& request, const json* ref,
              Done done);
  TablePtr find(const std::string& id) const;
  void join(const TablePtr& t, const std::shared_ptr<Client>& client, const json& request,
            const json* ref);
  void resume(const TablePtr& t, const std::shared_ptr<Client>& client, const json& request,
              const json* ref);
  void watch(const TablePtr& t, const std::shared_ptr<Client>& client, const json& request,
             const json* ref);
  void move(const TablePtr& t, const std::shared_ptr<Client>& client, const json& request,
            const json* ref);
  void hint(const TablePtr& t, const std::shared_ptr<Client>& client, const json* ref);
  void chat(const TablePtr& t, const std::shared_ptr<Client>& client, const json& request,
            const json* ref);
  void leave(const TablePtr& t, const std::shared_ptr<Client>& client, const json* ref);

  // --- after the game (room_after.cc) ---
  void again(const TablePtr& t, const std::shared_ptr<Client>& client, const json& request,
             const json* ref);
  void history(const std::shared_ptr<Client>& client, const json& request, const json* ref,
               Done done);
  // `analysis` and `replay` of table `id` (live or finished): done off the network thread.
  void review(const std::string& type, const std::shared_ptr<Client>& client, const json& request,
              const json* ref, Done done);
  // The result the history shows: scores, winners, how the game ended ("over", "abandoned").
  json result_json(const Table& t, const char* ended) const;
  // A table nobody is at: paused, and ended after longer (RoomOptions::abandon_after).
  void check_abandoned(const TablePtr& t);
  void end_abandoned(const TablePtr& t);
  void disconnect(const std::shared_ptr<Client>& client);

  // --- seats (room_seats.cc) ---
  std::string take_seat(Table& t, Seat s, const std::shared_ptr<Client>& client,
                        const std::string& name, const std::string& person = "");
  // The `key` field (the browser's random key) as a SeatRow::person hash; "" when absent.
  std::optional<std::string> person_field(const json& request,
                                          const std::shared_ptr<Client>& client, const json* ref);
  std::optional<std::string> name_field(const json& request, const std::shared_ptr<Client>& client,
                                        const json* ref);
  std::optional<Seat> seat_of(Table& t, const std::shared_ptr<Client>& client, const json* ref);
  // `client` is at table `t` now (or no more): the room's map of each connection's tables.
  void member(const Table& t, const Client* client, bool at);
  // Removes `client` from the table's watchers, and every watcher whose connection is gone (with
  // `client` null, only those); a seat they held counts as disconnected when no other connection
  // holds it.
  void drop(const TablePtr& t, const Client* client);
  // A seat no connection holds any more: its person is gone from now.
  void seat_left(const TablePtr& t, Seat seat);
  void go_away(Table& t, Seat s, const std::string& why);
  void come_back(Table& t, Seat s);

  // --- a table (room_table.cc) ---
  json table_message(Table& t, Seat seat);
  json seats_json(const Table& t) const;
  void send_tables(Table& t);
  void send_updates(Table& t, std::size_t events_from);
  // The table's lobby entry changed (or it went).
  void publish(const Table& t);
  void start_if_full(const TablePtr& t);
  bool start(Table& t, std::string* error);
  // After anything changed: stores a finished game, runs turn timers, asks computer players,
  // arranges the next wake-up.
  void advance(const TablePtr& t);
  void tick(const TablePtr& t);
  void wake_at(const TablePtr& t, SteadyTime at);
  // Asks the runner's next computer seat: decided here (a player that does not search) or on
  // the search pool.
  void ask(const TablePtr& t, MatchRunner::Ask a);
  void deliver(const TablePtr& t, const MatchRunner::Ask& a, const Decision& d);
  // Moves were applied: stores them (or pauses the table), then tells every watcher.
  void committed(const TablePtr& t, std::size_t events_from);
  bool store_pending(Table& t);
  void retry_storage(const TablePtr& t);
  // A finished table nobody is at any more leaves the room's memory; its record stays stored.
  void forget_if_done(const TablePtr& t);
  // Removes a table from the room (its searches are cancelled).
  void remove(const TablePtr& t);
  void expire(const TablePtr& t);
  // An unstarted table's end, after the policy's wait from its creation.
  void arm_expiry(const TablePtr& t);
  void opened_table_closed(Table& t);

  // --- restart (room.cc) ---
  bool restore(std::string* error);
};

}  // namespace cardroom::server
