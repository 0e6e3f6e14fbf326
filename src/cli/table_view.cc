#include "cli/table_view.h"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <map>
#include <set>

#include "core/session.h"

namespace cardroom::cli {

using nlohmann::json;

int int_or(const json& j, int fallback) { return j.is_number_integer() ? j.get<int>() : fallback; }

int suit_field(const json& view, const char* key) {
  if (!view.contains(key) || !view[key].is_string()) return kNoSuit;
  return parse_suit(view[key].get<std::string>());
}

CardOrder card_order(const json& view) {
  CardOrder order;
  order.trump = suit_field(view, "trump");
  order.anti_trump = suit_field(view, "anti_trump");
  if (view.contains("rank_order") && view["rank_order"].is_string())
    order.ranks = view["rank_order"].get<std::string>();
  if (view.contains("reversed_suits") && view["reversed_suits"].is_array())
    for (const auto& s : view["reversed_suits"])
      if (s.is_string())
        if (int suit = parse_suit(s.get<std::string>()); suit >= 0 && suit < kSuits)
          order.reversed_suits |= 1u << suit;
  if (view.contains("top_cards") && view["top_cards"].is_array())
    for (const auto& c : view["top_cards"])
      if (c.is_string())
        if (auto card = parse_card(c.get<std::string>())) order.first.add(*card);
  return order;
}

std::vector<Card> view_cards(const json& view, const char* key, CardNames names) {
  std::vector<Card> cards;
  if (view.contains(key) && view[key].is_array())
    for (const auto& c : view[key])
      if (c.is_string())
        if (auto card = parse_card(c.get<std::string>(), names)) cards.push_back(*card);
  return sort_for_display(cards, card_order(view));
}

namespace {

// The seat that played the i-th card of a trick: the trick's `seats` list when the game gives one
// (Truc plays to the right), otherwise clockwise from the leader.
Seat trick_seat(const json& trick, int leader, int i, int n) {
  if (trick.contains("seats") && trick["seats"].is_array() &&
      static_cast<int>(trick["seats"].size()) > i && trick["seats"][i].is_number_integer()) {
    int s = trick["seats"][i].get<int>();
    if (s >= 0 && s < n) return s;
  }
  return (leader + i) % n;
}

// One view value as short text: lists joined by spaces (null as "-"), lists of lists by " | ".
std::string field_text(const json& value) {
  if (value.is_null()) return "-";
  if (value.is_boolean()) return value.get<bool>() ? "yes" : "no";
  if (value.is_string()) return value.get<std::string>();
  if (value.is_array()) {
    std::string out;
    bool nested = !value.empty() && value[0].is_array();
    for (const auto& item : value) {
      if (!out.empty()) out += nested ? " | " : " ";
      out += item.is_array() && item.empty() ? "(none)" : field_text(item);
    }
    return out.empty() ? "(none)" : out;
  }
  return value.dump();
}

// The keys of a view that are not the envelope's or a trick game's (core/game.h), one per line:
// the board of games that are not trick games (Tadmur's chains and targets).
void show_board_fields(const json& v, const Viewer& viewer) {
  static const std::set<std::string> kShownElsewhere = {
      "game",        "seat",       "players",        "dealer",     "phase",
      "hand",        "hand_sizes", "scores",         "to_act",     "legal",
      "over",        "winners",    "trick",          "tricks",     "last_round",
      "team_scores", "seq",        "round",          "rounds",     "trump",
      "tie_break",   "rank_order", "reversed_suits", "round_name", "score_card",
      "seat_notes",  "board_keys", "initial_score",  "board",      "house",
      "layout",      "status",     "facts",          "card_names", "moves",
      "top_cards",   "out"};
  // "board_keys": the game names the keys its board shows (the others are drawn elsewhere).
  std::set<std::string> listed;
  const bool only_listed = v.contains("board_keys") && v["board_keys"].is_array();
  if (only_listed)
    for (const auto& k : v["board_keys"])
      if (k.is_string()) listed.insert(k.get<std::string>());
  for (const auto& [key, value] : v.items()) {
    if (kShownElsewhere.count(key) || (only_listed && !listed.count(key))) continue;
    std::string name = key;
    for (char& c : name)
      if (c == '_') c = ' ';
    std::cout << "  " << paint(pad_right(name, 18), Paint::kDim, viewer.style) << field_text(value)
              << "\n";
  }
}

// A line of text with its card codes styled ("Poor Man 2S QS KS: 22" with suit symbols).
std::string styled_text(const std::string& text, const Viewer& viewer) {
  std::string out, word;
  auto flush = [&] {
    const bool code = word.size() >= 2 && word.size() <= 3 &&
                      std::all_of(word.begin(), word.end(),
                                  [](char c) {
                                    return std::isupper(static_cast<unsigned char>(c)) ||
                                           std::isdigit(static_cast<unsigned char>(c));
                                  }) &&
                      parse_card(word, viewer.names).has_value();
    out += code ? viewer.card_code(word) : word;
    word.clear();
  };
  for (char c : text) {
    if (c == ' ' || c == ',' || c == ':' || c == '(' || c == ')') {
      flush();
      out += c;
    } else {
      word += c;
    }
  }
  flush();
  return out;
}

// "score_card": {"rows": [names], "seats": [[a cell per row] per seat]}: a grid of a box per row
// and a column per seat (Indian Chief's score sheet of seven boxes); null cells are empty boxes.
void show_score_card(const json& card, int n, const Viewer& viewer) {
  if (!card.is_object() || !card.contains("rows") || !card.contains("seats") ||
      !card["rows"].is_array() || !card["seats"].is_array())
    return;
  const json& rows = card["rows"];
  const json& seats = card["seats"];
  int name_width = 4;
  for (const auto& r : rows)
    if (r.is_string()) name_width = std::max(name_width, display_width(r.get<std::string>()));
  const int cols = std::min(n, static_cast<int>(seats.size()));
  std::string head = "  " + pad_right("", name_width);
  for (Seat s = 0; s < cols; ++s) head += pad_left(viewer.seat_label(s), 7);
  std::cout << paint(head, Paint::kDim, viewer.style) << "\n";
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::string line =
        "  " + pad_right(rows[r].is_string() ? rows[r].get<std::string>() : "", name_width);
    for (Seat s = 0; s < cols; ++s) {
      const json& col = seats[s];
      const json cell = col.is_array() && r < col.size() ? col[r] : json();
      line += pad_left(cell.is_null() ? "." : field_text(cell), 7);
    }
    std::cout << line << "\n";
  }
}

// "S1+S3", "S0 or S2", or "anyone" for every seat: the seats of a JSON list.
std::string seats_phrase(const json& seats, int n, const char* joiner) {
  std::vector<int> list;
  for (const auto& s : seats)
    if (s.is_number_integer()) list.push_back(s.get<int>());
  if (static_cast<int>(list.size()) == n && n > 2) return "anyone";
  std::string out;
  for (int s : list) out += (out.empty() ? "" : joiner) + seat_name(s);
  return out;
}

// The game's own lines under the table ("board": [{"title", "cards", "piles" or "text", and an
// optional "note"}]).
void show_board_lines(const json& v, const Viewer& viewer) {
  if (!v.contains("board") || !v["board"].is_array()) return;
  for (const json& line : v["board"]) {
    if (!line.is_object()) continue;
    std::string text;
    if (line.contains("cards") && line["cards"].is_array()) {
      for (const json& c : line["cards"])
        if (c.is_string())
          text += (text.empty() ? "" : " ") + viewer.card_code(c.get<std::string>());
      if (text.empty()) text = "(none)";
    } else if (line.contains("piles") && line["piles"].is_array()) {
      // Piles side by side, each bottom first: "9S 8H | KD | -- | 5C".
      for (const json& pile : line["piles"]) {
        std::string cards;
        if (pile.is_array())
          for (const json& c : pile)
            if (c.is_string())
              cards += (cards.empty() ? "" : " ") + viewer.card_code(c.get<std::string>());
        text += (text.empty() ? "" : paint(" | ", Paint::kDim, viewer.style)) +
                (cards.empty() ? paint("--", Paint::kDim, viewer.style) : cards);
      }
    } else if (line.contains("text")) {
      text = field_text(line["text"]);
    }
    if (line.contains("note") && line["note"].is_string())
      text += "   " + paint(line["note"].get<std::string>(), Paint::kDim, viewer.style);
    std::cout << "  "
              << paint(pad_right(line.value("title", std::string()), 18), Paint::kDim, viewer.style)
              << text << "\n";
  }
}

// Whether the view has a house to play against (Bridge Solitaire): {"name", "tricks_won", "score"}.
bool has_house(const json& v) { return v.contains("house") && v["house"].is_object(); }

// Whether the view holds chains of cards from a starter to a target (Tadmur).
bool has_chains(const json& v) {
  return v.contains("chains") && v["chains"].is_array() && v.contains("starters") &&
         v["starters"].is_array() && v.contains("spaces") && v["spaces"].is_array();
}

// Seat s's chain from its starter to its target, empty spaces drawn: "[8♠] 7♠ 6♥ __ __ [J♥]". A
// hidden target is "[??]"; after it, what everyone knows of it ("not 2 J") and "blocked" when
// the chain is full but does not reach it.
std::string chain_text(const json& v, Seat s, const Viewer& viewer) {
  auto at = [&](const char* key) {
    return v.contains(key) && v[key].is_array() && static_cast<int>(v[key].size()) > s ? v[key][s]
                                                                                       : json();
  };
  auto code = [&](const json& c) {
    return c.is_string() ? viewer.card_code(c.get<std::string>()) : std::string("??");
  };
  std::string out = "[" + code(at("starters")) + "]";
  for (const auto& c : at("chains").is_array() ? at("chains") : json::array()) out += " " + code(c);
  const std::string space = paint(viewer.style.unicode ? "··" : "__", Paint::kDim, viewer.style);
  for (int i = int_or(at("spaces"), 0); i > 0; --i) out += " " + space;
  out += " [" + code(at("targets")) + "]";
  std::vector<std::string> notes;
  if (at("blocked").is_boolean() && at("blocked").get<bool>()) notes.push_back("blocked");
  const json ruled = at("ruled_out");
  if (ruled.is_array() && !ruled.empty()) {
    const std::string order = v.value("rank_order", std::string(""));
    std::vector<std::string> ranks;
    for (const auto& r : ruled)
      if (r.is_string()) ranks.push_back(r.get<std::string>());
    std::stable_sort(ranks.begin(), ranks.end(), [&](const std::string& a, const std::string& b) {
      return order.find(a) < order.find(b);
    });
    std::string text = "not";
    for (const auto& r : ranks) text += " " + r;
    notes.push_back(text);
  }
  const json voids = at("shown_void");
  if (voids.is_array() && !voids.empty()) {
    std::string text = "holds no";
    for (const auto& r : voids)
      if (r.is_string()) text += " " + r.get<std::string>();
    notes.push_back(text);
  }
  for (const auto& note : notes) out += "  " + paint(note, Paint::kDim, viewer.style);
  return out;
}

// A text of the game's for people ("status", facts): its seats ("S1") by their labels, its suit
// symbols kept on a Unicode terminal and spelled out otherwise.
std::string people_text(const std::string& text, const Viewer& viewer) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool word_start = i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1]));
    if (word_start && text[i] == 'S' && i + 1 < text.size() &&
        std::isdigit(static_cast<unsigned char>(text[i + 1])) &&
        (i + 2 >= text.size() || !std::isalnum(static_cast<unsigned char>(text[i + 2])))) {
      out += viewer.seat_label(text[i + 1] - '0');
      ++i;
      continue;
    }
    out += text[i];
  }
  return viewer.style.unicode ? out : ascii_symbols(out);
}

