// The game API: the contract every Cardroom game implements.
//
// A game is two concrete types, no virtual calls:
//
//   class XGame   immutable rules plus validated options (`reds(players=4,partnership=true)`).
//   class XState  one whole match: all rounds and running scores, a plain copyable value.
//
// Generic code (random playouts, bots, the conformance suite, the benchmark) is templated over
// them; `core/any_game.h` wraps them in a type-erased handle for the CLI and (later) the server.
// The concept `GameState` below lists what a state must offer; each item's contract is here.
//
// XGame must provide:
//   using State = XState;
//   static constexpr std::string_view kName;                 registry name, e.g. "reds"
//   static const std::vector<OptionSpec>& option_specs();    typed options, defaults = rulings
//   static std::optional<XGame> create(const OptionValues&, std::string* error);
//                                 cross-option checks (e.g. partnership needs 4 or 6 players)
//   int num_seats() const;
//   Teams teams() const;                                     partnerships, or count 0
//   CardNames card_names() const;                            codes of extra cards (ids >= 52)
//   State new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const;
//                                 first_dealer < 0 means "draw for it" per the rules; the first
//                                 deal happens here (ctx may supply it, see Deal)
//   std::string validate_deal(const Deal&) const;            "" if the explicit deal is usable
//   static std::string rules_text();                         `cardroom rules <game>`
//
// Who calls what: the match runner (CLI play, sim, server, tests) is the only caller of apply.
// Players (human or computer) only ever receive `view(seat)` or `resample(seat, rng)` (DESIGN.md
// section 4).
#pragma once

#include <array>
#include <bit>
#include <concepts>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/cards.h"
#include "core/options.h"
#include "core/rng.h"

namespace cardroom {

using Seat = int;
inline constexpr Seat kSpectator = -1;
inline constexpr int kMaxSeats = 8;

// A set of seats as a bit mask (bit s = seat s).
class SeatSet {
 public:
  constexpr SeatSet() = default;
  constexpr explicit SeatSet(std::uint32_t bits) : bits_(bits) {}
  static constexpr SeatSet of(Seat s) { return SeatSet(1u << s); }
  static constexpr SeatSet first_n(int n) { return SeatSet((1u << n) - 1); }
  constexpr std::uint32_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int size() const { return std::popcount(bits_); }
  constexpr bool contains(Seat s) const { return s >= 0 && ((bits_ >> s) & 1); }
  constexpr void add(Seat s) { bits_ |= 1u << s; }
  constexpr void remove(Seat s) { bits_ &= ~(1u << s); }
  constexpr Seat lowest() const { return std::countr_zero(bits_); }
  constexpr bool operator==(const SeatSet&) const = default;
  std::vector<Seat> to_vector() const {
    std::vector<Seat> out;
    for (std::uint32_t b = bits_; b; b &= b - 1) out.push_back(std::countr_zero(b));
    return out;
  }

 private:
  std::uint32_t bits_ = 0;
};

// Partnerships. count == 0: everyone plays alone.
struct Teams {
  int count = 0;
  std::array<std::int8_t, kMaxSeats> team_of{};
  bool operator==(const Teams&) const = default;
};

// A move is a 64-bit code whose layout each game documents in its header preamble; the top byte is
// conventionally the kind. Codes order the legal move list.
struct Move {
  std::uint64_t code = 0;
  constexpr auto operator<=>(const Move&) const = default;
};

// Fixed-capacity move list: lives on the stack, never allocates. Capacity overflow is a bug in the
// game's move generator (each game sizes kMaxMoves from its rules) and is checked in debug builds.
template <int Capacity>
class MoveList {
 public:
  void push(Move m) { moves_[size_++] = m; }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  bool contains(Move m) const {
    for (int i = 0; i < size_; ++i)
      if (moves_[i] == m) return true;
    return false;
  }

