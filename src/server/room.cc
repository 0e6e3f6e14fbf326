// The Room: requests in and their dispatch, creating, expiring and restoring tables
// (server/room_impl.h says how the room's files share the work).
#include "server/room.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <algorithm>

#include "bots/levels.h"
#include "bots/registry.h"
#include "core/registry.h"
#include "server/room_impl.h"

namespace cardroom::server {
namespace room_detail {

std::string text_of(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

// Bytes from OpenSSL's generator (the system's randomness): tokens, codes and seeds.
static void random_bytes(void* out, std::size_t size) {
  if (RAND_bytes(static_cast<unsigned char*>(out), static_cast<int>(size)) != 1)
    throw std::runtime_error("OpenSSL has no randomness (RAND_bytes failed)");
}

static std::string hex(const unsigned char* bytes, std::size_t size) {
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

const json* field(const json& request, const char* name) {
  auto it = request.find(name);
  return it == request.end() ? nullptr : &*it;
}

const std::string* string_field(const json& request, const char* name) {
  const json* f = field(request, name);
  return f && f->is_string() ? f->get_ptr<const std::string*>() : nullptr;
}

std::string game_title(const std::string& game_string) {
  const std::string name = game_string.substr(0, game_string.find('('));
  const GameEntry* entry = find_game(name);
  return entry ? entry->title : name;
}

std::string sitter_for(const AnyGame& game) {
  for (const std::string& name : player_names(game))
    if (name == "heuristic") return name;
  return "random";
}

std::string watch_code(const TableRow& row) {
  return sha256_hex("watch " + row.id + " " + std::to_string(row.seed)).substr(0, 16);
}

bool Table::table_talk() const {
  const json options = session->game().options().to_json();
  const auto it = options.find("signals");
  return session->game().teams().count > 0 && it != options.end() && it->is_boolean() &&
         it->get<bool>();
}

}  // namespace room_detail

using namespace room_detail;

// The `games` message: every game, its options and its computer players.
static json games_message() {
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
    // Levels of play (bots/levels.h): what the lobby offers people, by strength.
    json levels = json::array();
    if (game)
      for (const Level& level : player_levels(*game))
        levels.push_back(
            {{"name", level.name}, {"player", level.player}, {"description", level.description}});
    const bool real_time = game && game->new_match(0, -1, nullptr)->mode() == ActorMode::kRealTime;
    games.push_back({{"name", g->name},
                     {"title", g->title},
                     {"description", g->description},
                     {"options", options},
                     {"seats", game ? json(game->num_seats()) : json(nullptr)},
                     {"players", players},
                     {"levels", levels},
                     {"real_time", real_time},
                     {"solver", game && game->has_solver()}});
  }
  return {
      {"type", "games"}, {"games", games}, {"players", {"random", "heuristic", "pimc", "ismcts"}}};
}

Room::Impl::Impl(Storage& s, RoomOptions o)
    : storage(s),
      options(std::move(o)),
      guard(boost::asio::make_work_guard(work)),
      addresses(options.policy),
      lobby(work, options.policy.lobby_tables, std::chrono::milliseconds(200)),
      games_reply(games_message()) {
  int n = options.search_threads;
  if (n <= 0) n = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  pool = std::make_unique<SearchPool>(n, std::chrono::milliseconds(options.policy.max_move_ms));
}

// --- jobs ------------------------------------------------------------------------------------

void Room::Impl::job_started() {
  std::lock_guard lock(jobs_mu);
  ++jobs;
}

void Room::Impl::job_finished() {
  std::lock_guard lock(jobs_mu);
  if (--jobs == 0) jobs_cv.notify_all();
}

void Room::Impl::on_strand(const TablePtr& t, std::function<void()> job) {
  if (stopped) return;
  job_started();
  boost::asio::post(t->strand, [this, job = std::move(job)] {
    if (!stopped) job();
    job_finished();
  });
}

// --- sending ---------------------------------------------------------------------------------

void Room::Impl::send(const std::shared_ptr<Client>& client, const json& message) {
  client->send(text_of(message));
}

void Room::Impl::error(const std::shared_ptr<Client>& client, const std::string& message,
                       const json* ref) {
  json m = {{"type", "error"}, {"message", message}};
  if (ref) m["ref"] = *ref;
  send(client, m);
}

// --- requests --------------------------------------------------------------------------------

Room::Impl::TablePtr Room::Impl::find(const std::string& id) const {
  std::lock_guard lock(mu);
  auto it = tables.find(id);
  return it == tables.end() ? nullptr : it->second;
}

void Room::Impl::handle(const std::shared_ptr<Client>& client, std::string_view text, Done done) {
  auto answered = [&] {
    if (done) done();
  };
  if (stopped) return;
  json request = json::parse(text, nullptr, false);
  if (request.is_discarded() || !request.is_object()) {
    error(client, "a message must be one JSON object", nullptr);
    return answered();
  }
  const json* ref = field(request, "id");
  const std::string* type_field = string_field(request, "type");
  if (!type_field) {
    error(client, "a message needs a \"type\" (a string)", ref);
    return answered();
  }
  const std::string type = *type_field;
  if (type == "ping") {
    json pong = {{"type", "pong"}};
    if (ref) pong["ref"] = *ref;
    send(client, pong);
    return answered();
  }
  if (type == "games") {
    games(client, ref);
    return answered();
  }
  if (type == "lobby") {
    std::size_t offset = 0;
    if (const json* f = field(request, "offset"); f && !f->is_null()) {
      if (!f->is_number_unsigned()) {
        error(client, "\"offset\" must be a whole number", ref);
        return answered();
      }
      offset = f->get<std::size_t>();
    }
    json reply = lobby.subscribe(client, offset);
    if (ref) reply["ref"] = *ref;
    send(client, reply);
    return answered();
  }
  if (type == "create") return create(client, request, ref, std::move(done));
  if (type == "history") return history(client, request, ref, std::move(done));
  if (type == "analysis" || type == "replay")
    return review(type, client, request, ref, std::move(done));
  static const std::set<std::string> kTableRequests = {"join", "resume", "watch", "move",
                                                       "hint", "chat",   "leave", "again"};
  if (!kTableRequests.contains(type)) {
    error(client,
          "unknown message type '" + type.substr(0, 40) +
              "' (types: ping, games, lobby, create, join, resume, watch, move, hint, chat, "
              "leave, again, history, analysis, replay)",
          ref);
    return answered();
  }
  const std::string* id = string_field(request, "table");
  if (!id) {
    error(client, "the request needs a \"table\" (its id, a string)", ref);
    return answered();
  }
  TablePtr t = find(*id);
  if (!t) {
    error(client, "there is no table '" + id->substr(0, 40) + "'", ref);
    return answered();
  }
  on_strand(t, [this, t, client, request = std::move(request), type, done = std::move(done)] {
    const json* ref = field(request, "id");
    if (t->gone)
      error(client, "there is no table '" + t->row.id + "' any more", ref);
    else if (type == "join")
      join(t, client, request, ref);
    else if (type == "resume")
      resume(t, client, request, ref);
    else if (type == "watch")
      watch(t, client, request, ref);
    else if (type == "move")
      move(t, client, request, ref);
    else if (type == "hint")
      hint(t, client, ref);
    else if (type == "chat")
      chat(t, client, request, ref);
    else if (type == "again")
      again(t, client, request, ref);
    else
      leave(t, client, ref);
    if (done) done();
  });
}

void Room::Impl::games(const std::shared_ptr<Client>& client, const json* ref) {
  if (!ref) return client->send(text_of(games_reply));
  json reply = games_reply;
  reply["ref"] = *ref;
  send(client, reply);
}

void Room::Impl::create(const std::shared_ptr<Client>& client, const json& request, const json* ref,
                        Done done) {
  auto fail = [&](const std::string& why) {
    error(client, why, ref);
    if (done) done();
  };
  const std::string* game_string = string_field(request, "game");
  if (!game_string) return fail("create needs a \"game\" (a game string)");
  std::string err;
  auto game = load_game(*game_string, &err);
  if (!game) return fail(err);
  const json* seats = field(request, "seats");
  const int n = game->num_seats();
  if (!seats || !seats->is_array() || static_cast<int>(seats->size()) != n)
    return fail("create needs \"seats\": " + std::to_string(n) +
                " entries, each \"me\", \"open\" or a computer player");
  auto name = name_field(request, client, ref);
  auto person = name ? person_field(request, client, ref) : std::nullopt;
  if (!name || !person) {
    if (done) done();
    return;
  }
  int turn_seconds = 0, pace_ms = 0;
  if (const json* f = field(request, "turn_seconds"); f && !f->is_null()) {
    if (!f->is_number_integer() || *f < 0 || *f > kMaxTurnSeconds)
      return fail("\"turn_seconds\" must be 0 to " + std::to_string(kMaxTurnSeconds));
    turn_seconds = f->get<int>();
  }
  if (const json* f = field(request, "pace_ms"); f && !f->is_null()) {
    if (!f->is_number_integer() || *f < 0 || *f > kMaxPaceMs)
      return fail("\"pace_ms\" must be 0 to " + std::to_string(kMaxPaceMs));
    pace_ms = f->get<int>();
  }
  bool is_private = false;
  if (const json* f = field(request, "private"); f && !f->is_null()) {
    if (!f->is_boolean()) return fail("\"private\" must be true or false");
    is_private = f->get<bool>();
  }
  auto t = std::make_shared<Table>(work, &room_stop);
  // Stored and shown in canonical form: every option, as `cardroom rules` prints it.
  t->row.game = game->game_string();
  t->row.seed = next_seed();
  t->row.turn_seconds = turn_seconds;
  t->row.pace_ms = pace_ms;
  t->row.is_private = is_private;
  t->row.created_ms = unix_ms();
  Seat me = kSpectator;
  for (Seat s = 0; s < n; ++s) {
    const json& entry = (*seats)[s];
    if (!entry.is_string())
      return fail("seat " + std::to_string(s) + ": \"me\", \"open\" or a player string");
    const std::string what = entry.get<std::string>();
    SeatRow row;
    row.seat = s;
    if (what == "me") {
      if (me != kSpectator) return fail("only one seat can be \"me\"");
      me = s;
      row.kind = "open";  // taken below, with a token
    } else if (what == "open") {
      row.kind = "open";
      row.invite = random_hex(8);
    } else {
      if (std::string why = seat_computer(row, what, *game); !why.empty())
        return fail("seat " + std::to_string(s) + ": " + why);
    }
    t->row.seats.push_back(row);
  }
  if (!open_match(*t, std::move(game), 0, &err)) return fail(err);
  if (std::string why = addresses.create_table(client->address()); !why.empty()) return fail(why);
  t->creator = client->address();
  t->counted_open = true;
  {
    std::lock_guard lock(mu);
    do t->row.id = random_hex(6);
    while (tables.contains(t->row.id));
  }
  on_strand(t, [this, t, client, me, name = *name, person = *person,
                ref = ref ? *ref : json(nullptr), done = std::move(done)] {
    const json* r = ref.is_null() ? nullptr : &ref;
    std::string token, err;
    if (me != kSpectator) token = take_seat(*t, me, client, name, person);
    if (!storage.add_table(t->row, &err)) {
      log("create failed: " + err);
      opened_table_closed(*t);
      error(client, "the room could not store the table: " + err, r);
      if (done) done();
      return;
    }
    {
      std::lock_guard lock(mu);
      tables[t->row.id] = t;
    }
    if (me != kSpectator) member(*t, client.get(), true);
    log("table " + t->row.id + " created: " + t->row.game + " by " + client->label());
    json invites = json::object();
    for (const SeatRow& row : t->row.seats)
      if (row.kind == "open") invites[std::to_string(row.seat)] = row.invite;
    json reply = {{"type", "created"}, {"table", t->row.id}, {"invites", invites}};
    if (t->row.is_private) reply["watch"] = watch_code(t->row);
    if (r) reply["ref"] = *r;
    send(client, reply);
    if (me != kSpectator)
      send(client, {{"type", "seated"}, {"table", t->row.id}, {"seat", me}, {"token", token}});
    start_if_full(t);
    if (me != kSpectator) send(client, table_message(*t, me));
    arm_expiry(t);
    publish(*t);
    if (done) done();
  });
}

std::uint64_t Room::Impl::next_seed() {
  return options.seed ? *options.seed + 0x9E3779B97F4A7C15ull * ++seeded : random_seed();
}

std::string Room::Impl::seat_computer(SeatRow& row, const std::string& what, const AnyGame& game) {
  if (std::string why = options.policy.check_player(what, game); !why.empty()) return why;
  std::string err;
  auto player = load_player(what, game, &err);
  if (!player) return err;
  row.kind = "computer";
  // A level keeps its name ("normal"): people see the level they chose, and a restored table
  // loads it again; another player string is kept in its canonical form.
  const bool level = is_level_name(what.substr(0, what.find('(')));
  row.player = level ? what : player->name();
  row.name = row.player;
  return "";
}

bool Room::Impl::open_match(Table& t, std::unique_ptr<AnyGame> game, double clock_from,
                            std::string* error) {
  const int n = game->num_seats();
  t.session = Session::create(std::move(game), t.row.seed, t.row.first_dealer, {}, error);
  if (!t.session) return false;
  t.match_table = std::make_unique<SessionTable>(*t.session);
  t.clock = std::make_unique<WallClock>(clock_from);
  t.seats.resize(n);
  return true;
}

void Room::Impl::arm_expiry(const TablePtr& t) {
  if (t->runner || options.policy.expire_unstarted.count() <= 0) return;
  // From the table's creation (a restored table has waited already).
  const auto waited = std::chrono::milliseconds(unix_ms() - t->row.created_ms);
  t->expiry.expires_after(options.policy.expire_unstarted - waited);
  // Not counted by idle(): a timer in the future is no job waiting to run.
  t->expiry.async_wait([this, t](const boost::system::error_code& ec) {
    if (!ec && !stopped && !t->runner && !t->gone) expire(t);
  });
}

void Room::Impl::disconnect(const std::shared_ptr<Client>& client) {
  lobby.unsubscribe(client.get());
  std::set<std::string> ids;
  {
    std::lock_guard lock(mu);
    auto it = member_of.find(client.get());
    if (it == member_of.end()) return;
    ids = std::move(it->second);
    member_of.erase(it);
  }
  for (const std::string& id : ids)
    if (TablePtr t = find(id)) on_strand(t, [this, t, client] { drop(t, client.get()); });
}

// --- restart ---------------------------------------------------------------------------------

bool Room::Impl::restore(std::string* error) {
  auto rows = storage.unfinished(error);
  if (!rows) return false;
  const std::int64_t now_ms = unix_ms();
  const auto expire_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(options.policy.expire_unstarted)
          .count();
  for (TableRow& row : *rows) {
    std::string err;
    if (!row.started && expire_ms > 0 && now_ms - row.created_ms >= expire_ms) {
      // It waited too long for its players: gone, not restored.
      if (storage.drop_table(row.id, &err))
        log("table " + row.id + " expired: never started");
      else
        log("table " + row.id + " expired, but removing it failed: " + err);
      continue;
    }
    auto game = load_game(row.game, &err);
    auto t = std::make_shared<Table>(work, &room_stop);
    const std::vector<MoveRow> moves = std::move(row.moves);
    row.moves.clear();
    t->row = std::move(row);
    // A real-time game's clock goes on from its last move's time.
    double last_time = 0;
    for (const MoveRow& m : moves)
      if (m.time_ms) last_time = static_cast<double>(*m.time_ms) / 1000;
    bool ok = game && open_match(*t, std::move(game), last_time, &err);
    for (std::size_t i = 0; ok && i < moves.size(); ++i) {
      const MoveRow& m = moves[i];
      ok = t->session->play(m.seat, m.text, &err, m.time_ms);
      if (!ok) err = "move " + std::to_string(i) + " (" + m.text + "): " + err;
    }
    if (!ok) {
      log("table " + t->row.id + " cannot be resumed: " + err);
      continue;
    }
    t->stored = t->session->moves_made();
    // Nobody is connected yet: each person's seat counts as disconnected from now.
    const auto now = std::chrono::steady_clock::now();
    for (Seat s = 0; s < t->num_seats(); ++s)
      if (t->is_person(s)) t->seats[s].gone_since = now;
    if (t->row.started && !start(*t, &err)) {
      log("table " + t->row.id + " cannot be resumed: " + err);
      continue;
    }
    {
      std::lock_guard lock(mu);
      tables[t->row.id] = t;
    }
    log("table " + t->row.id + " resumed after a restart at move " +
        std::to_string(t->session->moves_made()));
    on_strand(t, [this, t] {
      publish(*t);
      arm_expiry(t);
      advance(t);
    });
  }
  return true;
}

// --- the Room --------------------------------------------------------------------------------

Room::Room(Storage& storage, RoomOptions options)
    : impl_(std::make_unique<Impl>(storage, std::move(options))) {
  int n = impl_->options.threads;
  if (n <= 0) n = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (int i = 0; i < n; ++i) impl_->threads.emplace_back([this] { impl_->work.run(); });
}

Room::~Room() { stop(); }

void Room::stop() {
  if (impl_->stopped.exchange(true) && impl_->threads.empty()) return;
  // Every search answers at once; then nothing new starts and the threads end.
  impl_->room_stop.cancel();
  impl_->pool->stop();
  impl_->lobby.stop();
  impl_->guard.reset();
  impl_->work.stop();
  for (auto& t : impl_->threads)
    if (t.joinable()) t.join();
  impl_->threads.clear();
  // What was posted and never ran goes now, doing nothing (the room has stopped): its jobs hold
  // connections, which must go while the server's io_context still exists (server/http.h).
  impl_->work.restart();
  impl_->work.poll();
  // Timers go while the io_context lives; their queued handlers (holding tables) go with it.
  std::lock_guard lock(impl_->mu);
  for (auto& [id, t] : impl_->tables) {
    boost::system::error_code ignored;
    t->timer.cancel();
    t->expiry.cancel();
  }
  impl_->tables.clear();
}

bool Room::restore(std::string* error) { return impl_->restore(error); }

void Room::handle(const std::shared_ptr<Client>& client, std::string_view message,
                  std::function<void()> done) {
  impl_->handle(client, message, std::move(done));
}

void Room::disconnect(const std::shared_ptr<Client>& client) { impl_->disconnect(client); }

std::pair<int, std::string> Room::record(const std::string& table) {
  std::string err;
  if (auto record = impl_->storage.record(table, &err)) return {200, *record};
  if (!err.empty()) return {500, err};
  if (impl_->find(table))
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

AddressBook& Room::addresses() { return impl_->addresses; }

const RoomPolicy& Room::policy() const { return impl_->options.policy; }

}  // namespace cardroom::server
