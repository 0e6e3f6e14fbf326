// The review of a game from its record (server/review.h).
#include "server/review.h"

#include <map>
#include <memory>

#include "cli/analyze.h"
#include "core/session.h"

namespace cardroom::server {

using json = nlohmann::json;

// The state of `record` after its first `step` moves, and the events of the last of them: the
// replay's step. Every event is shown (the game is over: every hand is known).
json replay_step(const json& record, std::size_t step, std::string* error) {
  json start = record;
  const json moves = record.value("moves", json::array());
  if (!moves.is_array()) {
    *error = "the record has no moves";
    return nullptr;
  }
  if (step > moves.size()) {
    *error = "step " + std::to_string(step) + " is past the game's end (" +
             std::to_string(moves.size()) + " moves)";
    return nullptr;
  }
  start["moves"] = json::array();
  std::unique_ptr<Session> session = Session::from_record(start, error);
  if (!session) return nullptr;
  json move = nullptr;
  std::size_t events_from = 0;
  for (std::size_t i = 0; i < step; ++i) {
    const Seat seat = moves[i][0].get<int>();
    const std::string text = moves[i][1].get<std::string>();
    std::optional<std::int64_t> time;
    if (moves[i].size() == 3) time = moves[i][2].get<std::int64_t>();
    if (i + 1 == step) {
      events_from = session->events().size();
      std::string why;
      if (auto m = session->state().parse_move(seat, text, &why)) {
        move = session->state().move_json(*m);
        move["seat"] = seat;
      }
    }
    if (!session->play(seat, text, error, time)) return nullptr;
  }
  const CardNames names = session->game().card_names();
  json events = json::array();
  if (step > 0)
    for (std::size_t i = events_from; i < session->events().size(); ++i)
      events.push_back(event_json(session->events()[i], names));
  const AnyState& state = session->state();
  json hands = json::array();
  for (Seat s = 0; s < state.num_seats(); ++s) {
    const json v = state.view(s);
    hands.push_back(v.contains("hand") ? v["hand"] : json(nullptr));
  }
  return {{"step", step},        {"steps", moves.size()},          {"move", move},
          {"events", events},    {"view", state.view(kSpectator)}, {"hands", hands},
          {"over", state.over()}};
}

// Whether every card the seats held in round `round` of `record` was played: before the move that
// ended the round, the seats' hands held only the card that move played (a hand folded, or ended
// before its last trick, leaves cards nobody saw). `error` is set only when the record is bad.
bool played_out(const json& record, int round, std::string* error) {
  json start = record;
  start["moves"] = json::array();
  std::unique_ptr<Session> session = Session::from_record(start, error);
  if (!session) return false;
  for (const json& m : record["moves"]) {
    const AnyState& state = session->state();
    const Seat seat = m[0].get<int>();
    const std::string text = m[1].get<std::string>();
    std::size_t held = 0, played = 0;
    if (state.rounds_completed() + 1 == round) {
      for (Seat s = 0; s < state.num_seats(); ++s) {
        const json v = state.view(s);
        if (v.contains("hand") && v["hand"].is_array()) held += v["hand"].size();
      }
      std::string why;
      if (auto move = state.parse_move(seat, text, &why))
        if (state.move_json(*move)["verb"] == "play")
          played = state.move_json(*move).value("cards", json::array()).size();
    }
    std::optional<std::int64_t> time;
    if (m.size() == 3) time = m[2].get<std::int64_t>();
    if (!session->play(seat, text, error, time)) return false;
    if (session->state().rounds_completed() >= round) return held == played;
  }
  return false;  // the round is not over
}

// The analysis of round `round` (0: the last that is over) of `record`; `seat`: the one seat
// whose plays are shown, for a game in progress (kNoSeat: every seat, the game is over).
json analysis_json(const json& record, int round, Seat seat, std::string* error) {
  std::unique_ptr<Session> session = Session::from_record(record, error);
  if (!session) return nullptr;
  const bool live = seat != kNoSeat;
  cli::AnalysisRequest request;
  request.round = round > 0 ? round : session->state().rounds_completed();
  if (request.round <= 0) {
    *error = "no hand is over yet: its analysis comes when one is";
    return nullptr;
  }
  std::optional<cli::Analysis> analysis = cli::analyze_record(*session, request, error);
  if (!analysis) return nullptr;
  if (live) {
    // Every card dealt for the hand must have been played, or the values would tell of cards
    // nobody saw.
    for (cli::RoundAnalysis& r : analysis->rounds) {
      if (!played_out(record, r.round, error)) {
        if (error->empty())
          *error =
              "this hand ended with cards not played: its analysis waits for the game's end, "
              "so that it tells nothing of cards nobody saw";
        return nullptr;
      }
      std::erase_if(r.plays, [&](const cli::PlayAnalysis& p) { return p.seat != seat; });
    }
    analysis->seat = seat;
  }
  return analysis->to_json();
}

}  // namespace cardroom::server
