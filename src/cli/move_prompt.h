// The person's moves in `cardroom play`: the legal moves as a numbered list, the prompt above it,
// and what the person types resolved to a move.
//
// A number picks from the list. In a bid menu (`<verb> <number>` choices, perhaps beside calls such
// as `pass` and `board`) the numbers shown are the values themselves, so `2` means `bid 2`, and a
// call the game reads as `bid N` is N (Back Alley: `0` is `pass`). Otherwise moves of one card
// come first, numbered in the order the hand is shown, so a card keeps its number from one prompt
// to the next while other moves (a raise, a signal, a guess) come and go. Text is parsed as a
// move, and a bare card list or value is tried after each verb of the legal moves ("7c 9s" ->
// "give 7c 9s").
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/terminal.h"
#include "core/any_game.h"

namespace cardroom::cli {

// One legal move as offered to the person: its label (what a bare number picks) and text.
struct Choice {
  int label = 0;
  Move move;
  std::string text;
  bool bid = false;  // a call of a bid menu (`bid N`, or a call the game reads as `bid N`: pass)
};

class MovePrompt {
 public:
  // `script`: stdin and stdout are not a terminal: one `moves:` line per decision.
  MovePrompt(const AnyState& state, const Viewer& viewer, bool script)
      : state_(state), viewer_(viewer), script_(script) {}

  std::vector<Choice> choices(const nlohmann::json& view) const;
  // The title ("Your bid", "Pass 3 cards left to S1", "Your lead") and the numbered list.
  void show(const std::vector<Choice>& list, const nlohmann::json& view) const;
  std::optional<Move> resolve(const std::string& line, const std::vector<Choice>& list,
                              std::string* error) const;

 private:
  std::string choice_text(const Choice& choice, const nlohmann::json& view) const;
  std::string title(const std::vector<Choice>& list, const nlohmann::json& view) const;

  const AnyState& state_;
  const Viewer& viewer_;
  bool script_;
};

}  // namespace cardroom::cli
