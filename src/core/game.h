// The game API: the contract every Cardroom game implements. This header is the spec.
//
// A game is two concrete types, no virtual calls:
//
//   class XGame   immutable rules plus validated options (`reds(players=4,partnership=true)`).
//   class XState  one whole match: all rounds and running scores, a plain copyable value.
//
// Generic code (random playouts, players, the conformance suite, the benchmark) is templated over
// them; `core/any_game.h` wraps them in a type-erased handle for the CLI, the match runner and
// (later) the server and Python. The concept `GameState` below lists what a state must offer; each
// item's contract is here.
//
// XGame must provide:
//   using State = XState;
//   static constexpr std::string_view kName;                 registry name, e.g. "reds"
//   static const std::vector<OptionSpec>& option_specs();    typed options, defaults = rulings
//   static std::optional<XGame> create(const OptionValues&, std::string* error);
//                                 cross-option checks (e.g. partnership needs 4 or 6 players)
//                                 (GameWithConfig below provides both from the Config)
//   int num_seats() const;
//   Teams teams() const;                                     partnerships, or count 0
//   CardNames card_names() const;                            codes of extra cards (ids >= 52)
//   State new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const;
//                                 first_dealer < 0 means "draw for it" per the rules; the first
//                                 deal happens here (ctx may supply it, see Deal)
//   std::string validate_deal(const Deal&) const;            "" if the explicit deal is usable
// and may provide:
//   static constexpr bool kAgainstHouse = true;              one seat plays against the house: the
//                                 match may end with winners() empty (the house won)
//
// Its rules page, `cardroom rules <game>`, is docs/games/<name>.md, embedded at build time.
//
// Who calls what: the match runner (src/match: CLI play, sim, the server, tests) is the only caller
// of apply. Players (human or computer) only ever receive `view(seat)`, the events their seat may
// see, `last_round(seat)` and worlds drawn by `resample(seat, rng)` (DESIGN.md section 4).
//
// Scores: `score(seat)` is the running total credited to the seat. Where points belong to the
// team as a whole (Teams::team_scored: Back Alley, Truc) a seat has no points of its own and
// score(seat) is its team's total; elsewhere it is the seat's own points (Reds partners score
// apart, and their team adds them up). `team_score(team)` is a team's running total; in games
// without teams, team t is seat t. Generic code compares seats with score(seat) in games without
// teams and with team_score(team_of[seat]) in games with teams.
//
// Out of turn: a seat not among actors() is refused with "it is not your turn", or with a reason
// that says more about why it may not move now ("you have already bid this round", "a raise is
// waiting for its answer"); see is_out_of_turn_reason.
//
// Choices among many combinations (keep 6 of 13 cards, discard 3 of 12) are made as a sequence of
// single picks (one card at a time, each a move, the choice complete when the count is reached), so
// that move lists stay small (kMaxMoves) and search players branch over cards, not subsets. Reds'
// exchange (choose 1 to 4 of 5 cards, at most 10 subsets) is small enough to offer whole.
//
// The view envelope: view(seat) is a JSON object whose common keys mean the same in every game:
//   "game"        registry name
//   "seat"        the viewer's seat, null for a spectator
//   "players"     seats at the table
//   "phase"       the game's phase name ("bid", "play", ..., "over")
//   "round"       the round (hand) in progress, 1-based;  "rounds": rounds in the game, or null
//   "dealer"      the dealer's seat, or null
//   "hand"        the viewer's cards (absent for spectators and in games without hands)
//   "hand_sizes"  the number of cards each seat holds
//   "scores"      score(seat) for each seat;  "team_scores": team_score(t) per team (team games)
//   "to_act"      the seats that may move now;  "legal": the viewer's legal moves as move text
//   "moves"       the same moves as data (core/move_data.h): {"text", "code", "verb", "cards",
//                 "number", "strain", "label"} (filled by AnyState::view, not by the game)
//   "over", "winners"
//   "last_round"  last_round(seat), null before the first round is complete
//   "layout", "status", "facts"  the table the game declares, for interfaces to draw without
//                 knowing the game (core/table_layout.h): the zones of cards on the table (the
//                 trick, piles, rows, the board, melds), one line saying what happens and who
//                 must act, and label/value facts in words (contract, trumps, stake)
//   "out"         in games where players drop out (Schwimmen), the seats out of the game:
//                 interfaces show them as out rather than by their score
//   "card_names"  in games with cards of their own, each one's code and name ({"J1": "joker 1"},
//                 {"GC": "Grand Colon"}) for interfaces to draw (filled by AnyState::view)
//   "seq"         moves applied so far in the match: a client holding two views keeps the one with
//                 the larger seq (filled by AnyState::view, not by the game)
// Trick games add "trump" (a suit letter or null), "trick" ({"leader", "seats", "cards"} in play
// order, null when no trick is in progress), "tricks" (this round's completed tricks, each with
// "winner") and "tricks_won" (per seat). Optional keys that tell interfaces how to show the game:
//   "rank_order"  cards are shown by rank in this order, suits not grouped: a string of rank
//                 letters, first shown first (Truc "32AKQJ7654", Tadmur "A23456789TJQK");
//                 without it cards are grouped by suit, trumps first, high to low
//   "reversed_suits"  suits whose low cards rank highest, shown low card first (Red Rover)
//   "top_cards"   cards shown before every suit, a group of their own (Red Rover's 6♦)
//   "round_name"  what the rules call a round ("hand": "Hand 4 of 26"); "round" without it
//   "initial_score"  every seat's score before the first round (Schwimmen's chips): score
//                 sheets start their running totals there; 0 without it
// Anything else is the game's own and its docs page says what it means. Keys are never renamed;
// new ones are added.
//
// A round summary, last_round(seat), is what `seat` may know of the round just completed. Its
// common keys: "round" (1-based), "dealer", and where the game has them, per seat "bids",
// "tricks_won" and "points" (the round's points), and in games whose teams score as a whole
// (Teams::team_scored) "team_points" per team. A game may give its score sheet's own columns as
// "sheet": a list of {"title", and one of "value" (the round's cell), "seats" (a cell per seat) or
// "teams" (a cell per team)}, cells being numbers, text (card codes and suit symbols are styled
// by the terminal) or null. The terminal's score sheet reads only these keys: with "sheet" it
// shows the round, the "value" columns, in team-scored games the "seats" columns as one group,
// then for each team (team-scored) or seat its own columns, its points and running total;
// without it, each seat's bid/won, points and total.
// Where bids are not plain numbers (Back Alley's calls) "bid_tricks" gives per seat the tricks
// each bid promises, and where teams bid a contract "team_bid_tricks" gives it per team, in tricks
// (`sim` reads them: match/simulate.h).
#pragma once

