#include "cli/move_prompt.h"

#include <algorithm>
#include <iostream>
#include <set>

#include "cli/table_view.h"
#include "core/session.h"

namespace cardroom::cli {

using nlohmann::json;

namespace {

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::vector<Choice> MovePrompt::choices(const json& view) const {
  const Seat seat = viewer_.seat;
  std::vector<Choice> out;
  for (Move m : state_.legal_moves(seat)) out.push_back({0, m, state_.move_text(m)});
  // `<verb> <number>` choices with one verb (bids): label each by its number.
  bool numeric = !out.empty();
  std::string verb;
  std::set<int> seen;
  for (const auto& c : out) {
    std::size_t space = c.text.find(' ');
    if (space == std::string::npos || !all_digits(c.text.substr(space + 1)) ||
        c.text.size() - space > 4) {
      numeric = false;
      break;
    }
    std::string v = c.text.substr(0, space);
    if (verb.empty()) verb = v;
    int value = std::stoi(c.text.substr(space + 1));
    if (v != verb || !seen.insert(value).second) {
      numeric = false;
      break;
    }
  }
  // Single-card moves (plays) in the order the hand is shown: trump first, high to low.
  bool cards = !numeric && !out.empty();
  std::vector<Card> card_of(out.size(), kNoCard);
  for (std::size_t i = 0; i < out.size() && cards; ++i) {
    std::size_t space = out[i].text.find(' ');
    auto c = space == std::string::npos ? std::nullopt
                                        : parse_card(out[i].text.substr(space + 1), viewer_.names);
    if (c) card_of[i] = *c;
    cards = c.has_value();
  }
  if (cards) {
    std::vector<Card> order =
        sort_for_display(card_of, suit_field(view, "trump"), suit_field(view, "anti_trump"));
    std::vector<Choice> sorted;
    for (Card c : order)
      for (std::size_t i = 0; i < out.size(); ++i)
        if (card_of[i] == c) sorted.push_back(out[i]);
    out = std::move(sorted);
  }
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i].label = numeric ? std::stoi(out[i].text.substr(out[i].text.find(' ') + 1))
                           : static_cast<int>(i) + 1;
  return out;
}

std::string MovePrompt::choice_text(const Choice& choice, const json& view) const {
  const TerminalStyle& style = viewer_.style;
  // A move's text is the game's move notation (core/move_text.h): a verb and its arguments, cards
  // among them styled. Cards to pass are shown in hand order, with the cards kept.
  std::size_t space = choice.text.find(' ');
  std::string verb = choice.text.substr(0, space);
  std::string rest = space == std::string::npos ? "" : choice.text.substr(space + 1);
  int trump = suit_field(view, "trump"), anti = suit_field(view, "anti_trump");
  auto join = [&](const std::vector<Card>& list) {
    std::string text;
    for (Card c : sort_for_display(list, trump, anti))
      text += (text.empty() ? "" : " ") + viewer_.card(c);
    return text;
  };
  if (verb == "give" || verb == "pass")
    if (auto cards = parse_cards(rest, viewer_.names); cards && !cards->empty()) {
      std::string out = verb + " " + join(*cards);
      std::vector<Card> keep;
      for (Card c : view_cards(view, "hand", viewer_.names))
        if (std::find(cards->begin(), cards->end(), c) == cards->end()) keep.push_back(c);
      if (!keep.empty()) out += paint("  keep ", Paint::kDim, style) + join(keep);
      return out;
    }
  std::string out = verb;
  for (std::size_t i = space; i != std::string::npos && i < choice.text.size();) {
    std::size_t j = choice.text.find(' ', i + 1);
    std::string word = choice.text.substr(i + 1, j == std::string::npos ? j : j - i - 1);
    auto card = parse_card(word, viewer_.names);
    out += " " + (card ? viewer_.card(*card) : style.unicode ? word : ascii_symbols(word));
    i = j;
  }
  return out;
}

std::string MovePrompt::title(const std::vector<Choice>& list, const json& v) const {
  std::string verb = list.empty() ? "" : list[0].text.substr(0, list[0].text.find(' '));
  bool simultaneous = state_.mode() == ActorMode::kSimultaneous;
  if (verb == "bid")
    return simultaneous ? "Your bid (secret, 0-5 tricks)" : "Your bid (how many tricks you take)";
  if (verb == "give" || (verb == "pass" && list[0].text != "pass")) {
    std::string text = "Cards to pass";
    if (v.contains("exchange") && v["exchange"].is_object()) {
      const json& ex = v["exchange"];
      std::string dir = ex.value("direction", std::string());
      int k = int_or(ex.value("cards", json()), 0);
      int n = state_.num_seats();
      Seat to = dir == "left" ? (viewer_.seat + 1) % n : (viewer_.seat - 1 + n) % n;
      text = "Pass " + std::to_string(k) + (k == 1 ? " card " : " cards ") + dir + " to " +
             seat_name(to);
    }
    return text;
  }
  if (verb == "play") {
    if (v.contains("trick") && v["trick"].is_object() && v["trick"].contains("cards") &&
        v["trick"]["cards"].empty())
      return "Your lead";
    return "Your card";
  }
  return "Your move";
}

void MovePrompt::show(const std::vector<Choice>& list, const json& v) const {
  const TerminalStyle& style = viewer_.style;
  if (script_) {
    // Script-friendly: one line.
    std::cout << "moves:";
    for (const auto& c : list) std::cout << "  " << c.label << ") " << c.text;
    std::cout << "\n";
    return;
  }
  std::cout << paint(title(list, v), Paint::kBold, style) << "\n";
  std::vector<std::string> cells;
  int width = 0;
  for (const auto& c : list) {
    std::string cell = paint(pad_left(std::to_string(c.label), 2) + ")", Paint::kCyan, style) +
                       " " + choice_text(c, v);
    width = std::max(width, display_width(cell));
    cells.push_back(cell);
  }
  int per_line = std::max(1, 76 / (width + 3));
  for (std::size_t i = 0; i < cells.size(); ++i) {
    bool end = (i + 1) % per_line == 0 || i + 1 == cells.size();
    std::cout << "  " << (end ? cells[i] : pad_right(cells[i], width + 1)) << (end ? "\n" : "");
  }
}

std::optional<Move> MovePrompt::resolve(const std::string& line, const std::vector<Choice>& list,
                                        std::string* error) const {
  if (all_digits(line)) {
    if (line.size() <= 4) {
      int n = std::stoi(line);
      for (const auto& c : list)
        if (c.label == n) return c.move;
    }
    // Bids numbered by value: a value not offered is still tried as that bid, so that the game
    // says why it is refused ("the dealer may not bid 5: ...").
    const bool by_value =
        !list.empty() && std::all_of(list.begin(), list.end(), [](const Choice& c) {
          return c.text.ends_with(" " + std::to_string(c.label));
        });
    if (by_value && line.size() <= 4) {
      const std::string verb = list.front().text.substr(0, list.front().text.find(' '));
      std::string ignored;
      if (auto m = state_.parse_move(viewer_.seat, verb + " " + line, &ignored)) return m;
    }
    std::string labels;
    if (!list.empty())
      labels = " (" + std::to_string(list.front().label) + " to " +
               std::to_string(list.back().label) + ")";
    *error = "there is no move " + line + " in the list" + labels;
    return std::nullopt;
  }
  std::string why;
  if (auto m = state_.parse_move(viewer_.seat, line, &why)) return m;
  std::set<std::string> verbs;
  for (const auto& c : list) verbs.insert(c.text.substr(0, c.text.find(' ')));
  for (const auto& verb : verbs) {
    std::string ignored;
    if (auto m = state_.parse_move(viewer_.seat, verb + " " + line, &ignored)) return m;
  }
  *error = why;
  return std::nullopt;
}

}  // namespace cardroom::cli
