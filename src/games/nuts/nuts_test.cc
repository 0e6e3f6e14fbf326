// Nuts rule tests (RULINGS.md section 7).
//
//   NutsRules.*     the numbered rules 1-9 of RULINGS 7.1 and the rulings NUTS-A1..A12, options,
//                   views, resampling and notation
//   NutsScenario.*  the acceptance scenarios NUTS-01, 03, 05, 07 and 09
//   NutsRecord.*    records keep arrival times and replay; perft counts
//   NutsRealTime.*  the match runner on Nuts: arrival order, lapsed decisions at a hand's end
//
// Explicit deals name each layout's cards: the reserve top first, T1..T4, the stock top first. The
// helper MakeDeal() (nuts_test_util.h) takes the start of each and fills the rest from the deck in
// card order.
#include "games/nuts/nuts.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "bots/registry.h"
#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/common/test_paths.h"
#include "games/common/test_util.h"
#include "games/nuts/nuts_test_util.h"
#include "match/match.h"

namespace cardroom::nuts {
namespace {

using testing_util::Contains;
using testing_util::LegalTexts;
using testing_util::List;

using test_deals::MakeDeal;

std::unique_ptr<Session> Start(const std::string& game_string, std::vector<Deal> deals) {
  register_all_games();
  std::string error;
  auto game = load_game(game_string, &error);
  EXPECT_TRUE(game) << error;
  auto session = Session::create(std::move(game), 1, -1, std::move(deals), &error);
  EXPECT_TRUE(session) << error;
  return session;
}

const State& S(const Session& session) { return testing_util::TypedState<Game>(session); }

void Play(Session& session, Seat seat, const std::string& text, std::int64_t time = -1) {
  std::string error;
  ASSERT_TRUE(
      session.play(seat, text, &error, time < 0 ? std::nullopt : std::optional<std::int64_t>(time)))
      << seat_name(seat) << " " << text << ": " << error;
}

std::string Refused(Session& session, Seat seat, const std::string& text) {
  std::string error;
  auto before = session.state().clone();
  EXPECT_FALSE(session.play(seat, text, &error)) << text;
  EXPECT_TRUE(session.state().equals(*before)) << text << " changed the state";
  return error;
}

std::vector<std::string> Texts(const std::vector<Card>& cards) {
  std::vector<std::string> out;
  for (Card c : cards) out.push_back(card_text(c));
  return out;
}

std::vector<std::string> PileTexts(const Layout& lay, int p) {
  return Texts({lay.tableau[p].begin(), lay.tableau[p].begin() + lay.pile_n[p]});
}

// ---------------------------------------------------------------------------------------------
// Options (rules 1, 9; NUTS-A6, A7, A8)

TEST(NutsRules, PlayersAndPartnerships) {
  register_all_games();
  std::string error;
  for (int n : {2, 3, 4, 6, 8})
    EXPECT_TRUE(load_game("nuts(players=" + std::to_string(n) + ")", &error)) << error;
  for (int n : {1, 5, 7, 9}) {
    EXPECT_FALSE(load_game("nuts(players=" + std::to_string(n) + ")", &error)) << n;
    EXPECT_NE(error.find("players"), std::string::npos) << error;
  }
  auto six = load_game("nuts(players=6)", &error);
  ASSERT_TRUE(six);
  const Teams teams = six->teams();
  EXPECT_EQ(teams.count, 3);
  EXPECT_TRUE(teams.team_scored);
  EXPECT_EQ(teams.team_of[0], 0);  // neighbours are partners
  EXPECT_EQ(teams.team_of[1], 0);
  EXPECT_EQ(teams.team_of[5], 2);
  EXPECT_EQ(load_game("nuts(players=4)", &error)->teams().count, 0);
  const Config c{};
  EXPECT_EQ(c.target, 100);
  EXPECT_EQ(c.final_tie, FinalTie::kPlayOn);
}

// ---------------------------------------------------------------------------------------------
// The layout (rules 2, 3; NUTS-A9)

TEST(NutsRules, TheLayoutAndWhatEverySeatSees) {
  auto s = Start("nuts", {});
  const State& st = S(*s);
  EXPECT_EQ(st.mode(), ActorMode::kRealTime);
  EXPECT_EQ(st.actors(), SeatSet::first_n(2));  // no turns: everyone may move
  for (int l = 0; l < 2; ++l) {
    const Layout& lay = st.layout(l);
    EXPECT_EQ(lay.reserve_n, 13);
    EXPECT_EQ(lay.stock_n, 35);
    EXPECT_EQ(lay.waste_n, 0);
    for (int p = 0; p < kPiles; ++p) EXPECT_EQ(lay.pile_n[p], 1);
    EXPECT_EQ(lay.cards(), kDeck);  // one whole deck per player
  }
  // Only the reserve's top card is seen, by anyone, its owner included; the stock by nobody.
  for (Seat viewer : {kSpectator, 0, 1}) {
    const auto v = st.view(viewer);
    const std::string text = v.dump();
    for (int l = 0; l < 2; ++l) {
      const Layout& lay = st.layout(l);
      EXPECT_EQ(v["layouts"][l]["reserve_top"], card_text(lay.reserve_top()));
      EXPECT_EQ(v["layouts"][l]["reserve_size"], 13);
      EXPECT_EQ(v["layouts"][l]["stock_size"], 35);
    }
  }
  for (const Pile& pile : st.piles()) {
    if (pile.name.starts_with("reserve top") || pile.name.starts_with("T") ||
        pile.name.starts_with("waste") || pile.name == "foundations") {
      EXPECT_EQ(pile.visible_to, kEveryone) << pile.name;
    }
    if (pile.name.starts_with("reserve S") || pile.name.starts_with("stock S")) {
      EXPECT_EQ(pile.visible_to, SeatSet()) << pile.name;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Draw, waste, recycle (rule 5; NUTS-A5)

TEST(NutsRules, DrawThreeRecycleAndTheWasteTop) {
  // QH may always go onto KS: S0 always has a card to move, so the engine does not declare it
  // stuck after a pass (see NutsRules.StuckByTheEngine*).
  auto s = Start("nuts", {MakeDeal({{"", "KS KH KD QH", "2H 3H 4H"}, {"", "QS QD QC JS", ""}})});
  Play(*s, 0, "draw");
  const Layout& lay = S(*s).layout(0);
  EXPECT_EQ(lay.waste_n, 3);
  EXPECT_EQ(card_text(lay.waste_top()), "4H");  // the third card is on top
  EXPECT_EQ(lay.stock_n, 32);
  // Only the waste's top card is playable: 3H may not go on... anything, and is refused.
  EXPECT_NE(Refused(*s, 0, "move 3H T1").find("top card of the waste"), std::string::npos);
  // 11 draws take 33; the 12th takes the last 2 (NUTS-A5).
  for (int i = 0; i < 10; ++i) Play(*s, 0, "draw");
  EXPECT_EQ(S(*s).layout(0).stock_n, 2);
  EXPECT_FALSE(Contains(LegalTexts(S(*s), 0), "recycle"));
  Play(*s, 0, "draw");
  EXPECT_EQ(S(*s).layout(0).stock_n, 0);
  EXPECT_EQ(S(*s).layout(0).waste_n, 35);
  EXPECT_NE(Refused(*s, 0, "draw").find("recycle"), std::string::npos);
  // Recycling turns the waste over: its first card drawn (2H) is the new stock's top.
  Play(*s, 0, "recycle");
  EXPECT_EQ(S(*s).layout(0).stock_n, 35);
  EXPECT_EQ(card_text(S(*s).layout(0).stock[34]), "2H");
  EXPECT_NE(Refused(*s, 0, "recycle").find("not empty"), std::string::npos);
  // Every card of a recycled stock has been seen: nothing in it is hidden any more.
  for (const Pile& pile : S(*s).piles())
    if (pile.name == "stock S0") {
      EXPECT_TRUE(pile.cards.empty());
    }
  Play(*s, 0, "draw");
  EXPECT_EQ(card_text(S(*s).layout(0).waste_top()), "4H");
}

// ---------------------------------------------------------------------------------------------
// Tableau and foundations (rule 5; NUTS-A10, A11)

TEST(NutsScenario, Nuts01AlternatingColoursOneRankLower) {
  auto s = Start("nuts", {MakeDeal({{"7D", "8S 8H 9S 2C", ""}, {"", "QS QH QD QC", ""}})});
  const auto legal = LegalTexts(S(*s), 0);
  EXPECT_TRUE(Contains(legal, "move 7D T1"));
  EXPECT_FALSE(Contains(legal, "move 7D T2"));
  EXPECT_FALSE(Contains(legal, "move 7D T3"));
  EXPECT_NE(Refused(*s, 0, "move 7D T2").find("does not go on 8H"), std::string::npos);
  EXPECT_NE(Refused(*s, 0, "move 7D T3").find("does not go on 9S"), std::string::npos);
  Play(*s, 0, "move 7D T1");
  EXPECT_EQ(PileTexts(S(*s).layout(0), 0), (std::vector<std::string>{"8S", "7D"}));
  // Own layout only: S1's 8H is its own card, deep in its own stock (NUTS-A10).
  EXPECT_NE(Refused(*s, 1, "move 8H T1").find("in the stock"), std::string::npos);
}

TEST(NutsScenario, Nuts05MovesASubStack) {
  // T1 gets 9S 8H 7C by building; T2 is TD.
  auto s = Start("nuts", {MakeDeal({{"8H 7C", "9S TD 2S 3S", ""}, {"", "QS QH QD QC", ""}})});
  Play(*s, 0, "move 8H T1");
  Play(*s, 0, "move 7C T1");
  Play(*s, 0, "move 9S T2");  // 9S and every card on it
  const Layout& lay = S(*s).layout(0);
  EXPECT_EQ(PileTexts(lay, 1), (std::vector<std::string>{"TD", "9S", "8H", "7C"}));
  EXPECT_EQ(lay.pile_n[0], 0);
  // The empty pile takes any accessible card or sub-stack; a whole pile into it changes nothing.
  EXPECT_TRUE(Contains(LegalTexts(S(*s), 0), "move 8H T1"));
  EXPECT_FALSE(Contains(LegalTexts(S(*s), 0), "move 2S T1"));
  EXPECT_NE(Refused(*s, 0, "move 2S T1").find("changes nothing"), std::string::npos);
  Play(*s, 0, "move 8H T1");
  EXPECT_EQ(PileTexts(S(*s).layout(0), 0), (std::vector<std::string>{"8H", "7C"}));
  // Only a pile's top card goes to a foundation (NUTS-A11).
  EXPECT_NE(Refused(*s, 0, "play 8H").find("top card of a pile"), std::string::npos);
}

TEST(NutsRules, FoundationsAreSharedStartedByAcesAndClosedByKings) {
  // S0 holds the clubs A-6 in its reserve; S1 holds AC and 7C to K in its.
  auto s = Start("nuts(players=2)", {MakeDeal({{"AC 2C 3C 4C 5C 6C", "KS KH KD 9S", ""},
                                               {"AC 7C 8C 9C TC JC QC KC", "QS QH QD 8S", ""}})});
  EXPECT_NE(Refused(*s, 0, "play 2C").find("top card of the reserve"), std::string::npos);
  Play(*s, 0, "play AC");
  Play(*s, 1, "play AC");  // a second ace starts a second pile of the same suit
  EXPECT_EQ(S(*s).foundations(), 2);
  for (const char* c : {"2C", "3C", "4C", "5C", "6C"}) Play(*s, 0, std::string("play ") + c);
  // S1 builds on the pile S0 started: anyone may.
  for (const char* c : {"7C", "8C", "9C", "TC", "JC", "QC", "KC"})
    Play(*s, 1, std::string("play ") + c);
  const Foundation& f = S(*s).foundation(0);
  EXPECT_EQ(f.size, 13);
  for (int r = 0; r < 6; ++r) EXPECT_EQ(f.owner[r], 0);
  for (int r = 6; r < 13; ++r) EXPECT_EQ(f.owner[r], 1);
  EXPECT_EQ(S(*s).layout(0).played, 6);
  EXPECT_EQ(S(*s).layout(1).played, 8);
  // Closed at the king: nothing goes on it; the other pile of clubs (S1's ace) is open.
  EXPECT_FALSE(S(*s).foundation_takes(List("AC")[0]) == false);
  EXPECT_EQ(S(*s).foundation_for(List("2C")[0]), 1);
  // Views name every foundation card's owner.
  const auto v = S(*s).view(kSpectator);
  EXPECT_EQ(v["foundations"][0]["cards"].size(), 13u);
  EXPECT_EQ(v["foundations"][0]["owners"][12], 1);
}

// ---------------------------------------------------------------------------------------------
// Stale moves (rule 4; NUTS-A1)

TEST(NutsScenario, Nuts03TheFirstCardPlayedTakesPrecedence) {
  // Foundation top 4C (S1 plays AC-4C from its reserve), S0's waste top 5C, S1's reserve top 5C.
  auto s = Start(
      "nuts", {MakeDeal({{"", "KS KH KD QS", "2H 3H 5C"}, {"AC 2C 3C 4C 5C", "QH QD QC JS", ""}})});
  for (const char* c : {"AC", "2C", "3C", "4C"}) Play(*s, 1, std::string("play ") + c, 10);
  Play(*s, 0, "draw", 20);
  EXPECT_EQ(card_text(S(*s).layout(0).waste_top()), "5C");
  Play(*s, 1, "play 5C", 1000);  // P2 first
  std::string error;
  auto before = s->state().clone();
  EXPECT_FALSE(s->play(0, "play 5C", &error, 1001));  // P1 a moment later
  EXPECT_NE(error.find("too late"), std::string::npos) << error;
  EXPECT_TRUE(s->state().equals(*before));
  EXPECT_EQ(card_text(S(*s).layout(0).waste_top()), "5C");  // still in P1's waste
  EXPECT_EQ(card_text(S(*s).foundation(0).top()), "5C");
  EXPECT_EQ(S(*s).foundation(0).owner[4], 1);  // P2's back
  // A card already gone from one's own layout is stale too.
  EXPECT_NE(Refused(*s, 1, "play 5C").find("already on a foundation"), std::string::npos);
  // Records keep the arrival times, and a move may not arrive before an earlier one.
  const auto moves = s->record()["moves"];
  EXPECT_EQ(moves[5][2], 1000);
  EXPECT_FALSE(s->play(0, "draw", &error, 999));
}

// ---------------------------------------------------------------------------------------------
// The stuck vote and the rotation (rule 6; NUTS-A3, A12)

TEST(NutsRules, StuckVoteRotatesOnceThenEndsTheHand) {
  // Stock of S0: 2H 3H 4H | 5H ... (top first).
  auto s = Start("nuts", {MakeDeal({{"", "KS KH KD KC", "2H 3H 4H 5H"}, {"", "QS QH QD QC", ""}})});
  Play(*s, 0, "draw");  // waste 2H 3H 4H, stock top 5H
  Play(*s, 0, "stuck");
  EXPECT_TRUE(S(*s).layout(0).stuck);
  // A layout that has declared waits: it is no actor, and its moves are out of turn.
  EXPECT_EQ(S(*s).actors(), SeatSet::of(1));
  EXPECT_TRUE(LegalTexts(S(*s), 0).empty());
  const std::string why = Refused(*s, 0, "draw");
  EXPECT_NE(why.find("already declared stuck"), std::string::npos) << why;
  EXPECT_TRUE(is_out_of_turn_reason(why));
  EXPECT_TRUE(is_out_of_turn_reason(Refused(*s, 0, "stuck")));
  Play(*s, 1, "stuck");  // everyone: the rotation
  const Layout& lay = S(*s).layout(0);
  EXPECT_EQ(S(*s).rotations(), 1);
  EXPECT_FALSE(lay.stuck);
  EXPECT_EQ(lay.waste_n, 0);
  EXPECT_EQ(lay.stock_n, 35);
  // The waste went back onto the stock (2H on top), then the top card to the bottom: 3H on top.
  EXPECT_EQ(card_text(lay.stock[34]), "3H");
  EXPECT_EQ(card_text(lay.stock[0]), "2H");
  EXPECT_EQ(card_text(lay.stock[33]), "4H");
  EXPECT_EQ(card_text(lay.stock[32]), "5H");
  EXPECT_EQ(S(*s).rounds_completed(), 0);
  // Stuck again with no card moved: the hand ends.
  Play(*s, 0, "stuck");
  Play(*s, 1, "stuck");
  EXPECT_EQ(S(*s).rounds_completed(), 1);
  const auto last = S(*s).last_round(kSpectator);
  EXPECT_EQ(last["ended"], "stuck");
  EXPECT_EQ(last["points"], nlohmann::json::array({-26, -26}));
}

TEST(NutsRules, ACardMovedSinceTheRotationKeepsTheHandGoing) {
  auto s = Start("nuts", {MakeDeal({{"7D", "8S KH KD KC", ""}, {"", "QS QH QD QC", ""}})});
  Play(*s, 0, "stuck");
  Play(*s, 1, "stuck");
  Play(*s, 0, "move 7D T1");  // a card to a tableau
  EXPECT_TRUE(S(*s).progress_since_rotation());
  Play(*s, 0, "stuck");
  Play(*s, 1, "stuck");
  EXPECT_EQ(S(*s).rounds_completed(), 0);
  EXPECT_EQ(S(*s).rotations(), 2);
}

TEST(NutsRules, AStuckSeatMayStillPlayToAFoundationWhichWithdrawsItsVote) {
  // S0's reserve top is 2C; S1 holds AC.
  auto s = Start("nuts", {MakeDeal({{"2C", "KS KH KD QS", ""}, {"AC", "QH QD QC JS", ""}})});
  Play(*s, 0, "stuck");
  EXPECT_FALSE(S(*s).actors().contains(0));
  Play(*s, 1, "play AC");
  EXPECT_TRUE(S(*s).actors().contains(0));  // a foundation now takes its 2C
  EXPECT_EQ(LegalTexts(S(*s), 0), (std::vector<std::string>{"play 2C"}));
  Play(*s, 0, "play 2C");
  EXPECT_FALSE(S(*s).layout(0).stuck);
}

// Stuck by the engine (NUTS-A3's auto-flag; nuts.h): nobody can keep a hand going for ever.

// The last event's text that says a layout is stuck.
std::string StuckNote(const Session& s) {
  std::string out;
  for (const Event& e : s.events())
    if (e.label && std::string_view(e.label) == "stuck") out = e.text;
  return out;
}

// S0's reserve top 2S goes nowhere, the aces and queens lie under it, the kings on its tableau
// take only queens: nothing in its stock (3S..JS less the reserve's, 2-J of the other suits) ever
// has anywhere to go. With `shuffle`, QH on T4 can always go onto KS and back.
Deal NothingToDraw(bool shuffle) {
  return MakeDeal({{shuffle ? "2S AS AH AD AC QS QD QC" : "2S AS AH AD AC QS QH QD QC",
                    shuffle ? "KS KH KD QH" : "KS KH KD KC", ""},
                   {"", "9S 9H 9D 9C", ""}});
}

TEST(NutsRules, StuckByTheEngineAfterAPassWithNothingToMove) {
  auto s = Start("nuts", {NothingToDraw(false)});
  EXPECT_TRUE(S(*s).drawing_may_help(0));            // its stock has not been seen yet
  for (int i = 0; i < 11; ++i) Play(*s, 0, "draw");  // 33 of 35 cards
  EXPECT_FALSE(S(*s).layout(0).stuck);
  Play(*s, 0, "draw");  // the last 2: a whole pass, nothing moved
  EXPECT_FALSE(S(*s).drawing_may_help(0));
  EXPECT_TRUE(S(*s).layout(0).stuck);
  EXPECT_EQ(StuckNote(*s), "S0 has drawn through the whole stock with nothing to move: stuck");
  EXPECT_EQ(S(*s).actors(), SeatSet::of(1));
  EXPECT_TRUE(is_out_of_turn_reason(Refused(*s, 0, "recycle")));
  EXPECT_EQ(S(*s).view(1)["layouts"][0]["stuck"], true);
}

TEST(NutsRules, StuckByTheEngineAfterTwoPassesWhateverItCouldMove) {
  auto s = Start("nuts", {NothingToDraw(true)});
  for (int i = 0; i < 12; ++i) Play(*s, 0, "draw");
  EXPECT_FALSE(S(*s).layout(0).stuck);  // QH could still go onto KS
  Play(*s, 0, "recycle");
  for (int i = 0; i < 11; ++i) Play(*s, 0, "draw");
  EXPECT_FALSE(S(*s).layout(0).stuck);
  Play(*s, 0, "draw");  // 70 cards drawn with nothing gained
  EXPECT_TRUE(S(*s).layout(0).stuck);
  EXPECT_EQ(StuckNote(*s), "S0 has drawn through the whole stock twice with nothing gained: stuck");
}

TEST(NutsRules, StuckByTheEngineAfterTwentyPileMovesAndItCannotKeepAHandGoing) {
  auto s = Start("nuts", {NothingToDraw(true)});
  // QH back and forth between T4 (empty once it leaves) and KS: a card to a tableau each time.
  for (int i = 0; i < kIdlePileMoves; ++i) {
    EXPECT_FALSE(S(*s).layout(0).stuck) << i;
    Play(*s, 0, i % 2 == 0 ? "move QH T1" : "move QH T4");
  }
  EXPECT_TRUE(S(*s).layout(0).stuck);
  EXPECT_EQ(StuckNote(*s),
            "S0 has moved cards from pile to pile 20 times with nothing gained: stuck");
  // A draw does not count as gained, and the count survives the rotation: stuck again at once.
  Play(*s, 1, "stuck");
  EXPECT_EQ(S(*s).rotations(), 1);
  EXPECT_TRUE(S(*s).layout(0).stuck);
  EXPECT_FALSE(S(*s).layout(1).stuck);
  Play(*s, 1, "stuck");  // everyone stuck again with nothing moved since: the hand ends
  EXPECT_EQ(S(*s).rounds_completed(), 1);
  EXPECT_EQ(S(*s).last_round(kSpectator)["ended"], "stuck");
}

TEST(NutsRules, ACardToAFoundationRestartsEveryLayoutsCounts) {
  // S1 plays its AS: S0's 2S goes up, a gain, and both counts start again.
  auto s = Start(
      "nuts", {MakeDeal({{"2S AH AD AC QS QD QC", "KS KH KD QH", ""}, {"AS", "9S 9H 9D 9C", ""}})});
  Play(*s, 0, "move QH T1");
  for (int i = 0; i < 5; ++i) Play(*s, 0, "draw");
  EXPECT_EQ(S(*s).layout(0).idle_pile_moves, 1);
  EXPECT_EQ(S(*s).layout(0).idle_draws, 15);
  Play(*s, 1, "play AS");
  EXPECT_EQ(S(*s).layout(0).idle_pile_moves, 0);
  EXPECT_EQ(S(*s).layout(0).idle_draws, 0);
  Play(*s, 0, "move QH T4");
  Play(*s, 0, "draw");
  EXPECT_EQ(S(*s).layout(0).idle_pile_moves, 1);
  EXPECT_EQ(S(*s).layout(0).idle_draws, 3);
  Play(*s, 0, "play 2S");  // from its own reserve
  EXPECT_EQ(S(*s).layout(0).idle_pile_moves, 0);
  EXPECT_EQ(S(*s).layout(0).idle_draws, 0);
}

// ---------------------------------------------------------------------------------------------
// Hand end and scoring (rules 7, 8; NUTS-A2, A4)

TEST(NutsScenario, Nuts07TheHandEndsTheInstantAReserveEmpties) {
  // S0's reserve: the 13 spades, ace first; S1 has played 2 cards to the foundations.
  auto s = Start("nuts", {MakeDeal({{"AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "KH KD KC QH", ""},
                                    {"AH 2H", "QD QC JS JC", ""}})});
  Play(*s, 1, "play AH", 0);
  Play(*s, 1, "play 2H", 1);
  for (const char* c : {"AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"})
    Play(*s, 0, std::string("play ") + c, 2);
  EXPECT_EQ(S(*s).rounds_completed(), 0);
  Play(*s, 0, "play KS", 3);  // "Nuts!"
  EXPECT_EQ(S(*s).rounds_completed(), 1);
  const auto last = S(*s).last_round(kSpectator);
  EXPECT_EQ(last["ended"], "nuts");
  EXPECT_EQ(last["nuts_by"], 0);
  // +1 per card on the foundations, -2 per card left in the reserve; the caller's 0 costs 0.
  EXPECT_EQ(last["foundation_cards"], nlohmann::json::array({13, 2}));
  EXPECT_EQ(last["reserve_left"], nlohmann::json::array({0, 11}));
  EXPECT_EQ(last["points"], nlohmann::json::array({13, 2 - 22}));
  EXPECT_EQ(S(*s).score(0), 13);
  EXPECT_EQ(S(*s).score(1), -20);
  // A new hand is dealt at once: nothing of the old one can be played in it.
  EXPECT_EQ(S(*s).foundations(), 0);
  EXPECT_EQ(S(*s).layout(1).reserve_n, 13);
  EXPECT_NE(Refused(*s, 1, "play 3H").find(""), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// The grace after "Nuts!" (NUTS-A2's flag: option grace_ms)

// S0 runs its spades out (AS..QS at 100 ms, KS at 1000: "Nuts!"); S1 has AH 2H 3H in its reserve
// and has played AH.
std::unique_ptr<Session> NutsAt1000(const std::string& game_string, bool timed = true) {
  auto s =
      Start(game_string, {MakeDeal({{"AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "KH KD KC QH", ""},
                                    {"AH 2H 3H", "QD QC JS JC", ""}})});
  Play(*s, 1, "play AH", timed ? 50 : -1);
  for (const char* c : {"AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"})
    Play(*s, 0, std::string("play ") + c, timed ? 100 : -1);
  Play(*s, 0, "play KS", timed ? 1000 : -1);
  return s;
}

bool SaidTooLate(const Session& s) {
  for (const Event& e : s.events())
    if (e.label && std::string_view(e.label) == "too late") return true;
  return false;
}

TEST(NutsGrace, TheDefaultHasNoGrace) {
  auto s = NutsAt1000("nuts(grace_ms=0)");
  EXPECT_EQ(S(*s).rounds_completed(), 1);
  EXPECT_FALSE(S(*s).in_grace());
  EXPECT_EQ(s->game().game_string(), Start("nuts", {})->game().game_string());
  EXPECT_NE(Refused(*s, 0, "done").find("only for the grace"), std::string::npos);
}

TEST(NutsGrace, OthersMayCompleteTheirMovesUntilTheDeadline) {
  auto s = NutsAt1000("nuts(grace_ms=500)");
  EXPECT_TRUE(S(*s).in_grace());
  EXPECT_EQ(S(*s).rounds_completed(), 0);
  EXPECT_EQ(S(*s).grace_deadline_ms(), std::optional<std::int64_t>(1500));
  EXPECT_EQ(s->state().actors(), SeatSet::of(1));
  const auto v = s->state().view(1);
  EXPECT_EQ(v["phase"], "grace");
  EXPECT_EQ(v["grace"]["nuts_by"], 0);
  EXPECT_EQ(v["grace"]["deadline_ms"], 1500);
  EXPECT_EQ(v["grace"]["done"], nlohmann::json::array({true, false}));
  // Card moves and done only: no draw, recycle or stuck.
  const auto legal = LegalTexts(S(*s), 1);
  EXPECT_TRUE(Contains(legal, "play 2H"));
  EXPECT_EQ(legal.back(), "done");
  EXPECT_FALSE(Contains(legal, "draw"));
  EXPECT_FALSE(Contains(legal, "stuck"));
  EXPECT_NE(Refused(*s, 1, "draw").find("complete your moves"), std::string::npos);
  EXPECT_NE(Refused(*s, 1, "stuck").find("complete your moves"), std::string::npos);
  EXPECT_NE(Refused(*s, 0, "play KH").find("called Nuts"), std::string::npos);
  // A refused move is refused whatever its time, and changes nothing.
  EXPECT_FALSE(Refused(*s, 1, "play 5C").empty());
  // At the deadline exactly: still played.
  Play(*s, 1, "play 2H", 1500);
  EXPECT_TRUE(S(*s).in_grace());
  EXPECT_EQ(S(*s).layout(1).played, 2);
  // A moment later: the hand ends and the move is not played.
  Play(*s, 1, "play 3H", 1501);
  EXPECT_FALSE(S(*s).in_grace());
  EXPECT_TRUE(SaidTooLate(*s));
  ASSERT_EQ(S(*s).rounds_completed(), 1);
  const auto last = s->rounds()[0];
  EXPECT_EQ(last["ended"], "nuts");
  EXPECT_EQ(last["nuts_by"], 0);
  EXPECT_EQ(last["foundation_cards"], nlohmann::json::array({13, 2}));
  EXPECT_EQ(last["reserve_left"], nlohmann::json::array({0, 11}));
  EXPECT_EQ(S(*s).score(1), 2 - 22);
  EXPECT_EQ(S(*s).layout(1).reserve_n, 13);  // the next hand is dealt
  // The record keeps the times and replays exactly, the late move included.
  const auto record = s->record();
  EXPECT_EQ(record["moves"].back(), nlohmann::json({1, "play 3H", 1501}));
  std::string error;
  auto replayed = Session::from_record(nlohmann::json::parse(record.dump()), &error);
  ASSERT_TRUE(replayed) << error;
  EXPECT_TRUE(replayed->state().equals(s->state()));
  EXPECT_EQ(replayed->record(), record);
  EXPECT_EQ(replayed->events().size(), s->events().size());
}

TEST(NutsGrace, TheHandEndsWhenEveryoneIsDone) {
  auto s = Start("nuts(players=3,grace_ms=2000)",
                 {MakeDeal({{"AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "KH KD KC QH", ""},
                            {"AH 2H", "QD QC JS JC", ""},
                            {"AD", "QS QH KS KC", ""}})});
  for (const char* c :
       {"AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"})
    Play(*s, 0, std::string("play ") + c, 100);
  ASSERT_TRUE(S(*s).in_grace());
  Play(*s, 1, "play AH", 200);
  Play(*s, 1, "done", 300);
  EXPECT_EQ(s->state().actors(), SeatSet::of(2));
  EXPECT_NE(Refused(*s, 1, "play 2H").find("you are done"), std::string::npos);
  Play(*s, 2, "done", 400);
  EXPECT_FALSE(SaidTooLate(*s));
  ASSERT_EQ(S(*s).rounds_completed(), 1);
  EXPECT_EQ(s->rounds()[0]["foundation_cards"], nlohmann::json::array({13, 1, 0}));
  // A reserve emptied during the grace makes its layout done; the first caller keeps the call.
  auto t = Start("nuts(grace_ms=500)",
                 {MakeDeal({{"AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "KH KD KC QH", ""},
                            {"AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "QD QC JS JC", ""}})});
  for (const char* c : {"A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q"}) {
    Play(*t, 0, std::string("play ") + c + "S", 100);
    Play(*t, 1, std::string("play ") + c + "H", 100);
  }
  Play(*t, 0, "play KS", 100);
  Play(*t, 1, "play KH", 600);
  ASSERT_EQ(S(*t).rounds_completed(), 1);
  EXPECT_EQ(t->rounds()[0]["nuts_by"], 0);
  EXPECT_EQ(t->rounds()[0]["layout_points"], nlohmann::json::array({13, 13}));
}

TEST(NutsGrace, AMoveWithNoTimeCountsAsLate) {
  {  // the Nuts move had no time: there is no deadline to be in time for
    auto s = NutsAt1000("nuts(grace_ms=500)", false);
    ASSERT_TRUE(S(*s).in_grace());
    EXPECT_EQ(S(*s).grace_deadline_ms(), std::nullopt);
    EXPECT_EQ(s->state().view(1)["grace"]["deadline_ms"], nullptr);
    Play(*s, 1, "play 2H", 1100);
    EXPECT_EQ(S(*s).rounds_completed(), 1);
    EXPECT_EQ(s->rounds()[0]["foundation_cards"], nlohmann::json::array({13, 1}));
  }
  {  // the move itself has no time
    auto s = NutsAt1000("nuts(grace_ms=500)");
    Play(*s, 1, "done");
    EXPECT_TRUE(SaidTooLate(*s));
    EXPECT_EQ(S(*s).rounds_completed(), 1);
  }
}

TEST(NutsGrace, ComputerPlayersFinishMatchesWithAGrace) {
  register_all_games();
  std::string error;
  auto game = load_game("nuts(grace_ms=1500,max_hands=2)", &error);
  ASSERT_TRUE(game) << error;
  auto session =
      Session::create(load_game("nuts(grace_ms=1500,max_hands=2)", &error), 5, -1, {}, &error);
  ASSERT_TRUE(session) << error;
  SessionTable table(*session);
  VirtualClock clock;
  std::vector<std::unique_ptr<Player>> players;
  players.push_back(load_player("heuristic(speed=5)", *game, &error));
  players.push_back(load_player("heuristic(speed=1)", *game, &error));
  MatchRunner runner(table, std::move(players), clock, 3);
  bool graced = false;
  for (int i = 0; i < 5000 && !session->state().over(); ++i) {
    ASSERT_EQ(runner.step(&error), MatchRunner::Stop::kMoved) << error;
    graced |= S(*session).in_grace();
  }
  EXPECT_TRUE(session->state().over());
  EXPECT_TRUE(graced);
  EXPECT_EQ(session->rounds().size(), 2u);
  EXPECT_GT(session->moves_made(), 100u) << session->moves_made();
  auto replayed = Session::from_record(session->record(), &error);
  ASSERT_TRUE(replayed) << error;
  EXPECT_TRUE(replayed->state().equals(session->state()));
}

// ---------------------------------------------------------------------------------------------
// Game end (rule 9; NUTS-A6, A7)

Deal SpadesNuts() {
  return MakeDeal(
      {{"AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "KH KD KC QH", ""}, {"", "QD QC JS JC", ""}});
}
Deal SpadesNutsForS1() {
  return MakeDeal(
      {{"", "QD QC JS JC", ""}, {"AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "KH KD KC QH", ""}});
}
void RunSpades(Session& s, Seat seat) {
  for (const char* c :
       {"AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"})
    Play(s, seat, std::string("play ") + c);
}

TEST(NutsScenario, Nuts09TheGameGoesToMoreThanTheTarget) {
  {  // 13 > 12: S0 wins
    auto s = Start("nuts(target=12)", {SpadesNuts()});
    RunSpades(*s, 0);
    EXPECT_TRUE(s->state().over());
    EXPECT_EQ(s->state().winners(), SeatSet::of(0));
    EXPECT_TRUE(s->state().actors().empty());
    EXPECT_NE(Refused(*s, 1, "draw").find("over"), std::string::npos);
  }
  {  // 13 does not exceed 13: play on (NUTS-A7)
    auto s = Start("nuts(target=13)", {SpadesNuts()});
    RunSpades(*s, 0);
    EXPECT_FALSE(s->state().over());
    EXPECT_EQ(S(*s).round_index(), 1);
  }
  for (const char* tie : {"play_on", "share"}) {  // a tie on top: another hand, or shared
    auto s = Start(std::string("nuts(max_hands=2,final_tie=") + tie + ")",
                   {SpadesNuts(), SpadesNutsForS1()});
    RunSpades(*s, 0);  // 13 and -26
    RunSpades(*s, 1);  // -13 and -13
    EXPECT_EQ(s->state().score(0), -13);
    EXPECT_EQ(s->state().score(1), -13);
    if (std::string(tie) == "share") {
      EXPECT_TRUE(s->state().over());
      EXPECT_EQ(s->state().winners(), SeatSet::first_n(2));
    } else {
      EXPECT_FALSE(s->state().over());
      EXPECT_EQ(s->state().rounds_completed(), 2);
    }
  }
}

TEST(NutsScenario, Nuts09NoLimitOnHandsByDefault) {
  // Rule 9: play continues until a total passes 100, however many hands that takes. Every hand
  // here ends by the stuck vote with nothing played: -26 each, for ever falling.
  auto s = Start("nuts", {});
  for (int hand = 0; hand < 30; ++hand)
    for (int vote = 0; vote < 2; ++vote)
      for (Seat seat : {0, 1}) Play(*s, seat, "stuck");
  EXPECT_EQ(s->state().rounds_completed(), 30);
  EXPECT_FALSE(s->state().over());
  EXPECT_EQ(s->state().score(0), -30 * 26);
  // A cap is an option: after max_hands hands the highest total wins (here all tie: shared).
  auto capped = Start("nuts(max_hands=25,final_tie=share)", {});
  for (int hand = 0; hand < 25; ++hand)
    for (int vote = 0; vote < 2; ++vote)
      for (Seat seat : {0, 1}) Play(*capped, seat, "stuck");
  EXPECT_TRUE(capped->state().over());
  EXPECT_EQ(capped->state().rounds_completed(), 25);
}

// ---------------------------------------------------------------------------------------------
// Partnerships (rule 1; NUTS-A8)

TEST(NutsRules, PartnersShareOneLayoutAndOneScore) {
  auto s = Start("nuts(players=6,target=12)",
                 {MakeDeal({{"AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "KH KD KC QH", ""},
                            {"", "QD QC JS JC", ""},
                            {"", "QD QC JS JC", ""}})});
  EXPECT_EQ(S(*s).layouts(), 3);
  EXPECT_EQ(S(*s).layout_of(1), 0);
  EXPECT_EQ(S(*s).layout_of(4), 2);
  Play(*s, 0, "play AS");
  Play(*s, 1, "play 2S");  // the partner plays from the same reserve
  EXPECT_NE(Refused(*s, 1, "play AS").find("already on a foundation"), std::string::npos);
  Play(*s, 2, "stuck");
  EXPECT_TRUE(is_out_of_turn_reason(Refused(*s, 3, "stuck")));  // the side has declared
  for (const char* c : {"3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"})
    Play(*s, 1, std::string("play ") + c);
  EXPECT_TRUE(s->state().over());
  EXPECT_EQ(s->state().winners(), SeatSet(0b11));
  EXPECT_EQ(s->state().score(0), 13);
  EXPECT_EQ(s->state().score(1), 13);
  EXPECT_EQ(s->state().team_score(1), -26);
  EXPECT_EQ(S(*s).last_round(kSpectator)["team_points"], nlohmann::json::array({13, -26, -26}));
}

// ---------------------------------------------------------------------------------------------
// Notation, bad input, resampling

TEST(NutsRules, NotationRoundTripsAndBadInputIsRefused) {
  auto s = Start("nuts", {});
  const State& st = S(*s);
  std::string error;
  for (Move m : {play_move(List("5C")[0]), move_move(List("7D")[0], 1), draw_move(), recycle_move(),
                 stuck_move()}) {
    auto parsed = st.parse_move(0, st.move_text(m), &error);
    ASSERT_TRUE(parsed) << st.move_text(m) << ": " << error;
    EXPECT_EQ(*parsed, m);
  }
  EXPECT_EQ(st.parse_move(0, "7d 2", &error), move_move(List("7D")[0], 1));
  EXPECT_EQ(st.parse_move(0, "5c f", &error), play_move(List("5C")[0]));
  EXPECT_EQ(st.parse_move(0, "d", &error), draw_move());
  for (const char* bad : {"", "move", "move 7D", "move 7D T5", "play 5C T1", "fly", "move ZZ T1"}) {
    EXPECT_FALSE(st.parse_move(0, bad, &error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
  auto before = s->state().clone();
  for (Move bad : {Move{0}, make_move(kPlayMove, 60), make_move(kMoveMove, 5 | (7 << 8)),
                   make_move(kDrawMove, 1), make_move(9)}) {
    Session& session = *s;
    EXPECT_FALSE(session.play(0, bad, &error));
    EXPECT_TRUE(session.state().equals(*before));
  }
}

TEST(NutsRules, ResampleRedrawsOnlyTheFaceDownCards) {
  auto s = Start("nuts", {});
  Play(*s, 0, "draw");
  const State& st = S(*s);
  Rng rng(4);
  bool varied = false;
  for (int k = 0; k < 5; ++k) {
    const State world = st.resample(0, rng);
    EXPECT_EQ(world.check(), nullptr);
    EXPECT_EQ(world.view(0), st.view(0));
    EXPECT_EQ(world.view(1), st.view(1));
    for (int l = 0; l < 2; ++l) {
      EXPECT_EQ(world.layout(l).reserve_top(), st.layout(l).reserve_top());
      EXPECT_EQ(world.layout(l).waste, st.layout(l).waste);
      varied |= world.layout(l).reserve != st.layout(l).reserve;
    }
  }
  EXPECT_TRUE(varied);
}

// ---------------------------------------------------------------------------------------------
// Perft and records

TEST(NutsRecord, PerftCounts) {
  const Game game = testing_util::MakeGame<Game>("nuts", "");
  ApplyContext ctx;
  std::vector<Deal> deals{MakeDeal({{"7D", "8S 8H 9S 2C", "AH 3H 4H"}, {"AS", "QS QH QD QC", ""}})};
  ctx.deals = deals;
  const State s = game.new_match(1, -1, &ctx);
  // Hand-checked to depth 2: S0 has 4 moves; then 3 (after 7D T1), 5 (after 8H T3: T2 empty takes
  // 7D or 8H), 4 (after the draw) and 3 for S1 (after S0's stuck S0 waits: play AS, draw, stuck).
  EXPECT_EQ(LegalTexts(s, 0),
            (std::vector<std::string>{"move 7D T1", "move 8H T3", "draw", "stuck"}));
  EXPECT_EQ(testing_util::Perft(s, 1), 4u);
  EXPECT_EQ(testing_util::Perft(s, 2), 15u);
  EXPECT_EQ(testing_util::Perft(s, 3), 59u);
}

TEST(NutsRecord, RecordsKeepArrivalTimesAndReplay) {
  register_all_games();
  std::string error;
  auto game = load_game("nuts", &error);
  ASSERT_TRUE(game);
  auto session = Session::create(load_game("nuts", &error), 5, -1, {}, &error);
  ASSERT_TRUE(session);
  SessionTable table(*session);
  VirtualClock clock;
  std::vector<std::unique_ptr<Player>> players;
  players.push_back(load_player("heuristic(speed=4)", *game, &error));
  players.push_back(load_player("heuristic(speed=2)", *game, &error));
  MatchRunner runner(table, std::move(players), clock, 3);
  for (int i = 0; i < 300 && !session->state().over(); ++i)
    ASSERT_EQ(runner.step(&error), MatchRunner::Stop::kMoved) << error;
  const auto record = session->record();
  std::int64_t last = 0;
  for (const auto& m : record["moves"]) {
    ASSERT_EQ(m.size(), 3u);
    EXPECT_GE(m[2].get<std::int64_t>(), last);
    last = m[2].get<std::int64_t>();
    // Speed 4 is 700 ms a move, speed 2 1400: every arrival is a multiple of 700 ms.
    EXPECT_EQ(last % 700, 0) << m.dump();
  }
  auto replayed = Session::from_record(nlohmann::json::parse(record.dump()), &error);
  ASSERT_TRUE(replayed) << error;
  EXPECT_TRUE(replayed->state().equals(session->state()));
  EXPECT_EQ(replayed->record(), record);
}

// tests/records/nuts_spades_race.json: S0 runs its reserve of spades to the foundations, a card
// every 700 ms, while S1 plays three hearts and draws; S0's "Nuts!" at 9100 ms ends the game (13
// is more than the target 12). Every move carries its arrival time.
nlohmann::json SpadesRaceRecord() {
  nlohmann::json record;
  record["game"] = "nuts";
  record["options"] = {{"target", 12}};
  record["seed"] = 1u;
  record["deals"] = {
      deal_to_json(MakeDeal({{"AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "KH KD KC QH", ""},
                             {"AH 2H 3H", "QD QC JS JC", ""}}),
                   {})};
  std::vector<std::tuple<int, std::string, int>> moves{{0, "move QH T3", 350}};
  const char* spades[] = {"AS", "2S", "3S", "4S", "5S", "6S", "7S",
                          "8S", "9S", "TS", "JS", "QS", "KS"};
  const std::vector<std::tuple<int, std::string, int>> s1{
      {1, "play AH", 1000}, {1, "play 2H", 2000}, {1, "play 3H", 3000},
      {1, "draw", 4000},    {1, "draw", 5000},    {1, "move JS T1", 6000}};
  std::size_t k = 0;
  for (int i = 0; i < 13; ++i) {
    const int t = 700 * (i + 1);
    for (; k < s1.size() && std::get<2>(s1[k]) < t; ++k) moves.push_back(s1[k]);
    moves.push_back({0, std::string("play ") + spades[i], t});
  }
  nlohmann::json list = nlohmann::json::array();
  for (const auto& [seat, text, time] : moves) list.push_back({seat, text, time});
  record["moves"] = list;
  return record;
}

TEST(NutsRecord, CheckedInRecordFileMatches) {
  // tests/records/nuts_spades_race.json is SpadesRaceRecord(), for `cardroom replay`. With
  // CARDROOM_REGEN_GOLDEN=1 (scripts/regen_golden.sh) it is rewritten.
  register_all_games();
  auto session = testing_util::CheckedInRecord("nuts_spades_race.json", SpadesRaceRecord());
  ASSERT_TRUE(session);
  EXPECT_TRUE(session->state().over());
  EXPECT_EQ(session->state().score(0), 13);
  EXPECT_EQ(session->state().score(1), 3 - 2 * 10);
  EXPECT_EQ(session->record()["moves"].back(), nlohmann::json({0, "play KS", 9100}));
  EXPECT_EQ(session->rounds()[0]["ended"], "nuts");
}

// ---------------------------------------------------------------------------------------------
// The runner: a move that ends a hand lapses every pending decision

TEST(NutsRealTime, AHandsEndLapsesPendingDecisions) {
  register_all_games();
  std::string error;
  auto game = load_game("nuts", &error);
  auto session = Session::create(load_game("nuts", &error), 1, -1, {SpadesNuts()}, &error);
  ASSERT_TRUE(session) << error;
  SessionTable table(*session);
  VirtualClock clock;
  std::vector<std::unique_ptr<Player>> players(2);
  players[1] = load_player("heuristic(pace_ms=1000)", *game, &error);
  MatchRunner runner(table, std::move(players), clock, 3);
  EXPECT_DOUBLE_EQ(runner.next_due(), 1.0);  // S1 decided at 0
  clock.wait_until(0.5);
  for (const char* c : {"AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"}) {
    ASSERT_TRUE(runner.submit(0, play_move(List(c)[0]), &error)) << error;
    EXPECT_DOUBLE_EQ(runner.next_due(), 1.0);  // still the decision made in this hand
  }
  ASSERT_TRUE(runner.submit(0, play_move(List("KS")[0]), &error)) << error;  // Nuts!
  EXPECT_EQ(session->state().rounds_completed(), 1);
  EXPECT_DOUBLE_EQ(runner.next_due(), 1.5);  // decided afresh for the new hand at 0.5
  EXPECT_EQ(runner.stale_moves(), 0);
}

}  // namespace
}  // namespace cardroom::nuts
