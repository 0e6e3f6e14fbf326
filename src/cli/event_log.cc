#include "cli/event_log.h"

#include <cctype>
#include <iostream>

namespace cardroom::cli {

std::string TerminalEventStyle::seat(Seat s) const {
  return viewer_.style.color ? viewer_.seat_label(s) : EventStyle::seat(s);
}

std::string TerminalEventStyle::card(Card c, CardNames names) const {
  return styled_card(c, viewer_.style, names);
}

std::string TerminalEventStyle::suit(int s) const {
  // Standing alone in ASCII a suit is written out: "anti-trump is clubs".
  return viewer_.style.unicode ? styled_suit(s, viewer_.style) : std::string(suit_name(s));
}

void print_rule(std::string_view title, const TerminalStyle& style) {
  std::string bar = style.unicode ? "━━" : "==";
  std::string line = bar + " " + std::string(title) + " ";
  std::string fill;
  for (int w = display_width(line); w < 78; ++w) fill += style.unicode ? "━" : "=";
  std::cout << "\n" << paint(line + fill, Paint::kHeading, style) << "\n";
}

std::string EventLog::text(const Event& e) const {
  if (e.kind == EventKind::kRoundStart) {
    // A heading is painted whole: its seats and cards plain.
    std::string title = render_event(e, viewer_.names);
    if (!viewer_.style.unicode) title = ascii_symbols(title);
    if (!title.empty()) title[0] = static_cast<char>(std::toupper(title[0]));
    return title;
  }
  std::string line = render_event(e, viewer_.names, &style_);
  // Symbols a game's template writes itself ("6♦").
  return viewer_.style.unicode ? line : ascii_symbols(line);
}

void EventLog::print(const Event& e) const {
  if (e.kind == EventKind::kRoundStart) {
    print_rule(text(e), viewer_.style);
    return;
  }
  const bool important =
      e.kind == EventKind::kTrick || e.kind == EventKind::kGameOver ||
      (e.kind == EventKind::kTrump && e.label && std::string_view(e.label) == "anti-trump");
  const std::string line = text(e);
  std::cout << (indent_ ? "  " : "")
            << (important ? paint(line, Paint::kBold, viewer_.style) : line) << "\n";
}

}  // namespace cardroom::cli
