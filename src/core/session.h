// A match being played, with its full history: the facade the CLI, tests and (later) the server
// use.
//
// A Session owns a type-erased game and state plus what the fast state does not keep: every move as
// text (the game record), every event with its visibility, each completed round's summary as every
// seat may know it, and the deals actually made. Game records are JSON:
//   {"game": "reds", "options": {...}, "seed": 7, "first_dealer": 0,
//    "deals": [{"hands": [["AS", ...], ...], "pack": ["2C", ...],
//               "piles": {"target": [["KD"], ["3C"]]}}, ...],
//    "moves": [[0, "bid 2"], [1, "bid 0"], ..., [2, "play TD", 1532]]}
// `first_dealer`, `deals` and a deal's `pack` and `piles` are optional. A move of a real-time game
// carries its arrival time in milliseconds from the start of the match as a third element; moves
// are kept, and replayed, in arrival order. Replay is deterministic.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/any_game.h"

namespace cardroom {

std::string seat_name(Seat seat);  // "S0"; "spectator" for kSpectator

class Session {
 public:
  // A new match. `first_dealer` < 0 draws for it. `deals` must each pass validate_deal.
  static std::unique_ptr<Session> create(std::unique_ptr<AnyGame> game, std::uint64_t seed,
                                         int first_dealer, std::vector<Deal> deals,
                                         std::string* error);
  // Loads a record and replays its moves; any bad field or illegal move is an error naming it.
  static std::unique_ptr<Session> from_record(const nlohmann::json& record, std::string* error);
  // The same from a file; every error (unreadable, not JSON, a bad record) is one line naming it.
  static std::unique_ptr<Session> from_record_file(const std::string& path, std::string* error);

  // Parses and applies a move; on error nothing changes. `time_ms`: the arrival time of a move in a
  // real-time game (milliseconds from the start of the match), kept in the record.
  bool play(Seat seat, std::string_view text, std::string* error,
            std::optional<std::int64_t> time_ms = std::nullopt);
  bool play(Seat seat, Move move, std::string* error,
            std::optional<std::int64_t> time_ms = std::nullopt);

  const AnyGame& game() const { return *game_; }
  const AnyState& state() const { return *state_; }
  std::uint64_t seed() const { return seed_; }
  // Every event, each tagged with who may see it; events_for: those `seat` (or kSpectator) may
  // see, public halves included (Event::visible_to_seat).
  const std::vector<Event>& events() const { return events_; }
  std::vector<Event> events_for(Seat seat, std::size_t from = 0) const;
  // Completed rounds' summaries as the record knows them (omniscient: replay --json) and as `seat`
  // (or kSpectator) may know them (last_round(seat) of each round).
  const std::vector<nlohmann::json>& rounds() const { return rounds_; }
  const std::vector<nlohmann::json>& rounds(Seat seat) const;
  // The deals made so far, shuffled or explicit: as explicit deals they replay the match exactly
  // without its RNG.
  const std::vector<Deal>& dealt() const { return dealt_; }
  std::size_t moves_made() const { return moves_.size(); }
  // The moves of the record, in order.
  struct RecordedMove {
    Seat seat;
    std::string text;
    std::optional<std::int64_t> time_ms;
  };
  const std::vector<RecordedMove>& moves() const { return moves_; }

  nlohmann::json record() const;
  bool save(const std::string& path, std::string* error) const;
  // The `replay --json` document: game, over, totals, team_totals, to_act, legal, winners, rounds.
  nlohmann::json summary() const;

 private:
  Session() = default;
  void after_apply();

  std::unique_ptr<AnyGame> game_;
  std::unique_ptr<AnyState> state_;
  std::uint64_t seed_ = 0;
  int first_dealer_ = -1;
  std::vector<Deal> deals_;
  std::vector<RecordedMove> moves_;
  std::optional<std::int64_t> latest_time_ms_;  // of the moves recorded with a time
  std::vector<Event> events_;
  std::vector<nlohmann::json> rounds_;
  // rounds_by_seat_[seat + 1][r]: round r as seat may know it (index 0: spectators).
  std::vector<std::vector<nlohmann::json>> rounds_by_seat_;
  std::vector<Deal> dealt_;
};

// Explicit deals <-> JSON, with the game's card codes.
nlohmann::json deal_to_json(const Deal& deal, CardNames names);
std::optional<Deal> deal_from_json(const nlohmann::json& j, CardNames names, std::string* error);

}  // namespace cardroom
