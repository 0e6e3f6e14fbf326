// Red Rover: RULINGS.md section 2, rule by rule, the scenarios RR-01..RR-09, perft counts.
#include "games/red_rover/red_rover.h"

#include <gtest/gtest.h>

#include "core/session.h"
#include "games/common/test_paths.h"
#include "games/common/test_util.h"

namespace cardroom::red_rover {
namespace {

using testing_util::LegalTexts;
using testing_util::List;
using testing_util::Set;

// Deal A (the dealer is S2: forehand S0, middlehand S1, rearhand S2). Packets 1..3 from the pack;
// the turn-up is QD, the first card of packet 3.
constexpr const char* kA0 = "6D AS KS QS JS TS 9S 8S 7S";
constexpr const char* kA1 = "6S AC KC QC JC TC 9C 8C 7C";
constexpr const char* kA2 = "6C 6H 7H 8H 9H TH JH QH KH";
constexpr const char* kAPack = "AH 7D 8D 9D TD JD QD KD AD";
// Deal C: S1 holds a bare KS QS, S2 the 6D.
constexpr const char* kC0 = "AS JS TS 9S 8S 7S 6S AC KC";
constexpr const char* kC1 = "KS QS QC JC TC 9C 8C 7C 6C";
constexpr const char* kC2 = "6D 6H 7H 8H 9H TH JH QH KH";

State Start(const std::string& options, const char* h0, const char* h1, const char* h2,
            const char* pack, std::vector<Event>* events = nullptr) {
  const Game game = testing_util::MakeGame<Game>("red_rover", options);
  Deal deal;
  for (const char* h : {h0, h1, h2}) deal.hands.push_back(List(h));
  deal.pack = List(pack);
  EXPECT_EQ(game.validate_deal(deal), "");
  const std::vector<Deal> deals = {deal};
  ApplyContext ctx{.events = events, .deals = deals};
  return game.new_match(1, 2, &ctx);
}
State StartA(const std::string& options = "") { return Start(options, kA0, kA1, kA2, kAPack); }

Move Parse(const State& s, Seat seat, const std::string& text) {
  std::string error;
  auto m = s.parse_move(seat, text, &error);
  EXPECT_TRUE(m) << text << ": " << error;
  return m.value_or(Move{});
}

void Do(State& s, Seat seat, const std::string& text, std::vector<Event>* events = nullptr) {
  ApplyContext ctx{events, {}, nullptr};
  const Status st = s.apply(seat, Parse(s, seat, text), &ctx);
  ASSERT_TRUE(st.ok()) << "S" << seat << " " << text << ": " << st.error;
}

// The move is refused and nothing changes; the reason.
std::string Refused(State& s, Seat seat, const std::string& text) {
  const State before = s;
  const Status st = s.apply(seat, Parse(s, seat, text), nullptr);
  EXPECT_FALSE(st.ok()) << text;
  EXPECT_TRUE(s == before) << text << " changed the state";
  return st.ok() ? "" : st.error;
}

// Each seat plays its first legal move until the round ends (or `tricks` tricks are complete).
void PlayFirstMoves(State& s, int rounds_before) {
  for (int guard = 0; guard < 200 && s.rounds_completed() == rounds_before; ++guard) {
    const Seat seat = s.actors().lowest();
    MoveList<State::kMaxMoves> moves;
    s.legal_moves(seat, moves);
    ASSERT_FALSE(moves.empty());
    ASSERT_TRUE(s.apply(seat, moves[0], nullptr).ok());
  }
}

Policy TrumpPolicy(int trump, RedOrder order = RedOrder::kReversed) {
  Policy p;
  p.trump = static_cast<std::uint8_t>(trump);
  p.order = order;
  return p;
}

int Winner(const Policy& p, const std::string& cards) {
  const std::vector<Card> c = List(cards);
  return p.winner({c.data(), static_cast<int>(c.size()), 0});
}

// ---- Rules 3 and 4: card order, trumps, the 6D ----------------------------------------------

TEST(RedRover, TrumpSetsAndOrderRR01) {
  const std::vector<std::pair<int, std::string>> cases = {
      {kClubs, "6D AC KC QC JC TC 9C 8C 7C 6C"},
      {kSpades, "6D AS KS QS JS TS 9S 8S 7S 6S"},
      {kHearts, "6D 6H 7H 8H 9H TH JH QH KH AH"},
      {kDiamonds, "6D 7D 8D 9D TD JD QD KD AD"}};
  for (const auto& [trump, order] : cases) {
    const Policy p = TrumpPolicy(trump);
    const std::vector<Card> cards = List(order);
    EXPECT_EQ(p.members(trump) & kDeck, Set(order)) << order;
    for (std::size_t i = 0; i + 1 < cards.size(); ++i) {
      const std::string hi = card_text(cards[i]), lo = card_text(cards[i + 1]);
      EXPECT_EQ(Winner(p, lo + " " + hi), 1) << hi << " beats " << lo;
      EXPECT_EQ(Winner(p, hi + " " + lo), 0) << hi << " beats " << lo;
    }
  }
}

TEST(RedRover, RedSuitsAreReversedAsPlainSuitsRR01) {
  const Policy p = TrumpPolicy(kSpades);
  EXPECT_EQ(Winner(p, "9H 6H AH"), 1);  // 6H is the highest heart
  EXPECT_EQ(Winner(p, "AD 7D KD"), 1);  // 7D the highest diamond (6D apart)
  EXPECT_EQ(Winner(p, "6C AC 7C"), 1);  // black suits as usual
  const Policy normal = TrumpPolicy(kSpades, RedOrder::kNormal);
  EXPECT_EQ(Winner(normal, "9H 6H AH"), 2);
  const Policy nt = TrumpPolicy(kNoSuit);
  EXPECT_EQ(Winner(nt, "8H 7H 6S"), 1);  // no trumps: the suit led, reversed
}

TEST(RedRover, SixOfDiamondsIsATrumpNotADiamondRR03) {
  const Policy p = TrumpPolicy(kSpades);
  const std::vector<Card> led = List("9D");
  const tricks::TrickSoFar t{led.data(), 1, 0};
  EXPECT_EQ(p.playable(Set("6D 7C 8C"), t), Set("6D 7C 8C"));  // void in diamonds
  EXPECT_EQ(Winner(p, "9D 6D 7D"), 1);
  EXPECT_EQ(p.shown_lacking(t, Set("7C").lowest()), Set("7D 8D 9D TD JD QD KD AD 2D 3D 4D 5D"));
  // When trumps are led the 6D must follow them.
  const std::vector<Card> trump_led = List("7S");
  EXPECT_EQ(p.playable(Set("6D 7C"), {trump_led.data(), 1, 0}), Set("6D"));
  // Diamonds trumps: the 6D is the top diamond.
  EXPECT_EQ(Winner(TrumpPolicy(kDiamonds), "7D 6D"), 1);
}

TEST(RedRover, NoTrumpSixWinsAndFollowsOnlyWhenVoidRR03A3) {
  const Policy p = TrumpPolicy(kNoSuit);
  const std::vector<Card> led = List("9H");
  const tricks::TrickSoFar t{led.data(), 1, 0};
  EXPECT_EQ(p.playable(Set("6D 7H 8C"), t), Set("7H"));
  EXPECT_STREQ(p.why_not(Set("6D 7H"), t, kRedRover),
               "in no trumps the 6D may join a trick only when you cannot follow the suit led");
  EXPECT_EQ(p.playable(Set("6D 8C"), t), Set("6D 8C"));
  EXPECT_EQ(Winner(p, "9H 6H 6D"), 2);  // wins any trick
  // A diamond lead: the 6D is no diamond.
  const std::vector<Card> dled = List("9D");
  EXPECT_EQ(p.playable(Set("6D 7D"), {dled.data(), 1, 0}), Set("7D"));
}

// ---- Rule 5: the deal -----------------------------------------------------------------------

TEST(RedRover, DealsPacketsAndTurnsUpRule5) {
  const State s = StartA();
  EXPECT_EQ(s.forehand(), 0);
  EXPECT_EQ(s.hand(0), Set(kA0));
  EXPECT_EQ(s.packet(0), Set("AH 7D 8D"));
  EXPECT_EQ(s.packet(2), Set("QD KD AD"));
  EXPECT_EQ(s.turn_up(), Set("QD").lowest());
  for (Seat seat = kSpectator; seat < kPlayers; ++seat) {
    const nlohmann::json v = s.view(seat);
    EXPECT_EQ(v["turn_up"], "QD");
    const CardSet named = testing_util::CardsIn(v);
    EXPECT_FALSE(named.intersects(Set("AH 7D 8D 9D TD JD KD AD"))) << "packets stay hidden";
  }
  // A shuffled deal: 9 each, three packets of 3.
  const Game game = testing_util::MakeGame<Game>("red_rover", "");
  const State r = game.new_match(5, -1, nullptr);
  CardSet all = r.packet(0) | r.packet(1) | r.packet(2);
  EXPECT_TRUE(r.packet(2).contains(r.turn_up()));
  for (Seat seat = 0; seat < kPlayers; ++seat) {
    EXPECT_EQ(r.hand(seat).size(), 9);
    all |= r.hand(seat);
  }
  EXPECT_EQ(all, kDeck);
  EXPECT_EQ(r.check(), nullptr);
}

// ---- Rule 6: the first auction ----------------------------------------------------------------

TEST(RedRover, FirstAuctionEligibilityRule6) {
  State s = StartA();
  EXPECT_EQ(LegalTexts(s, 0), (std::vector<std::string>{"pass", "bid rover", "bid rover-hand"}));
  EXPECT_EQ(Refused(s, 1, "bid bull-rush"), kNotYourTurn);
  EXPECT_EQ(Refused(s, 0, "bid rover-against"),
            "an against contract may not be bid while holding the 6D");
  Do(s, 0, "pass");
  EXPECT_EQ(LegalTexts(s, 1),
            (std::vector<std::string>{"pass", "bid rover-against", "bid rover-hand-against",
                                      "bid bull-rush"}));
  EXPECT_EQ(Refused(s, 1, "bid rover"), "rover needs the 6D in hand or turned up");
  EXPECT_EQ(Refused(s, 1, "bid rover-hand"), "rover-hand needs the 6D in hand");
  Do(s, 1, "bid rover-hand-against");
  EXPECT_NE(Refused(s, 2, "bid rover-against").find("higher than the current one"),
            std::string::npos);
  EXPECT_EQ(Refused(s, 2, "bid 2H"), "marriage bids come in the second auction");
  EXPECT_EQ(Refused(s, 0, "pass"), kNotYourTurn);  // passed: out of the auction
}

TEST(RedRover, AuctionsLetRearhandSpeakRR05) {
  State s = StartA();
  Do(s, 0, "pass");
  Do(s, 1, "pass");
  EXPECT_EQ(s.phase(), State::Phase::kAuction);
  EXPECT_EQ(s.to_act(), 2);
  Do(s, 2, "pass");
  EXPECT_EQ(s.phase(), State::Phase::kPickup);
  EXPECT_EQ(s.to_act(), 0);
  // F bids, the others pass: F declares at once.
  State t = StartA();
  Do(t, 0, "bid rover-hand");
  Do(t, 1, "pass");
  EXPECT_EQ(t.phase(), State::Phase::kAuction);
  Do(t, 2, "pass");
  EXPECT_EQ(t.phase(), State::Phase::kAnnounce);
  EXPECT_EQ(t.declarer(), 0);
  EXPECT_EQ(t.last_overcalled(), kNoSeat);
}

// ---- Rules 7, 8: rover contracts ----------------------------------------------------------------

TEST(RedRover, RoverHandIsMadeAndPlayStopsAfterSixTricksRR08) {
  State s = StartA();
  Do(s, 0, "bid rover-hand");
  Do(s, 1, "pass");
  Do(s, 2, "pass");
  EXPECT_EQ(LegalTexts(s, 0),
            (std::vector<std::string>{"trump S", "trump H", "trump D", "trump C", "notrump"}));
  Do(s, 0, "trump S");
  EXPECT_EQ(s.phase(), State::Phase::kPlay);
  EXPECT_EQ(s.to_act(), 0);  // the declarer leads
  Do(s, 0, "play 6D");
  EXPECT_EQ(LegalTexts(s, 1), (std::vector<std::string>{"play 6S"}));  // follow trumps
  PlayFirstMoves(s, 0);
  EXPECT_EQ(s.score(0), 12);
  EXPECT_EQ(s.score(1), 0);
  const nlohmann::json r = s.last_round(0);
  EXPECT_EQ(r["tricks"].size(), 6u);
  EXPECT_EQ(r["made"], true);
  EXPECT_EQ(r["contract"], "rover-hand");
  EXPECT_EQ(r["declarer"], 0);
  EXPECT_EQ(r["trump"], "S");
}

// RR-07: F Rover, M Rover Against, R pass, F pass: M declares; a lost trick ends the play.
State FailedRoverAgainst(const std::string& options, std::vector<Event>* events = nullptr) {
  State s = StartA(options);
  Do(s, 0, "bid rover");
  Do(s, 1, "bid rover-against");
  Do(s, 2, "pass");
  Do(s, 0, "pass");
  EXPECT_EQ(s.declarer(), 1);
  EXPECT_EQ(s.last_overcalled(), 0);
  EXPECT_EQ(s.phase(), State::Phase::kTake);
  EXPECT_EQ(LegalTexts(s, 1), (std::vector<std::string>{"take 1", "take 2", "take 3"}));
  Do(s, 1, "take 1", events);
  EXPECT_EQ(s.exposed(), Set("AH 7D 8D"));
  EXPECT_EQ(s.hand(1).size(), 12);
  Do(s, 1, "discard AH");
  Do(s, 1, "discard 7D");
  Do(s, 1, "discard 8D");
  EXPECT_EQ(s.discards(), Set("AH 7D 8D"));
  Do(s, 1, "trump C");
  EXPECT_EQ(s.phase(), State::Phase::kCall);
  Do(s, 1, "call S");
  EXPECT_EQ(LegalTexts(s, 1).front(), "call 6");
  Do(s, 1, "call 6", events);  // its own card: the declarer leads (RR-A7)
  EXPECT_EQ(s.to_act(), 1);
  EXPECT_TRUE(s.excluded(0).contains(Set("6S").lowest()));
  EXPECT_TRUE(s.excluded(2).contains(Set("6S").lowest()));
  return s;
}

TEST(RedRover, FailedRoverAgainstCompensatesTheLastPlayerOvercalledRR07) {
  std::vector<Event> events;
  State s = FailedRoverAgainst("", &events);
  EXPECT_TRUE(testing_util::HasEvent(events, kEveryone, "packet 1 shows AH 7D 8D"));
  EXPECT_TRUE(testing_util::HasEvent(events, kEveryone, "S1 calls 6S"));
  Do(s, 1, "play AC");
  Do(s, 2, "play 6C");
  EXPECT_EQ(LegalTexts(s, 0), (std::vector<std::string>{"play 6D"}));  // the 6D is a club now
  Do(s, 0, "play 6D");
  // Trick 1 lost: the result is certain and the next deal has begun.
  EXPECT_EQ(s.rounds_completed(), 1);
  EXPECT_EQ(s.score(1), -20);
  EXPECT_EQ(s.score(0), 5);  // half of its Rover (10)
  EXPECT_EQ(s.score(2), 0);
  EXPECT_EQ(s.last_round(kOmniscient)["tricks"].size(), 1u);
  EXPECT_EQ(s.last_round(kOmniscient)["made"], false);
}

TEST(RedRover, FailedRoverVariantsRR19) {
  const std::vector<std::pair<std::string, std::array<int, 3>>> cases = {
      {"defenders_score_failed_rover=true", {25, -20, 20}},
      {"defenders_score_failed_rover=true,compensation_with_defenders_score=false", {20, -20, 20}},
      {"rover_compensation=transfer", {5, -25, 0}},
      {"rover_compensation=none", {0, -20, 0}}};
  for (const auto& [options, want] : cases) {
    State s = FailedRoverAgainst(options);
    Do(s, 1, "play AC");
    Do(s, 2, "play 6C");
    Do(s, 0, "play 6D");
    for (Seat seat = 0; seat < kPlayers; ++seat) EXPECT_EQ(s.score(seat), want[seat]) << options;
  }
}

TEST(RedRover, ExposedPacketAndCalledCardConstrainResamples) {
  State s = FailedRoverAgainst("");
  Rng rng(4);
  for (int i = 0; i < 40; ++i) {
    const State w = s.resample(0, rng);
    ASSERT_STREQ(w.check() ? w.check() : "", "");
    EXPECT_TRUE((w.hand(1) | w.discards()).contains_all(Set("AH 7D 8D")));
    EXPECT_FALSE(w.hand(2).contains(Set("6S").lowest()));
    EXPECT_EQ(w.hand(0), s.hand(0));
  }
}

TEST(RedRover, TurnedUpSixAndTheAgainstContractsRR20) {
  // Deal A with the 6D and QD swapped: the 6D is the turn-up.
  const char* h0 = "QD AS KS QS JS TS 9S 8S 7S";
  const char* pack = "AH 7D 8D 9D TD JD 6D KD AD";
  State s = Start("", h0, kA1, kA2, pack);
  EXPECT_EQ(LegalTexts(s, 0),
            (std::vector<std::string>{"pass", "bid rover", "bid rover-against",
                                      "bid rover-hand-against", "bid bull-rush"}));
  Do(s, 0, "bid rover");
  Do(s, 1, "pass");
  Do(s, 2, "pass");
  EXPECT_EQ(LegalTexts(s, 0), (std::vector<std::string>{"take 3"}));
  EXPECT_EQ(Refused(s, 0, "take 1"), "rover on the turned-up 6D must take packet 3");
  State a = Start("", h0, kA1, kA2, pack);
  Do(a, 0, "bid rover-against");
  Do(a, 1, "pass");
  Do(a, 2, "pass");
  EXPECT_EQ(LegalTexts(a, 0), (std::vector<std::string>{"take 1", "take 2"}));
  State f = Start("against_turned_six=forbidden", h0, kA1, kA2, pack);
  EXPECT_EQ(LegalTexts(f, 0), (std::vector<std::string>{"pass", "bid rover"}));
  EXPECT_EQ(Refused(f, 0, "bid bull-rush"),
            "against contracts are barred when the 6D is the turn-up");
}

TEST(RedRover, RoverAgainstMustDiscardTheSixFromItsPacket) {
  // S1 takes packet 3 holding the 6D (the turn-up is KD).
  const char* pack = "AH 7D 8D 9D TD JD KD 6D AD";
  const char* h0 = "QD AS KS QS JS TS 9S 8S 7S";
  State s = Start("", h0, kA1, kA2, pack);
  Do(s, 0, "pass");
  Do(s, 1, "bid rover-against");
  Do(s, 2, "pass");
  Do(s, 1, "take 3");
  EXPECT_EQ(LegalTexts(s, 1), (std::vector<std::string>{"discard 6D"}));
  EXPECT_EQ(Refused(s, 1, "discard 7C"), "the 6D from the packet must be discarded first");
  Do(s, 1, "discard 6D");
  EXPECT_EQ(LegalTexts(s, 1).size(), 11u);
}

TEST(RedRover, NoTrumpSixLeadNamesASuitRR04) {
  State s = StartA();
  Do(s, 0, "bid rover-hand");
  Do(s, 1, "pass");
  Do(s, 2, "pass");
  Do(s, 0, "notrump");
  Do(s, 0, "play 6D");
  EXPECT_TRUE(s.naming());
  EXPECT_EQ(s.to_act(), 0);
  EXPECT_EQ(LegalTexts(s, 0), (std::vector<std::string>{"name S", "name H", "name D", "name C"}));
  EXPECT_EQ(Refused(s, 1, "play 6S"), kNotYourTurn);
  Do(s, 0, "name C");
  EXPECT_EQ(LegalTexts(s, 1).size(), 8u);  // its clubs
  Do(s, 1, "play 7C");
  EXPECT_EQ(LegalTexts(s, 2), (std::vector<std::string>{"play 6C"}));
  Do(s, 2, "play 6C");
  EXPECT_EQ(s.trick_winner_of(0), 0);
}

TEST(RedRover, NoTrumpSixRefusedWhileAbleToFollow) {
  State s = StartA();
  Do(s, 0, "pass");
  Do(s, 1, "bid rover-hand-against");
  Do(s, 2, "pass");
  Do(s, 1, "notrump");
  Do(s, 1, "call S");
  Do(s, 1, "call 6");
  Do(s, 1, "play 6S");
  Do(s, 2, "play 6C");
  EXPECT_EQ(Refused(s, 0, "play 6D"),
            "in no trumps the 6D may join a trick only when you cannot follow the suit led");
  EXPECT_EQ(Refused(s, 0, "play AH"), "you do not hold that card");
}

TEST(RedRover, CalledCardHeldByADefenderIsLedByItRR07A7) {
  State s = StartA();
  Do(s, 0, "pass");
  Do(s, 1, "bid rover-hand-against");
  Do(s, 2, "pass");
  Do(s, 1, "trump C");
  Do(s, 1, "call H");
  Do(s, 1, "call K");
  EXPECT_EQ(s.to_act(), 2);
  EXPECT_EQ(LegalTexts(s, 2), (std::vector<std::string>{"play KH"}));
  EXPECT_EQ(Refused(s, 2, "play 6H"),
            "the holder of the called card must lead it to the first trick");
  EXPECT_EQ(s.known_in_hand(2), Set("KH"));
}

TEST(RedRover, BullRushIsPlayedOpenRule7) {
  State s = StartA();
  Do(s, 0, "pass");
  Do(s, 1, "bid bull-rush");
  Do(s, 2, "pass");
  Do(s, 1, "trump C");
  EXPECT_TRUE(s.open_play());
  EXPECT_EQ(s.phase(), State::Phase::kLeader);
  EXPECT_EQ(s.to_act(), 2);
  EXPECT_EQ(LegalTexts(s, 2), (std::vector<std::string>{"leader 0", "leader 2"}));
  for (Seat seat = kSpectator; seat < kPlayers; ++seat) {
    const CardSet named = testing_util::CardsIn(s.view(seat));
    EXPECT_TRUE(named.contains_all(Set(kA1) | Set(kA0) | Set(kA2)));
    EXPECT_FALSE(named.intersects(Set("AH 7D 8D 9D TD JD KD AD"))) << "packets stay hidden";
  }
  Do(s, 2, "leader 0");
  EXPECT_EQ(s.to_act(), 0);
  Rng rng(3);
  bool varied = false;
  for (int i = 0; i < 20; ++i) {
    const State w = s.resample(2, rng);
    for (Seat seat = 0; seat < kPlayers; ++seat) EXPECT_EQ(w.hand(seat), s.hand(seat));
    varied |= w.packet(0) != s.packet(0);
    EXPECT_TRUE(w.packet(2).contains(s.turn_up()));
  }
  EXPECT_TRUE(varied);
  // S0 leads the 6D and wins: Bull Rush (all 9 tricks) fails at once, 30 points.
  Do(s, 0, "play 6D");
  Do(s, 1, "play 7C");
  Do(s, 2, "play 6C");
  EXPECT_EQ(s.score(1), -30);
}

// ---- Rules 9, 10: packets, second auction, declarations -----------------------------------------

State AllPassToSecondAuction() {
  State s = StartA();
  Do(s, 0, "pass");
  Do(s, 1, "pass");
  Do(s, 2, "pass");
  EXPECT_EQ(LegalTexts(s, 0), (std::vector<std::string>{"take 1", "take 2", "take 3"}));
  Do(s, 0, "take 3");
  EXPECT_EQ(Refused(s, 1, "take 3"), "that packet has been taken");
  Do(s, 1, "take 1");
  EXPECT_EQ(s.phase(), State::Phase::kBid);  // rearhand took the last packet
  EXPECT_EQ(s.packet_taker(1), 2);
  for (Seat seat = 0; seat < kPlayers; ++seat) EXPECT_EQ(s.hand(seat).size(), 12);
  EXPECT_EQ(s.known_in_hand(0), Set("QD"));  // the turn-up went with packet 3
  return s;
}

TEST(RedRover, SecondAuctionRanksTheTurnUpSuitRR05) {
  State s = AllPassToSecondAuction();
  EXPECT_EQ(s.priority_suit(), kDiamonds);
  Do(s, 0, "bid 1C");
  const std::vector<std::string> legal = LegalTexts(s, 1);
  EXPECT_TRUE(testing_util::Contains(legal, "bid 1D"));
  EXPECT_TRUE(testing_util::Contains(legal, "bid 2S"));
  EXPECT_TRUE(testing_util::Contains(legal, "bid 4D"));
  for (const char* low : {"bid 1S", "bid 1H", "bid 1C"}) {
    EXPECT_FALSE(testing_util::Contains(legal, low)) << low;
    EXPECT_NE(Refused(s, 1, low).find("higher than the current one"), std::string::npos);
  }
  Do(s, 1, "bid 1D");
  Do(s, 2, "pass");
  Do(s, 0, "bid 2C");  // RR-A21: a bidder may raise when its turn comes
  Do(s, 1, "pass");
  EXPECT_EQ(s.phase(), State::Phase::kDeclare);
  EXPECT_EQ(s.declarer(), 0);
  EXPECT_EQ(s.contract(), kMarriageGame);
  EXPECT_EQ(s.bid_marriages(), 2);
  EXPECT_EQ(s.trump(), kClubs);
  EXPECT_EQ(s.last_overcalled(), 1);
  EXPECT_EQ(s.to_act(), 1);  // declarations from the first leader's left
}

TEST(RedRover, AllPassMarriageGameAndDeclarationsRule10) {
  State s = Start("", kC0, kC1, kC2, kAPack);
  for (Seat seat = 0; seat < kPlayers; ++seat) Do(s, seat, "pass");
  Do(s, 0, "take 1");
  Do(s, 1, "take 2");
  for (Seat seat = 0; seat < kPlayers; ++seat) Do(s, seat, "pass");
  EXPECT_EQ(s.contract(), kAllPassGame);
  EXPECT_EQ(s.trump(), kDiamonds);  // the turn-up's suit
  EXPECT_EQ(s.phase(), State::Phase::kDeclare);
  EXPECT_EQ(s.to_act(), 1);
  EXPECT_EQ(LegalTexts(s, 1), (std::vector<std::string>{"pass", "declare marriage S"}));
  EXPECT_EQ(Refused(s, 1, "declare 6D"), "you do not hold the 6D");
  EXPECT_EQ(Refused(s, 1, "declare marriage C"),
            "a bare marriage is the K and Q of a suit with no other card of that suit");
  Do(s, 1, "declare marriage S");
  EXPECT_EQ(Refused(s, 1, "declare marriage S"), "you have already declared (one declaration)");
  EXPECT_EQ(LegalTexts(s, 2), (std::vector<std::string>{"pass", "declare 6D"}));
  Do(s, 2, "declare 6D");
  EXPECT_EQ(s.phase(), State::Phase::kPlay);
  EXPECT_EQ(s.to_act(), 0);  // forehand leads the all-pass game
  EXPECT_EQ(s.known_in_hand(1), Set("KS QS"));
  EXPECT_EQ(s.known_in_hand(2), Set("6D QD"));
  Rng rng(11);
  for (int i = 0; i < 30; ++i) {
    const State w = s.resample(0, rng);
    ASSERT_STREQ(w.check() ? w.check() : "", "");
    EXPECT_EQ(w.hand(1) & CardSet::suit(kSpades), Set("KS QS"));  // bare: no other spade
    EXPECT_TRUE(w.hand(2).contains_all(Set("6D QD")));
  }
  // The declarations score at the end of the deal: 3 and 2.
  PlayFirstMoves(s, 0);
  const nlohmann::json r = s.last_round(kSpectator);
  EXPECT_EQ(r["declarations"], nlohmann::json({nullptr, "marriage S", "6D"}));
}

TEST(RedRover, BareMarriageFollowsRule4SuitsRR14) {
  EXPECT_TRUE(bare_marriage(Set("KD QD 6D 7S"), kDiamonds, kSpades));  // 6D is a spade here
  EXPECT_FALSE(bare_marriage(Set("KD QD 6D 7S"), kDiamonds, kDiamonds));
  EXPECT_TRUE(bare_marriage(Set("KS QS 6D"), kSpades, kClubs));
  EXPECT_FALSE(bare_marriage(Set("KS QS 6D"), kSpades, kSpades));
  EXPECT_TRUE(bare_marriage(Set("KH QH"), kHearts, kHearts));  // in the trump suit too
}

TEST(RedRover, MarriagesInTricksRR12) {
  EXPECT_EQ(marriages_in(Set("KS QS KH 7H QD KD QC")), (1u << kSpades) | (1u << kDiamonds));
}

// ---- Rule 11: scoring -------------------------------------------------------------------------

Config Options(const std::string& text) {
  return testing_util::MakeGame<Game>("red_rover", text).config();
}

TEST(RedRover, FailedDeclaredMarriageGameRR09) {
  RoundFacts f;
  f.contract = kMarriageGame;
  f.declarer = 1;  // M bid 3 clubs over F's 2 hearts
  f.bid_marriages = 3;
  f.overcalled = 0;
  f.made = false;
  f.tricks_won = {7, 5, 0};
  f.marriages = {2, 2, 0};
  EXPECT_EQ(round_points(Options(""), f), (std::array<int, 3>{19, -20, -4}));
  EXPECT_EQ(round_points(Options("declared_most_tricks=false"), f),
            (std::array<int, 3>{15, -20, 0}));
  f.made = true;
  f.marriages = {0, 4, 0};
  f.tricks_won = {3, 9, 0};
  EXPECT_EQ(round_points(Options(""), f), (std::array<int, 3>{0, 15 + 1 + 4, -4}));
}

TEST(RedRover, AllPassScoringAndMostTricksTiesRR13) {
  RoundFacts f;
  f.contract = kAllPassGame;
  f.tricks_won = {6, 6, 0};
  f.marriages = {1, 0, 1};
  f.declared = {kNoDeclaration, kDeclaredSix, kDeclaredMarriage + kHearts};
  EXPECT_EQ(round_points(Options(""), f), (std::array<int, 3>{5, 2, 5 + 3 - 4}));
  EXPECT_EQ(round_points(Options("most_tricks_tie=all_tied"), f), (std::array<int, 3>{9, 6, 4}));
}

TEST(RedRover, RoverScoringRule8) {
  RoundFacts f;
  f.contract = kBullRush;
  f.declarer = 2;
  f.made = true;
  EXPECT_EQ(round_points(Options(""), f), (std::array<int, 3>{0, 0, 30}));
  f.made = false;
  f.overcalled = 1;
  f.overcalled_bid = 22;
  EXPECT_EQ(round_points(Options(""), f), (std::array<int, 3>{0, 11, -30}));
}

// ---- Rule 12: game length; options ------------------------------------------------------------

TEST(RedRover, GameLengthIsAMultipleOfThreeRule12) {
  std::string error;
  EXPECT_FALSE(testing_util::TryGame<Game>("red_rover", "deals=5", &error));
  EXPECT_NE(error.find("multiple of 3"), std::string::npos);
  const Game game = testing_util::MakeGame<Game>("red_rover", "deals=3");
  State s = game.new_match(8, -1, nullptr);
  Rng rng(1);
  for (int guard = 0; guard < 2000 && !s.over(); ++guard) {
    const Seat seat = s.actors().lowest();
    MoveList<State::kMaxMoves> moves;
    s.legal_moves(seat, moves);
    ASSERT_TRUE(s.apply(seat, moves[static_cast<int>(rng.below(moves.size()))], nullptr).ok());
  }
  EXPECT_TRUE(s.over());
  EXPECT_EQ(s.rounds_completed(), 3);
  EXPECT_EQ(testing_util::MakeGame<Game>("red_rover", "").config().deals, 12);
}

// ---- Notation, perft -------------------------------------------------------------------------

TEST(RedRover, MoveTextRoundTrips) {
  const State s = StartA();
  for (Move m :
       {pass_move(), contract_move(kRoverHandAgainst), marriage_bid_move(3, kHearts), take_move(2),
        discard_move(Set("TD").lowest()), trump_move(kClubs), notrump_move(),
        call_suit_move(kSpades), call_rank_move(kTen), leader_move(1), declare_six_move(),
        declare_marriage_move(kDiamonds), play_move(Set("6H").lowest()), name_move(kHearts)}) {
    std::string error;
    const auto back = s.parse_move(0, s.move_text(m), &error);
    ASSERT_TRUE(back) << s.move_text(m) << ": " << error;
    EXPECT_EQ(*back, m) << s.move_text(m);
  }
  std::string error;
  EXPECT_FALSE(s.parse_move(0, "bid 5H", &error));
  EXPECT_FALSE(s.parse_move(0, "take 4", &error));
  EXPECT_TRUE(s.parse_move(0, "bid rover_hand", &error));
}

TEST(RedRover, PerftFromDealA) {
  const State s = StartA();
  EXPECT_EQ(testing_util::Perft(s, 1), 3u);
  EXPECT_EQ(testing_util::Perft(s, 2), 12u);
  EXPECT_EQ(testing_util::Perft(s, 3), 30u);
  EXPECT_EQ(testing_util::Perft(s, 5), 295u);
}

// ---- Records --------------------------------------------------------------------------------

// RR-07 as a record: deal A, F Rover, M Rover Against, R and F pass; M takes packet 1, discards
// it, names clubs, calls its own 6S and loses trick 1 to the 6D.
nlohmann::json FailedRoverRecord() {
  Deal d;
  for (const char* h : {kA0, kA1, kA2}) d.hands.push_back(List(h));
  d.pack = List(kAPack);
  nlohmann::json record;
  record["game"] = "red_rover";
  record["options"] = nlohmann::json::object();
  record["seed"] = 1u;
  record["first_dealer"] = 2u;
  record["deals"] = {deal_to_json(d, {})};
  nlohmann::json moves = nlohmann::json::array();
  for (auto [s, t] : std::vector<std::pair<int, const char*>>{{0, "bid rover"},
                                                              {1, "bid rover-against"},
                                                              {2, "pass"},
                                                              {0, "pass"},
                                                              {1, "take 1"},
                                                              {1, "discard AH"},
                                                              {1, "discard 7D"},
                                                              {1, "discard 8D"},
                                                              {1, "trump C"},
                                                              {1, "call S"},
                                                              {1, "call 6"},
                                                              {1, "play AC"},
                                                              {2, "play 6C"},
                                                              {0, "play 6D"}})
    moves.push_back({s, t});
  record["moves"] = moves;
  return record;
}

TEST(RedRoverRecord, ReplayJsonRoundFields) {
  register_all_games();
  std::string error;
  auto session = Session::from_record(FailedRoverRecord(), &error);
  ASSERT_TRUE(session) << error;
  ASSERT_EQ(session->rounds().size(), 1u);
  const nlohmann::json r = session->rounds()[0];
  EXPECT_EQ(r["contract"], "rover-against");
  EXPECT_EQ(r["declarer"], 1);
  EXPECT_EQ(r["last_overcalled"], 0);
  EXPECT_EQ(r["made"], false);
  EXPECT_EQ(r["trump"], "C");
  EXPECT_EQ(r["called"], "6S");
  EXPECT_EQ(r["points"], nlohmann::json({5, -20, 0}));
  EXPECT_EQ(r["tricks_won"], nlohmann::json({1, 0, 0}));
  EXPECT_EQ(r["discards"], nlohmann::json({"AH", "7D", "8D"}));
  EXPECT_EQ(r["packets"].size(), 3u);
  EXPECT_EQ(r["marriages"], nlohmann::json({nlohmann::json::array(), nlohmann::json::array(),
                                            nlohmann::json::array()}));
  // The defenders see neither the discards nor the packets.
  const nlohmann::json seen = session->rounds(0)[0];
  EXPECT_FALSE(seen.contains("discards"));
  EXPECT_FALSE(seen.contains("packets"));
  EXPECT_EQ(session->rounds(1)[0]["discards"], nlohmann::json({"AH", "7D", "8D"}));
}

TEST(RedRoverRecord, CheckedInRecordFileMatches) {
  // tests/records/red_rover_failed_rover_against.json is FailedRoverRecord(), for `cardroom
  // replay`. With CARDROOM_REGEN_GOLDEN=1 (scripts/regen_golden.sh) it is rewritten.
  register_all_games();
  auto session =
      testing_util::CheckedInRecord("red_rover_failed_rover_against.json", FailedRoverRecord());
  ASSERT_TRUE(session);
  EXPECT_EQ(session->state().score(1), -20);
}

TEST(RedRoverRecord, BadDealsGiveClearErrors) {
  const Game game = testing_util::MakeGame<Game>("red_rover", "");
  Deal d;
  for (const char* h : {kA0, kA1, kA2}) d.hands.push_back(List(h));
  d.pack = List("AH 7D 8D 9D TD JD QD KD");
  EXPECT_NE(game.validate_deal(d).find("the pack must hold the three packets"), std::string::npos);
  d.pack = List("AH 7D 8D 9D TD JD QD KD 2D");
  EXPECT_NE(game.validate_deal(d), "");
  d.hands[0].pop_back();
  EXPECT_NE(game.validate_deal(d).find("hand of S0"), std::string::npos);
}

}  // namespace
}  // namespace cardroom::red_rover
