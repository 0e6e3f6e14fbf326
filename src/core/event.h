// Typed events: what happened, as a kind and structured fields, tagged with who may see it.
//
// Every apply (and new_match) may append events to the caller's sink (ApplyContext::events). An
// interface (terminal, browser, log) reads the kind and the fields to show or animate what
// happened; the text is only a rendering of those fields through the event's template (`format`),
// made by render_event, and no interface matches its wording.
//
// Visibility: `visible_to` are the seats that see the event whole. A private event may have a
// public half, emitted right after it as its own event with `public_half` set: the same kind and
// seat, no cards or amounts ("S2 has chosen cards to pass"), seen by every other seat and by
// spectators. Spectators see public events and public halves (see visible_to_spectators).
//
// Fields (each kind says which it fills; unused fields keep their defaults):
//   seat     who acts, or whom the event concerns          {seat}
//   other    a second seat: recipient, responder, leader   {other}
//   team     a team index                                  {team}
//   number   an ordinal: round, hand or trick (1-based)    {number}
//   amount   a quantity: a bid, cards each, a stake        {amount}
//   tricks   tricks taken                                   {tricks}
//   points   points scored                                  {points}
//   total    a running total, or how many rounds in all     {total}
//   suit     a suit, kNoSuit for none                       {suit} (its symbol)
//   card     one card                                       {card}
//   cards    cards in order                                 {cards} (space separated), {cards.0}
//   seats    several seats: winners, a team, who drew       {seats} ("S0 S2"), {seats/} ("S0/S2"),
//                                                           {seats+} ("S0+S2"), {seat_cards}
//                                                           ("S0 4S S1 KD": seats with `cards`)
//   scores   numbers per team or seat (totals, bids)        {scores.0}, {scores.1}, ...,
//                                                           {seat_scores} ("S0 2 S1 3": seats
//                                                           with `scores`)
//   label    a word of the game's own: "truc", "double board", "left", a rank
//                                                           {label}
// Agreement: {FIELD:one/many} renders the field followed by the word that agrees with it: for a
// number ("{points:point/points}": "1 point", "-1 point", "3 points") the first word when it is 1
// or -1; for seats ("{seats+:wins/win}": "S1 wins", "S1+S3 win") the first word for one seat.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/cards.h"
#include "core/seats.h"

namespace cardroom {

enum class EventKind : std::uint8_t {
  kNote,    // a remark or prompt with no structure beyond `seat`/`other` ("S1 is offered the cut")
  kDealer,  // who deals: `seat` (kNoSeat while drawing); a draw or cut: `seats` drew `cards`
  kRoundStart,  // a round (hand) begins: `number`, `total` rounds in the game (0 past the regular
                // rounds: tie-break or extra), `seat` the dealer, `amount` cards each (0: not said)
  kHand,        // the cards of `seat`: its hand or its hidden target (`label` says which)
  kTurnUp,      // cards turned face up: `cards` (with `seats` when they belong to seats)
  kTrump,       // the trump (`label` "trump") or anti-trump (`label` "anti-trump") suit: `suit`
  kBid,         // `seat` bids `amount`, or makes the call `label` ("pass", "board", "go", "cut")
  kExchange,    // `seat` passes `cards` to `other`; or (public half) has chosen what to pass
  kExchangeDone,  // every seat's passes are made
  kLead,          // `seat` leads the next trick
  kPlay,          // `seat` plays `card` (Tadmur: to its chain `cards`, `amount` spaces left)
  kTrick,         // trick `number` is won by `seat` (kNoSeat: a draw) with `card`
  kContract,      // `team` (`seats`) contracts for `amount` tricks, or `label` (a board bid)
  kRaise,         // `seat` raises the stake to `label` ("truc", "retruc"); `other` must answer
  kAnswer,        // `seat` answers the raise `label`: accepts (stake `amount`) or rejects
  kSignal,        // `seat` signals `label` to its partner
  kGuess,         // `seat` guesses the rank `label` of `other`'s target: right (`card` the target
                  // revealed) or wrong (`amount` empty spaces now before its own target)
  kBlocked,       // `seat` cannot go on: its chain is full or it has no legal play
  kScore,     // `seat` (or `team`, `seats`) bid `amount`, took `tricks`, scores `points`, `total`
  kGameOver,  // the match ends; `seats` win (empty: nobody, e.g. the house won)
  kMeld,   // `seat` picks `card` for its meld (`label` "pick", private), chooses the meld `label`
           // of `cards` (private; public half: has chosen), or reveals it (`cards`, `points`)
  kSteal,  // `seat` takes `card` from `other`'s meld; `label` "pass": takes none; (public half)
           // has chosen, while others of a tied group still choose
};

// "note", "dealer", ...: the kind as it appears in JSON.
const char* event_kind_name(EventKind kind);

struct Event {
  EventKind kind = EventKind::kNote;
  SeatSet visible_to = kEveryone;
  bool public_half = false;  // the public half of the private event just before it
  Seat seat = kNoSeat;
  Seat other = kNoSeat;
  int team = -1;
  int number = 0;
  int amount = 0;
  int tricks = 0;
  int points = 0;
  int total = 0;
  int suit = kNoSuit;
  Card card = kNoCard;
  std::vector<Card> cards{};
  SeatSet seats{};
  std::vector<int> scores{};
  const char* label = nullptr;
  const char* format = "";  // the template the text is rendered from
  std::string text{};       // render_event of the fields, filled when the event is emitted

  // Visible to every seat.
  bool public_event() const { return visible_to.bits() == kEveryone.bits(); }
  bool visible_to_spectators() const { return public_event() || public_half; }
  // Whether `seat` (or kSpectator) may see this event.
  bool visible_to_seat(Seat seat) const {
    return seat == kSpectator ? visible_to_spectators() : visible_to.contains(seat);
  }
};

// The event as JSON for interfaces: {"kind": "play", "seat": 2, "card": "TD", ..., "text": "..."}
// with only the fields that are set.
nlohmann::json event_json(const Event& e, CardNames names = {});

// Formatting hooks for render_event: a terminal colours seats, cards and suits; the plain
// rendering (nullptr) writes "S2", "TD", "♦".
class EventStyle {
 public:
  virtual ~EventStyle() = default;
  virtual std::string seat(Seat s) const;
  virtual std::string card(Card c, CardNames names) const;
  virtual std::string suit(int s) const;
};

// The text of an event: its template with every {field} replaced (see the table above).
std::string render_event(const Event& e, CardNames names = {}, const EventStyle* style = nullptr);

}  // namespace cardroom
