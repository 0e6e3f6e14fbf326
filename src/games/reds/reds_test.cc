// Reds rule tests (DESIGN.md section 8; RULINGS.md section 1).
//
//   RedsRules.*     one or more tests per numbered rule 1-13 and per ruling REDS-A1..A12
//   RedsScenario.*  the acceptance scenarios REDS-01, 03, 05, 07 and 09, data-driven
//   RedsRecord.*    a hand-checked game record with explicit deals for every round, and bad records
//   RedsPerft.*     perft counts from fixed explicit deals, checked by hand and by a reference
//   model
//
// Seats: S0..S(n-1) clockwise; "left of X" = X+1. Cards are written "AS KS 7D 2C" (rank 2-9 T J Q K
// A, suit S H D C). Reds uses spades, diamonds and clubs; diamonds are always trump.
#include "games/reds/reds.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/common/test_paths.h"
#include "games/common/test_util.h"

namespace cardroom::reds {
namespace {

// ---------------------------------------------------------------------------------------------
// Helpers

using testing_util::AllViews;
using testing_util::CardsIn;
using testing_util::HasEvent;
using testing_util::LegalTexts;
using testing_util::List;
using testing_util::Set;

Game MakeGame(const std::string& options) { return testing_util::MakeGame<Game>("reds", options); }

Card C(std::string_view text) {
  auto card = parse_card(text);
  EXPECT_TRUE(card.has_value()) << "bad card in a test: " << text;
  return card.value_or(kNoCard);
}

std::string Text(CardSet set) { return cards_text(set); }

// An explicit deal: one hand per seat ("AS KS QS JS TS") and the undealt pack, top first.
Deal MakeDeal(const std::vector<std::string>& hands, const std::string& pack) {
  Deal deal;
  for (const auto& h : hands) deal.hands.push_back(List(h));
  deal.pack = List(pack);
  return deal;
}

// The error of loading a game string through the registry ("" if it loads).
std::string LoadError(const std::string& game_string) {
  register_all_games();
  std::string error;
  auto game = load_game(game_string, &error);
  if (game) return "";
  EXPECT_FALSE(error.empty()) << game_string << " failed without a message";
  return error.empty() ? "(no message)" : error;
}

Move FirstLegal(const State& state, Seat seat) {
  MoveList<State::kMaxMoves> moves;
  state.legal_moves(seat, moves);
  EXPECT_FALSE(moves.empty());
  return moves[0];
}

// A match driven through the typed API with events on and explicit deals.
class Table : public testing_util::RulesTable<Game, State> {
 public:
  Table(const std::string& options, int first_dealer, std::vector<Deal> deals = {},
        std::uint64_t seed = 1)
      : RulesTable(MakeGame(options), std::move(deals), first_dealer, seed) {}

  // The lowest actor makes its first legal move.
  void StepFirstLegal() {
    Seat seat = state_.actors().lowest();
    Status st = Apply(seat, FirstLegal(state_, seat));
    ASSERT_TRUE(st.ok()) << st.error;
  }

  // Everyone bids bids[seat] (in bidding order, starting left of the dealer).
  bool BidAll(const std::vector<int>& bids) {
    const int n = state_.num_seats();
    const Seat first = (state_.dealer() + 1) % n;
    for (int i = 0; i < n; ++i) {
      Seat seat = (first + i) % n;
      if (!Do(seat, "bid " + std::to_string(bids[seat]))) return false;
    }
    return true;
  }
};

// A table in the play phase of round 1 (exchange: 4 cards to the left) where seat s holds exactly
// post[s] after the exchange. The deal gives seat s the first card of post[s] plus the last four
// cards of post[s+1]; seat s keeps its first card and passes those four to its left neighbour s+1.
Table AtPlay(const std::string& options, int dealer, const std::vector<std::string>& post,
             const std::string& pack, std::vector<int> bids = {}) {
  const int n = static_cast<int>(post.size());
  std::vector<std::string> pre(n), gives(n);
  for (Seat s = 0; s < n; ++s) {
    std::vector<Card> mine = List(post[s]);
    std::vector<Card> next = List(post[(s + 1) % n]);
    std::vector<Card> give(next.begin() + 1, next.end());
    pre[s] = card_text(mine[0]) + " " + cards_text(give);
    gives[s] = "give " + cards_text(give);
  }
  Table t(options, dealer, {MakeDeal(pre, pack)});
  if (bids.empty()) bids.assign(n, 1);
  EXPECT_TRUE(t.BidAll(bids));
  for (Seat s = 0; s < n; ++s) EXPECT_TRUE(t.Do(s, gives[s]));
  EXPECT_EQ(t.s().phase(), State::Phase::kPlay);
  for (Seat s = 0; s < n; ++s) EXPECT_EQ(Text(t.s().hand(s)), Text(Set(post[s]))) << "S" << s;
  return t;
}

// The winner (index in play order) of a trick written as text.
int Winner(std::string_view cards, int anti_trump, AntiTrumpLead rule = AntiTrumpLead::kDrop) {
  std::vector<Card> trick = List(cards);
  return trick_winner(trick.data(), static_cast<int>(trick.size()), anti_trump, rule);
}

// One random match played through the typed API; per-round records and whether each round had an
// exchange phase.
struct MatchLog {
  int first_dealer = 0;
  std::vector<RoundRecord> rounds;
  std::vector<bool> exchanged;
  std::vector<std::vector<int>> totals;  // per seat, after each round
  SeatSet winners;
};

MatchLog PlayRandomMatch(const Game& game, std::uint64_t seed) {
  State s = game.new_match(seed, -1, nullptr);
  Rng rng(seed * 7919 + 13);
  MatchLog log;
  log.first_dealer = s.dealer();
  bool exchanged = false;
  while (!s.over()) {
    if (s.phase() == State::Phase::kExchange) exchanged = true;
    const Seat seat = s.actors().lowest();
    const int before = s.rounds_completed();
    Status st = s.apply(seat, random_legal_move(s, seat, rng), nullptr);
    EXPECT_TRUE(st.ok()) << st.error;
    if (!st.ok()) break;
    if (s.rounds_completed() > before) {
      log.rounds.push_back(s.last_round_record());
      log.exchanged.push_back(exchanged);
      exchanged = false;
      std::vector<int> totals;
      for (Seat p = 0; p < s.num_seats(); ++p) totals.push_back(s.score(p));
      log.totals.push_back(totals);
    }
  }
  log.winners = s.winners();
  return log;
}

// Units (seats, or teams with a partnership) ranked by total: the set of units in first place.
std::vector<int> Leaders(const std::vector<int>& seat_totals, bool partnership) {
  const int n = static_cast<int>(seat_totals.size());
  std::vector<int> units;
  if (partnership)
    for (int t = 0; t < n / 2; ++t) units.push_back(seat_totals[t] + seat_totals[t + n / 2]);
  else
    units = seat_totals;
  const int best = *std::max_element(units.begin(), units.end());
  std::vector<int> out;
  for (int u = 0; u < static_cast<int>(units.size()); ++u)
    if (units[u] == best) out.push_back(u);
  return out;
}

// Rules 3, 7, 12 and REDS-A9 on one finished match: dealer passes left, chart rows and exchanges,
// 9 (or 5) rounds, then tie-break rounds with no exchange until one unit leads alone.
void CheckMatchFlow(const Config& config, const MatchLog& log) {
  const int n = config.players;
  const int regular = config.short_game ? 5 : 9;
  ASSERT_GE(static_cast<int>(log.rounds.size()), regular);
  static constexpr int kShortRows[] = {1, 4, 5, 8, 9};
  for (int r = 0; r < static_cast<int>(log.rounds.size()); ++r) {
    const RoundRecord& rec = log.rounds[r];
    EXPECT_EQ(rec.round, r + 1);
    EXPECT_EQ(rec.dealer, (log.first_dealer + r) % n) << "round " << r + 1;
    const int row = r >= regular ? 9 : (config.short_game ? kShortRows[r] : r + 1);
    EXPECT_EQ(rec.chart_row, row) << "round " << r + 1;
    EXPECT_EQ(log.exchanged[r], row != 9) << "round " << r + 1;
    int tricks = 0;
    for (Seat s = 0; s < n; ++s) {
      tricks += rec.tricks_won[s];
      EXPECT_EQ(rec.points[s], round_points(rec.bids[s], rec.tricks_won[s]));
      const int before = r == 0 ? 0 : log.totals[r - 1][s];
      EXPECT_EQ(log.totals[r][s], before + rec.points[s]);
    }
    EXPECT_EQ(tricks, kTricks);
    if (r >= regular - 1) {
      const bool last = r + 1 == static_cast<int>(log.rounds.size());
      const auto leaders = Leaders(log.totals[r], config.partnership);
      EXPECT_EQ(leaders.size() == 1, last) << "round " << r + 1 << ": the match must end exactly "
                                           << "after the first round with a unique leader";
      if (last && leaders.size() == 1) {
        SeatSet expected = SeatSet::of(leaders[0]);
        if (config.partnership) expected.add(leaders[0] + n / 2);
        EXPECT_EQ(log.winners, expected);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Rule 1: 2-6 players.

TEST(RedsRules, Rule1_TwoToSixPlayers) {
  for (int n = 2; n <= 6; ++n) {
    Game game = MakeGame("players=" + std::to_string(n));
    EXPECT_EQ(game.num_seats(), n);
    State s = game.new_match(5, 0, nullptr);
    EXPECT_EQ(s.num_seats(), n);
    for (Seat p = 0; p < n; ++p) EXPECT_EQ(s.hand(p).size(), kHandSize);
    EXPECT_EQ(s.check(), nullptr);
  }
  EXPECT_EQ(MakeGame("").num_seats(), 4) << "default: 4 players";
  for (const char* bad : {"reds(players=1)", "reds(players=7)", "reds(players=0)"}) {
    std::string error = LoadError(bad);
    EXPECT_NE(error.find("'players'"), std::string::npos) << error;
    EXPECT_NE(error.find("2..6"), std::string::npos) << error;
  }
}

// ---------------------------------------------------------------------------------------------
// Rule 2: 39 cards (spades, diamonds, clubs 2..A); A > K > ... > 2 in every suit.

TEST(RedsRules, Rule2_Deck39CardsNoHearts) {
  EXPECT_EQ(kDeck.size(), 39);
  EXPECT_EQ(kDeckSize, 39);
  EXPECT_TRUE(kDeck.in_suit(kHearts).empty());
  for (int suit : {kSpades, kDiamonds, kClubs}) EXPECT_EQ(kDeck.in_suit(suit).size(), 13);
  // Every deal of every table size uses exactly the 39 cards: hands, turned cards and pack.
  for (int n = 2; n <= 6; ++n) {
    Game game = MakeGame("players=" + std::to_string(n));
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
      State s = game.new_match(seed, -1, nullptr);
      CardSet seen = s.turned_set();
      for (Seat p = 0; p < n; ++p) {
        EXPECT_FALSE(seen.intersects(s.hand(p)));
        seen |= s.hand(p);
      }
      EXPECT_TRUE(kDeck.contains_all(seen));
      EXPECT_TRUE(seen.in_suit(kHearts).empty());
      EXPECT_EQ(s.check(), nullptr);  // conservation of all 39 cards, pack included
    }
  }
  // A heart in an explicit deal is refused.
  Game game = MakeGame("players=2");
  std::string why = game.validate_deal(MakeDeal({"AH KS QS JS TS", "2S 3S 4S 5S 6S"}, ""));
  EXPECT_NE(why.find("AH is not in the Reds deck"), std::string::npos) << why;
}

TEST(RedsRules, Rule2_RankOrderAceHighInEverySuit) {
  // Suit led and no trump or other contender: the higher rank always wins, in every suit.
  for (int suit : {kSpades, kDiamonds, kClubs})
    for (int lo = 0; lo < kRanks; ++lo)
      for (int hi = lo + 1; hi < kRanks; ++hi) {
        Card a[] = {make_card(suit, lo), make_card(suit, hi)};
        Card b[] = {make_card(suit, hi), make_card(suit, lo)};
        for (int anti : {int(kSpades), int(kClubs)}) {
          EXPECT_EQ(trick_winner(a, 2, anti, AntiTrumpLead::kDrop), 1);
          EXPECT_EQ(trick_winner(b, 2, anti, AntiTrumpLead::kDrop), 0);
        }
      }
}

// ---------------------------------------------------------------------------------------------
// Rule 3 / REDS-A3: the first dealer is drawn by rank; tied players redraw.

struct DrawLine {
  std::vector<std::pair<Seat, Card>> draws;
};

// Parses the draw events ("draw for deal: S0 5S S1 KD ...") and the "Sx deals first" event.
void ParseDraws(const std::vector<Event>& events, std::vector<DrawLine>* lines, Seat* dealer) {
  *dealer = -1;
  for (const auto& e : events) {
    const std::string prefix = "draw for deal:";
    if (e.text.rfind(prefix, 0) == 0) {
      EXPECT_TRUE(e.public_event()) << e.text;
      std::istringstream in(e.text.substr(prefix.size()));
      DrawLine line;
      std::string seat, card;
      while (in >> seat >> card) line.draws.emplace_back(std::stoi(seat.substr(1)), C(card));
      lines->push_back(line);
    }
    const std::string suffix = " deals first";
    if (e.text.size() > suffix.size() &&
        e.text.compare(e.text.size() - suffix.size(), suffix.size(), suffix) == 0) {
      EXPECT_TRUE(e.public_event());
      *dealer = std::stoi(e.text.substr(1));
      return;
    }
  }
}

TEST(RedsRules, Rule3_FirstDealerDrawsHighestRank) {
  // Statistical over seeds: the dealer is the seat with the (unique) highest rank of the last draw.
  int draws_checked = 0;
  for (int n = 2; n <= 6; ++n)
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
      Table t("players=" + std::to_string(n), -1, {}, seed);
      std::vector<DrawLine> lines;
      Seat dealer = -1;
      ParseDraws(t.events(), &lines, &dealer);
      ASSERT_FALSE(lines.empty()) << "no draw event, seed " << seed;
      ASSERT_EQ(static_cast<int>(lines[0].draws.size()), n) << "everyone draws";
      const DrawLine& last = lines.back();
      int best = -1, count = 0;
      Seat best_seat = -1;
      for (auto [seat, card] : last.draws) {
        EXPECT_TRUE(kDeck.contains(card));
        if (rank_of(card) > best)
          best = rank_of(card), count = 1, best_seat = seat;
        else if (rank_of(card) == best)
          ++count;
      }
      EXPECT_EQ(count, 1) << "the final draw must have a unique highest rank";
      EXPECT_EQ(dealer, best_seat) << "seed " << seed;
      EXPECT_EQ(t.s().dealer(), best_seat) << "seed " << seed;
      ++draws_checked;
    }
  EXPECT_EQ(draws_checked, 1000);
}

TEST(RedsRules, A3_TiesByRankRedrawAmongTiedPlayersOnly) {
  int redraws = 0, mixed_suit_ties = 0;
  for (int n = 2; n <= 6; ++n)
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
      Table t("players=" + std::to_string(n), -1, {}, seed);
      std::vector<DrawLine> lines;
      Seat dealer = -1;
      ParseDraws(t.events(), &lines, &dealer);
      for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
        // Not the last draw: the highest rank is shared (suits ignored), and exactly the tied
        // players draw again.
        int best = -1;
        for (auto [seat, card] : lines[i].draws) best = std::max(best, rank_of(card));
        std::vector<Seat> tied;
        std::set<int> suits;
        for (auto [seat, card] : lines[i].draws)
          if (rank_of(card) == best) tied.push_back(seat), suits.insert(suit_of(card));
        EXPECT_GE(tied.size(), 2u) << "a redraw without a tie, seed " << seed;
        std::vector<Seat> next;
        for (auto [seat, card] : lines[i + 1].draws) next.push_back(seat);
        EXPECT_EQ(next, tied) << "only the tied players redraw, seed " << seed;
        ++redraws;
        if (suits.size() > 1) ++mixed_suit_ties;
      }
    }
  EXPECT_GT(redraws, 20) << "ties are common with 3-6 players; the test must see some";
  EXPECT_GT(mixed_suit_ties, 5) << "same rank, different suits is a tie (suits are ignored)";
}

TEST(RedsRules, Rule3_GivenFirstDealerSkipsTheDraw) {
  Table t("players=4", 2);
  EXPECT_EQ(t.s().dealer(), 2);
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S2 deals first"));
  for (const auto& e : t.events()) EXPECT_EQ(e.text.find("draw for deal"), std::string::npos);
}

TEST(RedsRules, Rule3_DealPassesLeftEachRound) {
  for (int n : {2, 3, 5}) {
    Game game = MakeGame("players=" + std::to_string(n));
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      MatchLog log = PlayRandomMatch(game, seed);
      for (int r = 0; r < static_cast<int>(log.rounds.size()); ++r)
        EXPECT_EQ(log.rounds[r].dealer, (log.first_dealer + r) % n);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Rule 4 / REDS-A4: deal 5 each; turn from the pack top until a black card: its suit is anti-trump.

const std::vector<std::string> kDeal4 = {"AS KS QS JS TS", "9S 8S 7S 6S 5S", "AD KD QD JD TD",
                                         "AC KC QC JC TC"};

TEST(RedsRules, Rule4_DealFiveEachAndTurnToFirstBlackCard) {
  Table t("players=4", 0, {MakeDeal(kDeal4, "3D 7D 2S 9C")});
  const State& s = t.s();
  for (Seat p = 0; p < 4; ++p) EXPECT_EQ(Text(s.hand(p)), Text(Set(kDeal4[p])));
  // 3D and 7D are red: keep turning; 2S is black: spades are anti-trump, clubs neutral.
  EXPECT_EQ(s.anti_trump(), kSpades);
  EXPECT_EQ(Text(s.turned_set()), Text(Set("3D 7D 2S")));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "turned: 3D 7D 2S"));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "anti-trump is \u2660"));
  // Hands are dealt face down: each seat alone is told its hand.
  for (Seat p = 0; p < 4; ++p)
    EXPECT_TRUE(HasEvent(t.events(), SeatSet::of(p), "your hand: " + Text(Set(kDeal4[p]))));
  for (Seat p = 0; p < 4; ++p) {
    nlohmann::json v = s.view(p);
    EXPECT_EQ(v["hand"].size(), 5u);
    EXPECT_EQ(v["hand_sizes"], nlohmann::json::array({5, 5, 5, 5}));
    for (Seat q = 0; q < 4; ++q) {
      if (q == p) continue;
      EXPECT_FALSE(CardsIn(v).intersects(s.hand(q))) << "S" << p << " sees S" << q;
    }
  }
  nlohmann::json spectator = s.view(kSpectator);
  EXPECT_FALSE(spectator.contains("hand"));
  for (Seat q = 0; q < 4; ++q) EXPECT_FALSE(CardsIn(spectator).intersects(s.hand(q)));
}

