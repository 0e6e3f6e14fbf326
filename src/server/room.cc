#include "server/room.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <charconv>
#include <condition_variable>
#include <deque>
#include <limits>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>
#include <vector>

#include "bots/exec_player.h"
#include "bots/registry.h"
#include "core/registry.h"
#include "core/session.h"
#include "match/match.h"

namespace cardroom::server {
namespace {

using json = nlohmann::json;
using SteadyTime = std::chrono::steady_clock::time_point;

constexpr std::size_t kMaxName = 40;
constexpr std::size_t kMaxChat = 500;
constexpr std::size_t kChatKept = 100;
constexpr std::size_t kEventsSent = 200;
constexpr int kMaxTurnSeconds = 24 * 3600;
constexpr int kMaxPaceMs = 10000;

// JSON text for the wire; strings that are not UTF-8 (none should be) are repaired, not thrown.
std::string text_of(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

// Bytes from OpenSSL's generator (the system's randomness): tokens, codes and seeds.
void random_bytes(void* out, std::size_t size) {
  if (RAND_bytes(static_cast<unsigned char*>(out), static_cast<int>(size)) != 1)
    throw std::runtime_error("OpenSSL has no randomness (RAND_bytes failed)");
}

std::string hex(const unsigned char* bytes, std::size_t size) {
  static const char* const kHex = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < size; ++i) {
    out += kHex[bytes[i] >> 4];
    out += kHex[bytes[i] & 15];
  }
  return out;
}

std::string random_hex(std::size_t bytes) {
  std::vector<unsigned char> raw(bytes);
  random_bytes(raw.data(), raw.size());
  return hex(raw.data(), raw.size());
}

std::uint64_t random_seed() {
  std::uint64_t seed = 0;
  random_bytes(&seed, sizeof seed);
  return seed;
}

// Tokens are kept only as their SHA-256: a copy of the database seats nobody.
std::string sha256_hex(std::string_view text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_Digest(text.data(), text.size(), digest, &size, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("OpenSSL has no SHA-256");
  return hex(digest, size);
}

std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// A request's field of the wanted type, or nullptr.
const json* field(const json& request, const char* name) {
  auto it = request.find(name);
  return it == request.end() ? nullptr : &*it;
}
const std::string* string_field(const json& request, const char* name) {
  const json* f = field(request, name);
  return f && f->is_string() ? f->get_ptr<const std::string*>() : nullptr;
}

// The player string a person's seat gets while they are away.
std::string sitter_for(const AnyGame& game) {
  for (const std::string& name : player_names(game))
    if (name == "heuristic") return name;
  return "random";
}

struct Watcher {
  std::weak_ptr<Client> client;
  Seat seat = kSpectator;
};

struct SeatState {
  bool away = false;                        // a computer player sits in for the person
  std::optional<SteadyTime> turn_deadline;  // their turn timer, while it runs
  std::optional<SteadyTime> gone_since;     // when their last connection went
};

}  // namespace

// One table: its settings and seats (the stored row), the match, who watches, the chat.
class Table {
 public:
  std::mutex mu;
  TableRow row;  // settings and seats; its `moves` stay empty (the session has them)
  std::unique_ptr<Session> session;
  std::unique_ptr<SessionTable> match_table;
  std::unique_ptr<WallClock> clock;
  std::unique_ptr<MatchRunner> runner;  // once every seat is taken
  std::vector<SeatState> seats;
  std::vector<Watcher> watchers;
  std::deque<json> chat;
  std::unique_ptr<boost::asio::steady_timer> timer;
  std::optional<SteadyTime> timer_at;
  std::optional<SteadyTime> next_computer_move;  // the pace before the next computer move
  bool broken = false;  // a computer player or the storage failed: the table stops
  bool finished_stored = false;

  int num_seats() const { return static_cast<int>(row.seats.size()); }
  const AnyState& state() const { return session->state(); }
  bool is_person(Seat s) const { return row.seats[s].kind == "human"; }
  bool connected(Seat s) {
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
  bool table_talk() const {
    const json options = session->game().options().to_json();
    const auto it = options.find("signals");
    return session->game().teams().count > 0 && it != options.end() && it->is_boolean() &&
           it->get<bool>();
  }
};

struct Room::Impl {
  Storage& storage;
  RoomOptions options;
  boost::asio::io_context work;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> guard;
  std::vector<std::thread> threads;
  std::atomic<bool> stopped{false};

  // The tables and the lobby. Never held while taking a table's mutex (a table's mutex may be held
  // while taking it).
  mutable std::mutex mu;
  std::map<std::string, std::shared_ptr<Table>> tables;
  std::vector<std::weak_ptr<Client>> lobby;

  std::atomic<std::uint64_t> seeded{0};  // tables seeded from options.seed so far

  std::mutex jobs_mu;
  std::condition_variable jobs_cv;
  int jobs = 0;  // posted and not yet finished

  Impl(Storage& s, RoomOptions o)
      : storage(s), options(std::move(o)), guard(boost::asio::make_work_guard(work)) {}

  void log(const std::string& line) {
    if (options.log) options.log(line);
  }

  // --- sending ---------------------------------------------------------------------------------

  static void send(const std::shared_ptr<Client>& client, const json& message) {
    client->send(text_of(message));
  }
  static void error(const std::shared_ptr<Client>& client, const std::string& message,
                    const json* ref) {
    json m = {{"type", "error"}, {"message", message}};
    if (ref) m["ref"] = *ref;
    send(client, m);
  }

