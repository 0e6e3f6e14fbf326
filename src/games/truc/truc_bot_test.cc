// The Truc heuristic player: always legal in every variant, signals its partner first, raises
// with strong hands, answers raises from the strength of its hand, plays sensibly (wins cheaply,
// leaves its partner's winner alone), and beats the random player by a wide margin.
#include "games/truc/truc_bot.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"

namespace cardroom::truc {
namespace {

Deal deal(const std::vector<std::string>& hands) {
  Deal d;
  for (const auto& h : hands) {
    std::string error;
    auto cards = parse_cards(h, {}, &error);
    EXPECT_TRUE(cards) << error;
    d.hands.push_back(cards.value_or(std::vector<Card>{}));
  }
  return d;
}

// A match at its opening cut: S0 deals, S1 is offered the cut.
State at_cut(const Deal& d, const std::string& options = "") {
  std::string error;
  auto parsed = parse_game_string("truc(" + options + ")", &error);
  auto values = OptionValues::parse(Game::option_specs(), parsed->options, &error);
  auto game = Game::create(*values, &error);
  std::vector<Deal> deals{d};
  ApplyContext ctx{nullptr, deals};
  return game->new_match(1, 0, &ctx);
}

// The first hand in play: S1 has cut and `d` is dealt; S3 leads, then S2, S1, S0.
State start(const Deal& d, const std::string& options = "") {
  State s = at_cut(d, options);
  std::vector<Deal> deals{d};
  ApplyContext ctx{nullptr, deals};
  EXPECT_TRUE(s.apply(1, cut_move(false), &ctx).ok());
  EXPECT_EQ(s.phase(), State::Phase::kPlay);
  return s;
}

void play(State& s, Seat seat, const std::string& text) {
  std::string error;
  auto m = s.parse_move(seat, text, &error);
  ASSERT_TRUE(m) << error;
  Status st = s.apply(seat, *m, nullptr);
  ASSERT_TRUE(st.ok()) << text << ": " << st.error;
}

std::string bot(const State& s, Seat seat, std::uint64_t seed = 1) {
  Rng rng(seed);
  return s.move_text(heuristic_move(s.resample(seat, rng), seat, rng));
}

TEST(TrucBot, AlwaysLegalInEveryVariant) {
  for (const std::string options : {"", "signals=false", "eleven_fold_points=0"}) {
    std::string error;
    auto parsed = parse_game_string("truc(" + options + ")", &error);
    auto values = OptionValues::parse(Game::option_specs(), parsed->options, &error);
    const Game game = *Game::create(*values, &error);
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      State s = game.new_match(seed, -1, nullptr);
      Rng rng(seed);
      while (!s.over()) {
        const Seat seat = s.actors().lowest();
        const Move m = heuristic_move(s.resample(seat, rng), seat, rng);
        MoveList<State::kMaxMoves> legal;
        s.legal_moves(seat, legal);
        ASSERT_TRUE(legal.contains(m)) << options << " seed " << seed << ": " << s.move_text(m);
        ASSERT_TRUE(s.apply(seat, m, nullptr).ok());
      }
    }
  }
}

TEST(TrucBot, CutsAndDealsThree) {
  // Every match opens with the cut: the bot takes it; as a dealer after a tap, it deals 3.
  State s = at_cut(deal({"4D 5D 6D", "4H 5H 6H", "4S 5S 6S", "3C 5C 6C"}));
  ASSERT_EQ(s.phase(), State::Phase::kCut);
  EXPECT_EQ(bot(s, 1), "cut");
  play(s, 1, "tap");
  EXPECT_EQ(bot(s, 0), "deal 3");
}

TEST(TrucBot, SignalsItsBestCardFirst) {
  State s = start(deal({"4D 5D 6D", "4H 5H 6H", "4S 5S 6S", "3C 5C 6C"}));
  EXPECT_EQ(bot(s, 3), "signal three");
  play(s, 3, "signal three");
  EXPECT_NE(bot(s, 3).rfind("signal", 0), 0u) << "one signal per hand";
  State w = start(deal({"4D 5D 6D", "4H 5H 6H", "4S 5S 6S", "4C 5C 6C"}));
  EXPECT_EQ(bot(w, 3), "signal weak");
}

TEST(TrucBot, RaisesWithAStrongHand) {
  // S3 holds both remaining 3s and a 2.
  State s = start(deal({"4D 5D 6D", "4H 5H 6H", "4S 5S 6S", "3C 3D 2C"}), "signals=false");
  EXPECT_EQ(bot(s, 3), "truc");
}

TEST(TrucBot, AnswersFromItsHand) {
  // S3 calls truc; S2 (the responder) with three 4s-7s rejects, with 3s accepts.
  State weak = start(deal({"4D 5D 6D", "4H 5H 6H", "4S 5S 4C", "3C 5C 6C"}), "signals=false");
  play(weak, 3, "truc");
  EXPECT_EQ(bot(weak, 2), "reject");
  State strong = start(deal({"4D 5D 6D", "4H 5H 6H", "3S 3H 2S", "4C 5C 6C"}), "signals=false");
  play(strong, 3, "truc");
  EXPECT_EQ(bot(strong, 2), "accept");
}

TEST(TrucBot, TakesCheaplyAndLeavesItsPartnersWinner) {
  State s = start(deal({"4D 5D 6D", "4H 5H KH", "3S AS 5S", "QC 5C 6C"}), "signals=false");
  play(s, 3, "play QC");
  EXPECT_EQ(choose_card(s, 2), parse_card("AS").value()) << "the lowest card that takes it";
  play(s, 2, "play AS");
  EXPECT_EQ(choose_card(s, 1), parse_card("4H").value()) << "S1 cannot beat the A: lowest";
  play(s, 1, "play 4H");
  EXPECT_EQ(choose_card(s, 0), parse_card("4D").value()) << "partner S2 holds it with an A";
}

TEST(TrucBot, BeatsRandomByAWideMargin) {
  register_all_games();
  std::string error;
  int bot_wins = 0;
  const int matches = 60;
  for (int i = 0; i < matches; ++i) {
    auto session = Session::create(load_game("truc", &error), 500 + i, -1, {}, &error);
    ASSERT_TRUE(session) << error;
    const int bot_team = i % 2;
    Rng rng(i);
    while (!session->state().over()) {
      const Seat seat = session->state().actors().lowest();
      auto m = session->state().bot_move(seat % 2 == bot_team ? "heuristic" : "random", seat, rng);
      ASSERT_TRUE(m);
      ASSERT_TRUE(session->play(seat, *m, &error)) << error;
    }
    bot_wins += session->state().winners().contains(bot_team) ? 1 : 0;
  }
  EXPECT_GT(bot_wins, matches * 3 / 4) << bot_wins << " of " << matches;
}

}  // namespace
}  // namespace cardroom::truc
