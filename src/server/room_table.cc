// A table: its messages, moves stored then sent (or the table paused while the storage is away),
// computer moves asked for and made, timers (server/room_impl.h). Everything here runs on the
// table's strand, but for the search jobs, which run on the search pool.
#include <limits>

#include "bots/registry.h"
#include "core/registry.h"
#include "server/room_impl.h"

namespace cardroom::server {

using namespace room_detail;

namespace {

// Each seat's team, or null in a game without teams.
json teams_json(const Table& t) {
  const Teams teams = t.session->game().teams();
  if (teams.count <= 0) return nullptr;
  json out = json::array();
  for (Seat s = 0; s < t.num_seats(); ++s) out.push_back(teams.team_of[s]);
  return out;
}

json legal_json(const Table& t, Seat seat) {
  json legal = json::array();
  if (seat == kSpectator || !t.runner || t.state().over() || !t.state().actors().contains(seat))
    return legal;
  // Moves as data (core/move_data.h): text and code, verb, cards, number, strain, label.
  for (Move m : t.state().legal_moves(seat)) legal.push_back(t.state().move_json(m));
  return legal;
}

json turn_json(const Table& t) {
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

json record_link(const Table& t) {
  return t.state().over() && t.finished_stored ? json("/record/" + t.row.id) : json(nullptr);
}

json events_json(const Table& t, const std::vector<Event>& events) {
  json out = json::array();
  const CardNames names = t.session->game().card_names();
  for (const Event& e : events) out.push_back(event_json(e, names));
  return out;
}

}  // namespace

json Room::Impl::seats_json(const Table& t) const {
  json seats = json::array();
  for (Seat s = 0; s < t.num_seats(); ++s) {
    const SeatRow& row = t.row.seats[s];
    json j = {{"seat", s},
              {"kind", row.kind},
              {"name", row.name},
              {"player", nullptr},
              {"connected", row.kind == "computer" || t.connected(s)},
              {"away", t.seats[s].away}};
    if (row.kind == "computer") j["player"] = row.player;
    if (t.seats[s].away) j["player"] = sitter_for(t.session->game());
    seats.push_back(j);
  }
  return seats;
}

json Room::Impl::table_message(Table& t, Seat seat) {
  std::vector<Event> events = t.session->events_for(seat);
  if (events.size() > kEventsSent)
    events.erase(events.begin(), events.end() - static_cast<std::ptrdiff_t>(kEventsSent));
  return {{"type", "table"},
          {"table", t.row.id},
          {"game", t.row.game},
          {"title", game_title(t.row.game)},
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
          {"chat", visible_chat(t.chat, seat)},
          {"turn", turn_json(t)},
          {"record", record_link(t)},
          {"private", t.row.is_private},
          {"paused", t.paused}};
}

void Room::Impl::send_tables(Table& t) {
  if (t.paused) return;  // nobody hears of a move the storage does not have: after the pause
  std::map<Seat, std::string> by_seat;
  for (const Watcher& w : t.watchers) {
    auto client = w.client.lock();
    if (!client) continue;
    auto [it, fresh] = by_seat.try_emplace(w.seat);
    if (fresh) it->second = text_of(table_message(t, w.seat));
    client->send(it->second);
  }
}

void Room::Impl::send_updates(Table& t, std::size_t from) {
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

void Room::Impl::publish(const Table& t) {
  if (t.gone) return lobby.remove(t.row.id);
  int spectators = 0;
  for (const Watcher& w : t.watchers)
    if (w.seat == kSpectator && !w.client.expired()) ++spectators;
  json entry = {{"table", t.row.id},
                {"game", t.row.game},
                {"title", game_title(t.row.game)},
                {"seats", seats_json(t)},
                {"started", t.row.started},
                {"over", t.state().over()},
                {"spectators", spectators},
                {"paused", t.paused || t.abandoned}};
  lobby.publish(t.row.id, std::move(entry), !t.row.is_private, !t.row.started, t.row.created_ms);
}

// --- starting --------------------------------------------------------------------------------

bool Room::Impl::start(Table& t, std::string* error) {
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

void Room::Impl::start_if_full(const TablePtr& t) {
  if (t->runner) return;
  for (const SeatRow& row : t->row.seats)
    if (row.kind == "open") return;
  std::string err;
  if (!storage.set_started(t->row.id, &err) || !start(*t, &err)) {
    t->broken = true;
    log("table " + t->row.id + " cannot start: " + err);
    return;
  }
  t->row.started = true;
  t->expiry.cancel();
  opened_table_closed(*t);
  log("table " + t->row.id + " started");
  advance(t);
}

void Room::Impl::opened_table_closed(Table& t) {
  if (!t.counted_open) return;
  t.counted_open = false;
  addresses.table_closed(t.creator);
}

// --- moves, stored then sent -----------------------------------------------------------------

bool Room::Impl::store_pending(Table& t) {
  const auto& moves = t.session->moves();
  std::string err;
  for (; t.stored < moves.size(); ++t.stored) {
    const auto& m = moves[t.stored];
    if (!storage.add_move(t.row.id, static_cast<std::int64_t>(t.stored),
                          MoveRow{m.seat, m.text, m.time_ms}, &err)) {
      if (!t.paused)
        log("table " + t.row.id + " paused: storing move " + std::to_string(t.stored) +
            " failed: " + err + " (nothing more is played or sent until it is stored)");
      return false;
    }
  }
  if (t.state().over() && !t.finished_stored) {
    if (!storage.finish(t.row.id, text_of(t.session->record()), text_of(result_json(t, "over")),
                        unix_ms(), &err)) {
      if (!t.paused) log("table " + t.row.id + " paused: storing the finished game failed: " + err);
      return false;
    }
    t.finished_stored = true;
    t.stop.cancel();
    log("table " + t.row.id + " over");
  }
  return true;
}

void Room::Impl::committed(const TablePtr& tp, std::size_t events_from) {
  Table& t = *tp;
  if (!t.paused && store_pending(t)) {
    send_updates(t, events_from);
    if (t.state().over()) publish(t);
    return;
  }
  if (!t.paused) {
    // Nobody hears of these moves until they are stored; tick retries, backing off.
    t.paused = true;
    t.unsent_events = events_from;
    t.retry = kFirstRetry;
    const std::string message =
        text_of({{"type", "paused"},
                 {"table", t.row.id},
                 {"paused", true},
                 {"message", "the room cannot store moves right now: the table waits for it"}});
    for (const Watcher& w : t.watchers)
      if (auto c = w.client.lock()) c->send(message);
    wake_at(tp, std::chrono::steady_clock::now() + t.retry);
  }
}

void Room::Impl::retry_storage(const TablePtr& tp) {
  Table& t = *tp;
  if (!store_pending(t)) {
    t.retry = std::min(t.retry * 2, std::chrono::milliseconds(kLongestRetry));
    wake_at(tp, std::chrono::steady_clock::now() + t.retry);
    return;
  }
  t.paused = false;
  log("table " + t.row.id + " resumed: the storage is back (" + std::to_string(t.stored) +
      " moves stored)");
  const std::string message = text_of({{"type", "paused"}, {"table", t.row.id}, {"paused", false}});
  for (const Watcher& w : t.watchers)
    if (auto c = w.client.lock()) c->send(message);
  send_updates(t, t.unsent_events);
  send_tables(t);
  publish(t);
  advance(tp);
}

// --- computer moves and timers ---------------------------------------------------------------

void Room::Impl::wake_at(const TablePtr& tp, SteadyTime at) {
  Table& t = *tp;
  if (at <= std::chrono::steady_clock::now()) {
    on_strand(tp, [this, tp] { tick(tp); });
    return;
  }
  if (t.timer_at && *t.timer_at <= at) return;  // an earlier wake-up is set
  t.timer_at = at;
  t.timer.expires_at(at);
  // Not counted by idle() while it waits (a timer in the future is no job waiting to run).
  t.timer.async_wait([this, tp](const boost::system::error_code& ec) {
    // Cancelled: a newer wake-up replaced it.
    if (!ec && !stopped) tick(tp);
  });
}

void Room::Impl::advance(const TablePtr& tp) {
  Table& t = *tp;
  if (t.gone || t.broken || !t.runner || t.paused) return;
  const AnyState& state = t.state();
  const auto now = std::chrono::steady_clock::now();
  if (state.over()) {
    for (SeatState& s : t.seats) s.turn_deadline.reset();
    forget_if_done(tp);
    return;
  }
  check_abandoned(tp);
  if (t.gone) return;
  if (t.abandoned) {
    // Nothing moves and no timer runs until someone is back; the table ends after a longer while.
    if (options.end_abandoned.count() > 0)
      wake_at(tp, *t.empty_since + options.abandon_after + options.end_abandoned);
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
  if (t.empty_since && options.abandon_after.count() > 0)
    sooner(*t.empty_since + options.abandon_after);
  if (state.mode() == ActorMode::kRealTime) {
    // Every computer actor holds a decision (asked now if it has none); the earliest is due next.
    while (auto a = t.runner->ask()) ask(tp, std::move(*a));
    if (t.gone || t.broken) return;
    const double due = t.runner->held_due();
    if (due != std::numeric_limits<double>::infinity()) {
      const double wait = std::max(0.0, due - t.clock->now());
      sooner(now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                       std::chrono::duration<double>(wait)));
    }
  } else {
    bool computer_to_move = false, asking = false;
    for (Seat s : actors.to_vector()) {
      computer_to_move |= t.runner->is_computer(s);
      asking |= t.runner->asking(s);
    }
    if (computer_to_move && !asking) {
      // The table's pace first; then the player is asked (tick).
      if (!t.next_computer_move)
        t.next_computer_move = now + std::chrono::milliseconds(t.row.pace_ms);
      sooner(*t.next_computer_move);
    }
    if (!computer_to_move) t.next_computer_move.reset();
  }
  if (wake) wake_at(tp, *wake);
}

void Room::Impl::tick(const TablePtr& tp) {
  Table& t = *tp;
  if (t.gone || t.broken || !t.runner) return;
  const auto now = std::chrono::steady_clock::now();
  if (t.timer_at && *t.timer_at <= now) t.timer_at.reset();
  if (t.paused) return retry_storage(tp);
  if (t.abandoned) return advance(tp);  // it goes on once someone is back, or ends
  bool seats_changed = false;
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
  if (!t.state().over() && t.state().mode() == ActorMode::kRealTime) {
    // Every held decision that has come due, in order; then they are stored and sent.
    const std::size_t events = t.session->events().size(), moves = t.session->moves_made();
    std::string err;
    MatchRunner::Stop stop;
    while ((stop = t.runner->step_due(&err)) == MatchRunner::Stop::kMoved && !t.state().over()) {
    }
    if (stop == MatchRunner::Stop::kFailed || stop == MatchRunner::Stop::kForfeit) {
      t.broken = true;
      log("table " + t.row.id + " stopped: " + err);
    }
    if (t.session->moves_made() != moves) committed(tp, events);
  } else if (!t.state().over() && t.next_computer_move && *t.next_computer_move <= now) {
    // The table's pace has passed: the computer player is asked (deliver makes its move).
    if (auto a = t.runner->ask()) {
      t.next_computer_move.reset();
      ask(tp, std::move(*a));
    }
  }
  advance(tp);
  if (seats_changed) publish(t);
}

void Room::Impl::ask(const TablePtr& tp, MatchRunner::Ask a) {
  if (!a.player->searches()) {
    // The game's heuristic, the random player: microseconds, here, on the table's state.
    const Decision d = a.player->decide(SeatAccess(tp->state(), a.seat), a.rng);
    deliver(tp, a, d);
    return;
  }
  a.state = tp->state().clone();  // the search's own copy: the table goes on meanwhile
  auto shared = std::make_shared<MatchRunner::Ask>(std::move(a));
  job_started();
  pool->submit(tp.get(), &tp->stop, [this, tp, shared](const StopToken& stop) {
    // On a copy of the state, with the room's deadline: the table goes on meanwhile.
    const Decision d =
        shared->player->decide(SeatAccess(*shared->state, shared->seat, &stop), shared->rng);
    on_strand(tp, [this, tp, shared, d] {
      deliver(tp, *shared, d);
      advance(tp);
    });
    job_finished();
  });
}

void Room::Impl::deliver(const TablePtr& tp, const MatchRunner::Ask& a, const Decision& d) {
  Table& t = *tp;
  if (t.gone || t.broken || !t.runner) return;
  const std::size_t events = t.session->events().size(), moves = t.session->moves_made();
  std::string err;
  const MatchRunner::Stop stop = t.runner->deliver(a, d, &err);
  if (stop == MatchRunner::Stop::kFailed || stop == MatchRunner::Stop::kForfeit) {
    t.broken = true;
    log("table " + t.row.id + " stopped: " + err);
    return;
  }
  if (t.session->moves_made() != moves) committed(tp, events);
}

// --- tables nobody is at ----------------------------------------------------------------------

void Room::Impl::check_abandoned(const TablePtr& tp) {
  Table& t = *tp;
  const auto now = std::chrono::steady_clock::now();
  if (t.anyone_here()) {
    t.empty_since.reset();
    if (!t.abandoned) return;
    t.abandoned = false;
    t.clock->release();
    t.next_computer_move.reset();
    log("table " + t.row.id + " goes on: someone is back");
    publish(t);
    return;
  }
  if (options.abandon_after.count() <= 0) return;
  if (!t.empty_since) t.empty_since = now;
  // Paused at empty_since + abandon_after; ended after end_abandoned more.
  if (t.abandoned && options.end_abandoned.count() > 0 &&
      now >= *t.empty_since + options.abandon_after + options.end_abandoned)
    return end_abandoned(tp);
  if (t.abandoned || now < *t.empty_since + options.abandon_after) return;
  t.abandoned = true;
  t.clock->hold();  // a real-time game's time stops too
  for (SeatState& s : t.seats) s.turn_deadline.reset();
  const auto ms = options.abandon_after.count();
  log("table " + t.row.id + " paused: nobody has been at it for " +
      (ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms"));
  publish(t);
}

void Room::Impl::end_abandoned(const TablePtr& tp) {
  Table& t = *tp;
  std::string err;
  // Kept as abandoned (not restored after a restart), its record downloadable and in its
  // people's history: nothing they played is lost.
  if (!storage.finish(t.row.id, text_of(t.session->record()), text_of(result_json(t, "abandoned")),
                      unix_ms(), &err)) {
    log("table " + t.row.id + ": storing it as abandoned failed: " + err + " (retried later)");
    t.empty_since = std::chrono::steady_clock::now() - options.abandon_after -
                    options.end_abandoned + std::chrono::milliseconds(kLongestRetry);
    return;
  }
  log("table " + t.row.id + " ended: nobody came back");
  remove(tp);
}

// --- tables that go ---------------------------------------------------------------------------

void Room::Impl::forget_if_done(const TablePtr& t) {
  if (!t->finished_stored || t->gone) return;
  for (const Watcher& w : t->watchers)
    if (!w.client.expired()) return;
  remove(t);
}

void Room::Impl::remove(const TablePtr& t) {
  t->gone = true;
  t->stop.cancel();
  t->timer.cancel();
  t->expiry.cancel();
  {
    std::lock_guard lock(mu);
    tables.erase(t->row.id);
    for (const Watcher& w : t->watchers)
      if (auto c = w.client.lock()) {
        auto it = member_of.find(c.get());
        if (it == member_of.end()) continue;
        it->second.erase(t->row.id);
        if (it->second.empty()) member_of.erase(it);
      }
  }
  lobby.remove(t->row.id);
  opened_table_closed(*t);
}

void Room::Impl::expire(const TablePtr& t) {
  const auto seconds =
      std::chrono::duration_cast<std::chrono::seconds>(options.policy.expire_unstarted).count();
  const std::string wait = seconds % 60 == 0 ? std::to_string(seconds / 60) + " minutes"
                                             : std::to_string(seconds) + " seconds";
  log("table " + t->row.id + " expired: its seats were not all taken in " + wait);
  const std::string message =
      text_of({{"type", "closed"},
               {"table", t->row.id},
               {"message", "this table closed: its seats were not all taken in " + wait}});
  for (const Watcher& w : t->watchers)
    if (auto c = w.client.lock()) c->send(message);
  std::string err;
  if (!storage.drop_table(t->row.id, &err))
    log("table " + t->row.id + ": removing it from the storage failed: " + err +
        " (it is dropped at the next restart)");
  remove(t);
}

}  // namespace cardroom::server
