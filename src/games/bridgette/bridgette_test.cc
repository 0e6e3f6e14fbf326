// Bridgette rule tests (DESIGN.md section 8; RULINGS.md section 8).
//
//   BridgetteRules.*     one or more tests per numbered rule 1-10 and per ruling BRG-A1..A14
//   BridgetteScenario.*  the acceptance scenarios BRG-01, 03, 05, 07 and 09
//   BridgetteRecord.*    a record with an explicit deal, the `replay --json` round fields
//   BridgettePerft.*     perft counts from a fixed deal, checked by hand
//
// Seats: S0 and S1. In the fixed deals S0 deals (so S1 is the non-dealer and draws the upcard),
// and the drawn cards are discarded again, so the hands after the exchange are the hands dealt.
#include "games/bridgette/bridgette.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/common/test_paths.h"
#include "games/common/test_util.h"

namespace cardroom::bridgette {
namespace {

using bridge::Bid;
using bridge::Doubling;
using bridge::Strain;
using testing_util::Perft;

CardSet Cards(std::string_view text) { return testing_util::Set(text, card_names()); }
Card C(std::string_view text) { return testing_util::List(text, card_names()).at(0); }
Bid B(std::string_view text) { return bridge::parse_bid(text).value_or(Bid{}); }

// A deal: the two hands, then the stock with `upcard` on top and every other card below it in id
// order.
Deal FixedDeal(std::string_view s0, std::string_view s1, std::string_view upcard) {
  Deal d;
  d.hands = {testing_util::List(s0, card_names()), testing_util::List(s1, card_names())};
  const CardSet used = Cards(s0) | Cards(s1) | Cards(upcard);
  d.pack.push_back(C(upcard));
  for (Card c : kDeck - used) d.pack.push_back(c);
  return d;
}

// The BRG-07 deal: S0 (dealer) has three spades and 7H 8H; S1 holds LC 9H KC, one heart only.
Deal ColonDeal() {
  return FixedDeal("AS KS QS 7H 8H 2D 3D 4D 5D 2C 3C 4C 5C",
                   "LC 9H KC 2S 3S 4S 6D 7D 8D 9D 6C 7C 8C", "TD");
}

// A match of bridgette(options) on a Session (events, records), S0 dealing the given deals.
struct Match {
  explicit Match(std::vector<Deal> deals, const std::string& options = "", int dealer = 0) {
    register_all_games();
    std::string error;
    auto game = load_game("bridgette(" + options + ")", &error);
    EXPECT_TRUE(game) << error;
    session = Session::create(std::move(game), 11, dealer, std::move(deals), &error);
    EXPECT_TRUE(session) << error;
  }
  const State& s() const { return testing_util::TypedState<Game>(*session); }
  Seat turn() const { return s().to_act(); }
  // The seat to act makes `text`; a refusal fails the test.
  void Do(const std::string& text) { testing_util::PlayText(*session, turn(), text); }
  void Do(std::initializer_list<const char*> texts) {
    for (const char* t : texts) Do(t);
  }
  // `seat` tries `text`: refused with a reason, nothing changes; returns the reason.
  std::string Refused(Seat seat, const std::string& text) {
    const State before = s();
    const std::size_t events = session->events().size();
    std::string error;
    EXPECT_FALSE(session->play(seat, text, &error)) << text << " was accepted";
    EXPECT_TRUE(s() == before) << text;
    EXPECT_EQ(session->events().size(), events);
    return error;
  }
  std::string Refused(const std::string& text) { return Refused(turn(), text); }
  // The exchange with every drawn card discarded again (non-dealer first).
  void DiscardDraws(const Deal& deal) {
    for (int k = 0; k < 2; ++k) {
      const Seat seat = turn();
      const CardSet drawn = s().hand(seat) - [&] {
        CardSet dealt;
        for (Card c : deal.hands[seat]) dealt.add(c);
        return dealt;
      }();
      for (Card c : drawn) Do("discard " + card_text(c, card_names()));
    }
    ASSERT_EQ(s().phase(), State::Phase::kBid);
  }
  std::vector<std::string> Legal() const { return testing_util::LegalTexts(s(), turn()); }
  std::unique_ptr<Session> session;
};

// ---------------------------------------------------------------------------------------------
// Rule 1: the deck

TEST(BridgetteRules, DeckHas55CardsWithThreeNamedColons) {
  EXPECT_EQ(kDeck.size(), 55);
  EXPECT_EQ(kColons.size(), 3);
  EXPECT_EQ(C("GC"), kGrandColon);
  EXPECT_EQ(C("RC"), kRoyalColon);
  EXPECT_EQ(C("LC"), kLittleColon);
  EXPECT_EQ(card_text(kLittleColon, card_names()), "LC");
  // Ranges: aces; J Q K; 2..10.
  EXPECT_EQ(covering_colon(C("AH")), kGrandColon);
  for (const char* c : {"JS", "QD", "KC"}) EXPECT_EQ(covering_colon(C(c)), kRoyalColon) << c;
  for (const char* c : {"2S", "7H", "TD"}) EXPECT_EQ(covering_colon(C(c)), kLittleColon) << c;
}

// Rule 2: the first dealer draws high (a colon is drawn again: the draw is from the 52); the deal
// then alternates.
TEST(BridgetteRules, HighCardDealsFirstAndTheDealAlternates) {
  register_all_games();
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    std::string error;
    auto session = Session::create(load_game("bridgette", &error), seed, -1, {}, &error);
    ASSERT_TRUE(session) << error;
    const Event* draw = nullptr;
    for (const Event& e : session->events())
      if (e.kind == EventKind::kDealer && !e.cards.empty()) draw = &e;  // the deciding draw
    ASSERT_NE(draw, nullptr);
    ASSERT_EQ(draw->cards.size(), 2u);
    for (Card c : draw->cards) EXPECT_LT(c, 52);
    const State& s = testing_util::TypedState<Game>(*session);
    const Seat high = rank_of(draw->cards[0]) > rank_of(draw->cards[1]) ? 0 : 1;
    EXPECT_EQ(s.dealer(), high) << seed;
  }
  Match m({});
  const Seat first = m.s().dealer();
  while (m.s().round_index() == 0) m.Do(m.Legal().back());
  EXPECT_EQ(m.s().dealer(), first ^ 1);
}

// Rule 3 and 4, BRG-A1: 13 each; the upcard is the stock's top card and the non-dealer's first.
TEST(BridgetteRules, TheNonDealerTakesTheUpcardAndOneMoreTheDealerDrawsByTheUpcard) {
  const Deal d = ColonDeal();
  Match m({d});
  const State& s = m.s();
  EXPECT_EQ(s.upcard(), C("TD"));
  EXPECT_EQ(s.draw(), 4);
  EXPECT_EQ(s.hand(1), Cards("LC 9H KC 2S 3S 4S 6D 7D 8D 9D 6C 7C 8C") | CardSet::of(d.pack[0]) |
                           CardSet::of(d.pack[1]));
  CardSet dealer_draw;
  for (int i = 2; i < 6; ++i) dealer_draw.add(d.pack[i]);
  EXPECT_EQ(s.hand(0) - Cards("AS KS QS 7H 8H 2D 3D 4D 5D 2C 3C 4C 5C"), dealer_draw);
  EXPECT_EQ(s.stock().size(), 29 - 6);
  EXPECT_EQ(s.phase(), State::Phase::kDiscard);
  EXPECT_EQ(s.to_act(), 1);  // BRG-A2: the non-dealer discards first
}

TEST(BridgetteScenario, Brg01DealerDrawCount) {
  // {7H: 4, 10C: 4, Little Colon: 4, QC: 8, JD: 8, Royal Colon: 8, AS: 12, Grand Colon: 12}
  const std::pair<const char*, int> cases[] = {{"7H", 4}, {"TC", 4}, {"LC", 4},  {"QC", 8},
                                               {"JD", 8}, {"RC", 8}, {"AS", 12}, {"GC", 12}};
  for (auto [up, draw] : cases) {
    EXPECT_EQ(dealer_draw(C(up)), draw) << up;
    // Through a deal with that upcard: the dealer holds 13 + draw, the non-dealer 15.
    const Deal d = FixedDeal("KS QS JS 7S 8S 2D 3D 4D 5D 2C 3C 4C 5C",
                             "2S 3S 4S 6D 7D 8D 9D 6C 7C 8C 9C 2H 3H", up);
    Match m({d});
    EXPECT_EQ(m.s().hand(0).size(), 13 + draw) << up;
    EXPECT_EQ(m.s().hand(1).size(), 15) << up;
    EXPECT_EQ(m.s().view(1)["dealer_draw"], draw) << up;
  }
}

TEST(BridgetteRules, UpcardSetAsideOptionKeepsItOutOfPlay) {
  const Deal d = ColonDeal();
  Match m({d}, "upcard=set_aside");
  const State& s = m.s();
  EXPECT_EQ(s.set_aside(), CardSet::of(C("TD")));
  EXPECT_FALSE(s.hand(1).contains(C("TD")));
  EXPECT_TRUE(s.hand(1).contains(d.pack[1]) && s.hand(1).contains(d.pack[2]));
  EXPECT_EQ(s.draw(), 4);
  EXPECT_EQ(s.view(0)["upcard_set_aside"], true);
}

// Rule 4 / BRG-A2: discards are single picks, the non-dealer's first, face down; colons may go.
TEST(BridgetteRules, DiscardsAreSinglePicksNonDealerFirstAndPrivate) {
  const Deal d = ColonDeal();
  Match m({d});
  EXPECT_EQ(m.Legal().size(), 15u);
  EXPECT_EQ(m.Refused(0, "discard AS"), kNotYourTurn);
  EXPECT_EQ(m.Refused(1, "discard AS"), "you do not hold that card");
  EXPECT_EQ(m.Refused(1, "bid 1C"), "the auction is over for this hand");  // not yet begun
  m.Do("discard LC");  // a colon may be discarded
  EXPECT_EQ(m.s().discards(1), CardSet::of(kLittleColon));
  EXPECT_EQ(m.s().view(1)["discards"], nlohmann::json({"LC"}));
  EXPECT_EQ(m.s().view(0)["discards"], nlohmann::json::array());  // its own: none yet
  EXPECT_EQ(testing_util::CardsIn(m.s().view(0), card_names()).contains(kLittleColon), false);
  m.Do("discard 9H");
  EXPECT_EQ(m.turn(), 0);
  EXPECT_EQ(m.Legal().size(), 17u);
  for (int i = 0; i < 4; ++i) m.Do(m.Legal().front());
  EXPECT_EQ(m.s().phase(), State::Phase::kBid);
  EXPECT_EQ(m.turn(), 0);  // rule 6: the dealer opens
}

// ---------------------------------------------------------------------------------------------
// Rule 5, BRG-A3, A4: bids and the length rules

TEST(BridgetteRules, BidLengthRulesCountSuitCardsOnly) {
  // Colons never count (BRG-A4): GC RC LC with one spade cannot bid spades.
  EXPECT_NE(
      why_not_bid_by_hand(Cards("AS GC RC LC 2H 3H"), B("1S"), std::nullopt, NtJumps::kAllowed),
      nullptr);
  EXPECT_STREQ(why_not_bid_by_hand(Cards("AS 2H 3H 4D 5C"), B("1NT"), B("1S"), NtJumps::kAllowed),
               nullptr);
  EXPECT_STREQ(why_not_bid_by_hand(Cards("AS 2H 3H 4D LC"), B("1NT"), B("1S"), NtJumps::kAllowed),
               "a no-trump bid needs at least one card of each suit");
  // NT jumps: allowed by the ruling, refused with the option.
  EXPECT_STREQ(why_not_bid_by_hand(Cards("AS 2H 3H 4D 5C"), B("2NT"), B("1S"), NtJumps::kAllowed),
               nullptr);
  EXPECT_STREQ(why_not_bid_by_hand(Cards("AS 2H 3H 4D 5C"), B("2NT"), B("1S"), NtJumps::kForbidden),
               "jump bids in no trump are not allowed (option nt_jumps=forbidden)");
  EXPECT_STREQ(why_not_bid_by_hand(Cards("AS 2H 3H 4D 5C"), B("1NT"), B("1S"), NtJumps::kForbidden),
               nullptr);
}

TEST(BridgetteScenario, Brg03BidLegality) {
  auto why = [](const char* hand, const char* bid, std::optional<Bid> previous) {
    return why_not_bid_by_hand(Cards(hand), B(bid), previous, NtJumps::kAllowed);
  };
  // {hand_spades: 1, bid: 1S, legal: false}
  EXPECT_STREQ(why("AS 2H 3H 4H 5D 6D 7C", "1S", std::nullopt),
               "a spade bid needs at least 2 spades");
  // {void_in: C, bid: 0NT, legal: false}
  EXPECT_NE(why("AS 2H 3H 4H 5D 6D", "0NT", std::nullopt), nullptr);
  // {previous: 1H, bid: 1S, spades: 2} legal (not a jump)
  EXPECT_EQ(why("AS KS 2H 5D 6C", "1S", B("1H")), nullptr);
  // {previous: 1H, bid: 2S, spades: 3} illegal: a jump needs 4
  EXPECT_STREQ(why("AS KS QS 2H 5D 6C", "2S", B("1H")),
               "a jump bid in spades needs at least 4 spades");
  // {previous: 1H, bid: 2S, spades: 4} legal
  EXPECT_EQ(why("AS KS QS JS 2H 5D 6C", "2S", B("1H")), nullptr);
  // {previous: 1H, bid: 2C, clubs: 2} legal (the minimum club overcall)
  EXPECT_EQ(why("AC KC 2H 5D 6S", "2C", B("1H")), nullptr);
  // {opening, bid: 2H, hearts: 3} illegal: an opening jump
  EXPECT_STREQ(why("AH KH QH 5D 6S 7C", "2H", std::nullopt),
               "a jump bid in hearts needs at least 4 hearts");
  // {previous: 0NT, bid: 1C, clubs: 2} legal
  EXPECT_EQ(why("AC KC 2H 5D 6S", "1C", B("0NT")), nullptr);
}

// Rule 6, BRG-A5..A7: the auction through the state.
TEST(BridgetteRules, TheDealerMustOpenAndBidsMustRise) {
  const Deal d = ColonDeal();
  Match m({d});
  m.DiscardDraws(d);
  EXPECT_EQ(m.Refused("pass"), "the dealer must open the bidding");
  EXPECT_EQ(m.Refused("double"), "there is no bid to double");
  EXPECT_EQ(m.Refused("bid 2H"), "a jump bid in hearts needs at least 4 hearts");
  EXPECT_EQ(m.Refused("bid 2S"), "a jump bid in spades needs at least 4 spades");
  EXPECT_EQ(m.Refused(1, "bid 1C"), kNotYourTurn);
  m.Do("bid 1S");
  EXPECT_EQ(m.Refused("bid 1H"), "a bid must be higher than the last bid");
  EXPECT_EQ(m.Refused("bid 1S"), "a bid must be higher than the last bid");
  EXPECT_EQ(m.Refused("bid 1H"), "a bid must be higher than the last bid");
  EXPECT_EQ(m.Refused("redouble"), "only a doubled bid may be redoubled");
  m.Do("pass");
  EXPECT_EQ(m.Refused("double"), "you may not double your own bid");
  // BRG-A6: after the other's pass the bidder may raise its own bid; two passes end it.
  m.Do("bid 2D");
  m.Do("pass");
  EXPECT_EQ(m.s().phase(), State::Phase::kBid);
  m.Do("pass");
  EXPECT_EQ(m.s().phase(), State::Phase::kPlay);
  EXPECT_EQ(m.s().contract(), (bridge::Contract{B("2D"), Doubling::kNone, 0}));
  EXPECT_EQ(m.s().trump(), kDiamonds);
  EXPECT_EQ(m.turn(), 0);  // rule 7: the declarer leads
}

TEST(BridgetteRules, DoubleRedoubleAndTheirEndings) {
  const Deal d = ColonDeal();
  {
    Match m({d});  // a pass by the doubled player ends the auction: doubled
    m.DiscardDraws(d);
    m.Do({"bid 1S", "double"});
    EXPECT_EQ(m.Refused("double"), "you may not double your own bid");
    m.Do("pass");
    EXPECT_EQ(m.s().contract(), (bridge::Contract{B("1S"), Doubling::kDoubled, 0}));
  }
  {
    Match m({d});  // a redouble ends it
    m.DiscardDraws(d);
    m.Do({"bid 1S", "double", "redouble"});
    EXPECT_EQ(m.s().phase(), State::Phase::kPlay);
    EXPECT_EQ(m.s().contract(), (bridge::Contract{B("1S"), Doubling::kRedoubled, 0}));
  }
  {
    Match m({d});  // a new bid cancels the double; a player who passed may bid again
    m.DiscardDraws(d);
    m.Do({"bid 1S", "double", "bid 2D"});
    EXPECT_EQ(m.s().auction().doubling(), Doubling::kNone);
    m.Do({"pass", "bid 3D", "bid 3NT"});  // S0 raises its own bid, S1 re-enters after its pass
    m.Do({"pass", "pass"});
    EXPECT_EQ(m.s().contract(), (bridge::Contract{B("3NT"), Doubling::kNone, 1}));
    EXPECT_EQ(m.s().trump(), kNoSuit);
    EXPECT_EQ(m.turn(), 1);
  }
}

TEST(BridgetteRules, DealerAlwaysHasAnOpeningBid) {
  // BRG-A7: ten suit cards put three in some suit; a 1-level bid there is legal.
  Match m({});
  for (int hand = 0; hand < 40 && !m.s().over(); ++hand) {
    while (m.s().phase() == State::Phase::kDiscard) m.Do(m.Legal().front());
    ASSERT_EQ(m.turn(), m.s().dealer());
    std::vector<std::string> legal = m.Legal();
    ASSERT_FALSE(legal.empty());
    EXPECT_FALSE(testing_util::Contains(legal, "pass"));
    const int round = m.s().round_index();
    while (!m.s().over() && m.s().round_index() == round) m.Do(m.Legal().front());
  }
}

// ---------------------------------------------------------------------------------------------
// Rules 7, 8 and BRG-A8..A10: play and the colons

TEST(BridgetteScenario, Brg07ColonAsResponse) {
  const Deal d = ColonDeal();
  Match m({d});
  m.DiscardDraws(d);
  m.Do({"bid 1S", "pass", "pass"});  // trump spades, S0 (D) declares and leads
  m.Do("play 7H");
  EXPECT_EQ(m.Legal(), (std::vector<std::string>{"play 9H", "play LC"}));
  EXPECT_EQ(m.Refused("play KC"), "you must follow suit");
  m.Do("play LC");
  EXPECT_EQ(m.s().trick_winner_of(0), 0);  // the colon loses
  EXPECT_EQ(m.turn(), 0);
  EXPECT_EQ(m.Refused("play 8H"), "a colon answered your heart lead: lead another suit or a colon");
  EXPECT_FALSE(testing_util::Contains(m.Legal(), "play 8H"));
  EXPECT_EQ(m.s().view(1)["lead_barred"], "H");
  m.Do("play 2D");  // another suit is fine, and the bar is lifted after the lead
  EXPECT_EQ(m.s().view(1)["lead_barred"], nullptr);
}

TEST(BridgetteScenario, Brg09ColonLead) {
  Policy p;
  p.trump = kSpades;
  auto winner = [&](const char* lead, const char* answer) {
    const Card t[2] = {C(lead), C(answer)};
    return p.winner(tricks::TrickSoFar{t, 2, 0});
  };
  EXPECT_EQ(winner("RC", "5D"), 0);  // a non-trump outside the range: the colon wins
  EXPECT_EQ(winner("RC", "KD"), 1);  // in range
  EXPECT_EQ(winner("RC", "2S"), 1);  // a trump
  EXPECT_EQ(winner("GC", "KD"), 0);
  EXPECT_EQ(winner("GC", "AD"), 1);
  EXPECT_EQ(winner("LC", "TD"), 1);
  EXPECT_EQ(winner("LC", "JD"), 0);
  EXPECT_EQ(winner("RC", "LC"), 0);  // a colon on a colon loses (BRG-A10)
  EXPECT_EQ(winner("7H", "LC"), 0);  // a colon response loses
  p.trump = kNoSuit;
  EXPECT_EQ(winner("RC", "2S"), 0);
}

TEST(BridgetteRules, ColonLeadAnswersAndOutOfRangeColons) {
  // S0 holds RC and leads it; S1 holds GC and LC: no colon on a colon while other cards are held.
  const Deal d = FixedDeal("RC AS KS QS 7H 8H 2D 3D 4D 5D 2C 3C 4C",
                           "GC LC 9H KC 2S 3S 4S 6D 7D 8D 9D 6C 7C", "TD");
  Match m({d});
  m.DiscardDraws(d);
  m.Do({"bid 1S", "pass", "pass"});
  m.Do("play RC");
  EXPECT_EQ(m.Refused("play GC"),
            "a colon may answer a colon lead only from a hand of nothing but colons");
  EXPECT_EQ(m.Legal().size(), 11u);  // every card but the two colons
  m.Do("play 6D");                   // outside RC's range and no trump: the colon wins
  EXPECT_EQ(m.s().trick_winner_of(0), 0);
  m.Do("play 7H");
  EXPECT_EQ(m.Refused("play GC"),
            "that colon's range does not hold the card led: it may be played only from a hand "
            "with nothing else");
  EXPECT_EQ(m.Legal(), (std::vector<std::string>{"play 9H", "play LC"}));
}

TEST(BridgetteRules, PolicyLapsesAndShowsWhatTheHandLacks) {
  Policy p;
  p.trump = kSpades;
  const tricks::TrickSoFar lead{nullptr, 0, 0};
  p.barred = kHearts;
  // BRG-A9: only hearts left: the bar lapses; a colon satisfies it.
  EXPECT_EQ(p.playable(Cards("8H 9H"), lead), Cards("8H 9H"));
  EXPECT_EQ(p.playable(Cards("8H GC"), lead), Cards("GC"));
  // A lapsed lead shows the hand held nothing else.
  EXPECT_EQ(p.shown_lacking(lead, C("8H")), kDeck - CardSet::suit(kHearts));
  EXPECT_EQ(p.shown_lacking(lead, C("GC")), CardSet());
  const Card led[1] = {C("7H")};
  const tricks::TrickSoFar seven{led, 1, 0};
  // Out of range colons only from a hand of nothing else (rule 8).
  EXPECT_EQ(p.playable(Cards("GC RC"), seven), Cards("GC RC"));
  EXPECT_EQ(p.shown_lacking(seven, C("GC")), kDeck - Cards("GC RC"));
  EXPECT_EQ(p.playable(Cards("GC 2D"), seven), Cards("2D"));  // void: any card but GC
  EXPECT_EQ(p.shown_lacking(seven, C("2D")), CardSet::suit(kHearts));
  EXPECT_EQ(p.shown_lacking(seven, C("LC")), CardSet());
  const Card colon[1] = {kRoyalColon};
  EXPECT_EQ(p.shown_lacking(tricks::TrickSoFar{colon, 1, 0}, kGrandColon), kStandard);
  EXPECT_EQ(p.playable(Cards("GC LC"), tricks::TrickSoFar{colon, 1, 0}), Cards("GC LC"));
}

TEST(BridgetteRules, ColonWhenFollowingOptionAllowsColonsOnlyWhenVoid) {
  Policy p;
  p.colon_when_following = false;
  const Card led[1] = {C("7H")};
  const tricks::TrickSoFar seven{led, 1, 0};
  EXPECT_EQ(p.playable(Cards("LC 9H KC"), seven), Cards("9H"));
  EXPECT_EQ(p.playable(Cards("LC KC"), seven), Cards("LC KC"));
  EXPECT_EQ(p.shown_lacking(seven, C("LC")), CardSet::suit(kHearts));
  const Deal d = ColonDeal();
  Match m({d}, "colon_when_following=false");
  m.DiscardDraws(d);
  m.Do({"bid 1S", "pass", "pass", "play 7H"});
  EXPECT_EQ(m.Refused("play LC"),
            "you must follow suit: a colon only when you cannot (colon_when_following)");
  EXPECT_EQ(m.Legal(), (std::vector<std::string>{"play 9H"}));
}

// ---------------------------------------------------------------------------------------------
// Rule 9, BRG-A11, A14: scoring

TEST(BridgetteScenario, Brg05ContractMade) {
  auto score = [](const char* bid, Doubling d, int tricks) {
    return score_hand(bridge::Contract{B(bid), d, 0}, tricks).total(0);
  };
  EXPECT_EQ(score("3NT", Doubling::kNone, 9), 1000);
  EXPECT_EQ(score("3NT", Doubling::kNone, 10), 750);
  EXPECT_EQ(score("3NT", Doubling::kNone, 12), 1100);
  EXPECT_EQ(score("1S", Doubling::kDoubled, 7), 800);
  EXPECT_EQ(score("6S", Doubling::kNone, 12), 1600);
  EXPECT_EQ(score("7NT", Doubling::kRedoubled, 13), 3500);
  EXPECT_EQ(score("0NT", Doubling::kNone, 9), 500);
  EXPECT_EQ(score("4H", Doubling::kRedoubled, 10), 2000);
}

TEST(BridgetteRules, FlatTableAndSetTable) {
  const std::pair<const char*, int> bases[] = {
      {"0NT", 150},  {"1C", 150},  {"1S", 150},  {"1NT", 250},  {"2S", 250},  {"2NT", 250},
      {"3S", 250},   {"4C", 250},  {"4D", 250},  {"3NT", 750},  {"4H", 750},  {"4S", 750},
      {"4NT", 750},  {"5C", 750},  {"5S", 750},  {"5NT", 1500}, {"6C", 1500}, {"6S", 1500},
      {"6NT", 2200}, {"7C", 2200}, {"7S", 2200}, {"7NT", 2500}};
  for (auto [bid, base] : bases) EXPECT_EQ(made_base(B(bid)), base) << bid;
  // Exacto 250 to 5NT, 100 at 6C..6NT, none at 7.
  EXPECT_EQ(score_hand({B("5NT"), Doubling::kNone, 1}, 11).total(1), 1750);
  EXPECT_EQ(score_hand({B("6NT"), Doubling::kNone, 1}, 12).total(1), 2300);
  EXPECT_EQ(score_hand({B("7C"), Doubling::kNone, 1}, 13).total(1), 2200);
  // Trifecta: exactly three over.
  EXPECT_EQ(score_hand({B("1C"), Doubling::kNone, 1}, 10).total(1), 500);
  EXPECT_EQ(score_hand({B("1C"), Doubling::kNone, 1}, 11).total(1), 150);
  // The set table goes to the defender; the declarer scores nothing (BRG-A11: doubling changes
  // only the bonuses and the set table).
  const int table[6][3] = {{100, 200, 300},   {200, 500, 700},   {300, 800, 1100},
                           {400, 1100, 1500}, {700, 2000, 2700}, {1000, 3000, 4000}};
  for (int down = 1; down <= 7; ++down)
    for (int x = 0; x < 3; ++x) {
      const HandScore h = score_hand({B("7NT"), static_cast<Doubling>(x), 0}, 13 - down);
      EXPECT_EQ(h.total(0), 0);
      EXPECT_EQ(h.total(1), table[std::min(down, 6) - 1][x]) << down << " " << x;
      EXPECT_EQ(h.lines[0].kind, LineKind::kSet);
    }
}

// Rule 10, BRG-A12: six hands, then single tie-break hands while tied.
TEST(BridgetteRules, SixHandsThenTieBreakHands) {
  int tie_breaks = 0;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    register_all_games();
    std::string error;
    auto session = Session::create(load_game("bridgette", &error), seed, -1, {}, &error);
    ASSERT_TRUE(session);
    Rng rng(seed);
    std::vector<int> totals_after;  // S0 - S1 after each hand
    const State* s = &testing_util::TypedState<Game>(*session);
    int rounds = 0;
    while (!s->over()) {
      const Seat seat = s->to_act();
      ASSERT_TRUE(session->play(seat, *session->state().random_legal_move(seat, rng), &error));
      if (s->rounds_completed() > rounds) {
        rounds = s->rounds_completed();
        totals_after.push_back(s->score(0) - s->score(1));
      }
    }
    ASSERT_GE(rounds, kHands);
    for (int r = kHands; r < rounds; ++r) EXPECT_EQ(totals_after[r - 1], 0);
    EXPECT_NE(totals_after.back(), 0);
    tie_breaks += rounds > kHands;
    EXPECT_EQ(s->winners(), SeatSet::of(s->score(0) > s->score(1) ? 0 : 1));
  }
  (void)tie_breaks;  // random play ties rarely: the rule is checked whenever it happens
}

