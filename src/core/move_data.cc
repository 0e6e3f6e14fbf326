#include "core/move_data.h"

#include <charconv>

namespace cardroom {
namespace {

std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

std::optional<int> whole_number(std::string_view w) {
  int value = 0;
  const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), value);
  if (ec != std::errc() || end != w.data() + w.size()) return std::nullopt;
  return value;
}

// "1C", "0NT", "7S": a contract's level and strain.
std::optional<std::pair<int, std::string>> contract(std::string_view w) {
  if (w.size() < 2 || w[0] < '0' || w[0] > '7') return std::nullopt;
  const std::string_view strain = w.substr(1);
  if (strain == "NT") return std::pair<int, std::string>{w[0] - '0', "NT"};
  if (strain.size() == 1 && parse_suit(strain) != kNoSuit)
    return std::pair<int, std::string>{w[0] - '0', std::string(strain)};
  return std::nullopt;
}

}  // namespace

MoveData describe_move(std::string_view text, CardNames names) {
  MoveData d;
  const std::vector<std::string_view> words = words_of(text);
  if (words.empty()) return d;
  std::size_t first = 0;
  // A move of one card alone (no verb) names the card.
  if (!parse_card(words[0], names)) {
    d.verb = std::string(words[0]);
    first = 1;
  }
  std::string label = d.verb;
  for (std::size_t i = first; i < words.size(); ++i) {
    const std::string_view w = words[i];
    std::string shown(w);
    if (auto bid = d.verb == "bid" ? contract(w) : std::nullopt)  // before cards: 4C is a bid
    {
      d.number = bid->first;
      d.strain = bid->second;
      shown = std::to_string(bid->first) +
              (bid->second == "NT" ? std::string("NT")
                                   : std::string(suit_symbol(parse_suit(bid->second))));
    } else if (auto card = parse_card(w, names)) {
      d.cards.push_back(*card);
      shown = card_label(*card, names);
    } else if (auto n = whole_number(w)) {
      if (!d.number) d.number = *n;
    } else if (w.size() == 1 && parse_suit(w) != kNoSuit) {
      shown = std::string(suit_symbol(parse_suit(w)));
    } else if (w == "T") {
      shown = "10";  // a rank alone: Red Rover's "call T", Tadmur's "guess T"
    }
    label += (label.empty() ? "" : " ") + shown;
  }
  d.label = label;
  return d;
}

nlohmann::json move_json(Move move, std::string_view text, const MoveData& data, CardNames names) {
  nlohmann::json cards = nlohmann::json::array();
  for (Card c : data.cards) cards.push_back(card_text(c, names));
  nlohmann::json j = {{"text", std::string(text)},
                      {"code", std::to_string(move.code)},
                      {"verb", data.verb},
                      {"cards", cards},
                      {"label", data.label}};
  if (data.number) j["number"] = *data.number;
  if (!data.strain.empty()) j["strain"] = data.strain;
  return j;
}

}  // namespace cardroom
