// A check of the double-dummy solver on a trick game (tests/solver_test.cc and the games' solver
// tests): positions from random matches against a plain minimax without any of the solver's
// shortcuts.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>

#include "bots/trick_solver.h"
#include "core/registry.h"

namespace cardroom {

// Plain minimax over the position: the side's value with best play by all (choices included).
template <class Policy, int N>
int brute(const tricks::TrickPosition<Policy, N>& p, std::uint32_t side,
          const std::function<int(int)>& value_of_total) {
  if (p.over) {
    int total = 0;
    for (Seat s = 0; s < p.seats; ++s)
      if ((side >> s) & 1) total += p.tricks_won[s];
    return value_of_total(total);
  }
  const bool mine = (side >> p.to_play) & 1;
  int best = mine ? -1000000 : 1000000;
  for (Card c : p.playable(p.to_play)) {
    auto child = p;
    child.play(c);
    int choices = 0;
    if constexpr (requires(const Policy& q) { q.choices(child.current()); })
      choices = child.policy.choices(child.current());
    for (int k = 0; k < std::max(1, choices); ++k) {
      auto g = child;
      if constexpr (requires(Policy & q) { q.choose(k); })
        if (choices > 0) g.policy.choose(k);
      const int v = brute(g, side, value_of_total);
      best = mine ? std::max(best, v) : std::min(best, v);
    }
  }
  return best;
}

// A match of `game` from `seed` (its first deals from `deals` when given) played at random until a
// card is to be played in a position `wanted` accepts, then up to two such positions further at
// random (so that some positions are in mid-trick); nullptr when the match ended first or a
// random move was refused.
template <class S>
std::unique_ptr<AnyState> random_card_play(const AnyGame& game, std::uint64_t seed,
                                           const std::function<bool(const S&)>& wanted,
                                           const ApplyContext* deals = nullptr) {
  auto state = game.new_match(seed, -1, deals);
  Rng rng(seed * 7919);
  const int skip = static_cast<int>(rng.below(3));
  int skipped = 0;
  while (!state->over()) {
    const auto& typed = dynamic_cast<const TypedState<S>&>(*state).state();
    if (typed.solver_task() && wanted(typed) && skipped++ >= skip) return state;
    const Seat seat = state->actors().lowest();
    if (!state->apply(seat, *state->random_legal_move(seat, rng), nullptr).ok()) {
      ADD_FAILURE() << game.name() << ": a random legal move was refused";
      return nullptr;
    }
  }
  return nullptr;
}

// Positions with at most `max_left` tricks to play.
template <class S>
std::function<bool(const S&)> at_most_left(int max_left) {
  return [max_left](const S& s) {
    const auto task = s.solver_task();
    return task && task->position.tricks - task->position.trick_no <= max_left;
  };
}

// The solver's values on `state` (a card to play; the position's value and each card's, by tricks
// and by score, for the seat to play and the next seat) equal the minimax's. `label` names the
// position in failures. Returns false when the solver gave no answer.
template <class S>
bool matches_minimax(const AnyState& state, SolverMemory& memory, const std::string& label) {
  const auto& typed = dynamic_cast<const TypedState<S>&>(state).state();
  const auto task = *typed.solver_task();
  const auto& p = task.position;
  for (Seat seat : {static_cast<Seat>(p.to_play), static_cast<Seat>((p.to_play + 1) % p.seats)}) {
    for (bool by_tricks : {true, false}) {
      std::uint32_t side = 0;
      for (Seat s = 0; s < p.seats; ++s)
        if (task.side[s] == task.side[seat]) side |= 1u << s;
      const int n = p.tricks + 1;
      auto value_of_total = [&](int t) {
        return by_tricks || task.scores.empty() ? t : task.scores[task.side[seat] * n + t];
      };
      SolveQuery q;
      q.seat = seat;
      q.tricks = by_tricks;
      const std::optional<SolveResult> r = state.solve(q, memory);
      EXPECT_TRUE(r.has_value()) << label;
      if (!r) return false;
      EXPECT_EQ(r->value, brute(p, side, value_of_total))
          << label << " seat " << seat << " tricks " << by_tricks;
      const CardSet playable = p.playable(p.to_play);
      EXPECT_EQ(static_cast<int>(r->cards.size()), playable.size());
      for (const CardValue& cv : r->cards) {
        auto child = p;
        child.play(cv.card);
        int choices = 0;
        if constexpr (requires { child.policy.choices(child.current()); })
          choices = child.policy.choices(child.current());
        const bool mine = (side >> p.to_play) & 1;
        int want = mine ? -1000000 : 1000000;
        for (int k = 0; k < std::max(1, choices); ++k) {
          auto g = child;
          if constexpr (requires { g.policy.choose(k); })
            if (choices > 0) g.policy.choose(k);
          const int v = brute(g, side, value_of_total);
          want = mine ? std::max(want, v) : std::min(want, v);
        }
        EXPECT_EQ(cv.value, want) << label << " card " << card_text(cv.card) << " seat " << seat;
        EXPECT_EQ(cv.move, task.card_move(cv.card));
      }
    }
  }
  return true;
}

// Runs `check(state, memory, label)` on `positions` positions of random matches of
// `game_string` that `wanted` accepts (random_card_play from seeds 1, 2, ..., with `deals`),
// stopping at the first check that returns false. Returns the number of positions checked.
template <class S>
int for_random_positions(
    const std::string& game_string, int positions, const std::function<bool(const S&)>& wanted,
    const std::function<bool(const AnyState&, SolverMemory&, const std::string&)>& check,
    const ApplyContext* deals = nullptr) {
  std::string error;
  auto game = load_game(game_string, &error);
  EXPECT_TRUE(game) << error;
  if (!game) return 0;
  SolverMemory memory(1 << 18);
  int checked = 0;
  for (std::uint64_t seed = 1; checked < positions && seed < 4000; ++seed) {
    auto state = random_card_play<S>(*game, seed, wanted, deals);
    if (!state) continue;
    if (!check(*state, memory, game_string + " seed " + std::to_string(seed))) return checked;
    ++checked;
  }
  return checked;
}

// Positions of random matches of `game_string` that `wanted` accepts: the solver's values equal
// the minimax's (matches_minimax). Returns the number of positions checked.
template <class S>
int check_against_minimax(const std::string& game_string, int positions,
                          const std::function<bool(const S&)>& wanted) {
  return for_random_positions<S>(game_string, positions, wanted, matches_minimax<S>);
}

// The same on positions with at most `max_left` tricks to play.
template <class S>
int check_against_minimax(const std::string& game_string, int max_left, int positions) {
  return check_against_minimax<S>(game_string, positions, at_most_left<S>(max_left));
}

}  // namespace cardroom