// ---------------------------------------------------------------------------------------------
// Views, resample, moves

TEST(BridgetteRules, ResampleKeepsTheUpcardWithTheNonDealerAndOwnDiscards) {
  const Deal d = ColonDeal();
  Match m({d});
  m.Do({"discard TD"});  // the non-dealer discards the upcard itself
  m.Do(m.Legal().front());
  m.Do({"discard 2D", "discard 3D", "discard 4D", "discard 5D"});
  const State& s = m.s();
  Rng rng(5);
  bool in_hand = false, in_discards = false;
  for (int i = 0; i < 200; ++i) {
    const State w = s.resample(0, rng);
    EXPECT_EQ(w.hand(0), s.hand(0));
    EXPECT_EQ(w.discards(0), s.discards(0));
    EXPECT_TRUE((w.hand(1) | w.discards(1)).contains(C("TD")));
    in_hand |= w.hand(1).contains(C("TD"));
    in_discards |= w.discards(1).contains(C("TD"));
    EXPECT_EQ(w.check(), nullptr);
  }
  EXPECT_TRUE(in_hand && in_discards);
  // The non-dealer knows where it put the upcard.
  for (int i = 0; i < 20; ++i) EXPECT_EQ(s.resample(1, rng).discards(1), s.discards(1));
}

