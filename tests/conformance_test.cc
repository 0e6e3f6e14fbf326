// The conformance suite (DESIGN.md section 8): every registered game, thousands of seeded random
// matches. Checks: invariants (cards conserved) after every move; actors have legal moves exactly
// while the match is on; legal moves are sorted, unique and apply; illegal and out-of-turn moves
// are rejected without changing anything; record replay reproduces the state; and the
// hidden-information test: for every seat, view(seat) of resample(seat) equals view(seat), legal
// moves agree, and play continues legally from the resample.
//
// CARDROOM_CONFORMANCE_SCALE (default 1) multiplies the match counts; the sanitizer run in CI uses
// a smaller scale.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <set>

#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"

namespace cardroom {
namespace {

double scale() {
  const char* s = std::getenv("CARDROOM_CONFORMANCE_SCALE");
  return s ? std::atof(s) : 1.0;
}

// Variants exercised besides each game's defaults.
const std::map<std::string, std::vector<std::string>>& variants() {
  static const std::map<std::string, std::vector<std::string>> v = {
      {"reds",
       {"reds(players=2)", "reds(players=3)", "reds(players=5,short_game=true)", "reds(players=6)",
        "reds(players=4,partnership=true)", "reds(players=6,partnership=true,hidden_bids=true)",
        "reds(hidden_bids=true)", "reds(anti_trump_lead=highest)",
        "reds(players=3,anti_trump_lead=highest_other)"}},
      {"s48",
       {"s48(players=3)", "s48(players=5)", "s48(players=6)", "s48(cut_ace=low)",
        "s48(players=3,final_tie=extra_round)"}},
      {"back_alley", {"back_alley(bid_range=up_to_12)", "back_alley(final_tie=extra_hand)"}},
      {"tadmur", {"tadmur(guess_bar=opponent)", "tadmur(stuck=pass)"}},
      {"truc", {"truc(eleven_fold_points=0)", "truc(signals=false)"}},
  };
  return v;
}

std::vector<std::string> all_game_strings() {
  register_all_games();
  std::vector<std::string> out;
  for (const auto* g : registered_games()) {
    out.push_back(g->name);
    auto it = variants().find(g->name);
    if (it != variants().end())
      for (const auto& s : it->second) out.push_back(s);
  }
  return out;
}

std::unique_ptr<AnyGame> load(const std::string& text) {
  std::string error;
  auto game = load_game(text, &error);
  EXPECT_TRUE(game) << text << ": " << error;
  return game;
}

class Conformance : public ::testing::TestWithParam<std::string> {};

// Candidate illegal moves for `seat`: codes no game uses, and other seats' legal moves.
std::vector<Move> illegal_candidates(const AnyState& state, Seat seat, Rng& rng) {
  std::vector<Move> out = {Move{0}, Move{~std::uint64_t{0}}, Move{rng.next()}};
  auto legal = state.legal_moves(seat);
  for (Seat other = 0; other < state.num_seats(); ++other)
    for (Move m : state.legal_moves(other))
      if (std::find(legal.begin(), legal.end(), m) == legal.end()) out.push_back(m);
  // Flip bits of legal moves (cards not held, bids out of range, ...).
  for (Move m : legal) {
    Move flipped{m.code ^ (std::uint64_t{1} << rng.below(56))};
    if (std::find(legal.begin(), legal.end(), flipped) == legal.end()) out.push_back(flipped);
  }
  return out;
}

TEST_P(Conformance, RandomMatchesKeepInvariants) {
  auto game = load(GetParam());
  ASSERT_TRUE(game);
  const int matches = std::max(20, static_cast<int>(600 * scale()));
  for (int i = 0; i < matches; ++i) {
    auto state = game->new_match(static_cast<std::uint64_t>(i), -1, nullptr);
    Rng rng(1000 + static_cast<std::uint64_t>(i));
    int moves = 0;
    while (true) {
      ASSERT_EQ(state->check(), nullptr) << GetParam() << " match " << i << " move " << moves;
      SeatSet actors = state->actors();
      ASSERT_EQ(actors.empty(), state->over());
      if (actors.empty()) break;
      if (state->mode() == ActorMode::kTurn) {
        ASSERT_EQ(actors.size(), 1);
      }
      for (Seat s = 0; s < state->num_seats(); ++s) {
        auto legal = state->legal_moves(s);
        ASSERT_EQ(!legal.empty(), actors.contains(s)) << "seat " << s;
        for (std::size_t k = 1; k < legal.size(); ++k) ASSERT_LT(legal[k - 1], legal[k]);
      }
      Seat seat = actors.to_vector()[rng.below(static_cast<std::uint32_t>(actors.size()))];
      // Illegal moves change nothing (checked on every move of the first matches).
      if (i < matches / 10 + 2) {
        auto before = state->clone();
        for (Move bad : illegal_candidates(*state, seat, rng)) {
          ASSERT_FALSE(state->apply(seat, bad, nullptr).ok()) << state->move_text(bad);
          ASSERT_TRUE(state->equals(*before));
        }
        for (Seat other = 0; other < state->num_seats(); ++other) {
          if (actors.contains(other)) continue;
          auto legal = state->legal_moves(seat);
          Status st = state->apply(other, legal[0], nullptr);
          ASSERT_FALSE(st.ok());
          ASSERT_NE(st.error, nullptr);
          ASSERT_TRUE(state->equals(*before));
        }
        ASSERT_FALSE(state->apply(-1, Move{0}, nullptr).ok());
        ASSERT_FALSE(state->apply(state->num_seats(), Move{0}, nullptr).ok());
        ASSERT_TRUE(state->equals(*before));
      }
      auto legal = state->legal_moves(seat);
      Move m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      // Move text round-trips.
      std::string error;
      auto parsed = state->parse_move(seat, state->move_text(m), &error);
      ASSERT_TRUE(parsed) << state->move_text(m) << ": " << error;
      ASSERT_EQ(*parsed, m) << state->move_text(m);
      ASSERT_TRUE(state->apply(seat, m, nullptr).ok()) << state->move_text(m);
      ++moves;
      ASSERT_LT(moves, 200000) << "match does not end";
    }
    ASSERT_FALSE(state->winners().empty());
    Status st = state->apply(0, Move{0}, nullptr);
    ASSERT_FALSE(st.ok());
  }
}

// The hidden-information test of DESIGN.md section 4.
TEST_P(Conformance, ResampleKeepsEveryViewAndLegalMoves) {
  auto game = load(GetParam());
  ASSERT_TRUE(game);
  const int matches = std::max(6, static_cast<int>(60 * scale()));
  for (int i = 0; i < matches; ++i) {
    auto state = game->new_match(static_cast<std::uint64_t>(i) + 77, -1, nullptr);
    Rng rng(5000 + static_cast<std::uint64_t>(i));
    int moves = 0;
    while (!state->over()) {
      if (moves % 3 == 0) {
        for (Seat observer = kSpectator; observer < state->num_seats(); ++observer) {
          auto sample = state->resample(observer, rng);
          ASSERT_EQ(sample->check(), nullptr);
          ASSERT_EQ(sample->view(observer), state->view(observer))
              << GetParam() << " observer " << observer << " match " << i << " move " << moves;
          ASSERT_EQ(sample->actors(), state->actors());
          if (observer >= 0) {
            ASSERT_EQ(sample->legal_moves(observer), state->legal_moves(observer));
          }
          // Play continues legally from the belief state.
          if (moves % 30 == 0) {
            Rng play_rng(rng.next());
            while (!sample->over()) {
              Seat s = sample->actors().lowest();
              auto legal = sample->legal_moves(s);
              ASSERT_FALSE(legal.empty());
              ASSERT_TRUE(
                  sample
                      ->apply(s, legal[play_rng.below(static_cast<std::uint32_t>(legal.size()))],
                              nullptr)
                      .ok());
              ASSERT_EQ(sample->check(), nullptr);
            }
          }
        }
      }
      Seat seat = state->actors().lowest();
      auto legal = state->legal_moves(seat);
      ASSERT_TRUE(
          state->apply(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))], nullptr)
              .ok());
      ++moves;
    }
  }
}

