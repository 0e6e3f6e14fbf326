// Move text as a person or a program types it (`give 7C 9S`, `play 10♦`, `signal three`): each
// game's parse_move, in a position reached by random legal play.
//
// Input: byte 0 picks the game and one byte per option its options (fuzz_support.h), then
//   byte   the seed of the match and of the random play
//   byte   how many random legal moves to play first: b below 224 means b, else
//          224 + (b - 224) * 64, so that late rounds and match ends are reachable while most
//          inputs stay cheap
//   rest   the move text, tried for every seat
// Properties: a rejected text comes with an error; a parsed move prints (move_text) to text that
// parses back to it; applying it succeeds exactly when it is a legal move, a success leaves a
// state that passes check(), and a refusal comes with a reason and changes nothing.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cardroom;
  fuzz::Input in(data, size);
  auto game = fuzz::game_from_input(in);
  const std::uint8_t seed = in.byte();
  const std::uint8_t b = in.byte();
  const int plies = b < 224 ? b : 224 + (b - 224) * 64;
  const std::string_view text = in.rest();

  auto state = game->new_match(seed, -1, nullptr);
  Rng rng(seed);
  for (int i = 0; i < plies; ++i) {
    const SeatSet actors = state->actors();
    if (actors.empty()) break;
    const std::vector<Seat> seats = actors.to_vector();
    const Seat seat = seats[rng.below(static_cast<std::uint32_t>(seats.size()))];
    auto move = state->random_legal_move(seat, rng);
    FUZZ_CHECK(move.has_value(), "an actor has no legal move");
    const Status st = state->apply(seat, *move, nullptr);
    FUZZ_CHECK(st.ok(), std::string("a legal move is refused: ") + st.error);
  }

  for (Seat seat = 0; seat < state->num_seats(); ++seat) {
    std::string error;
    auto move = state->parse_move(seat, text, &error);
    if (!move) {
      FUZZ_CHECK(!error.empty(), "parse_move failed without an error: " + std::string(text));
      continue;
    }
    const std::string printed = state->move_text(*move);
    std::string again_error;
    auto again = state->parse_move(seat, printed, &again_error);
    FUZZ_CHECK(again && *again == *move, game->game_string() + ": '" + std::string(text) +
                                             "' prints as '" + printed +
                                             "', which does not parse back: " + again_error);

    const std::vector<Move> legal = state->legal_moves(seat);
    const bool is_legal = std::find(legal.begin(), legal.end(), *move) != legal.end();
    auto trial = state->clone();
    std::vector<Event> events;
    ApplyContext ctx;
    ctx.events = &events;
    const Status st = trial->apply(seat, *move, &ctx);
    if (st.ok()) {
      FUZZ_CHECK(is_legal, game->game_string() + ": '" + printed + "' of S" + std::to_string(seat) +
                               " applies but is not a legal move");
      const char* broken = trial->check();
      FUZZ_CHECK(broken == nullptr, "'" + printed + "' breaks the state: " + broken);
      for (const Event& e : events) (void)event_json(e, game->card_names());
    } else {
      FUZZ_CHECK(st.error != nullptr && *st.error != '\0', "apply refused without a reason");
      FUZZ_CHECK(!is_legal, game->game_string() + ": the legal move '" + printed + "' of S" +
                                std::to_string(seat) + " is refused: " + st.error);
      FUZZ_CHECK(trial->equals(*state), "a refused move changed the state: " + printed);
    }
  }
  return 0;
}
