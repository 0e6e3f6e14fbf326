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

// "<verb> <number>" (a bid): the number, or -1.
int bid_value(const std::string& text, std::string* verb) {
  const std::size_t space = text.find(' ');
  if (space == std::string::npos || text.size() - space > 4 || !all_digits(text.substr(space + 1)))
    return -1;
  *verb = text.substr(0, space);
  return std::stoi(text.substr(space + 1));
}

// The one card a move names as its first argument ("play TD", "play 3S truc"), or kNoCard (also
// for moves naming several cards, "give 7C 9S").
Card single_card(const std::string& text, CardNames names, std::string* shape) {
  std::vector<std::string> words;
  for (std::size_t i = 0; i <= text.size();) {
    const std::size_t j = std::min(text.find(' ', i), text.size());
    words.push_back(text.substr(i, j - i));
    i = j + 1;
  }
  if (words.size() < 2 || words[0] == "bid") return kNoCard;  // "bid 2S" is a bridge bid
  const auto card = parse_card(words[1], names);
  if (!card) return kNoCard;
  *shape = words[0] + " _";
  for (std::size_t i = 2; i < words.size(); ++i) {
    if (parse_card(words[i], names)) return kNoCard;
    *shape += " " + words[i];
  }
  return *card;
}

// A bid that names a contract rather than a number: "bid 2S", "bid 0NT".
bool named_bid(const std::string& text) {
  return text.starts_with("bid ") && text.find(' ', 4) == std::string::npos &&
         !all_digits(text.substr(4)) && text.find_first_of("0123456789") != std::string::npos;
}

// Moves that are named bids and calls naming no card and no number (pass, double, redouble),
// with at least one named bid.
bool named_bid_menu(const std::vector<Choice>& list) {
  bool any = false;
  for (const Choice& c : list) {
    if (named_bid(c.text)) {
      any = true;
      continue;
    }
    if (c.text.find_first_of("0123456789 ") != std::string::npos) return false;
  }
  return any;
}

}  // namespace

std::vector<Choice> MovePrompt::choices(const json& view) const {
  const Seat seat = viewer_.seat;
  std::vector<Choice> out;
  for (Move m : state_.legal_moves(seat)) out.push_back({0, m, state_.move_text(m)});
  if (out.empty()) return out;
  // Named bids (the bridge family: `bid 2S`, `bid 0NT`), perhaps beside calls without a number
  // (pass, double): a bid menu in the game's order (lowest bid first), numbered from 1.
  if (named_bid_menu(out)) {
    for (std::size_t i = 0; i < out.size(); ++i) {
      out[i].label = static_cast<int>(i) + 1;
      out[i].bid = true;
    }
    return out;
  }
  // Bids: `<verb> <number>` choices with one verb, perhaps beside calls that name no card (pass,
  // board). Each bid is labelled by its number; a call the game also reads as `<verb> N` for a
  // free N is labelled N (Back Alley's pass is `bid 0`), any other follows the highest number. A
  // menu of calls alone (Back Alley's one-card hands: board or pass) is a bid menu when the game
  // reads one of them as `bid N`.
  std::string verb;
  std::vector<int> value(out.size(), -1);
  std::set<int> taken;
  bool bids = true;
  for (std::size_t i = 0; i < out.size() && bids; ++i) {
    std::string v, shape;
    value[i] = bid_value(out[i].text, &v);
    if (value[i] >= 0) {
      if (verb.empty()) verb = v;
      bids = v == verb && taken.insert(value[i]).second;
    } else {
      bids = single_card(out[i].text, viewer_.names, &shape) == kNoCard &&
             out[i].text.find_first_of("0123456789") == std::string::npos;
    }
  }
  // Calls beside numbers only where the numbers are bids: Tadmur's `guess 2` .. `guess A` is no
  // bid menu.
  if (bids && !verb.empty() && verb != "bid" &&
      std::find(value.begin(), value.end(), -1) != value.end())
    bids = false;
  if (bids) {
    const bool numbers = !taken.empty();
    if (verb.empty()) verb = "bid";
    bool read_as_bid = false;
    int next = numbers ? *taken.rbegin() + 1 : 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
      if (value[i] >= 0) continue;
      for (int n = 0; n < next + 1 && value[i] < 0; ++n) {
        std::string ignored;
        if (taken.count(n)) continue;
        const auto m = state_.parse_move(seat, verb + " " + std::to_string(n), &ignored);
        if (m && *m == out[i].move) value[i] = n;
      }
      if (value[i] < 0) continue;
      read_as_bid = true;
      next = std::max(next, value[i] + 1);
      taken.insert(value[i]);
    }
    bids = numbers || read_as_bid;
    for (std::size_t i = 0; i < out.size() && bids; ++i)
      if (value[i] < 0) taken.insert(value[i] = next++);
  }
  if (bids) {
    for (std::size_t i = 0; i < out.size(); ++i) {
      out[i].label = value[i];
      out[i].bid = verb == "bid";
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const Choice& a, const Choice& b) { return a.label < b.label; });
    return out;
  }
  // Otherwise moves of one card come first, in the order the hand is shown, each kind of them
  // (`play C`, then `play C truc`) together in the order the game lists the kinds; then the other
  // moves in the game's order. So a card keeps its place, and its number, from one prompt to the
  // next while other moves come and go.
  std::vector<std::string> shapes;
  std::vector<int> shape_of(out.size(), -1);
  std::vector<Card> card_of(out.size(), kNoCard), cards;
  for (std::size_t i = 0; i < out.size(); ++i) {
    std::string shape;
    card_of[i] = single_card(out[i].text, viewer_.names, &shape);
    if (card_of[i] == kNoCard) continue;
    auto at = std::find(shapes.begin(), shapes.end(), shape);
    shape_of[i] = static_cast<int>(at - shapes.begin());
    if (at == shapes.end()) shapes.push_back(shape);
    if (std::find(cards.begin(), cards.end(), card_of[i]) == cards.end())
      cards.push_back(card_of[i]);
  }
  const std::vector<Card> shown = sort_for_display(cards, card_order(view));
  auto key = [&](std::size_t i) {
    if (card_of[i] == kNoCard) return std::pair<int, int>(static_cast<int>(shapes.size()), 0);
    const int place =
        static_cast<int>(std::find(shown.begin(), shown.end(), card_of[i]) - shown.begin());
    return std::pair<int, int>(shape_of[i], place);
  };
  std::vector<std::size_t> order(out.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
  std::vector<Choice> sorted;
  for (std::size_t i : order) sorted.push_back(out[i]);
  for (std::size_t i = 0; i < sorted.size(); ++i) sorted[i].label = static_cast<int>(i) + 1;
  return sorted;
}

