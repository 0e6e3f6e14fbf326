// A check of the double-dummy solver on a trick game (tests/solver_test.cc and the games' solver
// tests): positions from random matches against a plain minimax without any of the solver's
// shortcuts.
#pragma once

#include <gtest/gtest.h>

#include <functional>
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

// Positions of random matches of `game_string` with at most `max_left` tricks to play: the
// solver's values (the position's and each card's, by tricks and by score, for the seat to play
// and the next seat) equal the minimax's. Returns the number of positions checked.
template <class S>
int check_against_minimax(const std::string& game_string, int max_left, int positions) {
  std::string error;
  auto game = load_game(game_string, &error);
  EXPECT_TRUE(game) << error;
  if (!game) return 0;
  SolverMemory memory(1 << 18);
  int checked = 0;
  for (std::uint64_t seed = 1; checked < positions && seed < 4000; ++seed) {
    auto state = game->new_match(seed, -1, nullptr);
    Rng rng(seed * 7919);
    // Play at random until a card is to be played with few tricks left, then one step further
    // at random (so that some positions are in mid-trick).
    const int skip = static_cast<int>(rng.below(3));
    int skipped = 0;
    while (!state->over()) {
      const auto& typed = dynamic_cast<const TypedState<S>&>(*state).state();
      auto task = typed.solver_task();
      if (task && task->position.tricks - task->position.trick_no <= max_left && skipped++ >= skip)
        break;
      const Seat seat = state->actors().lowest();
      if (!state->apply(seat, *state->random_legal_move(seat, rng), nullptr).ok()) {
        ADD_FAILURE() << game_string << ": a random legal move was refused";
        return checked;
      }
    }
    if (state->over()) continue;
    const auto& typed = dynamic_cast<const TypedState<S>&>(*state).state();
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
        const std::optional<SolveResult> r = state->solve(q, memory);
        EXPECT_TRUE(r.has_value()) << game_string;
        if (!r) return checked;
        EXPECT_EQ(r->value, brute(p, side, value_of_total))
            << game_string << " seed " << seed << " seat " << seat << " tricks " << by_tricks;
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
          EXPECT_EQ(cv.value, want) << game_string << " seed " << seed << " card "
                                    << card_text(cv.card) << " seat " << seat;
          EXPECT_EQ(cv.move, task.card_move(cv.card));
        }
      }
    }
    ++checked;
  }
  return checked;
}

}  // namespace cardroom
