// Helpers shared by the per-game tests (src/games/*/*_test.cc): readable card strings to cards,
// typed games from option strings, legal-move texts, views and events, and the common plumbing of
// the bot tests (sessions, typed state out of a Session, heuristic moves, legality sweeps).
// Header-only; include it only from tests (it uses gtest).
#ifndef CARDROOM_GAMES_COMMON_TEST_UTIL_H_
#define CARDROOM_GAMES_COMMON_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/any_game.h"
#include "core/cards.h"
#include "core/game.h"
#include "core/options.h"
#include "core/registry.h"
#include "core/rng.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/common/test_paths.h"

namespace cardroom::testing_util {

// --- cards -------------------------------------------------------------------------------------

// "AS KS QS" -> cards; a bad string is a test failure (and gives no cards).
inline std::vector<Card> List(std::string_view text, CardNames names = {}) {
  std::string error;
  auto cards = parse_cards(text, names, &error);
  EXPECT_TRUE(cards.has_value()) << "bad cards in a test: " << text << ": " << error;
  return cards.value_or(std::vector<Card>{});
}

inline CardSet Set(std::string_view text, CardNames names = {}) {
  CardSet set;
  for (Card c : List(text, names)) set.add(c);
  return set;
}

// Every card code found in the strings of a JSON document (views, summaries).
inline CardSet CardsIn(const nlohmann::json& j, CardNames names = {}) {
  CardSet out;
  if (j.is_string()) {
    std::istringstream words(j.get<std::string>());
    std::string w;
    while (words >> w)
      if (w.size() == 2)
        if (auto c = parse_card(w, names)) out.add(*c);
  } else if (j.is_array() || j.is_object()) {
    for (const auto& item : j) out |= CardsIn(item, names);
  }
  return out;
}

// --- typed games and states --------------------------------------------------------------------

// The typed game `G` for "name(options)"; nullopt (and `error`) if the options are bad.
template <class G>
std::optional<G> TryGame(const std::string& name, const std::string& options, std::string* error) {
  auto parsed = parse_game_string(name + "(" + options + ")", error);
  if (!parsed) return std::nullopt;
  auto values = OptionValues::parse(G::option_specs(), parsed->options, error);
  if (!values) return std::nullopt;
  return G::create(*values, error);
}

// As TryGame, but bad options are a test failure (and give the default game).
template <class G>
G MakeGame(const std::string& name, const std::string& options) {
  using Config = std::decay_t<decltype(std::declval<const G&>().config())>;
  std::string error;
  auto game = TryGame<G>(name, options, &error);
  EXPECT_TRUE(game.has_value()) << options << ": " << error;
  return game ? *game : G(Config{});
}

// The texts of `seat`'s legal moves, in the game's order.
template <class S>
std::vector<std::string> LegalTexts(const S& state, Seat seat) {
  MoveList<S::kMaxMoves> moves;
  state.legal_moves(seat, moves);
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(state.move_text(m));
  return out;
}

// Every view: each seat's and the spectator's (for "nothing changed" checks).
template <class S>
std::vector<std::string> AllViews(const S& state) {
  std::vector<std::string> out;
  for (Seat s = kSpectator; s < state.num_seats(); ++s) out.push_back(state.view(s).dump());
  return out;
}

inline bool HasEvent(const std::vector<Event>& events, SeatSet visible_to,
                     const std::string& text) {
  for (const auto& e : events)
    if (e.visible_to == visible_to && e.text == text) return true;
  return false;
}

inline bool Contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// The number of legal move sequences of `depth` moves from `state` (the lowest actor moves first
// in simultaneous phases); a rejected legal move is a test failure.
template <class S>
std::uint64_t Perft(const S& state, int depth, const ApplyContext* ctx = nullptr) {
  if (depth == 0) return 1;
  const SeatSet actors = state.actors();
  if (actors.empty()) return 1;
  const Seat seat = actors.lowest();
  MoveList<S::kMaxMoves> moves;
  state.legal_moves(seat, moves);
  if (depth == 1) return static_cast<std::uint64_t>(moves.size());
  std::uint64_t total = 0;
  for (Move m : moves) {
    S next = state;
    Status st = next.apply(seat, m, ctx);
    if (!st.ok()) {
      ADD_FAILURE() << "a legal move was rejected: " << st.error;
      continue;
    }
    total += Perft(next, depth - 1, ctx);
  }
  return total;
}

// --- a table: one match driven by move texts ---------------------------------------------------

// A match of the game `G` (states `S`) for a game's rule tests: its prepared deals, each checked
// by the game; the events it emits; the moves made by their texts, each followed by the state's
// own consistency check; and refused moves, which must change nothing (state, views, events).
// Each game's test derives its Table from it and adds that game's helpers.
template <class G, class S>
class RulesTable {
 public:
  RulesTable(G game, std::vector<Deal> deals, int first_dealer, std::uint64_t seed)
      : game_(std::move(game)), deals_(std::move(deals)) {
    for (std::size_t i = 0; i < deals_.size(); ++i)
      EXPECT_EQ(game_.validate_deal(deals_[i]), "") << "deal " << i;
    ApplyContext ctx{&events_, deals_};
    state_ = game_.new_match(seed, first_dealer, &ctx);
  }