TEST(RedsRules, Rule4_AntiTrumpIsSuitOfFirstBlackTurnedCard) {
  // Over many shuffled deals: every turned card but the last is a diamond, the last is black and
  // names the anti-trump suit (or, with 6 players only, all 9 undealt cards are diamonds).
  for (int n = 2; n <= 6; ++n) {
    Game game = MakeGame("players=" + std::to_string(n));
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
      State s = game.new_match(seed, 0, nullptr);
      nlohmann::json turned = s.view(kSpectator)["turned"];
      ASSERT_GE(turned.size(), 1u);
      for (std::size_t i = 0; i + 1 < turned.size(); ++i)
        EXPECT_EQ(suit_of(C(turned[i].get<std::string>())), kDiamonds);
      const Card last = C(turned.back().get<std::string>());
      if (suit_of(last) == kDiamonds) {
        EXPECT_EQ(n, 6);
        EXPECT_EQ(turned.size(), 9u);
      } else {
        EXPECT_EQ(s.anti_trump(), suit_of(last)) << "seed " << seed;
      }
      EXPECT_EQ(static_cast<int>(turned.size()), s.turned_set().size());
    }
  }
}

TEST(RedsRules, Rule4_SixPlayersAllDiamondPackHasNoAntiTrump) {
  // 6 players: 30 cards dealt, 9 remain; if all 9 are diamonds no black card can be turned.
  const std::vector<std::string> hands = {"AS KS QS JS TS", "9S 8S 7S 6S 5S", "4S 3S 2S AC KC",
                                          "QC JC TC 9C 8C", "7C 6C 5C 4C 3C", "2C AD KD QD JD"};
  Game game = MakeGame("players=6");
  std::vector<Deal> deals = {MakeDeal(hands, "2D 3D 4D 5D 6D 7D 8D 9D TD")};
  ApplyContext quiet{nullptr, deals};  // no events: see the bug note in RedsScenario.REDS_07
  State s = game.new_match(1, 0, &quiet);
  EXPECT_EQ(Text(s.turned_set()), Text(Set("2D 3D 4D 5D 6D 7D 8D 9D TD"))) << "all 9 turned";
  ASSERT_EQ(s.anti_trump(), kNoSuit) << "no anti-trump this round (rule 4; header: kNoSuit)";
  nlohmann::json v = s.view(kSpectator);
  EXPECT_TRUE(v["anti_trump"].is_null());
}

TEST(RedsRules, A4_TurnedCardsStayPublicAndOutOfPlay) {
  Table t("players=4", 0, {MakeDeal(kDeal4, "3D 7D 2S 9C")});
  const CardSet turned = Set("3D 7D 2S");
  auto check_public = [&](const char* when) {
    for (Seat p = kSpectator; p < 4; ++p)
      EXPECT_EQ(t.s().view(p)["turned"], nlohmann::json({"3D", "7D", "2S"})) << when;
    for (Seat p = 0; p < 4; ++p) EXPECT_FALSE(t.s().hand(p).intersects(turned)) << when;
    EXPECT_FALSE(t.s().played_this_round().intersects(turned)) << when;
    // A resampled state keeps them: they are known to everyone.
    Rng rng(3);
    for (Seat p = kSpectator; p < 4; ++p) EXPECT_EQ(t.s().resample(p, rng).turned_set(), turned);
  };
  check_public("after the deal");
  ASSERT_TRUE(t.BidAll({1, 1, 1, 1}));
  for (Seat p = 0; p < 4; ++p) t.StepFirstLegal();
  check_public("after the exchange");
  for (int i = 0; i < 19; ++i) t.StepFirstLegal();
  check_public("before the last card");
  t.StepFirstLegal();
  ASSERT_EQ(t.s().rounds_completed(), 1);
  EXPECT_EQ(t.s().last_round(kOmniscient)["turned"], nlohmann::json({"3D", "7D", "2S"}));
  EXPECT_EQ(t.s().last_round(kOmniscient)["anti_trump"], "S");
}

// ---------------------------------------------------------------------------------------------
// Rule 5: bidding -> exchange -> 5 tricks -> scoring.

TEST(RedsRules, Rule5_RoundStructure) {
  Table t("players=3", 0);
  EXPECT_EQ(t.s().phase(), State::Phase::kBid);
  EXPECT_EQ(t.Reject(1, "give " + Text(t.s().hand(1)).substr(0, 11)),
            "it is not time to exchange cards");
  EXPECT_EQ(t.Reject(1, play_move(t.s().hand(1).lowest())), "it is not time to play a card");
  ASSERT_TRUE(t.BidAll({1, 2, 0}));
  EXPECT_EQ(t.s().phase(), State::Phase::kExchange);
  EXPECT_EQ(t.Reject(1, play_move(t.s().hand(1).lowest())), "it is not time to play a card");
  for (int i = 0; i < 3; ++i) t.StepFirstLegal();
  EXPECT_EQ(t.s().phase(), State::Phase::kPlay);
  for (int trick = 0; trick < kTricks; ++trick) {
    EXPECT_EQ(t.s().trick_number(), trick);
    for (int i = 0; i < 3; ++i) t.StepFirstLegal();
  }
  // Scored, and the next round starts with bidding.
  EXPECT_EQ(t.s().rounds_completed(), 1);
  EXPECT_EQ(t.s().round_index(), 1);
  EXPECT_EQ(t.s().phase(), State::Phase::kBid);
  const RoundRecord& r = t.s().last_round_record();
  for (Seat p = 0; p < 3; ++p) {
    EXPECT_EQ(r.points[p], round_points(r.bids[p], r.tricks_won[p]));
    EXPECT_EQ(t.s().score(p), r.points[p]);
  }
}

// ---------------------------------------------------------------------------------------------
// Rule 6: bidding from the dealer's left to the dealer, 0..5, public.

TEST(RedsRules, Rule6_BiddingOrderFromDealersLeft) {
  Table t("players=4", 2, {MakeDeal(kDeal4, "9C")});
  EXPECT_EQ(t.s().mode(), ActorMode::kTurn);
  const Seat order[] = {3, 0, 1, 2};
  for (Seat seat : order) {
    EXPECT_EQ(t.s().actors(), SeatSet::of(seat));
    for (Seat other = 0; other < 4; ++other)
      if (other != seat) {
        EXPECT_TRUE(LegalTexts(t.s(), other).empty());
        EXPECT_EQ(t.Reject(other, bid_move(1)), "it is not your turn");
      }
    EXPECT_EQ(LegalTexts(t.s(), seat),
              (std::vector<std::string>{"bid 0", "bid 1", "bid 2", "bid 3", "bid 4", "bid 5"}));
    ASSERT_TRUE(t.Do(seat, "bid 5"));  // no limit on the total: everyone may bid 5
  }
  EXPECT_EQ(t.s().phase(), State::Phase::kExchange);
}