#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <map>
#include <new>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/assert.h"
#include "core/cards.h"
#include "core/event.h"
#include "core/observation.h"
#include "core/options.h"
#include "core/rng.h"
#include "core/seats.h"

namespace cardroom {

// A move is a 64-bit code whose layout each game documents in its header preamble; the top byte is
// conventionally the kind. Codes order the legal move list.
struct Move {
  std::uint64_t code = 0;
  constexpr auto operator<=>(const Move&) const = default;
};

// The conventional layout: the kind in the top byte, the payload (a card, a card set, a number)
// below.
constexpr Move make_move(std::uint8_t kind, std::uint64_t payload = 0) {
  return Move{(std::uint64_t{kind} << 56) | payload};
}
constexpr int move_kind(Move m) { return static_cast<int>(m.code >> 56); }
constexpr std::uint64_t move_payload(Move m) { return m.code & ((std::uint64_t{1} << 56) - 1); }

// Fixed-capacity move list: lives on the stack, never allocates. Capacity overflow is a bug in the
// game's move generator (each game sizes kMaxMoves from its rules) and is checked in debug builds.
template <int Capacity>
class MoveList {
 public:
  // The moves' storage is not initialised (a list is made at every step of every playout and
  // search descent, and zeroing it cost more than filling it).
  MoveList() {}
  void push(Move m) {
    CARDROOM_ASSERT(size_ < Capacity, "MoveList overflow: the game's kMaxMoves is too small");
    data()[size_++] = m;
  }
  // One move per card of `cards`, in card order: make(card) (a game's play_move).
  template <class Make>
  void push_cards(CardSet cards, Make&& make) {
    CARDROOM_ASSERT(size_ + cards.size() <= Capacity,
                    "MoveList overflow: the game's kMaxMoves is too small");
    Move* moves = data();
    int n = size_;
    for (Card c : cards) moves[n++] = make(c);
    size_ = n;
  }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return data()[i]; }
  const Move* begin() const { return data(); }
  const Move* end() const { return data() + size_; }
  bool contains(Move m) const {
    for (int i = 0; i < size_; ++i)
      if (data()[i] == m) return true;
    return false;
  }