  static json seat_json(const Table& t, Seat s, bool connected) {
    const SeatRow& row = t.row.seats[s];
    json j = {{"seat", s},
              {"kind", row.kind},
              {"name", row.name},
              {"player", nullptr},
              {"connected", row.kind == "computer" || connected},
              {"away", t.seats[s].away}};
    if (row.kind == "computer") j["player"] = row.player;
    if (t.seats[s].away) j["player"] = sitter_for(t.session->game());
    return j;
  }
  static json seats_json(Table& t) {
    json seats = json::array();
    for (Seat s = 0; s < t.num_seats(); ++s) seats.push_back(seat_json(t, s, t.connected(s)));
    return seats;
  }
  // Each seat's team, or null in a game without teams.
  static json teams_json(const Table& t) {
    const Teams teams = t.session->game().teams();
    if (teams.count <= 0) return nullptr;
    json out = json::array();
    for (Seat s = 0; s < t.num_seats(); ++s) out.push_back(teams.team_of[s]);
    return out;
  }
  static json legal_json(const Table& t, Seat seat) {
    json legal = json::array();
    if (seat == kSpectator || !t.runner || t.state().over() || !t.state().actors().contains(seat))
      return legal;
    for (Move m : t.state().legal_moves(seat))
      legal.push_back({{"text", t.state().move_text(m)}, {"code", std::to_string(m.code)}});
    return legal;
  }
  static json turn_json(const Table& t) {
    if (t.row.turn_seconds <= 0) return nullptr;
    json seats = json::array();
    std::int64_t deadline = 0;
    const auto now = std::chrono::steady_clock::now();
    for (Seat s = 0; s < t.num_seats(); ++s) {
      if (!t.seats[s].turn_deadline) continue;
      seats.push_back(s);
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(*t.seats[s].turn_deadline - now);
      deadline = unix_ms() + std::max<std::int64_t>(0, left.count());
    }
    return {{"seats", seats}, {"seconds", t.row.turn_seconds}, {"deadline_ms", deadline}};
  }
  json record_link(const Table& t) const {
    return t.state().over() ? json("/record/" + t.row.id) : json(nullptr);
  }
  static json events_json(const Table& t, const std::vector<Event>& events) {
    json out = json::array();
    const CardNames names = t.session->game().card_names();
    for (const Event& e : events) out.push_back(event_json(e, names));
    return out;
  }

  // Everything `seat` may know of the table.
  json table_message(Table& t, Seat seat) {
    std::vector<Event> events = t.session->events_for(seat);
    if (events.size() > kEventsSent)
      events.erase(events.begin(), events.end() - static_cast<std::ptrdiff_t>(kEventsSent));
    json chat = json::array();
    for (const json& c : t.chat)
      if (chat_visible(c, seat)) chat.push_back(chat_json(c));
    return {{"type", "table"},
            {"table", t.row.id},
            {"game", t.row.game},
            {"title", title_of(t)},
            {"seat", seat == kSpectator ? json(nullptr) : json(seat)},
            {"seats", seats_json(t)},
            {"teams", teams_json(t)},
            {"mode", actor_mode_name(t.state().mode())},
            {"started", t.row.started},
            {"over", t.state().over()},
            {"seq", t.state().seq()},
            {"view", t.state().view(seat)},
            {"legal", legal_json(t, seat)},
            {"events", events_json(t, events)},
            {"rounds", t.session->rounds(seat)},
            {"chat", chat},
            {"turn", turn_json(t)},
            {"record", record_link(t)}};
  }
  // Table chat reaches everyone at the table, team chat only the team's seats.
  static bool chat_visible(const json& stored, Seat seat) {
    if (stored["to"] == "table") return true;
    for (const json& member : stored["team_members"])
      if (member.get<int>() == seat) return true;
    return false;
  }
  static json chat_json(const json& stored) {
    return {{"type", "chat"},         {"table", stored["table"]}, {"seat", stored["seat"]},
            {"name", stored["name"]}, {"text", stored["text"]},   {"to", stored["to"]}};
  }
  static std::string title_of(const Table& t) {
    const GameEntry* entry = find_game(t.session->game().name());
    return entry ? entry->title : std::string(t.session->game().name());
  }

  // Sends each watcher its `table` message (after seats change).
  void send_tables(Table& t) {
    std::map<Seat, std::string> by_seat;
    for (const Watcher& w : t.watchers) {
      auto client = w.client.lock();
      if (!client) continue;
      auto [it, fresh] = by_seat.try_emplace(w.seat);
      if (fresh) it->second = text_of(table_message(t, w.seat));
      client->send(it->second);
    }
  }

  // Sends each watcher the events since `from` it may see and its new view.
  void send_updates(Table& t, std::size_t from) {
    std::map<Seat, std::string> by_seat;
    const std::vector<Event>& all = t.session->events();
    for (const Watcher& w : t.watchers) {
      auto client = w.client.lock();
      if (!client) continue;
      auto [it, fresh] = by_seat.try_emplace(w.seat);
      if (fresh) {
        std::vector<Event> events;
        for (std::size_t i = from; i < all.size(); ++i)
          if (all[i].visible_to_seat(w.seat)) events.push_back(all[i]);
        it->second = text_of({{"type", "update"},
                              {"table", t.row.id},
                              {"seq", t.state().seq()},
                              {"mode", actor_mode_name(t.state().mode())},
                              {"events", events_json(t, events)},
                              {"view", t.state().view(w.seat)},
                              {"legal", legal_json(t, w.seat)},
                              {"turn", turn_json(t)},
                              {"over", t.state().over()},
                              {"record", record_link(t)}});
      }
      client->send(it->second);
    }
  }

