// The terminal's card order (src/cli/terminal.h): hands grouped by suit, trumps first, each suit
// from its highest card down, also in suits whose low cards rank highest.
#include "cli/terminal.h"

#include <gtest/gtest.h>

#include "cli/table_view.h"

namespace cardroom::cli {
namespace {

std::vector<Card> cards(std::initializer_list<const char*> texts) {
  std::vector<Card> out;
  for (const char* t : texts) out.push_back(*parse_card(t));
  return out;
}

std::string line(const std::vector<Card>& sorted, const CardOrder& order) {
  return hand_line(sorted, order, TerminalStyle{});
}

TEST(TerminalCards, HandsAreGroupedBySuitTrumpsFirstAceHigh) {
  CardOrder order;
  order.trump = kClubs;
  const auto hand = cards({"6H", "AS", "KC", "AH", "7C", "TD"});
  EXPECT_EQ(line(sort_for_display(hand, order), order), "KC 7C   AS   AH 6H   TD");
}

TEST(TerminalCards, ReversedSuitsAreShownFromTheirLowCard) {
  nlohmann::json view = {{"trump", "S"}, {"reversed_suits", {"H", "D"}}};
  const CardOrder order = card_order(view);
  EXPECT_EQ(order.reversed_suits, (1u << kHearts) | (1u << kDiamonds));
  const auto hand = cards({"AH", "6H", "KS", "6S", "QD", "7D", "9H"});
  EXPECT_EQ(line(sort_for_display(hand, order), order), "KS 6S   6H 9H AH   7D QD");
  // Bad entries are ignored.
  view["reversed_suits"] = {"X", 3, "C"};
  EXPECT_EQ(card_order(view).reversed_suits, 1u << kClubs);
}

}  // namespace
}  // namespace cardroom::cli
