#include "core/move_text.h"

#include <cctype>

namespace cardroom {

MoveWords::MoveWords(std::string_view text) {
  std::string word;
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isspace(c)) {
      if (!word.empty()) words_.push_back(std::move(word));
      word.clear();
    } else {
      word += static_cast<char>(std::tolower(c));
    }
  }
  if (!word.empty()) words_.push_back(std::move(word));
}

const std::string& MoveWords::operator[](int i) const {
  static const std::string kNone;
  return i >= 0 && i < size() ? words_[i] : kNone;
}

std::string MoveWords::rest(int from) const {
  std::string out;
  for (int i = std::max(from, 0); i < size(); ++i) {
    if (!out.empty()) out += ' ';
    out += words_[i];
  }
  return out;
}

std::string move_text_of(Move move, std::span<const MoveForm> forms, CardNames names) {
  const std::uint64_t payload = move_payload(move);
  for (const MoveForm& form : forms) {
    if (form.kind != move_kind(move)) continue;
    const std::string verb = form.verb;
    switch (form.arg) {
      case MoveArg::kNone:
        return verb;
      case MoveArg::kNumber:
        return verb + " " + std::to_string(payload);
      case MoveArg::kCard:
        return verb + " " + card_text(static_cast<Card>(payload & 63), names);
      case MoveArg::kCards:
        return verb + " " + cards_text(CardSet(payload & ((std::uint64_t{1} << 52) - 1)), names);
      case MoveArg::kRank:
        return payload < kRanks ? verb + " " + rank_char(static_cast<int>(payload)) : "?";
    }
  }
  return "?";
}

std::optional<int> parse_number(std::string_view word, int lo, int hi) {
  if (word.empty() || word.size() > 9) return std::nullopt;
  int value = 0;
  for (char c : word) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  if (value < lo || value > hi) return std::nullopt;
  return value;
}

std::optional<Move> move_error(std::string* error, std::string why) {
  if (error) *error = std::move(why);
  return std::nullopt;
}

}  // namespace cardroom

namespace cardroom {

std::optional<int> MoveReader::number(int lo, int hi, std::string_view missing,
                                      std::string_view bad) const {
  const std::string arg = rest();
  if (arg.empty()) {
    fail(std::string(missing));
    return std::nullopt;
  }
  auto n = parse_number(arg, lo, hi);
  if (!n) fail(std::string(bad));
  return n;
}

std::optional<Card> MoveReader::read_card(std::string_view verb, std::string_view missing,
                                          CardNames names, bool standard_only,
                                          std::string* why) const {
  auto usable = [&](std::optional<Card> c) { return c && (!standard_only || is_standard(*c)); };
  if (words_.verb() != verb) {
    auto bare = parse_card(joined(), names);
    return usable(bare) ? bare : std::nullopt;
  }
  const std::string arg = rest();
  if (arg.empty()) {
    *why = std::string(missing);
    return std::nullopt;
  }
  auto card = parse_card(arg, names);
  if (!usable(card)) {
    *why = "'" + arg + "' is not a card";
    return std::nullopt;
  }
  return card;
}

}  // namespace cardroom
