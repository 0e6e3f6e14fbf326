// Seats and liveness: join, resume, watch, move, hint, chat, leave; people who disconnect go
// away and come back (server/room_impl.h). Everything here runs on the table's strand.
#include <charconv>

#include "bots/registry.h"
#include "server/room_impl.h"

namespace cardroom::server {

using namespace room_detail;

void Room::Impl::member(const Table& t, const Client* client, bool at) {
  std::lock_guard lock(mu);
  if (at) {
    member_of[client].insert(t.row.id);
    return;
  }
  auto it = member_of.find(client);
  if (it == member_of.end()) return;
  it->second.erase(t.row.id);
  if (it->second.empty()) member_of.erase(it);
}

// Issues a seat to `client`: a fresh token, stored as its hash.
std::string Room::Impl::take_seat(Table& t, Seat s, const std::shared_ptr<Client>& client,
                                  const std::string& name, const std::string& person) {
  const std::string token = random_hex(16);
  SeatRow& row = t.row.seats[s];
  row.kind = "human";
  row.name = name.empty() ? "S" + std::to_string(s) : name;
  row.token_hash = sha256_hex(token);
  row.invite.clear();
  row.person = person;
  if (Watcher* w = t.watcher_of(client.get()))
    w->seat = s;
  else
    t.watchers.push_back({client, s});
  return token;
}

std::optional<std::string> Room::Impl::name_field(const json& request,
                                                  const std::shared_ptr<Client>& client,
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

std::optional<std::string> Room::Impl::person_field(const json& request,
                                                    const std::shared_ptr<Client>& client,
                                                    const json* ref) {
  const json* f = field(request, "key");
  if (!f || f->is_null()) return std::string();
  if (!f->is_string() || f->get<std::string>().size() < 16 || f->get<std::string>().size() > 100) {
    error(client, "\"key\" must be a string of 16 to 100 bytes (the browser's random key)", ref);
    return std::nullopt;
  }
  // Kept only as its hash, like a token: the storage never holds what finds a person's games.
  return sha256_hex("person " + f->get<std::string>());
}

void Room::Impl::join(const TablePtr& t, const std::shared_ptr<Client>& client, const json& request,
                      const json* ref) {
  auto name = name_field(request, client, ref);
  if (!name) return;
  auto person = person_field(request, client, ref);
  if (!person) return;
  const std::string* invite = string_field(request, "invite");
  const json* seat_field = field(request, "seat");
  if (t->watcher_of(client.get()) && t->watcher_of(client.get())->seat != kSpectator)
    return error(client, "you already have a seat at this table", ref);
  Seat seat = kSpectator;
  if (invite) {
    for (const SeatRow& row : t->row.seats)
      if (row.kind == "open" && row.invite == *invite) seat = row.seat;
    if (seat == kSpectator) return error(client, "that invitation has been used or is wrong", ref);
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
  const bool was_watching = t->watcher_of(client.get()) != nullptr;
  const std::string token = take_seat(*t, seat, client, *name, *person);
  std::string err;
  if (!storage.set_seat(t->row.id, t->row.seats[seat], &err)) {
    t->row.seats[seat] = before;
    if (was_watching)
      t->watcher_of(client.get())->seat = kSpectator;
    else
      std::erase_if(t->watchers, [&](const Watcher& w) { return w.client.lock() == client; });
    return error(client, "the room could not store the seat: " + err, ref);
  }
  member(*t, client.get(), true);
  log("table " + t->row.id + ": S" + std::to_string(seat) + " joined by " + client->label());
  json reply = {{"type", "seated"}, {"table", t->row.id}, {"seat", seat}, {"token", token}};
  if (ref) reply["ref"] = *ref;
  send(client, reply);
  start_if_full(t);
  send_tables(*t);
  publish(*t);
}

void Room::Impl::resume(const TablePtr& t, const std::shared_ptr<Client>& client,
                        const json& request, const json* ref) {
  const std::string* token = string_field(request, "token");
  if (!token) return error(client, "resume needs the seat's \"token\"", ref);
  const std::string hash = sha256_hex(*token);
  Seat seat = kSpectator;
  for (const SeatRow& row : t->row.seats)
    if (row.kind == "human" && row.token_hash == hash) seat = row.seat;
  if (seat == kSpectator) return error(client, "that token holds no seat at this table", ref);
  Seat released = kSpectator;
  if (Watcher* w = t->watcher_of(client.get())) {
    released = w->seat == seat ? kSpectator : w->seat;
    w->seat = seat;
  } else {
    t->watchers.push_back({client, seat});
  }
  member(*t, client.get(), true);
  const bool was_away = t->seats[seat].away;
  if (t->runner) come_back(*t, seat);
  t->seats[seat].gone_since.reset();
  log("table " + t->row.id + ": S" + std::to_string(seat) + " resumed by " + client->label());
  json reply = {{"type", "seated"}, {"table", t->row.id}, {"seat", seat}, {"token", *token}};
  if (ref) reply["ref"] = *ref;
  send(client, reply);
  // The seat this connection held before is held by nobody now, unless another connection does:
  // its person is gone from now, and a computer player sits in after away_after.
  if (released != kSpectator) seat_left(t, released);
  send_tables(*t);
  advance(t);
  if (was_away || released != kSpectator) publish(*t);
}

void Room::Impl::watch(const TablePtr& t, const std::shared_ptr<Client>& client,
                       const json& request, const json* ref) {
  if (t->row.is_private) {
    const std::string* code = string_field(request, "code");
    if (!code || *code != watch_code(t->row))
      return error(client, "this table is private: watch it with its code (the host's link)", ref);
  }
  if (t->paused)  // its last moves are not stored yet: nobody hears of them before they are
    return error(client,
                 "this table is paused until the room's database is back: watch it in a moment",
                 ref);
  if (Watcher* w = t->watcher_of(client.get())) {
    if (w->seat != kSpectator) return error(client, "you have a seat at this table", ref);
  } else {
    t->watchers.push_back({client, kSpectator});
    member(*t, client.get(), true);
  }
  json reply = table_message(*t, kSpectator);
  if (ref) reply["ref"] = *ref;
  send(client, reply);
  publish(*t);  // its count of spectators
  advance(t);   // a table nobody was at goes on
}

std::optional<Seat> Room::Impl::seat_of(Table& t, const std::shared_ptr<Client>& client,
                                        const json* ref) {
  Watcher* w = t.watcher_of(client.get());
  if (!w || w->seat == kSpectator) {
    error(client, "you have no seat at this table (join it, or resume with your token)", ref);
    return std::nullopt;
  }
  return w->seat;
}

void Room::Impl::move(const TablePtr& t, const std::shared_ptr<Client>& client, const json& request,
                      const json* ref) {
  auto seat = seat_of(*t, client, ref);
  if (!seat) return;
  if (t->broken) return error(client, "this table has stopped (see the server's log)", ref);
  if (!t->runner) return error(client, "the game has not started: a seat is still open", ref);
  if (t->paused)
    return error(client,
                 "the room cannot store moves right now (its database is away): the table is "
                 "paused until it is back; nothing was played",
                 ref);
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
  const std::size_t events = t->session->events().size();
  // A person who comes back takes their seat from the computer player before moving.
  if (was_away) come_back(*t, *seat);
  if (!t->runner->submit(*seat, *move, &err)) {
    if (was_away) send_tables(*t);
    advance(t);
    return error(client, err, ref);
  }
  t->seats[*seat].turn_deadline.reset();
  committed(t, events);
  if (was_away) {
    send_tables(*t);
    publish(*t);
  }
  advance(t);
}

void Room::Impl::hint(const TablePtr& t, const std::shared_ptr<Client>& client, const json* ref) {
  auto seat = seat_of(*t, client, ref);
  if (!seat) return;
  if (t->paused)
    return error(client, "this table is paused until the room's database is back", ref);
  if (!t->runner || t->state().over() || !t->state().actors().contains(*seat))
    return error(client, "it is not your turn", ref);
  std::string err;
  auto player = load_player(sitter_for(t->session->game()), t->session->game(), &err);
  if (!player) return error(client, err, ref);
  Rng rng(random_seed());
  // The hint player sees only the seat's view, like any player; it never searches.
  const Decision d = player->decide(SeatAccess(t->state(), *seat), rng);
  json reply = {{"type", "hint"},
                {"table", t->row.id},
                {"move", t->state().move_text(d.move)},
                {"code", std::to_string(d.move.code)}};
  if (ref) reply["ref"] = *ref;
  send(client, reply);
}

namespace room_detail {

// Table chat reaches everyone at the table, team chat only the team's seats.
static bool chat_visible(const json& stored, Seat seat) {
  if (stored["to"] == "table") return true;
  for (const json& member : stored["team_members"])
    if (member.get<int>() == seat) return true;
  return false;
}

json chat_json(const json& stored) {
  return {{"type", "chat"},         {"table", stored["table"]}, {"seat", stored["seat"]},
          {"name", stored["name"]}, {"text", stored["text"]},   {"to", stored["to"]}};
}

json visible_chat(const std::deque<json>& chat, Seat seat) {
  json out = json::array();
  for (const json& c : chat)
    if (chat_visible(c, seat)) out.push_back(chat_json(c));
  return out;
}

}  // namespace room_detail

void Room::Impl::chat(const TablePtr& t, const std::shared_ptr<Client>& client, const json& request,
                      const json* ref) {
  const std::string* text = string_field(request, "text");
  if (!text || text->empty() || text->size() > kMaxChat)
    return error(client, "chat needs a \"text\" of 1 to " + std::to_string(kMaxChat) + " bytes",
                 ref);
  std::string to = "table";
  if (const std::string* f = string_field(request, "to")) to = *f;
  if (to != "table" && to != "team")
    return error(client, "\"to\" must be \"table\" or \"team\"", ref);
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
  json stored = {{"table", t->row.id},
                 {"seat", seat == kSpectator ? json(nullptr) : json(seat)},
                 {"name", seat == kSpectator ? std::string("spectator") : t->row.seats[seat].name},
                 {"text", *text},
                 {"to", to},
                 {"team_members", members}};
  t->chat.push_back(stored);
  if (t->chat.size() > kChatKept) t->chat.pop_front();
  const std::string message = text_of(chat_json(stored));
  for (const Watcher& other : t->watchers) {
    if (!room_detail::chat_visible(stored, other.seat)) continue;
    if (auto c = other.client.lock()) c->send(message);
  }
}

void Room::Impl::leave(const TablePtr& t, const std::shared_ptr<Client>& client, const json* ref) {
  if (!t->watcher_of(client.get())) return error(client, "you are not at this table", ref);
  drop(t, client.get());
}

void Room::Impl::drop(const TablePtr& t, const Client* client) {
  // `client`'s watchers, and those whose connection is gone (client null: only those).
  std::vector<Seat> seats;
  bool was = false;
  std::erase_if(t->watchers, [&](const Watcher& w) {
    auto c = w.client.lock();
    if (c && (!client || c.get() != client)) return false;
    if (c) was = true;
    if (w.seat != kSpectator) seats.push_back(w.seat);
    return true;
  });
  if (was) member(*t, client, false);
  forget_if_done(t);
  if (t->gone) return;
  for (Seat seat : seats) seat_left(t, seat);
  publish(*t);
  advance(t);  // nobody left at the table: it pauses after a while
}

void Room::Impl::seat_left(const TablePtr& t, Seat seat) {
  if (t->connected(seat)) return;
  if (t->is_person(seat) && t->runner && !t->state().over()) {
    t->seats[seat].gone_since = std::chrono::steady_clock::now();
    log("table " + t->row.id + ": S" + std::to_string(seat) + " disconnected");
    send_tables(*t);
    advance(t);
  }
}

void Room::Impl::go_away(Table& t, Seat s, const std::string& why) {
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

void Room::Impl::come_back(Table& t, Seat s) {
  t.seats[s].gone_since.reset();
  if (!t.seats[s].away) return;
  t.seats[s].away = false;
  t.runner->set_player(s, nullptr);
  t.next_computer_move.reset();
  log("table " + t.row.id + ": S" + std::to_string(s) + " back");
}

}  // namespace cardroom::server