  const G& game() const { return game_; }
  const S& s() const { return state_; }
  S& mutable_state() { return state_; }
  const std::vector<Event>& events() const { return events_; }
  std::size_t event_count() const { return events_.size(); }
  const std::vector<Deal>& deals() const { return deals_; }

  Status Apply(Seat seat, Move move) {
    ApplyContext ctx{&events_, deals_};
    return state_.apply(seat, move, &ctx);
  }

  // Parses and applies a move: "" when applied, else why not ("parse: ..." for a text that is no
  // move).
  std::string Try(Seat seat, std::string_view text) {
    std::string error;
    auto move = state_.parse_move(seat, text, &error);
    if (!move) return "parse: " + error;
    const Status st = Apply(seat, *move);
    EXPECT_EQ(state_.check(), nullptr) << "after " << seat_name(seat) << " " << text;
    return st.ok() ? "" : st.error;
  }

  // Parses and applies a move; a text that is no move, or a move refused, is a test failure (and
  // returns false).
  bool Do(Seat seat, std::string_view text) {
    const std::string why = Try(seat, text);
    if (!why.empty()) ADD_FAILURE() << seat_name(seat) << " '" << text << "' refused: " << why;
    return why.empty();
  }
  bool DoAll(const std::vector<std::pair<Seat, std::string>>& moves) {
    for (const auto& [seat, text] : moves)
      if (!Do(seat, text)) return false;
    return true;
  }
  // Moves in turn order, each made by the seat to act.
  bool DoInTurn(const std::vector<std::string>& moves) {
    for (const auto& text : moves) {
      if (state_.actors().empty()) {
        ADD_FAILURE() << "nobody is to act for '" << text << "'";
        return false;
      }
      if (!Do(state_.actors().lowest(), text)) return false;
    }
    return true;
  }

  // Applies a move that must be refused; checks that nothing changed and returns the reason.
  std::string Reject(Seat seat, Move move) {
    const S before = state_;
    const std::vector<std::string> views = AllViews(state_);
    const std::size_t events_before = events_.size();
    const Status st = Apply(seat, move);
    EXPECT_FALSE(st.ok()) << seat_name(seat) << " " << state_.move_text(move) << " was accepted";
    if constexpr (std::equality_comparable<S>) {
      EXPECT_TRUE(state_ == before) << "a refused move changed the state";
    }
    EXPECT_EQ(AllViews(state_), views) << "a refused move changed a view";
    EXPECT_EQ(events_.size(), events_before) << "a refused move emitted events";
    EXPECT_EQ(state_.check(), nullptr);
    return st.ok() ? "" : st.error;
  }
  // The same for a move's text; "parse: ..." for a text that is no move.
  std::string Reject(Seat seat, std::string_view text) {
    std::string error;
    auto move = state_.parse_move(seat, text, &error);
    return move ? Reject(seat, *move) : "parse: " + error;
  }

