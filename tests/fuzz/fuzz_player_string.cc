// Player strings, `heuristic` or `random(pace_ms=500)`, and lists of them as `sim --bots` takes
// them: split_player_list and load_player.
//
// Input: byte 0 picks the game and one byte per option its options (fuzz_support.h); the rest is
// the text, loaded whole and split as a list.
// Properties: a refused player string comes with an error; a loaded player's name (its canonical
// string) loads again to the same name; the pieces of a list are not empty and have no spaces or
// commas outside parentheses, except exec pieces (`exec:COMMAND`), which keep their command's
// spaces and its commas inside quotes. Loading an exec player starts no program (it starts with a
// match), so the fuzzer runs nothing.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "bots/exec_player.h"
#include "fuzz/fuzz_support.h"

namespace {

// At most this many pieces of a list are loaded (`sim` seats at most eight players).
constexpr std::size_t kMaxPieces = 16;

void check_player(std::string_view text, const cardroom::AnyGame& game) {
  using namespace cardroom;
  std::string error;
  auto player = load_player(text, game, &error);
  if (!player) {
    FUZZ_CHECK(!error.empty(), "load_player failed without an error: " + std::string(text));
    return;
  }
  const std::string name = player->name();
  std::string again_error;
  auto again = load_player(name, game, &again_error);
  FUZZ_CHECK(again && again->name() == name,
             "player '" + name + "' does not load to itself: " + again_error);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cardroom;
  fuzz::Input in(data, size);
  auto game = fuzz::game_from_input(in);
  const std::string_view text = in.rest();

  check_player(text, *game);
  const std::vector<std::string> pieces = split_player_list(text);
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const std::string& piece = pieces[i];
    FUZZ_CHECK(!piece.empty(), "an empty piece in a player list: " + std::string(text));
    if (is_exec_player_string(piece)) {
      FUZZ_CHECK(piece.front() != ' ' && piece.back() != ' ',
                 "exec piece '" + piece + "' of a player list is not trimmed");
      if (i < kMaxPieces) check_player(piece, *game);
      continue;
    }
    int depth = 0;
    for (char c : piece) {
      if (c == '(') ++depth;
      if (c == ')' && depth > 0) --depth;
      FUZZ_CHECK(depth > 0 || (c != ',' && c != ' '),
                 "piece '" + piece + "' of a player list has a comma or space outside parentheses");
    }
    if (i < kMaxPieces) check_player(piece, *game);
  }
  return 0;
}
