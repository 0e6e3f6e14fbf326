// The review of a game from its record: what the card room's `replay` and `analysis` answer
// (server/room_after.cc), apart from the room so that tests can reach every game.
//
// What the review may show. A finished game's record is public to anyone with its table's id, so
// its replay and analysis are too. While the game goes on, a player may ask for the analysis of a
// hand that is over, of their own plays only, and only when every seat played that hand down to
// its last card (so every card in it was seen when played): a hand that ended with cards unplayed
// (a Truc hand folded) keeps them hidden until the game is over. The replay waits for the end.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include "core/seats.h"

namespace cardroom::server {

// The game of `record` after its first `step` moves, every hand shown: {"step", "steps", "move"
// (the last move made, as move data with its "seat"; null at step 0), "events" (every event that
// move made), "view" (the spectator's), "hands" (each seat's, null where it holds none), "over"}.
// Null and `error` for a bad record or a step past the end.
nlohmann::json replay_step(const nlohmann::json& record, std::size_t step, std::string* error);

// The `analyze --json` document of round `round` of `record` (0: the last that is over). `seat`:
// kNoSeat for a finished game (every seat's plays); else the game goes on, and only that seat's
// plays are given, of a round every seat played down to its last card. Null and `error` otherwise
// (no solver, a round not over, cards left unplayed).
nlohmann::json analysis_json(const nlohmann::json& record, int round, Seat seat,
                             std::string* error);

}  // namespace cardroom::server
