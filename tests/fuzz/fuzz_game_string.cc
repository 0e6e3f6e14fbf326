// Game strings, `reds(players=6,partnership=true)`, as typed on the command line or stored by a
// program: parse_game_string and load_game on the whole input as text.
//
// Properties: a rejected string comes with an error; a loaded game's canonical game_string() loads
// again to the same string, and the game starts a match whose state passes check().
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cardroom;
  fuzz::register_everything();
  const std::string text(reinterpret_cast<const char*>(data), size);

  std::string error;
  auto parsed = parse_game_string(text, &error);
  FUZZ_CHECK(parsed || !error.empty(), "parse_game_string failed without an error: " + text);
  if (parsed) FUZZ_CHECK(!parsed->name.empty(), "parsed a game string with no name: " + text);

  error.clear();
  auto game = load_game(text, &error);
  if (!game) {
    FUZZ_CHECK(!error.empty(), "load_game failed without an error: " + text);
    return 0;
  }
  const std::string canonical = game->game_string();
  std::string again_error;
  auto again = load_game(canonical, &again_error);
  FUZZ_CHECK(again != nullptr, "'" + canonical + "' does not load: " + again_error);
  FUZZ_CHECK(again->game_string() == canonical,
             "'" + canonical + "' loads as '" + again->game_string() + "'");

  auto state = game->new_match(0, -1, nullptr);
  const char* broken = state->check();
  FUZZ_CHECK(broken == nullptr, canonical + ": a new match fails check(): " + broken);
  return 0;
}
