// The contract-bridge module on its own: strains, bids, the auction, rubber scoring.
#include "games/common/bridge.h"

#include <gtest/gtest.h>

namespace cardroom::bridge {
namespace {

Bid B(std::string_view text) {
  auto b = parse_bid(text);
  EXPECT_TRUE(b.has_value()) << text;
  return b.value_or(Bid{});
}

TEST(Bridge, StrainsFollowTheBiddingOrderAndMapToEngineSuits) {
  EXPECT_EQ(trump_suit(Strain::kClubs), kClubs);
  EXPECT_EQ(trump_suit(Strain::kDiamonds), kDiamonds);
  EXPECT_EQ(trump_suit(Strain::kHearts), kHearts);
  EXPECT_EQ(trump_suit(Strain::kSpades), kSpades);
  EXPECT_EQ(trump_suit(Strain::kNoTrump), kNoSuit);
  for (int s = 0; s < kSuits; ++s) EXPECT_EQ(trump_suit(strain_of_suit(s)), s);
  EXPECT_EQ(strain_of_suit(kNoSuit), Strain::kNoTrump);
  EXPECT_EQ(strain_text(Strain::kHearts, true), "♥");
}

TEST(Bridge, BidsAreOrderedFromZeroNoTrumpToSevenNoTrump) {
  // 0NT < 1C < 1D < 1H < 1S < 1NT < 2C ... < 7NT (RULINGS 8.1 rule 5).
  const char* order[] = {"0NT", "1C", "1D", "1H", "1S", "1NT", "2C", "2NT", "3C", "7S", "7NT"};
  for (std::size_t i = 1; i < std::size(order); ++i) EXPECT_LT(B(order[i - 1]), B(order[i]));
  for (int r = 4; r < Bid::kRanks; ++r) EXPECT_EQ(Bid::of_rank(r).rank(), r);
  EXPECT_EQ(B("0NT").tricks_needed(), 6);
  EXPECT_EQ(B("3NT").tricks_needed(), 9);
  EXPECT_EQ(B("7C").tricks_needed(), 13);
}

TEST(Bridge, BidNotationReadsAndWrites) {
  EXPECT_EQ(bid_text(B("2s")), "2S");
  EXPECT_EQ(bid_text(B("2♠"), true), "2♠");
  EXPECT_EQ(bid_text(B("3n")), "3NT");
  EXPECT_EQ(bid_text(B("0nt")), "0NT");
  for (const char* bad : {"", "2", "S2", "8S", "0S", "0C", "2X", "2NTX", "22S", "-1S"})
    EXPECT_FALSE(parse_bid(bad).has_value()) << bad;
  EXPECT_FALSE(parse_bid("0NT", 1).has_value());  // Bridge Solitaire: the lowest bid is 1C
  EXPECT_TRUE(parse_bid("1C", 1).has_value());
  EXPECT_EQ(contract_text({B("4H"), Doubling::kRedoubled, 0}, true), "4♥XX");
  EXPECT_EQ(contract_text({B("1C"), Doubling::kDoubled, 0}), "1CX");
  EXPECT_STREQ(bid_label(B("2S")), "2♠");
  EXPECT_STREQ(bid_label(B("0NT")), "0NT");
  EXPECT_STREQ(contract_label(B("4H"), Doubling::kRedoubled), "4♥XX");
  EXPECT_EQ(bid_label(B("3D")), bid_label(B("3D")));  // one lasting string per bid
}

TEST(Bridge, JumpsFollowTheRuling) {
  // BRG-03's cases without the length rules (those are the game's).
  EXPECT_FALSE(is_jump(B("1S"), B("1H")));      // not a jump
  EXPECT_TRUE(is_jump(B("2S"), B("1H")));       // 1S would have overcalled
  EXPECT_FALSE(is_jump(B("2C"), B("1H")));      // the minimum club overcall
  EXPECT_TRUE(is_jump(B("2H"), std::nullopt));  // an opening 2H: 1H was open
  EXPECT_FALSE(is_jump(B("1H"), std::nullopt));
  EXPECT_FALSE(is_jump(B("0NT"), std::nullopt));
  EXPECT_TRUE(is_jump(B("1NT"), std::nullopt));  // 0NT was open (NT jumps are the game's call)
  EXPECT_FALSE(is_jump(B("1C"), B("0NT")));
  EXPECT_FALSE(is_jump(B("1NT"), std::nullopt, 1));  // no 0NT in Bridge Solitaire
  EXPECT_EQ(lowest_level(Strain::kClubs, B("1NT")), 2);
  EXPECT_EQ(lowest_level(Strain::kNoTrump, B("7NT")), kMaxLevel + 1);
}

TEST(Bridge, AuctionEndsOnTwoPassesAndAllowsReentry) {
  Auction a(/*opener=*/1);
  EXPECT_EQ(a.to_call(), 1);
  EXPECT_STREQ(a.why_not_bid(0, B("1C")), "it is not your turn");
  EXPECT_EQ(a.why_not_bid(1, B("1H")), nullptr);
  a.bid(B("1H"));
  EXPECT_STREQ(a.why_not_bid(0, B("1C")), "a bid must be higher than the last bid");
  EXPECT_STREQ(a.why_not_bid(0, B("1H")), "a bid must be higher than the last bid");
  EXPECT_FALSE(a.pass());        // side 0 passes
  EXPECT_FALSE(a.bid(B("2H")));  // side 1 raises its own bid after the pass (BRG-A6)
  EXPECT_FALSE(a.bid(B("2S")));  // side 0, who passed, bids again
  EXPECT_FALSE(a.pass());
  EXPECT_TRUE(a.pass());
  EXPECT_TRUE(a.over());
  EXPECT_EQ(a.contract(), (Contract{B("2S"), Doubling::kNone, 0}));
  EXPECT_STREQ(a.why_not_pass(0), "the auction is over");
}

TEST(Bridge, DoublesAndRedoublesFollowTheRuling) {
  Auction a(0);
  EXPECT_STREQ(a.why_not_double(0), "there is no bid to double");
  a.bid(B("1S"));
  EXPECT_STREQ(a.why_not_redouble(1), "only a doubled bid may be redoubled");
  EXPECT_EQ(a.why_not_double(1), nullptr);
  a.double_bid();
  EXPECT_EQ(a.doubling(), Doubling::kDoubled);
  EXPECT_STREQ(a.why_not_double(0), "you may not double your own bid");
  // The doubled side bids higher: the double is cancelled.
  a.bid(B("2S"));
  EXPECT_EQ(a.doubling(), Doubling::kNone);
  EXPECT_EQ(a.why_not_double(1), nullptr);
  a.double_bid();
  EXPECT_STREQ(a.why_not_double(0), "you may not double your own bid");
  // The doubled side passes straight after the double: over, doubled.
  EXPECT_TRUE(a.pass());
  EXPECT_EQ(a.contract(), (Contract{B("2S"), Doubling::kDoubled, 0}));

  Auction r(0);
  r.bid(B("3C"));
  r.double_bid();
  EXPECT_EQ(r.why_not_redouble(0), nullptr);
  EXPECT_TRUE(r.redouble());  // a redouble ends it
  EXPECT_EQ(r.contract(), (Contract{B("3C"), Doubling::kRedoubled, 0}));

  // The doubler may not redouble; a double by the opponent of an already doubled bid is refused.
  Auction d(0);
  d.bid(B("1D"));
  d.double_bid();
  d.bid(B("1H"));  // side 0 escapes; side 1 to call
  d.double_bid();
  EXPECT_STREQ(d.why_not_redouble(1), "it is not your turn");
  EXPECT_STREQ(d.why_not_double(0), "you may not double your own bid");
}

TEST(Bridge, DoubledThenPassedByTheDoublerDoesNotEndAtOnce) {
  // After X, the doubled side bid; then the doubler's side passes: only two passes end it.
  Auction a(0);
  a.bid(B("1C"));
  a.double_bid();          // side 1
  a.bid(B("1D"));          // side 0: cancels the double
  EXPECT_FALSE(a.pass());  // side 1
  EXPECT_TRUE(a.pass());   // side 0
  EXPECT_EQ(a.contract(), (Contract{B("1D"), Doubling::kNone, 0}));
}

TEST(Bridge, TrickScoreBelowTheLine) {
  EXPECT_EQ(trick_score(B("1C"), Doubling::kNone), 20);
  EXPECT_EQ(trick_score(B("1C"), Doubling::kDoubled), 40);  // the seed's example 1
  EXPECT_EQ(trick_score(B("4H"), Doubling::kNone), 120);
  EXPECT_EQ(trick_score(B("2S"), Doubling::kRedoubled), 240);
  EXPECT_EQ(trick_score(B("1NT"), Doubling::kNone), 40);
  EXPECT_EQ(trick_score(B("3NT"), Doubling::kNone), 100);
  EXPECT_EQ(trick_score(B("7NT"), Doubling::kDoubled), 440);
  EXPECT_EQ(trick_score(B("5D"), Doubling::kNone), 100);
}

TEST(Bridge, OvertricksAndUndertricks) {
  EXPECT_EQ(overtrick_points(B("2D"), Doubling::kNone, false, 2), 40);
  EXPECT_EQ(overtrick_points(B("2NT"), Doubling::kNone, true, 1), 30);
  EXPECT_EQ(overtrick_points(B("2NT"), Doubling::kDoubled, false, 2), 200);
  EXPECT_EQ(overtrick_points(B("2NT"), Doubling::kDoubled, true, 2), 400);
  EXPECT_EQ(overtrick_points(B("2NT"), Doubling::kRedoubled, false, 1), 200);
  EXPECT_EQ(overtrick_points(B("2NT"), Doubling::kRedoubled, true, 1), 400);
  // BS-09.
  EXPECT_EQ(undertrick_points(Doubling::kDoubled, true, 3), 800);
  EXPECT_EQ(undertrick_points(Doubling::kDoubled, false, 4), 800);
  EXPECT_EQ(undertrick_points(Doubling::kRedoubled, false, 2), 600);
  EXPECT_EQ(undertrick_points(Doubling::kNone, true, 2), 200);
  EXPECT_EQ(undertrick_points(Doubling::kNone, false, 3), 150);
  EXPECT_EQ(undertrick_points(Doubling::kDoubled, false, 5), 1100);
  EXPECT_EQ(undertrick_points(Doubling::kRedoubled, true, 2), 1000);
}

TEST(Bridge, HonoursInOneHand) {
  auto cards = [](std::initializer_list<const char*> codes) {
    CardSet s;
    for (const char* c : codes) s.add(*parse_card(c));
    return s;
  };
  EXPECT_EQ(honours(cards({"AC", "KC", "QC", "JC", "TC"}), Strain::kClubs), 150);
  EXPECT_EQ(honours(cards({"AC", "KC", "QC", "TC", "2H"}), Strain::kClubs), 100);
  EXPECT_EQ(honours(cards({"AC", "KC", "QC"}), Strain::kClubs), 0);
  EXPECT_EQ(honours(cards({"AC", "KC", "QC", "JC", "TC"}), Strain::kHearts), 0);
  EXPECT_EQ(honours(cards({"AC", "AD", "AH", "AS"}), Strain::kNoTrump), 150);
  EXPECT_EQ(honours(cards({"AC", "AD", "AH", "KS"}), Strain::kNoTrump), 0);
}

TEST(Bridge, SeedExampleOneScoresFortyBelowAndTwoHundredAbove) {
  // BS-07: 1CX by WE, 7 tricks, not vulnerable, all five club honours in WE's hand.
  Rubber r;
  const HandLines lines = r.score_hand({B("1C"), Doubling::kDoubled, 0}, 7, 0, 150);
  EXPECT_EQ(r.below(0), 40);
  EXPECT_EQ(r.above(0), 200);
  EXPECT_EQ(r.total(0), 240);
  EXPECT_EQ(r.total(1), 0);
  EXPECT_EQ(lines.count, 3);
  EXPECT_EQ(lines.lines[0], (ScoreLine{0, true, LineKind::kContract, 40}));
  EXPECT_EQ(lines.lines[1], (ScoreLine{0, false, LineKind::kInsult, 50}));
  EXPECT_EQ(lines.lines[2], (ScoreLine{0, false, LineKind::kHonours, 150}));
  EXPECT_EQ(lines.total(0), 240);
  EXPECT_FALSE(r.vulnerable(0));
}

TEST(Bridge, GamesVulnerabilityAndTheRubberBonus) {
  Rubber r;
  r.score_hand({B("2H"), Doubling::kNone, 0}, 8, 0, 0);  // 60 below for WE
  r.score_hand({B("2S"), Doubling::kNone, 1}, 8, 0, 0);  // 60 below for THEY
  EXPECT_EQ(r.below(0), 60);
  r.score_hand({B("2C"), Doubling::kNone, 0}, 8, 0, 0);  // 40 more: WE's game, partials reset
  EXPECT_EQ(r.games(0), 1);
  EXPECT_TRUE(r.vulnerable(0));
  EXPECT_FALSE(r.vulnerable(1));
  EXPECT_EQ(r.below(0), 0);
  EXPECT_EQ(r.below(1), 0);
  EXPECT_EQ(r.below_total(1), 60);  // still counts in the total
  EXPECT_EQ(r.game_number(), 2);
  // WE vulnerable, down 2 undoubled: 200 to THEY.
  HandLines down = r.score_hand({B("4S"), Doubling::kNone, 0}, 8, 0, 0);
  EXPECT_EQ(down.count, 1);
  EXPECT_EQ(down.lines[0], (ScoreLine{1, false, LineKind::kUndertricks, 200}));
  // THEY make a game: 1-1; then WE make 6S vulnerable: slam 750 and the rubber 500.
  r.score_hand({B("3NT"), Doubling::kNone, 1}, 9, 0, 0);
  EXPECT_EQ(r.games(1), 1);
  HandLines last = r.score_hand({B("6S"), Doubling::kNone, 0}, 13, 0, 100);
  EXPECT_TRUE(r.over());
  EXPECT_EQ(last.total(0), 180 + 30 + 750 + 100 + 500);
  EXPECT_EQ(r.games(0), 2);
  EXPECT_EQ(r.winner(), 0);
  // Nothing scores after the rubber.
  EXPECT_EQ(r.score_hand({B("1C"), Doubling::kNone, 1}, 7, 0, 0).count, 0);
}

TEST(Bridge, ARubberWonTwoNilGetsSevenHundred) {
  Rubber r;
  r.score_hand({B("4H"), Doubling::kNone, 1}, 10, 0, 0);
  HandLines l = r.score_hand({B("5C"), Doubling::kNone, 1}, 11, 0, 0);
  EXPECT_TRUE(r.over());
  EXPECT_EQ(l.lines[l.count - 1], (ScoreLine{1, false, LineKind::kRubber, 700}));
  EXPECT_EQ(r.winner(), 1);
}

TEST(Bridge, VulnerableDoubledOvertricksAndGrandSlam) {
  Rubber r;
  r.score_hand({B("4S"), Doubling::kNone, 0}, 10, 0, 0);  // WE game, vulnerable
  HandLines l = r.score_hand({B("2H"), Doubling::kDoubled, 0}, 10, 0, 0);
  // 2HX vulnerable +2: 120 below (a game), 400 overtricks, 50 insult, and the rubber 700.
  EXPECT_EQ(l.lines[0], (ScoreLine{0, true, LineKind::kContract, 120}));
  EXPECT_EQ(l.lines[1], (ScoreLine{0, false, LineKind::kOvertricks, 400}));
  EXPECT_EQ(l.lines[2], (ScoreLine{0, false, LineKind::kInsult, 50}));
  EXPECT_EQ(l.lines[3], (ScoreLine{0, false, LineKind::kRubber, 700}));
  Rubber g;
  HandLines grand = g.score_hand({B("7NT"), Doubling::kRedoubled, 1}, 13, 0, 150);
  EXPECT_EQ(grand.total(1), 220 * 4 + 100 + 1000);
  EXPECT_EQ(grand.total(0), 150);  // honours go to the side holding them
}

TEST(Bridge, AnUnfinishedRubberGetsThreeHundredAndOneHundred) {
  Rubber r;
  r.score_hand({B("3NT"), Doubling::kNone, 0}, 9, 0, 0);  // WE game
  r.score_hand({B("1S"), Doubling::kNone, 1}, 7, 0, 0);   // THEY part score 30
  HandLines l = r.abandon();
  EXPECT_EQ(l.total(0), 300);
  EXPECT_EQ(l.total(1), 100);
  EXPECT_TRUE(r.over());
  EXPECT_EQ(r.total(0), 100 + 300);
  EXPECT_EQ(r.total(1), 30 + 100);
  EXPECT_EQ(r.winner(), 0);
  EXPECT_EQ(r.abandon().count, 0);  // once
}

}  // namespace
}  // namespace cardroom::bridge
