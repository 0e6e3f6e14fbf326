// The Reds heuristic player: always legal in every variant, deterministic, sensible in spot checks
// (bids from strength, passes toward its bid, ducks once its bid is made, wins cheaply, leaves its
// partner's winner alone), and far stronger than the random player.
#include "games/reds/reds_bot.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/common/test_util.h"

namespace cardroom::reds {
namespace {

using testing_util::HeuristicMove;
using testing_util::PlayText;

std::vector<Card> cards(const std::string& text) { return testing_util::List(text); }

const State& reds_state(const Session& session) { return testing_util::TypedState<Game>(session); }

void expect_legal_matches(const std::string& game_string, int matches) {
  testing_util::ExpectLegalMatches(game_string, matches, 5000);
}

Card card(const std::string& text) { return cards(text).at(0); }

// Any complete deal: the deck in id order, five cards a seat. Used for rounds before the one a
// test is about.
Deal filler_deal(int players) {
  Deal deal;
  std::vector<Card> deck(kDeck.begin(), kDeck.end());
  deal.hands.resize(players);
  for (int s = 0; s < players; ++s)
    deal.hands[s].assign(deck.begin() + s * kHandSize, deck.begin() + (s + 1) * kHandSize);
  return deal;
}

// A session at the start (bidding) of round `round_index`, dealt `deal`; earlier rounds are played
// out by the random player. The dealer of round r is (first_dealer + r) % players.
std::unique_ptr<Session> session_at_round(const std::string& game_string, int round_index,
                                          int first_dealer, const Deal& deal) {
  register_all_games();
  std::string error;
  auto game = load_game(game_string, &error);
  EXPECT_TRUE(game) << error;
  if (!game) return nullptr;
  std::vector<Deal> deals(round_index, filler_deal(game->num_seats()));
  deals.push_back(deal);
  auto session = Session::create(std::move(game), 11, first_dealer, deals, &error);
  EXPECT_TRUE(session) << error;
  if (!session) return nullptr;
  Rng rng(5);
  while (reds_state(*session).round_index() < round_index) {
    Seat seat = session->state().actors().lowest();
    auto move = session->state().bot_move("random", seat, rng);
    EXPECT_TRUE(move);
    EXPECT_TRUE(session->play(seat, *move, &error)) << error;
  }
  return session;
}

// Spot checks ask for the move under this many different belief samples: the decision must hold
// for every consistent guess of the hidden cards, not for one lucky draw.
constexpr std::uint64_t kSeeds = 12;

int bid_of(Move m) {
  EXPECT_EQ(move_kind(m), kBidMove);
  return static_cast<int>(move_payload(m));
}

CardSet given(Move m) {
  EXPECT_EQ(move_kind(m), kGiveMove);
  return CardSet(move_payload(m));
}

Card played(Move m) {
  EXPECT_EQ(move_kind(m), kPlayMove);
  return static_cast<Card>(move_payload(m));
}

// A deal for `players` seats with seat `seat` given `mine` (and `others` their hands); the rest get
// the remaining cards (not in `pack` either) in id order. The pack's first card decides anti-trump.
Deal deal_with(int players, Seat seat, const std::string& mine, const std::string& pack,
               const std::vector<std::pair<Seat, std::string>>& others = {}) {
  Deal deal;
  deal.hands.resize(players);
  CardSet used;
  deal.hands[seat] = cards(mine);
  for (const auto& [s, text] : others) deal.hands[s] = cards(text);
  deal.pack = cards(pack);
  for (const auto& hand : deal.hands)
    for (Card c : hand) used.add(c);
  for (Card c : deal.pack) used.add(c);
  std::vector<Card> rest;
  for (Card c : kDeck - used) rest.push_back(c);
  std::size_t next = 0;
  for (auto& hand : deal.hands)
    while (hand.size() < static_cast<std::size_t>(kHandSize)) hand.push_back(rest[next++]);
  return deal;
}

// --- legality and determinism ------------------------------------------------------------------

TEST(RedsBot, AlwaysLegalWithTwoToSixPlayers) {
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players)
    expect_legal_matches("reds(players=" + std::to_string(players) + ")", 12);
}

TEST(RedsBot, AlwaysLegalInEveryVariant) {
  for (const char* g :
       {"reds(partnership=true)", "reds(players=6,partnership=true)", "reds(hidden_bids=true)",
        "reds(players=3,hidden_bids=true)", "reds(short_game=true)",
        "reds(players=6,partnership=true,hidden_bids=true,short_game=true)",
        "reds(anti_trump_lead=highest)", "reds(players=5,anti_trump_lead=highest_other)",
        "reds(players=2,hidden_bids=true,short_game=true)"})
    expect_legal_matches(g, 10);
}

TEST(RedsBot, DeterministicGivenTheRng) {
  register_all_games();
  std::string error;
  auto game = load_game("reds(players=5)", &error);
  ASSERT_TRUE(game) << error;
  auto run = [&] { return testing_util::HeuristicSelfPlay(*game); };
  EXPECT_EQ(run(), run());
}

TEST(RedsBot, HeuristicIsRegistered) {
  ASSERT_EQ(bots().size(), 1u);
  EXPECT_EQ(bots()[0].name, "heuristic");
  EXPECT_EQ(bots()[0].choose, &heuristic_move);
}

// --- bidding -----------------------------------------------------------------------------------

// Round index 8 (chart row 9) has no exchange; with first dealer 3 its dealer is seat 3, so seat 0
// bids first. The pack starts with a club: clubs are anti-trump, spades neutral.
constexpr int kNoExchangeRound = 8;

TEST(RedsBot, FiveHighTrumpsBidAtLeastThree) {
  auto s = session_at_round("reds", kNoExchangeRound, 3, deal_with(4, 0, "AD KD QD JD TD", "2C"));
  ASSERT_TRUE(s);
  ASSERT_EQ(reds_state(*s).exchange().cards, 0);
  for (std::uint64_t seed = 1; seed <= kSeeds; ++seed)
    EXPECT_GE(bid_of(HeuristicMove(*s, 0, seed)), 3);
}

TEST(RedsBot, FiveHighTrumpsBidHighEvenBeforeAnExchange) {
  // Round 1: four cards go left. The ace stays; the rest is a gamble, but still a strong hand.
  auto s = session_at_round("reds", 0, 3, deal_with(4, 0, "AD KD QD JD TD", "2C"));
  ASSERT_TRUE(s);
  for (std::uint64_t seed = 1; seed <= kSeeds; ++seed)
    EXPECT_GE(bid_of(HeuristicMove(*s, 0, seed)), 2);
}

TEST(RedsBot, LowAntiTrumpHandBidsNilOrOne) {
  for (int round : {0, kNoExchangeRound}) {
    auto s = session_at_round("reds", round, 3, deal_with(4, 0, "2C 3C 4C 5C 6C", "7C"));
    ASSERT_TRUE(s);
    ASSERT_EQ(reds_state(*s).anti_trump(), kClubs);
    for (std::uint64_t seed = 1; seed <= kSeeds; ++seed)
      EXPECT_LE(bid_of(HeuristicMove(*s, 0, seed)), 1) << "round " << round;
  }
}

TEST(RedsBot, WeakHandBidsNilWithoutExchange) {
  auto s = session_at_round("reds", kNoExchangeRound, 3, deal_with(4, 0, "2S 3S 2C 5C 7C", "8C"));
  ASSERT_TRUE(s);
  for (std::uint64_t seed = 1; seed <= kSeeds; ++seed)
    EXPECT_EQ(bid_of(HeuristicMove(*s, 0, seed)), 0);
}

TEST(RedsBot, BidsDoNotDependOnHiddenBidsOfOthers) {
  // With hidden bids the others' bids in the belief are random: the bid must not change with them.
  auto deal = deal_with(4, 0, "AD 9D AS 4C 7C", "2C");
  auto s = session_at_round("reds(hidden_bids=true)", kNoExchangeRound, 3, deal);
  ASSERT_TRUE(s);
  PlayText(*s, 1, "bid 5");
  PlayText(*s, 2, "bid 5");
  PlayText(*s, 3, "bid 5");
  const int with_high_bids = bid_of(HeuristicMove(*s, 0));
  auto t = session_at_round("reds(hidden_bids=true)", kNoExchangeRound, 3, deal);
  ASSERT_TRUE(t);
  PlayText(*t, 1, "bid 0");
  PlayText(*t, 2, "bid 0");
  PlayText(*t, 3, "bid 0");
  for (std::uint64_t seed = 1; seed <= kSeeds; ++seed)
    EXPECT_EQ(bid_of(HeuristicMove(*t, 0, seed)), with_high_bids);
}

// --- exchange ----------------------------------------------------------------------------------

TEST(RedsBot, NilBidderPassesItsHighTrumps) {
  // Round 1: four cards left. Seat 0 bids nil and must pass AD and KD, its sure winners.
  auto s = session_at_round("reds", 0, 3, deal_with(4, 0, "AD KD 2C 3C 2S", "4C"));
  ASSERT_TRUE(s);
  PlayText(*s, 0, "bid 0");
  PlayText(*s, 1, "bid 1");
  PlayText(*s, 2, "bid 1");
  PlayText(*s, 3, "bid 1");
  for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
    const CardSet give = given(HeuristicMove(*s, 0, seed));
    EXPECT_EQ(give.size(), 4);
    EXPECT_TRUE(give.contains(card("AD")));
    EXPECT_TRUE(give.contains(card("KD")));
  }
}