 private:
  std::array<Move, Capacity> moves_;
  int size_ = 0;
};

// How the seats in `actors()` move.
enum class ActorMode {
  kTurn,          // exactly one actor
  kSimultaneous,  // every listed seat submits once; submissions stay hidden until all are in
  kRealTime,      // any listed seat may move at any time; moves apply in arrival order
};

// Result of apply: ok, or a reason (a static string; no allocation on the hot path).
struct Status {
  const char* error = nullptr;
  constexpr bool ok() const { return error == nullptr; }
  static constexpr Status Ok() { return {}; }
  static constexpr Status Error(const char* why) { return {why}; }
};

// Something that happened, tagged with the seats allowed to see it. Spectators see only events
// visible to every seat (`public_event`).
struct Event {
  SeatSet visible_to;
  std::string text;
  bool public_event() const { return visible_to.bits() == 0xFFFFFFFFu; }
};
inline constexpr SeatSet kEveryone = SeatSet(0xFFFFFFFFu);

// An explicit deal for one round (from a game record): each seat's hand, and the undealt cards top
// first. It replaces that round's shuffle. Validated by XGame::validate_deal before use.
struct Deal {
  std::vector<std::vector<Card>> hands;
  std::vector<Card> pack;
};

// Optional extras for apply and new_match. Hot paths pass nullptr: no events are formatted and
// every deal is shuffled. `deals[i]` replaces the shuffle of the i-th deal of the match (0-based,
// counting redeals).
struct ApplyContext {
  std::vector<Event>* events = nullptr;
  std::span<const Deal> deals;
};

template <class S>
concept GameState = std::copyable<S> && std::equality_comparable<S> &&
    requires(const S& cs, S& s, Seat seat, Move m, Rng& rng, std::string* err) {
  { S::kMaxMoves } -> std::convertible_to<int>;
  { cs.num_seats() } -> std::convertible_to<int>;
  // The seats that may move now; empty exactly when the match is over.
  { cs.actors() } -> std::same_as<SeatSet>;
  { cs.mode() } -> std::same_as<ActorMode>;
  // Legal moves of `seat` now (empty if it may not move), sorted by code, no duplicates, no heap.
  // Legal moves depend only on what `seat` knows.
  cs.legal_moves(seat, std::declval<MoveList<S::kMaxMoves>&>());
  // Applies a move; an illegal or out-of-turn move returns an error and changes nothing.
  { s.apply(seat, m, static_cast<const ApplyContext*>(nullptr)) } -> std::same_as<Status>;
  { cs.over() } -> std::same_as<bool>;
  // Running total of a seat (team games: the seat's own points; see team_score).
  { cs.score(seat) } -> std::convertible_to<int>;
  // Running total of a team (games with teams; the sum of its seats where seats score alone).
  { cs.team_score(seat) } -> std::convertible_to<int>;
  // Winners: seats (or every seat of the winning teams). Empty while the match is on.
  { cs.winners() } -> std::same_as<SeatSet>;
  // JSON of exactly what `seat` may know (kSpectator: what anyone watching may know).
  { cs.view(seat) } -> std::same_as<nlohmann::json>;
  // A full state drawn at random among those consistent with everything `seat` knows.
  { cs.resample(seat, rng) } -> std::same_as<S>;
  { cs.move_text(m) } -> std::same_as<std::string>;
  { cs.parse_move(seat, std::string_view{}, err) } -> std::same_as<std::optional<Move>>;
  // Deals so far (explicit deals are indexed by this), rounds completed, and the summary of the
  // last completed round (for replay --json and score sheets).
  { cs.deals_dealt() } -> std::convertible_to<int>;
  { cs.rounds_completed() } -> std::convertible_to<int>;
  { cs.last_round() } -> std::same_as<nlohmann::json>;
  // Whole-state invariant check (cards conserved, counts consistent): nullptr when fine.
  { cs.check() } -> std::same_as<const char*>;
};

}  // namespace cardroom
