// The Tadmur heuristic player: always legal in every variant, never reads hidden cards (its
// choices depend only on its view), sensible in spot checks (wins when it can, infers the
// opponent's target from ruled-out ranks and reachability, guesses when cheap, keeps its own
// chain completable), and far stronger than the random player.
#include "games/tadmur/tadmur_bot.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/common/test_util.h"

namespace cardroom::tadmur {
namespace {

std::vector<Card> cards(const std::string& text) { return testing_util::List(text); }

// Layout "starter0 starter1 target0 target1"; listed cards go to the hands; the rest fill S0, then
// S1, except ranks in avoid0 (to S1) and avoid1 (to S0).
Deal deal(const std::string& layout, const std::string& hand0, const std::string& hand1,
          const std::string& avoid0 = "", const std::string& avoid1 = "") {
  Deal d;
  d.pack = cards(layout);
  d.hands = {cards(hand0), cards(hand1)};
  CardSet used;
  for (Card c : d.pack) used.add(c);
  for (const auto& h : d.hands)
    for (Card c : h) used.add(c);
  std::vector<Card> free;
  for (Card c : CardSet::standard_deck() - used) {
    const char r = rank_char(rank_of(c));
    if (avoid0.find(r) != std::string::npos)
      d.hands[1].push_back(c);
    else if (avoid1.find(r) != std::string::npos)
      d.hands[0].push_back(c);
    else
      free.push_back(c);
  }
  for (Card c : free) (d.hands[0].size() < kHandSize ? d.hands[0] : d.hands[1]).push_back(c);
  return d;
}

State start(const Deal& d, const std::string& options = "") {
  std::string error;
  auto parsed = parse_game_string("tadmur(" + options + ")", &error);
  auto values = OptionValues::parse(Game::option_specs(), parsed->options, &error);
  auto game = Game::create(*values, &error);
  std::vector<Deal> deals{d};
  ApplyContext ctx{nullptr, deals};
  return game->new_match(1, 1, &ctx);
}

void play(State& s, Seat seat, const std::string& text) {
  std::string error;
  auto m = s.parse_move(seat, text, &error);
  ASSERT_TRUE(m) << error;
  Status st = s.apply(seat, *m, nullptr);
  ASSERT_TRUE(st.ok()) << text << ": " << st.error;
}

TEST(TadmurBot, AlwaysLegalInEveryVariant) {
  register_all_games();
  for (const std::string options : {"", "guess_bar=opponent", "stuck=pass"}) {
    std::string error;
    auto parsed = parse_game_string("tadmur(" + options + ")", &error);
    auto values = OptionValues::parse(Game::option_specs(), parsed->options, &error);
    const Game game = *Game::create(*values, &error);
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
      State s = game.new_match(seed, -1, nullptr);
      Rng rng(seed);
      while (!s.over()) {
        const Seat seat = s.to_act();
        const State belief = s.resample(seat, rng);
        const Move m = heuristic_move(belief, seat, rng);
        MoveList<State::kMaxMoves> legal;
        s.legal_moves(seat, legal);
        ASSERT_TRUE(legal.contains(m)) << options << " seed " << seed << ": " << s.move_text(m);
        ASSERT_TRUE(s.apply(seat, m, nullptr).ok());
      }
    }
  }
}

TEST(TadmurBot, DependsOnlyOnTheView) {
  // Two beliefs of the same seat differ only in hidden cards: the bot (with the same rng) chooses
  // the same move.
  const Game game{Config{}};
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    State s = game.new_match(seed, -1, nullptr);
    Rng rng(seed);
    for (int k = 0; k < 6 && !s.over(); ++k) {
      const Seat seat = s.to_act();
      const State a = s.resample(seat, rng), b = s.resample(seat, rng);
      Rng r1(7), r2(7);
      EXPECT_EQ(heuristic_move(a, seat, r1), heuristic_move(b, seat, r2));
      ASSERT_TRUE(s.apply(seat, heuristic_move(a, seat, r1), nullptr).ok());
    }
  }
}