TEST(RedsBot, HighBidderPassesItsLowAntiTrumps) {
  // Round index 4 is chart row 5: two cards to the left. Seat 0 bids 3 and keeps its trumps.
  auto s = session_at_round("reds", 4, 3, deal_with(4, 0, "AD KD QD 2C 3C", "4C"));
  ASSERT_TRUE(s);
  ASSERT_EQ(reds_state(*s).exchange().cards, 2);
  PlayText(*s, 0, "bid 3");
  PlayText(*s, 1, "bid 1");
  PlayText(*s, 2, "bid 1");
  PlayText(*s, 3, "bid 1");
  for (std::uint64_t seed = 1; seed <= kSeeds; ++seed)
    EXPECT_EQ(given(HeuristicMove(*s, 0, seed)), CardSet::of(card("2C")) | CardSet::of(card("3C")));
}

// --- play --------------------------------------------------------------------------------------

TEST(RedsBot, NilBidderDucksUnderTheTrick) {
  // Seat 3 bid nil and plays last to a spade trick led with 9S: it must not take it with the king.
  auto s = session_at_round(
      "reds", kNoExchangeRound, 3,
      deal_with(4, 3, "KS 8S 5S 2C 3C", "4C",
                {{0, "9S 2D 5C 6C 7C"}, {1, "2S 3D 8C 9C TC"}, {2, "3S 4D JC QC KC"}}));
  ASSERT_TRUE(s);
  for (Seat seat : {0, 1, 2}) PlayText(*s, seat, "bid 1");
  PlayText(*s, 3, "bid 0");
  PlayText(*s, 0, "play 9S");
  PlayText(*s, 1, "play 2S");
  PlayText(*s, 2, "play 3S");
  for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
    const Card c = played(HeuristicMove(*s, 3, seed));
    EXPECT_NE(c, card("KS"));
    EXPECT_EQ(c, card("8S")) << "the highest card that does not win sheds the most danger";
  }
}