// Resampling actually hides: at some point of a match (a game may open with nothing dealt yet,
// e.g. Truc's cut), the resampled view of another seat varies for every observer.
TEST_P(Conformance, ResampleVariesHiddenInformation) {
  auto game = load(GetParam());
  ASSERT_TRUE(game);
  auto state = game->new_match(3, -1, nullptr);
  Rng rng(9);
  const int n = state->num_seats();
  std::vector<bool> varied(n, n == 1);
  for (int moves = 0; moves < 400 && !state->over(); ++moves) {
    for (Seat observer = 0; observer < n; ++observer) {
      if (varied[observer]) continue;
      std::set<std::string> seen;
      for (int k = 0; k < 12; ++k) {
        auto sample = state->resample(observer, rng);
        for (Seat other = 0; other < n; ++other)
          if (other != observer) seen.insert(std::to_string(other) + sample->view(other).dump());
      }
      varied[observer] = static_cast<int>(seen.size()) > n - 1;
    }
    if (std::find(varied.begin(), varied.end(), false) == varied.end()) break;
    Seat seat = state->actors().lowest();
    auto legal = state->legal_moves(seat);
    ASSERT_TRUE(
        state->apply(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))], nullptr)
            .ok());
  }
  for (Seat observer = 0; observer < n; ++observer)
    EXPECT_TRUE(varied[observer]) << "observer " << observer
                                  << ": the views of the other seats never change under resampling";
}

// Sessions with events, bots that see only belief states, and record replay.
TEST_P(Conformance, RecordReplayReproducesTheState) {
  auto game = load(GetParam());
  ASSERT_TRUE(game);
  const int matches = std::max(4, static_cast<int>(40 * scale()));
  for (int i = 0; i < matches; ++i) {
    std::string error;
    auto session = Session::create(load(GetParam()), static_cast<std::uint64_t>(i) * 31 + 5,
                                   i % 3 == 0 ? i % game->num_seats() : -1, {}, &error);
    ASSERT_TRUE(session) << error;
    Rng rng(i);
    auto bots = game->bot_names();
    while (!session->state().over()) {
      Seat seat = session->state().actors().lowest();
      auto move = session->state().bot_move(bots[(seat + i) % bots.size()], seat, rng);
      ASSERT_TRUE(move);
      ASSERT_TRUE(session->play(seat, *move, &error)) << error;
      // Stop some matches half way: replay must reproduce unfinished games too.
      if (i % 4 == 1 && session->moves_made() > 40) break;
    }
    nlohmann::json record = session->record();
    auto replayed = Session::from_record(nlohmann::json::parse(record.dump()), &error);
    ASSERT_TRUE(replayed) << error;
    ASSERT_TRUE(replayed->state().equals(session->state()));
    ASSERT_EQ(replayed->summary(), session->summary());
    ASSERT_EQ(replayed->events().size(), session->events().size());
    for (Seat s = kSpectator; s < game->num_seats(); ++s)
      ASSERT_EQ(replayed->state().view(s), session->state().view(s));
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, Conformance, ::testing::ValuesIn(all_game_strings()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name;
                           for (char c : info.param)
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return name;
                         });

}  // namespace
}  // namespace cardroom