TEST(TadmurBot, PlaysTheWinningCard) {
  // S0 one space from its target 9D with 8S in hand after 7D: it plays 8S and wins.
  State s = start(deal("5S KC 9D 3S", "6S 7S 8S 7H 8H 7D 8D", "QS KS QH KH QD KD QC", "", "6"));
  for (const auto& [a, b] : std::vector<std::pair<std::string, std::string>>{
           {"6S", "QS"}, {"7S", "KS"}, {"8S", "QH"}, {"7H", "KH"}, {"8H", "QD"}, {"7D", "KD"}}) {
    play(s, 0, "play " + a);
    play(s, 1, "play " + b);
  }
  // S0 at 1 space after 7D; S1 at 1 space. S0 holds 8D (and 6s): 8D wins.
  Rng rng(1);
  const Move m = heuristic_move(s.resample(0, rng), 0, rng);
  EXPECT_EQ(s.move_text(m), "play 8D");
}

TEST(TadmurBot, OddsRuleOutGuessedAndSeenRanks) {
  State s = start(deal("5S KC 9D 3S", "", "", "", ""));
  play(s, 0, "guess J");
  play(s, 0, "play 6S");
  // S0's view of S1's target: J is out (wrong guess); everything else possible.
  auto odds = target_odds(s, 0);
  EXPECT_EQ(odds[kJack], 0.0);
  double total = 0;
  for (double p : odds) total += p;
  EXPECT_NEAR(total, 1.0, 1e-9);
  // A rank whose four cards S0 can all see has odds 0: S0 holds all the 2s here? It holds the
  // lowest ids, so 2S 2H ... build a hand with all four 4s.
  State t = start(deal("5S KC 9D 3S", "4S 4H 4D 4C", ""));
  EXPECT_EQ(target_odds(t, 0)[kFour], 0.0);
  EXPECT_GT(target_odds(t, 0)[kThree], 0.0);
}

TEST(TadmurBot, GuessesWhenItsOwnTargetIsOutOfParity) {
  // Starter 5S, target 6H: unreachable with 7 spaces; a wrong guess is a gain, so it guesses.
  State s = start(deal("5S KC 6H 3S", "4S 6S 6D 7S 7H", "QS QH"));
  Rng rng(3);
  const Move m = heuristic_move(s.resample(0, rng), 0, rng);
  EXPECT_EQ(move_kind(m), kGuessMove) << s.move_text(m);
}

TEST(TadmurBot, KeepsItsChainCompletable) {
  // Starter 5S, target 9D (reachable with 8 steps). From 5, both 4 and 6 keep it reachable by
  // parity, but S0 holds no 3 and no other 5: only the upward walk can be completed from its hand.
  State s = start(deal("5S KC 9D 3S", "4S 6S 6D 7S 7H 8S 8H 7D 8D", "QS QH", "23456", ""));
  Rng rng(5);
  for (int k = 0; k < 20; ++k) {
    const Move m = heuristic_move(s.resample(0, rng), 0, rng);
    if (move_kind(m) == kPlayMove) {
      EXPECT_NE(s.move_text(m), "play 4S");
    }
  }
  EXPECT_TRUE(can_complete(s, 0));
}

TEST(TadmurBot, BeatsRandomByAWideMargin) {
  register_all_games();
  std::string error;
  auto game = load_game("tadmur", &error);
  ASSERT_TRUE(game) << error;
  int wins = 0, losses = 0;
  const int matches = 600;
  for (int i = 0; i < matches; ++i) {
    auto session = Session::create(load_game("tadmur", &error), 1000 + i, -1, {}, &error);
    ASSERT_TRUE(session);
    const Seat bot_seat = i % 2;
    Rng rng(i);
    while (!session->state().over()) {
      const Seat seat = session->state().actors().lowest();
      auto m = session->state().bot_move(seat == bot_seat ? "heuristic" : "random", seat, rng);
      ASSERT_TRUE(m);
      ASSERT_TRUE(session->play(seat, *m, &error)) << error;
    }
    wins += session->state().score(bot_seat);
    losses += session->state().score(1 - bot_seat);
  }
  EXPECT_GT(wins, 2 * losses) << wins << " wins, " << losses << " losses";
}

}  // namespace
}  // namespace cardroom::tadmur