  json lobby_message() {
    json tables = json::array();
    for (auto& [id, t] : tables_snapshot()) {
      std::lock_guard lock(t->mu);
      if (t->row.is_private) continue;
      int spectators = 0;
      for (const Watcher& w : t->watchers)
        if (w.seat == kSpectator && !w.client.expired()) ++spectators;
      tables.push_back({{"table", id},
                        {"game", t->row.game},
                        {"title", title_of(*t)},
                        {"seats", seats_json(*t)},
                        {"started", t->row.started},
                        {"over", t->state().over()},
                        {"spectators", spectators}});
    }
    return {{"type", "lobby"}, {"tables", tables}};
  }

  std::vector<std::pair<std::string, std::shared_ptr<Table>>> tables_snapshot() {
    std::lock_guard lock(mu);
    return {tables.begin(), tables.end()};
  }

  // Tells the lobby's subscribers. Called without any table's mutex held.
  void lobby_changed() {
    std::vector<std::shared_ptr<Client>> subscribers;
    {
      std::lock_guard lock(mu);
      std::erase_if(lobby, [](const std::weak_ptr<Client>& c) { return c.expired(); });
      for (auto& c : lobby)
        if (auto s = c.lock()) subscribers.push_back(std::move(s));
    }
    if (subscribers.empty()) return;
    const std::string text = text_of(lobby_message());
    for (auto& c : subscribers) c->send(text);
  }

  std::shared_ptr<Table> find_table(const json& request, const std::shared_ptr<Client>& client,
                                    const json* ref) {
    const std::string* id = string_field(request, "table");
    if (!id) {
      error(client, "the request needs a \"table\" (its id, a string)", ref);
      return nullptr;
    }
    std::lock_guard lock(mu);
    auto it = tables.find(*id);
    if (it == tables.end()) {
      error(client, "there is no table '" + *id + "'", ref);
      return nullptr;
    }
    return it->second;
  }

  // --- jobs and timers -------------------------------------------------------------------------

  void post(std::function<void()> job) {
    {
      std::lock_guard lock(jobs_mu);
      ++jobs;
    }
    boost::asio::post(work, [this, job = std::move(job)] {
      if (!stopped) job();
      std::lock_guard lock(jobs_mu);
      if (--jobs == 0) jobs_cv.notify_all();
    });
  }

  // After anything changed at `t` (its mutex held): stores the end of a finished game, starts and
  // stops turn timers, and arranges the next computer move or timer.
  void advance(const std::shared_ptr<Table>& tp) {
    Table& t = *tp;
    if (t.broken || !t.runner) return;
    const AnyState& state = t.state();
    const auto now = std::chrono::steady_clock::now();
    if (state.over()) {
      for (SeatState& s : t.seats) s.turn_deadline.reset();
      if (!t.finished_stored) {
        std::string err;
        if (!storage.finish(t.row.id, text_of(t.session->record()), &err)) {
          log("table " + t.row.id + ": storing the finished game failed: " + err);
          return;
        }
        t.finished_stored = true;
        log("table " + t.row.id + " over");
        forget_if_done(tp);
        post([this] { lobby_changed(); });
      }
      return;
    }
    const SeatSet actors = state.actors();
    std::optional<SteadyTime> wake;
    auto sooner = [&](SteadyTime at) { wake = wake ? std::min(*wake, at) : at; };
    for (Seat s = 0; s < t.num_seats(); ++s) {
      SeatState& seat = t.seats[s];
      const bool person_to_move = t.is_person(s) && !seat.away && actors.contains(s);
      if (!person_to_move || t.row.turn_seconds <= 0) {
        seat.turn_deadline.reset();
      } else if (!seat.turn_deadline) {
        seat.turn_deadline = now + std::chrono::seconds(t.row.turn_seconds);
      }
      if (seat.turn_deadline) sooner(*seat.turn_deadline);
      if (t.is_person(s) && !seat.away && seat.gone_since)
        sooner(*seat.gone_since + options.away_after);
    }
    // The next computer move: now (after the table's pace) in turns, when due in real time.
    bool computer_to_move = false;
    if (state.mode() == ActorMode::kRealTime) {
      const double due = t.runner->next_due();
      if (due != std::numeric_limits<double>::infinity()) {
        computer_to_move = true;
        const double wait = std::max(0.0, due - t.clock->now());
        sooner(now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(wait)));
      }
    } else {
      for (Seat s : actors.to_vector())
        if (t.runner->is_computer(s)) computer_to_move = true;
      if (computer_to_move) {
        if (!t.next_computer_move)
          t.next_computer_move = now + std::chrono::milliseconds(t.row.pace_ms);
        sooner(*t.next_computer_move);
      }
    }
    if (!computer_to_move) t.next_computer_move.reset();
    if (!wake) return;
    if (*wake <= now) {
      post([this, tp] { tick(tp); });
      return;
    }
    if (t.timer_at && *t.timer_at <= *wake) return;  // an earlier wake-up is set
    t.timer_at = wake;
    if (!t.timer) t.timer = std::make_unique<boost::asio::steady_timer>(work);
    t.timer->expires_at(*wake);
    t.timer->async_wait([this, tp](const boost::system::error_code& ec) {
      if (ec) return;  // cancelled: a newer wake-up replaced it
      post([this, tp] { tick(tp); });
    });
  }

