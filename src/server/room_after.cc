// After a game (server/room_impl.h): playing again at the same table, a person's history of
// finished games, and the review of a game (server/review.h): the double-dummy analysis of a hand
// that is over and the replay of a finished game, move by move, every hand shown. A finished
// game's record is public to anyone with its table's id (GET /record/TABLE), so its analysis and
// its replay are too; while the game goes on, only its players may ask, for what review.h allows.
#include <charconv>

#include "bots/levels.h"
#include "bots/registry.h"
#include "core/registry.h"
#include "server/review.h"
#include "server/room_impl.h"

namespace cardroom::server {

using namespace room_detail;

namespace {

constexpr int kHistoryKept = 30;  // games in one history message

}  // namespace

json Room::Impl::result_json(const Table& t, const char* ended) const {
  const json v = t.state().view(kSpectator);
  json r = {{"ended", ended}, {"rounds", t.state().rounds_completed()}};
  for (const char* key : {"scores", "team_scores", "winners", "out"})
    if (v.contains(key)) r[key] = v[key];
  const Teams teams = t.session->game().teams();
  if (teams.count > 0) {
    json of = json::array();
    for (Seat s = 0; s < t.num_seats(); ++s) of.push_back(teams.team_of[s]);
    r["teams"] = of;
  }
  return r;
}

// --- play again ------------------------------------------------------------------------------

void Room::Impl::again(const TablePtr& t, const std::shared_ptr<Client>& client,
                       const json& request, const json* ref) {
  auto seat = seat_of(*t, client, ref);
  if (!seat) return;
  if (!t->state().over() || !t->finished_stored)
    return error(client, "the game is not over yet: play again once it is", ref);
  if (!t->next.empty())
    // Someone asked first; the people at the table were moved then.
    return error(client, "a new game has started already: table " + t->next, ref);
  std::string err;
  auto game = load_game(t->row.game, &err);
  if (!game) return error(client, err, ref);
  const int n = game->num_seats();
  // Who takes the seat of a person who has left: "open", or a computer level or player string.
  std::map<Seat, std::string> replace;
  if (const json* f = field(request, "replace"); f && !f->is_null()) {
    if (!f->is_object())
      return error(client, "\"replace\" must be an object: {\"SEAT\": \"open\" or a level}", ref);
    for (const auto& [key, value] : f->items()) {
      int s = -1;
      const auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), s);
      if (ec != std::errc() || end != key.data() + key.size() || s < 0 || s >= n)
        return error(client, "\"replace\": '" + key.substr(0, 10) + "' is not a seat", ref);
      if (!value.is_string())
        return error(client, "\"replace\": seat " + key + " needs \"open\" or a level", ref);
      replace[s] = value.get<std::string>();
    }
  }
  // Every replacement is checked, used or not: a bad one is an error that changes nothing.
  for (const auto& [s, what] : replace) {
    SeatRow trial;
    if (what == "open") continue;
    if (std::string why = seat_computer(trial, what, *game); !why.empty())
      return error(client, "seat " + std::to_string(s) + ": " + why, ref);
  }
  std::string fallback = sitter_for(*game);
  for (const Level& level : player_levels(*game))
    if (level.name == "normal") fallback = level.name;

  auto nt = std::make_shared<Table>(work, &room_stop);
  nt->row.game = t->row.game;
  nt->row.seed = next_seed();
  nt->row.turn_seconds = t->row.turn_seconds;
  nt->row.pace_ms = t->row.pace_ms;
  nt->row.is_private = t->row.is_private;
  nt->row.created_ms = unix_ms();
  // The deal passes to the next seat, as it would for a new game: the first game's first dealer
  // (drawn from its seed, or set) is read from its start.
  if (auto first = Session::create(load_game(t->row.game, &err), t->row.seed, t->row.first_dealer,
                                   {}, &err)) {
    const json v = first->state().view(kSpectator);
    if (v.contains("dealer") && v["dealer"].is_number_integer())
      nt->row.first_dealer = (v["dealer"].get<int>() + 1) % n;
  }
  // The same people in the same seats (partnerships stay); the same computer players.
  for (Seat s = 0; s < n; ++s) {
    const SeatRow& old = t->row.seats[s];
    SeatRow row;
    row.seat = s;
    if (old.kind == "computer") {
      row.kind = "computer";
      row.player = old.player;
      row.name = old.name;
    } else if (old.kind == "human" && t->connected(s)) {
      row.kind = "open";  // taken below, with a token
    } else {
      const auto it = replace.find(s);
      const std::string what = it != replace.end() ? it->second : fallback;
      if (what == "open") {
        row.kind = "open";
        row.invite = random_hex(8);
      } else if (std::string why = seat_computer(row, what, *game); !why.empty()) {
        return error(client, "seat " + std::to_string(s) + ": " + why, ref);
      }
    }
    nt->row.seats.push_back(row);
  }
  if (!open_match(*nt, std::move(game), 0, &err)) return error(client, err, ref);
  if (std::string why = addresses.create_table(client->address()); !why.empty())
    return error(client, why, ref);
  nt->creator = client->address();
  nt->counted_open = true;
  {
    std::lock_guard lock(mu);
    do nt->row.id = random_hex(6);
    while (tables.contains(nt->row.id));
  }
  // Each person's seat: one new token, for every connection that holds it.
  std::map<Seat, std::string> tokens;
  std::vector<std::pair<std::shared_ptr<Client>, Seat>> moved;
  for (const Watcher& w : t->watchers) {
    auto c = w.client.lock();
    if (!c || w.seat == kSpectator) continue;
    if (!tokens.contains(w.seat)) {
      const SeatRow& old = t->row.seats[w.seat];
      tokens[w.seat] = take_seat(*nt, w.seat, c, old.name, old.person);
    } else {
      nt->watchers.push_back({c, w.seat});
    }
    moved.emplace_back(c, w.seat);
  }
  if (!storage.add_table(nt->row, &err)) {
    opened_table_closed(*nt);
    return error(client, "the room could not store the new table: " + err, ref);
  }
  log("table " + nt->row.id + " created: " + nt->row.game + ", a new game after table " +
      t->row.id + " (asked by " + client->label() + ")");
  t->next = nt->row.id;
  json invites = json::object();
  for (const SeatRow& row : nt->row.seats)
    if (row.kind == "open") invites[std::to_string(row.seat)] = row.invite;
  const std::string name = t->row.seats[*seat].name;
  for (const Watcher& w : t->watchers) {
    auto c = w.client.lock();
    if (!c) continue;
    json note = {{"type", "again"}, {"table", t->row.id}, {"next", nt->row.id}, {"by", name}};
    if (w.seat == kSpectator && nt->row.is_private) note["watch"] = watch_code(nt->row);
    if (c == client && ref) note["ref"] = *ref;
    send(c, note);
    if (w.seat != kSpectator)
      send(
          c,
          {{"type", "seated"}, {"table", nt->row.id}, {"seat", w.seat}, {"token", tokens[w.seat]}});
  }
  // The one who asked keeps the invitations of seats that opened, like a table's creator.
  json created = {{"type", "created"}, {"table", nt->row.id}, {"invites", invites}};
  if (nt->row.is_private) created["watch"] = watch_code(nt->row);
  send(client, created);
  // The people move to the new table; spectators follow on their own (their page watches it).
  std::erase_if(t->watchers, [](const Watcher& w) { return w.seat != kSpectator; });
  for (const auto& [c, s] : moved) member(*t, c.get(), false);
  {
    std::lock_guard lock(mu);
    tables[nt->row.id] = nt;
  }
  for (const auto& [c, s] : moved) member(*nt, c.get(), true);
  on_strand(nt, [this, nt] {
    start_if_full(nt);
    send_tables(*nt);
    arm_expiry(nt);
    publish(*nt);
  });
  publish(*t);
  forget_if_done(t);
}

