// The Bridge Solitaire heuristic player: what it keeps, how it calls and plays, and that it only
// plays legal moves.
#include "games/bridge_solitaire/bridge_solitaire_bot.h"

#include <gtest/gtest.h>

#include "games/common/test_util.h"

namespace cardroom::bridge_solitaire {
namespace {

CardSet S(std::string_view text) { return testing_util::Set(text, card_names()); }

Deal MakeDeal(std::string_view face_up, std::string_view face_down, std::string_view stock_top) {
  Deal d;
  d.hands = {testing_util::List(face_up, card_names())};
  d.piles["face_down"] = {testing_util::List(face_down, card_names())};
  d.pack = testing_util::List(stock_top, card_names());
  for (Card c : kDeck - S(face_up) - S(face_down) - S(stock_top)) d.pack.push_back(c);
  return d;
}

State Start(const Deal& deal) {
  const Game game = testing_util::MakeGame<Game>("bridge_solitaire", "");
  const std::vector<Deal> deals = {deal};
  ApplyContext ctx{nullptr, deals};
  return game.new_match(1, -1, &ctx);
}

void Apply(State& s, std::string_view text) {
  std::string error;
  auto move = s.parse_move(0, text, &error);
  ASSERT_TRUE(move) << error;
  ASSERT_TRUE(s.apply(0, *move, nullptr).ok()) << text;
}

std::string Heuristic(const State& s, std::uint64_t seed = 3) {
  Rng rng(seed);
  return s.move_text(heuristic_move(s.resample(0, rng), 0, rng));
}

TEST(BridgeSolitaireBot, KeepValuePrefersWinnersAndLength) {
  EXPECT_GT(keep_value(S("AS KS QS JS TS 9S")), keep_value(S("AS KH QD JC TS 9H")));
  EXPECT_GT(keep_value(S("AS AH AD AC KS KH")), keep_value(S("2S 3S 4S 5S 6S 7S")));
}

TEST(BridgeSolitaireBot, KeepsTheStrongestSixHighestFirst) {
  State s = Start(MakeDeal("AS KS QS JS TS 2H 3H 4D 5D 6C 7C 8C 9D", "2S 3S 4S 5S 6S 7S 8S", ""));
  // The five spades, highest first.
  for (const char* keep : {"keep AS", "keep KS", "keep QS", "keep JS", "keep TS"}) {
    EXPECT_EQ(Heuristic(s), keep);
    Apply(s, keep);
  }
}

TEST(BridgeSolitaireBot, KeepsAForcedJoker) {
  State s = Start(MakeDeal("J1 AS KS QS JS TS 2H 3H 4D 5D 6C 7C 8C", "2S 3S 4S 5S 6S 7S 8S", ""));
  EXPECT_EQ(Heuristic(s), "keep J1");
}

TEST(BridgeSolitaireBot, LeadWinChances) {
  const CardSet stock = S("2H 3H 4H 5H KH 2C 3C");
  // Suit contract, spades trump: the AH meets the first heart, trump or joker: none beat it.
  EXPECT_DOUBLE_EQ(lead_win_chance(*parse_card("AH"), stock, kSpades), 1.0);
  // 6H: the four lower hearts of the five.
  EXPECT_DOUBLE_EQ(lead_win_chance(*parse_card("6H"), stock, kSpades), 0.8);
  // Clubs trump: 6H wins against 4 of the 7 valid cards.
  EXPECT_DOUBLE_EQ(lead_win_chance(*parse_card("6H"), stock, kClubs), 4.0 / 7);
  // A joker lead always loses; a suit the stock cannot answer wins.
  EXPECT_DOUBLE_EQ(lead_win_chance(kJoker1, stock, kSpades), 0.0);
  EXPECT_DOUBLE_EQ(lead_win_chance(*parse_card("2D"), stock, kSpades), 1.0);
  // No trump: four turns at most; a card with no higher card of its suit left always wins.
  EXPECT_DOUBLE_EQ(lead_win_chance(*parse_card("AH"), stock, kNoSuit), 1.0);
  EXPECT_GT(lead_win_chance(*parse_card("2C"), stock, kNoSuit), 0.0);  // may find no club
}

TEST(BridgeSolitaireBot, WithThirteenHeartsItBidsHigh) {
  State s = Start(MakeDeal("AH KH QH JH TH 9H 2C 3C 4C 5C 6C 7C 8C", "8H 7H 6H 5H 4H 3H 2H", ""));
  for (const char* m :
       {"keep AH", "keep KH", "keep QH", "keep JH", "keep TH", "keep 9H", "discard 8C"})
    Apply(s, m);
  // Every heart: trumps win every trick but those the house takes with its two jokers (and
  // the stock runs out soon after): about 11 tricks. It bids hearts, at least game.
  const std::string bid = Heuristic(s);
  ASSERT_EQ(bid.size(), 6u) << bid;
  EXPECT_EQ(bid.back(), 'H') << bid;
  EXPECT_GE(bid[4], '4') << bid;
}

TEST(BridgeSolitaireBot, FollowsCheaplyAndRuffsWhenVoid) {
  // Example 1: after 1C, the house leads 3C: the 8C wins it cheaply.
  State s = Start(MakeDeal("JS TS 7S 2S 9D AC KC TC 8C QH 8H 5H 4H", "QC JC 7H 9S 4S 3D J1",
                           "3C 7D 5D AH 9C KD AS 2C QS KH 6C AD JH 7C TD 4C KS 4D QD 2H J2 6D 5C"));
  for (const char* m :
       {"keep AC", "keep KC", "keep TC", "keep 8C", "keep QH", "keep 8H", "discard JS", "bid 1C"})
    Apply(s, m);
  EXPECT_EQ(Heuristic(s), "play 8C");
}

TEST(BridgeSolitaireBot, PlaysOnlyLegalMoves) {
  testing_util::ExpectLegalMatches("bridge_solitaire", 6, 200000);
  testing_util::ExpectLegalMatches("bridge_solitaire(max_hands=2,short_tie=lower)", 4, 20000);
}

}  // namespace
}  // namespace cardroom::bridge_solitaire
