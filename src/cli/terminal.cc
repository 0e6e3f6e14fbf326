#include "cli/terminal.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>

namespace cardroom::cli {
namespace {

constexpr std::string_view kRankChars = "23456789TJQKA";
constexpr std::string_view kSuitLetters = "SHDC";
constexpr std::array<std::string_view, 4> kSymbols = {"♠", "♥", "♦", "♣"};

bool red_suit(int suit) { return suit == kHearts || suit == kDiamonds; }

// The suit whose symbol starts `text` at `pos`, or kNoSuit.
int symbol_at(std::string_view text, std::size_t pos) {
  for (int s = 0; s < kSuits; ++s)
    if (text.substr(pos, kSymbols[s].size()) == kSymbols[s]) return s;
  return kNoSuit;
}

// A card written as a rank letter and a suit letter or symbol ("TD", "T♦"): its id, or kNoCard.
Card card_token(std::string_view token) {
  if (token.size() < 2 || kRankChars.find(token[0]) == std::string_view::npos) return kNoCard;
  int rank = static_cast<int>(kRankChars.find(token[0]));
  std::string_view rest = token.substr(1);
  int suit = kNoSuit;
  if (rest.size() == 1 && kSuitLetters.find(rest[0]) != std::string_view::npos) {
    suit = static_cast<int>(kSuitLetters.find(rest[0]));
  } else {
    int s = symbol_at(rest, 0);
    if (s != kNoSuit && rest.size() == kSymbols[s].size()) suit = s;
  }
  return suit == kNoSuit ? kNoCard : make_card(suit, rank);
}

bool is_punct(char c) {
  return c == '(' || c == ')' || c == '[' || c == ']' || c == ',' || c == ':' || c == ';' ||
         c == '.' || c == '!' || c == '?';
}

std::string styled_token(std::string_view token, const TerminalStyle& style) {
  std::size_t b = 0, e = token.size();
  while (b < e && is_punct(token[b])) ++b;
  while (e > b && is_punct(token[e - 1])) --e;
  std::string_view core = token.substr(b, e - b);
  std::string out(token.substr(0, b));
  if (Card c = card_token(core); c != kNoCard) {
    out += styled_card(c, style);
  } else if (int s = symbol_at(core, 0); s != kNoSuit && core.size() == kSymbols[s].size()) {
    out += style.unicode ? styled_suit(s, style) : std::string(suit_name(s));
  } else if (!style.unicode) {
    // Symbols inside other words: letters.
    for (std::size_t i = 0; i < core.size();) {
      int sym = symbol_at(core, i);
      if (sym != kNoSuit) {
        out += kSuitLetters[sym];
        i += kSymbols[sym].size();
      } else {
        out += core[i++];
      }
    }
  } else {
    out += core;
  }
  out += token.substr(e);
  return out;
}

}  // namespace

TerminalStyle detect_style(bool force_ascii) {
  TerminalStyle s;
  bool tty = isatty(STDOUT_FILENO) != 0;
  const char* no_color = std::getenv("NO_COLOR");
  s.color = tty && !force_ascii && !(no_color && *no_color);
  s.unicode = tty && !force_ascii;
  return s;
}

std::string command_path() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "cardroom";
  if (const char* path = std::getenv("PATH")) {
    std::string_view dirs = path;
    while (!dirs.empty()) {
      const std::size_t colon = dirs.find(':');
      const std::filesystem::path candidate =
          std::filesystem::path(std::string(dirs.substr(0, colon))) / "cardroom";
      if (std::filesystem::equivalent(candidate, self, ec)) return "cardroom";
      if (colon == std::string_view::npos) break;
      dirs.remove_prefix(colon + 1);
    }
  }
  std::string shown = self.string();
  const std::filesystem::path relative =
      std::filesystem::proximate(self, std::filesystem::current_path(ec), ec);
  if (!ec && !relative.empty() && !relative.string().starts_with("..")) shown = relative.string();
  if (shown.find_first_of(" '\"$`\\") == std::string::npos) return shown;
  std::string quoted = "'";
  for (char c : shown) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

int output_columns() {
  winsize ws{};
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
    return ws.ws_col;
  if (const char* env = std::getenv("COLUMNS")) {
    const int columns = std::atoi(env);
    if (columns > 0) return columns;
  }
  return 0;
}

std::string cut_to(std::string_view text, int width, bool unicode) {
  if (display_width(text) <= width || text.find('\x1b') != std::string_view::npos || width < 2)
    return std::string(text);
  std::string out;
  int w = 0;
  for (std::size_t i = 0; i < text.size();) {
    // One UTF-8 character: its lead byte says how many bytes it takes.
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const std::size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (w + 1 > width - 1) break;
    out.append(text.substr(i, len));
    ++w;
    i += len;
  }
  return out + (unicode ? "…" : ".");
}

bool stdin_is_terminal() { return isatty(STDIN_FILENO) != 0; }
bool stderr_is_terminal() { return isatty(STDERR_FILENO) != 0; }

std::string styled_card(Card c, const TerminalStyle& style, CardNames extras) {
  std::string text = card_pretty(c, extras, !style.unicode);
  if (!style.color || !is_standard(c)) return text;
  return (red_suit(suit_of(c)) ? "\x1b[1;31m" : "\x1b[1m") + text + "\x1b[0m";
}

std::string paint(std::string_view text, Paint how, const TerminalStyle& style) {
  if (!style.color) return std::string(text);
  const char* sgr = "";
  switch (how) {
    case Paint::kBold:
      sgr = "1";
      break;
    case Paint::kDim:
      sgr = "2";
      break;
    case Paint::kRed:
      sgr = "31";
      break;
    case Paint::kGreen:
      sgr = "32";
      break;
    case Paint::kYellow:
      sgr = "33";
      break;
    case Paint::kCyan:
      sgr = "36";
      break;
    case Paint::kHeading:
      sgr = "1;36";
      break;
    case Paint::kYou:
      sgr = "1;32";
      break;
    case Paint::kError:
      sgr = "1;31";
      break;
  }
  return "\x1b[" + std::string(sgr) + "m" + std::string(text) + "\x1b[0m";
}

std::string styled_suit(int suit, const TerminalStyle& style) {
  if (suit < 0 || suit >= kSuits) return "-";
  if (!style.unicode) return std::string(1, kSuitLetters[suit]);
  std::string text(kSymbols[suit]);
  if (!style.color) return text;
  return (red_suit(suit) ? "\x1b[1;31m" : "\x1b[1m") + text + "\x1b[0m";
}

std::string_view suit_name(int suit) {
  static constexpr std::array<std::string_view, 4> kNames = {"spades", "hearts", "diamonds",
                                                             "clubs"};
  return suit >= 0 && suit < kSuits ? kNames[suit] : "none";
}

std::string styled_text(std::string_view text, const TerminalStyle& style, CardNames extras) {
  (void)extras;
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ') {
      out += ' ';
      ++i;
      continue;
    }
    std::size_t j = text.find(' ', i);
    if (j == std::string_view::npos) j = text.size();
    out += styled_token(text.substr(i, j - i), style);
    i = j;
  }
  return out;
}

