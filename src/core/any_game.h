// Type-erased games and states for the CLI, the server and tests that range over every game.
//
// `GameAdapter<G>` wraps a concrete game; hot loops (`random_playouts`) run on the concrete State
// inside one virtual call. Computer players are plain functions of a *belief state*: the adapter
// hands them `resample(seat, rng)`, never the true state, so no bot can cheat even by mistake.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

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
  virtual std::unique_ptr<AnyState> new_match(std::uint64_t seed, int first_dealer,
                                              const ApplyContext* ctx) const = 0;
  virtual std::string validate_deal(const Deal& deal) const = 0;
  // Computer players this game offers; "random" is always first.
  virtual std::vector<std::string> bot_names() const = 0;
  // Plays `matches` random matches with seeds seed, seed+1, ...; no events, no allocation per move.
  virtual PlayoutStats random_playouts(int matches, std::uint64_t seed) const = 0;
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
  virtual Status apply(Seat seat, Move move, const ApplyContext* ctx) = 0;
  virtual bool over() const = 0;
  virtual int score(Seat seat) const = 0;
  virtual int team_score(int team) const = 0;
  virtual SeatSet winners() const = 0;
  virtual nlohmann::json view(Seat seat) const = 0;
  virtual std::unique_ptr<AnyState> resample(Seat observer, Rng& rng) const = 0;
  virtual std::string move_text(Move move) const = 0;
  virtual std::optional<Move> parse_move(Seat seat, std::string_view text,
                                         std::string* error) const = 0;
  virtual int deals_dealt() const = 0;
  virtual int rounds_completed() const = 0;
  virtual nlohmann::json last_round() const = 0;
  virtual const char* check() const = 0;
  // The move computer player `bot` makes for `seat`; the bot sees only resample(seat, rng).
  // Returns nullopt if there is no such bot or the seat may not move.
  virtual std::optional<Move> bot_move(std::string_view bot, Seat seat, Rng& rng) const = 0;
};

template <class S>
struct BotEntry {
  std::string name;
  Move (*choose)(const S& belief, Seat seat, Rng& rng);
};

template <GameState S>
Move random_legal_move(const S& state, Seat seat, Rng& rng) {
  MoveList<S::kMaxMoves> moves;
  state.legal_moves(seat, moves);
  return moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))];
}

// One random playout from `state` to the end; returns the number of moves made. Simultaneous and
// real-time phases are played lowest actor first.
template <GameState S>
std::uint64_t random_playout(S& state, Rng& rng) {
  std::uint64_t moves_made = 0;
  MoveList<S::kMaxMoves> moves;
  for (;;) {
    SeatSet actors = state.actors();
    if (actors.empty()) break;
    Seat seat = actors.lowest();
    moves.clear();
    state.legal_moves(seat, moves);
    Move m = moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))];
    state.apply(seat, m, nullptr);
    ++moves_made;
  }
  return moves_made;
}

template <class G>
class StateAdapter final : public AnyState {
 public:
  using S = typename G::State;
  StateAdapter(S state, const std::vector<BotEntry<S>>* bots)
      : state_(std::move(state)), bots_(bots) {}
  const S& state() const { return state_; }

  std::unique_ptr<AnyState> clone() const override {
    return std::make_unique<StateAdapter>(state_, bots_);
  }
  bool equals(const AnyState& other) const override {
    auto* o = dynamic_cast<const StateAdapter*>(&other);
    return o && o->state_ == state_;
  }
  int num_seats() const override { return state_.num_seats(); }
  ActorMode mode() const override { return state_.mode(); }
  SeatSet actors() const override { return state_.actors(); }
  std::vector<Move> legal_moves(Seat seat) const override {
    MoveList<S::kMaxMoves> moves;
    state_.legal_moves(seat, moves);
    return {moves.begin(), moves.end()};
  }
  Status apply(Seat seat, Move move, const ApplyContext* ctx) override {
    return state_.apply(seat, move, ctx);
  }
  bool over() const override { return state_.over(); }
  int score(Seat seat) const override { return state_.score(seat); }
  int team_score(int team) const override { return state_.team_score(team); }
  SeatSet winners() const override { return state_.winners(); }
  nlohmann::json view(Seat seat) const override { return state_.view(seat); }
  std::unique_ptr<AnyState> resample(Seat observer, Rng& rng) const override {
    return std::make_unique<StateAdapter>(state_.resample(observer, rng), bots_);
  }
  std::string move_text(Move move) const override { return state_.move_text(move); }
  std::optional<Move> parse_move(Seat seat, std::string_view text,
                                 std::string* error) const override {
    return state_.parse_move(seat, text, error);
  }
  int deals_dealt() const override { return state_.deals_dealt(); }
  int rounds_completed() const override { return state_.rounds_completed(); }
  nlohmann::json last_round() const override { return state_.last_round(); }
  const char* check() const override { return state_.check(); }
  std::optional<Move> bot_move(std::string_view bot, Seat seat, Rng& rng) const override {
    if (!state_.actors().contains(seat)) return std::nullopt;
    if (bot == "random") return random_legal_move(state_, seat, rng);
    for (const auto& entry : *bots_)
      if (entry.name == bot) {
        S belief = state_.resample(seat, rng);
        return entry.choose(belief, seat, rng);
      }
    return std::nullopt;
  }

 private:
  S state_;
  const std::vector<BotEntry<S>>* bots_;
};

template <class G>
class GameAdapter final : public AnyGame {
 public:
  using S = typename G::State;
  GameAdapter(G game, OptionValues options, const std::vector<BotEntry<S>>* bots)
      : game_(std::move(game)), options_(std::move(options)), bots_(bots) {}
  const G& game() const { return game_; }

  std::string_view name() const override { return G::kName; }
  const OptionValues& options() const override { return options_; }
  int num_seats() const override { return game_.num_seats(); }
  Teams teams() const override { return game_.teams(); }
  CardNames card_names() const override { return game_.card_names(); }
  std::unique_ptr<AnyState> new_match(std::uint64_t seed, int first_dealer,
                                      const ApplyContext* ctx) const override {
    return std::make_unique<StateAdapter<G>>(game_.new_match(seed, first_dealer, ctx), bots_);
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
      for (Seat s = 0; s < state.num_seats(); ++s) match_sig += (s + 1) * 7919 * state.score(s);
      stats.signature += match_sig;
    }
    return stats;
  }

 private:
  G game_;
  OptionValues options_;
  const std::vector<BotEntry<S>>* bots_;
};

}  // namespace cardroom