TEST(RedsRules, Rule6_BidsAreZeroToFive) {
  Table t("players=4", 0, {MakeDeal(kDeal4, "9C")});
  EXPECT_EQ(t.Reject(1, bid_move(6)), "a bid must be 0 to 5");
  std::string error;
  EXPECT_FALSE(t.s().parse_move(1, "bid 6", &error));
  EXPECT_NE(error.find("0 to 5"), std::string::npos) << error;
  EXPECT_FALSE(t.s().parse_move(1, "bid -1", &error));
  EXPECT_FALSE(t.s().parse_move(1, "bid", &error));
  ASSERT_TRUE(t.Do(1, "bid 0"));  // nil
  EXPECT_EQ(t.s().bid(1), 0);
}

TEST(RedsRules, Rule6_BidsArePublic) {
  Table t("players=4", 0, {MakeDeal(kDeal4, "9C")});
  ASSERT_TRUE(t.Do(1, "bid 2"));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S1 bids 2"));
  for (Seat p = kSpectator; p < 4; ++p) {
    nlohmann::json v = t.s().view(p);
    EXPECT_EQ(v["bids"], nlohmann::json({nullptr, 2, nullptr, nullptr})) << "view of " << p;
  }
}

// ---------------------------------------------------------------------------------------------
// Rule 7 / REDS-A5 / REDS-A8: the exchange.

TEST(RedsRules, Rule7_ExchangeChart) {
  const Exchange chart[] = {{4, +1}, {4, -1}, {3, +1}, {3, -1}, {2, +1},
                            {2, -1}, {1, +1}, {1, -1}, {0, 0}};
  for (int row = 1; row <= 9; ++row) {
    EXPECT_EQ(exchange_for_row(row).cards, chart[row - 1].cards) << "row " << row;
    EXPECT_EQ(exchange_for_row(row).direction, chart[row - 1].direction) << "row " << row;
  }
  Config full, short_game;
  short_game.short_game = true;
  EXPECT_EQ(rounds_in_game(full), 9);
  EXPECT_EQ(rounds_in_game(short_game), 5);
  for (int r = 0; r < 9; ++r) EXPECT_EQ(chart_row(full, r), r + 1);
  const int short_rows[] = {1, 4, 5, 8, 9};
  for (int r = 0; r < 5; ++r) EXPECT_EQ(chart_row(short_game, r), short_rows[r]);
  // Tie-break rounds use row 9: no exchange.
  EXPECT_EQ(chart_row(full, 9), 9);
  EXPECT_EQ(chart_row(full, 12), 9);
  EXPECT_EQ(chart_row(short_game, 5), 9);
}

// Plays `rounds` rounds with first-legal moves and checks each round's exchange actually moves k
// chosen cards from every seat to its neighbour in the expected direction.
void CheckExchanges(const std::string& options, const std::vector<Exchange>& expected) {
  Table t(options, 0);
  const int n = t.s().num_seats();
  static constexpr int kChoose[] = {1, 5, 10, 10, 5};  // C(5, k)
  for (int r = 0; r < static_cast<int>(expected.size()); ++r) {
    SCOPED_TRACE(options + " round " + std::to_string(r + 1));
    ASSERT_EQ(t.s().round_index(), r);
    ASSERT_EQ(t.s().phase(), State::Phase::kBid);
    for (int i = 0; i < n; ++i) t.StepFirstLegal();
    const Exchange ex = expected[r];
    EXPECT_EQ(t.s().exchange().cards, ex.cards);
    if (ex.cards == 0) {
      EXPECT_EQ(t.s().phase(), State::Phase::kPlay) << "no exchange: play starts";
      EXPECT_TRUE(t.s().view(0)["exchange"].is_null());
    } else {
      ASSERT_EQ(t.s().phase(), State::Phase::kExchange);
      EXPECT_EQ(t.s().view(0)["exchange"],
                nlohmann::json(
                    {{"cards", ex.cards}, {"direction", ex.direction > 0 ? "left" : "right"}}));
      std::vector<CardSet> before(n), give(n);
      for (Seat p = 0; p < n; ++p) {
        before[p] = t.s().hand(p);
        MoveList<State::kMaxMoves> moves;
        t.s().legal_moves(p, moves);
        EXPECT_EQ(moves.size(), kChoose[ex.cards]);
        for (Move m : moves) EXPECT_EQ(CardSet(move_payload(m)).size(), ex.cards);
        // Pass the last legal choice (the highest cards) for variety.
        give[p] = CardSet(move_payload(moves[moves.size() - 1]));
      }
      for (Seat p = 0; p < n; ++p) ASSERT_TRUE(t.Apply(p, give_move(give[p])).ok());
      for (Seat p = 0; p < n; ++p) {
        const Seat from = (p - ex.direction + n) % n;  // L: from the right neighbour; R: the left
        EXPECT_EQ(Text(t.s().hand(p)), Text((before[p] - give[p]) | give[from])) << "S" << p;
        EXPECT_EQ(t.s().passed(p), give[p]);
      }
    }
    while (t.s().round_index() == r && !t.s().over()) t.StepFirstLegal();
  }
}

TEST(RedsRules, Rule7_ExchangeFullGameEveryRound) {
  CheckExchanges("players=4",
                 {{4, +1}, {4, -1}, {3, +1}, {3, -1}, {2, +1}, {2, -1}, {1, +1}, {1, -1}, {0, 0}});
  CheckExchanges("players=5", {{4, +1}, {4, -1}, {3, +1}});
}

TEST(RedsRules, Rule7_ExchangeShortGame) {
  CheckExchanges("players=3,short_game=true", {{4, +1}, {3, -1}, {2, +1}, {1, -1}, {0, 0}});
}

TEST(RedsRules, A5_TwoPlayersLeftAndRightAreTheOtherPlayer) {
  // direction +1 and -1 both reach the other seat with 2 players: CheckExchanges computes the
  // sender as p - direction mod 2, which is the other seat both ways.
  CheckExchanges("players=2", {{4, +1}, {4, -1}, {3, +1}, {3, -1}, {2, +1}});
  Table t("players=2", 0, {MakeDeal({"AS KS QS JS TS", "AD KD QD JD TD"}, "9C")});
  ASSERT_TRUE(t.BidAll({1, 1}));
  ASSERT_TRUE(t.Do(0, "give KS QS JS TS"));
  ASSERT_TRUE(t.Do(1, "give KD QD JD TD"));
  EXPECT_EQ(Text(t.s().hand(0)), Text(Set("AS KD QD JD TD")));
  EXPECT_EQ(Text(t.s().hand(1)), Text(Set("AD KS QS JS TS")));
  EXPECT_TRUE(HasEvent(t.events(), SeatSet::of(1), "S0 passed you TS JS QS KS"));
  EXPECT_TRUE(HasEvent(t.events(), SeatSet::of(0), "S1 passed you TD JD QD KD"));
}

TEST(RedsRules, Rule7_MustPassExactlyKHeldCards) {
  Table t("players=4", 0, {MakeDeal(kDeal4, "9C")});
  ASSERT_TRUE(t.BidAll({1, 1, 1, 1}));
  EXPECT_EQ(t.Reject(0, "give AS KS QS"), "this round passes 4 cards: give exactly 4, not 3");
  EXPECT_EQ(t.Reject(0, "give AS KS QS JS TS"), "this round passes 4 cards: give exactly 4, not 5");
  EXPECT_EQ(t.Reject(0, "give AS KS QS 9S"), "you do not hold those cards");
  EXPECT_EQ(t.Reject(0, "give AS KS QS AH"), "you do not hold those cards");
  EXPECT_EQ(LegalTexts(t.s(), 0),
            (std::vector<std::string>{"give TS JS QS KS", "give TS JS QS AS", "give TS JS KS AS",
                                      "give TS QS KS AS", "give JS QS KS AS"}));
}

TEST(RedsRules, A8_ExchangeChoicesHiddenUntilAllAreIn) {
  Table t("players=3", 0,
          {MakeDeal({"AS KS QS JS TS", "AD KD QD JD TD", "AC KC QC JC TC"}, "9C 2C")});
  ASSERT_TRUE(t.BidAll({1, 1, 1}));
  EXPECT_EQ(t.s().mode(), ActorMode::kSimultaneous);
  EXPECT_EQ(t.s().actors(), SeatSet::first_n(3));
  // Any seat may choose first. S1 chooses; nothing moves yet.
  const std::size_t mark = t.event_count();
  ASSERT_TRUE(t.Do(1, "give KD QD JD TD"));
  EXPECT_EQ(t.s().phase(), State::Phase::kExchange);
  EXPECT_EQ(t.s().actors(), SeatSet(0b101));
  EXPECT_EQ(Text(t.s().hand(1)), Text(Set("AD KD QD JD TD")));
  EXPECT_EQ(Text(t.s().hand(2)), Text(Set("AC KC QC JC TC")));
  // Only S1 is told which cards; the others learn only that S1 has chosen.
  std::vector<Event> fresh(t.events().begin() + mark, t.events().end());
  ASSERT_EQ(fresh.size(), 2u);
  EXPECT_EQ(fresh[0].visible_to, SeatSet::of(1));
  EXPECT_EQ(fresh[0].text, "you pass TD JD QD KD to S2");
  EXPECT_FALSE(fresh[1].visible_to.contains(1));
  EXPECT_TRUE(fresh[1].visible_to.contains(0) && fresh[1].visible_to.contains(2));
  EXPECT_FALSE(fresh[1].public_event());
  EXPECT_EQ(fresh[1].text, "S1 has chosen cards to pass");
  EXPECT_TRUE(CardsIn(nlohmann::json(fresh[1].text)).empty());
  // Views: S1 sees its choice; S0, S2 and a spectator see only that S1 has chosen.
  EXPECT_EQ(t.s().view(1)["passed"], nlohmann::json({"TD", "JD", "QD", "KD"}));
  for (Seat p : {0, 2, int(kSpectator)}) {
    nlohmann::json v = t.s().view(p);
    EXPECT_EQ(v["exchange_chosen"], nlohmann::json({false, true, false}));
    EXPECT_FALSE(CardsIn(v).intersects(Set("AD KD QD JD TD"))) << "view of " << p;
  }
  // The choice is committed.
  EXPECT_EQ(t.Reject(1, "give AD KD QD JD"), "you have already chosen your exchange");
  // S2 and S0 choose from their dealt hands.
  ASSERT_TRUE(t.Do(2, "give KC QC JC TC"));
  EXPECT_EQ(Text(t.s().hand(2)), Text(Set("AC KC QC JC TC"))) << "nothing received before all";
  ASSERT_TRUE(t.Do(0, "give KS QS JS TS"));
  // Resolved together: everyone's hand = kept card + what the right neighbour chose. The cards S2
  // receives (S1's diamonds) are not passed on: S2's choice was made from its dealt hand.
  EXPECT_EQ(t.s().phase(), State::Phase::kPlay);
  EXPECT_EQ(Text(t.s().hand(0)), Text(Set("AS KC QC JC TC")));
  EXPECT_EQ(Text(t.s().hand(1)), Text(Set("AD KS QS JS TS")));
  EXPECT_EQ(Text(t.s().hand(2)), Text(Set("AC KD QD JD TD")));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "the exchange is made"));
  EXPECT_TRUE(HasEvent(t.events(), SeatSet::of(2), "S1 passed you TD JD QD KD"));
  // After the exchange each seat knows what it passed and what it received, nothing more.
  nlohmann::json v2 = t.s().view(2);
  EXPECT_EQ(v2["passed"], nlohmann::json({"TC", "JC", "QC", "KC"}));
  EXPECT_EQ(v2["received"], nlohmann::json({"TD", "JD", "QD", "KD"}));
  EXPECT_FALSE(CardsIn(v2).intersects(Set("AS AD"))) << "kept cards of others stay hidden";
  EXPECT_EQ(t.Reject(1, "give KS QS JS TS"), "it is not time to exchange cards");
}

// ---------------------------------------------------------------------------------------------
// Rule 8 / REDS-A2: left of the dealer leads trick 1; each trick's winner leads the next.

