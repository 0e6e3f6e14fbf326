// The conformance suite (DESIGN.md section 8): every registered game, thousands of seeded random
// matches. Checks: invariants (cards conserved) after every move; actors have legal moves exactly
// while the match is on; legal moves are sorted, unique and apply; a random legal move is the
// list's, and a round's random outcome the move-by-move playout's; illegal and out-of-turn moves
// are rejected without changing anything; record replay reproduces the state; and the
// hidden-information test: for every seat, view(seat) of resample(seat) equals view(seat), legal
// moves agree, and play continues legally from the resample; no card id reaches a seat that may
// not know it (views, events, round summaries); resample varies every hidden pile on its own and
// keeps every visible one; a seat's real future move offered out of turn is refused with an
// out-of-turn reason; a record replays from its explicit deals under another seed; and players
// cannot cheat: resample, and every registered player's decision, depend only on what the seat
// knows (two states with the same view give the same world, the same move).
//
// CARDROOM_CONFORMANCE_SCALE (default 1) multiplies the match counts; the sanitizer run in CI uses
// a smaller scale.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

#include "bots/registry.h"
#include "core/registry.h"
#include "core/session.h"
#include "games/all_games.h"
#include "test_games.h"

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
      {"bridge_solitaire",
       {"bridge_solitaire(winners_against=undiscarded,short_tie=lower)",
        "bridge_solitaire(max_hands=3)"}},
      {"tadmur", {"tadmur(guess_bar=opponent)", "tadmur(stuck=pass)"}},
      {"indian_chief",
       {"indian_chief(players=2)", "indian_chief(players=3)", "indian_chief(players=8)",
        "indian_chief(players=5,declare=true)"}},
      {"truc", {"truc(eleven_fold_points=0)", "truc(signals=false)"}},
      {"schwimmen",
       {"schwimmen(players=2)", "schwimmen(players=3,chips=1)", "schwimmen(players=8)",
        "schwimmen(players=5,close=after_exchange)", "schwimmen(players=8,chips=1)"}},
      {"bridgette",
       {"bridgette(upcard=set_aside)", "bridgette(nt_jumps=forbidden)",
        "bridgette(colon_when_following=false)"}},
      {"red_rover",
       {"red_rover(deals=3,red_order=normal,most_tricks_tie=all_tied)",
        "red_rover(deals=6,rover_compensation=transfer,defenders_score_failed_rover=true,"
        "compensation_with_defenders_score=false)",
        "red_rover(deals=3,declared_most_tricks=false,against_turned_six=forbidden,"
        "rover_compensation=none)"}},
      {"nuts",
       {"nuts(players=3,max_hands=2)", "nuts(players=4,max_hands=1)", "nuts(players=6,max_hands=1)",
        "nuts(players=8,max_hands=1,final_tie=share)", "nuts(target=5,max_hands=3)",
        "nuts(grace_ms=500,max_hands=2)"}},
  };
  return v;
}

std::vector<std::string> all_game_strings() {
  register_all_games();
  testing_games::register_test_games();  // after the real games: they keep their order
  std::vector<std::string> out;
  for (const auto* g : registered_games()) {
    // A game whose matches need not end under random play (Nuts) is checked with its defaults
    // and a cap on its rounds (GameEntry::capped_options).
    out.push_back(capped_game_string(*g));
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
        Rng draw(7);
        ASSERT_EQ(state->random_legal_move(s, draw).has_value(), actors.contains(s));
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
      // A random legal move (a State's random_move where it has one) is the list's move at
      // index rng.below(count), drawn with the same use of the RNG.
      Rng copy = rng;
      const std::optional<Move> drawn = state->random_legal_move(seat, copy);
      Move m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      ASSERT_EQ(drawn, m) << state->move_text(m);
      ASSERT_EQ(copy, rng);
      // Move text round-trips.
      std::string error;
      auto parsed = state->parse_move(seat, state->move_text(m), &error);
      ASSERT_TRUE(parsed) << state->move_text(m) << ": " << error;
      ASSERT_EQ(*parsed, m) << state->move_text(m);
      ASSERT_TRUE(state->apply(seat, m, nullptr).ok()) << state->move_text(m);
      ++moves;
      ASSERT_LT(moves, 200000) << "match does not end";
    }
    // Only a game against the house may end with no winner (the house won).
    if (!game->against_house()) {
      ASSERT_FALSE(state->winners().empty());
    }
    Status st = state->apply(0, Move{0}, nullptr);
    ASSERT_FALSE(st.ok());
  }
}

// A State's random_round_outcome (core/game.h) is what playing the round out move by move with
// random_legal_move ends with: the same moves, the same scores, the same use of the RNG. Checked
// at every position of a few random matches, and at positions of their resampled worlds (where a
// search plays out).
TEST_P(Conformance, RandomRoundOutcomeIsTheMoveByMovePlayout) {
  auto game = load(GetParam());
  ASSERT_TRUE(game);
  const int matches = std::max(3, static_cast<int>(12 * scale()));
  int offered = 0;
  for (int i = 0; i < matches; ++i) {
    auto state = game->new_match(static_cast<std::uint64_t>(i) + 31, -1, nullptr);
    Rng rng(700 + static_cast<std::uint64_t>(i));
    for (int moves = 0; !state->over(); ++moves) {
      const Seat seat = state->actors().lowest();
      auto world = moves % 2 == 0 ? state->clone() : state->resample(seat, rng);
      Rng fast = rng, slow = rng;
      const std::optional<RoundOutcome> outcome = world->random_round_outcome(fast);
      if (outcome) {
        ++offered;
        const int round = world->rounds_completed();
        std::uint64_t made = 0;
        while (!world->over() && world->rounds_completed() == round) {
          const Seat s = world->actors().lowest();
          ASSERT_TRUE(world->apply(s, *world->random_legal_move(s, slow), nullptr).ok());
          ++made;
        }
        ASSERT_EQ(outcome->moves, made) << GetParam() << " match " << i << " move " << moves;
        for (Seat s = 0; s < world->num_seats(); ++s) {
          ASSERT_EQ(outcome->scores[s], world->score(s)) << GetParam() << " seat " << s;
          ASSERT_EQ(outcome->team_scores[s], world->team_score(s)) << GetParam() << " team " << s;
        }
        ASSERT_EQ(fast, slow);
      }
      ASSERT_TRUE(state->apply(seat, *state->random_legal_move(seat, rng), nullptr).ok());
    }
  }
  // The games that offer it (their round is a card play after calls) are checked.
  if (GetParam().starts_with("s48") || GetParam().starts_with("back_alley")) {
    EXPECT_GT(offered, 0);
  }
}

// The hidden-information test of DESIGN.md section 4.
// The number of moves of a random match played with `rng`'s moves (a dry run: cheap next to the
// checks).
int random_match_length(const AnyGame& game, std::uint64_t seed, Rng rng) {
  auto state = game.new_match(seed, -1, nullptr);
  int moves = 0;
  for (; !state->over(); ++moves) {
    Seat seat = state->actors().lowest();
    auto legal = state->legal_moves(seat);
    state->apply(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))], nullptr);
  }
  return moves;
}

