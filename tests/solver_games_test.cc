// The double-dummy solver's hook in every trick game: each State's solver_task() against a plain
// minimax (tests/solver_check.h; S48's is in tests/solver_test.cc), and against the game itself:
// when every seat plays a card the solver values best, the round ends with the value the solver
// gave at the start (the side's tricks as the round record counts them, or its score as the game
// adds it up). Also: no answer outside the card play.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "bots/trick_solver.h"
#include "core/registry.h"
#include "games/all_games.h"
#include "games/back_alley/back_alley.h"
#include "games/bridge_solitaire/bridge_solitaire.h"
#include "games/bridgette/bridgette.h"
#include "games/common/test_util.h"
#include "games/red_rover/red_rover.h"
#include "games/reds/reds.h"
#include "games/s48/s48.h"
#include "games/truc/truc.h"
#include "solver_check.h"

namespace cardroom {
namespace {

class SolverHooks : public ::testing::Test {
 protected:
  void SetUp() override { register_all_games(); }
};

// The tricks the seats of `side` (bit s: seat s) took in a round record: its tricks' winners.
int trick_winners(const nlohmann::json& round, std::uint32_t side) {
  int n = 0;
  for (const auto& trick : round.at("tricks"))
    if (!trick.at("winner").is_null() && (side >> trick.at("winner").get<int>()) & 1) ++n;
  return n;
}

// From `state` (a card to play), for the seat to play, by tricks and by score: every seat plays
// the card the solver values best for its side (the seat's side the highest, the others the
// lowest; a choice a card asks, such as Red Rover's suit named, the same way), and the round must
// end with the value the solver gave at the start: the side's tricks by `side_tricks` of the round
// record, or the seat's score gain (or `side_score` of the round record and the seat, for a game
// whose side scores are not each seat's own). Sets `*ended_early` when the round stopped before
// its last trick (an early end, the stock out). Returns false when the play could not go on.
using SideScore = std::function<int(const nlohmann::json&, Seat)>;
template <class S>
bool playout_matches(const AnyState& state, SolverMemory& memory, const std::string& label,
                     const std::function<int(const nlohmann::json&, std::uint32_t)>& side_tricks,
                     const SideScore& side_score, bool* ended_early) {
  const auto task = *dynamic_cast<const TypedState<S>&>(state).state().solver_task();
  const Seat root = task.position.to_play;
  std::uint32_t side = 0;
  for (Seat s = 0; s < task.position.seats; ++s)
    if (task.side[s] == task.side[root]) side |= 1u << s;
  for (bool by_tricks : {true, false}) {
    SolveQuery q;
    q.seat = root;
    q.tricks = by_tricks;
    auto play = state.clone();
    const int value = play->solve(q, memory)->value;
    const int score_before = play->score(root);
    const int rounds = play->rounds_completed();
    while (!play->over() && play->rounds_completed() == rounds) {
      const Seat seat = play->actors().lowest();
      const bool mine = (side >> seat) & 1;
      std::optional<Move> best;
      int best_value = 0;
      auto consider = [&](Move m, int v) {
        if (!best || (mine ? v > best_value : v < best_value)) best = m, best_value = v;
      };
      if (const auto r = play->solve(q, memory)) {
        for (const CardValue& cv : r->cards) consider(cv.move, cv.value);
      } else {  // a choice the card just played asks: each answer solved
        for (Move m : play->legal_moves(seat)) {
          auto after = play->clone();
          const bool ok = after->apply(seat, m, nullptr).ok();
          const auto answer = after->solve(q, memory);
          if (!ok || !answer) {
            ADD_FAILURE() << label << ": " << play->move_text(m)
                          << " is refused or leaves no card play";
            return false;
          }
          consider(m, answer->value);
        }
      }
      if (!best || !play->apply(seat, *best, nullptr).ok()) {
        ADD_FAILURE() << label << ": no move, or the best refused";
        return false;
      }
    }
    const nlohmann::json round = play->last_round(kOmniscient);
    const int got = by_tricks || task.scores.empty() ? side_tricks(round, side)
                    : side_score                     ? side_score(round, root)
                                                     : play->score(root) - score_before;
    EXPECT_EQ(got, value) << label << " seat " << root << " tricks " << by_tricks;
    *ended_early |= static_cast<int>(round.at("tricks").size()) < task.position.tricks;
  }
  return true;
}

struct PlayoutCount {
  int positions = 0;
  int ended_early = 0;
};

// playout_matches on positions of random matches of `game_string` with at most `max_left` tricks
// to play (as check_against_minimax finds them).
template <class S>
PlayoutCount check_playout(
    const std::string& game_string, int max_left, int positions,
    const std::function<int(const nlohmann::json&, std::uint32_t)>& side_tricks = trick_winners,
    const SideScore& side_score = {}) {
  PlayoutCount count;
  count.positions = for_random_positions<S>(
      game_string, positions, at_most_left<S>(max_left),
      [&](const AnyState& state, SolverMemory& memory, const std::string& label) {
        bool early = false;
        const bool ok = playout_matches<S>(state, memory, label, side_tricks, side_score, &early);
        count.ended_early += early;
        return ok;
      });
  return count;
}

// Whether solve() answers for the match of `game_string` from `seed` played at random until
// `stop` holds (true) and nothing (false) there; false when `stop` never held.
template <class S>
bool reach_and_solve(const std::string& game_string, std::uint64_t seed,
                     const std::function<bool(const S&)>& stop, bool* answered) {
  std::string error;
  auto game = load_game(game_string, &error);
  auto state = game->new_match(seed, -1, nullptr);
  Rng rng(seed);
  while (!state->over()) {
    if (stop(dynamic_cast<const TypedState<S>&>(*state).state())) {
      SolverMemory memory(1 << 12);
      *answered = state->solve(SolveQuery{}, memory).has_value();
      return true;
    }
    const Seat seat = state->actors().lowest();
    if (!state->apply(seat, *state->random_legal_move(seat, rng), nullptr).ok()) return false;
  }
  return false;
}

// The first of seeds 1..200 whose random match reaches `stop`: solve() must then give nothing.
template <class S>
void expect_no_answer_at(const std::string& game_string, const std::function<bool(const S&)>& stop,
                         const char* where) {
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    bool answered = false;
    if (!reach_and_solve<S>(game_string, seed, stop, &answered)) continue;
    EXPECT_FALSE(answered) << game_string << ": an answer " << where;
    return;
  }
  ADD_FAILURE() << game_string << ": no match reached the state " << where;
}

// S48's hook (its minimax check is in tests/solver_test.cc) against the game's own scoring.
TEST_F(SolverHooks, S48PlaysOutAsSolved) {
  EXPECT_EQ(check_playout<s48::State>("s48(players=4)", 4, 6).positions, 6);
}

TEST_F(SolverHooks, RedsAgainstMinimax) {
  EXPECT_EQ(check_against_minimax<reds::State>("reds(players=4)", 4, 12), 12);
  EXPECT_EQ(check_against_minimax<reds::State>("reds(players=2)", 5, 8), 8);
  EXPECT_EQ(check_against_minimax<reds::State>("reds(players=4,partnership=true)", 4, 10), 10);
  EXPECT_EQ(check_against_minimax<reds::State>("reds(players=6,partnership=true)", 3, 6), 6);
  EXPECT_EQ(check_against_minimax<reds::State>("reds(players=3,anti_trump_lead=highest)", 4, 8), 8);
  EXPECT_EQ(
      check_against_minimax<reds::State>("reds(players=5,anti_trump_lead=highest_other)", 3, 6), 6);
}

TEST_F(SolverHooks, RedsPlaysOutAsSolved) {
  EXPECT_EQ(check_playout<reds::State>("reds(players=4)", 4, 8).positions, 8);
  EXPECT_EQ(check_playout<reds::State>("reds(players=4,partnership=true)", 4, 6).positions, 6);
  EXPECT_EQ(check_playout<reds::State>("reds(players=3,anti_trump_lead=highest)", 4, 4).positions,
            4);
}

TEST_F(SolverHooks, RedsSolvesOnlyTheCardPlay) {
  using reds::State;
  expect_no_answer_at<State>(
      "reds", [](const State& s) { return s.phase() == State::Phase::kBid; }, "in the bidding");
  expect_no_answer_at<State>(
      "reds(hidden_bids=true)", [](const State& s) { return s.phase() == State::Phase::kBid; },
      "in the hidden bidding");
  expect_no_answer_at<State>(
      "reds", [](const State& s) { return s.phase() == State::Phase::kExchange; },
      "in the exchange");
}

TEST_F(SolverHooks, BackAlleyAgainstMinimax) {
  EXPECT_EQ(check_against_minimax<back_alley::State>("back_alley", 4, 16), 16);
  EXPECT_EQ(check_against_minimax<back_alley::State>("back_alley(bid_range=up_to_12)", 3, 8), 8);
}

// Back Alley's policy searched without the partition search: the reference for it.
struct BackAlleyPlain : back_alley::Policy {
  static constexpr bool kPartitionSearch = false;
};

// The partition search against the plain one on positions deeper than a minimax reaches (up to 8
// tricks left, one hand holding both bloopers: they are no suit's cards, and the table must tell
// which one is left after the other is played), every card's value by tricks and by points, for
// the seat to play and the next.
TEST_F(SolverHooks, BackAlleyPartitionSearchAgainstThePlainSearch) {
  using back_alley::State;
  const char* env = std::getenv("CARDROOM_CONFORMANCE_SCALE");
  const int positions = std::max(6, static_cast<int>(40 * (env ? std::atof(env) : 1.0)));
  const auto wanted = [](const State& s) {
    const auto task = s.solver_task();
    if (!task || task->position.tricks - task->position.trick_no > 8) return false;
    for (const CardSet hand : task->position.hands)
      if ((hand & back_alley::kBloopers) == back_alley::kBloopers) return true;
    return false;
  };
  const auto check = [](const AnyState& state, SolverMemory& memory, const std::string& label) {
    const auto task = *dynamic_cast<const TypedState<State>&>(state).state().solver_task();
    tricks::SolverTask<BackAlleyPlain, back_alley::kPlayers> plain;
    static_cast<back_alley::Policy&>(plain.position.policy) = task.position.policy;
    const auto& p = task.position;
    auto& q = plain.position;
    q.hands = p.hands;
    q.trick = p.trick;
    q.tricks_won = p.tricks_won;
    q.played = p.played;
    q.seats = p.seats;
    q.count = p.count;
    q.leader = p.leader;
    q.to_play = p.to_play;
    q.trick_no = p.trick_no;
    q.tricks = p.tricks;
    q.over = p.over;
    plain.side = task.side;
    plain.scores = task.scores;
    plain.card_move = task.card_move;
    plain.rank_order = task.rank_order;
    SolverMemory plain_memory(1 << 20);
    for (Seat seat : {static_cast<Seat>(p.to_play), static_cast<Seat>((p.to_play + 1) % p.seats)})
      for (bool by_tricks : {true, false}) {
        const SolveQuery query{.seat = seat, .tricks = by_tricks};
        const SolveResult a = solve_task(task, query, memory);
        const SolveResult b = solve_task(plain, query, plain_memory);
        EXPECT_EQ(a.value, b.value) << label << " seat " << seat << " tricks " << by_tricks;
        EXPECT_EQ(a.cards.size(), b.cards.size()) << label;
        for (std::size_t i = 0; i < std::min(a.cards.size(), b.cards.size()); ++i)
          EXPECT_EQ(a.cards[i].value, b.cards[i].value)
              << label << " card " << card_text(a.cards[i].card) << " seat " << seat << " tricks "
              << by_tricks;
      }
    return !::testing::Test::HasFailure();
  };
  EXPECT_EQ(for_random_positions<State>("back_alley", positions, wanted, check), positions);
}

TEST_F(SolverHooks, BackAlleyPlaysOutAsSolved) {
  EXPECT_EQ(check_playout<back_alley::State>("back_alley", 4, 8).positions, 8);
}

TEST_F(SolverHooks, BackAlleySolvesOnlyTheCardPlay) {
  using back_alley::State;
  expect_no_answer_at<State>(
      "back_alley", [](const State& s) { return s.phase() == State::Phase::kBid; },
      "in the bidding");
  expect_no_answer_at<State>(
      "back_alley",
      [](const State& s) { return s.phase() == State::Phase::kBid && s.hand_index() > 0; },
      "in a later hand's bidding");
}

TEST_F(SolverHooks, BridgetteAgainstMinimax) {
  EXPECT_EQ(check_against_minimax<bridgette::State>("bridgette", 5, 16), 16);
  EXPECT_EQ(check_against_minimax<bridgette::State>("bridgette(colon_when_following=false)", 5, 8),
            8);
}

TEST_F(SolverHooks, BridgettePlaysOutAsSolved) {
  EXPECT_EQ(check_playout<bridgette::State>("bridgette", 5, 8).positions, 8);
}

TEST_F(SolverHooks, BridgetteSolvesOnlyTheCardPlay) {
  using bridgette::State;
  expect_no_answer_at<State>(
      "bridgette", [](const State& s) { return s.phase() == State::Phase::kDiscard; },
      "in the exchange");
  expect_no_answer_at<State>(
      "bridgette", [](const State& s) { return s.phase() == State::Phase::kBid; },
      "in the auction");
}

TEST_F(SolverHooks, TrucAgainstMinimax) {
  EXPECT_EQ(check_against_minimax<truc::State>("truc", 3, 24), 24);
}

TEST_F(SolverHooks, TrucPlaysOutAsSolved) {
  // Hands stop once their result is certain.
  const PlayoutCount truc = check_playout<truc::State>("truc", 3, 12);
  EXPECT_EQ(truc.positions, 12);
  EXPECT_GT(truc.ended_early, 0);
}

TEST_F(SolverHooks, TrucSolvesOnlyTheCardPlay) {
  using truc::State;
  expect_no_answer_at<State>(
      "truc", [](const State& s) { return s.phase() == State::Phase::kCut; }, "at the cut");
  expect_no_answer_at<State>(
      "truc", [](const State& s) { return s.pending_raise() != 0; },
      "while a raise waits for its answer");
}

TEST_F(SolverHooks, RedRoverAgainstMinimax) {
  EXPECT_EQ(check_against_minimax<red_rover::State>("red_rover", 4, 20), 20);
  EXPECT_EQ(check_against_minimax<red_rover::State>("red_rover(red_order=normal)", 4, 8), 8);
}

// Rover contracts end once the declarer has lost a trick or won the tricks it needs: positions
// with at most three tricks to that end, wherever they are in the round.
TEST_F(SolverHooks, RedRoverContractsAgainstMinimax) {
  auto near_the_end = [](const red_rover::State& s) {
    const auto& p = s.trick_play().position();
    return red_rover::is_rover(s.contract()) &&
           std::min(p.tricks - p.trick_no, p.policy.need - p.trick_no) <= 3;
  };
  EXPECT_EQ(check_against_minimax<red_rover::State>("red_rover", 24, near_the_end), 24);
  // Cards adjacent in their suit play as one only once the 6D, which has a role of its own, is
  // out of the hands: positions of both kinds.
  for (const bool six_out : {true, false}) {
    auto wanted = [&](const red_rover::State& s) {
      const auto task = s.solver_task();
      return near_the_end(s) && task->rank_order == six_out;
    };
    EXPECT_EQ(check_against_minimax<red_rover::State>("red_rover", 12, wanted), 12) << six_out;
  }
}

TEST_F(SolverHooks, RedRoverPlaysOutAsSolved) {
  // Rover contracts stop once their result is certain. The declarer's side scores the declarer's
  // points; the allies' side the declarer's loss.
  auto contract_points = [](const nlohmann::json& round, Seat seat) {
    const int declarer = round.at("declarer").get<int>();
    const int points = round.at("points").at(declarer).get<int>();
    return seat == declarer ? points : -points;
  };
  const PlayoutCount rover =
      check_playout<red_rover::State>("red_rover", 4, 16, trick_winners, contract_points);
  EXPECT_EQ(rover.positions, 16);
  EXPECT_GT(rover.ended_early, 0);
}

// A 6D led in no trumps asks its player a suit: the card's value is that of the best suit named,
// which the game's own `name` moves give.
TEST_F(SolverHooks, RedRoverSixOfDiamondsLeadBranchesOnTheSuit) {
  std::string error;
  auto game = load_game("red_rover", &error);
  SolverMemory memory(1 << 18);
  int found = 0, suit_matters = 0;
  // At least 10 positions, and on until one where the suit named changes the result.
  for (std::uint64_t seed = 1; (found < 10 || suit_matters == 0) && found < 200 && seed < 4000;
       ++seed) {
    auto state = game->new_match(seed, -1, nullptr);
    Rng rng(seed);
    auto at_lead_with_six = [&] {
      const auto& s = dynamic_cast<const TypedState<red_rover::State>&>(*state).state();
      const auto& play = s.trick_play();
      return s.phase() == red_rover::State::Phase::kPlay && s.trump() == kNoSuit &&
             play.trick_size() == 0 && play.playable(play.to_play()).contains(red_rover::kRedRover);
    };
    while (!state->over() && state->rounds_completed() == 0 && !at_lead_with_six()) {
      const Seat seat = state->actors().lowest();
      ASSERT_TRUE(state->apply(seat, *state->random_legal_move(seat, rng), nullptr).ok());
    }
    if (state->over() || state->rounds_completed() > 0) continue;
    ++found;
    const Seat seat = state->actors().lowest();
    SolveQuery q;
    q.seat = seat;
    q.tricks = true;
    const auto r = state->solve(q, memory);
    ASSERT_TRUE(r.has_value());
    int six = -1;
    for (const CardValue& cv : r->cards)
      if (cv.card == red_rover::kRedRover) six = cv.value;
    auto led = state->clone();
    ASSERT_TRUE(led->apply(seat, red_rover::play_move(red_rover::kRedRover), nullptr).ok());
    EXPECT_FALSE(led->solve(q, memory).has_value()) << "the suit is named first";
    int best = -1, worst = 1000;
    for (int suit = 0; suit < kSuits; ++suit) {
      auto named = led->clone();
      ASSERT_TRUE(named->apply(seat, red_rover::name_move(suit), nullptr).ok());
      const auto after = named->solve(q, memory);
      ASSERT_TRUE(after.has_value());
      best = std::max(best, after->value);
      worst = std::min(worst, after->value);
    }
    EXPECT_EQ(six, best) << "seed " << seed;
    suit_matters += worst < best;
  }
  EXPECT_GE(found, 10);
  EXPECT_GT(suit_matters, 0) << "no position where the suit named changed the result";
}

TEST_F(SolverHooks, RedRoverSolvesOnlyTheCardPlay) {
  using red_rover::State;
  expect_no_answer_at<State>(
      "red_rover", [](const State& s) { return s.phase() == State::Phase::kAuction; },
      "in the first auction");
  expect_no_answer_at<State>(
      "red_rover", [](const State& s) { return s.phase() == State::Phase::kDiscard; },
      "in the declarer's discards");
  expect_no_answer_at<State>(
      "red_rover", [](const State& s) { return s.naming(); }, "while a 6D lead waits for its suit");
  // The marriage games score kings and queens captured, which the solver does not count.
  expect_no_answer_at<State>(
      "red_rover",
      [](const State& s) {
        return s.phase() == State::Phase::kPlay && !red_rover::is_rover(s.contract());
      },
      "in a marriage game's card play");
}

// Bridge Solitaire's player (the only seat): its tricks with the cards left when the stock ran out.
int solitaire_player_tricks(const nlohmann::json& round, std::uint32_t) {
  return round.at("tricks_won").at(0).get<int>();
}

TEST_F(SolverHooks, BridgeSolitaireAgainstMinimax) {
  EXPECT_EQ(check_against_minimax<bridge_solitaire::State>("bridge_solitaire", 5, 16), 16);
  EXPECT_EQ(check_against_minimax<bridge_solitaire::State>("bridge_solitaire(max_hands=1)", 5, 8),
            8);
}

TEST_F(SolverHooks, BridgeSolitairePlaysOutAsSolved) {
  EXPECT_EQ(
      check_playout<bridge_solitaire::State>("bridge_solitaire", 5, 16, solitaire_player_tricks)
          .positions,
      16);
  EXPECT_EQ(check_playout<bridge_solitaire::State>("bridge_solitaire(max_hands=1)", 5, 6,
                                                   solitaire_player_tricks)
                .positions,
            6);
}

// A first hand whose stock runs out: the player holds spades and hearts (6 of the 13 spades face
// up, the 7 top hearts face down); the stock holds the clubs and diamonds, then the low hearts
// and the jokers. Positions with at most 3 stock cards left, from random play: the stock runs out
// before the 13th trick and the cards left in the player's hand count as its tricks (rule 7).
TEST_F(SolverHooks, BridgeSolitaireStockRunsOut) {
  using bridge_solitaire::card_names;
  Deal deal;
  deal.hands = {testing_util::List("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", card_names())};
  deal.piles["face_down"] = {testing_util::List("AH KH QH JH TH 9H 8H", card_names())};
  deal.pack = testing_util::List(
      "2C 2D 3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D 9C 9D TC TD JC JD QC QD KC KD AC AD "
      "7H 6H 5H 4H 3H 2H J1 J2",
      card_names());
  const ApplyContext first_deal{.deals = {&deal, 1}};
  std::string error;
  ASSERT_EQ(load_game("bridge_solitaire", &error)->validate_deal(deal), "");
  int ended_early = 0;
  const int positions = for_random_positions<bridge_solitaire::State>(
      "bridge_solitaire", 16,
      [](const bridge_solitaire::State& s) {
        return s.rounds_completed() == 0 && s.stock_left() <= 3;
      },
      [&](const AnyState& state, SolverMemory& memory, const std::string& label) {
        bool early = false;
        const bool ok = matches_minimax<bridge_solitaire::State>(state, memory, label) &&
                        playout_matches<bridge_solitaire::State>(
                            state, memory, label, solitaire_player_tricks, {}, &early);
        ended_early += early;
        return ok;
      },
      &first_deal);
  EXPECT_EQ(positions, 16);
  EXPECT_GE(ended_early, 8);
}

TEST_F(SolverHooks, BridgeSolitaireSolvesOnlyTheCardPlay) {
  using bridge_solitaire::State;
  expect_no_answer_at<State>(
      "bridge_solitaire", [](const State& s) { return s.phase() == State::Phase::kKeep; },
      "while the hand is chosen");
  expect_no_answer_at<State>(
      "bridge_solitaire", [](const State& s) { return s.phase() == State::Phase::kCall; },
      "at the call");
}

}  // namespace
}  // namespace cardroom