TEST(RedsRules, Rule8_LeftOfDealerLeadsFirstTrick) {
  for (int dealer = 0; dealer < 4; ++dealer) {
    Table t("players=4", dealer, {MakeDeal(kDeal4, "9C")});
    ASSERT_TRUE(t.BidAll({1, 1, 1, 1}));
    for (int i = 0; i < 4; ++i) t.StepFirstLegal();
    ASSERT_EQ(t.s().phase(), State::Phase::kPlay);
    EXPECT_EQ(t.s().actors(), SeatSet::of((dealer + 1) % 4));
    EXPECT_EQ(t.s().trick_leader(), (dealer + 1) % 4);
    EXPECT_TRUE(HasEvent(t.events(), kEveryone, "S" + std::to_string((dealer + 1) % 4) + " leads"));
  }
}

// 3 players, dealer S0, anti-trump clubs, after the exchange:
const std::vector<std::string> kLeadHands = {"7S 8S 2D 3D 4D", "2S 3S 4S 5S 6S", "AS KS QS JS TS"};

TEST(RedsRules, A2_TrickWinnerLeadsNext) {
  Table t = AtPlay("players=3", 0, kLeadHands, "9C");
  EXPECT_EQ(t.s().to_act(), 1);
  // Trick 1: S1 2S, S2 AS, S0 7S -> S2 (highest spade).
  ASSERT_TRUE(t.DoAll({{1, "play 2S"}, {2, "play AS"}, {0, "play 7S"}}));
  EXPECT_EQ(t.s().trick_winner_of(0), 2);
  EXPECT_EQ(t.s().to_act(), 2);
  EXPECT_EQ(t.s().trick_leader_of(1), 2);
  // Trick 2: S2 KS, S0 8S, S1 3S -> S2 again.
  ASSERT_TRUE(t.DoAll({{2, "play KS"}, {0, "play 8S"}, {1, "play 3S"}}));
  EXPECT_EQ(t.s().trick_leader_of(2), 2);
  // Trick 3: S2 QS, S0 (void in spades) 2D, S1 4S -> S0 trumps and leads trick 4.
  ASSERT_TRUE(t.DoAll({{2, "play QS"}, {0, "play 2D"}, {1, "play 4S"}}));
  EXPECT_EQ(t.s().trick_winner_of(2), 0);
  EXPECT_EQ(t.s().actors(), SeatSet::of(0));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "trick 3 to S0 (2D)"));
  // Any card may be led, trump included.
  EXPECT_EQ(LegalTexts(t.s(), 0), (std::vector<std::string>{"play 3D", "play 4D"}));
  ASSERT_TRUE(t.DoAll({{0, "play 3D"}, {1, "play 5S"}, {2, "play JS"}}));
  EXPECT_EQ(t.s().trick_leader_of(4), 0);
}

TEST(RedsRules, Rule8_AntiTrumpMayBeLed) {
  Table t = AtPlay("players=3", 0, {"2S 3S 4S 5S 6S", "2C 3C 4C 5C 6C", "AS KS QS JS TS"}, "9C");
  EXPECT_EQ(LegalTexts(t.s(), 1).size(), 5u);
  ASSERT_TRUE(t.Do(1, "play 2C"));  // anti-trump lead
}

// ---------------------------------------------------------------------------------------------
// Rule 9: follow suit if able.

TEST(RedsRules, Rule9_FollowSuitEnforced) {
  Table t = AtPlay("players=3", 0, kLeadHands, "9C");
  ASSERT_TRUE(t.Do(1, "play 2S"));
  ASSERT_TRUE(t.Do(2, "play AS"));
  // S0 holds 7S 8S: it must play a spade.
  EXPECT_EQ(LegalTexts(t.s(), 0), (std::vector<std::string>{"play 7S", "play 8S"}));
  EXPECT_EQ(t.Reject(0, "play 2D"), "you must follow suit");
  EXPECT_EQ(t.Reject(0, "play AD"), "you do not hold that card");
  EXPECT_EQ(t.Reject(1, "play 3S"), "it is not your turn");
  EXPECT_EQ(t.Reject(0, "bid 2"), "bidding is over for this round");
  ASSERT_TRUE(t.Do(0, "play 7S"));
  ASSERT_TRUE(t.DoAll({{2, "play KS"}, {0, "play 8S"}, {1, "play 3S"}}));
  // Now S0 is void in spades: any card may be played to a spade lead.
  ASSERT_TRUE(t.Do(2, "play QS"));
  EXPECT_EQ(LegalTexts(t.s(), 0), (std::vector<std::string>{"play 2D", "play 3D", "play 4D"}));
  ASSERT_TRUE(t.Do(0, "play 4D"));
  ASSERT_TRUE(t.Do(1, "play 4S"));
  EXPECT_EQ(t.s().void_suits(0), 1u << kSpades);
}

// ---------------------------------------------------------------------------------------------
// Rule 10 / REDS-A1: the trick winner.

struct TrickCase {
  const char* cards;  // in play order
  int anti_trump;
  int drop, highest, highest_other;  // winner index under readings C (default), B, D
  const char* why;
};

const TrickCase kTrickCases[] = {
    // Diamonds played: the highest diamond wins (every reading except where B/D apply).
    {"AS 2D KS", kClubs, 1, 1, 1, "neutral led, trump played"},
    {"4S AC KD 5D", kClubs, 2, 2, 2, "highest of two trumps"},
    {"5D AD 2S", kClubs, 1, 1, 1, "trump led"},
    {"5D AS AC", kClubs, 0, 0, 0, "trump led, others discard"},
    // Neutral led, no trump: highest of the led suit; anti-trump and off-suit cards cannot win.
    {"7S AC 8S", kClubs, 2, 2, 2, "an anti-trump ace discarded cannot win"},
    {"7S 2S AC", kClubs, 0, 0, 0, "led suit wins"},
    {"2S AC", kClubs, 0, 0, 0, "two players"},
    // Anti-trump led, only anti-trump played: the highest anti-trump wins (all readings).
    {"5C 9C JC", kClubs, 2, 2, 2, "all anti-trump"},
    {"3C 4C 5C 6C 7C 2C", kClubs, 4, 4, 4, "six anti-trump cards"},
    // Anti-trump led, a neutral (or trump) card played: the three readings differ.
    {"5C 9C 2S", kClubs, 2, 1, 2, "REDS-01: C highest neutral; B 9C; D 2S"},
    {"5C KS 3D", kClubs, 2, 1, 1, "REDS-03: C trump; B and D the king"},
    {"AC 3S 9S", kClubs, 2, 0, 2, "C: highest neutral; B: the led ace"},
    {"AC 9S 2D", kClubs, 2, 0, 1, "C: trump; B: AC; D: 9S ignoring trump"},
    {"5C AD KS", kClubs, 1, 1, 1, "the trump ace is also the highest face value"},
    {"3C 4C 5C 6C 7C 2S", kClubs, 5, 4, 5, "six players, one neutral deuce"},
    // Spades as anti-trump: clubs are neutral.
    {"5S 9S 2C", kSpades, 2, 1, 2, "anti-trump spades, neutral club"},
    {"5S 9S JS", kSpades, 2, 2, 2, "anti-trump spades only"},
    {"7C AS 8C", kSpades, 2, 2, 2, "neutral clubs led"},
    // REDS-05.
    {"QD AS AC", kClubs, 0, 0, 0, "REDS-05: trump beats both aces"},
};

TEST(RedsRules, Rule10_TrickWinner) {
  for (const auto& c : kTrickCases)
    EXPECT_EQ(Winner(c.cards, c.anti_trump, AntiTrumpLead::kDrop), c.drop)
        << c.cards << ": " << c.why;
}

TEST(RedsRules, Rule10_NoAntiTrumpRoundIsOrdinaryTrumpGame) {
  // Rule 10.4: steps 1-2 only; both black suits are neutral.
  EXPECT_EQ(Winner("5C 9C 2S", kNoSuit), 1);
  EXPECT_EQ(Winner("5S 9S 2C", kNoSuit), 1);
  EXPECT_EQ(Winner("5C 2D AC", kNoSuit), 1);
  EXPECT_EQ(Winner("5C AS 3C", kNoSuit), 0);
  EXPECT_EQ(Winner("3C 4C 5C 6C 7C 2S", kNoSuit), 4);
  for (AntiTrumpLead rule : {AntiTrumpLead::kHighest, AntiTrumpLead::kHighestOther})
    EXPECT_EQ(Winner("5C 9C 2S", kNoSuit, rule), 1) << "the readings only matter with anti-trump";
}

TEST(RedsRules, Rule10_PartialTrick) {
  // trick_winner also ranks a partial trick (used by players to see who is winning).
  EXPECT_EQ(Winner("5C", kClubs), 0);
  EXPECT_EQ(Winner("5C 2S", kClubs), 1);
}

TEST(RedsRules, A1_AntiTrumpLeadReadings) {
  for (const auto& c : kTrickCases) {
    EXPECT_EQ(Winner(c.cards, c.anti_trump, AntiTrumpLead::kHighest), c.highest)
        << "reading B: " << c.cards << ": " << c.why;
    EXPECT_EQ(Winner(c.cards, c.anti_trump, AntiTrumpLead::kHighestOther), c.highest_other)
        << "reading D: " << c.cards << ": " << c.why;
  }
}

TEST(RedsRules, A1_OptionDefaultIsReadingC) {
  EXPECT_EQ(MakeGame("").config().anti_trump_lead, AntiTrumpLead::kDrop);
  EXPECT_EQ(MakeGame("anti_trump_lead=drop").config().anti_trump_lead, AntiTrumpLead::kDrop);
  EXPECT_EQ(MakeGame("anti_trump_lead=highest").config().anti_trump_lead, AntiTrumpLead::kHighest);
  EXPECT_EQ(MakeGame("anti_trump_lead=highest_other").config().anti_trump_lead,
            AntiTrumpLead::kHighestOther);
  std::string error = LoadError("reds(anti_trump_lead=lowest)");
  EXPECT_NE(error.find("'anti_trump_lead'"), std::string::npos) << error;
  EXPECT_NE(error.find("drop|highest|highest_other"), std::string::npos) << error;
}

// ---------------------------------------------------------------------------------------------
// Rule 11 / REDS-A6 / REDS-A7: scoring.

TEST(RedsRules, Rule11_ScoringExamples) {
  EXPECT_EQ(round_points(3, 3), 14) << "bid 3 win 3: 3*3 + 5";
  EXPECT_EQ(round_points(0, 0), 10) << "nil made";
  EXPECT_EQ(round_points(2, 4), 8) << "bid 2 win 4: 2*3 + 1 + 1";
  EXPECT_EQ(round_points(3, 2), 2) << "bid 3 win 2: 1 per trick";
  EXPECT_EQ(round_points(0, 3), 3) << "nil exceeded scores t";
  EXPECT_EQ(round_points(5, 5), 20);
  EXPECT_EQ(round_points(1, 1), 8);
  EXPECT_EQ(round_points(5, 0), 0);
}

TEST(RedsRules, Rule11_ScoringFormulaAllCases) {
  for (int b = 0; b <= 5; ++b)
    for (int t = 0; t <= 5; ++t) {
      int expected = 0;
      if (t == b)
        expected = b == 0 ? 10 : 3 * b + 5;
      else if (t > b)
        expected = 3 * b + (t - b);
      else
        expected = t;
      EXPECT_EQ(round_points(b, t), expected) << "bid " << b << " took " << t;
    }
}

TEST(RedsRules, A6_ExceededBidScoresThreePerBidPlusOnePerOvertrick) {
  EXPECT_EQ(round_points(2, 4), 8);
  EXPECT_EQ(round_points(1, 5), 7);
  EXPECT_EQ(round_points(3, 5), 11);
  EXPECT_EQ(round_points(4, 5), 13);
}

TEST(RedsRules, A7_NilExceededScoresTricksTaken) {
  for (int t = 1; t <= 5; ++t) EXPECT_EQ(round_points(0, t), t);
}

// ---------------------------------------------------------------------------------------------
// Rule 12 / REDS-A9: 9 rounds (5 short), then tie-break rounds.

TEST(RedsRules, Rule12_NineRoundsDealerPassesLeft) {
  for (int n = 2; n <= 6; ++n) {
    Game game = MakeGame("players=" + std::to_string(n));
    for (std::uint64_t seed = 1; seed <= 15; ++seed) {
      SCOPED_TRACE("players " + std::to_string(n) + " seed " + std::to_string(seed));
      MatchLog log = PlayRandomMatch(game, seed);
      CheckMatchFlow(game.config(), log);
    }
  }
}

TEST(RedsRules, Rule12_ShortGameFiveRounds) {
  for (int n : {2, 4, 6}) {
    Game game = MakeGame("players=" + std::to_string(n) + ",short_game=true");
    for (std::uint64_t seed = 1; seed <= 15; ++seed) {
      SCOPED_TRACE("players " + std::to_string(n) + " seed " + std::to_string(seed));
      MatchLog log = PlayRandomMatch(game, seed);
      CheckMatchFlow(game.config(), log);
    }
  }
}