std::string MovePrompt::choice_text(const Choice& choice, const json& view) const {
  const TerminalStyle& style = viewer_.style;
  // A move's text is the game's move notation (core/move_text.h): a verb and its arguments, cards
  // among them styled. Cards to pass are shown in hand order, with the cards kept.
  std::size_t space = choice.text.find(' ');
  std::string verb = choice.text.substr(0, space);
  std::string rest = space == std::string::npos ? "" : choice.text.substr(space + 1);
  const CardOrder order = card_order(view);
  auto join = [&](const std::vector<Card>& list) {
    std::string text;
    for (Card c : sort_for_display(list, order))
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
  // Otherwise the move's label, the one the page shows too (core/move_data.h: "bid 2♠", "play
  // Q♦ and call truc", "7♦ onto pile 2"), its suits coloured.
  return styled_text(state_.move_data(choice.move).label, style, viewer_.names);
}

std::string MovePrompt::title(const std::vector<Choice>& list, const json& v) const {
  std::string verb = list.empty() ? "" : list[0].text.substr(0, list[0].text.find(' '));
  bool simultaneous = state_.mode() == ActorMode::kSimultaneous;
  if (named_bid_menu(list)) return "Your call (a bid names its level and strain)";
  if (verb == "bid" || (!list.empty() && list[0].bid))
    return simultaneous ? "Your bid (secret, 0-5 tricks)" : "Your bid (how many tricks you take)";
  if (verb == "discard") {
    // "to_discard" per seat: the cards still to discard in an exchange.
    const int left = v.contains("to_discard") && v["to_discard"].is_array() && viewer_.seat >= 0 &&
                             viewer_.seat < static_cast<int>(v["to_discard"].size())
                         ? int_or(v["to_discard"][viewer_.seat], 0)
                         : 0;
    return left > 0 ? "Discard a card (" + std::to_string(left) + " to go)" : "Discard a card";
  }
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
    if (!v.contains("trick")) return "Your move";
    // Other moves beside the cards (Truc's raises and signals) are named in the title too.
    const bool calls = std::any_of(list.begin(), list.end(),
                                   [](const Choice& c) { return !c.text.starts_with("play "); });
    const char* also = calls ? ", or a call" : "";
    if (v.contains("trick") && v["trick"].is_object() && v["trick"].contains("cards") &&
        v["trick"]["cards"].empty())
      return std::string("Your lead") + also;
    return std::string("Your card") + also;
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
