// Card text: parse_card and parse_cards, plain and with Back Alley's extra cards (the bloopers).
//
// Input: bit 0 of byte 0 says whether the extra card names apply; the rest is the text.
// Properties: a parsed card prints (card_text, and card_pretty for standard cards) to text that
// parses back to it; a parsed list prints to a list that parses back to it; a rejected list
// comes with an error naming the bad card.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"

namespace {

cardroom::CardNames back_alley_names() {
  static const auto game = [] {
    std::string error;
    cardroom::fuzz::register_everything();
    auto g = cardroom::load_game("back_alley", &error);
    FUZZ_CHECK(g != nullptr, "back_alley does not load: " + error);
    return g;
  }();
  return game->card_names();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cardroom;
  fuzz::Input in(data, size);
  const CardNames names = in.byte() & 1 ? back_alley_names() : CardNames{};
  const std::string_view text = in.rest();

  (void)parse_suit(text);
  if (auto card = parse_card(text, names)) {
    const std::string printed = card_text(*card, names);
    FUZZ_CHECK(parse_card(printed, names) == card, "card '" + printed + "' does not parse back");
    if (is_standard(*card)) {
      const std::string pretty = card_pretty(*card, names);
      FUZZ_CHECK(parse_card(pretty, names) == card, "card '" + pretty + "' does not parse back");
    }
  }

  std::string error;
  auto cards = parse_cards(text, names, &error);
  if (!cards) {
    FUZZ_CHECK(!error.empty(), "parse_cards failed without an error: " + std::string(text));
    return 0;
  }
  const std::string printed = cards_text(*cards, names);
  std::string again_error;
  auto again = parse_cards(printed, names, &again_error);
  FUZZ_CHECK(again && *again == *cards,
             "cards '" + printed + "' do not parse back: " + again_error);
  return 0;
}