TEST(RedsRules, A9_TieBreakRoundsUntilUniqueLeader) {
  // Find seeded random matches that end the regular rounds tied (deterministic search), then check
  // the tie-break rounds: no exchange, dealer keeps rotating, everyone plays and scores, and the
  // match stops after the first round with a unique leader. The record test RedsRecord.* has a
  // hand-checked tie.
  for (const char* options : {"players=2,short_game=true", "players=3", "players=4"}) {
    Game game = MakeGame(options);
    int found = 0;
    for (std::uint64_t seed = 1; seed <= 3000 && found < 3; ++seed) {
      MatchLog log = PlayRandomMatch(game, seed);
      if (log.rounds.size() <= static_cast<std::size_t>(rounds_in_game(game.config()))) continue;
      ++found;
      SCOPED_TRACE(std::string(options) + " seed " + std::to_string(seed));
      CheckMatchFlow(game.config(), log);
      const int regular = rounds_in_game(game.config());
      EXPECT_GE(Leaders(log.totals[regular - 1], false).size(), 2u);
      for (std::size_t r = regular; r < log.rounds.size(); ++r) {
        EXPECT_FALSE(log.exchanged[r]);
        EXPECT_EQ(log.rounds[r].chart_row, 9);
      }
    }
    EXPECT_EQ(found, 3) << options << ": expected some tied matches in 3000 seeds";
  }
}

TEST(RedsRules, A9_TieBreakEventsAndView) {
  // The first seed whose 2-player short game goes to a tie-break, replayed with events.
  Game game = MakeGame("players=2,short_game=true");
  std::uint64_t seed = 0;
  for (std::uint64_t s = 1; s <= 3000 && !seed; ++s)
    if (PlayRandomMatch(game, s).rounds.size() > 5) seed = s;
  ASSERT_NE(seed, 0u);
  std::vector<Event> events;
  ApplyContext ctx{&events, {}};
  State s = game.new_match(seed, -1, &ctx);
  Rng rng(seed * 7919 + 13);
  bool saw_tie_break_view = false;
  while (!s.over()) {
    if (s.round_index() >= 5) {
      nlohmann::json v = s.view(0);
      EXPECT_TRUE(v["tie_break"].get<bool>());
      EXPECT_TRUE(v["exchange"].is_null());
      EXPECT_NE(s.phase(), State::Phase::kExchange);
      saw_tie_break_view = true;
    }
    const Seat seat = s.actors().lowest();
    ASSERT_TRUE(s.apply(seat, random_legal_move(s, seat, rng), &ctx).ok());
  }
  EXPECT_TRUE(saw_tie_break_view);
  EXPECT_TRUE(HasEvent(events, kEveryone, "first place is tied: a tie-break round follows"));
  bool header = false;
  for (const auto& e : events)
    if (e.text.rfind("round 6 (tie-break): ", 0) == 0 && e.text.find("no exchange") != e.text.npos)
      header = true;
  EXPECT_TRUE(header);
  EXPECT_EQ(s.winners().size(), 1);
  EXPECT_GT(s.score(s.winners().lowest()), s.score(1 - s.winners().lowest()));
}

// ---------------------------------------------------------------------------------------------
// Rule 13 / REDS-A10 / REDS-A11: hidden bids and partnerships.

TEST(RedsRules, A10_HiddenBidsSimultaneousAndSecret) {
  Table t("players=4,hidden_bids=true", 0, {MakeDeal(kDeal4, "9C")});
  EXPECT_EQ(t.s().mode(), ActorMode::kSimultaneous);
  EXPECT_EQ(t.s().actors(), SeatSet::first_n(4));
  for (Seat p = 0; p < 4; ++p) EXPECT_EQ(LegalTexts(t.s(), p).size(), 6u);
  // S2 bids first (no order with hidden bids).
  std::size_t mark = t.event_count();
  ASSERT_TRUE(t.Do(2, "bid 3"));
  EXPECT_EQ(t.s().actors(), SeatSet(0b1011));
  std::vector<Event> fresh(t.events().begin() + mark, t.events().end());
  for (const auto& e : fresh) {
    if (e.visible_to.contains(0) || e.visible_to.contains(1) || e.visible_to.contains(3)) {
      EXPECT_EQ(e.text.find('3'), std::string::npos) << "bid leaked: " << e.text;
      EXPECT_FALSE(e.visible_to.contains(2));
    }
  }
  EXPECT_TRUE(HasEvent(fresh, SeatSet::of(2), "you bid 3 (hidden)"));
  EXPECT_EQ(t.s().view(2)["bids"][2], 3);
  for (Seat p : {0, 1, 3, int(kSpectator)}) {
    nlohmann::json v = t.s().view(p);
    EXPECT_TRUE(v["bids"][2].is_null()) << "view of " << p;
    EXPECT_TRUE(v["bid_made"][2].get<bool>());
  }
  EXPECT_EQ(t.Reject(2, "bid 1"), "you have already bid this round");
  ASSERT_TRUE(t.Do(0, "bid 0"));
  ASSERT_TRUE(t.Do(3, "bid 5"));
  ASSERT_TRUE(t.Do(1, "bid 1"));
  EXPECT_EQ(t.s().phase(), State::Phase::kExchange);
  // Still hidden through the exchange and the play.
  for (int i = 0; i < 4; ++i) t.StepFirstLegal();
  ASSERT_EQ(t.s().phase(), State::Phase::kPlay);
  EXPECT_EQ(t.s().view(0)["bids"], nlohmann::json({0, nullptr, nullptr, nullptr}));
  EXPECT_EQ(t.s().view(kSpectator)["bids"], nlohmann::json({nullptr, nullptr, nullptr, nullptr}));
  for (const auto& e : t.events())
    EXPECT_EQ(e.text.find("revealed"), std::string::npos) << "revealed before the round ends";
  for (int i = 0; i < 20; ++i) t.StepFirstLegal();
  // Revealed at the end of the round, in the round summary, and scored as usual.
  ASSERT_EQ(t.s().rounds_completed(), 1);
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "bids revealed: S0 0 S1 1 S2 3 S3 5"));
  const RoundRecord& r = t.s().last_round_record();
  for (Seat p = kSpectator; p < 4; ++p)
    EXPECT_EQ(t.s().view(p)["last_round"]["bids"], nlohmann::json::array({0, 1, 3, 5}));
  for (Seat p = 0; p < 4; ++p) EXPECT_EQ(r.points[p], round_points(r.bids[p], r.tricks_won[p]));
  // The next round's bids start hidden again.
  EXPECT_EQ(t.s().view(0)["bids"], nlohmann::json({nullptr, nullptr, nullptr, nullptr}));
}

TEST(RedsRules, Rule13_PartnershipTeams) {
  Game four = MakeGame("players=4,partnership=true");
  EXPECT_EQ(four.teams().count, 2);
  for (Seat s = 0; s < 4; ++s) EXPECT_EQ(four.teams().team_of[s], s % 2) << "partner is S" << s + 2;
  Game six = MakeGame("players=6,partnership=true");
  EXPECT_EQ(six.teams().count, 3);
  for (Seat s = 0; s < 6; ++s) EXPECT_EQ(six.teams().team_of[s], s % 3) << "A11: partner is i+3";
  EXPECT_EQ(MakeGame("players=4").teams().count, 0);
}

TEST(RedsRules, A11_SixPlayerPartnershipAcrossTheTable) {
  Game game = MakeGame("players=6,partnership=true");
  State s = game.new_match(3, 0, nullptr);
  for (Seat p = 0; p < 6; ++p) EXPECT_EQ(s.team_of(p), p % 3);
  nlohmann::json v = s.view(0);
  EXPECT_EQ(v["team_scores"], nlohmann::json::array({0, 0, 0}));
}

TEST(RedsRules, Rule13_PartnershipNeedsFourOrSixPlayers) {
  for (int n : {2, 3, 5}) {
    std::string error = LoadError("reds(players=" + std::to_string(n) + ",partnership=true)");
    EXPECT_NE(error.find("'partnership'"), std::string::npos) << error;
    EXPECT_NE(error.find("players=4 or players=6"), std::string::npos) << error;
  }
  EXPECT_EQ(LoadError("reds(players=4,partnership=true)"), "");
  EXPECT_EQ(LoadError("reds(players=6,partnership=true)"), "");
}

TEST(RedsRules, Rule13_PartnershipScoresAndWinner) {
  for (const char* options : {"players=4,partnership=true", "players=6,partnership=true",
                              "players=6,partnership=true,hidden_bids=true"}) {
    Game game = MakeGame(options);
    const int n = game.num_seats();
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      SCOPED_TRACE(std::string(options) + " seed " + std::to_string(seed));
      MatchLog log = PlayRandomMatch(game, seed);
      CheckMatchFlow(game.config(), log);  // team-level end rule and team winners
      // Each player is scored on their own bid; the team total is the sum.
      State s = game.new_match(seed, -1, nullptr);
      Rng rng(seed * 7919 + 13);
      random_playout(s, rng);
      for (int t = 0; t < n / 2; ++t) {
        EXPECT_EQ(s.team_score(t), s.score(t) + s.score(t + n / 2));
        EXPECT_EQ(s.view(0)["team_scores"][t], s.team_score(t));
      }
      EXPECT_EQ(s.winners().size(), 2);
    }
  }
}

TEST(RedsRules, Rule13_PartnershipTieBreakIsTeamLevel) {
  // A match whose teams are tied after 9 rounds plays on even when individual seats differ.
  Game game = MakeGame("players=4,partnership=true");
  int found = 0;
  for (std::uint64_t seed = 1; seed <= 3000 && found < 2; ++seed) {
    MatchLog log = PlayRandomMatch(game, seed);
    if (log.rounds.size() <= 9) continue;
    ++found;
    SCOPED_TRACE("seed " + std::to_string(seed));
    EXPECT_GE(Leaders(log.totals[8], true).size(), 2u);
    CheckMatchFlow(game.config(), log);
  }
  EXPECT_EQ(found, 2);
}

// ---------------------------------------------------------------------------------------------
// REDS-A12: bids come before the exchange and cannot change.

TEST(RedsRules, A12_BidsBeforeExchangeAndFixed) {
  Table t("players=3", 0, {MakeDeal({"AS KS QS JS TS", "AD KD QD JD TD", "AC KC QC JC TC"}, "9C")});
  // No exchange move while bidding; hands are as dealt.
  EXPECT_EQ(t.Reject(1, "give KD QD JD TD"), "it is not time to exchange cards");
  ASSERT_TRUE(t.Do(1, "bid 2"));
  EXPECT_EQ(t.Reject(1, "bid 3"), "it is not your turn") << "a bid cannot be changed";
  ASSERT_TRUE(t.Do(2, "bid 1"));
  EXPECT_EQ(t.s().phase(), State::Phase::kBid) << "exchange waits for every bid";
  ASSERT_TRUE(t.Do(0, "bid 0"));
  ASSERT_EQ(t.s().phase(), State::Phase::kExchange);
  for (Seat p = 0; p < 3; ++p) EXPECT_EQ(t.Reject(p, "bid 4"), "bidding is over for this round");
  ASSERT_TRUE(t.Do(0, "give KS QS JS TS"));
  ASSERT_TRUE(t.Do(1, "give KD QD JD TD"));
  ASSERT_TRUE(t.Do(2, "give KC QC JC TC"));
  EXPECT_EQ(t.Reject(1, "bid 4"), "bidding is over for this round");
  EXPECT_EQ(t.s().bid(0), 0);
  EXPECT_EQ(t.s().bid(1), 2);
  EXPECT_EQ(t.s().bid(2), 1);
}

// ---------------------------------------------------------------------------------------------
// Options: every bad value gives a clear error naming the option, the value and what is allowed.

TEST(RedsRules, Options_BadValuesGiveClearErrors) {
  struct Bad {
    const char* game;
    std::vector<std::string> mentions;
  };
  const Bad cases[] = {
      {"reds(players=7)", {"'players'", "'7'", "2..6"}},
      {"reds(players=1)", {"'players'", "'1'", "2..6"}},
      {"reds(players=four)", {"'players'", "'four'", "2..6"}},
      {"reds(partnership=maybe)", {"'partnership'", "'maybe'", "true|false"}},
      {"reds(hidden_bids=2)", {"'hidden_bids'", "'2'", "true|false"}},
      {"reds(short_game=sometimes)", {"'short_game'", "'sometimes'", "true|false"}},
      {"reds(anti_trump_lead=lowest)",
       {"'anti_trump_lead'", "'lowest'", "drop|highest|highest_other"}},
      {"reds(colour=red)", {"unknown option 'colour'", "players", "anti_trump_lead"}},
      {"reds(players=5,partnership=true)", {"'partnership'", "players=4 or players=6"}},
      {"reds(players=4,players=5)", {"'players'", "twice"}},
      {"reds(players)", {"'players'", "key=value"}},
  };
  for (const auto& c : cases) {
    std::string error = LoadError(c.game);
    for (const auto& m : c.mentions)
      EXPECT_NE(error.find(m), std::string::npos) << c.game << ": " << error;
  }
  // Good values, in all their spellings.
  for (const char* good :
       {"reds", "reds()", "reds(players=2)", "reds(players=6,hidden_bids=true)",
        "reds(short_game=yes)", "reds(partnership=1,players=6)", "reds(anti_trump_lead=HIGHEST)"})
    EXPECT_EQ(LoadError(good), "") << good;
}

