// Type-erased games and states for the CLI, the match runner, the server and tests that range over
// every game.
//
// `GameAdapter<G>` wraps a concrete game; hot loops (`random_playouts`) run on the concrete State
// inside one virtual call. A game's own computer players (its heuristic) are plain functions of a
// *belief state*: `bot_move` hands them `resample(seat, rng)`, never the true state, so no bot can
// cheat even by mistake. Players reach a state only through bots/player.h's SeatAccess.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/move_data.h"
#include "core/observation.h"
#include "core/search.h"
#include "core/solve.h"

namespace cardroom {

class AnyState;

struct PlayoutStats {
  std::uint64_t matches = 0;
  std::uint64_t moves = 0;
  std::int64_t signature = 0;  // deterministic: changes only when the rules change
};

class AnyGame {
 public:
  virtual ~AnyGame() = default;
  virtual std::string_view name() const = 0;
  virtual const OptionValues& options() const = 0;
  // "reds(players=4,partnership=false,...)"
  std::string game_string() const {
    return std::string(name()) + "(" + options().canonical() + ")";
  }
  virtual int num_seats() const = 0;
  virtual Teams teams() const = 0;
  virtual CardNames card_names() const = 0;
  // One seat plays against the house: a finished match may have no winner (XGame::kAgainstHouse).
  virtual bool against_house() const = 0;
  virtual std::unique_ptr<AnyState> new_match(std::uint64_t seed, int first_dealer,
                                              const ApplyContext* ctx) const = 0;
  virtual std::string validate_deal(const Deal& deal) const = 0;
  // Computer players this game offers by name: "random" first, then the game's own (heuristic).
  // The player registry (bots/registry.h) adds game-independent players and options.
  virtual std::vector<std::string> bot_names() const = 0;
  // Plays `matches` random matches with seeds seed, seed+1, ...; no events, no allocation per move.
  virtual PlayoutStats random_playouts(int matches, std::uint64_t seed) const = 0;
  // Whether its states offer a double-dummy solver in card play (AnyState::solve).
  virtual bool has_solver() const = 0;
  // Whether its states offer the information-set tree search (AnyState::search).
  virtual bool has_search() const = 0;
  // The layout of its observations for learning (core/observation.h): the fields of a seat's
  // view, encoded as a fixed number of floats.
  virtual const ObservationLayout& observation_layout() const = 0;
};

class AnyState {
 public:
  virtual ~AnyState() = default;
  virtual std::unique_ptr<AnyState> clone() const = 0;
  // Exact equality of the whole state (same game type required; false otherwise).
  virtual bool equals(const AnyState& other) const = 0;
  virtual int num_seats() const = 0;
  virtual ActorMode mode() const = 0;
  virtual SeatSet actors() const = 0;
  virtual std::vector<Move> legal_moves(Seat seat) const = 0;
  // A legal move of `seat` drawn uniformly with `rng` (nullopt if it may not move); no heap.
  virtual std::optional<Move> random_legal_move(Seat seat, Rng& rng) const = 0;
  // The State's random_round_outcome (core/game.h); nullopt where the game has none.
  virtual std::optional<RoundOutcome> random_round_outcome(Rng& rng) const = 0;
  virtual Status apply(Seat seat, Move move, const ApplyContext* ctx) = 0;
  // Moves applied so far in the match: the view envelope's "seq".
  virtual std::uint64_t seq() const = 0;
  virtual bool over() const = 0;
  virtual int score(Seat seat) const = 0;
  virtual int team_score(int team) const = 0;
  virtual SeatSet winners() const = 0;
  // The game's view with "seq" and "moves" (the viewer's legal moves as data) added.
  virtual nlohmann::json view(Seat seat) const = 0;
  virtual std::unique_ptr<AnyState> resample(Seat observer, Rng& rng) const = 0;
  // Draws `count` worlds for `observer` on the concrete State, as a search does (no heap), and
  // returns a checksum of them: for measuring resample (`bench --search`).
  virtual std::uint64_t resample_many(Seat observer, int count, Rng& rng) const = 0;
  virtual std::string move_text(Move move) const = 0;
  // The move as data, and as JSON for clients (core/move_data.h): the view's "moves" are these.
  virtual MoveData move_data(Move move) const = 0;
  virtual nlohmann::json move_json(Move move) const = 0;
  virtual std::optional<Move> parse_move(Seat seat, std::string_view text,
                                         std::string* error) const = 0;
  virtual int deals_dealt() const = 0;
  virtual int rounds_completed() const = 0;
  virtual nlohmann::json last_round(Seat seat) const = 0;
  virtual std::vector<Pile> piles() const = 0;
  virtual const char* check() const = 0;
  // The move the game's computer player `bot` (a name of bot_names()) makes for `seat`: "random"
  // draws a legal move, the game's own players see only resample(seat, rng). Nullopt if the game
  // has no such player or the seat may not move. Players call it through SeatAccess.
  virtual std::optional<Move> bot_move(std::string_view bot, Seat seat, Rng& rng) const = 0;
  // Trick games in card play: the double-dummy values of the position as if every hand were known
  // (core/solve.h). Nullopt when the game has no solver or no card is to be played now. Players
  // call it only on worlds drawn by resample; the analysis of a finished round on its record.
  virtual std::optional<SolveResult> solve(const SolveQuery& query, SolverMemory& memory) const = 0;
  // How plausible the decisions of this round by the seats other than `observer` are in this
  // state, by the game's model of its players (its heuristic): a weight in (0, 1], 1 where each is
  // what that model decides from what its seat knew when it decided. S48 has a model of its own
  // (the bids: bid_plausibility in s48_bot.h); 1 in the other games. It reads hidden cards:
  // players ask it only of worlds drawn by resample(observer), to weight them (policy-based
  // inference), never of the true state.
  virtual double plausibility(Seat observer) const = 0;
  // The same weight by the generic model where the game has no model of its own: the round's
  // decisions replayed with the game's heuristic as every player's model (replay_plausibility);
  // the game's own model where it has one (S48); 1 where the game replays no round.
  virtual double replay_plausibility(Seat observer) const = 0;
  // Whether the game's State offers round_replay (RoundReplay), and the replay itself: the round
  // at its first decision, as this state (a world) holds it, and the decisions made since. For
  // tests and measurement; players weigh worlds through plausibility.
  virtual bool replays_rounds() const = 0;
  virtual std::optional<std::pair<std::unique_ptr<AnyState>, std::vector<std::pair<Seat, Move>>>>
  round_replay() const = 0;
  // Information-set Monte Carlo tree search for `query.seat` (core/search.h): a world is drawn for
  // the seat (resample) and only that world is searched from. Nullopt when the game has no search
  // or the seat may not move. Players call it through SeatAccess::search.
  virtual std::optional<SearchResult> search(const SearchQuery& query, SearchMemory& memory,
                                             Rng& rng) const = 0;
};

template <class S>
struct BotEntry {
  std::string name;
  Move (*choose)(const S& belief, Seat seat, Rng& rng);
};

// The players of a game that has one of its own, its heuristic `Choose`.
template <class S, Move (*Choose)(const S&, Seat, Rng&)>
const std::vector<BotEntry<S>>& heuristic_only() {
  static const std::vector<BotEntry<S>> entries = {{"heuristic", Choose}};
  return entries;
}

// Declares, in a game's namespace (its <g>_bot.h), its heuristic player, a function of a belief
// state (resample of the seat), defined in <g>_bot.cc, and bots(), the game's own players.
#define CARDROOM_HEURISTIC_PLAYER(StateType)                         \
  Move heuristic_move(const StateType& belief, Seat seat, Rng& rng); \
  inline const std::vector<BotEntry<StateType>>& bots() {            \
    return heuristic_only<StateType, &heuristic_move>();             \
  }                                                                  \
  static_assert(true, "a declaration list ends with a semicolon")

// The seat that moves next in a random playout: the only actor; in a simultaneous phase the lowest
// (submissions are hidden, so the order decides nothing); in a real-time phase one drawn at random,
// so that no seat wins a race by its number.
template <GameState S>
Seat playout_actor(const S& state, SeatSet actors, Rng& rng) {
  if (actors.size() > 1 && state.mode() == ActorMode::kRealTime) {
    int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(actors.size())));
    std::uint32_t bits = actors.bits();
    while (k-- > 0) bits &= bits - 1;
    return std::countr_zero(bits);
  }
  return actors.lowest();
}