TEST_P(Conformance, ResampleKeepsEveryViewAndLegalMoves) {
  auto game = load(GetParam());
  ASSERT_TRUE(game);
  const int matches = std::max(6, static_cast<int>(60 * scale()));
  for (int i = 0; i < matches; ++i) {
    const std::uint64_t seed = static_cast<std::uint64_t>(i) + 77;
    const Rng move_seed(5000 + static_cast<std::uint64_t>(i));
    // Every third move, or wider in long matches (Back Alley, Bridge Solitaire: hundreds of moves)
    // so that every match is checked at about 40 positions spread over its whole length; the
    // offset differs from match to match.
    const int stride = std::max(3, random_match_length(*game, seed, move_seed) / 40);
    auto state = game->new_match(seed, -1, nullptr);
    Rng move_rng = move_seed;
    Rng rng(9000 + static_cast<std::uint64_t>(i));
    int moves = 0;
    while (!state->over()) {
      if (moves % stride == i % stride) {
        for (Seat observer = kSpectator; observer < state->num_seats(); ++observer) {
          auto sample = state->resample(observer, rng);
          ASSERT_EQ(sample->check(), nullptr);
          ASSERT_EQ(sample->view(observer), state->view(observer))
              << GetParam() << " observer " << observer << " match " << i << " move " << moves;
          ASSERT_EQ(sample->actors(), state->actors());
          if (observer >= 0) {
            ASSERT_EQ(sample->legal_moves(observer), state->legal_moves(observer));
          }
          // Play continues legally from the belief state (at every tenth check).
          if ((moves / stride) % 10 == 0) {
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
      ASSERT_TRUE(state
                      ->apply(seat, legal[move_rng.below(static_cast<std::uint32_t>(legal.size()))],
                              nullptr)
                      .ok());
      ++moves;
    }
  }
}

// A game whose State offers round_replay (core/game.h, RoundReplay; inference weighs worlds by
// it): at positions spread over random matches, the round's decisions applied to its start give
// the state back, for the true state and for worlds drawn by resample for every seat (their
// hidden cards differ, so the start holds them as the world does), and the start is a state of
// the same round (no decision of it made yet but those before the start).
TEST_P(Conformance, RoundReplayGivesTheStateBack) {
  auto game = load(GetParam());
  ASSERT_TRUE(game);
  if (!game->new_match(1, -1, nullptr)->replays_rounds())
    GTEST_SKIP() << GetParam() << " offers no round_replay";
  const int matches = std::max(3, static_cast<int>(20 * scale()));
  int replays = 0, replayed_moves = 0;
  auto check = [&](const AnyState& s, const char* what, int match, int move) {
    auto replay = s.round_replay();
    if (!replay) return;
    ++replays;
    auto& [start, moves] = *replay;
    ASSERT_EQ(start->check(), nullptr) << what;
    ASSERT_EQ(start->rounds_completed(), s.rounds_completed()) << what;
    for (const auto& [seat, m] : moves) {
      const Status st = start->apply(seat, m, nullptr);
      ASSERT_TRUE(st.ok()) << GetParam() << " " << what << " match " << match << " move " << move
                           << ": '" << start->move_text(m) << "' by " << seat_name(seat)
                           << " refused on the replay: " << st.error;
      ++replayed_moves;
    }
    ASSERT_TRUE(start->equals(s)) << GetParam() << " " << what << " match " << match << " move "
                                  << move << ": the replay ends elsewhere";
  };
  for (int i = 0; i < matches; ++i) {
    const std::uint64_t seed = static_cast<std::uint64_t>(i) + 311;
    const Rng move_seed(700 + static_cast<std::uint64_t>(i));
    const int stride = std::max(2, random_match_length(*game, seed, move_seed) / 30);
    auto state = game->new_match(seed, -1, nullptr);
    Rng move_rng = move_seed;
    Rng rng(4100 + static_cast<std::uint64_t>(i));
    int moves = 0;
    while (!state->over()) {
      if (moves % stride == i % stride) {
        check(*state, "true state", i, moves);
        for (Seat observer = kSpectator; observer < state->num_seats(); ++observer)
          check(*state->resample(observer, rng), "world", i, moves);
        ASSERT_FALSE(HasFailure());
      }
      const Seat seat = state->actors().lowest();
      auto legal = state->legal_moves(seat);
      ASSERT_TRUE(state
                      ->apply(seat, legal[move_rng.below(static_cast<std::uint32_t>(legal.size()))],
                              nullptr)
                      .ok());
      ++moves;
    }
  }
  EXPECT_GT(replays, 0);
  EXPECT_GT(replayed_moves, 0);
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
  // A game where no seat knows anything the others do not (Nuts: every card is face up to all or
  // face down to all) has no view of another seat that could vary.
  bool private_piles = false;
  for (int moves = 0; moves < 400 && !state->over(); ++moves) {
    for (const Pile& pile : state->piles())
      private_piles |= !pile.cards.empty() && !pile.visible_to.empty() &&
                       pile.visible_to.bits() != kEveryone.bits();
    for (Seat observer = 0; observer < n && private_piles; ++observer) {
      if (varied[observer]) continue;
      std::set<std::string> seen;
      for (int k = 0; k < 12; ++k) {
        auto sample = state->resample(observer, rng);
        for (Seat other = 0; other < n; ++other)
          if (other != observer) seen.insert(std::to_string(other) + sample->view(other).dump());
      }
      varied[observer] = static_cast<int>(seen.size()) > n - 1;
    }
    if (private_piles && std::find(varied.begin(), varied.end(), false) == varied.end()) break;
    Seat seat = state->actors().lowest();
    auto legal = state->legal_moves(seat);
    ASSERT_TRUE(
        state->apply(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))], nullptr)
            .ok());
  }
  if (!private_piles) return;
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

// ---------------------------------------------------------------------------------------------
// Hidden information, card by card (DESIGN.md section 4).

// Whether `observer` (a seat, or kSpectator) sees the cards of `pile`: a spectator sees only what
// lies face up for everyone.
bool sees(const Pile& pile, Seat observer) {
  return observer == kSpectator ? pile.visible_to == kEveryone : pile.visible_to.contains(observer);
}

// The cards a JSON document names: every string (keys included), split on spaces, each word
// trimmed of punctuation, that is a card code written exactly as the game writes cards (card_text
// with its CardNames: "TD", "BB") or as it shows them to people (card_label: "10♦", in statuses,
// facts and labels; of rank 8 and above only, since "4♥" may be a contract bid, levels being 1 to
// 7). Prose ("as", "ad") is not a card: codes are upper case. The word after the verb "bid" is a
// bid, not a card (Bridgette's "bid 2H" names a contract).
void add_cards_in_text(std::string_view text, CardNames names, std::vector<Card>& out) {
  static constexpr std::string_view kPunctuation = "()[]{},;:.!?\"'";
  std::size_t i = 0;
  std::string_view previous;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    std::string_view word = text.substr(i, j - i);
    while (!word.empty() && kPunctuation.find(word.front()) != std::string_view::npos)
      word.remove_prefix(1);
    while (!word.empty() && kPunctuation.find(word.back()) != std::string_view::npos)
      word.remove_suffix(1);
    if (auto card = parse_card(word, names);
        card &&
        (card_text(*card, names) == word ||
         (card_label(*card, names) == word && is_standard(*card) && rank_of(*card) >= kEight)) &&
        previous != "bid")
      out.push_back(*card);
    previous = word;
    i = j;
  }
}