// One zone of the declared layout (core/table_layout.h) as text: a pile as its top card and how
// many lie there, a row with its empty spaces, a fan with its face-down cards counted.
std::string zone_text(const json& z, const Viewer& viewer) {
  std::string out;
  const json cards = z.contains("cards") && z["cards"].is_array() ? z["cards"] : json::array();
  for (const auto& c : cards)
    if (c.is_string()) out += (out.empty() ? "" : " ") + viewer.card_code(c.get<std::string>());
  const int shown = static_cast<int>(cards.size());
  const int count =
      z.contains("count") && z["count"].is_number_integer() ? z["count"].get<int>() : shown;
  const std::string kind = z.value("kind", std::string());
  if (kind == "pile") {
    if (shown == 0) out = count > 0 ? paint("[#]", Paint::kDim, viewer.style) : "";
    if (count != 1)
      out +=
          (out.empty() ? "" : " ") + paint(count == 0 ? "empty" : "(" + std::to_string(count) + ")",
                                           Paint::kDim, viewer.style);
    return out;
  }
  if (kind == "row") {
    const std::string space = paint(viewer.style.unicode ? "··" : "__", Paint::kDim, viewer.style);
    for (int i = int_or(z.value("spaces", json()), 0); i > 0; --i)
      out += (out.empty() ? "" : " ") + space;
    return out.empty() ? paint("--", Paint::kDim, viewer.style) : out;
  }
  if (count > shown)
    out += shown == 0 ? std::to_string(count) + (count == 1 ? " card" : " cards")
                      : " " + paint("+" + std::to_string(count - shown) + " face down", Paint::kDim,
                                    viewer.style);
  return out.empty() ? paint("--", Paint::kDim, viewer.style) : out;
}

