// The double-dummy trick solver (bots/trick_solver.h): endings worked out by hand, and, for every
// trick game, its answers on positions from random matches against a plain minimax that has none
// of the solver's shortcuts (no table, no equivalent cards, no quick tricks, no ordering).
#include <gtest/gtest.h>

#include "bots/trick_solver.h"
#include "core/registry.h"
#include "games/all_games.h"
#include "games/s48/s48.h"
#include "solver_check.h"

namespace cardroom {
namespace {

using BridgePosition = tricks::TrickPosition<tricks::PlainTrumps, 4>;
using BridgeTask = tricks::SolverTask<tricks::PlainTrumps, 4>;

// A bridge position: hands N E S W as "AK.Q.-.32" (spades, hearts, diamonds, clubs), `trump` a
// suit or kNoSuit, `leader` to lead.
BridgeTask bridge(const std::array<const char*, 4>& hands, int trump, Seat leader) {
  BridgeTask task;
  auto& p = task.position;
  p.seats = 4;
  p.policy.trump = static_cast<std::uint8_t>(trump);
  int cards = 0;
  for (Seat s = 0; s < 4; ++s) {
    int suit = 0;
    for (const char* c = hands[s]; *c; ++c) {
      if (*c == '.') {
        ++suit;
        continue;
      }
      if (*c == '-') continue;
      const int rank = std::string_view("23456789TJQKA").find(*c);
      p.hands[s].add(make_card(suit, rank));
    }
    cards += p.hands[s].size();
  }
  p.tricks = static_cast<std::int8_t>(cards / 4);
  p.leader = p.to_play = static_cast<std::int8_t>(leader);
  task.side = {0, 1, 0, 1};
  return task;
}

int tricks_for(const BridgeTask& task, Seat seat) {
  SolverMemory memory(1 << 16);
  SolveQuery q;
  q.seat = seat;
  q.tricks = true;
  q.each_card = false;
  return solve_task(task, q, memory).value;
}

TEST(TrickSolver, BridgeEndingsByHand) {
  // North cashes the spade ace; East's heart ace takes the other trick whatever North leads.
  auto t = bridge({"A.2..", "K.A..", "2.3..", "..32."}, kNoSuit, 0);
  EXPECT_EQ(tricks_for(t, 0), 1);
  EXPECT_EQ(tricks_for(t, 1), 1);
  // Diamonds trumps: West, void in spades and hearts, ruffs whatever North leads.
  auto d = bridge({"A.2..", "K.A..", "2.3..", "..32."}, kDiamonds, 0);
  EXPECT_EQ(tricks_for(d, 0), 0);
  EXPECT_EQ(tricks_for(d, 3), 2);
  // Entries: North must cash the spade ace while South's heart ace is still an entry to the
  // diamond ace. A heart first, or a club, leaves West's club five the last trick.
  //   North: SA H2 C2    East: SK SQ C3    South: HA DA C4    West: SJ HK C5
  auto e = bridge({"A.2..2", "KQ...3", ".A.A.4", "J.K..5"}, kNoSuit, 0);
  SolverMemory memory(1 << 16);
  SolveQuery q;
  q.tricks = true;
  const SolveResult r = solve_task(e, q, memory);
  EXPECT_EQ(r.value, 3);
  ASSERT_EQ(r.cards.size(), 3u);
  for (const CardValue& cv : r.cards) {
    if (cv.card == make_card(kSpades, 12)) {
      EXPECT_EQ(cv.value, 3) << "the spade ace first";
    } else if (cv.card == make_card(kHearts, 0)) {
      EXPECT_EQ(cv.value, 2) << "the heart to the ace";
    } else {
      EXPECT_EQ(cv.value, 2) << "a club to West";
    }
  }
}

class SolverGames : public ::testing::Test {
 protected:
  void SetUp() override { register_all_games(); }
};

TEST_F(SolverGames, S48AgainstMinimax) {
  EXPECT_EQ(check_against_minimax<s48::State>("s48(players=4)", 3, 16), 16);
  EXPECT_EQ(check_against_minimax<s48::State>("s48(players=3)", 4, 12), 12);
  EXPECT_EQ(check_against_minimax<s48::State>("s48(players=6)", 3, 12), 12);
}

TEST_F(SolverGames, NoAnswerOutsideTheCardPlay) {
  std::string error;
  auto game = load_game("s48", &error);
  auto state = game->new_match(1, -1, nullptr);  // the bidding
  SolverMemory memory(1 << 12);
  EXPECT_FALSE(state->solve(SolveQuery{}, memory).has_value());
}

}  // namespace
}  // namespace cardroom
