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