 protected:
  G game_;
  std::vector<Deal> deals_;
  std::vector<Event> events_;
  S state_;
};

// --- sessions and bots -------------------------------------------------------------------------

// The session of the record checked in as tests/records/`name` (for `cardroom replay` and the
// docs), which must be `record` once both are loaded. With CARDROOM_REGEN_GOLDEN=1 (as
// scripts/regen_golden.sh runs the tests) the file is first rewritten from `record`. Null, and a
// test failure, where either does not load.
inline std::unique_ptr<Session> CheckedInRecord(const std::string& name,
                                                const nlohmann::json& record) {
  const std::string path = source_dir() + "/tests/records/" + name;
  if (const char* regen = std::getenv("CARDROOM_REGEN_GOLDEN");
      regen && std::string(regen) == "1") {
    std::ofstream out(path);
    EXPECT_TRUE(out) << "cannot write " << path;
    out << record.dump(1) << "\n";
  }
  std::string error;
  auto session = Session::from_record_file(path, &error);
  EXPECT_TRUE(session) << path << ": " << error;
  auto expected = Session::from_record(record, &error);
  EXPECT_TRUE(expected) << name << " as built by the test: " << error;
  if (!session || !expected) return nullptr;
  EXPECT_EQ(session->record(), expected->record()) << path;
  return session;
}

// The typed state of game `G` inside a Session.
template <class G>
const auto& TypedState(const Session& session) {
  return dynamic_cast<const StateAdapter<G>&>(session.state()).state();
}

// Plays a move by its text; a rejection is a fatal test failure.
inline void PlayText(Session& session, Seat seat, const std::string& text) {
  std::string error;
  ASSERT_TRUE(session.play(seat, text, &error)) << seat << " " << text << ": " << error;
}

// The heuristic's move for `seat`, through the same path as every match (it sees a resample).
inline Move HeuristicMove(const Session& session, Seat seat, std::uint64_t seed = 3) {
  Rng rng(seed);
  auto move = session.state().bot_move("heuristic", seat, rng);
  EXPECT_TRUE(move);
  return move ? *move : Move{};
}

// The registered game of `game_string` (a test failure and nullptr if it does not load).
inline std::unique_ptr<AnyGame> LoadGame(const std::string& game_string) {
  register_all_games();
  std::string error;
  auto game = load_game(game_string, &error);
  EXPECT_TRUE(game) << game_string << ": " << error;
  return game;
}

// Plays `matches` matches of `game_string`, every other one heuristic-only and the rest mixing in
// the random player, checking each bot move is legal and each match ends within `max_moves`.
inline void ExpectLegalMatches(const std::string& game_string, int matches, int max_moves) {
  register_all_games();
  std::string error;
  auto game = load_game(game_string, &error);
  ASSERT_TRUE(game) << error;
  for (int i = 0; i < matches; ++i) {
    auto state = game->new_match(1000 + i, -1, nullptr);
    Rng rng(77 + i);
    int moves = 0;
    while (!state->over()) {
      Seat seat = state->actors().lowest();
      const bool heuristic = i % 2 == 0 || (seat + i) % 2 == 0;
      auto move = state->bot_move(heuristic ? "heuristic" : "random", seat, rng);
      ASSERT_TRUE(move) << game_string << " match " << i;
      auto legal = state->legal_moves(seat);
      ASSERT_NE(std::find(legal.begin(), legal.end(), *move), legal.end())
          << game_string << " match " << i << ": illegal " << state->move_text(*move);
      ASSERT_TRUE(state->apply(seat, *move, nullptr).ok());
      ASSERT_LT(++moves, max_moves) << "match does not end";
    }
  }
}

// round_replay of `s` (a game's typed State): its decisions applied to its start give `s` back.
// The replay itself.
template <class State>
RoundReplay<State> ExpectReplays(const State& s) {
  std::optional<RoundReplay<State>> r = s.round_replay();
  EXPECT_TRUE(r);
  if (!r) return {s, {}};
  State replayed = r->start;
  EXPECT_EQ(replayed.check(), nullptr);
  for (const auto& [seat, move] : r->moves)
    EXPECT_TRUE(replayed.apply(seat, move, nullptr).ok())
        << seat_name(seat) << " " << replayed.move_text(move);
  EXPECT_TRUE(replayed == s);
  return *r;
}

// round_replay (core/game.h, RoundReplay) on the true state, before every move of `matches`
// random matches of `game_string` (the lowest actor moving, so that simultaneous decisions come in
// seat order, as replays give them): its moves are the decisions made since the round's last deal
// as made, in the order made (the move that deals, such as Truc's cut, not among them), and they
// take its start back to the state.
inline void ExpectRoundReplaysAsMade(const std::string& game_string, int matches) {
  register_all_games();
  std::string error;
  auto game = load_game(game_string, &error);
  ASSERT_TRUE(game) << error;
  for (int i = 0; i < matches; ++i) {
    auto state = game->new_match(500 + i, -1, nullptr);
    Rng rng(600 + i);
    std::vector<std::pair<Seat, Move>> made;  // since the last deal
    auto texts = [&](const std::vector<std::pair<Seat, Move>>& moves) {
      std::string out;
      for (const auto& [seat, m] : moves)
        out += "S" + std::to_string(seat) + " " + state->move_text(m) + "; ";
      return out;
    };
    for (int moves = 0; !state->over(); ++moves) {
      const std::string where =
          game_string + " match " + std::to_string(i) + " move " + std::to_string(moves);
      auto replay = state->round_replay();
      ASSERT_TRUE(replay) << where;
      ASSERT_EQ(texts(replay->second), texts(made)) << where;
      ASSERT_TRUE(replay->second == made) << where;
      for (const auto& [seat, m] : replay->second)
        ASSERT_TRUE(replay->first->apply(seat, m, nullptr).ok()) << where;
      ASSERT_TRUE(replay->first->equals(*state)) << where;
      const Seat seat = state->actors().lowest();
      const Move move = *state->random_legal_move(seat, rng);
      const int deals = state->deals_dealt(), rounds = state->rounds_completed();
      ASSERT_TRUE(state->apply(seat, move, nullptr).ok()) << where;
      if (state->deals_dealt() != deals || state->rounds_completed() != rounds)
        made.clear();
      else
        made.emplace_back(seat, move);
    }
  }
}

// The moves of one whole match (seed 42, random first dealer) played by the heuristic in every
// seat with one Rng (seed 9); `game` is a loaded game (e.g. from load_game).
template <class AnyGameT>
std::vector<Move> HeuristicSelfPlay(const AnyGameT& game) {
  auto state = game.new_match(42, -1, nullptr);
  Rng rng(9);
  std::vector<Move> moves;
  while (!state->over()) {
    Seat seat = state->actors().lowest();
    auto move = state->bot_move("heuristic", seat, rng);
    moves.push_back(*move);
    state->apply(seat, *move, nullptr);
  }
  return moves;
}

}  // namespace cardroom::testing_util

#endif  // CARDROOM_GAMES_COMMON_TEST_UTIL_H_
