// A match being played, with its full history: the facade the CLI, tests and (later) the server
// use.
//
// A Session owns a type-erased game and state plus what the fast state does not keep: every move as
// text (the game record), every event with its visibility, and a summary of each completed round.
// Game records are JSON:
//   {"game": "reds", "options": {...}, "seed": 7, "first_dealer": 0,
//    "deals": [{"hands": [["AS", ...], ...], "pack": ["2C", ...]}, ...],
//    "moves": [[0, "bid 2"], [1, "bid 0"], ...]}
// `first_dealer` and `deals` are optional. Replay is deterministic.
#pragma once

#include <memory>
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
  static std::unique_ptr<Session> from_record_file(const std::string& path, std::string* error);

  // Parses and applies a move; on error nothing changes.
  bool play(Seat seat, std::string_view text, std::string* error);
  bool play(Seat seat, Move move, std::string* error);

  const AnyGame& game() const { return *game_; }
  const AnyState& state() const { return *state_; }
  std::uint64_t seed() const { return seed_; }
  const std::vector<Event>& events() const { return events_; }
  const std::vector<nlohmann::json>& rounds() const { return rounds_; }
  std::size_t moves_made() const { return moves_.size(); }

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
  std::vector<std::pair<Seat, std::string>> moves_;
  std::vector<Event> events_;
  std::vector<nlohmann::json> rounds_;
};

// Explicit deals <-> JSON, with the game's card codes.
nlohmann::json deal_to_json(const Deal& deal, CardNames names);
std::optional<Deal> deal_from_json(const nlohmann::json& j, CardNames names, std::string* error);

}  // namespace cardroom
