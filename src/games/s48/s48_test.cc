// S48 rule tests (DESIGN.md section 8; RULINGS.md section 3).
//
//   S48Rules.*     one or more tests per numbered rule 1-7 and per ruling S48-A1..A9
//   S48Scenario.*  the acceptance scenarios S48-01, 03, 05, 07 and 09, and the seed's own two-round
//                  scoreboard
//   S48Record.*    the scoreboard as a game record with explicit deals (also checked in under
//                  tests/records/), `replay --json` fields, bad deals
//   S48Perft.*     perft counts from a fixed explicit deal, checked by hand
//
// Seats: S0..S(n-1) clockwise; "left of X" = X+1. With compass names N = 0, E = 1, S = 2, W = 3
// (RULINGS S48-01: clockwise N, E, S, W, so West is South's left).
#include "games/s48/s48.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/any_game.h"
#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/common/test_paths.h"
#include "games/common/test_util.h"
#include "games/common/tricks.h"

namespace cardroom::s48 {
namespace {

constexpr Seat kN = 0, kE = 1, kS = 2, kW = 3;

// ---------------------------------------------------------------------------------------------
// Helpers

using testing_util::AllViews;
using testing_util::CardsIn;
using testing_util::HasEvent;
using testing_util::LegalTexts;
using testing_util::List;
using testing_util::Set;

std::optional<Game> TryGame(const std::string& options, std::string* error) {
  return testing_util::TryGame<Game>("s48", options, error);
}

Game MakeGame(const std::string& options) { return testing_util::MakeGame<Game>("s48", options); }

Deal MakeDeal(const std::vector<std::string>& hands, const std::string& pack = "") {
  Deal deal;
  for (const auto& h : hands) deal.hands.push_back(List(h));
  deal.pack = List(pack);
  return deal;
}

std::vector<std::string> Bids(std::initializer_list<int> values) {
  std::vector<std::string> out;
  for (int v : values) out.push_back("bid " + std::to_string(v));
  return out;
}

// A match driven through the typed API with events on and explicit deals.
class Table : public testing_util::RulesTable<Game, State> {
 public:
  Table(const std::string& options, int first_dealer, std::vector<Deal> deals = {},
        std::uint64_t seed = 1)
      : RulesTable(MakeGame(options), std::move(deals), first_dealer, seed) {}