  // What is due at the table: persons whose time ran out go away; one computer move.
  void tick(const std::shared_ptr<Table>& tp) {
    Table& t = *tp;
    bool seats_changed = false;
    {
      std::lock_guard lock(t.mu);
      if (t.broken || !t.runner) return;
      const auto now = std::chrono::steady_clock::now();
      if (t.timer_at && *t.timer_at <= now) t.timer_at.reset();
      for (Seat s = 0; s < t.num_seats(); ++s) {
        SeatState& seat = t.seats[s];
        if (!t.is_person(s) || seat.away || t.state().over()) continue;
        const bool timed_out = seat.turn_deadline && *seat.turn_deadline <= now;
        const bool gone = seat.gone_since && *seat.gone_since + options.away_after <= now;
        if (timed_out || gone) {
          go_away(t, s, timed_out ? "their turn timer ran out" : "they disconnected");
          seats_changed = true;
        }
      }
      if (seats_changed) send_tables(t);
      if (!t.state().over() && (!t.next_computer_move || *t.next_computer_move <= now))
        computer_move(t);
      advance(tp);
    }
    if (seats_changed) lobby_changed();
  }

  void go_away(Table& t, Seat s, const std::string& why) {
    std::string err;
    auto player = load_player(sitter_for(t.session->game()), t.session->game(), &err);
    if (!player) {
      log("table " + t.row.id + ": no computer player to sit in at S" + std::to_string(s) + ": " +
          err);
      return;
    }
    t.seats[s].away = true;
    t.seats[s].turn_deadline.reset();
    t.runner->set_player(s, std::move(player));
    log("table " + t.row.id + ": S" + std::to_string(s) + " away (" + why + ")");
  }

  void come_back(Table& t, Seat s) {
    t.seats[s].gone_since.reset();
    if (!t.seats[s].away) return;
    t.seats[s].away = false;
    t.runner->set_player(s, nullptr);
    t.next_computer_move.reset();
    log("table " + t.row.id + ": S" + std::to_string(s) + " back");
  }

  // One computer move if one is due (the table's mutex held); stored, then sent.
  void computer_move(Table& t) {
    const AnyState& state = t.state();
    if (state.mode() == ActorMode::kRealTime) {
      if (t.runner->next_due() > t.clock->now()) return;
    } else {
      bool any = false;
      for (Seat s : state.actors().to_vector()) any |= t.runner->is_computer(s);
      if (!any) return;
    }
    const std::size_t moves = t.session->moves_made();
    const std::size_t events = t.session->events().size();
    std::string err;
    const MatchRunner::Stop stop = t.runner->step(&err);
    if (stop == MatchRunner::Stop::kFailed || stop == MatchRunner::Stop::kForfeit) {
      t.broken = true;
      log("table " + t.row.id + " stopped: " + err);
      return;
    }
    t.next_computer_move.reset();
    if (t.session->moves_made() != moves) committed(t, moves, events);
  }

  // Moves [from, end) were applied: stores them, then tells every watcher.
  void committed(Table& t, std::size_t from, std::size_t events_from) {
    const auto& moves = t.session->moves();
    for (std::size_t i = from; i < moves.size(); ++i) {
      std::string err;
      if (!storage.add_move(t.row.id, static_cast<std::int64_t>(i),
                            MoveRow{moves[i].seat, moves[i].text, moves[i].time_ms}, &err)) {
        // Nobody hears of a move the storage does not have; the table stops rather than diverge.
        t.broken = true;
        log("table " + t.row.id + " stopped: storing move " + std::to_string(i) +
            " failed: " + err);
        return;
      }
    }
    send_updates(t, events_from);
  }

  // Every seat taken: the match starts.
  bool start(const std::shared_ptr<Table>& tp, std::string* error) {
    Table& t = *tp;
    std::vector<std::unique_ptr<Player>> players(t.num_seats());
    for (Seat s = 0; s < t.num_seats(); ++s) {
      const SeatRow& row = t.row.seats[s];
      if (row.kind == "computer") {
        players[s] = load_player(row.player, t.session->game(), error);
        if (!players[s]) return false;
      } else if (t.seats[s].away) {
        players[s] = load_player(sitter_for(t.session->game()), t.session->game(), error);
        if (!players[s]) return false;
      }
    }
    t.runner =
        std::make_unique<MatchRunner>(*t.match_table, std::move(players), *t.clock, random_seed());
    return true;
  }

  // --- requests --------------------------------------------------------------------------------

  void handle(const std::shared_ptr<Client>& client, std::string_view text) {
    if (stopped) return;
    json request = json::parse(text, nullptr, false);
    if (request.is_discarded() || !request.is_object()) {
      error(client, "a message must be one JSON object", nullptr);
      return;
    }
    const json* ref = field(request, "id");
    const std::string* type = string_field(request, "type");
    if (!type) {
      error(client, "a message needs a \"type\" (a string)", ref);
      return;
    }
    if (*type == "ping") {
      json pong = {{"type", "pong"}};
      if (ref) pong["ref"] = *ref;
      return send(client, pong);
    }
    if (*type == "games") return games(client, ref);
    if (*type == "lobby") return subscribe(client, ref);
    if (*type == "create") return create(client, request, ref);
    if (*type == "join") return join(client, request, ref);
    if (*type == "resume") return resume(client, request, ref);
    if (*type == "watch") return watch(client, request, ref);
    if (*type == "move") return move(client, request, ref);
    if (*type == "hint") return hint(client, request, ref);
    if (*type == "chat") return chat(client, request, ref);
    if (*type == "leave") return leave(client, request, ref);
    error(client,
          "unknown message type '" + *type +
              "' (types: ping, games, lobby, create, join, resume, watch, move, hint, chat, leave)",
          ref);
  }