// One random playout from `state` to the end; returns the number of moves made.
template <GameState S>
std::uint64_t random_playout(S& state, Rng& rng) {
  std::uint64_t moves_made = 0;
  for (;;) {
    SeatSet actors = state.actors();
    if (actors.empty()) break;
    Seat seat = playout_actor(state, actors, rng);
    state.apply(seat, random_legal_move(state, seat, rng), nullptr);
    ++moves_made;
  }
  return moves_made;
}

// Set for a game whose heuristic can say how plausible a world drawn for `observer` is
// (AnyState::plausibility) by a model of its own (S48's bids); nullptr otherwise.
template <class S>
using PlausibilityFn = double (*)(const S& world, Seat observer);
template <class S>
inline PlausibilityFn<S> plausibility_hook = nullptr;

template <class S>
concept HasRoundReplay = requires(const S& s) {
  { s.round_replay() } -> std::same_as<std::optional<RoundReplay<S>>>;
};

// The weight of one decision of another seat that the game's heuristic would not have made in the
// world, in replay_plausibility.
inline constexpr double kUnlikeHeuristic = 0.3;

// How plausible the decisions of the seats other than `observer` this round are in `world` (drawn
// for `observer` by resample), by the game's heuristic as the model of every player: the round is
// replayed from its first decision, and each decision of another seat that had a choice counts 1
// where the heuristic, deciding on the replayed state as its belief (what the world says was
// true then), makes the same move, and kUnlikeHeuristic where it does not. The product; 1 without
// a heuristic or a round to replay. Deterministic: the heuristic's randomness is drawn from a
// fixed seed.
template <HasRoundReplay S>
double replay_plausibility(const S& world, Seat observer, Move (*heuristic)(const S&, Seat, Rng&)) {
  if (!heuristic) return 1;
  std::optional<RoundReplay<S>> replay = world.round_replay();
  if (!replay) return 1;
  S& s = replay->start;
  Rng rng(0x1f3a5);
  double weight = 1;
  for (const auto& [seat, move] : replay->moves) {
    if (seat != observer) {
      MoveList<S::kMaxMoves> legal;
      s.legal_moves(seat, legal);
      if (legal.size() > 1 && heuristic(s, seat, rng) != move) weight *= kUnlikeHeuristic;
    }
    [[maybe_unused]] const Status st = s.apply(seat, move, nullptr);
    CARDROOM_ASSERT(st.ok(), "round_replay: a decision of the round was refused on its replay");
  }
  return weight;
}