 private:
  // Moves live in bytes that provide their storage (their lifetimes begin as they are written).
  Move* data() { return std::launder(reinterpret_cast<Move*>(storage_)); }
  const Move* data() const { return std::launder(reinterpret_cast<const Move*>(storage_)); }

  alignas(Move) std::byte storage_[Capacity * sizeof(Move)];
  int size_ = 0;
};

// The card of `cards` (not empty) that a uniform draw from one move per card, listed in card
// order (MoveList::push_cards), picks: the one at index rng.below(cards.size()). For a State's
// random_move (below).
inline Card random_card(CardSet cards, Rng& rng) {
  return cards.nth(static_cast<int>(rng.below(static_cast<std::uint32_t>(cards.size()))));
}

// How the seats in `actors()` move.
enum class ActorMode {
  kTurn,          // exactly one actor
  kSimultaneous,  // every listed seat submits once; submissions stay hidden until all are in
  kRealTime,      // any listed seat may move at any time; moves apply in arrival order
};
// "turn", "simultaneous", "real_time": the mode as the bot protocol and Python name it.
const char* actor_mode_name(ActorMode mode);

// Result of apply: ok, or a reason (a static string; no allocation on the hot path).
struct Status {
  const char* error = nullptr;
  constexpr bool ok() const { return error == nullptr; }
  static constexpr Status Ok() { return {}; }
  static constexpr Status Error(const char* why) { return {why}; }
};

inline constexpr const char* kNotYourTurn = "it is not your turn";
// An apply error that names numbers ("the dealer may not bid 5: ..."): keeps `text` for the life
// of the program, once per distinct text, and returns it for Status::Error. Thread-safe; for the
// rare path of a refused move only.
const char* lasting_text(std::string text);
// Whether an apply error is one of the reasons a seat that is not to act is refused with.
bool is_out_of_turn_reason(std::string_view error);

// An explicit deal for one round (from a game record): each seat's hand, the undealt cards top
// first, and named piles per seat for games whose seats hold more than a hand (a Nuts reserve, a
// Tadmur target: piles["target"][seat]). It replaces that round's shuffle. Validated by
// XGame::validate_deal before use. Cards may repeat where the game has several copies of a card.
struct Deal {
  std::vector<std::vector<Card>> hands;
  std::vector<Card> pack;
  std::map<std::string, std::vector<std::vector<Card>>> piles;
  bool operator==(const Deal&) const = default;
};

// A round's decisions as a world holds them, for inference (AnyState::plausibility): `start`, the
// round at its first decision with the cards as the world has them, and every decision made
// since, in order; applying them to `start` gives the world back (the conformance suite checks
// it, on the true state and on worlds drawn by resample). A game offers it by giving its State
// `std::optional<RoundReplay<State>> round_replay() const` (nullopt where there is no round to
// replay: between rounds, or a game over). Decisions of other seats that nobody else sees and
// that the world does not hold (a discard face down) may stand before `start`.
template <class S>
struct RoundReplay {
  S start;
  std::vector<std::pair<Seat, Move>> moves;
};

// A place where cards lie, for tests and tools that look at a whole state (card conservation,
// what may be known, what resample must vary): every card of a state is in exactly one pile.
struct Pile {
  std::string name;         // stable over the match: "hand S0", "pack", "tricks", "target S1"
  SeatSet visible_to;       // the seats that see its cards now (kEveryone: face up)
  std::vector<Card> cards;  // in order where the order means something
};

// Optional extras for apply and new_match. Hot paths pass nullptr: no events are made and every
// deal is shuffled.
//   events  where events go (see core/event.h)
//   deals   `deals[i]` replaces the shuffle of the i-th deal of the match (0-based, counting
//           redeals)
//   dealt   where the game reports each deal it makes, shuffled or explicit, in the form its
//           validate_deal accepts: passed back as `deals`, it replays the match without its RNG
//   time_ms the move's arrival time in a real-time game, in milliseconds from the start of the
//           match (Session::play from its time_ms, also when replaying a record; the match
//           runner's tables); absent when unknown. Only real-time games read it.
struct ApplyContext {
  std::vector<Event>* events = nullptr;
  std::span<const Deal> deals;
  std::vector<Deal>* dealt = nullptr;
  std::optional<std::int64_t> time_ms = std::nullopt;
};

