// Reading move text: one tokenizer for every game's parse_move.
//
// A move as typed ("  Give 7C  9s ", "play 10♦", "bid 2") is split into words at white space and
// lower-cased; the game then matches its verbs and parses the rest (cards with parse_card, numbers
// with parse_number). Every failure is a message for the person who typed it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace cardroom {

class MoveWords {
 public:
  explicit MoveWords(std::string_view text);

  bool empty() const { return words_.empty(); }
  int size() const { return static_cast<int>(words_.size()); }
  // Word i, lower case; "" past the end.
  const std::string& operator[](int i) const;
  const std::string& verb() const { return (*this)[0]; }
  // Words from `from` on, joined by single spaces ("" if none).
  std::string rest(int from = 1) const;
  // All the words joined by single spaces.
  std::string joined() const { return rest(0); }

 private:
  std::vector<std::string> words_;
};

// A whole number from `lo` to `hi` written in digits (no sign, at most 9 digits); nullopt if not.
std::optional<int> parse_number(std::string_view word, int lo, int hi);

// Records `why` in `error` (when given) and returns no move: `return move_error(error, "...");`
std::optional<Move> move_error(std::string* error, std::string why);

}  // namespace cardroom
