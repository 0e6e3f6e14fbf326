// Markdown for a terminal: the rules pages (docs/games/<game>.md) as `cardroom rules` prints them.
//
// Handles what the pages use: headings, paragraphs, bullet and numbered lists with their wrapped
// continuation lines, tables, block quotes, fenced code blocks, and inline **bold**, *emphasis*,
// `code` and [links](url). Paragraphs and list items are re-flowed to `width` columns; table
// columns are aligned. With colour, headings and bold are bold and code is cyan; without it (a
// pipe) the text is plain: no escapes, no markup characters, headings underlined.
#pragma once

#include <string>
#include <string_view>

#include "cli/terminal.h"

namespace cardroom::cli {

std::string render_markdown(std::string_view markdown, const TerminalStyle& style, int width);

// The inline markup of one line rendered (no wrapping).
std::string render_inline(std::string_view text, const TerminalStyle& style);

}  // namespace cardroom::cli