TEST(BridgetteRules, MoveNotationReadsAndWrites) {
  const State s = Match({ColonDeal()}).s();
  std::string error;
  EXPECT_EQ(s.move_text(bid_move(B("2S"))), "bid 2S");
  EXPECT_EQ(s.move_text(bid_move(B("0NT"))), "bid 0NT");
  EXPECT_EQ(s.move_text(pass_move()), "pass");
  EXPECT_EQ(s.move_text(double_move()), "double");
  EXPECT_EQ(s.move_text(redouble_move()), "redouble");
  EXPECT_EQ(s.move_text(discard_move(kLittleColon)), "discard LC");
  EXPECT_EQ(s.move_text(play_move(kGrandColon)), "play GC");
  EXPECT_EQ(s.parse_move(0, "bid 3nt", &error), bid_move(B("3NT")));
  EXPECT_EQ(s.parse_move(0, "bid 2♠", &error), bid_move(B("2S")));
  EXPECT_EQ(s.parse_move(0, "0NT", &error), bid_move(B("0NT")));
  EXPECT_EQ(s.parse_move(0, "X", &error), double_move());
  EXPECT_EQ(s.parse_move(0, "7h", &error), discard_move(C("7H")));  // the exchange: a discard
  EXPECT_EQ(s.parse_move(0, "play 7h", &error), play_move(C("7H")));
  EXPECT_FALSE(s.parse_move(0, "bid 0S", &error));
  EXPECT_NE(error.find("is not a bid"), std::string::npos);
  EXPECT_FALSE(s.parse_move(0, "bid 8C", &error));
}