void add_cards_named(const nlohmann::json& j, CardNames names, std::vector<Card>& out) {
  if (j.is_string()) {
    add_cards_in_text(j.get_ref<const std::string&>(), names, out);
  } else if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      // "top_cards" and "card_names" (core/game.h) name cards by the rules, for showing them
      // (Red Rover's 6♦ first, the jokers' names): they say nothing of where any card lies.
      if (key == "top_cards" || key == "card_names") continue;
      add_cards_in_text(key, names, out);
      add_cards_named(value, names, out);
    }
  } else if (j.is_array()) {
    for (const auto& item : j) add_cards_named(item, names, out);
  }
}

// The first card of `cards` not in `known`, or kNoCard.
Card first_unknown(const std::vector<Card>& cards, CardSet known) {
  for (Card c : cards)
    if (!known.contains(c)) return c;
  return kNoCard;
}

// No card id reaches a seat (or a spectator) unless it may know the card: every card named in its
// view, in the events it may see (their card and cards fields and their JSON, text included) and
// in its round summaries lay, at some point of the match, in a pile it sees (State::piles). A card
// is checked against what the seat knew right after the move that sent it: a card played lay in
// the player's hand before and lies face up after.
//
// Some public reveals leave no trace in any pile, and the test counts them as known to everyone:
//   - The draw for the first dealer (Reds, S48): cards drawn face up from the whole pack in
//     new_match, which is then shuffled afresh for the deal; the draw says nothing about where any
//     card lies.
//   - Public turn-ups (EventKind::kTurnUp): by a seat (Indian Chief's melds revealed together),
//     of cards in piles that seat saw before the move; by no seat, the game's own (a deal's
//     face-up cards, stock cards turned out of play), of cards that lay in some pile before.
//   - The house's plays (a kPlay with no seat, drawn from its stock: Bridge Solitaire), of cards
//     that lay in some pile before the move.
//   - The card that ends a round: when a trick game's last card is played, the next round is
//     dealt within the same move, so no state ever shows that card in the tricks. Its public
//     "play" event is the reveal: such an event must name the player who moved and a card that lay
//     in a pile the player saw just before the move (else the test fails), and from then on the
//     card is known to all.
TEST_P(Conformance, NoSeatReceivesACardItMayNotKnow) {
  auto game = load(GetParam());
  ASSERT_TRUE(game);
  const int n = game->num_seats();
  const CardNames names = game->card_names();
  const int matches = std::max(2, static_cast<int>(5 * scale()));
  for (int i = 0; i < matches; ++i) {
    std::string error;
    auto session = Session::create(load(GetParam()), 7000 + static_cast<std::uint64_t>(i),
                                   i % 2 == 0 ? -1 : i % n, {}, &error);
    ASSERT_TRUE(session) << error;
    const AnyState& state = session->state();
    // known[seat + 1]: the cards `seat` may know (index 0: spectators).
    std::vector<CardSet> known(n + 1);
    auto learn = [&](const std::vector<Pile>& piles) {
      for (const Pile& pile : piles)
        for (Seat s = kSpectator; s < n; ++s)
          if (sees(pile, s))
            for (Card c : pile.cards) known[s + 1].add(c);
    };
    auto reveal = [&](Card c) {
      for (CardSet& k : known) k.add(c);
    };
    learn(state.piles());
    for (const Event& e : session->events())
      if (e.kind == EventKind::kDealer && e.public_event())
        for (Card c : e.cards) reveal(c);

    std::vector<std::size_t> rounds_checked(n + 1, 0);
    // Checks everything each seat has received since the events numbered `first_event`.
    auto check = [&](std::size_t first_event,
                     const std::string& where) -> ::testing::AssertionResult {
      for (Seat s = kSpectator; s < n; ++s) {
        const CardSet k = known[s + 1];
        auto fail = [&](Card c, const std::string& what) {
          return ::testing::AssertionFailure()
                 << GetParam() << " " << where << ": " << seat_name(s) << " receives "
                 << card_text(c, names) << ", which it may not know, in " << what;
        };
        std::vector<Card> cards;
        const nlohmann::json view = state.view(s);
        add_cards_named(view, names, cards);
        if (Card c = first_unknown(cards, k); c != kNoCard)
          return fail(c, "its view " + view.dump());
        for (const Event& e : session->events_for(s, first_event)) {
          cards = e.cards;
          if (e.card != kNoCard) cards.push_back(e.card);
          const nlohmann::json j = event_json(e, names);
          add_cards_named(j, names, cards);
          if (Card c = first_unknown(cards, k); c != kNoCard)
            return fail(c, "the event " + j.dump());
        }
        const auto& rounds = session->rounds(s);
        for (std::size_t r = rounds_checked[s + 1]; r < rounds.size(); ++r) {
          cards.clear();
          add_cards_named(rounds[r], names, cards);
          if (Card c = first_unknown(cards, k); c != kNoCard)
            return fail(c,
                        "its summary of round " + std::to_string(r + 1) + " " + rounds[r].dump());
        }
        rounds_checked[s + 1] = rounds.size();
        if (state.rounds_completed() > 0) {
          cards.clear();
          const nlohmann::json last = state.last_round(s);
          add_cards_named(last, names, cards);
          if (Card c = first_unknown(cards, k); c != kNoCard)
            return fail(c, "last_round " + last.dump());
        }
      }
      return ::testing::AssertionSuccess();
    };
    ASSERT_TRUE(check(0, "match " + std::to_string(i) + " after new_match"));

    Rng rng(8000 + static_cast<std::uint64_t>(i));
    int moves = 0;
    while (!state.over()) {
      const std::vector<Seat> actors = state.actors().to_vector();
      const Seat seat = actors[rng.below(static_cast<std::uint32_t>(actors.size()))];
      auto move = state.random_legal_move(seat, rng);
      ASSERT_TRUE(move);
      const std::vector<Pile> before = state.piles();
      const std::size_t first_event = session->events().size();
      const std::string text = state.move_text(*move);
      ASSERT_TRUE(session->play(seat, *move, &error)) << error;
      ++moves;
      const std::string where = "match " + std::to_string(i) + " move " + std::to_string(moves) +
                                " (" + seat_name(seat) + " " + text + ")";
      learn(state.piles());
      auto lay_before = [&](Card c) {
        for (const Pile& pile : before)
          if (std::find(pile.cards.begin(), pile.cards.end(), c) != pile.cards.end()) return true;
        return false;
      };
      for (std::size_t k = first_event; k < session->events().size(); ++k) {
        const Event& e = session->events()[k];
        // Cards a seat turns face up together with others (Indian Chief's simultaneous reveal
        // of melds chosen in secret) that no pile shows everyone after the move: each was in a
        // pile its owner saw before the move.
        if (e.kind == EventKind::kTurnUp && e.public_event() && e.seat >= 0 && !e.cards.empty()) {
          for (Card c : e.cards) {
            if (known[0].contains(c)) continue;  // face up for all now (a pile everyone sees)
            bool owned = false;
            for (const Pile& pile : before)
              if (sees(pile, e.seat) &&
                  std::find(pile.cards.begin(), pile.cards.end(), c) != pile.cards.end())
                owned = true;
            ASSERT_TRUE(owned) << GetParam() << " " << where << ": the public event '" << e.text
                               << "' turns up a card that was not " << seat_name(e.seat) << "'s";
            reveal(c);
          }
          continue;
        }
        // The game's own public reveals, by no seat: cards it turns face up (a deal's face-up
        // cards, stock cards turned out of play) and the house's plays from its stock (Bridge
        // Solitaire); each card lay somewhere before the move.
        if (e.public_event() && e.seat == kNoSeat &&
            (e.kind == EventKind::kTurnUp || e.kind == EventKind::kPlay)) {
          std::vector<Card> shown = e.cards;
          if (e.card != kNoCard) shown.push_back(e.card);
          for (Card c : shown) {
            ASSERT_TRUE(lay_before(c)) << GetParam() << " " << where << ": '" << e.text
                                       << "' turns up a card that was nowhere";
            reveal(c);
          }
          continue;
        }
        if (e.kind != EventKind::kPlay || !e.public_event() || e.card == kNoCard) continue;
        bool held = false;
        for (const Pile& pile : before)
          if (sees(pile, seat) &&
              std::find(pile.cards.begin(), pile.cards.end(), e.card) != pile.cards.end())
            held = true;
        ASSERT_TRUE(e.seat == seat && held)
            << GetParam() << " " << where << ": the public event '" << e.text
            << "' shows a card that is not the mover's own";
        reveal(e.card);
      }
      ASSERT_TRUE(check(first_event, where));
    }
  }
}

