// Players: objects that sit at one seat for a match and answer its decisions.
//
// A player (a computer player here; a person is a seat the match runner leaves to the outside)
// never receives the true state. It gets a SeatAccess: its seat's view, its legal moves, the events
// its seat may see, and worlds drawn with resample(seat, rng), which agree with everything the seat
// knows and draw everything else afresh (DESIGN.md section 4). It answers a Decision: a move, and
// for real-time games how long after being asked it makes it.
//
// Players are created by name with typed options through the registry (bots/registry.h):
// `random`, `heuristic`, `pimc(worlds=40)`, `ismcts(iterations=2000)`, `exec:python3 bot.py`.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/any_game.h"

namespace cardroom {

// What a player decides.
struct Decision {
  Move move;
  // Real-time games: seconds between being asked and the move's arrival (its pace and its thinking
  // time). Turn and simultaneous games ignore it.
  double delay = 0;
};

// The only door between a player and the match: everything here depends only on what `seat` may
// know.
class SeatAccess {
 public:
  // `stop`: whoever asks for the decision may want it early (core/search.h); nullptr: never.
  SeatAccess(const AnyState& state, Seat seat, const StopToken* stop = nullptr)
      : state_(&state), seat_(seat), stop_(stop) {}

  Seat seat() const { return seat_; }
  // Whether whoever asked wants the decision now: a search ends early and answers with what it
  // has (the card room's deadline per move, a table that ends, a server that stops).
  const StopToken* stop() const { return stop_; }
  bool stop_requested() const { return stop_ && stop_->requested(); }
  int num_seats() const { return state_->num_seats(); }
  ActorMode mode() const { return state_->mode(); }
  SeatSet actors() const { return state_->actors(); }
  bool may_move() const { return state_->actors().contains(seat_); }
  nlohmann::json view() const { return state_->view(seat_); }
  nlohmann::json last_round() const { return state_->last_round(seat_); }
  std::vector<Move> legal_moves() const { return state_->legal_moves(seat_); }
  // A legal move drawn uniformly (nullopt if the seat may not move).
  std::optional<Move> random_legal_move(Rng& rng) const {
    return state_->random_legal_move(seat_, rng);
  }
  std::string move_text(Move move) const { return state_->move_text(move); }
  // The move as data for clients (core/move_data.h).
  nlohmann::json move_json(Move move) const { return state_->move_json(move); }
  std::optional<Move> parse_move(std::string_view text, std::string* error) const {
    return state_->parse_move(seat_, text, error);
  }
  // A whole world drawn at random among those consistent with what the seat knows.
  std::unique_ptr<AnyState> resample(Rng& rng) const { return state_->resample(seat_, rng); }
  // The same world as the game's concrete state S (for players written for one game): no heap.
  // Nullopt if the game's state is not S.
  template <class S>
  std::optional<S> resample_as(Rng& rng) const {
    auto* typed = dynamic_cast<const TypedState<S>*>(state_);
    if (!typed) return std::nullopt;
    return typed->state().resample(seat_, rng);
  }
  // The move the game's own computer player `name` (its heuristic) makes from a world drawn for
  // this seat.
  std::optional<Move> game_player_move(std::string_view name, Rng& rng) const {
    return state_->bot_move(name, seat_, rng);
  }
  // An information-set tree search for this seat (core/search.h), from a world drawn for it.
  // Nullopt if the game has no search or the seat may not move.
  std::optional<SearchResult> search(SearchQuery query, SearchMemory& memory, Rng& rng) const {
    query.seat = seat_;
    if (!query.stop) query.stop = stop_;
    return state_->search(query, memory, rng);
  }

 private:
  const AnyState* state_;
  Seat seat_;
  const StopToken* stop_;
};

class Player {
 public:
  virtual ~Player() = default;
  // The player string it was made from, options included: "random(pace_ms=1000)".
  virtual const std::string& name() const = 0;
  // The match starts (or resumes) with this player at `seat`.
  virtual void start(const SeatAccess& seat) { (void)seat; }
  // Whether it wants observe() called with the events its seat may see (it costs the runner the
  // events, so players that do not need them say no).
  virtual bool wants_events() const { return false; }
  virtual void observe(const SeatAccess& seat, const Event& event) {
    (void)seat;
    (void)event;
  }
  // The decision for the seat now: a legal move of the seat (it may move). A player that searches
  // heeds seat.stop(): asked to stop, it answers at once with the best it has.
  virtual Decision decide(const SeatAccess& seat, Rng& rng) = 0;
  // Whether a decision may take long (a search, another program): the card room makes those on a
  // pool of its own, on a copy of the state, never where people's requests wait. The game's
  // heuristic and the random player answer in microseconds.
  virtual bool searches() const { return false; }
  // The match is over: called once, after its last move.
  virtual void end(const SeatAccess& seat) { (void)seat; }
  // Why the player can no longer play, when that is its own fault and not the engine's: another
  // program (exec:, bots/exec_player.h) that answered an illegal move or nothing in time, or died.
  // The runner reads it after start, observe and decide; once it is set the seat forfeits the
  // match (match/match.h) and the decision it returned is not made. Empty while all is well: the
  // engine's own players never fail this way (a move of theirs the game refuses is a bug).
  virtual std::string failure() const { return {}; }
};

}  // namespace cardroom
