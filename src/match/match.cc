#include "match/match.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/assert.h"

namespace cardroom {

bool SessionTable::apply(Seat seat, Move move, double time, std::vector<Event>* events,
                         std::string* error) {
  const std::size_t before = session_.events().size();
  std::optional<std::int64_t> time_ms;
  if (session_.state().mode() == ActorMode::kRealTime)
    time_ms = static_cast<std::int64_t>(std::llround(time * 1000));
  if (!session_.play(seat, move, error, time_ms)) return false;
  if (events)
    events->insert(events->end(), session_.events().begin() + static_cast<std::ptrdiff_t>(before),
                   session_.events().end());
  return true;
}

bool StateTable::apply(Seat seat, Move move, double time, std::vector<Event>* events,
                       std::string* error) {
  // A real-time game learns each move's arrival time (ApplyContext::time_ms), as through Session.
  std::optional<std::int64_t> time_ms;
  if (state_->mode() == ActorMode::kRealTime)
    time_ms = static_cast<std::int64_t>(std::llround(time * 1000));
  ApplyContext ctx{events, {}, nullptr, time_ms};
  Status st = state_->apply(seat, move, events || time_ms ? &ctx : nullptr);
  if (!st.ok()) {
    *error = st.error;
    return false;
  }
  return true;
}

MatchRunner::MatchRunner(MatchTable& table, std::vector<std::unique_ptr<Player>> players,
                         Clock& clock, std::uint64_t bot_seed)
    : table_(table),
      players_(std::make_move_iterator(players.begin()), std::make_move_iterator(players.end())),
      clock_(clock),
      bot_rng_(bot_seed),
      tie_rng_(~bot_seed * 0x9E3779B97F4A7C15ull) {
  CARDROOM_ASSERT(players_.size() <= static_cast<std::size_t>(table_.state().num_seats()),
                  "more players than seats");
  players_.resize(table_.state().num_seats());
  pending_.resize(players_.size());
  think_.resize(players_.size());
  asked_.assign(players_.size(), 0);
  for (Seat s = 0; s < static_cast<Seat>(players_.size()); ++s) {
    if (!players_[s]) continue;
    players_[s]->start(SeatAccess(table_.state(), s));
    want_events_ |= players_[s]->wants_events();
    failed(s);
  }
}

bool MatchRunner::failed(Seat seat) {
  if (!players_[seat] || players_[seat]->failure().empty()) return false;
  if (forfeit_ < 0 && !table_.state().over()) forfeit_ = seat;
  return true;
}

MatchRunner::Stop MatchRunner::forfeit(std::string* error) {
  *error = players_[forfeit_]->failure();
  return Stop::kForfeit;
}

Decision MatchRunner::ask(Seat seat) {
  const auto start = std::chrono::steady_clock::now();
  const Decision d = players_[seat]->decide(SeatAccess(table_.state(), seat), bot_rng_);
  const double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ThinkTime& t = think_[seat];
  ++t.decisions;
  t.seconds += took;
  t.longest = std::max(t.longest, took);
  return d;
}

bool MatchRunner::apply(Seat seat, Move move, std::string* error) {
  events_.clear();
  const int rounds = table_.state().rounds_completed();
  if (!table_.apply(seat, move, clock_.now(), want_events_ ? &events_ : nullptr, error))
    return false;
  // Decisions of seats that may no longer move lapse, and every decision when the move ended a
  // round: it was made for a round that is over (the next deal is a new position).
  const bool round_over = table_.state().rounds_completed() != rounds;
  const SeatSet actors = table_.state().actors();
  for (Seat s = 0; s < static_cast<Seat>(pending_.size()); ++s)
    if (round_over || !actors.contains(s)) {
      pending_[s].active = false;
      asked_[s] = 0;  // a decision being made elsewhere lapses too
    }
  if (want_events_)
    for (Seat s = 0; s < static_cast<Seat>(players_.size()); ++s)
      if (players_[s] && players_[s]->wants_events())
        for (const Event& e : events_)
          if (e.visible_to_seat(s)) players_[s]->observe(SeatAccess(table_.state(), s), e);
  for (Seat s = 0; s < static_cast<Seat>(players_.size()); ++s) failed(s);
  if (table_.state().over() && !ended_) {
    ended_ = true;
    for (Seat s = 0; s < static_cast<Seat>(players_.size()); ++s)
      if (players_[s]) players_[s]->end(SeatAccess(table_.state(), s));
  }
  return true;
}

void MatchRunner::schedule() {
  const SeatSet actors = table_.state().actors();
  for (Seat s : actors.to_vector()) {
    if (!is_computer(s) || pending_[s].active) continue;
    const Decision d = ask(s);
    if (failed(s)) return;  // the seat forfeits: step says so
    if (!std::isfinite(d.delay)) {
      // A computer player that waits says until when: a move with no time would stall the match.
      broken_ = "computer player " + players_[s]->name() + " at S" + std::to_string(s) +
                " gave its move no time to arrive";
      return;
    }
    pending_[s] = Pending{true, d.move, clock_.now() + std::max(0.0, d.delay), tie_rng_.next(),
                          table_.state().seq()};
  }
}

double MatchRunner::next_due() {
  const AnyState& state = table_.state();
  if (state.over() || state.mode() != ActorMode::kRealTime)
    return std::numeric_limits<double>::infinity();
  schedule();
  return held_due();
}

MatchRunner::Stop MatchRunner::step(std::string* error) {
  const AnyState& state = table_.state();
  if (state.over()) return Stop::kOver;
  if (forfeit_ >= 0) return forfeit(error);
  const SeatSet actors = state.actors();
  if (state.mode() != ActorMode::kRealTime) {
    Seat seat = -1;
    for (Seat s : actors.to_vector())
      if (is_computer(s)) {
        seat = s;
        break;
      }
    if (seat < 0) return Stop::kOutside;
    const Decision d = ask(seat);
    if (failed(seat)) return forfeit(error);
    if (!apply(seat, d.move, error)) {
      *error = "computer player " + players_[seat]->name() + " at S" + std::to_string(seat) +
               " made a move the game refused (" + state.move_text(d.move) + "): " + *error;
      return Stop::kFailed;
    }
    return Stop::kMoved;
  }
  // Real time: the earliest due decision.
  schedule();
  if (forfeit_ >= 0) return forfeit(error);
  if (!broken_.empty()) {
    *error = broken_;
    return Stop::kFailed;
  }
  const Seat next = earliest_held();
  if (next < 0) return Stop::kOutside;
  clock_.wait_until(pending_[next].due);
  return make_held(next, error);
}

MatchRunner::Stop MatchRunner::make_held(Seat next, std::string* error) {
  const AnyState& state = table_.state();
  const Pending p = pending_[next];
  pending_[next].active = false;
  if (!apply(next, p.move, error)) {
    if (state.seq() == p.seq) {
      // Refused in the very state it was decided in: not stale, a broken player.
      *error = "computer player " + players_[next]->name() + " at S" + std::to_string(next) +
               " made a move the game refused (" + state.move_text(p.move) + "): " + *error;
      return Stop::kFailed;
    }
    ++stale_;  // made stale by an earlier move: it decides again from the new state
  }
  return Stop::kMoved;
}

MatchRunner::Stop MatchRunner::run(std::string* error) {
  for (;;) {
    Stop stop = step(error);
    if (stop != Stop::kMoved) return stop;
  }
}

void MatchRunner::set_player(Seat seat, std::unique_ptr<Player> player) {
  CARDROOM_ASSERT(seat >= 0 && seat < static_cast<Seat>(players_.size()), "no such seat");
  players_[seat] = std::move(player);
  pending_[seat].active = false;
  asked_[seat] = 0;
  want_events_ = false;
  for (const auto& p : players_) want_events_ |= p && p->wants_events();
  if (players_[seat]) {
    players_[seat]->start(SeatAccess(table_.state(), seat));
    failed(seat);
  }
}

bool MatchRunner::submit(Seat seat, Move move, std::string* error) {
  if (is_computer(seat)) {
    *error = "S" + std::to_string(seat) + " is played by the computer";
    return false;
  }
  return apply(seat, move, error);
}

std::optional<MatchRunner::Ask> MatchRunner::ask() {
  const AnyState& state = table_.state();
  if (state.over() || forfeit_ >= 0 || !broken_.empty()) return std::nullopt;
  const SeatSet actors = state.actors();
  Seat seat = -1;
  if (state.mode() == ActorMode::kRealTime) {
    for (Seat s : actors.to_vector())
      if (is_computer(s) && !pending_[s].active && !asked_[s]) {
        seat = s;
        break;
      }
  } else {
    for (Seat s = 0; s < static_cast<Seat>(asked_.size()); ++s)
      if (asked_[s]) return std::nullopt;  // one decision at a time
    for (Seat s : actors.to_vector())
      if (is_computer(s)) {
        seat = s;
        break;
      }
  }
  if (seat < 0) return std::nullopt;
  Ask a;
  a.seat = seat;
  a.player = players_[seat];
  a.rng = bot_rng_.split();
  a.seq = state.seq();
  a.asked_at = clock_.now();
  a.ticket = asked_[seat] = ++tickets_;
  return a;
}

MatchRunner::Stop MatchRunner::deliver(const Ask& ask, const Decision& decision,
                                       std::string* error) {
  const AnyState& state = table_.state();
  const Seat seat = ask.seat;
  if (seat < 0 || seat >= static_cast<Seat>(asked_.size()) || asked_[seat] != ask.ticket)
    return Stop::kOutside;  // lapsed: the seat changed hands or the round ended meanwhile
  asked_[seat] = 0;
  if (state.over()) return Stop::kOver;
  if (failed(seat)) return forfeit(error);
  if (state.mode() == ActorMode::kRealTime) {
    if (!std::isfinite(decision.delay)) {
      broken_ = "computer player " + ask.player->name() + " at S" + std::to_string(seat) +
                " gave its move no time to arrive";
      *error = broken_;
      return Stop::kFailed;
    }
    if (!state.actors().contains(seat)) return Stop::kOutside;
    pending_[seat] = Pending{true, decision.move, ask.asked_at + std::max(0.0, decision.delay),
                             tie_rng_.next(), ask.seq};
    return Stop::kOutside;
  }
  if (state.seq() != ask.seq || !state.actors().contains(seat)) return Stop::kOutside;
  if (!apply(seat, decision.move, error)) {
    *error = "computer player " + ask.player->name() + " at S" + std::to_string(seat) +
             " made a move the game refused (" + state.move_text(decision.move) + "): " + *error;
    return Stop::kFailed;
  }
  return Stop::kMoved;
}

Seat MatchRunner::earliest_held() const {
  Seat next = -1;
  for (Seat s = 0; s < static_cast<Seat>(pending_.size()); ++s) {
    const Pending& p = pending_[s];
    if (!p.active) continue;
    if (next < 0 || p.due < pending_[next].due ||
        (p.due == pending_[next].due && p.tie < pending_[next].tie))
      next = s;
  }
  return next;
}

double MatchRunner::held_due() const {
  const Seat next = earliest_held();
  return next < 0 ? std::numeric_limits<double>::infinity() : pending_[next].due;
}

MatchRunner::Stop MatchRunner::step_due(std::string* error) {
  const AnyState& state = table_.state();
  if (state.over()) return Stop::kOver;
  if (forfeit_ >= 0) return forfeit(error);
  const Seat next = earliest_held();
  if (next < 0 || pending_[next].due > clock_.now()) return Stop::kOutside;
  return make_held(next, error);
}

}  // namespace cardroom