// Resampling varies every hidden pile on its own: for every observer, each pile it does not see
// (each other seat's hand, the undealt pack, a hidden target) differs from the truth in some
// sample at some point of the match, so no sample keeps one true hidden place that a computer
// player could learn. The piles the observer sees are the same in every sample.
//
// A hidden pile is fully determined, and so must not vary, when it is the only non-empty pile the
// observer does not see: its cards are then all the cards minus those it sees (Truc's pack before
// the deal, S48's undealt pack once every hand is played out, a lone hidden target). So a pile is
// required to vary only at points where at least one other hidden pile holds cards. Even then the
// rules may pin it down (suits shown void, ranks ruled out, cards the observer passed), which is
// why it must vary at some point of the match, not at every one: right after a deal nothing is
// known but the observer's own cards. Once the match is over resample keeps the state (nobody
// decides anything any more), so those points are not counted.
TEST_P(Conformance, ResampleVariesEveryHiddenPile) {
  auto game = load(GetParam());
  ASSERT_TRUE(game);
  const int n = game->num_seats();
  const int matches = std::max(1, static_cast<int>(4 * scale()));
  constexpr int kSamples = 6;
  struct Seen {
    bool possible = false;  // a point where it could vary
    bool varied = false;
  };
  std::map<std::pair<Seat, std::string>, Seen> seen;  // (observer, pile name)
  auto sorted = [](std::vector<Card> cards) {
    std::sort(cards.begin(), cards.end());
    return cards;
  };
  for (int i = 0; i < matches; ++i) {
    auto state = game->new_match(900 + static_cast<std::uint64_t>(i), -1, nullptr);
    Rng rng(950 + static_cast<std::uint64_t>(i));
    for (int moves = 0; !state->over(); ++moves) {
      const std::vector<Pile> truth = state->piles();
      for (Seat observer = kSpectator; observer < n; ++observer) {
        int hidden = 0;
        bool wanted = false;
        for (const Pile& pile : truth)
          if (!sees(pile, observer) && !pile.cards.empty()) ++hidden;
        for (const Pile& pile : truth)
          if (!sees(pile, observer) && !pile.cards.empty() && hidden >= 2) {
            Seen& s = seen[{observer, pile.name}];
            s.possible = true;
            wanted |= !s.varied;
          }
        // Sample where something is still to vary; elsewhere now and then, for the visible piles.
        const int samples = wanted ? kSamples : moves % 7 == 0 ? 1 : 0;
        for (int k = 0; k < samples; ++k) {
          const std::vector<Pile> sample = state->resample(observer, rng)->piles();
          ASSERT_EQ(sample.size(), truth.size());
          for (std::size_t p = 0; p < truth.size(); ++p) {
            ASSERT_EQ(sample[p].name, truth[p].name);
            ASSERT_EQ(sample[p].visible_to, truth[p].visible_to);
            if (sees(truth[p], observer)) {
              ASSERT_EQ(sample[p].cards, truth[p].cards)
                  << GetParam() << " observer " << seat_name(observer) << " match " << i << " move "
                  << moves << ": resample changed the pile '" << truth[p].name
                  << "', which the observer sees";
            } else if (hidden >= 2 && !truth[p].cards.empty() &&
                       sorted(sample[p].cards) != sorted(truth[p].cards)) {
              seen[{observer, truth[p].name}].varied = true;
            }
          }
        }
      }
      const std::vector<Seat> actors = state->actors().to_vector();
      const Seat seat = actors[rng.below(static_cast<std::uint32_t>(actors.size()))];
      auto move = state->random_legal_move(seat, rng);
      ASSERT_TRUE(move);
      ASSERT_TRUE(state->apply(seat, *move, nullptr).ok());
    }
  }
  for (const auto& [key, s] : seen)
    EXPECT_TRUE(!s.possible || s.varied)
        << GetParam() << ": for observer " << seat_name(key.first) << " the hidden pile '"
        << key.second
        << "' never differs from the truth under resampling, though other hidden piles held "
           "cards it could exchange with: a computer player could learn it";
}

// A seat that is not to act is refused with an out-of-turn reason even when it offers a move it
// will really make later (its next move of the same match), and nothing changes.
TEST_P(Conformance, OutOfTurnRealMovesAreRefused) {
  auto game = load(GetParam());
  ASSERT_TRUE(game);
  const int n = game->num_seats();
  const int matches = std::max(2, static_cast<int>(40 * scale()));
  for (int i = 0; i < matches; ++i) {
    const std::uint64_t seed = 300 + static_cast<std::uint64_t>(i);
    // The match, recorded.
    std::vector<std::pair<Seat, Move>> record;
    {
      auto state = game->new_match(seed, -1, nullptr);
      Rng rng(seed * 7 + 1);
      while (!state->over()) {
        const std::vector<Seat> actors = state->actors().to_vector();
        const Seat seat = actors[rng.below(static_cast<std::uint32_t>(actors.size()))];
        auto move = state->random_legal_move(seat, rng);
        ASSERT_TRUE(move);
        ASSERT_TRUE(state->apply(seat, *move, nullptr).ok());
        record.emplace_back(seat, *move);
      }
    }
    // next[k][s]: the index of seat s's first move at or after move k (record.size(): none).
    std::vector<std::vector<std::size_t>> next(record.size() + 1,
                                               std::vector<std::size_t>(n, record.size()));
    for (std::size_t k = record.size(); k-- > 0;) {
      next[k] = next[k + 1];
      next[k][record[k].first] = k;
    }
    // The replay, offering each seat not to act its next real move at every point.
    auto state = game->new_match(seed, -1, nullptr);
    for (std::size_t k = 0; k <= record.size(); ++k) {
      const SeatSet actors = state->actors();
      for (Seat s = 0; s < n; ++s) {
        if (actors.contains(s) || next[k][s] == record.size()) continue;
        const Move future = record[next[k][s]].second;
        auto before = state->clone();
        const Status st = state->apply(s, future, nullptr);
        ASSERT_FALSE(st.ok()) << GetParam() << " match " << i << " move " << k << ": "
                              << seat_name(s) << " may play '" << before->move_text(future)
                              << "' out of turn";
        ASSERT_TRUE(is_out_of_turn_reason(st.error))
            << GetParam() << " match " << i << " move " << k << ": " << seat_name(s) << " '"
            << state->move_text(future) << "' out of turn is refused with '" << st.error
            << "', not an out-of-turn reason";
        ASSERT_TRUE(state->equals(*before));
      }
      if (k == record.size()) break;
      ASSERT_TRUE(state->apply(record[k].first, record[k].second, nullptr).ok());
    }
    ASSERT_TRUE(state->over());
  }
}