// ---------------------------------------------------------------------------------------------
// Perft

TEST(BridgetteRules, BareBidsAndCardsFollowThePhase) {
  const Deal d = ColonDeal();
  Match m({d});
  m.DiscardDraws(d);
  std::string error;
  EXPECT_EQ(m.s().parse_move(0, "2s", &error), bid_move(B("2S")));  // the auction: a bid
  m.Do({"bid 1S", "pass", "pass"});
  EXPECT_EQ(m.s().parse_move(0, "2s", &error), play_move(C("2S")));  // play: a card
  EXPECT_EQ(m.s().parse_move(0, "1nt", &error), bid_move(B("1NT")));
}

TEST(BridgettePerft, ExchangeAndOpening) {
  const Deal d = ColonDeal();
  Match m({d});
  // The non-dealer picks 2 of 15 in order, then the dealer 1 of 17.
  EXPECT_EQ(Perft(m.s(), 1), 15u);
  EXPECT_EQ(Perft(m.s(), 2), 15u * 14u);
  EXPECT_EQ(Perft(m.s(), 3), 15u * 14u * 17u);
  m.DiscardDraws(d);
  // S0: 3 spades, 2 hearts, 4 diamonds, 4 clubs. Openings: 0NT..7NT (8: NT jumps allowed),
  // 1C..7C and 1D..7D (7 each: four cards allow the jumps), 1H, 1S.
  EXPECT_EQ(Perft(m.s(), 1), 24u);
  Match forbidden({d}, "nt_jumps=forbidden");
  forbidden.DiscardDraws(d);
  EXPECT_EQ(Perft(forbidden.s(), 1), 17u);
  // After 7NT S1 may pass or double: 2; after 7D also 7NT (S1 has every suit): 3.
  m.Do("bid 7NT");
  EXPECT_EQ(m.Legal(), (std::vector<std::string>{"pass", "double"}));
}

