// Small helpers every game implementation uses: events that cost nothing when nobody listens, and
// the seat and card text of events and views. Included by src/games/<g>/<g>.cc only.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

#include "core/game.h"

namespace cardroom {

// "S2": how events and views name a seat.
inline std::string seat_text(Seat s) { return "S" + std::to_string(s); }

inline bool wants_events(const ApplyContext* ctx) { return ctx && ctx->events; }

// Appends an event; the text is formatted only when someone listens (hot paths pass no context).
template <class MakeText>
void emit(const ApplyContext* ctx, SeatSet to, MakeText&& make_text) {
  if (wants_events(ctx)) ctx->events->push_back(Event{to, std::string(make_text())});
}

// A card set as a JSON list of card codes, in card-id order.
inline nlohmann::json cards_json(CardSet set, CardNames names = {}) {
  nlohmann::json out = nlohmann::json::array();
  for (Card c : set) out.push_back(card_text(c, names));
  return out;
}

// The legal moves of `seat` as move texts, for views (empty for a spectator or a seat not to move).
template <class S>
nlohmann::json legal_move_texts(const S& state, Seat seat) {
  nlohmann::json out = nlohmann::json::array();
  if (seat < 0 || seat >= state.num_seats()) return out;
  MoveList<S::kMaxMoves> moves;
  state.legal_moves(seat, moves);
  for (Move m : moves) out.push_back(state.move_text(m));
  return out;
}

inline std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace cardroom