// The declared layout under the seats: the middle of the table, then each seat's zones (rows
// side by side on one line, "T1 7♠ 6♥ | T2 -- | ..."), then the facts.
void show_layout(const json& v, const Viewer& viewer) {
  const TerminalStyle& style = viewer.style;
  std::vector<const json*> middle;
  std::map<int, std::vector<const json*>> owned;
  for (const auto& z : v["layout"]) {
    if (!z.is_object() || z.value("kind", std::string()) == "trick") continue;
    if (z.contains("owner") && z["owner"].is_number_integer())
      owned[z["owner"].get<int>()].push_back(&z);
    else
      middle.push_back(&z);
  }
  auto line_of = [&](const std::vector<const json*>& zones) {
    std::string line;
    for (const json* z : zones) {
      const std::string label = z->value("label", std::string());
      line += (line.empty() ? "" : paint(" | ", Paint::kDim, style)) +
              (label.empty() ? "" : paint(label + ":", Paint::kDim, style) + " ") +
              zone_text(*z, viewer);
    }
    return line;
  };
  // A seat's rows share a line (a Tadmur chain, Nuts' four piles side by side), its piles and
  // small fans another, and each larger fan, board or meld has a line of its own.
  auto show_zones = [&](const std::string& title, const std::vector<const json*>& zones) {
    std::vector<const json*> rows, small;
    std::vector<std::vector<const json*>> lines;
    for (const json* z : zones) {
      const std::size_t cards = z->contains("cards") ? (*z)["cards"].size() : 0;
      const std::string kind = z->value("kind", std::string());
      if (kind == "row")
        rows.push_back(z);
      else if (kind == "pile" || cards <= 2)
        small.push_back(z);
      else
        lines.push_back({z});
    }
    // Rows and piles together when they fit a line (Tadmur: the chain, then its target).
    constexpr int kWidth = 96;
    if (!rows.empty() && !small.empty() &&
        display_width(line_of(rows)) + display_width(line_of(small)) + 3 <= kWidth) {
      rows.insert(rows.end(), small.begin(), small.end());
      small.clear();
    }
    if (!small.empty()) lines.insert(lines.begin(), small);
    if (!rows.empty()) lines.insert(lines.begin(), rows);
    for (std::size_t i = 0; i < lines.size(); ++i)
      std::cout << "  " << paint(pad_right(i == 0 ? title : "", 14), Paint::kBold, style)
                << line_of(lines[i]) << "\n";
  };
  if (!middle.empty()) show_zones("Table", middle);
  for (const auto& [seat, zones] : owned)
    show_zones(seat == viewer.seat ? "You" : viewer.seat_label(seat), zones);
  if (v.contains("facts") && v["facts"].is_array())
    for (const auto& f : v["facts"])
      if (f.is_object())
        std::cout << "  "
                  << paint(pad_right(f.value("label", std::string()), 22), Paint::kDim, style)
                  << people_text(f.value("value", std::string()), viewer) << "\n";
}

