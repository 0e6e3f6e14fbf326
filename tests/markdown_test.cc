// The rules pages rendered for a terminal (cli/markdown.h).
#include "cli/markdown.h"

#include <gtest/gtest.h>

#include "games/all_games.h"

namespace cardroom::cli {
namespace {

const TerminalStyle kPlain{};
const TerminalStyle kColour{.color = true, .unicode = true};

TEST(Markdown, HeadingsAreUnderlinedWithoutMarks) {
  EXPECT_EQ(render_markdown("# Truc\n\n## The rules\n\n### Small\n", kPlain, 80),
            "Truc\n====\n\nThe rules\n---------\n\nSmall\n");
  EXPECT_EQ(render_markdown("## Rules\n", kColour, 80),
            "\x1b[1;36mRules\x1b[0m\n\x1b[2m─────\x1b[0m\n");
}

TEST(Markdown, ParagraphsAreReflowedToTheWidth) {
  EXPECT_EQ(render_markdown("one two three\nfour five six seven\n\nnext", kPlain, 14),
            "one two three\nfour five six\nseven\n\nnext\n");
}

TEST(Markdown, InlineMarkupIsRemovedOrPainted) {
  EXPECT_EQ(render_inline("a **bold** move `play TD`, *truc* and [RULINGS](../RULINGS.md)", kPlain),
            "a bold move play TD, truc and RULINGS (../RULINGS.md)");
  EXPECT_EQ(render_inline("**b** `c`", kColour), "\x1b[1mb\x1b[0m \x1b[36mc\x1b[0m");
  // A lone star is text, as is an escaped one.
  EXPECT_EQ(render_inline("4 * 3 and \\*not\\*", kPlain), "4 * 3 and *not*");
  EXPECT_EQ(render_inline("[anchor](#options)", kPlain), "anchor");
}

TEST(Markdown, ListsKeepTheirMarkersAndHangingIndent) {
  const std::string md =
      "1. **Seats.** one two three four\n"
      "   five six\n"
      "2. Deck.\n"
      "\n"
      "- a bullet\n"
      "  continued\n"
      "  - nested\n";
  EXPECT_EQ(render_markdown(md, kPlain, 24),
            "  1. Seats. one two\n"
            "     three four five six\n"
            "  2. Deck.\n"
            "  - a bullet continued\n"
            "    - nested\n");
  EXPECT_EQ(render_markdown("- x\n", kColour, 24), "  • x\n");
}

TEST(Markdown, TablesAreAligned) {
  const std::string md =
      "| move | meaning |\n"
      "|---|---|\n"
      "| `signal three` | I have a 3 |\n"
      "| `go` | play the hand |\n";
  EXPECT_EQ(render_markdown(md, kPlain, 80),
            "  move          meaning\n"
            "  ------------  -------------\n"
            "  signal three  I have a 3\n"
            "  go            play the hand\n");
}

TEST(Markdown, WideTablesWrapTheirLastColumn) {
  const std::string md =
      "| a | b |\n"
      "|---|---|\n"
      "| x | one two three four five six seven eight nine ten eleven twelve |\n";
  const std::string out = render_markdown(md, kPlain, 30);
  EXPECT_EQ(out,
            "  a  b\n"
            "  -  -------------------------\n"
            "  x  one two three four five\n"
            "     six seven eight nine ten\n"
            "     eleven twelve\n");
  // Within the 30 columns.
  for (std::size_t at = 0, nl; (nl = out.find('\n', at)) != std::string::npos; at = nl + 1)
    EXPECT_LE(nl - at, 30u);
}

TEST(Markdown, CodeBlocksAndQuotesAreIndented) {
  EXPECT_EQ(render_markdown("```\ncardroom play reds\n```\n> note\n> more\n", kPlain, 80),
            "    cardroom play reds\n\n  | note more\n");
}

// Every rules page renders without a Markdown mark left at the start of a line.
TEST(Markdown, EveryRulesPageRendersCleanly) {
  for (const char* game : {"reds", "s48", "back_alley", "truc", "tadmur"}) {
    const std::string_view page = rules_page(game);
    ASSERT_FALSE(page.empty()) << game;
    const std::string out = render_markdown(page, kPlain, 100);
    std::size_t at = 0;
    while (at < out.size()) {
      std::size_t nl = out.find('\n', at);
      std::string_view line(out.data() + at, nl - at);
      EXPECT_FALSE(line.starts_with("#") || line.starts_with("|") || line.starts_with("```"))
          << game << ": " << line;
      EXPECT_EQ(line.find("**"), std::string_view::npos) << game << ": " << line;
      EXPECT_EQ(line.find('`'), std::string_view::npos) << game << ": " << line;
      at = nl + 1;
    }
  }
}

}  // namespace
}  // namespace cardroom::cli