// The part of every XGame that is the same: its options and its validated Config, kept for the
// game's life. The Config lists its options bound to its fields (`static const
// ConfigOptions<Config>& options()`, core/options.h) and may check them together
// (`std::string validate() const`: "" when they fit, e.g. partnership needs 4 or 6 players).
//   class Game : public GameWithConfig<Config, Game, State> {
//    public:
//     CARDROOM_GAME_CONTRACT("reds");        kName; new_match and validate_deal, defined by the
//     game int num_seats() const { return config_.players; }
//   };
template <class ConfigT, class Derived, class StateT>
class GameWithConfig {
 public:
  using Config = ConfigT;
  using State = StateT;
  explicit GameWithConfig(Config config) : config_(config) {}
  const Config& config() const { return config_; }
  // Defaults for games without partnerships or extra cards.
  Teams teams() const { return {}; }
  CardNames card_names() const { return {}; }

  static const std::vector<OptionSpec>& option_specs() { return Config::options().specs(); }
  static std::optional<Derived> create(const OptionValues& values, std::string* error) {
    const Config config = Config::options().read(values);
    if constexpr (requires { config.validate(); }) {
      std::string why = config.validate();
      if (!why.empty()) {
        if (error) *error = std::move(why);
        return std::nullopt;
      }
    }
    return Derived(config);
  }

 protected:
  Config config_;
};

// Declares, inside a game's Game class (deriving from GameWithConfig), its registry name and the
// members every game defines in its own source file.
#define CARDROOM_GAME_CONTRACT(name)                                                    \
  static constexpr std::string_view kName = name;                                       \
  using GameWithConfig::GameWithConfig;                                                 \
  State new_match(std::uint64_t seed, int first_dealer, const ApplyContext* ctx) const; \
  std::string validate_deal(const Deal& deal) const;                                    \
  std::vector<ObservationField> observation_fields() const

// Declares, inside a game's State class, the members of the GameState contract that every game
// defines in its own source file (the concept below says what each must do).
#define CARDROOM_STATE_CONTRACT(StateType)                                                    \
  SeatSet actors() const;                                                                     \
  void legal_moves(Seat seat, MoveList<kMaxMoves>& out) const;                                \
  Status apply(Seat seat, Move move, const ApplyContext* ctx);                                \
  nlohmann::json view(Seat seat) const;                                                       \
  StateType resample(Seat observer, Rng& rng) const;                                          \
  std::string move_text(Move move) const;                                                     \
  std::optional<Move> parse_move(Seat seat, std::string_view text, std::string* error) const; \
  nlohmann::json last_round(Seat seat) const;                                                 \
  std::vector<Pile> piles() const;                                                            \
  const char* check() const;                                                                  \
  bool operator==(const StateType&) const = default;                                          \
  friend class Game; /* its new_match sets the state up */                                    \
  using MatchState::MatchState

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
  // Running totals (see "Scores" above).
  { cs.score(seat) } -> std::convertible_to<int>;
  { cs.team_score(seat) } -> std::convertible_to<int>;
  // Winners: seats (or every seat of the winning teams). Empty while the match is on, and at the
  // end only in games against the house that the house won (XGame::kAgainstHouse).
  { cs.winners() } -> std::same_as<SeatSet>;
  // JSON of exactly what `seat` may know (kSpectator: what anyone watching may know), in the view
  // envelope above.
  { cs.view(seat) } -> std::same_as<nlohmann::json>;
  // A full state drawn at random among those consistent with everything `seat` knows (own cards,
  // cards seen, cards passed, voids shown); every hidden card, hand and pack is drawn afresh, and
  // the state's RNG is reseeded so future deals are unknown too. It never returns the true hidden
  // cards: constrained_deal finds a deal whenever one exists, so for a state reached by legal play
  // it cannot fail. If it does (a bug: the game's constraints contradict its own state), debug
  // builds stop on an assertion and release builds empty the hidden places, so the sample fails
  // check() and nothing true leaks. The world, and what it draws from rng, depend only on what
  // `seat` knows: from any two states with the same view(seat) it draws the same world with the
  // same rng (unknown cards gathered in card order, never in the order they truly lie in; hidden
  // choices redrawn), else a player drawing worlds would learn the truth from them (the
  // conformance suite checks it, and that every player decides alike in such states).
  { cs.resample(seat, rng) } -> std::same_as<S>;
  { cs.move_text(m) } -> std::same_as<std::string>;
  { cs.parse_move(seat, std::string_view{}, err) } -> std::same_as<std::optional<Move>>;
  // Deals so far (explicit deals are indexed by this), rounds completed, and the summary of the
  // last completed round as `seat` may know it (kSpectator: anyone watching; kOmniscient: the
  // whole record, for replay --json), for score sheets; before the first round is complete it
  // tells nothing of the round in progress (null, or the empty record).
  { cs.deals_dealt() } -> std::convertible_to<int>;
  { cs.rounds_completed() } -> std::convertible_to<int>;
  { cs.last_round(seat) } -> std::same_as<nlohmann::json>;
  // Every card's place (omniscient: tests and tools only, never a player).
  { cs.piles() } -> std::same_as<std::vector<Pile>>;
  // Whole-state invariant check (cards conserved, counts consistent): nullptr when fine.
  { cs.check() } -> std::same_as<const char*>;
};

