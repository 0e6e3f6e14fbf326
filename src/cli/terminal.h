// Terminal helpers for `cardroom play`: colour detection and card formatting.
#pragma once

#include <string>

#include "core/cards.h"

namespace cardroom::cli {

struct TerminalStyle {
  bool color = false;    // ANSI colours (only on a terminal, never with NO_COLOR)
  bool unicode = false;  // suit symbols ♠♥♦♣ (ASCII letters otherwise)
};

// Colour and symbols when stdout is a terminal and NO_COLOR is unset; plain ASCII otherwise.
TerminalStyle detect_style(bool force_ascii);

std::string styled_card(Card c, const TerminalStyle& style, CardNames extras = {});

}  // namespace cardroom::cli
