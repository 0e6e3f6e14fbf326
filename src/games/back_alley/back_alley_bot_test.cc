// The Back Alley heuristic player: always legal with every option, deterministic, blind to hidden
// cards (its partner's hand included), sensible in spot checks (bids from strength with the
// partner's and the opponents' bids in mind, counts long trumps, board only on a certain hand,
// does not trump its partner's winner, wins cheaply), contracts close to the tricks taken, and far
// stronger than the random player.
#include "games/back_alley/back_alley_bot.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/common/test_util.h"
#include "match/simulate.h"

namespace cardroom::back_alley {
namespace {

using testing_util::HeuristicMove;
using testing_util::PlayText;

std::vector<Card> cards(const std::string& text) { return testing_util::List(text, card_names()); }

void expect_legal_matches(const std::string& game_string, int matches) {
  testing_util::ExpectLegalMatches(game_string, matches, 20000);
}

Card card(const std::string& text) { return cards(text).at(0); }

// A 13-card session, dealer S3 (S0 calls first), spades trump (upcard 2S), with the given hands;
// unlisted seats get the remaining cards in id order. The bottom card is the last one left.
std::unique_ptr<Session> session_with(const std::vector<std::pair<Seat, std::string>>& hands,
                                      const std::string& upcard = "2S") {
  register_all_games();
  std::string error;
  auto game = load_game("back_alley", &error);
  EXPECT_TRUE(game) << error;
  if (!game) return nullptr;
  Deal deal;
  deal.hands.resize(kPlayers);
  for (const auto& [s, text] : hands) deal.hands[s] = cards(text);
  CardSet used;
  for (const auto& h : deal.hands)
    for (Card c : h) used.add(c);
  used.add(card(upcard));
  std::vector<Card> rest;
  for (Card c : kDeck - used) rest.push_back(c);
  std::size_t next = 0;
  for (auto& h : deal.hands)
    while (h.size() < static_cast<std::size_t>(kMaxHand)) h.push_back(rest[next++]);
  deal.pack = {card(upcard), rest.at(next)};
  auto session = Session::create(std::move(game), 11, 3, {deal}, &error);
  EXPECT_TRUE(session) << error;
  return session;
}

std::string text(const Session& session, Move m) { return session.state().move_text(m); }

TEST(BackAlleyBot, AlwaysLegalInEveryVariant) {
  for (const char* g :
       {"back_alley", "back_alley(bid_range=up_to_12)", "back_alley(final_tie=extra_hand)"})
    expect_legal_matches(g, 8);
}

TEST(BackAlleyBot, DeterministicGivenTheRng) {
  register_all_games();
  std::string error;
  auto game = load_game("back_alley", &error);
  ASSERT_TRUE(game) << error;
  auto run = [&] { return testing_util::HeuristicSelfPlay(*game); };
  EXPECT_EQ(run(), run());
}

TEST(BackAlleyBot, HeuristicIsRegistered) {
  ASSERT_EQ(bots().size(), 1u);
  EXPECT_EQ(bots()[0].name, "heuristic");
}

TEST(BackAlleyBot, StrongHandBidsSeveralWeakHandPasses) {
  auto s = session_with({{0, "BB LB AS KS QS AH KH AD KD AC 3H 3D 3C"}});
  ASSERT_TRUE(s);
  const Move strong = HeuristicMove(*s, 0);
  ASSERT_EQ(move_kind(strong), kBidMove) << text(*s, strong);
  EXPECT_GE(move_payload(strong), 6u);
  auto w = session_with({{0, "2H 3H 4H 5H 6H 2D 3D 4D 5D 2C 3C 4C 5C"}});
  ASSERT_TRUE(w);
  EXPECT_EQ(HeuristicMove(*w, 0), pass_move());
}

TEST(BackAlleyBot, BidsBoardOnlyOnACertainHand) {
  // Every trump at the top: board.
  auto s = session_with({{0, "BB LB AS KS QS JS TS 9S 8S 7S 6S 5S 4S"}});
  ASSERT_TRUE(s);
  EXPECT_EQ(text(*s, HeuristicMove(*s, 0)), "board");
  // Nearly as strong but one card can lose: no board.
  auto t = session_with({{0, "BB LB AS KS QS JS TS 9S 8S 7S 6S 5S 2H"}});
  ASSERT_TRUE(t);
  EXPECT_NE(text(*t, HeuristicMove(*t, 0)), "board");
}

TEST(BackAlleyBot, BidsLessWhenThePartnerHasBid) {
  auto a = session_with({{2, "AS KS AH KH AD KD AC 4C 5C 6C 7D 8D 9H"}});
  ASSERT_TRUE(a);
  PlayText(*a, 0, "pass");
  PlayText(*a, 1, "pass");
  const Move alone = HeuristicMove(*a, 2);
  auto b = session_with({{2, "AS KS AH KH AD KD AC 4C 5C 6C 7D 8D 9H"}});
  ASSERT_TRUE(b);
  PlayText(*b, 0, "bid 4");
  PlayText(*b, 1, "pass");
  const Move with_partner = HeuristicMove(*b, 2);
  ASSERT_EQ(move_kind(alone), kBidMove);
  EXPECT_LT(move_payload(with_partner), move_payload(alone)) << text(*b, with_partner);
}

TEST(BackAlleyBot, LongTrumpsCountForTricks) {
  // Six trumps below BB, LB and the ace, and nothing else: trumps that high win tricks, drawing
  // or ruffing, in a 13-card hand. It bids at least 3 (the previous heuristic bid 1).
  auto s = session_with({{0, "KS QS JS TS 9S 8S 2H 3H 4H 2D 3D 2C 3C"}});
  ASSERT_TRUE(s);
  const Move m = HeuristicMove(*s, 0);
  ASSERT_EQ(move_kind(m), kBidMove) << text(*s, m);
  EXPECT_GE(move_payload(m), 3u);
}

TEST(BackAlleyBot, BidsLessWhenTheOpponentsBidHigh) {
  // The dealer S3 completes its team's contract (its partner S1 bid 2) with the same hand, once
  // after the opponents passed and once after they bid 6 and 5: what they take, it does not.
  const std::string hand = "AS KS QS AH KH AD KD 4C 5C 6C 7D 8D 9H";
  auto calls = [&](const std::string& s0, const std::string& s2) {
    auto s = session_with({{3, hand}});
    EXPECT_TRUE(s);
    if (!s) return Move{};
    PlayText(*s, 0, s0);
    PlayText(*s, 1, "bid 2");
    PlayText(*s, 2, s2);
    return HeuristicMove(*s, 3);
  };
  const Move quiet = calls("pass", "pass"), loud = calls("bid 6", "bid 5");
  ASSERT_EQ(move_kind(quiet), kBidMove);
  EXPECT_TRUE(loud == pass_move() || move_payload(loud) < move_payload(quiet))
      << move_payload(quiet) << " " << move_payload(loud);
}

TEST(BackAlleyBot, PassesWhenItsPartnerBidBoard) {
  // S0 bid board: the contract is board, S2's number would be ignored, and a board of its own
  // would double it. It passes.
  auto s = session_with({{2, "AS KS QS AH KH AD KD 4C 5C 6C 7D 8D 9H"}});
  ASSERT_TRUE(s);
  PlayText(*s, 0, "board");
  PlayText(*s, 1, "pass");
  EXPECT_EQ(HeuristicMove(*s, 2), pass_move());
}

TEST(BackAlleyBot, DoesNotTrumpItsPartnersWinner) {
  // S1 leads 2H, S2 (partner of S0) plays AH, S3 follows; S0 is void in hearts and holds trumps:
  // it discards instead of trumping.
  auto s = session_with({{0, "AS KS QS 2D 3D 4D 5D 6D 7D 8D 2C 3C 4C"},
                         {1, "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 9D"},
                         {2, "AH TD JD QD KD AD 5C 6C 7C 8C 9C TC JC"}});
  ASSERT_TRUE(s);
  PlayText(*s, 0, "pass");
  PlayText(*s, 1, "bid 3");
  PlayText(*s, 2, "pass");
  PlayText(*s, 3, "pass");
  PlayText(*s, 1, "play 2H");
  PlayText(*s, 2, "play AH");
  PlayText(*s, 3, "play QC");  // void in hearts, no trump: partner S2's ace still wins
  const std::string chosen = text(*s, HeuristicMove(*s, 0));
  EXPECT_NE(chosen.back(), 'S') << chosen;
}

TEST(BackAlleyBot, WinsCheaplyWhenLast) {
  // S3 plays last to 5D 7D 9D: TD is the cheapest card that wins.
  auto s = session_with({{0, "5D 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"},
                         {1, "7D AH 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"},
                         {2, "9D KC AC 3S 4S 5S 6S 7S 8S 9S TS JS QS"},
                         {3, "JD AD KS AS BB LB 2D 3D 4D 6D 8D TD QD"}});
  ASSERT_TRUE(s);
  PlayText(*s, 0, "bid 1");
  PlayText(*s, 1, "pass");
  PlayText(*s, 2, "pass");
  PlayText(*s, 3, "pass");
  PlayText(*s, 0, "play 5D");
  PlayText(*s, 1, "play 7D");
  PlayText(*s, 2, "play 9D");
  EXPECT_EQ(text(*s, HeuristicMove(*s, 3)), "play TD");
}

TEST(BackAlleyBot, NeverLooksAtHiddenCards) {
  auto a = session_with({{0, "AS 9S AH 4C 7C 2D 5D 8H 3H 4H 5H 6H 7H"},
                         {2, "KS QS JS TS 8S 7S 6S 5S 4S 3S BB LB KD"}});
  auto b = session_with({{0, "AS 9S AH 4C 7C 2D 5D 8H 3H 4H 5H 6H 7H"},
                         {2, "2C 3C 5C 6C 8C 9C TC JC QC KC AC 3D 4D"}});
  ASSERT_TRUE(a && b);
  for (std::uint64_t seed = 1; seed <= 5; ++seed)
    EXPECT_EQ(HeuristicMove(*a, 0, seed), HeuristicMove(*b, 0, seed));
}

TEST(BackAlleyBot, BeatsRandomByAWideMargin) {
  register_all_games();
  std::string error;
  auto game = load_game("back_alley", &error);
  ASSERT_TRUE(game) << error;
  SimConfig config;
  config.matches = 60;
  config.bots = {"heuristic", "random"};
  SimResult result;
  ASSERT_TRUE(simulate(*game, config, &result, &error)) << error;
  ASSERT_TRUE(result.has_margin);
  EXPECT_GT(result.margin.mean - result.margin.half_width, 500.0) << result.to_text();
}

// Issue 10: the previous heuristic's contracts covered only 54% of the tricks its teams took (83%
// of contracts made; on 13-card hands 3.7 tricks under). In self-play the contracts are now within
// a trick of the tricks taken, on average.
TEST(BackAlleyBot, ContractsAreWithinATrickOfTheTricksTaken) {
  register_all_games();
  std::string error;
  auto game = load_game("back_alley", &error);
  ASSERT_TRUE(game) << error;
  SimConfig config;
  config.matches = 60;  // 3120 contracts
  config.bots = {"heuristic"};
  SimResult result;
  ASSERT_TRUE(simulate(*game, config, &result, &error)) << error;
  ASSERT_TRUE(result.teams_bid);
  ASSERT_EQ(result.bid_team_bots.size(), 1u);
  EXPECT_LE(std::abs(result.bid_team_bots[0].taken_minus_bid.mean), 1.0) << result.to_text();
}

}  // namespace
}  // namespace cardroom::back_alley
