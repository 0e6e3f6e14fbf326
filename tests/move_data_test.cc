// Moves as data (core/move_data.h): the fields read from each game's notation, the labels with
// suit symbols, every legal move of every game well formed, and a bare card accepted as the one
// legal move that names it.
#include "core/move_data.h"

#include <gtest/gtest.h>

#include "core/registry.h"
#include "games/all_games.h"
#include "games/bridge_solitaire/bridge_solitaire.h"

namespace cardroom {
namespace {

TEST(MoveData, ReadsVerbCardsNumbersAndContracts) {
  const MoveData play = describe_move("play QD");
  EXPECT_EQ(play.verb, "play");
  ASSERT_EQ(play.cards.size(), 1u);
  EXPECT_EQ(card_text(play.cards[0]), "QD");
  EXPECT_EQ(play.label, "play Q♦");
  EXPECT_FALSE(play.number);
  const MoveData bid = describe_move("bid 4C");  // a contract, not the four of clubs
  EXPECT_EQ(bid.verb, "bid");
  EXPECT_TRUE(bid.cards.empty());
  EXPECT_EQ(bid.number, 4);
  EXPECT_EQ(bid.strain, "C");
  EXPECT_EQ(bid.label, "bid 4♣");
  EXPECT_EQ(describe_move("bid 0NT").label, "bid 0NT");
  EXPECT_EQ(describe_move("bid 0NT").strain, "NT");
  const MoveData tricks = describe_move("bid 3");
  EXPECT_EQ(tricks.number, 3);
  EXPECT_TRUE(tricks.strain.empty());
  EXPECT_EQ(describe_move("pass").verb, "pass");
  EXPECT_EQ(describe_move("pass").label, "pass");
  EXPECT_EQ(describe_move("trump S").label, "trump ♠");
  EXPECT_EQ(describe_move("call T").label, "call 10");  // a rank alone
  EXPECT_EQ(describe_move("guess 9").label, "guess 9");
  EXPECT_EQ(describe_move("move 7D T2").label, "move 7♦ T2");
  EXPECT_EQ(describe_move("steal 7C S2").cards.size(), 1u);
  EXPECT_EQ(describe_move("give 7C 9S").cards.size(), 2u);
  EXPECT_EQ(describe_move("take 2").number, 2);
  const MoveData joker = describe_move("play J1", bridge_solitaire::card_names());
  ASSERT_EQ(joker.cards.size(), 1u);
  EXPECT_EQ(card_text(joker.cards[0], bridge_solitaire::card_names()), "J1");
  const nlohmann::json j = move_json(Move{77}, "bid 4C", bid);
  EXPECT_EQ(j["code"], "77");
  EXPECT_EQ(j["strain"], "C");
  EXPECT_EQ(j["number"], 4);
  EXPECT_EQ(j["cards"], nlohmann::json::array());
  EXPECT_FALSE(move_json(Move{1}, "pass", describe_move("pass")).contains("number"));
}

// Every game's legal moves over random matches: a label, a verb or a card, the view's "moves" the
// same moves as "legal", and a card named only where the seat may name it (it is its move).
TEST(MoveData, EveryLegalMoveOfEveryGameIsWellFormed) {
  register_all_games();
  for (const GameEntry* entry : registered_games()) {
    SCOPED_TRACE(entry->name);
    std::string error;
    auto game = load_game(capped_game_string(*entry), &error);
    ASSERT_TRUE(game) << error;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto state = game->new_match(seed, -1, nullptr);
      Rng rng(seed);
      for (int moves = 0; moves < 400 && !state->over(); ++moves) {
        const Seat seat = state->actors().lowest();
        const nlohmann::json v = state->view(seat);
        ASSERT_EQ(v["moves"].size(), v["legal"].size());
        for (std::size_t i = 0; i < v["moves"].size(); ++i) {
          const nlohmann::json& m = v["moves"][i];
          EXPECT_EQ(m["text"], v["legal"][i]);
          EXPECT_FALSE(m["label"].get<std::string>().empty()) << m.dump();
          EXPECT_TRUE(!m["verb"].get<std::string>().empty() || !m["cards"].empty()) << m.dump();
          for (const auto& c : m["cards"])
            EXPECT_TRUE(parse_card(c.get<std::string>(), game->card_names())) << m.dump();
          // A label shows suits as symbols, never a bare card code.
          for (const auto& c : m["cards"])
            EXPECT_EQ(m["label"].get<std::string>().find(" " + c.get<std::string>()),
                      std::string::npos)
                << m.dump();
        }
        state->apply(seat, *state->random_legal_move(seat, rng), nullptr);
      }
    }
  }
}

TEST(MoveData, ABareCardIsTheOneLegalMoveThatNamesIt) {
  register_all_games();
  std::string error;
  auto game = load_game("bridge_solitaire", &error);
  ASSERT_TRUE(game) << error;
  auto state = game->new_match(3, -1, nullptr);
  const Seat seat = state->actors().lowest();
  // Keeping six of thirteen: every move is "keep C"; a bare card keeps it.
  const auto legal = state->legal_moves(seat);
  ASSERT_FALSE(legal.empty());
  const std::string text = state->move_text(legal.front());
  ASSERT_EQ(text.substr(0, 5), "keep ");
  const std::string card = text.substr(5);
  auto bare = state->parse_move(seat, card, &error);
  ASSERT_TRUE(bare) << error;
  EXPECT_EQ(*bare, legal.front());
  // Lower case too; a card that no legal move names keeps the game's own error.
  std::string lower = card;
  for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  EXPECT_TRUE(state->parse_move(seat, lower, &error));
  error.clear();
  EXPECT_FALSE(state->parse_move(seat, "XX", &error));
  EXPECT_FALSE(error.empty());
}

}  // namespace
}  // namespace cardroom
