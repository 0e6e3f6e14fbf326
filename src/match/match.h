// The match runner: one match, its seats bound to players, moves made in turn, simultaneously or
// in real time. `play`, `sim` and everything later (the server, Python) run matches through it.
//
// Seats hold a Player (a computer player) or nothing: a seat left to the outside (a person at the
// terminal or in the browser), whose moves come in through submit().
//
//   turn          the actor moves; a computer actor is asked for its decision.
//   simultaneous  every listed seat submits once, hidden until all are in; computer seats submit
//                 lowest first (the order decides nothing: submissions are hidden).
//   real time     every computer seat among the actors holds a decision due at the time it was
//                 asked plus its delay (its pace); the earliest due move is made first, and equal
//                 times are broken by the runner's seeded RNG, never by seat number. A move the
//                 state refuses when it comes due (made stale by an earlier one) changes nothing
//                 and its player decides again; a move that ends a round lapses every
//                 pending decision (made for the round that is over). The clock (virtual in sim,
//                 wall in play) gives each move its arrival time, which records keep, so the game
//                 replays exactly. A decision must say when its move arrives: one with no finite
//                 delay is a broken player (step returns kFailed), never a match that waits for
//                 ever.
//
// Computer players draw their randomness from one RNG per match (the `bot_seed`), in the order they
// are asked, so a match is the same for any number of threads running other matches.
//
// Forfeits: a player that fails through its own fault (Player::failure: another program, exec:,
// that answered an illegal move or nothing in time, or died) stops the match, which is not over:
// step returns kForfeit with the failure as the error and forfeit_seat() names the seat, whose
// side loses the match (match/simulate.h says how `sim` counts it). The decision it returned is
// not made, so the state is as before. A failure noticed once the match is over changes nothing.
// When the last move ends the match, every player hears it (Player::end).
#pragma once

#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bots/player.h"
#include "core/session.h"
#include "match/clock.h"

namespace cardroom {

// What the runner plays on: a bare state (simulation: nothing recorded) or a Session (records,
// events, round summaries).
class MatchTable {
 public:
  virtual ~MatchTable() = default;
  virtual const AnyState& state() const = 0;
  // Applies `move` arriving at `time` (seconds); on success appends the events it made to `events`
  // when given. On error nothing changes.
  virtual bool apply(Seat seat, Move move, double time, std::vector<Event>* events,
                     std::string* error) = 0;
};

// A table on a Session: every move recorded (real-time moves with their arrival time in ms).
class SessionTable final : public MatchTable {
 public:
  explicit SessionTable(Session& session) : session_(session) {}
  const AnyState& state() const override { return session_.state(); }
  bool apply(Seat seat, Move move, double time, std::vector<Event>* events,
             std::string* error) override;

 private:
  Session& session_;
};

// A table on a bare state: no record; events only when someone wants them.
class StateTable final : public MatchTable {
 public:
  explicit StateTable(std::unique_ptr<AnyState> state) : state_(std::move(state)) {}
  const AnyState& state() const override { return *state_; }
  bool apply(Seat seat, Move move, double time, std::vector<Event>* events,
             std::string* error) override;

 private:
  std::unique_ptr<AnyState> state_;
};

class MatchRunner {
 public:
  enum class Stop {
    kMoved,    // a computer player moved
    kOutside,  // only seats left to the outside may move now
    kOver,     // the match is over
    kFailed,   // a computer player could not move (`error` says why): a bug
    kForfeit,  // a computer player failed through its own fault (`error` says why): see above
  };

  // `players[s]` plays seat s (nullptr: the outside). `bot_seed` seeds the players' RNG and the
  // real-time tie breaks.
  MatchRunner(MatchTable& table, std::vector<std::unique_ptr<Player>> players, Clock& clock,
              std::uint64_t bot_seed);

  // One computer move: the turn's actor, the lowest computer seat of a simultaneous phase, or the
  // earliest due decision in real time (waiting on the clock for it).
  Stop step(std::string* error);
  // Steps until the match is over or only outside seats may move.
  Stop run(std::string* error);
  // A move from outside for `seat`, arriving now. On error nothing changes.
  bool submit(Seat seat, Move move, std::string* error);
  // Real time: when the next computer move is due (infinity if none is).
  double next_due();
  // Puts `player` at `seat` from now on (nullptr: the seat goes to the outside), as the card room
  // does when a computer player sits in for a person who is away and when they come back. The new
  // player starts from the state as it is; a decision the old one had pending (or was asked for)
  // lapses.
  void set_player(Seat seat, std::unique_ptr<Player> player);