// A record replays from its deals alone: a new Session with the same game and first dealer but
// ANOTHER seed, given the deals the first one made (Session::dealt) and its moves as text, reaches
// the same match: the same cards in the same places, summary, events (for every seat and
// spectators), round summaries and views. So every chance in a match comes from its deals.
//
// State::equals is not asked for: a state holds its RNG (MatchState), seeded from the match seed,
// and so differs by construction (in an unfinished match the two would deal their next rounds
// differently). Everything the RNG has decided is compared instead: every pile (piles() is every
// card's place), every seat's view (its own hidden choices included), the omniscient round record,
// actors, legal moves and scores.
TEST_P(Conformance, ExplicitDealsReplayTheMatchUnderAnotherSeed) {
  auto game = load(GetParam());
  ASSERT_TRUE(game);
  const int n = game->num_seats();
  const int matches = std::max(3, static_cast<int>(12 * scale()));
  auto same_events = [](const std::vector<Event>& a, const std::vector<Event>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t k = 0; k < a.size(); ++k)
      if (a[k].kind != b[k].kind || a[k].text != b[k].text || a[k].visible_to != b[k].visible_to ||
          a[k].public_half != b[k].public_half)
        return false;
    return true;
  };
  for (int i = 0; i < matches; ++i) {
    std::string error;
    const int first_dealer = i % n;
    const std::uint64_t seed = 40 + static_cast<std::uint64_t>(i) * 13;
    auto session = Session::create(load(GetParam()), seed, first_dealer, {}, &error);
    ASSERT_TRUE(session) << error;
    Rng rng(i + 77);
    auto bots = game->bot_names();
    while (!session->state().over()) {
      const std::vector<Seat> actors = session->state().actors().to_vector();
      const Seat seat = actors[rng.below(static_cast<std::uint32_t>(actors.size()))];
      auto move = session->state().bot_move(bots[(seat + i) % bots.size()], seat, rng);
      ASSERT_TRUE(move);
      ASSERT_TRUE(session->play(seat, *move, &error)) << error;
      // Stop some matches half way: unfinished matches replay too.
      if (i % 3 == 1 && session->moves_made() > static_cast<std::size_t>(20 + 7 * i)) break;
    }
    const std::string where = GetParam() + " match " + std::to_string(i);
    auto replay =
        Session::create(load(GetParam()), seed + 1000003, first_dealer, session->dealt(), &error);
    ASSERT_TRUE(replay) << where << ": " << error;
    const nlohmann::json record = session->record();
    for (const auto& m : record["moves"]) {
      std::optional<std::int64_t> time;
      if (m.size() == 3) time = m[2].get<std::int64_t>();
      ASSERT_TRUE(replay->play(m[0].get<Seat>(), m[1].get<std::string>(), &error, time))
          << where << ": " << m.dump() << ": " << error;
    }
    const AnyState& a = session->state();
    const AnyState& b = replay->state();
    ASSERT_EQ(replay->dealt(), session->dealt()) << where;
    const std::vector<Pile> pa = a.piles(), pb = b.piles();
    ASSERT_EQ(pa.size(), pb.size()) << where;
    for (std::size_t p = 0; p < pa.size(); ++p) {
      ASSERT_EQ(pb[p].name, pa[p].name) << where;
      ASSERT_EQ(pb[p].visible_to, pa[p].visible_to) << where << " pile " << pa[p].name;
      ASSERT_EQ(pb[p].cards, pa[p].cards) << where << " pile " << pa[p].name;
    }
    ASSERT_EQ(b.seq(), a.seq()) << where;
    ASSERT_EQ(b.actors(), a.actors()) << where;
    ASSERT_EQ(b.over(), a.over()) << where;
    ASSERT_EQ(b.winners(), a.winners()) << where;
    ASSERT_EQ(b.deals_dealt(), a.deals_dealt()) << where;
    ASSERT_EQ(b.rounds_completed(), a.rounds_completed()) << where;
    ASSERT_EQ(b.last_round(kOmniscient), a.last_round(kOmniscient)) << where;
    ASSERT_EQ(replay->summary(), session->summary()) << where;
    ASSERT_TRUE(same_events(replay->events(), session->events())) << where << ": events differ";
    ASSERT_EQ(replay->rounds(kOmniscient), session->rounds(kOmniscient)) << where;
    for (Seat s = kSpectator; s < n; ++s) {
      ASSERT_EQ(b.view(s), a.view(s)) << where << " " << seat_name(s);
      ASSERT_EQ(replay->rounds(s), session->rounds(s)) << where << " " << seat_name(s);
      ASSERT_TRUE(same_events(replay->events_for(s), session->events_for(s)))
          << where << ": the events of " << seat_name(s) << " differ";
      if (s >= 0) {
        ASSERT_EQ(b.score(s), a.score(s)) << where;
        ASSERT_EQ(b.legal_moves(s), a.legal_moves(s)) << where << " " << seat_name(s);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Players cannot cheat (issue 16): a decision depends only on what the deciding seat may know.
//
// A player reaches the match only through SeatAccess: the seat's view, round summary and legal
// moves, random legal moves, and worlds drawn by resample(seat, rng) (a game's heuristic decides
// on such a world). So the property rests on what the game owes: resample(seat, rng) is a function
// of what the seat knows and of rng alone, the same world and the same draws from rng from every
// state the seat cannot tell apart. A resample that builds its pool of unknown cards in an order
// that depends on where they truly lie, or whose use of rng depends on them, hands the truth to
// any player that draws a world (and, through the match's shared player RNG, to the players after
// it).
//
// States a seat cannot tell apart ("twins" for that seat) are made two ways:
//   - by resample itself: resample(seat) of the true state keeps the seat's view and draws other
//     hidden cards (and other hidden choices, where resample draws them);
//   - by another hidden choice: where a seat's move could have been another one that leaves some
//     other seat's view, round summary and events the same (a card passed, a hidden bid, a card
//     picked for a meld, a discard face down), the two states after them are twins for that other
//     seat. These differ in whatever the hidden move set, also where resample would keep it.
// The tests below check resample on twins, and every registered player that plays the game on
// twins: the same decision (move and delay) from the same RNG, which it leaves in the same state.

// What seat `observer` receives of a state, for the twin check: its view, round summary, legal
// moves and the seats to act.
::testing::AssertionResult same_for(const AnyState& a, const AnyState& b, Seat observer) {
  auto differ = [&](const char* what) {
    return ::testing::AssertionFailure() << seat_name(observer) << " receives another " << what;
  };
  if (a.actors() != b.actors()) return differ("set of seats to act");
  if (a.view(observer) != b.view(observer))
    return differ("view") << ": " << a.view(observer).dump() << " against "
                          << b.view(observer).dump();
  if (a.last_round(observer) != b.last_round(observer))
    return differ("round summary")
           << ": " << a.last_round(observer).dump() << " against " << b.last_round(observer).dump();
  if (observer >= 0 && a.legal_moves(observer) != b.legal_moves(observer))
    return differ("list of legal moves");
  return ::testing::AssertionSuccess();
}

// The events of `events` that `observer` sees, as JSON.
nlohmann::json events_seen(const std::vector<Event>& events, Seat observer, CardNames names) {
  nlohmann::json out = nlohmann::json::array();
  for (const Event& e : events)
    if (e.visible_to_seat(observer)) out.push_back(event_json(e, names));
  return out;
}

// Whether any pile holds other cards (or the same in another order) in `a` than in `b`.
bool piles_differ(const AnyState& a, const AnyState& b) {
  const std::vector<Pile> pa = a.piles(), pb = b.piles();
  if (pa.size() != pb.size()) return true;
  for (std::size_t p = 0; p < pa.size(); ++p)
    if (pa[p].cards != pb[p].cards) return true;
  return false;
}

// resample(observer) from two twins for `observer`, with generators seeded alike: the same world,
// and the generators left alike.
::testing::AssertionResult same_worlds(const AnyState& a, const AnyState& b, Seat observer,
                                       std::uint64_t seed, CardNames names) {
  Rng ra(seed), rb(seed);
  const auto wa = a.resample(observer, ra);
  const auto wb = b.resample(observer, rb);
  if (wa->equals(*wb) && ra == rb) return ::testing::AssertionSuccess();
  auto failure = ::testing::AssertionFailure();
  failure << "resample(" << seat_name(observer)
          << ") draws another world from a state the seat cannot tell apart: ";
  const std::vector<Pile> pa = wa->piles(), pb = wb->piles();
  for (std::size_t p = 0; p < pa.size() && p < pb.size(); ++p)
    if (pa[p].cards != pb[p].cards) {
      auto text = [&](const std::vector<Card>& cards) {
        std::string out;
        for (Card c : cards) out += card_text(c, names) + " ";
        return out;
      };
      return failure << "pile '" << pa[p].name << "' holds " << text(pa[p].cards) << "in one and "
                     << text(pb[p].cards) << "in the other";
    }
  for (Seat s = kSpectator; s < a.num_seats(); ++s)
    if (wa->view(s) != wb->view(s))
      return failure << "the view of " << seat_name(s) << " differs: " << wa->view(s).dump()
                     << " against " << wb->view(s).dump();
  if (ra != rb) return failure << "it draws a different number of values from the RNG";
  return failure << "the worlds differ in a field no pile or view shows (State::operator==)";
}

// A random legal move of a walk through a match: the game's own player's (its last bot name,
// the heuristic) two times in three, so that matches reach the positions of real play, else a
// random one.
Move walk_move(const AnyState& state, const AnyGame& game, Seat seat, Rng& rng) {
  const std::vector<std::string> bots = game.bot_names();
  auto move = state.bot_move(rng.below(3) != 0 ? bots.back() : "random", seat, rng);
  EXPECT_TRUE(move.has_value());
  return move.value_or(Move{});
}

// A seat's move that could have been another: for each of up to `alternatives` other legal moves
// of `seat`, the state after it, with the events it made.
struct Alternative {
  std::unique_ptr<AnyState> state;
  std::vector<Event> events;
};
std::vector<Alternative> alternatives_to(const AnyState& before, Seat seat, Move made,
                                         int alternatives, Rng& rng) {
  std::vector<Move> others;
  for (Move m : before.legal_moves(seat))
    if (m != made) others.push_back(m);
  std::vector<Alternative> out;
  for (int k = 0; k < alternatives && !others.empty(); ++k) {
    const std::size_t i = rng.below(static_cast<std::uint32_t>(others.size()));
    Alternative alt{before.clone(), {}};
    ApplyContext ctx;
    ctx.events = &alt.events;
    EXPECT_TRUE(alt.state->apply(seat, others[i], &ctx).ok());
    out.push_back(std::move(alt));
    others.erase(others.begin() + static_cast<std::ptrdiff_t>(i));
  }
  return out;
}

// The walk through match `seed` that both tests take: the seat to move drawn among the actors and
// its move by walk_move, all from `walk` (so a dry run retraces it); `at(state, seat, move)` is
// called before each move and applies it (true), or stops the walk (false).
template <class At>
void walk_match(const AnyGame& game, std::uint64_t seed, Rng walk, At&& at) {
  auto state = game.new_match(seed, -1, nullptr);
  while (!state->over()) {
    const std::vector<Seat> actors = state->actors().to_vector();
    const Seat seat = actors[walk.below(static_cast<std::uint32_t>(actors.size()))];
    const Move move = walk_move(*state, game, seat, walk);
    if (!at(state, seat, move)) return;
  }
}

// The checkpoint stride that spreads about `points` checkpoints over the walk of match `seed`
// (its length measured on a dry run).
int checkpoint_stride(const AnyGame& game, std::uint64_t seed, const Rng& walk, int points) {
  int moves = 0;
  walk_match(game, seed, walk, [&](std::unique_ptr<AnyState>& state, Seat seat, Move move) {
    ++moves;
    return state->apply(seat, move, nullptr).ok();
  });
  return std::max(1, moves / points);
}

TEST_P(Conformance, ResampleDependsOnlyOnWhatTheSeatKnows) {
  auto game = load(GetParam());
  ASSERT_TRUE(game);
  const int n = game->num_seats();
  const CardNames names = game->card_names();
  const int matches = std::max(2, static_cast<int>(10 * scale()));
  int resampled_twins = 0, differing_twins = 0;
  for (int i = 0; i < matches; ++i) {
    const std::uint64_t seed = 4100 + static_cast<std::uint64_t>(i);
    const Rng walk(4200 + static_cast<std::uint64_t>(i));
    const int stride = checkpoint_stride(*game, seed, walk, 30);
    Rng rng(4300 + static_cast<std::uint64_t>(i));
    int moves = 0;
    walk_match(*game, seed, walk, [&](std::unique_ptr<AnyState>& state, Seat seat, Move move) {
      const std::string where =
          GetParam() + " match " + std::to_string(i) + " move " + std::to_string(moves);
      if (moves++ % stride != i % stride) return state->apply(seat, move, nullptr).ok();
      for (Seat observer = kSpectator; observer < n; ++observer) {
        const auto twin = state->resample(observer, rng);
        EXPECT_TRUE(same_for(*state, *twin, observer)) << where;
        ++resampled_twins;
        differing_twins += piles_differ(*state, *twin);
        EXPECT_TRUE(same_worlds(*state, *twin, observer, rng.next(), names))
            << where << " (twin drawn by resample)";
      }
      const std::vector<Alternative> alternatives = alternatives_to(*state, seat, move, 3, rng);
      std::vector<Event> events;
      ApplyContext ctx;
      ctx.events = &events;
      if (!state->apply(seat, move, &ctx).ok()) return false;
      for (const Alternative& alt : alternatives)
        for (Seat observer = kSpectator; observer < n; ++observer) {
          if (observer == seat || !same_for(*state, *alt.state, observer) ||
              events_seen(events, observer, names) != events_seen(alt.events, observer, names))
            continue;
          EXPECT_TRUE(same_worlds(*state, *alt.state, observer, rng.next(), names))
              << where << " (twin by another hidden move of " << seat_name(seat) << ": '"
              << state->move_text(move) << "' against another)";
        }
      return !HasFailure();
    });
    ASSERT_FALSE(HasFailure());
  }
  // The twins drawn by resample differ from the truth (else the test would prove nothing).
  EXPECT_GT(2 * differing_twins, resampled_twins)
      << GetParam() << ": only " << differing_twins << " of " << resampled_twins
      << " twins drawn by resample hold other cards than the truth";
}

// Every registered player that plays `game`, as a player string that keeps the test quick and
// reproducible: search effort options set small (worlds, iterations), its tables of 1 MB (a
// solver's, a tree's), no time budget (a budget in ms would make a decision depend on the
// machine).
std::vector<std::string> test_players(const AnyGame& game) {
  std::vector<std::string> out;
  for (const std::string& name : player_names(game)) {
    const std::vector<OptionSpec>* specs = player_options(name);
    std::string options;
    auto set = [&](const char* key, std::int64_t value) {
      for (const OptionSpec& spec : *specs)
        if (spec.name == key && spec.type == OptionType::kInt && spec.min <= value &&
            value <= spec.max)
          options += (options.empty() ? "" : ",") + std::string(key) + "=" + std::to_string(value);
    };
    set("worlds", 2);
    set("iterations", 48);
    set("tt_mb", 1);
    set("tree_mb", 1);
    set("ms", 0);
    set("trust", 30);  // ismcts: its choice between the search's move and the heuristic's too
    out.push_back(options.empty() ? name : name + "(" + options + ")");
  }
  return out;
}

// A fresh `player` at `seat` decides in twins `a` and `b` for that seat, from generators seeded
// alike: the same move and delay, the generators left alike.
::testing::AssertionResult same_decisions(const AnyGame& game, const std::string& player,
                                          const AnyState& a, const AnyState& b, Seat seat,
                                          std::uint64_t seed) {
  std::string error;
  auto pa = load_player(player, game, &error);
  auto pb = load_player(player, game, &error);
  if (!pa || !pb) return ::testing::AssertionFailure() << player << ": " << error;
  const SeatAccess sa(a, seat), sb(b, seat);
  pa->start(sa);
  pb->start(sb);
  Rng ra(seed), rb(seed);
  const Decision da = pa->decide(sa, ra);
  const Decision db = pb->decide(sb, rb);
  if (da.move == db.move && da.delay == db.delay && ra == rb) return ::testing::AssertionSuccess();
  auto failure = ::testing::AssertionFailure();
  failure << player << " at " << seat_name(seat)
          << " decides otherwise in a state the seat cannot tell apart: ";
  if (da.move != db.move)
    return failure << "'" << a.move_text(da.move) << "' against '" << b.move_text(db.move) << "'";
  if (da.delay != db.delay) return failure << "delay " << da.delay << " s against " << db.delay;
  return failure << "it draws a different number of values from the RNG";
}

TEST_P(Conformance, PlayersDecideOnlyOnWhatTheirSeatKnows) {
  auto game = load(GetParam());
  ASSERT_TRUE(game);
  const int n = game->num_seats();
  const CardNames names = game->card_names();
  const std::vector<std::string> players = test_players(*game);
  const int matches = std::max(1, static_cast<int>(3 * scale()));
  int resampled_twins = 0, differing_twins = 0;
  for (int i = 0; i < matches; ++i) {
    const std::uint64_t seed = 4500 + static_cast<std::uint64_t>(i);
    const Rng walk(4600 + static_cast<std::uint64_t>(i));
    const int stride = checkpoint_stride(*game, seed, walk, 16);
    Rng rng(4700 + static_cast<std::uint64_t>(i));
    // Twins by another hidden move just made: the state after it and the seats it is a twin for.
    std::vector<std::pair<std::unique_ptr<AnyState>, SeatSet>> choice;
    int moves = 0;
    walk_match(*game, seed, walk, [&](std::unique_ptr<AnyState>& state, Seat seat, Move move) {
      const std::string where =
          GetParam() + " match " + std::to_string(i) + " move " + std::to_string(moves);
      if (moves % stride == i % stride) {
        for (Seat actor : state->actors().to_vector()) {
          const auto resampled = state->resample(actor, rng);
          EXPECT_TRUE(same_for(*state, *resampled, actor)) << where;
          ++resampled_twins;
          differing_twins += piles_differ(*state, *resampled);
          std::vector<std::pair<const AnyState*, const char*>> twins = {
              {resampled.get(), "twin drawn by resample"}};
          for (const auto& [twin, seats] : choice)
            if (seats.contains(actor))
              twins.emplace_back(twin.get(), "twin by another hidden move");
          for (const auto& [twin, how] : twins)
            for (const std::string& player : players)
              EXPECT_TRUE(same_decisions(*game, player, *state, *twin, actor, rng.next()))
                  << where << " (" << how << ")";
        }
      }
      choice.clear();
      // Before a checkpoint: the hidden alternatives to this move are twins there.
      if (++moves % stride != i % stride) return state->apply(seat, move, nullptr).ok();
      std::vector<Alternative> alternatives = alternatives_to(*state, seat, move, 2, rng);
      std::vector<Event> events;
      ApplyContext ctx;
      ctx.events = &events;
      if (!state->apply(seat, move, &ctx).ok()) return false;
      for (Alternative& alt : alternatives) {
        SeatSet twin_for;
        for (Seat observer = 0; observer < n; ++observer)
          if (observer != seat && state->actors().contains(observer) &&
              same_for(*state, *alt.state, observer) &&
              events_seen(events, observer, names) == events_seen(alt.events, observer, names))
            twin_for.add(observer);
        if (!twin_for.empty()) choice.emplace_back(std::move(alt.state), twin_for);
      }
      return !HasFailure();
    });
    ASSERT_FALSE(HasFailure());
  }
  EXPECT_GT(2 * differing_twins, resampled_twins)
      << GetParam() << ": only " << differing_twins << " of " << resampled_twins
      << " twins drawn by resample hold other cards than the truth";
}

// Observations (core/observation.h): every seat's view of every state fits its game's layout, the
// observation has the layout's size in every state, its numbers are finite, and it is the same for
// a world drawn by resample(seat) (it is read from the view alone). Over the matches every field
// of the layout is non-zero somewhere in a game at its default options, so that a path the view
// does not have (a typo, a renamed key) cannot hide, except the fields listed here as rare in
// random play.
TEST_P(Conformance, ObservationsFitTheirLayout) {
  auto game = load(GetParam());
  ASSERT_TRUE(game);
  static const std::set<std::string> rare = {"/tie_break",
                                             "/extra_round",
                                             "/joker_swap",
                                             "/lead_barred",
                                             "/upcard_set_aside",
                                             "/final_turns",
                                             "/refreshes",
                                             "/eleven",
                                             "/eleven_team",
                                             "/named_suit",
                                             "/no_trumps",
                                             "/declarations/{seat}",
                                             "/progress_since_rotation",
                                             "/rotations",
                                             "/stealing",
                                             "/thieves",
                                             "/forbidden_bid",
                                             "/hands/{seat}",
                                             "/blocked/{seat}",
                                             "/shown_void/{seat}"};
  const ObservationLayout& layout = game->observation_layout();
  ASSERT_GT(layout.size(), 0) << GetParam() << " has no observation fields";
  std::vector<bool> seen(layout.segments().size(), false);
  std::vector<float> obs(layout.size()), again(layout.size());
  // Views are JSON and slow to build (the sanitizer build most of all): every third state is
  // observed, and the variants get fewer matches than the default options, whose fields must all
  // show up.
  const bool defaults = GetParam().find('(') == std::string::npos;
  const int matches = defaults ? std::max(12, static_cast<int>(40 * scale()))
                               : std::max(2, static_cast<int>(10 * scale()));
  for (int i = 0; i < matches; ++i) {
    auto state = game->new_match(static_cast<std::uint64_t>(i), -1, nullptr);
    Rng rng(500 + static_cast<std::uint64_t>(i));
    for (int step = 0; step < 3000; ++step) {
      const bool observe = step % 3 == 0 || state->over();
      for (Seat seat = 0; seat < state->num_seats() && observe; ++seat) {
        std::string error;
        ASSERT_TRUE(layout.encode(state->view(seat), seat, obs, &error))
            << GetParam() << " match " << i << " move " << step << " seat " << seat << ": "
            << error;
        for (float x : obs) ASSERT_TRUE(std::isfinite(x)) << GetParam();
        for (std::size_t k = 0; k < seen.size(); ++k) {
          const auto& seg = layout.segments()[k];
          for (int j = seg.offset; j < seg.offset + seg.size && !seen[k]; ++j)
            if (obs[j] != 0) seen[k] = true;
        }
        if (step % 21 == 0) {
          auto world = state->resample(seat, rng);
          ASSERT_TRUE(layout.encode(world->view(seat), seat, again, &error)) << error;
          ASSERT_EQ(obs, again) << GetParam() << ": a resampled world observes differently";
        }
      }
      SeatSet actors = state->actors();
      if (actors.empty()) break;
      Seat seat = actors.to_vector()[rng.below(static_cast<std::uint32_t>(actors.size()))];
      ASSERT_TRUE(state->apply(seat, *state->random_legal_move(seat, rng), nullptr).ok());
    }
  }
  for (std::size_t k = 0; k < seen.size() && defaults; ++k) {
    const std::string& path = layout.segments()[k].field.path;
    if (rare.count(path)) continue;
    EXPECT_TRUE(seen[k]) << GetParam() << ": observation field " << path
                         << " was zero in every state (is it a key of the view?)";
  }
}

// The table a view declares (core/table_layout.h): every view of every state, each seat's and a
// spectator's, has "layout" (zones with a unique id, a known kind, a label, an owner that is a seat
// or null, card codes of the game, a count no smaller than the cards shown, highlighted cards
// among them and a trick's seats one per card), a "status" line in words and "facts" as
// label/value pairs of text. (That each card shown is one the seat may see is the check above,
// NoSeatReceivesACardItMayNotKnow, which reads every string of a view.)
TEST_P(Conformance, ViewsDeclareTheirTable) {
  auto game = load(GetParam());
  ASSERT_TRUE(game);
  const CardNames names = game->card_names();
  const int n = game->num_seats();
  static const std::set<std::string> kKinds = {"trick", "pile", "fan", "row", "board", "meld"};
  const int matches = std::max(2, static_cast<int>(10 * scale()));
  auto check = [&](const nlohmann::json& v,
                   const std::string& where) -> ::testing::AssertionResult {
    auto fail = [&](const std::string& what) {
      return ::testing::AssertionFailure() << GetParam() << " " << where << ": " << what << " in "
                                           << v.value("layout", nlohmann::json()).dump();
    };
    if (!v.contains("status") || !v["status"].is_string() || v["status"].get<std::string>().empty())
      return fail("no status line");
    if (!v.contains("facts") || !v["facts"].is_array()) return fail("no facts");
    for (const auto& f : v["facts"])
      if (!f.is_object() || !f.contains("label") || !f["label"].is_string() ||
          !f.contains("value") || !f["value"].is_string() || f["label"].get<std::string>().empty())
        return fail("a fact that is not {label, value} text: " + f.dump());
    if (!v.contains("layout") || !v["layout"].is_array()) return fail("no layout");
    std::set<std::string> ids;
    for (const auto& z : v["layout"]) {
      if (!z.is_object() || !z.contains("id") || !z["id"].is_string())
        return fail("a zone without id");
      if (!ids.insert(z["id"].get<std::string>()).second)
        return fail("two zones " + z["id"].dump());
      if (!z.contains("kind") || !z["kind"].is_string() ||
          !kKinds.count(z["kind"].get<std::string>()))
        return fail("zone kind " + z.value("kind", nlohmann::json()).dump());
      if (!z.contains("label") || !z["label"].is_string()) return fail("a zone without label");
      if (!z.contains("owner") ||
          !(z["owner"].is_null() || (z["owner"].is_number_integer() && z["owner"].get<int>() >= 0 &&
                                     z["owner"].get<int>() < n)))
        return fail("zone owner " + z.value("owner", nlohmann::json()).dump());
      if (!z.contains("cards") || !z["cards"].is_array()) return fail("a zone without cards");
      std::vector<std::string> codes;
      for (const auto& c : z["cards"]) {
        if (!c.is_string() || !parse_card(c.get<std::string>(), names))
          return fail("not a card of the game: " + c.dump());
        codes.push_back(c.get<std::string>());
      }
      if (z.contains("count") && (!z["count"].is_number_integer() ||
                                  z["count"].get<int>() < static_cast<int>(codes.size())))
        return fail("zone count " + z["count"].dump() + " below its cards shown");
      if (z.contains("highlight"))
        for (const auto& c : z["highlight"])
          if (std::find(codes.begin(), codes.end(), c.get<std::string>()) == codes.end())
            return fail("highlighted card " + c.dump() + " not in its zone");
      if (z["kind"] == "trick" && (!z.contains("seats") || z["seats"].size() != codes.size()))
        return fail("a trick whose seats are not one per card");
    }
    return ::testing::AssertionSuccess();
  };
  for (int i = 0; i < matches; ++i) {
    auto state = game->new_match(static_cast<std::uint64_t>(500 + i), -1, nullptr);
    Rng rng(2000 + static_cast<std::uint64_t>(i));
    for (int moves = 0; moves < 3000; ++moves) {
      for (Seat s = kSpectator; s < n; ++s)
        ASSERT_TRUE(check(state->view(s), "match " + std::to_string(i) + " move " +
                                              std::to_string(moves) + " " + seat_name(s)));
      if (state->over()) break;
      const SeatSet actors = state->actors();
      const std::vector<Seat> seats = actors.to_vector();
      const Seat s = seats[rng.below(static_cast<std::uint32_t>(seats.size()))];
      const auto legal = state->legal_moves(s);
      ASSERT_TRUE(
          state->apply(s, legal[rng.below(static_cast<std::uint32_t>(legal.size()))], nullptr)
              .ok());
    }
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