// AnyState::plausibility on the concrete state: the game's own model where it has one
// (plausibility_hook), else replay_plausibility with its heuristic where its State replays rounds,
// else 1.
template <class S>
double world_plausibility(const S& world, Seat observer, Move (*heuristic)(const S&, Seat, Rng&)) {
  if (plausibility_hook<S>) return plausibility_hook<S>(world, observer);
  if constexpr (HasRoundReplay<S>) return replay_plausibility(world, observer, heuristic);
  return 1.0;
}

// The concrete state behind an AnyState, for code written for one game (its tests, its players).
template <class S>
class TypedState : public AnyState {
 public:
  virtual const S& state() const = 0;
};

template <class G>
class StateAdapter final : public TypedState<typename G::State> {
 public:
  using S = typename G::State;
  StateAdapter(S state, const std::vector<BotEntry<S>>* bots, CardNames names,
               std::uint64_t seq = 0)
      : state_(std::move(state)), bots_(bots), names_(names), seq_(seq) {}
  const S& state() const override { return state_; }

  std::unique_ptr<AnyState> clone() const override {
    return std::make_unique<StateAdapter>(state_, bots_, names_, seq_);
  }
  bool equals(const AnyState& other) const override {
    auto* o = dynamic_cast<const StateAdapter*>(&other);
    return o && o->state_ == state_ && o->seq_ == seq_;
  }
  int num_seats() const override { return state_.num_seats(); }
  ActorMode mode() const override { return state_.mode(); }
  SeatSet actors() const override { return state_.actors(); }
  std::vector<Move> legal_moves(Seat seat) const override {
    MoveList<S::kMaxMoves> moves;
    state_.legal_moves(seat, moves);
    return {moves.begin(), moves.end()};
  }
  std::optional<Move> random_legal_move(Seat seat, Rng& rng) const override {
    // A seat has legal moves exactly when it is among the actors.
    if (!state_.actors().contains(seat)) return std::nullopt;
    return cardroom::random_legal_move(state_, seat, rng);
  }
  std::optional<RoundOutcome> random_round_outcome(Rng& rng) const override {
    if constexpr (HasRoundOutcome<S>)
      return state_.random_round_outcome(rng);
    else
      return std::nullopt;
  }
  Status apply(Seat seat, Move move, const ApplyContext* ctx) override {
    Status st = state_.apply(seat, move, ctx);
    if (st.ok()) {
      ++seq_;
      CARDROOM_ASSERT(state_.check() == nullptr, "a move broke the state's invariants (check())");
    }
    return st;
  }
  std::uint64_t seq() const override { return seq_; }
  bool over() const override { return state_.over(); }
  int score(Seat seat) const override { return state_.score(seat); }
  int team_score(int team) const override { return state_.team_score(team); }
  SeatSet winners() const override { return state_.winners(); }
  nlohmann::json view(Seat seat) const override {
    nlohmann::json v = state_.view(seat);
    v["seq"] = seq_;
    // The viewer's legal moves as data (core/move_data.h), beside "legal"'s texts.
    nlohmann::json moves = nlohmann::json::array();
    if (seat >= 0 && seat < state_.num_seats() && state_.actors().contains(seat))
      for (Move m : legal_moves(seat)) moves.push_back(move_json(m));
    v["moves"] = std::move(moves);
    // The game's own cards by name, for interfaces to draw their faces ({"J1": "joker 1"}).
    if (!names_.empty()) {
      nlohmann::json card_names = nlohmann::json::object();
      for (const ExtraCard& e : names_)
        card_names[std::string(e.code)] = std::string(e.name.empty() ? e.code : e.name);
      v["card_names"] = std::move(card_names);
    }
    return v;
  }
  MoveData move_data(Move move) const override {
    MoveData d = describe_move(state_.move_text(move), names_);
    if constexpr (requires { state_.move_label(move); }) d.label = state_.move_label(move);
    return d;
  }
  nlohmann::json move_json(Move move) const override {
    return cardroom::move_json(move, state_.move_text(move), move_data(move), names_);
  }
  std::unique_ptr<AnyState> resample(Seat observer, Rng& rng) const override {
    return std::make_unique<StateAdapter>(state_.resample(observer, rng), bots_, names_, seq_);
  }
  std::uint64_t resample_many(Seat observer, int count, Rng& rng) const override {
    std::uint64_t sum = 0;
    for (int i = 0; i < count; ++i) {
      const S world = state_.resample(observer, rng);
      // The whole world is made, as a search would use it (the compiler may not drop it).
      asm volatile("" : : "r"(&world) : "memory");
      sum += static_cast<std::uint64_t>(world.score(0)) + world.actors().bits();
    }
    return sum;
  }
  std::string move_text(Move move) const override { return state_.move_text(move); }
  std::optional<Move> parse_move(Seat seat, std::string_view text,
                                 std::string* error) const override {
    const std::optional<Move> parsed = state_.parse_move(seat, text, error);
    // A bare card is the move when exactly one legal move names that card alone, whatever its
    // verb ("JS" keeps the J♠ in Bridge Solitaire, calls it in Red Rover); else the game reads it.
    std::string_view word = text;
    while (!word.empty() && word.front() == ' ') word.remove_prefix(1);
    while (!word.empty() && word.back() == ' ') word.remove_suffix(1);
    const auto card = parse_card(word, names_);
    if (!card || !state_.actors().contains(seat)) return parsed;
    const std::vector<Move> legal = legal_moves(seat);
    if (parsed && std::find(legal.begin(), legal.end(), *parsed) != legal.end()) return parsed;
    std::optional<Move> only;
    for (Move m : legal) {
      const MoveData d = describe_move(state_.move_text(m), names_);
      if (d.cards.size() != 1 || d.cards[0] != *card) continue;
      if (only) return parsed;  // two moves name it: the game's own reading stands
      only = m;
    }
    if (!only) return parsed;
    if (error) error->clear();
    return only;
  }
  int deals_dealt() const override { return state_.deals_dealt(); }
  int rounds_completed() const override { return state_.rounds_completed(); }
  nlohmann::json last_round(Seat seat) const override { return state_.last_round(seat); }
  std::vector<Pile> piles() const override { return state_.piles(); }
  const char* check() const override { return state_.check(); }
  std::optional<Move> bot_move(std::string_view bot, Seat seat, Rng& rng) const override {
    if (!state_.actors().contains(seat)) return std::nullopt;
    if (bot == "random") return random_legal_move(seat, rng);
    for (const auto& entry : *bots_)
      if (entry.name == bot) {
        S belief = state_.resample(seat, rng);
        return entry.choose(belief, seat, rng);
      }
    return std::nullopt;
  }
  std::optional<SolveResult> solve(const SolveQuery& query, SolverMemory& memory) const override {
    if (!solve_hook<S>) return std::nullopt;
    return solve_hook<S>(state_, query, memory);
  }
  double plausibility(Seat observer) const override {
    return plausibility_hook<S> ? plausibility_hook<S>(state_, observer) : 1.0;
  }
  double replay_plausibility(Seat observer) const override {
    Move (*heuristic)(const S&, Seat, Rng&) = nullptr;
    for (const auto& entry : *bots_)
      if (entry.name == "heuristic") heuristic = entry.choose;
    return world_plausibility(state_, observer, heuristic);
  }
  bool replays_rounds() const override { return HasRoundReplay<S>; }
  std::optional<std::pair<std::unique_ptr<AnyState>, std::vector<std::pair<Seat, Move>>>>
  round_replay() const override {
    if constexpr (HasRoundReplay<S>) {
      auto replay = state_.round_replay();
      if (!replay) return std::nullopt;
      // The start is moves.size() moves ago. Modulo 2^64: a world may hold more decisions than
      // were made (Indian Chief's picks are secret, and a world's meld may have more cards), and
      // the replay still ends at seq_.
      const std::uint64_t at = seq_ - static_cast<std::uint64_t>(replay->moves.size());
      return std::make_pair(std::unique_ptr<AnyState>(std::make_unique<StateAdapter>(
                                std::move(replay->start), bots_, names_, at)),
                            std::move(replay->moves));
    }
    return std::nullopt;
  }
  std::optional<SearchResult> search(const SearchQuery& query, SearchMemory& memory,
                                     Rng& rng) const override {
    if (!search_hook<S> || !state_.actors().contains(query.seat)) return std::nullopt;
    Move (*heuristic)(const S&, Seat, Rng&) = nullptr;
    for (const auto& entry : *bots_)
      if (entry.name == "heuristic") heuristic = entry.choose;
    const S world = state_.resample(query.seat, rng);  // the search never sees the true state
    return search_hook<S>(world, heuristic, query, memory, rng);
  }