  // Plays the rest of the match with each seat's first legal move.
  void PlayOutFirstLegal() {
    while (!state_.over()) {
      MoveList<State::kMaxMoves> moves;
      const Seat seat = state_.to_act();
      state_.legal_moves(seat, moves);
      ASSERT_FALSE(moves.empty());
      ASSERT_TRUE(Apply(seat, moves[0]).ok());
    }
  }
};

int Winner(std::string_view cards) {
  std::vector<Card> trick = List(cards);
  return tricks::trick_winner(trick.data(), static_cast<int>(trick.size()), kNoSuit);
}

// ---------------------------------------------------------------------------------------------
// The seed's scoreboard: two rounds with 4 players, South (seat 2) dealing first.
// Round 1 (8 cards, W leads): W wins tricks 1-3 with AC KC QC, S takes 2H with AH, S leads 2S to
// N's JS, N cashes QS KS AS: W 3, N 4, E 0, S 1.
// Round 2 (7 cards, West deals, N leads): N cashes AS KS, leads 2H to E's AH, E cashes KH, leads 2D
// to S's AD, S cashes KD, leads 2C to W's AC: N 2, E 2, S 2, W 1.

const std::vector<Deal>& ScoreboardDeals() {
  static const std::vector<Deal> deals = {
      MakeDeal({"AS KS QS JS TS 9S 8S 7S", "2C 3C 4C 5C 3H 4H 5H 6H", "AH 2S KD QD JD TD 9D 8D",
                "AC KC QC 2H 2D 3D 4D 5D"}),
      MakeDeal({"AS KS 2H 3C 4C 5C 6C", "AH KH 2D 3S 4S 5S 6S", "AD KD 2C 3H 4H 5H 6H",
                "AC 3D 4D 5D 6D 7D 8D"}),
  };
  return deals;
}

// The moves of both rounds, in turn order.
const std::vector<std::pair<Seat, std::string>>& ScoreboardMoves() {
  static const std::vector<std::pair<Seat, std::string>> moves = {
      // Round 1: W N E bid 2 4 0, the dealer S may not bid 2; bids 1.
      {kW, "bid 2"},
      {kN, "bid 4"},
      {kE, "bid 0"},
      {kS, "bid 1"},
      {kW, "play AC"},
      {kN, "play 7S"},
      {kE, "play 2C"},
      {kS, "play 8D"},
      {kW, "play KC"},
      {kN, "play 8S"},
      {kE, "play 3C"},
      {kS, "play 9D"},
      {kW, "play QC"},
      {kN, "play 9S"},
      {kE, "play 4C"},
      {kS, "play TD"},
      {kW, "play 2H"},
      {kN, "play TS"},
      {kE, "play 3H"},
      {kS, "play AH"},
      {kS, "play 2S"},
      {kW, "play 2D"},
      {kN, "play JS"},
      {kE, "play 5C"},
      {kN, "play QS"},
      {kE, "play 4H"},
      {kS, "play JD"},
      {kW, "play 3D"},
      {kN, "play KS"},
      {kE, "play 5H"},
      {kS, "play QD"},
      {kW, "play 4D"},
      {kN, "play AS"},
      {kE, "play 6H"},
      {kS, "play KD"},
      {kW, "play 5D"},
      // Round 2: N E S bid 4 1 2, the dealer W may not bid 0; bids 1.
      {kN, "bid 4"},
      {kE, "bid 1"},
      {kS, "bid 2"},
      {kW, "bid 1"},
      {kN, "play AS"},
      {kE, "play 3S"},
      {kS, "play 3H"},
      {kW, "play 3D"},
      {kN, "play KS"},
      {kE, "play 4S"},
      {kS, "play 4H"},
      {kW, "play 4D"},
      {kN, "play 2H"},
      {kE, "play AH"},
      {kS, "play 5H"},
      {kW, "play 5D"},
      {kE, "play KH"},
      {kS, "play 6H"},
      {kW, "play 6D"},
      {kN, "play 3C"},
      {kE, "play 2D"},
      {kS, "play AD"},
      {kW, "play 7D"},
      {kN, "play 4C"},
      {kS, "play KD"},
      {kW, "play 8D"},
      {kN, "play 5C"},
      {kE, "play 5S"},
      {kS, "play 2C"},
      {kW, "play AC"},
      {kN, "play 6C"},
      {kE, "play 6S"},
  };
  return moves;
}

nlohmann::json ScoreboardRecord() {
  nlohmann::json record;
  record["game"] = "s48";
  record["options"] = {{"players", 4}};
  record["seed"] = 48u;
  record["first_dealer"] = static_cast<unsigned>(kS);
  record["deals"] = nlohmann::json::array();
  for (const Deal& d : ScoreboardDeals()) record["deals"].push_back(deal_to_json(d, {}));
  record["moves"] = nlohmann::json::array();
  for (const auto& [seat, text] : ScoreboardMoves()) record["moves"].push_back({seat, text});
  return record;
}

// ---------------------------------------------------------------------------------------------
// Rule 1 / S48-A1, A2: the standard deck, A high, no trumps.

TEST(S48Rules, Rule1_FiftyTwoCardsAceHighNoTrump) {
  EXPECT_EQ(kDeck.size(), 52);
  EXPECT_EQ(Winner("KS AS"), 1);
  EXPECT_EQ(Winner("2S 3S"), 1);
  EXPECT_EQ(Winner("3S 2S"), 0);
  Table t("", 0);
  EXPECT_TRUE(t.s().view(0)["trump"].is_null());
}

TEST(S48Rules, A1_OffSuitCardsNeverWinEvenAces) {
  // "Watch Winner's 2-of-Spades Win!"
  EXPECT_EQ(Winner("2S AH AD AC"), 0);
  EXPECT_EQ(Winner("2S AH 3S AC"), 2);
  for (int suit = 0; suit < kSuits; ++suit)
    EXPECT_EQ(
        Winner(card_text(make_card(suit, kTwo)) + " " + card_text(make_card((suit + 1) % 4, kAce))),
        0);
}

// Rule 2 / S48-A3: the lowest cut deals, ace high; ties recut.

struct Cut {
  std::vector<std::pair<Seat, Card>> cards;
};

std::vector<Cut> Cuts(const std::vector<Event>& events) {
  std::vector<Cut> out;
  for (const auto& e : events) {
    if (e.text.rfind("cut for deal:", 0) != 0) continue;
    Cut cut;
    std::istringstream words(e.text.substr(13));
    std::string seat, card;
    while (words >> seat >> card)
      cut.cards.push_back({std::stoi(seat.substr(1)), *parse_card(card)});
    out.push_back(cut);
  }
  return out;
}

void ExpectLowestCutDeals(const std::string& options, bool ace_low) {
  int recuts = 0;
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    Table t(options, -1, {}, seed);
    auto cuts = Cuts(t.events());
    ASSERT_FALSE(cuts.empty());
    auto value = [&](Card c) { return ace_low && rank_of(c) == kAce ? -1 : rank_of(c); };
    for (std::size_t i = 0; i < cuts.size(); ++i) {
      int low = 99, count = 0;
      Seat low_seat = -1;
      for (auto [s, c] : cuts[i].cards) {
        if (value(c) < low) {
          low = value(c);
          count = 1;
          low_seat = s;
        } else if (value(c) == low) {
          ++count;
        }
      }
      if (i + 1 < cuts.size()) {
        // A tie for lowest: exactly the tied players cut again.
        EXPECT_GT(count, 1);
        std::vector<Seat> tied, next;
        for (auto [s, c] : cuts[i].cards)
          if (value(c) == low) tied.push_back(s);
        for (auto [s, c] : cuts[i + 1].cards) next.push_back(s);
        EXPECT_EQ(tied, next);
        ++recuts;
      } else {
        EXPECT_EQ(count, 1);
        EXPECT_EQ(t.s().dealer(), low_seat) << "seed " << seed;
      }
    }
    EXPECT_TRUE(HasEvent(t.events(), kEveryone,
                         "S" + std::to_string(t.s().dealer()) + " cuts low and deals first"));
  }
  EXPECT_GT(recuts, 0) << "no seed produced a tie; the recut path is untested";
}

TEST(S48Rules, Rule2_LowestCutDealsAceHigh) { ExpectLowestCutDeals("", false); }

TEST(S48Rules, A3_OptionCutAceLow) { ExpectLowestCutDeals("cut_ace=low", true); }

TEST(S48Rules, A3_AceHighNeverDealsByCut) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Table t("players=6", -1, {}, seed);
    auto cuts = Cuts(t.events());
    for (auto [s, c] : cuts.back().cards)
      if (s == t.s().dealer()) {
        EXPECT_NE(rank_of(c), kAce);
      }
  }
}