// ---------------------------------------------------------------------------------------------
// Records and the replay --json round fields

// The BRG-07 deal as a record: both exchanges discard what was drawn, S0 bids 1S, S1 doubles,
// S0 passes (doubled); S0 leads 7H, S1 answers with the Little Colon, S0 must switch: 2D.
nlohmann::json ColonRecord() {
  const Deal d = ColonDeal();
  nlohmann::json record;
  record["game"] = "bridgette";
  record["options"] = nlohmann::json::object();
  record["seed"] = 3u;
  record["first_dealer"] = 0u;
  record["deals"] = {deal_to_json(d, card_names())};
  nlohmann::json moves = nlohmann::json::array();
  for (int i = 0; i < 6; ++i)  // the non-dealer's two cards, then the dealer's four
    moves.push_back({i < 2 ? 1 : 0, "discard " + card_text(d.pack[i], card_names())});
  for (auto [s, t] : std::vector<std::pair<int, const char*>>{{0, "bid 1S"},
                                                              {1, "double"},
                                                              {0, "pass"},
                                                              {0, "play 7H"},
                                                              {1, "play LC"},
                                                              {0, "play 2D"}})
    moves.push_back({s, t});
  record["moves"] = moves;
  return record;
}

TEST(BridgetteRecord, ReplayJsonRoundFields) {
  register_all_games();
  const nlohmann::json record = ColonRecord();
  std::string error;
  auto session = Session::from_record(record, &error);
  ASSERT_TRUE(session) << error;
  while (session->rounds().empty()) {
    const Seat seat = session->state().actors().lowest();
    ASSERT_TRUE(session->play(seat, session->state().legal_moves(seat)[0], &error)) << error;
  }
  const nlohmann::json summary = session->summary();
  const nlohmann::json& r = summary["rounds"][0];
  EXPECT_EQ(r["round"], 1);
  EXPECT_EQ(r["dealer"], 0);
  EXPECT_EQ(r["upcard"], "TD");
  EXPECT_EQ(r["dealer_draw"], 4);
  EXPECT_EQ(r["contract"], "1♠X");
  EXPECT_EQ(r["declarer"], 0);
  EXPECT_EQ(r["tricks_needed"], 7);
  EXPECT_EQ(r["auction"],
            nlohmann::json::parse(R"([{"seat":0,"call":"1♠"},{"seat":1,"call":"double"},
                                                    {"seat":0,"call":"pass"}])"));
  const int took = r["declarer_tricks"];
  EXPECT_EQ(r["tricks_won"], nlohmann::json({took, 13 - took}));
  EXPECT_EQ(r["tricks"].size(), 13u);
  const HandScore h = score_hand({B("1S"), Doubling::kDoubled, 0}, took);
  EXPECT_EQ(r["points"], nlohmann::json({h.total(0), h.total(1)}));
  EXPECT_EQ(r["score_lines"].size(), static_cast<std::size_t>(h.count));
  EXPECT_EQ(r["score_lines"][0]["kind"], took >= 7 ? "contract" : "set");
  // A record replays to the same state.
  auto again = Session::from_record(session->record(), &error);
  ASSERT_TRUE(again) << error;
  EXPECT_TRUE(again->state().equals(session->state()));
}

TEST(BridgetteRecord, CheckedInRecordFileMatches) {
  // tests/records/bridgette_colon_answer.json is ColonRecord(), for `cardroom replay`. With
  // CARDROOM_REGEN_GOLDEN=1 (scripts/regen_golden.sh) it is rewritten from the record above.
  register_all_games();
  auto session = testing_util::CheckedInRecord("bridgette_colon_answer.json", ColonRecord());
  ASSERT_TRUE(session);
  const State& s = testing_util::TypedState<Game>(*session);
  EXPECT_EQ(s.trick_winner_of(0), 0);  // the colon lost
  EXPECT_EQ(s.trick_size(), 1);        // 2D led to trick 2
}

TEST(BridgetteRecord, BadDealsGiveClearErrors) {
  const Game game = testing_util::MakeGame<Game>("bridgette", "");
  Deal d = ColonDeal();
  EXPECT_EQ(game.validate_deal(d), "");
  d.pack.pop_back();
  EXPECT_NE(game.validate_deal(d), "");
  d = ColonDeal();
  d.hands[0].pop_back();
  EXPECT_NE(game.validate_deal(d), "");
}

}  // namespace
}  // namespace cardroom::bridgette