  void games(const std::shared_ptr<Client>& client, const json* ref) {
    json games = json::array();
    for (const GameEntry* g : registered_games()) {
      json options = json::array();
      for (const OptionSpec& o : g->options) {
        json spec = {{"name", o.name}, {"default", o.default_value}, {"help", o.help}};
        switch (o.type) {
          case OptionType::kInt:
            spec["type"] = "int";
            spec["default"] = std::stoll(o.default_value);
            spec["min"] = o.min;
            spec["max"] = o.max;
            break;
          case OptionType::kBool:
            spec["type"] = "bool";
            spec["default"] = o.default_value == "true";
            break;
          case OptionType::kChoice:
            spec["type"] = "choice";
            spec["choices"] = o.choices;
            break;
        }
        options.push_back(spec);
      }
      std::string err;
      auto game = load_game(g->name, &err);
      json players = game ? json(player_names(*game)) : json::array();
      games.push_back({{"name", g->name},
                       {"title", g->title},
                       {"description", g->description},
                       {"options", options},
                       {"seats", game ? json(game->num_seats()) : json(nullptr)},
                       {"players", players}});
    }
    json reply = {{"type", "games"},
                  {"games", games},
                  {"players", {"random", "heuristic", "pimc", "ismcts"}}};
    if (ref) reply["ref"] = *ref;
    send(client, reply);
  }

  void subscribe(const std::shared_ptr<Client>& client, const json* ref) {
    {
      std::lock_guard lock(mu);
      bool known = false;
      for (auto& c : lobby) known |= c.lock() == client;
      if (!known) lobby.push_back(client);
    }
    json reply = lobby_message();
    if (ref) reply["ref"] = *ref;
    send(client, reply);
  }

  // Issues a seat to `client`: a fresh token, stored as its hash.
  std::string take_seat(Table& t, Seat s, const std::shared_ptr<Client>& client,
                        const std::string& name) {
    const std::string token = random_hex(16);
    SeatRow& row = t.row.seats[s];
    row.kind = "human";
    row.name = name.empty() ? "S" + std::to_string(s) : name;
    row.token_hash = sha256_hex(token);
    row.invite.clear();
    if (Watcher* w = t.watcher_of(client.get()))
      w->seat = s;
    else
      t.watchers.push_back({client, s});
    return token;
  }

  std::optional<std::string> name_field(const json& request, const std::shared_ptr<Client>& client,
                                        const json* ref) {
    const json* f = field(request, "name");
    if (!f || f->is_null()) return std::string();
    if (!f->is_string() || f->get<std::string>().size() > kMaxName) {
      error(client, "\"name\" must be a string of at most " + std::to_string(kMaxName) + " bytes",
            ref);
      return std::nullopt;
    }
    return f->get<std::string>();
  }

  void create(const std::shared_ptr<Client>& client, const json& request, const json* ref) {
    const std::string* game_string = string_field(request, "game");
    if (!game_string) return error(client, "create needs a \"game\" (a game string)", ref);
    std::string err;
    auto game = load_game(*game_string, &err);
    if (!game) return error(client, err, ref);
    const json* seats = field(request, "seats");
    const int n = game->num_seats();
    if (!seats || !seats->is_array() || static_cast<int>(seats->size()) != n)
      return error(client,
                   "create needs \"seats\": " + std::to_string(n) +
                       " entries, each \"me\", \"open\" or a computer player",
                   ref);
    auto name = name_field(request, client, ref);
    if (!name) return;
    int turn_seconds = 0, pace_ms = 0;
    if (const json* f = field(request, "turn_seconds"); f && !f->is_null()) {
      if (!f->is_number_integer() || *f < 0 || *f > kMaxTurnSeconds)
        return error(client, "\"turn_seconds\" must be 0 to " + std::to_string(kMaxTurnSeconds),
                     ref);
      turn_seconds = f->get<int>();
    }
    if (const json* f = field(request, "pace_ms"); f && !f->is_null()) {
      if (!f->is_number_integer() || *f < 0 || *f > kMaxPaceMs)
        return error(client, "\"pace_ms\" must be 0 to " + std::to_string(kMaxPaceMs), ref);
      pace_ms = f->get<int>();
    }
    bool is_private = false;
    if (const json* f = field(request, "private"); f && !f->is_null()) {
      if (!f->is_boolean()) return error(client, "\"private\" must be true or false", ref);
      is_private = f->get<bool>();
    }
    auto t = std::make_shared<Table>();
    t->row.game = *game_string;
    t->row.seed = options.seed ? *options.seed + 0x9E3779B97F4A7C15ull * ++seeded : random_seed();
    t->row.turn_seconds = turn_seconds;
    t->row.pace_ms = pace_ms;
    t->row.is_private = is_private;
    t->row.created_ms = unix_ms();
    Seat me = kSpectator;
    for (Seat s = 0; s < n; ++s) {
      const json& entry = (*seats)[s];
      if (!entry.is_string())
        return error(client, "seat " + std::to_string(s) + ": \"me\", \"open\" or a player string",
                     ref);
      const std::string what = entry.get<std::string>();
      SeatRow row;
      row.seat = s;
      if (what == "me") {
        if (me != kSpectator) return error(client, "only one seat can be \"me\"", ref);
        me = s;
        row.kind = "open";  // taken below, with a token
      } else if (what == "open") {
        row.kind = "open";
        row.invite = random_hex(8);
      } else {
        // Another program (exec:) would run on the server: never from a browser.
        if (is_exec_player_string(what))
          return error(client,
                       "seat " + std::to_string(s) + ": exec players cannot sit in the room", ref);
        auto player = load_player(what, *game, &err);
        if (!player) return error(client, "seat " + std::to_string(s) + ": " + err, ref);
        row.kind = "computer";
        row.player = player->name();
        row.name = player->name();
      }
      t->row.seats.push_back(row);
    }
    t->session = Session::create(std::move(game), t->row.seed, -1, {}, &err);
    if (!t->session) return error(client, err, ref);
    t->match_table = std::make_unique<SessionTable>(*t->session);
    t->clock = std::make_unique<WallClock>();
    t->seats.resize(n);
    std::string token;
    {
      std::lock_guard lock(mu);
      do t->row.id = random_hex(6);
      while (tables.contains(t->row.id));
    }
    std::lock_guard table_lock(t->mu);
    if (me != kSpectator) token = take_seat(*t, me, client, *name);
    if (!storage.add_table(t->row, &err)) {
      log("create failed: " + err);
      return error(client, "the room could not store the table: " + err, ref);
    }
    {
      std::lock_guard lock(mu);
      tables[t->row.id] = t;
    }
    log("table " + t->row.id + " created: " + t->row.game + " by " + client->label());
    json invites = json::object();
    for (const SeatRow& row : t->row.seats)
      if (row.kind == "open") invites[std::to_string(row.seat)] = row.invite;
    json reply = {{"type", "created"}, {"table", t->row.id}, {"invites", invites}};
    if (ref) reply["ref"] = *ref;
    send(client, reply);
    if (me != kSpectator)
      send(client, {{"type", "seated"}, {"table", t->row.id}, {"seat", me}, {"token", token}});
    start_if_full(t);
    if (me != kSpectator) send(client, table_message(*t, me));
    post([this] { lobby_changed(); });
  }

