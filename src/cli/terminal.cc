#include "cli/terminal.h"

#include <cstdlib>

#include <unistd.h>

namespace cardroom::cli {

TerminalStyle detect_style(bool force_ascii) {
  TerminalStyle s;
  bool tty = isatty(STDOUT_FILENO) != 0;
  const char* no_color = std::getenv("NO_COLOR");
  s.color = tty && !force_ascii && !(no_color && *no_color);
  s.unicode = tty && !force_ascii;
  return s;
}

std::string styled_card(Card c, const TerminalStyle& style, CardNames extras) {
  std::string text = card_pretty(c, extras, !style.unicode);
  if (!style.color || !is_standard(c)) return text;
  int suit = suit_of(c);
  bool red = suit == kHearts || suit == kDiamonds;
  return (red ? "\x1b[1;31m" : "\x1b[1m") + text + "\x1b[0m";
}

}  // namespace cardroom::cli
