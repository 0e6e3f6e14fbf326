// Game options as a JSON object, as game records keep them: OptionValues::from_json and
// load_game(name, json, error).
//
// Input: byte 0 picks the registered game; the rest is JSON text (inputs that are not JSON are
// skipped: the JSON parser is not ours to fuzz).
// Properties: a rejection comes with an error; accepted options print (canonical, to_json) to
// forms that load again to the same options.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cardroom;
  fuzz::Input in(data, size);
  const GameEntry* entry = fuzz::games()[in.byte() % fuzz::games().size()];
  const std::string_view text = in.rest();
  const nlohmann::json options = nlohmann::json::parse(text, nullptr, false);
  if (options.is_discarded()) return 0;

  std::string error;
  auto values = OptionValues::from_json(entry->options, options, &error);
  if (!values) {
    FUZZ_CHECK(!error.empty(), "from_json failed without an error: " + options.dump());
  } else {
    std::string again_error;
    auto again = OptionValues::from_json(entry->options, values->to_json(), &again_error);
    FUZZ_CHECK(
        again && again->canonical() == values->canonical(),
        entry->name + ": " + values->to_json().dump() + " does not read back: " + again_error);
  }

  error.clear();
  auto game = load_game(entry->name, options, &error);
  if (!game) {
    FUZZ_CHECK(!error.empty(), "load_game failed without an error: " + options.dump());
    return 0;
  }
  FUZZ_CHECK(values.has_value(), "load_game took options that from_json refused");
  const std::string canonical = game->game_string();
  std::string again_error;
  auto again = load_game(entry->name, game->options().to_json(), &again_error);
  FUZZ_CHECK(again && again->game_string() == canonical,
             canonical + " does not load again from its JSON options: " + again_error);
  auto from_text = load_game(canonical, &again_error);
  FUZZ_CHECK(from_text && from_text->game_string() == canonical,
             "'" + canonical + "' does not load from its game string: " + again_error);
  return 0;
}