  // The table's mutex held: starts the match once no seat is open.
  void start_if_full(const std::shared_ptr<Table>& t) {
    if (t->runner) return;
    for (const SeatRow& row : t->row.seats)
      if (row.kind == "open") return;
    std::string err;
    if (!storage.set_started(t->row.id, &err) || !start(t, &err)) {
      t->broken = true;
      log("table " + t->row.id + " cannot start: " + err);
      return;
    }
    t->row.started = true;
    log("table " + t->row.id + " started");
    advance(t);
  }

  void join(const std::shared_ptr<Client>& client, const json& request, const json* ref) {
    auto t = find_table(request, client, ref);
    if (!t) return;
    auto name = name_field(request, client, ref);
    if (!name) return;
    const std::string* invite = string_field(request, "invite");
    const json* seat_field = field(request, "seat");
    std::unique_lock lock(t->mu);
    if (t->watcher_of(client.get()) && t->watcher_of(client.get())->seat != kSpectator)
      return error(client, "you already have a seat at this table", ref);
    Seat seat = kSpectator;
    if (invite) {
      for (const SeatRow& row : t->row.seats)
        if (row.kind == "open" && row.invite == *invite) seat = row.seat;
      if (seat == kSpectator)
        return error(client, "that invitation has been used or is wrong", ref);
    } else if (t->row.is_private) {
      return error(client, "this table is private: join it with its invitation link", ref);
    } else if (seat_field && !seat_field->is_null()) {
      if (!seat_field->is_number_integer() || *seat_field < 0 || *seat_field >= t->num_seats())
        return error(client,
                     "\"seat\" must be a seat number, 0 to " + std::to_string(t->num_seats() - 1),
                     ref);
      seat = seat_field->get<int>();
      if (t->row.seats[seat].kind != "open")
        return error(client, "seat " + std::to_string(seat) + " is not open", ref);
    } else {
      for (const SeatRow& row : t->row.seats)
        if (row.kind == "open" && seat == kSpectator) seat = row.seat;
      if (seat == kSpectator) return error(client, "this table has no open seat", ref);
    }
    const SeatRow before = t->row.seats[seat];
    const std::string token = take_seat(*t, seat, client, *name);
    std::string err;
    if (!storage.set_seat(t->row.id, t->row.seats[seat], &err)) {
      t->row.seats[seat] = before;
      t->watcher_of(client.get())->seat = kSpectator;
      return error(client, "the room could not store the seat: " + err, ref);
    }
    log("table " + t->row.id + ": S" + std::to_string(seat) + " joined by " + client->label());
    json reply = {{"type", "seated"}, {"table", t->row.id}, {"seat", seat}, {"token", token}};
    if (ref) reply["ref"] = *ref;
    send(client, reply);
    start_if_full(t);
    send_tables(*t);
    lock.unlock();
    lobby_changed();
  }

  void resume(const std::shared_ptr<Client>& client, const json& request, const json* ref) {
    auto t = find_table(request, client, ref);
    if (!t) return;
    const std::string* token = string_field(request, "token");
    if (!token) return error(client, "resume needs the seat's \"token\"", ref);
    const std::string hash = sha256_hex(*token);
    std::unique_lock lock(t->mu);
    Seat seat = kSpectator;
    for (const SeatRow& row : t->row.seats)
      if (row.kind == "human" && row.token_hash == hash) seat = row.seat;
    if (seat == kSpectator) return error(client, "that token holds no seat at this table", ref);
    if (Watcher* w = t->watcher_of(client.get()))
      w->seat = seat;
    else
      t->watchers.push_back({client, seat});
    const bool was_away = t->seats[seat].away;
    if (t->runner) come_back(*t, seat);
    t->seats[seat].gone_since.reset();
    log("table " + t->row.id + ": S" + std::to_string(seat) + " resumed by " + client->label());
    json reply = {{"type", "seated"}, {"table", t->row.id}, {"seat", seat}, {"token", *token}};
    if (ref) reply["ref"] = *ref;
    send(client, reply);
    send_tables(*t);
    advance(t);
    lock.unlock();
    if (was_away) lobby_changed();
  }