// --- history ---------------------------------------------------------------------------------

void Room::Impl::history(const std::shared_ptr<Client>& client, const json& request,
                         const json* ref, Done done) {
  auto person = person_field(request, client, ref);
  if (!person || person->empty()) {
    if (person) error(client, "history needs the browser's \"key\"", ref);
    if (done) done();
    return;
  }
  // The storage is read off the network thread.
  job_started();
  boost::asio::post(work, [this, client, person = *person, ref = ref ? *ref : json(nullptr),
                           done = std::move(done)] {
    const json* r = ref.is_null() ? nullptr : &ref;
    std::string err;
    auto rows = stopped ? std::nullopt : storage.history(person, kHistoryKept, &err);
    if (!rows) {
      if (!stopped) error(client, "the room could not read its history: " + err, r);
    } else {
      json games = json::array();
      for (const HistoryRow& row : *rows) {
        json seats = json::array(), mine = json::array();
        for (const SeatRow& s : row.seats) {
          seats.push_back({{"seat", s.seat},
                           {"kind", s.kind},
                           {"name", s.name},
                           {"player", s.kind == "computer" ? json(s.player) : json(nullptr)}});
          if (s.person == person) mine.push_back(s.seat);
        }
        json result = json::parse(row.result, nullptr, false);
        games.push_back({{"table", row.id},
                         {"game", row.game},
                         {"title", game_title(row.game)},
                         {"created_ms", row.created_ms},
                         {"finished_ms", row.finished_ms},
                         {"seats", seats},
                         {"mine", mine},
                         {"result", result.is_discarded() ? json(nullptr) : result},
                         {"record", "/record/" + row.id}});
      }
      json reply = {{"type", "history"}, {"games", games}};
      if (r) reply["ref"] = *r;
      send(client, reply);
    }
    if (done) done();
    job_finished();
  });
}

