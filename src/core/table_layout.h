// The table a game declares (core/game.h's envelope: "layout", "status", "facts"): what a seat
// sees on the felt, in words and zones, so that the page and the terminal draw every game from
// the same data and know no game's keys. A game builds them in view(seat) with a TableLayout:
//
//   layout  the zones on the table, each {"id", "kind", "label", "owner", and "cards" (face up,
//           in the order they lie: a row or pile bottom first) and/or "count" (how many cards the
//           zone holds when not all are shown), optional "highlight" (cards to pick out: a
//           target, the card that won), "seats" (in a trick, who played each card) and
//           "spaces" (in a row, the empty places still to fill after its cards)}. Kinds:
//             trick  cards played to the trick in progress, each by the seat in "seats"
//             pile   a stack: its top card face up ("cards" holds it, when shown) and "count"
//             fan    cards side by side, all face up (a meld of cards, cards turned up)
//             row    a sequence that grows at one end (a Tadmur chain, a Nuts tableau pile)
//             board  face-up cards in the middle that any seat may take from (Schwimmen)
//             meld   a declared combination lying before its owner (Indian Chief)
//           "owner" is the seat the zone lies before, or null for the middle of the table.
//   status  one line in words: what is happening and who must act ("Truc: S1 raised to 3; your
//           team must answer"). Seats are written "S0".."S7" and "you"; interfaces may put the
//           players' names for "S<n>".
//   facts   a short list of {"label", "value"} in words, cards and suits with their symbols: the
//           contract and tricks needed, trumps, the stake, the called card.
//
// Every card a zone or text names is one the viewing seat may see (the conformance suite checks
// it, as for every key of a view).
#pragma once

#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>

#include "core/cards.h"
#include "core/game.h"

namespace cardroom {

enum class ZoneKind { kTrick, kPile, kFan, kRow, kBoard, kMeld };
std::string_view zone_kind_name(ZoneKind kind);

class TableLayout {
 public:
  // `viewer`: the seat the view is for (kSpectator or another non-seat for a spectator).
  explicit TableLayout(Seat viewer, CardNames names = {}) : viewer_(viewer), names_(names) {}

  // A zone of face-up cards; the returned object may be given more ("count", "highlight").
  nlohmann::json& add(std::string_view id, ZoneKind kind, std::string label, Seat owner,
                      std::span<const Card> cards);
  nlohmann::json& add(std::string_view id, ZoneKind kind, std::string label, Seat owner,
                      CardSet cards);
  // A stack of `count` cards of which `top` (kNoCard: none) lies face up.
  nlohmann::json& add_pile(std::string_view id, std::string label, Seat owner, int count,
                           Card top = kNoCard);
  // The trick in progress, from the view's "trick" ({"cards", "seats"}; null: none).
  nlohmann::json& add_trick(const nlohmann::json& view, std::string label = "Trick");

  // The cards a zone picks out (a target, the winning card).
  void highlight(nlohmann::json& zone, std::span<const Card> cards) const;

  void fact(std::string label, std::string value);
  void status(std::string line) { status_ = std::move(line); }
  // The status of a state whose phase is a turn at `doing` ("bid", "play"): who acts and what,
  // or the game over line with its winners.
  template <class S>
  void turn_status(const S& state, std::string_view doing) {
    status(state.over() ? game_over(state.winners()) : turn(state.actors(), doing));
  }

  // "you" for the viewer, else "S2".
  std::string who(Seat seat) const;
  // "Who" at the start of a sentence: "You", "S2".
  std::string Who(Seat seat) const;
  // Who acts now, and doing what: "your turn to play", "S2 to play", "S1 and S3 to pass"; "" when
  // no one acts.
  std::string turn(SeatSet actors, std::string_view doing) const;
  // "Game over: you win", "Game over: S1 wins", "Game over: S0 and S2 win", "Game over: no winner".
  std::string game_over(SeatSet winners) const;
  // Cards in words, with suit symbols: "Q♦ 7♠".
  std::string cards(std::span<const Card> cards) const;
  std::string card(Card card) const;
  // A suit in words: "♦ diamonds"; "no trumps" for kNoSuit.
  static std::string suit_words(int suit);

  Seat viewer() const { return viewer_; }
  CardNames names() const { return names_; }

  // Writes "layout", "status" and "facts" into the view.
  void write_to(nlohmann::json& view) &&;

 private:
  Seat viewer_;
  CardNames names_;
  nlohmann::json zones_ = nlohmann::json::array();
  nlohmann::json facts_ = nlohmann::json::array();
  std::string status_;
};

}  // namespace cardroom