  void watch(const std::shared_ptr<Client>& client, const json& request, const json* ref) {
    auto t = find_table(request, client, ref);
    if (!t) return;
    std::lock_guard lock(t->mu);
    if (Watcher* w = t->watcher_of(client.get())) {
      if (w->seat != kSpectator) return error(client, "you have a seat at this table", ref);
    } else {
      t->watchers.push_back({client, kSpectator});
    }
    json reply = table_message(*t, kSpectator);
    if (ref) reply["ref"] = *ref;
    send(client, reply);
  }

  // The seat `client` holds at `t`, or an error.
  std::optional<Seat> seat_of(Table& t, const std::shared_ptr<Client>& client, const json* ref) {
    Watcher* w = t.watcher_of(client.get());
    if (!w || w->seat == kSpectator) {
      error(client, "you have no seat at this table (join it, or resume with your token)", ref);
      return std::nullopt;
    }
    return w->seat;
  }

  void move(const std::shared_ptr<Client>& client, const json& request, const json* ref) {
    auto t = find_table(request, client, ref);
    if (!t) return;
    std::unique_lock lock(t->mu);
    auto seat = seat_of(*t, client, ref);
    if (!seat) return;
    if (t->broken) return error(client, "this table has stopped (see the server's log)", ref);
    if (!t->runner) return error(client, "the game has not started: a seat is still open", ref);
    const AnyState& state = t->state();
    if (state.over()) return error(client, "the game is over", ref);
    if (const json* seq = field(request, "seq"); seq && !seq->is_null()) {
      if (!seq->is_number_unsigned() || seq->get<std::uint64_t>() != state.seq())
        return error(client,
                     "stale move: it was chosen at seq " + seq->dump() + ", the table is at seq " +
                         std::to_string(state.seq()),
                     ref);
    }
    std::optional<Move> move;
    std::string err;
    if (const std::string* code = string_field(request, "code")) {
      std::uint64_t value = 0;
      const auto [end, ec] = std::from_chars(code->data(), code->data() + code->size(), value);
      if (ec != std::errc() || end != code->data() + code->size())
        return error(client, "\"code\" must be a move code: a decimal string", ref);
      move = Move{value};
    } else if (const std::string* text = string_field(request, "move")) {
      move = state.parse_move(*seat, *text, &err);
      if (!move) return error(client, err, ref);
    } else {
      return error(client, "a move needs \"move\" (its text) or \"code\" (a decimal string)", ref);
    }
    const bool was_away = t->seats[*seat].away;
    const std::size_t moves = t->session->moves_made();
    const std::size_t events = t->session->events().size();
    // A person who comes back takes their seat from the computer player before moving.
    if (was_away) come_back(*t, *seat);
    if (!t->runner->submit(*seat, *move, &err)) {
      if (was_away) send_tables(*t);
      advance(t);
      return error(client, err, ref);
    }
    t->seats[*seat].turn_deadline.reset();
    committed(*t, moves, events);
    if (was_away) send_tables(*t);
    advance(t);
  }

  void hint(const std::shared_ptr<Client>& client, const json& request, const json* ref) {
    auto t = find_table(request, client, ref);
    if (!t) return;
    std::lock_guard lock(t->mu);
    auto seat = seat_of(*t, client, ref);
    if (!seat) return;
    if (!t->runner || t->state().over() || !t->state().actors().contains(*seat))
      return error(client, "it is not your turn", ref);
    std::string err;
    auto player = load_player(sitter_for(t->session->game()), t->session->game(), &err);
    if (!player) return error(client, err, ref);
    Rng rng(random_seed());
    // The hint player sees only the seat's view, like any player.
    const Decision d = player->decide(SeatAccess(t->state(), *seat), rng);
    json reply = {{"type", "hint"},
                  {"table", t->row.id},
                  {"move", t->state().move_text(d.move)},
                  {"code", std::to_string(d.move.code)}};
    if (ref) reply["ref"] = *ref;
    send(client, reply);
  }

  void chat(const std::shared_ptr<Client>& client, const json& request, const json* ref) {
    auto t = find_table(request, client, ref);
    if (!t) return;
    const std::string* text = string_field(request, "text");
    if (!text || text->empty() || text->size() > kMaxChat)
      return error(client, "chat needs a \"text\" of 1 to " + std::to_string(kMaxChat) + " bytes",
                   ref);
    std::string to = "table";
    if (const std::string* f = string_field(request, "to")) to = *f;
    if (to != "table" && to != "team")
      return error(client, "\"to\" must be \"table\" or \"team\"", ref);
    std::lock_guard lock(t->mu);
    Watcher* w = t->watcher_of(client.get());
    if (!w) return error(client, "you are not at this table (join or watch it first)", ref);
    const Seat seat = w->seat;
    std::vector<int> members;
    if (to == "team") {
      if (seat == kSpectator) return error(client, "spectators have no team", ref);
      if (!t->table_talk())
        return error(client, "this game's rules allow no talk between partners", ref);
      const Teams teams = t->session->game().teams();
      for (Seat s = 0; s < t->num_seats(); ++s)
        if (teams.team_of[s] == teams.team_of[seat]) members.push_back(s);
    }
    json stored = {
        {"table", t->row.id},
        {"seat", seat == kSpectator ? json(nullptr) : json(seat)},
        {"name", seat == kSpectator ? std::string("spectator") : t->row.seats[seat].name},
        {"text", *text},
        {"to", to},
        {"team_members", members}};
    t->chat.push_back(stored);
    if (t->chat.size() > kChatKept) t->chat.pop_front();
    const std::string message = text_of(chat_json(stored));
    for (const Watcher& other : t->watchers) {
      if (!chat_visible(stored, other.seat)) continue;
      if (auto c = other.client.lock()) c->send(message);
    }
  }