// ---------------------------------------------------------------------------------------------
// Acceptance scenarios (RULINGS.md 1.4). Common setup: anti-trump clubs, neutral spades, trump
// diamonds; P1 leads, then P2, P3. In the full-game versions: 3 players, dealer S0, so P1 = S1,
// P2 = S2, P3 = S0.

struct Scenario {
  const char* id;
  std::vector<std::string> post_hands;  // S0, S1, S2 after the exchange
  std::vector<std::string> plays;       // P1, P2, P3
  const char* pack;                     // its top card names the anti-trump suit: clubs
  Seat drop, highest, highest_other;    // winning seat under readings C (default), B and D
};

const Scenario kScenarios[] = {
    // REDS-01: P1 5C, P2 9C, P3 2S (void in clubs) -> P3: anti-trump cards cannot win once a
    // neutral card is played (reading C). B would give 9C (P2); D gives 2S (P3).
    {"REDS-01",
     {"2S 3S 4S 5S 6S", "5C 6C 7C 2D 3D", "9C TC 4D 5D 6D"},
     {"5C", "9C", "2S"},
     "AC",
     0,
     2,
     0},
    // REDS-03: P1 5C, P2 KS, P3 3D -> P3: trump beats everything (D would wrongly give KS).
    {"REDS-03",
     {"3D 4D 5D 6D 7D", "5C 6C 7C 8C 2D", "KS 2S 3S 4S 5S"},
     {"5C", "KS", "3D"},
     "AC",
     0,
     2,
     2},
    // REDS-05: P1 QD, P2 AS, P3 AC -> P1 under every reading.
    {"REDS-05",
     {"AC KC QC JC TC", "QD 2D 3D 4D 5D", "AS KS QS JS TS"},
     {"QD", "AS", "AC"},
     "9C",
     1,
     1,
     1},
};

TEST(RedsScenario, REDS_01_03_05_TrickWinner) {
  // The scenario tricks on their own (P1 = index 0).
  EXPECT_EQ(Winner("5C 9C 2S", kClubs), 2) << "REDS-01";
  EXPECT_EQ(Winner("5C KS 3D", kClubs), 2) << "REDS-03";
  EXPECT_EQ(Winner("QD AS AC", kClubs), 0) << "REDS-05";
}

TEST(RedsScenario, REDS_01_03_05_FullGame) {
  const std::pair<const char*, AntiTrumpLead> readings[] = {
      {"drop", AntiTrumpLead::kDrop},
      {"highest", AntiTrumpLead::kHighest},
      {"highest_other", AntiTrumpLead::kHighestOther}};
  for (const auto& sc : kScenarios)
    for (const auto& [name, rule] : readings) {
      SCOPED_TRACE(std::string(sc.id) + " anti_trump_lead=" + name);
      Table t = AtPlay(std::string("players=3,anti_trump_lead=") + name, 0, sc.post_hands, sc.pack);
      ASSERT_EQ(t.s().anti_trump(), kClubs);
      ASSERT_TRUE(t.DoAll({{1, std::string("play ") + sc.plays[0]},
                           {2, std::string("play ") + sc.plays[1]},
                           {0, std::string("play ") + sc.plays[2]}}));
      const Seat expected = rule == AntiTrumpLead::kDrop      ? sc.drop
                            : rule == AntiTrumpLead::kHighest ? sc.highest
                                                              : sc.highest_other;
      EXPECT_EQ(t.s().trick_winner_of(0), expected);
      EXPECT_EQ(t.s().to_act(), expected) << "the winner leads next";
    }
}

TEST(RedsScenario, REDS_07_NoAntiTrumpSixPlayers) {
  // 6 players; the 9 undealt cards are 2D..TD: all turned, no anti-trump, both black suits
  // neutral. Then P1 5C, P2 9C, P3 2S -> P2 (9C is the highest of the led suit).
  // Dealer S0: P1..P6 = S1, S2, S3, S4, S5, S0. After the exchange:
  const std::vector<std::string> post = {"6C JD QD KD AD", "5C 7S 8S 9S TS", "9C JS QS KS AS",
                                         "2S 3S 4S 5S 6S", "3C 2C 7C 8C TC", "4C JC QC KC AC"};
  const std::string pack = "2D 3D 4D 5D 6D 7D 8D 9D TD";
  // First without events or views (see the bug note in the report: with no anti-trump the engine
  // stores -1 in an int8_t and compares it with kNoSuit = 255, then indexes suit tables with -1).
  {
    Game game = MakeGame("players=6");
    std::vector<std::string> pre(6);
    for (Seat s = 0; s < 6; ++s) {
      std::vector<Card> mine = List(post[s]), next = List(post[(s + 1) % 6]);
      pre[s] =
          card_text(mine[0]) + " " + cards_text(std::vector<Card>(next.begin() + 1, next.end()));
    }
    std::vector<Deal> deals = {MakeDeal(pre, pack)};
    ApplyContext quiet{nullptr, deals};
    State s = game.new_match(1, 0, &quiet);
    EXPECT_EQ(s.turned_set().size(), 9);
    ASSERT_EQ(s.anti_trump(), kNoSuit)
        << "expected kNoSuit (255) for a round without anti-trump, got " << s.anti_trump();
  }
  Table t = AtPlay("players=6", 0, post, pack);
  EXPECT_TRUE(t.s().view(0)["anti_trump"].is_null());
  EXPECT_TRUE(
      HasEvent(t.events(), kEveryone, "no anti-trump this round: both black suits are neutral"));
  EXPECT_TRUE(HasEvent(t.events(), kEveryone, "turned: " + pack));
  ASSERT_TRUE(t.DoAll({{1, "play 5C"},
                       {2, "play 9C"},
                       {3, "play 2S"},
                       {4, "play 3C"},
                       {5, "play 4C"},
                       {0, "play 6C"}}));
  EXPECT_EQ(t.s().trick_winner_of(0), 2) << "P2 = S2 with 9C";
}

TEST(RedsScenario, REDS_09_ExchangeSchedule) {
  // full: {1: 4L, 2: 4R, 3: 3L, 4: 3R, 5: 2L, 6: 2R, 7: 1L, 8: 1R, 9: none}
  const std::vector<Exchange> full = {{4, +1}, {4, -1}, {3, +1}, {3, -1}, {2, +1},
                                      {2, -1}, {1, +1}, {1, -1}, {0, 0}};
  // short: rounds played 1, 4, 5, 8, 9: 4L, 3R, 2L, 1R, none.
  const std::vector<Exchange> short_game = {{4, +1}, {3, -1}, {2, +1}, {1, -1}, {0, 0}};
  Config config;
  for (int r = 0; r < 9; ++r) {
    Exchange ex = exchange_for_row(chart_row(config, r));
    EXPECT_EQ(ex.cards, full[r].cards);
    EXPECT_EQ(ex.direction, full[r].direction);
  }
  config.short_game = true;
  EXPECT_EQ(rounds_in_game(config), 5);
  for (int r = 0; r < 5; ++r) {
    Exchange ex = exchange_for_row(chart_row(config, r));
    EXPECT_EQ(ex.cards, short_game[r].cards);
    EXPECT_EQ(ex.direction, short_game[r].direction);
  }
  // And in play.
  CheckExchanges("players=4", full);
  CheckExchanges("players=4,short_game=true", short_game);
}

// ---------------------------------------------------------------------------------------------
// RedsRecord: a 2-player short game with explicit deals for all six rounds (5 + 1 tie-break), a
// fixed move list, and every result worked out by hand from the rules.
//
// Seat A = S0, B = S1; first dealer S0; the deal passes left, so S0 deals rounds 1, 3, 5 and S1
// deals rounds 2, 4, 6; the player left of the dealer (the other player) bids first and leads
// trick 1. Short game rows 1, 4, 5, 8, 9: exchange 4 L, 3 R, 2 L, 1 R, none; with 2 players both
// directions mean the other player (A5).

struct RecordRound {
  std::vector<std::string> hands;  // S0, S1 as dealt
  std::string pack;                // undealt pack, top first (unlisted cards are shuffled below)
  std::vector<std::pair<Seat, std::string>> moves;
  // Expected, worked out by hand:
  std::string turned;
  const char* anti_trump;
  std::vector<int> bids, trick_winners, tricks, points, totals;
};

const std::vector<RecordRound>& RecordRounds() {
  static const std::vector<RecordRound> rounds = {
      // Round 1, dealer S0, exchange 4 L. Pack top 5C: anti-trump clubs.
      // S0 passes AS KS QS JS and keeps 2S; S1 passes 3S QD KD AD and keeps TS.
      // After: S0 = 2S 3S QD KD AD, S1 = AS KS QS JS TS. S1 leads.
      // T1 AS/2S -> S1; T2 KS/3S -> S1; T3 QS/AD (S0 void in spades, trumps) -> S0;
      // T4 KD/JS -> S0; T5 QD/TS -> S0. S0 bid 3 took 3: 3*3+5 = 14; S1 bid 2 took 2: 11.
      {{"2S AS KS QS JS", "TS 3S QD KD AD"},
       "5C",
       {{1, "bid 2"},
        {0, "bid 3"},
        {0, "give AS KS QS JS"},
        {1, "give 3S QD KD AD"},
        {1, "play AS"},
        {0, "play 2S"},
        {1, "play KS"},
        {0, "play 3S"},
        {1, "play QS"},
        {0, "play AD"},
        {0, "play KD"},
        {1, "play JS"},
        {0, "play QD"},
        {1, "play TS"}},
       "5C",
       "C",
       {3, 2},
       {1, 1, 0, 0, 0},
       {3, 2},
       {14, 11},
       {14, 11}},
      // Round 2, dealer S1, exchange 3 R. Pack 3D 7D 2S: two diamonds turned, then 2S: anti-trump
      // spades, neutral clubs. S0 passes AC KC QC (keeps AD 2C); S1 passes KD 3C 4C (keeps 5S 6S).
      // After: S0 = AD KD 2C 3C 4C, S1 = AC KC QC 5S 6S. S0 leads.
      // T1 AD/5S -> S0; T2 KD/6S -> S0; T3 2C/AC (clubs led, S1 follows) -> S1; T4 KC/3C -> S1;
      // T5 QC/4C -> S1. S0 bid 2 took 2: 11; S1 bid 3 took 3: 14. Totals 25-25.
      {{"AD 2C AC KC QC", "5S 6S KD 3C 4C"},
       "3D 7D 2S",
       {{0, "bid 2"},
        {1, "bid 3"},
        {0, "give AC KC QC"},
        {1, "give KD 3C 4C"},
        {0, "play AD"},
        {1, "play 5S"},
        {0, "play KD"},
        {1, "play 6S"},
        {0, "play 2C"},
        {1, "play AC"},
        {1, "play KC"},
        {0, "play 3C"},
        {1, "play QC"},
        {0, "play 4C"}},
       "3D 7D 2S",
       "S",
       {2, 3},
       {0, 0, 1, 1, 1},
       {2, 3},
       {11, 14},
       {25, 25}},
      // Round 3, dealer S0, exchange 2 L. Pack 9C: anti-trump clubs. S0 passes QS JS (keeps
      // 2S 3S 4S); S1 passes 5S 6S (keeps AS KS 7C). After: S0 = 2S..6S, S1 = AS KS QS JS 7C.
      // S1 leads. T1 7C/2S: anti-trump led, S0 void plays a neutral: anti-trump cannot win, the
      // highest neutral 2S does (REDS-A1, reading C) -> S0. T2 3S/AS -> S1; T3 KS/4S -> S1;
      // T4 QS/5S -> S1; T5 JS/6S -> S1. S0 bid 1 took 1: 8; S1 bid 2 took 4: 2*3+2 = 8 (A6).
      // Totals 33-33.
      {{"2S 3S 4S QS JS", "AS KS 7C 5S 6S"},
       "9C",
       {{1, "bid 2"},
        {0, "bid 1"},
        {0, "give QS JS"},
        {1, "give 5S 6S"},
        {1, "play 7C"},
        {0, "play 2S"},
        {0, "play 3S"},
        {1, "play AS"},
        {1, "play KS"},
        {0, "play 4S"},
        {1, "play QS"},
        {0, "play 5S"},
        {1, "play JS"},
        {0, "play 6S"}},
       "9C",
       "C",
       {1, 2},
       {0, 1, 1, 1, 1},
       {1, 4},
       {8, 8},
       {33, 33}},
      // Round 4, dealer S1, exchange 1 R. Pack 4D JC: 4D turned, then JC: anti-trump clubs.
      // S0 passes TD, S1 passes 6S. After: S0 = 2S 3S 4S 5S 6S, S1 = AD KD QD JD TD. S0 leads.
      // T1 2S/TD (S1 void in spades, trumps) -> S1; T2-T5 S1 leads AD, KD, QD, JD -> S1.
      // S0 bid 0 took 0: nil made, 10; S1 bid 5 took 5: 20. Totals 43-53.
      {{"2S 3S 4S 5S TD", "AD KD QD JD 6S"},
       "4D JC",
       {{0, "bid 0"},
        {1, "bid 5"},
        {0, "give TD"},
        {1, "give 6S"},
        {0, "play 2S"},
        {1, "play TD"},
        {1, "play AD"},
        {0, "play 3S"},
        {1, "play KD"},
        {0, "play 4S"},
        {1, "play QD"},
        {0, "play 5S"},
        {1, "play JD"},
        {0, "play 6S"}},
       "4D JC",
       "C",
       {0, 5},
       {1, 1, 1, 1, 1},
       {0, 5},
       {10, 20},
       {43, 53}},
      // Round 5, dealer S0, no exchange (row 9). Pack 8S: anti-trump spades. S1 leads.
      // T1 2S/TD: anti-trump led, trump played -> S0 (trump wins); T2-T5 S0 leads AD, KD, QD, JD.
      // S0 bid 5 took 5: 20; S1 bid 0 took 0: 10. Totals 63-63: tied after the 5 rounds.
      {{"AD KD QD JD TD", "2S 3S 4S 5S 6S"},
       "8S",
       {{1, "bid 0"},
        {0, "bid 5"},
        {1, "play 2S"},
        {0, "play TD"},
        {0, "play AD"},
        {1, "play 3S"},
        {0, "play KD"},
        {1, "play 4S"},
        {0, "play QD"},
        {1, "play 5S"},
        {0, "play JD"},
        {1, "play 6S"}},
       "8S",
       "S",
       {5, 0},
       {0, 0, 0, 0, 0},
       {5, 0},
       {20, 10},
       {63, 63}},
      // Round 6: tie-break (A9), dealer S1 (rotation continues), no exchange. Pack TC: anti-trump
      // clubs. S0 leads. T1 AD/4S, T2 KD/5S, T3 QD/6S -> S0; T4 2C/AC: anti-trump led, S1 must
      // follow with a club, only anti-trump played: the highest anti-trump wins -> S1;
      // T5 KC/3C -> S1. S0 bid 3 took 3: 14; S1 bid 3 took 2: 2. Totals 77-65: S0 wins.
      {{"AD KD QD 2C 3C", "AC KC 4S 5S 6S"},
       "TC",
       {{0, "bid 3"},
        {1, "bid 3"},
        {0, "play AD"},
        {1, "play 4S"},
        {0, "play KD"},
        {1, "play 5S"},
        {0, "play QD"},
        {1, "play 6S"},
        {0, "play 2C"},
        {1, "play AC"},
        {1, "play KC"},
        {0, "play 3C"}},
       "TC",
       "C",
       {3, 3},
       {0, 0, 0, 1, 1},
       {3, 2},
       {14, 2},
       {77, 65}},
  };
  return rounds;
}

