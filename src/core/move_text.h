// Reading move text: one tokenizer for every game's parse_move.
//
// A move as typed ("  Give 7C  9s ", "play 10♦", "bid 2") is split into words at white space and
// lower-cased; the game then matches its verbs and parses the rest (cards with parse_card, numbers
// with parse_number). Every failure is a message for the person who typed it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
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

// A game's notation for move_text: each kind of move, its verb, and how its payload reads.
enum class MoveArg : std::uint8_t {
  kNone,    // the verb alone: "pass", "board"
  kNumber,  // the payload as a number: "bid 3"
  kCard,    // the payload as a card: "play TD"
  kCards,   // the payload as a card set (bits 0..51): "give 7C 9S"
  kRank,    // the payload as a rank index: "guess Q"
};
struct MoveForm {
  std::uint8_t kind;
  const char* verb;
  MoveArg arg;
};
// The text of `move` by its game's forms; "?" for a kind no form has.
std::string move_text_of(Move move, std::span<const MoveForm> forms, CardNames names = {});

// A whole number from `lo` to `hi` written in digits (no sign, at most 9 digits); nullopt if not.
std::optional<int> parse_number(std::string_view word, int lo, int hi);

// Records `why` in `error` (when given) and returns no move: `return move_error(error, "...");`
std::optional<Move> move_error(std::string* error, std::string why);

}  // namespace cardroom

namespace cardroom {

// One move's text as parse_move reads it: its words, the verb, and the error to report.
//
//   MoveReader in(text, error);
//   if (in.verb() == "bid") { auto n = in.number(0, 5, "...", "..."); ... }
//   return in.card_move("play", "'play' needs a card, e.g. 'play TD'", {}, true, play_move,
//                       "'x' is not a Reds move");    (last: every other text fails there)
class MoveReader {
 public:
  MoveReader(std::string_view text, std::string* error)
      : words_(text), text_(text), error_(error) {}

  bool empty() const { return words_.empty(); }
  const MoveWords& words() const { return words_; }
  const std::string& verb() const { return words_.verb(); }
  std::string rest() const { return words_.rest(); }
  std::string joined() const { return words_.joined(); }
  // The text as typed, for messages.
  std::string_view text() const { return text_; }

  // The number after the verb ("bid 3"), from lo to hi; otherwise nullopt, with `missing` as the
  // error when there is no number and `bad` when it is not one in range.
  std::optional<int> number(int lo, int hi, std::string_view missing, std::string_view bad) const;
  // "bid N" with N from 0 to `max`: make(N), or an error that says what a bid is.
  template <class Make>
  std::optional<Move> bid(int max, Make make) const {
    const std::string range = "0 to " + std::to_string(max);
    auto n = number(0, max, "'bid' needs a number " + range, "a bid must be " + range);
    return n ? std::optional<Move>(make(*n)) : std::nullopt;
  }
  // The form every card game reads last: "<verb> C" or a bare "C" gives make(C); "<verb>" with no
  // card fails with `missing`, with a bad card "'x' is not a card", and anything else fails with
  // `not_a_move` (or "empty move" when nothing was typed). `standard_only` refuses extra cards
  // (ids >= 52).
  template <class Make>
  std::optional<Move> card_move(std::string_view verb, std::string_view missing, CardNames names,
                                bool standard_only, Make make, std::string not_a_move) const {
    std::string why = empty() ? std::string("empty move") : std::move(not_a_move);
    if (auto card = read_card(verb, missing, names, standard_only, &why)) return make(*card);
    return fail(std::move(why));
  }
  // Records `why` and returns no move.
  std::optional<Move> fail(std::string why) const { return move_error(error_, std::move(why)); }

 private:
  std::optional<Card> read_card(std::string_view verb, std::string_view missing, CardNames names,
                                bool standard_only, std::string* why) const;

  MoveWords words_;
  std::string_view text_;
  std::string* error_;
};

}  // namespace cardroom