std::string ascii_symbols(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const int s = symbol_at(text, i);
    if (s == kNoSuit) {
      out += text[i++];
    } else {
      out += kSuitLetters[s];
      i += kSymbols[s].size();
    }
  }
  return out;
}

std::string Viewer::seat_label(Seat s) const {
  std::string name = "S" + std::to_string(s);
  return s == seat ? paint(name, Paint::kYou, style) : name;
}

std::string Viewer::card_code(std::string_view code) const {
  auto c = parse_card(code, names);
  return c ? card(*c) : std::string(code);
}

std::string_view trim_blanks(std::string_view text) {
  const std::size_t b = text.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  return text.substr(b, text.find_last_not_of(" \t\r\n") - b + 1);
}

int display_width(std::string_view text) {
  int width = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == 0x1b) {  // CSI ... final byte
      while (i < text.size() && !(text[i] >= '@' && text[i] <= '~' && text[i] != '[')) ++i;
      continue;
    }
    if ((c & 0xC0) != 0x80) ++width;  // not a UTF-8 continuation byte
  }
  return width;
}

std::string pad_right(std::string_view text, int width) {
  std::string out(text);
  for (int w = display_width(text); w < width; ++w) out += ' ';
  return out;
}

std::string pad_left(std::string_view text, int width) {
  int w = display_width(text);
  return std::string(w < width ? width - w : 0, ' ') + std::string(text);
}

namespace {

// The place of a card's rank in `ranks` (rank letters), or ranks.size() if it is not there.
int rank_place(Card c, std::string_view ranks) {
  const std::size_t at = ranks.find(rank_char(rank_of(c)));
  return at == std::string_view::npos ? static_cast<int>(ranks.size()) : static_cast<int>(at);
}

}  // namespace

std::vector<Card> sort_for_display(std::vector<Card> cards, const CardOrder& order) {
  static constexpr std::array<int, 4> kAlternating = {kSpades, kHearts, kClubs, kDiamonds};
  std::array<int, 4> suit_place{};
  int next = 0;
  if (order.trump >= 0 && order.trump < kSuits) suit_place[order.trump] = next++;
  for (int s : kAlternating)
    if (s != order.trump && s != order.anti_trump) suit_place[s] = next++;
  if (order.anti_trump >= 0 && order.anti_trump < kSuits && order.anti_trump != order.trump)
    suit_place[order.anti_trump] = next++;
  auto key = [&](Card c) -> int {
    if (!is_standard(c)) return 10000 + c;
    if (order.first.contains(c)) return -1000 + c;
    if (order.by_rank()) return rank_place(c, order.ranks) * 10 + suit_place[suit_of(c)];
    const bool upward = (order.reversed_suits >> suit_of(c)) & 1u;
    return suit_place[suit_of(c)] * 100 + (upward ? rank_of(c) : kRanks - rank_of(c));
  };
  std::stable_sort(cards.begin(), cards.end(), [&](Card a, Card b) { return key(a) < key(b); });
  return cards;
}

std::string hand_line(const std::vector<Card>& sorted, const CardOrder& order,
                      const TerminalStyle& style, CardNames extras) {
  // The group of a card: its suit, or its rank when shown by rank; extra cards form their own.
  auto group = [&](Card c) {
    if (!is_standard(c)) return 100;
    if (order.first.contains(c)) return 200;
    return order.by_rank() ? rank_of(c) : suit_of(c);
  };
  const char* gap = order.by_rank() ? "  " : "   ";
  std::string out;
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    if (i > 0) out += group(sorted[i]) != group(sorted[i - 1]) ? gap : " ";
    out += styled_card(sorted[i], style, extras);
  }
  return out;
}

}  // namespace cardroom::cli