nlohmann::json TieBreakRecord() {
  nlohmann::json record;
  record["game"] = "reds";
  record["options"] = {{"players", 2}, {"short_game", true}};
  record["seed"] = 99u;  // unsigned: see RedsRecord.SignedIntegerFieldsAccepted
  record["first_dealer"] = 0u;
  record["deals"] = nlohmann::json::array();
  record["moves"] = nlohmann::json::array();
  for (const auto& r : RecordRounds()) {
    nlohmann::json hands = nlohmann::json::array();
    for (const auto& h : r.hands) {
      nlohmann::json cards = nlohmann::json::array();
      for (Card c : List(h)) cards.push_back(card_text(c));
      hands.push_back(cards);
    }
    nlohmann::json pack = nlohmann::json::array();
    for (Card c : List(r.pack)) pack.push_back(card_text(c));
    record["deals"].push_back({{"hands", hands}, {"pack", pack}});
    for (const auto& [seat, text] : r.moves) record["moves"].push_back({seat, text});
  }
  return record;
}

TEST(RedsRecord, ExplicitDealsReplayToHandComputedResults) {
  register_all_games();
  std::string error;
  auto session = Session::from_record(TieBreakRecord(), &error);
  ASSERT_TRUE(session) << error;
  const auto& rounds = RecordRounds();
  ASSERT_EQ(session->rounds().size(), rounds.size());
  for (std::size_t i = 0; i < rounds.size(); ++i) {
    SCOPED_TRACE("round " + std::to_string(i + 1));
    const RecordRound& want = rounds[i];
    const nlohmann::json& got = session->rounds()[i];
    EXPECT_EQ(got["round"], i + 1);
    EXPECT_EQ(got["dealer"], i % 2) << "S0 deals first; the deal passes left";
    nlohmann::json turned = nlohmann::json::array();
    for (Card c : List(want.turned)) turned.push_back(card_text(c));
    EXPECT_EQ(got["turned"], turned);
    EXPECT_EQ(got["anti_trump"], want.anti_trump);
    EXPECT_EQ(got["bids"], nlohmann::json(want.bids));
    nlohmann::json winners = nlohmann::json::array(), leaders = nlohmann::json::array();
    for (const auto& trick : got["tricks"]) {
      winners.push_back(trick["winner"]);
      leaders.push_back(trick["leader"]);
    }
    EXPECT_EQ(winners, nlohmann::json(want.trick_winners));
    // Trick 1 is led left of the dealer; each winner leads the next trick.
    nlohmann::json expected_leaders = nlohmann::json::array({(i + 1) % 2});
    for (int t = 0; t < 4; ++t) expected_leaders.push_back(want.trick_winners[t]);
    EXPECT_EQ(leaders, expected_leaders);
    EXPECT_EQ(got["tricks_won"], nlohmann::json(want.tricks));
    EXPECT_EQ(got["points"], nlohmann::json(want.points));
    // Exchanges: rows 1, 4, 5, 8 pass 4, 3, 2, 1 cards; rows 9 and the tie-break none.
    const int cards[] = {4, 3, 2, 1, 0, 0};
    if (cards[i] == 0) {
      EXPECT_TRUE(got["exchange"].is_null());
    } else {
      EXPECT_EQ(got["exchange"]["cards"], cards[i]);
      EXPECT_EQ(got["exchange"]["direction"], i % 2 == 0 ? "left" : "right");
      EXPECT_EQ(got["passed"][0].size(), static_cast<std::size_t>(cards[i]));
    }
  }
  // Running totals after each round, straight from the events.
  for (std::size_t i = 0; i < rounds.size(); ++i)
    for (Seat s = 0; s < 2; ++s) {
      const std::string text =
          "S" + std::to_string(s) + " bid " + std::to_string(rounds[i].bids[s]) + ", took " +
          std::to_string(rounds[i].tricks[s]) + ": " + std::to_string(rounds[i].points[s]) +
          " points (total " + std::to_string(rounds[i].totals[s]) + ")";
      EXPECT_TRUE(HasEvent(session->events(), kEveryone, text)) << text;
    }
  EXPECT_TRUE(
      HasEvent(session->events(), kEveryone, "first place is tied: a tie-break round follows"));
  EXPECT_TRUE(HasEvent(session->events(), kEveryone, "round 6 (tie-break): S1 deals, no exchange"));
  EXPECT_TRUE(HasEvent(session->events(), kEveryone, "game over; winner: S0"));
  EXPECT_TRUE(session->state().over());
  EXPECT_EQ(session->state().score(0), 77);
  EXPECT_EQ(session->state().score(1), 65);
  EXPECT_EQ(session->state().winners(), SeatSet::of(0));
  nlohmann::json summary = session->summary();
  EXPECT_EQ(summary["totals"], nlohmann::json::array({77, 65}));
  EXPECT_EQ(summary["winners"], nlohmann::json::array({0}));
  EXPECT_EQ(summary["rounds"].size(), 6u);
  // The record round-trips through a file: saving and replaying gives the same summary.
  const std::string path = ::testing::TempDir() + "reds_record_roundtrip.json";
  ASSERT_TRUE(session->save(path, &error)) << error;
  auto again = Session::from_record_file(path, &error);
  ASSERT_TRUE(again) << error;
  EXPECT_EQ(again->summary(), summary);
  std::remove(path.c_str());
}

TEST(RedsRecord, RecordRoundTripsInMemory) {
  // Session::record() of a session with a first dealer, replayed directly (no file in between).
  register_all_games();
  std::string error;
  auto session = Session::from_record(TieBreakRecord(), &error);
  ASSERT_TRUE(session) << error;
  auto again = Session::from_record(session->record(), &error);
  ASSERT_TRUE(again) << error;
  EXPECT_EQ(again->summary(), session->summary());
  EXPECT_EQ(again->record(), session->record());
}

TEST(RedsRecord, SignedIntegerFieldsAccepted) {
  // A record built in C++ (`record["seed"] = 7`) stores signed integers; parsed from text the same
  // numbers are unsigned. Both are non-negative integers and must load alike.
  register_all_games();
  nlohmann::json record = TieBreakRecord();
  record["seed"] = 99;
  record["first_dealer"] = 0;
  std::string error;
  auto session = Session::from_record(record, &error);
  EXPECT_TRUE(session) << error;
  if (session) {
    EXPECT_EQ(session->summary()["totals"], nlohmann::json::array({77, 65}));
  }
}

TEST(RedsRecord, CheckedInRecordFileMatches) {
  // tests/records/reds_2p_short_tiebreak.json is the same record, for the CLI (`cardroom replay`).
  // With CARDROOM_REGEN_GOLDEN=1 (scripts/regen_golden.sh) the file is rewritten from the record
  // built above.
  register_all_games();
  auto session = testing_util::CheckedInRecord("reds_2p_short_tiebreak.json", TieBreakRecord());
  ASSERT_TRUE(session);
  EXPECT_EQ(session->summary()["totals"], nlohmann::json::array({77, 65}));
}

TEST(RedsRecord, BadRecordsGiveClearErrors) {
  register_all_games();
  struct Bad {
    const char* what;
    std::function<void(nlohmann::json&)> edit;
    std::vector<std::string> mentions;
  };
  const std::vector<Bad> cases = {
      {"illegal move: S0 does not follow suit",
       [](nlohmann::json& r) {
         r["moves"][5] = {0, "play AD"};
       },
       {"move 5", "play AD", "follow suit"}},
      {"move out of turn",
       [](nlohmann::json& r) {
         r["moves"][0] = {0, "bid 3"};
       },
       {"move 0", "not your turn"}},
      {"card not held",
       [](nlohmann::json& r) {
         r["moves"][4] = {1, "play 9S"};
       },
       {"move 4", "do not hold"}},
      {"unparsable move",
       [](nlohmann::json& r) {
         r["moves"][0] = {1, "dance"};
       },
       {"move 0", "not a Reds move"}},
      {"malformed move", [](nlohmann::json& r) { r["moves"][0] = {1}; }, {"move 0", "[seat"}},
      {"seat not at the table",
       [](nlohmann::json& r) {
         r["moves"][0] = {5, "bid 1"};
       },
       {"move 0", "seat 5"}},
      {"card twice in a deal",
       [](nlohmann::json& r) { r["deals"][0]["hands"][1][0] = "2S"; },
       {"deal 0", "2S appears twice"}},
      {"pack repeats a hand card",
       [](nlohmann::json& r) { r["deals"][1]["pack"][0] = "AD"; },
       {"deal 1", "pack", "AD appears twice"}},
      {"wrong hand size",
       [](nlohmann::json& r) { r["deals"][2]["hands"][0].erase(0); },
       {"deal 2", "hand of S0 has 4 cards", "needs 5"}},
      {"too many hands",
       [](nlohmann::json& r) {
         r["deals"][0]["hands"].push_back({"9D", "8D", "7D", "6D", "5D"});
       },
       {"deal 0", "needs 2 hands"}},
      {"a heart",
       [](nlohmann::json& r) { r["deals"][0]["hands"][0][0] = "2H"; },
       {"deal 0", "2H is not in the Reds deck"}},
      {"not a card",
       [](nlohmann::json& r) { r["deals"][0]["hands"][0][0] = "ZZ"; },
       {"deal 0", "'ZZ' is not a card"}},
      {"unknown option",
       [](nlohmann::json& r) { r["options"]["colour"] = "red"; },
       {"unknown option 'colour'"}},
      {"bad option value",
       [](nlohmann::json& r) { r["options"]["players"] = 9; },
       {"'players'", "'9'", "2..6"}},
      {"partnership with 2 players",
       [](nlohmann::json& r) { r["options"]["partnership"] = true; },
       {"'partnership'"}},
      {"first_dealer out of range",
       [](nlohmann::json& r) { r["first_dealer"] = 2u; },
       {"first_dealer 2", "0..1"}},
      {"negative first_dealer",
       [](nlohmann::json& r) { r["first_dealer"] = -1; },
       {"first_dealer", "seat number"}},
      {"first_dealer not a number",
       [](nlohmann::json& r) { r["first_dealer"] = "S0"; },
       {"first_dealer", "seat number"}},
      {"unknown game", [](nlohmann::json& r) { r["game"] = "hearts"; }, {"unknown game 'hearts'"}},
      {"bad seed", [](nlohmann::json& r) { r["seed"] = "seven"; }, {"'seed'"}},
      {"deals not a list", [](nlohmann::json& r) { r["deals"] = 3; }, {"'deals'"}},
  };
  for (const auto& c : cases) {
    nlohmann::json record = TieBreakRecord();
    c.edit(record);
    std::string error;
    auto session = Session::from_record(record, &error);
    EXPECT_FALSE(session) << c.what << " was accepted";
    for (const auto& m : c.mentions)
      EXPECT_NE(error.find(m), std::string::npos) << c.what << ": " << error;
  }
}

