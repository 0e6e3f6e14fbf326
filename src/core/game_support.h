// Helpers every game implementation uses: events and deal reports that cost nothing when nobody
// listens, the view envelope, and the seat and card text of views. Included by game sources only.
#pragma once

#include <cctype>
#include <string>
#include <string_view>
#include <utility>

#include "core/card_multiset.h"
#include "core/game.h"

namespace cardroom {

// "S2": how events and views name a seat.
inline std::string seat_text(Seat s) { return "S" + std::to_string(s); }

inline bool wants_events(const ApplyContext* ctx) { return ctx && ctx->events; }

// A card set as a list in card-id order.
inline std::vector<Card> card_vector(CardSet set) { return {set.begin(), set.end()}; }

namespace detail {
template <class Make>
[[gnu::noinline]] void emit_to(const ApplyContext* ctx, SeatSet to, const char* format, Make&& make,
                               CardNames names) {
  Event e = make();
  e.visible_to = to;
  e.format = format;
  e.text = render_event(e, names);
  ctx->events->push_back(std::move(e));
}
}  // namespace detail

// Appends the event `make()` returns (its kind and fields), visible to `to`, with its text rendered
// from `format` (core/event.h). `make` runs only when someone listens: in the caller there is only
// the test of `ctx` (the event is built out of line), so hot paths pay nothing.
template <class Make>
[[gnu::always_inline]] inline void emit(const ApplyContext* ctx, SeatSet to, const char* format,
                                        Make&& make, CardNames names = {}) {
  if (wants_events(ctx)) detail::emit_to(ctx, to, format, std::forward<Make>(make), names);
}

// A private event for `to`, then its public half for every other seat and spectators: the same
// kind, seat, other seat and number, with no cards or amounts, rendered from `public_format`
// ("{seat} has chosen cards to pass").
template <class Make>
void emit_with_public_half(const ApplyContext* ctx, SeatSet to, const char* format,
                           const char* public_format, Make&& make, CardNames names = {}) {
  if (!wants_events(ctx)) return;
  Event whole = make();
  Event half;
  half.kind = whole.kind;
  half.seat = whole.seat;
  half.other = whole.other;
  half.number = whole.number;
  half.visible_to = SeatSet(kEveryone.bits() & ~to.bits());
  half.public_half = true;
  half.format = public_format;
  whole.visible_to = to;
  whole.format = format;
  whole.text = render_event(whole, names);
  half.text = render_event(half, names);
  ctx->events->push_back(std::move(whole));
  ctx->events->push_back(std::move(half));
}

// "your hand: AS KH 7D", seen by `seat` only: the cards it was dealt.
inline void emit_hand(const ApplyContext* ctx, Seat seat, CardSet hand, CardNames names = {}) {
  emit(
      ctx, SeatSet::of(seat), "your hand: {cards}",
      [&] { return Event{.kind = EventKind::kHand, .seat = seat, .cards = card_vector(hand)}; },
      names);
}

// The checks before every apply: refused once the match is over, or for a seat not at the table.
inline Status refuse_when_closed(bool over, Seat seat, int seats) {
  if (over) return Status::Error("the game is over");
  if (seat < 0 || seat >= seats) return Status::Error("no such seat");
  return Status::Ok();
}

// "S0 bid 2, took 3: 9 points (total 40)": a seat's score for a round of a bidding trick game.
inline void emit_round_score(const ApplyContext* ctx, Seat seat, int bid, int took, int points,
                             int total) {
  emit(ctx, kEveryone, "{seat} bid {amount}, took {tricks}: {points:point/points} (total {total})",
       [&] {
         return Event{.kind = EventKind::kScore,
                      .seat = seat,
                      .amount = bid,
                      .tricks = took,
                      .points = points,
                      .total = total};
       });
}

// Reports a deal the game made (ApplyContext::dealt); `make` runs only when someone listens.
template <class Make>
void report_deal(const ApplyContext* ctx, Make&& make) {
  if (ctx && ctx->dealt) ctx->dealt->push_back(make());
}

// The explicit deal for the deal about to be made (the `deals_dealt`-th), or nullptr.
inline const Deal* explicit_deal(const ApplyContext* ctx, int deals_dealt) {
  return ctx && deals_dealt < static_cast<int>(ctx->deals.size()) ? &ctx->deals[deals_dealt]
                                                                  : nullptr;
}

// A card set as a JSON list of card codes, in card-id order.
inline nlohmann::json cards_json(CardSet set, CardNames names = {}) {
  nlohmann::json out = nlohmann::json::array();
  for (Card c : set) out.push_back(card_text(c, names));
  return out;
}

// A card multiset as a JSON list of card codes, every copy, in card-id order ("7H", "7H", "8H").
inline nlohmann::json cards_json(const CardMultiset& cards, CardNames names = {}) {
  nlohmann::json out = nlohmann::json::array();
  for (Card c : cards.to_vector()) out.push_back(card_text(c, names));
  return out;
}

// A suit as views write it (core/game.h: "trump"): its letter "S", "H", "D", "C", or null.
inline nlohmann::json suit_json(int suit) {
  static constexpr const char* kLetters[] = {"S", "H", "D", "C"};
  return suit >= 0 && suit < kSuits ? nlohmann::json(kLetters[suit]) : nlohmann::json(nullptr);
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

// The keys of the view envelope (core/game.h) that every state answers the same way: game, seat,
// players, scores, to_act, legal, over, winners and last_round, and with core/match_state.h's
// bookkeeping round and dealer. The game adds the rest.
template <class S>
nlohmann::json view_envelope(const S& state, Seat seat, std::string_view game) {
  const int n = state.num_seats();
  const bool player = seat >= 0 && seat < n;
  nlohmann::json v;
  v["game"] = std::string(game);
  v["seat"] = player ? nlohmann::json(seat) : nlohmann::json(nullptr);
  v["players"] = n;
  nlohmann::json scores = nlohmann::json::array();
  for (Seat s = 0; s < n; ++s) scores.push_back(state.score(s));
  v["scores"] = scores;
  v["to_act"] = state.actors().to_vector();
  v["legal"] = legal_move_texts(state, seat);
  v["over"] = state.over();
  v["winners"] = state.winners().to_vector();
  v["last_round"] = state.rounds_completed() > 0 ? state.last_round(seat) : nlohmann::json(nullptr);
  if constexpr (requires { state.round_index(); }) v["round"] = state.round_index() + 1;
  if constexpr (requires { state.dealer(); }) v["dealer"] = state.dealer();
  return v;
}

// A pile of cards in card-id order.
inline Pile make_pile(std::string name, SeatSet visible_to, CardSet cards) {
  return Pile{std::move(name), visible_to, card_vector(cards)};
}

inline std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace cardroom
