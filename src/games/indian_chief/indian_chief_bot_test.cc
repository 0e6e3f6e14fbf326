// The Indian Chief heuristic player: always legal in every variant, never reads hidden cards (its
// choices depend only on what its seat knows), sensible in spot checks (takes a sure Lawyer, a
// strong Chief, the best card to steal), and far stronger than the random player.
#include "games/indian_chief/indian_chief_bot.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/common/test_util.h"
#include "games/indian_chief/indian_chief_test_util.h"

namespace cardroom::indian_chief {
namespace {

using testing_util::List;

using test_deals::MakeDeal;

State Start(const std::string& options, const Deal& d) {
  const Game game = testing_util::MakeGame<Game>("indian_chief", options);
  std::vector<Deal> deals{d};
  ApplyContext ctx{nullptr, deals};
  return game.new_match(1, 0, &ctx);
}

void Play(State& s, Seat seat, const std::string& text) {
  std::string error;
  auto m = s.parse_move(seat, text, &error);
  ASSERT_TRUE(m) << error;
  ASSERT_TRUE(s.apply(seat, *m, nullptr).ok()) << text;
}

// The bot's whole meld for `seat`: it picks until it commits; returns the box word and cards.
std::string BotMeld(State& s, Seat seat, std::uint64_t seed = 1) {
  Rng rng(seed);
  std::string picked;
  for (int i = 0; i < 8; ++i) {
    Rng world_rng(seed + static_cast<std::uint64_t>(i));
    const State belief = s.resample(seat, world_rng);
    const Move m = heuristic_move(belief, seat, rng);
    EXPECT_TRUE(s.apply(seat, m, nullptr).ok()) << s.move_text(m);
    if (move_kind(m) == kMeldMove) return s.move_text(m) + ":" + picked;
    picked += " " + s.move_text(m).substr(5);
  }
  return "no meld";
}

TEST(IndianChiefBot, TakesASureLawyerEarly) {
  // K + 5 + 9 + A = 25 (or Q, J or 10 for the K): a Lawyer now beats its par, and nothing else in
  // this hand does (no heart for a Doctor, one spade, a Rich Man of 33, a plain straight).
  State s = Start("players=2", MakeDeal(2, {"KD 5C 9D AC QS JC TD 8C", "7S 7H 7D 7C 8S 8H 8D 2C"}));
  const std::string meld = BotMeld(s, 0);
  ASSERT_EQ(meld.substr(0, 12), "meld lawyer:") << meld;
  EXPECT_EQ(s.box_score(0, kLawyer), State::kEmpty);  // not revealed until S1 chooses
  int sum = 0;
  for (Card c : List(meld.substr(12))) sum += face_value(c);
  EXPECT_EQ(sum, 25) << meld;
}

TEST(IndianChiefBot, TakesACheapRichMan) {
  // Five low cards: a Rich Man of -12 beats its par (what it costs when forced late).
  State s = Start("players=2", MakeDeal(2, {"2S 2D 2C 5C AC 9H JS KD", "7S 7H 7D 7C 8S 8H 8D 8C"}));
  EXPECT_EQ(BotMeld(s, 0), "meld rich: 2S 2D 2C 5C AC");
}

TEST(IndianChiefBot, TakesAStrongChief) {
  // Four kings and a pair of nines: four of a kind 40 + a baccarat of the rest.
  State s = Start("players=2", MakeDeal(2, {"KS KH KD KC 9S 9H 2D 3C", "7S 7H 7D 7C 8S 8H 8D 8C"}));
  const std::string meld = BotMeld(s, 0);
  EXPECT_EQ(meld.substr(0, 10), "meld chief") << meld;
  EXPECT_EQ(s.view(0)["my_meld"], "chief");
}

TEST(IndianChiefBot, StealsTheCardItNeeds) {
  // S0 keeps A♥ 2♣ 3♦ 4♠ 6♥ 8♦ 9♦. Either five on the table completes its A-5 straight for the
  // Chief, and its Doctor already has three diamonds; only the 5♠ also adds to its Poor Man.
  State s = Start("players=2", MakeDeal(2, {"QC AH 2C 3D 4S 6H 8D 9D", "5S 5H 7D 7C 8S 8H JD JC"}));
  Play(s, 0, "pick QC");
  Play(s, 0, "meld thief");
  Play(s, 1, "pick 5S");
  Play(s, 1, "pick 5H");
  Play(s, 1, "meld beggar");
  ASSERT_EQ(s.phase(), State::Phase::kSteal);
  Rng rng(2);
  const Move m = heuristic_move(s.resample(0, rng), 0, rng);
  EXPECT_EQ(s.move_text(m), "steal 5S S1");
}

TEST(IndianChiefBot, ChoosesFromWhatItKnows) {
  // The same view gives the same move whatever the hidden cards are.
  State s = Start("players=3", MakeDeal(3, {"KS 5H 9D AC 2C 3D 4H 6C", "7S 7H 7D 7C 8S 8H 8D 8C",
                                            "QS QH QD QC JS JH JD JC"}));
  Play(s, 1, "pick 7S");
  std::set<std::string> moves;
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    Rng rng(seed);
    moves.insert(s.move_text(heuristic_move(s.resample(0, rng), 0, rng)));
  }
  EXPECT_EQ(moves.size(), 1u);
}

TEST(IndianChiefBot, AlwaysLegal) {
  for (const char* g : {"indian_chief(players=2)", "indian_chief(players=4)",
                        "indian_chief(players=8)", "indian_chief(players=5,declare=true)"})
    testing_util::ExpectLegalMatches(g, 6, 2000);
}

TEST(IndianChiefBot, BeatsRandomByAWideMargin) {
  register_all_games();
  std::string error;
  auto game = load_game("indian_chief(players=2)", &error);
  ASSERT_TRUE(game) << error;
  int heuristic = 0, random = 0;
  for (int i = 0; i < 40; ++i) {
    auto state = game->new_match(500 + i, -1, nullptr);
    Rng rng(i);
    const Seat bot = i % 2;
    while (!state->over()) {
      const Seat seat = state->actors().lowest();
      auto move = state->bot_move(seat == bot ? "heuristic" : "random", seat, rng);
      ASSERT_TRUE(state->apply(seat, *move, nullptr).ok());
    }
    heuristic += state->score(bot);
    random += state->score(1 - bot);
  }
  EXPECT_GT(heuristic, random + 40 * 50) << heuristic << " vs " << random;
}

}  // namespace
}  // namespace cardroom::indian_chief