  // --- Decisions made away from the table (the card room) -------------------------------------
  // The card room never waits on a computer player where people's requests wait: it asks for a
  // decision (ask), lets the player decide on a copy of the state elsewhere (a search on a pool of
  // its own), and hands the decision back (deliver); real-time decisions are then made when they
  // come due (step_due). A table run this way never calls step, run or next_due, which ask and
  // decide in one go. The player of an ask is used by nobody else until its decision is in: the
  // runner calls only observe and end of players that want events, and the room seats none.
  struct Ask {
    Seat seat = kNoSeat;
    std::shared_ptr<Player> player;  // kept alive until the decision is in, even if replaced
    // A copy of the table's state, for a player that decides elsewhere: ask() leaves it empty
    // (the caller copies the state when it hands the decision away; one that decides at once
    // decides on table().state()).
    std::unique_ptr<AnyState> state;
    Rng rng{0};                // the player's randomness for this decision
    std::uint64_t seq = 0;     // the state's seq when asked
    double asked_at = 0;       // the clock's time when asked
    std::uint64_t ticket = 0;  // this ask; a later set_player or a round's end lapses it
  };
  // The next computer seat to ask now, if any: the turn's computer actor, the lowest computer
  // seat of a simultaneous phase (one ask at a time in either), or in real time each computer
  // actor holding no decision in turn. The seat is not offered again until its decision is
  // delivered or lapses.
  std::optional<Ask> ask();
  // The decision for `ask`. Turn and simultaneous games make it now if the table is still where it
  // was asked (kMoved; a move the game refuses there is a broken player: kFailed); otherwise it
  // lapses and the seat is asked again (kOutside). Real time holds it until it comes due, its
  // delay after it was asked (kOutside), as step does; a delay that is not finite is kFailed.
  Stop deliver(const Ask& ask, const Decision& decision, std::string* error);
  // Real time: makes the earliest held decision that has come due (kMoved; one made stale by an
  // earlier move is refused and its player will be asked again), or none (kOutside).
  Stop step_due(std::string* error);
  // Real time: when the earliest held decision comes due (infinity if none); asks nobody.
  double held_due() const;
  // Whether a decision is being made for `seat` away from the table.
  bool asking(Seat seat) const { return asked_[seat] != 0; }

  const MatchTable& table() const { return table_; }
  Clock& clock() { return clock_; }
  bool is_computer(Seat seat) const {
    return seat >= 0 && seat < static_cast<int>(players_.size()) && players_[seat];
  }
  // The seat whose player failed through its own fault (kForfeit), or -1.
  Seat forfeit_seat() const { return forfeit_; }
  // Computer moves refused when they came due (real time: stale), for statistics and tests.
  int stale_moves() const { return stale_; }
  // The wall-clock time a seat's computer player took over its decisions (sim --timing).
  struct ThinkTime {
    std::uint64_t decisions = 0;
    double seconds = 0, longest = 0;
  };
  const ThinkTime& think_time(Seat seat) const { return think_[seat]; }

 private:
  struct Pending {
    bool active = false;
    Move move;
    double due = 0;
    std::uint64_t tie = 0;
    std::uint64_t seq = 0;  // the state's seq when it was decided
  };
  bool apply(Seat seat, Move move, std::string* error);
  void schedule();  // real time: every computer actor holds a decision
  Decision ask(Seat seat);
  // Whether `seat`'s player has failed (its seat forfeits; the first failure is kept).
  bool failed(Seat seat);
  Stop forfeit(std::string* error);

  // The seat whose held real-time decision is due first (equal times in the seeded random order,
  // never by seat), or -1; make_held makes it, as step and step_due do.
  Seat earliest_held() const;
  Stop make_held(Seat next, std::string* error);

  MatchTable& table_;
  std::vector<std::shared_ptr<Player>> players_;
  Clock& clock_;
  Rng bot_rng_;
  Rng tie_rng_;
  std::vector<Pending> pending_;
  std::vector<ThinkTime> think_;
  std::vector<Event> events_;
  bool want_events_ = false;
  bool ended_ = false;  // the players heard the match end
  Seat forfeit_ = -1;
  int stale_ = 0;
  std::string broken_;  // a computer player's decision with no finite delay (real time): a bug
  std::vector<std::uint64_t> asked_;  // per seat: the ticket of its ask in flight, or 0
  std::uint64_t tickets_ = 0;
};

}  // namespace cardroom