// The items of the table's header line, from the view keys that have them.
std::vector<std::string> header_items(const json& v, const Viewer& viewer) {
  const TerminalStyle& style = viewer.style;
  std::vector<std::string> head;
  // "Hand 4 of 26" (the game's word for a round, "round_name"); nothing for a one-round game.
  const int rounds = int_or(v.value("rounds", json()), 0);
  if (v.contains("round") && v["round"].is_number_integer() && rounds != 1) {
    std::string name = v.value("round_name", std::string("round"));
    if (!name.empty()) name[0] = static_cast<char>(std::toupper(name[0]));
    std::string r = name + " " + std::to_string(v["round"].get<int>());
    if (v.value("tie_break", false))
      r += " (tie-break)";
    else if (rounds > 0)
      r += " of " + std::to_string(rounds);
    head.push_back(paint(r, Paint::kBold, style));
  }
  if (v.contains("hand_size") && v["hand_size"].is_number_integer()) {
    const int h = v["hand_size"].get<int>();
    head.push_back(std::to_string(h) + (h == 1 ? " card" : " cards"));
  }
  const int trump = suit_field(v, "trump");
  const int anti = suit_field(v, "anti_trump");
  // A game with a "contract" (the bridge family) names its trumps by the contract; its upcard
  // names no trump.
  const bool contract_game = v.contains("contract");
  if (contract_game && v.contains("upcard") && v["upcard"].is_string())
    head.push_back("upcard " + viewer.card_code(v["upcard"].get<std::string>()));
  if (contract_game && v["contract"].is_object()) {
    const json& c = v["contract"];
    const std::string text = c.value("text", std::string());
    head.push_back(
        paint("contract " + (style.unicode ? text : ascii_symbols(text)), Paint::kBold, style) +
        (c.contains("declarer") && c["declarer"].is_number_integer()
             ? " by " + viewer.seat_label(c["declarer"].get<int>())
             : std::string()));
  }
  if (trump != kNoSuit)
    head.push_back("trump " + styled_suit(trump, style));
  else if (!contract_game && v.contains("upcard") &&
           v["upcard"].is_string())  // a turned card that names no suit
    head.push_back("no trumps (upcard " + viewer.card_code(v["upcard"].get<std::string>()) + ")");
  if (v.contains("anti_trump"))
    head.push_back("anti-trump " +
                   (anti == kNoSuit ? std::string("none") : styled_suit(anti, style)));
  if (v.contains("exchange") && v["exchange"].is_object()) {
    const json& ex = v["exchange"];
    head.push_back("pass " + std::to_string(int_or(ex.value("cards", json()), 0)) + " " +
                   ex.value("direction", std::string()));
  }
  // Raises (Truc): the stake, a raise waiting for its answer, or the raise that may come next.
  if (v.contains("stake") && v["stake"].is_number_integer()) {
    const int stake = v["stake"].get<int>();
    head.push_back(paint("stake " + std::to_string(stake) + (stake == 1 ? " point" : " points"),
                         Paint::kBold, style));
    const int n = int_or(v.value("players", json()), 0);
    if (v.contains("pending_raise") && v["pending_raise"].is_string()) {
      const std::string to_act = v.contains("to_act") ? seats_phrase(v["to_act"], n, " or ") : "";
      head.push_back(seat_name(int_or(v.value("raiser", json()), 0)) + " calls " +
                     v["pending_raise"].get<std::string>() + ": " + to_act +
                     " to accept or reject");
    } else if (v.contains("next_raise") && v["next_raise"].is_string()) {
      head.push_back(seats_phrase(v.value("may_raise", json::array()), n, "+") + " may call " +
                     v["next_raise"].get<std::string>());
    } else if (v.contains("next_raise") && v.value("phase", std::string()) == "play") {
      head.push_back("no more raises");
    }
  }
  // Guessing (Tadmur).
  if (v.contains("guessing_open") && !v.value("over", false)) {
    if (v.value("guessed_this_turn", false))
      head.push_back("guessed: now a card");
    else if (v.value("guessing_open", false))
      head.push_back("guessing open");
    else
      head.push_back("no guessing while a chain is one card from its target");
  }
  return head;
}

}  // namespace

