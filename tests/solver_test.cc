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

std::string text_of(CardSet cards) {
  std::string out;
  for (Card c : cards) out += card_text(c) + " ";
  return out;
}

int tricks_for(const BridgeTask& task, Seat seat) {
  SolverMemory memory(1 << 16);
  SolveQuery q;
  q.seat = seat;
  q.tricks = true;
  q.each_card = false;
  return solve_task(task, q, memory).value;
}

// One question to a new search: whether `seat`'s side ends with at least `total` tricks, the
// cards the answer rests on, and the trick starts searched.
struct Answer {
  bool yes = false;
  CardSet relevant;
  std::uint64_t trick_nodes = 0;
};
Answer ask(const BridgeTask& task, Seat seat, int total) {
  SolverMemory memory(1 << 16);
  TrickSolver<tricks::PlainTrumps, 4> solver(task, seat, true, memory);
  Answer a;
  a.yes = solver.reaches(task.position, total, &a.relevant);
  a.trick_nodes = solver.trick_nodes();
  return a;
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

// A class of equivalent cards the answer reaches into is part of what the answer rests on. South
// leads: the diamond ten and ace are one move (nothing live between them), and the ace taking
// North's six decides; with the ten in North's hand instead (an entry to the hearts) North-South
// take all three tricks, so the ten's holder matters too. The search once kept only the ace, and
// a position of the same class (differing below the ace) was answered from the table: a deal of
// 8 cards a hand came out one trick short (2 tricks for 3, against DDS and minimax).
TEST(TrickSolver, EquivalentCardsTheAnswerReachesAreRelevant) {
  const Answer a = ask(bridge({".8K.6.", "6..5.2", "3..TA.", "K.5..J"}, kNoSuit, 2), 0, 3);
  EXPECT_FALSE(a.yes);
  EXPECT_TRUE(a.relevant.contains(make_card(kDiamonds, 8))) << text_of(a.relevant);

  auto deal = bridge({"AKQ3.2.73.K", "5.A7.864.A5", "J2.T653..Q9", "987.Q.J.T86"}, kDiamonds, 0);
  EXPECT_EQ(tricks_for(deal, 0), 3);
}

// Without trumps, a side that needs every trick left takes them only in suits whose top card it
// holds, no more of them than its longest hand there has cards (DDS's "later tricks"). North and
// South need all three tricks with two spades to cash (North's ace and king) and no other top
// card: the answer is no at once, and it rests on the other side's top cards, not on the spades.
//   North: SA SK H2    East: HA D3 D2    South: S2 C3 C2    West: D5 D4 C4
TEST(TrickSolver, SuitsTooShortForEveryTrick) {
  auto t = bridge({"AK.2..", ".A.32.", "2...32", "..54.4"}, kNoSuit, 0);
  const Answer a = ask(t, 0, 3);
  EXPECT_FALSE(a.yes);
  EXPECT_EQ(a.trick_nodes, 1u) << "answered at the first trick's start";
  EXPECT_TRUE(a.relevant.contains(make_card(kHearts, 12))) << text_of(a.relevant);
  EXPECT_EQ(a.relevant.rank_mask(kSpades), 0u) << text_of(a.relevant);
  EXPECT_EQ(tricks_for(t, 0), 2);
  // East-West need one trick of the three with North on lead: the same count says they take it.
  const Answer one = ask(t, 1, 1);
  EXPECT_TRUE(one.yes);
  EXPECT_EQ(one.trick_nodes, 1u);
}

// Whether `side` (a seat mask) ends with at least `total` tricks: a plain search that stops as
// soon as the answer is known, nothing else.
bool plain_at_least(const BridgePosition& p, std::uint32_t side, int total) {
  int won = 0;
  for (Seat s = 0; s < p.seats; ++s)
    if ((side >> s) & 1) won += p.tricks_won[s];
  if (won >= total) return true;
  if (p.over || won + (p.tricks - p.trick_no) < total) return false;
  const bool mine = (side >> p.to_play) & 1;
  for (Card c : p.playable(p.to_play)) {
    BridgePosition child = p;
    child.play(c);
    if (plain_at_least(child, side, total) == mine) return mine;
  }
  return !mine;
}

// The partition search's promise: an answer holds for every position of its class (the same
// suit lengths and trick so far, the live cards down to the lowest relevant card of each suit held
// alike). Random bridge positions of 4 cards a hand, some in mid-trick, every strain: each answer
// and its relevant cards; the other cards of each suit dealt again among the hands that hold them
// (keeping every hand's suit lengths), and the answer checked there by plain minimax.
TEST(TrickSolver, PartitionAnswersHoldForTheirWholeClass) {
  const char* s = std::getenv("CARDROOM_CONFORMANCE_SCALE");
  const int positions = std::max(200, static_cast<int>(3000 * (s ? std::atof(s) : 1.0)));
  Rng rng(20261125);
  SolverMemory memory(1 << 18);
  int variants_checked = 0;
  for (int i = 0; i < positions; ++i) {
    std::array<Card, 52> deck;
    for (int c = 0; c < 52; ++c) deck[c] = static_cast<Card>(c);
    rng.shuffle(deck.data(), 52);
    BridgeTask task;
    auto& p = task.position;
    p.seats = 4;
    for (int k = 0; k < 16; ++k) p.hands[k % 4].add(deck[k]);
    p.tricks = 4;
    p.policy.trump = static_cast<std::uint8_t>(i % 5 == 4 ? int{kNoSuit} : i % 5);
    p.leader = p.to_play = static_cast<std::int8_t>(rng.below(4));
    task.side = {0, 1, 0, 1};
    for (int played = static_cast<int>(rng.below(4)); played > 0; --played) {
      const CardSet moves = p.playable(p.to_play);
      p.play(moves.nth(static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))));
    }
    const int total = static_cast<int>(rng.below(5));
    TrickSolver<tricks::PlainTrumps, 4> solver(task, 0, true, memory);
    CardSet relevant;
    const bool yes = solver.reaches(p, total, &relevant);
    ASSERT_EQ(yes, plain_at_least(p, 0b0101, total)) << "position " << i;
    for (int v = 0; v < 8; ++v) {
      BridgePosition q = p;
      for (int suit = 0; suit < kSuits; ++suit) {
        const unsigned r = relevant.rank_mask(suit);
        const int lowest = r ? std::countr_zero(r) : kRanks;
        std::vector<Card> cards;
        std::vector<Seat> holders;
        for (Seat h = 0; h < 4; ++h)
          for (Card c : q.hands[h])
            if (suit_of(c) == suit && rank_of(c) < lowest) {
              cards.push_back(c);
              holders.push_back(h);
            }
        rng.shuffle(holders.data(), static_cast<int>(holders.size()));
        for (std::size_t k = 0; k < cards.size(); ++k) {
          for (Seat h = 0; h < 4; ++h) q.hands[h].remove(cards[k]);
          q.hands[holders[k]].add(cards[k]);
        }
      }
      ASSERT_EQ(yes, plain_at_least(q, 0b0101, total))
          << "position " << i << ", at least " << total << " for North-South; relevant "
          << text_of(relevant);
      ++variants_checked;
    }
  }
  EXPECT_EQ(variants_checked, positions * 8);
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
