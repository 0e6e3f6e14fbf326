// Golden transcripts (DESIGN.md section 8): one seeded match per file, played through Session with
// every seat a "random" computer player (AnyState::bot_move) drawing from a fixed bot RNG. The
// transcript lists every event with the seats that may see it ("[all]" for public events) and every
// move. A changed transcript means changed rules, events or RNG use: review it as a diff.
//
// Real-time games (Nuts): the moving seat is drawn from the actors with the bot RNG and each move
// arrives 250 ms after the previous one (its time shown after '@' and kept in the record).
//
// Regenerate with scripts/regen_golden.sh (which runs this test with CARDROOM_REGEN_GOLDEN=1: the
// files under tests/golden/ are then written instead of compared).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "games/common/test_paths.h"

namespace cardroom {
namespace {

bool regenerating() {
  const char* env = std::getenv("CARDROOM_REGEN_GOLDEN");
  return env && std::string(env) == "1";
}

std::string golden_path(const std::string& name) {
  return testing_util::source_dir() + "/tests/golden/" + name;
}

// "all" for public events, else the seats at the table that may see it ("S0,S2,S3").
std::string visibility(const Event& e, int seats) {
  if (e.public_event()) return "all";
  std::string out;
  for (Seat s = 0; s < seats; ++s)
    if (e.visible_to.contains(s)) out += (out.empty() ? "" : ",") + seat_name(s);
  return out.empty() ? "nobody" : out;
}

std::string seats_text(SeatSet set) {
  std::string out;
  for (Seat s : set.to_vector()) out += (out.empty() ? "" : " ") + seat_name(s);
  return out.empty() ? "-" : out;
}

// Plays one match and returns its transcript.
std::string transcript(const std::string& game_string, std::uint64_t seed, std::uint64_t bot_seed) {
  register_all_games();
  std::string error;
  auto game = load_game(game_string, &error);
  EXPECT_TRUE(game) << error;
  if (!game) return "";
  const std::string canonical = game->game_string();
  auto session = Session::create(std::move(game), seed, -1, {}, &error);
  EXPECT_TRUE(session) << error;
  if (!session) return "";
  const int seats = session->state().num_seats();
  std::ostringstream out;
  out << "# golden transcript: " << canonical << "\n"
      << "# match seed " << seed << ", dealer drawn, every seat the 'random' bot, bot rng seed "
      << bot_seed << "\n"
      << "# lines: [who may see it] event  |  Sx > move\n";
  std::size_t printed = 0;
  auto flush_events = [&] {
    for (; printed < session->events().size(); ++printed) {
      const Event& e = session->events()[printed];
      out << "[" << visibility(e, seats) << "] " << e.text << "\n";
    }
  };
  flush_events();
  Rng rng(bot_seed);
  const bool real_time = session->state().mode() == ActorMode::kRealTime;
  int moves = 0;
  while (!session->state().over()) {
    const SeatSet actors = session->state().actors();
    Seat seat = actors.lowest();
    if (real_time) {
      const std::vector<Seat> seats_to_act = actors.to_vector();
      seat = seats_to_act[rng.below(static_cast<std::uint32_t>(seats_to_act.size()))];
    }
    auto move = session->state().bot_move("random", seat, rng);
    EXPECT_TRUE(move.has_value()) << "no move for " << seat_name(seat);
    if (!move) break;
    std::optional<std::int64_t> time_ms;
    if (real_time) time_ms = 250 * static_cast<std::int64_t>(moves + 1);
    out << seat_name(seat) << " > " << session->state().move_text(*move);
    if (time_ms) out << " @" << *time_ms;
    out << "\n";
    EXPECT_TRUE(session->play(seat, *move, &error, time_ms)) << error;
    flush_events();
    EXPECT_EQ(session->state().check(), nullptr);
    if (++moves > 100000) {
      ADD_FAILURE() << "the match does not end";
      break;
    }
  }
  out << "# moves: " << moves << ", rounds: " << session->rounds().size() << "\n# totals:";
  for (Seat s = 0; s < seats; ++s) out << " " << seat_name(s) << "=" << session->state().score(s);
  out << "\n";
  const Teams teams = session->game().teams();
  if (teams.count > 0) {
    out << "# team totals:";
    for (int t = 0; t < teams.count; ++t) out << " T" << t << "=" << session->state().team_score(t);
    out << "\n";
  }
  out << "# winners: " << seats_text(session->state().winners()) << "\n";
  return out.str();
}

// Compares `text` with the checked-in golden file (or writes it when regenerating).
void check_golden(const std::string& name, const std::string& text) {
  const std::string path = golden_path(name);
  if (regenerating()) {
    std::ofstream out(path, std::ios::binary);
    ASSERT_TRUE(out) << "cannot write " << path;
    out << text;
    ASSERT_TRUE(out.good()) << "cannot write " << path;
    return;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << "missing golden file " << path << "; run scripts/regen_golden.sh";
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string expected = buffer.str();
  if (expected == text) return;
  // Report the first differing line.
  std::istringstream want(expected), got(text);
  std::string a, b;
  int line = 0;
  for (;;) {
    ++line;
    const bool more_a = static_cast<bool>(std::getline(want, a));
    const bool more_b = static_cast<bool>(std::getline(got, b));
    if (!more_a && !more_b) break;
    if (!more_a) a = "<end of file>";
    if (!more_b) b = "<end of transcript>";
    if (a != b) {
      ADD_FAILURE() << name << " differs from the golden file at line " << line
                    << ":\n  golden: " << a << "\n  now:    " << b
                    << "\nIf the change is intended, run scripts/regen_golden.sh and review the "
                       "diff.";
      return;
    }
  }
  ADD_FAILURE() << name << " differs from the golden file (line endings?)";
}

TEST(Golden, Reds4pSeed7) {
  const std::string text = transcript("reds(players=4)", 7, 1234);
  ASSERT_FALSE(text.empty());
  check_golden("reds_4p_seed7.txt", text);
}

TEST(Golden, Reds6pPartnershipHiddenBidsSeed7) {
  const std::string text = transcript("reds(players=6,partnership=true,hidden_bids=true)", 7, 1234);
  ASSERT_FALSE(text.empty());
  check_golden("reds_6p_partnership_hidden_seed7.txt", text);
}

TEST(Golden, S48FourPlayersSeed7) {
  const std::string text = transcript("s48(players=4)", 7, 1234);
  ASSERT_FALSE(text.empty());
  check_golden("s48_4p_seed7.txt", text);
}

TEST(Golden, S48ThreePlayersExtraRoundSeed7) {
  // Bot seed 27: first place is tied after round 9, so an extra round is played.
  const std::string text = transcript("s48(players=3,final_tie=extra_round,cut_ace=low)", 7, 27);
  ASSERT_FALSE(text.empty());
  check_golden("s48_3p_extra_round_seed7.txt", text);
}

TEST(Golden, TadmurSeed7) {
  const std::string text = transcript("tadmur", 7, 1234);
  ASSERT_FALSE(text.empty());
  check_golden("tadmur_seed7.txt", text);
}

TEST(Golden, TadmurOpponentBarStuckPassSeed3) {
  const std::string text = transcript("tadmur(guess_bar=opponent,stuck=pass)", 3, 1234);
  ASSERT_FALSE(text.empty());
  check_golden("tadmur_opponent_pass_seed3.txt", text);
}

TEST(Golden, BackAlleySeed7) {
  const std::string text = transcript("back_alley", 7, 1234);
  ASSERT_FALSE(text.empty());
  check_golden("back_alley_seed7.txt", text);
}

TEST(Golden, TrucSeed7) {
  const std::string text = transcript("truc", 7, 1234);
  ASSERT_FALSE(text.empty());
  check_golden("truc_seed7.txt", text);
}

TEST(Golden, SchwimmenSeed7) {
  const std::string text = transcript("schwimmen", 7, 1234);
  ASSERT_FALSE(text.empty());
  check_golden("schwimmen_seed7.txt", text);
}

TEST(Golden, Schwimmen2pCloseAfterExchangeSeed3) {
  const std::string text = transcript("schwimmen(players=2,chips=2,close=after_exchange)", 3, 1234);
  ASSERT_FALSE(text.empty());
  check_golden("schwimmen_2p_after_exchange_seed3.txt", text);
}

TEST(Golden, BridgetteSeed7) {
  const std::string text = transcript("bridgette", 7, 1234);
  ASSERT_FALSE(text.empty());
  check_golden("bridgette_seed7.txt", text);
}

TEST(Golden, IndianChiefSeed7) {
  const std::string text = transcript("indian_chief", 7, 1234);
  ASSERT_FALSE(text.empty());
  check_golden("indian_chief_seed7.txt", text);
}

TEST(Golden, IndianChiefThreeDeclareSeed3) {
  const std::string text = transcript("indian_chief(players=3,declare=true)", 3, 1234);
  ASSERT_FALSE(text.empty());
  check_golden("indian_chief_3_declare_seed3.txt", text);
}

TEST(Golden, BridgeSolitaireSeed7) {
  const std::string text = transcript("bridge_solitaire(max_hands=3)", 7, 1234);
  ASSERT_FALSE(text.empty());
  check_golden("bridge_solitaire_3_hands_seed7.txt", text);
}

TEST(Golden, RedRoverSeed7) {
  const std::string text = transcript("red_rover(deals=3)", 7, 1234);
  ASSERT_FALSE(text.empty());
  check_golden("red_rover_3_deals_seed7.txt", text);
}

TEST(Golden, NutsSeed7) {
  // Real time: random seats to act, a move every 250 ms; a short game (a low target, two hands).
  const std::string text = transcript("nuts(target=5,max_hands=2)", 7, 1234);
  ASSERT_FALSE(text.empty());
  check_golden("nuts_2_hands_seed7.txt", text);
}

TEST(Golden, TranscriptIsDeterministic) {
  // Same game, seed and bot seed: the same transcript, every time.
  EXPECT_EQ(transcript("reds(players=3,short_game=true)", 11, 5),
            transcript("reds(players=3,short_game=true)", 11, 5));
}

}  // namespace
}  // namespace cardroom
