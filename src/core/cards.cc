#include "core/cards.h"

#include <cctype>

namespace cardroom {
namespace {

bool cpu_deposits_bits_fast() {
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  return __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("amdfam15h") &&
         !__builtin_cpu_is("amdfam17h");
#else
  return false;
#endif
}

}  // namespace

const bool kFastBitDeposit = cpu_deposits_bits_fast();

namespace {

constexpr std::string_view kRankChars = "23456789TJQKA";
constexpr std::string_view kSuitChars = "SHDC";
constexpr std::string_view kSuitSymbols[] = {"♠", "♥", "♦", "♣"};

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& ch : out) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return out;
}

}  // namespace

char rank_char(int rank) { return kRankChars[rank]; }
char suit_char(int suit) { return kSuitChars[suit]; }
std::string_view suit_symbol(int suit) { return kSuitSymbols[suit]; }

int parse_suit(std::string_view text) {
  if (text.size() == 1) {
    auto pos =
        kSuitChars.find(static_cast<char>(std::toupper(static_cast<unsigned char>(text[0]))));
    return pos == std::string_view::npos ? kNoSuit : static_cast<int>(pos);
  }
  for (int s = 0; s < kSuits; ++s)
    if (text == kSuitSymbols[s]) return s;
  // Variation selectors sometimes follow the symbol ("♠️").
  for (int s = 0; s < kSuits; ++s)
    if (text.starts_with(kSuitSymbols[s]) && text.substr(kSuitSymbols[s].size()) == "\xEF\xB8\x8F")
      return s;
  return kNoSuit;
}

std::string card_text(Card c, CardNames extras) {
  if (is_standard(c)) return {rank_char(rank_of(c)), suit_char(suit_of(c))};
  for (const auto& e : extras)
    if (e.id == c) return std::string(e.code);
  return "??";
}

std::string card_label(Card c, CardNames extras) {
  if (!is_standard(c))
    for (const auto& e : extras)
      if (e.id == c && !e.name.empty()) return std::string(e.name);
  return card_pretty(c, extras);
}

std::string card_pretty(Card c, CardNames extras, bool ascii) {
  if (!is_standard(c) || ascii) return card_text(c, extras);
  std::string out(1, rank_char(rank_of(c)));
  out += suit_symbol(suit_of(c));
  return out;
}

std::optional<Card> parse_card(std::string_view text, CardNames extras) {
  if (text.empty()) return std::nullopt;
  std::string up = upper(text);
  for (const auto& e : extras)
    if (up == upper(e.code)) return e.id;
  std::string_view rest = text;
  int rank = -1;
  if (rest.starts_with("10")) {
    rank = kTen;
    rest.remove_prefix(2);
  } else {
    auto pos =
        kRankChars.find(static_cast<char>(std::toupper(static_cast<unsigned char>(rest[0]))));
    if (pos == std::string_view::npos) return std::nullopt;
    rank = static_cast<int>(pos);
    rest.remove_prefix(1);
  }
  int suit = parse_suit(rest);
  if (suit == kNoSuit) return std::nullopt;
  return make_card(suit, rank);
}

std::optional<std::vector<Card>> parse_cards(std::string_view text, CardNames extras,
                                             std::string* error) {
  std::vector<Card> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == ',' || text[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != ',' && text[j] != '\t') ++j;
    if (j > i) {
      auto card = parse_card(text.substr(i, j - i), extras);
      if (!card) {
        if (error) *error = "'" + std::string(text.substr(i, j - i)) + "' is not a card";
        return std::nullopt;
      }
      out.push_back(*card);
    }
    i = j;
  }
  return out;
}

std::string cards_text(std::span<const Card> cards, CardNames extras) {
  std::string out;
  for (Card c : cards) {
    if (!out.empty()) out += ' ';
    out += card_text(c, extras);
  }
  return out;
}

std::string cards_text(CardSet set, CardNames extras) {
  std::string out;
  for (Card c : set) {
    if (!out.empty()) out += ' ';
    out += card_text(c, extras);
  }
  return out;
}

}  // namespace cardroom