TEST(S48Rules, Rule2_FirstDealerFromRecordSkipsTheCut) {
  Table t("", 3);
  EXPECT_EQ(t.s().dealer(), 3);
  EXPECT_TRUE(Cuts(t.events()).empty());
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S3 deals first"));
}

// Rule 3 / S48-A7: 9 rounds of 8 7 6 5 4 5 6 7 8 cards, the deal passing left.

TEST(S48Rules, Rule3_HandSizesForEveryPlayerCount) {
  const std::vector<int> sizes = {8, 7, 6, 5, 4, 5, 6, 7, 8};
  for (int r = 0; r < 9; ++r) EXPECT_EQ(hand_size_of_round(r), sizes[r]);
  EXPECT_EQ(hand_size_of_round(9), 8);  // extra rounds (final_tie=extra_round)
  for (int players = 3; players <= 6; ++players) {
    Table t("players=" + std::to_string(players), 1, {}, 5);
    std::vector<int> seen_sizes, dealers;
    while (!t.s().over()) {
      if (t.s().phase() == State::Phase::kBid && t.s().bid(t.s().to_act()) < 0 &&
          t.s().to_act() == (t.s().dealer() + 1) % players) {
        seen_sizes.push_back(t.s().hand_size());
        dealers.push_back(t.s().dealer());
        for (Seat s = 0; s < players; ++s) EXPECT_EQ(t.s().hand(s).size(), t.s().hand_size());
        EXPECT_EQ(t.s().undealt().size(), 52 - players * t.s().hand_size());
      }
      MoveList<State::kMaxMoves> moves;
      t.s().legal_moves(t.s().to_act(), moves);
      ASSERT_TRUE(t.Apply(t.s().to_act(), moves[moves.size() - 1]).ok());
    }
    EXPECT_EQ(seen_sizes, sizes) << players << " players";
    for (int r = 0; r < 9; ++r) EXPECT_EQ(dealers[r], (1 + r) % players);
    EXPECT_EQ(t.s().rounds_completed(), 9);
  }
}

TEST(S48Rules, Rule3_UndealtCardsAreHiddenFromEveryone) {
  Table t("", 0);
  const CardSet undealt = t.s().undealt();
  EXPECT_EQ(undealt.size(), 52 - 32);
  for (Seat s = kSpectator; s < 4; ++s) {
    const CardSet visible = CardsIn(t.s().view(s));
    EXPECT_FALSE(visible.intersects(undealt)) << "seat " << s;
    for (Seat o = 0; o < 4; ++o)
      if (o != s) {
        EXPECT_FALSE(visible.intersects(t.s().hand(o))) << s << " sees " << o;
      }
    if (s >= 0) {
      EXPECT_TRUE(visible.contains_all(t.s().hand(s)));
    }
  }
  // Each player learns its hand through a private event.
  for (Seat s = 0; s < 4; ++s)
    EXPECT_TRUE(HasEvent(t.events(), SeatSet::of(s), "your hand: " + cards_text(t.s().hand(s))));
}

// Rule 4 / S48-A6: bidding order, range and the hook.

TEST(S48Rules, Rule4_BiddingStartsLeftOfDealerDealerLast) {
  Table t("", kS);
  EXPECT_EQ(t.s().to_act(), kW);
  EXPECT_EQ(t.Reject(kN, "bid 1"), "it is not your turn");
  EXPECT_EQ(t.Reject(kS, "bid 1"), "it is not your turn");
  ASSERT_TRUE(t.Do(kW, "bid 1"));
  EXPECT_EQ(t.s().to_act(), kN);
  ASSERT_TRUE(t.Do(kN, "bid 1"));
  ASSERT_TRUE(t.Do(kE, "bid 1"));
  EXPECT_EQ(t.s().to_act(), kS);
  ASSERT_TRUE(t.Do(kS, "bid 1"));
  EXPECT_EQ(t.s().phase(), State::Phase::kPlay);
}

