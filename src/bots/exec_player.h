// `exec:COMMAND`: a player that is another program, in any language, speaking JSON lines on its
// standard input and output (the bot protocol, docs/bot_protocol.md).
//
//   exec:python3 mybot.py                          COMMAND runs through /bin/sh -c
//   exec(timeout_ms=500,events=false):./mybot      options between `exec` and the colon
//
// The program is started when the match starts (Player::start), in a process group of its own,
// with its standard input and output on pipes (close-on-exec, so no other bot inherits them) and
// its standard error shared with cardroom's, for its logs. Cardroom writes one JSON object per
// line: `start` (protocol version, game string, seat, seats, teams, mode, time limit), `event`
// (each event its seat may see, unless events=false), `decide` (the seat's view, the legal moves
// as texts and codes, a seed for its randomness) and `end` (the final view, scores and winners);
// after `decide` the program answers one line: {"move": "play TD"}, {"index": 3}, a JSON string or
// the plain move text.
//
// It sees only what SeatAccess gives: view(seat), the seat's legal moves and the events its seat
// may see (DESIGN.md section 4). A program that answers an illegal move, a malformed line, nothing
// within `timeout_ms` (per decision, writing included; the first one has `start_ms` more, for the
// program to start), or that dies, fails: the player's
// failure() says so ("exec bot 'python3 mybot.py' (seat 2): illegal move 'play XX': ..."), the
// program is killed and reaped, and the runner makes its seat forfeit the match (match/match.h).
// A dead program never kills cardroom: writes to it block SIGPIPE in the writing thread.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "bots/registry.h"

namespace cardroom {

// The version of the protocol sent in `start`; raised when a message changes incompatibly.
inline constexpr int kBotProtocolVersion = 1;

// Whether `player_string` is an exec player string: `exec:...` or `exec(...)...`.
bool is_exec_player_string(std::string_view player_string);

// "exec(timeout_ms=500):./bot x" -> {"exec(timeout_ms=500)", "./bot x"}: the part before the first
// colon outside parentheses and the command after it (trimmed). Nullopt without such a colon.
struct ExecPlayerString {
  std::string head;
  std::string command;
};
std::optional<ExecPlayerString> split_exec_player_string(std::string_view player_string);

// The registry entry of `exec`, with its own options (timeout_ms, start_ms, events; the registry
// adds pace_ms and speed). The registry keeps it apart from the players a game has (player_names):
// it is a door to programs outside, made only from an explicit command. `create` takes the
// canonical player string, command included.
const PlayerEntry& exec_player_entry();

}  // namespace cardroom