// A State may also offer, for the hot loops of random playouts (bench, sim's random player, the
// search's playouts):
//   Move random_move(Seat seat, Rng& rng) const;
//       for a seat that may move: the move random_listed_move below draws, legal_moves(seat) at
//       index rng.below(count), the same move from the same use of `rng`, found without listing
//       the moves (a card of a card set, in card order). The conformance suite checks the two
//       against each other in every game that offers it.
//   RoundOutcome random_round_outcome(Rng& rng) const;
//       the end of the round in progress played out at random, without the state: what the loop
//       `while (!over() && rounds_completed() == r) { s = actors().lowest();
//       apply(s, random_legal_move(*this, s, rng)); }` on a copy ends with (r: rounds_completed()
//       now), the same moves from the same use of `rng`, and nothing of what follows (the next
//       round's deal, the round's record). The search's playouts (bots/ismcts_search.h) need only
//       the scores, and a trick game plays its cards on the trick core's position alone
//       (TrickPosition::play_out). The conformance suite checks it against the loop. Not for
//       games with real-time phases (there a playout draws who moves next).
template <class S>
concept HasRandomMove = requires(const S& cs, Seat seat, Rng& rng) {
  { cs.random_move(seat, rng) } -> std::same_as<Move>;
};

// The end of a round played out at random (random_round_outcome above).
struct RoundOutcome {
  std::uint64_t moves = 0;                   // moves made
  std::array<int, kMaxSeats> scores{};       // score(seat) at the end, for each seat
  std::array<int, kMaxSeats> team_scores{};  // team_score(team) at the end, for each team
  bool operator==(const RoundOutcome&) const = default;
};

template <class S>
concept HasRoundOutcome = requires(const S& cs, Rng& rng) {
  { cs.random_round_outcome(rng) } -> std::same_as<RoundOutcome>;
};

// A uniformly random legal move of `seat`, which may move: from the list of its legal moves.
template <GameState S>
Move random_listed_move(const S& state, Seat seat, Rng& rng) {
  MoveList<S::kMaxMoves> moves;
  state.legal_moves(seat, moves);
  return moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))];
}

// The same move, by the State's random_move where it has one.
template <GameState S>
Move random_legal_move(const S& state, Seat seat, Rng& rng) {
  if constexpr (HasRandomMove<S>)
    return state.random_move(seat, rng);
  else
    return random_listed_move(state, seat, rng);
}

// For a random_round_outcome that plays a phase move by move before the rest (the bids before the
// card play): random legal moves on a copy of `state` while `in_phase(copy)` holds, then the
// copy's own random_round_outcome; the moves of both counted.
template <GameState S, class InPhase>
RoundOutcome random_phase_then_outcome(const S& state, Rng& rng, InPhase in_phase) {
  S w = state;
  std::uint64_t made = 0;
  for (; in_phase(w); ++made) {
    const Seat seat = w.actors().lowest();
    w.apply(seat, random_legal_move(w, seat, rng), nullptr);
  }
  RoundOutcome out = w.random_round_outcome(rng);
  out.moves += made;
  return out;
}

}  // namespace cardroom
