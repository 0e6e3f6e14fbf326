// Terminal helpers for `cardroom play`: colour detection, card formatting, text layout.
//
// Everything here degrades to plain ASCII when `TerminalStyle` says so (stdout not a terminal,
// `--ascii`, or NO_COLOR for colour), so piped output stays script-friendly.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/cards.h"
#include "core/seats.h"

namespace cardroom::cli {

struct TerminalStyle {
  bool color = false;    // ANSI colours (only on a terminal, never with NO_COLOR)
  bool unicode = false;  // suit symbols ♠♥♦♣ and box drawing (ASCII letters otherwise)
};

// Colour and symbols when stdout is a terminal and NO_COLOR is unset; plain ASCII otherwise.
TerminalStyle detect_style(bool force_ascii);

// True when standard input is a terminal (a person typing, not a script).
bool stdin_is_terminal();
bool stderr_is_terminal();

std::string styled_card(Card c, const TerminalStyle& style, CardNames extras = {});

// ANSI "select graphic rendition" wrappers; the text is returned unchanged without colour.
enum class Paint { kBold, kDim, kRed, kGreen, kYellow, kCyan, kHeading, kYou, kError };
std::string paint(std::string_view text, Paint how, const TerminalStyle& style);

// A suit as a symbol ("♦", coloured) or, in ASCII, its letter ("D").
std::string styled_suit(int suit, const TerminalStyle& style);
// "spades", "hearts", "diamonds", "clubs".
std::string_view suit_name(int suit);

// Free text from a game (events, move texts) made pretty: card codes such as "TD" become styled
// cards, suit symbols are coloured. In ASCII mode suit symbols become letters ("T♦" -> "TD") or,
// standing alone, names ("anti-trump is ♣" -> "anti-trump is clubs").
std::string styled_text(std::string_view text, const TerminalStyle& style, CardNames extras = {});

// Suit symbols written as letters ("T♦" -> "TD", "♣" -> "C"): for text a game wrote with symbols,
// shown in ASCII. Nothing else changes.
std::string ascii_symbols(std::string_view text);

// `text` without the blanks (spaces, tabs, CR, LF) at either end.
std::string_view trim_blanks(std::string_view text);

// Columns a string takes on screen: ANSI escapes are ignored, each UTF-8 code point counts one.
int display_width(std::string_view text);
// How a person runs this binary again: "cardroom" when that name on $PATH is this binary, else
// its path (relative to the working folder when inside it: "build/cardroom"), shell-quoted.
std::string command_path();
// The columns of the terminal on stdout; through a pipe, $COLUMNS when set, else 0 (unknown).
int output_columns();
// Text cut to `width` columns, its end marked ("…" or "."), when it is wider; text with terminal
// styling is returned whole (cutting it could split an escape).
std::string cut_to(std::string_view text, int width, bool unicode);
std::string pad_right(std::string_view text, int width);
std::string pad_left(std::string_view text, int width);

// How a game wants cards shown, from its view: grouped by suit, the trump suit first, then the
// other suits alternating colours (S H C D), the anti-trump suit last, high to low within a suit
// (the default); or, when the view gives "rank_order" (a string of rank letters, first shown
// first: Truc's "32AKQJ7654"), by rank in that order, suits not grouped.
struct CardOrder {
  int trump = kNoSuit;
  int anti_trump = kNoSuit;
  std::string ranks;  // empty: by suit
  // One bit per suit whose cards rank upward, the low card highest (Red Rover's red suits): shown
  // low card first, so that a suit always reads from its highest card down.
  unsigned reversed_suits = 0;
  // Cards shown before every suit, as a group of their own (the view's "top_cards": Red Rover's
  // 6♦, the highest trump whatever the trump suit).
  CardSet first;
  bool by_rank() const { return !ranks.empty(); }
};

// Cards in display order (see CardOrder); extra cards (ids >= 52) come last. The sort is stable.
std::vector<Card> sort_for_display(std::vector<Card> cards, const CardOrder& order);

// A hand in display order on one line, its groups (suits, or ranks when shown by rank) separated
// by a wider gap: "A♦ Q♦ 7♦   K♠ 4♠   9♣", "3♣  A♠ A♥  K♦".
std::string hand_line(const std::vector<Card>& sorted, const CardOrder& order,
                      const TerminalStyle& style, CardNames extras = {});

// Who is looking at the table and how the terminal draws: the person's seat (kSpectator when
// watching), the style and the game's card names. Every renderer of `play` takes one.
struct Viewer {
  Seat seat = kSpectator;
  TerminalStyle style;
  CardNames names;

  bool spectator() const { return seat < 0; }
  // "S2", painted when it is the person's own seat.
  std::string seat_label(Seat s) const;
  // A card or a card code from a view ("TD"), styled.
  std::string card(Card c) const { return styled_card(c, style, names); }
  std::string card_code(std::string_view code) const;
};

}  // namespace cardroom::cli