std::string trick_text(const json& trick, int seats, const Viewer& viewer, bool house) {
  int leader = int_or(trick.value("leader", json()), 0);
  // Against the house, the house plays as the seat after the last one.
  const int slots = seats + (house ? 1 : 0);
  auto label = [&](Seat s) { return house && s == seats ? "house" : viewer.seat_label(s); };
  std::string out;
  const json& cards = trick.contains("cards") ? trick["cards"] : json::array();
  for (std::size_t i = 0; i < cards.size(); ++i) {
    Seat s = trick_seat(trick, leader, static_cast<int>(i), slots);
    if (!out.empty()) out += "  ";
    out += label(s) + " " + viewer.card_code(cards[i].get<std::string>());
  }
  if (trick.contains("winner") && trick["winner"].is_number_integer())
    out += (viewer.style.unicode ? "  → " : "  -> ") + label(trick["winner"].get<int>());
  return out;
}

void show_last_trick(const json& v, int seats, const Viewer& viewer) {
  json trick;
  if (v.contains("tricks") && v["tricks"].is_array() && !v["tricks"].empty()) {
    trick = v["tricks"].back();
    std::cout << "Last trick (" << v["tricks"].size() << "): ";
  } else if (v.contains("last_round") && v["last_round"].is_object() &&
             v["last_round"].contains("tricks") && v["last_round"]["tricks"].is_array() &&
             !v["last_round"]["tricks"].empty()) {
    trick = v["last_round"]["tricks"].back();
    std::cout << "Last trick (" << v["last_round"]["tricks"].size() << " of round "
              << int_or(v["last_round"].value("round", json()), 0) << "): ";
  } else {
    std::cout << "No trick has been completed yet.\n";
    return;
  }
  std::cout << trick_text(trick, seats, viewer, has_house(v)) << "\n";
}