TEST(S48Rules, A6_BidsRangeFromZeroToTheHandSize) {
  Table t("", kS);
  EXPECT_EQ(LegalTexts(t.s(), kW), Bids({0, 1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(t.Reject(kW, "bid 9"), "parse: a bid must be 0 to 8");
  State copy = t.s();
  EXPECT_EQ(copy.apply(kW, bid_move(9), nullptr).error,
            std::string("a bid must be 0 to the number of cards dealt"));
  // Round 5 has 4 cards: bids 0..4 only.
  Table u("", 0);
  while (u.s().round_index() < 4) {
    MoveList<State::kMaxMoves> moves;
    u.s().legal_moves(u.s().to_act(), moves);
    ASSERT_TRUE(u.Apply(u.s().to_act(), moves[0]).ok());
  }
  ASSERT_EQ(u.s().hand_size(), 4);
  EXPECT_EQ(LegalTexts(u.s(), u.s().to_act()), Bids({0, 1, 2, 3, 4}));
  EXPECT_EQ(u.Reject(u.s().to_act(), "bid 5"), "a bid must be 0 to the number of cards dealt");
}

TEST(S48Rules, Rule4_TheHookFromTheSeedExample) {
  // "Say West Bids 2, North Bids 4, East Bids 0, then South can Bid anything but 2."
  Table t("", kS);
  ASSERT_TRUE(t.DoInTurn({"bid 2", "bid 4", "bid 0"}));
  EXPECT_EQ(t.s().forbidden_bid(), 2);
  EXPECT_EQ(t.s().view(kS)["forbidden_bid"], 2);
  EXPECT_EQ(LegalTexts(t.s(), kS), Bids({0, 1, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(t.Reject(kS, "bid 2"),
            "the dealer may not bid 2: the bids would add up to the 8 tricks of the round (the "
            "dealer's hook)");
  ASSERT_TRUE(t.Do(kS, "bid 1"));
}

TEST(S48Rules, Rule4_TheHookBindsOnlyTheDealer) {
  Table t("", kS);
  // West may bid all 8; North may then bid 0 (total 8 so far) since North is not the dealer.
  ASSERT_TRUE(t.DoInTurn({"bid 8"}));
  EXPECT_EQ(t.s().forbidden_bid(), -1);
  EXPECT_EQ(LegalTexts(t.s(), kN), Bids({0, 1, 2, 3, 4, 5, 6, 7, 8}));
  ASSERT_TRUE(t.DoInTurn({"bid 0", "bid 0"}));
  // Total 8 already: the dealer may not bid 0.
  EXPECT_EQ(LegalTexts(t.s(), kS), Bids({1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST(S48Rules, Rule4_HookWithEveryTotalBelowTheHandSize) {
  for (int total = 0; total <= 8; ++total) EXPECT_EQ(hooked_bid(total, 8), 8 - total);
  EXPECT_EQ(hooked_bid(9, 8), -1);
  EXPECT_EQ(hooked_bid(24, 8), -1);
}

TEST(S48Rules, Rule4_BidsArePublic) {
  Table t("", kS);
  ASSERT_TRUE(t.Do(kW, "bid 3"));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S3 bids 3"));
  for (Seat s = kSpectator; s < 4; ++s) {
    EXPECT_EQ(t.s().view(s)["bids"][kW], 3);
    EXPECT_TRUE(t.s().view(s)["bids"][kN].is_null());
  }
}

// Rule 5: play.

TEST(S48Rules, Rule5_LeftOfDealerLeadsWinnerLeadsNext) {
  Table t("", kS, {ScoreboardDeals()[0]});
  ASSERT_TRUE(t.DoInTurn(Bids({2, 4, 0, 1})));
  EXPECT_EQ(t.s().to_act(), kW);
  EXPECT_EQ(t.s().view(kW)["trick"]["leader"], kW);
  EXPECT_EQ(t.Reject(kN, "play AS"), "it is not your turn");
  ASSERT_TRUE(t.DoInTurn({"play 2H", "play TS", "play 3H", "play AH"}));
  EXPECT_EQ(t.s().trick_winner_of(0), kS);
  EXPECT_EQ(t.s().to_act(), kS);
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "trick 1 to S2 (AH)"));
}

TEST(S48Rules, Rule5_MustFollowSuitElseAnyCard) {
  Table t("", kS, {ScoreboardDeals()[0]});
  ASSERT_TRUE(t.DoInTurn(Bids({2, 4, 0, 1})));
  ASSERT_TRUE(t.Do(kW, "play AC"));
  // North has no clubs: any card.
  EXPECT_EQ(LegalTexts(t.s(), kN).size(), 8u);
  ASSERT_TRUE(t.Do(kN, "play 7S"));
  // East holds clubs: clubs only.
  EXPECT_EQ(LegalTexts(t.s(), kE),
            (std::vector<std::string>{"play 2C", "play 3C", "play 4C", "play 5C"}));
  EXPECT_EQ(t.Reject(kE, "play 3H"), "you must follow suit");
  EXPECT_EQ(t.Reject(kE, "play AS"), "you do not hold that card");
  ASSERT_TRUE(t.Do(kE, "play 5C"));
  EXPECT_EQ(t.s().void_suits(kN), 1u << kClubs);
  EXPECT_EQ(t.s().void_suits(kE), 0u);
}

TEST(S48Rules, Rule5_MovesOutOfPhaseAreRejected) {
  Table t("", kS);
  EXPECT_EQ(t.Reject(kW, "play " + card_text(t.s().hand(kW).lowest())),
            "it is not time to play a card");
  ASSERT_TRUE(t.DoInTurn(Bids({1, 1, 1, 1})));
  EXPECT_EQ(t.Reject(kW, "bid 1"), "bidding is over for this round");
  State copy = t.s();
  EXPECT_FALSE(copy.apply(kW, Move{0}, nullptr).ok());
  EXPECT_FALSE(copy.apply(-1, bid_move(1), nullptr).ok());
  EXPECT_FALSE(copy.apply(4, bid_move(1), nullptr).ok());
  EXPECT_TRUE(copy == t.s());
}

// Rule 6 / S48-A4, A5: scoring.

TEST(S48Rules, Rule6_ExactBidScoresTenTimesTheBid) {
  EXPECT_EQ(round_points(1, 1), 10);
  EXPECT_EQ(round_points(4, 4), 40);
  EXPECT_EQ(round_points(8, 8), 80);
}

TEST(S48Rules, A4_ZeroCountsAsOne) {
  EXPECT_EQ(round_points(0, 0), 10);
  EXPECT_EQ(round_points(0, 1), -1);
  EXPECT_EQ(round_points(0, 5), -1);
}

TEST(S48Rules, A5_AMissedBidLosesTheBidOverOrUnder) {
  EXPECT_EQ(round_points(2, 3), -2);
  EXPECT_EQ(round_points(2, 1), -2);
  EXPECT_EQ(round_points(2, 0), -2);
  EXPECT_EQ(round_points(2, 8), -2);
  EXPECT_EQ(round_points(5, 4), -5);
}

// Rule 7 / S48-A9: the end, and a tied first place.

// Seeds of random matches (random moves from Rng(seed)) whose 9 rounds end with first place tied.
std::uint64_t FindTiedMatch(int players) {
  const Game game = MakeGame("players=" + std::to_string(players));
  for (std::uint64_t seed = 0; seed < 20000; ++seed) {
    State s = game.new_match(seed, 0, nullptr);
    Rng rng(seed);
    random_playout(s, rng);
    if (s.winners().size() > 1) return seed;
  }
  return ~std::uint64_t{0};
}

TEST(S48Rules, A9_ATiedFirstPlaceIsShared) {
  const std::uint64_t seed = FindTiedMatch(3);
  ASSERT_NE(seed, ~std::uint64_t{0}) << "no tied match found";
  State s = MakeGame("players=3").new_match(seed, 0, nullptr);
  Rng rng(seed);
  random_playout(s, rng);
  ASSERT_TRUE(s.over());
  EXPECT_EQ(s.rounds_completed(), 9);
  int best = -1000;
  for (Seat p = 0; p < 3; ++p) best = std::max(best, s.score(p));
  for (Seat p = 0; p < 3; ++p) EXPECT_EQ(s.winners().contains(p), s.score(p) == best);
  EXPECT_GT(s.winners().size(), 1);
}

TEST(S48Rules, A9_OptionExtraRoundsUntilOneLeads) {
  const std::uint64_t seed = FindTiedMatch(3);
  ASSERT_NE(seed, ~std::uint64_t{0});
  // The same seed and moves: the first 9 rounds are identical, then 8-card rounds follow.
  State s = MakeGame("players=3,final_tie=extra_round").new_match(seed, 0, nullptr);
  Rng rng(seed);
  MoveList<State::kMaxMoves> moves;
  while (!s.over()) {
    if (s.round_index() >= 9) {
      EXPECT_EQ(s.hand_size(), 8);
      EXPECT_EQ(s.dealer(), s.round_index() % 3);
      EXPECT_EQ(s.view(0)["extra_round"], true);
    }
    const Seat seat = s.to_act();
    moves.clear();
    s.legal_moves(seat, moves);
    s.apply(seat, moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))],
            nullptr);
  }
  EXPECT_GT(s.rounds_completed(), 9);
  EXPECT_EQ(s.winners().size(), 1);
  int best = -1000;
  for (Seat p = 0; p < 3; ++p) best = std::max(best, s.score(p));
  EXPECT_EQ(s.score(s.winners().lowest()), best);
}

TEST(S48Rules, Rule7_NoMovesAfterTheEnd) {
  Table t("players=5", 2);
  t.PlayOutFirstLegal();
  ASSERT_TRUE(t.s().over());
  EXPECT_TRUE(t.s().actors().empty());
  EXPECT_FALSE(t.s().winners().empty());
  State copy = t.s();
  EXPECT_EQ(copy.apply(0, bid_move(0), nullptr).error, std::string("the game is over"));
  EXPECT_EQ(t.s().check(), nullptr);
}

TEST(S48Rules, A8_SeedScoreboardArithmeticIsConsistent) {
  // The stray marks of the seed's table ("O0", "[", "|") are typos; the numbers add up.
  EXPECT_EQ(round_points(2, 3) + round_points(1, 1), 8);
  EXPECT_EQ(round_points(4, 4) + round_points(4, 2), 36);
  EXPECT_EQ(round_points(0, 0) + round_points(1, 2), 9);
  EXPECT_EQ(round_points(1, 1) + round_points(2, 2), 30);
}

TEST(S48Rules, OptionsAreValidated) {
  std::string error;
  EXPECT_FALSE(TryGame("players=2", &error));
  EXPECT_NE(error.find("players"), std::string::npos) << error;
  EXPECT_FALSE(TryGame("players=7", &error));
  EXPECT_FALSE(TryGame("cut_ace=middle", &error));
  EXPECT_NE(error.find("cut_ace"), std::string::npos) << error;
  EXPECT_FALSE(TryGame("final_tie=coin", &error));
  EXPECT_TRUE(TryGame("players=6,cut_ace=low,final_tie=extra_round", &error)) << error;
}

TEST(S48Rules, MoveTextRoundTrips) {
  Table t("", 0);
  std::string error;
  EXPECT_EQ(t.s().parse_move(0, "bid 3", &error), bid_move(3));
  EXPECT_EQ(t.s().parse_move(0, "  BID 0 ", &error), bid_move(0));
  EXPECT_EQ(t.s().parse_move(0, "play 10h", &error), play_move(make_card(kHearts, kTen)));
  EXPECT_EQ(t.s().parse_move(0, "QS", &error), play_move(make_card(kSpades, kQueen)));
  EXPECT_EQ(t.s().move_text(play_move(make_card(kClubs, kTen))), "play TC");
  EXPECT_FALSE(t.s().parse_move(0, "pass", &error));
  EXPECT_FALSE(t.s().parse_move(0, "bid", &error));
  EXPECT_FALSE(t.s().parse_move(0, "play XX", &error));
  EXPECT_FALSE(t.s().parse_move(0, "", &error));
}

// Views and resampling (DESIGN.md section 4).

TEST(S48Rules, ResampleHonoursVoidsAndKnownCards) {
  Table t("", kS, {ScoreboardDeals()[0]});
  ASSERT_TRUE(t.DoInTurn(Bids({2, 4, 0, 1})));
  ASSERT_TRUE(t.DoInTurn({"play AC", "play 7S", "play 2C", "play 8D"}));  // N and S void in clubs
  Rng rng(3);
  for (int k = 0; k < 200; ++k) {
    const State r = t.s().resample(kE, rng);
    ASSERT_EQ(r.check(), nullptr);
    EXPECT_EQ(r.hand(kE), t.s().hand(kE));
    EXPECT_TRUE(r.hand(kN).in_suit(kClubs).empty());
    EXPECT_TRUE(r.hand(kS).in_suit(kClubs).empty());
    EXPECT_EQ(r.view(kE), t.s().view(kE));
    for (Seat p = 0; p < 4; ++p) EXPECT_EQ(r.hand(p).size(), t.s().hand(p).size());
  }
  // The spectator knows no hand at all.
  const State r = t.s().resample(kSpectator, rng);
  EXPECT_EQ(r.view(kSpectator), t.s().view(kSpectator));
}

// ---------------------------------------------------------------------------------------------
// Acceptance scenarios

TEST(S48Scenario, S48_01_DealSchedule) {
  Table t("", kS);
  const std::vector<std::pair<Seat, int>> expect = {{kS, 8}, {kW, 7}, {kN, 6}, {kE, 5}, {kS, 4},
                                                    {kW, 5}, {kN, 6}, {kE, 7}, {kS, 8}};
  EXPECT_EQ(t.s().to_act(), kW);  // first bidder
  for (int r = 0; r < 9; ++r) {
    ASSERT_EQ(t.s().round_index(), r);
    EXPECT_EQ(t.s().dealer(), expect[r].first) << "round " << r + 1;
    EXPECT_EQ(t.s().hand_size(), expect[r].second) << "round " << r + 1;
    while (!t.s().over() && t.s().round_index() == r) {
      MoveList<State::kMaxMoves> moves;
      t.s().legal_moves(t.s().to_act(), moves);
      ASSERT_TRUE(t.Apply(t.s().to_act(), moves[0]).ok());
    }
  }
  EXPECT_TRUE(t.s().over());
}

TEST(S48Scenario, S48_03_NoHookWhenBidsAlreadyExceed) {
  Table t("", kS);
  ASSERT_TRUE(t.DoInTurn({"bid 5", "bid 4", "bid 0"}));
  EXPECT_EQ(t.s().forbidden_bid(), -1);
  EXPECT_TRUE(t.s().view(kS)["forbidden_bid"].is_null());
  EXPECT_EQ(LegalTexts(t.s(), kS), Bids({0, 1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST(S48Scenario, S48_05_Scoring) {
  const struct {
    int bid;
    bool made;
    int points;
  } rows[] = {{4, true, 40},  {2, false, -2}, {0, true, 10},
              {0, false, -1}, {1, true, 10},  {8, true, 80}};
  for (const auto& r : rows)
    EXPECT_EQ(round_points(r.bid, r.made ? r.bid : r.bid + 1), r.points) << r.bid;
}

TEST(S48Scenario, S48_07_NoTrumps) {
  // N leads 2S; E, S, W are void in spades and play AH, KD, QC: North wins.
  Table t("", kW,
          {MakeDeal({"2S 3S 4S 5S 6S 7S 8S", "AH 2H 3H 4H 5H 6H 7H", "KD 2D 3D 4D 5D 6D 7D",
                     "QC 2C 3C 4C 5C 6C 7C"})});
  // Round 1 deals 8 cards: this 7-card deal does not fit and is shuffled; use round 2 instead.
  EXPECT_TRUE(HasEvent(t.events(), kEveryone,
                       "explicit deal 1 has hands of 7 cards but this round deals 8: not used, "
                       "the cards are shuffled"));
  Table u("", kW,
          {MakeDeal({"2S 3S 4S 5S 6S 7S 8S 9S", "AH 2H 3H 4H 5H 6H 7H 8H",
                     "KD 2D 3D 4D 5D 6D 7D 8D", "QC 2C 3C 4C 5C 6C 7C 8C"})});
  ASSERT_TRUE(u.DoInTurn(Bids({0, 0, 0, 0})));
  ASSERT_TRUE(u.DoInTurn({"play 2S", "play AH", "play KD", "play QC"}));
  EXPECT_EQ(u.s().trick_winner_of(0), kN);
  EXPECT_EQ(u.s().tricks_won(kN), 1);
  EXPECT_EQ(Winner("2S AH KD QC"), 0);
}

TEST(S48Scenario, S48_09_SixPlayersDeal48) {
  Table t("players=6", 0);
  int dealt = 0;
  for (Seat s = 0; s < 6; ++s) dealt += t.s().hand(s).size();
  EXPECT_EQ(dealt, 48);
  EXPECT_EQ(t.s().undealt().size(), 4);
  EXPECT_EQ(t.s().check(), nullptr);
}

TEST(S48Scenario, SeedScoreboard) {
  Table t("", kS, ScoreboardDeals());
  for (const auto& [seat, text] : ScoreboardMoves()) {
    if (t.s().rounds_completed() == 0 && text == "bid 1" && seat == kS) {
      // The hook: South, dealing, may not bid 2 (2 + 4 + 0 + 2 = 8).
      EXPECT_EQ(t.s().forbidden_bid(), 2);
    }
    if (t.s().rounds_completed() == 1 && seat == kW && text == "bid 1") {
      EXPECT_EQ(t.s().forbidden_bid(), 0);  // 4 + 1 + 2 + 0 = 7
    }
    ASSERT_TRUE(t.Do(seat, text));
    if (t.s().rounds_completed() == 1 && t.s().phase() == State::Phase::kBid && t.s().bid(kN) < 0) {
      // After round 1: W N E S = -2 40 10 10.
      const RoundRecord& r = t.s().last_round_record();
      EXPECT_EQ(r.tricks_won[kW], 3);
      EXPECT_EQ(r.tricks_won[kN], 4);
      EXPECT_EQ(r.tricks_won[kE], 0);
      EXPECT_EQ(r.tricks_won[kS], 1);
      EXPECT_EQ(t.s().score(kW), -2);
      EXPECT_EQ(t.s().score(kN), 40);
      EXPECT_EQ(t.s().score(kE), 10);
      EXPECT_EQ(t.s().score(kS), 10);
      EXPECT_EQ(t.s().dealer(), kW);
      EXPECT_EQ(t.s().hand_size(), 7);
    }
  }
  ASSERT_EQ(t.s().rounds_completed(), 2);
  const RoundRecord& r = t.s().last_round_record();
  EXPECT_EQ(r.points[kW], 10);
  EXPECT_EQ(r.points[kN], -4);
  EXPECT_EQ(r.points[kE], -1);
  EXPECT_EQ(r.points[kS], 20);
  // Totals: West 8, North 36, East 9, South 30.
  EXPECT_EQ(t.s().score(kW), 8);
  EXPECT_EQ(t.s().score(kN), 36);
  EXPECT_EQ(t.s().score(kE), 9);
  EXPECT_EQ(t.s().score(kS), 30);
  // West last dealt 7; North deals 6 next.
  EXPECT_EQ(t.s().dealer(), kN);
  EXPECT_EQ(t.s().hand_size(), 6);
}

// ---------------------------------------------------------------------------------------------
// Records and replay --json

TEST(S48Record, ReplayJsonRoundFields) {
  register_all_games();
  std::string error;
  auto session = Session::from_record(ScoreboardRecord(), &error);
  ASSERT_TRUE(session) << error;
  const nlohmann::json summary = session->summary();
  EXPECT_EQ(summary["totals"], nlohmann::json({36, 9, 30, 8}));
  EXPECT_FALSE(summary.contains("team_totals"));
  ASSERT_EQ(summary["rounds"].size(), 2u);
  const nlohmann::json& r1 = summary["rounds"][0];
  EXPECT_EQ(r1["dealer"], kS);
  EXPECT_EQ(r1["hand_size"], 8);
  EXPECT_EQ(r1["bids"], nlohmann::json({4, 0, 1, 2}));
  EXPECT_EQ(r1["tricks_won"], nlohmann::json({4, 0, 1, 3}));
  EXPECT_EQ(r1["points"], nlohmann::json({40, 10, 10, -2}));
  ASSERT_EQ(r1["tricks"].size(), 8u);
  EXPECT_EQ(r1["tricks"][0],
            nlohmann::json({{"leader", kW}, {"cards", {"AC", "7S", "2C", "8D"}}, {"winner", kW}}));
  EXPECT_EQ(r1["tricks"][4],
            nlohmann::json({{"leader", kS}, {"cards", {"2S", "2D", "JS", "5C"}}, {"winner", kN}}));
  const nlohmann::json& r2 = summary["rounds"][1];
  EXPECT_EQ(r2["dealer"], kW);
  EXPECT_EQ(r2["hand_size"], 7);
  EXPECT_EQ(r2["bids"], nlohmann::json({4, 1, 2, 1}));
  EXPECT_EQ(r2["tricks_won"], nlohmann::json({2, 2, 2, 1}));
  EXPECT_EQ(r2["points"], nlohmann::json({-4, -1, 20, 10}));
  EXPECT_EQ(r2["tricks"].size(), 7u);
}

TEST(S48Record, CheckedInRecordFileMatches) {
  // tests/records/s48_seed_scoreboard.json is the same record, for the CLI (`cardroom replay`).
  // With CARDROOM_REGEN_GOLDEN=1 (scripts/regen_golden.sh) the file is rewritten.
  register_all_games();
  auto session = testing_util::CheckedInRecord("s48_seed_scoreboard.json", ScoreboardRecord());
  ASSERT_TRUE(session);
  EXPECT_EQ(session->summary()["totals"], nlohmann::json({36, 9, 30, 8}));
}

TEST(S48Record, BadDealsGiveClearErrors) {
  const Game game = MakeGame("");
  EXPECT_EQ(game.validate_deal(MakeDeal({"AS", "KS", "QS"})),
            "needs 4 hands, one per seat (got 3)");
  EXPECT_EQ(game.validate_deal(MakeDeal({"AS KS QS", "2H 3H 4H", "2D 3D 4D", "2C 3C 4C"})),
            "hands must have 4 to 8 cards (hand of S0 has 3)");
  EXPECT_EQ(game.validate_deal(MakeDeal({"AS KS QS JS", "2H 3H 4H 5H", "2D 3D 4D 5D", "2C 3C 4C"})),
            "hand of S3 has 3 cards (S0 has 4; all hands are the same size)");
  EXPECT_EQ(
      game.validate_deal(MakeDeal({"AS KS QS JS", "2H 3H 4H 5H", "2D 3D 4D 5D", "2C 3C 4C AS"})),
      "hand of S3: AS appears twice");
  EXPECT_EQ(game.validate_deal(
                MakeDeal({"AS KS QS JS", "2H 3H 4H 5H", "2D 3D 4D 5D", "2C 3C 4C 5C"}, "2H")),
            "pack: 2H appears twice");
  EXPECT_EQ(game.validate_deal(
                MakeDeal({"AS KS QS JS", "2H 3H 4H 5H", "2D 3D 4D 5D", "2C 3C 4C 5C"}, "6C 7C")),
            "");
}

// ---------------------------------------------------------------------------------------------
// Perft: 3 players, dealer S0, round 1 (8 cards). S1 holds 8 hearts, S2 four hearts and four
// spades, S0 8 clubs. Bidding: 9 * 9 * 9 minus the hooked dealer bid whenever b1 + b2 <= 8 (45
// of the 81 pairs) = 684. Then S1 leads one of 8 hearts, S2 must follow with one of its 4, and S0
// (void) plays any of its 8.

using testing_util::Perft;

TEST(S48Perft, ThreePlayersRound1) {
  Table t("players=3", 0,
          {MakeDeal(
              {"2C 3C 4C 5C 6C 7C 8C 9C", "2H 3H 4H 5H 6H 7H 8H 9H", "TH JH QH KH 2S 3S 4S 5S"})});
  const std::vector<std::uint64_t> expected = {
      1, 9, 81, 684, 684 * 8, 684 * 8 * 4, 684 * 8 * 4 * 8};
  for (int d = 0; d < static_cast<int>(expected.size()); ++d)
    EXPECT_EQ(Perft(t.s(), d), expected[d]) << "depth " << d;
}

TEST(S48Perft, FourPlayersScoreboardDealPlay) {
  // From the start of play of the scoreboard's round 1: W leads any of 8; the follow-ups are
  // computed by the engine and pinned here (a change means changed rules).
  Table t("", kS, {ScoreboardDeals()[0]});
  ASSERT_TRUE(t.DoInTurn(Bids({2, 4, 0, 1})));
  // W: 8 leads. Clubs led (AC KC QC): N any of 8, E 4 clubs, S any of 8 = 256 each;
  // heart led (2H): N 8, E 4 hearts, S 1 (AH) = 32; diamond led (2D..5D): N 8, E 8, S 6 = 384.
  EXPECT_EQ(Perft(t.s(), 1), 8u);
  EXPECT_EQ(Perft(t.s(), 4), 3u * 256 + 32 + 4u * 384);
}

}  // namespace
}  // namespace cardroom::s48