 private:
  S state_;
  const std::vector<BotEntry<S>>* bots_;
  CardNames names_;
  std::uint64_t seq_ = 0;
};

template <class G>
class GameAdapter final : public AnyGame {
 public:
  using S = typename G::State;
  GameAdapter(G game, OptionValues options, const std::vector<BotEntry<S>>* bots)
      : game_(std::move(game)),
        options_(std::move(options)),
        bots_(bots),
        observation_(game_.observation_fields(), game_.num_seats(), game_.teams(),
                     game_.card_names()) {}
  const G& game() const { return game_; }

  std::string_view name() const override { return G::kName; }
  const OptionValues& options() const override { return options_; }
  int num_seats() const override { return game_.num_seats(); }
  Teams teams() const override { return game_.teams(); }
  CardNames card_names() const override { return game_.card_names(); }
  bool against_house() const override {
    if constexpr (requires { G::kAgainstHouse; })
      return G::kAgainstHouse;
    else
      return false;
  }
  std::unique_ptr<AnyState> new_match(std::uint64_t seed, int first_dealer,
                                      const ApplyContext* ctx) const override {
    return std::make_unique<StateAdapter<G>>(game_.new_match(seed, first_dealer, ctx), bots_,
                                             game_.card_names());
  }
  std::string validate_deal(const Deal& deal) const override { return game_.validate_deal(deal); }
  std::vector<std::string> bot_names() const override {
    std::vector<std::string> out{"random"};
    for (const auto& b : *bots_) out.push_back(b.name);
    return out;
  }
  PlayoutStats random_playouts(int matches, std::uint64_t seed) const override {
    PlayoutStats stats;
    for (int i = 0; i < matches; ++i) {
      S state = game_.new_match(seed + static_cast<std::uint64_t>(i), -1, nullptr);
      Rng rng(~(seed + static_cast<std::uint64_t>(i)));
      std::uint64_t moves = random_playout(state, rng);
      stats.matches++;
      stats.moves += moves;
      std::int64_t match_sig = static_cast<std::int64_t>(moves);
      for (Seat s = 0; s < state.num_seats(); ++s)
        match_sig += (s + 1) * std::int64_t{7919} * state.score(s);
      stats.signature += match_sig;
    }
    return stats;
  }
  bool has_solver() const override { return solve_hook<S> != nullptr; }
  bool has_search() const override { return search_hook<S> != nullptr; }
  const ObservationLayout& observation_layout() const override { return observation_; }

 private:
  G game_;
  OptionValues options_;
  const std::vector<BotEntry<S>>* bots_;
  ObservationLayout observation_;
};

}  // namespace cardroom
