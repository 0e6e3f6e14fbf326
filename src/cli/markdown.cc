#include "cli/markdown.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace cardroom::cli {
namespace {

int indent_of(std::string_view line) {
  int n = 0;
  while (n < static_cast<int>(line.size()) && line[n] == ' ') ++n;
  return n;
}

bool blank(std::string_view line) { return trim_blanks(line).empty(); }

bool is_fence(std::string_view line) { return trim_blanks(line).starts_with("```"); }

bool is_table_row(std::string_view line) { return trim_blanks(line).starts_with("|"); }

bool is_quote(std::string_view line) { return trim_blanks(line).starts_with(">"); }

// "# Title" -> level 1; 0 when the line is not a heading.
int heading_level(std::string_view line) {
  std::string_view t = trim_blanks(line);
  int level = 0;
  while (level < static_cast<int>(t.size()) && t[level] == '#') ++level;
  if (level == 0 || level > 6 || level >= static_cast<int>(t.size()) || t[level] != ' ') return 0;
  return level;
}

// A list item: "- text", "* text", "12. text". Sets the marker and where the text starts.
bool list_item(std::string_view line, std::string* marker, std::size_t* text_at) {
  std::size_t i = static_cast<std::size_t>(indent_of(line));
  if (i >= line.size()) return false;
  std::size_t j = i;
  if (line[j] == '-' || line[j] == '*' || line[j] == '+') {
    ++j;
  } else {
    while (j < line.size() && std::isdigit(static_cast<unsigned char>(line[j]))) ++j;
    if (j == i || j - i > 3 || j >= line.size() || (line[j] != '.' && line[j] != ')')) return false;
    ++j;
  }
  if (j >= line.size() || line[j] != ' ') return false;
  *marker = std::string(line.substr(i, j - i));
  *text_at = j + 1;
  return true;
}

bool starts_block(std::string_view line) {
  std::string marker;
  std::size_t at = 0;
  return blank(line) || is_fence(line) || is_table_row(line) || is_quote(line) ||
         heading_level(line) > 0 || list_item(line, &marker, &at);
}

// Words of already rendered text laid out in lines of `width` columns: the first line after
// `first`, the others after `rest` (both of the same display width, usually).
std::string wrap(std::string_view text, const std::string& first, const std::string& rest,
                 int width) {
  std::string out = first;
  int column = display_width(first);
  bool line_empty = true;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    if (i >= text.size()) break;
    std::size_t j = text.find(' ', i);
    if (j == std::string_view::npos) j = text.size();
    std::string_view word = text.substr(i, j - i);
    const int w = display_width(word);
    if (!line_empty && column + 1 + w > width) {
      out += "\n" + rest;
      column = display_width(rest);
      line_empty = true;
    }
    if (!line_empty) {
      out += ' ';
      ++column;
    }
    out += word;
    column += w;
    line_empty = false;
    i = j;
  }
  return out + "\n";
}

std::vector<std::string> split_cells(std::string_view row) {
  std::string_view t = trim_blanks(row);
  if (t.starts_with("|")) t.remove_prefix(1);
  if (t.ends_with("|")) t.remove_suffix(1);
  std::vector<std::string> cells;
  std::string cell;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '\\' && i + 1 < t.size() && t[i + 1] == '|') {
      cell += '|';
      ++i;
    } else if (t[i] == '|') {
      cells.emplace_back(trim_blanks(cell));
      cell.clear();
    } else {
      cell += t[i];
    }
  }
  cells.emplace_back(trim_blanks(cell));
  return cells;
}

bool separator_row(const std::vector<std::string>& cells) {
  for (const auto& c : cells)
    if (c.empty() || c.find_first_not_of("-: ") != std::string::npos) return false;
  return true;
}

std::string repeat(const char* piece, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += piece;
  return out;
}