// ---------------------------------------------------------------------------------------------
// RedsPerft: the number of legal move sequences of a given length from a fixed position. In
// simultaneous phases (exchange, hidden bids) the lowest actor moves first.

using testing_util::Perft;

// An independent model of trick play (rules 8-10, reading C) to cross-check play-phase perft.
struct RefPlay {
  int n = 0;
  int anti = kNoSuit;
  std::vector<CardSet> hands;
  std::vector<Card> trick;
  Seat leader = 0;
  int tricks_done = 0;
};

int RefWinner(const std::vector<Card>& trick, int anti) {
  auto best_of = [&](int suit) {
    int best = -1;
    for (int i = 0; i < static_cast<int>(trick.size()); ++i)
      if (suit_of(trick[i]) == suit && (best < 0 || rank_of(trick[i]) > rank_of(trick[best])))
        best = i;
    return best;
  };
  if (int d = best_of(kDiamonds); d >= 0) return d;
  const int led = suit_of(trick[0]);
  if (led != anti) return best_of(led);
  if (int neutral = best_of(anti == kClubs ? kSpades : kClubs); neutral >= 0) return neutral;
  return best_of(anti);
}

std::uint64_t RefPerft(const RefPlay& p, int depth) {
  if (depth == 0 || p.tricks_done == kTricks) return 1;
  const Seat seat = (p.leader + static_cast<int>(p.trick.size())) % p.n;
  CardSet options = p.hands[seat];
  if (!p.trick.empty() && !options.in_suit(suit_of(p.trick[0])).empty())
    options = options.in_suit(suit_of(p.trick[0]));
  std::uint64_t total = 0;
  for (Card c : options) {
    RefPlay next = p;
    next.hands[seat].remove(c);
    next.trick.push_back(c);
    if (static_cast<int>(next.trick.size()) == p.n) {
      next.leader = (p.leader + RefWinner(next.trick, p.anti)) % p.n;
      next.trick.clear();
      ++next.tricks_done;
    }
    total += RefPerft(next, depth - 1);
  }
  return total;
}

RefPlay RefFrom(const State& s) {
  RefPlay p;
  p.n = s.num_seats();
  p.anti = s.anti_trump();
  for (Seat seat = 0; seat < p.n; ++seat) p.hands.push_back(s.hand(seat));
  p.leader = s.to_act();
  return p;
}

TEST(RedsPerft, BiddingIntoExchange4p) {
  // 4 players, dealer S0, fixed deal. Bids: 6 choices per player, so 6^d for d <= 4. Then the
  // exchange of 4 cards from 5 gives C(5,4) = 5 choices per player: 1296 * 5^(d-4). The first
  // lead after the exchange may be any of 5 cards: 810000 * 5.
  Table t("players=4", 0, {MakeDeal(kDeal4, "9C")});
  const std::uint64_t expected[] = {1, 6, 36, 216, 1296, 6480, 32400, 162000, 810000, 4050000};
  for (int d = 0; d <= 9; ++d) EXPECT_EQ(Perft(t.s(), d), expected[d]) << "depth " << d;
}

TEST(RedsPerft, HiddenBids4p) {
  // Simultaneous hidden bids: the same counts as turn bidding (lowest actor first).
  Table t("players=4,hidden_bids=true", 0, {MakeDeal(kDeal4, "9C")});
  const std::uint64_t expected[] = {1, 6, 36, 216, 1296, 6480, 32400};
  for (int d = 0; d <= 6; ++d) EXPECT_EQ(Perft(t.s(), d), expected[d]) << "depth " << d;
}

TEST(RedsPerft, TwoPlayersRound1) {
  // 2 players: bids 6, 36; exchange of 4: 36 * 5 = 180, 900; first lead any of 5: 4500.
  Table t("players=2", 0, {MakeDeal({"AS KS QS JS TS", "AD KD QD JD TD"}, "9C")});
  const std::uint64_t expected[] = {1, 6, 36, 180, 900, 4500};
  for (int d = 0; d <= 5; ++d) EXPECT_EQ(Perft(t.s(), d), expected[d]) << "depth " << d;
}

TEST(RedsPerft, ShortGameRound2ThreeCards3p) {
  // Round 2 of a 3-player short game (chart row 4: 3 cards right): from its start, bids give
  // 6, 36, 216 and each exchange C(5,3) = 10 choices: 2160, 21600, 216000.
  Table t("players=3,short_game=true", 0,
          {MakeDeal({"AS KS QS JS TS", "AD KD QD JD TD", "AC KC QC JC TC"}, "9C"),
           MakeDeal({"2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D", "2C 3C 4C 5C 6C"}, "7C")});
  while (t.s().round_index() == 0) t.StepFirstLegal();
  ASSERT_EQ(t.s().exchange().cards, 3);
  EXPECT_EQ(t.s().dealer(), 1);
  EXPECT_EQ(Text(t.s().hand(0)), Text(Set("2S 3S 4S 5S 6S")));
  const std::uint64_t expected[] = {1, 6, 36, 216, 2160, 21600, 216000};
  for (int d = 0; d <= 6; ++d) EXPECT_EQ(Perft(t.s(), d), expected[d]) << "depth " << d;
}

TEST(RedsPerft, PlayPhase4p) {
  // After the exchange, 4 players, dealer S0 (S1 leads), anti-trump clubs (pack 2C):
  //   S1: AS KS 2D 3C 4C   S2: QS 5D 6D 7C 8C   S3: 9D TD JD QD KD   S0: JS TS 9S AC KC
  // Depth 1: S1 may lead any of 5. Depth 2: S2 follows with its only spade (AS, KS leads: 1
  // each), one of 2 diamonds (2D: 2) or one of 2 clubs (3C, 4C: 2 each) = 8. Depth 3: S3 holds only
  // diamonds: 5 choices on a spade or club lead, and 5 diamonds on the 2D lead: 8 * 5 = 40.
  // Depth 4: S0 has 3 spades, no diamond, 2 clubs: AS 1*5*3 + KS 15 + 2D 2*5*5 + 3C 2*5*2 + 4C 20
  // = 120. S3 wins trick 1 whatever happens (it trumps a spade or club lead and overtakes 2D), so
  // depth 5 = 120 * 4 = 480 (S3 leads any of its 4 diamonds) and depth 6 = 480 * 4 = 1920 (S0 has
  // no diamond). Depth 7: S1 must play 2D unless it led 2D in trick 1. Trick-1 sequences led by 2D:
  // 50, others 70; so 50*16*4 + 70*16*1 = 4320. Depth 8: S2 has one diamond left after a 2D lead,
  // two otherwise: 3200*1 + (30+40)*16*2 = 5440. Depths 9-10 are pinned as computed, and every
  // depth is cross-checked with RefPerft, an independent model of rules 8-10.
  Table t = AtPlay("players=4", 0,
                   {"JS TS 9S AC KC", "AS KS 2D 3C 4C", "QS 5D 6D 7C 8C", "9D TD JD QD KD"}, "2C");
  ASSERT_EQ(t.s().anti_trump(), kClubs);
  const std::uint64_t expected[] = {1, 5, 8, 40, 120, 480, 1920, 4320, 5440, 16320, 48960};
  const RefPlay ref = RefFrom(t.s());
  for (int d = 0; d <= 10; ++d) {
    const std::uint64_t got = Perft(t.s(), d);
    EXPECT_EQ(got, RefPerft(ref, d)) << "depth " << d << " disagrees with the reference model";
    EXPECT_EQ(got, expected[d]) << "depth " << d;
  }
}

TEST(RedsPerft, PlayPhase3pFullRound) {
  // A whole round of play, 3 players (15 cards), dealer S0, anti-trump spades (pack 8D 2S: 8D is
  // turned, then 2S), clubs neutral. After the exchange:
  //   S0: AS 3C 7C QD 5S   S1: 4S KC 2D 9C JS   S2: 6S TC 8C AD 3D      (S1 leads)
  // By hand: depth 1 = 5; depth 2: S2 follows 4S/JS with 6S (1 each), KC/9C with TC or 8C (2
  // each), 2D with AD or 3D (2) = 8; depth 3: S0 has 2 spades, 2 clubs, 1 diamond:
  // 2 + 4 + 2 + 4 + 2 = 14; depth 4: the winner leads any of its 4 cards: 56. Depth 5, by trick-1
  // winner and the next player's choices: 4S-led 6+6, KC-led 4*5, 2D-led 10+8, 9C-led 2*5+2*5,
  // JS-led 6+10 = 86. From depth 12 on only forced cards remain. Cross-checked with RefPerft.
  Table t = AtPlay("players=3", 0, {"AS 3C 7C QD 5S", "4S KC 2D 9C JS", "6S TC 8C AD 3D"}, "8D 2S");
  ASSERT_EQ(t.s().anti_trump(), kSpades);
  const RefPlay ref = RefFrom(t.s());
  const std::uint64_t expected[] = {1,   5,    8,    14,   56,   86,   148,  444,
                                    690, 1062, 2124, 2828, 3788, 3788, 3788, 3788};
  for (int d = 0; d <= 15; ++d) {
    const std::uint64_t got = Perft(t.s(), d);
    EXPECT_EQ(got, RefPerft(ref, d)) << "depth " << d << " disagrees with the reference model";
    EXPECT_EQ(got, expected[d]) << "depth " << d;
  }
}

// A8 and section 4: after the round, a seat still sees only the passes it made and received.
TEST(RedsRules, A8_PassesOfOthersStayPrivateAfterTheRound) {
  register_all_games();
  std::string error;
  auto session = Session::create(load_game("reds(players=4)", &error), 21, 0, {}, &error);
  ASSERT_TRUE(session) << error;
  Rng rng(4);
  while (session->rounds().empty()) {
    Seat seat = session->state().actors().lowest();
    ASSERT_TRUE(session->play(seat, *session->state().bot_move("random", seat, rng), &error));
  }
  // Round 1 passes 4 cards left: seat 1 passed to seat 2 and received from seat 0.
  nlohmann::json last = session->state().view(1)["last_round"];
  ASSERT_TRUE(last.is_object());
  EXPECT_EQ(last["passed"][1].size(), 4u);
  EXPECT_EQ(last["passed"][0].size(), 4u);
  EXPECT_TRUE(last["passed"][2].is_null());
  EXPECT_TRUE(last["passed"][3].is_null());
  nlohmann::json spectator = session->state().view(kSpectator)["last_round"];
  for (int s = 0; s < 4; ++s) EXPECT_TRUE(spectator["passed"][s].is_null());
  // The full record (replay) keeps every pass.
  EXPECT_EQ(session->rounds()[0]["passed"][3].size(), 4u);
}

TEST(RedsRules, RoundReplayGivesTheBidsExchangesAndCardsAsMade) {
  for (const char* game :
       {"reds", "reds(players=2)", "reds(players=6,partnership=true,hidden_bids=true)",
        "reds(players=5,short_game=true)"})
    testing_util::ExpectRoundReplaysAsMade(game, 2);
}

}  // namespace
}  // namespace cardroom::reds
