// The solver against DDS, the standard double-dummy bridge solver (Debian's libdds-dev, a test
// and benchmark dependency only): seeded random deals of every size, strain and leader, each
// answer compared, and the value of every card of the lead for some.
//
// CARDROOM_CONFORMANCE_SCALE (default 1) scales the number of deals; at 1 it is 500.
#include <dds/dll.h>
#include <gtest/gtest.h>

#include <cstdlib>

#include "bots/bridge_position.h"
#include "bots/trick_solver.h"
#include "core/rng.h"

namespace cardroom {
namespace {

double scale() {
  const char* s = std::getenv("CARDROOM_CONFORMANCE_SCALE");
  return s ? std::atof(s) : 1.0;
}

// DDS's deal: trump 0..3 (spades, hearts, diamonds, clubs, as ours) or 4 for no trumps; seats N E
// S W as ours; ranks as bits 2 (the two) to 14 (the ace).
deal dds_deal(const bridge_dd::Hands& hands, int trump, Seat leader) {
  deal d{};
  d.trump = trump == kNoSuit ? 4 : trump;
  d.first = leader;
  for (int h = 0; h < 4; ++h)
    for (int s = 0; s < 4; ++s) d.remainCards[h][s] = hands[h].rank_mask(s) << 2;
  return d;
}

futureTricks dds_solve(const bridge_dd::Hands& hands, int trump, Seat leader, int solutions) {
  futureTricks f{};
  const int rc = SolveBoard(dds_deal(hands, trump, leader), -1, solutions, 1, &f, 0);
  if (rc != RETURN_NO_FAULT) {
    char line[80];
    ErrorMessage(rc, line);
    ADD_FAILURE() << "DDS: " << line;
  }
  return f;
}

// `size` cards per hand from a shuffled deck.
bridge_dd::Hands random_hands(int size, Rng& rng) {
  std::array<Card, 52> deck;
  for (int c = 0; c < 52; ++c) deck[c] = static_cast<Card>(c);
  rng.shuffle(deck.data(), 52);
  bridge_dd::Hands h{};
  for (int i = 0; i < 4 * size; ++i) h[i % 4].add(deck[i]);
  return h;
}

TEST(DdsOracle, RandomDealsAgreeWithDds) {
  SetMaxThreads(1);
  SolverMemory memory(4 << 20);
  const int deals = std::max(40, static_cast<int>(500 * scale()));
  Rng rng(20261124);
  int compared = 0, leads_compared = 0;
  for (int i = 0; i < deals; ++i) {
    // Hands of 3 to 9 cards (a whole 13-card deal takes the benchmark's time: bench/), every
    // strain and every leader in turn.
    const int size = 3 + i % 7;
    const int strain = i % 5 == 4 ? int{kNoSuit} : i % 5;
    const Seat leader = (i / 5) % 4;
    const bridge_dd::Hands hands = random_hands(size, rng);
    const bridge_dd::Task task = bridge_dd::make_task(hands, strain, leader);
    SolveQuery q;
    q.tricks = true;
    q.each_card = i % 4 == 0;
    const SolveResult ours = solve_task(task, q, memory);
    const futureTricks theirs = dds_solve(hands, strain, leader, q.each_card ? 3 : 1);
    ASSERT_EQ(ours.value, theirs.score[0])
        << bridge_dd::pbn_text(hands) << " strain " << bridge_dd::strain_letter(strain)
        << " leader " << bridge_dd::kSeatLetters[leader];
    ++compared;
    if (!q.each_card) continue;
    // DDS lists each class of equivalent cards once (its highest card, the rest in `equals`).
    for (const CardValue& cv : ours.cards) {
      int dds_value = -1;
      for (int k = 0; k < theirs.cards; ++k)
        if (theirs.suit[k] == suit_of(cv.card) &&
            (theirs.rank[k] == rank_of(cv.card) + 2 ||
             ((theirs.equals[k] >> (rank_of(cv.card) + 2)) & 1)))
          dds_value = theirs.score[k];
      EXPECT_EQ(cv.value, dds_value) << bridge_dd::pbn_text(hands) << " lead " << card_text(cv.card)
                                     << " strain " << bridge_dd::strain_letter(strain);
      ++leads_compared;
    }
  }
  EXPECT_EQ(compared, deals);
  EXPECT_GT(leads_compared, deals);
}

// Whole deals: a few 13-card deals (the benchmark compares all 500 of its solves).
TEST(DdsOracle, WholeDealsAgreeWithDds) {
  SetMaxThreads(1);
  SolverMemory memory;
  const std::vector<bridge_dd::BenchCase> cases = bridge_dd::bench_cases();
  for (int i = 0; i < 3; ++i) {
    const auto& c = cases[i * 5];  // deals 0, 1, 2 at no trumps
    SolveQuery q;
    q.tricks = true;
    q.each_card = false;
    const SolveResult ours =
        solve_task(bridge_dd::make_task(c.hands, c.trump, c.leader), q, memory);
    EXPECT_EQ(ours.value, dds_solve(c.hands, c.trump, c.leader, 1).score[0])
        << bridge_dd::pbn_text(c.hands);
  }
}

}  // namespace
}  // namespace cardroom