std::string render_table(const std::vector<std::string_view>& rows, const TerminalStyle& style,
                         int width) {
  std::vector<std::vector<std::string>> cells;
  int header_rows = 0;
  for (auto row : rows) {
    auto c = split_cells(row);
    if (separator_row(c)) {
      if (header_rows == 0) header_rows = static_cast<int>(cells.size());
      continue;
    }
    for (auto& cell : c) cell = render_inline(cell, style);
    cells.push_back(std::move(c));
  }
  std::size_t columns = 0;
  for (const auto& r : cells) columns = std::max(columns, r.size());
  for (auto& r : cells) r.resize(columns);
  std::vector<int> widths(columns, 0);
  for (const auto& r : cells)
    for (std::size_t c = 0; c < columns; ++c) widths[c] = std::max(widths[c], display_width(r[c]));
  // The last column wraps when the table is wider than the screen (it is the prose one).
  const std::string indent = "  ", gap = "  ";
  int before_last = static_cast<int>(indent.size());
  for (std::size_t c = 0; c + 1 < columns; ++c) before_last += widths[c] + 2;
  if (columns > 0 && before_last + widths.back() > width)
    widths.back() = std::max(20, width - before_last);
  std::string out;
  const bool unicode = style.unicode;
  for (std::size_t r = 0; r < cells.size(); ++r) {
    const bool header = static_cast<int>(r) < header_rows;
    std::string line = indent;
    for (std::size_t c = 0; c + 1 < columns; ++c) {
      std::string cell = header ? paint(cells[r][c], Paint::kBold, style) : cells[r][c];
      line += pad_right(cell, widths[c]) + gap;
    }
    if (columns > 0) {
      std::string last = header ? paint(cells[r].back(), Paint::kBold, style) : cells[r].back();
      const std::string pad(before_last, ' ');
      line += wrap(last, pad, pad, before_last + widths.back()).substr(pad.size());
    } else {
      line += "\n";
    }
    // Trailing spaces of short rows go.
    std::size_t end = line.find_last_not_of(" \n");
    out += line.substr(0, end + 1) + "\n";
    if (header && static_cast<int>(r) + 1 == header_rows) {
      std::string rule = indent;
      for (std::size_t c = 0; c < columns; ++c)
        rule += repeat(unicode ? "─" : "-", widths[c]) + (c + 1 < columns ? gap : "");
      out += paint(rule, Paint::kDim, style) + "\n";
    }
  }
  return out;
}

}  // namespace

std::string render_inline(std::string_view text, const TerminalStyle& style) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '\\' && i + 1 < text.size() && std::ispunct(static_cast<unsigned char>(text[i + 1]))) {
      out += text[i + 1];
      i += 2;
      continue;
    }
    if (c == '`') {
      std::size_t close = text.find('`', i + 1);
      if (close != std::string_view::npos) {
        out += paint(text.substr(i + 1, close - i - 1), Paint::kCyan, style);
        i = close + 1;
        continue;
      }
    }
    if (c == '*' && text.substr(i).starts_with("**")) {
      std::size_t close = text.find("**", i + 2);
      if (close != std::string_view::npos && close > i + 2) {
        out += paint(render_inline(text.substr(i + 2, close - i - 2), style), Paint::kBold, style);
        i = close + 2;
        continue;
      }
    }
    if (c == '*' && i + 1 < text.size() && text[i + 1] != ' ') {
      std::size_t close = text.find('*', i + 1);
      if (close != std::string_view::npos && text[close - 1] != ' ') {
        out +=
            paint(render_inline(text.substr(i + 1, close - i - 1), style), Paint::kYellow, style);
        i = close + 1;
        continue;
      }
    }
    if (c == '[') {
      std::size_t close = text.find("](", i + 1);
      std::size_t end = close == std::string_view::npos ? close : text.find(')', close + 2);
      if (end != std::string_view::npos) {
        out += render_inline(text.substr(i + 1, close - i - 1), style);
        std::string_view url = text.substr(close + 2, end - close - 2);
        if (!url.starts_with("#")) out += " (" + std::string(url) + ")";
        i = end + 1;
        continue;
      }
    }
    out += c;
    ++i;
  }
  return out;
}