// --- review ----------------------------------------------------------------------------------

void Room::Impl::review(const std::string& type, const std::shared_ptr<Client>& client,
                        const json& request, const json* ref, Done done) {
  auto fail = [&](const std::string& why) {
    error(client, why, ref);
    if (done) done();
  };
  const std::string* id = string_field(request, "table");
  if (!id) return fail("the request needs a \"table\" (its id, a string)");
  int round = 0;
  std::size_t step = 0;
  if (type == "analysis") {
    if (const json* f = field(request, "round"); f && !f->is_null()) {
      if (!f->is_number_unsigned() || *f < 1 || *f > 100000)
        return fail("\"round\" must be a round's number, 1 for the first");
      round = f->get<int>();
    }
  } else {
    const json* f = field(request, "step");
    if (!f || !f->is_number_unsigned() || *f > 1000000)
      return fail("replay needs a \"step\": the number of moves made, 0 for the start");
    step = f->get<std::size_t>();
  }
  // The work itself, on a record: the analysis on the search pool (it solves), the replay on the
  // room's workers. `seat`: kNoSeat for a finished game, else the one seat analysed.
  auto run = [this, type, client, round, step, ref = ref ? *ref : json(nullptr), table = *id](
                 json record, Seat seat) {
    auto answer = [this, type, client, round, step, ref, table, record = std::move(record),
                   seat](const StopToken&) {
      std::string err;
      json out = type == "analysis" ? analysis_json(record, round, seat, &err)
                                    : replay_step(record, step, &err);
      const json* r = ref.is_null() ? nullptr : &ref;
      if (out.is_null()) {
        error(client, err, r);
      } else {
        // {"type": "analysis", "table", "analysis": the `analyze --json` document}, or the
        // replay's step with its type and table.
        json reply = type == "analysis" ? json{{"analysis", std::move(out)}} : std::move(out);
        reply["type"] = type;
        reply["table"] = table;
        if (r) reply["ref"] = *r;
        send(client, reply);
      }
      job_finished();
    };
    job_started();
    if (type == "analysis")
      pool->submit(client.get(), &room_stop, std::move(answer));
    else
      boost::asio::post(work, [answer = std::move(answer)] { answer(StopToken{}); });
  };
  auto from_storage = [this, client, run, ref = ref ? *ref : json(nullptr), table = *id, type] {
    job_started();
    boost::asio::post(work, [this, client, run, ref, table, type] {
      const json* r = ref.is_null() ? nullptr : &ref;
      std::string err;
      auto text = stopped ? std::nullopt : storage.record(table, &err);
      json record = text ? json::parse(*text, nullptr, false) : json();
      if (!text)
        error(client,
              err.empty() ? "there is no finished table '" + table.substr(0, 40) + "'"
                          : "the room could not read the record: " + err,
              r);
      else if (record.is_discarded() || !record.is_object())
        error(client, "the stored record of table " + table + " cannot be read", r);
      else
        run(std::move(record), kNoSeat);
      job_finished();
    });
  };
  TablePtr t = find(*id);
  if (!t) {
    from_storage();
    if (done) done();
    return;
  }
  on_strand(t, [this, t, client, type, run, from_storage, ref = ref ? *ref : json(nullptr),
                done = std::move(done)] {
    const json* r = ref.is_null() ? nullptr : &ref;
    if (t->state().over() && t->finished_stored) {
      from_storage();
    } else if (type == "replay") {
      error(client, "the replay opens once the game is over", r);
    } else if (Watcher* w = t->watcher_of(client.get()); !w || w->seat == kSpectator) {
      error(client,
            "while the game goes on, a hand's analysis is for its players (each sees their own "
            "plays); everyone may see it once the game is over",
            r);
    } else {
      run(t->session->record(), w->seat);
    }
    if (done) done();
  });
}

}  // namespace cardroom::server
