// `cardroom play GAME`: one person against computer players, in a terminal or through a pipe.
//
// Generic over every registered game: it uses only the type-erased Session/AnyState API and the
// view JSON. Reds-shaped views (`hand`, `trick`, `bids`, `tricks_won`, `anti_trump`, ...) get a
// richer table; any field a view lacks is simply not shown.
//
// Hidden information: the person at seat S is shown only view(S) and the events visible to S.
// Computer players are players of the registry (bots/registry.h): they see only their seat.
//
// Input (one line per answer): a number from the list, or the move's text (`bid 2`, `give 7C 9S`,
// `play TD`, lower case, `10` for T, suit symbols); when every choice is `<verb> <number>` (bids)
// the numbers shown are the values themselves, so `2` means `bid 2`. Commands: help, hint, last,
// score, table, save, quit. When stdin is not a terminal, no prompt is printed and each decision
// prints a `moves:` line; end of input saves the record like `quit`.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bots/registry.h"
#include "cli/commands.h"
#include "cli/terminal.h"
#include "core/registry.h"
#include "core/session.h"

namespace cardroom::cli {
namespace {

using nlohmann::json;

std::string trim(std::string_view s) {
  std::size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return "";
  std::size_t e = s.find_last_not_of(" \t\r\n");
  return std::string(s.substr(b, e - b + 1));
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string rstrip(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A JSON value as a small integer, or `fallback`.
int int_or(const json& j, int fallback) { return j.is_number_integer() ? j.get<int>() : fallback; }

// A suit field of a view ("D", null): the suit, or kNoSuit.
int suit_field(const json& view, const char* key) {
  if (!view.contains(key) || !view[key].is_string()) return kNoSuit;
  return parse_suit(view[key].get<std::string>());
}

// One legal move as offered to the person: its label (what a bare number picks) and text.
struct Choice {
  int label = 0;
  Move move;
  std::string text;
};

enum class TurnResult { kMoved, kQuit, kEndOfInput };

class TerminalGame {
 public:
  TerminalGame(Session& session, Seat seat, std::string opponents, std::string save_path,
               TerminalStyle style, bool interactive)
      : session_(session),
        seat_(seat),
        opponents_(std::move(opponents)),
        save_path_(std::move(save_path)),
        style_(style),
        interactive_(interactive),
        bot_rng_(session.seed() * 0x9E3779B97F4A7C15ull ^ (session.moves_made() + 0x5EED)),
        hint_rng_(~session.seed() ^ session.moves_made()) {
    names_ = session.game().card_names();
    has_hint_bot_ = false;
    for (const auto& b : session.game().bot_names())
      if (b != "random") {
        hint_bot_ = b;
        has_hint_bot_ = true;
        if (b == "heuristic") break;
      }
  }

  // Plays to the end (or until quit / end of input). Returns false, with `error`, on failure.
  bool run(bool resumed, std::string* error);

 private:
  const AnyState& state() const { return session_.state(); }
  int seats() const { return state().num_seats(); }
  std::string seat_label(Seat s) const;
  std::string game_title() const;

  void print_intro(bool resumed);
  void print_event(const Event& e);
  void flush_events();
  void show_board_fields(const json& v) const;
  void print_rule(std::string_view title);

  TurnResult human_turn();
  std::vector<Choice> choices(const json& view) const;
  std::string choice_text(const Choice& choice, const json& view) const;
  void show_table(const json& view);
  void show_moves(const std::vector<Choice>& list, const json& view);
  std::string prompt_title(const std::vector<Choice>& list, const json& view) const;
  std::optional<Move> resolve(const std::string& line, const std::vector<Choice>& list,
                              std::string* error) const;
  void show_help();
  void show_hint();
  void show_last_trick();
  void show_score_sheet();
  std::string trick_text(const json& trick) const;

  bool bot_turn(std::string* error);
  void finish();
  bool save(std::string* error);
  void print_resume_hint();

  Session& session_;
  Seat seat_;
  std::string opponents_;
  std::string save_path_;
  TerminalStyle style_;
  bool interactive_;
  CardNames names_;
  Rng bot_rng_;
  Rng hint_rng_;
  std::string hint_bot_;
  bool has_hint_bot_ = false;
  std::size_t events_shown_ = 0;
  std::size_t rounds_shown_ = 0;
  bool human_moved_ = false;  // real-time games: the person and the computers take turns
  std::vector<std::unique_ptr<Player>> bots_ = std::vector<std::unique_ptr<Player>>(kMaxSeats);
};

std::string TerminalGame::seat_label(Seat s) const {
  std::string name = seat_name(s);
  if (s == seat_) return paint(name, Paint::kYou, style_);
  return name;
}

std::string TerminalGame::game_title() const {
  const GameEntry* entry = find_game(session_.game().name());
  return entry ? entry->title : std::string(session_.game().name());
}

void TerminalGame::print_rule(std::string_view title) {
  std::string bar = style_.unicode ? "━━" : "==";
  std::string line = bar + " " + std::string(title) + " ";
  int width = display_width(line);
  std::string fill;
  for (int w = width; w < 78; ++w) fill += style_.unicode ? "━" : "=";
  std::cout << "\n" << paint(line + fill, Paint::kHeading, style_) << "\n";
}

void TerminalGame::print_intro(bool resumed) {
  const AnyGame& game = session_.game();
  std::string who;
  for (Seat s = 0; s < seats(); ++s)
    if (s != seat_) who += (who.empty() ? "" : ", ") + seat_name(s);
  std::cout << paint(game_title(), Paint::kBold, style_) << ": " << game.game_string() << "\n";
  std::cout << "You are " << seat_label(seat_) << "; " << who << " are " << opponents_
            << " computer players.\n";
  std::cout << "Seed " << session_.seed();
  if (!resumed)
    std::cout << " (same deal again: cardroom play " << game.name() << " --seed " << session_.seed()
              << " ...)";
  std::cout << ". Type 'help' for commands.\n";
  if (resumed) {
    std::cout << "Resumed after " << session_.moves_made() << " moves, " << session_.rounds().size()
              << " rounds complete.\n";
    // Context: the visible events since the start of the current round.
    const auto& events = session_.events();
    std::size_t from = 0;
    for (std::size_t i = 0; i < events.size(); ++i)
      if (events[i].visible_to_seat(seat_) && events[i].kind == EventKind::kRoundStart) from = i;
    if (!session_.rounds(seat_).empty()) show_score_sheet();
    for (std::size_t i = from; i < events.size(); ++i)
      if (events[i].visible_to_seat(seat_)) print_event(events[i]);
    events_shown_ = events.size();
    rounds_shown_ = session_.rounds(seat_).size();
  }
}

void TerminalGame::print_event(const Event& e) {
  if (e.kind == EventKind::kRoundStart) {
    std::string title = e.text;
    if (!title.empty()) title[0] = static_cast<char>(std::toupper(title[0]));
    print_rule(title);
    return;
  }
  // The person's own seat name stands out.
  std::string text = styled_text(e.text, style_, names_);
  if (style_.color) {
    std::string me = seat_name(seat_);
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
      std::size_t j = text.find(me, i);
      if (j == std::string::npos) {
        out += text.substr(i);
        break;
      }
      bool boundary_before = j == 0 || !std::isalnum(static_cast<unsigned char>(text[j - 1]));
      std::size_t end = j + me.size();
      bool boundary_after =
          end >= text.size() || !std::isalnum(static_cast<unsigned char>(text[end]));
      out += text.substr(i, j - i);
      out += boundary_before && boundary_after ? paint(me, Paint::kYou, style_) : me;
      i = end;
    }
    text = out;
  }
  bool important = e.kind == EventKind::kTrick || e.kind == EventKind::kGameOver ||
                   (e.kind == EventKind::kTrump && e.label && std::string(e.label) == "anti-trump");
  std::cout << (interactive_ || style_.unicode ? "  " : "")
            << (important ? paint(text, Paint::kBold, style_) : text) << "\n";
}

void TerminalGame::flush_events() {
  const auto& events = session_.events();
  const bool new_round = session_.rounds(seat_).size() > rounds_shown_;
  // When a round ends, its results come first, then the score sheet, then the next deal.
  std::size_t split = events.size();
  if (new_round)
    for (std::size_t i = events_shown_; i < events.size(); ++i)
      if (events[i].kind == EventKind::kRoundStart) {
        split = i;
        break;
      }
  for (std::size_t i = events_shown_; i < split; ++i)
    if (events[i].visible_to_seat(seat_)) print_event(events[i]);
  if (new_round) {
    rounds_shown_ = session_.rounds(seat_).size();
    show_score_sheet();
  }
  for (std::size_t i = split; i < events.size(); ++i)
    if (events[i].visible_to_seat(seat_)) print_event(events[i]);
  events_shown_ = events.size();
}

std::vector<Choice> TerminalGame::choices(const json& view) const {
  std::vector<Choice> out;
  for (Move m : state().legal_moves(seat_)) out.push_back({0, m, state().move_text(m)});
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
                                        : parse_card(out[i].text.substr(space + 1), names_);
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

std::string TerminalGame::choice_text(const Choice& choice, const json& view) const {
  // Card lists to pass: shown in hand order, with the cards kept.
  std::size_t space = choice.text.find(' ');
  std::string verb = choice.text.substr(0, space);
  if ((verb == "give" || verb == "pass") && space != std::string::npos) {
    auto cards = parse_cards(choice.text.substr(space + 1), names_);
    if (cards && !cards->empty()) {
      int trump = suit_field(view, "trump"), anti = suit_field(view, "anti_trump");
      auto join = [&](const std::vector<Card>& list) {
        std::string text;
        for (Card c : sort_for_display(list, trump, anti))
          text += (text.empty() ? "" : " ") + styled_card(c, style_, names_);
        return text;
      };
      std::string out = verb + " " + join(*cards);
      std::vector<Card> keep;
      if (view.contains("hand") && view["hand"].is_array())
        for (const auto& h : view["hand"])
          if (auto c = parse_card(h.get<std::string>(), names_))
            if (std::find(cards->begin(), cards->end(), *c) == cards->end()) keep.push_back(*c);
      if (!keep.empty()) out += paint("  keep ", Paint::kDim, style_) + join(keep);
      return out;
    }
  }
  return styled_text(choice.text, style_, names_);
}

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

std::string TerminalGame::trick_text(const json& trick) const {
  const int n = seats();
  int leader = int_or(trick.value("leader", json()), 0);
  std::string out;
  const json& cards = trick.contains("cards") ? trick["cards"] : json::array();
  for (std::size_t i = 0; i < cards.size(); ++i) {
    Seat s = trick_seat(trick, leader, static_cast<int>(i), n);
    if (!out.empty()) out += "  ";
    out += seat_label(s) + " " + styled_text(cards[i].get<std::string>(), style_, names_);
  }
  if (trick.contains("winner") && trick["winner"].is_number_integer())
    out += (style_.unicode ? "  → " : "  -> ") + seat_label(trick["winner"].get<int>());
  return out;
}

void TerminalGame::show_table(const json& v) {
  const int n = seats();
  const char* sep = style_.unicode ? " · " : " - ";
  std::cout << "\n";
  // Header: round, trump, anti-trump, exchange.
  std::vector<std::string> head;
  if (v.contains("round") && v["round"].is_number_integer()) {
    std::string r = "Round " + std::to_string(v["round"].get<int>());
    if (v.value("tie_break", false))
      r += " (tie-break)";
    else if (v.contains("rounds") && v["rounds"].is_number_integer())
      r += " of " + std::to_string(v["rounds"].get<int>());
    head.push_back(paint(r, Paint::kBold, style_));
  }
  int trump = suit_field(v, "trump");
  int anti = suit_field(v, "anti_trump");
  if (trump != kNoSuit) head.push_back("trump " + styled_suit(trump, style_));
  if (v.contains("anti_trump"))
    head.push_back("anti-trump " +
                   (anti == kNoSuit ? std::string("none") : styled_suit(anti, style_)));
  if (v.contains("exchange") && v["exchange"].is_object()) {
    const json& ex = v["exchange"];
    head.push_back("pass " + std::to_string(int_or(ex.value("cards", json()), 0)) + " " +
                   ex.value("direction", std::string()));
  }
  if (!head.empty()) {
    std::string line;
    for (const auto& h : head) line += (line.empty() ? "" : sep) + h;
    std::cout << line << "\n";
  }

  // One row per seat.
  const bool has_bids = v.contains("bids") && v["bids"].is_array();
  const bool has_won = v.contains("tricks_won") && v["tricks_won"].is_array();
  const json trick = v.contains("trick") && v["trick"].is_object() ? v["trick"] : json();
  const bool has_trick = trick.is_object();
  std::vector<std::string> trick_cards(n);
  int leader = -1;
  if (has_trick) {
    leader = int_or(trick.value("leader", json()), 0);
    const json& cards = trick.contains("cards") ? trick["cards"] : json::array();
    for (std::size_t i = 0; i < cards.size(); ++i)
      trick_cards[trick_seat(trick, leader, static_cast<int>(i), n)] =
          styled_text(cards[i].get<std::string>(), style_, names_);
  }
  Teams teams = session_.game().teams();
  SeatSet to_act = state().actors();
  int dealer = int_or(v.value("dealer", json()), -1);
  std::string header = "  " + pad_right("Seat", 14);
  if (has_bids) header += pad_left("Bid", 4);
  if (has_won) header += pad_left("Won", 5);
  header += pad_left("Score", 7);
  if (teams.count > 0) header += pad_left("Team", 6);
  if (has_trick) {
    int tricks_done =
        v.contains("tricks") && v["tricks"].is_array() ? static_cast<int>(v["tricks"].size()) : 0;
    header += "   Trick " + std::to_string(tricks_done + 1);
  }
  std::cout << paint(header, Paint::kDim, style_) << "\n";
  for (Seat s = 0; s < n; ++s) {
    std::string mark = to_act.contains(s) && state().mode() == ActorMode::kTurn
                           ? (style_.unicode ? "▶ " : "> ")
                           : "  ";
    std::string name = seat_label(s);
    if (s == seat_) name += " you";
    if (s == dealer) name += style_.unicode ? " (d)" : " (d)";
    std::string row = mark + pad_right(name, 14);
    if (has_bids) {
      const json& b = v["bids"][s];
      std::string bid = b.is_number_integer() ? std::to_string(b.get<int>()) : "-";
      if (!b.is_number_integer() && v.contains("bid_made") && v["bid_made"].is_array() &&
          v["bid_made"][s].is_boolean() && v["bid_made"][s].get<bool>())
        bid = "?";
      row += pad_left(bid, 4);
    }
    if (has_won) row += pad_left(std::to_string(int_or(v["tricks_won"][s], 0)), 5);
    int score = v.contains("scores") && v["scores"].is_array() ? int_or(v["scores"][s], 0)
                                                               : state().score(s);
    row += pad_left(std::to_string(score), 7);
    if (teams.count > 0) row += pad_left("T" + std::to_string(teams.team_of[s] + 1), 6);
    if (has_trick && !trick_cards[s].empty())
      row += "   " + trick_cards[s] + (s == leader ? paint(" led", Paint::kDim, style_) : "");
    std::cout << row << "\n";
  }
  if (teams.count > 0) {
    std::string line = "  Teams:";
    for (int t = 0; t < teams.count; ++t) {
      std::string members;
      for (Seat s = 0; s < n; ++s)
        if (teams.team_of[s] == t) members += (members.empty() ? "" : "+") + seat_name(s);
      line += " T" + std::to_string(t + 1) + " (" + members + ") " +
              std::to_string(state().team_score(t)) + (t + 1 < teams.count ? "," : "");
    }
    std::cout << line << "\n";
  }
  // Games that are not trick games (Tadmur) keep their board in other view fields: show those.
  if (!has_won) show_board_fields(v);
  if (v.contains("hand") && v["hand"].is_array()) {
    std::vector<Card> hand;
    for (const auto& c : v["hand"])
      if (c.is_string())
        if (auto card = parse_card(c.get<std::string>(), names_)) hand.push_back(*card);
    hand = sort_for_display(hand, trump, anti);
    std::cout << paint("Your hand", Paint::kBold, style_) << "  " << hand_line(hand, style_, names_)
              << "\n";
  }
}

namespace {

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

}  // namespace

void TerminalGame::show_board_fields(const json& v) const {
  static const std::set<std::string> kShownElsewhere = {
      "game",   "seat",  "players", "dealer",  "phase", "hand",   "hand_sizes", "scores",
      "to_act", "legal", "over",    "winners", "trick", "tricks", "last_round", "team_scores"};
  for (const auto& [key, value] : v.items()) {
    if (kShownElsewhere.count(key)) continue;
    std::string name = key;
    for (char& c : name)
      if (c == '_') c = ' ';
    std::cout << "  " << paint(pad_right(name, 18), Paint::kDim, style_) << field_text(value)
              << "\n";
  }
}

std::string TerminalGame::prompt_title(const std::vector<Choice>& list, const json& v) const {
  std::string verb = list.empty() ? "" : list[0].text.substr(0, list[0].text.find(' '));
  bool simultaneous = state().mode() == ActorMode::kSimultaneous;
  if (verb == "bid")
    return simultaneous ? "Your bid (secret, 0-5 tricks)" : "Your bid (how many tricks you take)";
  if (verb == "give" || (verb == "pass" && list[0].text != "pass")) {
    std::string text = "Cards to pass";
    if (v.contains("exchange") && v["exchange"].is_object()) {
      const json& ex = v["exchange"];
      std::string dir = ex.value("direction", std::string());
      int k = int_or(ex.value("cards", json()), 0);
      int n = seats();
      Seat to = dir == "left" ? (seat_ + 1) % n : (seat_ - 1 + n) % n;
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

void TerminalGame::show_moves(const std::vector<Choice>& list, const json& v) {
  if (!interactive_ && !style_.unicode) {
    // Script-friendly: one line.
    std::cout << "moves:";
    for (const auto& c : list) std::cout << "  " << c.label << ") " << c.text;
    std::cout << "\n";
    return;
  }
  std::cout << paint(prompt_title(list, v), Paint::kBold, style_) << "\n";
  std::vector<std::string> cells;
  int width = 0;
  for (const auto& c : list) {
    std::string cell = paint(pad_left(std::to_string(c.label), 2) + ")", Paint::kCyan, style_) +
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

std::optional<Move> TerminalGame::resolve(const std::string& line, const std::vector<Choice>& list,
                                          std::string* error) const {
  if (all_digits(line)) {
    if (line.size() <= 4) {
      int n = std::stoi(line);
      for (const auto& c : list)
        if (c.label == n) return c.move;
    }
    std::string labels;
    if (!list.empty())
      labels = " (" + std::to_string(list.front().label) + " to " +
               std::to_string(list.back().label) + ")";
    *error = "there is no move " + line + " in the list" + labels;
    return std::nullopt;
  }
  std::string why;
  if (auto m = state().parse_move(seat_, line, &why)) return m;
  // A bare card list or value: try it after each verb of the legal moves ("7c 9s" -> "give 7c 9s").
  std::set<std::string> verbs;
  for (const auto& c : list) verbs.insert(c.text.substr(0, c.text.find(' ')));
  for (const auto& verb : verbs) {
    std::string ignored;
    if (auto m = state().parse_move(seat_, verb + " " + line, &ignored)) return m;
  }
  *error = why;
  return std::nullopt;
}

void TerminalGame::show_help() {
  std::vector<Choice> list = choices(state().view(seat_));
  std::string example = list.empty() ? "" : list.back().text;
  std::cout << "Answer with the number of a move in the list, or the move itself";
  if (!example.empty()) std::cout << " (e.g. '" << lower(example) << "')";
  std::cout << ".\n"
               "  Cards are written like AS KH TD 9C: lower case, 10 for T and suit symbols\n"
               "  work too, and a move's word may be left out ('td' = 'play td', '7c 9s' =\n"
               "  'give 7c 9s'). When the choices are numbers (bids), the number is the value.\n"
               "Commands:\n"
               "  hint         what the computer would do in your place\n"
               "  last         the last completed trick\n"
               "  score        the score sheet\n"
               "  table        show the table and your moves again\n"
               "  save         save the game record and keep playing\n"
               "  quit         save the game record and stop (resume later with --resume)\n"
               "  help, ?      this help\n";
}

void TerminalGame::show_hint() {
  if (!has_hint_bot_) {
    std::cout << "No hint: this game has no computer player but random.\n";
    return;
  }
  auto m = SeatAccess(state(), seat_).game_player_move(hint_bot_, hint_rng_);
  if (!m) {
    std::cout << "No hint right now.\n";
    return;
  }
  std::string text = state().move_text(*m);
  std::string label;
  for (const auto& c : choices(state().view(seat_)))
    if (c.move == *m) label = " (" + std::to_string(c.label) + ")";
  std::cout << "Hint: " << paint(styled_text(text, style_, names_), Paint::kYellow, style_) << label
            << "\n";
}

void TerminalGame::show_last_trick() {
  json v = state().view(seat_);
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
  std::cout << trick_text(trick) << "\n";
}

void TerminalGame::show_score_sheet() {
  constexpr int kMissing = std::numeric_limits<int>::min();  // points may be negative (S48)
  const int n = seats();
  const auto& rounds = session_.rounds(seat_);
  Teams teams = session_.game().teams();
  std::cout << "\n"
            << paint("Score sheet", Paint::kBold, style_)
            << paint("  (each seat: bid/won points total)", Paint::kDim, style_) << "\n";
  const int cell = n >= 6 ? 13 : 14;
  std::string header = "  " + pad_right("Rnd", 5);
  for (Seat s = 0; s < n; ++s)
    header += pad_right(seat_label(s) + (s == seat_ ? " you" : ""), cell);
  for (int t = 0; t < teams.count; ++t) header += pad_left("T" + std::to_string(t + 1), 6);
  std::cout << rstrip(header) << "\n";
  std::vector<int> totals(n, 0), team_totals(teams.count, 0);
  for (const auto& r : rounds) {
    std::string row = "  " + pad_right(std::to_string(int_or(r.value("round", json()), 0)), 5);
    // Some team games score per team: `points` then has one entry per team (Back Alley), or the
    // round has `team_points` beside per-seat `points` (Truc).
    auto sized_for_teams = [&](const char* key) {
      return teams.count > 0 && r.contains(key) && r[key].is_array() &&
             static_cast<int>(r[key].size()) == teams.count;
    };
    const bool team_points = teams.count != n && sized_for_teams("points");
    const char* team_key = sized_for_teams("team_points") ? "team_points"
                           : team_points                  ? "points"
                                                          : nullptr;
    for (int t = 0; t < teams.count; ++t)
      if (team_key) team_totals[t] += int_or(r[team_key][t], 0);
    for (Seat s = 0; s < n; ++s) {
      auto at = [&](const char* key) {
        return r.contains(key) && r[key].is_array() && static_cast<int>(r[key].size()) > s
                   ? int_or(r[key][s], kMissing)
                   : kMissing;
      };
      int bid = at("bids"), won = at("tricks_won"), points = team_points ? kMissing : at("points");
      if (points != kMissing) totals[s] += points;
      std::string c = bid >= 0 && won >= 0 ? std::to_string(bid) + "/" + std::to_string(won)
                                           : std::string("   ");
      std::string pts = points == kMissing ? "-"
                        : points >= 0      ? "+" + std::to_string(points)
                                           : std::to_string(points);
      std::string made = bid >= 0 && bid == won ? paint(pad_left(pts, 3), Paint::kGreen, style_)
                                                : pad_left(pts, 3);
      row += team_points ? pad_right(pad_right(c, 3), cell)
                         : pad_right(pad_right(c, 3) + " " + made + " " +
                                         pad_left(std::to_string(totals[s]), 4),
                                     cell);
    }
    for (int t = 0; t < teams.count; ++t) {
      int sum = team_totals[t];
      if (!team_key)
        for (Seat s = 0; s < n; ++s)
          if (teams.team_of[s] == t) sum += totals[s];
      row += pad_left(std::to_string(sum), 6);
    }
    std::cout << rstrip(row) << "\n";
  }
  std::string row = "  " + pad_right("Total", 5);
  for (Seat s = 0; s < n; ++s)
    row += pad_right(pad_left(std::to_string(state().score(s)), 12), cell);
  for (int t = 0; t < teams.count; ++t) row += pad_left(std::to_string(state().team_score(t)), 6);
  std::cout << paint(rstrip(row), Paint::kBold, style_) << "\n";
}

TurnResult TerminalGame::human_turn() {
  json view = state().view(seat_);
  std::vector<Choice> list = choices(view);
  show_table(view);
  show_moves(list, view);
  for (;;) {
    if (interactive_) std::cout << paint(style_.unicode ? "▸ " : "> ", Paint::kCyan, style_);
    std::cout << std::flush;
    std::string raw;
    if (!std::getline(std::cin, raw)) {
      if (interactive_) std::cout << "\n";
      return TurnResult::kEndOfInput;
    }
    std::string line = trim(raw);
    if (line.empty()) continue;
    std::string cmd = lower(line);
    if (cmd == "?" || cmd == "help" || cmd == "h") {
      show_help();
      continue;
    }
    if (cmd == "hint") {
      show_hint();
      continue;
    }
    if (cmd == "last") {
      show_last_trick();
      continue;
    }
    if (cmd == "score" || cmd == "scores") {
      show_score_sheet();
      continue;
    }
    if (cmd == "table" || cmd == "look" || cmd == "moves") {
      show_table(view);
      show_moves(list, view);
      continue;
    }
    if (cmd == "save") {
      std::string error;
      if (save(&error))
        std::cout << "Saved to " << save_path_ << "\n";
      else
        std::cout << paint("error: " + error, Paint::kError, style_) << "\n";
      continue;
    }
    if (cmd == "quit" || cmd == "exit" || cmd == "q") return TurnResult::kQuit;
    std::string error;
    auto move = resolve(line, list, &error);
    if (move && session_.play(seat_, *move, &error)) return TurnResult::kMoved;
    std::cout << paint("error: " + error, Paint::kError, style_) << "\n";
    if (!interactive_ && !style_.unicode)
      show_moves(list, view);
    else
      std::cout << "Type a number from the list, a move, or 'help'.\n";
  }
}

bool TerminalGame::bot_turn(std::string* error) {
  SeatSet actors = state().actors();
  std::vector<Seat> bots;
  for (Seat s : actors.to_vector())
    if (s != seat_) bots.push_back(s);
  if (state().mode() != ActorMode::kRealTime && !bots.empty()) bots.resize(1);
  for (Seat s : bots) {
    if (!state().actors().contains(s)) continue;
    if (!bots_[s]) {
      std::string why;
      bots_[s] = load_player(opponents_, session_.game(), &why);
      if (!bots_[s]) {
        *error = why;
        return false;
      }
    }
    Decision d = bots_[s]->decide(SeatAccess(state(), s), bot_rng_);
    std::string why;
    if (!session_.play(s, d.move, &why)) {
      *error = "computer player at " + seat_name(s) + " could not move: " + why;
      return false;
    }
    if (state().mode() == ActorMode::kTurn && interactive_ && style_.unicode) {
      flush_events();
      std::this_thread::sleep_for(std::chrono::milliseconds(350));
    }
  }
  return true;
}

void TerminalGame::finish() {
  const int n = seats();
  Teams teams = session_.game().teams();
  SeatSet winners = state().winners();
  print_rule("Game over");
  std::cout << paint("Final standings", Paint::kBold, style_) << "\n";
  if (teams.count > 0) {
    std::vector<int> order(teams.count);
    for (int t = 0; t < teams.count; ++t) order[t] = t;
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return state().team_score(a) > state().team_score(b); });
    for (std::size_t i = 0; i < order.size(); ++i) {
      int t = order[i];
      std::string members;
      bool won = false;
      for (Seat s = 0; s < n; ++s)
        if (teams.team_of[s] == t) {
          members += (members.empty() ? "" : "+") + seat_label(s);
          won |= winners.contains(s);
        }
      std::cout << "  " << i + 1 << ". T" << t + 1 << " " << pad_right(members, 8)
                << pad_left(std::to_string(state().team_score(t)), 5)
                << (won ? paint("  winner", Paint::kYellow, style_) : "") << "\n";
    }
  } else {
    std::vector<Seat> order(n);
    for (Seat s = 0; s < n; ++s) order[s] = s;
    std::stable_sort(order.begin(), order.end(),
                     [&](Seat a, Seat b) { return state().score(a) > state().score(b); });
    for (std::size_t i = 0; i < order.size(); ++i) {
      Seat s = order[i];
      std::cout << "  " << i + 1 << ". " << pad_right(seat_label(s) + (s == seat_ ? " you" : ""), 8)
                << pad_left(std::to_string(state().score(s)), 5)
                << (winners.contains(s) ? paint("  winner", Paint::kYellow, style_) : "") << "\n";
    }
  }
  std::string names;
  for (Seat s : winners.to_vector())
    names += (names.empty() ? "" : teams.count > 0 ? "+" : " ") + seat_name(s);
  if (teams.count > 0 && winners.contains(seat_))
    std::cout << paint("Your team wins!", Paint::kYou, style_) << " (" << names << ")\n";
  else if (winners.contains(seat_))
    std::cout << paint(winners.size() > 1 ? "You share the win!" : "You win!", Paint::kYou, style_)
              << " (winners: " << names << ")\n";
  else
    std::cout << (teams.count > 0      ? "Winning team: "
                  : winners.size() > 1 ? "Winners: "
                                       : "Winner: ")
              << names << "\n";
}

bool TerminalGame::save(std::string* error) { return session_.save(save_path_, error); }

void TerminalGame::print_resume_hint() {
  std::cout << "Resume with: cardroom play " << session_.game().name() << " --resume "
            << save_path_;
  if (seat_ != 0) std::cout << " --seat " << seat_;
  std::cout << "\n";
}

bool TerminalGame::run(bool resumed, std::string* error) {
  print_intro(resumed);
  for (;;) {
    flush_events();
    if (state().over()) {
      finish();
      if (!save(error)) return false;
      std::cout << "Game record saved to " << save_path_ << "\n";
      return true;
    }
    SeatSet actors = state().actors();
    bool realtime = state().mode() == ActorMode::kRealTime;
    bool bots_waiting = false;
    for (Seat s : actors.to_vector()) bots_waiting |= s != seat_;
    if (actors.contains(seat_) && !(realtime && human_moved_ && bots_waiting)) {
      TurnResult r = human_turn();
      if (r != TurnResult::kMoved) {
        flush_events();
        if (!save(error)) return false;
        std::cout << (r == TurnResult::kQuit ? "Game saved to " : "End of input: game saved to ")
                  << save_path_ << "\n";
        print_resume_hint();
        return true;
      }
      human_moved_ = true;
      continue;
    }
    human_moved_ = false;
    if (!bot_turn(error)) return false;
  }
}

}  // namespace

void add_play_command(CLI::App& app, Context& ctx) {
  auto* cmd = app.add_subcommand("play", "Play a game in the terminal against computer players");
  static std::string game_name;
  static std::vector<std::string> option_words;
  static int players = 0;
  static int seat = 0;
  static std::uint64_t seed = 0;
  static std::string opponents = "heuristic";
  static std::string resume;
  static std::string save;
  static bool ascii = false;
  cmd->add_option("game", game_name, "registry name, e.g. reds (optional with --resume)");
  cmd->add_option("options", option_words, "game options as key=value, e.g. partnership=true");
  cmd->add_option("--players", players, "number of players (the game's 'players' option)");
  cmd->add_option("--seat", seat, "your seat, 0 first (default 0)");
  auto* seed_opt = cmd->add_option("--seed", seed, "match seed (default: random, printed)");
  cmd->add_option("--opponents", opponents, "computer players: heuristic or random");
  cmd->add_option("--resume", resume, "continue a saved game record");
  cmd->add_option("--save", save, "where to save the record (default cardroom-<game>-<seed>.json)");
  cmd->add_flag("--ascii", ascii, "plain ASCII: no colour, no suit symbols");
  cmd->footer(
      "In the game: a number from the list or a move ('bid 2', 'give 7C 9S', 'play TD');\n"
      "help, hint, last, score, table, save, quit. With stdin not a terminal, one move per line;\n"
      "end of input saves the record.");
  cmd->callback([&ctx, seed_opt] {
    std::string error;
    std::unique_ptr<Session> session;
    bool resumed = !resume.empty();
    if (resumed) {
      if (!option_words.empty() || players > 0)
        return fail(ctx, "game options come from the record; do not give them with --resume");
      if (seed_opt->count() > 0) return fail(ctx, "--seed comes from the record with --resume");
      session = Session::from_record_file(resume, &error);
      if (!session) return fail(ctx, resume + ": " + error);
      if (!game_name.empty() && game_name != session->game().name())
        return fail(ctx, resume + " is a game of " + std::string(session->game().name()) +
                             ", not " + game_name);
    } else {
      if (game_name.empty()) return fail(ctx, "which game? (see 'cardroom list')");
      if (!find_game(game_name))
        return fail(ctx, "unknown game '" + game_name + "' (see 'cardroom list')");
      std::vector<std::pair<std::string, std::string>> options;
      if (!split_options(option_words, &options, &error)) return fail(ctx, error);
      if (players > 0) options.emplace_back("players", std::to_string(players));
      auto game = load_game(game_name, options, &error);
      if (!game) return fail(ctx, error);
      std::uint64_t match_seed = seed;
      if (seed_opt->count() == 0) {
        std::random_device rd;
        match_seed = (static_cast<std::uint64_t>(rd()) << 32 | rd()) % 1000000000000ull;
      }
      session = Session::create(std::move(game), match_seed, -1, {}, &error);
      if (!session) return fail(ctx, error);
    }
    const int n = session->state().num_seats();
    if (seat < 0 || seat >= n)
      return fail(ctx, "--seat " + std::to_string(seat) + ": this table has seats 0.." +
                           std::to_string(n - 1));
    if (!load_player(opponents, session->game(), &error))
      return fail(ctx, "--opponents " + opponents + ": " + error);
    std::string path = save.empty() ? "cardroom-" + std::string(session->game().name()) + "-" +
                                          std::to_string(session->seed()) + ".json"
                                    : save;
    TerminalStyle style = detect_style(ascii);
    TerminalGame game(*session, seat, opponents, path, style, stdin_is_terminal());
    if (!game.run(resumed, &error)) fail(ctx, error);
  });
}

}  // namespace cardroom::cli