TEST(RedsBot, DucksOnceItsBidIsMade) {
  // Seat 0 bid 1 and took trick 1 with AD; leading trick 2 it must not lead AS, a sure winner
  // (seats 1 and 2 hold no spades and no trumps left).
  auto s = session_at_round(
      "reds", kNoExchangeRound, 3,
      deal_with(4, 0, "AD AS 2C 3C 4C", "5C",
                {{1, "3D 6C 7C 8C 9C"}, {2, "4D TC JC QC KC"}, {3, "5D KS QS JS TS"}}));
  ASSERT_TRUE(s);
  PlayText(*s, 0, "bid 1");
  for (Seat seat : {1, 2, 3}) PlayText(*s, seat, "bid 1");
  PlayText(*s, 0, "play AD");
  PlayText(*s, 1, "play 3D");
  PlayText(*s, 2, "play 4D");
  PlayText(*s, 3, "play 5D");
  ASSERT_EQ(reds_state(*s).tricks_won(0), 1);
  ASSERT_EQ(reds_state(*s).to_act(), 0);
  // Every club lead loses: seats 1 and 2 follow higher, seat 3 spoils it with a spade.
  for (std::uint64_t seed = 1; seed <= kSeeds; ++seed)
    EXPECT_NE(played(HeuristicMove(*s, 0, seed)), card("AS"));
}

TEST(RedsBot, WinsCheaplyWhenItNeedsTricks) {
  // Seat 3 bid 2 and plays last to 5S 7S 9S holding JS and AS: the jack wins just as well.
  auto s = session_at_round(
      "reds", kNoExchangeRound, 3,
      deal_with(4, 3, "JS AS 2C 3C 4C", "5C",
                {{0, "5S 2D 6C 7C 8C"}, {1, "7S 3D 9C TC JC"}, {2, "9S 4D QC KC AC"}}));
  ASSERT_TRUE(s);
  for (Seat seat : {0, 1, 2}) PlayText(*s, seat, "bid 1");
  PlayText(*s, 3, "bid 2");
  PlayText(*s, 0, "play 5S");
  PlayText(*s, 1, "play 7S");
  PlayText(*s, 2, "play 9S");
  for (std::uint64_t seed = 1; seed <= kSeeds; ++seed)
    EXPECT_EQ(played(HeuristicMove(*s, 3, seed)), card("JS"));
}