  void leave(const std::shared_ptr<Client>& client, const json& request, const json* ref) {
    auto t = find_table(request, client, ref);
    if (!t) return;
    {
      std::lock_guard lock(t->mu);
      if (!t->watcher_of(client.get())) return error(client, "you are not at this table", ref);
      drop(t, client.get());
    }
    lobby_changed();
  }

  // Removes `client` from the table's watchers (the table's mutex held); a seat it held counts
  // as disconnected when no other connection holds it.
  void drop(const std::shared_ptr<Table>& t, const Client* client) {
    Seat seat = kSpectator;
    std::erase_if(t->watchers, [&](const Watcher& w) {
      auto c = w.client.lock();
      if (c.get() != client && c) return false;
      if (c.get() == client) seat = w.seat;
      return true;
    });
    forget_if_done(t);
    if (seat == kSpectator || t->connected(seat)) return;
    if (t->is_person(seat) && t->runner && !t->state().over()) {
      t->seats[seat].gone_since = std::chrono::steady_clock::now();
      log("table " + t->row.id + ": S" + std::to_string(seat) + " disconnected");
      send_tables(*t);
      advance(t);
    }
  }

  // A finished table nobody is at any more leaves the room's memory (the table's mutex held);
  // its record stays in the storage, for /record/TABLE.
  void forget_if_done(const std::shared_ptr<Table>& t) {
    if (!t->finished_stored) return;
    for (const Watcher& w : t->watchers)
      if (!w.client.expired()) return;
    if (t->timer) t->timer->cancel();
    std::lock_guard lock(mu);
    tables.erase(t->row.id);
  }

  void disconnect(const std::shared_ptr<Client>& client) {
    for (auto& [id, t] : tables_snapshot()) {
      std::lock_guard lock(t->mu);
      if (t->watcher_of(client.get())) drop(t, client.get());
    }
    std::lock_guard lock(mu);
    std::erase_if(lobby, [&](const std::weak_ptr<Client>& c) {
      auto s = c.lock();
      return !s || s == client;
    });
  }

  // --- restart ---------------------------------------------------------------------------------

  bool restore(std::string* error) {
    auto rows = storage.unfinished(error);
    if (!rows) return false;
    for (TableRow& row : *rows) {
      std::string err;
      auto game = load_game(row.game, &err);
      auto t = std::make_shared<Table>();
      if (game) t->session = Session::create(std::move(game), row.seed, row.first_dealer, {}, &err);
      bool ok = t->session != nullptr;
      double last_time = 0;
      for (std::size_t i = 0; ok && i < row.moves.size(); ++i) {
        const MoveRow& m = row.moves[i];
        ok = t->session->play(m.seat, m.text, &err, m.time_ms);
        if (!ok) err = "move " + std::to_string(i) + " (" + m.text + "): " + err;
        if (m.time_ms) last_time = static_cast<double>(*m.time_ms) / 1000;
      }
      if (!ok) {
        log("table " + row.id + " cannot be resumed: " + err);
        continue;
      }
      row.moves.clear();
      t->row = std::move(row);
      t->match_table = std::make_unique<SessionTable>(*t->session);
      t->clock = std::make_unique<WallClock>(last_time);
      t->seats.resize(t->num_seats());
      // Nobody is connected yet: each person's seat counts as disconnected from now.
      const auto now = std::chrono::steady_clock::now();
      for (Seat s = 0; s < t->num_seats(); ++s)
        if (t->is_person(s)) t->seats[s].gone_since = now;
      std::lock_guard lock(t->mu);
      if (t->row.started && !start(t, &err)) {
        log("table " + t->row.id + " cannot be resumed: " + err);
        continue;
      }
      {
        std::lock_guard room_lock(mu);
        tables[t->row.id] = t;
      }
      log("table " + t->row.id + " resumed after a restart at move " +
          std::to_string(t->session->moves_made()));
      advance(t);
    }
    return true;
  }
};

Room::Room(Storage& storage, RoomOptions options)
    : impl_(std::make_unique<Impl>(storage, std::move(options))) {
  int n = impl_->options.threads;
  if (n <= 0) n = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (int i = 0; i < n; ++i) impl_->threads.emplace_back([this] { impl_->work.run(); });
}

Room::~Room() { stop(); }

void Room::stop() {
  impl_->stopped = true;
  impl_->guard.reset();
  impl_->work.stop();
  for (auto& t : impl_->threads)
    if (t.joinable()) t.join();
  impl_->threads.clear();
  // Timers go while the io_context lives; their queued handlers (holding tables) go with it.
  for (auto& [id, t] : impl_->tables_snapshot()) {
    std::lock_guard lock(t->mu);
    t->timer.reset();
  }
}

bool Room::restore(std::string* error) { return impl_->restore(error); }

void Room::handle(const std::shared_ptr<Client>& client, std::string_view message) {
  impl_->handle(client, message);
}

void Room::disconnect(const std::shared_ptr<Client>& client) { impl_->disconnect(client); }

std::pair<int, std::string> Room::record(const std::string& table) {
  std::string err;
  if (auto record = impl_->storage.record(table, &err)) return {200, *record};
  if (!err.empty()) return {500, err};
  std::lock_guard lock(impl_->mu);
  if (impl_->tables.contains(table))
    return {403, "the game at table " + table + " is not over: its record stays in the room"};
  return {404, "there is no finished table " + table};
}

bool Room::idle(std::chrono::milliseconds limit) {
  std::unique_lock lock(impl_->jobs_mu);
  return impl_->jobs_cv.wait_for(lock, limit, [&] { return impl_->jobs == 0; });
}

std::size_t Room::table_count() const {
  std::lock_guard lock(impl_->mu);
  return impl_->tables.size();
}

}  // namespace cardroom::server