void show_table(const json& v, const AnyState& state, const Teams& teams, const Viewer& viewer) {
  const TerminalStyle& style = viewer.style;
  const int n = state.num_seats();
  const char* sep = style.unicode ? " · " : " - ";
  std::cout << "\n";
  // Header: round, hand size, trump, anti-trump, exchange, stake; Tadmur's guessing.
  std::vector<std::string> head = header_items(v, viewer);
  if (!head.empty()) {
    std::string line;
    for (const auto& h : head) line += (line.empty() ? "" : sep) + h;
    std::cout << line << "\n";
  }
  // What is happening and who must act, in the game's words (the view's "status").
  const bool declared = v.contains("layout") && v["layout"].is_array();
  if (v.contains("status") && v["status"].is_string() && !v["status"].get<std::string>().empty()) {
    std::string status = people_text(v["status"].get<std::string>(), viewer);
    status[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(status[0])));
    std::cout << paint(status, Paint::kBold, style) << "\n";
  }
  // An auction of calls in order ("auction": [{"seat", "call"}], the bridge family).
  if (v.contains("auction") && v["auction"].is_array() && !v["auction"].empty()) {
    // The last calls only, so that a long auction keeps to one line.
    constexpr std::size_t kShown = 10;
    const json& calls = v["auction"];
    std::string line = "Auction:";
    if (calls.size() > kShown) line += style.unicode ? "  …" : "  ...";
    for (std::size_t i = calls.size() > kShown ? calls.size() - kShown : 0; i < calls.size(); ++i) {
      const json& call = calls[i];
      const std::string text = call.value("call", std::string());
      line += "  " + viewer.seat_label(int_or(call.value("seat", json()), 0)) + " " +
              (style.unicode ? text : ascii_symbols(text));
    }
    std::cout << line << "\n";
  }

  // One row per seat.
  const bool has_bids = v.contains("bids") && v["bids"].is_array();
  const bool has_won = v.contains("tricks_won") && v["tricks_won"].is_array();
  const json trick = v.contains("trick") && v["trick"].is_object() ? v["trick"] : json();
  const bool has_trick = trick.is_object();
  // Against the house ("house"), the house has a row after the seats and plays as seat n.
  const bool house = has_house(v);
  const int slots = n + (house ? 1 : 0);
  std::vector<std::string> trick_cards(slots);
  int leader = -1;
  if (has_trick) {
    leader = int_or(trick.value("leader", json()), 0);
    const json& cards = trick.contains("cards") ? trick["cards"] : json::array();
    for (std::size_t i = 0; i < cards.size(); ++i)
      trick_cards[trick_seat(trick, leader, static_cast<int>(i), slots)] =
          viewer.card_code(cards[i].get<std::string>());
  }
  SeatSet to_act;
  if (v.contains("to_act") && v["to_act"].is_array())
    for (const auto& s : v["to_act"])
      if (s.is_number_integer() && s.get<int>() >= 0 && s.get<int>() < 32) to_act.add(s.get<int>());
  int dealer = int_or(v.value("dealer", json()), -1);
  // A board of chains (Tadmur) replaces the score columns with each seat's cards and chain.
  const bool chains = has_chains(v) && !declared;
  // A seat's bid: the game's own call where it gives "calls" and the call is a word ("pass",
  // "board"), else the number.
  auto bid_cell = [&](Seat s) {
    if (v.contains("calls") && v["calls"].is_array() && s < static_cast<int>(v["calls"].size()) &&
        v["calls"][s].is_string()) {
      std::string call = v["calls"][s].get<std::string>();
      if (!call.starts_with("bid ")) return call;  // "bid 3" shows as 3, like other games' bids
    }
    const json& b = s < static_cast<int>(v["bids"].size()) ? v["bids"][s] : json();
    std::string bid = b.is_number_integer() ? std::to_string(b.get<int>()) : "-";
    if (!b.is_number_integer() && v.contains("bid_made") && v["bid_made"].is_array() &&
        v["bid_made"][s].is_boolean() && v["bid_made"][s].get<bool>())
      bid = "?";
    return bid;
  };
  int bid_width = 4;
  if (has_bids)
    for (Seat s = 0; s < n; ++s) bid_width = std::max(bid_width, display_width(bid_cell(s)) + 1);
  std::string header = "  " + pad_right("Seat", 14);
  if (has_bids) header += pad_left("Bid", bid_width);
  if (has_won) header += pad_left("Won", 5);
  // Games without tricks show how many cards each seat holds (Tadmur's race to empty a hand).
  const bool cards_column =
      !has_won && declared && v.contains("hand_sizes") && v["hand_sizes"].is_array();
  if (cards_column) header += pad_left("Cards", 6);
  if (chains)
    header += pad_left("Cards", 5) + "   Chain: [starter] cards, empty spaces, [target]";
  else
    header += pad_left("Score", 7);
  if (teams.count > 0) header += pad_left("Team", 6);
  if (has_trick) {
    int tricks_done =
        v.contains("tricks") && v["tricks"].is_array() ? static_cast<int>(v["tricks"].size()) : 0;
    header += "   Trick " + std::to_string(tricks_done + 1);
  }
  std::cout << paint(header, Paint::kDim, style) << "\n";
  for (Seat s = 0; s < n; ++s) {
    std::string mark = to_act.contains(s) && state.mode() == ActorMode::kTurn
                           ? (style.unicode ? "▶ " : "> ")
                           : "  ";
    std::string name = viewer.seat_label(s);
    if (s == viewer.seat) name += " you";
    if (s == dealer) name += " (d)";
    std::string row = mark + pad_right(name, 14);
    if (has_bids) row += pad_left(bid_cell(s), bid_width);
    if (has_won) row += pad_left(std::to_string(int_or(v["tricks_won"][s], 0)), 5);
    if (cards_column) row += pad_left(std::to_string(int_or(v["hand_sizes"][s], 0)), 6);
    if (chains) {
      const int cards = v.contains("hand_sizes") && v["hand_sizes"].is_array()
                            ? int_or(v["hand_sizes"][s], 0)
                            : 0;
      row += pad_left(std::to_string(cards), 5) + "   " + chain_text(v, s, viewer);
    } else {
      int score = v.contains("scores") && v["scores"].is_array() ? int_or(v["scores"][s], 0)
                                                                 : state.score(s);
      if (house && v["house"].contains("sides") && v["house"]["sides"].is_array())
        score = int_or(v["house"]["sides"][0], score);  // the sheet's own total, not the net
      const bool is_out = v.contains("out") && v["out"].is_array() &&
                          std::find(v["out"].begin(), v["out"].end(), json(s)) != v["out"].end();
      row += pad_left(is_out ? std::string("out") : std::to_string(score), 7);
    }
    if (teams.count > 0) row += pad_left("T" + std::to_string(teams.team_of[s] + 1), 6);
    if (has_trick && !trick_cards[s].empty())
      row += "   " + trick_cards[s] + (s == leader ? paint(" led", Paint::kDim, style) : "");
    if (!declared && v.contains("seat_notes") && v["seat_notes"].is_array() &&
        s < static_cast<int>(v["seat_notes"].size()) && v["seat_notes"][s].is_string())
      row += "   " + styled_text(v["seat_notes"][s].get<std::string>(), viewer);
    std::cout << row << "\n";
  }
  if (house) {
    const json& h = v["house"];
    std::string row = "  " + pad_right(h.value("name", std::string("house")), 14);
    if (has_bids) row += pad_left("", bid_width);
    if (has_won) row += pad_left(std::to_string(int_or(h.value("tricks_won", json()), 0)), 5);
    const int score = h.contains("sides") && h["sides"].is_array() && h["sides"].size() > 1
                          ? int_or(h["sides"][1], 0)
                          : int_or(h.value("score", json()), 0);
    row += pad_left(std::to_string(score), 7);
    if (has_trick && !trick_cards[n].empty())
      row += "   " + trick_cards[n] + (leader == n ? paint(" led", Paint::kDim, style) : "");
    std::cout << row << "\n";
  }
  if (teams.count > 0) {
    std::string line = "  Teams:";
    for (int t = 0; t < teams.count; ++t) {
      std::string members;
      for (Seat s = 0; s < n; ++s)
        if (teams.team_of[s] == t) members += (members.empty() ? "" : "+") + seat_name(s);
      line += " T" + std::to_string(t + 1) + " (" + members + ") " +
              std::to_string(state.team_score(t)) + (t + 1 < teams.count ? "," : "");
    }
    std::cout << line << "\n";
  }
  if (v.contains("score_card")) show_score_card(v["score_card"], n, viewer);
  if (declared) {
    // The table the game declares: its zones and facts (core/table_layout.h).
    show_layout(v, viewer);
  } else {
    // Games that are not trick games (Tadmur) keep their board in other view fields: show those.
    if (!has_won && !chains) show_board_fields(v, viewer);
    show_board_lines(v, viewer);
  }
  if (v.contains("hand") && v["hand"].is_array())
    std::cout << paint(viewer.spectator() ? "Hand" : "Your hand", Paint::kBold, style) << "  "
              << hand_line(view_cards(v, "hand", viewer.names), card_order(v), style, viewer.names)
              << "\n";
}

}  // namespace cardroom::cli