TEST(RedsBot, DoesNotOvertakeItsPartnersWinner) {
  // Partnership: seats 1 and 3 are partners. Seat 1 wins the trick so far with KS and still needs
  // its trick; seat 3, last, holds AS and 2S and two sure trump tricks for its bid of 2.
  auto s = session_at_round(
      "reds(partnership=true)", kNoExchangeRound, 3,
      deal_with(4, 3, "AS 2S AD KD 2C", "3C",
                {{0, "5S 2D 4C 5C 6C"}, {1, "KS 3D 7C 8C 9C"}, {2, "7S 4D TC JC QC"}}));
  ASSERT_TRUE(s);
  PlayText(*s, 0, "bid 1");
  PlayText(*s, 1, "bid 1");
  PlayText(*s, 2, "bid 1");
  PlayText(*s, 3, "bid 2");
  PlayText(*s, 0, "play 5S");
  PlayText(*s, 1, "play KS");
  PlayText(*s, 2, "play 7S");
  for (std::uint64_t seed = 1; seed <= kSeeds; ++seed)
    EXPECT_EQ(played(HeuristicMove(*s, 3, seed)), card("2S"));
}

TEST(RedsBot, NeverLooksAtHiddenCards) {
  // The same public position with different hidden hands gives the same decision: the bot only
  // sees a resample, so the true cards of others cannot matter. Two deals differ in seats 1-3.
  auto a = session_at_round(
      "reds", kNoExchangeRound, 3,
      deal_with(4, 0, "AD 9D AS 4C 7C", "2C", {{1, "KD QD JD TD 8D"}, {2, "KS QS JS TS 9S"}}));
  auto b = session_at_round(
      "reds", kNoExchangeRound, 3,
      deal_with(4, 0, "AD 9D AS 4C 7C", "2C", {{1, "2S 3S 4S 5S 6S"}, {2, "2D 3D 4D 5D 6D"}}));
  ASSERT_TRUE(a && b);
  for (std::uint64_t seed = 1; seed <= kSeeds; ++seed)
    EXPECT_EQ(HeuristicMove(*a, 0, seed), HeuristicMove(*b, 0, seed));
}

// --- strength ----------------------------------------------------------------------------------

// Mean score of the heuristic's seats minus the random player's, over duplicate deals: each match
// seed is played with the two players swapped seat for seat. (The same measure as `cardroom sim`,
// kept local so the test does not need the simulation harness.)
double margin_over_random(const std::string& game_string, int seeds) {
  register_all_games();
  std::string error;
  auto game = load_game(game_string, &error);
  EXPECT_TRUE(game) << error;
  if (!game) return 0;
  const int n = game->num_seats();
  const Teams teams = game->teams();
  double total = 0;
  for (int i = 0; i < seeds; ++i)
    for (int swap = 0; swap < 2; ++swap) {
      auto state = game->new_match(500 + i, -1, nullptr);
      Rng rng(i * 2 + swap);
      auto heuristic = [&](Seat s) { return (s + swap) % 2 == 0; };
      while (!state->over()) {
        Seat seat = state->actors().lowest();
        auto move = state->bot_move(heuristic(seat) ? "heuristic" : "random", seat, rng);
        EXPECT_TRUE(state->apply(seat, *move, nullptr).ok());
      }
      double mine = 0, theirs = 0;
      int count_mine = 0, count_theirs = 0;
      for (Seat s = 0; s < n; ++s) {
        const double score =
            teams.count > 0 ? state->team_score(teams.team_of[s]) : state->score(s);
        if (heuristic(s)) {
          mine += score;
          ++count_mine;
        } else {
          theirs += score;
          ++count_theirs;
        }
      }
      total += mine / count_mine - theirs / count_theirs;
    }
  return total / (2 * seeds);
}

TEST(RedsBot, BeatsRandomByAWideMargin) {
  // The random player scores about 25 a match; the heuristic well over 60.
  EXPECT_GT(margin_over_random("reds", 60), 25.0);
  EXPECT_GT(margin_over_random("reds(players=3)", 60), 25.0);
  EXPECT_GT(margin_over_random("reds(players=2,hidden_bids=true)", 60), 25.0);
  EXPECT_GT(margin_over_random("reds(players=6,short_game=true)", 60), 10.0);
}

}  // namespace
}  // namespace cardroom::reds