std::string render_markdown(std::string_view markdown, const TerminalStyle& style, int width) {
  std::vector<std::string_view> lines;
  for (std::size_t at = 0; at <= markdown.size();) {
    std::size_t nl = markdown.find('\n', at);
    if (nl == std::string_view::npos) nl = markdown.size();
    lines.push_back(markdown.substr(at, nl - at));
    at = nl + 1;
  }
  while (!lines.empty() && blank(lines.back())) lines.pop_back();

  std::string out;
  bool need_gap = false;  // a blank line before the next block
  auto gap = [&] {
    if (need_gap) out += "\n";
    need_gap = true;
  };
  const bool unicode = style.unicode;
  for (std::size_t i = 0; i < lines.size();) {
    std::string_view line = lines[i];
    if (blank(line)) {
      ++i;
      continue;
    }
    if (is_fence(line)) {
      gap();
      for (++i; i < lines.size() && !is_fence(lines[i]); ++i)
        out += paint("    " + std::string(lines[i]), Paint::kCyan, style) + "\n";
      ++i;  // the closing fence
      continue;
    }
    if (int level = heading_level(line)) {
      gap();
      std::string text = render_inline(trim_blanks(trim_blanks(line).substr(level)), style);
      if (level == 1) {
        out += paint(text, Paint::kHeading, style) + "\n";
        out += paint(repeat(unicode ? "═" : "=", display_width(text)), Paint::kDim, style) + "\n";
      } else if (level == 2) {
        out += paint(text, Paint::kHeading, style) + "\n";
        out += paint(repeat(unicode ? "─" : "-", display_width(text)), Paint::kDim, style) + "\n";
      } else {
        out += paint(text, Paint::kBold, style) + "\n";
      }
      ++i;
      continue;
    }
    if (is_table_row(line)) {
      gap();
      std::vector<std::string_view> rows;
      while (i < lines.size() && is_table_row(lines[i])) rows.push_back(lines[i++]);
      out += render_table(rows, style, width);
      continue;
    }
    if (is_quote(line)) {
      gap();
      std::string text;
      while (i < lines.size() && is_quote(lines[i])) {
        std::string_view t = trim_blanks(lines[i++]).substr(1);
        text += (text.empty() ? "" : " ") + std::string(trim_blanks(t));
      }
      const std::string bar = unicode ? "  │ " : "  | ";
      out += wrap(render_inline(text, style), bar, bar, width);
      continue;
    }
    std::string marker;
    std::size_t text_at = 0;
    if (list_item(line, &marker, &text_at)) {
      gap();
      // Consecutive items form one list, without blank lines between them.
      while (i < lines.size() && list_item(lines[i], &marker, &text_at)) {
        const int depth = indent_of(lines[i]);
        std::string text(trim_blanks(lines[i].substr(text_at)));
        // Continuation lines: indented deeper than the marker, not a new block.
        for (++i; i < lines.size() && !starts_block(lines[i]) && indent_of(lines[i]) > depth; ++i)
          text += " " + std::string(trim_blanks(lines[i]));
        const bool bullet = marker == "-" || marker == "*" || marker == "+";
        const std::string shown = bullet ? (unicode ? "•" : "-") : marker;
        const std::string first = std::string(2 + depth, ' ') + shown + " ";
        out +=
            wrap(render_inline(text, style), first, std::string(display_width(first), ' '), width);
        // A blank line inside a list ends it only if the next line is not an item.
        if (i + 1 < lines.size() && blank(lines[i]) && list_item(lines[i + 1], &marker, &text_at))
          ++i;
      }
      continue;
    }
    // A paragraph: lines up to the next blank line or block.
    gap();
    std::string text(trim_blanks(line));
    for (++i; i < lines.size() && !starts_block(lines[i]); ++i)
      text += " " + std::string(trim_blanks(lines[i]));
    out += wrap(render_inline(text, style), "", "", width);
  }
  return out;
}

}  // namespace cardroom::cli
